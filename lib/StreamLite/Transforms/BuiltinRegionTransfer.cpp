//===- BuiltinRegionTransfer.cpp - the region walk of builtin kernels ----===//
//
// buildRegionTransfer (BuiltinKernelSupport.h): the copy or fill of a
// logical region that every builtin kernel is built from.
//
//===----------------------------------------------------------------------===//

#include "BuiltinKernelSupport.h"

#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/IR/PackedBits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <optional>
#include <variant>

using namespace mlir;

namespace layoutopt::stream_lite {

using namespace detail;

namespace {

//===----------------------------------------------------------------------===//
// Region transfers
//===----------------------------------------------------------------------===//
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

/// Bytes per chunk when both sides are contiguous along whole rows.
constexpr int64_t kRowChunkBytes = 64;

/// Largest chunk (in elements) whose misaligned variants are generated: a
/// copy between two sides tiled along the same innermost dim whose offsets
/// differ modulo the chunk gets one whole-tile nest per shift (chunk - 1 of
/// them), each moving a chunk as two constant-size pieces.
constexpr int64_t kMaxShiftedChunk = 16;

/// At most this many bytes of a fill's pattern, which is stored element by
/// element: a tile run longer than that is filled in pattern-sized chunks
/// (then single elements), so kernel size never grows with the tile.
constexpr int64_t kMaxPatternBytes = 64;

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
        nonTemporalStoreBytes(options.nonTemporalStoreBytes) {}

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
  void buildWholeTile(size_t level, Indices indices, const Indices &blocks,
                      int64_t chunk);
  /// buildWholeTile for each possible `dynamicShift` (one nest per shift).
  void buildShiftedWholeTiles(size_t level, const Indices &indices,
                              const Indices &blocks, int64_t chunk);
  /// Moves the chunk at `orderIndices` as two pieces split at `shift`
  /// elements before its end (each contiguous on both sides), or whole.
  void moveShiftedChunk(const Indices &orderIndices, int64_t chunk);
  void buildCutTile(size_t level, Indices indices, const Indices &blocks);
  /// Moves [begin, end) along runDim from `indices` on (at most
  /// `cutChunk` elements) in constant-size pieces, one per bit of the length.
  void moveCutRun(Indices indices, OpFoldResult begin, OpFoldResult end);
  /// A whole tile of a tiled source without contiguous chunks (a swizzle),
  /// element by element in the logical order of its tiled dims.
  void buildLogicalWholeTile(Indices indices, const Indices &blocks);
  /// A whole tile filled as one block, tilePattern at a time.
  void fillWholeTile(Indices indices, const Indices &blocks);

  /// The plan when the order side's tile has no contiguous chunks and the
  /// other side is untiled with contiguous rows (`other`), else none.
  std::optional<GroupPlan> planGroups(const PhysicalOrder &other) const;
  /// A whole tile by groups: loops over the tile's dims outside the group.
  void buildGroupTile(size_t level, Indices indices, const Indices &blocks);
  /// Moves the group whose first element is at `base` (order indices).
  void moveGroup(const Indices &base);

  /// The loop over the plan's dim's tiles (at its level) in steps of
  /// rowTranspose->tiles: groups of whole tiles transposed in registers,
  /// others tile by tile (buildTileNest).
  void buildTransposedGroups(size_t level, Indices indices, Indices blocks,
                             OpFoldResult lb, OpFoldResult ub, int64_t chunk);
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
  /// Creates `pattern` and `tilePattern` at the builder (fills only).
  std::function<void()> makePatterns;
  /// For fills of whole tiles: `tilePatternElements` of the value.
  Value tilePattern;
  int64_t tilePatternElements = 0;
  /// When above 1: the run of a cut tile along runDim (at most this many
  /// elements) is contiguous on every side and moves in pieces.
  int64_t cutChunk = 1;
  bool parallel;
  int64_t nonTemporalStoreBytes;
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
};

RegionTransfer::Indices RegionTransfer::indicesIn(const RegionSide &side,
                                                  const Indices &orderIndices) {
  const RegionSide &o = orderSide();
  if (&side == &o)
    return orderIndices;
  Indices indices;
  for (auto [i, index] : llvm::enumerate(orderIndices))
    indices.push_back(math.add(side.offsets[i], math.sub(index, o.offsets[i])));
  return indices;
}

Value RegionTransfer::byteOffset(const RegionSide &side,
                                 const Indices &indices) {
  const KernelTensor &t = *side.tensor;
  return math.value(
      t.layout.buildElementByteOffset(b, loc, t.dims, t.width, indices,
                                     kInBoundsIndexFlags));
}

void RegionTransfer::moveElement(const Indices &orderIndices) {
  Indices to = indicesIn(dst, orderIndices);
  Value value = fillValue;
  if (src)
    value = loadElement(b, loc, *src->tensor, indicesIn(*src, orderIndices));
  storeElement(b, loc, *dst.tensor, to, value);
}

int64_t RegionTransfer::chunkBytes(int64_t chunk) const {
  const KernelTensor &d = *dst.tensor;
  return d.width.isPacked() ? chunk / d.width.slotsPerByte()
                            : chunk * d.elementBytes;
}

Value RegionTransfer::replicateToByte(Value value) {
  const KernelTensor &d = *dst.tensor;
  auto i8 = b.getI8Type();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(i8, v));
  };
  Value field =
      arith::AndIOp::create(b, loc, value, constant((1 << d.width.bits) - 1));
  Value byte = field;
  for (int64_t slot = 1; slot < d.width.slotsPerByte(); ++slot)
    byte = arith::OrIOp::create(
        b, loc, byte,
        arith::ShLIOp::create(b, loc, field, constant(slot * d.width.bits)));
  return byte;
}

OpFoldResult RegionTransfer::slotRemainder(const RegionSide &side,
                                           const Indices &indices) {
  const KernelTensor &t = *side.tensor;
  return math.rem(t.layout.buildElementSlot(b, loc, t.dims, indices,
                                         kInBoundsIndexFlags),
                  t.width.slotsPerByte());
}

/// Adds condition `c` to `conditions`, or sets `never` when it is known to
/// be false (one known true adds nothing).
static void requireCondition(SmallVectorImpl<Value> &conditions, bool &never,
                             std::variant<bool, Value> c) {
  if (auto *value = std::get_if<Value>(&c))
    conditions.push_back(*value);
  else if (!std::get<bool>(c))
    never = true;
}

