//===- MaterializeBuiltinsPatterns.cpp - DMA or dispatch per transfer -----===//
//
// The patterns of --stream-lite-materialize-builtins, one for every transfer
// op (TransferOpInterface): the op stays a DMA op (the transfer planner proved one memcpy/memset is
// its meaning), folds (an encode between physically equal layouts becomes a
// clone), or becomes a dispatch to a generated `@__builtin_*` executable.
// Each decision is an MLIR remark.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/TransferPlanner.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/BuiltinKernels.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Remarks.h"

using namespace mlir;

namespace layoutopt::stream_lite {

static constexpr llvm::StringLiteral kRemarkCategory =
    "stream-lite-materialize-builtins";

MaterializeBuiltinsState::MaterializeBuiltinsState(
    ModuleOp module, BuiltinKernelOptions kernelOptions, bool deferExecutables)
    : module(module), kernelOptions(kernelOptions),
      deferExecutables(deferExecutables) {
  if (!deferExecutables)
    builtins.emplace(module);
}

void MaterializeBuiltinsState::createExecutables(
    ArrayRef<PendingExecutable> executables, Operation *anchor) {
  OpBuilder builder(anchor);
  for (const PendingExecutable &executable : executables) {
    if (builtins->lookup(executable.name))
      continue;
    builtins->insert(buildBuiltinExecutable(builder, executable.loc,
                                            executable.name, executable.kind,
                                            executable.types, kernelOptions));
    ++counts.executables[static_cast<unsigned>(executable.kind)];
  }
}

bool MaterializeBuiltinsState::emitsRemarks(MLIRContext *context) {
  if (!context->getRemarkEngine())
    return false;
  auto opts = remark::RemarkOpts::name("probe").category(kRemarkCategory);
  Location loc = UnknownLoc::get(context);
  auto enabled = [](remark::detail::InFlightRemark probe) {
    bool letThrough = static_cast<bool>(probe);
    // Dropped unreported: a remark is reported when the InFlightRemark
    // holding it is destroyed, and this one no longer holds it.
    probe = remark::detail::InFlightRemark();
    return letThrough;
  };
  return enabled(remark::passed(loc, opts)) ||
         enabled(remark::missed(loc, opts));
}

void MaterializeBuiltinsState::merge(const MaterializeBuiltinsState &other) {
  anyFailed |= other.anyFailed;
  counts.dmaKept += other.counts.dmaKept;
  counts.encodesFolded += other.counts.encodesFolded;
  for (unsigned kind = 0; kind < std::size(counts.dispatches); ++kind) {
    counts.dispatches[kind] += other.counts.dispatches[kind];
    counts.executables[kind] += other.counts.executables[kind];
  }
}

LogicalResult MaterializeBuiltinsState::plan(
    Operation *op, TransferPlan &result,
    llvm::function_ref<TransferPlan(TransferPlanner &)> replan) {
  if (result.isError) {
    op->emitOpError() << result.explanation;
    anyFailed = true;
    return failure();
  }
  StringRef function;
  if (auto func = op->getParentOfType<func::FuncOp>())
    function = func.getSymName();
  auto opts = remark::RemarkOpts::name(op->getName().getStringRef())
                  .category(kRemarkCategory)
                  .function(function);
  remark::detail::InFlightRemark report =
      result.kind == TransferPlan::Kind::Dispatch
          ? remark::missed(op->getLoc(), opts)
          : remark::passed(op->getLoc(), opts);
  if (report) {
    // DMA plans are made without their explanation, text that only this
    // remark reads (and the context may have an engine whose filters let
    // no remark through): this one is planned again with it.
    if (result.explanation.empty() && replan) {
      TransferPlanner explaining(/*explainDMA=*/true, &fillPlans);
      result.explanation = replan(explaining).explanation;
    }
    report << result.explanation;
  }
  if (result.kind == TransferPlan::Kind::FoldToClone)
    ++counts.encodesFolded;
  else if (result.kind != TransferPlan::Kind::Dispatch)
    ++counts.dmaKept;
  return success();
}

SymbolRefAttr
MaterializeBuiltinsState::getBuiltinEntry(RewriterBase &rewriter, Operation *op,
                                        BuiltinKind kind,
                                        ArrayRef<RankedTensorType> types) {
  std::tuple<unsigned, Type, Type, Type> key{static_cast<unsigned>(kind),
                                             Type(), Type(), Type()};
  bool cacheable = types.size() <= 3;
  SymbolRefAttr entry;
  if (cacheable) {
    Type *slots[] = {&std::get<1>(key), &std::get<2>(key), &std::get<3>(key)};
    for (auto [index, type] : llvm::enumerate(types))
      *slots[index] = type;
    entry = entries.lookup(key);
  }
  if (!entry) {
    std::string name = getBuiltinName(kind, types);
    if (!deferExecutables && !builtins->lookup(name)) {
      OpBuilder::InsertionGuard guard(rewriter);
      // Place the executable before the top-level op that first needs it.
      Operation *anchor = op;
      while (anchor->getParentOp() != module.getOperation())
        anchor = anchor->getParentOp();
      rewriter.setInsertionPoint(anchor);
      builtins->insert(buildBuiltinExecutable(rewriter, op->getLoc(), name,
                                              kind, types, kernelOptions));
      ++counts.executables[static_cast<unsigned>(kind)];
    }
    MLIRContext *ctx = op->getContext();
    entry = SymbolRefAttr::get(StringAttr::get(ctx, name),
                               {FlatSymbolRefAttr::get(ctx, name)});
    if (cacheable)
      entries.try_emplace(key, entry);
  }
  // Named once per batch (between takePendingExecutables calls), whatever
  // an earlier batch of this state named: states move between threads, so
  // a state may get a later function before an earlier one, and each
  // function's batch must hold everything it needs.
  if (deferExecutables && pendingEntries.insert(entry).second)
    pending.push_back({entry.getRootReference().str(), kind,
                       SmallVector<RankedTensorType, 3>(types.begin(),
                                                        types.end()),
                       op->getLoc()});
  return entry;
}

void MaterializeBuiltinsState::replaceWithDispatch(
    RewriterBase &rewriter, Operation *op, const BuiltinSignature &signature) {
  SymbolRefAttr entry =
      getBuiltinEntry(rewriter, op, signature.kind, signature.types);
  ++counts.dispatches[static_cast<unsigned>(signature.kind)];

  auto typeAttr = [&](Type type) {
    TypeAttr &attr = typeAttrs[type];
    if (!attr)
      attr = TypeAttr::get(type);
    return attr;
  };
  SmallVector<Value> operands(signature.resources.begin(),
                              signature.resources.end());
  llvm::append_range(operands, signature.scalars);
  SmallVector<Attribute> operandEncodings;
  operandEncodings.reserve(operands.size());
  for (auto [index, value] : llvm::enumerate(operands)) {
    if (index < signature.resources.size())
      operandEncodings.push_back(typeAttr(signature.types[index]));
    else
      operandEncodings.push_back(typeAttr(value.getType()));
  }
  ArrayAttr tied;
  if (signature.tiedOperand)
    tied = rewriter.getI64ArrayAttr({*signature.tiedOperand});
  auto dispatch = TensorDispatchOp::create(
      rewriter, op->getLoc(), TypeRange{op->getResult(0).getType()},
      /*workload=*/ValueRange{}, rewriter.getArrayAttr({entry}), operands,
      signature.resourceSizes, rewriter.getArrayAttr(operandEncodings),
      signature.resourceDims, ValueRange{signature.resultSize},
      rewriter.getArrayAttr({typeAttr(signature.resultType)}),
      signature.resultDims, tied,
      cast<AffinityOpInterface>(op).getAffinityAttr());
  rewriter.replaceOp(op, dispatch.getResults());
}

namespace {

/// Every transfer op: plans it through TransferOpInterface, reports the
/// decision (MaterializeBuiltinsState::plan), and rewrites it unless it is
/// DMA: a relayout that folds becomes a clone (or its source), anything
/// else that is not DMA a dispatch of its builtin signature. A DMA op is
/// left as it is: the pattern then only reports, and fails to match.
struct TransferMaterialization
    : OpInterfaceRewritePattern<TransferOpInterface> {
  TransferMaterialization(MLIRContext *ctx, MaterializeBuiltinsState &state)
      : OpInterfaceRewritePattern<TransferOpInterface>(ctx), state(state) {}

  /// `op` planned by `planner`.
  TransferPlan planWith(TransferOpInterface op,
                        TransferPlanner &planner) const {
    return planner.plan(op, state.getSymbols());
  }

  /// Reports `plan` for `op` (MaterializeBuiltinsState::plan), which plans
  /// again with explanations if a remark needs them.
  LogicalResult report(TransferOpInterface op, TransferPlan &plan) const {
    return state.plan(op, plan, [&](TransferPlanner &planner) {
      return planWith(op, planner);
    });
  }

  LogicalResult matchAndRewrite(TransferOpInterface op,
                                PatternRewriter &rewriter) const override {
    std::optional<TransferTensor> source = op.getTransferSource();
    TransferTensor target = op.getTransferTarget();
    // Equal types move no byte, whatever the encoding (even one the planner
    // cannot read): a relayout between them folds to its source.
    if (op.getTransferMode() == TransferMode::Relayout &&
        source->getType() == target.getType()) {
      TransferPlan plan;
      plan.kind = TransferPlan::Kind::FoldToClone;
      plan.explanation = "folds away: the source and result types are equal";
      (void)report(op, plan);
      if (source->resource.getType() == target.resource.getType())
        rewriter.replaceOp(op, source->resource);
      else
        op.replaceWithClone(rewriter);
      return success();
    }
    TransferPlan plan =
        state.planner().plan(op, source, target, state.getSymbols());
    if (failed(report(op, plan)))
      return rewriter.notifyMatchFailure(op, "the transfer cannot be planned");
    if (plan.kind == TransferPlan::Kind::FoldToClone) {
      op.replaceWithClone(rewriter);
      return success();
    }
    if (plan.kind != TransferPlan::Kind::Dispatch)
      return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
        diag << "DMA";
        if (!plan.explanation.empty())
          diag << ": " << plan.explanation;
      });
    std::optional<BuiltinSignature> signature = op.getBuiltinSignature();
    if (!signature)
      return rewriter.notifyMatchFailure(op, "the op has no builtin kernel");
    state.replaceWithDispatch(rewriter, op, *signature);
    return success();
  }

