//===- ResolverTest.cpp - encoding resolvers ------------------------------===//

#include <limits>
#include "CatchUtil.h"
#include "LayoutReference.h"
#include "TestUtil.h"

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

#include <catch2/catch.hpp>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

/// The padding_resolver rule (docs/language.md), written as literally as possible: no padding
/// for rows shorter than the cache-set span; otherwise grow the row one byte
/// at a time until it is a whole number of cache lines, and step one more
/// line when that lands on a multiple of the set span.
int64_t referencePadBytes(int64_t rowBytes, int64_t line, int64_t sets) {
  const int64_t span = line * sets;
  if (rowBytes < span)
    return 0;
  int64_t padded = rowBytes;
  while (padded % line != 0)
    ++padded;
  if (padded % span == 0)
    padded += line;
  return padded - rowBytes;
}

/// Runs a resolver, capturing its diagnostics.
struct Resolved {
  FailureOr<Attribute> layout = failure();
  std::string diagnostics;
};
Resolved resolve(MLIRContext &ctx, EncodingResolverAttrInterface resolver,
                 RankedTensorType type) {
  Resolved result;
  DiagnosticCapture capture(ctx);
  Location loc = UnknownLoc::get(&ctx);
  result.layout =
      resolver.getLayout(type, [&]() { return mlir::emitError(loc); });
  result.diagnostics = capture.text();
  return result;
}

const char *kMatmulEncoding[] = {
    "#stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>",
    "#stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32]>",
    "#stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32]>",
};

} // namespace

//===----------------------------------------------------------------------===//
// padding_resolver
//===----------------------------------------------------------------------===//

TEST_CASE("padding_resolver: reference rule on known values", "[resolver][padding]") {
  // C = 128, S = 4: span 512.
  CHECK(referencePadBytes(100, 128, 4) == 0);
  CHECK(referencePadBytes(511, 128, 4) == 0);
  CHECK(referencePadBytes(512, 128, 4) == 128);  // 512 -> 640
  CHECK(referencePadBytes(513, 128, 4) == 127);  // 513 -> 640
  // 1000 rounds to 1024 = 2 * 512, a multiple of the span: + 128 -> 1152.
  CHECK(referencePadBytes(1000, 128, 4) == 152);
  CHECK(referencePadBytes(1100, 128, 4) == 52);  // 1100 -> 1152
}

TEST_CASE("padding_resolver: getPadBytes over a sweep of row sizes",
          "[resolver][padding]") {
  auto ctx = makeContext();
  for (int64_t line : {16, 32, 64, 128})
    for (int64_t sets : {1, 2, 3, 4, 8}) {
      auto resolver = PaddingResolverAttr::get(ctx.get(), line, sets);
      std::string problem;
      for (int64_t row = 0; row <= 3 * line * sets + line && problem.empty(); ++row) {
        int64_t got = resolver.getPadBytes(row).value_or(-1);
        int64_t want = referencePadBytes(row, line, sets);
        if (got != want)
          problem = "C=" + std::to_string(line) + " S=" + std::to_string(sets) +
                    " R=" + std::to_string(row) + ": pad " + std::to_string(got) +
                    ", reference " + std::to_string(want);
        // Properties of the rule for rows at least a set span long.
        else if (row >= line * sets && ((row + got) % line != 0 || got >= 2 * line))
          problem = "R=" + std::to_string(row) + ": padded row " +
                    std::to_string(row + got) + " is not a small multiple of C";
        else if (row >= line * sets && sets > 1 && (row + got) % (line * sets) == 0)
          problem = "R=" + std::to_string(row) + ": padded row still aliases";
      }
      CHECK(problem == "");
    }
}

TEST_CASE("padding_resolver: getPadBytes at the ends of int64",
          "[resolver][padding]") {
  auto ctx = makeContext();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  // C * S past int64: longer than any row, so no row is padded.
  auto wide = PaddingResolverAttr::get(ctx.get(), int64_t(1) << 32,
                                       int64_t(1) << 32);
  CHECK(wide.getPadBytes(1000) == 0);
  CHECK(wide.getPadBytes(kMax) == 0);
  // A row rounded up to a line past int64: no pad.
  auto line = PaddingResolverAttr::get(ctx.get(), int64_t(1) << 62, 1);
  CHECK(line.getPadBytes((int64_t(1) << 62) + 1) == std::nullopt);
  // A row of exactly one line aliases; one more line does not fit.
  CHECK(line.getPadBytes(int64_t(1) << 62) == std::nullopt);
  // The last rows that fit are still padded by the rule.
  auto small = PaddingResolverAttr::get(ctx.get(), 64, 2);
  CHECK(small.getPadBytes(kMax - 200) == referencePadBytes(kMax - 200, 64, 2));
}

TEST_CASE("padding_resolver: getLayout over row sizes and element types",
          "[resolver][padding]") {
  auto ctx = makeContext();
  struct Elt {
    const char *name;
    int64_t bytes;
  };
  const Elt elts[] = {{"f16", 2}, {"f32", 4}, {"i8", 1}, {"f64", 8}};
  const char *requests[] = {"#stream_lite.padding<[?]>",
                            "#stream_lite.padding<[0, ?]>",
                            "#stream_lite.padding<[0, 0, ?]>"};
  for (int64_t line : {32, 64, 128})
    for (int64_t sets : {1, 2, 4}) {
      std::string resolverText =
          "#stream_lite.padding_resolver<cache_line_bytes = " + std::to_string(line) +
          ", cache_sets = " + std::to_string(sets) + ">";
      auto resolver = requireAttr<PaddingResolverAttr>(*ctx, resolverText);
      CHECK(resolver.getCacheLineBytes() == line);
      CHECK(resolver.getCacheSets() == sets);
      for (const Elt &elt : elts)
        for (int64_t rank = 1; rank <= 3; ++rank) {
          Attribute request = parseAttr(*ctx, requests[rank - 1]);
          REQUIRE(request);
          Type elementType = parseType(*ctx, elt.name);
          REQUIRE(elementType);
          std::string problem;
          int64_t maxDim = (3 * line * sets) / elt.bytes + 4;
          for (int64_t n = 1; n <= maxDim && problem.empty(); ++n) {
            // Leading dims (one of them dynamic) do not matter.
            SmallVector<int64_t> shape;
            for (int64_t i = 0; i + 1 < rank; ++i)
              shape.push_back(i == 0 ? ShapedType::kDynamic : 3);
            shape.push_back(n);
            auto type = RankedTensorType::get(shape, elementType, request);
            FailureOr<Attribute> layout = resolver.getLayout(type, nullptr);
            int64_t padBytes = referencePadBytes(n * elt.bytes, line, sets);
            SmallVector<int64_t> want(rank, 0);
            want.back() = padBytes / elt.bytes;
            Attribute expected = PaddingAttr::get(ctx.get(), want);
            std::string at = print(type) + " with " + resolverText;
            if (failed(layout))
              problem = at + ": failed";
            else if (*layout != expected)
              problem = at + ": got " + print(*layout) + ", expected " +
                        print(expected);
            else if (padBytes % elt.bytes != 0)
              problem = at + ": reference pad is not whole elements";
          }
          CHECK(problem == "");
        }
    }
}

TEST_CASE("padding_resolver: packed sub-byte rows", "[resolver][padding]") {
  // The rule applies to the row's bytes R = ceil(d * w / 8) and the pad is
  // returned in elements (pad_bytes * 8 / w).
  auto ctx = makeContext();
  Attribute request = parseAttr(*ctx, "#stream_lite.padding<[0, ?]>");
  REQUIRE(request);
  for (int64_t line : {16, 64})
    for (int64_t sets : {1, 4}) {
      auto resolver = requireAttr<PaddingResolverAttr>(
          *ctx, "#stream_lite.padding_resolver<cache_line_bytes = " +
                    std::to_string(line) +
                    ", cache_sets = " + std::to_string(sets) + ">");
      for (const char *name : {"i2", "i4", "ui4", "si2"}) {
        Type elementType = parseType(*ctx, name);
        int64_t w = elementType.getIntOrFloatBitWidth();
        std::string problem;
        for (int64_t n = 1; n <= 3 * line * sets * 8 / w && problem.empty(); ++n) {
          auto type = RankedTensorType::get({3, n}, elementType, request);
          FailureOr<Attribute> layout = resolver.getLayout(type, nullptr);
          int64_t rowBytes = 0;
          while (rowBytes * 8 < n * w)
            ++rowBytes;
          int64_t padBytes = referencePadBytes(rowBytes, line, sets);
          Attribute expected =
              PaddingAttr::get(ctx.get(), {0, padBytes * 8 / w});
          if (failed(layout) || *layout != expected)
            problem = print(type) + ": expected " + print(expected);
        }
        CHECK(problem == "");
      }
    }
}

