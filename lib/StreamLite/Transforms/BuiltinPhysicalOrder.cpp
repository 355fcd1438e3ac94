//===- BuiltinPhysicalOrder.cpp - how kernels walk a byte image -----------===//
//
// getPhysicalOrder and makeSide (BuiltinKernelSupport.h): the order in
// which the region walk of a builtin kernel visits a tensor's byte image.
//
//===----------------------------------------------------------------------===//

#include "BuiltinKernelSupport.h"
#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

} // namespace layoutopt::stream_lite
