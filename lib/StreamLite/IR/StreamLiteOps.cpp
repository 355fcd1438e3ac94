//===- StreamLiteOps.cpp - stream_lite ops --------------------------------===//
//
// Custom assembly pieces shared by the tensor ops and the op verifiers. The
// verifiers check local facts only (docs/language.md): dim and size counts,
// region ranks and constant bounds, element types and encodings that fit the
// tensor type they sit on.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace layoutopt::stream_lite;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `on(#stream_lite.affinity<...>)`, optional; `keyword` replaces `on`.
static ParseResult parseAffinity(OpAsmParser &parser, AffinityAttr &affinity,
                                 StringRef keyword = "on") {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  Attribute attr;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen() || parser.parseAttribute(attr) || parser.parseRParen())
    return failure();
  affinity = dyn_cast<AffinityAttr>(attr);
  if (!affinity)
    return parser.emitError(loc) << "expected #stream_lite.affinity, got " << attr;
  return success();
}

static void printAffinity(OpAsmPrinter &printer, Operation *,
                          AffinityAttr affinity, StringRef keyword = "on") {
  if (!affinity)
    return;
  printer << keyword << '(';
  printer.printAttribute(affinity);
  printer << ')';
}

/// `{%size}` after a resource type.
static ParseResult parseSize(OpAsmParser &parser,
                             OpAsmParser::UnresolvedOperand &size) {
  return failure(parser.parseLBrace() || parser.parseOperand(size) ||
                 parser.parseRBrace());
}

/// `!stream_lite.resource<L>{%size}`: a resource type and its byte size.
static ParseResult parseSizedType(OpAsmParser &parser, Type &type,
                                  OpAsmParser::UnresolvedOperand &size) {
  return failure(parser.parseType(type) || parseSize(parser, size));
}

static void printSizedType(OpAsmPrinter &printer, Type type, Value size) {
  printer.printType(type);
  printer << '{';
  printer.printOperand(size);
  printer << '}';
}

/// `{%d0, %d1}` after a tensor type (optional; `{}` is accepted too).
static ParseResult
parseOptionalDims(OpAsmParser &parser,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims) {
  if (succeeded(parser.parseOptionalLBrace()) &&
      failed(parser.parseOptionalRBrace()) &&
      (parser.parseOperandList(dims) || parser.parseRBrace()))
    return failure();
  return success();
}

/// `tensor<...>{%d0, %d1}`: a tensor type and its dynamic dims (omitted when
/// there are none).
static ParseResult
parseEncodedType(OpAsmParser &parser, TypeAttr &typeAttr,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims) {
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  if (!isa<RankedTensorType>(type))
    return parser.emitError(loc) << "expected a ranked tensor type, got " << type;
  typeAttr = TypeAttr::get(type);
  return parseOptionalDims(parser, dims);
}

static void printEncodedType(OpAsmPrinter &printer, Operation *, TypeAttr typeAttr,
                             ValueRange dims) {
  printer.printType(typeAttr.getValue());
  if (!dims.empty()) {
    printer << '{';
    printer << dims;
    printer << '}';
  }
}

/// `tensor<...>{%d} in !stream_lite.resource<L>{%size}`.
static ParseResult
parseEncodedResource(OpAsmParser &parser, TypeAttr &typeAttr,
                     SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims,
                     Type &resourceType, OpAsmParser::UnresolvedOperand &size) {
  return failure(parseEncodedType(parser, typeAttr, dims) ||
                 parser.parseKeyword("in") ||
                 parseSizedType(parser, resourceType, size));
}

static void printEncodedResource(OpAsmPrinter &printer, Operation *op,
                                 TypeAttr typeAttr, OperandRange dims,
                                 Type resourceType, Value size) {
  printEncodedType(printer, op, typeAttr, dims);
  printer << " in ";
  printSizedType(printer, resourceType, size);
}

/// `%target as !stream_lite.resource<L>{%size}` (async ops): the result is
/// tied to (is the updated) `%target` and has its type.
static ParseResult parseTiedResource(OpAsmParser &parser,
                                     OpAsmParser::UnresolvedOperand target,
                                     Type &targetType, Type &resultType,
                                     OpAsmParser::UnresolvedOperand &size) {
  OpAsmParser::UnresolvedOperand tied;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperand(tied))
    return failure();
  if (tied.name != target.name || tied.number != target.number)
    return parser.emitError(loc)
           << "the tied result must name the target operand " << target.name;
  if (parser.parseKeyword("as") || parseSizedType(parser, targetType, size))
    return failure();
  resultType = targetType;
  return success();
}

