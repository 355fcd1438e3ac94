//===- layout-run.cpp - JIT-runs a stream-lite program --------------------===//
//
// layout-run (docs/tools.md): parses a tensor-phase program, lowers it with
// --stream-lite-to-llvm-pipeline and runs one function with MLIR's
// ExecutionEngine. Arguments come from --input specs or .npy files, results
// are printed in the input form (and written to .npy files on request).
// --compare-to-reference also runs the program after
// --stream-lite-strip-encodings and compares the results bit for bit.
// --check-padding instruments the program after specialize-encodings: after
// every op that writes a tiled tensor, its bytes are copied to staging, read
// as the dense packed shape, and non-zero padding calls back into the host.
//
// Exit codes: 0 success, 1 a reference mismatch or padding violation, 2 bad
// input of any kind.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/IR/StreamLiteTypes.h"
#include "StreamLite/InitAll.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <unordered_map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace mlir;

namespace {

constexpr int kExitMismatch = 1;
constexpr int kExitBadInput = 2;

void releaseProgramAllocations();

/// Thrown-free error reporting: every bad input ends here, also from inside
/// a running program (a failed runtime check), whose buffers are released
/// first so that the exit is leak-free.
[[noreturn]] void fail(const llvm::Twine &message) {
  releaseProgramAllocations();
  llvm::outs().flush();
  llvm::errs() << "error: " << message << "\n";
  llvm::errs().flush();
  std::exit(kExitBadInput);
}

//===----------------------------------------------------------------------===//
// Element types and host arrays
//===----------------------------------------------------------------------===//

/// Byte width of an element in memory (i1 is one byte, index is i64).
std::optional<unsigned> getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned w = intType.getWidth();
    if (w == 1)
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

std::string typeToString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

/// Logical values of one argument or result, dense row-major.
struct HostArray {
  Type elementType;
  SmallVector<int64_t> shape;
  bool isScalar = false; // a scalar (not a rank-0 tensor)
  std::vector<uint8_t> bytes;

  int64_t getNumElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  unsigned getElementBytes() const { return *::getElementBytes(elementType); }
};

std::string shapePrefix(const HostArray &a) {
  std::string s;
  for (int64_t d : a.shape)
    s += std::to_string(d) + "x";
  return s + typeToString(a.elementType);
}

/// Reads element `i` as raw bits (little-endian host).
uint64_t readBits(const HostArray &a, int64_t i) {
  uint64_t bits = 0;
  unsigned n = a.getElementBytes();
  std::memcpy(&bits, a.bytes.data() + i * n, n);
  return bits;
}

std::string formatShortestSmallFloat(const llvm::fltSemantics &sem,
                                     uint64_t bits, unsigned width) {
  llvm::APFloat value(sem, llvm::APInt(width, bits));
  bool lostInfo = false;
  llvm::APFloat asDouble = value;
  asDouble.convert(llvm::APFloat::IEEEdouble(),
                   llvm::APFloat::rmNearestTiesToEven, &lostInfo);
  double d = asDouble.convertToDouble();
  if (std::isnan(d))
    return "nan";
  if (std::isinf(d))
    return d < 0 ? "-inf" : "inf";
  for (int precision = 1; precision <= 17; ++precision) {
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, d);
    llvm::APFloat back(sem);
    auto status = back.convertFromString(buffer,
                                         llvm::APFloat::rmNearestTiesToEven);
    if (status && back.bitcastToAPInt().getZExtValue() == bits)
      return buffer;
    if (!status)
      llvm::consumeError(status.takeError());
  }
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.17g", d);
  return buffer;
}

std::string formatElement(const HostArray &a, int64_t i) {
  Type type = a.elementType;
  uint64_t bits = readBits(a, i);
  char buffer[64];
  if (type.isF32()) {
    float f;
    uint32_t b = static_cast<uint32_t>(bits);
    std::memcpy(&f, &b, 4);
    if (std::isnan(f))
      return "nan";
    auto r = std::to_chars(buffer, buffer + sizeof(buffer), f);
    return std::string(buffer, r.ptr);
  }
  if (type.isF64()) {
    double f;
    std::memcpy(&f, &bits, 8);
    if (std::isnan(f))
      return "nan";
    auto r = std::to_chars(buffer, buffer + sizeof(buffer), f);
    return std::string(buffer, r.ptr);
  }
  if (type.isF16())
    return formatShortestSmallFloat(llvm::APFloat::IEEEhalf(), bits, 16);
  if (type.isBF16())
    return formatShortestSmallFloat(llvm::APFloat::BFloat(), bits, 16);
  unsigned width = type.isIndex() ? 64 : cast<IntegerType>(type).getWidth();
  if (width == 1)
    return (bits & 1) ? "1" : "0";
  llvm::APInt value(width, bits);
  if (auto intType = dyn_cast<IntegerType>(type); intType && intType.isUnsigned())
    return std::to_string(value.getZExtValue());
  return std::to_string(value.getSExtValue());
}

