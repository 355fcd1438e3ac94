//===- LayoutReference.h - brute-force byte images of layouts ---*- C++ -*-===//
//
// An independent reference for docs/language.md, Byte images, written from first
// principles and sharing no code with lib/StreamLite: it walks the PHYSICAL
// index space of a layout in row-major order (an odometer, so the running
// count is the physical position), works out which logical element (if any)
// each physical slot holds, and records where every element lands.
//
//  - identity: the physical space is the logical shape.
//  - padding:  the physical space is d_i + p_i; slots with some index
//              >= d_i hold no element.
//  - tiled:    emulates the `linalg.pack` loop nest. The destination is
//              [outer dims permuted by outer_dims_perm..., tile dims in
//              inner_dims_pos order]; for every destination slot the source
//              index is src[i] = outer_i * tile_i + inner_i, and the slot is
//              padding when src is out of bounds.
//  - swizzle:  the tile dims of that destination are replaced by the
//              swizzle's expanded dims in permuted order; a slot's tile
//              index is rebuilt from its expanded digits row-major
//              (multiply-add), before the linalg.pack step above.
//
// No division, remainder or ceil-division is used: the number of outer
// tiles of a dim is found by counting.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_UNITTESTS_LAYOUTREFERENCE_H
#define LAYOUTOPT_UNITTESTS_LAYOUTREFERENCE_H

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace layoutopt::test {

using Shape = std::vector<int64_t>;

/// A physical layout described independently of the attribute classes.
struct LayoutDesc {
  enum Kind { Identity, Padding, Tiled } kind = Identity;
  std::vector<int64_t> padding;                       // Padding
  std::vector<int64_t> innerDimsPos, innerTiles;      // Tiled
  std::vector<int64_t> outerDimsPerm;                 // Tiled; may be empty
  /// Tiled with a swizzle: one factor list per inner tile, and the
  /// permutation of all expanded dims (no swizzle when empty).
  std::vector<std::vector<int64_t>> expandShape;
  std::vector<int64_t> swizzlePerm;
  /// Write `outer_dims_perm = [0, 1, ...]` explicitly when `outerDimsPerm`
  /// is empty (the parser must treat it as the default).
  bool spellIdentityPerm = false;
  int64_t rank = 0;

  std::string str() const {
    auto list = [](const std::vector<int64_t> &v) {
      std::string s = "[";
      for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
      return s + "]";
    };
    switch (kind) {
    case Identity:
      return "#stream_lite.identity";
    case Padding:
      return "#stream_lite.padding<" + list(padding) + ">";
    case Tiled: {
      std::string s = "#stream_lite.tiled<inner_dims_pos = " + list(innerDimsPos) +
                      ", inner_tiles = " + list(innerTiles);
      if (!outerDimsPerm.empty()) {
        s += ", outer_dims_perm = " + list(outerDimsPerm);
      } else if (spellIdentityPerm) {
        std::vector<int64_t> id;
        for (int64_t i = 0; i < rank; ++i)
          id.push_back(i);
        s += ", outer_dims_perm = " + list(id);
      }
      if (!expandShape.empty()) {
        s += ", swizzle = #stream_lite.swizzle<expand_shape = [";
        for (size_t j = 0; j < expandShape.size(); ++j)
          s += (j ? ", " : "") + list(expandShape[j]);
        s += "], permutation = " + list(swizzlePerm) + ">";
      }
      return s + ">";
    }
    }
    return "<bad>";
  }
};

/// The identity layout of `rank`.
inline LayoutDesc identityLayout(int64_t rank) {
  LayoutDesc l;
  l.kind = LayoutDesc::Identity;
  l.rank = rank;
  return l;
}

/// `#stream_lite.padding<pads>` (rank = number of pads).
inline LayoutDesc paddingLayout(std::vector<int64_t> pads) {
  LayoutDesc l;
  l.kind = LayoutDesc::Padding;
  l.rank = static_cast<int64_t>(pads.size());
  l.padding = std::move(pads);
  return l;
}

/// `#stream_lite.tiled<inner_dims_pos = pos, inner_tiles = tiles,
/// outer_dims_perm = perm>` over `rank` dims (no outer_dims_perm when
/// `perm` is empty).
inline LayoutDesc tiledLayout(int64_t rank, std::vector<int64_t> pos,
                              std::vector<int64_t> tiles,
                              std::vector<int64_t> perm = {}) {
  LayoutDesc l;
  l.kind = LayoutDesc::Tiled;
  l.rank = rank;
  l.innerDimsPos = std::move(pos);
  l.innerTiles = std::move(tiles);
  l.outerDimsPerm = std::move(perm);
  return l;
}

/// Calls `fn(index)` for every index of `shape` in row-major order.
template <typename Fn>
void forEachIndex(const Shape &shape, Fn fn) {
  for (int64_t d : shape)
    if (d == 0)
      return;
  Shape idx(shape.size(), 0);
  while (true) {
    fn(static_cast<const Shape &>(idx));
    int64_t k = static_cast<int64_t>(shape.size()) - 1;
    for (; k >= 0; --k) {
      if (++idx[k] < shape[k])
        break;
      idx[k] = 0;
    }
    if (k < 0)
      return;
  }
}

inline int64_t numElements(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// A key for a logical index (row-major position in the logical shape).
inline int64_t logicalKey(const Shape &shape, const Shape &idx) {
  int64_t key = 0;
  for (size_t i = 0; i < shape.size(); ++i)
    key = key * shape[i] + idx[i];
  return key;
}

/// The byte image of one layout for one shape.
struct RefImage {
  int64_t storageBytes = 0;
  /// Byte offset of each logical element, by logicalKey; -1 if never placed.
  std::vector<int64_t> offsetOf;
  /// Number of physical slots that hold no element.
  int64_t padSlots = 0;
  /// True when some element was placed twice (a broken reference).
  bool duplicatePlacement = false;
  /// True when every element was placed exactly once.
  bool complete() const {
    if (duplicatePlacement)
      return false;
    for (int64_t o : offsetOf)
      if (o < 0)
        return false;
    return true;
  }
};

inline RefImage referenceImage(const LayoutDesc &layout, const Shape &shape,
                               int64_t elementBytes) {
  const int64_t rank = static_cast<int64_t>(shape.size());
  RefImage image;
  image.offsetOf.assign(numElements(shape), -1);
  int64_t slot = 0; // physical position, in elements

  auto place = [&](const Shape &src) {
    int64_t key = logicalKey(shape, src);
    if (image.offsetOf[key] != -1)
      image.duplicatePlacement = true;
    image.offsetOf[key] = slot * elementBytes;
  };

  if (layout.kind == LayoutDesc::Identity || layout.kind == LayoutDesc::Padding) {
    Shape physical = shape;
    if (layout.kind == LayoutDesc::Padding)
      for (int64_t i = 0; i < rank; ++i)
        physical[i] += layout.padding[i];
    // An empty logical shape still has prod(d_i + p_i) (pad) slots.
    forEachIndex(physical, [&](const Shape &dst) {
      bool inBounds = true;
      for (int64_t i = 0; i < rank; ++i)
        inBounds &= dst[i] < shape[i];
      if (inBounds)
        place(dst);
      else
        ++image.padSlots;
      ++slot;
    });
    image.storageBytes = slot * elementBytes;
    return image;
  }

  // Tiled: linalg.pack.
  std::vector<int64_t> tileOf(rank, 1), tileSlot(rank, -1);
  for (size_t j = 0; j < layout.innerDimsPos.size(); ++j) {
    tileOf[layout.innerDimsPos[j]] = layout.innerTiles[j];
    tileSlot[layout.innerDimsPos[j]] = static_cast<int64_t>(j);
  }
  std::vector<int64_t> perm = layout.outerDimsPerm;
  if (perm.empty())
    for (int64_t i = 0; i < rank; ++i)
      perm.push_back(i);
  // Where source dim i's outer coordinate sits in the destination.
  std::vector<int64_t> outerSlotOf(rank, -1);
  for (int64_t p = 0; p < rank; ++p)
    outerSlotOf[perm[p]] = p;
  // Number of tiles that cover dim i: count them.
  std::vector<int64_t> outerCount(rank, 0);
  for (int64_t i = 0; i < rank; ++i)
    while (outerCount[i] * tileOf[i] < shape[i])
      ++outerCount[i];

  Shape packed;
  for (int64_t p = 0; p < rank; ++p)
    packed.push_back(outerCount[perm[p]]);
  // The expanded dims: which tile each belongs to and its size; with a
  // swizzle, physical dim rank + k is expanded dim swizzlePerm[k].
  std::vector<int64_t> expandedTile, expandedSize;
  if (layout.expandShape.empty()) {
    for (size_t j = 0; j < layout.innerTiles.size(); ++j) {
      expandedTile.push_back(static_cast<int64_t>(j));
      expandedSize.push_back(layout.innerTiles[j]);
    }
  } else {
    for (size_t j = 0; j < layout.expandShape.size(); ++j)
      for (int64_t factor : layout.expandShape[j]) {
        expandedTile.push_back(static_cast<int64_t>(j));
        expandedSize.push_back(factor);
      }
  }
  std::vector<int64_t> physicalOfExpanded(expandedSize.size());
  for (size_t k = 0; k < expandedSize.size(); ++k) {
    int64_t e = layout.expandShape.empty() ? static_cast<int64_t>(k)
                                           : layout.swizzlePerm[k];
    physicalOfExpanded[e] = static_cast<int64_t>(k);
    packed.push_back(expandedSize[e]);
  }

  Shape src(rank);
  std::vector<int64_t> tileIndex(layout.innerTiles.size());
  forEachIndex(packed, [&](const Shape &dst) {
    // Each tile's index from its expanded digits, outer factor first.
    std::fill(tileIndex.begin(), tileIndex.end(), 0);
    for (size_t e = 0; e < expandedSize.size(); ++e) {
      int64_t &index = tileIndex[expandedTile[e]];
      index = index * expandedSize[e] + dst[rank + physicalOfExpanded[e]];
    }
    bool inBounds = true;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t outer = dst[outerSlotOf[i]];
      int64_t inner = tileSlot[i] >= 0 ? tileIndex[tileSlot[i]] : 0;
      src[i] = outer * tileOf[i] + inner;
      inBounds &= src[i] < shape[i];
    }
    if (inBounds)
      place(src);
    else
      ++image.padSlots;
    ++slot;
  });
  image.storageBytes = slot * elementBytes;
  return image;
}

//===----------------------------------------------------------------------===//
// Random layouts and shapes
//===----------------------------------------------------------------------===//

inline int64_t randInt(std::mt19937 &rng, int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}

/// The bit image of one layout for one shape with elements of `bits` bits
/// (2 or 4: packed; 8 * k: whole bytes): the element slots of the byte
/// image (walked with one "byte" per slot), slot s holding bits
/// [s * bits, (s + 1) * bits); the storage is the bytes those bits need.
struct RefBitImage {
  int64_t storageBytes = 0;
  /// Bit offset of each logical element, by logicalKey.
  std::vector<int64_t> bitOffsetOf;
  bool complete = false;
};

inline RefImage referenceImage(const LayoutDesc &layout, const Shape &shape,
                               int64_t elementBytes);

inline RefBitImage referenceBitImage(const LayoutDesc &layout,
                                     const Shape &shape, int64_t bits) {
  RefImage slots = referenceImage(layout, shape, /*elementBytes=*/1);
  RefBitImage image;
  image.complete = slots.complete();
  image.bitOffsetOf = std::move(slots.offsetOf);
  for (int64_t &slot : image.bitOffsetOf)
    slot *= bits;
  // Count bytes up to the last bit without dividing.
  int64_t totalBits = slots.storageBytes * bits;
  while (image.storageBytes * 8 < totalBits)
    ++image.storageBytes;
  return image;
}

/// A random shape of `rank` whose dims stay small enough for brute force;
/// sometimes contains a zero dim.
inline Shape randomShape(std::mt19937 &rng, int64_t rank) {
  static const int64_t maxDim[] = {1, 24, 11, 6, 4};
  Shape shape;
  for (int64_t i = 0; i < rank; ++i)
    shape.push_back(randInt(rng, randInt(rng, 0, 49) == 0 ? 0 : 1, maxDim[rank]));
  return shape;
}

inline std::vector<int64_t> randomPermutation(std::mt19937 &rng, int64_t rank) {
  std::vector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    perm.push_back(i);
  std::shuffle(perm.begin(), perm.end(), rng);
  return perm;
}

inline LayoutDesc randomPadding(std::mt19937 &rng, int64_t rank) {
  LayoutDesc l;
  l.kind = LayoutDesc::Padding;
  l.rank = rank;
  bool allZero = randInt(rng, 0, 9) == 0;
  for (int64_t i = 0; i < rank; ++i)
    l.padding.push_back(allZero ? 0 : randInt(rng, 0, 4));
  return l;
}

inline LayoutDesc randomTiled(std::mt19937 &rng, int64_t rank, int64_t maxTile = 6) {
  LayoutDesc l;
  l.kind = LayoutDesc::Tiled;
  l.rank = rank;
  std::vector<int64_t> dims = randomPermutation(rng, rank);
  int64_t numTiled = randInt(rng, 0, rank);
  for (int64_t j = 0; j < numTiled; ++j) {
    l.innerDimsPos.push_back(dims[j]);
    l.innerTiles.push_back(randInt(rng, 1, maxTile));
  }
  switch (randInt(rng, 0, 3)) {
  case 0:
  case 1:
    break; // no outer_dims_perm
  case 2:
    l.outerDimsPerm = randomPermutation(rng, rank);
    break;
  case 3:
    l.spellIdentityPerm = true;
    break;
  }
  return l;
}

/// Adds a random swizzle to a tiled layout: each tile split into random
/// factors (unit factors included now and then), all of them permuted.
inline void addRandomSwizzle(std::mt19937 &rng, LayoutDesc &l) {
  if (l.innerTiles.empty())
    return;
  l.expandShape.clear();
  size_t expanded = 0;
  for (int64_t tile : l.innerTiles) {
    std::vector<int64_t> factors;
    int64_t rest = tile;
    while (rest > 1 && factors.size() < 3 && randInt(rng, 0, 2) != 0) {
      std::vector<int64_t> divisors;
      for (int64_t f = 2; f < rest; ++f)
        if (rest % f == 0)
          divisors.push_back(f);
      if (divisors.empty())
        break;
      int64_t f = divisors[randInt(rng, 0, divisors.size() - 1)];
      factors.push_back(f);
      rest /= f;
    }
    factors.push_back(rest);
    if (randInt(rng, 0, 5) == 0)
      factors.insert(factors.begin() + randInt(rng, 0, factors.size()), 1);
    expanded += factors.size();
    l.expandShape.push_back(std::move(factors));
  }
  l.swizzlePerm = randomPermutation(rng, static_cast<int64_t>(expanded));
}

/// A random tiled layout that carries a random swizzle (tiles up to
/// `maxTile`, at least one tiled dim when rank > 0).
inline LayoutDesc randomSwizzled(std::mt19937 &rng, int64_t rank,
                                 int64_t maxTile = 8) {
  LayoutDesc l = randomTiled(rng, rank, maxTile);
  for (int attempt = 0; attempt < 4 && l.innerTiles.empty() && rank > 0;
       ++attempt)
    l = randomTiled(rng, rank, maxTile);
  addRandomSwizzle(rng, l);
  return l;
}

/// Identity, a random padding, a random swizzled or a random tiled layout
/// (tiles up to `maxTile`), with equal odds.
inline LayoutDesc randomLayoutOfAnyKind(std::mt19937 &rng, int64_t rank,
                                        int64_t maxTile = 6) {
  switch (randInt(rng, 0, 3)) {
  case 0:
    return identityLayout(rank);
  case 1:
    return randomPadding(rng, rank);
  case 2:
    return randomSwizzled(rng, rank, maxTile);
  default:
    return randomTiled(rng, rank, maxTile);
  }
}

} // namespace layoutopt::test

#endif // LAYOUTOPT_UNITTESTS_LAYOUTREFERENCE_H
