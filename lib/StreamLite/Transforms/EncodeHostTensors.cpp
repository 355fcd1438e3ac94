//===- EncodeHostTensors.cpp - tensor-phase ops to byte-level async ops ---===//
//
// --stream-lite-encode-host-tensors: every tensor-phase op becomes async-phase
// ops over untyped bytes. Sizes, element offsets and byte ranges come from
// the physical layout interface (the single home of layout math) and the
// transfer planner's DMA plans; nothing here repeats layout arithmetic.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/TransferPlanner.h"
#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

#define DEBUG_TYPE "stream-lite-encode-host-tensors"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_ENCODEHOSTTENSORSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

static constexpr llvm::StringLiteral kNeedsDispatch =
    "needs a builtin dispatch; run --stream-lite-materialize-builtins first";

//===----------------------------------------------------------------------===//
// Folding index arithmetic
//===----------------------------------------------------------------------===//

namespace {
/// Index arithmetic on OpFoldResults that folds constants.
struct IndexMath {
  OpBuilder &builder;
  Location loc;

  Value value(OpFoldResult v) {
    return getValueOrCreateConstantIndexOp(builder, loc, v);
  }
  OpFoldResult add(OpFoldResult a, OpFoldResult b) {
    std::optional<int64_t> ka = getConstantIntValue(a), kb = getConstantIntValue(b);
    if (ka && kb)
      return builder.getIndexAttr(*ka + *kb);
    if (ka == 0)
      return b;
    if (kb == 0)
      return a;
    return arith::AddIOp::create(builder, loc, value(a), value(b)).getResult();
  }
  OpFoldResult mul(OpFoldResult a, OpFoldResult b) {
    std::optional<int64_t> ka = getConstantIntValue(a), kb = getConstantIntValue(b);
    if (ka && kb)
      return builder.getIndexAttr(*ka * *kb);
    if (ka == 0 || kb == 0)
      return builder.getIndexAttr(0);
    if (ka == 1)
      return b;
    if (kb == 1)
      return a;
    return arith::MulIOp::create(builder, loc, value(a), value(b)).getResult();
  }
};

/// A byte range of a resource.
struct ByteRange {
  OpFoldResult offset;
  OpFoldResult length;
  bool whole = false;
};
} // namespace

static SmallVector<OpFoldResult> toFoldResults(ValueRange values) {
  SmallVector<OpFoldResult> result;
  for (Value v : values) {
    APInt constant;
    if (matchPattern(v, m_ConstantInt(&constant)))
      result.push_back(Builder(v.getContext()).getIndexAttr(constant.getSExtValue()));
    else
      result.push_back(v);
  }
  return result;
}

/// Whether `a` and `b` are provably the same index.
static bool provablyEqual(OpFoldResult a, OpFoldResult b) {
  std::optional<int64_t> ka = getConstantIntValue(a), kb = getConstantIntValue(b);
  if (ka && kb)
    return *ka == *kb;
  return isEqualConstantIntOrValue(a, b);
}

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
  int64_t elementBytes = getElementByteWidth(type.getElementType());
  if (elementBytes == 0) {
    op->emitOpError() << "element type " << type.getElementType()
                      << " has no storage size";
    return failure();
  }
  if (!type.getEncoding()) {
    OpFoldResult size = IdentityAttr::get(type.getContext())
                            .buildStorageSizeInBytes(
                                builder, loc,
                                getMixedDims(builder, type, dynamicDims),
                                elementBytes);
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
    range.offset = builder.getIndexAttr(0);
    range.length = storageSize;
    range.whole = true;
    return range;
  }
  // The planner only returns spans of tensors with a physical layout.
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
  int64_t elementBytes = getElementByteWidth(type.getElementType());
  SmallVector<OpFoldResult> dims = getMixedDims(builder, type, dynamicDims);
  range.offset =
      layout.buildElementByteOffset(builder, loc, dims, elementBytes, span.start);
  IndexMath math{builder, loc};
  OpFoldResult length = builder.getIndexAttr(elementBytes);
  for (OpFoldResult factor : span.elementFactors)
    length = math.mul(length, factor);
  range.length = length;
  // A span from byte 0 over the whole storage (its size value, or the
  // static storage size of the type) is the whole resource.
  std::optional<int64_t> staticLength = getConstantIntValue(range.length);
  range.whole =
      isConstantIntValue(range.offset, 0) &&
      (provablyEqual(range.length, storageSize) ||
       (type.hasStaticShape() && staticLength &&
        *staticLength ==
            layout.getStorageSizeInBytes(type.getShape(), elementBytes)));
  return range;
}