/// Parses one value of `type` into little-endian bits.
std::optional<uint64_t> parseElement(Type type, llvm::StringRef text) {
  if (isa<FloatType>(type)) {
    llvm::APFloat value(cast<FloatType>(type).getFloatSemantics());
    auto status =
        value.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      return std::nullopt;
    }
    return value.bitcastToAPInt().getZExtValue();
  }
  unsigned width = type.isIndex() ? 64 : cast<IntegerType>(type).getWidth();
  if (width == 1) {
    if (text == "1" || text == "true")
      return 1;
    if (text == "0" || text == "false")
      return 0;
    return std::nullopt;
  }
  int64_t s;
  if (!text.getAsInteger(10, s)) {
    if (width < 64 && (s < -(int64_t(1) << (width - 1)) ||
                       s > int64_t((uint64_t(1) << width) - 1)))
      return std::nullopt;
    return width == 64 ? uint64_t(s) : (uint64_t(s) & ((uint64_t(1) << width) - 1));
  }
  uint64_t u;
  if (width == 64 && !text.getAsInteger(10, u))
    return u;
  return std::nullopt;
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

/// Whether an .npy dtype holds the bytes of `type`.
bool npyDescrMatches(llvm::StringRef descr, Type type) {
  std::optional<std::string> want = getNpyDescr(type);
  if (!want)
    return false;
  if (descr == *want)
    return true;
  // One-byte types have no byte order; numpy writes '|' but accept the rest.
  if (want->size() == 3 && (*want)[0] == '|' && descr.size() == 3 &&
      (descr[0] == '<' || descr[0] == '=') && descr.drop_front() == llvm::StringRef(*want).drop_front())
    return true;
  // Signless 8-bit integers accept unsigned bytes too.
  if (auto intType = dyn_cast<IntegerType>(type);
      intType && intType.isSignless() && intType.getWidth() == 8 &&
      (descr == "|u1" || descr == "<u1"))
    return true;
  return false;
}

/// Reads an .npy file: the shape and dtype string, and the raw data.
HostArray readNpy(llvm::StringRef path, Type elementType,
                  llvm::StringRef what) {
  auto fileOrErr = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!fileOrErr)
    fail(what + ": cannot read '" + path + "': " +
         fileOrErr.getError().message());
  llvm::StringRef data = (*fileOrErr)->getBuffer();
  auto bad = [&](const llvm::Twine &why) {
    fail(what + ": '" + path + "' is not a valid .npy file: " + why);
  };
  if (data.size() < 10 || !data.starts_with("\x93NUMPY"))
    bad("missing the \\x93NUMPY magic");
  unsigned major = static_cast<uint8_t>(data[6]);
  size_t headerLen = 0, headerStart = 0;
  if (major == 1) {
    headerLen = static_cast<uint8_t>(data[8]) |
                (size_t(static_cast<uint8_t>(data[9])) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      bad("truncated header");
    headerLen = 0;
    for (int i = 0; i < 4; ++i)
      headerLen |= size_t(static_cast<uint8_t>(data[8 + i])) << (8 * i);
    headerStart = 12;
  } else {
    bad("unsupported format version " + llvm::Twine(major));
  }
  if (headerStart + headerLen > data.size())
    bad("truncated header");
  llvm::StringRef header = data.substr(headerStart, headerLen);
  llvm::StringRef payload = data.substr(headerStart + headerLen);

  auto findValue = [&](llvm::StringRef key) -> llvm::StringRef {
    size_t pos = header.find(("'" + key + "'").str());
    if (pos == llvm::StringRef::npos)
      bad("header has no '" + key + "'");
    llvm::StringRef rest = header.substr(pos + key.size() + 2).ltrim();
    if (!rest.consume_front(":"))
      bad("malformed header");
    return rest.ltrim();
  };
  llvm::StringRef descrText = findValue("descr");
  if (!descrText.consume_front("'"))
    bad("malformed 'descr'");
  llvm::StringRef descr = descrText.take_until([](char c) { return c == '\''; });
  llvm::StringRef fortran = findValue("fortran_order");
  if (fortran.starts_with("True"))
    bad("fortran_order arrays are not supported");
  if (!fortran.starts_with("False"))
    bad("malformed 'fortran_order'");
  llvm::StringRef shapeText = findValue("shape");
  if (!shapeText.consume_front("("))
    bad("malformed 'shape'");
  shapeText = shapeText.take_until([](char c) { return c == ')'; });
  HostArray array;
  array.elementType = elementType;
  SmallVector<llvm::StringRef> dims;
  shapeText.split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef d : dims) {
    d = d.trim();
    if (d.empty())
      continue;
    int64_t v;
    if (d.getAsInteger(10, v) || v < 0)
      bad("malformed 'shape'");
    array.shape.push_back(v);
  }
  if (!npyDescrMatches(descr, elementType))
    fail(what + ": '" + path + "' holds dtype '" + descr +
         "', expected '" + getNpyDescr(elementType).value_or("?") + "' for " +
         typeToString(elementType));
  int64_t numElements = 1;
  for (int64_t d : array.shape) {
    if (d != 0 && numElements > (int64_t(1) << 40) / d)
      bad("shape too large");
    numElements *= d;
  }
  uint64_t numBytes = uint64_t(numElements) * array.getElementBytes();
  if (payload.size() != numBytes)
    bad("expected " + llvm::Twine(numBytes) + " data bytes, found " +
        llvm::Twine(payload.size()));
  array.bytes.assign(payload.begin(), payload.end());
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

