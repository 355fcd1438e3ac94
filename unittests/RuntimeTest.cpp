//===- RuntimeTest.cpp - the runtime library, called directly -------------===//
//
// Host tensors (SPEC parsing, element formatting, .npy round trips) and one
// JIT run through the session, without layout-run in between.
//
//===----------------------------------------------------------------------===//

#include "KernelJit.h"
#include "TestUtil.h"

#include "StreamLite/Runtime/HostTensor.h"
#include "StreamLite/Runtime/JitSession.h"
#include "StreamLite/IR/StreamLiteOps.h"
// White-box: the kernels' own LLVM pipeline (internal to the runtime).
#include "Runtime/JitKernels.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <charconv>
#include <cstring>
#include <map>

using namespace mlir;
using namespace layoutopt::runtime;
using namespace layoutopt::test;

namespace {

/// The error text of `value`, which must have failed.
template <typename T>
std::string errorOf(llvm::Expected<T> value) {
  REQUIRE_FALSE(bool(value));
  return llvm::toString(value.takeError());
}

/// The text of `error`, which must be one.
std::string errorOf(llvm::Error error) {
  REQUIRE(bool(error));
  return llvm::toString(std::move(error));
}

HostType tensorOf(Type elementType, llvm::ArrayRef<int64_t> shape) {
  HostType type;
  type.elementType = elementType;
  type.shape.assign(shape.begin(), shape.end());
  return type;
}

HostType scalarOf(Type elementType) {
  HostType type;
  type.elementType = elementType;
  type.isScalar = true;
  return type;
}

template <typename T>
std::vector<T> valuesOf(const HostArray &array) {
  REQUIRE(array.bytes.size() % sizeof(T) == 0);
  std::vector<T> values(array.bytes.size() / sizeof(T));
  std::memcpy(values.data(), array.bytes.data(), array.bytes.size());
  return values;
}

/// `array` with `bits` as its one element of `type`.
HostArray scalarArray(Type type, uint64_t bits) {
  HostArray array;
  array.elementType = type;
  array.isScalar = true;
  array.bytes.resize(*getElementBytes(type));
  std::memcpy(array.bytes.data(), &bits, array.bytes.size());
  return array;
}

std::string formatted(Type type, llvm::StringRef text) {
  std::optional<uint64_t> bits = parseElement(type, text);
  REQUIRE(bits);
  return formatElement(scalarArray(type, *bits), 0);
}

} // namespace

TEST_CASE("repeated run times summarize as fastest, median and slowest",
          "[runtime]") {
  RunTimeSummary one = summarizeRunTimes({0.5});
  CHECK(one.fastest == 0.5);
  CHECK(one.median == 0.5);
  CHECK(one.slowest == 0.5);
  // Unsorted, odd: the middle one.
  RunTimeSummary odd = summarizeRunTimes({3.0, 1.0, 9.0, 2.0, 4.0});
  CHECK(odd.fastest == 1.0);
  CHECK(odd.median == 3.0);
  CHECK(odd.slowest == 9.0);
  // Even: the mean of the two middle ones.
  RunTimeSummary even = summarizeRunTimes({4.0, 1.0, 2.0, 10.0});
  CHECK(even.fastest == 1.0);
  CHECK(even.median == 3.0);
  CHECK(even.slowest == 10.0);
}

TEST_CASE("parseSpec reads values, splats and scalars", "[runtime]") {
  auto ctx = makeContext();
  Builder b(ctx.get());

  HostArray full = *parseSpec(*ctx, "2x3xf32=1,2.5 3,4,5,-6",
                              tensorOf(b.getF32Type(), {2, 3}), 0);
  CHECK(full.shape == llvm::SmallVector<int64_t>{2, 3});
  CHECK_FALSE(full.isScalar);
  CHECK(valuesOf<float>(full) == std::vector<float>{1, 2.5, 3, 4, 5, -6});

  // One value splats; a dynamic dim takes the spec's size.
  HostArray splat =
      *parseSpec(*ctx, "4x2xi32=7",
                 tensorOf(b.getI32Type(), {ShapedType::kDynamic, 2}), 1);
  CHECK(splat.shape == llvm::SmallVector<int64_t>{4, 2});
  CHECK(valuesOf<int32_t>(splat) == std::vector<int32_t>(8, 7));

  HostArray scalar =
      *parseSpec(*ctx, "index=3", scalarOf(b.getIndexType()), 2);
  CHECK(scalar.isScalar);
  CHECK(valuesOf<int64_t>(scalar) == std::vector<int64_t>{3});
}