std::variant<bool, Value> RegionTransfer::startsByte(const RegionSide &side,
                                                     const Indices &indices) {
  OpFoldResult remainder = slotRemainder(side, indices);
  if (std::optional<int64_t> known = IndexArith::known(remainder))
    return *known == 0;
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                               math.value(remainder),
                               math.value(math.constant(0)))
      .getResult();
}

void RegionTransfer::moveChunk(const Indices &orderIndices, int64_t chunk) {
  if (!dst.tensor->width.isPacked()) {
    moveBytes(orderIndices, chunk);
    return;
  }
  // Packed elements: the chunk's slots fill whole bytes on a side exactly
  // when its first slot starts a byte. Known for static layouts once LLVM
  // sees the slot's low bits, and already here where the walk's loops step
  // by whole bytes; otherwise checked per chunk.
  SmallVector<Value> conditions;
  bool never = false;
  requireCondition(conditions, never,
                   startsByte(dst, indicesIn(dst, orderIndices)));
  if (src)
    requireCondition(conditions, never,
                     startsByte(*src, indicesIn(*src, orderIndices)));
  Indices indices = orderIndices;
  buildIfAll(
      conditions, never, [&] { moveBytes(orderIndices, chunk); },
      [&] {
        OpBuilder::InsertionGuard guard(b);
        indices[order.runDim] =
            math.add(orderIndices[order.runDim],
                     loop(math.constant(0), math.constant(chunk)));
        moveElement(indices);
      });
}

void RegionTransfer::moveBytes(const Indices &orderIndices, int64_t chunk) {
  auto at = [&](const RegionSide &side) {
    return byteOffset(side, indicesIn(side, orderIndices));
  };
  Value to = at(dst);
  // A fill's piece shorter than the pattern copies its first bytes.
  Value from = src ? at(*src) : math.value(math.constant(0));
  copyBytes(src ? src->tensor->buffer : pattern, from, dst.tensor->buffer, to,
            chunkBytes(chunk));
}

void RegionTransfer::copyBytes(Value from, Value fromOffset, Value to,
                               Value toOffset, int64_t bytes) {
  auto view = [&](Value buffer, Value offset, MemRefType type) -> Value {
    // The whole buffer (a pattern of this size) needs no view.
    if (buffer.getType() == type)
      return buffer;
    return memref::ViewOp::create(b, loc, type, buffer, offset, ValueRange());
  };
  auto copy = [&] {
    auto type = MemRefType::get({bytes}, b.getI8Type());
    memref::CopyOp::create(b, loc, view(from, fromOffset, type),
                           view(to, toOffset, type));
  };
  if (!mayStoreNonTemporally() || bytes < 8 || bytes % 8 != 0) {
    copy();
    return;
  }
  // Non-temporal: one vector load and store (a memref.copy is a memcpy,
  // which has no non-temporal form). Alignment 1: a binding may start at
  // any byte of its resource.
  streams->choose(
      [&] {
        auto type =
            MemRefType::get({}, VectorType::get({bytes}, b.getI8Type()));
        Value value = memref::LoadOp::create(
            b, loc, view(from, fromOffset, type), ValueRange(),
            /*nontemporal=*/false, llvm::Align(1));
        memref::StoreOp::create(b, loc, value, view(to, toOffset, type),
                                ValueRange(), /*nontemporal=*/true,
                                llvm::Align(1));
      },
      copy);
}

void RegionTransfer::buildIfAll(ArrayRef<Value> conditions, bool never,
                                llvm::function_ref<void()> whenAll,
                                llvm::function_ref<void()> otherwise) {
  if (never) {
    otherwise();
    return;
  }
  if (conditions.empty()) {
    whenAll();
    return;
  }
  Value all = conditions.front();
  for (Value c : llvm::drop_begin(conditions))
    all = arith::AndIOp::create(b, loc, all, c);
  OpBuilder::InsertionGuard guard(b);
  auto ifOp = scf::IfOp::create(b, loc, all, /*withElseRegion=*/true);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  whenAll();
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  otherwise();
}

Value RegionTransfer::loop(OpFoldResult lb, OpFoldResult ub, int64_t step) {
  auto forOp = scf::ForOp::create(b, loc, math.value(lb), math.value(ub),
                                  math.value(math.constant(step)));
  b.setInsertionPoint(forOp.getBody()->getTerminator());
  return forOp.getInductionVar();
}

Value RegionTransfer::outerLoop(int64_t dim, int64_t extent, OpFoldResult lb,
                                OpFoldResult ub) {
  if (!parallel)
    return loop(lb, ub);
  OpFoldResult elements = math.constant(extent);
  for (auto [d, length] : llvm::enumerate(lengths))
    if (static_cast<int64_t>(d) != dim)
      elements = math.mul(elements, length);
  const KernelTensor &d = *dst.tensor;
  OpFoldResult bytes = d.width.isPacked()
                           ? math.ceilDiv(elements, d.width.slotsPerByte())
                           : math.mul(elements, d.elementBytes);
  Value iv = buildParallelOuterLoop(b, loc, lb, ub, bytes,
                                    [&] {
                                      if (makePatterns)
                                        makePatterns();
                                    },
                                    parallelAlignment, groupsAligned);
  if (mayStoreNonTemporally()) {
    // Each group may be a task on another thread: it fences its own stores.
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfter(iv.getParentBlock()->getParentOp());
    streams->buildFence();
  }
  return iv;
}

