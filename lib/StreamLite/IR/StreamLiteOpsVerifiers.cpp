//===- StreamLiteOpsVerifiers.cpp - stream_lite op verifiers ---------------===//
//
// The verifiers of the tensor-phase and async-phase ops (dispatches and
// executables are in StreamLiteDispatch.cpp). They check local facts only
// (docs/language.md): dim and size counts, region ranks and constant bounds,
// element types and encodings that fit the tensor type they sit on.
//
//===----------------------------------------------------------------------===//

#include "StreamLiteOpsInternal.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::stream_lite::ops_internal;

namespace layoutopt::stream_lite::ops_internal {

//===----------------------------------------------------------------------===//
// Verifier helpers
//===----------------------------------------------------------------------===//

RankedTensorType tensorOf(TypeAttr attr) {
  return cast<RankedTensorType>(attr.getValue());
}

/// Checks a tensor described by `typeAttr` (named `what`): its dynamic dim
/// count and its encoding against its shape.
LogicalResult verifyEncodedTensor(Operation *op, StringRef what,
                                  TypeAttr typeAttr, ValueRange dims) {
  RankedTensorType type = tensorOf(typeAttr);
  if (static_cast<int64_t>(dims.size()) != static_cast<int64_t>(type.getNumDynamicDims()))
    return op->emitOpError()
           << what << " type " << type << " has " << type.getNumDynamicDims()
           << " dynamic dims but " << dims.size() << " dim values are attached";
  // The rest are facts of the type: one lookup once they hold (the op is
  // one of ours, so its dialect holds the cache).
  auto &dialect = static_cast<StreamLiteDialect &>(*op->getDialect());
  constexpr auto fact = StreamLiteDialect::VerifiedTypeFact::ElementAndEncoding;
  if (dialect.hasVerifiedTypeFact(type, fact))
    return success();
  if (getElementByteWidth(type.getElementType()) == 0)
    return op->emitOpError() << what << " element type " << type.getElementType()
                             << " has no byte size";
  if (failed(verifyEncodingForType(type, [&]() {
        return op->emitOpError() << what << " type " << type << ": ";
      })))
    return failure();
  dialect.recordVerifiedTypeFact(type, fact);
  return success();
}

std::optional<int64_t> constantIndex(Value value) {
  // The common case without matchPattern's generic fold of the defining op:
  // verifiers ask this of every index operand at every verification.
  if (auto constant = value.getDefiningOp<arith::ConstantOp>()) {
    if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
      return integer.getValue().getSExtValue();
    return std::nullopt;
  }
  APInt result;
  if (matchPattern(value, m_ConstantInt(&result)))
    return result.getSExtValue();
  return std::nullopt;
}

/// Checks a region `offsets` + `lengths` (lengths may come from a static
/// shape) of tensor `type` named `what`: one entry per dim, and constant
/// entries inside static dims.
static LogicalResult verifyRegion(Operation *op, StringRef what,
                                  RankedTensorType type, ValueRange offsets,
                                  ArrayRef<std::optional<int64_t>> lengths) {
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(offsets.size()) != rank)
    return op->emitOpError() << "has " << offsets.size() << " start indices but the "
                             << what << " tensor has rank " << rank;
  if (static_cast<int64_t>(lengths.size()) != rank)
    return op->emitOpError() << "has " << lengths.size() << " lengths but the "
                             << what << " tensor has rank " << rank;
  for (int64_t i = 0; i < rank; ++i) {
    std::optional<int64_t> offset = constantIndex(offsets[i]);
    std::optional<int64_t> length = lengths[i];
    if (offset && *offset < 0)
      return op->emitOpError() << "start index " << *offset << " of dim " << i
                               << " is negative";
    if (length && *length < 0)
      return op->emitOpError() << "length " << *length << " of dim " << i
                               << " is negative";
    if (type.isDynamicDim(i))
      continue;
    int64_t size = type.getDimSize(i);
    if (offset && *offset > size)
      return op->emitOpError() << "start index " << *offset << " of dim " << i
                               << " is outside the " << what << " dim of size "
                               << size;
    // *offset <= size here, so `size - *offset` cannot overflow (unlike
    // `*offset + *length` with huge constants).
    if (offset && length && *length > size - *offset) {
      InFlightDiagnostic diag = op->emitOpError() << "region [" << *offset << ", ";
      int64_t end;
      if (llvm::AddOverflow(*offset, *length, end))
        diag << *offset << " + " << *length;
      else
        diag << end;
      return diag << ") of dim " << i << " is outside the " << what
                  << " dim of size " << size;
    }
  }
  return success();
}

