//===- BuiltinRegionTransfer.h - builtin kernels' region walk -*- C++ -*-===//
//
// Private to the builtin kernels: RegionTransfer, which builds the copy or
// fill of a logical region behind buildRegionTransfer
// (BuiltinKernelSupport.h). The walk and its nests are in
// BuiltinRegionTransfer.cpp, the moves inside a tile (elements, chunks,
// whole and cut tiles) in BuiltinTileMoves.cpp, and the moves of whole
// groups in registers (swizzle groups, transposed narrow tile rows) in
// BuiltinGroupMoves.cpp.
//
// A transfer (copy or fill) of a logical region walks the byte image of one
// tensor, the "order" tensor, in its physical order (a tiled tensor tile by
// tile), so that one side streams and the other advances a few rows at once
// instead of scattering. When the innermost physical dim of every side is the
// same logical dim, the elements along it are contiguous in runs (a tile row,
// or a whole row for identity and padding layouts); chunks of a constant
// number of elements inside such runs move with one memref.copy, a
// constant-size memcpy that LLVM inlines as a few vector moves. Whole tiles
// of the order tensor inside the region take a nest of constant trip counts;
// tiles the region cuts take a per-element nest with clamped bounds. Chunk
// and run start offsets still come from buildElementByteOffset: the layout
// interface only tells (getPhysicalDims) which dims are innermost.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_BUILTINREGIONTRANSFER_H
#define STREAMLITE_TRANSFORMS_BUILTINREGIONTRANSFER_H

#include "BuiltinKernelSupport.h"

#include "StreamLite/IR/IndexArith.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <functional>
#include <optional>
#include <variant>

namespace layoutopt::stream_lite::detail {

using mlir::ArrayRef;
using mlir::Location;
using mlir::OpBuilder;
using mlir::OpFoldResult;
using mlir::SmallVector;
using mlir::SmallVectorImpl;
using mlir::Value;
using mlir::VectorType;

/// Copies the region of `lengths` from `src` to `dst`, or, without `src`,
/// stores `fillValue` (of dst's storage type) over it.
class RegionTransfer {
public:
  RegionTransfer(OpBuilder &builder, Location loc,
                 const BuiltinKernelOptions &options, RegionSide dst,
                 std::optional<RegionSide> src, Value fillValue,
                 ArrayRef<OpFoldResult> lengths)
      : b(builder), loc(loc), math(builder, loc, kInBoundsIndexFlags),
        dst(std::move(dst)), src(std::move(src)), fillValue(fillValue),
        lengths(lengths), parallel(options.parallelOuterLoop),
        minParallelTaskBytes(options.minParallelTaskBytes),
        nonTemporalStoreBytes(options.nonTemporalStoreBytes),
        nonTemporalScatteredStores(options.nonTemporalScatteredStores) {}

  /// Builds the transfer, then the fence its non-temporal stores need.
  void build() {
    buildWalk();
    if (streams)
      streams->finish();
  }

private:
  using Indices = SmallVector<OpFoldResult>;

  void buildWalk();
  /// Whether stores of 8 bytes or more may be non-temporal.
  bool mayStoreNonTemporally() const { return streams && streams->mayStore(); }

