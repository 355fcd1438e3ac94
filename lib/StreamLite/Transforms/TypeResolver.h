//===- TypeResolver.h - resolve tensor types per affinity -------*- C++ -*-===//
//
// Internal to the specialize-encodings rewrites (SpecializeEncodingsPatterns.cpp and
// MergeRelayout.cpp): turns (affinity, tensor type) into the type whose
// encoding holds the layouts of the affinity's devices.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_TYPERESOLVER_H
#define STREAMLITE_TRANSFORMS_TYPERESOLVER_H

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

namespace layoutopt::stream_lite {

/// Whether `type` carries an encoding that a resolver must turn into layouts.
bool needsResolution(mlir::RankedTensorType type);

/// Caches both the resolvers of each affinity and each resolved type (as the
/// TypeAttr ops hold: a module has few distinct pairs, and this small cache
/// is much cheaper than uniquing a TypeAttr per op).
class TypeResolver {
public:
  explicit TypeResolver(mlir::ModuleOp module) : module(module) {}

  /// Resolves `typeAttr` (described as `what` on `op`) for `affinity`. Types
  /// that need no resolution come back unchanged. On failure an error naming
  /// `op` was emitted.
  mlir::FailureOr<mlir::TypeAttr> resolve(mlir::TypeAttr typeAttr,
                                          AffinityAttr affinity,
                                          mlir::Operation *op,
                                          llvm::StringRef what);

private:
  /// Every (device, target) an affinity may run on, in order.
  mlir::FailureOr<llvm::ArrayRef<std::pair<DeviceOp, TargetAttr>>>
  getTargets(AffinityAttr affinity, mlir::Operation *op);

  mlir::ModuleOp module;
  mlir::SymbolTableCollection symbols;
  llvm::DenseMap<AffinityAttr, llvm::SmallVector<std::pair<DeviceOp, TargetAttr>>>
      targetCache;
  /// (affinity, type attribute) -> resolved type attribute.
  llvm::DenseMap<std::pair<mlir::Attribute, mlir::Attribute>, mlir::TypeAttr>
      cache;
};

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_TRANSFORMS_TYPERESOLVER_H
