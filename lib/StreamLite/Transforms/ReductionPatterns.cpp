//===- ReductionPatterns.cpp - stream_lite patterns for layout-reduce -----===//
//
// Upstream's reduction tree first erases ranges of ops (most of the
// shrinking), then applies every dialect pattern to every op of its root
// variant and aborts if that variant is no longer interesting. So each
// rewrite here is tried on a copy of the module and kept only when the
// interestingness script still likes it. The tree comes back to the same
// candidates at every node and in its final replay; the answers are cached
// by printed program so that each distinct candidate costs one script run.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/ReductionPatterns.h"

#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Reducer/ReductionPatternInterface.h"
#include "mlir/Reducer/Tester.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

using namespace mlir;

namespace layoutopt::stream_lite {
namespace {

/// The tester, asked once per distinct program text.
class CachedTester {
public:
  explicit CachedTester(const Tester &tester) : tester(tester) {}

  bool isInteresting(ModuleOp module) {
    // Invalid candidates are common (and not interesting); verify quietly
    // before printing, which an invalid module may not survive.
    {
      ScopedDiagnosticHandler quiet(module.getContext(),
                                    [](Diagnostic &) { return success(); });
      if (failed(verify(module)))
        return false;
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    module.print(os);
    auto [it, inserted] = answers.try_emplace(text, false);
    if (inserted)
      it->second =
          tester.isInteresting(module).first == Tester::Interestingness::True;
    return it->second;
  }

private:
  const Tester &tester;
  llvm::StringMap<bool> answers;
};

using Rewrite = LogicalResult (*)(Operation *, RewriterBase &);

/// One reduction as a pattern on every op: `rewrite` says whether it
/// applies (and applies it); the result is kept only when interesting.
class CheckedReduction : public RewritePattern {
public:
  CheckedReduction(MLIRContext *ctx, std::shared_ptr<CachedTester> tester,
                   Rewrite rewrite, StringRef name)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx),
        tester(std::move(tester)), rewrite(rewrite) {
    setDebugName(name);
  }

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Operation *top = op;
    while (top->getParentOp())
      top = top->getParentOp();
    auto module = dyn_cast<ModuleOp>(top);
    if (!module)
      return rewriter.notifyMatchFailure(op, "not inside a module");
    IRMapping mapping;
    OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone(mapping));
    IRRewriter copyRewriter(op->getContext());
    copyRewriter.setInsertionPoint(mapping.lookup(op));
    if (failed(rewrite(mapping.lookup(op), copyRewriter)))
      return rewriter.notifyMatchFailure(op, "the reduction does not apply");
    if (!tester->isInteresting(*copy))
      return rewriter.notifyMatchFailure(
          op, "the reduced program is not interesting");
    rewriter.setInsertionPoint(op);
    return rewrite(op, rewriter);
  }

private:
  std::shared_ptr<CachedTester> tester;
  Rewrite rewrite;
};

/// Erases an op none of whose results is used (any dialect; not a symbol,
/// a terminator or an op with regions, which phase one of the tree handles
/// as ranges).
LogicalResult eraseUnused(Operation *op, RewriterBase &rewriter) {
  if (op->getNumResults() == 0 || !op->use_empty() ||
      op->getNumRegions() != 0 || op->hasTrait<mlir::OpTrait::IsTerminator>() ||
      isa<SymbolOpInterface>(op))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

/// Replaces a used resource that a tensor-phase op produces by a fresh
/// `tensor.empty` with the same type, dims, size (a `tensor.sizeof` of the
/// type for an op without a size operand) and affinity, and erases
/// the op when nothing else uses it (one script run for both), so that
/// what only the op used can go too.
LogicalResult replaceWithEmpty(Operation *op, RewriterBase &rewriter) {
  auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op);
  if (!tensorOp || isa<TensorEmptyOp>(op))
    return failure();
  auto affinityOp = dyn_cast<AffinityOpInterface>(op);
  for (const EncodedTensor &tensor : tensorOp.getEncodedTensors()) {
    Value produced;
    switch (tensor.role) {
    case TensorRole::Creates:
    case TensorRole::Copies:
      produced = tensor.resource;
      break;
    case TensorRole::Writes:
      produced = tensor.result;
      break;
    default:
      continue;
    }
    if (!produced || produced.use_empty())
      continue;
    // Builds all operands before `op`: the size and dims dominate it.
    AffinityAttr affinity =
        affinityOp ? affinityOp.getAffinityAttr() : AffinityAttr();
    // A creator without a size operand (a constant) sizes its resource by
    // the type, so the empty takes the type's storage size.
    Value size = tensor.size;
    if (!size)
      size = TensorSizeOfOp::create(rewriter, op->getLoc(),
                                    rewriter.getIndexType(), tensor.type,
                                    tensor.dims, affinity);
    auto empty =
        TensorEmptyOp::create(rewriter, op->getLoc(), produced.getType(),
                              tensor.type, tensor.dims, size, affinity);
    rewriter.replaceAllUsesWith(produced, empty.getResult());
    if (op->use_empty())
      rewriter.eraseOp(op);
    return success();
  }
  return failure();
}

