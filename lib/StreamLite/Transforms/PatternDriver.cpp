//===- PatternDriver.cpp - patterns once to every op; dead ops erased -----===//

#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "llvm/ADT/STLExtras.h"

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

int64_t eraseTriviallyDeadOps(RewriterBase &rewriter, Block &block) {
  int64_t erased = 0;
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
    if (isOpTriviallyDead(&op)) {
      rewriter.eraseOp(&op);
      ++erased;
      continue;
    }
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        erased += eraseTriviallyDeadOps(rewriter, nested);
  }
  return erased;
}

} // namespace layoutopt::stream_lite
