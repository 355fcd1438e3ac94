//===- StreamLiteAttrs.h - stream_lite attributes ---------------*- C++ -*-===//

#ifndef STREAMLITE_IR_STREAMLITEATTRS_H
#define STREAMLITE_IR_STREAMLITEATTRS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "StreamLite/IR/StreamLiteTypes.h"

namespace layoutopt::stream_lite {

/// What the bytes of a layout that hold no element contain (docs/language.md).
enum class PadContract {
  /// Every byte holds an element (identity).
  NoPadding,
  /// Pad bytes are undefined and never observed (padding layouts).
  Undefined,
  /// Pad bytes are zero and read by kernels (tiled layouts).
  Zero,
};

/// One dim of a layout's byte image (see getPhysicalDims).
struct PhysicalDim {
  /// The logical dim whose index this physical dim advances.
  int64_t logicalDim;
  /// Logical elements per step (a tile size for outer dims of tiled dims).
  int64_t stride;
  /// Number of steps, pads included.
  int64_t extent;

  bool operator==(const PhysicalDim &other) const {
    return logicalDim == other.logicalDim && stride == other.stride &&
           extent == other.extent;
  }
};

/// How an element occupies storage: `bits` per element slot. Packed
/// sub-byte integers (`i2`, `i4`, any signedness) have 2 or 4 bits and share
/// bytes (slot s holds bits [s*bits, (s+1)*bits) of the storage, bit 0 the
/// least significant bit of byte 0); every other type has a whole number of
/// bytes (`i1` and other odd widths round up). Zero bits: no storage size.
/// Layout math takes this (not a byte count) so that no caller can forget
/// packing; build one with `ElementWidth::of(type)`.
struct ElementWidth {
  int64_t bits = 0;

  explicit ElementWidth(int64_t bits) : bits(bits) {}
  static ElementWidth of(mlir::Type type);
  static ElementWidth ofBytes(int64_t bytes) { return ElementWidth(8 * bytes); }

  bool hasStorage() const { return bits > 0; }
  /// Whether several elements share a byte (2 or 4 bits).
  bool isPacked() const { return bits > 0 && bits < 8; }
  /// Whole bytes per element (packed types: 0).
  int64_t bytes() const { return isPacked() ? 0 : bits / 8; }
  /// Element slots per byte (whole-byte types: 1).
  int64_t slotsPerByte() const { return isPacked() ? 8 / bits : 1; }
  bool operator==(const ElementWidth &o) const { return bits == o.bits; }
};

class PhysicalLayoutAttrInterface;

} // namespace layoutopt::stream_lite

#include "StreamLite/IR/StreamLiteAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "StreamLite/IR/StreamLiteAttrs.h.inc"

namespace layoutopt::stream_lite {

/// Bytes one element of `type` occupies: bit width rounded up to whole bytes
/// (`i1` is one byte); complex types hold two; index is 8 bytes.
/// Returns 0 for types with no storage size.
int64_t getElementByteWidth(mlir::Type type);

/// Whether `type` is a packed sub-byte integer (`i2`, `i4`, `si4`, `ui2`...).
bool isPackedSubByteType(mlir::Type type);

/// The type a scalar of `type` is loaded and stored as in memory: an integer
/// narrower than its byte width (`i1`) as the integer of that width, any
/// other type as itself. The one element-storage rule, with
/// getElementByteWidth.
mlir::Type getElementStorageType(mlir::Type type);

/// The encoding of `type` as a serializable encoding, or null when `type`
/// has no encoding or one this project does not recognize.
SerializableEncodingAttrInterface getSerializableEncoding(mlir::RankedTensorType type);

/// The physical layout of `type`: `identity` for no encoding, the layout of a
/// serialized physical encoding, the common layout of a `layout<[...]>` whose
/// entries are physically equal. Null otherwise (unserialized, testing,
/// unknown, or entries that differ).
PhysicalLayoutAttrInterface getPhysicalLayout(mlir::RankedTensorType type);

/// All dims of `type` as fold results: static dims as index attributes, the
/// dynamic ones taken in order from `dynamicDims`.
llvm::SmallVector<mlir::OpFoldResult>
getMixedDims(mlir::Builder &builder, mlir::RankedTensorType type,
             mlir::ValueRange dynamicDims);

/// Checks that every storage size `type` can have is at most INT64_MAX
/// bytes: the dense size, and the size under each physical layout its
/// encoding names, with each dynamic dim taken as 1 (its smallest non-empty
/// value). Emits "storage size of <type> exceeds ..." on failure.
/// Precondition: the encoding fits the type (verifyEncodingForType).
llvm::LogicalResult
verifyStorageSizeFits(mlir::RankedTensorType type,
                      llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Builds an i1 that is true when a storage size of `type` with
/// `dynamicDims` (non-negative) overflows INT64_MAX at run time (the
/// run-time form of verifyStorageSizeFits); null when it provably does not.
mlir::Value buildStorageSizeOverflow(mlir::OpBuilder &builder,
                                     mlir::Location loc,
                                     mlir::RankedTensorType type,
                                     mlir::ValueRange dynamicDims);

/// A number the element slot of `indices` in `layout` (dims `dims`) is
/// provably a multiple of for every value of the dynamic dims and indices
/// (0: the slot is 0). Packed types use it to prove a slot starts a byte.
int64_t getKnownElementSlotDivisor(PhysicalLayoutAttrInterface layout,
                                   llvm::ArrayRef<mlir::OpFoldResult> dims,
                                   llvm::ArrayRef<mlir::OpFoldResult> indices);

/// Calls `fn(firstSlot, count)` for each maximal run of consecutive element
/// slots of `layout`'s image of `shape` (static) that hold elements, in
/// slot order; the slots between runs are pads. Walks the physical dims
/// (getPhysicalDims) a run at a time, not an element at a time: whole-tensor
/// byte masks (the run-time padding check) need it at memory speed.
void forEachElementSlotRun(
    PhysicalLayoutAttrInterface layout, llvm::ArrayRef<int64_t> shape,
    llvm::function_ref<void(int64_t firstSlot, int64_t count)> fn);

/// Whether `layout`, what a resolver returned, is one layout that a
/// resolved type can carry: serialized, and not a list (`layout<[...]>`).
/// Resolvers may come from other dialects, so their answers are checked.
bool isResolvedLayout(mlir::Attribute layout);

/// Whether two physical layouts give the same byte image for every shape.
bool arePhysicallyEqual(PhysicalLayoutAttrInterface a,
                        PhysicalLayoutAttrInterface b);

/// Whether bytes written in layout `source` hold a valid tensor of layout
/// `target` with elements of `width`: the layouts are physically equal and,
/// for packed elements, a zero tail that `target` promises (the last byte's
/// bits after the last slot) is not taken from an undefined one. Tiles of 1
/// are physically equal to plain rows but promise that tail.
bool areBytesInterchangeable(PhysicalLayoutAttrInterface source,
                             PhysicalLayoutAttrInterface target,
                             ElementWidth width);

/// Checks `type`'s encoding against its shape and element type (rank of
/// padding lists, tiled dims in range, ...). Unrecognized encodings pass.
llvm::LogicalResult
verifyEncodingForType(mlir::RankedTensorType type,
                      llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_IR_STREAMLITEATTRS_H
