//===- BuiltinKernelSupport.h - pieces of the builtin kernels ---*- C++ -*-===//
//
// Private to BuiltinKernels.cpp and BuiltinRegionTransfer.cpp: a kernel's
// view of one tensor binding, element loads and stores through the layout,
// and the region transfer (copy or fill) every kernel kind is built from.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_BUILTINKERNELSUPPORT_H
#define STREAMLITE_TRANSFORMS_BUILTINKERNELSUPPORT_H

#include "StreamLite/IR/StreamLiteAttrs.h"

#include "mlir/IR/Builders.h"

#include <optional>

namespace layoutopt::stream_lite::detail {

/// One tensor operand of a kernel: its byte buffer, layout and logical dims.
struct KernelTensor {
  mlir::RankedTensorType type;
  PhysicalLayoutAttrInterface layout;
  int64_t elementBytes = 0;
  ElementWidth width{0};
  mlir::Type storageType;
  mlir::Value buffer;
  llvm::SmallVector<mlir::OpFoldResult> dims;
};

/// The element at logical `indices` (packed elements: their bits).
mlir::Value loadElement(mlir::OpBuilder &builder, mlir::Location loc,
                        const KernelTensor &tensor,
                        llvm::ArrayRef<mlir::OpFoldResult> indices);

/// Stores `value` (of the element or the storage type) at logical element
/// `indices` (packed elements: a read-modify-write of their byte).
void storeElement(mlir::OpBuilder &builder, mlir::Location loc,
                  const KernelTensor &tensor,
                  llvm::ArrayRef<mlir::OpFoldResult> indices,
                  mlir::Value value);

/// One side of a region transfer: a tensor and where the region starts in it.
struct RegionSide {
  const KernelTensor *tensor = nullptr;
  llvm::SmallVector<mlir::OpFoldResult> offsets;
};

/// The side of `tensor` whose region starts at `offsets` (none: at 0).
RegionSide makeSide(mlir::OpBuilder &builder, const KernelTensor &tensor,
                    mlir::ValueRange offsets = {});

/// Copies the region of `lengths` from `src` to `dst`, or, without `src`,
/// stores `fillValue` (of dst's storage type) over it
/// (BuiltinRegionTransfer.cpp).
void buildRegionTransfer(mlir::OpBuilder &builder, mlir::Location loc,
                         RegionSide dst, std::optional<RegionSide> src,
                         mlir::Value fillValue,
                         llvm::ArrayRef<mlir::OpFoldResult> lengths);

} // namespace layoutopt::stream_lite::detail

#endif // STREAMLITE_TRANSFORMS_BUILTINKERNELSUPPORT_H
