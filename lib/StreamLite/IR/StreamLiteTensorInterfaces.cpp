//===- StreamLiteTensorInterfaces.cpp - what each op does with tensors ----===//
//
// The EncodedTensorOpInterface and TiedOpInterface of every op: the one place
// that says which tensors an op describes and what it does with their bytes.
// Passes (creator analysis, specialization, runtime checks, the padding
// checker, the memref lowering) only read these lists.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"

using namespace mlir;

namespace layoutopt::stream_lite {

namespace {
EncodedTensor makeTensor(TensorRole role, StringRef name, TypeAttr type,
                         ValueRange dims, Value resource = {},
                         Value size = {}) {
  EncodedTensor tensor;
  tensor.role = role;
  tensor.name = name;
  tensor.type = type;
  tensor.dims = dims;
  tensor.resource = resource;
  tensor.size = size;
  return tensor;
}

EncodedTensor makeCopy(StringRef name, TypeAttr type, ValueRange dims,
                       Value result, Value size, Value source) {
  EncodedTensor tensor =
      makeTensor(TensorRole::Copies, name, type, dims, result, size);
  tensor.source = source;
  return tensor;
}

EncodedTensor makeWrite(StringRef name, TypeAttr type, ValueRange dims,
                        Value target, Value size, Value result) {
  EncodedTensor tensor =
      makeTensor(TensorRole::Writes, name, type, dims, target, size);
  tensor.result = result;
  return tensor;
}
} // namespace

Value detail::getDefaultLayoutSource(Operation *op, unsigned resultIndex) {
  if (auto tied = dyn_cast<TiedOpInterface>(op))
    if (OpOperand *operand = tied.getTiedResultOpOperand(resultIndex))
      return operand->get();
  Value result = op->getResult(resultIndex);
  for (const EncodedTensor &tensor :
       cast<EncodedTensorOpInterface>(op).getEncodedTensors())
    if (tensor.role == TensorRole::Copies && tensor.resource == result)
      return tensor.source;
  return {};
}

LogicalResult detail::verifyEncodedTensorSizes(Operation *op,
                                               ArrayRef<EncodedTensor> tensors) {
  for (const EncodedTensor &tensor : tensors) {
    if (failed(verifyStorageSizeFits(tensor.getType(), [&] {
          return op->emitOpError() << tensor.name << " ";
        })))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Ops that create one tensor
//===----------------------------------------------------------------------===//

SmallVector<EncodedTensor, 2> TensorSizeOfOp::getEncodedTensors() {
  // Named "type" so that diagnostics read "the encoding of type 'tensor<...>'".
  return {makeTensor(TensorRole::Describes, "type", getEncodingAttr(),
                     getEncodingDims())};
}
void TensorSizeOfOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setEncodingAttr(type);
}

SmallVector<EncodedTensor, 2> TensorEmptyOp::getEncodedTensors() {
  return {makeTensor(TensorRole::Allocates, "result", getResultEncodingAttr(),
                     getResultEncodingDims(), getResult(), getResultSize())};
}
void TensorEmptyOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setResultEncodingAttr(type);
}

SmallVector<EncodedTensor, 2> TensorConstantOp::getEncodedTensors() {
  // The size is the type's storage size, which the op does not carry.
  return {makeTensor(TensorRole::Creates, "result", getResultEncodingAttr(),
                     getResultEncodingDims(), getResult())};
}
void TensorConstantOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setResultEncodingAttr(type);
}

SmallVector<EncodedTensor, 2> TensorSplatOp::getEncodedTensors() {
  return {makeTensor(TensorRole::Creates, "result", getResultEncodingAttr(),
                     getResultEncodingDims(), getResult(), getResultSize())};
}
void TensorSplatOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setResultEncodingAttr(type);
}

SmallVector<EncodedTensor, 2> TensorImportOp::getEncodedTensors() {
  return {makeTensor(TensorRole::Creates, "result", getResultEncodingAttr(),
                     getResultEncodingDims(), getResult(), getResultSize())};
}
void TensorImportOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setResultEncodingAttr(type);
}

//===----------------------------------------------------------------------===//
// Ops that read a source
//===----------------------------------------------------------------------===//

SmallVector<EncodedTensor, 2> TensorCloneOp::getEncodedTensors() {
  return {makeTensor(TensorRole::Reads, "source", getSourceEncodingAttr(),
                     getSourceEncodingDims(), getSource(), getSourceSize()),
          makeCopy("result", getResultEncodingAttr(), getResultEncodingDims(),
                   getResult(), getResultSize(), getSource())};
}
void TensorCloneOp::setEncodedTensorType(unsigned index, TypeAttr type) {
  index == 0 ? setSourceEncodingAttr(type) : setResultEncodingAttr(type);
}

