//===- ReductionPatterns.cpp - stream_lite patterns for layout-reduce -----===//
//
// Patterns that make a stream-lite program smaller, for upstream's
// reduction tree (`-reduction-tree`), which applies them to subsets of the
// ops and keeps a variant only when the interestingness script still says
// it is interesting. A pattern may produce a program that fails the script
// (or the verifier); the tree then drops that variant.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Reducer/ReductionPatternInterface.h"
#include "mlir/Reducer/Tester.h"

using namespace mlir;

namespace layoutopt::stream_lite {
namespace {

/// Applies `rewrite` to `op` only when it keeps the program interesting:
/// first on a copy of the whole module, which `tester` judges. Upstream's
/// reduction tree applies every pattern to every op of its root variant and
/// cannot recover when that variant stops being interesting, so each
/// rewrite is checked here.
LogicalResult
rewriteIfInteresting(Operation *op, PatternRewriter &rewriter,
                     const Tester &tester,
                     function_ref<LogicalResult(Operation *, RewriterBase &)>
                         rewrite) {
  Operation *top = op;
  while (top->getParentOp())
    top = top->getParentOp();
  auto module = dyn_cast<ModuleOp>(top);
  if (!module)
    return failure();
  IRMapping mapping;
  auto copy = cast<ModuleOp>(module->clone(mapping));
  IRRewriter copyRewriter(op->getContext());
  Operation *copiedOp = mapping.lookup(op);
  copyRewriter.setInsertionPoint(copiedOp);
  bool interesting =
      succeeded(rewrite(copiedOp, copyRewriter)) &&
      tester.isInteresting(copy).first == Tester::Interestingness::True;
  copy->erase();
  if (!interesting)
    return failure();
  return rewrite(op, rewriter);
}

/// Erases an op none of whose results is used (any dialect; not a symbol,
/// a terminator, or an op with regions).
struct EraseUnusedOp : RewritePattern {
  EraseUnusedOp(MLIRContext *ctx, const Tester &tester)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx),
        tester(tester) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() == 0 || !op->use_empty() ||
        op->getNumRegions() != 0 ||
        op->hasTrait<mlir::OpTrait::IsTerminator>() ||
        isa<SymbolOpInterface>(op))
      return failure();
    return rewriteIfInteresting(op, rewriter, tester,
                                [](Operation *op, RewriterBase &rewriter) {
                                  rewriter.eraseOp(op);
                                  return success();
                                });
  }
  const Tester &tester;
};

/// Replaces a resource a tensor-phase op creates or copies (not one it
/// writes in place) by a fresh `tensor.empty` of the same type, dims, size
/// and affinity; the op's operands may then become unused.
LogicalResult replaceWithEmpty(Operation *op, RewriterBase &rewriter) {
  auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op);
  if (!tensorOp || isa<TensorEmptyOp>(op) || op->getNumResults() != 1)
    return failure();
  for (const EncodedTensor &tensor : tensorOp.getEncodedTensors()) {
    if (tensor.role != TensorRole::Creates && tensor.role != TensorRole::Copies)
      continue;
    auto affinityOp = dyn_cast<AffinityOpInterface>(op);
    rewriter.setInsertionPoint(op);
    auto empty = TensorEmptyOp::create(
        rewriter, op->getLoc(), tensor.resource.getType(), tensor.type,
        tensor.dims, tensor.size,
        affinityOp ? affinityOp.getAffinityAttr() : AffinityAttr());
    rewriter.replaceOp(op, empty.getResult());
    return success();
  }
  return failure();
}

/// Drops the last target of a device that has several.
LogicalResult dropDeviceTarget(Operation *op, RewriterBase &rewriter) {
  auto device = dyn_cast<DeviceOp>(op);
  if (!device)
    return failure();
  ArrayRef<Attribute> targets = device.getTargets().getValue();
  if (targets.size() < 2)
    return failure();
  rewriter.modifyOpInPlace(device, [&] {
    device.setTargetsAttr(rewriter.getArrayAttr(targets.drop_back()));
  });
  return success();
}

