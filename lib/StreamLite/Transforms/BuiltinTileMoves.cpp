//===- BuiltinTileMoves.cpp - builtin kernels' moves inside a tile -------===//
//
// The moves RegionTransfer (BuiltinRegionTransfer.h) builds inside the
// loops of its walk: a single element, a chunk of a contiguous run (a
// memref.copy, or a vector load and non-temporal store), a whole tile (in
// chunks, shifted chunks joined in registers, element by element for a
// swizzle, or filled as one block) and a tile the region cuts (its runs in
// constant-size pieces). The walk and its loop nests are in
// BuiltinRegionTransfer.cpp; whole groups in registers in
// BuiltinGroupMoves.cpp.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegionTransfer.h"

#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/IR/PackedBits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;

namespace layoutopt::stream_lite {

using namespace detail;

void RegionTransfer::moveElement(const Indices &orderIndices) {
  Indices to = indicesIn(dst, orderIndices);
  Value value = fillValue;
  if (src)
    value = loadElement(b, loc, *src->tensor, indicesIn(*src, orderIndices));
  storeElement(b, loc, *dst.tensor, to, value);
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
  // which has no non-temporal form). The load has alignment 1: a binding
  // may start at any byte of its resource.
  streams->choose(
      [&] {
        auto type =
            MemRefType::get({}, VectorType::get({bytes}, b.getI8Type()));
        Value value = memref::LoadOp::create(
            b, loc, view(from, fromOffset, type), ValueRange(),
            /*nontemporal=*/false, llvm::Align(1));
        streams->storeNonTemporal(value, view(to, toOffset, type));
      },
      copy);
}


/// A tile inside the region: constant trip counts; the innermost dim moves
/// chunks. Each dim inside the tile adds its steps times its stride to the
/// tile's first index (one dim of stride 1 per tiled dim for plain tiles,
/// several for a swizzle).
void RegionTransfer::buildWholeTile(size_t level, Indices indices,
                                    const Indices &blocks, int64_t chunk,
                                    bool joinRows) {
  if (level == firstTileDim)
    for (auto [dim, tile] : llvm::enumerate(order.tiles))
      if (tile > 1)
        indices[dim] = math.mul(blocks[dim], tile);
  if (joinRows && joinsTileRows(level, chunk)) {
    // Chosen at run time, the ordinary branch keeps the row moves.
    streams->choose([&] { buildJoinedTileRows(level, indices, chunk); },
                    [&] {
                      buildWholeTile(level, indices, blocks, chunk,
                                     /*joinRows=*/false);
                    });
    return;
  }
  const PhysicalDim &pd = order.dims[level];
  int64_t dim = pd.logicalDim;
  OpFoldResult base = indices[dim];
  auto steps = [&](OpFoldResult step) {
    return math.add(base, math.mul(step, pd.stride));
  };
  OpBuilder::InsertionGuard guard(b);
  if (level + 1 < order.dims.size()) {
    indices[dim] = steps(loop(math.constant(0), math.constant(pd.extent)));
    buildWholeTile(level + 1, indices, blocks, chunk, joinRows);
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

bool RegionTransfer::tileRowsJoin(int64_t chunk) const {
  if (!src || orderIsSrc || dst.tensor->width.isPacked() ||
      order.dims.size() < firstTileDim + 2)
    return false;
  size_t level = order.dims.size() - 2;
  const PhysicalDim &rows = order.dims[level], &run = order.dims[level + 1];
  if (run.stride != 1 || run.logicalDim != order.runDim ||
      run.extent % chunk != 0 || chunkBytes(chunk) < 8)
    return false;
  int64_t rowBytes = chunkBytes(run.extent);
  constexpr int64_t kLine = NonTemporalStores::kLineBytes;
  return kLine % rowBytes == 0 && rows.extent % (kLine / rowBytes) == 0;
}

bool RegionTransfer::joinsTileRows(size_t level, int64_t chunk) const {
  // Only past the cache: in cache the joined stores ran no faster.
  return level + 2 == order.dims.size() && (shift == 0 || nextRunBytes) &&
         streams && streams->mayStoreAny() && tileRowsJoin(chunk);
}

/// The destination's tile is one block (the walk is in its physical
/// order), so the chunks of 64 / rowBytes consecutive tile rows make one
/// line of it: loaded from the source row by row, joined in registers,
/// written by one whole-line store. Written as separate 16-byte stores
/// past the cache, 8x4 f32 tiles moved 10-20% less at 64 MiB (a
/// hand-written test on a Zen 5 machine), and a walk that writes two
/// destination tiles at once (4x8 from 8x4) had to keep ordinary stores.
void RegionTransfer::buildJoinedTileRows(size_t level, Indices indices,
                                         int64_t chunk) {
  const PhysicalDim &rows = order.dims[level], &run = order.dims[level + 1];
  int64_t rowsPerLine =
      NonTemporalStores::kLineBytes / chunkBytes(run.extent);
  auto pieceType = VectorType::get({chunkBytes(chunk)}, b.getI8Type());
  OpBuilder::InsertionGuard guard(b);
  OpFoldResult rowBase = indices[rows.logicalDim];
  OpFoldResult first = math.constant(0);
  if (rows.extent > rowsPerLine)
    first = loop(math.constant(0), math.constant(rows.extent), rowsPerLine);
  SmallVector<Value> pieces;
  Indices lineStart;
  for (int64_t r = 0; r < rowsPerLine; ++r) {
    Indices at = indices;
    at[rows.logicalDim] = math.add(
        rowBase, math.mul(math.add(first, math.constant(r)), rows.stride));
    OpFoldResult runBase = at[run.logicalDim];
    for (int64_t c = 0; c < run.extent; c += chunk) {
      at[run.logicalDim] = math.add(runBase, math.constant(c));
      if (pieces.empty())
        lineStart = at;
      pieces.push_back(shift != 0 ? selectShiftedChunk(at, chunk)
                                  : memref::LoadOp::create(
                                        b, loc, vectorView(*src, at, pieceType),
                                        ValueRange(), /*nontemporal=*/false,
                                        llvm::Align(1)));
    }
  }
  Value line = concatenateVectors(b, loc, pieces);
  streams->storeWholeLine(line, [&] {
    return vectorView(dst, lineStart, cast<VectorType>(line.getType()));
  });
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

VectorType RegionTransfer::chunkVectorType(int64_t chunk) {
  // Elements of 3, 5, ... bytes go as bytes (LLVM packs vectors of such
  // integers by bits).
  int64_t elementBytes = dst.tensor->elementBytes;
  bool byBytes = !llvm::isPowerOf2_64(elementBytes);
  return VectorType::get({byBytes ? chunkBytes(chunk) : chunk},
                         b.getIntegerType(byBytes ? 8 : 8 * elementBytes));
}

Value RegionTransfer::selectShiftedChunk(const Indices &orderIndices,
                                         int64_t chunk) {
  // Like a hand-written slice (a 16-byte load and a vshufpd): one
  // chunk-size load from the first piece on, one ending where the second
  // piece ends, joined by a select of the first piece's lanes. Both loads
  // lie between the first piece's start and the second's end (the next
  // run is at least a chunk further on), so inside the binding; the extra
  // bytes are not used. Two piece-size loads per chunk (8-byte loads and
  // vmovlhps) ran at 80-86% of the hand-written slice.
  VectorType vectorType = chunkVectorType(chunk);
  int64_t lanes = vectorType.getNumElements();
  int64_t firstLanes = lanes / chunk * (chunk - shift);
  SmallVector<bool> mask(lanes, false);
  std::fill_n(mask.begin(), firstLanes, true);
  Value select = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(VectorType::get({lanes}, b.getI1Type()),
                             ArrayRef<bool>(mask)));
  // Alignment 1: a binding may start at any byte of its resource.
  auto load = [&](OpFoldResult offset) -> Value {
    return memref::LoadOp::create(
        b, loc,
        memref::ViewOp::create(b, loc, MemRefType::get({}, vectorType),
                               src->tensor->buffer, math.value(offset),
                               ValueRange()),
        ValueRange(), /*nontemporal=*/false, llvm::Align(1));
  };
  OpFoldResult firstAt = byteOffset(*src, indicesIn(*src, orderIndices));
  Value head = load(firstAt);
  Value tail = load(math.sub(math.add(firstAt, *nextRunBytes),
                             math.constant(chunkBytes(chunk))));
  return arith::SelectOp::create(b, loc, select, head, tail);
}

void RegionTransfer::moveShiftedChunk(const Indices &orderIndices,
                                      int64_t chunk) {
  if (shift == 0) {
    moveChunk(orderIndices, chunk);
    return;
  }
  auto storeWhole = [&](Value joined) {
    streams->store(joined, [&] {
      return vectorView(dst, orderIndices,
                        cast<VectorType>(joined.getType()));
    });
  };
  if (nextRunBytes) {
    storeWhole(selectShiftedChunk(orderIndices, chunk));
    return;
  }
  // The first `first` elements end the source's chunk, the rest start its
  // next one: each piece is contiguous in src, the whole chunk in dst.
  int64_t first = chunk - shift;
  Indices rest = orderIndices;
  rest[order.runDim] =
      math.add(orderIndices[order.runDim], math.constant(first));
  auto view = [&](Value buffer, int64_t elements, OpFoldResult offset) {
    return memref::ViewOp::create(
        b, loc, MemRefType::get({chunkBytes(elements)}, b.getI8Type()),
        buffer, math.value(offset), ValueRange());
  };
  OpFoldResult firstAt = byteOffset(*src, indicesIn(*src, orderIndices));
  OpFoldResult restAt = byteOffset(*src, indicesIn(*src, rest));
  memref::CopyOp::create(b, loc, view(src->tensor->buffer, first, firstAt),
                         view(staging, first, math.constant(0)));
  memref::CopyOp::create(
      b, loc, view(src->tensor->buffer, shift, restAt),
      view(staging, shift, math.constant(chunkBytes(first))));
  // One vector load and store: a copy of the staging buffer would be
  // forwarded by LLVM to two piece-size stores again.
  VectorType vectorType = chunkVectorType(chunk);
  storeWhole(memref::LoadOp::create(
      b, loc,
      memref::ViewOp::create(b, loc, MemRefType::get({}, vectorType), staging,
                             math.value(math.constant(0)), ValueRange()),
      ValueRange(), /*nontemporal=*/false, llvm::Align(1)));
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

} // namespace layoutopt::stream_lite
