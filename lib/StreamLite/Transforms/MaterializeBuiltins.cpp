//===- MaterializeBuiltins.cpp - DMA or builtin dispatch per transfer -----===//
//
// --stream-lite-materialize-builtins: every clone, encode, slice, update,
// fill and splat either stays a DMA op (the transfer planner proved one
// memcpy/memset is its meaning), folds (encode between physically equal
// layouts becomes a clone), or becomes a dispatch to a generated
// `@__builtin_*` executable. Each decision is an MLIR remark.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/TransferPlanner.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/BuiltinKernels.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "stream-lite-materialize-builtins"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_MATERIALIZEBUILTINSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

static constexpr llvm::StringLiteral kRemarkCategory =
    "stream-lite-materialize-builtins";


static void report(Operation *op, const TransferPlan &plan) {
  StringRef function;
  if (auto func = op->getParentOfType<func::FuncOp>())
    function = func.getSymName();
  auto opts = remark::RemarkOpts::name(op->getName().getStringRef())
                  .category(kRemarkCategory)
                  .function(function);
  if (plan.kind == TransferPlan::Kind::Dispatch)
    remark::missed(op->getLoc(), opts) << plan.explanation;
  else
    remark::passed(op->getLoc(), opts) << plan.explanation;
}

namespace {
/// Builds dispatches to builtin executables, one executable per name.
class BuiltinMaterializer {
public:
  explicit BuiltinMaterializer(ModuleOp module) : module(module), symbols(module) {}

  /// Replaces `op` (whose result is `result`) by a dispatch of builtin
  /// `kind` over `types`, with the given operands (ABI of BuiltinKernels.h).
  void replaceWithDispatch(Operation *op, BuiltinKind kind,
                           ArrayRef<RankedTensorType> types,
                           ValueRange resources, ValueRange resourceSizes,
                           ValueRange resourceDims, ValueRange scalars,
                           RankedTensorType resultType, ValueRange resultDims,
                           Value resultSize, std::optional<int64_t> tiedOperand) {
    std::string name = getBuiltinName(kind, types);
    if (!symbols.lookup(name)) {
      OpBuilder builder(module.getContext());
      // Place the executable before the top-level op that first needs it.
      Operation *anchor = op;
      while (anchor->getParentOp() != module.getOperation())
        anchor = anchor->getParentOp();
      builder.setInsertionPoint(anchor);
      ExecutableOp executable = buildBuiltinExecutable(
          builder, op->getLoc(), name, kind, types);
      symbols.insert(executable);
    }

    MLIRContext *ctx = op->getContext();
    SmallVector<Value> operands(resources.begin(), resources.end());
    llvm::append_range(operands, scalars);
    SmallVector<Attribute> operandEncodings;
    for (auto [index, value] : llvm::enumerate(operands)) {
      if (index < resources.size())
        operandEncodings.push_back(TypeAttr::get(types[index]));
      else
        operandEncodings.push_back(TypeAttr::get(value.getType()));
    }
    auto entry = SymbolRefAttr::get(
        StringAttr::get(ctx, name), {FlatSymbolRefAttr::get(ctx, name)});
    OpBuilder builder(op);
    auto affinityOp = cast<AffinityOpInterface>(op);
    ArrayAttr tied;
    if (tiedOperand)
      tied = builder.getI64ArrayAttr({*tiedOperand});
    auto dispatch = TensorDispatchOp::create(
        builder, op->getLoc(), TypeRange{op->getResult(0).getType()},
        /*workload=*/ValueRange{}, builder.getArrayAttr({entry}), operands,
        resourceSizes, builder.getArrayAttr(operandEncodings), resourceDims,
        ValueRange{resultSize},
        builder.getArrayAttr({TypeAttr::get(resultType)}), resultDims, tied,
        affinityOp.getAffinityAttr());
    op->getResult(0).replaceAllUsesWith(dispatch.getResult(0));
    op->erase();
  }

private:
  ModuleOp module;
  SymbolTable symbols;
};
} // namespace

static SmallVector<Value> concat(ValueRange a, ValueRange b,
                                 ValueRange c = {}) {
  SmallVector<Value> result(a.begin(), a.end());
  llvm::append_range(result, b);
  llvm::append_range(result, c);
  return result;
}

