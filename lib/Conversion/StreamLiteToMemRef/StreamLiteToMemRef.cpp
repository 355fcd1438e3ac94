//===- StreamLiteToMemRef.cpp - async ops to host memrefs -----------------===//
//
// The patterns of --stream-lite-convert-async-to-memref: devices are
// simulated on the host.
// Every resource is a `memref<?xi8>` in host memory, DMA is memcpy/memset
// (memref.copy and a store loop), a transfer is a copy, a dispatch is a call
// of the executable's kernel outlined into the top module, and host tensors
// are identity memrefs of the same shape.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/PackedBits.h"
#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/IR/StreamLiteTypes.h"
#include "StreamLite/Conversion/StreamLiteToMemRef.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

MemRefType getByteBufferType(MLIRContext *ctx) {
  if (auto *dialect = ctx->getLoadedDialect<StreamLiteDialect>())
    return dialect->getByteBufferType();
  return MemRefType::get({ShapedType::kDynamic}, IntegerType::get(ctx, 8));
}

using SharedConstants = AsyncToMemRefState::SharedConstants;

/// Constant `value`: with sharing on, the one at the top of the enclosing
/// function's entry block (made there the first time), else a new one at
/// the builder's insertion point.
Value makeConstant(OpBuilder &b, Location loc, TypedAttr value,
                   SharedConstants &constants) {
  Operation *parent = b.getInsertionBlock()->getParentOp();
  auto function = dyn_cast<func::FuncOp>(parent);
  if (!function)
    function = parent->getParentOfType<func::FuncOp>();
  if (!constants.enabled || !function)
    return arith::ConstantOp::create(b, loc, value);
  Block &entry = function.getBody().front();
  Value &made = constants.made[{function, value}];
  // (A signature conversion moves the entry block's ops to a new block:
  // a constant made before it is still in the function.)
  if (made && made.getParentRegion() == &function.getBody())
    return made;
  // In the order they are first needed, after the ones made before.
  OpBuilder::InsertionGuard guard(b);
  Operation *&last = constants.last[function];
  if (last && last->getParentRegion() == &function.getBody())
    b.setInsertionPointAfter(last);
  else
    b.setInsertionPointToStart(&entry);
  made = arith::ConstantOp::create(b, loc, value);
  last = made.getDefiningOp();
  return made;
}

Value constIndex(OpBuilder &b, Location loc, int64_t v,
                 SharedConstants &constants) {
  return makeConstant(b, loc, b.getIndexAttr(v), constants);
}

/// Whether the kernel may write memory through `buffer` or a view of it.
/// Conservative: any use this cannot see through (an op with regions, a
/// terminator, unknown effects, a tensor made of the memory) may write.
bool mayWriteThrough(Value buffer) {
  SmallVector<Value> worklist{buffer};
  DenseSet<Value> seen{buffer};
  SmallVector<MemoryEffects::EffectInstance> effects;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      auto effecting = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effecting || user->getNumRegions() != 0 ||
          user->hasTrait<mlir::OpTrait::IsTerminator>())
        return true;
      effects.clear();
      effecting.getEffects(effects);
      // A write to another operand (a copy out of this memory) is fine; a
      // write to no value in particular may be to this one.
      for (const MemoryEffects::EffectInstance &effect : effects)
        if (isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect()) &&
            (!effect.getValue() || effect.getValue() == value))
          return true;
      // Views, casts and metadata of the memory are followed.
      for (Value result : user->getResults()) {
        if (isa<TensorType>(result.getType()))
          return true;
        if (isa<BaseMemRefType>(result.getType()) && seen.insert(result).second)
          worklist.push_back(result);
      }
    }
  }
  return false;
}

/// The i8 zero that pads are filled with.
Value constZeroByte(OpBuilder &b, Location loc, SharedConstants &constants) {
  return makeConstant(b, loc, b.getI8IntegerAttr(0), constants);
}

/// `length` bytes of `buffer` from `offset`, as a memref<?xi8>. A buffer
/// allocated with exactly those bytes is its own view: most transfers copy
/// whole resources, and each view becomes a memref descriptor to build.
Value byteView(OpBuilder &b, Location loc, Value buffer, Value offset,
               Value length) {
  if (auto alloc = buffer.getDefiningOp<memref::AllocOp>())
    if (isZeroInteger(offset) && alloc.getType() == getByteBufferType(b.getContext()) &&
        alloc.getDynamicSizes().front() == length)
      return buffer;
  return memref::ViewOp::create(b, loc, getByteBufferType(b.getContext()),
                                buffer, offset, ValueRange{length});
}

