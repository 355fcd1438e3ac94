//===- WrittenTensors.h - what the instrumentation passes share -*- C++ -*-===//
//
// The tensors an op writes, and the staged host call after it, as
// --stream-lite-instrument-padding-checks and --stream-lite-instrument-trace
// both insert them.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_RUNTIME_WRITTENTENSORS_H
#define STREAMLITE_RUNTIME_WRITTENTENSORS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace layoutopt::runtime {

/// A tensor one op writes: the resource, its type and dims.
struct WrittenTensor {
  mlir::Operation *op;
  mlir::Value resource;
  mlir::RankedTensorType type;
  llvm::SmallVector<mlir::Value> dims;
};

/// The tensors `op` writes, as the op states them
/// (EncodedTensorOpInterface): created, copied and written-in-place tensors,
/// each with the resource that holds it after the op. None for the staging
/// copies the instrumentations insert.
llvm::SmallVector<WrittenTensor> getWrittenTensors(mlir::Operation *op);

/// The tensors the ops of `func` write, in walk order, except inside the
/// regions of ops of unknown dialects: what such an op does with its
/// regions is unknown, and it may be a symbol table of its own, from which
/// a call to the module's callbacks could not be resolved.
llvm::SmallVector<WrittenTensor> getWrittenTensors(mlir::func::FuncOp func);

/// `name` in `module`, declared privately with `type` if missing.
mlir::func::FuncOp getOrDeclareCallback(mlir::OpBuilder &b,
                                        mlir::ModuleOp module,
                                        llvm::StringRef name,
                                        mlir::FunctionType type);

/// After `w.op`: copies the written tensor to a staging resource, passes
/// each dynamic dim to `dimCallback` and then `id` and the staging copy to
/// `callback`. getWrittenTensors does not see the staging copy.
void emitStagedCallback(mlir::OpBuilder &b, const WrittenTensor &w,
                        mlir::func::FuncOp dimCallback,
                        mlir::func::FuncOp callback, int64_t id);

/// The staging resource type the callbacks take.
mlir::Type getStagingType(mlir::MLIRContext *ctx);

/// `FILE:LINE:COL` of `loc` (else the location printed).
std::string describeLocation(mlir::Location loc);

/// `FILE:LINE:COL: <op>`: how a report names the op that wrote `w`.
std::string describeWrite(const WrittenTensor &w);

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_WRITTENTENSORS_H
