//===- HostTensor.cpp - host tensors: values, specs, .npy -----------------===//

#include "StreamLite/Runtime/HostTensor.h"

#include "mlir/AsmParser/AsmParser.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

using namespace mlir;

namespace layoutopt::runtime {

namespace {
llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}
} // namespace

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

namespace {
bool isUnsignedInteger(Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  return intType && intType.isUnsigned();
}

/// The bit width of a packed sub-byte integer type, else 0.
unsigned subByteWidth(Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || (intType.getWidth() != 2 && intType.getWidth() != 4))
    return 0;
  return intType.getWidth();
}
} // namespace

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

/// The element count of `shape` when it is at most `maxElements`: 0 when a
/// dim is 0, whatever the other dims (a product of the dims before a zero
/// says nothing about the array's size), else the product. Either way the
/// product of the nonzero dims must fit in int64, so that strides and
/// every partial product of the shape do.
static std::optional<int64_t>
getBoundedNumElements(llvm::ArrayRef<int64_t> shape, int64_t maxElements) {
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
// Elements
//===----------------------------------------------------------------------===//

namespace {

/// Reads element `i` as raw bits (little-endian host).
uint64_t readBits(const HostArray &a, int64_t i) {
  uint64_t bits = 0;
  unsigned n = a.getElementBytes();
  std::memcpy(&bits, a.bytes.data() + i * n, n);
  return bits;
}

/// f16/bf16 have no std::to_chars of their own; they print as it prints
/// f32: the fewest digits that read back as the same bits (the nearest such
/// decimal), fixed or with an exponent, whichever is shorter (fixed on a
/// tie), an integer in fixed notation with its exact digits (f32's
/// 123456789 prints 123456792). The fewest digits (at most 5) are the value
/// rounded to 1, 2, ... digits, or a neighbour of that rounding: below a
/// power of two the decimals that read back lie in a narrower interval,
/// which the rounding may miss while the next decimal up does not. As a
/// double, that decimal goes through the same std::to_chars as f32 and f64,
/// which gives exactly its digits (a double has no other decimal of so few
/// digits) and picks the notation.
std::string formatShortestSmallFloat(const llvm::fltSemantics &sem,
                                     uint64_t bits, unsigned width) {
  llvm::APFloat value(sem, llvm::APInt(width, bits));
  if (value.isNaN())
    return "nan";
  bool lostInfo = false;
  llvm::APFloat asDouble = value;
  asDouble.convert(llvm::APFloat::IEEEdouble(),
                   llvm::APFloat::rmNearestTiesToEven, &lostInfo);
  double d = asDouble.convertToDouble();
  char buffer[64];
  auto print = [&](double v) {
    return std::string(buffer,
                       std::to_chars(buffer, buffer + sizeof(buffer), v).ptr);
  };
  if (!value.isFiniteNonZero())
    return print(d);
  auto readsBack = [&](const std::string &text) {
    llvm::APFloat back(sem);
    auto status =
        back.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      return false;
    }
    return back.bitcastToAPInt().getZExtValue() == bits;
  };
  const char *sign = d < 0 ? "-" : "";
  for (int digits = 1; digits <= 17; ++digits) {
    // |d| rounded to `digits` digits: M * 10^E, M an integer.
    std::to_chars_result r =
        std::to_chars(buffer, buffer + sizeof(buffer), std::fabs(d),
                      std::chars_format::scientific, digits - 1);
    auto [mantissa, exponentText] =
        llvm::StringRef(buffer, r.ptr - buffer).split('e');
    std::string mantissaDigits = mantissa.str();
    mantissaDigits.erase(
        std::remove(mantissaDigits.begin(), mantissaDigits.end(), '.'),
        mantissaDigits.end());
    uint64_t m = 0;
    int exponent = 0;
    exponentText.consume_front("+");
    if (llvm::StringRef(mantissaDigits).getAsInteger(10, m) ||
        exponentText.getAsInteger(10, exponent))
      break;
    exponent -= digits - 1;
    for (uint64_t candidate : {m, m + 1, m - 1}) {
      if (candidate == 0)
        continue;
      std::string text = sign + std::to_string(candidate) + "e" +
                         std::to_string(exponent);
      if (!readsBack(text))
        continue;
      double shortest = 0;
      std::from_chars(text.data(), text.data() + text.size(), shortest);
      std::string printed = print(shortest);
      // A fixed integer: the exact value (an integer too, since every
      // integer up to the type's precision is exact), which may be
      // shorter still (a bf16 10000 holds 9984).
      if (exponent >= 0 && printed.find('e') == std::string::npos &&
          d == std::trunc(d) && std::fabs(d) < 0x1p53)
        return std::to_string(static_cast<int64_t>(d));
      return printed;
    }
  }
  return print(d);
}

} // namespace

