//===- CanonicalizeCSE.cpp - canonicalize then cse, as one pass -----------===//
//
// --stream-lite-canonicalize-cse: upstream's canonicalization (the patterns
// of every loaded dialect and registered op, applied greedily) followed by
// upstream's CSE, in one pass. Both are upstream entry points; the pass only
// saves the pass manager's verification between them. With verify-each on,
// a function cleaned up by two passes was verified twice, and verifying a
// function costs about as much as canonicalizing it.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

#include <memory>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CANONICALIZECSEPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

/// Whether some region below `op` holds more than one block or is a graph
/// region. When none does, region simplification (unreachable blocks
/// erased, dead code and dead block arguments removed, blocks merged) can
/// only erase dead ops: each region's one block is its entry block, always
/// reachable and its arguments never removed, and with every value defined
/// before its uses, ops free of effects that only dead ops use are what an
/// erasure of the unused ones, last op first, removes. That erasure walks
/// the function once; the simplification's liveness analysis cost more than
/// the greedy sweep itself on the pipeline's programs.
bool hasBranchesOrGraphRegions(Operation *op) {
  WalkResult found = op->walk([](Operation *nested) {
    for (Region &region : nested->getRegions())
      if (!region.empty() &&
          (!region.hasOneBlock() || mayBeGraphRegion(region)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

struct CanonicalizeCSEPass
    : public layoutopt::stream_lite::impl::CanonicalizeCSEPassBase<
          CanonicalizeCSEPass> {
  using Base::Base;

  /// The patterns `--canonicalize` collects, made once per pass manager:
  /// the dialects the pipeline needs are loaded by then.
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owningPatterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owningPatterns);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owningPatterns, context);
    patterns = std::make_shared<FrozenRewritePatternSet>(
        std::move(owningPatterns), disabledPatterns, enabledPatterns);
    config = GreedyRewriteConfig()
                 .setUseTopDownTraversal(topDown)
                 .setRegionSimplificationLevel(regionSimplify)
                 .setMaxIterations(maxIterations)
                 .setMaxNumRewrites(maxNumRewrites);
    return success();
  }

  void runOnOperation() override {
    Operation *op = getOperation();
    bool canonicalized = false;
    // Best effort, as `--canonicalize`: not converging is not a failure.
    if (maxIterations != 1) {
      (void)applyPatternsGreedily(op, *patterns, config, &canonicalized);
    } else {
      // One sweep, then what the driver's region simplification would do
      // after it: where no region branches, only the dead-op erasure (see
      // hasBranchesOrGraphRegions), with the same result.
      GreedyRewriteConfig sweep = config;
      sweep.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
      (void)applyPatternsGreedily(op, *patterns, sweep, &canonicalized);
      if (regionSimplify != GreedySimplifyRegionLevel::Disabled) {
        IRRewriter rewriter(&getContext());
        if (hasBranchesOrGraphRegions(op)) {
          canonicalized |= succeeded(simplifyRegions(
              rewriter, op->getRegions(),
              /*mergeBlocks=*/regionSimplify ==
                  GreedySimplifyRegionLevel::Aggressive));
        } else {
          for (Region &region : op->getRegions())
            for (Block &block : region)
              canonicalized |= eraseTriviallyDeadOps(rewriter, block) != 0;
        }
      }
    }
    // Dominance of the canonicalized IR (region simplification may have
    // erased or merged blocks), as `--cse` would compute it after.
    DominanceInfo dominance(op);
    IRRewriter rewriter(&getContext());
    bool eliminated = false;
    eliminateCommonSubExpressions(rewriter, dominance, op, &eliminated);
    // Nothing changed: the IR is as verified before, and every analysis
    // still holds, so the pass manager neither recomputes nor re-verifies.
    if (!canonicalized && !eliminated)
      markAllAnalysesPreserved();
  }

  GreedyRewriteConfig config;
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace
