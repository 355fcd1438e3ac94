//===- HostTensor.cpp - host tensors: arrays, specs, expected results -----===//
//
// Element text (formatting, parsing) is in HostTensorElements.cpp, .npy
// files in Npy.cpp.
//
//===----------------------------------------------------------------------===//

#include "HostTensorInternal.h"
#include "StreamLite/Runtime/HostTensor.h"

#include "mlir/AsmParser/AsmParser.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace layoutopt::runtime::detail;

namespace layoutopt::runtime {

std::optional<unsigned> getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned w = intType.getWidth();
    // i1 and packed sub-byte integers hold one element per host byte.
    if (w == 1 || w == 2 || w == 4)
      return 1;
    if (w == 8 || w == 16 || w == 32 || w == 64)
      return w / 8;
    return std::nullopt;
  }
  if (type.isF16() || type.isBF16())
    return 2;
  if (type.isF32())
    return 4;
  if (type.isF64())
    return 8;
  return std::nullopt;
}

std::optional<size_t> findSubByteOutOfRange(const HostArray &array) {
  unsigned w = subByteWidth(array.elementType);
  if (!w)
    return std::nullopt;
  bool isUnsigned = isUnsignedInteger(array.elementType);
  for (size_t i = 0; i < array.bytes.size(); ++i) {
    int v = isUnsigned ? int(array.bytes[i]) : int(int8_t(array.bytes[i]));
    int lowest = isUnsigned ? 0 : -(1 << (w - 1));
    int highest = isUnsigned ? (1 << w) - 1 : (1 << (w - 1)) - 1;
    if (v < lowest || v > highest)
      return i;
  }
  return std::nullopt;
}

std::optional<std::vector<uint8_t>>
getProgramSubByteBytes(const HostArray &array) {
  unsigned w = subByteWidth(array.elementType);
  if (!w)
    return std::nullopt;
  // Most inputs have nothing to clear (non-negative values, text SPECs):
  // no copy of a large tensor for them.
  uint8_t high = uint8_t(0xffu << w);
  // The bytes OR-ed a block at a time: a loop without an early exit is
  // vectorized (a byte-wise search took 20 ms per run of 128 Mi elements).
  constexpr size_t kBlock = 4096;
  const uint8_t *data = array.bytes.data();
  size_t size = array.bytes.size();
  bool anyHigh = false;
  for (size_t start = 0; start < size && !anyHigh; start += kBlock) {
    uint8_t seen = 0;
    for (size_t i = start, end = std::min(size, start + kBlock); i < end; ++i)
      seen |= data[i];
    anyHigh = seen & high;
  }
  if (!anyHigh)
    return std::nullopt;
  std::vector<uint8_t> bytes(array.bytes);
  for (uint8_t &byte : bytes)
    byte &= uint8_t((1u << w) - 1);
  return bytes;
}

void normalizeSubByte(HostArray &array) {
  unsigned w = subByteWidth(array.elementType);
  if (!w)
    return;
  bool isUnsigned = isUnsignedInteger(array.elementType);
  for (uint8_t &byte : array.bytes) {
    uint8_t low = byte & ((1u << w) - 1);
    // Sign-extend signless and `si` values (an int8 in .npy files).
    if (!isUnsigned && (low >> (w - 1)))
      low |= uint8_t(0xffu << w);
    byte = low;
  }
}

std::string typeToString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

std::optional<int64_t> detail::getBoundedNumElements(llvm::ArrayRef<int64_t> shape, int64_t maxElements) {
  int64_t nonzero = 1;
  bool empty = false;
  for (int64_t d : shape) {
    if (d == 0)
      empty = true;
    else if (llvm::MulOverflow(nonzero, d, nonzero))
      return std::nullopt;
  }
  if (empty)
    return 0;
  if (nonzero > maxElements)
    return std::nullopt;
  return nonzero;
}

int64_t HostArray::getNumElements() const {
  // The readers bound the product of the nonzero dims, not of a shape with
  // a zero dim, whose count is 0 whatever the others.
  if (llvm::is_contained(shape, 0))
    return 0;
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

unsigned HostArray::getElementBytes() const {
  return *runtime::getElementBytes(elementType);
}

llvm::Expected<HostType> getHostType(Type type, llvm::StringRef what) {
  HostType e;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (tensor.getEncoding())
      return makeError(what + " has an encoded tensor type " +
                       typeToString(type) +
                       ": host tensors carry no encoding");
    e.elementType = tensor.getElementType();
    e.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  } else {
    e.elementType = type;
    e.isScalar = true;
  }
  if (!getElementBytes(e.elementType))
    return makeError(
        what + " has unsupported type " + typeToString(type) +
        " (supported: tensors and scalars of i1, i8, i16, i32, i64, index, "
        "f16, bf16, f32, f64)");
  return e;
}