namespace {

/// How the elements of one array print: the element type is looked at once,
/// not per element (a result of millions of elements prints in one pass).
class ElementPrinter {
public:
  explicit ElementPrinter(Type type) {
    bytes = *getElementBytes(type);
    if (type.isF32())
      kind = Kind::F32;
    else if (type.isF64())
      kind = Kind::F64;
    else if (type.isF16())
      kind = Kind::F16;
    else if (type.isBF16())
      kind = Kind::BF16;
    else {
      auto intType = dyn_cast<IntegerType>(type);
      width = intType ? intType.getWidth() : 64;
      kind = width == 1                            ? Kind::Bool
             : intType && intType.isUnsigned() ? Kind::Unsigned
                                               : Kind::Signed;
    }
  }

  /// Appends element `i` of `a` to `out`.
  void append(std::string &out, const HostArray &a, int64_t i) const {
    uint64_t bits = 0;
    std::memcpy(&bits, a.bytes.data() + i * bytes, bytes);
    char buffer[64];
    auto appendChars = [&](std::to_chars_result r) {
      out.append(buffer, r.ptr);
    };
    switch (kind) {
    case Kind::F32: {
      float f;
      uint32_t b = static_cast<uint32_t>(bits);
      std::memcpy(&f, &b, 4);
      if (std::isnan(f))
        out += "nan";
      else
        appendChars(std::to_chars(buffer, buffer + sizeof(buffer), f));
      return;
    }
    case Kind::F64: {
      double f;
      std::memcpy(&f, &bits, 8);
      if (std::isnan(f))
        out += "nan";
      else
        appendChars(std::to_chars(buffer, buffer + sizeof(buffer), f));
      return;
    }
    case Kind::F16:
      out += formatShortestSmallFloat(llvm::APFloat::IEEEhalf(), bits, 16);
      return;
    case Kind::BF16:
      out += formatShortestSmallFloat(llvm::APFloat::BFloat(), bits, 16);
      return;
    case Kind::Bool:
      out += (bits & 1) ? '1' : '0';
      return;
    case Kind::Unsigned: {
      uint64_t value = width == 64 ? bits : bits & ((uint64_t(1) << width) - 1);
      appendChars(std::to_chars(buffer, buffer + sizeof(buffer), value));
      return;
    }
    case Kind::Signed: {
      // Sign-extends the low `width` bits.
      unsigned shift = 64 - width;
      int64_t value = int64_t(bits << shift) >> shift;
      appendChars(std::to_chars(buffer, buffer + sizeof(buffer), value));
      return;
    }
    }
  }

private:
  enum class Kind { F32, F64, F16, BF16, Bool, Signed, Unsigned };
  Kind kind;
  unsigned width = 0;
  unsigned bytes = 0;
};

} // namespace

std::string formatElement(const HostArray &a, int64_t i) {
  std::string text;
  ElementPrinter(a.elementType).append(text, a, i);
  return text;
}

std::string formatResult(const HostArray &a) {
  std::string line = shapePrefix(a) + "=";
  ElementPrinter printer(a.elementType);
  int64_t n = a.getNumElements();
  for (int64_t i = 0; i < n; ++i) {
    if (i)
      line += ' ';
    printer.append(line, a, i);
  }
  return line;
}

