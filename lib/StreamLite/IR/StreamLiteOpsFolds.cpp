//===- StreamLiteOpsFolds.cpp - stream_lite canonicalizations --------------===//
//
// Folders and canonicalization patterns of the ops (docs/language.md,
// Canonicalization). Resources have value semantics: a tied op writes its
// target in place only where the lowering proves nobody else sees it, so a
// fold may share bytes; the clone fold still keeps the copies a later
// in-place write relies on, as IREE does.
//
//===----------------------------------------------------------------------===//

#include "StreamLiteOpsInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::stream_lite::ops_internal;

/// Whether an op other than `except` writes `value` in place: some result of
/// it is tied to that use (TiedOpInterface).
static bool isWrittenInPlace(Value value, Operation *except = nullptr) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    auto tied = dyn_cast<TiedOpInterface>(user);
    if (user == except || !tied)
      continue;
    for (unsigned i = 0, e = user->getNumResults(); i < e; ++i)
      if (tied.getTiedResultOpOperand(i) == &use)
        return true;
  }
  return false;
}

namespace layoutopt::stream_lite {

//===----------------------------------------------------------------------===//
// tensor.encode
//===----------------------------------------------------------------------===//

/// Equal types, whatever the encoding (even one no pass recognizes): the
/// encode moves no byte.
/// An encoding that is still a request resolves per affinity: the source
/// with its creator's, the result with the encode's, so two equal types may
/// still become different layouts (a relayout).
static bool isUnresolved(Type type) {
  SerializableEncodingAttrInterface encoding =
      getSerializableEncoding(cast<RankedTensorType>(type));
  return encoding && !encoding.isSerialized();
}

OpFoldResult TensorEncodeOp::fold(FoldAdaptor) {
  if (getSourceEncodingAttr() == getResultEncodingAttr() &&
      getSource().getType() == getResult().getType() &&
      !isUnresolved(getSourceEncoding()))
    return getSource();
  return {};
}

/// An encode between equal types or physically equal layouts that changes
/// the lifetime moves no byte differently from a clone (unless it must zero
/// a packed tail: tiles of 1 from plain rows).
LogicalResult TensorEncodeOp::canonicalize(TensorEncodeOp op,
                                           PatternRewriter &rewriter) {
  auto sourceType = cast<RankedTensorType>(op.getSourceEncoding());
  auto resultType = cast<RankedTensorType>(op.getResultEncoding());
  if (isUnresolved(sourceType) || isUnresolved(resultType))
    return rewriter.notifyMatchFailure(
        op, "an unresolved encoding may resolve to different layouts");
  if (sourceType != resultType &&
      !areBytesInterchangeable(getPhysicalLayout(sourceType),
                               getPhysicalLayout(resultType),
                               ElementWidth::of(sourceType.getElementType())))
    return rewriter.notifyMatchFailure(
        op, "layouts are not physically equal, or the result's packed tail "
            "must be zero where the source's is undefined");
  replaceEncodeWithClone(rewriter, op);
  return success();
}

TensorCloneOp replaceEncodeWithClone(RewriterBase &rewriter, TensorEncodeOp op) {
  return rewriter.replaceOpWithNewOp<TensorCloneOp>(
      op, op.getResult().getType(), op.getSource(), op.getSourceEncodingAttr(),
      op.getSourceEncodingDims(), op.getSourceSize(), op.getSourceEncodingAttr(),
      op.getSourceEncodingDims(), op.getResultSize(), op.getAffinityAttr());
}

//===----------------------------------------------------------------------===//
// tensor.clone
//===----------------------------------------------------------------------===//

namespace {
/// A clone that neither the source nor the copy needs: same types, and no op
/// writes the source (other than through this clone) or the copy in place.
/// A clone that sets up an in-place write keeps the other value intact.
struct ElideUnneededClone : OpRewritePattern<TensorCloneOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorCloneOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSourceEncodingAttr() != op.getResultEncodingAttr() ||
        op.getSource().getType() != op.getResult().getType())
      return rewriter.notifyMatchFailure(op, "the clone changes the type");
    if (isWrittenInPlace(op.getResult()))
      return rewriter.notifyMatchFailure(op, "the copy is written in place");
    if (isWrittenInPlace(op.getSource(), op))
      return rewriter.notifyMatchFailure(op, "the source is written in place");
    rewriter.replaceOp(op, op.getSource());
    return success();
  }
};
} // namespace

void TensorCloneOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<ElideUnneededClone>(context);
}

//===----------------------------------------------------------------------===//
// tensor.import / tensor.export
//===----------------------------------------------------------------------===//

