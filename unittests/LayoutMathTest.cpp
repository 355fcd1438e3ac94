//===- LayoutMathTest.cpp - layout math against a brute-force reference ---===//
//
// Storage sizes and element byte offsets of identity, padding and tiled
// layouts (docs/language.md), static and as IR, checked against the independent
// reference in LayoutReference.h over many seeded random shapes/layouts.
//
//===----------------------------------------------------------------------===//

#include "CatchUtil.h"
#include "LayoutReference.h"
#include "TestUtil.h"

#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/Runtime/Trace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"

#include <catch2/catch.hpp>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

const int64_t kElementBytes[] = {1, 2, 4, 8};

int64_t randomElementBytes(std::mt19937 &rng) {
  return kElementBytes[randInt(rng, 0, 3)];
}

std::string describe(const LayoutDesc &layout, const Shape &shape,
                     int64_t elementBytes) {
  return layout.str() + " shape=" + listStr(shape) +
         " elementBytes=" + std::to_string(elementBytes);
}

PhysicalLayoutAttrInterface parseLayout(MLIRContext &ctx, const LayoutDesc &layout) {
  return requireAttr<PhysicalLayoutAttrInterface>(ctx, layout.str());
}

/// Compares every element's static offset with the reference; returns an
/// empty string when all agree, else the first problem found.
std::string checkStaticOffsets(PhysicalLayoutAttrInterface attr, const Shape &shape,
                               int64_t elementBytes, const RefImage &ref) {
  std::string problem;
  std::vector<bool> used(std::max<int64_t>(ref.storageBytes, 0), false);
  forEachIndex(shape, [&](const Shape &idx) {
    if (!problem.empty())
      return;
    int64_t got = attr.getElementByteOffset(shape, ElementWidth::ofBytes(elementBytes), idx);
    int64_t want = ref.offsetOf[logicalKey(shape, idx)];
    std::string at = "element " + listStr(idx) + ": offset " + std::to_string(got);
    if (got != want)
      problem = at + ", reference " + std::to_string(want);
    else if (got < 0 || got >= ref.storageBytes)
      problem = at + " outside [0, " + std::to_string(ref.storageBytes) + ")";
    else if (got % elementBytes != 0)
      problem = at + " not a multiple of the element size";
    else if (used[got])
      problem = at + " used twice";
    else
      used[got] = true;
  });
  return problem;
}

/// Checks forEachElementSlotRun against the reference's element slots
/// (`slotOf`, by logical key): the runs cover exactly those slots, in
/// order, and are maximal. Empty string when they agree.
std::string checkElementRuns(PhysicalLayoutAttrInterface attr,
                             const Shape &shape,
                             const std::vector<int64_t> &slotOf) {
  std::vector<int64_t> want(slotOf);
  std::sort(want.begin(), want.end());
  std::vector<int64_t> got;
  std::string problem;
  int64_t end = -1;
  forEachElementSlotRun(attr, shape, [&](int64_t first, int64_t count) {
    if (!problem.empty())
      return;
    if (count <= 0 || first <= end)
      problem = "run at " + std::to_string(first) + " of " +
                std::to_string(count) + " is empty, out of order or joins "
                "the previous one";
    for (int64_t s = first; s < first + count && problem.empty(); ++s)
      got.push_back(s);
    end = first + count;
  });
  if (problem.empty() && got != want)
    problem = "runs cover " + std::to_string(got.size()) +
              " slots, the reference's elements " +
              std::to_string(want.size()) + " (or other ones)";
  return problem;
}

/// Runs the static checks of one (layout, shape, element size) case.
void checkStaticCase(MLIRContext &ctx, const LayoutDesc &layout,
                     const Shape &shape, int64_t elementBytes) {
  INFO(describe(layout, shape, elementBytes));
  RefImage ref = referenceImage(layout, shape, elementBytes);
  // The reference itself: every element placed exactly once, and the
  // storage is exactly elements + pad slots.
  REQUIRE(ref.complete());
  REQUIRE(ref.storageBytes ==
          (numElements(shape) + ref.padSlots) * elementBytes);

  PhysicalLayoutAttrInterface attr = parseLayout(ctx, layout);
  CHECK(attr.getStorageSizeInBytes(shape, ElementWidth::ofBytes(elementBytes)) == ref.storageBytes);
  CHECK(checkStaticOffsets(attr, shape, elementBytes, ref) == "");
  std::vector<int64_t> slots;
  for (int64_t offset : ref.offsetOf)
    slots.push_back(offset / elementBytes);
  CHECK(checkElementRuns(attr, shape, slots) == "");
}