static void printTiedResource(OpAsmPrinter &printer, Operation *, Value target,
                              Type targetType, Type, Value size) {
  printer.printOperand(target);
  printer << " as ";
  printSizedType(printer, targetType, size);
}

/// `tensor<...>{%d} in %target as !stream_lite.resource<L>{%size}` (tensor
/// ops): the encoded form of a tied resource.
static ParseResult parseEncodedTiedResource(
    OpAsmParser &parser, TypeAttr &typeAttr,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims,
    OpAsmParser::UnresolvedOperand target, Type &resourceType,
    OpAsmParser::UnresolvedOperand &size) {
  Type resultType; // The op's result type is bound separately.
  return failure(parseEncodedType(parser, typeAttr, dims) ||
                 parser.parseKeyword("in") ||
                 parseTiedResource(parser, target, resourceType, resultType,
                                   size));
}

static void printEncodedTiedResource(OpAsmPrinter &printer, Operation *op,
                                     TypeAttr typeAttr, OperandRange dims,
                                     Value target, Type resourceType, Value size) {
  printEncodedType(printer, op, typeAttr, dims);
  printer << " in ";
  printTiedResource(printer, op, target, resourceType, Type(), size);
}

/// `public`, `private` or `nested` before a symbol name (optional).
static void parseSymbolVisibility(OpAsmParser &parser, OperationState &result) {
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword,
                                            {"public", "private", "nested"})))
    result.addAttribute(mlir::SymbolTable::getVisibilityAttrName(),
                        parser.getBuilder().getStringAttr(keyword));
}

static void printSymbolVisibility(OpAsmPrinter &printer, StringAttr visibility) {
  if (visibility)
    printer << ' ' << visibility.getValue();
}

//===----------------------------------------------------------------------===//
// Verifier helpers
//===----------------------------------------------------------------------===//

static RankedTensorType tensorOf(TypeAttr attr) {
  return cast<RankedTensorType>(attr.getValue());
}

/// Checks a tensor described by `typeAttr` (named `what`): its dynamic dim
/// count and its encoding against its shape.
static LogicalResult verifyEncodedTensor(Operation *op, StringRef what,
                                         TypeAttr typeAttr, ValueRange dims) {
  RankedTensorType type = tensorOf(typeAttr);
  if (static_cast<int64_t>(dims.size()) != static_cast<int64_t>(type.getNumDynamicDims()))
    return op->emitOpError()
           << what << " type " << type << " has " << type.getNumDynamicDims()
           << " dynamic dims but " << dims.size() << " dim values are attached";
  if (getElementByteWidth(type.getElementType()) == 0)
    return op->emitOpError() << what << " element type " << type.getElementType()
                             << " has no byte size";
  return verifyEncodingForType(type, [&]() {
    return op->emitOpError() << what << " type " << type << ": ";
  });
}

