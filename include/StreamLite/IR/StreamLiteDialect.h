//===- StreamLiteDialect.h - stream_lite dialect ----------------*- C++ -*-===//

#ifndef STREAMLITE_IR_STREAMLITEDIALECT_H
#define STREAMLITE_IR_STREAMLITEDIALECT_H

#include "mlir/IR/Dialect.h"

#include "StreamLite/IR/StreamLiteDialect.h.inc"

#endif // STREAMLITE_IR_STREAMLITEDIALECT_H