Value allocBytes(OpBuilder &b, Location loc, Value size) {
  return memref::AllocOp::create(b, loc, getByteBufferType(b.getContext()),
                                 ValueRange{size});
}

/// memref.copy of `length` bytes (memcpy).
void copyBytes(OpBuilder &b, Location loc, Value source, Value sourceOffset,
               Value target, Value targetOffset, Value length) {
  Value from = byteView(b, loc, source, sourceOffset, length);
  Value to = byteView(b, loc, target, targetOffset, length);
  memref::CopyOp::create(b, loc, from, to);
}

/// Stores the integer `pattern` over `length` bytes of `buffer` from
/// `offset` (memset of 8/16/32/64-bit patterns).
void fillBytes(OpBuilder &b, Location loc, Value buffer, Value offset,
               Value length, Value pattern, SharedConstants &constants) {
  Type type = pattern.getType();
  int64_t bytes = llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  // A constant length (most fills of a static region) gives a constant
  // count: no division, and no loop for a single element, which the
  // canonicalizer would otherwise fold and inline in every function.
  std::optional<int64_t> knownLength = getConstantIntValue(length);
  if (knownLength && *knownLength / bytes == 0)
    return;
  Value count = length;
  if (knownLength && bytes != 1)
    count = constIndex(b, loc, *knownLength / bytes, constants);
  else if (!knownLength && bytes != 1)
    count = arith::DivUIOp::create(b, loc, length,
                                   constIndex(b, loc, bytes, constants));
  auto viewType = MemRefType::get({ShapedType::kDynamic}, type);
  Value view =
      memref::ViewOp::create(b, loc, viewType, buffer, offset, ValueRange{count});
  Value c0 = constIndex(b, loc, 0, constants);
  if (knownLength && *knownLength / bytes == 1) {
    memref::StoreOp::create(b, loc, pattern, view, ValueRange{c0});
    return;
  }
  Value c1 = constIndex(b, loc, 1, constants);
  scf::ForOp::create(b, loc, c0, count, c1, ValueRange{},
                     [&](OpBuilder &nb, Location nloc, Value iv, ValueRange) {
                       memref::StoreOp::create(nb, nloc, pattern, view,
                                               ValueRange{iv});
                       scf::YieldOp::create(nb, nloc);
                     });
}

/// A fresh buffer of `size` bytes holding the first `size` bytes of `buffer`.
Value cloneBytes(OpBuilder &b, Location loc, Value buffer, Value size,
                 SharedConstants &constants) {
  Value copy = allocBytes(b, loc, size);
  Value c0 = constIndex(b, loc, 0, constants);
  copyBytes(b, loc, buffer, c0, copy, c0, size);
  return copy;
}

/// The memref a host tensor becomes: identity layout, same shape.
MemRefType getHostMemRefType(RankedTensorType type) {
  return MemRefType::get(type.getShape(), type.getElementType());
}

