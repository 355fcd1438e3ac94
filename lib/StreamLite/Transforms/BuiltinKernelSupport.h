//===- BuiltinKernelSupport.h - pieces of the builtin kernels ---*- C++ -*-===//
//
// Private to the Builtin*.cpp files of the kernels: a kernel's view of one
// tensor binding, element loads and stores through the layout, the order in
// which a byte image is walked (BuiltinPhysicalOrder.cpp), and the region
// transfer (copy or fill) every kernel kind is built from.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_BUILTINKERNELSUPPORT_H
#define STREAMLITE_TRANSFORMS_BUILTINKERNELSUPPORT_H

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

namespace layoutopt::stream_lite::detail {

/// One tensor operand of a kernel: its byte buffer, layout and logical dims.
struct KernelTensor {
  mlir::RankedTensorType type;
  PhysicalLayoutAttrInterface layout;
  int64_t elementBytes = 0;
  ElementWidth width{0};
  mlir::Type storageType;
  mlir::Value buffer;
  llvm::SmallVector<mlir::OpFoldResult> dims;
};

/// `buffer` (bytes) seen as a tensor of `type` with logical `dims`; `type`
/// must have a physical layout (getPhysicalLayout).
KernelTensor makeKernelTensor(mlir::Value buffer, mlir::RankedTensorType type,
                              llvm::ArrayRef<mlir::OpFoldResult> dims);

/// Whether kernels can load and store elements of `elementType` (and, when
/// narrower than their bytes, convert them to and from their storage).
bool isStorableElementType(mlir::Type elementType);

/// Zeroes the storage of `tensor` when its layout keeps padding zero
/// (tiled) and the storage has padding (what a kernel creating it does
/// before writing its elements).
void zeroPaddingIfRequired(mlir::OpBuilder &builder, mlir::Location loc,
                           const KernelTensor &tensor);

/// The element at logical `indices` (packed elements: their bits).
mlir::Value loadElement(mlir::OpBuilder &builder, mlir::Location loc,
                        const KernelTensor &tensor,
                        llvm::ArrayRef<mlir::OpFoldResult> indices);

/// Stores `value` (of the element or the storage type) at logical element
/// `indices` (packed elements: a read-modify-write of their byte).
void storeElement(mlir::OpBuilder &builder, mlir::Location loc,
                  const KernelTensor &tensor,
                  llvm::ArrayRef<mlir::OpFoldResult> indices,
                  mlir::Value value);

/// One side of a region transfer: a tensor and where the region starts in it.
struct RegionSide {
  const KernelTensor *tensor = nullptr;
  llvm::SmallVector<mlir::OpFoldResult> offsets;
};

/// How a layout's byte image is walked, for any shape: its physical dims in
/// row-major order (logical dim and stride; the extents of a placeholder
/// shape are not used), the tile of each logical dim (1 when untiled), and
/// the innermost run of contiguous elements.
struct PhysicalOrder {
  llvm::SmallVector<PhysicalDim> dims;
  llvm::SmallVector<int64_t> tiles;
  /// The logical dim of the innermost physical dim (-1 for rank 0).
  int64_t runDim = -1;
  /// Elements per contiguous run along runDim (aligned to multiples of it):
  /// its tile, or mlir::ShapedType::kDynamic for the whole dim.
  int64_t runLength = 0;

