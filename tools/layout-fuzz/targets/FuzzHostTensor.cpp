//===- FuzzHostTensor.cpp - libFuzzer target: input specs and .npy files --===//
//
// layout-run's input readers (lib/Runtime/HostTensor.cpp,
// HostTensorElements.cpp, Npy.cpp) on raw bytes. The first byte picks the
// reader (text SPEC or .npy file), the element type and
// whether a scalar is expected; the rest is the SPEC or the file. A
// malformed input must be an llvm::Error; what is read must hold exactly
// its elements and read back the same both ways: printed as layout-run
// prints results and read as a SPEC, and written with npyBytes and read.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "StreamLite/Runtime/HostTensor.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <cmath>
#include <fstream>

using namespace mlir;
using namespace layoutopt::fuzz;
using namespace layoutopt::runtime;

namespace {

/// Inputs a SPEC may expand to: far below -rss_limit_mb, so a huge splat
/// (asked for, and refused by layout-run only past 64 GiB) is a clean
/// "shape too large" here rather than an out-of-memory report.
constexpr uint64_t kFuzzMaxInputBytes = uint64_t(1) << 26;

const char *const kElementTypes[] = {"i1",  "i8",  "i16", "i32", "i64",
                                     "si8", "ui8", "ui16", "ui32", "ui64",
                                     "index", "f16", "bf16", "f32", "f64",
                                     "si64"};

/// A file of this process for .npy inputs (readNpy takes a path).
const std::string &scratchPath() {
  static std::string path = [] {
    llvm::SmallString<128> p;
    llvm::StringRef dir = llvm::sys::fs::exists("/dev/shm") ? "/dev/shm" : "";
    if (!dir.empty())
      p = (dir + "/layout-fuzz-npy-" +
           llvm::Twine(llvm::sys::Process::getProcessId()) + ".npy")
              .str();
    else
      llvm::sys::fs::createTemporaryFile("layout-fuzz", "npy", p);
    return std::string(p);
  }();
  return path;
}

void writeFile(const std::string &path, llvm::StringRef bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), bytes.size());
}

/// `2x3x` prefixes of a SPEC: the rank the expected type gets.
size_t leadingShapeRank(llvm::StringRef spec) {
  size_t rank = 0;
  while (!spec.empty() && llvm::isDigit(spec.front())) {
    spec = spec.drop_while([](char c) { return llvm::isDigit(c); });
    if (!spec.consume_front("x"))
      break;
    ++rank;
  }
  return rank;
}

bool isNaNAt(const HostArray &a, int64_t i) {
  auto floatType = dyn_cast<FloatType>(a.elementType);
  if (!floatType)
    return false;
  uint64_t bits = 0;
  std::memcpy(&bits, a.bytes.data() + i * a.getElementBytes(),
              a.getElementBytes());
  llvm::APFloat value(floatType.getFloatSemantics(),
                      llvm::APInt(floatType.getWidth(), bits));
  return value.isNaN();
}

/// Same shape and the same bits element by element (NaNs: any NaN).
void requireSame(const HostArray &want, const HostArray &got,
                 llvm::StringRef what) {
  if (want.shape != got.shape || want.bytes.size() != got.bytes.size())
    finding((what + ": shape or size changed").str(),
            shapePrefix(want) + " vs " + shapePrefix(got));
  unsigned w = want.getElementBytes();
  for (int64_t i = 0; i < want.getNumElements(); ++i) {
    if (std::memcmp(want.bytes.data() + i * w, got.bytes.data() + i * w, w) ==
        0)
      continue;
    if (isNaNAt(want, i) && isNaNAt(got, i))
      continue;
    finding((what + ": element " + llvm::Twine(i) + " changed").str(),
            formatElement(want, i) + " vs " + formatElement(got, i));
  }
}

void checkArray(MLIRContext &ctx, const HostArray &array,
                const HostType &expected) {
  int64_t n = array.getNumElements();
  if (n < 0 || array.bytes.size() != size_t(n) * array.getElementBytes())
    finding("the bytes do not match the shape", shapePrefix(array));
  // Keep the round trips cheap: they are about values, not sizes.
  if (n > 4096)
    return;
  // As layout-run prints it, read back as a SPEC.
  std::string text = formatResult(array);
  llvm::Expected<HostArray> again = parseSpec(ctx, text, expected, 0, kFuzzMaxInputBytes);
  if (!again)
    finding("a printed result does not read back",
            text + "\n" + llvm::toString(again.takeError()));
  requireSame(array, *again, "print and re-read");
  // As an .npy file (not for bf16, which numpy has no dtype for).
  if (!getNpyDescr(array.elementType) || array.isScalar)
    return;
  writeFile(scratchPath(), npyBytes(array));
  llvm::Expected<HostArray> fromNpy =
      readNpy(scratchPath(), array.elementType, "round trip");
  if (!fromNpy)
    finding("npyBytes output does not read back",
            llvm::toString(fromNpy.takeError()));
  requireSame(array, *fromNpy, ".npy write and re-read");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static RenewedContext contexts(/*period=*/20000);
  if (size < 1)
    return 0;
  MLIRContext &ctx = contexts.get();
  uint8_t selector = data[0];
  llvm::StringRef payload(reinterpret_cast<const char *>(data + 1), size - 1);
  bool npy = selector & 1;
  bool scalar = (selector >> 1) & 1;
  constexpr size_t numTypes = std::size(kElementTypes);
  Type elementType = parseType(kElementTypes[(selector >> 2) % numTypes], &ctx);
  if (!elementType)
    finding("cannot build an element type");

  HostType expected;
  expected.elementType = elementType;
  expected.isScalar = scalar;
  if (npy) {
    writeFile(scratchPath(), payload);
    llvm::Expected<HostArray> array =
        readNpy(scratchPath(), elementType, "fuzz");
    if (!array) {
      llvm::consumeError(array.takeError());
      return 0;
    }
    expected.shape.assign(array->shape.size(), ShapedType::kDynamic);
    expected.isScalar = false;
    checkArray(ctx, *array, expected);
    return 0;
  }
  if (!scalar)
    expected.shape.assign(leadingShapeRank(payload), ShapedType::kDynamic);
  llvm::Expected<HostArray> array = parseSpec(ctx, payload, expected, 0, kFuzzMaxInputBytes);
  if (!array) {
    llvm::consumeError(array.takeError());
    return 0;
  }
  checkArray(ctx, *array, expected);
  return 0;
}
