//===- HostTensorElements.cpp - host tensor elements as text --------------===//
//
// How layout-run prints elements (shortest round-tripping floats, f16 and
// bf16 included) and reads them from input specs.
//
//===----------------------------------------------------------------------===//

#include "HostTensorInternal.h"
#include "StreamLite/Runtime/HostTensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace layoutopt::runtime::detail;

namespace layoutopt::runtime {

namespace {

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

} // namespace layoutopt::runtime