TEST_CASE("parseSpec reports bad specs as layout-run prints them",
          "[runtime]") {
  auto ctx = makeContext();
  Builder b(ctx.get());
  HostType f32x2x3 = tensorOf(b.getF32Type(), {2, 3});
  CHECK(errorOf(parseSpec(*ctx, "2x3xf32=1,a,3,4,5,6", f32x2x3, 0)) ==
        "input 0: f32 value 'a' is malformed or out of range");
  CHECK(errorOf(parseSpec(*ctx, "2x3xf32=1,2", f32x2x3, 0)) ==
        "input 0: 2 values for 6 elements (give all of them or one to "
        "splat)");
  CHECK(errorOf(parseSpec(*ctx, "3x3xf32=1", f32x2x3, 0)) ==
        "input 0: shape 3x3xf32 does not match the function's "
        "tensor<2x3xf32> in dim 0");
  CHECK(errorOf(parseSpec(*ctx, "6xf32=1", f32x2x3, 0)) ==
        "input 0: rank 1 (6xf32) does not match the function's "
        "tensor<2x3xf32>");
  CHECK(errorOf(parseSpec(*ctx, "2x3xi32=1", f32x2x3, 0)) ==
        "input 0: element type i32 does not match the function's "
        "tensor<2x3xf32>");
  CHECK(errorOf(parseSpec(*ctx, "2x3xf32", f32x2x3, 0)) ==
        "input 0: malformed spec '2x3xf32' (expected e.g. "
        "2x3xf32=1,2,3,4,5,6 or @file.npy)");
  CHECK(errorOf(parseSpec(*ctx, "2xf32=1", scalarOf(b.getF32Type()), 1)) ==
        "input 1: the function expects a scalar f32, got shape 2xf32");
  CHECK(errorOf(parseSpec(*ctx, "i8=300", scalarOf(b.getI8Type()), 0)) ==
        "input 0: i8 value '300' is malformed or out of range");
}

TEST_CASE("elements format in their shortest round-trip form", "[runtime]") {
  auto ctx = makeContext();
  Builder b(ctx.get());
  CHECK(formatted(b.getF32Type(), "0.1") == "0.1");
  CHECK(formatted(b.getF32Type(), "1e10") == "1e+10");
  CHECK(formatted(b.getF32Type(), "-0") == "-0");
  CHECK(formatted(b.getF64Type(), "0.1") == "0.1");
  CHECK(formatted(b.getF16Type(), "0.1") == "0.1");
  CHECK(formatted(b.getF16Type(), "-inf") == "-inf");
  CHECK(formatted(b.getBF16Type(), "3") == "3");
  CHECK(formatted(b.getF32Type(), "nan") == "nan");
  CHECK(formatted(b.getI1Type(), "true") == "1");
  CHECK(formatted(b.getI8Type(), "-1") == "-1");
  CHECK(formatted(b.getI8Type(), "-128") == "-128");
  CHECK(formatted(IntegerType::get(ctx.get(), 8, IntegerType::Unsigned),
                  "255") == "255");
  CHECK(formatted(b.getI64Type(), "-9223372036854775808") ==
        "-9223372036854775808");
  CHECK(formatted(b.getF32Type(), "+2.5e-1") == "0.25");
  CHECK(formatted(b.getF32Type(), ".5") == "0.5");
  // Narrow and wide integers sign- or zero-extend from their own width.
  CHECK(formatted(b.getIntegerType(4), "-8") == "-8");
  CHECK(formatted(b.getIntegerType(2), "-1") == "-1");
  CHECK(formatted(IntegerType::get(ctx.get(), 4, IntegerType::Unsigned),
                  "15") == "15");
  CHECK(formatted(IntegerType::get(ctx.get(), 16, IntegerType::Unsigned),
                  "65535") == "65535");
  CHECK(formatted(b.getI16Type(), "-32768") == "-32768");
  CHECK(formatted(b.getIndexType(), "-5") == "-5");
  CHECK(formatted(IntegerType::get(ctx.get(), 64, IntegerType::Unsigned),
                  "18446744073709551615") == "18446744073709551615");
  CHECK(formatted(b.getF64Type(), "-inf") == "-inf");
}

namespace {

/// A printed decimal taken apart: its significant digits and the decimal
/// exponent of its first one ("0.0025" and "2.5e-03": 2 digits, -3).
struct Decimal {
  int digits = 0;
  int exponent = 0;
  bool scientific = false;
  bool integer = false;
};

Decimal parseDecimal(llvm::StringRef text) {
  Decimal d;
  text.consume_front("-");
  auto [mantissa, exponentText] = text.split('e');
  d.scientific = !exponentText.empty();
  auto [whole, fraction] = mantissa.split('.');
  d.integer = !d.scientific && fraction.empty();
  std::string all = (whole + fraction).str();
  d.digits = llvm::StringRef(all).ltrim('0').rtrim('0').size();
  // The first significant digit: in the whole part, or after the
  // fraction's leading zeros.
  if (!whole.ltrim('0').empty())
    d.exponent = static_cast<int>(whole.ltrim('0').size()) - 1;
  else
    d.exponent = -static_cast<int>(fraction.size() -
                                   fraction.ltrim('0').size()) -
                 1;
  if (d.scientific) {
    int e = 0;
    exponentText.consume_front("+");
    exponentText.getAsInteger(10, e);
    d.exponent = e;
  }
  return d;
}

/// The lengths of a decimal of `digits` significant digits whose first is
/// at 10^`exponent`, in std::to_chars's two notations.
size_t fixedLength(int digits, int exponent) {
  if (exponent >= digits - 1)
    return exponent + 1; // 2500
  if (exponent >= 0)
    return digits + 1; // 2.5
  return 1 - exponent + digits; // 0.0025
}
size_t scientificLength(int digits, int exponent) {
  size_t exponentDigits =
      std::max<size_t>(2, std::to_string(std::abs(exponent)).size());
  return digits + (digits > 1) + 2 + exponentDigits; // 2.5e-03
}

/// For every positive finite value of `type`: the fewest significant
/// digits of a decimal that parses to it, found by parsing every decimal of
/// up to `maxDigits` digits whose magnitude is in [10^lowest, 10^highest).
std::map<uint64_t, int> fewestDigits(Type type, int maxDigits, int lowest,
                                     int highest) {
  std::map<uint64_t, int> fewest;
  for (int digits = 1, first = 1; digits <= maxDigits;
       ++digits, first *= 10) {
    for (int top = lowest; top < highest; ++top) {
      // Mantissas of `digits` digits scaled to [10^(top-1), 10^top).
      int exponent = top - digits;
      for (int m = first; m < first * 10; ++m) {
        std::string text =
            std::to_string(m) + "e" + std::to_string(exponent);
        if (std::optional<uint64_t> bits = parseElement(type, text))
          fewest.try_emplace(*bits, digits);
      }
    }
  }
  return fewest;
}

/// Whether `text` is how f32 would print a value of `type` (`bits`) whose
/// shortest decimal has `fewest` digits: that many digits, fixed unless the
/// exponent notation is shorter; in fixed notation an integer has its exact
/// digits (f32's 123456789 prints 123456792), which may be fewer chars.
bool printsLikeF32(Type type, uint64_t bits, llvm::StringRef text,
                   int fewest) {
  Decimal d = parseDecimal(text);
  size_t length = text.ltrim('-').size();
  if (d.integer && parseElement(type, text) == bits) {
    // The exact value: the text parses to the same double as the value.
    auto floatType = cast<FloatType>(type);
    llvm::APFloat value(floatType.getFloatSemantics(), llvm::APInt(16, bits));
    bool lost = false;
    value.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &lost);
    double exact = 0;
    std::from_chars(text.begin(), text.end(), exact);
    if (exact == value.convertToDouble() &&
        length <= scientificLength(fewest, d.exponent))
      return true;
  }
  if (d.digits != fewest)
    return false;
  bool scientificShorter = scientificLength(d.digits, d.exponent) <
                           fixedLength(d.digits, d.exponent);
  return d.scientific == scientificShorter;
}