std::string formatIndex(const HostArray &a, int64_t linear) {
  llvm::SmallVector<int64_t> idx(a.shape.size());
  for (int d = int(a.shape.size()) - 1; d >= 0; --d) {
    idx[d] = a.shape[d] ? linear % a.shape[d] : 0;
    linear = a.shape[d] ? linear / a.shape[d] : 0;
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d)
    s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

namespace {

/// Whether `text` is exactly a decimal float: [+-] digits [. digits]
/// [e [+-] digits] (or .digits), or [+-] inf / nan. APFloat alone accepts
/// more (`1e` reads as 1), so the syntax is checked first.
bool isDecimalFloat(llvm::StringRef text) {
  text.consume_front("+") || text.consume_front("-");
  if (text == "inf" || text == "nan")
    return true;
  auto digits = [&] {
    size_t n = text.find_if_not([](char c) { return llvm::isDigit(c); });
    n = std::min(n, text.size());
    text = text.drop_front(n);
    return n;
  };
  size_t mantissa = digits();
  if (text.consume_front("."))
    mantissa += digits();
  if (mantissa == 0)
    return false;
  if (text.consume_front("e") || text.consume_front("E")) {
    text.consume_front("+") || text.consume_front("-");
    if (digits() == 0)
      return false;
  }
  return text.empty();
}

/// A float of `type` read exactly from `text`, rounding to nearest; a value
/// too large for the type (1e999 in f32) or a non-zero one that rounds to
/// zero does not fit.
std::optional<uint64_t> parseFloat(FloatType type, llvm::StringRef text) {
  if (!isDecimalFloat(text))
    return std::nullopt;
  llvm::APFloat value(type.getFloatSemantics());
  auto status =
      value.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return std::nullopt;
  }
  bool spelledSpecial = text.contains_insensitive("inf") ||
                        text.contains_insensitive("nan");
  if (!spelledSpecial && (*status & llvm::APFloat::opOverflow))
    return std::nullopt;
  if ((*status & llvm::APFloat::opUnderflow) && value.isZero() &&
      text.find_first_of("123456789") < text.find_first_of("eE"))
    return std::nullopt;
  return value.bitcastToAPInt().getZExtValue();
}

} // namespace

std::optional<uint64_t> parseElement(Type type, llvm::StringRef text) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return parseFloat(floatType, text);
  unsigned width = type.isIndex() ? 64 : cast<IntegerType>(type).getWidth();
  if (width == 1) {
    if (text == "1" || text == "true")
      return 1;
    if (text == "0" || text == "false")
      return 0;
    return std::nullopt;
  }
  // Exactly the values the type prints (formatElement): the unsigned range
  // for `ui` types, the signed range for signless and `si` ones, so that
  // nothing wraps (18446744073709551615 is not an i64).
  bool isUnsigned = isa<IntegerType>(type) && cast<IntegerType>(type).isUnsigned();
  llvm::StringRef digits = text;
  bool negative = digits.consume_front("-");
  if (!negative)
    digits.consume_front("+");
  if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
    return std::nullopt;
  llvm::APInt magnitude;
  if (digits.getAsInteger(10, magnitude))
    return std::nullopt;
  if (magnitude.getActiveBits() > width + 1)
    return std::nullopt;
  // Two spare bits: the magnitude (at most width + 1 bits) and its sign.
  unsigned wideBits = width + 2;
  llvm::APInt wide = magnitude.zext(wideBits);
  if (negative)
    wide.negate();
  llvm::APInt lowest = isUnsigned
                           ? llvm::APInt::getZero(wideBits)
                           : llvm::APInt::getSignedMinValue(width).sext(wideBits);
  llvm::APInt highest =
      isUnsigned ? llvm::APInt::getMaxValue(width).zext(wideBits)
                 : llvm::APInt::getSignedMaxValue(width).sext(wideBits);
  if (wide.slt(lowest) || wide.sgt(highest))
    return std::nullopt;
  return wide.trunc(width).getZExtValue();
}

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

