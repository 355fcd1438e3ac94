//===- layout-reduce.cpp - mlir-reduce for stream-lite programs -----------===//
//
// Upstream's MlirReduceMain with the dialects layout-opt registers and the
// stream-lite reduction patterns (populateStreamLiteReductionPatterns):
//
//   layout-reduce prog.mlir \
//     '-reduction-tree=traversal-mode=0 test=scripts/interesting-mismatch.sh' \
//     -o reduced.mlir
//
//===----------------------------------------------------------------------===//

#include "StreamLite/InitAll.h"
#include "StreamLite/Transforms/ReductionPatterns.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  layoutopt::registerAllPasses();
  mlir::DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  layoutopt::stream_lite::registerStreamLiteReductionInterface(registry);
  mlir::MLIRContext context(registry);
  return mlir::asMainReturnCode(mlir::mlirReduceMain(argc, argv, context));
}
