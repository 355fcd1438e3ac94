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

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <memory>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CANONICALIZECSEPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

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
    (void)applyPatternsGreedily(op, *patterns, config, &canonicalized);
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