TEST_CASE("padding_resolver: exact printed results", "[resolver][padding]") {
  auto ctx = makeContext();
  auto resolver = requireAttr<EncodingResolverAttrInterface>(
      *ctx,
      "#stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>");
  auto check = [&](StringRef typeText, StringRef expected) {
    Resolved r = resolve(*ctx, resolver, requireTensorType(*ctx, typeText));
    INFO(typeText.str() << ": " << r.diagnostics);
    REQUIRE(succeeded(r.layout));
    CHECK(print(*r.layout) == expected.str());
  };
  // 128 x f32 = 512 bytes = the set span: 512 -> 640, pad 128 B = 32 f32.
  check("tensor<4x128xf32, #stream_lite.padding<[0, ?]>>", "#stream_lite.padding<[0, 32]>");
  // 100 x f32 = 400 < 512: no padding.
  check("tensor<4x100xf32, #stream_lite.padding<[0, ?]>>", "#stream_lite.padding<[0, 0]>");
  // 1000 x i8: 1000 -> 1024 (2 spans) -> 1152: pad 152.
  check("tensor<7x1000xi8, #stream_lite.padding<[0, ?]>>", "#stream_lite.padding<[0, 152]>");
  // 300 x f16 = 600 -> 640: pad 40 B = 20 f16.
  check("tensor<2x3x300xf16, #stream_lite.padding<[0, 0, ?]>>",
        "#stream_lite.padding<[0, 0, 20]>");
  // 256 x f64 = 2048 = 4 spans: -> 2176, pad 128 B = 16 f64.
  check("tensor<256xf64, #stream_lite.padding<[?]>>", "#stream_lite.padding<[16]>");
}

TEST_CASE("padding_resolver: failures", "[resolver][padding]") {
  auto ctx = makeContext();
  auto resolver = requireAttr<EncodingResolverAttrInterface>(
      *ctx,
      "#stream_lite.padding_resolver<cache_line_bytes = 64, cache_sets = 2>");
  for (const char *text : {
           // dynamic innermost dim
           "tensor<4x?xf32, #stream_lite.padding<[0, ?]>>",
           // non-zero leading entries
           "tensor<4x256xf32, #stream_lite.padding<[1, ?]>>",
           "tensor<4x256xf32, #stream_lite.padding<[?, ?]>>",
           // innermost entry not `?`
           "tensor<4x256xf32, #stream_lite.padding<[?, 0]>>",
           // already static / other encodings / no encoding
           "tensor<4x256xf32, #stream_lite.padding<[0, 4]>>",
           "tensor<4x256xf32, #stream_lite.identity>",
           "tensor<4x256xf32, #stream_lite.encoding<operand_index = 0, op_type = "
           "matmul, element_types = [f32, f32, f32]>>",
           "tensor<4x256xf32, #stream_lite.testing<>>",
           "tensor<4x256xf32, #stream_lite.unknown>",
           "tensor<4x256xf32>",
       }) {
    INFO(text);
    RankedTensorType type = requireTensorType(*ctx, text);
    Resolved r = resolve(*ctx, resolver, type);
    CHECK(failed(r.layout));
    CHECK(r.diagnostics != "");
    // Without an emitError callback: fails quietly, no crash.
    CHECK(failed(resolver.getLayout(type, nullptr)));
  }
}

//===----------------------------------------------------------------------===//
// tiling_resolver
//===----------------------------------------------------------------------===//