bool RegionTransfer::alignedOuterGroups(const PhysicalOrder &dstOrder) {
  // The destination's byte image is row-major in its physical dims, so an
  // iteration v of its outermost one writes inside slots [v*S, (v+1)*S)
  // for the S slots per step: groups of a multiple of slotsPerByte
  // iterations, starting at such multiples, start on a byte.
  if (!orderIsSrc)
    return true;
  // A tiled source walked into an untiled destination: iteration v of the
  // source's tile rows writes the destination's rows [v*T, (v+1)*T) of the
  // same logical dim, shifted by the offsets' difference; rows start slots
  // (v*T + shift)*R for the R slots per row. Group boundaries (v a
  // multiple of slotsPerByte) are then on a byte exactly when shift*R is:
  // always for an encode, at run time for a slice or update.
  if (order.dims.empty() || dstOrder.dims.empty())
    return false;
  int64_t dim = order.dims.front().logicalDim;
  if (dstOrder.dims.front().logicalDim != dim ||
      dstOrder.dims.front().stride != 1)
    return false;
  const KernelTensor &d = *dst.tensor;
  int64_t rank = lengths.size();
  Indices zero(rank, math.constant(0)), next = zero;
  next[dim] = math.constant(1);
  auto slotOf = [&](const Indices &indices) {
    return d.layout.buildElementSlot(b, loc, d.dims, indices,
                                     kInBoundsIndexFlags);
  };
  OpFoldResult rowSlots = math.sub(slotOf(next), slotOf(zero));
  auto phase = [&](OpFoldResult offset) {
    return math.rem(math.mul(offset, rowSlots), d.width.slotsPerByte());
  };
  OpFoldResult to = phase(dst.offsets[dim]), from = phase(src->offsets[dim]);
  auto kt = IndexArith::known(to), kf = IndexArith::known(from);
  if (kt && kf)
    return *kt == *kf;
  groupsAligned = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        math.value(to), math.value(from));
  return true;
}

void RegionTransfer::buildWalk() {
  int64_t rank = lengths.size();
  if (rank == 0) {
    moveElement({});
    return;
  }
  streams.emplace(b, loc, nonTemporalStoreBytes, *dst.tensor, lengths);
  // Walk a tiled side in its order (the destination when both are).
  PhysicalOrder dstOrder = getPhysicalOrder(*dst.tensor);
  std::optional<PhysicalOrder> srcOrder;
  if (src)
    srcOrder = getPhysicalOrder(*src->tensor);
  orderIsSrc = srcOrder && srcOrder->hasTiles() && !dstOrder.hasTiles();
  order = orderIsSrc ? *srcOrder : dstOrder;
  const PhysicalOrder *other = orderIsSrc ? &dstOrder
                               : srcOrder ? &*srcOrder
                                          : nullptr;
  // The outer dims come first, one per logical dim; the rest are in tiles.
  firstTileDim = order.hasTiles() ? static_cast<size_t>(rank)
                                  : order.dims.size();

  // The chunk: elements contiguous on every side. Narrow element types
  // (i1) are copied one at a time, which keeps their storage canonical.
  int64_t chunk = 1;
  bool needsAlignment = false;
  const KernelTensor &d = *dst.tensor;
  int64_t runDim = order.runDim;
  // Packed sub-byte elements move in chunks of whole bytes (moveChunk
  // checks that both sides start on a byte), else one at a time.
  int64_t slotsPerByte = d.width.slotsPerByte();
  // Iterations of the outer loop write different elements, but packed
  // elements of two of them may share a byte (read-modify-write): groups
  // of them then end on a byte of the destination (alignedOuterGroups).
  if (d.width.isPacked() && parallel) {
    parallelAlignment = slotsPerByte;
    parallel = alignedOuterGroups(dstOrder);
  }
  if (runDim >= 0 && (!other || other->runDim == runDim) &&
      (d.width.isPacked() || !src ||
       d.storageType == d.type.getElementType())) {
    int64_t orderRun = order.runLength;
    int64_t otherRun = other ? other->runLength : ShapedType::kDynamic;
    if (ShapedType::isDynamic(orderRun) && ShapedType::isDynamic(otherRun)) {
      chunk = std::max<int64_t>(1, kRowChunkBytes * slotsPerByte /
                                       std::max<int64_t>(1, d.elementBytes));
    } else if (ShapedType::isDynamic(otherRun)) {
      chunk = orderRun;
    } else if (!ShapedType::isDynamic(orderRun)) {
      // Both tiled along runDim: chunks must not straddle either's tiles.
      chunk = std::gcd(orderRun, otherRun);
      needsAlignment = true;
    }
    // (An untiled order side with a tiled other side cannot happen: the
    // tiled side is the order side.)
    // A packed chunk must be whole bytes.
    if (chunk % slotsPerByte != 0) {
      chunk = 1;
      needsAlignment = false;
    }
  }

  // No contiguous chunks between a tiled side and an untiled one (a
  // swizzle): whole tiles move by groups where the tile allows.
  if (chunk == 1 && src && other)
    groupPlan = planGroups(*other);
  if (src && other && !groupPlan)
    rowTranspose = planRowTransposes(order, firstTileDim, *other, *dst.tensor,
                                     *src->tensor, lengths.size());
  sourceTileBlocks.assign(order.dims.size(), 1);
  if (src && !orderIsSrc && srcOrder->hasTiles())
    planSourceTileBlocks(*srcOrder);

  if (chunk > 1 && !src) {
    // The fill pattern: one chunk of the value, stored like any element,
    // at most kMaxPatternBytes long.
    int64_t elementBytes = d.elementBytes;
    chunk = std::min(chunk, std::max<int64_t>(1, kMaxPatternBytes *
                                                     slotsPerByte /
                                                     elementBytes));
    // A packed pattern is the value replicated to every slot of a byte.
    Value unit = fillValue;
    if (chunk > 1 && d.width.isPacked())
      unit = replicateToByte(fillValue);
    int64_t unitBytes = d.width.isPacked() ? 1 : elementBytes;
    makePatterns = [this, unit, unitBytes, chunk,
                    storageType = d.storageType] {
      auto makePattern = [&](int64_t elements) -> Value {
        Value buffer = memref::AllocaOp::create(
            b, loc, MemRefType::get({chunkBytes(elements)}, b.getI8Type()));
        for (int64_t i = 0; i < chunkBytes(elements) / unitBytes; ++i) {
          Value at = memref::ViewOp::create(
              b, loc, MemRefType::get({}, storageType), buffer,
              math.value(math.constant(i * unitBytes)), ValueRange());
          memref::StoreOp::create(b, loc, unit, at, ValueRange());
        }
        return buffer;
      };
      if (chunk > 1)
        pattern = makePattern(chunk);
      if (tilePatternElements)
        tilePattern = makePattern(tilePatternElements);
    };
    // A whole tile is one contiguous block (swizzled or not): fill it in
    // pieces of up to kMaxPatternBytes that divide it, which stores wider
    // than a tile row at a time (one 16-byte store per 8x4 f32 tile row
    // filled at 75-85% of a hand-written fill's speed).
    int64_t tileElements = 1;
    for (int64_t tile : order.tiles)
      tileElements *= tile;
    int64_t piece = std::gcd(tileElements, kMaxPatternBytes / elementBytes);
    if (chunk > 1 && order.hasTiles() && !d.width.isPacked() &&
        piece > chunk)
      tilePatternElements = piece;
    // Parallel groups make their own (outerLoop), to be read by one task
    // each: the optimizer then sees the pattern's stores, as it does here.
    parallel &= order.hasTiles() || order.dims.size() > 1;
    if (!parallel)
      makePatterns();
  }

  if (!needsAlignment) {
    // Cut tiles: a plain tile's run along runDim (one chunk) is contiguous
    // on the order side, and so on an untiled other side (or a fill's
    // pattern); packed runs need not start a byte.
    if (chunk > 1 && order.hasTiles() && !d.width.isPacked() &&
        order.runLength == chunk && order.tiles[runDim] == chunk)
      cutChunk = chunk;
    buildNest(chunk);
    return;
  }
  // Both sides tiled along runDim: a chunk aligned to the order tensor's
  // tile is aligned to the other's when the offsets agree modulo the chunk.
  // Else, in whole tiles of the order tensor, each chunk is two runs that
  // are contiguous on both sides, split where the other side's chunk ends:
  // two constant-size copies per chunk, one nest per shift (like a
  // hand-written slice; element by element was 60% of one at 64 MiB).
  // Packed chunks and long chunks (many variants) move single elements.
  // (Halved chunks in a loop were measured slower than single elements:
  // LLVM turns their loops of 8-byte moves into gathers and scatters.)
  const RegionSide &o = orderSide();
  const RegionSide &x = orderIsSrc ? dst : *src;
  OpFoldResult lhs = math.rem(o.offsets[runDim], chunk);
  OpFoldResult rhs = math.rem(x.offsets[runDim], chunk);
  auto kl = IndexArith::known(lhs), kr = IndexArith::known(rhs);
  bool split = !d.width.isPacked() && chunk <= kMaxShiftedChunk;
  // (Both sides tiled: the order side is dst, so the pieces come from src.)
  // When each source run (a plain tile row) is one chunk, a chunk's second
  // piece starts the next tile along runDim, a fixed distance from the
  // first piece's run: both pieces are then addressed from one pointer.
  if (split && other->runLength == chunk && other->tiles[runDim] == chunk) {
    Indices zero(rank, math.constant(0)), next = zero;
    next[runDim] = math.constant(chunk);
    nextRunBytes = math.sub(byteOffset(*src, next), byteOffset(*src, zero));
  } else if (split) {
    staging = memref::AllocaOp::create(
        b, loc, MemRefType::get({chunkBytes(chunk)}, b.getI8Type()));
    parallel = false; // one staging buffer for every iteration
  }
  if (kl && kr) {
    shift = ((*kr - *kl) % chunk + chunk) % chunk;
    buildNest(shift == 0 || split ? chunk : 1);
    return;
  }
  if (split) {
    dynamicShift = math.value(
        math.rem(math.sub(math.add(math.constant(chunk), rhs), lhs), chunk));
    buildNest(chunk);
    return;
  }
  Value aligned = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        math.value(lhs), math.value(rhs));
  auto ifOp = scf::IfOp::create(b, loc, aligned, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  buildNest(chunk);
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  buildNest(1);
}