static std::optional<int64_t> constantIndex(Value value) {
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
static LogicalResult verifyByteSize(Operation *op, StringRef what, Value size) {
  if (std::optional<int64_t> value = constantIndex(size); value && *value < 0)
    return op->emitOpError() << what << " size " << *value << " is negative";
  return success();
}

/// Async ops: the byte range `[offset to end]` of the resource `what` of
/// `size` bytes satisfies `0 <= offset <= end <= size` and
/// `end - offset == length` (`lengthName` names `length`), as far as the
/// values are constants.
static LogicalResult verifyByteRange(Operation *op, StringRef what, Value size,
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
// Dispatch ops
//===----------------------------------------------------------------------===//
//
// tensor.dispatch and async.dispatch share their head, the framing of the
// operand type list, the results (with tied operands) and most of their
// verification; the op-specific parts (per-operand encodings and dims,
// per-resource byte ranges) come in as callbacks.
//
//===----------------------------------------------------------------------===//

/// The operand index result `resultIndex` is tied to per `tiedOperands` (an
/// absent attribute or a -1 entry: untied).
static std::optional<int64_t> tiedResultOperandIndex(ArrayAttr tiedOperands,
                                                     unsigned resultIndex) {
  if (!tiedOperands || resultIndex >= tiedOperands.size())
    return std::nullopt;
  int64_t index = cast<IntegerAttr>(tiedOperands[resultIndex]).getInt();
  if (index < 0)
    return std::nullopt;
  return index;
}

static LogicalResult verifyEntryPoints(Operation *op, ArrayAttr entryPoints) {
  if (entryPoints.empty())
    return op->emitOpError() << "must name at least one entry point";
  for (Attribute entry : entryPoints)
    if (cast<SymbolRefAttr>(entry).getNestedReferences().size() != 1)
      return op->emitOpError() << "entry point " << entry
                               << " must be @executable::@export";
  return success();
}

/// Only load and store take staging resources (docs/language.md, Types).
static LogicalResult verifyNotStaging(Operation *op, size_t operandIndex,
                                      ResourceType resource) {
  if (resource.getLifetime() == Lifetime::Staging)
    return op->emitOpError() << "operand " << operandIndex
                             << " is a staging resource; only load and store "
                                "take staging resources";
  return success();
}

/// Checks `tiedOperands` (if present): one entry per result, each untied or
/// naming a resource operand; `verifyTied(result, operand)` then checks what
/// the op requires of each tied pair.
static LogicalResult
verifyTiedOperands(Operation *op, ArrayAttr tiedOperands, ValueRange operands,
                   function_ref<LogicalResult(unsigned, int64_t)> verifyTied) {
  if (!tiedOperands)
    return success();
  unsigned numResults = op->getNumResults();
  if (tiedOperands.size() != numResults)
    return op->emitOpError() << "tied_operands has " << tiedOperands.size()
                             << " entries but the op has " << numResults
                             << " results";
  for (unsigned i = 0; i < numResults; ++i) {
    std::optional<int64_t> index = tiedResultOperandIndex(tiedOperands, i);
    if (!index)
      continue;
    if (*index >= static_cast<int64_t>(operands.size()) ||
        !isa<ResourceType>(operands[*index].getType()))
      return op->emitOpError() << "result " << i << " is tied to operand "
                               << *index << ", which is not a resource operand";
    if (failed(verifyTied(i, *index)))
      return failure();
  }
  return success();
}

/// The head shared by tensor.dispatch and async.dispatch:
/// `on(#affinity)? (@ex::@entry | {@a::@b, ...}) ([workload])?`.
static ParseResult
parseDispatchHead(OpAsmParser &parser, OperationState &result,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &workload) {
  AffinityAttr affinity;
  if (parseAffinity(parser, affinity))
    return failure();
  if (affinity)
    result.addAttribute("affinity", affinity);
  SmallVector<Attribute> entryPoints;
  auto parseEntry = [&]() -> ParseResult {
    SymbolRefAttr entry;
    if (parser.parseAttribute(entry))
      return failure();
    entryPoints.push_back(entry);
    return success();
  };
  if (succeeded(parser.parseOptionalLBrace())) {
    if (parser.parseCommaSeparatedList(parseEntry) || parser.parseRBrace())
      return failure();
  } else if (parseEntry()) {
    return failure();
  }
  result.addAttribute("entry_points",
                      ArrayAttr::get(parser.getContext(), entryPoints));
  if (succeeded(parser.parseOptionalLSquare()) &&
      (parser.parseOperandList(workload) || parser.parseRSquare()))
    return failure();
  return success();
}

static void printDispatchHead(OpAsmPrinter &printer, Operation *op,
                              AffinityAttr affinity, ArrayAttr entryPoints,
                              OperandRange workload) {
  printer << ' ';
  if (affinity) {
    printAffinity(printer, op, affinity);
    printer << ' ';
  }
  if (entryPoints.size() == 1) {
    printer.printAttribute(entryPoints[0]);
  } else {
    printer << '{';
    llvm::interleaveComma(entryPoints, printer,
                          [&](Attribute a) { printer.printAttribute(a); });
    printer << '}';
  }
  if (!workload.empty())
    printer << '[' << workload << ']';
}

/// The operand types `(t0, t1, ...)`, one per operand. `parseType(index,
/// type, sized)` parses the op's form of entry `index` up to its operand type
/// and sets `sized` when a `{%size}` follows, which only a resource may have.
static ParseResult parseDispatchOperandTypes(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    SmallVectorImpl<Type> &types,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &sizes,
    function_ref<ParseResult(unsigned, Type &, bool &)> parseType) {
  auto parseEntry = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    Type type;
    bool sized = false;
    if (parseType(types.size(), type, sized))
      return failure();
    types.push_back(type);
    if (!sized)
      return success();
    if (parseSize(parser, sizes.emplace_back()))
      return failure();
    if (!isa<ResourceType>(type))
      return parser.emitError(loc) << "expected a stream_lite resource type";
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren, parseEntry))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(parser.getNameLoc())
           << "has " << operands.size() << " operands but " << types.size()
           << " operand types";
  return success();
}

