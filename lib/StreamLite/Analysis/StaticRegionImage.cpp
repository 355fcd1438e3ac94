//===- StaticRegionImage.cpp - regions with static values -----------------===//
//
// Private to the transfer planner (StaticRegionImage.h): the exact decision
// for regions whose dims, offsets and lengths are all constants, on the
// layout's physical dims.
//
//===----------------------------------------------------------------------===//

#include "StaticRegionImage.h"
#include "SymbolicRegionImage.h"
#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace layoutopt::stream_lite::detail {

std::optional<StaticRegion> getStatic(const TensorRegion &region) {
  StaticRegion result;
  auto collect = [](ArrayRef<OpFoldResult> values,
                    SmallVectorImpl<int64_t> &out) {
    for (OpFoldResult v : values) {
      std::optional<int64_t> c = IndexArith::known(v);
      if (!c)
        return false;
      out.push_back(*c);
    }
    return true;
  };
  if (!collect(region.dims, result.dims) ||
      !collect(region.offsets, result.offsets) ||
      !collect(region.lengths, result.lengths))
    return std::nullopt;
  return result;
}

FailureOr<RegionImage> mapStaticRegion(PhysicalLayoutAttrInterface layout,
                                       const StaticRegion &region,
                                       std::string &why,
                                       bool trimTrailingPads) {
  RegionImage image;
  image.contract = layout.getPadContract();
  SmallVector<PhysicalDim> dims = layout.getPhysicalDims(region.dims);
  int64_t rank = region.dims.size();

  // The first `rank` physical dims are the outer (or only) dim of each
  // logical dim; their stride is the dim's tile.
  SmallVector<int64_t> tileOf(rank, 1);
  for (const PhysicalDim &dim : ArrayRef(dims).take_front(rank))
    tileOf[dim.logicalDim] = dim.stride;
  // A swizzled tile orders its elements its own way: it moves as bytes only
  // whole.
  bool swizzled = isSwizzled(dims, rank);
  if (swizzled) {
    for (int64_t i = 0; i < rank; ++i) {
      int64_t a = region.offsets[i], b = a + region.lengths[i];
      int64_t d = region.dims[i], t = tileOf[i];
      if (t > 1 && b - a != 1 && (a % t != 0 || (b % t != 0 && b != d))) {
        why = llvm::formatv("dim {0} region [{1}, {2}) cuts {3}-wide swizzled "
                            "tiles",
                            i, a, b, t);
        return failure();
      }
    }
  }

  for (auto [p, dim] : llvm::enumerate(dims)) {
    int64_t i = dim.logicalDim;
    int64_t a = region.offsets[i], b = a + region.lengths[i];
    int64_t d = region.dims[i], t = tileOf[i];
    bool isOuter = static_cast<int64_t>(p) < rank;
    int64_t begin, extent, used;
    if (!isOuter && swizzled) {
      // A swizzle factor: one digit of the region's single index in this
      // dim, or all of them when it covers whole tiles (checked above).
      // (A single element that is also the whole dim takes the tile's pads
      // too, unless trailing pads are trimmed.)
      bool single = b - a == 1 && (trimTrailingPads ||
                                   !(a % t == 0 && (b % t == 0 || b == d)));
      begin = single ? (a % t) / dim.stride % dim.extent : 0;
      extent = single ? 1 : dim.extent;
      used = extent;
    } else if (t == 1) {
      begin = a;
      extent = b - a;
      used = b - a;
      // A region that covers the whole logical dim also takes the pads that
      // follow it (padding layouts), which keeps whole rows contiguous.
      if (a == 0 && b == d)
        extent = dim.extent;
    } else {
      int64_t outerBegin = a / t, outerEnd = llvm::divideCeil(b, t);
      bool oneTile = outerEnd - outerBegin == 1;
      if (!oneTile && (a % t != 0 || (b % t != 0 && b != d))) {
        why = llvm::formatv("dim {0} region [{1}, {2}) cuts {3}-wide tiles", i,
                            a, b, t);
        return failure();
      }
      if (isOuter) {
        begin = outerBegin;
        extent = outerEnd - outerBegin;
        used = extent;
      } else if (oneTile) {
        begin = a - outerBegin * t;
        // Reaching the end of the dim takes the tile's trailing pads too.
        extent = (b == d ? t : b - outerBegin * t) - begin;
        used = b - a;
      } else {
        begin = 0;
        extent = t;
        used = t;
      }
    }
    image.box.push_back({dim, begin, extent, used});
  }

  // Trailing pads are needed only between elements: up to the first box dim
  // holding several region elements, every box dim may keep only the steps
  // that hold elements. The range then ends with the region's last row, not
  // with the pads after it (of a padding layout or a last partial tile), so
  // a region can move between tensors whose trailing pads differ (a slice of
  // rows into a tensor of just those rows).
  if (trimTrailingPads) {
    for (RegionImage::BoxDim &boxDim : image.box) {
      boxDim.extent = boxDim.used;
      if (boxDim.used > 1)
        break;
    }
  }

  // Row-major contiguity: after the first box dim with extent > 1, every
  // box dim must be whole.
  bool seenNonUnit = false;
  for (const RegionImage::BoxDim &boxDim : image.box) {
    if (seenNonUnit &&
        (boxDim.begin != 0 || boxDim.extent != boxDim.dim.extent)) {
      int64_t i = boxDim.dim.logicalDim;
      int64_t a = region.offsets[i], b = a + region.lengths[i];
      if (tileOf[i] > 1)
        why = llvm::formatv("dim {0} region [{1}, {2}) cuts {3}-wide tiles", i,
                            a, b, tileOf[i]);
      else
        why = llvm::formatv("dim {0} region [{1}, {2}) is not the whole dim "
                            "({3}), so the region is not one byte range",
                            i, a, b, region.dims[i]);
      return failure();
    }
    if (boxDim.extent > 1)
      seenNonUnit = true;
  }

  for (const RegionImage::BoxDim &boxDim : image.box) {
    image.slots *= boxDim.extent;
    if (boxDim.extent <= 1)
      continue;
    PhysicalDim step{boxDim.dim.logicalDim, boxDim.dim.stride, boxDim.extent};
    if (!image.signature.empty()) {
      PhysicalDim &last = image.signature.back();
      if (last.logicalDim == step.logicalDim &&
          last.stride == step.stride * step.extent) {
        last = {step.logicalDim, step.stride, last.extent * step.extent};
        continue;
      }
    }
    image.signature.push_back(step);
  }
  for (int64_t length : region.lengths)
    image.elements *= length;
  return image;
}

