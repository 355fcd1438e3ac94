//===- MaterializeBuiltins.cpp - DMA or builtin dispatch per transfer -----===//
//
// --stream-lite-materialize-builtins: a driver over
// populateMaterializeBuiltinsPatterns (BuiltinMaterialization.cpp), applied
// once to every op.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_MATERIALIZEBUILTINSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
struct MaterializeBuiltinsPass
    : public layoutopt::stream_lite::impl::MaterializeBuiltinsPassBase<
          MaterializeBuiltinsPass> {
  using MaterializeBuiltinsPassBase::MaterializeBuiltinsPassBase;

  void runOnOperation() override {
    if (testPlantMismatch)
      plantMismatch();
    BuiltinKernelOptions kernelOptions;
    kernelOptions.parallelOuterLoop = parallelKernels;
    BuiltinMaterialization state(getOperation(), kernelOptions);
    RewritePatternSet patterns(&getContext());
    populateMaterializeBuiltinsPatterns(patterns, state);
    applyPatternsOnceToAllOps(getOperation(), std::move(patterns));
    if (state.hasFailed())
      return signalPassFailure();
    const BuiltinMaterialization::Counts &counts = state.getCounts();
    auto dispatches = [&](BuiltinKind kind) {
      return counts.dispatches[static_cast<unsigned>(kind)];
    };
    unsigned executables = 0;
    for (unsigned n : counts.executables)
      executables += n;
    reportPassStatistics(
        getOperation(), getArgument(),
        {{&numDmaKept, "dma-kept", counts.dmaKept},
         {&numEncodesFolded, "encodes-folded", counts.encodesFolded},
         {&numRelayoutDispatches, "relayout-dispatches",
          dispatches(BuiltinKind::Encode)},
         {&numSliceDispatches, "slice-dispatches",
          dispatches(BuiltinKind::Slice)},
         {&numUpdateDispatches, "update-dispatches",
          dispatches(BuiltinKind::Update)},
         {&numFillDispatches, "fill-dispatches", dispatches(BuiltinKind::Fill)},
         {&numSplatDispatches, "splat-dispatches",
          dispatches(BuiltinKind::Splat)},
         {&numBuiltinExecutables, "builtin-executables", executables}});
  }

  /// Test only (test-plant-mismatch): a wrong result, for a reducer to
  /// find, planted where the splat still is one op.
  void plantMismatch() {
    getOperation().walk([](TensorSplatOp splat) {
      Type element = splat.getValue().getType();
      if (!element.isIntOrFloat())
        return;
      OpBuilder builder(splat);
      Location loc = splat.getLoc();
      Value one, sum;
      if (isa<FloatType>(element)) {
        one = arith::ConstantOp::create(builder, loc,
                                        builder.getFloatAttr(element, 1.0));
        sum = arith::AddFOp::create(builder, loc, splat.getValue(), one);
      } else {
        one = arith::ConstantOp::create(builder, loc,
                                        builder.getIntegerAttr(element, 1));
        sum = arith::AddIOp::create(builder, loc, splat.getValue(), one);
      }
      splat.getValueMutable().assign(sum);
    });
  }
};
} // namespace
