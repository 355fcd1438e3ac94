//===- PhysicalEqualityTest.cpp - canonical layouts and layout<[...]> -----===//

#include "CatchUtil.h"
#include "LayoutReference.h"
#include "TestUtil.h"

#include <catch2/catch.hpp>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

PhysicalLayoutAttrInterface physical(MLIRContext &ctx, StringRef text) {
  return requireAttr<PhysicalLayoutAttrInterface>(ctx, text);
}

/// True when `a` and `b` (by the project's static math) give the same
/// storage size and offsets for `shape`.
bool sameImageByProject(PhysicalLayoutAttrInterface a, PhysicalLayoutAttrInterface b,
                        const Shape &shape, int64_t elementBytes) {
  if (a.getStorageSizeInBytes(shape, ElementWidth::ofBytes(elementBytes)) !=
      b.getStorageSizeInBytes(shape, ElementWidth::ofBytes(elementBytes)))
    return false;
  bool same = true;
  forEachIndex(shape, [&](const Shape &idx) {
    same &= a.getElementByteOffset(shape, ElementWidth::ofBytes(elementBytes), idx) ==
            b.getElementByteOffset(shape, ElementWidth::ofBytes(elementBytes), idx);
  });
  return same;
}

bool sameRefImage(const RefImage &a, const RefImage &b) {
  return a.storageBytes == b.storageBytes && a.offsetOf == b.offsetOf;
}

} // namespace

TEST_CASE("identity == padding<[0, 0]> == all-ones tiled", "[equality]") {
  auto ctx = makeContext();
  const char *identities[] = {
      "#stream_lite.identity",
      "#stream_lite.padding<[0, 0]>",
      "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>",
      "#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [1, 1]>",
      "#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>",
      "#stream_lite.tiled<inner_dims_pos = [], inner_tiles = []>",
      ("#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1], "
       "outer_dims_perm = [0, 1]>"),
  };
  for (const char *a : identities)
    for (const char *b : identities) {
      INFO(a << " vs " << b);
      CHECK(arePhysicallyEqual(physical(*ctx, a), physical(*ctx, b)));
    }
  for (const char *a : identities) {
    INFO(a);
    PhysicalLayoutAttrInterface layout = physical(*ctx, a);
    CHECK(isa<IdentityAttr>(layout.getCanonicalLayout()));
    CHECK(cast<SerializableEncodingAttrInterface>(Attribute(layout)).isIdentityLayout());
    // And really the same bytes, by the project's own math.
    for (Shape shape : {Shape{5, 3}, Shape{1, 1}, Shape{4, 7}})
      CHECK(sameImageByProject(layout, physical(*ctx, "#stream_lite.identity"),
                               shape, 4));
  }
}

TEST_CASE("layouts that differ physically are not equal", "[equality]") {
  auto ctx = makeContext();
  const char *layouts[] = {
      "#stream_lite.identity",
      "#stream_lite.padding<[0, 1]>",
      "#stream_lite.padding<[1, 0]>",
      "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>",
      "#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>",
      "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>",
      "#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [2, 4]>",
      ("#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2], "
       "outer_dims_perm = [1, 0]>"),
      "#stream_lite.tiled<inner_dims_pos = [], inner_tiles = [], outer_dims_perm = [1, 0]>",
  };
  for (size_t i = 0; i < std::size(layouts); ++i)
    for (size_t j = 0; j < std::size(layouts); ++j) {
      INFO(layouts[i] << " vs " << layouts[j]);
      CHECK(arePhysicallyEqual(physical(*ctx, layouts[i]),
                               physical(*ctx, layouts[j])) == (i == j));
    }
  CHECK_FALSE(arePhysicallyEqual(physical(*ctx, "#stream_lite.identity"), nullptr));
  CHECK_FALSE(arePhysicallyEqual(nullptr, nullptr));
}

