//===- BuiltinMaterialization.cpp - DMA or builtin dispatch per transfer --===//
//
// The patterns of --stream-lite-materialize-builtins, one per transfer op:
// the op stays a DMA op (the transfer planner proved one memcpy/memset is
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

BuiltinMaterialization::BuiltinMaterialization(
    ModuleOp module, BuiltinKernelOptions kernelOptions, bool deferExecutables)
    : module(module), kernelOptions(kernelOptions),
      deferExecutables(deferExecutables) {
  if (!deferExecutables)
    builtins.emplace(module);
}

void BuiltinMaterialization::createExecutables(
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

bool BuiltinMaterialization::emitsRemarks(MLIRContext *context) {
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

void BuiltinMaterialization::merge(const BuiltinMaterialization &other) {
  anyFailed |= other.anyFailed;
  counts.dmaKept += other.counts.dmaKept;
  counts.encodesFolded += other.counts.encodesFolded;
  for (unsigned kind = 0; kind < std::size(counts.dispatches); ++kind) {
    counts.dispatches[kind] += other.counts.dispatches[kind];
    counts.executables[kind] += other.counts.executables[kind];
  }
}

LogicalResult BuiltinMaterialization::plan(
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
BuiltinMaterialization::getBuiltinEntry(RewriterBase &rewriter, Operation *op,
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

void BuiltinMaterialization::replaceWithDispatch(
    RewriterBase &rewriter, Operation *op, BuiltinKind kind,
    ArrayRef<RankedTensorType> types, ValueRange resources,
    ValueRange resourceSizes, ValueRange resourceDims, ValueRange scalars,
    RankedTensorType resultType, ValueRange resultDims, Value resultSize,
    std::optional<int64_t> tiedOperand) {
  SymbolRefAttr entry = getBuiltinEntry(rewriter, op, kind, types);
  ++counts.dispatches[static_cast<unsigned>(kind)];

  auto typeAttr = [&](Type type) {
    TypeAttr &attr = typeAttrs[type];
    if (!attr)
      attr = TypeAttr::get(type);
    return attr;
  };
  SmallVector<Value> operands(resources.begin(), resources.end());
  llvm::append_range(operands, scalars);
  SmallVector<Attribute> operandEncodings;
  operandEncodings.reserve(operands.size());
  for (auto [index, value] : llvm::enumerate(operands)) {
    if (index < resources.size())
      operandEncodings.push_back(typeAttr(types[index]));
    else
      operandEncodings.push_back(typeAttr(value.getType()));
  }
  ArrayAttr tied;
  if (tiedOperand)
    tied = rewriter.getI64ArrayAttr({*tiedOperand});
  auto dispatch = TensorDispatchOp::create(
      rewriter, op->getLoc(), TypeRange{op->getResult(0).getType()},
      /*workload=*/ValueRange{}, rewriter.getArrayAttr({entry}), operands,
      resourceSizes, rewriter.getArrayAttr(operandEncodings), resourceDims,
      ValueRange{resultSize},
      rewriter.getArrayAttr({typeAttr(resultType)}), resultDims, tied,
      cast<AffinityOpInterface>(op).getAffinityAttr());
  rewriter.replaceOp(op, dispatch.getResults());
}

namespace {

SmallVector<Value> concat(ValueRange a, ValueRange b, ValueRange c = {}) {
  SmallVector<Value> result(a.begin(), a.end());
  llvm::append_range(result, b);
  llvm::append_range(result, c);
  return result;
}

template <typename OpTy>
struct MaterializationPattern : OpRewritePattern<OpTy> {
  MaterializationPattern(MLIRContext *ctx, BuiltinMaterialization &state)
      : OpRewritePattern<OpTy>(ctx), state(state) {}

  BuiltinMaterialization &state;
};

/// A transfer op's pattern: it plans its op itself, so that a remark can
/// have the plan made again with explanations.
template <typename OpTy>
struct TransferMaterialization : MaterializationPattern<OpTy> {
  using MaterializationPattern<OpTy>::MaterializationPattern;
  using MaterializationPattern<OpTy>::state;

  /// Plans `op` with `planner`: each pattern its own op's planner entry.
  virtual TransferPlan planWith(OpTy op, TransferPlanner &planner) const = 0;

  /// `op` planned without DMA explanations.
  TransferPlan planOp(OpTy op) const {
    TransferPlanner planner = state.planner();
    return planWith(op, planner);
  }

  /// Reports `plan` for `op` (BuiltinMaterialization::plan), which plans
  /// again with explanations if a remark needs them.
  LogicalResult report(OpTy op, TransferPlan &plan) const {
    return state.plan(op, plan, [&](TransferPlanner &planner) {
      return planWith(op, planner);
    });
  }

  /// Plans and reports `op`; success when it must become a dispatch.
  LogicalResult needsDispatch(OpTy op, TransferPlan plan,
                              PatternRewriter &rewriter) const {
    if (failed(report(op, plan)))
      return rewriter.notifyMatchFailure(op, "the transfer cannot be planned");
    if (plan.kind != TransferPlan::Kind::Dispatch)
      return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
        diag << "DMA";
        if (!plan.explanation.empty())
          diag << ": " << plan.explanation;
      });
    return success();
  }
};

struct CloneMaterialization : TransferMaterialization<TensorCloneOp> {
  using TransferMaterialization::TransferMaterialization;
  TransferPlan planWith(TensorCloneOp op,
                        TransferPlanner &planner) const override {
    return planner.planClone(op);
  }
  LogicalResult matchAndRewrite(TensorCloneOp op,
                                PatternRewriter &rewriter) const override {
    // A clone is always one copy of the whole storage; it is planned for
    // its remark (and for the error on bytes without a single layout).
    (void)needsDispatch(op, planOp(op), rewriter);
    return failure();
  }
};

struct EncodeMaterialization : TransferMaterialization<TensorEncodeOp> {
  using TransferMaterialization::TransferMaterialization;
  TransferPlan planWith(TensorEncodeOp op,
                        TransferPlanner &planner) const override {
    return planner.planEncode(op);
  }
  LogicalResult matchAndRewrite(TensorEncodeOp op,
                                PatternRewriter &rewriter) const override {
    // Equal types move no byte, whatever the encoding (even one the planner
    // cannot read): the encode folds to its source.
    if (op.getSourceEncoding() == op.getResultEncoding()) {
      TransferPlan plan;
      plan.kind = TransferPlan::Kind::FoldToClone;
      plan.explanation = "folds away: the source and result types are equal";
      (void)report(op, plan);
      if (op.getSource().getType() == op.getResult().getType())
        rewriter.replaceOp(op, op.getSource());
      else
        replaceEncodeWithClone(rewriter, op);
      return success();
    }
    TransferPlan plan = planOp(op);
    if (!plan.isError && plan.kind == TransferPlan::Kind::FoldToClone) {
      (void)report(op, plan);
      replaceEncodeWithClone(rewriter, op);
      return success();
    }
    if (failed(needsDispatch(op, std::move(plan), rewriter)))
      return failure();
    auto source = cast<RankedTensorType>(op.getSourceEncoding());
    auto result = cast<RankedTensorType>(op.getResultEncoding());
    state.replaceWithDispatch(
        rewriter, op, BuiltinKind::Encode, {source, result},
        ValueRange{op.getSource()}, ValueRange{op.getSourceSize()},
        op.getSourceEncodingDims(),
        concat(op.getSourceEncodingDims(), op.getResultEncodingDims()), result,
        op.getResultEncodingDims(), op.getResultSize(), std::nullopt);
    return success();
  }
};

struct SliceMaterialization : TransferMaterialization<TensorSliceOp> {
  using TransferMaterialization::TransferMaterialization;
  TransferPlan planWith(TensorSliceOp op,
                        TransferPlanner &planner) const override {
    return planner.planSlice(op);
  }
  LogicalResult matchAndRewrite(TensorSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(needsDispatch(op, planOp(op), rewriter)))
      return failure();
    auto source = cast<RankedTensorType>(op.getSourceEncoding());
    auto result = cast<RankedTensorType>(op.getResultEncoding());
    state.replaceWithDispatch(
        rewriter, op, BuiltinKind::Slice, {source, result},
        ValueRange{op.getSource()}, ValueRange{op.getSourceSize()},
        op.getSourceEncodingDims(),
        concat(op.getSourceEncodingDims(), op.getStartIndices(),
               op.getResultEncodingDims()),
        result, op.getResultEncodingDims(), op.getResultSize(), std::nullopt);
    return success();
  }
};

struct UpdateMaterialization : TransferMaterialization<TensorUpdateOp> {
  using TransferMaterialization::TransferMaterialization;
  TransferPlan planWith(TensorUpdateOp op,
                        TransferPlanner &planner) const override {
    return planner.planUpdate(op);
  }
  LogicalResult matchAndRewrite(TensorUpdateOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(needsDispatch(op, planOp(op), rewriter)))
      return failure();
    auto target = cast<RankedTensorType>(op.getTargetEncoding());
    auto update = cast<RankedTensorType>(op.getUpdateEncoding());
    state.replaceWithDispatch(
        rewriter, op, BuiltinKind::Update, {target, update},
        ValueRange{op.getTarget(), op.getUpdate()},
        ValueRange{op.getTargetSize(), op.getUpdateSize()},
        concat(op.getTargetEncodingDims(), op.getUpdateEncodingDims()),
        concat(op.getTargetEncodingDims(), op.getUpdateEncodingDims(),
               op.getStartIndices()),
        target, op.getTargetEncodingDims(), op.getTargetSize(),
        /*tiedOperand=*/0);
    return success();
  }
};

struct FillMaterialization : TransferMaterialization<TensorFillOp> {
  using TransferMaterialization::TransferMaterialization;
  TransferPlan planWith(TensorFillOp op,
                        TransferPlanner &planner) const override {
    return planner.planFill(op, getNativeFillBits(op, state.getSymbols()));
  }
  LogicalResult matchAndRewrite(TensorFillOp op,
                                PatternRewriter &rewriter) const override {
    TransferPlan plan = planOp(op);
    if (failed(needsDispatch(op, std::move(plan), rewriter)))
      return failure();
    auto target = cast<RankedTensorType>(op.getTargetEncoding());
    SmallVector<Value> scalars = concat(
        op.getTargetEncodingDims(), op.getStartIndices(), op.getLengths());
    scalars.push_back(op.getValue());
    state.replaceWithDispatch(rewriter, op, BuiltinKind::Fill, {target},
                              ValueRange{op.getTarget()},
                              ValueRange{op.getTargetSize()},
                              op.getTargetEncodingDims(), scalars, target,
                              op.getTargetEncodingDims(), op.getTargetSize(),
                              /*tiedOperand=*/0);
    return success();
  }
};

struct SplatMaterialization : TransferMaterialization<TensorSplatOp> {
  using TransferMaterialization::TransferMaterialization;
  TransferPlan planWith(TensorSplatOp op,
                        TransferPlanner &planner) const override {
    return planner.planSplat(op, getNativeFillBits(op, state.getSymbols()));
  }
  LogicalResult matchAndRewrite(TensorSplatOp op,
                                PatternRewriter &rewriter) const override {
    TransferPlan plan = planOp(op);
    if (failed(needsDispatch(op, std::move(plan), rewriter)))
      return failure();
    auto result = cast<RankedTensorType>(op.getResultEncoding());
    SmallVector<Value> scalars(op.getResultEncodingDims());
    scalars.push_back(op.getValue());
    state.replaceWithDispatch(rewriter, op, BuiltinKind::Splat, {result},
                              ValueRange{}, ValueRange{}, ValueRange{},
                              scalars, result, op.getResultEncodingDims(),
                              op.getResultSize(), std::nullopt);
    return success();
  }
};

/// Constants whose byte image would grow with a shape or tile rather than
/// with their value (hasBoundedByteImage): a splat becomes a splat op; any
/// other value becomes a constant in the identity layout, encoded into the
/// layout. The new ops are materialized here (the driver does not visit the
/// ops a pattern inserts).
struct ConstantMaterialization : MaterializationPattern<TensorConstantOp> {
  ConstantMaterialization(MLIRContext *ctx, BuiltinMaterialization &state)
      : MaterializationPattern(ctx, state), splats(ctx, state),
        encodes(ctx, state) {}

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
      (void)splats.matchAndRewrite(splat, rewriter);
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
    (void)encodes.matchAndRewrite(encode, rewriter);
    return success();
  }

  SplatMaterialization splats;
  EncodeMaterialization encodes;
};

} // namespace

void populateMaterializeBuiltinsPatterns(RewritePatternSet &patterns,
                                         BuiltinMaterialization &state) {
  patterns.add<CloneMaterialization, EncodeMaterialization,
               SliceMaterialization, UpdateMaterialization,
               FillMaterialization, SplatMaterialization,
               ConstantMaterialization>(
      patterns.getContext(), state);
}

} // namespace layoutopt::stream_lite