std::optional<std::string> getNpyDescr(Type type) {
  if (type.isF16())
    return "<f2";
  if (type.isF32())
    return "<f4";
  if (type.isF64())
    return "<f8";
  if (type.isIndex())
    return "<i8";
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      return "|b1";
    case 2:
    case 4: // Packed sub-byte values travel as one byte each.
    case 8:
      return isUnsigned ? "|u1" : "|i1";
    case 16:
      return isUnsigned ? "<u2" : "<i2";
    case 32:
      return isUnsigned ? "<u4" : "<i4";
    case 64:
      return isUnsigned ? "<u8" : "<i8";
    }
  }
  return std::nullopt;
}

bool npyDescrMatches(llvm::StringRef descr, Type type) {
  std::optional<std::string> want = getNpyDescr(type);
  if (!want)
    return false;
  if (descr == *want)
    return true;
  // One-byte types have no byte order; numpy writes '|' but accept the rest.
  if (want->size() == 3 && (*want)[0] == '|' && descr.size() == 3 &&
      (descr[0] == '<' || descr[0] == '=') &&
      descr.drop_front() == llvm::StringRef(*want).drop_front())
    return true;
  // Signless 8-bit integers accept unsigned bytes too.
  if (auto intType = dyn_cast<IntegerType>(type);
      intType && intType.isSignless() && intType.getWidth() == 8 &&
      (descr == "|u1" || descr == "<u1"))
    return true;
  return false;
}