std::string hostTypeToString(const HostType &e) {
  std::string s;
  for (int64_t d : e.shape)
    s += (ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d)) +
         "x";
  return s + typeToString(e.elementType);
}

std::string shapePrefix(const HostArray &a) {
  std::string s;
  for (int64_t d : a.shape)
    s += std::to_string(d) + "x";
  return s + typeToString(a.elementType);
}

//===----------------------------------------------------------------------===//
// Input specs
//===----------------------------------------------------------------------===//

namespace {

/// `2x3xf32=1,2,3` into an array (not yet checked against the signature).
llvm::Expected<HostArray> parseTextSpec(MLIRContext &ctx, llvm::StringRef spec,
                                        const HostType &expected,
                                        const std::string &what,
                                        uint64_t maxBytes) {
  HostArray array;
  auto [typeText, valuesText] = spec.split('=');
  if (typeText.size() == spec.size())
    return makeError(what + ": malformed spec '" + spec +
                     "' (expected e.g. 2x3xf32=1,2,3,4,5,6 or @file.npy)");
  llvm::StringRef elementText = typeText.trim();
  // Leading `<digits>x` groups are the shape; the rest is the element type.
  while (!elementText.empty() && llvm::isDigit(elementText.front())) {
    llvm::StringRef digits =
        elementText.take_while([](char c) { return llvm::isDigit(c); });
    llvm::StringRef rest = elementText.drop_front(digits.size());
    int64_t v;
    if (!rest.consume_front("x") || digits.getAsInteger(10, v) || v < 0)
      return makeError(what + ": malformed shape in '" + typeText + "'");
    array.shape.push_back(v);
    elementText = rest;
  }
  if (elementText.empty())
    return makeError(what + ": missing element type in '" + typeText + "'");
  size_t numRead = 0;
  Type elementType = parseType(elementText, &ctx, &numRead,
                               /*isKnownNullTerminated=*/false);
  if (!elementType || numRead != elementText.size() ||
      !getElementBytes(elementType))
    return makeError(what + ": unsupported element type '" + elementText +
                     "'");
  array.elementType = elementType;
  if (elementType != expected.elementType)
    return makeError(what + ": element type " + typeToString(elementType) +
                     " does not match the function's " +
                     (expected.isScalar
                          ? hostTypeToString(expected)
                          : "tensor<" + hostTypeToString(expected) + ">"));
  if (llvm::Error error = checkShape(array, expected, what))
    return std::move(error);
  llvm::SmallVector<llvm::StringRef> tokens;
  llvm::SplitString(valuesText, tokens, ", \t\n");
  unsigned width = array.getElementBytes();
  std::optional<int64_t> numElements =
      getBoundedNumElements(array.shape, int64_t(1) << 32);
  if (!numElements || uint64_t(*numElements) * width > maxBytes)
    return makeError(what + ": shape too large");
  int64_t n = *numElements;
  // Everything is checked before the input's bytes are allocated.
  if (tokens.empty() && n != 0)
    return makeError(what + ": no values for " + llvm::Twine(n) +
                     " elements");
  if (tokens.size() != 1 && int64_t(tokens.size()) != n)
    return makeError(what + ": " + llvm::Twine(tokens.size()) +
                     " values for " + llvm::Twine(n) +
                     " elements (give all of them or one to splat)");
  array.bytes.assign(size_t(n) * width, 0);
  for (size_t t = 0; t < tokens.size(); ++t) {
    std::optional<uint64_t> bits = parseElement(elementType, tokens[t]);
    if (!bits)
      return makeError(what + ": " + typeToString(elementType) + " value '" +
                       tokens[t] + "' is malformed or out of range");
    if (tokens.size() == 1) {
      // Splat by doubling: log(n) copies, not one per element.
      if (n == 0)
        break;
      std::memcpy(array.bytes.data(), &*bits, width);
      for (size_t filled = width, total = size_t(n) * width; filled < total;
           filled *= 2)
        std::memcpy(array.bytes.data() + filled, array.bytes.data(),
                    std::min(filled, total - filled));
    } else {
      std::memcpy(array.bytes.data() + t * width, &*bits, width);
    }
  }
  return array;
}

} // namespace