TEST_CASE("packed tails: tiles of 1 keep theirs zero, plain rows do not",
          "[equality][packed]") {
  auto ctx = makeContext();
  auto rows = physical(*ctx, "#stream_lite.identity");
  auto noPads = physical(*ctx, "#stream_lite.padding<[0, 0]>");
  auto ones = physical(*ctx, "#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>");
  auto onesOther = physical(*ctx, "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [1]>");
  auto tiles = physical(*ctx, "#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>");
  for (int64_t bits : {8, 16, 32}) {
    ElementWidth width(bits);
    INFO(bits << " bits");
    CHECK(areBytesInterchangeable(rows, ones, width));
    CHECK(areBytesInterchangeable(ones, rows, width));
    CHECK(areBytesInterchangeable(noPads, ones, width));
  }
  for (int64_t bits : {2, 4}) {
    ElementWidth width(bits);
    INFO(bits << " bits");
    // Into tiles of 1, an undefined tail would stay: not interchangeable.
    CHECK_FALSE(areBytesInterchangeable(rows, ones, width));
    CHECK_FALSE(areBytesInterchangeable(noPads, ones, width));
    // Out of them, or between two layouts that keep it zero, it is.
    CHECK(areBytesInterchangeable(ones, rows, width));
    CHECK(areBytesInterchangeable(ones, onesOther, width));
    CHECK(areBytesInterchangeable(rows, noPads, width));
    CHECK_FALSE(areBytesInterchangeable(rows, tiles, width));
  }
  // A list of the two writes the tiles' contract, whichever comes first, so
  // that what is written satisfies a reader of either entry.
  for (StringRef text :
       {"#stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>]>",
        "#stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>, #stream_lite.identity]>"}) {
    INFO(text.str());
    auto list = requireAttr<LayoutAttr>(*ctx, text);
    PhysicalLayoutAttrInterface unique = list.getUniquePhysicalLayout();
    REQUIRE(unique);
    CHECK(unique.getPadContract() == PadContract::Zero);
  }
}

TEST_CASE("tile-1 entries do not matter", "[equality]") {
  auto ctx = makeContext();
  auto a = physical(*ctx, "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 4]>");
  auto b = physical(*ctx, "#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>");
  CHECK(arePhysicallyEqual(a, b));
  for (Shape shape : {Shape{5, 3}, Shape{2, 9}, Shape{3, 4}})
    CHECK(sameImageByProject(a, b, shape, 2));
}

TEST_CASE("identity outer_dims_perm is the default", "[equality][tiled]") {
  auto ctx = makeContext();
  Attribute with = parseAttr(*ctx, "#stream_lite.tiled<inner_dims_pos = [0, 1], "
                                   "inner_tiles = [8, 4], outer_dims_perm = [0, 1]>");
  Attribute without =
      parseAttr(*ctx, "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>");
  REQUIRE(with);
  REQUIRE(without);
  CHECK(with == without);
  CHECK(print(with) == "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>");
  CHECK(cast<TiledAttr>(with).getOuterDimsPerm().empty());
  CHECK(cast<TiledAttr>(with).getOuterDimsPermOrIdentity(2) ==
        SmallVector<int64_t>{0, 1});

  // A non-identity permutation is kept and printed.
  Attribute perm = parseAttr(*ctx, "#stream_lite.tiled<inner_dims_pos = [1, 0], "
                                   "inner_tiles = [4, 1], outer_dims_perm = [1, 0]>");
  REQUIRE(perm);
  CHECK(print(perm) == "#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = "
                       "[4, 1], outer_dims_perm = [1, 0]>");
  CHECK(print(parseAttr(*ctx, print(perm))) == print(perm));

  // Built through the C++ API with an explicit identity permutation: the
  // same byte image, so physically equal to the default spelling.
  auto built = TiledAttr::get(ctx.get(), {0, 1}, {8, 4}, {0, 1});
  CHECK(print(built) == print(without));
  CHECK(sameImageByProject(built, cast<PhysicalLayoutAttrInterface>(without),
                           {9, 5}, 4));
  CHECK(arePhysicallyEqual(built, cast<PhysicalLayoutAttrInterface>(without)));
  auto builtOnes = TiledAttr::get(ctx.get(), {0, 1}, {1, 1}, {0, 1});
  CHECK(arePhysicallyEqual(builtOnes, IdentityAttr::get(ctx.get())));
}

TEST_CASE("getCanonicalLayout keeps the byte image", "[equality]") {
  auto ctx = makeContext();
  std::mt19937 rng(0xca70);
  for (int iter = 0; iter < 1500; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    int kind = randInt(rng, 0, 5);
    LayoutDesc desc = kind == 0   ? randomPadding(rng, rank)
                      : kind <= 2 ? randomTiled(rng, rank, 4)
                                  : randomTiled(rng, rank, 3);
    // Bias towards tiles of 1 and zero padding, which canonicalize.
    for (int64_t &t : desc.innerTiles)
      if (randInt(rng, 0, 1))
        t = 1;
    for (int64_t &p : desc.padding)
      if (randInt(rng, 0, 1))
        p = 0;
    // Swizzles, of the tiles left (unit factors and in-order splits
    // canonicalize away).
    if (kind == 1 || kind == 2)
      addRandomSwizzle(rng, desc);
    Shape shape = randomShape(rng, rank);
    int64_t b = int64_t(1) << randInt(rng, 0, 3);
    INFO(desc.str() << " shape " << listStr(shape) << " elementBytes " << b);
    PhysicalLayoutAttrInterface layout = physical(*ctx, desc.str());
    PhysicalLayoutAttrInterface canonical = layout.getCanonicalLayout();
    REQUIRE(canonical);
    INFO("canonical " << print(canonical));
    CHECK(canonical.getCanonicalLayout() == canonical);
    CHECK(arePhysicallyEqual(layout, canonical));
    RefImage ref = referenceImage(desc, shape, b);
    REQUIRE(ref.complete());
    CHECK(canonical.getStorageSizeInBytes(shape, ElementWidth::ofBytes(b)) == ref.storageBytes);
    bool same = true;
    forEachIndex(shape, [&](const Shape &idx) {
      same &= canonical.getElementByteOffset(shape, ElementWidth::ofBytes(b), idx) ==
              ref.offsetOf[logicalKey(shape, idx)];
    });
    CHECK(same);
  }
}

