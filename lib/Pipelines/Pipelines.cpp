//===- Pipelines.cpp - stream_lite pipelines ------------------------------===//
//
// The named pipelines (docs/passes.md), built in one place so that
// layout-opt, layout-run and library users run the same passes.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Pipelines/Pipelines.h"

#include "StreamLite/Conversion/Passes.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace layoutopt::stream_lite {

/// The canonicalization patterns the pipelines leave out, by debug name
/// (the type name as the Debian libMLIR spells it; the pipeline tests
/// fail if the name stops matching). `scf.if`'s
/// ConditionPropagation visits every use of an if's condition for every if
/// on it: with one condition behind thousands of ifs in one function (a
/// flag), that is quadratic (a 40k-op function: 7.4 s of canonicalization
/// instead of 1.4 s). It only replaces the condition by a constant inside
/// the if's own regions, which the programs here rarely do.
static llvm::ArrayRef<std::string> quadraticPatterns() {
  static const std::string names[] = {
      "(anonymous namespace)::ConditionPropagation"};
  return names;
}

/// canonicalize then cse on each function of `pm`'s op, as one pass
/// (stream-lite-canonicalize-cse: the pass manager verifies each function
/// once after both, not after each): functions are isolated from above, so
/// the pass manager runs them in parallel, and each function is cleaned up
/// whole while it is in cache. Bottom-up, region simplification as
/// `--canonicalize`'s default (`normal`), and one greedy sweep: the sweep
/// already runs its worklist to exhaustion, and the second sweep the
/// default allows only re-checked every op (6% of the layout pipeline) with
/// nothing left to do on the test suite and the bench modules (the output
/// is byte-identical).
static void addFunctionCleanup(mlir::OpPassManager &pm) {
  CanonicalizeCSEPassOptions cleanup;
  cleanup.topDown = false;
  cleanup.maxIterations = 1;
  cleanup.disabledPatterns = llvm::to_vector(quadraticPatterns());
  pm.nest<mlir::func::FuncOp>().addPass(createCanonicalizeCSEPass(cleanup));
}