/// Prints what parseDispatchOperandTypes parses: `printType(index, operand)`
/// prints the op's form of an entry up to its type; a resource's `{%size}`
/// (the next of `sizes`) follows.
static void
printDispatchOperandTypes(OpAsmPrinter &printer, ValueRange operands,
                          ValueRange sizes,
                          function_ref<void(unsigned, Value)> printType) {
  printer << '(';
  auto size = sizes.begin();
  for (auto [i, operand] : llvm::enumerate(operands)) {
    if (i)
      printer << ", ";
    printType(i, operand);
    if (!isa<ResourceType>(operand.getType()))
      continue;
    printer << '{';
    printer.printOperand(*size++);
    printer << '}';
  }
  printer << ')';
}

/// `-> r` or `-> (r0, r1, ...)` (any count), each result
/// `prefix? (%operand as)? !stream_lite.resource<L>{%size}` where
/// `parsePrefix` parses the op's own prefix. Adds the result types and, when
/// any result is tied, `tied_operands` (operand indices, -1 when untied).
static ParseResult
parseDispatchResults(OpAsmParser &parser, OperationState &result,
                     ArrayRef<OpAsmParser::UnresolvedOperand> operands,
                     SmallVectorImpl<OpAsmParser::UnresolvedOperand> &sizes,
                     function_ref<ParseResult()> parsePrefix = {}) {
  SmallVector<Type> types;
  SmallVector<Attribute> tiedOperands;
  bool anyTied = false;
  auto parseResult = [&]() -> ParseResult {
    if (parsePrefix && parsePrefix())
      return failure();
    int64_t tiedIndex = -1;
    OpAsmParser::UnresolvedOperand tied;
    OptionalParseResult hasTied = parser.parseOptionalOperand(tied);
    if (hasTied.has_value()) {
      if (failed(*hasTied) || parser.parseKeyword("as"))
        return failure();
      for (auto [i, operand] : llvm::enumerate(operands))
        if (operand.name == tied.name && operand.number == tied.number)
          tiedIndex = i;
      if (tiedIndex < 0)
        return parser.emitError(tied.location)
               << "tied result names " << tied.name
               << ", which is not an operand";
      anyTied = true;
    }
    tiedOperands.push_back(parser.getBuilder().getI64IntegerAttr(tiedIndex));
    return parseSizedType(parser, types.emplace_back(), sizes.emplace_back());
  };
  if (parser.parseArrow())
    return failure();
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen()) &&
        (parser.parseCommaSeparatedList(parseResult) || parser.parseRParen()))
      return failure();
  } else if (parseResult()) {
    return failure();
  }
  if (anyTied)
    result.addAttribute("tied_operands",
                        ArrayAttr::get(parser.getContext(), tiedOperands));
  result.addTypes(types);
  return success();
}

/// Prints what parseDispatchResults parses; `printPrefix(i)` prints result
/// i's op-specific prefix.
static void printDispatchResults(OpAsmPrinter &printer, Operation *op,
                                 ValueRange operands, ValueRange sizes,
                                 ArrayAttr tiedOperands,
                                 function_ref<void(unsigned)> printPrefix = {}) {
  printer << " -> ";
  bool parens = op->getNumResults() != 1;
  if (parens)
    printer << '(';
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    if (i)
      printer << ", ";
    if (printPrefix)
      printPrefix(i);
    if (std::optional<int64_t> tied = tiedResultOperandIndex(tiedOperands, i)) {
      printer.printOperand(operands[*tied]);
      printer << " as ";
    }
    printSizedType(printer, op->getResult(i).getType(), sizes[i]);
  }
  if (parens)
    printer << ')';
}

/// Resolves the parsed operands in ODS segment order: the workload, the
/// mixed operands with their parsed types, then the index-typed
/// `indexSegments`; records the segment sizes.
static ParseResult resolveDispatchOperands(
    OpAsmParser &parser, OperationState &result, StringAttr segmentSizesName,
    ArrayRef<OpAsmParser::UnresolvedOperand> workload,
    ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    ArrayRef<Type> operandTypes,
    ArrayRef<ArrayRef<OpAsmParser::UnresolvedOperand>> indexSegments) {
  Type indexType = parser.getBuilder().getIndexType();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.resolveOperands(workload, indexType, result.operands) ||
      parser.resolveOperands(operands, operandTypes, loc, result.operands))
    return failure();
  SmallVector<int32_t> segmentSizes = {static_cast<int32_t>(workload.size()),
                                       static_cast<int32_t>(operands.size())};
  for (ArrayRef<OpAsmParser::UnresolvedOperand> segment : indexSegments) {
    if (parser.resolveOperands(segment, indexType, result.operands))
      return failure();
    segmentSizes.push_back(static_cast<int32_t>(segment.size()));
  }
  result.addAttribute(segmentSizesName,
                      parser.getBuilder().getDenseI32ArrayAttr(segmentSizes));
  return success();
}