  bool hasTiles() const {
    return llvm::any_of(tiles, [](int64_t t) { return t > 1; });
  }
};

PhysicalOrder getPhysicalOrder(const KernelTensor &tensor);

/// The offset per logical dim (of `rank`) of the element at row-major
/// position `index` of the block spanned by `dims` (physical dims, their
/// extents and strides), from the block's first element.
llvm::SmallVector<int64_t> logicalOffsets(int64_t index,
                                          llvm::ArrayRef<PhysicalDim> dims,
                                          size_t rank);

/// How a whole tile of a tiled side moves by groups to or from an untiled
/// side: the innermost physical dims of its tile from `firstDim` on are one
/// group of `elements` contiguous elements, drawn from (or spread over)
/// `rows`, runs of the untiled side along its innermost dim.
struct GroupRow {
  /// The run's first element, relative to the group's first (per dim).
  llvm::SmallVector<int64_t> offsets;
  int64_t length = 0;
};
struct GroupPlan {
  size_t firstDim = 0;
  int64_t elements = 0;
  llvm::SmallVector<GroupRow> rows;
  /// For each group element: its lane in the rows laid end to end.
  llvm::SmallVector<int64_t> lanes;
};

/// At most this many bytes of a whole tile move as one group between a
/// tiled side whose tile has no contiguous chunks (a swizzle) and an untiled
/// side: one vector on the tiled side, one per row on the other, joined by
/// a constant shuffle (what a hand-written swizzle does with a 32-byte
/// group; element by element, LLVM made masked scatters of it).
inline constexpr int64_t kMaxGroupBytes = 64;

/// Every index in a kernel is a non-negative position within a tensor (at
/// most one past its last element), hence nuw/nsw on its layout math: LLVM
/// then folds a layout's `(b * T + r) / T` back to `b`, and simplifies the
/// address math of a parallel loop's outlined body, whose bounds it does
/// not see.
inline constexpr mlir::arith::IntegerOverflowFlags kInBoundsIndexFlags =
    mlir::arith::IntegerOverflowFlags::nuw |
    mlir::arith::IntegerOverflowFlags::nsw;

/// At most this many rows of the untiled side per group, so that a group
/// stays a few vector moves (a transposed tile would need one per element).
inline constexpr int64_t kMaxGroupRows = 8;

/// The group plan of `tiled` (whose tile dims start at physical dim
/// `firstTileDim`, `elementBytes` per element, `rank` logical dims) against
/// the untiled `other`, when other's rows are contiguous and each row of a
/// group is one run of it; else none (BuiltinPhysicalOrder.cpp).
std::optional<GroupPlan> planGroupMoves(const PhysicalOrder &tiled,
                                        size_t firstTileDim,
                                        const PhysicalOrder &other,
                                        int64_t elementBytes, size_t rank);

/// How whole tiles with narrow rows (1, 2 or 4 bytes: a tile row of 8x4
/// i4 is 2 bytes, one of 8x1 f32 one element) move between a plain tiled
/// side and an untiled one: `tiles` tiles side by side along `dim` at
/// once, as a transpose of `tileRows` x `tiles` lanes of `laneBytes` (a
/// row of the untiled side is one vector, so is a tile), like a
/// hand-written 8x8 transpose of 2-byte pieces. Row by row, LLVM vectorized the 2-byte moves but each tile row
/// stayed its own store (51-65% of memcpy).
struct RowTransposePlan {
  /// The untiled side's innermost dim, along which tiles sit side by side.
  int64_t dim = 0;
  /// The tile along `dim` (elements per tile row; 1 when the tiled side
  /// does not tile it: each tile row is one element).
  int64_t runTile = 1;
  /// The outer physical dim over `dim`'s tiles (the innermost outer one).
  size_t level = 0;
  /// Tiles a group moves (in all its halves).
  int64_t tiles = 0;
  int64_t tileRows = 0;
  int64_t laneBytes = 0;
  /// 2 when a group is two groups side by side in the 16-byte halves of
  /// 32-byte vectors, every shuffle within a half (groups with at least as
  /// many tiles as tile rows: `i2` and `i4` 8x4); else 1.
  int64_t halves = 1;
  /// Into rows (a tiled source): how many groups of `tiles / groupsPerStore`
  /// tiles are transposed one after another and their rows joined, so that
  /// each row's line is written by one 64-byte store; else 1.
  int64_t groupsPerStore = 1;
  /// Each tile row's first element relative to the tile's, per logical dim.
  llvm::SmallVector<llvm::SmallVector<int64_t>> rowOffsets;
  /// Tile rows of 8, 16 or 32 bytes (not narrow): nothing to transpose.
  /// Each tile row of the group's tiles is read and the pieces joined into
  /// one 64-byte store into the untiled row (tiled source only).
  bool joinRows = false;
  /// With joinRows, for tiles whose rows are not contiguous (a swizzle, or
  /// tile dims in another order): each tile is loaded whole, as vectors of
  /// at most 64 bytes starting at the slots `vectorOffsets` (logical
  /// offsets in the tile), and tile row k's elements, in order along
  /// `dim`, are the slots rowSlots[k] of the tile; else empty.
  llvm::SmallVector<llvm::SmallVector<int64_t>> rowSlots;
  llvm::SmallVector<llvm::SmallVector<int64_t>> vectorOffsets;
  /// The tile's elements per loaded vector (with rowSlots).
  int64_t vectorElements = 0;
};

/// The plan for whole tiles of the tiled `order` side (tile dims from
/// physical dim `firstTileDim` on) against the untiled `other` side, when
/// their rows along other's innermost dim are 1, 2 or 4 bytes (transposed)
/// or 8, 16 or 32 bytes (joined); else none (BuiltinTransposedRows.cpp).
std::optional<RowTransposePlan>
planRowTransposes(const PhysicalOrder &order, size_t firstTileDim,
                  const PhysicalOrder &other, const KernelTensor &dst,
                  const KernelTensor &src, size_t rank);

/// The joinRows plan, from tiles into rows, for whole tiles of `order`
/// whose rows along `other`'s innermost dim are not contiguous but that
/// fit in two 64-byte vectors, tiled along that dim with rows of 8, 16 or
/// 32 bytes (8x4 `f32` swizzled): each tile loaded whole and its rows
/// gathered by shuffles, 64 bytes' worth of tiles at a time; else none
/// (BuiltinTransposedRows.cpp).
std::optional<RowTransposePlan>
planGatheredRowJoins(const PhysicalOrder &order, size_t firstTileDim,
                     const PhysicalOrder &other, const KernelTensor &dst,
                     const KernelTensor &src, size_t rank);

/// Transposes `rows` (M vectors of N lanes each; M and N powers of two)
/// into N vectors of M lanes, as a hand-written transpose does: pairs of
/// row groups are interleaved in units of 1, 2, 4, ... lanes (the unpack
/// network), every shuffle on two N-lane vectors (a 16-byte row: one
/// unpack instruction each; one wide shuffle per interleave made LLVM emit
/// cross-lane permutes, 25% slower from cache). A group of 2^s rows is
/// kept as 2^s vectors of N lanes holding its columns in order, each
/// column's 2^s lanes together. With `adjacentColumns` and M < N, returns
/// those M vectors instead (each N / M columns laid end to end), for
/// columns stored one after another. With `halves` = 2 each row is two
/// rows of N / 2 lanes side by side, transposed apart by shuffles that stay
/// within their half (one 32-byte unpack each on AVX2); M must be N / 2,
/// or less with `adjacentColumns` (each returned vector then holds, per
/// half, that half's columns laid end to end).
llvm::SmallVector<mlir::Value>
transposeLanes(mlir::OpBuilder &builder, mlir::Location loc,
               llvm::ArrayRef<mlir::Value> rows, bool adjacentColumns = false,
               int64_t halves = 1);

/// `parts` (2^k vectors of one type) laid end to end in one vector, by
/// pairwise `vector.shuffle`s (BuiltinTransposedRows.cpp).
mlir::Value concatenateVectors(mlir::OpBuilder &builder, mlir::Location loc,
                               llvm::ArrayRef<mlir::Value> parts);

/// A loop over [lb, ub) whose iterations move `bytesPerIteration` each, as
/// an `scf.parallel` over groups of at least `minTaskBytes`, each an
/// `scf.for`, preceded by what `atGroupStart` builds (scratch buffers of
/// the group, allocas of fixed size); returns the
/// `scf.for`'s induction variable and leaves `builder` in its body
/// (BuiltinParallelLoop.cpp). With `alignIterations` above 1, groups are
/// a multiple of it long and start at multiples of their length (the
/// first one at or before lb), so that every group boundary is a multiple
/// of `alignIterations`; when `aligned` (i1) is false at run time, the
/// loop is one group instead.
mlir::Value buildParallelOuterLoop(mlir::OpBuilder &builder, mlir::Location loc,
                                   mlir::OpFoldResult lb, mlir::OpFoldResult ub,
                                   mlir::OpFoldResult bytesPerIteration,
                                   int64_t minTaskBytes,
                                   llvm::function_ref<void()> atGroupStart,
                                   int64_t alignIterations = 1,
                                   mlir::Value aligned = nullptr);

/// Which vector stores of a region transfer are non-temporal
/// (BuiltinKernelOptions::nonTemporalStoreBytes) and the fences that order
/// them (BuiltinNonTemporalStores.cpp).
class NonTemporalStores {
public:
  /// Decides at `builder`'s insertion point (the kernel's top level) for a
  /// region of `lengths` written into `dst`: when the kernel is built if
  /// its size is known, else by one comparison the stores branch on. With
  /// `wholeLinesOnly`, only storeWholeLine's aligned stores may be
  /// non-temporal.
  NonTemporalStores(mlir::OpBuilder &builder, mlir::Location loc,
                    int64_t thresholdBytes, const KernelTensor &dst,
                    llvm::ArrayRef<mlir::OpFoldResult> lengths,
                    bool wholeLinesOnly = false);