void buildLayoutPipeline(mlir::OpPassManager &pm,
                         const MaterializeBuiltinsPassOptions &materialize,
                         bool checkResourceSizes, bool fuseRelayouts) {
  pm.addPass(createSpecializeEncodingsPass());
  // Before materialize-builtins: a fused relayout never becomes a builtin.
  if (fuseRelayouts)
    pm.addPass(createFuseRelayoutsPass());
  // Layouts are known from here on, and sizes are still per tensor.
  if (checkResourceSizes)
    pm.addNestedPass<mlir::func::FuncOp>(createCheckResourceSizesPass());
  pm.addPass(createMaterializeBuiltinsPass(materialize));
  // What is unused goes before it is lowered, and constants and casts are
  // made once (the canonicalizer and cse below would erase and merge them
  // after).
  EncodeHostTensorsPassOptions encode;
  encode.eraseDeadOps = true;
  encode.shareValues = true;
  pm.addPass(createEncodeHostTensorsPass(encode));
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
  MaterializeBuiltinsPassOptions materialize;
  bool parallel = options.threads > 1;
  materialize.parallelKernels = parallel;
  materialize.nonTemporalStoreBytes = options.nonTemporalStoreBytes;
  materialize.nonTemporalScatteredStores = options.nonTemporalScatteredStores;
  buildLayoutPipeline(pm, materialize,
                      /*checkResourceSizes=*/options.runtimeChecks,
                      options.fuseRelayouts);
  // After the layout pipeline's cse, checks of one fact share one
  // condition; only the first of each is kept. (A dropped assert's
  // condition is the kept one's: nothing becomes dead, so no canonicalizer
  // follows.)
  if (options.runtimeChecks)
    pm.addNestedPass<mlir::func::FuncOp>(createRemoveRedundantAssertsPass());
  // User kernels: the regions of their logical views checked (as the
  // program's regions above), the views lowered to copies through the
  // bindings' layouts, their tensor code bufferized and linalg lowered to
  // loops; then every kernel's bindings become byte buffers. On each
  // executable, in the same nest as the kernels' cleanup above (the pass
  // manager merges adjacent nests): the pass manager then verifies each
  // executable after it, not the whole program.
  mlir::OpPassManager &executables = pm.nest<ExecutableOp>();
  if (options.runtimeChecks) {
    // The kernels' own memref accesses too: a kernel that addresses bytes
    // itself fails a check instead of corrupting memory.
    InsertRuntimeChecksPassOptions kernelChecks;
    kernelChecks.kernelMemrefs = true;
    executables.nest<mlir::ModuleOp>().addNestedPass<mlir::func::FuncOp>(
        createInsertRuntimeChecksPass(kernelChecks));
  }
  LowerDispatchTensorsPassOptions views;
  views.nonTemporalStoreBytes = options.nonTemporalStoreBytes;
  executables.addPass(createLowerDispatchTensorsPass(views));
  executables.addPass(createBufferizeKernelsPass());
  executables.nest<mlir::ModuleOp>().addNestedPass<mlir::func::FuncOp>(
      mlir::createConvertLinalgToLoopsPass());
  // The kernels' math: what LLVM has intrinsics for becomes them here (as
  // the final conversion would); what it has none for is expanded
  // (`clampf`), outlined in software (`ipowi`) or called in libm (`erf`,
  // `cbrt`, `acosh`, ...), which the JIT resolves in the process. In each
  // kernel module: the libm declarations go there.
  {
    mlir::OpPassManager &kernelModule = executables.nest<mlir::ModuleOp>();
    mlir::math::MathExpandOpsPassOptions expand;
    expand.opMnemonics = {"clampf"};
    kernelModule.addNestedPass<mlir::func::FuncOp>(
        mlir::math::createMathExpandOpsPass(expand));
    kernelModule.addPass(mlir::createConvertMathToFuncs());
    kernelModule.addPass(mlir::createConvertMathToLLVMPass());
    kernelModule.addPass(mlir::createConvertMathToLibmPass());
  }
  LowerBindingsPassOptions bindings;
  bindings.runtimeChecks = options.runtimeChecks;
  executables.addPass(createLowerBindingsPass(bindings));
  pm.addPass(createConvertAsyncToMemRefPass());
  // The program copies on write, so who owns each buffer is known at
  // compile time: deallocate-buffers frees each one after its last use
  // (linear, no run-time ownership flags). It needs structured control
  // flow, so cf is lifted to scf first (lowered back below). Both change
  // one function at a time and run on functions in parallel.
  mlir::OpPassManager *deallocNest = &pm.nest<mlir::func::FuncOp>();
  deallocNest->addPass(mlir::createLiftControlFlowToSCFPass());
  deallocNest->addPass(createDeallocateBuffersPass());
  // Parallel kernel loops become async tasks once buffers are placed
  // (deallocate-buffers knows nothing of async regions), then async runtime
  // calls with reference counting; upstream's async-parallel-for arithmetic
  // (ceildivsi) needs arith-expand.
  if (parallel) {
    ParallelizeKernelsPassOptions parallelize;
    parallelize.threads = options.threads;
    pm.addPass(createParallelizeKernelsPass(parallelize));
    pm.addNestedPass<mlir::func::FuncOp>(mlir::arith::createArithExpandOpsPass());
    pm.addPass(mlir::createAsyncToAsyncRuntimePass());
    pm.addPass(mlir::createAsyncRuntimeRefCountingPass());
    pm.addPass(mlir::createAsyncRuntimeRefCountingOptPass());
  }
  {
    // Without the module passes of threads in between, the same nest: each
    // function goes through all of these passes while it is in the cache.
    mlir::OpPassManager &fpm =
        parallel ? pm.nest<mlir::func::FuncOp>() : *deallocNest;
    // `--canonicalize`'s defaults, then cse, as one pass. Without threads,
    // one greedy sweep: the sweep runs its worklist until nothing changes,
    // and the second, confirming sweep of the default changed nothing on
    // the tests and bench modules and cost 3% of the pipeline. With
    // threads, the async runtime's code still has its constants reordered
    // by a second sweep, so it keeps the default there.
    CanonicalizeCSEPassOptions cleanup;
    if (!parallel)
      cleanup.maxIterations = 1;
    cleanup.disabledPatterns = llvm::to_vector(quadraticPatterns());
    fpm.addPass(createCanonicalizeCSEPass(cleanup));
    // Upstream's scf-to-cf patterns without rollback records (they never
    // undo a rewrite: ~2.5x less time), lowering the last structured op
    // first so that block splits stay linear in a big function.
    fpm.addPass(createLowerSCFToCFPass());
    fpm.addPass(createExpandStridedMetadataPass());
  }
  // Upstream's async lowering, its resume helper found without a scan of
  // the program per resume.
  if (parallel)
    pm.addPass(createConvertAsyncToLLVMPass());
  // Upstream's memref, arith, index, complex, cf, ub and func lowerings in
  // one conversion (one walk of the by now much larger program), after the
  // asserts' linear lowering (upstream's costs asserts x symbols).
  // It also reconciles the casts it leaves (none on the pipeline's input).
  // `fold` folds each function right after its conversion: the
  // descriptors' insertvalue/extractvalue chains fold and what they leave
  // dead is erased (the output shrinks to about a quarter), one function
  // at a time, so that the whole program's dead chains never exist at once
  // (they were the pipeline's peak of memory when a canonicalizer ran on
  // the lowered functions afterwards). One sweep without region
  // simplification, as that canonicalizer was: the lowering leaves few dead
  // blocks or block arguments, and a confirming sweep changed nothing on
  // the tests and bench modules.
  ConvertHostToLLVMPassOptions toLLVM;
  toLLVM.fold = true;
  pm.addPass(createConvertHostToLLVMPass(toLLVM));
}

