//===- LowerBindings.cpp - bindings to byte buffers -----------------------===//
//
// --stream-lite-lower-bindings: in every executable's inner module, each
// `!stream_lite.binding` function argument becomes a `memref<?xi8>` and each
// `stream_lite.binding.subspan` becomes that buffer (offset constant 0 and
// the same result type) or a `memref.view` of it at the byte offset. The
// inner module is then plain upstream MLIR.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/IR/StreamLiteTypes.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "stream-lite-lower-bindings"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_LOWERBINDINGSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

/// Replaces `subspan` (whose binding is now the byte buffer `buffer`) by the
/// buffer itself or a view of it at the subspan's byte offset.
static LogicalResult lowerSubspan(BindingSubspanOp subspan, Value buffer) {
  auto resultType = dyn_cast<MemRefType>(subspan.getResult().getType());
  if (!resultType)
    return subspan.emitOpError()
           << "gives a logical view " << subspan.getResult().getType()
           << "; run --stream-lite-lower-dispatch-tensors first";
  bool zeroOffset = isConstantIntValue(subspan.getByteOffset(), 0);
  if (zeroOffset && resultType == buffer.getType()) {
    subspan.getResult().replaceAllUsesWith(buffer);
    subspan.erase();
    return success();
  }

  // memref.view yields identity-layout memrefs in the default memory space.
  if (!resultType.getLayout().isIdentity() ||
      resultType.getMemorySpace() != nullptr)
    return subspan.emitOpError()
           << "cannot lower a binding view of type " << resultType
           << " (needs an identity layout in the default memory space)";
  int64_t elementBytes =
      llvm::divideCeil(resultType.getElementTypeBitWidth(), 8);
  if (resultType.getNumDynamicDims() > 1 ||
      (resultType.getNumDynamicDims() == 1 &&
       (resultType.getRank() != 1 || !resultType.getElementType().isIntOrFloat() ||
        resultType.getElementTypeBitWidth() != static_cast<unsigned>(8 * elementBytes))))
    return subspan.emitOpError()
           << "cannot lower a binding view of type " << resultType
           << " (dynamic views must be 1-D over a byte-multiple element)";

  OpBuilder builder(subspan);
  Location loc = subspan.getLoc();
  Value offset = subspan.getByteOffset();
  SmallVector<Value> sizes;
  if (resultType.getNumDynamicDims() == 1) {
    // Everything from the offset to the end of the buffer.
    Value c0 = arith::ConstantIndexOp::create(builder, loc, 0);
    Value bytes = memref::DimOp::create(builder, loc, buffer, c0);
    Value size = arith::SubIOp::create(builder, loc, bytes, offset);
    if (elementBytes != 1)
      size = arith::DivUIOp::create(
          builder, loc, size,
          arith::ConstantIndexOp::create(builder, loc, elementBytes));
    sizes.push_back(size);
  }
  Value view =
      memref::ViewOp::create(builder, loc, resultType, buffer, offset, sizes);
  subspan.getResult().replaceAllUsesWith(view);
  subspan.erase();
  return success();
}

/// Rewrites the binding arguments of `func` and their subspans.
static LogicalResult lowerFunction(func::FuncOp func) {
  if (func.isExternal())
    return success();
  MLIRContext *ctx = func.getContext();
  Block &entry = func.getBody().front();
  bool changed = false;
  for (BlockArgument arg : entry.getArguments()) {
    if (!isa<BindingType>(arg.getType()))
      continue;
    changed = true;
    // Every use must be a subspan: anything else would keep a binding alive.
    for (OpOperand &use : arg.getUses()) {
      auto subspan = dyn_cast<BindingSubspanOp>(use.getOwner());
      if (!subspan || use.getOperandNumber() != 0)
        return use.getOwner()->emitOpError()
               << "uses binding argument #" << arg.getArgNumber()
               << " of @" << func.getSymName()
               << "; only stream_lite.binding.subspan may";
    }
    // The byte buffer a binding argument becomes (binding arguments are
    // only found in stream_lite executables: the dialect is loaded).
    arg.setType(ctx->getLoadedDialect<StreamLiteDialect>()->getByteBufferType());
    for (Operation *user : llvm::make_early_inc_range(arg.getUsers()))
      if (failed(lowerSubspan(cast<BindingSubspanOp>(user), arg)))
        return failure();
  }
  if (changed)
    func.setFunctionType(FunctionType::get(
        ctx, entry.getArgumentTypes(), func.getFunctionType().getResults()));
  // Subspans of bindings that are not arguments of this function (none in
  // well-formed executables) would survive: reject them.
  WalkResult walk = func.walk([](BindingSubspanOp subspan) {
    subspan.emitOpError() << "views a binding that is not an argument of the "
                             "enclosing function";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult layoutopt::stream_lite::lowerBindings(ExecutableOp executable) {
  ModuleOp inner = executable.getInnerModule();
  if (!inner)
    return success();
  for (auto func : inner.getOps<func::FuncOp>()) {
    LLVM_DEBUG(llvm::dbgs() << "lowering bindings of @"
                            << executable.getSymName() << "::@"
                            << func.getSymName() << "\n");
    if (failed(lowerFunction(func)))
      return failure();
  }
  return success();
}

namespace {

struct LowerBindingsPass
    : public layoutopt::stream_lite::impl::LowerBindingsPassBase<
          LowerBindingsPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    if (auto executable = dyn_cast<ExecutableOp>(root)) {
      if (failed(lowerBindings(executable)))
        signalPassFailure();
      return;
    }
    // Executables sit at a module's top level; nothing below a function
    // needs a walk.
    for (Region &region : root->getRegions())
      for (Block &block : region)
        for (auto executable : block.getOps<ExecutableOp>())
          if (failed(lowerBindings(executable)))
            return signalPassFailure();
  }
};

} // namespace
