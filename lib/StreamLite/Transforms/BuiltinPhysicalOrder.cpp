//===- BuiltinPhysicalOrder.cpp - how kernels walk a byte image -----------===//
//
// getPhysicalOrder, planGroupMoves and makeSide (BuiltinKernelSupport.h):
// the order in which the region walk of a builtin kernel visits a tensor's
// byte image, and how a swizzled tile's groups map to untiled rows.
//
//===----------------------------------------------------------------------===//

#include "BuiltinKernelSupport.h"
#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace layoutopt::stream_lite {

using namespace detail;

PhysicalOrder detail::getPhysicalOrder(const KernelTensor &tensor) {
  PhysicalOrder order;
  // Strides and the order of physical dims do not depend on the extents.
  SmallVector<int64_t> shape =
      llvm::map_to_vector(tensor.type.getShape(), [](int64_t d) {
        return ShapedType::isDynamic(d) ? int64_t(1) : d;
      });
  order.dims = tensor.layout.getPhysicalDims(shape);
  order.tiles.assign(shape.size(), 1);
  // The first rank dims are each logical dim's outer (or only) dim, whose
  // stride is its tile; a swizzle's in-tile dims may step by more.
  for (const PhysicalDim &dim : ArrayRef(order.dims).take_front(shape.size()))
    order.tiles[dim.logicalDim] = dim.stride;
  // The walks below expect the outer dims first (one per logical dim, its
  // tile as stride), then the dims inside a tile, each stepping a tiled dim
  // by a stride that, times its extent, stays inside the tile: one stride-1
  // dim per tiled dim for plain tiles, a swizzle's factors otherwise (as
  // identity, padding and tiled have it). Any other image is walked in
  // logical order one element at a time.
  bool expected = order.dims.size() >= shape.size();
  for (const PhysicalDim &dim : ArrayRef(order.dims).drop_front(shape.size())) {
    int64_t tile = order.tiles[dim.logicalDim];
    expected &= tile > 1 && dim.stride >= 1 && dim.extent >= 1 &&
                tile % dim.stride == 0 && dim.stride * dim.extent <= tile;
  }
  if (!expected) {
    order = PhysicalOrder();
    order.tiles.assign(shape.size(), 1);
    for (int64_t dim = 0, e = shape.size(); dim < e; ++dim)
      order.dims.push_back({dim, 1, 1});
    return order;
  }
  // The innermost dim runs contiguously when it steps by 1: a whole untiled
  // dim, or its extent inside a tile (the tile, or a swizzle's innermost
  // factor, whose runs are aligned to multiples of it).
  if (!order.dims.empty() && order.dims.back().stride == 1) {
    order.runDim = order.dims.back().logicalDim;
    bool inTile = order.dims.size() > shape.size();
    order.runLength =
        inTile ? order.dims.back().extent : int64_t(ShapedType::kDynamic);
  }
  return order;
}

RegionSide detail::makeSide(OpBuilder &builder, const KernelTensor &tensor,
                            ValueRange offsets) {
  RegionSide side{&tensor, {}};
  if (offsets.empty())
    side.offsets.assign(tensor.type.getRank(),
                        indexAttr(builder.getContext(), 0));
  else
    side.offsets = getAsOpFoldResult(offsets);
  return side;
}

SmallVector<int64_t> detail::logicalOffsets(int64_t index,
                                            ArrayRef<PhysicalDim> dims,
                                            size_t rank) {
  SmallVector<int64_t> offsets(rank, 0);
  for (const PhysicalDim &dim : llvm::reverse(dims)) {
    offsets[dim.logicalDim] += index % dim.extent * dim.stride;
    index /= dim.extent;
  }
  return offsets;
}

std::optional<GroupPlan> detail::planGroupMoves(const PhysicalOrder &order,
                                                size_t firstTileDim,
                                                const PhysicalOrder &other,
                                                int64_t elementBytes,
                                                size_t rank) {
  // The other side's innermost dim runs contiguously through whole rows,
  // and the order side tiles it (else its rows in a tile are one element).
  int64_t runDim = other.runDim;
  if (!order.hasTiles() || other.hasTiles() || runDim < 0 ||
      !ShapedType::isDynamic(other.runLength) || order.tiles[runDim] <= 1)
    return std::nullopt;
  // The group: the innermost physical dims of the tile, as many as fit.
  GroupPlan plan;
  plan.firstDim = order.dims.size();
  plan.elements = 1;
  int64_t maxElements = kMaxGroupBytes / elementBytes;
  while (plan.firstDim > firstTileDim &&
         plan.elements * order.dims[plan.firstDim - 1].extent <= maxElements)
    plan.elements *= order.dims[--plan.firstDim].extent;
  if (plan.elements < 2)
    return std::nullopt;
  // Each element's offset from the group's first, per logical dim; the
  // elements of one row (all offsets equal but runDim's) must be one run
  // of the other side, so that a row moves as one vector.
  ArrayRef<PhysicalDim> groupDims =
      ArrayRef(order.dims).drop_front(plan.firstDim);
  SmallVector<SmallVector<int64_t>> offsets;
  for (int64_t element = 0; element < plan.elements; ++element)
    offsets.push_back(logicalOffsets(element, groupDims, rank));
  struct Run {
    int64_t first = INT64_MAX, last = INT64_MIN, count = 0;
  };
  llvm::MapVector<SmallVector<int64_t>, Run> runs;
  for (const SmallVector<int64_t> &offset : offsets) {
    SmallVector<int64_t> key = offset;
    key[runDim] = 0;
    Run &run = runs[key];
    run.first = std::min(run.first, offset[runDim]);
    run.last = std::max(run.last, offset[runDim]);
    ++run.count;
  }
  if (static_cast<int64_t>(runs.size()) > kMaxGroupRows)
    return std::nullopt;
  int64_t lanes = 0;
  SmallVector<int64_t> startOf;
  for (auto &[key, run] : runs) {
    if (run.last - run.first + 1 != run.count)
      return std::nullopt;
    GroupRow row;
    row.offsets = key;
    row.offsets[runDim] = run.first;
    row.length = run.count;
    plan.rows.push_back(std::move(row));
    startOf.push_back(lanes);
    lanes += run.count;
  }
  for (const SmallVector<int64_t> &offset : offsets) {
    SmallVector<int64_t> key = offset;
    key[runDim] = 0;
    auto it = runs.find(key);
    int64_t row = std::distance(runs.begin(), it);
    plan.lanes.push_back(startOf[row] + offset[runDim] - it->second.first);
  }
  return plan;
}


} // namespace layoutopt::stream_lite
