//===- EncodeHostTensors.cpp - tensor-phase ops to byte-level async ops ---===//
//
// --stream-lite-encode-host-tensors: populateEncodeHostTensorsPatterns
// (HostTensorEncoding.cpp) applied once to every op. A tensor-phase op left
// over (its pattern said why) fails the pass. With erase-dead-ops, unused
// side-effect-free ops are erased first: lowering them only to have the
// canonicalizer erase them costs the lowering, the verifier and the
// canonicalizer a visit per lowered op.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_ENCODEHOSTTENSORSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
/// Erases the unused side-effect-free ops of `block` and of the regions of
/// the ops it keeps. Last op first, so that a chain of unused values goes
/// in one sweep; an op with regions is kept or erased whole
/// (isOpTriviallyDead looks at the effects of what it holds).
int64_t eraseDeadOps(mlir::Block &block) {
  int64_t erased = 0;
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
    if (isOpTriviallyDead(&op)) {
      op.erase();
      ++erased;
      continue;
    }
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        erased += eraseDeadOps(nested);
  }
  return erased;
}

struct EncodeHostTensorsPass
    : public layoutopt::stream_lite::impl::EncodeHostTensorsPassBase<
          EncodeHostTensorsPass> {
  using EncodeHostTensorsPassBase::EncodeHostTensorsPassBase;

  void runOnOperation() override {
    if (eraseDeadOps) {
      // Program functions only: executables are not lowered here.
      for (auto function : getOperation().getOps<func::FuncOp>())
        for (Block &block : function.getBody())
          numDeadOpsErased += ::eraseDeadOps(block);
    }
    SymbolTableCollection symbols;
    // The walk lowers ops in order, each right where it was, and erases
    // only what it lowers: the patterns may share constants and casts.
    HostTensorValueCache cache;
    RewritePatternSet patterns(&getContext());
    populateEncodeHostTensorsPatterns(patterns, symbols,
                                      shareValues ? &cache : nullptr);
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