  MaterializeBuiltinsState &state;
};

/// Constants whose byte image would grow with a shape or tile rather than
/// with their value (hasBoundedByteImage): a splat becomes a splat op; any
/// other value becomes a constant in the identity layout, encoded into the
/// layout. The new ops are materialized here (the driver does not visit the
/// ops a pattern inserts).
struct ConstantMaterialization : OpRewritePattern<TensorConstantOp> {
  ConstantMaterialization(MLIRContext *ctx, MaterializeBuiltinsState &state)
      : OpRewritePattern(ctx), transfers(ctx, state) {}

  LogicalResult matchAndRewrite(TensorConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getResultEncoding());
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
    // Anything else is diagnosed by encode-host-tensors.
    if (!value || !layout || !type.hasStaticShape() ||
        value.getType().getShape() != type.getShape() ||
        value.getElementType() != type.getElementType() ||
        !type.getElementType().isIntOrFloat() ||
        hasBoundedByteImage(type, value))
      return failure();
    Location loc = op.getLoc();
    AffinityAttr affinity = op.getAffinityAttr();
    Type index = rewriter.getIndexType();
    if (value.isSplat()) {
      Value scalar = arith::ConstantOp::create(
          rewriter, loc, cast<TypedAttr>(value.getSplatValue<Attribute>()));
      Value size = TensorSizeOfOp::create(rewriter, loc, index, type,
                                          ValueRange(), affinity);
      auto splat = TensorSplatOp::create(rewriter, loc, op.getType(), scalar,
                                         type, ValueRange(), size, affinity);
      rewriter.replaceOp(op, splat.getResult());
      rewriter.setInsertionPoint(splat);
      (void)transfers.matchAndRewrite(
          cast<TransferOpInterface>(splat.getOperation()), rewriter);
      return success();
    }
    auto dense = RankedTensorType::get(type.getShape(), type.getElementType());
    Value denseSize = TensorSizeOfOp::create(rewriter, loc, index, dense,
                                             ValueRange(), affinity);
    auto constant = TensorConstantOp::create(rewriter, loc, op.getType(), value,
                                             dense, ValueRange(), affinity);
    Value size = TensorSizeOfOp::create(rewriter, loc, index, type,
                                        ValueRange(), affinity);
    auto encode = TensorEncodeOp::create(
        rewriter, loc, op.getType(), constant.getResult(), dense, ValueRange(),
        denseSize, type, ValueRange(), size, affinity);
    rewriter.replaceOp(op, encode.getResult());
    rewriter.setInsertionPoint(encode);
    (void)transfers.matchAndRewrite(
        cast<TransferOpInterface>(encode.getOperation()), rewriter);
    return success();
  }

  TransferMaterialization transfers;
};

} // namespace

void populateMaterializeBuiltinsPatterns(RewritePatternSet &patterns,
                                         MaterializeBuiltinsState &state) {
  patterns.add<TransferMaterialization, ConstantMaterialization>(
      patterns.getContext(), state);
}

} // namespace layoutopt::stream_lite