/// Lets the users of what a write (fill, update), a copy (clone) or a
/// transfer produces read the resource it started from instead: the only
/// way to shorten a chain whose end (an export) must stay.
LogicalResult forwardSource(Operation *op, RewriterBase &rewriter) {
  Value produced, source;
  if (auto transfer = dyn_cast<AsyncTransferOp>(op)) {
    produced = transfer.getResult();
    source = transfer.getSource();
  } else if (auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op)) {
    for (const EncodedTensor &tensor : tensorOp.getEncodedTensors()) {
      if (tensor.role == TensorRole::Writes)
        std::tie(produced, source) = std::pair(tensor.result, tensor.resource);
      else if (tensor.role == TensorRole::Copies)
        std::tie(produced, source) = std::pair(tensor.resource, tensor.source);
      else
        continue;
      break;
    }
  }
  if (!produced || !source || produced.use_empty() ||
      produced.getType() != source.getType())
    return failure();
  rewriter.replaceAllUsesWith(produced, source);
  if (op->use_empty())
    rewriter.eraseOp(op);
  return success();
}

/// Drops the last target of a device that has several.
LogicalResult dropDeviceTarget(Operation *op, RewriterBase &rewriter) {
  auto device = dyn_cast<DeviceOp>(op);
  if (!device || device.getTargets().size() < 2)
    return failure();
  ArrayRef<Attribute> targets = device.getTargets().getValue();
  rewriter.modifyOpInPlace(device, [&] {
    device.setTargetsAttr(rewriter.getArrayAttr(targets.drop_back()));
  });
  return success();
}

/// Halves the largest static dim (> 1) of the op's tensor types in every
/// ranked tensor type of the enclosing function, signature included: one
/// op alone would disagree with its neighbours about sizes.
LogicalResult shrinkStaticDim(Operation *op, RewriterBase &rewriter) {
  auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op);
  auto func = op->getParentOfType<func::FuncOp>();
  if (!tensorOp || !func)
    return failure();
  int64_t largest = 1;
  for (const EncodedTensor &tensor : tensorOp.getEncodedTensors())
    for (int64_t dim : tensor.getType().getShape())
      if (!ShapedType::isDynamic(dim))
        largest = std::max(largest, dim);
  if (largest <= 1)
    return failure();
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](RankedTensorType type) -> std::optional<Type> {
    SmallVector<int64_t> shape(type.getShape());
    for (int64_t &dim : shape)
      if (dim == largest)
        dim = largest / 2;
    return RankedTensorType::get(shape, type.getElementType(),
                                 type.getEncoding());
  });
  // Attribute by attribute: the replacer's own attribute walk sees only
  // the discardable ones, not the inherent ones (properties) that hold the
  // op's tensor types and the function type.
  rewriter.modifyOpInPlace(func, [&] {
    func->walk([&](Operation *nested) {
      for (NamedAttribute attr : nested->getAttrs())
        if (Attribute replaced = replacer.replace(attr.getValue());
            replaced != attr.getValue())
          nested->setAttr(attr.getName(), replaced);
      replacer.replaceElementsIn(nested, /*replaceAttrs=*/false,
                                 /*replaceLocs=*/false, /*replaceTypes=*/true);
    });
  });
  return success();
}

struct StreamLiteReductionInterface : DialectReductionPatternInterface {
  explicit StreamLiteReductionInterface(Dialect *dialect)
      : DialectReductionPatternInterface(dialect) {}
  void populateReductionPatterns(RewritePatternSet &) const override {}
  void populateReductionPatternsWithTester(RewritePatternSet &patterns,
                                           Tester &tester) const override {
    populateStreamLiteReductionPatterns(patterns, tester);
  }
};

} // namespace

void populateStreamLiteReductionPatterns(RewritePatternSet &patterns,
                                         const Tester &tester) {
  MLIRContext *ctx = patterns.getContext();
  auto cached = std::make_shared<CachedTester>(tester);
  patterns.add<CheckedReduction>(ctx, cached, eraseUnused, "erase-unused");
  patterns.add<CheckedReduction>(ctx, cached, replaceWithEmpty,
                                 "replace-with-empty");
  patterns.add<CheckedReduction>(ctx, cached, forwardSource, "forward-source");
  patterns.add<CheckedReduction>(ctx, cached, dropDeviceTarget,
                                 "drop-device-target");
  patterns.add<CheckedReduction>(ctx, cached, shrinkStaticDim,
                                 "shrink-static-dim");
}

void registerStreamLiteReductionInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, StreamLiteDialect *dialect) {
    dialect->addInterfaces<StreamLiteReductionInterface>();
  });
}

} // namespace layoutopt::stream_lite
