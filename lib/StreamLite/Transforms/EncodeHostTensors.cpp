//===- EncodeHostTensors.cpp - tensor-phase ops to byte-level async ops ---===//
//
// --stream-lite-encode-host-tensors: populateEncodeHostTensorsPatterns
// (EncodeHostTensorsPatterns.cpp) applied once to every op, one function
// at a time and functions in parallel. A tensor-phase op left over (its pattern said
// why) fails the pass. With erase-dead-ops, unused
// side-effect-free ops are erased first: lowering them only to have the
// canonicalizer erase them costs the lowering, the verifier and the
// canonicalizer a visit per lowered op.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/ParallelFunctions.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <atomic>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_ENCODEHOSTTENSORSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
/// The first tensor-phase op in `root`, in walk order, or null.
Operation *findTensorPhaseOp(Operation *root) {
  Operation *found = nullptr;
  root->walk([&](Operation *op) {
    if (!op->hasTrait<layoutopt::stream_lite::OpTrait::TensorPhaseOp>())
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

/// What one thread lowers functions with: the patterns, and the values
/// they share (a HostTensorValueCache is not thread-safe). The patterns
/// refer to `cache`, so a lowerer never moves.
struct Lowerer {
  Lowerer(MLIRContext *context, SymbolTableCollection &symbols,
          bool shareValues) {
    RewritePatternSet set(context);
    populateEncodeHostTensorsPatterns(set, symbols,
                                      shareValues ? &cache : nullptr);
    patterns = FrozenRewritePatternSet(std::move(set));
  }

  HostTensorValueCache cache;
  FrozenRewritePatternSet patterns;
};

struct EncodeHostTensorsPass
    : public layoutopt::stream_lite::impl::EncodeHostTensorsPassBase<
          EncodeHostTensorsPass> {
  using EncodeHostTensorsPassBase::EncodeHostTensorsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Functions and executables are isolated from above: each is lowered
    // as one task, in parallel when the context has threads (patterns only
    // change the ops they lower, and constants go to the start of the
    // op's own function). Other top-level ops are lowered afterwards.
    SmallVector<Operation *> isolated, rest;
    for (Operation &op : module.getBody()->getOperations()) {
      if (op.getNumRegions() != 0 &&
          op.hasTrait<mlir::OpTrait::IsIsolatedFromAbove>())
        isolated.push_back(&op);
      else
        rest.push_back(&op);
    }
    // Device lookups (fill widths) from every task: the module's table is
    // built here, and the locked collection guards what is built lazily.
    SymbolTableCollection symbols;
    symbols.getSymbolTable(module);
    LockedSymbolTableCollection lockedSymbols(symbols);
    // One lowerer per thread, made when the thread first lowers, so fill
    // plans are shared across the functions each thread lowers.
    PerThreadStates<Lowerer> lowerers;
    auto makeLowerer = [&] {
      return std::make_unique<Lowerer>(&getContext(), lockedSymbols,
                                       shareValues);
    };
    std::atomic<int64_t> deadOpsErased{0};
    // The first tensor-phase op each task leaves.
    SmallVector<Operation *> leftOver(isolated.size(), nullptr);
    // The driver lowers ops in order, each right where it was, and erases
    // only what it lowers: the patterns may share constants and casts. One
    // walk, no dialect conversion: no op needs a new type, and the
    // conversion driver's bookkeeping would be pure cost (design.md).
    parallelForEachWithState(
        &getContext(), isolated.size(), lowerers,
        [&](size_t) { return makeLowerer(); },
        [&](Lowerer &lowerer, size_t i) {
          Operation *op = isolated[i];
          // Program functions only: executables are not lowered here.
          if (eraseDeadOps && isa<func::FuncOp>(op)) {
            IRRewriter rewriter(op->getContext());
            for (Block &block : op->getRegion(0))
              deadOpsErased += eraseTriviallyDeadOps(rewriter, block);
          }
          applyPatternsOnceToAllOps(op, lowerer.patterns);
          // No value of this function is needed by the next.
          lowerer.cache.forgetValues();
          leftOver[i] = findTensorPhaseOp(op);
        });
    numDeadOpsErased += deadOpsErased;
    for (Operation *op : rest)
      applyPatternsOnceToAllOps(op, lowerers.get(makeLowerer).patterns,
                                /*includeRoot=*/true);
    // The first op left, in module order. Tasks' ops are never replaced
    // (no pattern matches a function or an executable) and keep their
    // place; what replaced the other top-level ops is searched here.
    Operation *first = nullptr;
    auto task = isolated.begin();
    for (Operation &op : module.getBody()->getOperations()) {
      if (task != isolated.end() && *task == &op)
        first = leftOver[task++ - isolated.begin()];
      else
        first = findTensorPhaseOp(&op);
      if (first)
        break;
    }
    // The first op left fails the pass, after its pattern's own error
    // (which says why).
    if (first) {
      first->emitOpError()
          << "is still a tensor-phase op after encode-host-tensors";
      signalPassFailure();
    }
  }
};
} // namespace