/// The elements of host memref `host` (identity layout) as a 1-D memref,
/// and their count.
std::pair<Value, Value> flattenHost(OpBuilder &b, Location loc, Value host,
                                    SharedConstants &constants) {
  auto type = cast<MemRefType>(host.getType());
  Value count = constIndex(b, loc, 1, constants);
  for (int64_t i = 0; i < type.getRank(); ++i) {
    Value dim = type.isDynamicDim(i)
                    ? memref::DimOp::create(b, loc, host, i).getResult()
                    : constIndex(b, loc, type.getDimSize(i), constants);
    count = arith::MulIOp::create(b, loc, count, dim);
  }
  auto flatType = MemRefType::get({ShapedType::kDynamic}, type.getElementType());
  Value flat = memref::ReinterpretCastOp::create(
      b, loc, flatType, host, OpFoldResult(b.getIndexAttr(0)),
      ArrayRef<OpFoldResult>{count}, ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  return {flat, count};
}

/// Packs host memref `host` of a sub-byte integer type (one element per
/// byte) into `buffer` (dense row-major, slot i in bits [i*w, (i+1)*w))
/// with `packer` (AsyncToMemRefState::hostPackers), after zeroing the
/// buffer's `size` bytes (tail bits are zero).
void packHost(OpBuilder &b, Location loc, Value host, Value buffer, Value size,
              func::FuncOp packer, SharedConstants &constants) {
  fillBytes(b, loc, buffer, constIndex(b, loc, 0, constants), size,
            constZeroByte(b, loc, constants), constants);
  auto [flat, count] = flattenHost(b, loc, host, constants);
  func::CallOp::create(b, loc, packer, ValueRange{flat, buffer, count});
}

/// Unpacks the dense packed bytes of `buffer` into host memref `host` with
/// `unpacker` (AsyncToMemRefState::hostUnpackers).
void unpackHost(OpBuilder &b, Location loc, Value buffer, Value host,
                func::FuncOp unpacker, SharedConstants &constants) {
  auto [flat, count] = flattenHost(b, loc, host, constants);
  func::CallOp::create(b, loc, unpacker, ValueRange{buffer, flat, count});
}

template <typename OpTy>
struct AsyncPattern : OpConversionPattern<OpTy> {
  AsyncPattern(const TypeConverter &converter, MLIRContext *ctx,
               const AsyncToMemRefState &state, SharedConstants &constants)
      : OpConversionPattern<OpTy>(converter, ctx), state(state),
        constants(constants) {}

  /// The buffer a tied op writes: `buffer` itself, or a copy of its first
  /// `size` bytes when operand `operandNumber` of `op` is not exclusive.
  Value writableTarget(OpBuilder &b, Operation *op, unsigned operandNumber,
                       Value buffer, Value size) const {
    if (!state.copyFirst.contains({op, operandNumber}))
      return buffer;
    return cloneBytes(b, op->getLoc(), buffer, size, constants);
  }

  /// What the preparation found; read only while patterns run.
  const AsyncToMemRefState &state;
  /// Written by the patterns: one set per thread when functions are
  /// converted in parallel.
  SharedConstants &constants;
};

struct AllocaLowering : AsyncPattern<AsyncAllocaOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncAllocaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, allocBytes(rewriter, op.getLoc(), adaptor.getStorageSize()));
    return success();
  }
};

struct ConstantLowering : AsyncPattern<AsyncConstantOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (auto splat = layoutopt::stream_lite::detail::getSplatBits(op)) {
      // A splat fills its bytes: a global would hold every element, and the
      // LLVM module would carry them all.
      auto type = cast<ShapedType>(cast<TypedAttr>(op.getValue()).getType());
      Value size = adaptor.getResultSize();
      Value buffer = allocBytes(rewriter, loc, size);
      int64_t denseBytes = type.getNumElements() * (splat->getBitWidth() / 8);
      Value c0 = constIndex(rewriter, loc, 0, constants);
      if (getConstantIntValue(size) != denseBytes)
        fillBytes(rewriter, loc, buffer, c0, size,
                  constZeroByte(rewriter, loc, constants),
                  constants);
      Value pattern = arith::ConstantOp::create(
          rewriter, loc, rewriter.getIntegerAttr(
                             rewriter.getIntegerType(splat->getBitWidth()), *splat));
      fillBytes(rewriter, loc, buffer, c0,
                constIndex(rewriter, loc, denseBytes, constants), pattern,
                constants);
      rewriter.replaceOp(op, buffer);
      return success();
    }
    memref::GlobalOp global = state.constantGlobals.lookup(op);
    if (!global)
      return rewriter.notifyMatchFailure(op, "constant value has no global");
    MemRefType type = global.getType();
    Value size = adaptor.getResultSize();
    Value buffer = allocBytes(rewriter, loc, size);
    int64_t denseBytes =
        type.getNumElements() * getElementByteWidth(type.getElementType());
    std::optional<int64_t> constSize = getConstantIntValue(size);
    Value c0 = constIndex(rewriter, loc, 0, constants);
    // Bytes past the value (a size larger than the value) are zero.
    if (!constSize || *constSize != denseBytes)
      fillBytes(rewriter, loc, buffer, c0, size,
                constZeroByte(rewriter, loc, constants), constants);
    Value value =
        memref::GetGlobalOp::create(rewriter, loc, type, global.getSymName());
    Value view =
        memref::ViewOp::create(rewriter, loc, type, buffer, c0, ValueRange{});
    memref::CopyOp::create(rewriter, loc, value, view);
    rewriter.replaceOp(op, buffer);
    return success();
  }
};