void RegionTransfer::buildNest(int64_t chunk) {
  OpBuilder::InsertionGuard guard(b);
  Indices indices(lengths.size(), math.constant(0));
  if (firstTileDim == order.dims.size())
    buildUntiledNest(0, indices, chunk);
  else
    buildTileNest(0, indices, Indices(lengths.size(), math.constant(0)), chunk);
}

/// The order tensor has no tiles: one loop per physical dim over the region;
/// the innermost one moves whole chunks, then the remaining elements.
void RegionTransfer::buildUntiledNest(size_t level, Indices indices,
                                      int64_t chunk) {
  const RegionSide &o = orderSide();
  int64_t dim = order.dims[level].logicalDim;
  OpFoldResult begin = o.offsets[dim];
  OpFoldResult end = math.add(begin, lengths[dim]);
  if (level + 1 < order.dims.size()) {
    OpBuilder::InsertionGuard guard(b);
    indices[dim] = level == 0 ? outerLoop(dim, 1, begin, end) : loop(begin, end);
    buildUntiledNest(level + 1, indices, chunk);
    return;
  }
  OpFoldResult rest = begin;
  if (chunk > 1) {
    OpFoldResult chunkBegin = begin;
    OpFoldResult length = lengths[dim];
    if (dst.tensor->width.isPacked()) {
      // Packed rows need not start a byte: move single elements up to the
      // order side's next byte, so that its chunks start bytes.
      Indices first = indices;
      first[dim] = begin;
      int64_t slotsPerByte = dst.tensor->width.slotsPerByte();
      OpFoldResult lead = math.min(
          math.rem(math.sub(math.constant(slotsPerByte),
                            slotRemainder(o, first)),
                   slotsPerByte),
          length);
      chunkBegin = math.add(begin, lead);
      length = math.sub(length, lead);
      OpBuilder::InsertionGuard guard(b);
      indices[dim] = loop(begin, chunkBegin);
      moveElement(indices);
    }
    OpFoldResult chunks = math.floorDiv(length, chunk);
    rest = math.add(chunkBegin, math.mul(chunks, chunk));
    OpBuilder::InsertionGuard guard(b);
    indices[dim] =
        math.add(chunkBegin, math.mul(loop(math.constant(0), chunks), chunk));
    moveChunk(indices, chunk);
  }
  OpBuilder::InsertionGuard guard(b);
  indices[dim] = loop(rest, end);
  moveElement(indices);
}