  /// Bytes of a cache line, which storeWholeLine writes whole.
  static constexpr int64_t kLineBytes = 64;

  /// Whether some store may be non-temporal (then fences order them).
  bool mayStoreAny() const { return always || atRunTime; }
  /// Whether stores of 8 bytes or more may be non-temporal.
  bool mayStore() const { return mayStoreAny() && !wholeLinesOnly; }
  /// `buildNonTemporal` when they are, else both under an scf.if on the
  /// run-time choice (`buildOrdinary` in its else branch); a choice built
  /// inside one of those branches takes that branch's side.
  void choose(llvm::function_ref<void()> buildNonTemporal,
              llvm::function_ref<void()> buildOrdinary);
  /// Stores vector `value` at the memref of it that `makeView` builds,
  /// non-temporally (as `choose` says) when it is 8 bytes or more.
  void store(mlir::Value value, llvm::function_ref<mlir::Value()> makeView);
  /// Stores vector `value` of kLineBytes like `store`, except that where
  /// it writes one whole cache line (its address checked at run time) it
  /// is non-temporal also with `wholeLinesOnly`.
  void storeWholeLine(mlir::Value value,
                      llvm::function_ref<mlir::Value()> makeView);
  /// Stores vector `value` at `view` non-temporally, aligned where the
  /// address allows (checked at run time for vectors of 16 bytes or a
  /// multiple of them).
  void storeNonTemporal(mlir::Value value, mlir::Value view);
  /// A seq_cst llvm.fence at the builder (the end of a parallel group,
  /// which may be another thread's task) when stores may be non-temporal.
  void buildFence();
  /// At the kernel's end: one more fence if a store was built that may be
  /// non-temporal, else the group fences are erased.
  void finish();

private:
  /// An scf.if on whether `view`'s address is a multiple of `alignment`
  /// (`memref.extract_aligned_pointer_as_index`, masked), `whenAligned`
  /// building its then branch and `otherwise` its else branch.
  void buildIfAligned(mlir::Value view, int64_t alignment,
                      llvm::function_ref<void()> whenAligned,
                      llvm::function_ref<void()> otherwise);