std::string describeRegion(const StaticRegion &region) {
  // Whole rows of the leading dim read best as "rows a..b".
  bool rows = !region.dims.empty();
  for (size_t i = 1; i < region.dims.size(); ++i)
    rows &= region.offsets[i] == 0 && region.lengths[i] == region.dims[i];
  if (rows && region.lengths[0] > 0)
    return llvm::formatv("rows {0}..{1} are contiguous", region.offsets[0],
                         region.offsets[0] + region.lengths[0] - 1);
  std::string text = "region ";
  for (size_t i = 0; i < region.dims.size(); ++i) {
    if (i)
      text += " x ";
    text += llvm::formatv("[{0}, {1})", region.offsets[i],
                          region.offsets[i] + region.lengths[i]);
  }
  return text + " is contiguous";
}

/// Slots from a static image's first slot through its last region element,
/// which sits at the last used step of every box dim.
static int64_t slotsThroughLastElement(const RegionImage &image) {
  int64_t last = 0, stride = 1;
  for (const RegionImage::BoxDim &boxDim : llvm::reverse(image.box)) {
    last += (boxDim.used - 1) * stride;
    stride *= boxDim.extent;
  }
  return last + 1;
}

int64_t packedRangeSlots(const RegionImage &image, ElementWidth width) {
  int64_t perByte = width.slotsPerByte();
  if (!width.isPacked() || image.slots % perByte == 0)
    return image.slots;
  int64_t through = slotsThroughLastElement(image);
  return through % perByte == 0 ? through : image.slots;
}

} // namespace layoutopt::stream_lite::detail
