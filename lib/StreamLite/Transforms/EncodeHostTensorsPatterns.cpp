//===- EncodeHostTensorsPatterns.cpp - tensor-phase ops to byte-level ops -===//
//
// The patterns of --stream-lite-encode-host-tensors: one conversion pattern
// per tensor-phase op, turning it into async-phase ops over untyped bytes.
// Sizes, element offsets and byte ranges come from the physical layout
// interface (the single home of layout math) and the transfer planner's DMA
// plans; nothing here repeats layout arithmetic.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/TransferPlanner.h"
#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/IR/PackedBits.h"
#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace layoutopt::stream_lite {

static constexpr llvm::StringLiteral kNeedsDispatch =
    "needs a builtin dispatch; run --stream-lite-materialize-builtins first";

namespace {
/// A byte range of a resource.
struct ByteRange {
  OpFoldResult offset;
  OpFoldResult length;
  bool whole = false;
};
} // namespace

//===----------------------------------------------------------------------===//
// Layout queries
//===----------------------------------------------------------------------===//

/// Why the bytes of `type` cannot be addressed (no single physical layout).
static std::string describeUnaddressable(RankedTensorType type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  SerializableEncodingAttrInterface encoding = getSerializableEncoding(type);
  if (encoding && !encoding.isSerialized())
    os << "tensor type '" << type
       << "' has an unresolved encoding (run --stream-lite-specialize-encodings "
          "first)";
  else if (type.getEncoding() && !encoding)
    os << "tensor type '" << type
       << "' has an encoding this project does not know, so its bytes cannot be "
          "addressed";
  else
    os << "tensor type '" << type
       << "' has no single physical layout (its layouts differ per target or "
          "are testing layouts), so its bytes cannot be addressed";
  return text;
}

/// The physical layout of `type`, or an error on `op`.
static FailureOr<PhysicalLayoutAttrInterface> requireLayout(Operation *op,
                                                            RankedTensorType type) {
  if (PhysicalLayoutAttrInterface layout = getPhysicalLayout(type))
    return layout;
  op->emitOpError() << describeUnaddressable(type);
  return failure();
}

/// Storage size in bytes of `type` (sizeof): the serialized encoding's size
/// (the maximum over per-target layouts), dense for no encoding.
static FailureOr<Value> buildStorageSize(OpBuilder &builder, Location loc,
                                         Operation *op, RankedTensorType type,
                                         ValueRange dynamicDims) {
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!width.hasStorage()) {
    op->emitOpError() << "element type " << type.getElementType()
                      << " has no storage size";
    return failure();
  }
  if (!type.getEncoding()) {
    OpFoldResult size = IdentityAttr::get(type.getContext())
                            .buildStorageSizeInBytes(
                                builder, loc,
                                getMixedDims(builder, type, dynamicDims),
                                width);
    return getValueOrCreateConstantIndexOp(builder, loc, size);
  }
  SerializableEncodingAttrInterface encoding = getSerializableEncoding(type);
  if (!encoding || !encoding.isSerialized()) {
    op->emitOpError() << describeUnaddressable(type);
    return failure();
  }
  Value size = encoding.buildStorageSizeInBytes(builder, loc, type, dynamicDims);
  if (!size) {
    op->emitOpError() << "tensor type " << type << " has no known storage size";
    return failure();
  }
  return size;
}

