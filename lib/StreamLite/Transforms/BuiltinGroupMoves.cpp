//===- BuiltinGroupMoves.cpp - whole groups moved in registers ------------===//
//
// The region walk's moves of whole groups (BuiltinRegionTransfer.h): a
// swizzled tile's groups, which a few row loads and one shuffle assemble
// (planGroupMoves), and tiles with narrow rows, several at a time,
// transposed by an unpack network (planRowTransposes, transposeLanes).
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegionTransfer.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;

namespace layoutopt::stream_lite {

using namespace detail;

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
          vectorView(untiled, rowIndices(row),
                     VectorType::get({row.length}, lane)),
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
    streams->store(group, [&] { return vectorView(tiled, base, groupType); });
    return;
  }
  // One group in, rows out: each row's lanes picked from the group.
  Value group =
      memref::LoadOp::create(b, loc, vectorView(tiled, base, groupType),
                             ValueRange(),
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
      return vectorView(untiled, rowIndices(row),
                        VectorType::get({row.length}, lane));
    });
  }
}

void RegionTransfer::buildTransposedGroups(size_t level, Indices indices,
                                           Indices blocks, OpFoldResult lb,
                                           OpFoldResult ub, int64_t chunk) {
  if (rowTranspose->halves == 1 && rowTranspose->groupsPerStore == 1) {
    buildTransposedGroupLoop(level, indices, blocks, lb, ub, chunk);
    return;
  }
  // Joined groups (or pairs) up to the last whole one, then the next
  // smaller groups: a row's last tiles, fewer than a joined group, would
  // otherwise all move tile by tile (i2 rows of fewer than 32 tiles had no
  // group at all). The smaller groups have a loop of their own after the
  // larger ones': as their fallback, inside their loop, they slowed the
  // pairs by ~10%.
  int64_t largeTiles = rowTranspose->tiles;
  OpFoldResult largeEnd = math.add(
      lb, math.mul(math.floorDiv(math.sub(ub, lb), largeTiles), largeTiles));
  // A loop known to be empty is left out (rows of whole groups, static).
  auto empty = [](OpFoldResult from, OpFoldResult to) {
    auto kf = IndexArith::known(from), kt = IndexArith::known(to);
    return kf && kt && *kf >= *kt;
  };
  if (!empty(lb, largeEnd)) {
    OpBuilder::InsertionGuard guard(b);
    buildTransposedGroupLoop(level, indices, blocks, lb, largeEnd, chunk);
  }
  if (empty(largeEnd, ub))
    return;
  RowTransposePlan large = *rowTranspose;
  if (large.groupsPerStore > 1) {
    rowTranspose->groupsPerStore = 1;
    rowTranspose->tiles = largeTiles / large.groupsPerStore;
  } else {
    rowTranspose->halves = 1;
    rowTranspose->tiles = largeTiles / 2;
  }
  {
    OpBuilder::InsertionGuard guard(b);
    buildTransposedGroups(level, indices, blocks, largeEnd, ub, chunk);
  }
  *rowTranspose = std::move(large);
}