struct SplatLowering : AsyncPattern<AsyncSplatOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncSplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value buffer = allocBytes(rewriter, loc, adaptor.getResultSize());
    fillBytes(rewriter, loc, buffer,
              constIndex(rewriter, loc, 0, constants),
              adaptor.getResultSize(), adaptor.getValue(), constants);
    rewriter.replaceOp(op, buffer);
    return success();
  }
};

struct CloneLowering : AsyncPattern<AsyncCloneOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncCloneOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       cloneBytes(rewriter, op.getLoc(), adaptor.getSource(),
                                  adaptor.getResultSize(), constants));
    return success();
  }
};

struct TransferLowering : AsyncPattern<AsyncTransferOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncTransferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Every device's memory is host memory: a transfer is a copy.
    rewriter.replaceOp(op,
                       cloneBytes(rewriter, op.getLoc(), adaptor.getSource(),
                                  adaptor.getResultSize(), constants));
    return success();
  }
};

struct SliceLowering : AsyncPattern<AsyncSliceOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value buffer = allocBytes(rewriter, loc, adaptor.getResultSize());
    copyBytes(rewriter, loc, adaptor.getSource(), adaptor.getSourceOffset(),
              buffer, constIndex(rewriter, loc, 0, constants),
              adaptor.getResultSize());
    rewriter.replaceOp(op, buffer);
    return success();
  }
};

struct FillLowering : AsyncPattern<AsyncFillOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncFillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value target = writableTarget(
        rewriter, op, op.getTargetMutable().getOperandNumber(),
        adaptor.getTarget(), adaptor.getTargetSize());
    fillBytes(rewriter, loc, target, adaptor.getTargetOffset(),
              adaptor.getTargetLength(), adaptor.getValue(), constants);
    rewriter.replaceOp(op, target);
    return success();
  }
};

struct UpdateLowering : AsyncPattern<AsyncUpdateOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncUpdateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value target = writableTarget(
        rewriter, op, op.getTargetMutable().getOperandNumber(),
        adaptor.getTarget(), adaptor.getTargetSize());
    copyBytes(rewriter, loc, adaptor.getUpdate(),
              constIndex(rewriter, loc, 0, constants), target,
              adaptor.getTargetOffset(), adaptor.getUpdateSize());
    rewriter.replaceOp(op, target);
    return success();
  }
};

struct CopyLowering : AsyncPattern<AsyncCopyOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value target = writableTarget(
        rewriter, op, op.getTargetMutable().getOperandNumber(),
        adaptor.getTarget(), adaptor.getTargetSize());
    copyBytes(rewriter, loc, adaptor.getSource(), adaptor.getSourceOffset(),
              target, adaptor.getTargetOffset(), adaptor.getLength());
    rewriter.replaceOp(op, target);
    return success();
  }
};

struct LoadLowering : AsyncPattern<AsyncLoadOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    if (!type.isIntOrIndexOrFloat())
      return rewriter.notifyMatchFailure(op, "loads only integers, indices "
                                             "and floats");
    Type storage = getElementStorageType(type);
    Value view = memref::ViewOp::create(rewriter, loc,
                                        MemRefType::get({}, storage),
                                        adaptor.getSource(),
                                        adaptor.getSourceOffset(), ValueRange{});
    Value value = memref::LoadOp::create(rewriter, loc, view, ValueRange{});
    if (storage != type)
      value = arith::TruncIOp::create(rewriter, loc, type, value);
    rewriter.replaceOp(op, value);
    return success();
  }
};

struct StoreLowering : AsyncPattern<AsyncStoreOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getValue().getType();
    if (!type.isIntOrIndexOrFloat())
      return rewriter.notifyMatchFailure(op, "stores only integers, indices "
                                             "and floats");
    Value target = writableTarget(
        rewriter, op, op.getTargetMutable().getOperandNumber(),
        adaptor.getTarget(), adaptor.getTargetSize());
    Type storage = getElementStorageType(type);
    Value value = adaptor.getValue();
    if (storage != type)
      value = arith::ExtUIOp::create(rewriter, loc, storage, value);
    Value view = memref::ViewOp::create(rewriter, loc,
                                        MemRefType::get({}, storage), target,
                                        adaptor.getTargetOffset(), ValueRange{});
    memref::StoreOp::create(rewriter, loc, value, view, ValueRange{});
    rewriter.replaceOp(op, target);
    return success();
  }
};