/// The bytes of a planner span of a tensor of `type` whose storage is
/// `storageSize` bytes.
static ByteRange buildRange(OpBuilder &builder, Location loc,
                            const ByteSpan &span, RankedTensorType type,
                            ValueRange dynamicDims, Value storageSize) {
  ByteRange range;
  if (span.wholeStorage) {
    range.offset = indexAttr(builder.getContext(), 0);
    range.length = storageSize;
    range.whole = true;
    return range;
  }
  // The planner only returns spans of tensors with a physical layout.
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
  // Packed sub-byte spans start on byte boundaries and end on one or in the
  // storage's last byte (the planner's rule 8).
  ElementWidth width = ElementWidth::of(type.getElementType());
  SmallVector<OpFoldResult> dims = getMixedDims(builder, type, dynamicDims);
  range.offset =
      layout.buildElementByteOffset(builder, loc, dims, width, span.start,
                                    arith::IntegerOverflowFlags::none);
  IndexArith math(builder, loc);
  OpFoldResult length =
      indexAttr(builder.getContext(), width.isPacked() ? 1 : width.bytes());
  if (const std::optional<PhysicalSteps> &steps = span.steps) {
    // Steps of one physical dim: a step is the byte offset of the element
    // `stepElements` along that dim, asked of the layout at run time.
    SmallVector<OpFoldResult> index(dims.size(),
                                    indexAttr(builder.getContext(), 0));
    index[steps->dim] = indexAttr(builder.getContext(), steps->stepElements);
    OpFoldResult step =
        layout.buildElementByteOffset(builder, loc, dims, width, index,
                                      arith::IntegerOverflowFlags::none);
    OpFoldResult count = steps->count;
    if (steps->divisor != 1)
      count = steps->roundUp ? math.ceilDiv(count, steps->divisor)
                             : math.floorDiv(count, steps->divisor);
    length = math.mul(count, step);
  } else {
    for (OpFoldResult factor : span.elementFactors)
      length = math.mul(length, factor);
    // A span may end inside the storage's last byte (its tail bits).
    if (width.isPacked())
      length = math.ceilDiv(length, width.slotsPerByte());
  }
  range.length = length;
  // A span from byte 0 over the whole storage (its size value, or the
  // static storage size of the type) is the whole resource.
  std::optional<int64_t> staticLength = IndexArith::known(range.length);
  range.whole =
      isConstantIntValue(range.offset, 0) &&
      (isEqualConstantIntOrValue(range.length, storageSize) ||
       (type.hasStaticShape() && staticLength &&
        *staticLength ==
            layout.getStorageSizeInBytes(type.getShape(), width)));
  return range;
}

//===----------------------------------------------------------------------===//
// Patterns and constants
//===----------------------------------------------------------------------===//

/// The memset pattern of a fill plan: the planner's constant pattern, or the
/// value's bits as an integer of the plan's width (i1 widens to i8).
static FailureOr<Value> buildPattern(OpBuilder &builder, Location loc,
                                     Operation *op, const TransferPlan &plan,
                                     Value value, HostTensorValueCache *cache) {
  IntegerType patternType = builder.getIntegerType(plan.fillBits);
  if (plan.fillPattern) {
    auto pattern = builder.getIntegerAttr(patternType, *plan.fillPattern);
    if (cache)
      return cache->getConstant(builder, loc, op, pattern);
    return arith::ConstantOp::create(builder, loc, pattern).getResult();
  }
  Type type = value.getType();
  // A complex value's pattern is its two parts side by side, real part in
  // the low half (its memory order).
  if (auto complexType = dyn_cast<ComplexType>(type);
      complexType && isa<FloatType>(complexType.getElementType())) {
    unsigned partBits =
        cast<FloatType>(complexType.getElementType()).getWidth();
    IntegerType partType = builder.getIntegerType(partBits);
    IntegerType wholeType = builder.getIntegerType(2 * partBits);
    auto partBitsOf = [&](Value part) -> Value {
      Value bits = arith::BitcastOp::create(builder, loc, partType, part);
      return arith::ExtUIOp::create(builder, loc, wholeType, bits);
    };
    Value re = partBitsOf(complex::ReOp::create(builder, loc, value));
    Value im = partBitsOf(complex::ImOp::create(builder, loc, value));
    Value shift = arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(wholeType, partBits));
    value = arith::OrIOp::create(
        builder, loc, re, arith::ShLIOp::create(builder, loc, im, shift));
    type = value.getType();
  }
  if (isa<IndexType>(type))
    return arith::IndexCastUIOp::create(builder, loc, patternType, value).getResult();
  if (auto floatType = dyn_cast<FloatType>(type)) {
    IntegerType bitsType = builder.getIntegerType(floatType.getWidth());
    value = cache ? cache->getBitcast(builder, loc, op, bitsType, value)
                  : arith::BitcastOp::create(builder, loc, bitsType, value);
    type = value.getType();
  }
  auto intType = dyn_cast<IntegerType>(type);
  if (intType && isPackedSubByteType(intType) && plan.fillBits == 8) {
    // A packed value fills a byte with copies of itself (i4 3 is 0x33).
    unsigned w = intType.getWidth();
    Value byte = arith::ExtUIOp::create(builder, loc, patternType,
                                        toSignless(builder, loc, value));
    Value result = byte;
    for (unsigned at = w; at < 8; at += w) {
      Value shift = arith::ConstantOp::create(
          builder, loc, builder.getIntegerAttr(patternType, at));
      result = arith::OrIOp::create(
          builder, loc, result, arith::ShLIOp::create(builder, loc, byte, shift));
    }
    return result;
  }
  if (!intType || intType.getWidth() > plan.fillBits) {
    op->emitOpError() << "fill value of type " << value.getType()
                      << " cannot be a " << plan.fillBits << "-bit pattern";
    return failure();
  }
  if (intType.getWidth() < plan.fillBits)
    value = arith::ExtUIOp::create(builder, loc, patternType, value);
  return value;
}

