//===- InsertRuntimeChecks.cpp - the ops' runtime checks as cf.assert -----===//
//
// --stream-lite-insert-runtime-checks: upstream's runtime verification
// (RuntimeVerifiableOpInterface, which every stream_lite op with run-time
// assumptions implements) with this project's message format,
// `FILE:LINE:COL: 'OP' op WHAT`, which layout-run reports as is. Upstream's
// --generate-runtime-verification runs the same checks with its own format.
// Executables are skipped: their kernels are generated in bounds. The pass
// runs on any op: what it inserts depends on each op alone (no symbols are
// looked up), so the to-llvm pipeline runs it on each function in parallel.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"
#include "RuntimeCheckMessage.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Interfaces/RuntimeVerifiableOpInterface.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_INSERTRUNTIMECHECKSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;
using layoutopt::stream_lite::detail::formatCheckMessage;

namespace {

struct InsertRuntimeChecksPass
    : public layoutopt::stream_lite::impl::InsertRuntimeChecksPassBase<
          InsertRuntimeChecksPass> {
  using InsertRuntimeChecksPassBase::InsertRuntimeChecksPassBase;

  void runOnOperation() override {
    SmallVector<RuntimeVerifiableOpInterface> ops;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ExecutableOp>(op))
        return WalkResult::skip();
      // Only stream_lite ops: upstream dialects (tensor) promise the
      // interface without layout-opt registering their models, and asking
      // such an op aborts in builds with assertions.
      if (!llvm::isa_and_nonnull<StreamLiteDialect>(op->getDialect()))
        return WalkResult::advance();
      if (auto verifiable = dyn_cast<RuntimeVerifiableOpInterface>(op))
        ops.push_back(verifiable);
      return WalkResult::advance();
    });
    // Counts the asserts as they are built.
    struct AssertCounter : OpBuilder::Listener {
      void notifyOperationInserted(Operation *op,
                                   OpBuilder::InsertPoint) override {
        ++ops;
        if (isa<cf::AssertOp>(op))
          ++count;
      }
      unsigned count = 0;
      unsigned ops = 0;
    } counter;
    OpBuilder builder(&getContext(), &counter);
    unsigned opsChecked = 0;
    for (RuntimeVerifiableOpInterface op : ops) {
      builder.setInsertionPoint(op);
      unsigned before = counter.count;
      op.generateRuntimeVerification(builder, op.getLoc(), formatCheckMessage);
      if (counter.count != before)
        ++opsChecked;
    }
    // Nothing built: the pass manager need not verify again.
    if (counter.ops == 0)
      markAllAnalysesPreserved();
    reportPassStatistics(
        getOperation(), getArgument(),
        {{&numChecksInserted, "checks-inserted", counter.count},
         {&numOpsChecked, "ops-checked", opsChecked}});
  }
};

} // namespace