struct DispatchLowering : AsyncPattern<AsyncDispatchOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncDispatchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Every entry point computes the same thing; the host runs the first.
    auto entry = cast<SymbolRefAttr>(op.getEntryPoints()[0]);
    std::string key = (entry.getRootReference().getValue() + "::" +
                       entry.getLeafReference().getValue())
                          .str();
    func::FuncOp kernel = state.kernels.lookup(key);
    if (!kernel)
      return rewriter.notifyMatchFailure(
          op, "entry point " + key + " has no outlined kernel");

    // Tied operands that need a copy before the kernel writes them.
    // The group's start, valid even when it is empty (asking the empty
    // OperandRange for its index is not).
    unsigned firstOperand = op.getODSOperandIndexAndLength(1).first;
    DenseSet<int64_t> tiedOperands;
    for (unsigned i = 0, e = op.getNumResults(); i < e; ++i)
      if (std::optional<int64_t> tied = op.getTiedResultOperandIndex(i))
        tiedOperands.insert(*tied);

    // The kernel's signature is checked before anything is built: the
    // conversion runs without rollback, so a pattern that fails must not
    // have changed the IR.
    FunctionType kernelType = kernel.getFunctionType();
    if (kernelType.getNumResults() != 0)
      return rewriter.notifyMatchFailure(op, "kernel @" + kernel.getSymName() +
                                                 " returns values");
    Type byteBuffer = getByteBufferType(op.getContext());
    SmallVector<Type> slotTypes;
    SmallVector<bool> operandIsBuffer;
    for (auto [index, operand] : llvm::enumerate(op.getResourceOperands())) {
      bool isResource = isa<ResourceType>(operand.getType());
      operandIsBuffer.push_back(isResource);
      slotTypes.push_back(isResource
                              ? byteBuffer
                              : adaptor.getResourceOperands()[index].getType());
    }
    unsigned numUntied = 0;
    for (unsigned i = 0, e = op.getNumResults(); i < e; ++i)
      if (!op.getTiedResultOperandIndex(i)) {
        slotTypes.push_back(byteBuffer);
        ++numUntied;
      }
    std::optional<SmallVector<unsigned>> argOfSlot =
        mapDispatchSlotsToKernelArguments(operandIsBuffer, numUntied,
                                          kernelType.getInputs());
    bool typesMatch = static_cast<bool>(argOfSlot);
    for (size_t slot = 0; typesMatch && slot < slotTypes.size(); ++slot)
      typesMatch = slotTypes[slot] == kernelType.getInput((*argOfSlot)[slot]);
    if (!typesMatch)
      return rewriter.notifyMatchFailure(
          op, "operands do not match the arguments of kernel @" +
                  kernel.getSymName());

    SmallVector<Value> buffers(adaptor.getResourceOperands().begin(),
                               adaptor.getResourceOperands().end());
    // The values in slot order, placed in the kernel's order at the end.
    SmallVector<Value> args;
    unsigned resourceIndex = 0;
    for (auto [index, operand] : llvm::enumerate(op.getResourceOperands())) {
      if (!isa<ResourceType>(operand.getType())) {
        args.push_back(buffers[index]);
        continue;
      }
      Value size = adaptor.getResourceOperandSizes()[resourceIndex];
      if (tiedOperands.contains(index))
        buffers[index] = writableTarget(rewriter, op, firstOperand + index,
                                        buffers[index], size);
      args.push_back(byteView(rewriter, loc, buffers[index],
                              adaptor.getResourceOperandOffsets()[resourceIndex],
                              adaptor.getResourceOperandLengths()[resourceIndex]));
      ++resourceIndex;
    }
    SmallVector<Value> results;
    for (unsigned i = 0, e = op.getNumResults(); i < e; ++i) {
      if (std::optional<int64_t> tied = op.getTiedResultOperandIndex(i)) {
        results.push_back(buffers[*tied]);
        continue;
      }
      Value size = adaptor.getResultSizes()[i];
      Value buffer = allocBytes(rewriter, loc, size);
      // A result the kernel never writes (unused, or viewed only readonly)
      // is undefined, but its padding bytes must be zero like every tiled
      // tensor's: the whole buffer is zeroed, the one place its layout is
      // not needed.
      if (!mayWriteThrough(kernel.getArgument((*argOfSlot)[args.size()])))
        fillBytes(rewriter, loc, buffer, constIndex(rewriter, loc, 0, constants),
                  size, constZeroByte(rewriter, loc, constants), constants);
      args.push_back(buffer);
      results.push_back(buffer);
    }
    SmallVector<Value> callArgs(args.size());
    for (auto [slot, arg] : llvm::enumerate(args))
      callArgs[(*argOfSlot)[slot]] = arg;
    assert(TypeRange(ValueRange(callArgs)) == kernelType.getInputs() &&
           "arguments built as checked");
    func::CallOp::create(rewriter, loc, kernel, callArgs);
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ImportLowering : AsyncPattern<AsyncImportOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncImportOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value source = adaptor.getSource();
    auto sourceType = dyn_cast<MemRefType>(source.getType());
    if (!sourceType || !sourceType.getLayout().isIdentity())
      return rewriter.notifyMatchFailure(op, "host data is not an identity "
                                             "memref");
    func::FuncOp packer;
    if (isPackedSubByteType(sourceType.getElementType())) {
      packer = state.hostPackers.lookup(sourceType.getElementType());
      if (!packer)
        return rewriter.notifyMatchFailure(
            op, "no host packer was prepared for its element type");
    }
    SmallVector<Value> dims;
    for (int64_t i = 0; i < sourceType.getRank(); ++i)
      if (sourceType.isDynamicDim(i))
        dims.push_back(memref::DimOp::create(rewriter, loc, source, i));
    Value buffer = allocBytes(rewriter, loc, adaptor.getResultSize());
    if (packer) {
      packHost(rewriter, loc, source, buffer, adaptor.getResultSize(), packer,
               constants);
      rewriter.replaceOp(op, buffer);
      return success();
    }
    Value view = memref::ViewOp::create(
        rewriter, loc, sourceType, buffer,
        constIndex(rewriter, loc, 0, constants), dims);
    memref::CopyOp::create(rewriter, loc, source, view);
    rewriter.replaceOp(op, buffer);
    return success();
  }
};

