//===- KernelViews.h - a kernel's views against its dispatch ---*- C++ -*-===//
//
// Whether the views a kernel takes of a binding (`binding.subspan`) are the
// tensor its dispatch binds there. Under a layout other than dense
// row-major a view of another shape, element type or byte offset reads and
// writes other bytes than the logical elements it names; specialization
// refuses what is statically wrong, and relayout fusion, which gives the
// view a new layout, needs the view to be provably the whole tensor.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_LIB_TRANSFORMS_KERNELVIEWS_H
#define STREAMLITE_LIB_TRANSFORMS_KERNELVIEWS_H

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <optional>
#include <string>

namespace layoutopt::stream_lite {

/// The tensor a dispatch binds to one binding slot: its type and dims (the
/// dispatch's values). A null type for scalar slots.
struct BoundTensor {
  mlir::RankedTensorType type;
  llvm::SmallVector<mlir::Value> dims;
};

/// The tensor of each binding slot of `dispatch`: its operands in order
/// (scalars have none), then its untied results.
llvm::SmallVector<BoundTensor> getBoundTensors(TensorDispatchOp dispatch);

/// The kernel argument of each binding slot of `dispatch` (its operands,
/// then its untied results; mapDispatchSlotsToKernelArguments), or none
/// when `kernel`'s arguments match neither order.
std::optional<llvm::SmallVector<unsigned>>
getKernelArgumentOfSlots(TensorDispatchOp dispatch, mlir::func::FuncOp kernel);

/// The binding slot of `dispatch`'s untied result `resultIndex`: after the
/// operands, the untied results in order.
unsigned getUntiedResultSlot(TensorDispatchOp dispatch, unsigned resultIndex);

/// Why `view`, a view in `kernel` of the binding `dispatch` passes as
/// `bound`, is not that tensor, or "". `argOfSlot` maps the dispatch's
/// slots to the kernel's arguments (mapDispatchSlotsToKernelArguments).
/// With `provable`, the view's dims and byte offset must be provably the
/// dispatch's dims and 0 (constants, or kernel arguments the dispatch
/// passes the same values to); without, only a view that is certainly
/// another tensor (another rank or element type, a static dim or a
/// constant offset that differs) is reported.
std::string whyViewIsNotBound(BindingSubspanOp view, const BoundTensor &bound,
                              TensorDispatchOp dispatch,
                              llvm::ArrayRef<unsigned> argOfSlot,
                              bool provable);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_LIB_TRANSFORMS_KERNELVIEWS_H