namespace {

/// The header dictionary's value text after `'key':`.
llvm::Expected<llvm::StringRef> findNpyValue(llvm::StringRef header,
                                             llvm::StringRef key,
                                             const llvm::Twine &bad) {
  size_t pos = header.find(("'" + key + "'").str());
  if (pos == llvm::StringRef::npos)
    return makeError(bad + "header has no '" + key + "'");
  llvm::StringRef rest = header.substr(pos + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return makeError(bad + "malformed header");
  return rest.ltrim();
}

} // namespace

llvm::Error checkShape(const HostArray &array, const HostType &expected,
                       const std::string &what) {
  if (expected.isScalar) {
    if (!array.shape.empty())
      return makeError(what + ": the function expects a scalar " +
                       hostTypeToString(expected) + ", got shape " +
                       shapePrefix(array));
    return llvm::Error::success();
  }
  if (array.shape.size() != expected.shape.size())
    return makeError(what + ": rank " + llvm::Twine(array.shape.size()) +
                     " (" + shapePrefix(array) +
                     ") does not match the function's tensor<" +
                     hostTypeToString(expected) + ">");
  for (size_t i = 0; i < array.shape.size(); ++i)
    if (!ShapedType::isDynamic(expected.shape[i]) &&
        expected.shape[i] != array.shape[i])
      return makeError(what + ": shape " + shapePrefix(array) +
                       " does not match the function's tensor<" +
                       hostTypeToString(expected) + "> in dim " +
                       llvm::Twine(i));
  return llvm::Error::success();
}

llvm::Expected<HostArray> readNpy(llvm::StringRef path, Type elementType,
                                  llvm::StringRef what,
                                  const HostType *expected) {
  auto fileOrErr = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!fileOrErr)
    return makeError(what + ": cannot read '" + path +
                     "': " + fileOrErr.getError().message());
  llvm::StringRef data = (*fileOrErr)->getBuffer();
  std::string badPrefix =
      (what + ": '" + path + "' is not a valid .npy file: ").str();
  auto bad = [&](const llvm::Twine &why) { return makeError(badPrefix + why); };
  if (data.size() < 10 || !data.starts_with("\x93NUMPY"))
    return bad("missing the \\x93NUMPY magic");
  unsigned major = static_cast<uint8_t>(data[6]);
  size_t headerLen = 0, headerStart = 0;
  if (major == 1) {
    headerLen = static_cast<uint8_t>(data[8]) |
                (size_t(static_cast<uint8_t>(data[9])) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      return bad("truncated header");
    for (int i = 0; i < 4; ++i)
      headerLen |= size_t(static_cast<uint8_t>(data[8 + i])) << (8 * i);
    headerStart = 12;
  } else {
    return bad("unsupported format version " + llvm::Twine(major));
  }
  if (headerStart + headerLen > data.size())
    return bad("truncated header");
  llvm::StringRef header = data.substr(headerStart, headerLen);
  llvm::StringRef payload = data.substr(headerStart + headerLen);

  llvm::Expected<llvm::StringRef> descrText =
      findNpyValue(header, "descr", badPrefix);
  if (!descrText)
    return descrText.takeError();
  if (!descrText->consume_front("'"))
    return bad("malformed 'descr'");
  llvm::StringRef descr =
      descrText->take_until([](char c) { return c == '\''; });
  llvm::Expected<llvm::StringRef> fortran =
      findNpyValue(header, "fortran_order", badPrefix);
  if (!fortran)
    return fortran.takeError();
  if (fortran->starts_with("True"))
    return bad("fortran_order arrays are not supported");
  if (!fortran->starts_with("False"))
    return bad("malformed 'fortran_order'");
  llvm::Expected<llvm::StringRef> shapeText =
      findNpyValue(header, "shape", badPrefix);
  if (!shapeText)
    return shapeText.takeError();
  if (!shapeText->consume_front("("))
    return bad("malformed 'shape'");
  llvm::StringRef dimsText =
      shapeText->take_until([](char c) { return c == ')'; });
  HostArray array;
  array.elementType = elementType;
  llvm::SmallVector<llvm::StringRef> dims;
  dimsText.split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef d : dims) {
    d = d.trim();
    if (d.empty())
      continue;
    int64_t v;
    if (d.getAsInteger(10, v) || v < 0)
      return bad("malformed 'shape'");
    array.shape.push_back(v);
  }
  if (!npyDescrMatches(descr, elementType))
    return makeError(what + ": '" + path + "' holds dtype '" + descr +
                     "', expected '" +
                     getNpyDescr(elementType).value_or("?") + "' for " +
                     typeToString(elementType));
  std::optional<int64_t> numElements =
      getBoundedNumElements(array.shape, int64_t(1) << 40);
  if (!numElements)
    return bad("shape too large");
  if (expected)
    if (llvm::Error error = checkShape(array, *expected, what.str()))
      return std::move(error);
  uint64_t numBytes = uint64_t(*numElements) * array.getElementBytes();
  if (payload.size() != numBytes)
    return bad("expected " + llvm::Twine(numBytes) + " data bytes, found " +
               llvm::Twine(payload.size()));
  array.bytes.assign(payload.begin(), payload.end());
  if (std::optional<size_t> bad = findSubByteOutOfRange(array))
    return makeError(what + ": '" + path + "' element " + llvm::Twine(*bad) +
                     " is " +
                     llvm::Twine(isUnsignedInteger(elementType)
                                     ? int(array.bytes[*bad])
                                     : int(int8_t(array.bytes[*bad]))) +
                     ", out of range for " + typeToString(elementType));
  // numpy bools are bytes 0 and 1; anything else would be an i1 that is
  // neither true nor false in the program.
  if (elementType.isInteger(1))
    for (size_t i = 0; i < array.bytes.size(); ++i)
      if (array.bytes[i] > 1)
        return bad("bool element " + llvm::Twine(i) + " is " +
                   llvm::Twine(unsigned(array.bytes[i])) + ", not 0 or 1");
  return array;
}

std::string npyBytes(const HostArray &a) {
  std::string header = "{'descr': '" + *getNpyDescr(a.elementType) +
                       "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < a.shape.size(); ++i) {
    header += std::to_string(a.shape[i]);
    if (i + 1 < a.shape.size() || a.shape.size() == 1)
      header += ",";
    if (i + 1 < a.shape.size())
      header += " ";
  }
  header += "), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += "\n";
  std::string out = "\x93NUMPY";
  out += char(1);
  out += char(0);
  out += char(header.size() & 0xff);
  out += char((header.size() >> 8) & 0xff);
  out += header;
  out.append(reinterpret_cast<const char *>(a.bytes.data()), a.bytes.size());
  return out;
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
