//===- ExpandStridedMetadata.cpp - upstream's patterns, where they apply --===//
//
// --stream-lite-expand-strided-metadata: upstream's expand-strided-metadata
// patterns, applied greedily, but only to ops whose regions hold an op one
// of them is rooted at. The to-llvm pipeline runs it on every function and
// almost none holds such an op; upstream's pass still walked and folded each
// function, and, keeping no analysis, had the pass manager verify each one
// again (4% of the pipeline at 10k ops).
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/DenseSet.h"

#include <memory>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_EXPANDSTRIDEDMETADATAPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;

namespace {

struct ExpandStridedMetadataPass
    : public layoutopt::stream_lite::impl::ExpandStridedMetadataPassBase<
          ExpandStridedMetadataPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owningPatterns(context);
    memref::populateExpandStridedMetadataPatterns(owningPatterns);
    patterns =
        std::make_shared<FrozenRewritePatternSet>(std::move(owningPatterns));
    // Interface- and trait-rooted patterns are listed under every registered
    // op that has the interface or trait.
    roots = std::make_shared<llvm::DenseSet<OperationName>>();
    for (const auto &entry : patterns->getOpSpecificNativePatterns())
      roots->insert(entry.first);
    matchesAnyOp = !patterns->getMatchAnyOpNativePatterns().empty() ||
                   patterns->getPDLByteCode();
    return success();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    bool mayApply =
        matchesAnyOp ||
        root->walk([&](Operation *op) {
              return roots->contains(op->getName()) ? WalkResult::interrupt()
                                                    : WalkResult::advance();
            }).wasInterrupted();
    bool changed = false;
    if (mayApply)
      (void)applyPatternsGreedily(root, *patterns, GreedyRewriteConfig(),
                                  &changed);
    // Unchanged IR needs neither new analyses nor another verification.
    if (!changed)
      markAllAnalysesPreserved();
  }

  std::shared_ptr<const FrozenRewritePatternSet> patterns;
  std::shared_ptr<llvm::DenseSet<OperationName>> roots;
  bool matchesAnyOp = false;
};

} // namespace
