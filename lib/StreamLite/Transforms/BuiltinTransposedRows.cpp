//===- BuiltinTransposedRows.cpp - narrow tile rows, transposed -----------===//
//
// planRowTransposes and transposeLanes (BuiltinKernelSupport.h): which
// whole tiles move several at a time with their narrow rows transposed in
// registers, and the unpack network that transposes them. The region walk
// (BuiltinRegionTransfer.cpp) builds the loads, the stores and the loop
// over groups of tiles.
//
//===----------------------------------------------------------------------===//

#include "BuiltinKernelSupport.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;

namespace layoutopt::stream_lite {

using namespace detail;

namespace {

/// Bytes of the vectors a transposed group moves along the untiled side's
/// rows: one 16-byte load or store per tile row of the group.
constexpr int64_t kTransposedRowBytes = 16;

/// At most this many bytes per tile on the tiled side of a transposed
/// group (one vector per tile).
constexpr int64_t kMaxTransposedTileBytes = 64;

/// Bytes of a joined group's stores into the untiled side's rows: a cache
/// line, so that each row's line is written by one store, not by one
/// piece per tile spread over the group's other rows.
constexpr int64_t kJoinedRowBytes = 64;

/// Whether `dim`'s tiles (of `runTile` elements along it) are the
/// innermost outer dim of `order`, below the outermost loop (which may be
/// parallel): a group's tiles are then side by side.
bool tilesSideBySide(const PhysicalOrder &order, size_t firstTileDim,
                     int64_t dim, int64_t runTile) {
  return firstTileDim >= 2 &&
         order.dims[firstTileDim - 1].logicalDim == dim &&
         order.dims[firstTileDim - 1].stride == runTile;
}

} // namespace

std::optional<RowTransposePlan>
detail::planRowTransposes(const PhysicalOrder &order, size_t firstTileDim,
                          const PhysicalOrder &other, const KernelTensor &d,
                          const KernelTensor &s, size_t rank) {
  int64_t dim = other.runDim;
  // Whole elements (or whole bytes of packed ones) that move as they are.
  if (!order.hasTiles() || other.hasTiles() || dim < 0 ||
      !ShapedType::isDynamic(other.runLength) ||
      s.width.bits != d.width.bits || s.elementBytes != d.elementBytes ||
      (!d.width.isPacked() && (d.storageType != d.type.getElementType() ||
                               s.storageType != s.type.getElementType())))
    return std::nullopt;
  int64_t runTile = order.tiles[dim];
  if (runTile % d.width.slotsPerByte() != 0)
    return std::nullopt;
  int64_t laneBytes = d.width.isPacked() ? runTile / d.width.slotsPerByte()
                                         : runTile * d.elementBytes;
  bool join = laneBytes == 8 || laneBytes == 16 || laneBytes == 32;
  if (laneBytes != 1 && laneBytes != 2 && laneBytes != 4 && !join)
    return std::nullopt;
  // A plain tile whose rows along `dim` are its innermost physical dim (or
  // that does not tile `dim`), and `dim`'s tiles the innermost outer dim,
  // below the outermost loop (which may be parallel).
  ArrayRef<PhysicalDim> tileDims =
      ArrayRef(order.dims).drop_front(firstTileDim);
  const PhysicalDim &inner = order.dims.back();
  if (runTile > 1 ? inner.logicalDim != dim || inner.stride != 1 ||
                        inner.extent != runTile
                  : llvm::any_of(tileDims, [&](const PhysicalDim &tileDim) {
                      return tileDim.logicalDim == dim;
                    }))
    return std::nullopt;
  if (!tilesSideBySide(order, firstTileDim, dim, runTile))
    return std::nullopt;
  RowTransposePlan plan;
  plan.dim = dim;
  plan.runTile = runTile;
  plan.level = firstTileDim - 1;
  plan.laneBytes = laneBytes;
  plan.joinRows = join;
  plan.tiles = (join ? kJoinedRowBytes : kTransposedRowBytes) / laneBytes;
  plan.tileRows = 1;
  for (int64_t tile : order.tiles)
    plan.tileRows *= tile;
  plan.tileRows /= runTile;
  if (plan.tileRows < 2)
    return std::nullopt;
  // The transpose network takes whole tiles of 2^k rows in one vector.
  if (!join && (!llvm::isPowerOf2_64(plan.tileRows) ||
                plan.tileRows * laneBytes > kMaxTransposedTileBytes))
    return std::nullopt;
  // Tile row k's offsets: k decomposed over the tile's physical dims other
  // than `dim`'s.
  ArrayRef<PhysicalDim> rowDims =
      runTile > 1 ? tileDims.drop_back() : tileDims;
  for (int64_t row = 0; row < plan.tileRows; ++row)
    plan.rowOffsets.push_back(logicalOffsets(row, rowDims, rank));
  return plan;
}

std::optional<RowTransposePlan>
detail::planGatheredRowJoins(const PhysicalOrder &order, size_t firstTileDim,
                             const PhysicalOrder &other, const KernelTensor &d,
                             const KernelTensor &s, size_t rank) {
  int64_t dim = other.runDim;
  if (!order.hasTiles() || other.hasTiles() || dim < 0 ||
      !ShapedType::isDynamic(other.runLength) || d.width.isPacked() ||
      s.width.bits != d.width.bits || s.elementBytes != d.elementBytes ||
      !llvm::isPowerOf2_64(d.elementBytes) ||
      d.storageType != d.type.getElementType() ||
      s.storageType != s.type.getElementType())
    return std::nullopt;
  // Tiles along `dim` whose rows are 8, 16 or 32 bytes.
  int64_t runTile = order.tiles[dim];
  int64_t rowBytes = runTile * d.elementBytes;
  if (runTile < 2 || (rowBytes != 8 && rowBytes != 16 && rowBytes != 32))
    return std::nullopt;
  if (!tilesSideBySide(order, firstTileDim, dim, runTile))
    return std::nullopt;
  int64_t tileElements = 1;
  for (int64_t tile : order.tiles)
    tileElements *= tile;
  int64_t tileBytes = tileElements * d.elementBytes;
  if (tileBytes > 2 * kJoinedRowBytes ||
      (tileBytes > kJoinedRowBytes && tileBytes % kJoinedRowBytes != 0))
    return std::nullopt;
  RowTransposePlan plan;
  plan.dim = dim;
  plan.runTile = runTile;
  plan.level = firstTileDim - 1;
  plan.laneBytes = rowBytes;
  plan.joinRows = true;
  plan.tiles = kJoinedRowBytes / rowBytes;
  plan.tileRows = tileElements / runTile;
  if (plan.tileRows < 2)
    return std::nullopt;
  plan.vectorElements =
      std::min(tileElements, kJoinedRowBytes / d.elementBytes);
  // Each slot's row (its offsets but along `dim`) and column; rows in
  // row-major order of their offsets.
  ArrayRef<PhysicalDim> tileDims =
      ArrayRef(order.dims).drop_front(firstTileDim);
  std::map<SmallVector<int64_t>, SmallVector<int64_t>> slotsOfRow;
  for (int64_t slot = 0; slot < tileElements; ++slot) {
    SmallVector<int64_t> offsets = logicalOffsets(slot, tileDims, rank);
    if (slot % plan.vectorElements == 0)
      plan.vectorOffsets.push_back(offsets);
    int64_t column = offsets[dim];
    offsets[dim] = 0;
    SmallVector<int64_t> &slots = slotsOfRow[offsets];
    if (slots.empty())
      slots.assign(runTile, -1);
    slots[column] = slot;
  }
  for (auto &[offsets, slots] : slotsOfRow) {
    plan.rowOffsets.push_back(offsets);
    plan.rowSlots.push_back(slots);
  }
  return plan;
}

SmallVector<Value> detail::transposeLanes(OpBuilder &b, Location loc,
                                          ArrayRef<Value> rows,
                                          bool adjacentColumns,
                                          int64_t halves) {
  int64_t lanes = cast<VectorType>(rows.front().getType()).getNumElements();
  int64_t n = lanes / halves;
  int64_t m = rows.size();
  assert((halves == 1 || m == n || (adjacentColumns && m < n)) &&
         "halves need square blocks or adjacent columns");
  // A mask over two n-lane rows, applied to every half of two wide rows.
  auto shuffle = [&](Value x, Value y, ArrayRef<int64_t> mask) -> Value {
    SmallVector<int64_t> wide;
    for (int64_t half = 0; half < halves; ++half)
      for (int64_t lane : mask)
        wide.push_back(lane < n ? half * n + lane
                                : lanes + half * n + (lane - n));
    return vector::ShuffleOp::create(b, loc, x, y, wide);
  };
  SmallVector<SmallVector<Value>> groups;
  for (Value row : rows)
    groups.push_back({row});
  for (int64_t unit = 1; groups.size() > 1; unit *= 2) {
    SmallVector<SmallVector<Value>> next;
    for (size_t g = 0; g < groups.size(); g += 2) {
      ArrayRef<Value> x = groups[g], y = groups[g + 1];
      SmallVector<Value> joined;
      if (2 * unit <= n) {
        // Piece p of each holds n / unit columns: its lower and upper half
        // of them, interleaved with the other's, are two pieces.
        for (size_t p = 0; p < x.size(); ++p)
          for (int64_t half = 0; half < 2; ++half) {
            SmallVector<int64_t> mask;
            for (int64_t c = 0; c < n / (2 * unit); ++c)
              for (int64_t from : {int64_t(0), n})
                for (int64_t k = 0; k < unit; ++k)
                  mask.push_back(from + half * n / 2 + c * unit + k);
            joined.push_back(shuffle(x[p], y[p], mask));
          }
      } else {
        // Each column fills unit / n pieces: whole pieces change places.
        int64_t per = unit / n;
        for (int64_t c = 0; c < n; ++c) {
          llvm::append_range(joined, x.slice(c * per, per));
          llvm::append_range(joined, y.slice(c * per, per));
        }
      }
      next.push_back(std::move(joined));
    }
    groups = std::move(next);
  }
  // Column c is lanes [c*m, (c+1)*m) of the pieces laid end to end.
  ArrayRef<Value> pieces = groups.front();
  if (adjacentColumns && m < n)
    return SmallVector<Value>(pieces);
  SmallVector<Value> columns;
  for (int64_t c = 0; c < n; ++c) {
    if (m == n) {
      columns.push_back(pieces[c]);
    } else if (m < n) {
      int64_t within = c % (n / m);
      columns.push_back(shuffle(
          pieces[c / (n / m)], pieces[c / (n / m)],
          llvm::to_vector(llvm::seq<int64_t>(within * m, (within + 1) * m))));
    } else {
      // m / n pieces per column (one half: m > n has no halves).
      columns.push_back(
          concatenateVectors(b, loc, pieces.slice(c * (m / n), m / n)));
    }
  }
  return columns;
}


Value detail::concatenateVectors(OpBuilder &b, Location loc,
                                 ArrayRef<Value> parts) {
  assert(llvm::isPowerOf2_64(parts.size()) && "2^k parts");
  SmallVector<Value> joined(parts);
  while (joined.size() > 1) {
    SmallVector<Value> fewer;
    for (size_t i = 0; i < joined.size(); i += 2) {
      int64_t size =
          2 * cast<VectorType>(joined[i].getType()).getNumElements();
      fewer.push_back(vector::ShuffleOp::create(
          b, loc, joined[i], joined[i + 1],
          llvm::to_vector(llvm::seq<int64_t>(0, size))));
    }
    joined = std::move(fewer);
  }
  return joined.front();
}

} // namespace layoutopt::stream_lite
