//===- KernelJit.cpp - build, lower and JIT builtin kernels ---------------===//

#include "KernelJit.h"
#include "TestUtil.h"

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <functional>
#include <optional>

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace layoutopt::test {

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
                         ArrayRef<RankedTensorType> types) {
  OpBuilder builder(&ctx);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  std::string name = getBuiltinName(kind, types);
  if (!buildBuiltinExecutable(builder, loc, name, kind, types))
    return nullptr;
  return module;
}

LogicalResult lowerKernelModule(ModuleOp module, std::string *diagnostics) {
  std::optional<DiagnosticCapture> capture;
  if (diagnostics)
    capture.emplace(*module.getContext());
  PassManager pm(module.getContext());
  pm.addPass(createLowerBindingsPass());
  OpPassManager &inner = pm.nest<ExecutableOp>().nest<ModuleOp>();
  inner.addPass(createSCFToControlFlowPass());
  inner.addPass(memref::createExpandStridedMetadataPass());
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

namespace {

void initializeNativeTarget() {
  static bool done = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)done;
}

/// The host's TargetMachine at CodeGenOptLevel::Aggressive (created once);
/// null when the host cannot be detected.
llvm::TargetMachine *aggressiveHostMachine() {
  static std::unique_ptr<llvm::TargetMachine> hostMachine = [] {
    auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!builder) {
      llvm::consumeError(builder.takeError());
      return std::unique_ptr<llvm::TargetMachine>();
    }
    builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
    auto tm = builder->createTargetMachine();
    if (!tm) {
      llvm::consumeError(tm.takeError());
      return std::unique_ptr<llvm::TargetMachine>();
    }
    return std::move(*tm);
  }();
  return hostMachine.get();
}

} // namespace

llvm::Expected<JitKernel> jitKernel(ModuleOp lowered, llvm::StringRef name,
                                    const KernelJitOptions &options) {
  initializeNativeTarget();
  auto executables = lowered.getOps<ExecutableOp>();
  if (executables.empty())
    return llvm::createStringError("no executable to JIT-compile");
  OwningOpRef<ModuleOp> inner = (*executables.begin()).getInnerModule().clone();

  ExecutionEngineOptions engineOptions;
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  // ExecutionEngineOptions::transformer is a function_ref: the callables
  // must outlive ExecutionEngine::create.
  std::function<llvm::Error(llvm::Module *)> optimize, transform;
  if (options.optimize) {
    // O3 for both the IR pipeline (tuned for the host when it can be
    // detected) and code generation.
    engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
    optimize =
        makeOptimizingTransformer(3, /*sizeLevel=*/0, aggressiveHostMachine());
    transform = [&optimize, &options](llvm::Module *m) -> llvm::Error {
      llvm::Error error = optimize(m);
      if (!error && options.printOptimizedIR)
        m->print(*options.printOptimizedIR, nullptr);
      return error;
    };
    engineOptions.transformer = transform;
  }
  auto engine = ExecutionEngine::create(*inner, engineOptions);
  if (!engine)
    return llvm::createStringError("ExecutionEngine::create failed: " +
                                   llvm::toString(engine.takeError()));
  return JitKernel(std::move(*engine), name.str());
}

llvm::Expected<JitKernel>
compileBuiltinKernel(MLIRContext &ctx, BuiltinKind kind,
                     ArrayRef<RankedTensorType> types,
                     const KernelJitOptions &options) {
  std::string name = getBuiltinName(kind, types);
  OwningOpRef<ModuleOp> module = buildBuiltinKernelModule(ctx, kind, types);
  if (!module)
    return llvm::createStringError("buildBuiltinExecutable failed for " + name);
  if (failed(lowerKernelModule(*module)))
    return llvm::createStringError("lowering failed for " + name);
  return jitKernel(*module, name, options);
}

} // namespace layoutopt::test