  const RegionSide &orderSide() const { return orderIsSrc ? *src : dst; }
  /// The indices in `side` of the element at `orderIndices` of the order
  /// tensor.
  Indices indicesIn(const RegionSide &side, const Indices &orderIndices);
  Value byteOffset(const RegionSide &side, const Indices &indices);
  /// Moves the element at `orderIndices`.
  void moveElement(const Indices &orderIndices);
  /// Moves `chunk` elements from `orderIndices` on along runDim.
  void moveChunk(const Indices &orderIndices, int64_t chunk);
  /// moveChunk's byte copy (packed chunks: when both sides start a byte).
  void moveBytes(const Indices &orderIndices, int64_t chunk);
  /// Copies `bytes` bytes between two i8 buffers: a memref.copy, or one
  /// vector load and non-temporal store (NonTemporalStores).
  void copyBytes(Value from, Value fromOffset, Value to, Value toOffset,
                 int64_t bytes);
  /// Bytes of `chunk` elements.
  int64_t chunkBytes(int64_t chunk) const;
  /// A packed fill value (i8, element in the low bits) in every slot.
  Value replicateToByte(Value value);
  /// A packed element's slot in its byte (index).
  OpFoldResult slotRemainder(const RegionSide &side, const Indices &indices);
  /// Whether the element at `indices` of `side` starts a byte: known
  /// (IndexArith folds the slot's remainder where the walk's loops step by
  /// whole bytes), else an i1.
  std::variant<bool, Value> startsByte(const RegionSide &side,
                                       const Indices &indices);
  /// Adds condition `c` to `conditions`, or sets `never` when it is known
  /// to be false (one known true adds nothing).
  static void requireCondition(SmallVectorImpl<Value> &conditions,
                               bool &never, std::variant<bool, Value> c);
  /// Builds `whenAll` where every one of `conditions` holds and
  /// `otherwise` where one does not: only one of them when that is known
  /// (none left, or `never`: one is false), else an scf.if on all of them.
  void buildIfAll(ArrayRef<Value> conditions, bool never,
                  llvm::function_ref<void()> whenAll,
                  llvm::function_ref<void()> otherwise);
  /// A loop at the builder's insertion point; leaves the builder in its body.
  Value loop(OpFoldResult lb, OpFoldResult ub, int64_t step = 1);
  /// The outermost loop, over `dim` in steps of `extent` elements: parallel
  /// when `parallel` is set.
  Value outerLoop(int64_t dim, int64_t extent, OpFoldResult lb,
                  OpFoldResult ub);
  /// Whether groups of the outer loop whose boundaries are multiples of
  /// parallelAlignment write disjoint bytes of a packed destination (or
  /// may, when groupsAligned, which it sets, says so at run time).
  bool alignedOuterGroups(const PhysicalOrder &dstOrder);
  void buildNest(int64_t chunk);
  void buildUntiledNest(size_t level, Indices indices, int64_t chunk);
  void buildTileNest(size_t level, Indices indices, Indices blocks,
                     int64_t chunk);
  /// buildTileNest's loop over outer physical dim `level` (not a split or
  /// transposed one) from `lb` to `ub`: along a tiled dim the region may
  /// cut, peeled into the tiles it holds whole and its first and last.
  void buildOuterTileLoop(size_t level, const Indices &indices,
                          const Indices &blocks, int64_t chunk,
                          OpFoldResult lb, OpFoldResult ub);
  /// With `joinRows`, tile rows that joinsTileRows allows are joined where
  /// the stores go past the cache.
  void buildWholeTile(size_t level, Indices indices, const Indices &blocks,
                      int64_t chunk, bool joinRows = true);
  /// Whether the chunks of several tile rows of the destination (the
  /// order side, its last two physical dims) make whole lines of it: rows
  /// that divide a line, moved in chunks of 8 bytes or more.
  bool tileRowsJoin(int64_t chunk) const;
  /// Whether buildWholeTile at `level` joins them into whole-line stores:
  /// the rows' level, chunks that line up on both sides or are joined in
  /// registers (selectShiftedChunk), stores that may go past the cache.
  bool joinsTileRows(size_t level, int64_t chunk) const;
  /// Those tile rows, a line's worth at a time.
  void buildJoinedTileRows(size_t level, Indices indices, int64_t chunk);
  /// buildWholeTile for each possible `dynamicShift` (one nest per shift).
  void buildShiftedWholeTiles(size_t level, const Indices &indices,
                              const Indices &blocks, int64_t chunk);
  /// Moves the chunk at `orderIndices` as two pieces split at `shift`
  /// elements before its end (each contiguous on both sides), or whole.
  void moveShiftedChunk(const Indices &orderIndices, int64_t chunk);
  /// The vector a shifted chunk moves as.
  VectorType chunkVectorType(int64_t chunk);
  /// The shifted chunk at `orderIndices` joined from its two pieces in
  /// registers (when nextRunBytes is set).
  Value selectShiftedChunk(const Indices &orderIndices, int64_t chunk);
  void buildCutTile(size_t level, Indices indices, const Indices &blocks);
  /// Moves [begin, end) along runDim from `indices` on (at most
  /// `cutChunk` elements) in constant-size pieces, one per bit of the length.
  void moveCutRun(Indices indices, OpFoldResult begin, OpFoldResult end);
  /// A whole tile of a tiled source without contiguous chunks (a swizzle),
  /// element by element in the logical order of its tiled dims.
  void buildLogicalWholeTile(Indices indices, const Indices &blocks);
  /// A whole tile filled as one block, tilePattern at a time.
  void fillWholeTile(Indices indices, const Indices &blocks);

  /// A 0-d memref of `type` at the element at `indices` (order indices) of
  /// `side`, alignment 1: a binding may start at any byte of its resource.
  Value vectorView(const RegionSide &side, const Indices &indices,
                   VectorType type);
  /// The plan when the order side's tile has no contiguous chunks and the
  /// other side is untiled with contiguous rows (`other`), else none.
  std::optional<GroupPlan> planGroups(const PhysicalOrder &other) const;
  /// A whole tile by groups: loops over the tile's dims outside the group.
  void buildGroupTile(size_t level, Indices indices, const Indices &blocks);
  /// Moves the group whose first element is at `base` (order indices).
  void moveGroup(const Indices &base);