TEST_CASE("arePhysicallyEqual agrees with brute-force byte images",
          "[equality]") {
  // A pool of rank-2 layouts; two are physically equal iff their reference
  // byte images agree on every shape of a grid that tiles do not all divide.
  auto ctx = makeContext();
  std::mt19937 rng(0xe9a1);
  std::vector<LayoutDesc> pool;
  {
    LayoutDesc id;
    id.rank = 2;
    pool.push_back(id);
  }
  for (int i = 0; i < 20; ++i) {
    LayoutDesc p = randomPadding(rng, 2);
    for (int64_t &x : p.padding)
      x = std::min<int64_t>(x, 2);
    pool.push_back(p);
  }
  for (int i = 0; i < 50; ++i)
    pool.push_back(randomTiled(rng, 2, 3));
  // Swizzles of tiles up to 4 (2 x 2 splits): some only reorder whole tile
  // dims or split a dim in order, which are plain tiles physically.
  for (int i = 0; i < 40; ++i)
    pool.push_back(randomSwizzled(rng, 2, 4));

  std::vector<Shape> grid;
  for (int64_t d0 = 1; d0 <= 7; ++d0)
    for (int64_t d1 = 1; d1 <= 7; ++d1)
      grid.push_back({d0, d1});
  std::vector<std::vector<RefImage>> images;
  std::vector<PhysicalLayoutAttrInterface> attrs;
  for (const LayoutDesc &l : pool) {
    attrs.push_back(physical(*ctx, l.str()));
    std::vector<RefImage> row;
    for (const Shape &s : grid)
      row.push_back(referenceImage(l, s, 1));
    images.push_back(std::move(row));
  }
  int equalPairs = 0;
  for (size_t i = 0; i < pool.size(); ++i)
    for (size_t j = 0; j < pool.size(); ++j) {
      bool sameBytes = true;
      for (size_t s = 0; s < grid.size() && sameBytes; ++s)
        sameBytes = sameRefImage(images[i][s], images[j][s]);
      equalPairs += sameBytes && i != j;
      INFO(pool[i].str() << " vs " << pool[j].str());
      CHECK(arePhysicallyEqual(attrs[i], attrs[j]) == sameBytes);
    }
  // The pool must contain some non-trivially equal pairs to mean anything.
  CHECK(equalPairs > 10);
}

TEST_CASE("swizzles that only reorder or split in order are plain tiles",
          "[equality][swizzle]") {
  auto ctx = makeContext();
  struct Case {
    const char *swizzled, *plain;
  } cases[] = {
      // Identity permutation: the split changes nothing.
      {"#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], "
       "swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [4]], "
       "permutation = [0, 1, 2]>>",
       "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>"},
      // Transposing whole tile dims is an inner_dims_pos order.
      {"#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], "
       "swizzle = #stream_lite.swizzle<expand_shape = [[8], [4]], "
       "permutation = [1, 0]>>",
       "#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 8]>"},
      // Unit factors are nothing.
      {"#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], "
       "swizzle = #stream_lite.swizzle<expand_shape = [[8, 1], [1, 4]], "
       "permutation = [1, 0, 2, 3]>>",
       "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>"},
  };
  for (const Case &c : cases) {
    INFO(c.swizzled);
    PhysicalLayoutAttrInterface swizzled = physical(*ctx, c.swizzled);
    CHECK(swizzled.getCanonicalLayout() ==
          physical(*ctx, c.plain).getCanonicalLayout());
  }
  // A real swizzle keeps one, and differs from the plain tiles.
  PhysicalLayoutAttrInterface real = physical(
      *ctx, "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], "
            "swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [4]], "
            "permutation = [1, 0, 2]>>");
  auto canonical = dyn_cast<TiledAttr>(real.getCanonicalLayout());
  REQUIRE(canonical);
  CHECK(canonical.getSwizzle());
  CHECK(!arePhysicallyEqual(
      real, physical(*ctx, "#stream_lite.tiled<inner_dims_pos = [0, 1], "
                           "inner_tiles = [8, 4]>")));
}