TEST_CASE("tiling_resolver: LHS / RHS / result layouts", "[resolver][tiling]") {
  auto ctx = makeContext();
  std::mt19937 rng(0x7e7);
  for (int iter = 0; iter < 60; ++iter) {
    int64_t m = randInt(rng, 1, 16), n = randInt(rng, 1, 16), k = randInt(rng, 1, 16);
    std::string resolverText = "#stream_lite.tiling_resolver<m = " + std::to_string(m) +
                               ", n = " + std::to_string(n) +
                               ", k = " + std::to_string(k) + ">";
    auto resolver = requireAttr<TilingResolverAttr>(*ctx, resolverText);
    CHECK(print(resolver) == resolverText);
    std::string expected[3] = {
        "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [" +
            std::to_string(m) + ", " + std::to_string(k) + "]>",
        "#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [" +
            std::to_string(n) + ", " + std::to_string(k) +
            "], outer_dims_perm = [1, 0]>",
        "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [" +
            std::to_string(m) + ", " + std::to_string(n) + "]>",
    };
    const char *shapes[] = {"?x?", "17x5", "1x1", "8x4"};
    for (int operand = 0; operand < 3; ++operand)
      for (const char *shape : shapes) {
        std::string typeText = std::string("tensor<") + shape + "xf32, " +
                               kMatmulEncoding[operand] + ">";
        INFO(resolverText << " on " << typeText);
        Resolved r = resolve(*ctx, resolver, requireTensorType(*ctx, typeText));
        INFO(r.diagnostics);
        REQUIRE(succeeded(r.layout));
        CHECK(print(*r.layout) == expected[operand]);
        CHECK(*r.layout == parseAttr(*ctx, expected[operand]));
        CHECK(isa<TiledAttr>(*r.layout));
      }
  }
}

TEST_CASE("tiling_resolver: resolved layouts pack like linalg.pack",
          "[resolver][tiling]") {
  // LHS 5x3 with m = 4, k = 2: rows rounded to 8, cols to 4.
  auto ctx = makeContext();
  auto resolver = requireAttr<TilingResolverAttr>(
      *ctx, "#stream_lite.tiling_resolver<m = 4, n = 8, k = 2>");
  Resolved lhs =
      resolve(*ctx, resolver,
              requireTensorType(*ctx, std::string("tensor<5x3xf32, ") +
                                          kMatmulEncoding[0] + ">"));
  REQUIRE(succeeded(lhs.layout));
  auto physical = cast<PhysicalLayoutAttrInterface>(*lhs.layout);
  CHECK(physical.getStorageSizeInBytes({5, 3}, ElementWidth::ofBytes(4)) == 8 * 4 * 4);
  // RHS K x N = 3 x 5 with n = 8, k = 2: packed [1, 2, 8, 2].
  Resolved rhs =
      resolve(*ctx, resolver,
              requireTensorType(*ctx, std::string("tensor<3x5xf32, ") +
                                          kMatmulEncoding[1] + ">"));
  REQUIRE(succeeded(rhs.layout));
  LayoutDesc desc;
  desc.kind = LayoutDesc::Tiled;
  desc.rank = 2;
  desc.innerDimsPos = {1, 0};
  desc.innerTiles = {8, 2};
  desc.outerDimsPerm = {1, 0};
  RefImage ref = referenceImage(desc, {3, 5}, 4);
  auto rhsLayout = cast<PhysicalLayoutAttrInterface>(*rhs.layout);
  CHECK(rhsLayout.getStorageSizeInBytes({3, 5}, ElementWidth::ofBytes(4)) == ref.storageBytes);
  forEachIndex({3, 5}, [&](const Shape &idx) {
    INFO("element " << listStr(idx));
    CHECK(rhsLayout.getElementByteOffset({3, 5}, ElementWidth::ofBytes(4), idx) ==
          ref.offsetOf[logicalKey({3, 5}, idx)]);
  });
}