/// Prints a tensor.dispatch tensor type with its dims, taking its dynamic
/// dims off the front of `dims` (the op lists all operands' or all results'
/// dims in one segment).
static void printEncodedTypeFrom(OpAsmPrinter &printer, Attribute encoding,
                                 ValueRange &dims) {
  auto typeAttr = cast<TypeAttr>(encoding);
  unsigned count = tensorOf(typeAttr).getNumDynamicDims();
  printEncodedType(printer, nullptr, typeAttr, dims.take_front(count));
  dims = dims.drop_front(count);
}

//===----------------------------------------------------------------------===//
// TensorDispatchOp
//===----------------------------------------------------------------------===//

std::optional<int64_t>
TensorDispatchOp::getTiedResultOperandIndex(unsigned resultIndex) {
  return tiedResultOperandIndex(getTiedOperandsAttr(), resultIndex);
}

LogicalResult TensorDispatchOp::verify() {
  if (failed(verifyEntryPoints(*this, getEntryPoints())))
    return failure();
  ArrayAttr operandEncodings = getOperandEncodings();
  if (operandEncodings.size() != getMixedOperands().size())
    return emitOpError() << "has " << getMixedOperands().size()
                         << " operands but " << operandEncodings.size()
                         << " operand encodings";
  size_t resourceCount = 0, operandDimCount = 0;
  for (auto [operandIndex, operand, encodingAttr] :
       llvm::enumerate(getMixedOperands(), operandEncodings)) {
    Type encoding = cast<TypeAttr>(encodingAttr).getValue();
    if (auto resource = dyn_cast<ResourceType>(operand.getType())) {
      if (failed(verifyNotStaging(*this, operandIndex, resource)))
        return failure();
      auto tensor = dyn_cast<RankedTensorType>(encoding);
      if (!tensor)
        return emitOpError() << "resource operand needs a ranked tensor type, got "
                             << encoding;
      ++resourceCount;
      operandDimCount += tensor.getNumDynamicDims();
      if (failed(verifyEncodingForType(tensor, [&]() {
            return emitOpError() << "operand type " << tensor << ": ";
          })))
        return failure();
    } else if (encoding != operand.getType()) {
      return emitOpError() << "scalar operand of type " << operand.getType()
                           << " is described as " << encoding;
    }
  }
  if (getOperandSizes().size() != resourceCount)
    return emitOpError() << "has " << resourceCount << " resource operands but "
                         << getOperandSizes().size() << " operand sizes";
  if (getOperandEncodingDims().size() != operandDimCount)
    return emitOpError() << "operand types have " << operandDimCount
                         << " dynamic dims but " << getOperandEncodingDims().size()
                         << " dim values are attached";
  ArrayAttr resultEncodings = getResultEncodings();
  if (resultEncodings.size() != getNumResults() ||
      getResultSizes().size() != getNumResults())
    return emitOpError() << "has " << getNumResults() << " results but "
                         << resultEncodings.size() << " result encodings and "
                         << getResultSizes().size() << " result sizes";
  size_t resultDimCount = 0;
  for (Attribute encodingAttr : resultEncodings) {
    auto tensor = dyn_cast<RankedTensorType>(cast<TypeAttr>(encodingAttr).getValue());
    if (!tensor)
      return emitOpError() << "result needs a ranked tensor type, got "
                           << encodingAttr;
    resultDimCount += tensor.getNumDynamicDims();
    if (failed(verifyEncodingForType(tensor, [&]() {
          return emitOpError() << "result type " << tensor << ": ";
        })))
      return failure();
  }
  if (getResultEncodingDims().size() != resultDimCount)
    return emitOpError() << "result types have " << resultDimCount
                         << " dynamic dims but " << getResultEncodingDims().size()
                         << " dim values are attached";
  return verifyTiedOperands(
      *this, getTiedOperandsAttr(), getMixedOperands(),
      [&](unsigned i, int64_t index) -> LogicalResult {
        if (operandEncodings[index] != resultEncodings[i])
          return emitOpError()
                 << "result " << i << " type "
                 << cast<TypeAttr>(resultEncodings[i]).getValue()
                 << " differs from its tied operand type "
                 << cast<TypeAttr>(operandEncodings[index]).getValue();
        if (getMixedOperands()[index].getType() != getResult(i).getType())
          return emitOpError() << "result " << i
                               << " resource type differs from its tied operand";
        return success();
      });
}