/// Halves the first static dim larger than 1 of the op's tensor types (all
/// tensor types the op carries with that dim the same way, so that a
/// clone's source and result stay equal).
LogicalResult shrinkStaticDim(Operation *op, RewriterBase &rewriter) {
  auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op);
  if (!tensorOp)
    return failure();
  std::optional<std::pair<unsigned, int64_t>> shrink;
  for (const EncodedTensor &tensor : tensorOp.getEncodedTensors()) {
    for (auto [index, dim] : llvm::enumerate(tensor.getType().getShape()))
      if (!ShapedType::isDynamic(dim) && dim > 1) {
        shrink = {unsigned(index), dim};
        break;
      }
    if (shrink)
      break;
  }
  if (!shrink)
    return failure();
  auto shrunk = [&](Attribute attr) -> Attribute {
    auto typeAttr = dyn_cast<TypeAttr>(attr);
    auto type = typeAttr ? dyn_cast<RankedTensorType>(typeAttr.getValue())
                         : RankedTensorType();
    if (!type || type.getRank() <= shrink->first ||
        type.getDimSize(shrink->first) != shrink->second)
      return attr;
    SmallVector<int64_t> shape(type.getShape());
    shape[shrink->first] = shrink->second / 2;
    return TypeAttr::get(
        RankedTensorType::get(shape, type.getElementType(), type.getEncoding()));
  };
  // Inherent attributes one by one (setAttr routes them to the properties).
  SmallVector<NamedAttribute> changed;
  for (NamedAttribute attr : op->getAttrs()) {
    Attribute value = attr.getValue();
    if (auto array = dyn_cast<ArrayAttr>(value)) {
      SmallVector<Attribute> elements;
      for (Attribute element : array)
        elements.push_back(shrunk(element));
      value = rewriter.getArrayAttr(elements);
    } else {
      value = shrunk(value);
    }
    if (value != attr.getValue())
      changed.emplace_back(attr.getName(), value);
  }
  if (changed.empty())
    return failure();
  rewriter.modifyOpInPlace(op, [&] {
    for (NamedAttribute attr : changed)
      op->setAttr(attr.getName(), attr.getValue());
  });
  return success();
}

/// One checked rewrite as a pattern on every op.
struct CheckedRewrite : RewritePattern {
  using Rewrite = LogicalResult (*)(Operation *, RewriterBase &);
  CheckedRewrite(MLIRContext *ctx, const Tester &tester, Rewrite rewrite)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx),
        tester(tester), rewrite(rewrite) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    return rewriteIfInteresting(op, rewriter, tester, rewrite);
  }
  const Tester &tester;
  Rewrite rewrite;
};

struct StreamLiteReductionInterface : DialectReductionPatternInterface {
  StreamLiteReductionInterface(Dialect *dialect)
      : DialectReductionPatternInterface(dialect) {}
  void populateReductionPatterns(RewritePatternSet &patterns) const override {}
  void populateReductionPatternsWithTester(RewritePatternSet &patterns,
                                           Tester &tester) const override {
    populateStreamLiteReductionPatterns(patterns, tester);
  }
};

} // namespace

void populateStreamLiteReductionPatterns(RewritePatternSet &patterns,
                                         const Tester &tester) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<EraseUnusedOp>(ctx, tester);
  patterns.add<CheckedRewrite>(ctx, tester, replaceWithEmpty);
  patterns.add<CheckedRewrite>(ctx, tester, dropDeviceTarget);
  patterns.add<CheckedRewrite>(ctx, tester, shrinkStaticDim);
}

void registerStreamLiteReductionInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, StreamLiteDialect *dialect) {
    dialect->addInterfaces<StreamLiteReductionInterface>();
  });
}

} // namespace layoutopt::stream_lite
