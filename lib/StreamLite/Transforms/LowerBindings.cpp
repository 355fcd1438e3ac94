//===- LowerBindings.cpp - bindings to byte buffers -----------------------===//
//
// --stream-lite-lower-bindings: in every executable's inner module, each
// `!stream_lite.binding` function argument becomes a `memref<?xi8>` and each
// `stream_lite.binding.subspan` becomes that buffer (offset constant 0 and
// the same result type) or a `memref.view` of it at the byte offset. The
// inner module is then plain upstream MLIR. With `runtime-checks`, each
// subspan of a user kernel first asserts that the bytes it views lie in the
// buffer: the buffer's size is known only from here on.
//
//===----------------------------------------------------------------------===//

#include "RuntimeCheckMessage.h"

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/IR/StreamLiteTypes.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
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

/// Asserts that the bytes `subspan` views lie in `buffer`, its binding's
/// bytes: its offset, and from there the storage of the tensor it records
/// (through that tensor's layout; a logical view's is the view's) and of a
/// static result type. All compares are unsigned, so a negative offset
/// fails; the storage is checked to fit in int64 (and its dynamic dims to
/// be non-negative) before it is compared. A kernel whose view claims more
/// than the dispatch gave it would otherwise read and write past the
/// buffer.
static void buildSubspanCheck(OpBuilder &builder, BindingSubspanOp subspan,
                              Value buffer) {
  Location loc = subspan.getLoc();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, v);
  };
  auto ule = [&](Value a, Value b) -> Value {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule, a,
                                 b);
  };
  auto both = [&](Value a, Value b) -> Value {
    return arith::AndIOp::create(builder, loc, a, b);
  };
  Value size = memref::DimOp::create(builder, loc, buffer, constant(0));
  Value offset = subspan.getByteOffset();
  Value holds = ule(offset, size);
  Value rest = arith::SubIOp::create(builder, loc, size, offset);
  RankedTensorType type = subspan.getTensorType();
  if (PhysicalLayoutAttrInterface layout = getPhysicalLayout(type)) {
    ValueRange dims = subspan.getTensorDims();
    Value overflow = buildStorageSizeOverflow(builder, loc, type, dims);
    for (Value dim : dims) {
      Value negative = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::slt, dim, constant(0));
      overflow = overflow
                     ? arith::OrIOp::create(builder, loc, overflow, negative)
                           .getResult()
                     : negative;
    }
    OpFoldResult storage = layout.buildStorageSizeInBytes(
        builder, loc, getMixedDims(builder, type, dims),
        ElementWidth::of(type.getElementType()));
    Value fits = ule(getValueOrCreateConstantIndexOp(builder, loc, storage),
                     rest);
    // An overflowing size says nothing: fail then whatever it wrapped to.
    if (overflow)
      fits = arith::SelectOp::create(
          builder, loc, overflow,
          arith::ConstantIntOp::create(builder, loc, 0, 1), fits);
    holds = both(holds, fits);
  }
  auto memrefType = dyn_cast<MemRefType>(subspan.getResult().getType());
  if (memrefType && memrefType.hasStaticShape() &&
      memrefType.getElementType().isIntOrFloat())
    holds = both(holds,
                 ule(constant(memrefType.getNumElements() *
                              llvm::divideCeil(
                                  memrefType.getElementTypeBitWidth(), 8)),
                     rest));
  std::string what;
  llvm::raw_string_ostream(what)
      << "views bytes past the end of its binding (its offset plus the "
         "storage of "
      << type << ")";
  cf::AssertOp::create(
      builder, loc, holds,
      layoutopt::stream_lite::detail::formatCheckMessage(subspan, what));
}

/// Replaces `subspan` (whose binding is now the byte buffer `buffer`) by the
/// buffer itself or a view of it at the subspan's byte offset.
static LogicalResult lowerSubspan(BindingSubspanOp subspan, Value buffer,
                                  bool runtimeChecks) {
  auto resultType = dyn_cast<MemRefType>(subspan.getResult().getType());
  if (!resultType)
    return subspan.emitOpError()
           << "gives a logical view " << subspan.getResult().getType()
           << "; run --stream-lite-lower-dispatch-tensors first";
  if (runtimeChecks) {
    OpBuilder builder(subspan);
    buildSubspanCheck(builder, subspan, buffer);
  }
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
static LogicalResult lowerFunction(func::FuncOp func, bool runtimeChecks) {
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
      if (failed(lowerSubspan(cast<BindingSubspanOp>(user), arg,
                              runtimeChecks)))
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

LogicalResult layoutopt::stream_lite::lowerBindings(ExecutableOp executable,
                                                   bool runtimeChecks) {
  ModuleOp inner = executable.getInnerModule();
  if (!inner)
    return success();
  // Builtin kernels are generated in bounds of what their dispatches give.
  runtimeChecks &= !executable.getBuiltinKind();
  for (auto func : inner.getOps<func::FuncOp>()) {
    LLVM_DEBUG(llvm::dbgs() << "lowering bindings of @"
                            << executable.getSymName() << "::@"
                            << func.getSymName() << "\n");
    if (failed(lowerFunction(func, runtimeChecks)))
      return failure();
  }
  return success();
}

namespace {

struct LowerBindingsPass
    : public layoutopt::stream_lite::impl::LowerBindingsPassBase<
          LowerBindingsPass> {
  using LowerBindingsPassBase::LowerBindingsPassBase;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (auto executable = dyn_cast<ExecutableOp>(root)) {
      if (failed(lowerBindings(executable, runtimeChecks)))
        signalPassFailure();
      return;
    }
    // Executables sit at a module's top level; nothing below a function
    // needs a walk.
    for (Region &region : root->getRegions())
      for (Block &block : region)
        for (auto executable : block.getOps<ExecutableOp>())
          if (failed(lowerBindings(executable, runtimeChecks)))
            return signalPassFailure();
  }
};

} // namespace