void RegionTransfer::buildTransposedGroupLoop(size_t level, Indices indices,
                                              Indices blocks, OpFoldResult lb,
                                              OpFoldResult ub,
                                              int64_t chunk) {
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
  auto load = [&](const RegionSide &side, const Indices &indices,
                  VectorType type) -> Value {
    return memref::LoadOp::create(b, loc, vectorView(side, indices, type),
                                  ValueRange(), /*nontemporal=*/false,
                                  llvm::Align(1));
  };
  // `indices` moved to tile row `row` (of the tile they start).
  auto withRow = [&](Indices indices, int64_t row) {
    for (auto [d, offset] : llvm::enumerate(plan.rowOffsets[row]))
      if (offset != 0)
        indices[d] = math.add(indices[d], math.constant(offset));
    return indices;
  };
  auto rowAt = [&](int64_t row) { return withRow(base, row); };
  auto tileAt = [&](int64_t tile) {
    Indices indices = base;
    indices[plan.dim] =
        math.add(indices[plan.dim], math.constant(tile * plan.runTile));
    return indices;
  };
  if (plan.joinRows && !plan.rowSlots.empty()) {
    // Each tile loaded whole; each tile row gathered from its vectors by
    // one shuffle, the rows of the group's tiles joined into one store.
    Type element = b.getIntegerType(8 * dst.tensor->elementBytes);
    auto vectorType = VectorType::get({plan.vectorElements}, element);
    SmallVector<SmallVector<Value>> tileVectors;
    for (int64_t tile = 0; tile < plan.tiles; ++tile) {
      SmallVector<Value> &vectors = tileVectors.emplace_back();
      for (const SmallVector<int64_t> &offsets : plan.vectorOffsets) {
        Indices at = tileAt(tile);
        for (auto [d, offset] : llvm::enumerate(offsets))
          if (offset != 0)
            at[d] = math.add(at[d], math.constant(offset));
        vectors.push_back(load(tiled, at, vectorType));
      }
    }
    auto rowType = VectorType::get({plan.tiles * plan.runTile}, element);
    for (int64_t row = 0; row < plan.tileRows; ++row) {
      SmallVector<Value> parts;
      for (const SmallVector<Value> &vectors : tileVectors)
        parts.push_back(vector::ShuffleOp::create(
            b, loc, vectors.front(), vectors.back(), plan.rowSlots[row]));
      streams->storeWholeLine(concatenateVectors(b, loc, parts),
                              [&, row = row] {
                                return vectorView(untiled, rowAt(row),
                                                  rowType);
                              });
    }
    return;
  }
  if (plan.joinRows) {
    // Each tile row of the group, read from its tiles and joined: one
    // 64-byte store writes the destination row's line whole.
    Type byte = b.getI8Type();
    auto pieceType = VectorType::get({plan.laneBytes}, byte);
    auto joinedType = VectorType::get({plan.tiles * plan.laneBytes}, byte);
    for (int64_t row = 0; row < plan.tileRows; ++row) {
      SmallVector<Value> parts;
      for (int64_t tile = 0; tile < plan.tiles; ++tile)
        parts.push_back(
            load(tiled, withRow(tileAt(tile), row), pieceType));
      streams->storeWholeLine(concatenateVectors(b, loc, parts),
                              [&, row = row] {
                                return vectorView(untiled, rowAt(row),
                                                  joinedType);
                              });
    }
    return;
  }
  SmallVector<Value> in;
  int64_t halves = plan.halves;
  if (!orderIsSrc) {
    for (int64_t row = 0; row < plan.tileRows; ++row)
      in.push_back(load(untiled, rowAt(row), rowType));
    // The group's tiles are adjacent (their dim's tiles are the innermost
    // outer dim): tiles narrower than a row vector (8x4 i2: 8 bytes) are
    // stored several at once, one 16-byte store per two tiles.
    int64_t groupTiles = plan.tiles / halves;
    int64_t perStore = std::max<int64_t>(1, groupTiles / plan.tileRows);
    auto storeType = VectorType::get({perStore * plan.tileRows}, lane);
    // With two halves, a piece holds the same columns of both groups, one
    // group per half: each half is stored on its own.
    auto half = [&](Value piece, int64_t which) -> Value {
      if (halves == 1)
        return piece;
      int64_t size = perStore * plan.tileRows;
      return vector::ShuffleOp::create(
          b, loc, piece, piece,
          llvm::to_vector(llvm::seq<int64_t>(which * size,
                                             (which + 1) * size)));
    };
    for (auto [index, piece] : llvm::enumerate(transposeLanes(
             b, loc, in, /*adjacentColumns=*/true, halves)))
      for (int64_t which = 0; which < halves; ++which)
        streams->store(half(piece, which), [&, index = index, which] {
          return vectorView(
              tiled, tileAt(which * groupTiles + int64_t(index) * perStore),
              storeType);
        });
    return;
  }
  // Into rows: `groupsPerStore` groups of `tiles` tiles, one after another
  // along `dim`, each transposed on its own; row r of the result is row r
  // of every group, joined.
  int64_t groups = plan.groupsPerStore, tiles = plan.tiles / groups;
  auto groupRowType = VectorType::get({tiles}, lane);
  auto joinedType = VectorType::get({plan.tiles}, lane);
  // Each group's rows from `firstRow` on, stored one joined vector per row.
  SmallVector<SmallVector<Value>> groupRows;
  auto storeRows = [&](int64_t firstRow) {
    for (size_t row = 0; row < groupRows.front().size(); ++row) {
      SmallVector<Value> parts;
      for (const SmallVector<Value> &rows : groupRows)
        parts.push_back(rows[row]);
      auto view = [&, row = firstRow + int64_t(row)] {
        return vectorView(untiled, rowAt(row), joinedType);
      };
      if (groups == 1)
        streams->store(parts.front(), view);
      else
        streams->storeWholeLine(concatenateVectors(b, loc, parts), view);
    }
    groupRows.clear();
  };
  int64_t perLoad = tiles / halves / plan.tileRows;
  if (perLoad > 1 || halves == 2) {
    // Tiles narrower than a row vector (8x4 i2: 8 bytes) load several at
    // once. A shuffle of each load's own lanes puts the loaded tiles' lanes
    // of one tile row next to each other, and the network transposes those
    // runs as single lanes of perLoad times the width: one full-width
    // shuffle per pair and round, instead of half-width vectors and one
    // more round (the i2 relayout from tiles ran at 60% of memcpy from
    // cache so).
    // With two halves, load k of each half is 16 bytes of its own group
    // (the second group's tiles follow the first's), joined into one
    // 32-byte vector; each half is grouped and transposed on its own, and
    // row r of the result is row r of both groups, 32 contiguous bytes.
    // Square groups in two halves take this path too: one tile per load,
    // whose lanes need no grouping and no lane-width casts.
    int64_t rows = plan.tileRows, halfTiles = tiles / halves;
    auto loadType = VectorType::get({halfTiles}, lane);
    SmallVector<int64_t> byRow, joined;
    for (int64_t half = 0; half < halves; ++half)
      for (int64_t row = 0; row < rows; ++row)
        for (int64_t tile = 0; tile < perLoad; ++tile)
          byRow.push_back(half * halfTiles + tile * rows + row);
    for (int64_t l = 0; l < tiles; ++l)
      joined.push_back(l);
    auto wideType = VectorType::get(
        {rows * halves}, b.getIntegerType(8 * plan.laneBytes * perLoad));
    for (int64_t group = 0; group < groups; ++group) {
      int64_t first = group * tiles;
      in.clear();
      for (int64_t k = 0; k < rows; ++k) {
        Value loaded = load(tiled, tileAt(first + k * perLoad), loadType);
        if (halves == 2)
          loaded = vector::ShuffleOp::create(
              b, loc, loaded,
              load(tiled, tileAt(first + halfTiles + k * perLoad), loadType),
              joined);
        if (perLoad == 1) {
          in.push_back(loaded);
          continue;
        }
        Value grouped =
            vector::ShuffleOp::create(b, loc, loaded, loaded, byRow);
        in.push_back(vector::BitCastOp::create(b, loc, wideType, grouped));
      }
      SmallVector<Value> &rowsOut = groupRows.emplace_back();
      for (Value value : transposeLanes(b, loc, in, /*adjacentColumns=*/false,
                                        halves))
        rowsOut.push_back(
            perLoad == 1
                ? value
                : vector::BitCastOp::create(b, loc, groupRowType, value));
    }
    storeRows(/*firstRow=*/0);
    return;
  }
  // Tiles with more rows than the group has tiles (8x1 f32: 8 rows, 4
  // tiles) move as square blocks: `tiles` rows of each tile, one 16-byte
  // load each, so that no shuffle crosses the halves of a 32-byte register
  // (whole-tile vectors did: 80% of memcpy from cache).
  int64_t blockRows = std::min(tiles, plan.tileRows);
  auto blockType = VectorType::get({blockRows}, lane);
  for (int64_t firstRow = 0; firstRow < plan.tileRows;
       firstRow += blockRows) {
    for (int64_t group = 0; group < groups; ++group) {
      in.clear();
      for (int64_t tile = 0; tile < tiles; ++tile)
        in.push_back(load(tiled,
                          withRow(tileAt(group * tiles + tile), firstRow),
                          blockType));
      groupRows.push_back(transposeLanes(b, loc, in));
    }
    storeRows(firstRow);
  }
}

} // namespace layoutopt::stream_lite