/// `on(#a) @ex::@entry[%w](%r, %c4) : (tensor<?x4xf32>{%d} in
/// !stream_lite.resource<*>{%sz}, index) -> tensor<...>{%d} in ...`
ParseResult TensorDispatchOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> workload, operands, operandSizes,
      operandDims, resultSizes, resultDims;
  if (parseDispatchHead(parser, result, workload) || parser.parseLParen() ||
      parser.parseOperandList(operands) || parser.parseRParen() ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  // Operand types: `tensor<...>{dims} in !resource{size}` or a scalar type
  // (its own encoding).
  SmallVector<Type> operandTypes;
  SmallVector<Attribute> operandEncodings, resultEncodings;
  auto parseOperandType = [&](unsigned, Type &type, bool &sized) -> ParseResult {
    if (parser.parseType(type))
      return failure();
    operandEncodings.push_back(TypeAttr::get(type));
    if (!isa<RankedTensorType>(type))
      return success();
    sized = true;
    return failure(parseOptionalDims(parser, operandDims) ||
                   parser.parseKeyword("in") || parser.parseType(type));
  };
  // Results: `tensor<...>{dims} in` before the resource.
  auto parseResultPrefix = [&]() -> ParseResult {
    TypeAttr encoding;
    if (parseEncodedType(parser, encoding, resultDims) ||
        parser.parseKeyword("in"))
      return failure();
    resultEncodings.push_back(encoding);
    return success();
  };
  if (parseDispatchOperandTypes(parser, operands, operandTypes, operandSizes,
                                parseOperandType) ||
      parseDispatchResults(parser, result, operands, resultSizes,
                           parseResultPrefix))
    return failure();
  MLIRContext *ctx = parser.getContext();
  result.addAttribute("operand_encodings", ArrayAttr::get(ctx, operandEncodings));
  result.addAttribute("result_encodings", ArrayAttr::get(ctx, resultEncodings));
  return resolveDispatchOperands(
      parser, result, getOperandSegmentSizesAttrName(result.name), workload,
      operands, operandTypes,
      {operandSizes, operandDims, resultSizes, resultDims});
}

void TensorDispatchOp::print(OpAsmPrinter &printer) {
  printDispatchHead(printer, *this, getAffinityAttr(), getEntryPoints(),
                    getWorkload());
  printer << '(' << getMixedOperands() << ')';
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {"affinity", "entry_points", "operand_encodings", "result_encodings",
       "tied_operands", getOperandSegmentSizesAttrName()});
  printer << " : ";
  ValueRange operandDims = getOperandEncodingDims();
  printDispatchOperandTypes(
      printer, getMixedOperands(), getOperandSizes(),
      [&](unsigned i, Value operand) {
        Attribute encoding = getOperandEncodings()[i];
        if (!isa<ResourceType>(operand.getType())) {
          printer.printType(cast<TypeAttr>(encoding).getValue());
          return;
        }
        printEncodedTypeFrom(printer, encoding, operandDims);
        printer << " in ";
        printer.printType(operand.getType());
      });
  ValueRange resultDims = getResultEncodingDims();
  printDispatchResults(printer, *this, getMixedOperands(), getResultSizes(),
                       getTiedOperandsAttr(), [&](unsigned i) {
                         printEncodedTypeFrom(printer, getResultEncodings()[i],
                                              resultDims);
                         printer << " in ";
                       });
}

//===----------------------------------------------------------------------===//
// Executables
//===----------------------------------------------------------------------===//

/// `stream_lite.executable private @ex attributes {...} { ... }`
ParseResult ExecutableOp::parse(OpAsmParser &parser, OperationState &result) {
  parseSymbolVisibility(parser, result);
  StringAttr name;
  if (parser.parseSymbolName(name, mlir::SymbolTable::getSymbolAttrName(),
                             result.attributes) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void ExecutableOp::print(OpAsmPrinter &printer) {
  printSymbolVisibility(printer, getSymVisibilityAttr());
  printer << ' ';
  printer.printSymbolName(getSymName());
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {mlir::SymbolTable::getSymbolAttrName(), mlir::SymbolTable::getVisibilityAttrName()});
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/false);
}