/// What the function expects at one position.
struct Expected {
  Type elementType;
  SmallVector<int64_t> shape; // ShapedType::kDynamic for dynamic dims
  bool isScalar = false;
};

Expected getExpected(Type type, llvm::StringRef what) {
  Expected e;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (tensor.getEncoding())
      fail(what + " has an encoded tensor type " + typeToString(type) +
           ": host tensors carry no encoding");
    e.elementType = tensor.getElementType();
    e.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  } else {
    e.elementType = type;
    e.isScalar = true;
  }
  if (!getElementBytes(e.elementType))
    fail(what + " has unsupported type " + typeToString(type) +
         " (supported: tensors and scalars of i1, i8, i16, i32, i64, index, "
         "f16, bf16, f32, f64)");
  return e;
}

std::string expectedToString(const Expected &e) {
  std::string s;
  for (int64_t d : e.shape)
    s += (ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d)) +
         "x";
  return s + typeToString(e.elementType);
}

HostArray parseSpec(MLIRContext &ctx, llvm::StringRef spec,
                    const Expected &expected, unsigned index) {
  std::string what = "input " + std::to_string(index);
  HostArray array;
  if (spec.starts_with("@")) {
    array = readNpy(spec.drop_front(), expected.elementType, what);
  } else {
    auto [typeText, valuesText] = spec.split('=');
    if (typeText.size() == spec.size())
      fail(what + ": malformed spec '" + spec +
           "' (expected e.g. 2x3xf32=1,2,3,4,5,6 or @file.npy)");
    llvm::StringRef elementText = typeText.trim();
    // Leading `<digits>x` groups are the shape; the rest is the element type.
    while (!elementText.empty() && llvm::isDigit(elementText.front())) {
      llvm::StringRef digits =
          elementText.take_while([](char c) { return llvm::isDigit(c); });
      llvm::StringRef rest = elementText.drop_front(digits.size());
      if (!rest.consume_front("x"))
        fail(what + ": malformed shape in '" + typeText + "'");
      int64_t v;
      if (digits.getAsInteger(10, v) || v < 0)
        fail(what + ": malformed shape in '" + typeText + "'");
      array.shape.push_back(v);
      elementText = rest;
    }
    if (elementText.empty())
      fail(what + ": missing element type in '" + typeText + "'");
    size_t numRead = 0;
    Type elementType = parseType(elementText, &ctx, &numRead, /*isKnownNullTerminated=*/false);
    if (!elementType || numRead != elementText.size() ||
        !getElementBytes(elementType))
      fail(what + ": unsupported element type '" + elementText + "'");
    array.elementType = elementType;
    if (elementType != expected.elementType)
      fail(what + ": element type " + typeToString(elementType) +
           " does not match the function's " +
           (expected.isScalar ? expectedToString(expected)
                              : "tensor<" + expectedToString(expected) + ">"));
    SmallVector<llvm::StringRef> tokens;
    llvm::SplitString(valuesText, tokens, ", \t\n");
    int64_t n = 1;
    for (int64_t d : array.shape)
      if (llvm::MulOverflow(n, d, n) || n > (int64_t(1) << 32))
        fail(what + ": shape too large");
    unsigned width = array.getElementBytes();
    array.bytes.assign(size_t(n) * width, 0);
    if (tokens.empty() && n != 0)
      fail(what + ": no values for " + llvm::Twine(n) + " elements");
    if (tokens.size() != 1 && int64_t(tokens.size()) != n)
      fail(what + ": " + llvm::Twine(tokens.size()) + " values for " +
           llvm::Twine(n) + " elements (give all of them or one to splat)");
    for (size_t t = 0; t < tokens.size(); ++t) {
      std::optional<uint64_t> bits = parseElement(elementType, tokens[t]);
      if (!bits)
        fail(what + ": malformed " + typeToString(elementType) + " value '" +
             tokens[t] + "'");
      if (tokens.size() == 1) {
        for (int64_t i = 0; i < n; ++i)
          std::memcpy(array.bytes.data() + i * width, &*bits, width);
      } else {
        std::memcpy(array.bytes.data() + t * width, &*bits, width);
      }
    }
  }
  // Checks against the signature.
  if (expected.isScalar) {
    if (!array.shape.empty())
      fail(what + ": the function expects a scalar " +
           expectedToString(expected) + ", got shape " + shapePrefix(array));
    array.isScalar = true;
    return array;
  }
  if (array.shape.size() != expected.shape.size())
    fail(what + ": rank " + llvm::Twine(array.shape.size()) + " (" +
         shapePrefix(array) + ") does not match the function's tensor<" +
         expectedToString(expected) + ">");
  for (size_t i = 0; i < array.shape.size(); ++i)
    if (!ShapedType::isDynamic(expected.shape[i]) &&
        expected.shape[i] != array.shape[i])
      fail(what + ": shape " + shapePrefix(array) +
           " does not match the function's tensor<" +
           expectedToString(expected) + "> in dim " + llvm::Twine(i));
  return array;
}

