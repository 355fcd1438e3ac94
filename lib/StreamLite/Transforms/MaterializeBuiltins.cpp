//===- MaterializeBuiltins.cpp - DMA or builtin dispatch per transfer -----===//
//
// --stream-lite-materialize-builtins: a driver over
// populateMaterializeBuiltinsPatterns (BuiltinMaterialization.cpp), applied
// once to every op.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

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
    BuiltinMaterialization state(getOperation());
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
};
} // namespace
