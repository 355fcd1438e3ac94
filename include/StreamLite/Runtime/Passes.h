//===- Passes.h - runtime library passes ------------------------*- C++ -*-===//

#ifndef STREAMLITE_RUNTIME_PASSES_H
#define STREAMLITE_RUNTIME_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <string>
#include <vector>

namespace layoutopt::runtime {

#define GEN_PASS_DECL
#include "StreamLite/Runtime/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "StreamLite/Runtime/Passes.h.inc"

/// Callees of the calls --stream-lite-instrument-padding-checks inserts.
inline constexpr llvm::StringLiteral kPaddingDimCallback =
    "__layout_run_padding_dim";
inline constexpr llvm::StringLiteral kPaddingCheckCallback =
    "__layout_run_check_padding";
/// Module attribute describing the checks, indexed by check id.
inline constexpr llvm::StringLiteral kPaddingChecksAttrName =
    "layout_runtime.padding_checks";

/// One instrumented write: the op (printed, with its location) and the
/// tensor type it writes, whose layout says which bytes hold elements.
struct PaddingCheck {
  std::string description;
  mlir::RankedTensorType type;
};

/// The checks --stream-lite-instrument-padding-checks recorded on `module`,
/// by id; removes the attribute (so that the lowering never sees it).
std::vector<PaddingCheck> takePaddingChecks(mlir::ModuleOp module);

/// Callees of the calls --stream-lite-instrument-trace inserts.
inline constexpr llvm::StringLiteral kTraceDimCallback =
    "__layout_run_trace_dim";
inline constexpr llvm::StringLiteral kTraceCallback = "__layout_run_trace";
/// Module attribute describing the trace points, indexed by id.
inline constexpr llvm::StringLiteral kTracePointsAttrName =
    "layout_runtime.trace_points";

/// One traced write: the op and the tensor type it writes.
struct TracePoint {
  /// `FILE:LINE:COL: <op printed without regions>`.
  std::string description;
  /// `FILE:LINE:COL` (or the printed location).
  std::string location;
  /// The op's name (`stream_lite.tensor.encode`).
  std::string opName;
  /// Which of the op's results holds the tensor.
  unsigned result = 0;
  mlir::RankedTensorType type;
};

/// The trace points --stream-lite-instrument-trace recorded on `module`, by
/// id; removes the attribute.
std::vector<TracePoint> takeTracePoints(mlir::ModuleOp module);

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_PASSES_H