/// Checks a region given as `offsets` and `lengths` operands (slice, fill):
/// as many of each, then verifyRegion with the constant lengths.
static LogicalResult verifyRegionOperands(Operation *op, StringRef what,
                                          RankedTensorType type,
                                          ValueRange offsets, ValueRange lengths) {
  if (offsets.size() != lengths.size())
    return op->emitOpError() << "has " << offsets.size()
                             << " start indices but " << lengths.size()
                             << " lengths";
  return verifyRegion(op, what, type, offsets,
                      llvm::map_to_vector(lengths, constantIndex));
}

static SmallVector<std::optional<int64_t>> staticShapeLengths(RankedTensorType type) {
  return llvm::map_to_vector(type.getShape(), [](int64_t d) -> std::optional<int64_t> {
    if (ShapedType::isDynamic(d))
      return std::nullopt;
    return d;
  });
}

/// Checks element indices of a load/store: one per dim, constants in bounds.
static LogicalResult verifyIndices(Operation *op, RankedTensorType type,
                                   ValueRange indices) {
  if (static_cast<int64_t>(indices.size()) != type.getRank())
    return op->emitOpError() << "has " << indices.size()
                             << " indices but the tensor has rank "
                             << type.getRank();
  for (auto [i, index] : llvm::enumerate(indices)) {
    std::optional<int64_t> value = constantIndex(index);
    if (!value)
      continue;
    if (*value < 0 || (!type.isDynamicDim(i) && *value >= type.getDimSize(i)))
      return op->emitOpError() << "index " << *value << " of dim " << i
                               << " is out of bounds";
  }
  return success();
}

static LogicalResult verifyValueType(Operation *op, StringRef what, Type valueType,
                                     RankedTensorType type) {
  if (valueType != type.getElementType())
    return op->emitOpError() << what << " type " << valueType
                             << " does not match the element type "
                             << type.getElementType();
  return success();
}

/// Checks that two tensor types describe the same logical tensor (element
/// type and compatible shape), as encode and clone require.
static LogicalResult verifySameLogicalTensor(Operation *op, RankedTensorType source,
                                             RankedTensorType result) {
  if (source.getElementType() != result.getElementType() ||
      failed(verifyCompatibleShape(source.getShape(), result.getShape())))
    return op->emitOpError() << "source " << source << " and result " << result
                             << " are not the same logical tensor";
  return success();
}

/// Async ops: a constant byte size named `what` is not negative.
LogicalResult verifyByteSize(Operation *op, const llvm::Twine &what,
                             Value size) {
  if (std::optional<int64_t> value = constantIndex(size); value && *value < 0)
    return op->emitOpError() << what << " size " << *value << " is negative";
  return success();
}

/// Async ops: the byte range `[offset to end]` of the resource `what` of
/// `size` bytes satisfies `0 <= offset <= end <= size` and
/// `end - offset == length` (`lengthName` names `length`), as far as the
/// values are constants.
LogicalResult verifyByteRange(Operation *op, const llvm::Twine &what,
                              Value size,
                              Value offset, Value end, Value length,
                              StringRef lengthName) {
  std::optional<int64_t> sizeValue = constantIndex(size);
  std::optional<int64_t> offsetValue = constantIndex(offset);
  std::optional<int64_t> endValue = constantIndex(end);
  std::optional<int64_t> lengthValue = constantIndex(length);
  if (offsetValue && *offsetValue < 0)
    return op->emitOpError() << what << " offset " << *offsetValue
                             << " is negative";
  if (endValue && *endValue < 0)
    return op->emitOpError() << what << " end " << *endValue << " is negative";
  if (offsetValue && endValue && *endValue < *offsetValue)
    return op->emitOpError() << what << " range [" << *offsetValue << " to "
                             << *endValue << "] ends before it starts";
  if (endValue && sizeValue && *endValue > *sizeValue)
    return op->emitOpError() << what << " range end " << *endValue
                             << " is past the " << what << " size "
                             << *sizeValue;
  if (lengthValue && *lengthValue < 0)
    return op->emitOpError() << lengthName << " " << *lengthValue
                             << " is negative";
  // 0 <= offset <= end here, so `end - offset` cannot overflow.
  if (offsetValue && endValue && lengthValue &&
      *endValue - *offsetValue != *lengthValue)
    return op->emitOpError() << what << " range [" << *offsetValue << " to "
                             << *endValue << "] is "
                             << *endValue - *offsetValue << " bytes but the "
                             << lengthName << " is " << *lengthValue;
  return success();
}