/// Every bit pattern of the 16-bit float `type` prints in a form that
/// parses back to it, with the fewest digits that do, as f32 prints.
void checkEverySmallFloat(Type type, int maxDigits, int lowest, int highest) {
  std::map<uint64_t, int> fewest =
      fewestDigits(type, maxDigits, lowest, highest);
  auto floatType = cast<FloatType>(type);
  int wrong = 0;
  for (uint64_t bits = 0; bits < 0x10000; ++bits) {
    std::string text = formatElement(scalarArray(type, bits), 0);
    llvm::APFloat value(floatType.getFloatSemantics(), llvm::APInt(16, bits));
    if (value.isNaN()) {
      if (text != "nan" && ++wrong <= 5)
        FAIL_CHECK("bits " << bits << " print as " << text);
      continue;
    }
    std::optional<uint64_t> back = parseElement(type, text);
    bool ok = back && *back == bits;
    if (ok && value.isFiniteNonZero()) {
      auto it = fewest.find(bits & 0x7fff);
      ok = it != fewest.end() && printsLikeF32(type, bits, text, it->second);
    }
    if (!ok && ++wrong <= 5)
      FAIL_CHECK("bits " << bits << " print as " << text);
  }
  CHECK(wrong == 0);
}

} // namespace

TEST_CASE("every f16 and bf16 prints its shortest round-trip decimal",
          "[runtime]") {
  auto ctx = makeContext();
  Builder b(ctx.get());
  // f16 spans [6e-08, 65504] and needs at most 5 digits; bf16 spans
  // [9e-41, 3.4e38] and needs at most 4.
  checkEverySmallFloat(b.getF16Type(), 5, -8, 6);
  checkEverySmallFloat(b.getBF16Type(), 4, -41, 40);
}

TEST_CASE("f16 and bf16 print in the style of f32", "[runtime]") {
  auto ctx = makeContext();
  Builder b(ctx.get());
  for (Type type : {Type(b.getF16Type()), Type(b.getBF16Type())}) {
    CHECK(formatted(type, "10") == "10");
    CHECK(formatted(type, "100") == "100");
    CHECK(formatted(type, "0.5") == "0.5");
    CHECK(formatted(type, "2.5") == "2.5");
    CHECK(formatted(type, "-1") == "-1");
    CHECK(formatted(type, "0") == "0");
    CHECK(formatted(type, "-0") == "-0");
    CHECK(formatted(type, "inf") == "inf");
  }
  CHECK(formatted(b.getF16Type(), "65504") == "65504");
  CHECK(formatted(b.getF16Type(), "1000") == "1000");
  CHECK(formatted(b.getF16Type(), "0.1") == "0.1");
  // As f32's: 1e-04 is shorter than 0.0001.
  CHECK(formatted(b.getF16Type(), "0.0001") == "1e-04");
  // The smallest subnormal, 2^-24.
  CHECK(formatted(b.getF16Type(), "6e-8") == "6e-08");
  CHECK(formatted(b.getBF16Type(), "0.1") == "0.1");
  // bf16 holds 9984 for 10000: shorter than "1e+04", and exact, as f32
  // prints an integer.
  CHECK(formatted(b.getBF16Type(), "10000") == "9984");
  CHECK(formatted(b.getBF16Type(), "12345") == "12352");
  CHECK(formatted(b.getBF16Type(), "1e10") == "1e+10");
  CHECK(formatted(b.getBF16Type(), "3e38") == "3e+38");
}