TEST_CASE("tiling_resolver: batch_matmul tiles the last two dims",
          "[resolver][tiling]") {
  // B x K x N = 2 x 3 x 5 RHS with n = 8, k = 2: the batch dim stays whole,
  // the rest packs like the matmul RHS one position further in.
  auto ctx = makeContext();
  auto resolver = requireAttr<TilingResolverAttr>(
      *ctx, "#stream_lite.tiling_resolver<m = 4, n = 8, k = 2>");
  const char *expected[] = {
      "#stream_lite.tiled<inner_dims_pos = [1, 2], inner_tiles = [4, 2]>",
      ("#stream_lite.tiled<inner_dims_pos = [2, 1], inner_tiles = [8, 2], "
       "outer_dims_perm = [0, 2, 1]>"),
      "#stream_lite.tiled<inner_dims_pos = [1, 2], inner_tiles = [4, 8]>",
  };
  for (int operand = 0; operand < 3; ++operand) {
    std::string typeText =
        "tensor<2x3x5xf32, #stream_lite.encoding<operand_index = " +
        std::to_string(operand) +
        ", op_type = batch_matmul, element_types = [f32, f32, f32]>>";
    INFO(typeText);
    Resolved r = resolve(*ctx, resolver, requireTensorType(*ctx, typeText));
    INFO(r.diagnostics);
    REQUIRE(succeeded(r.layout));
    CHECK(print(*r.layout) == expected[operand]);
  }
  Resolved rhs = resolve(
      *ctx, resolver,
      requireTensorType(*ctx, "tensor<2x3x5xf32, #stream_lite.encoding<"
                              "operand_index = 1, op_type = batch_matmul, "
                              "element_types = [f32, f32, f32]>>"));
  REQUIRE(succeeded(rhs.layout));
  LayoutDesc desc;
  desc.kind = LayoutDesc::Tiled;
  desc.rank = 3;
  desc.innerDimsPos = {2, 1};
  desc.innerTiles = {8, 2};
  desc.outerDimsPerm = {0, 2, 1};
  RefImage ref = referenceImage(desc, {2, 3, 5}, 4);
  auto layout = cast<PhysicalLayoutAttrInterface>(*rhs.layout);
  CHECK(layout.getStorageSizeInBytes({2, 3, 5}, ElementWidth::ofBytes(4)) == ref.storageBytes);
  forEachIndex({2, 3, 5}, [&](const Shape &idx) {
    INFO("element " << listStr(idx));
    CHECK(layout.getElementByteOffset({2, 3, 5}, ElementWidth::ofBytes(4), idx) ==
          ref.offsetOf[logicalKey({2, 3, 5}, idx)]);
  });
  // A batch_matmul operand of another rank fails (built directly: the type
  // does not check its encoding).
  Attribute batch = parseAttr(*ctx, "#stream_lite.encoding<operand_index = 0, "
                                    "op_type = batch_matmul, element_types = "
                                    "[f32, f32, f32]>");
  REQUIRE(batch);
  auto rank2 = RankedTensorType::get({4, 4}, Float32Type::get(ctx.get()), batch);
  Resolved bad = resolve(*ctx, resolver, rank2);
  CHECK(failed(bad.layout));
  CHECK(bad.diagnostics.find("rank-3 batch_matmul") != std::string::npos);
}

TEST_CASE("tiling_resolver: failures", "[resolver][tiling]") {
  auto ctx = makeContext();
  auto resolver = requireAttr<EncodingResolverAttrInterface>(
      *ctx, "#stream_lite.tiling_resolver<m = 8, n = 4, k = 1>");
  std::vector<RankedTensorType> types = {
      requireTensorType(
          *ctx, "tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, "
                "op_type = conv, element_types = [f32, f32, f32]>>"),
      requireTensorType(*ctx, "tensor<4x4xf32, #stream_lite.padding<[0, ?]>>"),
      requireTensorType(*ctx, "tensor<4x4xf32, #stream_lite.testing<>>"),
      requireTensorType(*ctx, "tensor<4x4xf32>"),
  };
  // Rank != 2 with a matmul encoding (built directly: the type does not
  // check its encoding).
  Attribute matmul = parseAttr(*ctx, kMatmulEncoding[0]);
  REQUIRE(matmul);
  Type f32 = Float32Type::get(ctx.get());
  types.push_back(RankedTensorType::get({4, 4, 4}, f32, matmul));
  types.push_back(RankedTensorType::get({16}, f32, matmul));
  types.push_back(RankedTensorType::get({}, f32, matmul));
  for (RankedTensorType type : types) {
    INFO(print(type));
    Resolved r = resolve(*ctx, resolver, type);
    CHECK(failed(r.layout));
    CHECK(r.diagnostics != "");
    CHECK(failed(resolver.getLayout(type, nullptr)));
  }
}