/// The order tensor is tiled: loops over the physical dims outside the tiles
/// (tile indices of tiled dims, region indices of the others), then one tile.
void RegionTransfer::buildTileNest(size_t level, Indices indices,
                                   Indices blocks, int64_t chunk) {
  const RegionSide &o = orderSide();
  if (level == firstTileDim) {
    // Whether the region holds the whole tile; statically known when the
    // region starts at 0 and its length is a multiple of the tile.
    SmallVector<Value> conditions;
    bool never = false;
    for (auto [dim, tile] : llvm::enumerate(order.tiles)) {
      if (tile == 1)
        continue;
      OpFoldResult begin = o.offsets[dim];
      OpFoldResult end = math.add(begin, lengths[dim]);
      OpFoldResult first = math.mul(blocks[dim], tile);
      auto kb = IndexArith::known(begin), kl = IndexArith::known(lengths[dim]);
      if (kb == 0 && kl && *kl % tile == 0)
        continue;
      for (auto c : {math.ule(begin, first),
                     math.ule(math.add(first, math.constant(tile)), end)}) {
        if (auto *value = std::get_if<Value>(&c))
          conditions.push_back(*value);
        else if (!std::get<bool>(c))
          never = true;
      }
    }
    buildIfAll(
        conditions, never,
        [&] { buildShiftedWholeTiles(level, indices, blocks, chunk); },
        [&] { buildCutTile(level, indices, blocks); });
    return;
  }
  const PhysicalDim &pd = order.dims[level];
  int64_t dim = pd.logicalDim;
  OpFoldResult begin = o.offsets[dim];
  OpFoldResult end = math.add(begin, lengths[dim]);
  OpBuilder::InsertionGuard guard(b);
  OpFoldResult lb = begin, ub = end;
  if (pd.stride != 1) {
    lb = math.floorDiv(begin, pd.stride);
    ub = math.ceilDiv(end, pd.stride);
  }
  if (rowTranspose && level == rowTranspose->level) {
    buildTransposedGroups(level, indices, blocks, lb, ub, chunk);
    return;
  }
  if (int64_t steps = sourceTileBlocks[level]; steps > 1) {
    // Runs of `steps` steps (one source tile each) outside, the steps of
    // each run inside the last outer dim's loop.
    OpFoldResult first = math.floorDiv(lb, steps);
    OpFoldResult last = math.ceilDiv(ub, steps);
    Value run = level == 0 ? outerLoop(dim, pd.stride * steps, first, last)
                           : loop(first, last);
    openSplits.push_back({dim, pd.stride, steps, lb, ub, run});
    buildTileNest(level + 1, indices, blocks, chunk);
    openSplits.pop_back();
    return;
  }
  Value iv = level == 0 ? outerLoop(dim, pd.stride, lb, ub) : loop(lb, ub);
  (pd.stride == 1 ? indices : blocks)[dim] = iv;
  if (level + 1 == firstTileDim)
    for (const SplitLoop &split : openSplits) {
      OpFoldResult start = math.mul(split.run, split.steps);
      (split.stride == 1 ? indices : blocks)[split.dim] =
          loop(math.max(split.lb, start),
               math.min(split.ub, math.add(start, math.constant(split.steps))));
    }
  buildTileNest(level + 1, indices, blocks, chunk);
}

/// A tiled destination walked in its order reads the source's tiles where
/// its own tiles fall: with 4x8 destination tiles from 8x4 source tiles,
/// the destination's tile rows 2i and 2i + 1 each read half of every
/// source tile of band i, one band apart (70-85% of memcpy; the hand-
/// written relayout reading each source tile whole ran at 110-120%). So an
/// outer dim whose step is a fraction of the source's tile along the same
/// logical dim (and which has outer dims inside it) is split: runs of
/// steps covering one source tile outside, the steps of a run innermost
/// among the outer dims, which then visit the destination tiles of one
/// source tile one after another.
void RegionTransfer::planSourceTileBlocks(const PhysicalOrder &srcOrder) {
  // Packed destinations keep their outer loop: its groups of iterations
  // must end on a byte (alignedOuterGroups).
  if (dst.tensor->width.isPacked() || firstTileDim < 2)
    return;
  for (size_t level = 0; level + 1 < firstTileDim; ++level) {
    const PhysicalDim &pd = order.dims[level];
    int64_t sourceTile = srcOrder.tiles[pd.logicalDim];
    if (sourceTile > pd.stride && sourceTile % pd.stride == 0)
      sourceTileBlocks[level] = sourceTile / pd.stride;
  }
}

/// A tile inside the region: constant trip counts; the innermost dim moves
/// chunks. Each dim inside the tile adds its steps times its stride to the
/// tile's first index (one dim of stride 1 per tiled dim for plain tiles,
/// several for a swizzle).
void RegionTransfer::buildWholeTile(size_t level, Indices indices,
                                    const Indices &blocks, int64_t chunk) {
  if (level == firstTileDim)
    for (auto [dim, tile] : llvm::enumerate(order.tiles))
      if (tile > 1)
        indices[dim] = math.mul(blocks[dim], tile);
  const PhysicalDim &pd = order.dims[level];
  int64_t dim = pd.logicalDim;
  OpFoldResult base = indices[dim];
  auto steps = [&](OpFoldResult step) {
    return math.add(base, math.mul(step, pd.stride));
  };
  OpBuilder::InsertionGuard guard(b);
  if (level + 1 < order.dims.size()) {
    indices[dim] = steps(loop(math.constant(0), math.constant(pd.extent)));
    buildWholeTile(level + 1, indices, blocks, chunk);
    return;
  }
  // Copy chunks divide the run (this dim's extent, of stride 1); fill
  // chunks are capped (kMaxPatternBytes) and may leave a rest.
  int64_t whole = pd.stride == 1 ? pd.extent / chunk * chunk : 0;
  if (whole > 0) {
    OpBuilder::InsertionGuard chunkGuard(b);
    OpFoldResult within = math.constant(0);
    if (whole > chunk)
      within = loop(math.constant(0), math.constant(whole), chunk);
    indices[dim] = steps(within);
    if (chunk > 1)
      moveShiftedChunk(indices, chunk);
    else
      moveElement(indices);
  }
  if (whole < pd.extent) {
    indices[dim] =
        steps(loop(math.constant(whole), math.constant(pd.extent)));
    moveElement(indices);
  }
}