/// import(export(%r)) is %r: the host data is %r's dense bytes, brought back
/// on the same affinity with the same size (the host tensor fixes the
/// element count, so the two tensor types hold the same bytes).
OpFoldResult TensorImportOp::fold(FoldAdaptor) {
  auto exportOp = getSource().getDefiningOp<TensorExportOp>();
  if (!exportOp || exportOp.getAffinityAttr() != getAffinityAttr() ||
      exportOp.getSourceSize() != getResultSize() ||
      exportOp.getSource().getType() != getResult().getType())
    return {};
  return exportOp.getSource();
}

/// export(import(%t)) is %t when the import described the same tensor.
OpFoldResult TensorExportOp::fold(FoldAdaptor) {
  auto importOp = getSource().getDefiningOp<TensorImportOp>();
  if (!importOp || importOp.getSource().getType() != getResult().getType() ||
      importOp.getResultEncodingAttr() != getSourceEncodingAttr() ||
      !llvm::equal(importOp.getResultEncodingDims(), getSourceEncodingDims()) ||
      importOp.getResultSize() != getSourceSize() ||
      importOp.getAffinityAttr() != getAffinityAttr())
    return {};
  return importOp.getSource();
}

namespace {
/// An import or export equal to an earlier one in the same block (same
/// operands and attributes) is that one. They are not Pure (they move data
/// across the host boundary), so CSE leaves them; their operands are values,
/// so the earlier op's result is the same data.
template <typename OpTy>
struct DeduplicateHostTransfer : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
      if (!isa<OpTy>(prev) ||
          !OperationEquivalence::isEquivalentTo(
              prev, op, OperationEquivalence::IgnoreLocations))
        continue;
      rewriter.replaceOp(op, prev->getResults());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no equal op earlier in the block");
  }
};

/// An import or export whose result is unused copies data nobody reads; it
/// has no other effect (a folded round trip leaves such ops behind).
template <typename OpTy>
struct ElideUnusedHostTransfer : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!op->use_empty())
      return rewriter.notifyMatchFailure(op, "the result is used");
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void TensorImportOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<DeduplicateHostTransfer<TensorImportOp>,
              ElideUnusedHostTransfer<TensorImportOp>>(context);
}

void TensorExportOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<DeduplicateHostTransfer<TensorExportOp>,
              ElideUnusedHostTransfer<TensorExportOp>>(context);
}

//===----------------------------------------------------------------------===//
// tensor.constant
//===----------------------------------------------------------------------===//

namespace {
/// A constant with no element (a static 0 dim or a dynamic dim that is the
/// constant 0) holds nothing: an empty tensor of its type.
struct ConstantToEmpty : OpRewritePattern<TensorConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getResultEncoding());
    ValueRange dynamicDims = op.getResultEncodingDims();
    bool anyZero = false;
    for (int64_t i = 0, j = 0; i < type.getRank(); ++i) {
      if (type.isDynamicDim(i))
        anyZero |= matchPattern(dynamicDims[j++], m_Zero());
      else
        anyZero |= type.getDimSize(i) == 0;
    }
    if (!anyZero)
      return rewriter.notifyMatchFailure(op, "the constant has elements");
    Location loc = op.getLoc();
    Value size = TensorSizeOfOp::create(rewriter, loc, rewriter.getIndexType(),
                                        op.getResultEncodingAttr(),
                                        dynamicDims, op.getAffinityAttr());
    rewriter.replaceOp(op, TensorEmptyOp::create(
                               rewriter, loc, op.getResult().getType(),
                               op.getResultEncodingAttr(), dynamicDims, size,
                               op.getAffinityAttr()));
    return success();
  }
};

/// A constant whose elements are all equal is a splat of that element (no
/// constant bytes to store; materialize-builtins picks a memset where it
/// can).
struct ConstantToSplat : OpRewritePattern<TensorConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto elements = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!elements || !elements.isSplat())
      return rewriter.notifyMatchFailure(op, "the elements are not all equal");
    Location loc = op.getLoc();
    Type elementType = elements.getElementType();
    Value value;
    if (auto complexType = dyn_cast<ComplexType>(elementType)) {
      value = complex::ConstantOp::create(
          rewriter, loc, complexType, elements.getSplatValue<ArrayAttr>());
    } else {
      value = arith::ConstantOp::create(
          rewriter, loc, elements.getSplatValue<TypedAttr>());
    }
    Value size = TensorSizeOfOp::create(rewriter, loc, rewriter.getIndexType(),
                                        op.getResultEncodingAttr(),
                                        op.getResultEncodingDims(),
                                        op.getAffinityAttr());
    rewriter.replaceOp(op, TensorSplatOp::create(
                               rewriter, loc, op.getResult().getType(), value,
                               op.getResultEncodingAttr(),
                               op.getResultEncodingDims(), size,
                               op.getAffinityAttr()));
    return success();
  }
};
} // namespace

void TensorConstantOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  // An empty constant is also a splat (of nothing): empty first.
  results.add<ConstantToEmpty>(context, /*benefit=*/2);
  results.add<ConstantToSplat>(context);
}

} // namespace layoutopt::stream_lite