  /// The loops over the plan's dim's tiles (at its level): groups of whole
  /// tiles transposed in registers (with two halves, pairs of groups, then
  /// a loop over single groups for what is left), others tile by tile.
  void buildTransposedGroups(size_t level, Indices indices, Indices blocks,
                             OpFoldResult lb, OpFoldResult ub, int64_t chunk);
  /// One such loop, in steps of rowTranspose->tiles: groups of whole
  /// tiles, others tile by tile (buildTileNest).
  void buildTransposedGroupLoop(size_t level, Indices indices,
                                Indices blocks, OpFoldResult lb,
                                OpFoldResult ub, int64_t chunk);
  /// Moves the group of tiles whose first tile starts at `base`.
  void moveTransposedGroup(const Indices &base);
  /// sourceTileBlocks for a tiled destination copied from `srcOrder`.
  void planSourceTileBlocks(const PhysicalOrder &srcOrder);

  OpBuilder &b;
  Location loc;
  IndexArith math;
  RegionSide dst;
  std::optional<RegionSide> src;
  Value fillValue;
  SmallVector<OpFoldResult> lengths;
  bool orderIsSrc = false;
  PhysicalOrder order;
  /// Index of the first physical dim inside a tile of the order tensor.
  size_t firstTileDim = 0;
  /// For fills: one chunk of the value, copied into each chunk.
  Value pattern;
  /// Copies between sides tiled along runDim: by how many elements the
  /// other side's chunks start before the order side's (modulo the chunk),
  /// known while a whole-tile nest is built, or the run-time value the
  /// whole tiles switch on.
  int64_t shift = 0;
  Value dynamicShift;
  /// Where a shifted chunk's two pieces are joined, so that the destination
  /// takes one chunk-size store (two half stores per chunk were 60% of a
  /// hand-written slice: twice the store-buffer entries per cache line).
  Value staging;
  /// When set: bytes from a source run to the next one along runDim (at
  /// least a chunk: the next run starts another tile). Shifted chunks are
  /// then joined in registers instead of `staging`.
  std::optional<OpFoldResult> nextRunBytes;
  /// Creates the scratch buffers a walk's stores read at the builder: a
  /// fill's `pattern` and `tilePattern`, or a shifted copy's `staging`.
  /// Each group of a parallel outer loop runs it at its start (groups may
  /// be tasks on other threads), a serial walk once before the loops.
  std::function<void()> makeGroupScratch;
  /// For fills of whole tiles: `tilePatternElements` of the value.
  Value tilePattern;
  int64_t tilePatternElements = 0;
  /// When above 1: the run of a cut tile along runDim (at most this many
  /// elements) is contiguous on every side and moves in pieces.
  int64_t cutChunk = 1;
  bool parallel;
  int64_t minParallelTaskBytes;
  int64_t nonTemporalStoreBytes;
  ScatteredStores nonTemporalScatteredStores;
  /// Which stores are non-temporal (set once the walk starts).
  std::optional<NonTemporalStores> streams;
  /// Group boundaries of a parallel outer loop are multiples of this many
  /// iterations (packed destinations: their slots per byte).
  int64_t parallelAlignment = 1;
  /// When set: whether those boundaries are on a byte of the destination,
  /// known at run time (else the loop is one group).
  Value groupsAligned;
  /// When set: whole tiles of the order side move by groups.
  std::optional<GroupPlan> groupPlan;
  /// When set: whole tiles move several at once, their narrow rows
  /// transposed in registers.
  std::optional<RowTransposePlan> rowTranspose;
  /// Per outer physical dim of the order side (a tiled destination): into
  /// how many runs it is split so that each source tile is read whole
  /// (planSourceTileBlocks; 1: not split).
  SmallVector<int64_t> sourceTileBlocks;
  /// The split outer dims the nest is inside: their logical dim, stride,
  /// bounds (in steps) and the loop over runs of steps.
  struct SplitLoop {
    int64_t dim, stride, steps;
    OpFoldResult lb, ub;
    Value run;
  };
  SmallVector<SplitLoop> openSplits;
  /// Per logical dim: the enclosing loops visit only tiles the region
  /// holds whole along it (a peeled loop), so a tile's check skips it.
  SmallVector<bool> wholeAlong;
  /// The enclosing loops visit only tiles the region cuts (a peeled loop's
  /// first or last iteration): no check, the cut-tile nest.
  bool cutTilesOnly = false;
};


} // namespace layoutopt::stream_lite::detail

#endif // STREAMLITE_TRANSFORMS_BUILTINREGIONTRANSFER_H
