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
      signalPassFailure();
  }
};
} // namespace