/// Async ops: a fill or splat pattern is an 8, 16, 32 or 64-bit integer and a
/// constant byte count `bytes` (named `what`) is a whole number of patterns.
static LogicalResult verifyFillPattern(Operation *op, Type pattern, StringRef what,
                                       Value bytes) {
  unsigned width = pattern.getIntOrFloatBitWidth();
  if (width != 8 && width != 16 && width != 32 && width != 64)
    return op->emitOpError() << "pattern type " << pattern
                             << " is not an 8, 16, 32 or 64-bit integer";
  std::optional<int64_t> value = constantIndex(bytes);
  if (value && *value % (width / 8) != 0)
    return op->emitOpError() << what << " " << *value
                             << " is not a multiple of the " << width / 8
                             << "-byte pattern " << pattern;
  return success();
}

/// Async ops: a tied result has its target's type.
static LogicalResult verifyTiedType(Operation *op, Type targetType,
                                    Type resultType) {
  if (targetType != resultType)
    return op->emitOpError() << "result type " << resultType
                             << " differs from its tied target type "
                             << targetType;
  return success();
}

/// Async load/store: the value of `valueType` at byte `offset` lies inside
/// the resource `what` of `size` bytes (`verb` is "reads" or "writes").
static LogicalResult verifyValueAccess(Operation *op, StringRef what,
                                       StringRef verb, Type valueType,
                                       Value size, Value offset) {
  if (failed(verifyByteSize(op, what, size)))
    return failure();
  std::optional<int64_t> offsetValue = constantIndex(offset);
  if (offsetValue && *offsetValue < 0)
    return op->emitOpError() << what << " offset " << *offsetValue
                             << " is negative";
  int64_t bytes = getElementByteWidth(valueType);
  std::optional<int64_t> sizeValue = constantIndex(size);
  // size >= 0 and bytes <= 16, so `size - bytes` cannot overflow.
  if (offsetValue && sizeValue && *offsetValue > *sizeValue - bytes)
    return op->emitOpError() << verb << " " << valueType << " (" << bytes
                             << " bytes) at offset " << *offsetValue
                             << ", past the " << what << " size " << *sizeValue;
  return success();
}

} // namespace layoutopt::stream_lite::ops_internal

//===----------------------------------------------------------------------===//
// Op verifiers
//===----------------------------------------------------------------------===//

