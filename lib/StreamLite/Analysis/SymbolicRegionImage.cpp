//===- SymbolicRegionImage.cpp - regions with dynamic values --------------===//
//
// A region is one byte range for every value of its dynamic parts when, in
// the layout's physical dims (row-major), every dim before some dim k is
// provably a single step, and every dim after k is provably whole. Dim k is
// then `count` steps, and the range starts at the region's first element.
// What may be dynamic:
//  - a whole dim (offset 0, length the same value as the dim);
//  - offsets of dims that are a single step (a row index);
//  - the offset and length of dim k, where a tiled dim must stay tile-aligned:
//    its offset and length provably multiples of the tile (their divisors
//    known from the IR, see isProvablyMultipleOf). Nothing is assumed at run
//    time: an offset that is only aligned for some values is a dispatch.
// The structure of the physical dims and the extents of whole dims come from
// the layout interface, read at two probe sizes of the dynamic dims: every
// layout of the project gives an untiled dim the extent `d + pad` and the
// outer dim of a tiled dim `ceil(d / tile)`; a layout that does not read that
// way at both probes proves nothing.
//
//===----------------------------------------------------------------------===//

#include "SymbolicRegionImage.h"
#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace layoutopt::stream_lite::detail {

static std::optional<int64_t> known(OpFoldResult v) {
  return IndexArith::known(v);
}

static bool provablyEqual(OpFoldResult a, OpFoldResult b) {
  std::optional<int64_t> ca = known(a), cb = known(b);
  if (ca || cb)
    return ca && cb && *ca == *cb;
  return cast<Value>(a) == cast<Value>(b);
}

//===----------------------------------------------------------------------===//
// Divisibility
//===----------------------------------------------------------------------===//

