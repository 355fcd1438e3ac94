//===- Passes.h - stream_lite passes ----------------------------*- C++ -*-===//

#ifndef STREAMLITE_TRANSFORMS_PASSES_H
#define STREAMLITE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "StreamLite/Transforms/BuiltinKernels.h"
#include "StreamLite/Transforms/MergeConflictPolicy.h"

namespace layoutopt::stream_lite {

#define GEN_PASS_DECL
#include "StreamLite/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "StreamLite/Transforms/Passes.h.inc"

/// One statistic of a pass run: the TableGen-declared statistic, its
/// displayed name and its value.
struct PassCount {
  mlir::Pass::Statistic *statistic;
  llvm::StringRef name;
  uint64_t value;
};

/// Sets each statistic to its value and reports all of them as one analysis
/// remark on `root` (category `stream-lite-statistics`, named after
/// `passArgument`, one `name=value` argument per count in order). The
/// remark shows the numbers with any LLVM: MLIR prints pass statistics
/// (`--mlir-pass-statistics`) only when LLVM is built with statistics
/// enabled, which release builds (Debian's) are not.
void reportPassStatistics(mlir::Operation *root, llvm::StringRef passArgument,
                          llvm::ArrayRef<PassCount> counts);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_TRANSFORMS_PASSES_H
