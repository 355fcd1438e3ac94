//===- StreamLiteDispatchTensor.cpp - kernels' logical views ---------------===//
//
// binding.subspan's two result forms, and dispatch.tensor.load/store: their
// syntax helpers and verifiers. The verifiers check local facts only: the
// access, rank, counts, element type, strides and constant regions against
// static dims.
//
//===----------------------------------------------------------------------===//

#include "StreamLiteOpsInternal.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace layoutopt::stream_lite {
namespace ops_internal {

ParseResult
parseSubspanResult(OpAsmParser &parser, TypeAttr &typeAttr,
                   SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims,
                   Type &resultType) {
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  if (auto view = dyn_cast<DispatchTensorType>(type)) {
    typeAttr = TypeAttr::get(view.getBoundType());
    resultType = view;
    return parseOptionalDims(parser, dims);
  }
  if (!isa<RankedTensorType>(type))
    return parser.emitError(loc)
           << "expected !stream_lite.dispatch.tensor or a ranked tensor "
              "type, got "
           << type;
  typeAttr = TypeAttr::get(type);
  return failure(parseOptionalDims(parser, dims) ||
                 parser.parseKeyword("in") || parser.parseType(resultType));
}

void printSubspanResult(OpAsmPrinter &printer, Operation *op, TypeAttr typeAttr,
                        OperandRange dims, Type resultType) {
  if (isa<DispatchTensorType>(resultType)) {
    printer.printType(resultType);
    if (!dims.empty())
      printer << '{' << dims << '}';
    return;
  }
  printEncodedType(printer, op, typeAttr, dims);
  printer << " in ";
  printer.printType(resultType);
}

} // namespace ops_internal

using namespace ops_internal;

void BindingSubspanOp::setBoundTensorType(RankedTensorType type) {
  setTensorTypeAttr(TypeAttr::get(type));
  if (DispatchTensorType view = getDispatchTensorType())
    getResult().setType(view.withBoundType(type));
}

LogicalResult BindingSubspanOp::verify() {
  if (DispatchTensorType view = getDispatchTensorType())
    if (view.getBoundType() != getTensorType())
      return emitOpError() << "views " << view << " but records tensor type "
                           << getTensorType();
  return verifyEncodedTensor(*this, "tensor", getTensorTypeAttr(),
                             getTensorDims());
}

