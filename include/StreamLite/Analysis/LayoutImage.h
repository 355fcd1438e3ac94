//===- LayoutImage.h - the byte image of a static tensor type ---*- C++ -*-===//
//
// Where every element of a tensor type lives in its storage, computed with
// the physical layout interface (getCheckedStorageSizeInBytes,
// getElementByteOffset, getPhysicalDims): what the Python layout queries
// return and what layout-draw pictures.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_LAYOUTIMAGE_H
#define STREAMLITE_ANALYSIS_LAYOUTIMAGE_H

#include "StreamLite/IR/StreamLiteAttrs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace layoutopt::stream_lite {

/// The most elements (and storage bytes) a layout image is computed for:
/// images are for looking at, not for real tensors.
constexpr int64_t kMaxLayoutImageElements = int64_t(1) << 24;

/// Packed sub-byte elements (`i2`, `i4`) share bytes: the image is kept in
/// element slots (docs/language.md, "Packed sub-byte elements"), slot `s`
/// holding bits [s * elementBits, (s + 1) * elementBits) of the storage.
struct LayoutImage {
  mlir::RankedTensorType type;
  PhysicalLayoutAttrInterface layout;
  /// Bits of one element slot: 2, 4, or 8 times the element's bytes.
  int64_t elementBits = 0;
  /// Whole bytes of one element; 0 for packed elements.
  int64_t elementBytes = 0;
  int64_t storageBytes = 0;
  /// The slot of every element, in row-major logical order.
  llvm::SmallVector<int64_t> slots;
  /// The dims of the byte image (see getPhysicalDims).
  llvm::SmallVector<PhysicalDim> physicalDims;

  bool isPacked() const { return elementBits < 8; }
  /// Slots the storage holds (packed: the tail of the last byte included).
  int64_t getSlotCount() const { return storageBytes * 8 / elementBits; }
  /// Where slot `slot` starts: a byte offset, or a bit offset for packed
  /// elements (the form element_offsets reports).
  int64_t getSlotOffset(int64_t slot) const {
    return isPacked() ? slot * elementBits : slot * elementBytes;
  }
};

/// The storage summary of an image, as layout-draw and the layout queries
/// print it: "256 bytes of storage: 35 elements of 4 bytes, 116 padding
/// bytes" (packed: "... 15 elements of 4 bits, 4 padding bits").
std::string describeStorage(const LayoutImage &image);

/// The byte image of `type`, which must have a static shape, an element
/// type with a storage size (packed `i2`/`i4` included) and a physical
/// layout (no encoding, or a serialized one).
/// Otherwise emits why through `emitError` and fails.
mlir::FailureOr<LayoutImage>
buildLayoutImage(mlir::RankedTensorType type,
                 llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                 int64_t maxElements = kMaxLayoutImageElements);

/// Parses `text` as a ranked tensor type (all of it) in `ctx`, emitting
/// parse errors and "not a ranked tensor type" at an unknown location.
mlir::RankedTensorType parseTensorType(mlir::MLIRContext *ctx,
                                       llvm::StringRef text);

/// What a target makes of a tensor type: the question "which layout does
/// this device give this type" without a program around it.
struct ResolvedLayout {
  /// The type with the resolved layout as its encoding.
  mlir::RankedTensorType type;
  /// The serialized layout (`identity` for a type without encoding).
  mlir::Attribute layout;
  /// The storage size, for a static shape.
  std::optional<int64_t> storageBytes;
};

/// Whether `type` holds an encoding intent a target must resolve.
bool needsLayoutResolution(mlir::RankedTensorType type);

/// Resolves `type` for `target`, a `#stream_lite.target<...>` or an encoding
/// resolver attribute (`#stream_lite.tiling_resolver<...>`), as
/// --stream-lite-specialize-encodings does for one device target. A type
/// that needs no resolution (no encoding, or a serialized one) comes back
/// unchanged, and then `target` may be null. Otherwise emits why through
/// `emitError` and fails.
mlir::FailureOr<ResolvedLayout>
resolveLayout(mlir::RankedTensorType type, mlir::Attribute target,
              llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Parses `text` as an attribute (all of it), emitting parse errors at an
/// unknown location.
mlir::Attribute parseAttributeText(mlir::MLIRContext *ctx,
                                   llvm::StringRef text);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_LAYOUTIMAGE_H