//===----------------------------------------------------------------------===//
// --check-padding
//===----------------------------------------------------------------------===//

namespace sl = layoutopt::stream_lite;

constexpr llvm::StringLiteral kPaddingDimCallback = "__layout_run_padding_dim";
constexpr llvm::StringLiteral kPaddingCheckCallback =
    "__layout_run_check_padding";

/// One instrumented write: the op (printed) and the tensor type it writes,
/// whose layout says which bytes hold elements.
struct PaddingCheck {
  std::string description;
  RankedTensorType type;
};
std::vector<PaddingCheck> paddingChecks;

/// Ids of the instrumented ops whose padding was found non-zero, in the
/// order the checks ran.
std::vector<int64_t> paddingViolations;

/// The dynamic dims of the next check, passed one call each before it.
std::vector<int64_t> pendingPaddingDims;

extern "C" void layoutRunPaddingDim(int64_t dim) {
  pendingPaddingDims.push_back(dim);
}

/// Called by the JIT-ed program with a staging copy of the bytes an op
/// wrote (a memref<?xi8> in the expanded calling convention). Marks the
/// bytes of every logical element through the layout interface (the single
/// home of layout math) and reports the op when any other byte is not zero.
extern "C" void layoutRunCheckPadding(int64_t id, uint8_t *, uint8_t *aligned,
                                      int64_t offset, int64_t size,
                                      int64_t stride) {
  std::vector<int64_t> dynamicDims;
  dynamicDims.swap(pendingPaddingDims);
  if (id < 0 || size_t(id) >= paddingChecks.size() || stride != 1)
    return;
  RankedTensorType type = paddingChecks[id].type;
  auto layout = sl::getPhysicalLayout(type);
  int64_t elementBytes = sl::getElementByteWidth(type.getElementType());
  SmallVector<int64_t> shape;
  size_t next = 0;
  for (int64_t d : type.getShape())
    shape.push_back(ShapedType::isDynamic(d) ? dynamicDims.at(next++) : d);
  const uint8_t *bytes = aligned + offset;
  int64_t storage = layout.getStorageSizeInBytes(shape, elementBytes);
  std::vector<bool> holdsElement(size_t(std::min(storage, size)), false);
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t at = layout.getElementByteOffset(shape, elementBytes, index);
    for (int64_t b = 0; b < elementBytes; ++b)
      if (at + b >= 0 && size_t(at + b) < holdsElement.size())
        holdsElement[at + b] = true;
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  for (size_t i = 0; i < holdsElement.size(); ++i)
    if (!holdsElement[i] && bytes[i] != 0) {
      if (paddingViolations.size() < 1024)
        paddingViolations.push_back(id);
      return;
    }
}

/// A tensor one op writes: the resource, its (serialized) type and dims.
struct WrittenTensor {
  Operation *op;
  Value resource;
  RankedTensorType type;
  SmallVector<Value> dims;
};

SmallVector<WrittenTensor> getWrittenTensors(Operation *op) {
  SmallVector<WrittenTensor> out;
  auto add = [&](Value resource, RankedTensorType type, ValueRange dims) {
    out.push_back({op, resource, type, SmallVector<Value>(dims)});
  };
  if (auto o = dyn_cast<sl::TensorConstantOp>(op))
    add(o.getResult(), o.getResultEncoding(), o.getResultEncodingDims());
  else if (auto o = dyn_cast<sl::TensorSplatOp>(op))
    add(o.getResult(), o.getResultEncoding(), o.getResultEncodingDims());
  else if (auto o = dyn_cast<sl::TensorCloneOp>(op))
    add(o.getResult(), o.getResultEncoding(), o.getResultEncodingDims());
  else if (auto o = dyn_cast<sl::TensorEncodeOp>(op))
    add(o.getResult(), o.getResultEncoding(), o.getResultEncodingDims());
  else if (auto o = dyn_cast<sl::TensorSliceOp>(op))
    add(o.getResult(), o.getResultEncoding(), o.getResultEncodingDims());
  else if (auto o = dyn_cast<sl::TensorFillOp>(op))
    add(o.getResult(), o.getTargetEncoding(), o.getTargetEncodingDims());
  else if (auto o = dyn_cast<sl::TensorUpdateOp>(op))
    add(o.getResult(), o.getTargetEncoding(), o.getTargetEncodingDims());
  else if (auto o = dyn_cast<sl::TensorStoreOp>(op))
    add(o.getResult(), o.getTargetEncoding(), o.getTargetEncodingDims());
  else if (auto o = dyn_cast<sl::TensorDispatchOp>(op)) {
    ValueRange dims = o.getResultEncodingDims();
    for (auto [result, typeAttr] :
         llvm::zip(o->getResults(), o.getResultEncodings())) {
      auto type = dyn_cast<RankedTensorType>(cast<TypeAttr>(typeAttr).getValue());
      if (!type)
        return {};
      unsigned n = type.getNumDynamicDims();
      if (dims.size() < n)
        return {};
      add(result, type, dims.take_front(n));
      dims = dims.drop_front(n);
    }
  }
  return out;
}

