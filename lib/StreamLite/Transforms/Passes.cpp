//===- Passes.cpp - stream_lite pipelines ---------------------------------===//
//
// The named pipelines (docs/passes.md), built in one place so that
// layout-opt, layout-run and library users run the same passes.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace layoutopt::stream_lite {

/// canonicalize then cse on each function of `pm`'s op: functions are
/// isolated from above, so the pass manager runs them in parallel, and each
/// function is cleaned up whole while it is in cache.
static void addFunctionCleanup(mlir::OpPassManager &pm) {
  mlir::OpPassManager &fpm = pm.nest<mlir::func::FuncOp>();
  fpm.addPass(mlir::createCanonicalizerPass());
  fpm.addPass(mlir::createCSEPass());
}

void buildLayoutPipeline(mlir::OpPassManager &pm) {
  pm.addPass(createSpecializeEncodingsPass());
  pm.addPass(createMaterializeBuiltinsPass());
  pm.addPass(createEncodeHostTensorsPass());
  // Everything canonicalize and cse change is inside functions: the
  // program's and the kernels' (in each executable's inner module). Run on
  // the module as a whole they would take one thread.
  addFunctionCleanup(pm);
  addFunctionCleanup(pm.nest<ExecutableOp>().nest<mlir::ModuleOp>());
}

void buildToLLVMPipeline(mlir::OpPassManager &pm,
                         const ToLLVMPipelineOptions &options) {
  // Checks go in before specialization: they are about logical dims, which
  // every later pass keeps, and regions are still visible as regions (later
  // they become builtin dispatches or byte ranges).
  // Each op's checks are local to its function, so the pass runs per
  // function and the pass manager spreads functions over threads.
  if (options.runtimeChecks)
    pm.addNestedPass<mlir::func::FuncOp>(createInsertRuntimeChecksPass());
  buildLayoutPipeline(pm);
  pm.addPass(createLowerBindingsPass());
  pm.addPass(createConvertAsyncToMemRefPass());
  // Frees every buffer on its last use; results stay the caller's.
  // Ownership-based deallocation sees through the byte views, calls and
  // structured control flow but rejects unstructured loops, so cf is lifted
  // to scf first (lowered back below).
  pm.addNestedPass<mlir::func::FuncOp>(mlir::createLiftControlFlowToSCFPass());
  mlir::bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(mlir::createSCFToControlFlowPass());
  pm.addPass(mlir::memref::createExpandStridedMetadataPass());
  pm.addPass(mlir::createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(mlir::createConvertComplexToLLVMPass());
  pm.addPass(mlir::createArithToLLVMConversionPass());
  pm.addPass(mlir::createConvertIndexToLLVMPass());
  // Upstream's cf.assert lowering costs asserts x symbols; ours is linear
  // and leaves convert-cf-to-llvm only the branches.
  pm.addPass(createConvertAssertsToLLVMPass());
  pm.addPass(mlir::createConvertControlFlowToLLVMPass());
  pm.addPass(mlir::createUBToLLVMConversionPass());
  pm.addPass(mlir::createConvertFuncToLLVMPass());
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
}

void buildToLLVMPipeline(mlir::OpPassManager &pm) {
  buildToLLVMPipeline(pm, ToLLVMPipelineOptions());
}

void registerStreamLitePipelines() {
  mlir::PassPipelineRegistration<>(
      "stream-lite-layout-pipeline",
      "specialize-encodings, materialize-builtins, encode-host-tensors, "
      "canonicalize, cse: tensor-phase IR with encodings to byte-level async "
      "IR whose every transfer is provably correct",
      buildLayoutPipeline);
  mlir::PassPipelineRegistration<ToLLVMPipelineOptions>(
      "stream-lite-to-llvm-pipeline",
      "runtime checks, the layout pipeline, then a lowering to the LLVM dialect with devices "
      "simulated on the host (lower-bindings, convert-async-to-memref, "
      "cf lifted to scf, buffer deallocation, upstream "
      "scf/memref/arith/index/cf/ub/func to LLVM): what mlir-runner "
      "and layout-run execute",
      [](mlir::OpPassManager &pm, const ToLLVMPipelineOptions &options) {
        buildToLLVMPipeline(pm, options);
      });
}

} // namespace layoutopt::stream_lite