struct ExportLowering : AsyncPattern<AsyncExportOp> {
  using AsyncPattern::AsyncPattern;
  LogicalResult
  matchAndRewrite(AsyncExportOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = dyn_cast_if_present<MemRefType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "host tensor has no memref type");
    if (isPackedSubByteType(type.getElementType())) {
      func::FuncOp unpacker = state.hostUnpackers.lookup(type.getElementType());
      if (!unpacker)
        return rewriter.notifyMatchFailure(
            op, "no host unpacker was prepared for its element type");
      Value result =
          memref::AllocOp::create(rewriter, loc, type, adaptor.getResultDims());
      unpackHost(rewriter, loc, adaptor.getSource(), result, unpacker,
                 constants);
      rewriter.replaceOp(op, result);
      return success();
    }
    Value view = memref::ViewOp::create(
        rewriter, loc, type, adaptor.getSource(),
        constIndex(rewriter, loc, 0, constants), adaptor.getResultDims());
    Value result =
        memref::AllocOp::create(rewriter, loc, type, adaptor.getResultDims());
    memref::CopyOp::create(rewriter, loc, view, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Function signatures with the block arguments of every block, not just
/// the entry block (the upstream FunctionOpInterface pattern converts the
/// entry block only; `cf` branches then need converted successors).
/// Dims of host tensors (how programs learn their dynamic input dims) are
/// dims of the memrefs that replace them.
struct TensorDimLowering : OpConversionPattern<tensor::DimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<MemRefType>(adaptor.getSource().getType()))
      return rewriter.notifyMatchFailure(op, "source is not a host memref");
    rewriter.replaceOpWithNewOp<memref::DimOp>(op, adaptor.getSource(),
                                               adaptor.getIndex());
    return success();
  }
};

/// `arith.select` between resources (what `scf.if` yielding one of two
/// resources canonicalizes to) selects between their buffers.
struct SelectLowering : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, type, adaptor.getCondition(), adaptor.getTrueValue(),
        adaptor.getFalseValue());
    return success();
  }
};