TEST_CASE("a SPEC is refused before it expands past its byte limit",
          "[runtime]") {
  auto ctx = makeContext();
  Builder b(ctx.get());
  HostType dynamic = tensorOf(b.getI16Type(), {ShapedType::kDynamic});
  // 1000 i16 values are 2000 bytes: over a 1000-byte limit, under 4000.
  CHECK(errorOf(parseSpec(*ctx, "1000xi16=7", dynamic, 0, 1000)) ==
        "input 0: shape too large");
  llvm::Expected<HostArray> fits = parseSpec(*ctx, "1000xi16=7", dynamic, 0, 4000);
  REQUIRE(static_cast<bool>(fits));
  CHECK(fits->bytes.size() == 2000);
  CHECK(fits->bytes[1998] == 7);
}

TEST_CASE("an empty array reads whatever its other dims", "[runtime]") {
  // A fuzz finding: layout-run printed this empty result, and its SPEC
  // reader refused it, since the dims before the zero multiply past the
  // byte limit. A zero dim makes the array empty, as .npy files read it.
  auto ctx = makeContext();
  Builder b(ctx.get());
  int64_t dyn = ShapedType::kDynamic;
  HostType dynamic = tensorOf(b.getI8Type(), {dyn, dyn, dyn, dyn});
  llvm::Expected<HostArray> empty =
      parseSpec(*ctx, "4x165520001x0x65520xi8=", dynamic, 0, 1000);
  REQUIRE(static_cast<bool>(empty));
  CHECK(empty->getNumElements() == 0);
  CHECK(empty->bytes.empty());
  CHECK(formatResult(*empty) == "4x165520001x0x65520xi8=");
  // Without the zero the same dims are too large.
  CHECK(errorOf(parseSpec(*ctx, "4x165520001x1x65520xi8=1", dynamic, 0,
                          1000)) == "input 0: shape too large");
  // Empty or not, the nonzero dims multiply within int64 (strides do).
  CHECK(errorOf(parseSpec(*ctx, "0x200000000000x1000000014x1xi8=", dynamic,
                          0, 1000)) == "input 0: shape too large");
}

TEST_CASE("elements parse only when exact and in the type's range",
          "[runtime]") {
  auto ctx = makeContext();
  Builder b(ctx.get());
  Type ui8 = IntegerType::get(ctx.get(), 8, IntegerType::Unsigned);
  // Signless integers print signed, so they read the signed range only:
  // nothing wraps.
  CHECK_FALSE(parseElement(b.getI8Type(), "255"));
  CHECK_FALSE(parseElement(b.getI8Type(), "-129"));
  CHECK_FALSE(parseElement(b.getI64Type(), "18446744073709551615"));
  CHECK_FALSE(parseElement(b.getI64Type(), "9223372036854775808"));
  CHECK_FALSE(parseElement(b.getI64Type(), "-9223372036854775809"));
  CHECK_FALSE(parseElement(b.getI64Type(), "36893488147419103232"));
  CHECK_FALSE(parseElement(ui8, "-1"));
  CHECK_FALSE(parseElement(ui8, "256"));
  CHECK_FALSE(parseElement(b.getI32Type(), "1.0"));
  CHECK_FALSE(parseElement(b.getI32Type(), "0x10"));
  CHECK_FALSE(parseElement(b.getI32Type(), "-"));
  // Floats: the whole text is a decimal number, and it fits.
  CHECK_FALSE(parseElement(b.getF32Type(), "1e"));
  CHECK_FALSE(parseElement(b.getF32Type(), "1e+"));
  CHECK_FALSE(parseElement(b.getF32Type(), "."));
  CHECK_FALSE(parseElement(b.getF32Type(), "1.5.2"));
  CHECK_FALSE(parseElement(b.getF32Type(), "0x1p3"));
  CHECK_FALSE(parseElement(b.getF32Type(), "1e999"));
  CHECK_FALSE(parseElement(b.getF16Type(), "70000"));
  CHECK_FALSE(parseElement(b.getF64Type(), "1e-999"));
  CHECK(parseElement(b.getF64Type(), "0e-999"));
  CHECK(parseElement(b.getF32Type(), "inf"));
  CHECK(parseElement(b.getF32Type(), "-nan"));
  CHECK(parseElement(ui8, "255") == std::optional<uint64_t>(255));
  CHECK(parseElement(b.getI8Type(), "-128") == std::optional<uint64_t>(0x80));
}

TEST_CASE(".npy files round trip", "[runtime]") {
  auto ctx = makeContext();
  Builder b(ctx.get());
  HostArray array = *parseSpec(*ctx, "2x3xi16=1,-2,3,-4,5,-6",
                               tensorOf(b.getI16Type(), {2, 3}), 0);
  std::string bytes = npyBytes(array);
  // Version 1.0, data at a multiple of 64 bytes.
  CHECK(llvm::StringRef(bytes).starts_with("\x93NUMPY\x01"));
  CHECK((bytes.size() - array.bytes.size()) % 64 == 0);

  llvm::SmallString<128> path;
  REQUIRE_FALSE(
      llvm::sys::fs::createTemporaryFile("runtime-test", "npy", path));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    REQUIRE_FALSE(ec);
    os << bytes;
  }
  HostArray back = *readNpy(path, b.getI16Type(), "input 0");
  CHECK(back.shape == array.shape);
  CHECK(back.bytes == array.bytes);
  std::string wrongType = errorOf(readNpy(path, b.getF32Type(), "input 0"));
  CHECK(wrongType == ("input 0: '" + path + "' holds dtype '<i2', expected "
                      "'<f4' for f32").str());
  llvm::sys::fs::remove(path);
  CHECK(llvm::StringRef(errorOf(readNpy(path, b.getI16Type(), "input 0")))
            .starts_with(("input 0: cannot read '" + path + "'").str()));
}

