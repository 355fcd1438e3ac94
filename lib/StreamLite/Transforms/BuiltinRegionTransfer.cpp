//===- BuiltinRegionTransfer.cpp - the region walk of builtin kernels ----===//
//
// buildRegionTransfer (BuiltinKernelSupport.h): the copy or fill of a
// logical region that every builtin kernel is built from. RegionTransfer
// (BuiltinRegionTransfer.h) plans the walk and builds its loop nests here;
// the moves inside a tile are in BuiltinTileMoves.cpp, whole groups in
// registers in BuiltinGroupMoves.cpp.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegionTransfer.h"

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

void RegionTransfer::requireCondition(SmallVectorImpl<Value> &conditions,
                                      bool &never,
                                      std::variant<bool, Value> c) {
  if (auto *value = std::get_if<Value>(&c))
    conditions.push_back(*value);
  else if (!std::get<bool>(c))
    never = true;
}

Value RegionTransfer::vectorView(const RegionSide &side,
                                 const Indices &indices, VectorType type) {
  return memref::ViewOp::create(b, loc, MemRefType::get({}, type),
                                side.tensor->buffer,
                                byteOffset(side, indicesIn(side, indices)),
                                ValueRange());
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
                                    minParallelTaskBytes, [&] {
                                      if (makeGroupScratch)
                                        makeGroupScratch();
                                    },
                                    parallelAlignment, groupsAligned);
  if (streams && streams->mayStoreAny()) {
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
  // From such tiles into rows, a group writes a few bytes into each of up
  // to 8 rows: whole tiles side by side along the row are loaded whole
  // instead, each row's 64 bytes gathered by shuffles into one store (the
  // groups stay for the tiles outside whole joined groups).
  if (groupPlan && orderIsSrc)
    rowTranspose =
        planGatheredRowJoins(order, firstTileDim, *other, *dst.tensor,
                             *src->tensor, lengths.size());
  // Joined rows are for a tiled source: rows into tiles already write one
  // stream, the tiles in order.
  if (rowTranspose && rowTranspose->joinRows && !orderIsSrc)
    rowTranspose.reset();
  // Groups of narrow tile rows are bound by shuffles from cache: two groups
  // at a time, one in each half of 32-byte vectors, halve the shuffle
  // instructions where they are 32 bytes wide. So move groups with at
  // least as many tiles as tile rows (i2 8x4 to rows: 1.3x faster in a
  // hand-written test; i4 8x4 both ways: from 68-90% of memcpy to 92-96%
  // from cache, bench/README.md). Written from rows, each half of a piece
  // is stored on its own, 16 bytes: a cross-half permute to join two into
  // a 32-byte store ran 10-15% slower.
  if (rowTranspose && !rowTranspose->joinRows &&
      rowTranspose->tiles >= rowTranspose->tileRows) {
    rowTranspose->halves = 2;
    rowTranspose->tiles *= 2;
  }
  // Into rows, the rows of one group are 16 or 32 bytes: the rows of the
  // groups that make a cache line are joined, one store per row's line (as
  // tile rows of 8-32 bytes are), which may then be non-temporal.
  if (rowTranspose && !rowTranspose->joinRows && orderIsSrc) {
    int64_t rowBytes = rowTranspose->tiles * rowTranspose->laneBytes;
    if (NonTemporalStores::kLineBytes % rowBytes == 0) {
      rowTranspose->groupsPerStore = NonTemporalStores::kLineBytes / rowBytes;
      rowTranspose->tiles *= rowTranspose->groupsPerStore;
    }
  }
  sourceTileBlocks.assign(order.dims.size(), 1);
  if (src && !orderIsSrc && srcOrder->hasTiles())
    planSourceTileBlocks(*srcOrder);
  // Non-temporal stores only where the destination is written as one
  // stream, in its own physical order. A walk in the source's order writes
  // a tile's rows into as many destination rows at once, and a split outer
  // loop two destination tile rows: write-combining then flushes lines
  // part-written, which on some machines cost 2.5x the ordinary stores
  // (bench/README.md, "Non-temporal stores into one stream"); on others
  // they run 1.8x faster than ordinary stores, hence the option.
  // Joined rows (into rows, or tile rows into a destination tile's lines)
  // write each destination line whole, one store per line: those stores
  // may be non-temporal too (NonTemporalStores::storeWholeLine), unless
  // the option says none (a machine where even they lose).
  bool oneWriteStream =
      !orderIsSrc && llvm::all_of(sourceTileBlocks,
                                  [](int64_t steps) { return steps == 1; });
  bool wholeLines =
      (rowTranspose && orderIsSrc &&
       (rowTranspose->joinRows || rowTranspose->groupsPerStore > 1)) ||
      tileRowsJoin(chunk);
  bool anyStore = oneWriteStream ||
                  nonTemporalScatteredStores == ScatteredStores::All;
  // Where the destination is one stream its whole lines are non-temporal
  // whatever the option says: only several streams at once can lose.
  wholeLines = wholeLines &&
               (oneWriteStream ||
                nonTemporalScatteredStores != ScatteredStores::None);
  streams.emplace(b, loc, anyStore || wholeLines ? nonTemporalStoreBytes : 0,
                  *dst.tensor, lengths, /*wholeLinesOnly=*/!anyStore);

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
    makeGroupScratch = [this, unit, unitBytes, chunk,
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
      makeGroupScratch();
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
  if (kl && kr)
    shift = ((*kr - *kl) % chunk + chunk) % chunk;
  if (split && other->runLength == chunk && other->tiles[runDim] == chunk) {
    Indices zero(rank, math.constant(0)), next = zero;
    next[runDim] = math.constant(chunk);
    nextRunBytes = math.sub(byteOffset(*src, next), byteOffset(*src, zero));
  } else if (split && !(kl && kr && shift == 0)) {
    // Chunks that may be shifted join their pieces in a staging buffer:
    // each parallel group has its own (created at the group's start, as a
    // fill's patterns are), a serial walk one for all.
    int64_t bytes = chunkBytes(chunk);
    auto makeStaging = [this, bytes] {
      staging = memref::AllocaOp::create(
          b, loc, MemRefType::get({bytes}, b.getI8Type()));
    };
    if (parallel)
      makeGroupScratch = makeStaging;
    else
      makeStaging();
  }
  if (kl && kr) {
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
  wholeAlong.assign(lengths.size(), false);
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
    if (cutTilesOnly) {
      buildCutTile(level, indices, blocks);
      return;
    }
    // Whether the region holds the whole tile; statically known when the
    // region starts at 0 and its length is a multiple of the tile, or
    // along a dim whose loop was peeled.
    SmallVector<Value> conditions;
    bool never = false;
    for (auto [dim, tile] : llvm::enumerate(order.tiles)) {
      if (tile == 1 || wholeAlong[dim])
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
  buildOuterTileLoop(level, indices, blocks, chunk, lb, ub);
}

/// A tile check in every iteration of the nest (whether the region holds
/// the tile, then either nest) kept LLVM from streamlining the whole tiles:
/// a hand-written update of a region at (3, 2) ran at 16 GB/s from cache
/// with the check per tile and at 28 GB/s peeled, as fast as a relayout
/// of the whole tensor. Along a dim of tiles the region may cut, the loop
/// is split into the tiles the region holds whole along it (no check for
/// that dim inside) and its first and last tile (at most one each, cut:
/// the cut-tile nest inside, without checks).
void RegionTransfer::buildOuterTileLoop(size_t level, const Indices &indices,
                                        const Indices &blocks, int64_t chunk,
                                        OpFoldResult lb, OpFoldResult ub) {
  const PhysicalDim &pd = order.dims[level];
  int64_t dim = pd.logicalDim;
  int64_t stride = pd.stride;
  auto descend = [&](Value iv) {
    Indices inner = indices, innerBlocks = blocks;
    (stride == 1 ? inner : innerBlocks)[dim] = iv;
    if (level + 1 == firstTileDim)
      for (const SplitLoop &split : openSplits) {
        OpFoldResult start = math.mul(split.run, split.steps);
        (split.stride == 1 ? inner : innerBlocks)[split.dim] = loop(
            math.max(split.lb, start),
            math.min(split.ub, math.add(start, math.constant(split.steps))));
      }
    buildTileNest(level + 1, inner, innerBlocks, chunk);
  };
  auto plainLoop = [&](OpFoldResult from, OpFoldResult to) {
    return level == 0 ? outerLoop(dim, stride, from, to) : loop(from, to);
  };
  const RegionSide &o = orderSide();
  OpFoldResult begin = o.offsets[dim];
  OpFoldResult end = math.add(begin, lengths[dim]);
  auto kb = IndexArith::known(begin), kl = IndexArith::known(lengths[dim]);
  // (A step other than the dim's tile is not a loop over tiles.)
  if (stride == 1 || stride != order.tiles[dim] || cutTilesOnly ||
      wholeAlong[dim] || (kb == 0 && kl && *kl % stride == 0)) {
    OpBuilder::InsertionGuard guard(b);
    descend(plainLoop(lb, ub));
    return;
  }
  OpFoldResult wholeLb = math.ceilDiv(begin, stride);
  OpFoldResult wholeUb = math.max(wholeLb, math.floorDiv(end, stride));
  // First and last tile: ub - wholeUb and wholeLb - lb are 0 or 1.
  OpFoldResult head = math.sub(wholeLb, lb);
  OpFoldResult tail = math.sub(ub, wholeUb);
  {
    OpBuilder::InsertionGuard guard(b);
    wholeAlong[dim] = true;
    descend(plainLoop(wholeLb, wholeUb));
    wholeAlong[dim] = false;
  }
  auto kh = IndexArith::known(head), kt = IndexArith::known(tail);
  if (kh == 0 && kt == 0)
    return;
  OpBuilder::InsertionGuard guard(b);
  cutTilesOnly = true;
  // A parallel loop's groups make their own scratch buffers (fill
  // patterns, staging): these iterations run after it, on this thread.
  if (level == 0 && parallel && makeGroupScratch)
    makeGroupScratch();
  if (kh && kt && *kh + *kt == 1) {
    descend(math.value(*kh ? lb : wholeUb));
  } else {
    Value k = loop(math.constant(0), math.add(head, tail));
    Value isHead = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, k,
                                         math.value(head));
    descend(arith::SelectOp::create(b, loc, isHead, math.value(lb),
                                    math.value(wholeUb)));
  }
  cutTilesOnly = false;
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
