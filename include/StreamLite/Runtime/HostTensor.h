//===- HostTensor.h - host tensors: values, specs, .npy ---------*- C++ -*-===//
//
// The host side of a run: dense row-major tensors and scalars as bytes, the
// text forms layout-run reads and prints, and .npy files. Bad input is
// returned as an llvm::Error whose message is the text after `error: `;
// nothing here prints or exits.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_RUNTIME_HOSTTENSOR_H
#define STREAMLITE_RUNTIME_HOSTTENSOR_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace layoutopt::runtime {

/// Byte width of a supported element in memory (i1 is one byte, index is
/// i64); none for anything else (i4, f8 types, complex, vectors, ...).
std::optional<unsigned> getElementBytes(mlir::Type type);

/// `type` as MLIR prints it.
std::string typeToString(mlir::Type type);

struct HostArray;
/// For packed sub-byte element types (`i2`, `i4`, any signedness), which
/// hold one element per host byte: the first element whose byte (an int8,
/// or a uint8 for `ui`) is out of the type's range; nullopt otherwise.
std::optional<size_t> findSubByteOutOfRange(const HostArray &array);
/// Canonicalizes the bytes of packed sub-byte elements read back from a
/// program (only their low bits are the value): sign-extended for signless
/// and `si` types, zero-extended for `ui`.
void normalizeSubByte(HostArray &array);
/// For packed sub-byte elements, the bytes a program may read as `iN`
/// values: the low N bits of each, the rest zero (what an LLVM load of an
/// `iN` assumes; a sign-extended byte read as `i4` is undefined); none for
/// other element types and for bytes that already are, which go in as
/// they are.
std::optional<std::vector<uint8_t>> getProgramSubByteBytes(const HostArray &array);

/// Logical values of one argument or result, dense row-major.
struct HostArray {
  mlir::Type elementType;
  llvm::SmallVector<int64_t> shape;
  bool isScalar = false; // a scalar (not a rank-0 tensor)
  std::vector<uint8_t> bytes;

  int64_t getNumElements() const;
  unsigned getElementBytes() const;
};

/// What a function signature expects at one position: the element type
/// and shape (ShapedType::kDynamic for dynamic dims) of a host tensor, or a
/// scalar.
struct HostType {
  mlir::Type elementType;
  llvm::SmallVector<int64_t> shape;
  bool isScalar = false;
};

/// The host type of a function argument or result type; `what` names it in
/// the error (encoded tensors and unsupported element types are errors).
llvm::Expected<HostType> getHostType(mlir::Type type, llvm::StringRef what);

/// `2x?xf32` (no `tensor<>`).
std::string hostTypeToString(const HostType &type);

/// `2x3xf32` (no `tensor<>`).
std::string shapePrefix(const HostArray &array);

/// Element `i` in the shortest form that parses back to the same bits
/// (floats), or in decimal (integers; i1 as 0/1).
std::string formatElement(const HostArray &array, int64_t i);

/// `2x3xf32=1 2 3 4 5 6`: how layout-run prints a result.
std::string formatResult(const HostArray &array);

/// `[1, 2]`: the multi-index of row-major element `linear`.
std::string formatIndex(const HostArray &array, int64_t linear);

/// One value of `type` as little-endian bits; none when malformed or out of
/// range.
std::optional<uint64_t> parseElement(mlir::Type type, llvm::StringRef text);

/// The most bytes a text SPEC may expand to (one value splats): what
/// layout-run's allocator allows a program too (64 GiB).
constexpr uint64_t kMaxInputBytes = uint64_t(1) << 36;

/// An input SPEC (`2x3xf32=1,2,3,4,5,6`, one value splats; or `@file.npy`)
/// checked against what the function expects; errors start with
/// `input <index>: `.
llvm::Expected<HostArray> parseSpec(mlir::MLIRContext &ctx,
                                    llvm::StringRef spec,
                                    const HostType &expected, unsigned index,
                                    uint64_t maxBytes = kMaxInputBytes);

/// parseSpec for any value (an expected result, ...): errors start with
/// `what: `.
llvm::Expected<HostArray> parseValueSpec(mlir::MLIRContext &ctx,
                                         llvm::StringRef spec,
                                         const HostType &expected,
                                         const std::string &what,
                                         uint64_t maxBytes = kMaxInputBytes);

/// The expected results in the file at `path` (layout-run
/// --expected-output): one SPEC per result, in order, in parseSpec's form
/// (what formatResult prints, or `@FILE.npy`); blank lines and lines
/// starting with `#` are skipped. Each is checked against its result type.
llvm::Expected<std::vector<HostArray>>
readExpectedResults(mlir::MLIRContext &ctx, llvm::StringRef path,
                    llvm::ArrayRef<HostType> resultTypes);

/// The first element of `results` that `expected` does not match ("result 0
/// differs from the expected output at index [1, 2]: 1 vs 2 expected"), or
/// none. Floating-point elements match when equal, both NaN, or finite and
/// |result - expected| <= tolerance * max(1, |expected|); others bit for
/// bit.
std::optional<std::string>
findFirstUnexpected(llvm::ArrayRef<HostArray> results,
                    llvm::ArrayRef<HostArray> expected, double tolerance);

/// The .npy dtype of `type` (`<f4`, `|b1`, ...); none for bf16.
std::optional<std::string> getNpyDescr(mlir::Type type);

/// Whether an .npy (numpy) dtype string holds the bytes of `type` (one-byte
/// dtypes in any byte order; signless i8 also as `|u1`).
bool npyDescrMatches(llvm::StringRef descr, mlir::Type type);

/// Checks the shape (and rank) of `array` against what the function
/// expects; errors start with `what: `.
llvm::Error checkShape(const HostArray &array, const HostType &expected,
                       const std::string &what);

/// Reads an .npy file of `elementType`; errors start with `what: `.
llvm::Expected<HostArray> readNpy(llvm::StringRef path,
                                  mlir::Type elementType,
                                  llvm::StringRef what,
                                  const HostType *expected = nullptr);

/// The bytes of a version 1.0 .npy file holding `array` (header padded so
/// the data starts at a multiple of 64 bytes).
std::string npyBytes(const HostArray &array);

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_HOSTTENSOR_H