/// The little-endian bits of every element of a dense constant, widened to
/// `elementBytes` bytes.
static FailureOr<SmallVector<APInt>> getElementBits(DenseElementsAttr value,
                                                     int64_t elementBytes) {
  SmallVector<APInt> bits;
  Type elementType = value.getElementType();
  unsigned width = elementBytes * 8;
  if (isa<IntegerType, IndexType>(elementType)) {
    for (APInt v : value.getValues<APInt>())
      bits.push_back(v.zextOrTrunc(width));
  } else if (isa<FloatType>(elementType)) {
    for (APFloat v : value.getValues<APFloat>())
      bits.push_back(v.bitcastToAPInt().zextOrTrunc(width));
  } else {
    return failure();
  }
  return bits;
}

bool hasBoundedByteImage(RankedTensorType type, DenseElementsAttr value) {
  constexpr int64_t kMaxGrowthBytes = 4096;
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
  if (!layout || !type.hasStaticShape())
    return true; // Not an image; diagnosed where it is built.
  ElementWidth width = ElementWidth::of(type.getElementType());
  int64_t held = (value.isSplat() ? 1 : value.getNumElements()) *
                 std::max<int64_t>(width.bytes(), 1);
  int64_t storage = layout.getStorageSizeInBytes(type.getShape(), width);
  return storage <= held + kMaxGrowthBytes;
}