TEST_CASE("a program runs through the JIT session", "[runtime][jit]") {
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
    func.func @constant(%n: index) -> (tensor<2x3xi32>, index) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
      %c1 = arith.constant 1 : index
      %sz = stream_lite.tensor.sizeof tensor<2x3xi32> : index
      %c = stream_lite.tensor.constant : tensor<2x3xi32> in !stream_lite.resource<constant> = dense<[[1, 2, 3], [4, 5, -6]]> : tensor<2x3xi32>
      %t = stream_lite.tensor.export %c : tensor<2x3xi32> in !stream_lite.resource<constant>{%sz} -> tensor<2x3xi32>
      %m = arith.addi %n, %c1 : index
      return %t, %m : tensor<2x3xi32>, index
    }
  )mlir");
  REQUIRE(module);
  Builder b(ctx.get());
  std::vector<HostType> resultTypes = {tensorOf(b.getI32Type(), {2, 3}),
                                       scalarOf(b.getIndexType())};
  std::vector<HostArray> inputs = {scalarArray(b.getIndexType(), 41)};

  // Step by step: lower, JIT-compile, run.
  llvm::Expected<LoweredProgram> program =
      lowerProgram(*module, "constant", ProgramOptions());
  REQUIRE(bool(program));
  JitOptions options;
  options.codeGenOptLevel = llvm::CodeGenOptLevel::Default;
  auto session = JitSession::create(*program->module, options);
  REQUIRE(bool(session));
  llvm::Expected<std::vector<HostArray>> results =
      (*session)->run("constant", inputs, resultTypes);
  REQUIRE(bool(results));
  REQUIRE(results->size() == 2);
  CHECK(formatResult((*results)[0]) == "2x3xi32=1 2 3 4 5 -6");
  CHECK(valuesOf<int64_t>((*results)[1]) == std::vector<int64_t>{42});
  CHECK((*session)->getLeftovers().buffers == 0);

  // Again: the entry point looked up by the first call.
  results = (*session)->run("constant", inputs, resultTypes);
  REQUIRE(bool(results));
  CHECK(formatResult((*results)[0]) == "2x3xi32=1 2 3 4 5 -6");

  // A function the module does not have is an error, not a crash, on every
  // call (a failed lookup is not remembered as an entry point).
  for (int call = 0; call < 2; ++call)
    CHECK(llvm::StringRef(
              errorOf((*session)->run("missing", inputs, resultTypes)))
              .starts_with("cannot run @missing: "));

  // The whole thing in one call, on the reference program.
  ProgramOptions reference;
  reference.reference = true;
  llvm::Expected<ProgramRun> run =
      runProgram(*module, "constant", inputs, resultTypes, reference);
  REQUIRE(bool(run));
  CHECK(formatResult(run->results[0]) == "2x3xi32=1 2 3 4 5 -6");
  CHECK(run->paddingViolations.empty());
}

TEST_CASE("a failure inside the JIT-ed program is the run's error",
          "[runtime][jit]") {
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
    func.func @fill(%rows: index) -> tensor<?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
      %zero = arith.constant 0.0 : f32
      %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
      %s = stream_lite.tensor.splat %zero : f32 -> tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz}
      %r = stream_lite.tensor.export %s : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32>
      return %r : tensor<?x4xf32>
    }
  )mlir");
  REQUIRE(module);
  Builder b(ctx.get());
  std::vector<HostType> resultTypes = {
      tensorOf(b.getF32Type(), {ShapedType::kDynamic, 4})};
  llvm::Expected<LoweredProgram> program =
      lowerProgram(*module, "fill", ProgramOptions());
  REQUIRE(bool(program));
  auto session = JitSession::create(*program->module, JitOptions());
  REQUIRE(bool(session));

  // A negative dim fails the sizeof check; a huge one asks for too much.
  // Without a failure handler both come back as errors, the session's
  // buffers freed, and the same session then runs inputs that fit.
  std::string check = errorOf((*session)->run(
      "fill", {scalarArray(b.getIndexType(), -1)}, resultTypes));
  CHECK(llvm::StringRef(check).starts_with("@fill failed a runtime check: "));
  CHECK(llvm::StringRef(check).contains("'stream_lite.tensor.sizeof' op"));
  std::string alloc = errorOf((*session)->run(
      "fill", {scalarArray(b.getIndexType(), int64_t(1) << 40)},
      resultTypes));
  CHECK(llvm::StringRef(alloc).starts_with("@fill asks for a buffer of "));
  CHECK((*session)->getLeftovers().buffers == 0);
  llvm::Expected<std::vector<HostArray>> results = (*session)->run(
      "fill", {scalarArray(b.getIndexType(), 2)}, resultTypes);
  REQUIRE(bool(results));
  CHECK(formatResult((*results)[0]) == "2x4xf32=0 0 0 0 0 0 0 0");
  CHECK((*session)->getLeftovers().buffers == 0);

  // With a handler, it sees the message first (layout-run exits there).
  std::string seen;
  (*session)->setFailureHandler(
      [&seen](const std::string &message) { seen = message; });
  check = errorOf((*session)->run(
      "fill", {scalarArray(b.getIndexType(), -1)}, resultTypes));
  CHECK(seen == check);
}

