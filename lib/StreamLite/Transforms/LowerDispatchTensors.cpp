//===- LowerDispatchTensors.cpp - kernels' logical views to bytes ----------===//
//
// --stream-lite-lower-dispatch-tensors: a driver over
// populateLowerDispatchTensorsPatterns (LowerDispatchTensorsPatterns.cpp),
// applied to the kernels of every executable, then a check that no logical
// view is left.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_LOWERDISPATCHTENSORSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

struct LowerDispatchTensorsPass
    : public layoutopt::stream_lite::impl::LowerDispatchTensorsPassBase<
          LowerDispatchTensorsPass> {
  using LowerDispatchTensorsPassBase::LowerDispatchTensorsPassBase;

  void runOnOperation() override {
    SmallVector<ModuleOp> kernels;
    auto collect = [&](ExecutableOp executable) {
      if (ModuleOp inner = executable.getInnerModule())
        kernels.push_back(inner);
    };
    Operation *root = getOperation();
    if (auto executable = dyn_cast<ExecutableOp>(root))
      collect(executable);
    else
      for (Region &region : root->getRegions())
        for (Block &block : region)
          for (auto executable : block.getOps<ExecutableOp>())
            collect(executable);

    DispatchTensorLoweringStats stats;
    RewritePatternSet set(&getContext());
    populateLowerDispatchTensorsPatterns(set, stats, nonTemporalStoreBytes);
    FrozenRewritePatternSet patterns(std::move(set));
    for (ModuleOp inner : kernels) {
      if (failed(lowerDispatchTensors(inner, patterns)))
        return signalPassFailure();
    }
    numLoads += stats.loads;
    numStores += stats.stores;
  }
};

} // namespace