//===----------------------------------------------------------------------===//
// identity / unsupported / specialization resolvers, targets
//===----------------------------------------------------------------------===//

TEST_CASE("identity_resolver resolves to identity", "[resolver]") {
  auto ctx = makeContext();
  auto resolver = requireAttr<EncodingResolverAttrInterface>(
      *ctx, "#stream_lite.identity_resolver");
  for (const char *text : {
           "tensor<4x4xf32, #stream_lite.encoding<operand_index = 1, op_type = "
           "matmul, element_types = [f32, f32, f32]>>",
           "tensor<?x4xf16, #stream_lite.padding<[0, ?]>>",
           "tensor<3xi8, #stream_lite.testing<>>",
       }) {
    INFO(text);
    Resolved r = resolve(*ctx, resolver, requireTensorType(*ctx, text));
    INFO(r.diagnostics);
    REQUIRE(succeeded(r.layout));
    CHECK(isa<IdentityAttr>(*r.layout));
    CHECK(print(*r.layout) == "#stream_lite.identity");
  }
}

TEST_CASE("unsupported_resolver always fails", "[resolver]") {
  auto ctx = makeContext();
  auto resolver = requireAttr<EncodingResolverAttrInterface>(
      *ctx, "#stream_lite.unsupported_resolver");
  for (const char *text : {
           "tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = "
           "matmul, element_types = [f32, f32, f32]>>",
           "tensor<4x4xf32, #stream_lite.padding<[0, ?]>>",
           "tensor<4x4xf32, #stream_lite.testing<>>",
       }) {
    INFO(text);
    RankedTensorType type = requireTensorType(*ctx, text);
    Resolved r = resolve(*ctx, resolver, type);
    CHECK(failed(r.layout));
    CHECK(r.diagnostics != "");
    CHECK(failed(resolver.getLayout(type, nullptr)));
  }
}

TEST_CASE("specialization_resolver gives specialized<seed, T>", "[resolver]") {
  auto ctx = makeContext();
  for (int64_t seed : {0, 7, 123, 99999}) {
    std::string resolverText =
        "#stream_lite.specialization_resolver<" + std::to_string(seed) + ">";
    auto resolver = requireAttr<SpecializationResolverAttr>(*ctx, resolverText);
    CHECK(resolver.getSeed() == seed);
    struct Case {
      const char *type, *stripped;
    } cases[] = {
        {"tensor<?x4xf32, #stream_lite.testing<>>", "tensor<?x4xf32>"},
        {"tensor<2x3xi8, #stream_lite.encoding<operand_index = 2, op_type = "
         "matmul, element_types = [i8, i8, i32]>>",
         "tensor<2x3xi8>"},
        {"tensor<8xf16, #stream_lite.padding<[?]>>", "tensor<8xf16>"},
    };
    for (const Case &c : cases) {
      INFO(resolverText << " on " << c.type);
      Resolved r = resolve(
          *ctx, cast<EncodingResolverAttrInterface>(Attribute(resolver)),
          requireTensorType(*ctx, c.type));
      INFO(r.diagnostics);
      REQUIRE(succeeded(r.layout));
      std::string expected = "#stream_lite.specialized<" + std::to_string(seed) +
                             ", " + c.stripped + ">";
      CHECK(print(*r.layout) == expected);
      CHECK(*r.layout == parseAttr(*ctx, expected));
      auto specialized = dyn_cast<SpecializedAttr>(*r.layout);
      REQUIRE(specialized);
      CHECK(specialized.getSeed() == seed);
      auto stripped = dyn_cast<RankedTensorType>(specialized.getType());
      REQUIRE(stripped);
      CHECK_FALSE(stripped.getEncoding());
    }
  }
}