TEST_CASE("the session tracks calloc and refuses a second free",
          "[runtime][jit]") {
  // LLVM's optimizer may turn malloc + memset into calloc: the session
  // owns that buffer like any other. Freeing a buffer twice is the run's
  // error, not a crash of the process.
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    llvm.func @malloc(i64) -> !llvm.ptr
    llvm.func @calloc(i64, i64) -> !llvm.ptr
    llvm.func @free(!llvm.ptr)
    llvm.func @calloc_leak() {
      %c4 = llvm.mlir.constant(4 : i64) : i64
      %p = llvm.call @calloc(%c4, %c4) : (i64, i64) -> !llvm.ptr
      llvm.return
    }
    llvm.func @calloc_free() {
      %c4 = llvm.mlir.constant(4 : i64) : i64
      %p = llvm.call @calloc(%c4, %c4) : (i64, i64) -> !llvm.ptr
      llvm.call @free(%p) : (!llvm.ptr) -> ()
      llvm.return
    }
    llvm.func @free_twice() {
      %c16 = llvm.mlir.constant(16 : i64) : i64
      %p = llvm.call @malloc(%c16) : (i64) -> !llvm.ptr
      llvm.call @free(%p) : (!llvm.ptr) -> ()
      llvm.call @free(%p) : (!llvm.ptr) -> ()
      llvm.return
    }
  )mlir");
  REQUIRE(module);
  auto session = JitSession::create(*module, JitOptions());
  REQUIRE(bool(session));
  REQUIRE(bool((*session)->run("calloc_leak", {}, {})));
  CHECK((*session)->getLeftovers().buffers == 1);
  CHECK((*session)->getLeftovers().bytes == 16);
  REQUIRE(bool((*session)->run("calloc_free", {}, {})));
  CHECK((*session)->getLeftovers().buffers == 0);
  CHECK(errorOf((*session)->run("free_twice", {}, {})) ==
        "@free_twice freed memory that is not a live buffer of the program "
        "(a buffer freed twice?)");
}

TEST_CASE("a program's code is generated on several threads",
          "[runtime][jit]") {
  // Split into two partitions whatever its size (partitions of one
  // instruction): the private helper and constant land in one partition and
  // are used from the other, and each public function is called through its
  // stub. The results are those of the program compiled whole.
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    llvm.mlir.global internal constant @offset(7 : i64) : i64
    llvm.func internal @helper(%x: i64) -> i64 {
      %a = llvm.mlir.addressof @offset : !llvm.ptr
      %o = llvm.load %a : !llvm.ptr -> i64
      %r = llvm.add %x, %o : i64
      llvm.return %r : i64
    }
    llvm.func @twice(%x: i64) -> i64 {
      %h = llvm.call @helper(%x) : (i64) -> i64
      %r = llvm.add %h, %h : i64
      llvm.return %r : i64
    }
    llvm.func @sum(%x: i64) -> i64 {
      %t = llvm.call @twice(%x) : (i64) -> i64
      %h = llvm.call @helper(%x) : (i64) -> i64
      %r = llvm.add %t, %h : i64
      llvm.return %r : i64
    }
  )mlir");
  REQUIRE(module);
  Builder b(ctx.get());
  std::vector<HostType> resultTypes = {scalarOf(b.getI64Type())};
  std::vector<HostArray> inputs = {scalarArray(b.getI64Type(), 5)};
  for (unsigned threads : {1u, 2u}) {
    INFO("compileThreads " << threads);
    JitOptions options;
    options.compileThreads = threads;
    options.programPartitionInstructions = 1;
    auto session = JitSession::create(*module, options);
    REQUIRE(bool(session));
    CHECK((*session)->getProgramPartitions() == (threads == 2 ? 2u : 0u));
    auto twice = (*session)->run("twice", inputs, resultTypes);
    REQUIRE(bool(twice));
    CHECK(formatResult((*twice)[0]) == "i64=24");
    auto sum = (*session)->run("sum", inputs, resultTypes);
    REQUIRE(bool(sum));
    CHECK(formatResult((*sum)[0]) == "i64=36");
  }

  // Too small for the default partition size: compiled whole.
  JitOptions defaults;
  defaults.compileThreads = 2;
  auto whole = JitSession::create(*module, defaults);
  REQUIRE(bool(whole));
  CHECK((*whole)->getProgramPartitions() == 0);
}

TEST_CASE("a symbol a split program lacks is an error of its first call",
          "[runtime][jit]") {
  // As when the engine compiles the program whole: the session is created,
  // and compiling or calling a function fails, every time, naming the
  // symbol.
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    llvm.func @absent(i64) -> i64
    llvm.func @calls_absent(%x: i64) -> i64 {
      %r = llvm.call @absent(%x) : (i64) -> i64
      llvm.return %r : i64
    }
    llvm.func @other(%x: i64) -> i64 {
      llvm.return %x : i64
    }
  )mlir");
  REQUIRE(module);
  JitOptions options;
  options.compileThreads = 2;
  options.programPartitionInstructions = 1;
  auto session = JitSession::create(*module, options);
  REQUIRE(bool(session));
  CHECK((*session)->getProgramPartitions() == 2);
  std::string first = errorOf((*session)->compile("calls_absent"));
  CHECK(llvm::StringRef(first).contains("absent"));
  CHECK(errorOf((*session)->compile("other")) == first);
}

