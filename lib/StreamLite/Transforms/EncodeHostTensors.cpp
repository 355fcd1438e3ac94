//===- EncodeHostTensors.cpp - tensor-phase ops to byte-level async ops ---===//
//
// --stream-lite-encode-host-tensors: populateEncodeHostTensorsPatterns
// (HostTensorEncoding.cpp) applied once to every op. A tensor-phase op left
// over (its pattern said why) fails the pass.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"


namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_ENCODEHOSTTENSORSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
struct EncodeHostTensorsPass
    : public layoutopt::stream_lite::impl::EncodeHostTensorsPassBase<
          EncodeHostTensorsPass> {
  using EncodeHostTensorsPassBase::EncodeHostTensorsPassBase;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    RewritePatternSet patterns(&getContext());
    populateEncodeHostTensorsPatterns(patterns, symbols);
    // One walk, no dialect conversion: no op needs a new type, and the
    // conversion driver's bookkeeping cost a third of the pass.
    applyPatternsOnceToAllOps(getOperation(), std::move(patterns));
    // The first op left is reported as a dialect conversion would (callers
    // and tests match this wording), after its pattern's own error.
    WalkResult leftOver = getOperation()->walk([](Operation *op) {
      if (!op->hasTrait<layoutopt::stream_lite::OpTrait::TensorPhaseOp>())
        return WalkResult::advance();
      op->emitError() << "failed to legalize operation '" << op->getName()
                      << "' that was explicitly marked illegal";
      return WalkResult::interrupt();
    });
    if (leftOver.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