TEST_CASE("layout<[...]>: unique physical layout and max storage",
          "[equality][layout-list]") {
  auto ctx = makeContext();
  auto layoutList = [&](StringRef text) {
    std::string diags;
    auto attr = dyn_cast_if_present<LayoutAttr>(parseAttr(*ctx, text, &diags));
    INFO(text.str() << ": " << diags);
    REQUIRE(attr);
    return attr;
  };

  // Physically equal entries: one unique physical layout.
  LayoutAttr same = layoutList(
      "#stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[0, 0]>, "
      "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>]>");
  PhysicalLayoutAttrInterface unique = same.getUniquePhysicalLayout();
  REQUIRE(unique);
  CHECK(arePhysicallyEqual(unique, IdentityAttr::get(ctx.get())));
  CHECK(same.isIdentityLayout());

  LayoutAttr sameTiled = layoutList(
      "#stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>, "
      "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], outer_dims_perm = [0, 1]>]>");
  REQUIRE(sameTiled.getUniquePhysicalLayout());
  CHECK(arePhysicallyEqual(sameTiled.getUniquePhysicalLayout(),
                           physical(*ctx, "#stream_lite.tiled<inner_dims_pos = [0, 1], "
                                          "inner_tiles = [8, 4]>")));
  CHECK_FALSE(sameTiled.isIdentityLayout());

  // Different entries: null.
  for (const char *text : {
           "#stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[0, 4]>]>",
           "#stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = "
           "[8, 4]>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>]>",
           "#stream_lite.layout<[#stream_lite.identity, #stream_lite.identity, "
           "#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [2]>]>",
           // Not physical at all.
           "#stream_lite.layout<[#stream_lite.identity, #stream_lite.specialized<1, tensor<4x4xf32>>]>",
       }) {
    INFO(text);
    CHECK_FALSE(layoutList(text).getUniquePhysicalLayout());
    CHECK_FALSE(layoutList(text).isIdentityLayout());
  }

  // getPhysicalLayout on tensor types.
  auto physicalOf = [&](StringRef text) {
    RankedTensorType type = parseTensorType(*ctx, text);
    INFO(text.str());
    REQUIRE(type);
    return getPhysicalLayout(type);
  };
  CHECK(isa_and_present<IdentityAttr>(physicalOf("tensor<4x4xf32>")));
  CHECK(arePhysicallyEqual(
      physicalOf("tensor<4x4xf32, #stream_lite.layout<[#stream_lite.identity, "
                 "#stream_lite.padding<[0, 0]>]>>"),
      IdentityAttr::get(ctx.get())));
  CHECK_FALSE(physicalOf("tensor<4x4xf32, #stream_lite.layout<[#stream_lite.identity, "
                         "#stream_lite.padding<[0, 1]>]>>"));
  CHECK_FALSE(physicalOf("tensor<4x4xf32, #stream_lite.padding<[0, ?]>>"));
  CHECK_FALSE(physicalOf("tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, "
                         "op_type = matmul, element_types = [f32, f32, f32]>>"));
  CHECK_FALSE(physicalOf("tensor<4x4xf32, #stream_lite.testing<>>"));
  CHECK_FALSE(physicalOf("tensor<4x4xf32, #stream_lite.unknown>"));
  CHECK(isa_and_present<PaddingAttr>(
      physicalOf("tensor<4x4xf32, #stream_lite.padding<[0, 3]>>")));

  // Storage size of layout<[...]> is the maximum over its entries.
  std::mt19937 rng(0x3a3);
  for (int iter = 0; iter < 500; ++iter) {
    int64_t rank = randInt(rng, 1, 3);
    Shape shape = randomShape(rng, rank);
    int64_t n = randInt(rng, 1, 4);
    std::string text = "#stream_lite.layout<[";
    int64_t want = 0;
    for (int64_t e = 0; e < n; ++e) {
      LayoutDesc desc = randInt(rng, 0, 1) ? randomTiled(rng, rank)
                                           : randomPadding(rng, rank);
      text += (e ? ", " : "") + desc.str();
      want = std::max(want, referenceImage(desc, shape, 4).storageBytes);
    }
    text += "]>";
    std::string shapeStr;
    for (int64_t d : shape)
      shapeStr += std::to_string(d) + "x";
    std::string typeText = "tensor<" + shapeStr + "f32, " + text + ">";
    INFO(typeText);
    RankedTensorType type = parseTensorType(*ctx, typeText);
    REQUIRE(type);
    auto encoding = getSerializableEncoding(type);
    REQUIRE(encoding);
    CHECK(encoding.getStaticStorageSizeInBytes(type).value_or(-1) == want);
  }
}
