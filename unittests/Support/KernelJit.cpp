//===- KernelJit.cpp - build, lower and JIT builtin kernels ---------------===//

#include "KernelJit.h"
#include "TestUtil.h"

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"

// The headers of the passes used, not mlir/Conversion/Passes.h: that one
// declares every upstream conversion and tripled this file's compile time.
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/Builders.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

#include <optional>

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace layoutopt::test {

namespace {
// Under the address sanitizer the kernels compile on LLVM's fast path
// (FastISel, CodeGenOptLevel::None) unless a test asks for a level: the
// sanitizers check our code that builds, lowers and runs the kernels, not
// LLVM's code generation, which the plain build's run of the same tests
// covers at the usual level (and layout-run's tests at O3). The Catch2
// binary takes a quarter less time there (bench/README.md, ".ci/run on a
// clean clone").
#if defined(__SANITIZE_ADDRESS__) || defined(LAYOUT_OPT_ASAN)
constexpr bool kFastCodeGen = true;
#else
constexpr bool kFastCodeGen = false;
#endif
} // namespace

std::unique_ptr<MLIRContext> makeKernelJitContext() {
  auto ctx = makeContext();
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  ctx->appendDialectRegistry(registry);
  return ctx;
}

OwningOpRef<ModuleOp>
buildBuiltinKernelModule(MLIRContext &ctx, BuiltinKind kind,
                         ArrayRef<RankedTensorType> types,
                         const BuiltinKernelOptions &kernelOptions) {
  OpBuilder builder(&ctx);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  std::string name = getBuiltinName(kind, types);
  if (!buildBuiltinExecutable(builder, loc, name, kind, types, kernelOptions))
    return nullptr;
  return module;
}

LogicalResult lowerKernelModule(ModuleOp module, std::string *diagnostics,
                                unsigned threads) {
  std::optional<DiagnosticCapture> capture;
  if (diagnostics)
    capture.emplace(*module.getContext());
  PassManager pm(module.getContext());
  // User kernels' logical views and tensor code, as the to-llvm pipeline
  // lowers them (nothing to do for builtin kernels).
  pm.addPass(createLowerDispatchTensorsPass());
  pm.addPass(createBufferizeKernelsPass());
  pm.nest<ExecutableOp>().nest<ModuleOp>().addNestedPass<func::FuncOp>(
      createConvertLinalgToLoopsPass());
  pm.nest<ExecutableOp>().nest<ModuleOp>().addNestedPass<func::FuncOp>(
      createDeallocateBuffersPass());
  pm.addPass(createLowerBindingsPass());
  OpPassManager &inner = pm.nest<ExecutableOp>().nest<ModuleOp>();
  if (threads > 1) {
    ParallelizeKernelsPassOptions parallelize;
    parallelize.threads = threads;
    inner.addPass(createParallelizeKernelsPass(parallelize));
    inner.addPass(arith::createArithExpandOpsPass());
    inner.addPass(createAsyncToAsyncRuntimePass());
    inner.addPass(createAsyncRuntimeRefCountingPass());
    inner.addPass(createAsyncRuntimeRefCountingOptPass());
  }
  inner.addPass(createSCFToControlFlowPass());
  if (threads > 1)
    inner.addPass(createConvertAsyncToLLVMPass());
  inner.addPass(memref::createExpandStridedMetadataPass());
  // Swizzled tiles move by groups (vector.shuffle).
  inner.addPass(createConvertVectorToLLVMPass());
  inner.addPass(createFinalizeMemRefToLLVMConversionPass());
  inner.addPass(createArithToLLVMConversionPass());
  inner.addPass(createConvertIndexToLLVMPass());
  inner.addPass(createConvertControlFlowToLLVMPass());
  inner.addPass(createConvertFuncToLLVMPass());
  inner.addPass(createReconcileUnrealizedCastsPass());
  LogicalResult result = pm.run(module);
  if (diagnostics)
    *diagnostics = capture->text();
  return result;
}

llvm::Expected<JitKernel> jitKernel(ModuleOp lowered, llvm::StringRef name,
                                    const KernelJitOptions &options) {
  auto executables = lowered.getOps<ExecutableOp>();
  if (executables.empty())
    return llvm::createStringError("no executable to JIT-compile");
  OwningOpRef<ModuleOp> inner = (*executables.begin()).getInnerModule().clone();
  // Kernels are compiled by the thousand in the tests: no JIT listeners.
  KernelJitOptions jitOptions = options;
  jitOptions.enableNotificationListeners = false;
  if (kFastCodeGen && !jitOptions.codeGenOptLevel)
    jitOptions.codeGenOptLevel = llvm::CodeGenOptLevel::None;
  auto session = runtime::JitSession::create(*inner, jitOptions);
  if (!session)
    return llvm::createStringError("ExecutionEngine::create failed: " +
                                   llvm::toString(session.takeError()));
  return JitKernel(std::move(*session), name.str());
}

llvm::Expected<JitKernel>
compileBuiltinKernel(MLIRContext &ctx, BuiltinKind kind,
                     ArrayRef<RankedTensorType> types,
                     const KernelJitOptions &options, unsigned threads,
                     int64_t nonTemporalStoreBytes,
                     ScatteredStores nonTemporalScatteredStores) {
  std::string name = getBuiltinName(kind, types);
  BuiltinKernelOptions kernelOptions;
  kernelOptions.parallelOuterLoop = threads > 1;
  kernelOptions.nonTemporalStoreBytes = nonTemporalStoreBytes;
  kernelOptions.nonTemporalScatteredStores = nonTemporalScatteredStores;
  OwningOpRef<ModuleOp> module =
      buildBuiltinKernelModule(ctx, kind, types, kernelOptions);
  if (!module)
    return llvm::createStringError("buildBuiltinExecutable failed for " + name);
  if (failed(lowerKernelModule(*module, /*diagnostics=*/nullptr, threads)))
    return llvm::createStringError("lowering failed for " + name);
  return jitKernel(*module, name, options);
}

} // namespace layoutopt::test
