//===- LayoutImage.h - the byte image of a static tensor type ---*- C++ -*-===//
//
// Where every element of a tensor type lives in its storage, computed with
// the physical layout interface (getCheckedStorageSizeInBytes,
// getElementByteOffset, getPhysicalDims): what the Python layout queries
// return and what --stream-lite-draw-layout pictures.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_LAYOUTIMAGE_H
#define STREAMLITE_ANALYSIS_LAYOUTIMAGE_H

#include "StreamLite/IR/StreamLiteAttrs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace layoutopt::stream_lite {

/// The most elements (and storage bytes) a layout image is computed for:
/// images are for looking at, not for real tensors.
constexpr int64_t kMaxLayoutImageElements = int64_t(1) << 24;

struct LayoutImage {
  mlir::RankedTensorType type;
  PhysicalLayoutAttrInterface layout;
  int64_t elementBytes = 0;
  int64_t storageBytes = 0;
  /// The byte offset of every element, in row-major logical order.
  llvm::SmallVector<int64_t> offsets;
  /// The dims of the byte image (see getPhysicalDims).
  llvm::SmallVector<PhysicalDim> physicalDims;
};

/// The byte image of `type`, which must have a static shape, a supported
/// element type and a physical layout (no encoding, or a serialized one).
/// Otherwise emits why through `emitError` and fails.
mlir::FailureOr<LayoutImage>
buildLayoutImage(mlir::RankedTensorType type,
                 llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                 int64_t maxElements = kMaxLayoutImageElements);

/// Parses `text` as a ranked tensor type (all of it) in `ctx`, emitting
/// parse errors and "not a ranked tensor type" at an unknown location.
mlir::RankedTensorType parseTensorType(mlir::MLIRContext *ctx,
                                       llvm::StringRef text);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_LAYOUTIMAGE_H