/// Checks a region access of `view` (a load or a store), whose logical
/// value has type `valueType` (named `what`).
static LogicalResult
verifyRegionAccess(Operation *op, DispatchTensorType view, ValueRange viewDims,
                   RankedTensorType valueType, StringRef what,
                   ArrayRef<int64_t> staticOffsets, ValueRange offsets,
                   ArrayRef<int64_t> staticSizes, ValueRange sizes,
                   ArrayRef<int64_t> staticStrides, ValueRange strides) {
  RankedTensorType bound = view.getBoundType();
  int64_t rank = bound.getRank();
  if (viewDims.size() != bound.getNumDynamicDims())
    return op->emitOpError()
           << "view type " << view << " has " << bound.getNumDynamicDims()
           << " dynamic dims but " << viewDims.size()
           << " dim values are attached";
  auto checkList = [&](StringRef name, ArrayRef<int64_t> statics,
                       ValueRange values) -> LogicalResult {
    if (static_cast<int64_t>(statics.size()) != rank)
      return op->emitOpError() << "has " << statics.size() << " " << name
                               << " but the view has rank " << rank;
    return verifyListOfOperandsOrIntegers(op, name, rank, statics, values);
  };
  if (failed(checkList("offsets", staticOffsets, offsets)) ||
      failed(checkList("sizes", staticSizes, sizes)) ||
      failed(checkList("strides", staticStrides, strides)))
    return failure();
  if (valueType.getRank() != rank)
    return op->emitOpError() << what << " type " << valueType << " has rank "
                             << valueType.getRank() << " but the view has rank "
                             << rank;
  if (valueType.getElementType() != bound.getElementType())
    return op->emitOpError()
           << what << " element type " << valueType.getElementType()
           << " differs from the view's " << bound.getElementType();
  // IREE's form repeats the view's encoding; any other one is a layout the
  // kernel's logical values cannot have.
  if (Attribute encoding = valueType.getEncoding();
      encoding && encoding != bound.getEncoding())
    return op->emitOpError() << what << " type " << valueType
                             << " has an encoding other than the view's";
  for (int64_t d = 0; d < rank; ++d) {
    int64_t offset = staticOffsets[d], size = staticSizes[d],
            stride = staticStrides[d];
    if (!ShapedType::isDynamic(stride) && stride < 1)
      return op->emitOpError() << "stride " << stride << " of dim " << d
                               << " is not at least 1";
    if (!ShapedType::isDynamic(offset) && offset < 0)
      return op->emitOpError()
             << "offset " << offset << " of dim " << d << " is negative";
    if (!ShapedType::isDynamic(size) && size < 0)
      return op->emitOpError()
             << "size " << size << " of dim " << d << " is negative";
    int64_t valueDim = valueType.getDimSize(d);
    if (ShapedType::isDynamic(size) != ShapedType::isDynamic(valueDim) ||
        (!ShapedType::isDynamic(size) && size != valueDim))
      return op->emitOpError()
             << what << " type " << valueType << " does not have the region's "
             << "sizes (dim " << d << ": "
             << (ShapedType::isDynamic(size) ? std::string("?")
                                             : std::to_string(size))
             << ")";
    // A constant region must lie inside a static dim: its last element
    // offset + (size - 1) * stride, computed without overflow.
    int64_t dim = bound.getDimSize(d);
    if (ShapedType::isDynamic(dim) || ShapedType::isDynamic(offset) ||
        ShapedType::isDynamic(size) || ShapedType::isDynamic(stride) ||
        size == 0)
      continue;
    bool inside = offset < dim && (size - 1) <= (dim - 1 - offset) / stride;
    if (!inside)
      return op->emitOpError()
             << "region [" << offset << " for " << size << " step " << stride
             << "] of dim " << d << " is outside its size " << dim;
  }
  return success();
}

LogicalResult DispatchTensorLoadOp::verify() {
  DispatchTensorType view = getSourceType();
  if (!view.isReadable())
    return emitOpError() << "cannot load from a writeonly view";
  return verifyRegionAccess(*this, view, getSourceDims(), getType(), "result",
                            getStaticOffsets(), getOffsets(), getStaticSizes(),
                            getSizes(), getStaticStrides(), getStrides());
}

LogicalResult DispatchTensorStoreOp::verify() {
  DispatchTensorType view = getTargetType();
  if (!view.isWritable())
    return emitOpError() << "cannot store to a readonly view";
  return verifyRegionAccess(
      *this, view, getTargetDims(), cast<RankedTensorType>(getValue().getType()),
      "value", getStaticOffsets(), getOffsets(), getStaticSizes(), getSizes(),
      getStaticStrides(), getStrides());
}

SmallVector<OpFoldResult> DispatchTensorLoadOp::getMixedOffsets() {
  return getMixedValues(getStaticOffsets(), getOffsets(), getContext());
}
SmallVector<OpFoldResult> DispatchTensorLoadOp::getMixedSizes() {
  return getMixedValues(getStaticSizes(), getSizes(), getContext());
}
SmallVector<OpFoldResult> DispatchTensorLoadOp::getMixedStrides() {
  return getMixedValues(getStaticStrides(), getStrides(), getContext());
}
SmallVector<OpFoldResult> DispatchTensorStoreOp::getMixedOffsets() {
  return getMixedValues(getStaticOffsets(), getOffsets(), getContext());
}
SmallVector<OpFoldResult> DispatchTensorStoreOp::getMixedSizes() {
  return getMixedValues(getStaticSizes(), getSizes(), getContext());
}
SmallVector<OpFoldResult> DispatchTensorStoreOp::getMixedStrides() {
  return getMixedValues(getStaticStrides(), getStrides(), getContext());
}

} // namespace layoutopt::stream_lite