/// Builds the IR forms with all-constant inputs: they must fold to the
/// reference values and create no ops.
void checkConstantIRCase(MLIRContext &ctx, std::mt19937 &rng,
                         const LayoutDesc &layout, const Shape &shape,
                         int64_t elementBytes) {
  INFO(describe(layout, shape, elementBytes));
  RefImage ref = referenceImage(layout, shape, elementBytes);
  PhysicalLayoutAttrInterface attr = parseLayout(ctx, layout);

  OpBuilder builder(&ctx);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());

  SmallVector<OpFoldResult> dims;
  for (int64_t d : shape)
    dims.push_back(builder.getIndexAttr(d));
  OpFoldResult size = attr.buildStorageSizeInBytes(builder, loc, dims, ElementWidth::ofBytes(elementBytes));
  CHECK(getConstantIntValue(size).value_or(-1) == ref.storageBytes);

  // A few elements (all of them for small tensors).
  std::string problem;
  int64_t n = numElements(shape);
  int64_t samples = std::min<int64_t>(n, 12);
  for (int64_t s = 0; s < samples && problem.empty(); ++s) {
    Shape idx(shape.size());
    for (size_t i = 0; i < shape.size(); ++i)
      idx[i] = randInt(rng, 0, shape[i] - 1);
    SmallVector<OpFoldResult> indices;
    for (int64_t x : idx)
      indices.push_back(builder.getIndexAttr(x));
    OpFoldResult offset =
        attr.buildElementByteOffset(builder, loc, dims,
                                    ElementWidth::ofBytes(elementBytes),
                                    indices, arith::IntegerOverflowFlags::none);
    int64_t got = getConstantIntValue(offset).value_or(-1);
    int64_t want = ref.offsetOf[logicalKey(shape, idx)];
    if (got != want)
      problem = "IR offset of " + listStr(idx) + " folds to " +
                std::to_string(got) + ", reference " + std::to_string(want);
  }
  CHECK(problem == "");
  // Everything folded: no op was created.
  CHECK(module->getBody()->empty());
}