/// After `w.op`: copies the written tensor to a staging resource and hands
/// its bytes and dynamic dims to layoutRunCheckPadding.
void emitPaddingCheck(OpBuilder &b, const WrittenTensor &w,
                      func::FuncOp dimCallback, func::FuncOp checkCallback,
                      int64_t id) {
  Location loc = w.op->getLoc();
  b.setInsertionPointAfter(w.op);
  Value size = sl::TensorSizeOfOp::create(b, loc, b.getIndexType(), w.type,
                                          w.dims, /*affinity=*/nullptr);
  auto stagingType =
      sl::ResourceType::get(b.getContext(), sl::Lifetime::Staging);
  Value staging = sl::AsyncTransferOp::create(b, loc, stagingType, w.resource,
                                              size, nullptr, size, nullptr);
  for (Value dim : w.dims)
    func::CallOp::create(b, loc, dimCallback, ValueRange{dim});
  Value idValue = arith::ConstantIntOp::create(b, loc, b.getI64Type(), id);
  func::CallOp::create(b, loc, checkCallback, ValueRange{idValue, staging});
}

/// Instruments every op of the (specialized) program that writes a tiled
/// tensor; returns the printed ops by check id.
void instrumentPaddingChecks(ModuleOp module) {
  paddingChecks.clear();
  OpBuilder b(module.getContext());
  b.setInsertionPointToEnd(module.getBody());
  auto dimCallback = func::FuncOp::create(
      b, module.getLoc(), kPaddingDimCallback,
      b.getFunctionType({b.getIndexType()}, {}));
  dimCallback.setPrivate();
  auto stagingType =
      sl::ResourceType::get(b.getContext(), sl::Lifetime::Staging);
  auto checkCallback = func::FuncOp::create(
      b, module.getLoc(), kPaddingCheckCallback,
      b.getFunctionType({b.getI64Type(), stagingType}, {}));
  checkCallback.setPrivate();
  SmallVector<WrittenTensor> checks;
  for (auto func : module.getOps<func::FuncOp>())
    func.walk([&](Operation *op) {
      for (WrittenTensor &w : getWrittenTensors(op)) {
        if (!getElementBytes(w.type.getElementType()))
          continue;
        // Layouts whose contract says bytes holding no element are zero.
        sl::PhysicalLayoutAttrInterface layout =
            sl::getPhysicalLayout(w.type);
        if (layout && layout.getPadContract() == sl::PadContract::Zero)
          checks.push_back(w);
      }
    });
  for (WrittenTensor &w : checks) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (auto fileLoc = dyn_cast<FileLineColLoc>(w.op->getLoc()))
      os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
         << fileLoc.getColumn() << ": ";
    else
      os << w.op->getLoc() << ": ";
    w.op->print(os, OpPrintingFlags().skipRegions());
    if (w.op->getNumResults() > 1)
      os << " (result " << cast<OpResult>(w.resource).getResultNumber() << ")";
    paddingChecks.push_back({text, w.type});
    emitPaddingCheck(b, w, dimCallback, checkCallback,
                     int64_t(paddingChecks.size() - 1));
  }
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

/// Size and alignment of a lowered value in the packed result struct.
struct FieldLayout {
  size_t size, align;
};

FieldLayout getResultLayout(const Expected &e) {
  if (e.isScalar) {
    size_t b = *getElementBytes(e.elementType);
    return {b, b};
  }
  // {ptr, ptr, i64, [rank x i64], [rank x i64]}
  return {8 * (3 + 2 * e.shape.size()), 8};
}

size_t alignTo(size_t v, size_t a) { return (v + a - 1) / a * a; }

/// The JIT-compiled program's heap. memref.alloc lowers to malloc and the
/// lowering does not free intermediate buffers, so layout-run gives the
/// program its own malloc/free and releases whatever is still live when a
/// run is over (after the results have been copied out).
static std::unordered_map<void *, size_t> &liveProgramAllocations() {
  static std::unordered_map<void *, size_t> live;
  return live;
}

/// Buffers (count, bytes) the last run left allocated besides its results.
static std::pair<size_t, size_t> leftoverBuffers;

/// The largest buffer a program may allocate. A larger request comes from
/// dims that are out of all proportion to the inputs (e.g. a huge index
/// argument) and would fail or exhaust the machine, so it is bad input.
constexpr size_t kMaxProgramAllocation = size_t(1) << 36;

/// The run that is executing, named in runtime errors.
static std::string runningFunction;