bool isProvablyMultipleOf(OpFoldResult value, int64_t factor) {
  if (factor < 1)
    return false;
  return IndexArith::knownDivisor(value) % uint64_t(factor) == 0;
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

static std::string text(OpFoldResult v) {
  std::optional<int64_t> c = known(v);
  return c ? std::to_string(*c) : std::string("?");
}

/// `[a, b)` with `?` for dynamic values: `[2, 4)`, `[?, ? + 2)`, `[0, ?)`.
static std::string rangeText(OpFoldResult offset, OpFoldResult length) {
  std::optional<int64_t> a = known(offset), n = known(length);
  if (a && n)
    return llvm::formatv("[{0}, {1})", *a, *a + *n);
  if (a && *a == 0)
    return llvm::formatv("[0, {0})", text(length));
  return llvm::formatv("[{0}, {0} + {1})", text(offset), text(length));
}

std::string describeSymbolicRegion(const TensorRegion &region) {
  size_t rank = region.dims.size();
  // A whole dim starts at 0, its only valid offset (mapSymbolicRegion).
  auto offset = [&](size_t i) -> OpFoldResult {
    if (provablyEqual(region.lengths[i], region.dims[i]))
      return Builder(region.type.getContext()).getIndexAttr(0);
    return region.offsets[i];
  };
  bool rows = rank > 0;
  for (size_t i = 1; i < rank; ++i)
    rows &= provablyEqual(region.lengths[i], region.dims[i]);
  if (rows)
    return "rows " + rangeText(offset(0), region.lengths[0]) +
           " are contiguous";
  std::string result = "region ";
  for (size_t i = 0; i < rank; ++i)
    result += (i ? " x " : "") + rangeText(offset(i), region.lengths[i]);
  return result + " is contiguous";
}

//===----------------------------------------------------------------------===//
// Mapping
//===----------------------------------------------------------------------===//

Size Size::of(OpFoldResult count, int64_t divisor, bool roundUp,
              int64_t addend) {
  Size size{std::nullopt, count, divisor, roundUp, addend};
  if (std::optional<int64_t> c = known(count))
    size.value =
        (roundUp ? llvm::divideCeil(*c, divisor) : *c / divisor) + addend;
  return size;
}

bool Size::operator==(const Size &other) const {
  if (value || other.value)
    return value == other.value;
  return provablyEqual(count, other.count) && divisor == other.divisor &&
         roundUp == other.roundUp && addend == other.addend;
}

namespace {
/// How the region covers one physical dim.
struct Cover {
  /// Provably a single step (the region holds one coordinate of this dim).
  bool unit = false;
  /// Provably all steps, pads included, starting at coordinate 0.
  bool whole = false;
  /// When whole: whether some steps may hold pads only, and whether they
  /// do for every value.
  bool mayPad = false, surePad = false;
  /// Steps the region takes when this is the first moved dim.
  Size count;
};
} // namespace

bool isSwizzled(ArrayRef<PhysicalDim> dims, int64_t rank) {
  llvm::SmallDenseSet<int64_t> seen;
  for (const PhysicalDim &dim : dims.drop_front(rank))
    if (dim.stride != 1 || !seen.insert(dim.logicalDim).second)
      return true;
  return false;
}

/// The physical dims of `dims` with dynamic dims given the size `probe`.
static SmallVector<PhysicalDim> probeDims(PhysicalLayoutAttrInterface layout,
                                          ArrayRef<OpFoldResult> dims,
                                          int64_t probe) {
  SmallVector<int64_t> shape;
  for (OpFoldResult d : dims)
    shape.push_back(known(d).value_or(probe));
  return layout.getPhysicalDims(shape);
}

FailureOr<SymbolicImage> mapSymbolicRegion(PhysicalLayoutAttrInterface layout,
                                           const TensorRegion &region,
                                           std::string &why) {
  SymbolicImage image;
  image.contract = layout.getPadContract();
  image.span.start = region.offsets;
  int64_t rank = region.dims.size();
  // A length equal to the dim leaves offset 0 as the only valid offset (a
  // region out of bounds fails its runtime check): the span starts there,
  // which also proves a packed range's first bit (rule 8).
  for (int64_t i = 0; i < rank; ++i)
    if (!known(region.offsets[i]) &&
        provablyEqual(region.lengths[i], region.dims[i]))
      image.span.start[i] =
          Builder(region.type.getContext()).getIndexAttr(0);

  // An empty region moves nothing.
  for (OpFoldResult length : region.lengths)
    if (known(length) == 0) {
      image.span.elementFactors.push_back(length);
      return image;
    }

  constexpr int64_t kProbeA = 7, kProbeB = 29;
  SmallVector<PhysicalDim> dims = probeDims(layout, region.dims, kProbeA);
  SmallVector<PhysicalDim> dimsB = probeDims(layout, region.dims, kProbeB);
  auto unreadable = [&](int64_t i) {
    why = llvm::formatv("the {0} layout's byte image of dynamic dim {1} is "
                        "not one this planner can reason about",
                        layout, i);
    return failure();
  };
  if (dims.size() != dimsB.size())
    return unreadable(0);

  // The first `rank` physical dims are the outer (or only) dim of each
  // logical dim, with its tile as stride; the rest are in-tile dims.
  SmallVector<int64_t> tile(rank, 1);
  for (const PhysicalDim &dim : ArrayRef(dims).take_front(rank))
    tile[dim.logicalDim] = dim.stride;
  bool swizzled = isSwizzled(dims, rank);
  auto isInTile = [&](size_t p) { return static_cast<int64_t>(p) >= rank; };

  // Per physical dim: its extent (a constant, or a size of the dynamic dim)
  // and, for untiled dims, whether it holds pads.
  SmallVector<Size> extents;
  SmallVector<bool> untiledPads, staticPads;
  for (auto [p, pa] : llvm::enumerate(dims)) {
    const PhysicalDim &pb = dimsB[p];
    int64_t i = pa.logicalDim;
    if (pa.logicalDim != pb.logicalDim || pa.stride != pb.stride)
      return unreadable(i);
    OpFoldResult d = region.dims[i];
    std::optional<int64_t> sd = known(d);
    if (sd || isInTile(p)) {
      if (pa.extent != pb.extent)
        return unreadable(i);
      extents.push_back(Size::constant(pa.extent));
      untiledPads.push_back(tile[i] == 1 && sd && pa.extent > *sd);
      staticPads.push_back(untiledPads.back());
      continue;
    }
    if (pa.stride > 1) {
      if (pa.extent != llvm::divideCeilSigned(kProbeA, pa.stride) ||
          pb.extent != llvm::divideCeilSigned(kProbeB, pb.stride))
        return unreadable(i);
      extents.push_back(Size::of(d, pa.stride, /*roundUp=*/true));
      untiledPads.push_back(false);
      staticPads.push_back(false);
      continue;
    }
    int64_t pad = pa.extent - kProbeA;
    if (pad < 0 || pb.extent - kProbeB != pad)
      return unreadable(i);
    extents.push_back(Size::of(d, 1, false, pad));
    untiledPads.push_back(pad > 0);
    staticPads.push_back(pad > 0);
  }

  // Why logical dim i is not whole: text for a dispatch reason, formatted
  // only when it is the reason.
  auto notWholeReason = [&](int64_t i) -> std::string {
    std::string range = rangeText(region.offsets[i], region.lengths[i]);
    if (tile[i] == 1)
      return llvm::formatv("dim {0} region {1} is not the whole dim ({2}), so "
                           "the region is not one byte range",
                           i, range, text(region.dims[i]));
    return llvm::formatv("dim {0} region {1} cuts {2}-wide tiles", i, range,
                         tile[i]);
  };
  // How the region covers each logical dim: its outer (or only) physical dim
  // and, for tiled dims, the inner one.
  SmallVector<Cover> outer(rank), inner(rank);
  for (int64_t i = 0; i < rank; ++i) {
    OpFoldResult a = region.offsets[i], n = region.lengths[i],
                 d = region.dims[i];
    std::optional<int64_t> sa = known(a), sn = known(n), sd = known(d);
    int64_t t = tile[i];
    // A length equal to the dim leaves offset 0 as the only valid offset.
    bool whole = provablyEqual(n, d);
    if (t == 1) {
      outer[i].unit = sn == 1;
      outer[i].whole = whole;
      outer[i].count = Size::of(n);
      continue;
    }
    if (whole) {
      // The tiles that hold the dim, the last one's pads included.
      outer[i].unit = sd && *sd <= t;
      outer[i].whole = true;
      bool wholeTiles = isProvablyMultipleOf(d, t);
      outer[i].count = Size::of(n, t, /*roundUp=*/!wholeTiles);
      inner[i].unit = sd == 1;
      inner[i].whole = true;
      inner[i].mayPad = !wholeTiles;
      inner[i].surePad = sd && *sd % t != 0;
      inner[i].count = Size::of(n);
      continue;
    }
    // One element is a single step of both dims, except the only element
    // of a last partial tile: that one also reaches the end of the dim, so
    // it is handled below as the tile's rows with its pads, as the static
    // planner sees it.
    if (sn == 1 && !(sa && sd && *sa % t == 0 && *sa + 1 == *sd)) {
      outer[i].unit = inner[i].unit = true;
      continue;
    }
    bool aligned = isProvablyMultipleOf(a, t);
    // Inside one tile for every valid value: a static region in one tile, an
    // aligned one no longer than the tile, or any region of a dim that ends
    // in the tile the region starts in.
    bool oneTile = (sa && sn && *sa / t == (*sa + *sn - 1) / t) ||
                   (aligned && sn && *sn <= t) || (sd && *sd <= t) ||
                   (sa && sd && *sa / t == (*sd - 1) / t);
    if (oneTile) {
      // Rows of one tile: the inner dim moves them.
      outer[i].unit = true;
      inner[i].count = Size::of(n);
      bool fromTileStart = sa ? *sa % t == 0 : aligned;
      bool toTileEnd = sn && (*sn == t || (sa && sd && *sa + *sn == *sd));
      inner[i].whole = fromTileStart && toTileEnd;
      inner[i].mayPad = !sn || *sn < t;
      inner[i].surePad = inner[i].whole && *sn < t;
      continue;
    }
    // Several tiles: whole tiles only, so the offset must be tile-aligned and
    // the region must end at a tile boundary or at the end of the dim.
    if (!aligned) {
      why = sa ? notWholeReason(i)
               : std::string(llvm::formatv(
                     "dim {0} offset is dynamic and not provably a multiple "
                     "of its {1}-wide tiles",
                     i, t));
      return failure();
    }
    inner[i].whole = true;
    if (isProvablyMultipleOf(n, t)) {
      outer[i].count = Size::of(n, t);
    } else if (sa && sn && sd && *sa + *sn == *sd) {
      outer[i].count = Size::of(n, t, /*roundUp=*/true);
      inner[i].mayPad = inner[i].surePad = true;
    } else {
      why = sn && sd ? notWholeReason(i)
            : sn     ? std::string(llvm::formatv(
                       "dim {0} region {1} ends inside a {2}-wide tile, and "
                       "whether that is the end of the dynamic dim is not known",
                       i, rangeText(a, n), t))
                     : std::string(llvm::formatv(
                       "dim {0} length is dynamic and not provably a multiple "
                       "of its {1}-wide tiles",
                       i, t));
      return failure();
    }
  }

  auto coverOf = [&](size_t p) -> Cover & {
    int64_t i = dims[p].logicalDim;
    return isInTile(p) ? inner[i] : outer[i];
  };
  // A swizzled tile is one element or whole: its elements of any other
  // part are not in index order.
  if (swizzled)
    for (int64_t i = 0; i < rank; ++i)
      if (tile[i] > 1 && !inner[i].unit && !inner[i].whole) {
        why = llvm::formatv("dim {0} region {1} cuts {2}-wide swizzled tiles",
                            i, rangeText(region.offsets[i], region.lengths[i]),
                            tile[i]);
        return failure();
      }

  // The first moved dim: before it, single steps; after it, whole dims.
  size_t k = 0;
  while (k < dims.size() && coverOf(k).unit)
    ++k;
  if (k == dims.size()) {
    // A single element.
    image.span.elementFactors.push_back(indexAttr(layout.getContext(), 1));
    return image;
  }
  // The outer dim of a tiled dim followed by its inner dim (with only dims of
  // one step between) moves whole rows of that dim in order: count the rows,
  // which leaves out the pad rows of a last partial tile.
  int64_t movedDim = dims[k].logicalDim;
  size_t innerOfMoved = k + 1;
  bool tiledOuter = !isInTile(k) && tile[movedDim] > 1;
  if (tiledOuter)
    while (innerOfMoved < dims.size() &&
           dims[innerOfMoved].logicalDim != movedDim &&
           extents[innerOfMoved].value == 1)
      ++innerOfMoved;
  // Not for a swizzled tile, whose pad rows are not at its end.
  bool rowsOfTiles = tiledOuter && !swizzled && innerOfMoved < dims.size() &&
                     dims[innerOfMoved].logicalDim == movedDim;
  size_t after = rowsOfTiles ? innerOfMoved + 1 : k + 1;
  for (size_t p = after; p < dims.size(); ++p) {
    const Cover &cover = coverOf(p);
    if (!cover.whole) {
      why = notWholeReason(dims[p].logicalDim);
      return failure();
    }
    bool isUntiled = tile[dims[p].logicalDim] == 1;
    image.mayHavePads |= isUntiled ? untiledPads[p] : cover.mayPad;
    image.hasPads |= isUntiled ? staticPads[p] : cover.surePad;
  }

  // A swizzle factor moved first is whole (the region is one tile there):
  // all its steps.
  Size count = rowsOfTiles                ? Size::of(region.lengths[movedDim])
               : swizzled && isInTile(k) ? extents[k]
                                         : coverOf(k).count;
  int64_t stepElements = rowsOfTiles ? 1 : dims[k].stride;
  // A constant size (a swizzle factor's extent) has only its value.
  OpFoldResult stepCount = count.count;
  if (!stepCount)
    stepCount = indexAttr(layout.getContext(), *count.value);
  image.span.steps = PhysicalSteps{movedDim, stepElements, stepCount,
                                   count.divisor, count.roundUp};

  // The signature: sizes of the moved dims, unit steps left out, adjacent
  // steps of one logical dim merged.
  image.signature.push_back({movedDim, stepElements, count});
  if (count.value == 1)
    image.signature.clear();
  for (size_t p = after; p < dims.size(); ++p) {
    SymbolicImage::Entry step{dims[p].logicalDim, dims[p].stride, extents[p]};
    if (step.size.value == 1)
      continue;
    if (!image.signature.empty()) {
      SymbolicImage::Entry &last = image.signature.back();
      std::optional<int64_t> n = step.size.value;
      if (last.logicalDim == step.logicalDim && n &&
          last.stride == step.stride * *n) {
        if (last.size.value) {
          last = {step.logicalDim, step.stride,
                  Size::constant(*last.size.value * *n)};
          continue;
        }
        // Whole tiles of an aligned count: `count / tile` steps of `tile`.
        if (last.size.divisor == *n && !last.size.roundUp &&
            last.size.addend == 0) {
          last = {step.logicalDim, step.stride, Size::of(last.size.count)};
          continue;
        }
      }
    }
    image.signature.push_back(step);
  }
  return image;
}

bool haveSameSignature(const SymbolicImage &a, const SymbolicImage &b) {
  if (a.signature.size() != b.signature.size())
    return false;
  for (auto [x, y] : llvm::zip_equal(a.signature, b.signature))
    if (x.logicalDim != y.logicalDim || x.stride != y.stride ||
        !(x.size == y.size))
      return false;
  return true;
}

} // namespace layoutopt::stream_lite::detail
