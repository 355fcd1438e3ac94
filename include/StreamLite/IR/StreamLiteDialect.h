//===- StreamLiteDialect.h - stream_lite dialect ----------------*- C++ -*-===//

#ifndef STREAMLITE_IR_STREAMLITEDIALECT_H
#define STREAMLITE_IR_STREAMLITEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"
#include "mlir/Support/ThreadLocalCache.h"
#include "llvm/ADT/DenseMap.h"

#include <atomic>

#include "StreamLite/IR/StreamLiteDialect.h.inc"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace layoutopt::stream_lite {
/// Makes func.func a symbol user of the devices its default affinity
/// (`stream_lite.affinity`) names, so that the module's symbol
/// verification checks them with its shared lookups (linear in the
/// module). Without it the attribute's own verifier looks them up, one
/// scan of the module per function. registerAllDialects calls it.
void registerStreamLiteExternalModels(mlir::DialectRegistry &registry);
} // namespace layoutopt::stream_lite

#endif // STREAMLITE_IR_STREAMLITEDIALECT_H