extern "C" void *layoutRunMalloc(size_t bytes) {
  if (bytes > kMaxProgramAllocation)
    fail("@" + runningFunction + " asks for a buffer of " + llvm::Twine(bytes) +
         " bytes, more than layout-run allows (64 GiB); check its dims and "
         "inputs");
  void *pointer = std::malloc(bytes);
  if (!pointer && bytes)
    fail("@" + runningFunction + " ran out of memory allocating " +
         llvm::Twine(bytes) + " bytes");
  if (pointer)
    liveProgramAllocations()[pointer] = bytes;
  return pointer;
}

/// A failed runtime check (`cf.assert`, see --stream-lite-insert-runtime-checks)
/// lowers to `puts(message)` and `abort()`. In the JIT those two symbols
/// are bound here, and the generated program calls puts for nothing else:
/// the message is kept and the abort becomes a bad-input error (exit 2)
/// instead of killing layout-run.
static std::string lastCheckMessage;

extern "C" int layoutRunCheckMessage(const char *message) {
  lastCheckMessage = message ? message : "";
  return 0;
}

extern "C" void layoutRunCheckFailed() {
  fail("@" + runningFunction + " failed a runtime check: " + lastCheckMessage);
}

extern "C" void layoutRunFree(void *pointer) {
  liveProgramAllocations().erase(pointer);
  std::free(pointer);
}

void releaseProgramAllocations() {
  for (auto [pointer, bytes] : liveProgramAllocations())
    std::free(pointer);
  liveProgramAllocations().clear();
}

std::vector<HostArray> runProgram(MLIRContext &ctx, ModuleOp source,
                                  llvm::StringRef functionName,
                                  const std::vector<HostArray> &inputs,
                                  const std::vector<Expected> &resultTypes,
                                  bool reference, bool checkPadding = false) {
  OwningOpRef<ModuleOp> module = source.clone();
  if (checkPadding) {
    // Layouts are known after specialize-encodings; the full pipeline below
    // runs it again, which leaves serialized encodings as they are.
    PassManager specialize(&ctx);
    specialize.addPass(layoutopt::stream_lite::createSpecializeEncodingsPass());
    if (failed(specialize.run(*module)))
      fail("lowering with --stream-lite-to-llvm-pipeline failed");
    instrumentPaddingChecks(*module);
  }
  module->walk([&](func::FuncOp func) {
    if (func.getSymName() == functionName)
      func->removeAttr("llvm.emit_c_interface");
  });
  PassManager pm(&ctx);
  if (reference)
    pm.addPass(layoutopt::stream_lite::createStripEncodingsPass());
  layoutopt::stream_lite::buildToLLVMPipeline(pm);
  if (failed(pm.run(*module)))
    fail(llvm::Twine("lowering") + (reference ? " the reference program" : "") +
         " with --stream-lite-to-llvm-pipeline failed");

  ExecutionEngineOptions options;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  auto engineOrErr = ExecutionEngine::create(*module, options);
  if (!engineOrErr)
    fail("cannot JIT-compile the program: " +
         llvm::toString(engineOrErr.takeError()));
  std::unique_ptr<ExecutionEngine> engine = std::move(*engineOrErr);
  engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    if (checkPadding) {
      symbols[interner(kPaddingDimCallback)] = {
          llvm::orc::ExecutorAddr::fromPtr(&layoutRunPaddingDim),
          llvm::JITSymbolFlags::Exported};
      symbols[interner(kPaddingCheckCallback)] = {
          llvm::orc::ExecutorAddr::fromPtr(&layoutRunCheckPadding),
          llvm::JITSymbolFlags::Exported};
    }
    symbols[interner("malloc")] = {
        llvm::orc::ExecutorAddr::fromPtr(&layoutRunMalloc),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("free")] = {
        llvm::orc::ExecutorAddr::fromPtr(&layoutRunFree),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("puts")] = {
        llvm::orc::ExecutorAddr::fromPtr(&layoutRunCheckMessage),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("abort")] = {
        llvm::orc::ExecutorAddr::fromPtr(&layoutRunCheckFailed),
        llvm::JITSymbolFlags::Exported};
    return symbols;
  });

  // Flat arguments of the expanded memref calling convention.
  std::deque<uint64_t> slots;
  std::vector<void *> args;
  auto push = [&](uint64_t v) {
    slots.push_back(v);
    args.push_back(&slots.back());
  };
  std::set<const void *> inputPointers;
  for (const HostArray &in : inputs) {
    if (in.isScalar) {
      push(readBits(in, 0));
      continue;
    }
    auto ptr = reinterpret_cast<uint64_t>(in.bytes.data());
    inputPointers.insert(in.bytes.data());
    push(ptr);
    push(ptr);
    push(0);
    for (int64_t d : in.shape)
      push(uint64_t(d));
    int64_t stride = 1;
    SmallVector<int64_t> strides(in.shape.size());
    for (int i = int(in.shape.size()) - 1; i >= 0; --i) {
      strides[i] = stride;
      stride *= in.shape[i];
    }
    for (int64_t s : strides)
      push(uint64_t(s));
  }
  SmallVector<size_t> offsets;
  size_t total = 0, maxAlign = 1;
  for (const Expected &e : resultTypes) {
    FieldLayout l = getResultLayout(e);
    total = alignTo(total, l.align);
    offsets.push_back(total);
    total += l.size;
    maxAlign = std::max(maxAlign, l.align);
  }
  std::vector<uint64_t> resultStorage(alignTo(total, 8) / 8 + 1, 0);
  auto *resultBytes = reinterpret_cast<uint8_t *>(resultStorage.data());
  if (!resultTypes.empty())
    args.push_back(resultBytes);

  runningFunction = functionName.str();
  if (llvm::Error err = engine->invokePacked(functionName, args))
    fail("cannot run @" + functionName + ": " +
         llvm::toString(std::move(err)));

  std::vector<HostArray> results;
  std::set<void *> freed;
  for (size_t r = 0; r < resultTypes.size(); ++r) {
    const Expected &e = resultTypes[r];
    HostArray out;
    out.elementType = e.elementType;
    out.isScalar = e.isScalar;
    unsigned width = *getElementBytes(e.elementType);
    const uint8_t *field = resultBytes + offsets[r];
    if (e.isScalar) {
      out.bytes.assign(field, field + width);
      results.push_back(std::move(out));
      continue;
    }
    auto word = [&](size_t i) {
      uint64_t v;
      std::memcpy(&v, field + 8 * i, 8);
      return v;
    };
    size_t rank = e.shape.size();
    auto *allocated = reinterpret_cast<void *>(word(0));
    auto *aligned = reinterpret_cast<const uint8_t *>(word(1));
    int64_t offset = int64_t(word(2));
    SmallVector<int64_t> strides;
    for (size_t i = 0; i < rank; ++i) {
      out.shape.push_back(int64_t(word(3 + i)));
      strides.push_back(int64_t(word(3 + rank + i)));
    }
    int64_t n = out.getNumElements();
    out.bytes.resize(size_t(n) * width);
    SmallVector<int64_t> idx(rank, 0);
    for (int64_t i = 0; i < n; ++i) {
      int64_t linear = offset;
      for (size_t d = 0; d < rank; ++d)
        linear += idx[d] * strides[d];
      std::memcpy(out.bytes.data() + i * width, aligned + linear * width,
                  width);
      for (int d = int(rank) - 1; d >= 0; --d) {
        if (++idx[d] < out.shape[d])
          break;
        idx[d] = 0;
      }
    }
    if (allocated && !inputPointers.count(allocated) &&
        freed.insert(allocated).second)
      layoutRunFree(allocated);
    results.push_back(std::move(out));
  }
  leftoverBuffers = {liveProgramAllocations().size(), 0};
  for (auto [pointer, bytes] : liveProgramAllocations())
    leftoverBuffers.second += bytes;
  releaseProgramAllocations();
  return results;
}