SmallVector<EncodedTensor, 2> TensorEncodeOp::getEncodedTensors() {
  return {makeTensor(TensorRole::Reads, "source", getSourceEncodingAttr(),
                     getSourceEncodingDims(), getSource(), getSourceSize()),
          makeTensor(TensorRole::Creates, "result", getResultEncodingAttr(),
                     getResultEncodingDims(), getResult(), getResultSize())};
}
void TensorEncodeOp::setEncodedTensorType(unsigned index, TypeAttr type) {
  index == 0 ? setSourceEncodingAttr(type) : setResultEncodingAttr(type);
}

SmallVector<EncodedTensor, 2> TensorSliceOp::getEncodedTensors() {
  return {makeTensor(TensorRole::Reads, "source", getSourceEncodingAttr(),
                     getSourceEncodingDims(), getSource(), getSourceSize()),
          makeTensor(TensorRole::Creates, "result", getResultEncodingAttr(),
                     getResultEncodingDims(), getResult(), getResultSize())};
}
void TensorSliceOp::setEncodedTensorType(unsigned index, TypeAttr type) {
  index == 0 ? setSourceEncodingAttr(type) : setResultEncodingAttr(type);
}

SmallVector<EncodedTensor, 2> TensorLoadOp::getEncodedTensors() {
  return {makeTensor(TensorRole::Reads, "source", getSourceEncodingAttr(),
                     getSourceEncodingDims(), getSource(), getSourceSize())};
}
void TensorLoadOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setSourceEncodingAttr(type);
}

SmallVector<EncodedTensor, 2> TensorExportOp::getEncodedTensors() {
  return {makeTensor(TensorRole::Reads, "source", getSourceEncodingAttr(),
                     getSourceEncodingDims(), getSource(), getSourceSize())};
}
void TensorExportOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setSourceEncodingAttr(type);
}

//===----------------------------------------------------------------------===//
// Ops that write a target in place
//===----------------------------------------------------------------------===//

SmallVector<EncodedTensor, 2> TensorFillOp::getEncodedTensors() {
  return {makeWrite("target", getTargetEncodingAttr(), getTargetEncodingDims(),
                    getTarget(), getTargetSize(), getResult())};
}
void TensorFillOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setTargetEncodingAttr(type);
}
OpOperand *TensorFillOp::getTiedResultOpOperand(unsigned) {
  return &getTargetMutable();
}

SmallVector<EncodedTensor, 2> TensorUpdateOp::getEncodedTensors() {
  return {makeWrite("target", getTargetEncodingAttr(), getTargetEncodingDims(),
                    getTarget(), getTargetSize(), getResult()),
          makeTensor(TensorRole::Reads, "update", getUpdateEncodingAttr(),
                     getUpdateEncodingDims(), getUpdate(), getUpdateSize())};
}
void TensorUpdateOp::setEncodedTensorType(unsigned index, TypeAttr type) {
  index == 0 ? setTargetEncodingAttr(type) : setUpdateEncodingAttr(type);
}
OpOperand *TensorUpdateOp::getTiedResultOpOperand(unsigned) {
  return &getTargetMutable();
}

SmallVector<EncodedTensor, 2> TensorStoreOp::getEncodedTensors() {
  return {makeWrite("target", getTargetEncodingAttr(), getTargetEncodingDims(),
                    getTarget(), getTargetSize(), getResult())};
}
void TensorStoreOp::setEncodedTensorType(unsigned, TypeAttr type) {
  setTargetEncodingAttr(type);
}
OpOperand *TensorStoreOp::getTiedResultOpOperand(unsigned) {
  return &getTargetMutable();
}

//===----------------------------------------------------------------------===//
// Dispatches
//===----------------------------------------------------------------------===//

/// Absolute operand `index` of the ODS operand group `group` (valid even
/// when the group is empty, unlike asking its OperandRange).
template <typename OpTy>
static OpOperand *getGroupOperand(OpTy op, unsigned group, int64_t index) {
  return &op->getOpOperand(op.getODSOperandIndexAndLength(group).first +
                           index);
}

OpOperand *TensorDispatchOp::getTiedResultOpOperand(unsigned resultIndex) {
  std::optional<int64_t> tied = getTiedResultOperandIndex(resultIndex);
  // Group 1: mixed_operands.
  return tied ? getGroupOperand(*this, 1, *tied) : nullptr;
}

OpOperand *AsyncDispatchOp::getTiedResultOpOperand(unsigned resultIndex) {
  std::optional<int64_t> tied = getTiedResultOperandIndex(resultIndex);
  // Group 1: resource_operands.
  return tied ? getGroupOperand(*this, 1, *tied) : nullptr;
}

