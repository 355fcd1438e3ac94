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

#endif // STREAMLITE_IR_STREAMLITEDIALECT_H
