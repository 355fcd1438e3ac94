//===- StreamLiteOpsFolds.cpp - stream_lite canonicalizations --------------===//
//
// Folders and canonicalization patterns of the ops.
//
//===----------------------------------------------------------------------===//

#include "StreamLiteOpsInternal.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::stream_lite::ops_internal;

namespace layoutopt::stream_lite {

/// An encode between physically equal layouts moves no byte: a clone.
LogicalResult TensorEncodeOp::canonicalize(TensorEncodeOp op,
                                           PatternRewriter &rewriter) {
  auto sourceType = cast<RankedTensorType>(op.getSourceEncoding());
  auto resultType = cast<RankedTensorType>(op.getResultEncoding());
  if (!arePhysicallyEqual(getPhysicalLayout(sourceType),
                          getPhysicalLayout(resultType)))
    return rewriter.notifyMatchFailure(op, "layouts are not physically equal");
  replaceEncodeWithClone(rewriter, op);
  return success();
}

TensorCloneOp replaceEncodeWithClone(RewriterBase &rewriter, TensorEncodeOp op) {
  return rewriter.replaceOpWithNewOp<TensorCloneOp>(
      op, op.getResult().getType(), op.getSource(), op.getSourceEncodingAttr(),
      op.getSourceEncodingDims(), op.getSourceSize(), op.getSourceEncodingAttr(),
      op.getSourceEncodingDims(), op.getResultSize(), op.getAffinityAttr());
}

} // namespace layoutopt::stream_lite
