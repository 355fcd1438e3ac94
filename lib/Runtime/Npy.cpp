//===- Npy.cpp - host tensors in .npy files -------------------------------===//
//
// The NumPy .npy format (version 1-3 headers, little-endian, C order) for
// layout-run's inputs, outputs and expected results.
//
//===----------------------------------------------------------------------===//

#include "HostTensorInternal.h"
#include "StreamLite/Runtime/HostTensor.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace layoutopt::runtime::detail;

namespace layoutopt::runtime {

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

} // namespace layoutopt::runtime