void RegionTransfer::buildShiftedWholeTiles(size_t level,
                                            const Indices &indices,
                                            const Indices &blocks,
                                            int64_t chunk) {
  if (tilePattern) {
    fillWholeTile(indices, blocks);
    return;
  }
  if (groupPlan) {
    buildGroupTile(level, indices, blocks);
    return;
  }
  if (chunk == 1 && orderIsSrc) {
    buildLogicalWholeTile(indices, blocks);
    return;
  }
  if (!dynamicShift || chunk <= 1) {
    buildWholeTile(level, indices, blocks, chunk);
    return;
  }
  // Shift 0 is the default region; the switch is per tile, so the cut
  // tiles' element nest is built once.
  SmallVector<int64_t> cases = llvm::to_vector(llvm::seq<int64_t>(1, chunk));
  auto switchOp = scf::IndexSwitchOp::create(b, loc, TypeRange(), dynamicShift,
                                             cases, cases.size());
  OpBuilder::InsertionGuard guard(b);
  auto buildCase = [&](Region &region, int64_t caseShift) {
    Block *block = b.createBlock(&region);
    b.setInsertionPointToEnd(block);
    auto yield = scf::YieldOp::create(b, loc);
    b.setInsertionPoint(yield);
    shift = caseShift;
    buildWholeTile(level, indices, blocks, chunk);
  };
  buildCase(switchOp.getDefaultRegion(), 0);
  for (auto [i, caseShift] : llvm::enumerate(cases))
    buildCase(switchOp.getCaseRegions()[i], caseShift);
  shift = 0;
}

/// In logical order the untiled destination is written in runs (a tile row
/// of 4 elements here) that LLVM joins into vector stores; in the source's
/// physical order every store went to another row (86% of a hand-written
/// swizzled->identity). The source's reads stay inside one tile.
void RegionTransfer::buildLogicalWholeTile(Indices indices,
                                           const Indices &blocks) {
  OpBuilder::InsertionGuard guard(b);
  for (auto [dim, tile] : llvm::enumerate(order.tiles))
    if (tile > 1)
      indices[dim] = math.add(math.mul(blocks[dim], tile),
                              loop(math.constant(0), math.constant(tile)));
  moveElement(indices);
}

std::optional<GroupPlan>
RegionTransfer::planGroups(const PhysicalOrder &other) const {
  const KernelTensor &d = *dst.tensor;
  // Whole elements of a power-of-two size that move as they are (packed
  // and widened elements keep the element path).
  if (d.width.isPacked() || !llvm::isPowerOf2_64(d.elementBytes) ||
      d.storageType != d.type.getElementType() ||
      src->tensor->elementBytes != d.elementBytes)
    return std::nullopt;
  return planGroupMoves(order, firstTileDim, other, d.elementBytes,
                        lengths.size());
}

void RegionTransfer::buildGroupTile(size_t level, Indices indices,
                                    const Indices &blocks) {
  if (level == firstTileDim)
    for (auto [dim, tile] : llvm::enumerate(order.tiles))
      if (tile > 1)
        indices[dim] = math.mul(blocks[dim], tile);
  if (level == groupPlan->firstDim) {
    moveGroup(indices);
    return;
  }
  const PhysicalDim &pd = order.dims[level];
  OpBuilder::InsertionGuard guard(b);
  indices[pd.logicalDim] =
      math.add(indices[pd.logicalDim],
               math.mul(loop(math.constant(0), math.constant(pd.extent)),
                        pd.stride));
  buildGroupTile(level + 1, indices, blocks);
}

void RegionTransfer::moveGroup(const Indices &base) {
  const GroupPlan &plan = *groupPlan;
  const RegionSide &tiled = orderSide();
  const RegionSide &untiled = orderIsSrc ? dst : *src;
  Type lane = b.getIntegerType(8 * dst.tensor->elementBytes);
  // Alignment 1: a binding may start at any byte of its resource.
  auto at = [&](const RegionSide &side, const Indices &indices,
                VectorType type) {
    return memref::ViewOp::create(
        b, loc, MemRefType::get({}, type), side.tensor->buffer,
        byteOffset(side, indicesIn(side, indices)), ValueRange());
  };
  auto rowIndices = [&](const GroupRow &row) {
    Indices indices = base;
    for (auto [dim, offset] : llvm::enumerate(row.offsets))
      if (offset != 0)
        indices[dim] = math.add(indices[dim], math.constant(offset));
    return indices;
  };
  auto groupType = VectorType::get({plan.elements}, lane);
  if (!orderIsSrc) {
    // Rows in, one group out: the rows laid end to end (all but the last
    // joined), then one shuffle with the last picks the group's lanes.
    SmallVector<Value> rows;
    for (const GroupRow &row : plan.rows)
      rows.push_back(memref::LoadOp::create(
          b, loc,
          at(untiled, rowIndices(row), VectorType::get({row.length}, lane)),
          ValueRange(), /*nontemporal=*/false, llvm::Align(1)));
    Value joined = rows.front(), last = rows.front();
    if (rows.size() > 1) {
      last = rows.back();
      for (Value row : ArrayRef(rows).slice(1, rows.size() - 2)) {
        int64_t size = cast<VectorType>(joined.getType()).getNumElements() +
                       cast<VectorType>(row.getType()).getNumElements();
        joined = vector::ShuffleOp::create(
            b, loc, joined, row, llvm::to_vector(llvm::seq<int64_t>(0, size)));
      }
    }
    Value group = vector::ShuffleOp::create(b, loc, joined, last, plan.lanes);
    streams->store(group, [&] { return at(tiled, base, groupType); });
    return;
  }
  // One group in, rows out: each row's lanes picked from the group.
  Value group =
      memref::LoadOp::create(b, loc, at(tiled, base, groupType), ValueRange(),
                             /*nontemporal=*/false, llvm::Align(1));
  SmallVector<int64_t> elementOfLane(plan.lanes.size());
  for (auto [element, laneIndex] : llvm::enumerate(plan.lanes))
    elementOfLane[laneIndex] = element;
  int64_t start = 0;
  for (const GroupRow &row : plan.rows) {
    Value picked = vector::ShuffleOp::create(
        b, loc, group, group,
        ArrayRef(elementOfLane).slice(start, row.length));
    start += row.length;
    streams->store(picked, [&] {
      return at(untiled, rowIndices(row), VectorType::get({row.length}, lane));
    });
  }
}

