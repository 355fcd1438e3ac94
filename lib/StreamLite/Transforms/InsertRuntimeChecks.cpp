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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "StreamLite/Transforms/BuiltinKernels.h"
#include "mlir/Interfaces/RuntimeVerifiableOpInterface.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_INSERTRUNTIMECHECKSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;
using layoutopt::stream_lite::detail::formatCheckMessage;

namespace {

/// Asserts that the bytes `view` covers lie inside the buffer it views:
/// `shift <= size` and `bytes <= size - shift` (unsigned). Upstream has no
/// runtime verification of memref.view.
void buildViewCheck(OpBuilder &builder, memref::ViewOp view) {
  Location loc = view.getLoc();
  MemRefType type = view.getType();
  int64_t elementBytes =
      llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  Value bytes = arith::ConstantIndexOp::create(builder, loc, elementBytes);
  auto dynamicSizes = view.getSizes();
  unsigned next = 0;
  for (int64_t extent : type.getShape()) {
    Value dim = ShapedType::isDynamic(extent)
                    ? dynamicSizes[next++]
                    : arith::ConstantIndexOp::create(builder, loc, extent)
                          .getResult();
    bytes = arith::MulIOp::create(builder, loc, bytes, dim);
  }
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value size = memref::DimOp::create(builder, loc, view.getSource(), zero);
  Value shift = view.getByteShift();
  Value shiftFits = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ule, shift, size);
  Value rest = arith::SubIOp::create(builder, loc, size, shift);
  Value bytesFit = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ule, bytes, rest);
  cf::AssertOp::create(
      builder, loc, arith::AndIOp::create(builder, loc, shiftFits, bytesFit),
      formatCheckMessage(view, "views bytes out of its buffer's bounds"));
}

struct InsertRuntimeChecksPass
    : public layoutopt::stream_lite::impl::InsertRuntimeChecksPassBase<
          InsertRuntimeChecksPass> {
  using InsertRuntimeChecksPassBase::InsertRuntimeChecksPassBase;

  void runOnOperation() override {
    SmallVector<RuntimeVerifiableOpInterface> ops;
    SmallVector<memref::ViewOp> views;
    // Builtin kernels are generated in bounds: only user kernels' memref
    // accesses are checked (a user kernel is one whatever its name).
    bool checkMemrefs = kernelMemrefs;
    if (auto executable = getOperation()->getParentOfType<ExecutableOp>())
      checkMemrefs &= !executable.getBuiltinKind();
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ExecutableOp>(op))
        return WalkResult::skip();
      if (checkMemrefs &&
          isa_and_nonnull<memref::MemRefDialect>(op->getDialect())) {
        if (auto view = dyn_cast<memref::ViewOp>(op))
          views.push_back(view);
        else if (auto verifiable = dyn_cast<RuntimeVerifiableOpInterface>(op))
          ops.push_back(verifiable);
        return WalkResult::advance();
      }
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
    for (memref::ViewOp view : views) {
      builder.setInsertionPoint(view);
      unsigned before = counter.count;
      buildViewCheck(builder, view);
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