/// `stream_lite.executable.export public @entry as(@fn) {...}`
ParseResult ExecutableExportOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  parseSymbolVisibility(parser, result);
  StringAttr name;
  if (parser.parseSymbolName(name, mlir::SymbolTable::getSymbolAttrName(),
                             result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("as"))) {
    FlatSymbolRefAttr function;
    if (parser.parseLParen() || parser.parseAttribute(function) ||
        parser.parseRParen())
      return failure();
    result.addAttribute(getFunctionRefAttrName(result.name), function);
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void ExecutableExportOp::print(OpAsmPrinter &printer) {
  printSymbolVisibility(printer, getSymVisibilityAttr());
  printer << ' ';
  printer.printSymbolName(getSymName());
  if (FlatSymbolRefAttr function = getFunctionRefAttr()) {
    printer << " as(";
    printer.printAttribute(function);
    printer << ')';
  }
  printer.printOptionalAttrDict(
      (*this)->getAttrs(), {mlir::SymbolTable::getSymbolAttrName(),
                            mlir::SymbolTable::getVisibilityAttrName(),
                            getFunctionRefAttrName()});
}

ModuleOp ExecutableOp::getInnerModule() {
  auto modules = getBody().front().getOps<ModuleOp>();
  return modules.empty() ? ModuleOp() : *modules.begin();
}

LogicalResult ExecutableOp::verify() {
  // The printer never prints entry block arguments: reject them rather than
  // dropping them silently.
  if (getBody().front().getNumArguments() != 0)
    return emitOpError() << "body must not have block arguments";
  unsigned modules = 0;
  for (Operation &op : getBody().front()) {
    if (isa<ModuleOp>(op)) {
      ++modules;
      continue;
    }
    if (!isa<ExecutableExportOp>(op))
      return emitOpError() << "may only contain stream_lite.executable.export "
                              "and builtin.module ops, found "
                           << op.getName();
  }
  if (modules > 1)
    return emitOpError() << "must contain at most one builtin.module";
  return success();
}

LogicalResult BindingSubspanOp::verify() {
  return verifyEncodedTensor(*this, "tensor", getTensorTypeAttr(),
                             getTensorDims());
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
  int64_t elementBytes = getElementByteWidth(valueType.getElementType());
  std::optional<int64_t> size = constantIndex(getResultSize());
  if (elementBytes == 0 || !size)
    return success();
  int64_t valueBytes;
  if (llvm::MulOverflow(valueType.getNumElements(), elementBytes, valueBytes) ||
      *size < valueBytes)
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
  int64_t elementBytes = getElementByteWidth(hostType.getElementType());
  std::optional<int64_t> bytes = constantIndex(size);
  if (!hostType.hasStaticShape() || elementBytes == 0 || !bytes)
    return success();
  int64_t dense;
  if (llvm::MulOverflow(hostType.getNumElements(), elementBytes, dense) ||
      *bytes < dense)
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

std::optional<int64_t>
AsyncDispatchOp::getTiedResultOperandIndex(unsigned resultIndex) {
  return tiedResultOperandIndex(getTiedOperandsAttr(), resultIndex);
}

LogicalResult AsyncDispatchOp::verify() {
  if (failed(verifyEntryPoints(*this, getEntryPoints())))
    return failure();
  // Sizes and ranges are listed per resource operand, in operand order.
  SmallVector<unsigned> resourceIndices;
  for (auto [operandIndex, operand] : llvm::enumerate(getResourceOperands())) {
    auto resource = dyn_cast<ResourceType>(operand.getType());
    if (!resource)
      continue;
    if (failed(verifyNotStaging(*this, operandIndex, resource)))
      return failure();
    resourceIndices.push_back(operandIndex);
  }
  size_t resourceCount = resourceIndices.size();
  auto checkCount = [&](size_t count, StringRef what) -> LogicalResult {
    if (count != resourceCount)
      return emitOpError() << "has " << resourceCount
                           << " resource operands but " << count << " " << what;
    return success();
  };
  if (failed(checkCount(getResourceOperandSizes().size(), "operand sizes")) ||
      failed(checkCount(getResourceOperandOffsets().size(), "operand offsets")) ||
      failed(checkCount(getResourceOperandEnds().size(), "operand ends")) ||
      failed(checkCount(getResourceOperandLengths().size(), "operand lengths")))
    return failure();
  DenseMap<unsigned, Value> operandSizes;
  for (auto [i, operandIndex] : llvm::enumerate(resourceIndices)) {
    std::string what = "operand " + std::to_string(operandIndex);
    Value size = getResourceOperandSizes()[i];
    operandSizes[operandIndex] = size;
    if (failed(verifyByteSize(*this, what, size)) ||
        failed(verifyByteRange(*this, what, size, getResourceOperandOffsets()[i],
                               getResourceOperandEnds()[i],
                               getResourceOperandLengths()[i], "length")))
      return failure();
  }
  if (getResultSizes().size() != getNumResults())
    return emitOpError() << "has " << getNumResults() << " results but "
                         << getResultSizes().size() << " result sizes";
  for (unsigned i = 0; i < getNumResults(); ++i)
    if (failed(verifyByteSize(*this, "result " + std::to_string(i),
                              getResultSizes()[i])))
      return failure();
  return verifyTiedOperands(
      *this, getTiedOperandsAttr(), getResourceOperands(),
      [&](unsigned i, int64_t index) -> LogicalResult {
        Type operandType = getResourceOperands()[index].getType();
        if (operandType != getResult(i).getType())
          return emitOpError() << "result " << i << " type "
                               << getResult(i).getType()
                               << " differs from its tied operand type "
                               << operandType;
        std::optional<int64_t> operandSize = constantIndex(operandSizes[index]);
        std::optional<int64_t> resultSize = constantIndex(getResultSizes()[i]);
        if (operandSize && resultSize && *operandSize != *resultSize)
          return emitOpError() << "result " << i << " size " << *resultSize
                               << " differs from its tied operand size "
                               << *operandSize;
        return success();
      });
}

/// `on(#a) @ex::@entry[%w](%r[%o to %e for %l], %c4) : (!stream_lite.resource<*>{%sz}, index) -> ...`
ParseResult AsyncDispatchOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> workload, operands, offsets,
      ends, lengths, operandSizes, resultSizes;
  SmallVector<bool> hasRange;
  auto parseOperand = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    if (parser.parseOperand(operand))
      return failure();
    operands.push_back(operand);
    hasRange.push_back(false);
    if (failed(parser.parseOptionalLSquare()))
      return success();
    hasRange.back() = true;
    return failure(parser.parseOperand(offsets.emplace_back()) ||
                   parser.parseKeyword("to") ||
                   parser.parseOperand(ends.emplace_back()) ||
                   parser.parseKeyword("for") ||
                   parser.parseOperand(lengths.emplace_back()) ||
                   parser.parseRSquare());
  };
  if (parseDispatchHead(parser, result, workload) ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseOperand) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  // Operand types: `!stream_lite.resource<L>{%size}` for an operand with a
  // byte range, a scalar type for one without.
  SmallVector<Type> operandTypes;
  auto parseOperandType = [&](unsigned index, Type &type,
                              bool &sized) -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseType(type))
      return failure();
    sized = isa<ResourceType>(type);
    if (index < operands.size() && sized != hasRange[index])
      return parser.emitError(loc)
             << "operand " << operands[index].name
             << (sized ? " is a resource and needs a byte range "
                         "[offset to end for length]"
                       : " is not a resource and takes no byte range");
    return success();
  };
  if (parseDispatchOperandTypes(parser, operands, operandTypes, operandSizes,
                                parseOperandType) ||
      parseDispatchResults(parser, result, operands, resultSizes))
    return failure();
  return resolveDispatchOperands(
      parser, result, getOperandSegmentSizesAttrName(result.name), workload,
      operands, operandTypes,
      {operandSizes, offsets, ends, lengths, resultSizes});
}

