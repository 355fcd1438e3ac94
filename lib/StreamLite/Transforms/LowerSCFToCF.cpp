//===- LowerSCFToCF.cpp - scf to cf, the last structured op first ---------===//
//
// --stream-lite-lower-scf-to-cf: a driver over upstream's
// populateSCFToControlFlowConversionPatterns that hands the conversion its
// roots from the last to the first, so that block splits stay linear.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_LOWERSCFTOCFPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;

namespace {
struct LowerSCFToCFPass
    : public layoutopt::stream_lite::impl::LowerSCFToCFPassBase<
          LowerSCFToCFPass> {
  using LowerSCFToCFPassBase::LowerSCFToCFPassBase;

  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet owning(ctx);
    populateSCFToControlFlowConversionPatterns(owning);
    patterns = std::make_shared<FrozenRewritePatternSet>(std::move(owning));
    return success();
  }

  void runOnOperation() override {
    // The structured ops upstream's pass lowers.
    ConversionTarget target(getContext());
    target.addIllegalOp<scf::ForallOp, scf::ForOp, scf::IfOp,
                        scf::IndexSwitchOp, scf::ParallelOp, scf::WhileOp,
                        scf::ExecuteRegionOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });

    // Outermost structured ops in program order; each one's nested ops are
    // the conversion's to find (it lowers a root, then what it contains).
    SmallVector<Operation *> roots;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == getOperation() || target.isLegal(op))
        return WalkResult::advance();
      roots.push_back(op);
      return WalkResult::skip();
    });
    if (roots.empty())
      return markAllAnalysesPreserved();
    // The last first: a split then moves only the ops up to the structured
    // op lowered before it, not the rest of the block.
    std::reverse(roots.begin(), roots.end());
    ConversionConfig config;
    config.allowPatternRollback = false;
    if (failed(applyPartialConversion(roots, target, *patterns, config)))
      signalPassFailure();
  }

  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};
} // namespace
