//===- MaterializeBuiltins.cpp - DMA or builtin dispatch per transfer -----===//
//
// --stream-lite-materialize-builtins: a driver over
// populateMaterializeBuiltinsPatterns (MaterializeBuiltinsPatterns.cpp), applied
// once to every op, functions in parallel.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/ParallelFunctions.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <array>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_MATERIALIZEBUILTINSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
/// The name of each builtin kind's dispatch statistic (BuiltinKinds.def).
constexpr const char *kDispatchStatisticNames[] = {
#define LAYOUT_OPT_BUILTIN_KIND(Enumerator, name, statistic, description)      \
  statistic,
#include "StreamLite/IR/BuiltinKinds.def"
};

struct MaterializeBuiltinsPass
    : public layoutopt::stream_lite::impl::MaterializeBuiltinsPassBase<
          MaterializeBuiltinsPass> {
  using MaterializeBuiltinsPassBase::MaterializeBuiltinsPassBase;
  // A copy gets statistics of its own (the default member initializer).
  MaterializeBuiltinsPass(const MaterializeBuiltinsPass &other)
      : MaterializeBuiltinsPassBase(other) {}

  /// Dispatches per builtin kind, one statistic each (BuiltinKinds.def).
  std::array<Statistic, kNumBuiltinKinds> numDispatches = makeStatistics();

  std::array<Statistic, kNumBuiltinKinds> makeStatistics() {
    return {
#define LAYOUT_OPT_BUILTIN_KIND(Enumerator, name, statistic, description)      \
  Statistic(this, statistic, description),
#include "StreamLite/IR/BuiltinKinds.def"
    };
  }

  void runOnOperation() override {
    BuiltinKernelOptions kernelOptions;
    kernelOptions.parallelOuterLoop = parallelKernels;
    kernelOptions.nonTemporalStoreBytes = nonTemporalStoreBytes;
    kernelOptions.nonTemporalScatteredStores = nonTemporalScatteredStores;
    ModuleOp module = getOperation();
    MaterializeBuiltinsState state(module, kernelOptions);
    if (canMaterializeInParallel())
      materializeInParallel(state, kernelOptions);
    else
      applyPatternsOnceToAllOps(module, makePatterns(state));
    if (state.hasFailed())
      return signalPassFailure();
    const MaterializeBuiltinsState::Counts &counts = state.getCounts();
    unsigned executables = 0;
    for (unsigned n : counts.executables)
      executables += n;
    SmallVector<PassCount> stats = {
        {&numDmaKept, "dma-kept", counts.dmaKept},
        {&numEncodesFolded, "encodes-folded", counts.encodesFolded}};
    for (unsigned kind = 0; kind < kNumBuiltinKinds; ++kind)
      stats.push_back({&numDispatches[kind], kDispatchStatisticNames[kind],
                       counts.dispatches[kind]});
    stats.push_back(
        {&numBuiltinExecutables, "builtin-executables", executables});
    reportPassStatistics(getOperation(), getArgument(), stats);
  }

  FrozenRewritePatternSet makePatterns(MaterializeBuiltinsState &state) {
    RewritePatternSet patterns(&getContext());
    populateMaterializeBuiltinsPatterns(patterns, state);
    return FrozenRewritePatternSet(std::move(patterns));
  }

  /// Whether functions may be materialized in parallel: remarks are
  /// streamed in the order they are made (the engine is not for several
  /// threads), and every top-level op other than a function or an
  /// executable must be one no pattern matches or looks into.
  bool canMaterializeInParallel() {
    if (MaterializeBuiltinsState::emitsRemarks(&getContext()))
      return false;
    return llvm::all_of(module().getBody()->getOperations(), [](Operation &op) {
      if (op.getNumRegions() != 0)
        return op.hasTrait<mlir::OpTrait::IsIsolatedFromAbove>();
      return !op.hasTrait<layoutopt::stream_lite::OpTrait::TensorPhaseOp>();
    });
  }

  /// Each function and executable is a task, run in parallel when the
  /// context has threads, each thread with a state of its own that only
  /// names the builtin executables it dispatches to. The executables are
  /// then created in module order, where the serial walk would have made
  /// them: before the first top-level op that needs each.
  void materializeInParallel(MaterializeBuiltinsState &state,
                             const BuiltinKernelOptions &kernelOptions) {
    struct Worker {
      Worker(ModuleOp module, const BuiltinKernelOptions &kernelOptions)
          : state(module, kernelOptions, /*deferExecutables=*/true) {}
      MaterializeBuiltinsState state;
      FrozenRewritePatternSet patterns;
    };
    SmallVector<Operation *> tasks;
    for (Operation &op : module().getBody()->getOperations())
      if (op.getNumRegions() != 0)
        tasks.push_back(&op);
    SmallVector<SmallVector<MaterializeBuiltinsState::PendingExecutable>>
        pending(tasks.size());
    PerThreadStates<Worker> workers;
    parallelForEachWithState(
        &getContext(), tasks.size(), workers,
        [&](size_t) {
          auto worker = std::make_unique<Worker>(module(), kernelOptions);
          worker->patterns = makePatterns(worker->state);
          return worker;
        },
        [&](Worker &worker, size_t i) {
          applyPatternsOnceToAllOps(tasks[i], worker.patterns);
          pending[i] = worker.state.takePendingExecutables();
        });
    for (auto [task, executables] : llvm::zip_equal(tasks, pending))
      state.createExecutables(executables, task);
    for (const std::unique_ptr<Worker> &worker : workers.getAll())
      state.merge(worker->state);
  }

  ModuleOp module() { return getOperation(); }
};
} // namespace