/// The byte image of constant `value` in `layout` as an i8 tensor (pads
/// zero); packed sub-byte elements go to the bits of their slots.
static FailureOr<DenseElementsAttr>
buildByteImage(Operation *op, DenseElementsAttr value, RankedTensorType type,
               PhysicalLayoutAttrInterface layout) {
  ElementWidth width = ElementWidth::of(type.getElementType());
  int64_t elementBytes = getElementByteWidth(type.getElementType());
  FailureOr<SmallVector<APInt>> bits = getElementBits(value, elementBytes);
  if (failed(bits)) {
    op->emitOpError() << "constant of element type " << type.getElementType()
                      << " cannot be encoded into " << type.getEncoding();
    return failure();
  }
  ArrayRef<int64_t> shape = type.getShape();
  int64_t storage = layout.getStorageSizeInBytes(shape, width);
  SmallVector<int8_t> bytes(storage, 0);
  SmallVector<int64_t> index(shape.size(), 0);
  for (const APInt &element : *bits) {
    if (width.isPacked()) {
      int64_t slot = layout.getElementSlot(shape, index);
      int64_t shift = (slot % width.slotsPerByte()) * width.bits;
      uint8_t field = element.getZExtValue() & ((1u << width.bits) - 1);
      bytes[slot / width.slotsPerByte()] |= static_cast<int8_t>(field << shift);
    } else {
      int64_t offset = layout.getElementByteOffset(shape, width, index);
      for (int64_t b = 0; b < elementBytes; ++b)
        bytes[offset + b] =
            static_cast<int8_t>(element.extractBitsAsZExtValue(8, 8 * b));
    }
    // Next row-major index.
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  auto byteType = RankedTensorType::get(
      {storage}, IntegerType::get(op->getContext(), 8));
  return DenseElementsAttr::get(byteType, ArrayRef<int8_t>(bytes));
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// Checks that a transfer plan is a DMA plan of `kind`.
LogicalResult checkPlan(Operation *op, const TransferPlan &plan,
                        TransferPlan::Kind kind) {
  if (plan.isError)
    return op->emitOpError() << plan.explanation;
  if (plan.kind == TransferPlan::Kind::Dispatch)
    return op->emitOpError() << kNeedsDispatch << " (" << plan.explanation
                             << ")";
  // DMA plans are made without explanations here (TransferPlanner).
  if (plan.kind != kind)
    return op->emitOpError() << "unexpected transfer plan";
  return success();
}

/// The value of `v` for use at `user`: a constant from `cache` when there
/// is one.
Value val(OpBuilder &builder, Location loc, OpFoldResult v,
          HostTensorValueCache *cache = nullptr, Operation *user = nullptr) {
  if (auto attr = dyn_cast<Attribute>(v); attr && cache && user)
    return cache->getConstant(builder, loc, user, cast<TypedAttr>(attr));
  return getValueOrCreateConstantIndexOp(builder, loc, v);
}

/// Values of `folds`, created left to right. Creating them inside an op's
/// argument list would order the constants by the compiler's (unspecified)
/// argument evaluation order, and printed IR would differ between builds.
SmallVector<Value, 5> vals(OpBuilder &builder, Location loc,
                           std::initializer_list<OpFoldResult> folds,
                           HostTensorValueCache *cache = nullptr,
                           Operation *user = nullptr) {
  SmallVector<Value, 5> values;
  for (OpFoldResult fold : folds)
    values.push_back(val(builder, loc, fold, cache, user));
  return values;
}

/// Whether a static `type` under `layout` stores exactly its elements (every
/// tiled dim a multiple of its tile, packed slots filling whole bytes): no
/// pad to zero.
bool storesOnlyElements(PhysicalLayoutAttrInterface layout,
                        RankedTensorType type) {
  if (!type.hasStaticShape())
    return false;
  ElementWidth width = ElementWidth::of(type.getElementType());
  return layout.getStorageSizeInBytes(type.getShape(), width) *
             width.slotsPerByte() ==
         type.getNumElements() * std::max<int64_t>(width.bytes(), 1);
}

/// A fresh resource of `size` bytes for a tensor of `type`: zeroed when its
/// layout's pads must be zero (tiled) and it has some, else undefined.
Value buildFreshResource(OpBuilder &builder, Location loc,
                         RankedTensorType type, Type resourceType, Value size,
                         AffinityAttr affinity) {
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
  if (layout && layout.getPadContract() == PadContract::Zero &&
      !storesOnlyElements(layout, type)) {
    Value zero =
        arith::ConstantOp::create(builder, loc, builder.getI8IntegerAttr(0));
    return AsyncSplatOp::create(builder, loc, resourceType, zero, size,
                                affinity);
  }
  return AsyncAllocaOp::create(builder, loc, resourceType, size, affinity);
}

/// Where element `indices` of a tensor lies (host-side index translation
/// through the layout): its byte offset, and for packed sub-byte elements
/// the shift of its bits inside that byte.
struct ElementPlace {
  Value byteOffset;
  Value shift; // i8; null for whole-byte elements.
};
FailureOr<ElementPlace> buildElementOffset(OpBuilder &builder, Operation *op,
                                           RankedTensorType type,
                                           ValueRange dynamicDims,
                                           ValueRange indices) {
  FailureOr<PhysicalLayoutAttrInterface> layout = requireLayout(op, type);
  if (failed(layout))
    return failure();
  Location loc = op->getLoc();
  ElementWidth width = ElementWidth::of(type.getElementType());
  SmallVector<OpFoldResult> dims = getMixedDims(builder, type, dynamicDims);
  if (!width.isPacked()) {
    OpFoldResult offset = layout->buildElementByteOffset(
        builder, loc, dims, width, getAsOpFoldResult(indices),
        arith::IntegerOverflowFlags::none);
    return ElementPlace{val(builder, loc, offset), Value()};
  }
  PackedPlace place =
      buildPackedPlace(builder, loc, *layout, dims, width,
                       getAsOpFoldResult(indices),
                       arith::IntegerOverflowFlags::none);
  return ElementPlace{place.byteOffset, place.shift};
}

/// A lowering of one tensor-phase op. It reads the op's operands as they
/// are when it runs: every earlier lowering replaced the uses of what it
/// lowered, so no value mapping (and no adaptor) is needed, and the patterns
/// run under any driver (the pass applies each once, in a walk; a caller may
/// use them in a dialect conversion with configureEncodeHostTensorsTarget).
template <typename OpTy>
struct HostTensorLowering : OpRewritePattern<OpTy> {
  HostTensorLowering(MLIRContext *ctx, HostTensorValueCache *cache)
      : OpRewritePattern<OpTy>(ctx), cache(cache) {}
  /// Shared constants and casts; null when the driver may undo patterns.
  HostTensorValueCache *cache;
};

struct SizeOfLowering : HostTensorLowering<TensorSizeOfOp> {
  using HostTensorLowering::HostTensorLowering;
  LogicalResult matchAndRewrite(TensorSizeOfOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<Value> size =
        buildStorageSize(rewriter, op.getLoc(), op,
                         cast<RankedTensorType>(op.getEncoding()),
                         op.getEncodingDims());
    if (failed(size))
      return failure();
    rewriter.replaceOp(op, *size);
    return success();
  }
};

struct EmptyLowering : HostTensorLowering<TensorEmptyOp> {
  using HostTensorLowering::HostTensorLowering;
  LogicalResult matchAndRewrite(TensorEmptyOp op,
                                PatternRewriter &rewriter) const override {
    // An empty tensor has no elements yet, but its layout's pads are
    // already zero by contract (tiled): the ops that write it later write
    // elements only.
    rewriter.replaceOp(
        op, buildFreshResource(rewriter, op.getLoc(),
                               cast<RankedTensorType>(op.getResultEncoding()),
                               op.getType(), op.getResultSize(),
                               op.getAffinityAttr()));
    return success();
  }
};

struct ConstantLowering : HostTensorLowering<TensorConstantOp> {
  using HostTensorLowering::HostTensorLowering;
  LogicalResult matchAndRewrite(TensorConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getResultEncoding());
    FailureOr<PhysicalLayoutAttrInterface> layout = requireLayout(op, type);
    if (failed(layout))
      return failure();
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return op.emitOpError() << "only dense constants can be encoded, got "
                              << op.getValue();
    TypedAttr image = value;
    // Packed sub-byte constants are always stored as their byte image.
    if (!isa<IdentityAttr>(layout->getCanonicalLayout()) ||
        isPackedSubByteType(type.getElementType())) {
      if (!type.hasStaticShape() ||
          value.getType().getShape() != type.getShape())
        return op.emitOpError()
               << "a constant in layout " << type.getEncoding()
               << " needs a static shape equal to its value's, got " << type
               << " for " << value.getType();
      if (!hasBoundedByteImage(type, value))
        return op.emitOpError()
               << kNeedsDispatch << " (the byte image of the constant in "
               << type.getEncoding() << " would be much larger than its value)";
      FailureOr<DenseElementsAttr> bytes =
          buildByteImage(op, value, type, *layout);
      if (failed(bytes))
        return failure();
      image = *bytes;
    }
    FailureOr<Value> size = buildStorageSize(
        rewriter, op.getLoc(), op, type, op.getResultEncodingDims());
    if (failed(size))
      return failure();
    rewriter.replaceOpWithNewOp<AsyncConstantOp>(op, op.getType(), image,
                                                 *size, op.getAffinityAttr());
    return success();
  }
};

/// Every transfer op (TransferOpInterface) that the planner proves DMA: a
/// copy of the whole storage (or a relayout that folds to one) becomes an
/// async.clone, a copy of a region an async.slice or async.copy, a fill an
/// async.splat or async.fill. Written in place when the op is tied, into a
/// fresh resource otherwise.
struct TransferLowering : OpInterfaceRewritePattern<TransferOpInterface> {
  TransferLowering(MLIRContext *ctx, SymbolTableCollection &symbols,
                   HostTensorValueCache *cache)
      : OpInterfaceRewritePattern<TransferOpInterface>(ctx), symbols(symbols),
        cache(cache) {}

  LogicalResult matchAndRewrite(TransferOpInterface op,
                                PatternRewriter &rewriter) const override {
    TransferMode mode = op.getTransferMode();
    std::optional<TransferTensor> source = op.getTransferSource();
    TransferTensor target = op.getTransferTarget();
    // A copy of the whole storage needs no plan: it is one by definition.
    if (mode == TransferMode::StorageCopy)
      return lowerToClone(op, *source, target, rewriter);
    TransferPlan plan =
        TransferPlanner(/*explainDMA=*/false,
                        cache ? &cache->getFillPlans() : nullptr)
            .plan(op, source, target, symbols);
    switch (mode) {
    case TransferMode::StorageCopy:
    case TransferMode::Relayout:
      if (failed(checkPlan(op, plan, TransferPlan::Kind::FoldToClone)))
        return failure();
      return lowerToClone(op, *source, target, rewriter);
    case TransferMode::RegionCopy:
      if (failed(checkPlan(op, plan, TransferPlan::Kind::Copy)))
        return failure();
      return lowerCopy(op, plan, *source, target, rewriter);
    case TransferMode::RegionFill:
      if (failed(checkPlan(op, plan, TransferPlan::Kind::Fill)))
        return failure();
      return lowerFill(op, plan, target, rewriter);
    }
    llvm_unreachable("unknown transfer mode");
  }

  static AffinityAttr getAffinity(TransferOpInterface op) {
    return cast<AffinityOpInterface>(op.getOperation()).getAffinityAttr();
  }

  LogicalResult lowerToClone(TransferOpInterface op,
                             const TransferTensor &source,
                             const TransferTensor &target,
                             PatternRewriter &rewriter) const {
    rewriter.replaceOpWithNewOp<AsyncCloneOp>(
        op, op->getResult(0).getType(), source.resource, source.size,
        target.size, getAffinity(op));
    return success();
  }

  LogicalResult lowerCopy(TransferOpInterface op, const TransferPlan &plan,
                          const TransferTensor &from, const TransferTensor &to,
                          PatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Type resultType = op->getResult(0).getType();
    AffinityAttr affinity = getAffinity(op);
    ByteRange source = buildRange(rewriter, loc, *plan.source, from.getType(),
                                  from.dims, from.size);
    ByteRange target = buildRange(rewriter, loc, *plan.target, to.getType(),
                                  to.dims, to.size);
    IndexArith math(rewriter, loc);
    Value base = to.resource;
    OpFoldResult length;
    if (op.isTiedTransfer()) {
      length = plan.source->wholeStorage && !plan.target->wholeStorage
                   ? target.length
                   : source.length;
    } else if (target.whole) {
      // The source range is the whole result.
      length = source.whole ? OpFoldResult(to.size) : source.length;
      OpFoldResult end = math.add(source.offset, length);
      SmallVector<Value, 5> v = vals(rewriter, loc, {source.offset, end});
      rewriter.replaceOpWithNewOp<AsyncSliceOp>(op, resultType, from.resource,
                                                from.size, v[0], v[1], to.size,
                                                affinity);
      return success();
    } else {
      length = source.whole ? target.length : source.length;
      base = buildFreshResource(rewriter, loc, to.getType(), resultType,
                                to.size, affinity);
    }
    OpFoldResult sourceEnd = math.add(source.offset, length);
    OpFoldResult targetEnd = math.add(target.offset, length);
    SmallVector<Value, 5> v = vals(
        rewriter, loc,
        {target.offset, targetEnd, source.offset, sourceEnd, length});
    rewriter.replaceOpWithNewOp<AsyncCopyOp>(
        op, resultType, base, to.size, v[0], v[1], from.resource, from.size,
        v[2], v[3], v[4], affinity);
    return success();
  }

  LogicalResult lowerFill(TransferOpInterface op, const TransferPlan &plan,
                          const TransferTensor &to,
                          PatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Type resultType = op->getResult(0).getType();
    AffinityAttr affinity = getAffinity(op);
    FailureOr<Value> pattern =
        buildPattern(rewriter, loc, op, plan, op.getFillValue(), cache);
    if (failed(pattern))
      return failure();
    ByteRange range = buildRange(rewriter, loc, *plan.target, to.getType(),
                                 to.dims, to.size);
    Value base = to.resource;
    if (!op.isTiedTransfer()) {
      if (range.whole) {
        rewriter.replaceOpWithNewOp<AsyncSplatOp>(op, resultType, *pattern,
                                                  to.size, affinity);
        return success();
      }
      // The pattern covers a part of the storage (the pads after the last
      // row are left out): fill that part of a fresh resource.
      base = buildFreshResource(rewriter, loc, to.getType(), resultType,
                                to.size, affinity);
    }
    IndexArith math(rewriter, loc);
    OpFoldResult end = math.add(range.offset, range.length);
    SmallVector<Value, 5> v =
        vals(rewriter, loc, {range.offset, end, range.length}, cache, op);
    rewriter.replaceOpWithNewOp<AsyncFillOp>(op, resultType, base, to.size,
                                             v[0], v[1], v[2], *pattern,
                                             affinity);
    return success();
  }

  SymbolTableCollection &symbols;
  /// Shared constants and casts; null when the driver may undo patterns.
  HostTensorValueCache *cache;
};

struct LoadLowering : HostTensorLowering<TensorLoadOp> {
  using HostTensorLowering::HostTensorLowering;
  LogicalResult matchAndRewrite(TensorLoadOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<ElementPlace> place = buildElementOffset(
        rewriter, op, cast<RankedTensorType>(op.getSourceEncoding()),
        op.getSourceEncodingDims(), op.getIndices());
    if (failed(place))
      return failure();
    if (!place->shift) {
      rewriter.replaceOpWithNewOp<AsyncLoadOp>(
          op, op.getType(), op.getSource(), op.getSourceSize(),
          place->byteOffset);
      return success();
    }
    // Packed: the element's bits of the byte that holds it.
    Location loc = op.getLoc();
    Value byte = AsyncLoadOp::create(rewriter, loc, rewriter.getI8Type(),
                                     op.getSource(),
                                     op.getSourceSize(), place->byteOffset);
    rewriter.replaceOp(op, extractPackedBits(rewriter, loc, byte, place->shift,
                                             op.getType()));
    return success();
  }
};

struct StoreLowering : HostTensorLowering<TensorStoreOp> {
  using HostTensorLowering::HostTensorLowering;
  LogicalResult matchAndRewrite(TensorStoreOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<ElementPlace> place = buildElementOffset(
        rewriter, op, cast<RankedTensorType>(op.getTargetEncoding()),
        op.getTargetEncodingDims(), op.getIndices());
    if (failed(place))
      return failure();
    if (!place->shift) {
      rewriter.replaceOpWithNewOp<AsyncStoreOp>(
          op, op.getType(), op.getTarget(), op.getTargetSize(),
          place->byteOffset, op.getValue());
      return success();
    }
    // Packed: read-modify-write of the byte that holds the element, so its
    // other elements (and zero tail bits) are kept.
    Location loc = op.getLoc();
    Type i8 = rewriter.getI8Type();
    unsigned w = op.getValue().getType().getIntOrFloatBitWidth();
    Value byte =
        AsyncLoadOp::create(rewriter, loc, i8, op.getTarget(),
                            op.getTargetSize(), place->byteOffset);
    Value updated = insertPackedBits(rewriter, loc, byte, place->shift,
                                     op.getValue(), w);
    rewriter.replaceOpWithNewOp<AsyncStoreOp>(
        op, op.getType(), op.getTarget(), op.getTargetSize(),
        place->byteOffset, updated);
    return success();
  }
};

struct DispatchLowering : HostTensorLowering<TensorDispatchOp> {
  using HostTensorLowering::HostTensorLowering;
  LogicalResult matchAndRewrite(TensorDispatchOp op,
                                PatternRewriter &rewriter) const override {
    // Each resource operand is bound whole: [0 to size for size].
    Location loc = op.getLoc();
    Value zero;
    SmallVector<Value> sizes, offsets, ends, lengths;
    ValueRange operandSizes = op.getOperandSizes();
    for (Value operand : op.getMixedOperands()) {
      if (!isa<ResourceType>(operand.getType()))
        continue;
      Value size = operandSizes.front();
      operandSizes = operandSizes.drop_front();
      if (!zero)
        zero = cache ? cache->getConstant(rewriter, loc, op,
                                          rewriter.getIndexAttr(0))
                     : arith::ConstantIndexOp::create(rewriter, loc, 0);
      sizes.push_back(size);
      offsets.push_back(zero);
      ends.push_back(size);
      lengths.push_back(size);
    }
    rewriter.replaceOpWithNewOp<AsyncDispatchOp>(
        op, op.getResultTypes(), op.getWorkload(),
        op.getEntryPointsAttr(), op.getMixedOperands(), sizes, offsets,
        ends, lengths, op.getResultSizes(), op.getTiedOperandsAttr(),
        op.getAffinityAttr());
    return success();
  }
};

struct ImportLowering : HostTensorLowering<TensorImportOp> {
  using HostTensorLowering::HostTensorLowering;
  LogicalResult matchAndRewrite(TensorImportOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<AsyncImportOp>(
        op, op.getType(), op.getSource(), op.getResultSize(),
        op.getAffinityAttr());
    return success();
  }
};

struct ExportLowering : HostTensorLowering<TensorExportOp> {
  using HostTensorLowering::HostTensorLowering;
  LogicalResult matchAndRewrite(TensorExportOp op,
                                PatternRewriter &rewriter) const override {
    // The host tensor's dynamic dims: the source tensor's dim where it is
    // dynamic too, else its static extent.
    auto hostType = cast<RankedTensorType>(op.getType());
    auto sourceType = cast<RankedTensorType>(op.getSourceEncoding());
    ValueRange sourceDims = op.getSourceEncodingDims();
    SmallVector<Value> dims;
    unsigned sourceDim = 0;
    for (int64_t i = 0; i < hostType.getRank(); ++i) {
      bool sourceDynamic = sourceType.isDynamicDim(i);
      if (hostType.isDynamicDim(i))
        dims.push_back(sourceDynamic
                           ? sourceDims[sourceDim]
                           : arith::ConstantIndexOp::create(
                                 rewriter, op.getLoc(), sourceType.getDimSize(i))
                                 .getResult());
      if (sourceDynamic)
        ++sourceDim;
    }
    rewriter.replaceOpWithNewOp<AsyncExportOp>(
        op, op.getType(), op.getSource(), op.getSourceSize(), dims,
        op.getAffinityAttr());
    return success();
  }
};

} // namespace