llvm::Expected<HostArray> parseSpec(MLIRContext &ctx, llvm::StringRef spec,
                                    const HostType &expected, unsigned index,
                                    uint64_t maxBytes) {
  return parseValueSpec(ctx, spec, expected, "input " + std::to_string(index),
                        maxBytes);
}

llvm::Expected<HostArray> parseValueSpec(MLIRContext &ctx,
                                         llvm::StringRef spec,
                                         const HostType &expected,
                                         const std::string &what,
                                         uint64_t maxBytes) {
  llvm::Expected<HostArray> parsed =
      spec.starts_with("@")
          ? readNpy(spec.drop_front(), expected.elementType, what, &expected)
          : parseTextSpec(ctx, spec, expected, what, maxBytes);
  if (!parsed)
    return parsed.takeError();
  HostArray &array = *parsed;
  array.isScalar = expected.isScalar;
  return std::move(array);
}

//===----------------------------------------------------------------------===//
// Expected results
//===----------------------------------------------------------------------===//

llvm::Expected<std::vector<HostArray>>
readExpectedResults(MLIRContext &ctx, llvm::StringRef path,
                    llvm::ArrayRef<HostType> resultTypes) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return makeError("cannot read expected output '" + path +
                     "': " + file.getError().message());
  std::vector<HostArray> expected;
  llvm::SmallVector<llvm::StringRef> lines;
  (*file)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    size_t index = expected.size();
    if (index == resultTypes.size())
      return makeError("expected output '" + path + "' holds more than the " +
                       std::to_string(resultTypes.size()) +
                       " result(s) of the function");
    auto array = parseValueSpec(ctx, line, resultTypes[index],
                                "expected result " + std::to_string(index));
    if (!array)
      return array.takeError();
    expected.push_back(std::move(*array));
  }
  if (expected.size() != resultTypes.size())
    return makeError("expected output '" + path + "' holds " +
                     std::to_string(expected.size()) +
                     " result(s), the function returns " +
                     std::to_string(resultTypes.size()));
  return std::move(expected);
}

namespace {
/// Element `i` of a floating-point array as a double.
double getFloatElement(const HostArray &a, int64_t i) {
  auto floatType = cast<FloatType>(a.elementType);
  unsigned width = floatType.getWidth();
  llvm::APFloat value(floatType.getFloatSemantics(),
                      llvm::APInt(width, readBits(a, i)));
  bool lostInfo = false;
  value.convert(llvm::APFloat::IEEEdouble(),
                llvm::APFloat::rmNearestTiesToEven, &lostInfo);
  return value.convertToDouble();
}
} // namespace

std::optional<std::string>
findFirstUnexpected(llvm::ArrayRef<HostArray> results,
                    llvm::ArrayRef<HostArray> expected, double tolerance) {
  for (size_t r = 0; r < results.size() && r < expected.size(); ++r) {
    const HostArray &a = results[r], &e = expected[r];
    std::string prefix = "result " + std::to_string(r) +
                         " differs from the expected output";
    if (a.shape != e.shape)
      return prefix + " in shape: " + shapePrefix(a) + " vs " +
             shapePrefix(e);
    bool isFloat = isa<FloatType>(a.elementType);
    unsigned width = a.getElementBytes();
    for (int64_t i = 0, n = a.getNumElements(); i < n; ++i) {
      bool same;
      if (isFloat) {
        double x = getFloatElement(a, i), y = getFloatElement(e, i);
        // Infinities must match exactly (inf - inf is NaN).
        same = (std::isnan(x) && std::isnan(y)) || x == y ||
               (std::isfinite(x) && std::isfinite(y) &&
                std::fabs(x - y) <= tolerance * std::max(1.0, std::fabs(y)));
      } else {
        same = std::memcmp(a.bytes.data() + i * width,
                           e.bytes.data() + i * width, width) == 0;
      }
      if (!same)
        return prefix + (a.isScalar ? "" : " at index " + formatIndex(a, i)) +
               ": " + formatElement(a, i) + " vs " + formatElement(e, i) +
               " expected";
    }
  }
  return std::nullopt;
}

} // namespace layoutopt::runtime