struct FuncSignatureLowering : OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> results;
    if (failed(converter.convertSignatureArgs(type.getInputs(), signature)) ||
        failed(converter.convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "signature does not convert");
    // Every block's types are checked before any is converted (the
    // conversion cannot roll a half-converted region back).
    if (!op.isExternal())
      for (Block &block : llvm::drop_begin(op.getBody()))
        for (Type argType : block.getArgumentTypes())
          if (!converter.convertType(argType))
            return rewriter.notifyMatchFailure(op,
                                               "block types do not convert");
    if (!op.isExternal() &&
        failed(rewriter.convertRegionTypes(&op.getBody(), converter,
                                           &signature)))
      return rewriter.notifyMatchFailure(op, "block types do not convert");
    rewriter.modifyOpInPlace(op, [&] {
      op.setFunctionType(FunctionType::get(
          op.getContext(), signature.getConvertedTypes(), results));
    });
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

namespace layoutopt::stream_lite {

/// The bits of the one element of a splat integer or float constant,
/// widened to its storage bytes (i1 is a byte).
std::optional<APInt> detail::getSplatBits(AsyncConstantOp op) {
  auto value = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!value || !value.isSplat() || !value.getType().hasStaticShape())
    return std::nullopt;
  Type elementType = value.getElementType();
  if (isPackedSubByteType(elementType))
    return std::nullopt; // Diagnosed in createConstantGlobals.
  unsigned bits = 8 * getElementByteWidth(elementType);
  if (isa<IntegerType>(elementType) && bits > 0)
    return value.getSplatValue<APInt>().zext(bits);
  if (isa<FloatType>(elementType) && bits > 0)
    return value.getSplatValue<APFloat>().bitcastToAPInt().zext(bits);
  return std::nullopt;
}

void populateStreamLiteToMemRefTypeConversions(TypeConverter &converter) {
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](ResourceType type) -> Type {
    return getByteBufferType(type.getContext());
  });
  converter.addConversion([](RankedTensorType type) -> std::optional<Type> {
    if (type.getEncoding())
      return std::nullopt;
    return getHostMemRefType(type);
  });
}

void populateStreamLiteToMemRefConversionPatterns(TypeConverter &converter,
                                                  RewritePatternSet &patterns,
                                                  ConversionTarget &target,
                                                  AsyncToMemRefState &state) {
  populateStreamLiteToMemRefConversionPatterns(converter, patterns, target,
                                               state, state.constants);
}

void populateStreamLiteToMemRefConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns,
    ConversionTarget &target, const AsyncToMemRefState &state,
    AsyncToMemRefState::SharedConstants &constants) {
  MLIRContext *ctx = patterns.getContext();
  target.addIllegalDialect<StreamLiteDialect>();
  target.addLegalOp<DeviceOp>();
  target.addLegalDialect<arith::ArithDialect, memref::MemRefDialect,
                         scf::SCFDialect>();
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
    return converter.isSignatureLegal(op.getFunctionType()) &&
           converter.isLegal(&op.getBody());
  });
  target.addDynamicallyLegalOp<func::CallOp>(
      [&](func::CallOp op) { return converter.isLegal(op); });
  target.addDynamicallyLegalOp<tensor::DimOp>([&](tensor::DimOp op) {
    return converter.isLegal(op.getSource().getType());
  });
  target.addDynamicallyLegalOp<arith::SelectOp>(
      [&](arith::SelectOp op) { return converter.isLegal(op.getOperation()); });
  target.markUnknownOpDynamicallyLegal([&](Operation *op) {
    return isNotBranchOpInterfaceOrReturnLikeOp(op) ||
           isLegalForBranchOpInterfaceTypeConversionPattern(op, converter) ||
           isLegalForReturnOpTypeConversionPattern(op, converter);
  });

  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 converter);
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
  populateBranchOpInterfaceTypeConversionPattern(patterns, converter);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  // Ahead of the upstream pattern, which converts the entry block only.
  patterns.add<FuncSignatureLowering>(converter, ctx, /*benefit=*/2);
  patterns.add<AllocaLowering, ConstantLowering, SplatLowering, CloneLowering,
               TransferLowering, SliceLowering, FillLowering, UpdateLowering,
               CopyLowering, LoadLowering, StoreLowering, DispatchLowering,
               ImportLowering, ExportLowering>(converter, ctx, state,
                                               constants);
  patterns.add<TensorDimLowering, SelectLowering>(converter, ctx);
}

} // namespace layoutopt::stream_lite
