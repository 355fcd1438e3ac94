//===- StreamLiteTransferInterface.cpp - what each transfer op moves ------===//
//
// The TransferOpInterface of clone, encode, slice, update, fill and splat:
// the one place that says which tensor regions a transfer reads and writes
// and how it calls its builtin kernel. The transfer planner, builtin
// materialization, the host lowering and the layout report only read it.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/IR/StreamLiteOps.h"

using namespace mlir;

namespace layoutopt::stream_lite {

//===----------------------------------------------------------------------===//
// Builtin kinds
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kBuiltinKindNames[] = {
#define LAYOUT_OPT_BUILTIN_KIND(Enumerator, name, ...) name,
#include "StreamLite/IR/BuiltinKinds.def"
};

llvm::StringRef stringifyBuiltinKind(BuiltinKind kind) {
  return kBuiltinKindNames[static_cast<unsigned>(kind)];
}

std::optional<BuiltinKind> symbolizeBuiltinKind(llvm::StringRef name) {
  for (unsigned i = 0; i < kNumBuiltinKinds; ++i)
    if (kBuiltinKindNames[i] == name)
      return static_cast<BuiltinKind>(i);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

TensorRegion TensorRegion::whole(RankedTensorType type,
                                 ValueRange dynamicDims) {
  TensorRegion region;
  region.type = type;
  Builder builder(type.getContext());
  region.dims = getMixedDims(builder, type, dynamicDims);
  region.offsets.assign(type.getRank(), indexAttr(builder.getContext(), 0));
  region.lengths = region.dims;
  return region;
}

TensorRegion TensorRegion::region(RankedTensorType type, ValueRange dynamicDims,
                                  ValueRange offsets, ValueRange lengths) {
  TensorRegion region;
  region.type = type;
  Builder builder(type.getContext());
  region.dims = getMixedDims(builder, type, dynamicDims);
  // Constant operands become attributes so that static reasoning sees them.
  auto fold = [&](Value v) -> OpFoldResult {
    if (std::optional<int64_t> value = IndexArith::known(v))
      return indexAttr(builder.getContext(), *value);
    return v;
  };
  for (Value offset : offsets)
    region.offsets.push_back(fold(offset));
  for (Value length : lengths)
    region.lengths.push_back(fold(length));
  return region;
}

namespace {
RankedTensorType tensorType(TypeAttr attr) {
  return cast<RankedTensorType>(attr.getValue());
}

TransferTensor wholeTensor(Value resource, Value size, TypeAttr type,
                           ValueRange dims) {
  TransferTensor tensor;
  tensor.resource = resource;
  tensor.size = size;
  tensor.dims = dims;
  tensor.region = TensorRegion::whole(tensorType(type), dims);
  tensor.isWhole = true;
  return tensor;
}

TransferTensor regionOf(Value resource, Value size, TypeAttr type,
                        ValueRange dims, ValueRange offsets,
                        ValueRange lengths) {
  TransferTensor tensor;
  tensor.resource = resource;
  tensor.size = size;
  tensor.dims = dims;
  tensor.region =
      TensorRegion::region(tensorType(type), dims, offsets, lengths);
  return tensor;
}

SmallVector<Value> concat(ValueRange a, ValueRange b, ValueRange c = {}) {
  SmallVector<Value> result(a.begin(), a.end());
  llvm::append_range(result, b);
  llvm::append_range(result, c);
  return result;
}
} // namespace

//===----------------------------------------------------------------------===//
// tensor.clone
//===----------------------------------------------------------------------===//

TransferMode TensorCloneOp::getTransferMode() {
  return TransferMode::StorageCopy;
}

std::optional<TransferTensor> TensorCloneOp::getTransferSource() {
  return wholeTensor(getSource(), getSourceSize(), getSourceEncodingAttr(),
                     getSourceEncodingDims());
}

TransferTensor TensorCloneOp::getTransferTarget() {
  return wholeTensor(getResult(), getResultSize(), getResultEncodingAttr(),
                     getResultEncodingDims());
}

// A clone is one copy of the whole storage: never a dispatch.
std::optional<BuiltinSignature> TensorCloneOp::getBuiltinSignature() {
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// tensor.encode
//===----------------------------------------------------------------------===//

TransferMode TensorEncodeOp::getTransferMode() {
  return TransferMode::Relayout;
}

std::optional<TransferTensor> TensorEncodeOp::getTransferSource() {
  return wholeTensor(getSource(), getSourceSize(), getSourceEncodingAttr(),
                     getSourceEncodingDims());
}

TransferTensor TensorEncodeOp::getTransferTarget() {
  return wholeTensor(getResult(), getResultSize(), getResultEncodingAttr(),
                     getResultEncodingDims());
}

std::optional<BuiltinSignature> TensorEncodeOp::getBuiltinSignature() {
  BuiltinSignature signature;
  signature.kind = BuiltinKind::Encode;
  RankedTensorType result = tensorType(getResultEncodingAttr());
  signature.types = {tensorType(getSourceEncodingAttr()), result};
  signature.resources = {getSource()};
  signature.resourceSizes = {getSourceSize()};
  signature.resourceDims = llvm::to_vector(getSourceEncodingDims());
  signature.scalars = concat(getSourceEncodingDims(), getResultEncodingDims());
  signature.resultType = result;
  signature.resultDims = llvm::to_vector(getResultEncodingDims());
  signature.resultSize = getResultSize();
  return signature;
}

void TensorEncodeOp::replaceWithClone(RewriterBase &rewriter) {
  replaceEncodeWithClone(rewriter, *this);
}

//===----------------------------------------------------------------------===//
// tensor.slice
//===----------------------------------------------------------------------===//

TransferMode TensorSliceOp::getTransferMode() {
  return TransferMode::RegionCopy;
}

std::optional<TransferTensor> TensorSliceOp::getTransferSource() {
  return regionOf(getSource(), getSourceSize(), getSourceEncodingAttr(),
                  getSourceEncodingDims(), getStartIndices(), getLengths());
}

TransferTensor TensorSliceOp::getTransferTarget() {
  return wholeTensor(getResult(), getResultSize(), getResultEncodingAttr(),
                     getResultEncodingDims());
}

std::optional<BuiltinSignature> TensorSliceOp::getBuiltinSignature() {
  BuiltinSignature signature;
  signature.kind = BuiltinKind::Slice;
  RankedTensorType result = tensorType(getResultEncodingAttr());
  signature.types = {tensorType(getSourceEncodingAttr()), result};
  signature.resources = {getSource()};
  signature.resourceSizes = {getSourceSize()};
  signature.resourceDims = llvm::to_vector(getSourceEncodingDims());
  signature.scalars = concat(getSourceEncodingDims(), getStartIndices(),
                             getResultEncodingDims());
  signature.resultType = result;
  signature.resultDims = llvm::to_vector(getResultEncodingDims());
  signature.resultSize = getResultSize();
  return signature;
}

//===----------------------------------------------------------------------===//
// tensor.update
//===----------------------------------------------------------------------===//

TransferMode TensorUpdateOp::getTransferMode() {
  return TransferMode::RegionCopy;
}

std::optional<TransferTensor> TensorUpdateOp::getTransferSource() {
  return wholeTensor(getUpdate(), getUpdateSize(), getUpdateEncodingAttr(),
                     getUpdateEncodingDims());
}

// The region of the target is as long as the update along every dim.
TransferTensor TensorUpdateOp::getTransferTarget() {
  TransferTensor target =
      regionOf(getTarget(), getTargetSize(), getTargetEncodingAttr(),
               getTargetEncodingDims(), getStartIndices(), {});
  Builder builder(getContext());
  target.region.lengths = getMixedDims(
      builder, tensorType(getUpdateEncodingAttr()), getUpdateEncodingDims());
  return target;
}

bool TensorUpdateOp::isTiedTransfer() { return true; }

std::optional<BuiltinSignature> TensorUpdateOp::getBuiltinSignature() {
  BuiltinSignature signature;
  signature.kind = BuiltinKind::Update;
  RankedTensorType target = tensorType(getTargetEncodingAttr());
  signature.types = {target, tensorType(getUpdateEncodingAttr())};
  signature.resources = {getTarget(), getUpdate()};
  signature.resourceSizes = {getTargetSize(), getUpdateSize()};
  signature.resourceDims =
      concat(getTargetEncodingDims(), getUpdateEncodingDims());
  signature.scalars = concat(getTargetEncodingDims(), getUpdateEncodingDims(),
                             getStartIndices());
  signature.resultType = target;
  signature.resultDims = llvm::to_vector(getTargetEncodingDims());
  signature.resultSize = getTargetSize();
  signature.tiedOperand = 0;
  return signature;
}

//===----------------------------------------------------------------------===//
// tensor.fill
//===----------------------------------------------------------------------===//

TransferMode TensorFillOp::getTransferMode() {
  return TransferMode::RegionFill;
}

std::optional<TransferTensor> TensorFillOp::getTransferSource() {
  return std::nullopt;
}

TransferTensor TensorFillOp::getTransferTarget() {
  return regionOf(getTarget(), getTargetSize(), getTargetEncodingAttr(),
                  getTargetEncodingDims(), getStartIndices(), getLengths());
}

Value TensorFillOp::getFillValue() { return getValue(); }

bool TensorFillOp::isTiedTransfer() { return true; }

std::optional<BuiltinSignature> TensorFillOp::getBuiltinSignature() {
  BuiltinSignature signature;
  signature.kind = BuiltinKind::Fill;
  RankedTensorType target = tensorType(getTargetEncodingAttr());
  signature.types = {target};
  signature.resources = {getTarget()};
  signature.resourceSizes = {getTargetSize()};
  signature.resourceDims = llvm::to_vector(getTargetEncodingDims());
  signature.scalars =
      concat(getTargetEncodingDims(), getStartIndices(), getLengths());
  signature.scalars.push_back(getValue());
  signature.resultType = target;
  signature.resultDims = llvm::to_vector(getTargetEncodingDims());
  signature.resultSize = getTargetSize();
  signature.tiedOperand = 0;
  return signature;
}

//===----------------------------------------------------------------------===//
// tensor.splat
//===----------------------------------------------------------------------===//

TransferMode TensorSplatOp::getTransferMode() {
  return TransferMode::RegionFill;
}

std::optional<TransferTensor> TensorSplatOp::getTransferSource() {
  return std::nullopt;
}

TransferTensor TensorSplatOp::getTransferTarget() {
  return wholeTensor(getResult(), getResultSize(), getResultEncodingAttr(),
                     getResultEncodingDims());
}

Value TensorSplatOp::getFillValue() { return getValue(); }

std::optional<BuiltinSignature> TensorSplatOp::getBuiltinSignature() {
  BuiltinSignature signature;
  signature.kind = BuiltinKind::Splat;
  RankedTensorType result = tensorType(getResultEncodingAttr());
  signature.types = {result};
  signature.scalars = llvm::to_vector(getResultEncodingDims());
  signature.scalars.push_back(getValue());
  signature.resultType = result;
  signature.resultDims = llvm::to_vector(getResultEncodingDims());
  signature.resultSize = getResultSize();
  return signature;
}

} // namespace layoutopt::stream_lite
