//===- HostTensorInternal.h - helpers shared by the host tensor files -----===//
//
// Private to lib/Runtime: what HostTensor.cpp (arrays, specs, expected
// results), HostTensorElements.cpp (element text) and Npy.cpp (.npy files)
// all use.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_LIB_RUNTIME_HOSTTENSORINTERNAL_H
#define LAYOUTOPT_LIB_RUNTIME_HOSTTENSORINTERNAL_H

#include "StreamLite/Runtime/HostTensor.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstring>
#include <optional>

namespace layoutopt::runtime::detail {

inline llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

inline bool isUnsignedInteger(mlir::Type type) {
  auto intType = mlir::dyn_cast<mlir::IntegerType>(type);
  return intType && intType.isUnsigned();
}

/// The bit width of a packed sub-byte integer type, else 0.
inline unsigned subByteWidth(mlir::Type type) {
  auto intType = mlir::dyn_cast<mlir::IntegerType>(type);
  if (!intType || (intType.getWidth() != 2 && intType.getWidth() != 4))
    return 0;
  return intType.getWidth();
}

/// Reads element `i` as raw bits (little-endian host).
inline uint64_t readBits(const HostArray &a, int64_t i) {
  uint64_t bits = 0;
  unsigned n = a.getElementBytes();
  std::memcpy(&bits, a.bytes.data() + i * n, n);
  return bits;
}

/// The element count of `shape` when it is at most `maxElements`: 0 when a
/// dim is 0, whatever the other dims (a product of the dims before a zero
/// says nothing about the array's size), else the product. Either way the
/// product of the nonzero dims must fit in int64, so that strides and
/// every partial product of the shape do.
std::optional<int64_t> getBoundedNumElements(llvm::ArrayRef<int64_t> shape,
                                             int64_t maxElements);

} // namespace layoutopt::runtime::detail

#endif // LAYOUTOPT_LIB_RUNTIME_HOSTTENSORINTERNAL_H
