//===- KernelViews.cpp - a kernel's views against its dispatch ------------===//

#include "KernelViews.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace layoutopt::stream_lite {

SmallVector<BoundTensor> getBoundTensors(TensorDispatchOp dispatch) {
  SmallVector<BoundTensor> slots;
  ValueRange operandDims = dispatch.getOperandEncodingDims();
  for (Attribute attr : dispatch.getOperandEncodings()) {
    auto type = dyn_cast<RankedTensorType>(cast<TypeAttr>(attr).getValue());
    BoundTensor slot;
    if (type) {
      slot.type = type;
      unsigned n = type.getNumDynamicDims();
      slot.dims.assign(operandDims.begin(), operandDims.begin() + n);
      operandDims = operandDims.drop_front(n);
    }
    slots.push_back(std::move(slot));
  }
  ValueRange resultDims = dispatch.getResultEncodingDims();
  for (auto [index, attr] : llvm::enumerate(dispatch.getResultEncodings())) {
    auto type = cast<RankedTensorType>(cast<TypeAttr>(attr).getValue());
    unsigned n = type.getNumDynamicDims();
    if (!dispatch.getTiedResultOperandIndex(index))
      slots.push_back({type, SmallVector<Value>(resultDims.take_front(n))});
    resultDims = resultDims.drop_front(n);
  }
  return slots;
}

std::optional<SmallVector<unsigned>>
getKernelArgumentOfSlots(TensorDispatchOp dispatch, func::FuncOp kernel) {
  SmallVector<bool> operandIsBuffer = llvm::map_to_vector(
      dispatch.getMixedOperands(),
      [](Value v) { return isa<ResourceType>(v.getType()); });
  unsigned numUntied = llvm::count_if(
      llvm::seq(dispatch.getNumResults()),
      [&](unsigned i) { return !dispatch.getTiedResultOperandIndex(i); });
  return mapDispatchSlotsToKernelArguments(operandIsBuffer, numUntied,
                                           kernel.getArgumentTypes());
}

unsigned getUntiedResultSlot(TensorDispatchOp dispatch, unsigned resultIndex) {
  unsigned slot = dispatch.getMixedOperands().size();
  for (unsigned i = 0; i < resultIndex; ++i)
    if (!dispatch.getTiedResultOperandIndex(i))
      ++slot;
  return slot;
}

namespace {
/// What a value is known to be: a constant, or the dispatch's value a
/// kernel argument receives.
struct KnownValue {
  std::optional<int64_t> constant;
  Value hostValue;
};

KnownValue knowKernelValue(Value value, TensorDispatchOp dispatch,
                           ArrayRef<unsigned> argOfSlot) {
  KnownValue known;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    known.constant = constant.getSExtValue();
    return known;
  }
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || !argument.getOwner()->isEntryBlock() ||
      !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return known;
  OperandRange operands = dispatch.getMixedOperands();
  for (auto [slot, arg] : llvm::enumerate(argOfSlot))
    if (arg == argument.getArgNumber() && slot < operands.size())
      known.hostValue = operands[slot];
  return known;
}

enum class DimMatch { Same, Differs, Unknown };

/// Whether host dim `dim` (or `staticDim`) is the kernel's `known` value.
DimMatch matchDim(KnownValue known, std::optional<int64_t> staticDim,
                  Value dim) {
  APInt constant;
  if (!staticDim && dim && matchPattern(dim, m_ConstantInt(&constant)))
    staticDim = constant.getSExtValue();
  if (known.constant && staticDim)
    return *known.constant == *staticDim ? DimMatch::Same : DimMatch::Differs;
  if (known.hostValue && dim && known.hostValue == dim)
    return DimMatch::Same;
  return DimMatch::Unknown;
}

std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}
} // namespace

std::string whyViewIsNotBound(BindingSubspanOp view, const BoundTensor &bound,
                              TensorDispatchOp dispatch,
                              ArrayRef<unsigned> argOfSlot, bool provable) {
  RankedTensorType viewType = view.getTensorType();
  RankedTensorType type = bound.type;
  std::string tensors = "the kernel views '" + typeText(viewType.dropEncoding()) +
                        "' where the dispatch binds '" + typeText(type) + "'";
  if (viewType.getRank() != type.getRank() ||
      viewType.getElementType() != type.getElementType())
    return tensors;
  ValueRange viewDims = view.getTensorDims();
  unsigned viewDynamic = 0, boundDynamic = 0;
  for (int64_t d = 0, rank = type.getRank(); d < rank; ++d) {
    KnownValue viewDim;
    if (viewType.isDynamicDim(d))
      viewDim = knowKernelValue(viewDims[viewDynamic++], dispatch, argOfSlot);
    else
      viewDim.constant = viewType.getDimSize(d);
    std::optional<int64_t> staticDim;
    Value hostDim;
    if (type.isDynamicDim(d))
      hostDim = bound.dims[boundDynamic++];
    else
      staticDim = type.getDimSize(d);
    DimMatch match = matchDim(viewDim, staticDim, hostDim);
    if (match == DimMatch::Differs)
      return tensors + ": dim " + std::to_string(d) + " differs";
    if (match == DimMatch::Unknown && provable)
      return tensors + ": dim " + std::to_string(d) + " may differ";
  }
  KnownValue offset =
      knowKernelValue(view.getByteOffset(), dispatch, argOfSlot);
  bool offsetIsZero = offset.constant && *offset.constant == 0;
  bool offsetIsNonZero = offset.constant && *offset.constant != 0;
  if (offsetIsNonZero || (provable && !offsetIsZero))
    return "the kernel views its binding at byte offset " +
           (offset.constant ? std::to_string(*offset.constant)
                            : std::string("computed at run time")) +
           ", not at the tensor's start";
  return "";
}

} // namespace layoutopt::stream_lite