  mlir::OpBuilder &b;
  mlir::Location loc;
  bool always = false;
  bool wholeLinesOnly = false;
  /// When set (an i1): whether they are, decided at run time.
  mlir::Value atRunTime;
  /// Which branch of a run-time choice is being built, if any.
  enum class Branch { Undecided, NonTemporal, Ordinary };
  Branch inside = Branch::Undecided;
  bool stored = false;
  llvm::SmallVector<mlir::Operation *> fences;
};

/// The side of `tensor` whose region starts at `offsets` (none: at 0).
RegionSide makeSide(mlir::OpBuilder &builder, const KernelTensor &tensor,
                    mlir::ValueRange offsets = {});

/// Copies the region of `lengths` from `src` to `dst`, or, without `src`,
/// stores `fillValue` (of dst's storage type) over it
/// (BuiltinRegionTransfer.cpp), as `options` say.
void buildRegionTransfer(mlir::OpBuilder &builder, mlir::Location loc,
                         const BuiltinKernelOptions &options, RegionSide dst,
                         std::optional<RegionSide> src,
                         mlir::Value fillValue,
                         llvm::ArrayRef<mlir::OpFoldResult> lengths);

} // namespace layoutopt::stream_lite::detail

#endif // STREAMLITE_TRANSFORMS_BUILTINKERNELSUPPORT_H
