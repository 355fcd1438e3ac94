//===- BufferizeKernels.cpp - user kernels' tensors to buffers -------------===//
//
// --stream-lite-bufferize-kernels: upstream elementwise-to-linalg
// conversion, aggregated linalg ops (softmax) decomposed, empty-tensor
// elimination and one-shot bufferization on the
// kernels of executables, with linalg.copy for the copies bufferization
// makes.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_BUFFERIZEKERNELSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

/// Whether `root` holds tensor code to bufferize: builtin kernels and
/// kernels over bytes have none, and skip the analysis.
bool hasTensors(Operation *root) {
  WalkResult walk = root->walk([](Operation *op) {
    auto isTensor = [](Type type) { return isa<TensorType>(type); };
    if (llvm::any_of(op->getResultTypes(), isTensor) ||
        llvm::any_of(op->getOperandTypes(), isTensor))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// A linalg op that is an aggregate of others (linalg.softmax) has no
/// loops of its own: it becomes the ops it stands for.
struct DecomposeAggregatedOp
    : OpInterfaceRewritePattern<linalg::AggregatedOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::AggregatedOpInterface op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Value>> values = op.decomposeOperation(rewriter);
    if (failed(values))
      return rewriter.notifyMatchFailure(op, "the op did not decompose");
    rewriter.replaceOp(op, *values);
    return success();
  }
};

LogicalResult bufferizeKernels(Operation *root,
                               const FrozenRewritePatternSet &elementwise) {
  if (!hasTensors(root))
    return success();
  // Elementwise arith and math ops on tensors have no bufferization of
  // their own (arith.select's takes an i1 condition only): each becomes a
  // linalg.generic, which bufferizes, and lowers to loops, as the rest.
  // Aggregated linalg ops become the linalg ops they stand for.
  applyPatternsOnceToAllOps(root, elementwise);
  IRRewriter rewriter(root->getContext());
  if (failed(bufferization::eliminateEmptyTensors(rewriter, root)))
    return failure();
  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = false;
  // Identity layouts where bufferization is free to choose, so that views
  // and loads lower without strided metadata where they can.
  options.unknownTypeConverterFn =
      [](TensorType tensor, Attribute memorySpace,
         const bufferization::BufferizationOptions &) {
        return cast<BaseMemRefType>(
            bufferization::getMemRefTypeWithStaticIdentityLayout(tensor,
                                                                 memorySpace));
      };
  options.memCpyFn = [](OpBuilder &b, Location loc, Value from,
                        Value to) -> LogicalResult {
    linalg::CopyOp::create(b, loc, from, to);
    return success();
  };
  bufferization::BufferizationState state;
  if (failed(bufferization::runOneShotBufferize(root, options, state)))
    return failure();
  // A value computed in place into its store's buffer (empty-tensor
  // elimination) is still materialized there: a copy of the buffer onto
  // itself, a whole pass over the memory for nothing.
  root->walk([](linalg::CopyOp copy) {
    if (copy.getInputs().size() == 1 && copy.getOutputs().size() == 1 &&
        copy.getInputs()[0] == copy.getOutputs()[0] &&
        isa<BaseMemRefType>(copy.getInputs()[0].getType()))
      copy.erase();
  });
  return success();
}

struct BufferizeKernelsPass
    : public layoutopt::stream_lite::impl::BufferizeKernelsPassBase<
          BufferizeKernelsPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet patterns(context);
    linalg::populateElementwiseToLinalgConversionPatterns(patterns);
    patterns.add<DecomposeAggregatedOp>(context);
    elementwise = std::move(patterns);
    return success();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<Operation *> kernels;
    if (auto executable = dyn_cast<ExecutableOp>(root)) {
      if (ModuleOp inner = executable.getInnerModule())
        kernels.push_back(inner);
    } else if (isa<ModuleOp>(root) && root->getParentOfType<ExecutableOp>()) {
      kernels.push_back(root);
    } else {
      for (Region &region : root->getRegions())
        for (Block &block : region)
          for (auto executable : block.getOps<ExecutableOp>())
            if (ModuleOp inner = executable.getInnerModule())
              kernels.push_back(inner);
    }
    for (Operation *kernel : kernels)
      if (failed(bufferizeKernels(kernel, elementwise)))
        return signalPassFailure();
  }

  FrozenRewritePatternSet elementwise;
};

} // namespace