TEST_CASE("targets default to identity_resolver", "[resolver]") {
  auto ctx = makeContext();
  auto plain = requireAttr<TargetAttr>(*ctx, "#stream_lite.target<\"vmvx\">");
  CHECK(isa<IdentityResolverAttr>(plain.getEffectiveResolver()));
  auto tiled = requireAttr<TargetAttr>(
      *ctx, "#stream_lite.target<\"llvm-cpu\", resolver = "
            "#stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>");
  auto resolver = dyn_cast<TilingResolverAttr>(tiled.getEffectiveResolver());
  REQUIRE(resolver);
  CHECK(resolver.getM() == 8);
  CHECK(resolver.getN() == 4);
  CHECK(resolver.getK() == 1);
}

//===----------------------------------------------------------------------===//
// Resolvers from outside stream_lite
//===----------------------------------------------------------------------===//

namespace {

/// A resolver no stream_lite code knows: builtin strings. "padN" pads the
/// innermost dim by N; "flatN" returns a rank-1 padding whatever the type;
/// anything else returns the string itself, which is no layout.
struct StringResolverModel
    : EncodingResolverAttrInterface::ExternalModel<StringResolverModel,
                                                   StringAttr> {
  FailureOr<Attribute> getLayout(Attribute attr, RankedTensorType type,
                                 function_ref<InFlightDiagnostic()>) const {
    StringRef text = cast<StringAttr>(attr).getValue();
    int64_t pad = 0;
    if (text.consume_front("pad") && !text.getAsInteger(10, pad)) {
      SmallVector<int64_t> padding(type.getRank(), 0);
      padding.back() = pad;
      return Attribute(PaddingAttr::get(attr.getContext(), padding));
    }
    if (text.consume_front("flat") && !text.getAsInteger(10, pad))
      return Attribute(PaddingAttr::get(attr.getContext(), {pad}));
    return attr;
  }
};

/// Runs --stream-lite-specialize-encodings on a module whose device uses
/// `resolver`; returns the printed sizeof type or the diagnostics.
std::string specializeWith(MLIRContext &ctx, StringRef resolver) {
  std::string source =
      "stream_lite.device @d targets([#stream_lite.target<\"ext\", resolver = " +
      resolver.str() +
      ">])\n"
      "func.func @f() -> index {\n"
      "  %s = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d>) "
      "tensor<2x8xf32, #stream_lite.padding<[0, ?]>> : index\n"
      "  return %s : index\n"
      "}\n";
  std::string diags;
  OwningOpRef<ModuleOp> module = parseModule(ctx, source, &diags);
  if (!module)
    return "parse: " + diags;
  PassManager pm(&ctx);
  pm.addPass(createSpecializeEncodingsPass());
  DiagnosticCapture capture(ctx);
  if (failed(pm.run(*module)))
    return "error: " + capture.text();
  std::string result;
  module->walk([&](TensorSizeOfOp op) { result = print(op.getEncodingAttr()); });
  return result;
}

} // namespace

TEST_CASE("a resolver attached from outside stream_lite resolves",
          "[resolver][external]") {
  auto ctx = makeContext();
  StringAttr::attachInterface<StringResolverModel>(*ctx);
  auto target = requireAttr<TargetAttr>(
      *ctx, "#stream_lite.target<\"ext\", resolver = \"pad4\">");
  CHECK(isa<StringAttr>(target.getEffectiveResolver()));
  CHECK(specializeWith(*ctx, "\"pad4\"") ==
        "tensor<2x8xf32, #stream_lite.layout<[#stream_lite.padding<[0, 4]>]>>");
}

TEST_CASE("what an outside resolver returns is checked",
          "[resolver][external]") {
  auto ctx = makeContext();
  StringAttr::attachInterface<StringResolverModel>(*ctx);
  // Not a layout at all.
  std::string junk = specializeWith(*ctx, "\"junk\"");
  INFO(junk);
  CHECK(StringRef(junk).contains(
      "resolver \"junk\" returned \"junk\", which is not a serialized layout"));
  // A layout, but not one for this tensor.
  std::string flat = specializeWith(*ctx, "\"flat4\"");
  INFO(flat);
  CHECK(StringRef(flat).contains("padding has 1 entries but the tensor has rank 2"));
}