void RegionTransfer::buildTransposedGroups(size_t level, Indices indices,
                                           Indices blocks, OpFoldResult lb,
                                           OpFoldResult ub, int64_t chunk) {
  const RowTransposePlan &plan = *rowTranspose;
  const RegionSide &o = orderSide();
  const RegionSide &untiled = orderIsSrc ? dst : *src;
  int64_t dim = plan.dim, tiles = plan.tiles;
  // `dim`'s loop counts its tiles, or its elements when it is not tiled.
  Indices &counted = plan.runTile > 1 ? blocks : indices;
  Value first = loop(lb, ub, tiles);
  counted[dim] = first;
  // The group's tiles are whole when each tiled dim's tile lies inside the
  // region (along `dim`: from the first tile to the last).
  Indices base = indices;
  SmallVector<Value> conditions;
  bool never = false;
  auto require = [&](std::variant<bool, Value> c) {
    requireCondition(conditions, never, c);
  };
  for (auto [d, tile] : llvm::enumerate(order.tiles)) {
    bool isDim = static_cast<int64_t>(d) == dim;
    if (tile == 1 && !isDim)
      continue;
    OpFoldResult begin = o.offsets[d];
    OpFoldResult end = math.add(begin, lengths[d]);
    base[d] = math.mul(isDim ? first : blocks[d], tile);
    int64_t span = isDim ? tile * tiles : tile;
    // From 0 over a multiple of the span: every group is whole.
    auto kb = IndexArith::known(begin), kl = IndexArith::known(lengths[d]);
    if (kb == 0 && kl && *kl % span == 0)
      continue;
    require(math.ule(begin, base[d]));
    require(math.ule(math.add(base[d], math.constant(span)), end));
  }
  // Packed rows of the untiled side must each start a byte.
  if (dst.tensor->width.isPacked()) {
    for (const SmallVector<int64_t> &offsets : plan.rowOffsets) {
      Indices row = base;
      for (auto [d, offset] : llvm::enumerate(offsets))
        row[d] = math.add(row[d], math.constant(offset));
      require(startsByte(untiled, indicesIn(untiled, row)));
    }
  }
  auto tileByTile = [&] {
    OpBuilder::InsertionGuard guard(b);
    counted[dim] =
        loop(first, math.min(math.add(first, math.constant(tiles)), ub));
    buildTileNest(level + 1, indices, blocks, chunk);
  };
  buildIfAll(conditions, never, [&] { moveTransposedGroup(base); },
             tileByTile);
}

void RegionTransfer::moveTransposedGroup(const Indices &base) {
  const RowTransposePlan &plan = *rowTranspose;
  const RegionSide &tiled = orderSide();
  const RegionSide &untiled = orderIsSrc ? dst : *src;
  Type lane = b.getIntegerType(8 * plan.laneBytes);
  auto rowType = VectorType::get({plan.tiles}, lane);
  auto tileType = VectorType::get({plan.tileRows}, lane);
  // Alignment 1: a binding may start at any byte of its resource.
  auto at = [&](const RegionSide &side, const Indices &indices,
                VectorType type) {
    return memref::ViewOp::create(
        b, loc, MemRefType::get({}, type), side.tensor->buffer,
        byteOffset(side, indicesIn(side, indices)), ValueRange());
  };
  auto load = [&](const RegionSide &side, const Indices &indices,
                  VectorType type) -> Value {
    return memref::LoadOp::create(b, loc, at(side, indices, type),
                                  ValueRange(), /*nontemporal=*/false,
                                  llvm::Align(1));
  };
  auto rowAt = [&](int64_t row) {
    Indices indices = base;
    for (auto [d, offset] : llvm::enumerate(plan.rowOffsets[row]))
      if (offset != 0)
        indices[d] = math.add(indices[d], math.constant(offset));
    return indices;
  };
  auto tileAt = [&](int64_t tile) {
    Indices indices = base;
    indices[plan.dim] =
        math.add(indices[plan.dim], math.constant(tile * plan.runTile));
    return indices;
  };
  SmallVector<Value> in;
  if (!orderIsSrc) {
    for (int64_t row = 0; row < plan.tileRows; ++row)
      in.push_back(load(untiled, rowAt(row), rowType));
    // The group's tiles are adjacent (their dim's tiles are the innermost
    // outer dim): tiles narrower than a row vector (8x4 i2: 8 bytes) are
    // stored several at once, one 16-byte store per two tiles.
    int64_t perStore = std::max<int64_t>(1, plan.tiles / plan.tileRows);
    auto storeType = perStore > 1 ? rowType : tileType;
    for (auto [index, value] : llvm::enumerate(
             transposeLanes(b, loc, in, /*adjacentColumns=*/true)))
      streams->store(value, [&, index = index] {
        return at(tiled, tileAt(index * perStore), storeType);
      });
    return;
  }
  for (int64_t tile = 0; tile < plan.tiles; ++tile)
    in.push_back(load(tiled, tileAt(tile), tileType));
  for (auto [row, value] : llvm::enumerate(transposeLanes(b, loc, in)))
    streams->store(value, [&, row = row] {
      return at(untiled, rowAt(row), rowType);
    });
}

void RegionTransfer::fillWholeTile(Indices indices, const Indices &blocks) {
  int64_t tileElements = 1;
  for (auto [dim, tile] : llvm::enumerate(order.tiles)) {
    tileElements *= tile;
    if (tile > 1)
      indices[dim] = math.mul(blocks[dim], tile);
  }
  // The tile's first element is its first byte (a swizzle keeps slot 0).
  OpFoldResult base = byteOffset(dst, indices);
  int64_t pieceBytes = chunkBytes(tilePatternElements);
  OpBuilder::InsertionGuard guard(b);
  OpFoldResult piece = math.constant(0);
  if (tileElements > tilePatternElements)
    piece = loop(math.constant(0),
                 math.constant(tileElements / tilePatternElements));
  copyBytes(tilePattern, math.value(math.constant(0)), dst.tensor->buffer,
            math.value(math.add(base, math.mul(piece, pieceBytes))),
            pieceBytes);
}