void buildToLLVMPipeline(mlir::OpPassManager &pm) {
  buildToLLVMPipeline(pm, ToLLVMPipelineOptions());
}

/// Registers a pipeline of module passes as PassPipelineRegistration
/// does, refusing a pass manager nested under another op: adding a pass
/// restricted to `builtin.module` there would abort (report_fatal_error),
/// in layout-opt, the plugin and Python alike; the pipeline parser
/// reports the refusal as an error instead.
template <typename Options>
static void registerModulePipeline(
    llvm::StringRef arg, llvm::StringRef description,
    std::function<void(mlir::OpPassManager &, const Options &)> builder) {
  std::string name = arg.str();
  mlir::registerPassPipeline(
      arg, description,
      [name, builder](mlir::OpPassManager &pm, llvm::StringRef optionsText,
                      llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)>
                          errorHandler) -> llvm::LogicalResult {
        llvm::StringRef anchor = pm.getOpAnchorName();
        if (anchor != mlir::ModuleOp::getOperationName() &&
            anchor != mlir::OpPassManager::getAnyOpAnchorName())
          return errorHandler("'" + name +
                              "' runs on 'builtin.module', not nested in '" +
                              anchor + "'");
        Options options;
        if (failed(options.parseFromString(optionsText)))
          return mlir::failure();
        builder(pm, options);
        return mlir::success();
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)> handler) {
        handler(Options());
      });
}

void registerStreamLitePipelines() {
  registerModulePipeline<LayoutPipelineOptions>(
      "stream-lite-layout-pipeline",
      "specialize-encodings, fuse-relayouts, materialize-builtins, "
      "encode-host-tensors, canonicalize, cse: tensor-phase IR with "
      "encodings to byte-level async IR whose every transfer is provably "
      "correct",
      [](mlir::OpPassManager &pm, const LayoutPipelineOptions &options) {
        buildLayoutPipeline(pm, {}, /*checkResourceSizes=*/false,
                            options.fuseRelayouts);
      });
  registerModulePipeline<ToLLVMPipelineOptions>(
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