void AsyncDispatchOp::print(OpAsmPrinter &printer) {
  printDispatchHead(printer, *this, getAffinityAttr(), getEntryPoints(),
                    getWorkload());
  printer << '(';
  unsigned range = 0;
  llvm::interleaveComma(getResourceOperands(), printer, [&](Value operand) {
    printer.printOperand(operand);
    if (!isa<ResourceType>(operand.getType()))
      return;
    printer << '[';
    printer.printOperand(getResourceOperandOffsets()[range]);
    printer << " to ";
    printer.printOperand(getResourceOperandEnds()[range]);
    printer << " for ";
    printer.printOperand(getResourceOperandLengths()[range]);
    printer << ']';
    ++range;
  });
  printer << ')';
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"affinity", "entry_points", "tied_operands",
                                 getOperandSegmentSizesAttrName()});
  printer << " : ";
  printDispatchOperandTypes(
      printer, getResourceOperands(), getResourceOperandSizes(),
      [&](unsigned, Value operand) { printer.printType(operand.getType()); });
  printDispatchResults(printer, *this, getResourceOperands(), getResultSizes(),
                       getTiedOperandsAttr());
}

} // namespace layoutopt::stream_lite

#include "StreamLite/IR/StreamLiteOpInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "StreamLite/IR/StreamLiteOps.cpp.inc"