namespace {
struct MaterializeBuiltinsPass
    : public layoutopt::stream_lite::impl::MaterializeBuiltinsPassBase<
          MaterializeBuiltinsPass> {
  using MaterializeBuiltinsPassBase::MaterializeBuiltinsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    TransferPlanner planner;
    BuiltinMaterializer materializer(module);

    // Plan everything first, then rewrite: rewriting inserts executables.
    std::vector<std::pair<Operation *, TransferPlan>> plans;
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (isa<ExecutableOp>(op))
        return WalkResult::skip();
      std::optional<TransferPlan> plan =
          TypeSwitch<Operation *, std::optional<TransferPlan>>(op)
              .Case([&](TensorCloneOp clone) { return planner.planClone(clone); })
              .Case([&](TensorEncodeOp encode) { return planner.planEncode(encode); })
              .Case([&](TensorSliceOp slice) { return planner.planSlice(slice); })
              .Case([&](TensorUpdateOp update) { return planner.planUpdate(update); })
              .Case([&](TensorFillOp fill) {
                return planner.planFill(fill, getNativeFillBits(op, symbols));
              })
              .Case([&](TensorSplatOp splat) {
                return planner.planSplat(splat, getNativeFillBits(op, symbols));
              })
              .Default([](Operation *) { return std::nullopt; });
      if (!plan)
        return WalkResult::advance();
      if (plan->isError) {
        op->emitOpError() << plan->explanation;
        failedAny = true;
        return WalkResult::advance();
      }
      report(op, *plan);
      plans.emplace_back(op, std::move(*plan));
      return WalkResult::advance();
    });
    if (failedAny)
      return signalPassFailure();

    for (auto &[op, plan] : plans) {
      if (plan.kind == TransferPlan::Kind::FoldToClone) {
        IRRewriter rewriter(op->getContext());
        rewriter.setInsertionPoint(op);
        replaceEncodeWithClone(rewriter, cast<TensorEncodeOp>(op));
        continue;
      }
      if (plan.kind != TransferPlan::Kind::Dispatch)
        continue;
      TypeSwitch<Operation *>(op)
          .Case([&](TensorEncodeOp encode) {
            auto source = cast<RankedTensorType>(encode.getSourceEncoding());
            auto result = cast<RankedTensorType>(encode.getResultEncoding());
            materializer.replaceWithDispatch(
                op, BuiltinKind::Encode, {source, result},
                ValueRange{encode.getSource()}, ValueRange{encode.getSourceSize()}, encode.getSourceEncodingDims(),
                concat(encode.getSourceEncodingDims(),
                       encode.getResultEncodingDims()),
                result, encode.getResultEncodingDims(), encode.getResultSize(),
                std::nullopt);
          })
          .Case([&](TensorSliceOp slice) {
            auto source = cast<RankedTensorType>(slice.getSourceEncoding());
            auto result = cast<RankedTensorType>(slice.getResultEncoding());
            materializer.replaceWithDispatch(
                op, BuiltinKind::Slice, {source, result},
                ValueRange{slice.getSource()}, ValueRange{slice.getSourceSize()}, slice.getSourceEncodingDims(),
                concat(slice.getSourceEncodingDims(), slice.getStartIndices(),
                       slice.getResultEncodingDims()),
                result, slice.getResultEncodingDims(), slice.getResultSize(),
                std::nullopt);
          })
          .Case([&](TensorUpdateOp update) {
            auto target = cast<RankedTensorType>(update.getTargetEncoding());
            auto updateType = cast<RankedTensorType>(update.getUpdateEncoding());
            materializer.replaceWithDispatch(
                op, BuiltinKind::Update, {target, updateType},
                ValueRange{update.getTarget(), update.getUpdate()},
                ValueRange{update.getTargetSize(), update.getUpdateSize()},
                concat(update.getTargetEncodingDims(),
                       update.getUpdateEncodingDims()),
                concat(update.getTargetEncodingDims(),
                       update.getUpdateEncodingDims(), update.getStartIndices()),
                target, update.getTargetEncodingDims(), update.getTargetSize(),
                /*tiedOperand=*/0);
          })
          .Case([&](TensorFillOp fill) {
            auto target = cast<RankedTensorType>(fill.getTargetEncoding());
            SmallVector<Value> scalars =
                concat(fill.getTargetEncodingDims(), fill.getStartIndices(),
                       fill.getLengths());
            scalars.push_back(fill.getValue());
            materializer.replaceWithDispatch(
                op, BuiltinKind::Fill, {target}, ValueRange{fill.getTarget()},
                ValueRange{fill.getTargetSize()}, fill.getTargetEncodingDims(), scalars,
                target, fill.getTargetEncodingDims(), fill.getTargetSize(),
                /*tiedOperand=*/0);
          })
          .Case([&](TensorSplatOp splat) {
            auto result = cast<RankedTensorType>(splat.getResultEncoding());
            SmallVector<Value> scalars(splat.getResultEncodingDims());
            scalars.push_back(splat.getValue());
            materializer.replaceWithDispatch(
                op, BuiltinKind::Splat, {result}, ValueRange{}, ValueRange{},
                ValueRange{}, scalars, result,
                splat.getResultEncodingDims(), splat.getResultSize(),
                std::nullopt);
          });
    }
  }
};
} // namespace