std::string formatResult(const HostArray &a) {
  std::string line = shapePrefix(a) + "=";
  int64_t n = a.getNumElements();
  for (int64_t i = 0; i < n; ++i) {
    if (i)
      line += " ";
    line += formatElement(a, i);
  }
  return line;
}

std::string formatIndex(const HostArray &a, int64_t linear) {
  SmallVector<int64_t> idx(a.shape.size());
  for (int d = int(a.shape.size()) - 1; d >= 0; --d) {
    idx[d] = a.shape[d] ? linear % a.shape[d] : 0;
    linear = a.shape[d] ? linear / a.shape[d] : 0;
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d)
    s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

void printUsage(llvm::raw_ostream &os) {
  os << "usage: layout-run PROGRAM.mlir [--function=main] [--input=SPEC]... "
        "[--output=@FILE.npy]... [--compare-to-reference] [--check-padding] "
        "[--check-leaks]\n"
        "SPEC: 2x3xf32=1,2,3,4,5,6   (values split by commas or spaces; one "
        "value splats)\n"
        "      @path.npy             (numpy .npy file)\n";
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);

  std::string programPath, functionName = "main";
  std::vector<std::string> inputSpecs, outputPaths;
  bool compareToReference = false, checkPadding = false, checkLeaks = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    auto valueOf = [&](llvm::StringRef flag) -> std::optional<std::string> {
      if (arg.consume_front(flag)) {
        if (arg.consume_front("="))
          return arg.str();
        if (arg.empty()) {
          if (i + 1 >= argc)
            fail(flag + " needs a value");
          return std::string(argv[++i]);
        }
      }
      arg = argv[i];
      return std::nullopt;
    };
    if (arg == "--help" || arg == "-h") {
      printUsage(llvm::outs());
      return 0;
    }
    if (auto v = valueOf("--function")) {
      functionName = *v;
    } else if (auto v = valueOf("--input")) {
      inputSpecs.push_back(*v);
    } else if (auto v = valueOf("--output")) {
      if (!llvm::StringRef(*v).starts_with("@") || v->size() < 2)
        fail("--output expects @FILE.npy, got '" + *v + "'");
      outputPaths.push_back(v->substr(1));
    } else if (arg == "--compare-to-reference") {
      compareToReference = true;
    } else if (arg == "--check-padding") {
      checkPadding = true;
    } else if (arg == "--check-leaks") {
      checkLeaks = true;
    } else if (arg.starts_with("-") && arg != "-") {
      printUsage(llvm::errs());
      fail("unknown option '" + arg + "'");
    } else if (programPath.empty()) {
      programPath = arg.str();
    } else {
      fail("more than one program given ('" + programPath + "' and '" + arg +
           "')");
    }
  }
  if (programPath.empty()) {
    printUsage(llvm::errs());
    fail("no program given");
  }

  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &ctx);
  std::string includedFile;
  auto fileOrErr = llvm::MemoryBuffer::getFileOrSTDIN(programPath);
  if (!fileOrErr)
    fail("cannot read '" + programPath + "': " +
         fileOrErr.getError().message());
  sourceMgr.AddNewSourceBuffer(std::move(*fileOrErr), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    fail("cannot parse '" + programPath + "'");

  auto func = module->lookupSymbol<func::FuncOp>(functionName);
  if (!func)
    fail("no function @" + functionName + " in '" + programPath + "'");
  if (func.isExternal())
    fail("@" + functionName + " is a declaration, not a function body");

  FunctionType type = func.getFunctionType();
  std::vector<Expected> argTypes, resultTypes;
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    argTypes.push_back(getExpected(t, "argument " + std::to_string(i) +
                                          " of @" + functionName));
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    resultTypes.push_back(getExpected(t, "result " + std::to_string(i) +
                                             " of @" + functionName));
  if (inputSpecs.size() != argTypes.size())
    fail("@" + functionName + " takes " + llvm::Twine(argTypes.size()) +
         " argument(s), " + llvm::Twine(inputSpecs.size()) +
         " --input given");
  if (outputPaths.size() > resultTypes.size())
    fail(llvm::Twine(outputPaths.size()) + " --output given but @" +
         functionName + " has " + llvm::Twine(resultTypes.size()) +
         " result(s)");
  for (size_t i = 0; i < outputPaths.size(); ++i)
    if (!getNpyDescr(resultTypes[i].elementType))
      fail("result " + llvm::Twine(i) + " has type " +
           typeToString(resultTypes[i].elementType) +
           ", which .npy files cannot hold");

  std::vector<HostArray> inputs;
  for (size_t i = 0; i < inputSpecs.size(); ++i)
    inputs.push_back(parseSpec(ctx, inputSpecs[i], argTypes[i], unsigned(i)));

  std::vector<HostArray> results = runProgram(
      ctx, *module, functionName, inputs, resultTypes, false, checkPadding);
  for (const HostArray &r : results)
    llvm::outs() << formatResult(r) << "\n";
  llvm::outs().flush();
  if (checkPadding && !paddingViolations.empty()) {
    // Each op once, in the order its first violation happened.
    std::set<int64_t> reported;
    for (int64_t id : paddingViolations)
      if (id >= 0 && size_t(id) < paddingChecks.size() &&
          reported.insert(id).second)
        llvm::errs() << "error: --check-padding: padding bytes of a tiled "
                        "tensor are not zero after "
                     << paddingChecks[id].description << "\n";
    return kExitMismatch;
  }
  if (checkLeaks && leftoverBuffers.first) {
    llvm::errs() << "error: --check-leaks: @" << functionName << " left "
                 << leftoverBuffers.first << " buffer(s) ("
                 << leftoverBuffers.second
                 << " bytes) allocated besides its results\n";
    return kExitMismatch;
  }

  if (compareToReference) {
    std::vector<HostArray> reference =
        runProgram(ctx, *module, functionName, inputs, resultTypes, true);
    for (size_t r = 0; r < results.size(); ++r) {
      const HostArray &a = results[r], &b = reference[r];
      if (a.shape != b.shape) {
        llvm::errs() << "error: result " << r << " differs from the reference "
                     << "in shape: " << shapePrefix(a) << " vs "
                     << shapePrefix(b) << "\n";
        return kExitMismatch;
      }
      unsigned width = a.getElementBytes();
      for (int64_t i = 0, n = a.getNumElements(); i < n; ++i) {
        if (std::memcmp(a.bytes.data() + i * width, b.bytes.data() + i * width,
                        width) == 0)
          continue;
        llvm::errs() << "error: result " << r
                     << " differs from the reference at index "
                     << formatIndex(a, i) << ": " << formatElement(a, i)
                     << " vs " << formatElement(b, i) << "\n";
        return kExitMismatch;
      }
    }
  }

  for (size_t i = 0; i < outputPaths.size(); ++i) {
    std::error_code ec;
    llvm::raw_fd_ostream os(outputPaths[i], ec, llvm::sys::fs::OF_None);
    if (ec)
      fail("cannot write '" + outputPaths[i] + "': " + ec.message());
    os << npyBytes(results[i]);
    os.close();
    if (os.has_error())
      fail("cannot write '" + outputPaths[i] + "'");
  }
  return 0;
}