Value HostTensorValueCache::find(std::pair<const void *, const void *> key,
                                 Operation *user) const {
  auto it = made.find(key);
  if (it == made.end())
    return {};
  // The op was inserted right before an op the walk lowered earlier. When
  // its block holds `user` (or an op whose regions hold it), that earlier
  // op came first in the block: the walk visits a block's ops in order, and
  // an op after `user`'s ancestor would be visited after `user`. So the
  // value dominates `user` exactly when its block is an ancestor block.
  Value value = it->second;
  return value.getParentBlock()->findAncestorOpInBlock(*user) ? value
                                                               : Value();
}

/// The entry block of the region constants for `user` go to: the body of
/// its closest isolated-from-above ancestor (its function), where a constant
/// dominates every op, as the canonicalizer's folder places them.
static Block *getConstantBlock(Operation *user) {
  Region *region = user->getParentRegion();
  while (!region->getParentOp()
              ->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>()) {
    Region *parent = region->getParentOp()->getParentRegion();
    if (!parent)
      break;
    region = parent;
  }
  return &region->front();
}

Value HostTensorValueCache::getConstant(OpBuilder &builder, Location loc,
                                        Operation *user, TypedAttr value) {
  std::pair<const void *, const void *> key{value.getAsOpaquePointer(),
                                            nullptr};
  // One constant per value and function, at the start of the function: it
  // dominates every later user, in any block or region of the function.
  Block *block = getConstantBlock(user);
  auto it = made.find(key);
  if (it != made.end() && it->second.getParentBlock() == block)
    return it->second;
  // At the very start, where the canonicalizer's folder would hoist it
  // (so the pipelines' output keeps the order the canonicalizer gave it).
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(block);
  return made[key] = arith::ConstantOp::create(builder, loc, value);
}

