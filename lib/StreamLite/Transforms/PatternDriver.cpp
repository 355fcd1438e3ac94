//===- PatternDriver.cpp - apply patterns once to every op ----------------===//

#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Rewrite/PatternApplicator.h"

using namespace mlir;

namespace layoutopt::stream_lite {

void applyPatternsOnceToAllOps(Operation *root,
                               const FrozenRewritePatternSet &patterns,
                               bool includeRoot) {
  PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  PatternRewriter rewriter(root->getContext());
  // Post-order: an op may replace or erase itself; what it inserts before
  // itself is not visited. The root comes last.
  root->walk([&](Operation *op) {
    if (op == root && !includeRoot)
      return;
    rewriter.setInsertionPoint(op);
    (void)applicator.matchAndRewrite(op, rewriter);
  });
}

} // namespace layoutopt::stream_lite