/// Operands (with a tensor type) first, in order, then results: untied
/// results are created, tied ones write their operand.
SmallVector<EncodedTensor, 2> TensorDispatchOp::getEncodedTensors() {
  SmallVector<EncodedTensor, 2> tensors;
  ValueRange dims = getOperandEncodingDims();
  ValueRange sizes = getOperandSizes();
  for (auto [operand, typeAttr] :
       llvm::zip_equal(getMixedOperands(), getOperandEncodings())) {
    auto type = cast<TypeAttr>(typeAttr);
    auto tensorType = dyn_cast<RankedTensorType>(type.getValue());
    if (!tensorType || !isa<ResourceType>(operand.getType()))
      continue;
    unsigned numDims = tensorType.getNumDynamicDims();
    tensors.push_back(makeTensor(TensorRole::Reads, "operand", type,
                                 dims.take_front(numDims), operand,
                                 sizes.front()));
    dims = dims.drop_front(numDims);
    sizes = sizes.drop_front();
  }
  dims = getResultEncodingDims();
  for (auto [index, typeAttr] : llvm::enumerate(getResultEncodings())) {
    auto type = cast<TypeAttr>(typeAttr);
    unsigned numDims = cast<RankedTensorType>(type.getValue()).getNumDynamicDims();
    ValueRange resultDims = dims.take_front(numDims);
    dims = dims.drop_front(numDims);
    Value result = getResult(index), size = getResultSizes()[index];
    if (std::optional<int64_t> tied = getTiedResultOperandIndex(index))
      tensors.push_back(makeWrite("result", type, resultDims,
                                  getMixedOperands()[*tied], size, result));
    else
      tensors.push_back(makeTensor(TensorRole::Creates, "result", type,
                                   resultDims, result, size));
  }
  return tensors;
}

void TensorDispatchOp::setEncodedTensorType(unsigned index, TypeAttr type) {
  // Tensor `index` counts the operands with a tensor type, then the results.
  SmallVector<Attribute> operandTypes(getOperandEncodings().getValue());
  for (auto [position, operand] : llvm::enumerate(getMixedOperands())) {
    if (!isa<ResourceType>(operand.getType()) ||
        !isa<RankedTensorType>(cast<TypeAttr>(operandTypes[position]).getValue()))
      continue;
    if (index-- != 0)
      continue;
    operandTypes[position] = type;
    setOperandEncodingsAttr(ArrayAttr::get(getContext(), operandTypes));
    return;
  }
  SmallVector<Attribute> resultTypes(getResultEncodings().getValue());
  resultTypes[index] = type;
  setResultEncodingsAttr(ArrayAttr::get(getContext(), resultTypes));
}

//===----------------------------------------------------------------------===//
// Async ops
//===----------------------------------------------------------------------===//

SmallVector<EncodedTensor, 2> AsyncTransferOp::getEncodedTensors() {
  return {};
}
void AsyncTransferOp::setEncodedTensorType(unsigned, TypeAttr) {}
Value AsyncTransferOp::getLayoutSource(unsigned) { return getSource(); }

OpOperand *AsyncFillOp::getTiedResultOpOperand(unsigned) {
  return &getTargetMutable();
}
OpOperand *AsyncUpdateOp::getTiedResultOpOperand(unsigned) {
  return &getTargetMutable();
}
OpOperand *AsyncCopyOp::getTiedResultOpOperand(unsigned) {
  return &getTargetMutable();
}
OpOperand *AsyncStoreOp::getTiedResultOpOperand(unsigned) {
  return &getTargetMutable();
}

//===----------------------------------------------------------------------===//
// Sizes known at compile time
//===----------------------------------------------------------------------===//

std::optional<int64_t> getStaticStorageSize(RankedTensorType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!layout || !width.hasStorage())
    return std::nullopt;
  return layout.getCheckedStorageSizeInBytes(type.getShape(), width);
}

std::optional<int64_t> getStaticResourceSize(Value size) {
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return constant;
  if (auto sizeOf = size.getDefiningOp<TensorSizeOfOp>())
    return getStaticStorageSize(
        cast<RankedTensorType>(sizeOf.getEncoding()));
  return std::nullopt;
}

LogicalResult checkStaticResourceSizes(Operation *root) {
  bool failed = false;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // Kernels are generated for their bindings' sizes.
    if (isa<ExecutableOp>(op))
      return WalkResult::skip();
    auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op);
    if (!tensorOp)
      return WalkResult::advance();
    for (const EncodedTensor &tensor : tensorOp.getEncodedTensors()) {
      if (tensor.role == TensorRole::Describes || !tensor.size)
        continue;
      std::optional<int64_t> size = getStaticResourceSize(tensor.size);
      if (!size)
        continue;
      std::optional<int64_t> storage = getStaticStorageSize(tensor.getType());
      if (!storage || *size >= *storage)
        continue;
      op->emitOpError() << "resource of the " << tensor.name << " ("
                        << *size << " bytes) is smaller than the storage of "
                        << tensor.getType() << " (" << *storage << " bytes)";
      failed = true;
    }
    return WalkResult::advance();
  });
  return mlir::failure(failed);
}

} // namespace layoutopt::stream_lite