namespace layoutopt::stream_lite {

LogicalResult DeviceOp::verify() {
  if (getTargets().empty())
    return emitOpError() << "must have at least one target";
  if (auto bits = getNativeFillBits()) {
    for (Attribute attr : *bits) {
      int64_t width = cast<IntegerAttr>(attr).getInt();
      if (width <= 0 || width % 8 != 0 || width > 64)
        return emitOpError() << "native_fill_bits entry " << width
                             << " is not a byte multiple in [8, 64]";
    }
  }
  return success();
}

SmallVector<int64_t> DeviceOp::getNativeFillBitWidths() {
  if (auto bits = getNativeFillBits())
    return llvm::map_to_vector(*bits, [](Attribute a) {
      return cast<IntegerAttr>(a).getInt();
    });
  return {8, 16, 32};
}

LogicalResult TensorSizeOfOp::verify() {
  return verifyEncodedTensor(*this, "encoding", getEncodingAttr(),
                             getEncodingDims());
}

LogicalResult TensorEmptyOp::verify() {
  return verifyEncodedTensor(*this, "result", getResultEncodingAttr(),
                             getResultEncodingDims());
}

LogicalResult TensorConstantOp::verify() {
  if (failed(verifyEncodedTensor(*this, "result", getResultEncodingAttr(),
                                 getResultEncodingDims())))
    return failure();
  RankedTensorType type = tensorOf(getResultEncodingAttr());
  auto valueType = dyn_cast<ShapedType>(getValue().getType());
  if (!valueType || !valueType.hasStaticShape())
    return emitOpError() << "value must have a static shaped type, got "
                         << getValue().getType();
  if (valueType.getElementType() != type.getElementType() ||
      failed(verifyCompatibleShape(valueType.getShape(), type.getShape())))
    return emitOpError() << "value type " << valueType
                         << " does not match the result tensor " << type;
  return success();
}

LogicalResult TensorSplatOp::verify() {
  if (failed(verifyEncodedTensor(*this, "result", getResultEncodingAttr(),
                                 getResultEncodingDims())))
    return failure();
  return verifyValueType(*this, "splat value", getValue().getType(),
                         tensorOf(getResultEncodingAttr()));
}

/// Clone, encode and slice describe both their source and result tensors.
template <typename OpTy>
static LogicalResult verifySourceAndResultTensors(OpTy op) {
  if (failed(verifyEncodedTensor(op, "source", op.getSourceEncodingAttr(),
                                 op.getSourceEncodingDims())))
    return failure();
  return verifyEncodedTensor(op, "result", op.getResultEncodingAttr(),
                             op.getResultEncodingDims());
}

LogicalResult TensorCloneOp::verify() {
  if (failed(verifySourceAndResultTensors(*this)))
    return failure();
  RankedTensorType source = tensorOf(getSourceEncodingAttr());
  RankedTensorType result = tensorOf(getResultEncodingAttr());
  if (source.getEncoding() != result.getEncoding()) {
    auto describe = [](Attribute encoding) -> std::string {
      if (!encoding)
        return "none";
      std::string text;
      llvm::raw_string_ostream os(text);
      os << encoding;
      return text;
    };
    return emitOpError() << "clone changes the encoding from "
                         << describe(source.getEncoding()) << " to "
                         << describe(result.getEncoding())
                         << "; use stream_lite.tensor.encode";
  }
  return verifySameLogicalTensor(*this, source, result);
}

LogicalResult TensorEncodeOp::verify() {
  if (failed(verifySourceAndResultTensors(*this)))
    return failure();
  return verifySameLogicalTensor(*this, tensorOf(getSourceEncodingAttr()),
                                 tensorOf(getResultEncodingAttr()));
}

LogicalResult TensorSliceOp::verify() {
  if (failed(verifySourceAndResultTensors(*this)))
    return failure();
  RankedTensorType source = tensorOf(getSourceEncodingAttr());
  RankedTensorType result = tensorOf(getResultEncodingAttr());
  if (failed(verifyRegionOperands(*this, "source", source, getStartIndices(),
                                  getLengths())))
    return failure();
  if (result.getRank() != source.getRank() ||
      result.getElementType() != source.getElementType())
    return emitOpError() << "result " << result
                         << " must have the rank and element type of the source "
                         << source;
  for (auto [i, length] : llvm::enumerate(getLengths())) {
    std::optional<int64_t> value = constantIndex(length);
    if (value && !result.isDynamicDim(i) && result.getDimSize(i) != *value)
      return emitOpError() << "result dim " << i << " is "
                           << result.getDimSize(i) << " but the slice length is "
                           << *value;
  }
  return success();
}

LogicalResult TensorFillOp::verify() {
  if (failed(verifyEncodedTensor(*this, "target", getTargetEncodingAttr(),
                                 getTargetEncodingDims())))
    return failure();
  RankedTensorType target = tensorOf(getTargetEncodingAttr());
  if (failed(verifyRegionOperands(*this, "target", target, getStartIndices(),
                                  getLengths())))
    return failure();
  return verifyValueType(*this, "fill value", getValue().getType(), target);
}

LogicalResult TensorUpdateOp::verify() {
  if (failed(verifyEncodedTensor(*this, "target", getTargetEncodingAttr(),
                                 getTargetEncodingDims())) ||
      failed(verifyEncodedTensor(*this, "update", getUpdateEncodingAttr(),
                                 getUpdateEncodingDims())))
    return failure();
  RankedTensorType target = tensorOf(getTargetEncodingAttr());
  RankedTensorType update = tensorOf(getUpdateEncodingAttr());
  if (update.getRank() != target.getRank() ||
      update.getElementType() != target.getElementType())
    return emitOpError() << "update " << update
                         << " must have the rank and element type of the target "
                         << target;
  return verifyRegion(*this, "target", target, getStartIndices(),
                      staticShapeLengths(update));
}

LogicalResult TensorLoadOp::verify() {
  if (failed(verifyEncodedTensor(*this, "source", getSourceEncodingAttr(),
                                 getSourceEncodingDims())))
    return failure();
  RankedTensorType source = tensorOf(getSourceEncodingAttr());
  if (failed(verifyIndices(*this, source, getIndices())))
    return failure();
  return verifyValueType(*this, "result", getResult().getType(), source);
}

LogicalResult TensorStoreOp::verify() {
  if (failed(verifyEncodedTensor(*this, "target", getTargetEncodingAttr(),
                                 getTargetEncodingDims())))
    return failure();
  RankedTensorType target = tensorOf(getTargetEncodingAttr());
  if (failed(verifyIndices(*this, target, getIndices())))
    return failure();
  return verifyValueType(*this, "store value", getValue().getType(), target);
}

/// import/export move dense row-major host data: no encoding, and the host
/// tensor must be the same logical tensor.
static LogicalResult verifyHostTensor(Operation *op, RankedTensorType resourceType,
                                      RankedTensorType hostType) {
  if (resourceType.getEncoding())
    return op->emitOpError() << "tensor type " << resourceType
                             << " must not carry an encoding (host data is dense "
                                "row-major; change layouts with "
                                "stream_lite.tensor.encode)";
  if (hostType.getEncoding())
    return op->emitOpError() << "host tensor type " << hostType
                             << " must not carry an encoding";
  if (hostType.getElementType() != resourceType.getElementType() ||
      failed(verifyCompatibleShape(hostType.getShape(), resourceType.getShape())))
    return op->emitOpError() << "host tensor " << hostType
                             << " does not match the resource tensor "
                             << resourceType;
  return success();
}

LogicalResult TensorImportOp::verify() {
  if (failed(verifyEncodedTensor(*this, "result", getResultEncodingAttr(),
                                 getResultEncodingDims())))
    return failure();
  return verifyHostTensor(*this, tensorOf(getResultEncodingAttr()),
                          cast<RankedTensorType>(getSource().getType()));
}

LogicalResult TensorExportOp::verify() {
  if (failed(verifyEncodedTensor(*this, "source", getSourceEncodingAttr(),
                                 getSourceEncodingDims())))
    return failure();
  return verifyHostTensor(*this, tensorOf(getSourceEncodingAttr()),
                          cast<RankedTensorType>(getResult().getType()));
}

//===----------------------------------------------------------------------===//
// Async-phase ops
//===----------------------------------------------------------------------===//

LogicalResult AsyncAllocaOp::verify() {
  return verifyByteSize(*this, "result", getStorageSize());
}

LogicalResult AsyncConstantOp::verify() {
  if (failed(verifyByteSize(*this, "result", getResultSize())))
    return failure();
  auto valueType = dyn_cast<ShapedType>(getValue().getType());
  if (!valueType || !valueType.hasStaticShape())
    return emitOpError() << "value must have a static shaped type, got "
                         << getValue().getType();
  ElementWidth width = ElementWidth::of(valueType.getElementType());
  std::optional<int64_t> size = constantIndex(getResultSize());
  if (!width.hasStorage() || !size)
    return success();
  // The dense (identity) bytes of the value; packed for sub-byte types.
  std::optional<int64_t> valueBytes =
      IdentityAttr::get(getContext())
          .getCheckedStorageSizeInBytes(valueType.getShape(), width);
  if (!valueBytes || *size < *valueBytes)
    return emitOpError() << "result size " << *size
                         << " is smaller than the value " << valueType;
  return success();
}

LogicalResult AsyncSplatOp::verify() {
  if (failed(verifyByteSize(*this, "result", getResultSize())))
    return failure();
  return verifyFillPattern(*this, getValue().getType(), "result size",
                           getResultSize());
}

LogicalResult AsyncCloneOp::verify() {
  if (failed(verifyByteSize(*this, "source", getSourceSize())) ||
      failed(verifyByteSize(*this, "result", getResultSize())))
    return failure();
  std::optional<int64_t> source = constantIndex(getSourceSize());
  std::optional<int64_t> result = constantIndex(getResultSize());
  if (source && result && *source != *result)
    return emitOpError() << "source size " << *source << " and result size "
                         << *result << " differ (a clone copies the whole "
                            "resource)";
  return success();
}

LogicalResult AsyncSliceOp::verify() {
  if (failed(verifyByteSize(*this, "source", getSourceSize())) ||
      failed(verifyByteSize(*this, "result", getResultSize())))
    return failure();
  return verifyByteRange(*this, "source", getSourceSize(), getSourceOffset(),
                         getSourceEnd(), getResultSize(), "result size");
}

LogicalResult AsyncFillOp::verify() {
  if (failed(verifyTiedType(*this, getTarget().getType(), getResult().getType())) ||
      failed(verifyByteSize(*this, "target", getTargetSize())) ||
      failed(verifyByteRange(*this, "target", getTargetSize(), getTargetOffset(),
                             getTargetEnd(), getTargetLength(), "length")))
    return failure();
  return verifyFillPattern(*this, getValue().getType(), "length",
                           getTargetLength());
}

LogicalResult AsyncUpdateOp::verify() {
  if (failed(verifyTiedType(*this, getTarget().getType(), getResult().getType())) ||
      failed(verifyByteSize(*this, "target", getTargetSize())) ||
      failed(verifyByteSize(*this, "update", getUpdateSize())))
    return failure();
  return verifyByteRange(*this, "target", getTargetSize(), getTargetOffset(),
                         getTargetEnd(), getUpdateSize(), "update size");
}

LogicalResult AsyncCopyOp::verify() {
  if (failed(verifyTiedType(*this, getTarget().getType(), getResult().getType())) ||
      failed(verifyByteSize(*this, "source", getSourceSize())) ||
      failed(verifyByteSize(*this, "target", getTargetSize())) ||
      failed(verifyByteRange(*this, "source", getSourceSize(), getSourceOffset(),
                             getSourceEnd(), getLength(), "length")) ||
      failed(verifyByteRange(*this, "target", getTargetSize(), getTargetOffset(),
                             getTargetEnd(), getLength(), "length")))
    return failure();
  if (getSource() != getTarget())
    return success();
  std::optional<int64_t> sourceOffset = constantIndex(getSourceOffset());
  std::optional<int64_t> sourceEnd = constantIndex(getSourceEnd());
  std::optional<int64_t> targetOffset = constantIndex(getTargetOffset());
  std::optional<int64_t> targetEnd = constantIndex(getTargetEnd());
  if (sourceOffset && sourceEnd && targetOffset && targetEnd &&
      *sourceOffset < *targetEnd && *targetOffset < *sourceEnd)
    return emitOpError() << "source range [" << *sourceOffset << " to "
                         << *sourceEnd << "] and target range [" << *targetOffset
                         << " to " << *targetEnd
                         << "] overlap in the same resource";
  return success();
}

LogicalResult AsyncLoadOp::verify() {
  return verifyValueAccess(*this, "source", "reads", getResult().getType(),
                           getSourceSize(), getSourceOffset());
}

LogicalResult AsyncStoreOp::verify() {
  if (failed(verifyTiedType(*this, getTarget().getType(), getResult().getType())))
    return failure();
  return verifyValueAccess(*this, "target", "writes", getValue().getType(),
                           getTargetSize(), getTargetOffset());
}

/// Async import/export: a host tensor carries no encoding, and a constant
/// byte size holds at least its dense bytes when its shape is static.
static LogicalResult verifyAsyncHostTensor(Operation *op, RankedTensorType hostType,
                                           StringRef what, Value size) {
  if (failed(verifyByteSize(op, what, size)))
    return failure();
  if (hostType.getEncoding())
    return op->emitOpError() << "host tensor type " << hostType
                             << " must not carry an encoding (host data is "
                                "dense row-major)";
  // The resource holds the dense bytes (packed for sub-byte types).
  ElementWidth width = ElementWidth::of(hostType.getElementType());
  std::optional<int64_t> bytes = constantIndex(size);
  if (!hostType.hasStaticShape() || !width.hasStorage() || !bytes)
    return success();
  std::optional<int64_t> dense =
      IdentityAttr::get(op->getContext())
          .getCheckedStorageSizeInBytes(hostType.getShape(), width);
  if (!dense || *bytes < *dense)
    return op->emitOpError() << what << " size " << *bytes
                             << " is smaller than the host tensor " << hostType;
  return success();
}

LogicalResult AsyncImportOp::verify() {
  return verifyAsyncHostTensor(*this, cast<RankedTensorType>(getSource().getType()),
                               "result", getResultSize());
}

LogicalResult AsyncExportOp::verify() {
  auto hostType = cast<RankedTensorType>(getResult().getType());
  if (getResultDims().size() != size_t(hostType.getNumDynamicDims()))
    return emitOpError() << "host tensor " << hostType << " has "
                         << hostType.getNumDynamicDims()
                         << " dynamic dims but " << getResultDims().size()
                         << " result dims are given";
  return verifyAsyncHostTensor(*this, hostType, "source", getSourceSize());
}

} // namespace layoutopt::stream_lite