/// Builds the IR forms inside a func whose arguments are the dynamic dims
/// and the element indices, verifies it, and evaluates it for every element
/// with IndexInterpreter.
void checkDynamicIRCase(MLIRContext &ctx, std::mt19937 &rng,
                        const LayoutDesc &layout, const Shape &shape,
                        int64_t elementBytes) {
  const int64_t rank = static_cast<int64_t>(shape.size());
  std::vector<bool> dynamicDim(rank);
  std::string mask;
  for (int64_t i = 0; i < rank; ++i) {
    dynamicDim[i] = randInt(rng, 0, 1) == 1;
    mask += dynamicDim[i] ? '?' : 's';
  }
  INFO(describe(layout, shape, elementBytes) << " dynamic dims " << mask);
  RefImage ref = referenceImage(layout, shape, elementBytes);
  PhysicalLayoutAttrInterface attr = parseLayout(ctx, layout);

  OpBuilder builder(&ctx);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  SmallVector<Type> argTypes(2 * rank, builder.getIndexType());
  auto func = func::FuncOp::create(builder, loc, "layout_math",
                                   builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToEnd(entry);

  SmallVector<OpFoldResult> dims, indices;
  for (int64_t i = 0; i < rank; ++i) {
    if (dynamicDim[i])
      dims.push_back(entry->getArgument(i));
    else
      dims.push_back(builder.getIndexAttr(shape[i]));
    indices.push_back(entry->getArgument(rank + i));
  }
  OpFoldResult size = attr.buildStorageSizeInBytes(builder, loc, dims, ElementWidth::ofBytes(elementBytes));
  OpFoldResult offset =
      attr.buildElementByteOffset(builder, loc, dims,
                                    ElementWidth::ofBytes(elementBytes),
                                    indices, arith::IntegerOverflowFlags::none);
  func::ReturnOp::create(builder, loc);
  CHECK(succeeded(verify(*module)));

  auto bindDims = [&](IndexInterpreter &interp) {
    for (int64_t i = 0; i < rank; ++i)
      interp.bind(entry->getArgument(i), shape[i]);
  };
  {
    IndexInterpreter interp;
    bindDims(interp);
    int64_t got = interp.eval(size).value_or(-1);
    INFO("interpreter: " << interp.error);
    CHECK(interp.error == "");
    CHECK(got == ref.storageBytes);
  }
  std::string problem;
  forEachIndex(shape, [&](const Shape &idx) {
    if (!problem.empty())
      return;
    IndexInterpreter interp;
    bindDims(interp);
    for (int64_t i = 0; i < rank; ++i)
      interp.bind(entry->getArgument(rank + i), idx[i]);
    std::optional<int64_t> got = interp.eval(offset);
    int64_t want = ref.offsetOf[logicalKey(shape, idx)];
    if (!got)
      problem = "IR offset of " + listStr(idx) + " failed: " + interp.error;
    else if (*got != want)
      problem = "IR offset of " + listStr(idx) + " evaluates to " +
                std::to_string(*got) + ", reference " + std::to_string(want);
  });
  CHECK(problem == "");

  // Constant indices with all dims dynamic, for one element.
  if (numElements(shape) > 0) {
    Shape idx(rank);
    SmallVector<OpFoldResult> allDynamic, constIndices;
    for (int64_t i = 0; i < rank; ++i) {
      idx[i] = randInt(rng, 0, shape[i] - 1);
      allDynamic.push_back(entry->getArgument(i));
      constIndices.push_back(builder.getIndexAttr(idx[i]));
    }
    builder.setInsertionPoint(entry->getTerminator());
    OpFoldResult offset2 = attr.buildElementByteOffset(
        builder, loc, allDynamic, ElementWidth::ofBytes(elementBytes),
        constIndices, arith::IntegerOverflowFlags::none);
    CHECK(succeeded(verify(*module)));
    IndexInterpreter interp;
    bindDims(interp);
    int64_t got = interp.eval(offset2).value_or(-1);
    INFO("constant index " << listStr(idx) << ", interpreter: " << interp.error);
    CHECK(got == ref.offsetOf[logicalKey(shape, idx)]);
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// The reference itself, on hand-computed examples
//===----------------------------------------------------------------------===//

TEST_CASE("reference: hand-computed linalg.pack images", "[reference]") {
  // 5x3 f32, tiled<[0, 1], [4, 2]>: packed [2, 2, 4, 2] -> 32 elements.
  // Element (4, 2): outer (1, 1), inner (0, 0): ((1*2+1)*4+0)*2+0 = 24.
  // Element (1, 1): outer (0, 0), inner (1, 1): 1*2+1 = 3.
  {
    LayoutDesc l = tiledLayout(2, {0, 1}, {4, 2});
    RefImage ref = referenceImage(l, {5, 3}, 4);
    CHECK(ref.complete());
    CHECK(ref.storageBytes == 128);
    CHECK(ref.padSlots == 17);
    CHECK(ref.offsetOf[logicalKey({5, 3}, {4, 2})] == 24 * 4);
    CHECK(ref.offsetOf[logicalKey({5, 3}, {1, 1})] == 3 * 4);
    CHECK(ref.offsetOf[logicalKey({5, 3}, {0, 2})] == 8 * 4);
  }
  // RHS form on K x N = 3x5: tiled<[1, 0], [4, 2], outer_dims_perm = [1, 0]>.
  // packed [outer(N)=2, outer(K)=2, 4, 2]. Element (k=2, n=4): outer (n 1,
  // k 1), inner (n%4=0, k%2=0) -> ((1*2+1)*4+0)*2+0 = 24.
  // Element (k=1, n=2): outer (0, 0), inner (2, 1) -> 2*2+1 = 5.
  {
    LayoutDesc l = tiledLayout(2, {1, 0}, {4, 2}, {1, 0});
    RefImage ref = referenceImage(l, {3, 5}, 2);
    CHECK(ref.complete());
    CHECK(ref.storageBytes == 32 * 2);
    CHECK(ref.offsetOf[logicalKey({3, 5}, {2, 4})] == 24 * 2);
    CHECK(ref.offsetOf[logicalKey({3, 5}, {1, 2})] == 5 * 2);
  }
  // padding<[1, 2]> on 2x3 i8: physical 3x5; (1, 2) -> 1*5+2 = 7.
  {
    LayoutDesc l = paddingLayout({1, 2});
    RefImage ref = referenceImage(l, {2, 3}, 1);
    CHECK(ref.complete());
    CHECK(ref.storageBytes == 15);
    CHECK(ref.offsetOf[logicalKey({2, 3}, {1, 2})] == 7);
  }
}

//===----------------------------------------------------------------------===//
// Hand-picked cases, checked against both the reference and literal numbers
//===----------------------------------------------------------------------===//

TEST_CASE("layout math: hand-picked cases", "[layout]") {
  auto ctx = makeContext();
  auto offset = [&](const LayoutDesc &l, const Shape &shape, int64_t b,
                    const Shape &idx) {
    return parseLayout(*ctx, l).getElementByteOffset(shape, ElementWidth::ofBytes(b), idx);
  };
  auto size = [&](const LayoutDesc &l, const Shape &shape, int64_t b) {
    return parseLayout(*ctx, l).getStorageSizeInBytes(shape, ElementWidth::ofBytes(b));
  };
  CHECK(size(tiledLayout(2, {0, 1}, {4, 2}), {5, 3}, 4) == 128);
  CHECK(offset(tiledLayout(2, {0, 1}, {4, 2}), {5, 3}, 4, {4, 2}) == 96);
  CHECK(offset(tiledLayout(2, {0, 1}, {4, 2}), {5, 3}, 4, {1, 1}) == 12);
  CHECK(size(tiledLayout(2, {1, 0}, {4, 2}, {1, 0}), {3, 5}, 2) == 64);
  CHECK(offset(tiledLayout(2, {1, 0}, {4, 2}, {1, 0}), {3, 5}, 2, {2, 4}) ==
        48);
  CHECK(offset(tiledLayout(2, {1, 0}, {4, 2}, {1, 0}), {3, 5}, 2, {1, 2}) ==
        10);
  // Rank 1, dim 5 tile 4: rounded to 8.
  CHECK(size(tiledLayout(1, {0}, {4}), {5}, 8) == 64);
  CHECK(offset(tiledLayout(1, {0}, {4}), {5}, 8, {4}) == 32);
  CHECK(size(paddingLayout({1, 2}), {2, 3}, 1) == 15);
  CHECK(offset(paddingLayout({1, 2}), {2, 3}, 1, {1, 2}) == 7);
  CHECK(size(identityLayout(3), {2, 3, 4}, 2) == 48);
  CHECK(offset(identityLayout(3), {2, 3, 4}, 2, {1, 2, 3}) == 46);

  for (const LayoutDesc &l :
       {tiledLayout(2, {0, 1}, {4, 2}), tiledLayout(2, {1, 0}, {4, 2}, {1, 0}),
        tiledLayout(2, {1}, {4}), tiledLayout(2, {0}, {3}, {1, 0}),
        paddingLayout({1, 2}), paddingLayout({0, 3}), identityLayout(2),
        tiledLayout(2, {1, 0}, {8, 1})})
    for (Shape shape : {Shape{5, 3}, Shape{4, 4}, Shape{1, 7}, Shape{9, 5},
                        Shape{0, 3}, Shape{3, 0}})
      for (int64_t b : kElementBytes)
        checkStaticCase(*ctx, l, shape, b);
}

TEST_CASE("layout math: dims that tiles do not divide", "[layout][tiled]") {
  auto ctx = makeContext();
  // dim 5 with tile 4, in every position, rank 1..4, every element size.
  for (int64_t rank = 1; rank <= 4; ++rank)
    for (int64_t pos = 0; pos < rank; ++pos)
      for (int64_t b : kElementBytes) {
        Shape shape(rank, 3);
        shape[pos] = 5;
        checkStaticCase(*ctx, tiledLayout(rank, {pos}, {4}), shape, b);
        std::vector<int64_t> reversed;
        for (int64_t i = rank - 1; i >= 0; --i)
          reversed.push_back(i);
        checkStaticCase(*ctx, tiledLayout(rank, {pos}, {4}, reversed), shape,
                        b);
      }
}

//===----------------------------------------------------------------------===//
// Random sweeps against the reference
//===----------------------------------------------------------------------===//

TEST_CASE("identity layout matches brute force", "[layout][identity]") {
  auto ctx = makeContext();
  std::mt19937 rng(0x1d1d);
  for (int iter = 0; iter < 1000; ++iter) {
    int64_t rank = randInt(rng, 0, 4);
    checkStaticCase(*ctx, identityLayout(rank), randomShape(rng, rank),
                    randomElementBytes(rng));
  }
}

TEST_CASE("padding layout matches brute force", "[layout][padding]") {
  auto ctx = makeContext();
  std::mt19937 rng(0xbadd);
  for (int iter = 0; iter < 2500; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    checkStaticCase(*ctx, randomPadding(rng, rank), randomShape(rng, rank),
                    randomElementBytes(rng));
  }
}

TEST_CASE("tiled layout matches brute force (linalg.pack)", "[layout][tiled]") {
  auto ctx = makeContext();
  std::mt19937 rng(0x7113d);
  for (int iter = 0; iter < 8000; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    checkStaticCase(*ctx, randomTiled(rng, rank), randomShape(rng, rank),
                    randomElementBytes(rng));
  }
}

TEST_CASE("reference: a hand-computed swizzled tile", "[reference][swizzle]") {
  // 4x2 i8, one 4x2 tile split [[2, 2], [2]] and permuted [1, 2, 0]: the
  // physical tile is (row low bit, column, row high bit), so element (r, c)
  // sits at ((r % 2) * 2 + c) * 2 + r / 2.
  LayoutDesc l = tiledLayout(2, {0, 1}, {4, 2});
  l.expandShape = {{2, 2}, {2}};
  l.swizzlePerm = {1, 2, 0};
  RefImage ref = referenceImage(l, {4, 2}, 1);
  REQUIRE(ref.complete());
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t c = 0; c < 2; ++c) {
      INFO("element (" << r << ", " << c << ")");
      CHECK(ref.offsetOf[r * 2 + c] == ((r % 2) * 2 + c) * 2 + r / 2);
    }
}

TEST_CASE("swizzled tiled layout matches brute force", "[layout][swizzle]") {
  auto ctx = makeContext();
  std::mt19937 rng(0x5a1221e);
  for (int iter = 0; iter < 6000; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    checkStaticCase(*ctx, randomSwizzled(rng, rank), randomShape(rng, rank),
                    randomElementBytes(rng));
  }
}

//===----------------------------------------------------------------------===//
// IR forms
//===----------------------------------------------------------------------===//

namespace {
LayoutDesc randomLayout(std::mt19937 &rng, int64_t rank) {
  switch (randInt(rng, 0, 4)) {
  case 0:
    return identityLayout(rank);
  case 1:
    return randomPadding(rng, rank);
  case 2:
    return randomSwizzled(rng, rank);
  default:
    return randomTiled(rng, rank);
  }
}
} // namespace

TEST_CASE("IR forms with constant dims fold to the reference", "[layout][ir]") {
  auto ctx = makeContext();
  std::mt19937 rng(0xf01d);
  for (int iter = 0; iter < 2000; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    LayoutDesc layout = randomLayout(rng, rank);
    checkConstantIRCase(*ctx, rng, layout, randomShape(rng, rank),
                        randomElementBytes(rng));
  }
}

TEST_CASE("IR forms with dynamic dims evaluate to the reference", "[layout][ir]") {
  auto ctx = makeContext();
  std::mt19937 rng(0xd1a);
  for (int iter = 0; iter < 1500; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    LayoutDesc layout = randomLayout(rng, rank);
    checkDynamicIRCase(*ctx, rng, layout, randomShape(rng, rank),
                       randomElementBytes(rng));
  }
}

//===----------------------------------------------------------------------===//
// Tensor-type entry points (SerializableEncodingAttrInterface)
//===----------------------------------------------------------------------===//

TEST_CASE("element byte widths", "[layout][types]") {
  auto ctx = makeContext();
  auto width = [&](StringRef text) {
    Type type = parseType(*ctx, text);
    REQUIRE(type);
    return getElementByteWidth(type);
  };
  CHECK(width("i1") == 1);
  CHECK(width("i8") == 1);
  CHECK(width("i16") == 2);
  CHECK(width("f16") == 2);
  CHECK(width("bf16") == 2);
  CHECK(width("f32") == 4);
  CHECK(width("i32") == 4);
  CHECK(width("f64") == 8);
  CHECK(width("i64") == 8);
  CHECK(width("index") == 8);
  CHECK(width("complex<f32>") == 8);
  CHECK(width("complex<f64>") == 16);
  CHECK(width("none") == 0);
}

TEST_CASE("static storage size of encoded tensor types", "[layout][types]") {
  auto ctx = makeContext();
  struct Elt {
    const char *name;
    int64_t bytes;
  };
  const Elt elts[] = {{"i1", 1}, {"i8", 1}, {"f16", 2}, {"f32", 4}, {"f64", 8},
                      {"complex<f32>", 8}};
  std::mt19937 rng(0x5e1f);
  for (int iter = 0; iter < 800; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    Shape shape = randomShape(rng, rank);
    LayoutDesc layout = randomLayout(rng, rank);
    const Elt &elt = elts[randInt(rng, 0, 5)];
    std::string shapeStr;
    for (int64_t d : shape)
      shapeStr += std::to_string(d) + "x";
    std::string text =
        "tensor<" + shapeStr + elt.name + ", " + layout.str() + ">";
    INFO(text);
    std::string diags;
    RankedTensorType type = parseTensorType(*ctx, text, &diags);
    INFO(diags);
    REQUIRE(type);
    auto encoding = getSerializableEncoding(type);
    REQUIRE(encoding);
    CHECK(encoding.isSerialized());
    CHECK(succeeded(verifyEncodingForType(type, nullptr)));
    RefImage ref = referenceImage(layout, shape, elt.bytes);
    CHECK(encoding.getStaticStorageSizeInBytes(type).value_or(-1) ==
          ref.storageBytes);
    // The same size through getPhysicalLayout.
    PhysicalLayoutAttrInterface physical = getPhysicalLayout(type);
    REQUIRE(physical);
    CHECK(physical.getStorageSizeInBytes(shape, ElementWidth::ofBytes(elt.bytes)) == ref.storageBytes);
  }

  // No static size for dynamic shapes or unserialized encodings.
  for (const char *text :
       {"tensor<?x4xf32, #stream_lite.identity>",
        "tensor<4x4xf32, #stream_lite.padding<[0, ?]>>",
        "tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = "
        "matmul, element_types = [f32, f32, f32]>>",
        "tensor<4x4xf32, #stream_lite.testing<>>"}) {
    INFO(text);
    RankedTensorType type = parseTensorType(*ctx, text);
    REQUIRE(type);
    auto encoding = getSerializableEncoding(type);
    REQUIRE(encoding);
    CHECK_FALSE(encoding.getStaticStorageSizeInBytes(type).has_value());
  }
}

TEST_CASE("buildStorageSizeInBytes on tensor types with dynamic dims",
          "[layout][types][ir]") {
  auto ctx = makeContext();
  std::mt19937 rng(0xb11d);
  for (int iter = 0; iter < 500; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    Shape shape = randomShape(rng, rank);
    // Up to three entries: a layout<[...]> takes the maximum.
    std::vector<LayoutDesc> entries;
    int64_t numEntries = randInt(rng, 1, 3);
    for (int64_t e = 0; e < numEntries; ++e)
      entries.push_back(randomLayout(rng, rank));
    std::string encoding;
    if (numEntries == 1) {
      encoding = entries[0].str();
    } else {
      encoding = "#stream_lite.layout<[";
      for (int64_t e = 0; e < numEntries; ++e)
        encoding += (e ? ", " : "") + entries[e].str();
      encoding += "]>";
    }
    std::string shapeStr;
    std::vector<bool> dynamic(rank);
    for (int64_t i = 0; i < rank; ++i) {
      dynamic[i] = randInt(rng, 0, 1) == 1;
      shapeStr += (dynamic[i] ? std::string("?") : std::to_string(shape[i])) + "x";
    }
    std::string text = "tensor<" + shapeStr + "f16, " + encoding + ">";
    INFO(text << " with dims " << listStr(shape));
    RankedTensorType type = parseTensorType(*ctx, text);
    REQUIRE(type);
    auto serializable = getSerializableEncoding(type);
    REQUIRE(serializable);

    int64_t want = 0;
    for (const LayoutDesc &e : entries)
      want = std::max(want, referenceImage(e, shape, 2).storageBytes);

    OpBuilder builder(ctx.get());
    Location loc = builder.getUnknownLoc();
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
    int64_t numDynamic = type.getNumDynamicDims();
    auto func = func::FuncOp::create(
        builder, loc, "size",
        builder.getFunctionType(
            SmallVector<Type>(numDynamic, builder.getIndexType()), {}));
    Block *entry = func.addEntryBlock();
    builder.setInsertionPointToEnd(entry);
    Value size = serializable.buildStorageSizeInBytes(builder, loc, type,
                                                      entry->getArguments());
    REQUIRE(size);
    CHECK(size.getType().isIndex());
    func::ReturnOp::create(builder, loc);
    CHECK(succeeded(verify(*module)));

    IndexInterpreter interp;
    int64_t next = 0;
    for (int64_t i = 0; i < rank; ++i)
      if (dynamic[i])
        interp.bind(entry->getArgument(next++), shape[i]);
    int64_t got = interp.eval(size).value_or(-1);
    INFO("interpreter: " << interp.error);
    CHECK(interp.error == "");
    CHECK(got == want);

    if (numDynamic == 0) {
      CHECK(serializable.getStaticStorageSizeInBytes(type).value_or(-1) == want);
    }
  }
}

TEST_CASE("pad contracts", "[layout]") {
  auto ctx = makeContext();
  auto contract = [&](StringRef text) {
    auto attr = dyn_cast_if_present<PhysicalLayoutAttrInterface>(parseAttr(*ctx, text));
    REQUIRE(attr);
    return attr.getPadContract();
  };
  CHECK(contract("#stream_lite.identity") == PadContract::NoPadding);
  CHECK(contract("#stream_lite.padding<[0, 0]>") == PadContract::NoPadding);
  CHECK(contract("#stream_lite.padding<[0, 3]>") == PadContract::Undefined);
  CHECK(contract("#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>") ==
        PadContract::Zero);
}

//===----------------------------------------------------------------------===//
// Packed sub-byte elements (bit images)
//===----------------------------------------------------------------------===//

namespace {
/// Checks storage size, slots, byte offsets and their IR forms (constant
/// dims) of one (layout, shape, element bits) case against the bit image.
void checkBitCase(MLIRContext &ctx, const LayoutDesc &layout,
                  const Shape &shape, int64_t bits) {
  INFO(layout.str() << " shape=" << listStr(shape) << " bits=" << bits);
  RefBitImage ref = referenceBitImage(layout, shape, bits);
  REQUIRE(ref.complete);
  PhysicalLayoutAttrInterface attr = parseLayout(ctx, layout);
  ElementWidth width(bits);
  CHECK(attr.getStorageSizeInBytes(shape, width) == ref.storageBytes);
  CHECK(attr.getCheckedStorageSizeInBytes(shape, width) == ref.storageBytes);

  OpBuilder builder(&ctx);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  SmallVector<OpFoldResult> dims;
  for (int64_t d : shape)
    dims.push_back(builder.getIndexAttr(d));
  CHECK(getConstantIntValue(attr.buildStorageSizeInBytes(builder, loc, dims,
                                                         width))
            .value_or(-1) == ref.storageBytes);

  std::string problem;
  std::vector<bool> used(size_t(ref.storageBytes) * 8, false);
  forEachIndex(shape, [&](const Shape &idx) {
    if (!problem.empty())
      return;
    int64_t want = ref.bitOffsetOf[logicalKey(shape, idx)];
    int64_t slot = attr.getElementSlot(shape, idx);
    int64_t byte = attr.getElementByteOffset(shape, width, idx);
    std::string at = "element " + listStr(idx) + ": ";
    if (slot * bits != want) {
      problem = at + "slot " + std::to_string(slot) + ", reference bit " +
                std::to_string(want);
      return;
    }
    if (byte != want / 8) {
      problem = at + "byte " + std::to_string(byte) + ", reference bit " +
                std::to_string(want);
      return;
    }
    for (int64_t b = want; b < want + bits; ++b) {
      if (b >= int64_t(used.size()) || used[b]) {
        problem = at + "bit " + std::to_string(b) +
                  " outside the storage or used twice";
        return;
      }
      used[b] = true;
    }
    SmallVector<OpFoldResult> indices;
    for (int64_t x : idx)
      indices.push_back(builder.getIndexAttr(x));
    auto none = arith::IntegerOverflowFlags::none;
    if (getConstantIntValue(
            attr.buildElementSlot(builder, loc, dims, indices, none)) != slot ||
        getConstantIntValue(attr.buildElementByteOffset(
            builder, loc, dims, width, indices, none)) != byte)
      problem = at + "IR forms do not fold to the static answers";
  });
  CHECK(problem == "");
  CHECK(module->getBody()->empty());

  // The element runs, and the element-bit mask the run-time padding check
  // builds from them: exactly the reference's element bits.
  std::vector<int64_t> slots;
  for (int64_t bit : ref.bitOffsetOf)
    slots.push_back(bit / bits);
  CHECK(checkElementRuns(attr, shape, slots) == "");
  std::vector<uint8_t> want(size_t(ref.storageBytes), 0);
  for (int64_t bit : ref.bitOffsetOf)
    for (int64_t b = bit; b < bit + bits; ++b)
      want[b / 8] |= uint8_t(1u << (b % 8));
  auto type = RankedTensorType::get(
      shape, IntegerType::get(&ctx, unsigned(bits)), attr);
  std::vector<uint8_t> got(want.size(), 0);
  layoutopt::runtime::markElementBits(type, shape, got);
  CHECK(got == want);
  // A mask shorter than the storage gets the same bits, up to its end.
  if (!want.empty()) {
    std::vector<uint8_t> shorter(want.size() / 2, 0);
    layoutopt::runtime::markElementBits(type, shape, shorter);
    CHECK(shorter == std::vector<uint8_t>(want.begin(),
                                          want.begin() + shorter.size()));
  }
}
} // namespace

TEST_CASE("bit packing matches brute force (widths 2/4/8/16)",
          "[layout][packed]") {
  auto ctx = makeContext();
  std::mt19937 rng(0x5b17e);
  const int64_t widths[] = {2, 4, 8, 16};
  for (int iter = 0; iter < 4000; ++iter) {
    int64_t rank = randInt(rng, 1, 4);
    LayoutDesc layout = randInt(rng, 0, 3) == 0 ? identityLayout(rank)
                        : randInt(rng, 0, 1)    ? randomPadding(rng, rank)
                                                : randomTiled(rng, rank);
    checkBitCase(*ctx, layout, randomShape(rng, rank),
                 widths[randInt(rng, 0, 3)]);
  }
}

TEST_CASE("bit packing: hand-computed cases", "[layout][packed]") {
  auto ctx = makeContext();
  auto layout = [&](const char *text) {
    return requireAttr<PhysicalLayoutAttrInterface>(*ctx, text);
  };
  ElementWidth i4(4), i2(2);
  // 4x6xi4 is 12 bytes; 3x5xi4 is 8 (the last nibble is a tail).
  CHECK(layout("#stream_lite.identity").getStorageSizeInBytes({4, 6}, i4) == 12);
  CHECK(layout("#stream_lite.identity").getStorageSizeInBytes({3, 5}, i4) == 8);
  CHECK(layout("#stream_lite.identity").getStorageSizeInBytes({3, 5}, i2) == 4);
  // Element [1, 2] of 3x5: slot 7, the high nibble of byte 3.
  CHECK(layout("#stream_lite.identity").getElementSlot({3, 5}, {1, 2}) == 7);
  CHECK(layout("#stream_lite.identity").getElementByteOffset({3, 5}, i4, {1, 2}) == 3);
  // Padding counts elements: 3x(5+3) slots = 24 nibbles = 12 bytes.
  CHECK(layout("#stream_lite.padding<[0, 3]>").getStorageSizeInBytes({3, 5}, i4) == 12);
  // Tiles of 2x2 over 3x3: 4x4 slots = 8 bytes of i4.
  auto tiled = layout("#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>");
  CHECK(tiled.getStorageSizeInBytes({3, 3}, i4) == 8);
  CHECK(tiled.getElementSlot({3, 3}, {1, 2}) == 6); // tile (0, 1), inner (1, 0)
  CHECK(tiled.getElementByteOffset({3, 3}, i4, {1, 2}) == 3);
  // Whole-byte widths are unchanged.
  CHECK(tiled.getStorageSizeInBytes({3, 3}, ElementWidth::ofBytes(4)) == 64);
}

TEST_CASE("element widths of types", "[layout][packed]") {
  auto ctx = makeContext();
  auto bits = [&](StringRef text) {
    Type type = parseType(*ctx, text);
    REQUIRE(type);
    return ElementWidth::of(type).bits;
  };
  CHECK(bits("i2") == 2);
  CHECK(bits("i4") == 4);
  CHECK(bits("si4") == 4);
  CHECK(bits("ui2") == 2);
  CHECK(bits("i1") == 8); // one byte per element
  CHECK(bits("i3") == 8); // other odd widths round up to bytes
  CHECK(bits("i12") == 16);
  CHECK(bits("f32") == 32);
  CHECK(bits("none") == 0);
  CHECK(ElementWidth(4).isPacked());
  CHECK(!ElementWidth(8).isPacked());
  CHECK(ElementWidth(2).slotsPerByte() == 4);
}

TEST_CASE("slot divisors prove byte alignment for dynamic values",
          "[layout][packed]") {
  auto ctx = makeContext();
  OpBuilder builder(ctx.get());
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  // An opaque index value (a block argument stands for a dynamic value).
  auto func = func::FuncOp::create(
      builder, loc, "f",
      builder.getFunctionType({builder.getIndexType()}, {}));
  Value dyn = func.addEntryBlock()->getArgument(0);
  auto attr = [&](const char *text) {
    return requireAttr<PhysicalLayoutAttrInterface>(*ctx, text);
  };
  auto c = [&](int64_t v) -> OpFoldResult { return builder.getIndexAttr(v); };
  auto identity = attr("#stream_lite.identity");
  // Row %i of ?x8: slot 8 * %i, a multiple of 8.
  CHECK(getKnownElementSlotDivisor(identity, {dyn, c(8)}, {dyn, c(0)}) % 8 == 0);
  // Row %i of ?x5: only a multiple of 5 (not of 2).
  CHECK(getKnownElementSlotDivisor(identity, {dyn, c(5)}, {dyn, c(0)}) % 2 != 0);
  // Static: the exact slot.
  CHECK(getKnownElementSlotDivisor(identity, {c(3), c(5)}, {c(1), c(2)}) == 7);
  CHECK(getKnownElementSlotDivisor(identity, {c(3), c(5)}, {c(0), c(0)}) == 0);
  // Whole outer rows of 4x2 tiles of ?x6: multiples of 4 * 2 * ceil(6/2).
  auto tiled = attr("#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>");
  SmallVector<OpFoldResult> rows{dyn, c(6)};
  // Brute force: the divisor divides the slot for every value.
  for (int64_t n = 1; n <= 9; ++n)
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < 6; ++j) {
        int64_t divisor = getKnownElementSlotDivisor(tiled, rows, {dyn, c(j)});
        int64_t slot = tiled.getElementSlot({n, 6}, {i, j});
        CHECK((divisor == 0 ? slot == 0 : slot % divisor == 0));
      }
}

// IndexArith::knownDivisor: each value named %dN is known to be a multiple
// of N and of nothing larger the rules see; `rem` folds by it.
TEST_CASE("index values know their divisors", "[layout-math]") {
  auto ctx = makeContext();
  ctx->allowUnregisteredDialects(); // "test.use"
  auto module = parseModule(*ctx, R"mlir(
    func.func @f(%x: index, %y: index, %c: i1) {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c6 = arith.constant 6 : index
      %c12 = arith.constant 12 : index
      %c64 = arith.constant 64 : index
      %d1 = arith.addi %x, %c2 : index
      %d2 = arith.muli %x, %c2 overflow<nuw> : index
      %d4 = arith.muli %d2, %c2 overflow<nuw> : index
      %d6 = arith.muli %d2, %c3 overflow<nuw> : index
      %d12 = arith.addi %d6, %c12 overflow<nuw> : index
      %wraps2 = arith.muli %x, %c6 : index
      %sel3 = arith.select %c, %c3, %c6 : index
      %sub6 = arith.subi %c12, %d6 overflow<nuw> : index
      scf.for %iv16 = %c64 to %y step %c12 {
        scf.parallel (%pa64, %pb12) = (%c0, %c12) to (%y, %y) step (%c64, %c12) {
          "test.use"(%d1, %d2, %d4, %d6, %d12, %wraps2, %sel3, %sub6, %iv16, %pa64, %pb12) : (index, index, index, index, index, index, index, index, index, index, index) -> ()
        }
      }
      return
    }
  )mlir");
  REQUIRE(module);
  Operation *use = nullptr;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "test.use")
      use = op;
  });
  REQUIRE(use);
  // %d1: x + 2 (x unknown); %d12: gcd(6, 12) = 6; wraps2: x * 6 may wrap,
  // only its factor 2 survives; iv16: gcd(64, 12) = 4; pa64: gcd(0, 64);
  // pb12: gcd(12, 12).
  const uint64_t expected[] = {1, 2, 4, 6, 6, 2, 3, 6, 4, 64, 12};
  for (auto [i, want] : llvm::enumerate(expected)) {
    INFO("operand #" << i);
    CHECK(IndexArith::knownDivisor(use->getOperand(i)) == want);
  }
  OpBuilder builder(use);
  IndexArith math(builder, use->getLoc());
  CHECK(IndexArith::known(math.rem(use->getOperand(3), 3)) == 0);
  CHECK(IndexArith::known(math.rem(use->getOperand(3), 4)) == std::nullopt);
  CHECK(IndexArith::known(math.rem(use->getOperand(5), 3)) == std::nullopt);
}