//===----------------------------------------------------------------------===//
// Patterns and constants
//===----------------------------------------------------------------------===//


/// The memset pattern of a fill plan: the planner's constant pattern, or the
/// value's bits as an integer of the plan's width (i1 widens to i8).
static FailureOr<Value> buildPattern(OpBuilder &builder, Location loc,
                                     Operation *op, const TransferPlan &plan,
                                     Value value) {
  IntegerType patternType = builder.getIntegerType(plan.fillBits);
  if (plan.fillPattern)
    return arith::ConstantOp::create(
               builder, loc, builder.getIntegerAttr(patternType, *plan.fillPattern))
        .getResult();
  Type type = value.getType();
  if (isa<IndexType>(type))
    return arith::IndexCastUIOp::create(builder, loc, patternType, value).getResult();
  if (auto floatType = dyn_cast<FloatType>(type)) {
    value = arith::BitcastOp::create(
        builder, loc, builder.getIntegerType(floatType.getWidth()), value);
    type = value.getType();
  }
  auto intType = dyn_cast<IntegerType>(type);
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

/// The byte image of constant `value` in `layout` as an i8 tensor (pads zero).
static FailureOr<DenseElementsAttr>
buildByteImage(Operation *op, DenseElementsAttr value, RankedTensorType type,
               PhysicalLayoutAttrInterface layout) {
  int64_t elementBytes = getElementByteWidth(type.getElementType());
  FailureOr<SmallVector<APInt>> bits = getElementBits(value, elementBytes);
  if (failed(bits)) {
    op->emitOpError() << "constant of element type " << type.getElementType()
                      << " cannot be encoded into " << type.getEncoding();
    return failure();
  }
  ArrayRef<int64_t> shape = type.getShape();
  int64_t storage = layout.getStorageSizeInBytes(shape, elementBytes);
  SmallVector<int8_t> bytes(storage, 0);
  SmallVector<int64_t> index(shape.size(), 0);
  for (const APInt &element : *bits) {
    int64_t offset = layout.getElementByteOffset(shape, elementBytes, index);
    for (int64_t b = 0; b < elementBytes; ++b)
      bytes[offset + b] =
          static_cast<int8_t>(element.extractBitsAsZExtValue(8, 8 * b));
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
// Lowering
//===----------------------------------------------------------------------===//

namespace {
class Lowering {
public:
  Lowering(SymbolTableCollection &symbols) : symbols(symbols) {}

  /// Lowers `op`; on failure an error was emitted and `op` is unchanged.
  LogicalResult lower(Operation *op) {
    OpBuilder builder(op);
    return TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](TensorSizeOfOp o) { return lowerSizeOf(builder, o); })
        .Case([&](TensorEmptyOp o) {
          replace(op, AsyncAllocaOp::create(builder, o.getLoc(), o.getType(),
                                            o.getResultSize(), o.getAffinityAttr()));
          return success();
        })
        .Case([&](TensorConstantOp o) { return lowerConstant(builder, o); })
        .Case([&](TensorSplatOp o) { return lowerSplat(builder, o); })
        .Case([&](TensorCloneOp o) {
          replace(op, AsyncCloneOp::create(builder, o.getLoc(), o.getType(),
                                           o.getSource(), o.getSourceSize(),
                                           o.getResultSize(), o.getAffinityAttr()));
          return success();
        })
        .Case([&](TensorEncodeOp o) { return lowerEncode(builder, o); })
        .Case([&](TensorSliceOp o) { return lowerSlice(builder, o); })
        .Case([&](TensorFillOp o) { return lowerFill(builder, o); })
        .Case([&](TensorUpdateOp o) { return lowerUpdate(builder, o); })
        .Case([&](TensorLoadOp o) { return lowerLoad(builder, o); })
        .Case([&](TensorStoreOp o) { return lowerStore(builder, o); })
        .Case([&](TensorDispatchOp o) { return lowerDispatch(builder, o); })
        .Case([&](TensorImportOp o) {
          replace(op, AsyncImportOp::create(builder, o.getLoc(), o.getType(),
                                            o.getSource(), o.getResultSize(),
                                            o.getAffinityAttr()));
          return success();
        })
        .Case([&](TensorExportOp o) {
          // The host tensor's dynamic dims: the source tensor's dim where it
          // is dynamic too, else its static extent.
          auto hostType = cast<RankedTensorType>(o.getType());
          auto sourceType = cast<RankedTensorType>(o.getSourceEncoding());
          SmallVector<Value> dims;
          unsigned sourceDim = 0;
          for (int64_t i = 0; i < hostType.getRank(); ++i) {
            bool sourceDynamic = sourceType.isDynamicDim(i);
            if (hostType.isDynamicDim(i))
              dims.push_back(
                  sourceDynamic
                      ? o.getSourceEncodingDims()[sourceDim]
                      : arith::ConstantIndexOp::create(
                            builder, o.getLoc(), sourceType.getDimSize(i))
                            .getResult());
            if (sourceDynamic)
              ++sourceDim;
          }
          replace(op, AsyncExportOp::create(builder, o.getLoc(), o.getType(),
                                            o.getSource(), o.getSourceSize(),
                                            dims, o.getAffinityAttr()));
          return success();
        })
        .Default([](Operation *op) {
          return op->emitOpError()
                 << "is a tensor-phase op that "
                    "--stream-lite-encode-host-tensors cannot lower";
        });
  }

private:
  SymbolTableCollection &symbols;

  static void replace(Operation *op, Operation *replacement) {
    op->replaceAllUsesWith(replacement);
    op->erase();
  }

  /// Checks that a transfer plan is a DMA plan of `kind`.
  static LogicalResult checkPlan(Operation *op, const TransferPlan &plan,
                                 TransferPlan::Kind kind) {
    if (plan.isError)
      return op->emitOpError() << plan.explanation;
    if (plan.kind == TransferPlan::Kind::Dispatch)
      return op->emitOpError() << kNeedsDispatch << " (" << plan.explanation
                               << ")";
    if (plan.kind != kind)
      return op->emitOpError() << "unexpected transfer plan: "
                               << plan.explanation;
    return success();
  }

  static Value val(OpBuilder &builder, Location loc, OpFoldResult v) {
    return getValueOrCreateConstantIndexOp(builder, loc, v);
  }

  LogicalResult lowerSizeOf(OpBuilder &builder, TensorSizeOfOp op) {
    FailureOr<Value> size =
        buildStorageSize(builder, op.getLoc(), op,
                         cast<RankedTensorType>(op.getEncoding()),
                         op.getEncodingDims());
    if (failed(size))
      return failure();
    op.getResult().replaceAllUsesWith(*size);
    op.erase();
    return success();
  }

  LogicalResult lowerConstant(OpBuilder &builder, TensorConstantOp op) {
    auto type = cast<RankedTensorType>(op.getResultEncoding());
    FailureOr<PhysicalLayoutAttrInterface> layout = requireLayout(op, type);
    if (failed(layout))
      return failure();
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return op.emitOpError() << "only dense constants can be encoded, got "
                              << op.getValue();
    TypedAttr image = value;
    if (!isa<IdentityAttr>(layout->getCanonicalLayout())) {
      if (!type.hasStaticShape() || value.getType().getShape() != type.getShape())
        return op.emitOpError()
               << "a constant in layout " << type.getEncoding()
               << " needs a static shape equal to its value's, got " << type
               << " for " << value.getType();
      FailureOr<DenseElementsAttr> bytes =
          buildByteImage(op, value, type, *layout);
      if (failed(bytes))
        return failure();
      image = *bytes;
    }
    FailureOr<Value> size = buildStorageSize(builder, op.getLoc(), op, type,
                                             op.getResultEncodingDims());
    if (failed(size))
      return failure();
    replace(op, AsyncConstantOp::create(builder, op.getLoc(), op.getType(),
                                        image, *size, op.getAffinityAttr()));
    return success();
  }

  /// A fresh resource of `size` bytes for a tensor of `type`: zeroed when
  /// its layout's pads must be zero (tiled), else undefined.
  static Value buildFreshResource(OpBuilder &builder, Location loc,
                                  RankedTensorType type, Type resourceType,
                                  Value size, AffinityAttr affinity) {
    PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
    if (layout && layout.getPadContract() == PadContract::Zero) {
      Value zero = arith::ConstantOp::create(builder, loc,
                                             builder.getI8IntegerAttr(0));
      return AsyncSplatOp::create(builder, loc, resourceType, zero, size, affinity);
    }
    return AsyncAllocaOp::create(builder, loc, resourceType, size, affinity);
  }

  LogicalResult lowerSplat(OpBuilder &builder, TensorSplatOp op) {
    TransferPlanner planner;
    TransferPlan plan = planner.planSplat(op, getNativeFillBits(op, symbols));
    if (failed(checkPlan(op, plan, TransferPlan::Kind::Fill)))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getResultEncoding());
    FailureOr<Value> pattern = buildPattern(builder, loc, op, plan, op.getValue());
    if (failed(pattern))
      return failure();
    ByteRange range = buildRange(builder, loc, *plan.target, type,
                                 op.getResultEncodingDims(), op.getResultSize());
    if (range.whole) {
      replace(op, AsyncSplatOp::create(builder, loc, op.getType(), *pattern,
                                       op.getResultSize(), op.getAffinityAttr()));
      return success();
    }
    // The pattern covers a part of the storage (the pads after the last row
    // are left out): fill that part of a fresh resource.
    Value base = buildFreshResource(builder, loc, type, op.getType(),
                                    op.getResultSize(), op.getAffinityAttr());
    IndexMath math{builder, loc};
    OpFoldResult end = math.add(range.offset, range.length);
    replace(op, AsyncFillOp::create(builder, loc, op.getType(), base,
                                    op.getResultSize(), val(builder, loc, range.offset),
                                    val(builder, loc, end),
                                    val(builder, loc, range.length), *pattern,
                                    op.getAffinityAttr()));
    return success();
  }

  LogicalResult lowerFill(OpBuilder &builder, TensorFillOp op) {
    TransferPlanner planner;
    TransferPlan plan = planner.planFill(op, getNativeFillBits(op, symbols));
    if (failed(checkPlan(op, plan, TransferPlan::Kind::Fill)))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getTargetEncoding());
    FailureOr<Value> pattern = buildPattern(builder, loc, op, plan, op.getValue());
    if (failed(pattern))
      return failure();
    ByteRange range = buildRange(builder, loc, *plan.target, type,
                                 op.getTargetEncodingDims(), op.getTargetSize());
    IndexMath math{builder, loc};
    OpFoldResult end = math.add(range.offset, range.length);
    replace(op, AsyncFillOp::create(builder, loc, op.getType(), op.getTarget(),
                                    op.getTargetSize(), val(builder, loc, range.offset),
                                    val(builder, loc, end),
                                    val(builder, loc, range.length), *pattern,
                                    op.getAffinityAttr()));
    return success();
  }

  LogicalResult lowerEncode(OpBuilder &builder, TensorEncodeOp op) {
    TransferPlanner planner;
    TransferPlan plan = planner.planEncode(op);
    if (failed(checkPlan(op, plan, TransferPlan::Kind::FoldToClone)))
      return failure();
    replace(op, AsyncCloneOp::create(builder, op.getLoc(), op.getType(),
                                     op.getSource(), op.getSourceSize(),
                                     op.getResultSize(), op.getAffinityAttr()));
    return success();
  }

  LogicalResult lowerSlice(OpBuilder &builder, TensorSliceOp op) {
    TransferPlanner planner;
    TransferPlan plan = planner.planSlice(op);
    if (failed(checkPlan(op, plan, TransferPlan::Kind::Copy)))
      return failure();
    Location loc = op.getLoc();
    auto sourceType = cast<RankedTensorType>(op.getSourceEncoding());
    auto resultType = cast<RankedTensorType>(op.getResultEncoding());
    ByteRange source = buildRange(builder, loc, *plan.source, sourceType,
                                  op.getSourceEncodingDims(), op.getSourceSize());
    ByteRange target = buildRange(builder, loc, *plan.target, resultType,
                                  op.getResultEncodingDims(), op.getResultSize());
    IndexMath math{builder, loc};
    if (target.whole) {
      // The source range is the whole result.
      OpFoldResult length =
          source.whole ? OpFoldResult(op.getResultSize()) : source.length;
      OpFoldResult end = math.add(source.offset, length);
      replace(op, AsyncSliceOp::create(builder, loc, op.getType(), op.getSource(),
                                       op.getSourceSize(),
                                       val(builder, loc, source.offset),
                                       val(builder, loc, end), op.getResultSize(),
                                       op.getAffinityAttr()));
      return success();
    }
    OpFoldResult length = source.whole ? target.length : source.length;
    Value base = buildFreshResource(builder, loc, resultType, op.getType(),
                                    op.getResultSize(), op.getAffinityAttr());
    OpFoldResult sourceEnd = math.add(source.offset, length);
    OpFoldResult targetEnd = math.add(target.offset, length);
    replace(op, AsyncCopyOp::create(
                    builder, loc, op.getType(), base, op.getResultSize(),
                    val(builder, loc, target.offset), val(builder, loc, targetEnd),
                    op.getSource(), op.getSourceSize(),
                    val(builder, loc, source.offset), val(builder, loc, sourceEnd),
                    val(builder, loc, length), op.getAffinityAttr()));
    return success();
  }

  LogicalResult lowerUpdate(OpBuilder &builder, TensorUpdateOp op) {
    TransferPlanner planner;
    TransferPlan plan = planner.planUpdate(op);
    if (failed(checkPlan(op, plan, TransferPlan::Kind::Copy)))
      return failure();
    Location loc = op.getLoc();
    auto updateType = cast<RankedTensorType>(op.getUpdateEncoding());
    auto targetType = cast<RankedTensorType>(op.getTargetEncoding());
    ByteRange source = buildRange(builder, loc, *plan.source, updateType,
                                  op.getUpdateEncodingDims(), op.getUpdateSize());
    ByteRange target = buildRange(builder, loc, *plan.target, targetType,
                                  op.getTargetEncodingDims(), op.getTargetSize());
    OpFoldResult length =
        plan.source->wholeStorage && !plan.target->wholeStorage ? target.length
                                                                : source.length;
    IndexMath math{builder, loc};
    OpFoldResult sourceEnd = math.add(source.offset, length);
    OpFoldResult targetEnd = math.add(target.offset, length);
    replace(op, AsyncCopyOp::create(
                    builder, loc, op.getType(), op.getTarget(), op.getTargetSize(),
                    val(builder, loc, target.offset), val(builder, loc, targetEnd),
                    op.getUpdate(), op.getUpdateSize(),
                    val(builder, loc, source.offset), val(builder, loc, sourceEnd),
                    val(builder, loc, length), op.getAffinityAttr()));
    return success();
  }

  /// The byte offset of element `indices` of a tensor (host-side index
  /// translation through the layout).
  static FailureOr<Value> buildElementOffset(OpBuilder &builder, Operation *op,
                                             RankedTensorType type,
                                             ValueRange dynamicDims,
                                             ValueRange indices) {
    FailureOr<PhysicalLayoutAttrInterface> layout = requireLayout(op, type);
    if (failed(layout))
      return failure();
    int64_t elementBytes = getElementByteWidth(type.getElementType());
    OpFoldResult offset = layout->buildElementByteOffset(
        builder, op->getLoc(), getMixedDims(builder, type, dynamicDims),
        elementBytes, toFoldResults(indices));
    return val(builder, op->getLoc(), offset);
  }

  LogicalResult lowerLoad(OpBuilder &builder, TensorLoadOp op) {
    FailureOr<Value> offset = buildElementOffset(
        builder, op, cast<RankedTensorType>(op.getSourceEncoding()),
        op.getSourceEncodingDims(), op.getIndices());
    if (failed(offset))
      return failure();
    replace(op, AsyncLoadOp::create(builder, op.getLoc(), op.getType(),
                                    op.getSource(), op.getSourceSize(), *offset));
    return success();
  }

  LogicalResult lowerStore(OpBuilder &builder, TensorStoreOp op) {
    FailureOr<Value> offset = buildElementOffset(
        builder, op, cast<RankedTensorType>(op.getTargetEncoding()),
        op.getTargetEncodingDims(), op.getIndices());
    if (failed(offset))
      return failure();
    replace(op, AsyncStoreOp::create(builder, op.getLoc(), op.getType(),
                                     op.getTarget(), op.getTargetSize(), *offset,
                                     op.getValue()));
    return success();
  }

  LogicalResult lowerDispatch(OpBuilder &builder, TensorDispatchOp op) {
    Location loc = op.getLoc();
    Value zero;
    SmallVector<Value> sizes, offsets, ends, lengths;
    unsigned resourceIndex = 0;
    for (Value operand : op.getMixedOperands()) {
      if (!isa<ResourceType>(operand.getType()))
        continue;
      Value size = op.getOperandSizes()[resourceIndex++];
      if (!zero)
        zero = arith::ConstantIndexOp::create(builder, loc, 0);
      sizes.push_back(size);
      offsets.push_back(zero);
      ends.push_back(size);
      lengths.push_back(size);
    }
    auto dispatch = AsyncDispatchOp::create(
        builder, loc, op.getResultTypes(), op.getWorkload(),
        op.getEntryPointsAttr(), op.getMixedOperands(), sizes, offsets, ends,
        lengths, op.getResultSizes(), op.getTiedOperandsAttr(),
        op.getAffinityAttr());
    replace(op, dispatch);
    return success();
  }
};

struct EncodeHostTensorsPass
    : public layoutopt::stream_lite::impl::EncodeHostTensorsPassBase<
          EncodeHostTensorsPass> {
  using EncodeHostTensorsPassBase::EncodeHostTensorsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    Lowering lowering(symbols);

    SmallVector<Operation *> ops;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ExecutableOp>(op))
        return WalkResult::skip();
      if (op->hasTrait<layoutopt::stream_lite::OpTrait::TensorPhaseOp>())
        ops.push_back(op);
      return WalkResult::advance();
    });

    bool failedAny = false;
    for (Operation *op : ops)
      if (failed(lowering.lower(op)))
        failedAny = true;
    if (failedAny)
      return signalPassFailure();

    // Contract: no tensor-phase op is left.
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ExecutableOp>(op))
        return WalkResult::skip();
      if (op->hasTrait<layoutopt::stream_lite::OpTrait::TensorPhaseOp>()) {
        op->emitOpError() << "is a tensor-phase op left after "
                             "--stream-lite-encode-host-tensors";
        failedAny = true;
      }
      return WalkResult::advance();
    });
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