void RegionTransfer::moveShiftedChunk(const Indices &orderIndices,
                                      int64_t chunk) {
  if (shift == 0) {
    moveChunk(orderIndices, chunk);
    return;
  }
  // The first `first` elements end the source's chunk, the rest start its
  // next one: each piece is contiguous in src, the whole chunk in dst.
  int64_t first = chunk - shift;
  Indices rest = orderIndices;
  rest[order.runDim] =
      math.add(orderIndices[order.runDim], math.constant(first));
  auto bytes = [&](int64_t elements) {
    return MemRefType::get({chunkBytes(elements)}, b.getI8Type());
  };
  auto view = [&](Value buffer, int64_t elements, Value offset) {
    return memref::ViewOp::create(b, loc, bytes(elements), buffer, offset,
                                  ValueRange());
  };
  OpFoldResult firstAt = byteOffset(*src, indicesIn(*src, orderIndices));
  // Elements of 3, 5, ... bytes go as bytes (LLVM packs vectors of such
  // integers by bits). Alignment 1: a binding may start at any byte of its
  // resource.
  int64_t elementBytes = dst.tensor->elementBytes;
  bool byBytes = !llvm::isPowerOf2_64(elementBytes);
  int64_t lanes = byBytes ? chunkBytes(chunk) : chunk;
  auto vectorType = VectorType::get(
      {lanes}, b.getIntegerType(byBytes ? 8 : 8 * elementBytes));
  auto whole = [&](Value buffer, OpFoldResult offset) {
    return memref::ViewOp::create(b, loc, MemRefType::get({}, vectorType),
                                  buffer, math.value(offset), ValueRange());
  };
  auto load = [&](Value buffer, OpFoldResult offset) -> Value {
    return memref::LoadOp::create(b, loc, whole(buffer, offset), ValueRange(),
                                  /*nontemporal=*/false, llvm::Align(1));
  };
  if (nextRunBytes) {
    // Like a hand-written slice (a 16-byte load and a vshufpd): one
    // chunk-size load from the first piece on, one ending where the second
    // piece ends, joined by a select of the first piece's lanes. Both
    // loads lie between the first piece's start and the second's end (the
    // next run is at least a chunk further on), so inside the binding; the
    // extra bytes are not used. Two piece-size loads per chunk (8-byte
    // loads and vmovlhps) ran at 80-86% of the hand-written slice.
    int64_t firstLanes = byBytes ? chunkBytes(first) : first;
    SmallVector<bool> mask(lanes, false);
    std::fill_n(mask.begin(), firstLanes, true);
    Value select = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(VectorType::get({lanes}, b.getI1Type()),
                               ArrayRef<bool>(mask)));
    Value head = load(src->tensor->buffer, firstAt);
    Value tail = load(src->tensor->buffer,
                      math.sub(math.add(firstAt, *nextRunBytes),
                               math.constant(chunkBytes(chunk))));
    Value joined = arith::SelectOp::create(b, loc, select, head, tail);
    streams->store(joined, [&] {
      return whole(dst.tensor->buffer, byteOffset(dst, orderIndices));
    });
    return;
  }
  OpFoldResult restAt = byteOffset(*src, indicesIn(*src, rest));
  memref::CopyOp::create(b, loc,
                         view(src->tensor->buffer, first, math.value(firstAt)),
                         view(staging, first, math.value(math.constant(0))));
  memref::CopyOp::create(
      b, loc, view(src->tensor->buffer, shift, math.value(restAt)),
      view(staging, shift, math.value(math.constant(chunkBytes(first)))));
  // One vector load and store: a copy of the staging buffer would be
  // forwarded by LLVM to two piece-size stores again.
  Value joined = load(staging, math.constant(0));
  streams->store(joined, [&] {
    return whole(dst.tensor->buffer, byteOffset(dst, orderIndices));
  });
}

/// A tile the region cuts: element by element over its part of the region,
/// one loop per tiled dim (a swizzle's further dims of it add none).
void RegionTransfer::buildCutTile(size_t level, Indices indices,
                                  const Indices &blocks) {
  const RegionSide &o = orderSide();
  int64_t dim = order.dims[level].logicalDim;
  bool looped = llvm::any_of(
      ArrayRef(order.dims).slice(firstTileDim, level - firstTileDim),
      [&](const PhysicalDim &earlier) { return earlier.logicalDim == dim; });
  if (looped) {
    if (level + 1 < order.dims.size())
      buildCutTile(level + 1, indices, blocks);
    else
      moveElement(indices);
    return;
  }
  int64_t tile = order.tiles[dim];
  OpFoldResult first = math.mul(blocks[dim], tile);
  OpFoldResult begin = math.max(first, o.offsets[dim]);
  OpFoldResult end = math.min(math.add(first, math.constant(tile)),
                              math.add(o.offsets[dim], lengths[dim]));
  OpBuilder::InsertionGuard guard(b);
  if (level + 1 == order.dims.size() && cutChunk > 1 &&
      dim == order.runDim) {
    moveCutRun(indices, begin, end);
    return;
  }
  indices[dim] = loop(begin, end);
  if (level + 1 < order.dims.size())
    buildCutTile(level + 1, indices, blocks);
  else
    moveElement(indices);
}

/// Element by element, a cut tile's runs took a loop of 1-3 scalar moves
/// per tile row; the pieces are the bits of the run's length, largest
/// first (the length is at most cutChunk, below twice the largest piece).
void RegionTransfer::moveCutRun(Indices indices, OpFoldResult begin,
                                OpFoldResult end) {
  int64_t dim = order.runDim;
  OpFoldResult length = math.sub(end, begin);
  OpFoldResult done = math.constant(0);
  for (int64_t piece = llvm::bit_floor(uint64_t(cutChunk)); piece >= 1;
       piece /= 2) {
    OpFoldResult has = math.rem(math.floorDiv(length, piece), 2);
    Value taken = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        math.value(has),
                                        math.value(math.constant(0)));
    {
      OpBuilder::InsertionGuard guard(b);
      auto ifOp = scf::IfOp::create(b, loc, taken, /*withElseRegion=*/false);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      indices[dim] = math.add(begin, done);
      if (piece > 1)
        moveBytes(indices, piece);
      else
        moveElement(indices);
    }
    done = math.add(done, math.mul(has, piece));
  }
}

} // namespace

void detail::buildRegionTransfer(OpBuilder &builder, Location loc,
                                 const BuiltinKernelOptions &options,
                                 RegionSide dst,
                                 std::optional<RegionSide> src,
                                 Value fillValue,
                                 ArrayRef<OpFoldResult> lengths) {
  RegionTransfer(builder, loc, options, std::move(dst), std::move(src),
                 fillValue, lengths)
      .build();
}

} // namespace layoutopt::stream_lite
