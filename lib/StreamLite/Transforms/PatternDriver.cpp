//===- PatternDriver.cpp - apply patterns once to every op ----------------===//

#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Rewrite/PatternApplicator.h"

using namespace mlir;

namespace layoutopt::stream_lite {

void applyPatternsOnceToAllOps(Operation *root,
                               const FrozenRewritePatternSet &patterns) {
  PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  PatternRewriter rewriter(root->getContext());
  // Post-order: an op may replace or erase itself; what it inserts before
  // itself is not visited.
  root->walk([&](Operation *op) {
    if (op == root)
      return;
    rewriter.setInsertionPoint(op);
    (void)applicator.matchAndRewrite(op, rewriter);
  });
}

} // namespace layoutopt::stream_lite