TEST_CASE(".npy bool arrays hold only 0 and 1", "[runtime]") {
  // Found by layout-fuzz-hosttensor: a byte 0xff in a |b1 file was read as
  // is, an i1 that printed as 1 but compared unequal to true.
  auto ctx = makeContext();
  Builder b(ctx.get());
  HostArray array = *parseSpec(*ctx, "3xi1=1,0,1",
                               tensorOf(b.getI1Type(), {3}), 0);
  std::string bytes = npyBytes(array);
  bytes.back() = '\xff';
  llvm::SmallString<128> path;
  REQUIRE_FALSE(
      llvm::sys::fs::createTemporaryFile("runtime-test", "npy", path));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    REQUIRE_FALSE(ec);
    os << bytes;
  }
  CHECK(errorOf(readNpy(path, b.getI1Type(), "input 0")) ==
        ("input 0: '" + path +
         "' is not a valid .npy file: bool element 2 is 255, not 0 or 1")
            .str());
  llvm::sys::fs::remove(path);
}

TEST_CASE("JitOptimization::Kernels optimizes the builtin kernels only",
          "[runtime][jit]") {
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
    func.func @main(%x: tensor<5x7xf32>) -> tensor<5x7xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
      %sz = stream_lite.tensor.sizeof tensor<5x7xf32> : index
      %a = stream_lite.tensor.import %x : tensor<5x7xf32> -> tensor<5x7xf32> in !stream_lite.resource<external>{%sz}
      %tsz = stream_lite.tensor.sizeof tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> : index
      %t = stream_lite.tensor.encode %a : tensor<5x7xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in !stream_lite.resource<*>{%tsz}
      %b = stream_lite.tensor.encode %t : tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in !stream_lite.resource<*>{%tsz} -> tensor<5x7xf32> in !stream_lite.resource<*>{%sz}
      %r = stream_lite.tensor.export %b : tensor<5x7xf32> in !stream_lite.resource<*>{%sz} -> tensor<5x7xf32>
      return %r : tensor<5x7xf32>
    }
  )mlir");
  REQUIRE(module);
  llvm::Expected<LoweredProgram> program =
      lowerProgram(*module, "main", ProgramOptions());
  REQUIRE(bool(program));
  // The LLVM IR after optimization, one entry per defined function.
  auto optimizedFunctions = [&](JitOptimization optimization) {
    std::string ir;
    llvm::raw_string_ostream os(ir);
    JitOptions options;
    options.codeGenOptLevel = llvm::CodeGenOptLevel::Default;
    options.optimization = optimization;
    options.printOptimizedIR = &os;
    auto session = JitSession::create(*program->module, options);
    REQUIRE(bool(session));
    REQUIRE_FALSE(bool((*session)->compile("main")));
    std::map<std::string, std::string> functions;
    llvm::StringRef rest = ir;
    while (true) {
      size_t at = rest.find("\ndefine ");
      if (at == llvm::StringRef::npos)
        break;
      rest = rest.drop_front(at + 1);
      size_t name = rest.find('@');
      std::string symbol =
          rest.drop_front(name + 1).take_until([](char c) {
                                     return c == '(';
                                   }).str();
      // The body, then the function's attributes (from its attribute
      // groups at the module's end), which say how its code is generated.
      std::string entry = rest.take_front(rest.find("\n}")).str();
      llvm::StringRef header = rest.take_until([](char c) { return c == '\n'; });
      llvm::StringRef groups = header.substr(header.rfind(')'));
      while (true) {
        size_t hash = groups.find('#');
        if (hash == llvm::StringRef::npos)
          break;
        groups = groups.drop_front(hash);
        llvm::StringRef group = groups.take_until([](char c) { return c == ' '; });
        groups = groups.drop_front(group.size());
        // The first definition after the function: its own module's (the
        // program and the kernels are printed as two modules).
        size_t def = ir.find(("\nattributes " + group + " = {").str(),
                             ir.size() - rest.size());
        if (def != std::string::npos)
          entry += "\n" + ir.substr(def + 1, ir.find('\n', def + 1) - def - 1);
      }
      functions[symbol] = entry;
    }
    return functions;
  };
  // Unoptimized lowered code builds memref descriptors with insertvalue
  // (the to-llvm pipeline folds those it can); O2 takes them apart in the
  // kernels (their descriptors never escape).
  std::map<std::string, std::string> kernels =
      optimizedFunctions(JitOptimization::Kernels);
  int64_t kernelCount = 0;
  for (const auto &[name, body] : kernels) {
    INFO(name);
    if (llvm::StringRef(name).starts_with("__builtin_")) {
      ++kernelCount;
      CHECK(body.find("insertvalue") == std::string::npos);
      // Code generated at the target machine's level.
      CHECK(body.find("optnone") == std::string::npos);
    }
  }
  CHECK(kernelCount == 2);
  // main is left as lowered: it still calls the kernels, and its code is
  // generated on LLVM's fast path (optnone, which requires noinline).
  REQUIRE(kernels.count("main"));
  CHECK(kernels["main"].find("call void @__builtin_") != std::string::npos);
  CHECK(kernels["main"].find("optnone") != std::string::npos);
  CHECK(kernels["main"].find("noinline") != std::string::npos);
  // All: main is optimized too (the kernels inlined into it).
  std::map<std::string, std::string> all =
      optimizedFunctions(JitOptimization::All);
  REQUIRE(all.count("main"));
  CHECK(all["main"].find("call void @__builtin_") == std::string::npos);
  CHECK(all["main"].find("optnone") == std::string::npos);
}

TEST_CASE("programs with parallel kernels run one after another",
          "[runtime][jit]") {
  // Each session with the async runtime used to be the last: an engine
  // that loaded libmlir_async_runtime.so deleted the process's runtime
  // when destroyed, and the next session's first task crashed.
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
    func.func @main(%x: tensor<1024x1000xf32>) -> tensor<1024x1000xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
      %sz = stream_lite.tensor.sizeof tensor<1024x1000xf32> : index
      %a = stream_lite.tensor.import %x : tensor<1024x1000xf32> -> tensor<1024x1000xf32> in !stream_lite.resource<external>{%sz}
      %tsz = stream_lite.tensor.sizeof tensor<1024x1000xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>> : index
      %t = stream_lite.tensor.encode %a : tensor<1024x1000xf32> in !stream_lite.resource<external>{%sz} -> tensor<1024x1000xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>> in !stream_lite.resource<*>{%tsz}
      %b = stream_lite.tensor.encode %t : tensor<1024x1000xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>> in !stream_lite.resource<*>{%tsz} -> tensor<1024x1000xf32> in !stream_lite.resource<*>{%sz}
      %r = stream_lite.tensor.export %b : tensor<1024x1000xf32> in !stream_lite.resource<*>{%sz} -> tensor<1024x1000xf32>
      return %r : tensor<1024x1000xf32>
    }
  )mlir");
  REQUIRE(module);
  Builder b(ctx.get());
  HostArray input;
  input.elementType = b.getF32Type();
  input.shape = {1024, 1000};
  input.bytes.resize(1024 * 1000 * sizeof(float));
  for (size_t i = 0; i < 1024 * 1000; ++i) {
    float value = static_cast<float>(i);
    std::memcpy(input.bytes.data() + i * sizeof(float), &value, sizeof(float));
  }
  std::vector<HostType> resultTypes = {tensorOf(b.getF32Type(), {1024, 1000})};
  ProgramOptions options;
  options.threads = 3;
  for (int run = 0; run < 3; ++run) {
    INFO("run " << run);
    llvm::Expected<ProgramRun> result =
        runProgram(*module, "main", {input}, resultTypes, options);
    REQUIRE(bool(result));
    CHECK(result->results[0].bytes == input.bytes);
    CHECK(result->leftovers.buffers == 0);
  }
}

TEST_CASE("the kernels' LLVM pipeline keeps a run-time choice of "
          "non-temporal stores",
          "[runtime][nontemporal]") {
  // A fill whose region size comes at run time chooses per tile row between
  // non-temporal and ordinary stores. LLVM's O2 pipeline merged the two
  // branches into one ordinary store (layout-run's large fills then ran
  // 1.2x slower than the bench's O3 kernels); O3 unswitches the loop.
  auto ctx = makeKernelJitContext();
  RankedTensorType tiled = parseTensorType(
      *ctx, "tensor<64x64xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], "
            "inner_tiles = [8, 4]>>");
  REQUIRE(tiled);
  layoutopt::stream_lite::BuiltinKernelOptions options;
  options.nonTemporalStoreBytes = 64;
  OwningOpRef<ModuleOp> module = buildBuiltinKernelModule(
      *ctx, layoutopt::stream_lite::BuiltinKind::Fill, {tiled}, options);
  REQUIRE(module);
  REQUIRE(succeeded(lowerKernelModule(*module)));
  auto executables =
      module->getOps<layoutopt::stream_lite::ExecutableOp>();
  REQUIRE(!executables.empty());
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> kernels = translateModuleToLLVMIR(
      (*executables.begin()).getInnerModule(), llvmContext);
  REQUIRE(kernels);
  llvm::TargetMachine *machine = layoutopt::runtime::detail::aggressiveHostMachine();
  REQUIRE(machine);
  kernels->setDataLayout(machine->createDataLayout());
  kernels->setTargetTriple(machine->getTargetTriple());
  REQUIRE(!llvm::errorToBool(
      layoutopt::runtime::detail::optimizeKernels(*kernels, machine)));
  // Whole tile rows (64 bytes, stored as vectors of at least 16 bytes)
  // keep their non-temporal stores; only the cut edges store 8 bytes.
  int64_t wideNonTemporal = 0;
  const llvm::DataLayout &layout = kernels->getDataLayout();
  for (llvm::Function &function : *kernels)
    for (llvm::Instruction &instruction : llvm::instructions(function))
      if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&instruction))
        if (store->getMetadata(llvm::LLVMContext::MD_nontemporal) &&
            layout.getTypeStoreSize(store->getValueOperand()->getType()) >=
                16)
          ++wideNonTemporal;
  CHECK(wideNonTemporal > 0);
}
