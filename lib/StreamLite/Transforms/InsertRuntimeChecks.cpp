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
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

/// Asserts that every element `subview` selects lies in its source: per
/// dim, an empty range, or `offset < dim` and the last element
/// `offset + (size - 1) * stride` at most `dim - 1` (compared as
/// `size - 1 <= (dim - 1 - offset) / stride`, unsigned, so that nothing
/// overflows; a stride of 0 repeats the offset). Upstream's own check of
/// memref.subview builds an assert of a null condition in LLVM 22 (it
/// crashed the pass on any subview).
void buildSubViewCheck(OpBuilder &builder, memref::SubViewOp subview) {
  Location loc = subview.getLoc();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, v);
  };
  auto cmp = [&](arith::CmpIPredicate predicate, Value a, Value b) -> Value {
    return arith::CmpIOp::create(builder, loc, predicate, a, b);
  };
  Value zero = constant(0), one = constant(1);
  Value holds;
  for (auto [d, offset, size, stride] :
       llvm::enumerate(subview.getMixedOffsets(), subview.getMixedSizes(),
                       subview.getMixedStrides())) {
    Value dim = memref::DimOp::create(builder, loc, subview.getSource(),
                                      constant(d));
    Value o = getValueOrCreateConstantIndexOp(builder, loc, offset);
    Value n = getValueOrCreateConstantIndexOp(builder, loc, size);
    Value t = getValueOrCreateConstantIndexOp(builder, loc, stride);
    Value room = arith::DivUIOp::create(
        builder, loc,
        arith::SubIOp::create(builder, loc,
                              arith::SubIOp::create(builder, loc, dim, one), o),
        arith::MaxUIOp::create(builder, loc, t, one));
    Value lastFits = arith::OrIOp::create(
        builder, loc, cmp(arith::CmpIPredicate::eq, t, zero),
        cmp(arith::CmpIPredicate::ule,
            arith::SubIOp::create(builder, loc, n, one), room));
    Value fits = arith::OrIOp::create(
        builder, loc, cmp(arith::CmpIPredicate::eq, n, zero),
        arith::AndIOp::create(builder, loc,
                              cmp(arith::CmpIPredicate::ult, o, dim),
                              lastFits));
    holds = holds ? arith::AndIOp::create(builder, loc, holds, fits).getResult()
                  : fits;
  }
  if (!holds)
    return;
  cf::AssertOp::create(
      builder, loc, holds,
      formatCheckMessage(subview, "selects elements out of its source's bounds"));
}

struct InsertRuntimeChecksPass
    : public layoutopt::stream_lite::impl::InsertRuntimeChecksPassBase<
          InsertRuntimeChecksPass> {
  using InsertRuntimeChecksPassBase::InsertRuntimeChecksPassBase;

  void runOnOperation() override {
    SmallVector<RuntimeVerifiableOpInterface> ops;
    SmallVector<memref::ViewOp> views;
    SmallVector<memref::SubViewOp> subviews;
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
        else if (auto subview = dyn_cast<memref::SubViewOp>(op))
          subviews.push_back(subview);
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
    // Builds `op`'s checks before it, counting it when any was built.
    auto check = [&](Operation *op, llvm::function_ref<void()> build) {
      builder.setInsertionPoint(op);
      unsigned before = counter.count;
      build();
      if (counter.count != before)
        ++opsChecked;
    };
    for (RuntimeVerifiableOpInterface op : ops)
      check(op, [&] {
        op.generateRuntimeVerification(builder, op.getLoc(),
                                       formatCheckMessage);
      });
    for (memref::ViewOp view : views)
      check(view, [&] { buildViewCheck(builder, view); });
    for (memref::SubViewOp subview : subviews)
      check(subview, [&] { buildSubViewCheck(builder, subview); });
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
