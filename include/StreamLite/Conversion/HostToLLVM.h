//===- HostToLLVM.h - the host program to the LLVM dialect ------*- C++ -*-===//
//
// The conversions behind --stream-lite-convert-asserts-to-llvm and
// --stream-lite-convert-host-to-llvm, for use in other pipelines: the last
// steps of the to-llvm pipeline, once devices are simulated in host memory.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_CONVERSION_HOSTTOLLVM_H
#define STREAMLITE_CONVERSION_HOSTTOLLVM_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
class LLVMTypeConverter;
} // namespace mlir

namespace layoutopt::stream_lite {

/// Lowers every `cf.assert` of `module` to an `llvm.cond_br` to a block that
/// calls `puts(message)` and `abort()`, in time linear in the module (equal
/// messages share one global). Returns how many asserts it lowered; fails
/// (with an error) when `puts` or `abort` is declared with another type.
mlir::FailureOr<unsigned> convertAssertsToLLVM(mlir::ModuleOp module);

/// Upstream's memref, arith, index, complex, cf, ub and func lowerings to
/// the LLVM dialect, lower-affine's patterns (affine.apply, min and max to
/// arith, which the same conversion lowers on), and ours ahead of them
/// (contiguous copies and views, aligned allocations), over one type
/// converter and one collection of symbol tables, which every pattern that
/// looks symbols up or adds them shares. For one dialect conversion (the
/// pass applies it a function at a time).
void populateHostToLLVMPatterns(mlir::LLVMTypeConverter &converter,
                                mlir::RewritePatternSet &patterns,
                                mlir::SymbolTableCollection &symbolTables);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_CONVERSION_HOSTTOLLVM_H