Value HostTensorValueCache::getBitcast(OpBuilder &builder, Location loc,
                                       Operation *user, Type type,
                                       Value value) {
  std::pair<const void *, const void *> key{value.getAsOpaquePointer(),
                                            type.getAsOpaquePointer()};
  if (Value known = find(key, user))
    return known;
  return made[key] = arith::BitcastOp::create(builder, loc, type, value);
}

void populateEncodeHostTensorsPatterns(RewritePatternSet &patterns,
                                       SymbolTableCollection &symbols,
                                       HostTensorValueCache *cache) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<SizeOfLowering, EmptyLowering, ConstantLowering, LoadLowering,
               StoreLowering, DispatchLowering, ImportLowering,
               ExportLowering>(ctx, cache);
  patterns.add<TransferLowering>(ctx, symbols, cache);
}

void configureEncodeHostTensorsTarget(ConversionTarget &target) {
  target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect>();
  // si/ui packed elements reach the bit operations through casts to
  // signless (PackedBits.h), which the LLVM lowering folds away.
  target.addLegalOp<UnrealizedConversionCastOp>();
  target.addDynamicallyLegalDialect<StreamLiteDialect>([](Operation *op) {
    return !op->hasTrait<OpTrait::TensorPhaseOp>();
  });
}

} // namespace layoutopt::stream_lite
