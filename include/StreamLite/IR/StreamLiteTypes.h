//===- StreamLiteTypes.h - stream_lite types and enums ----------*- C++ -*-===//

#ifndef STREAMLITE_IR_STREAMLITETYPES_H
#define STREAMLITE_IR_STREAMLITETYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "StreamLite/IR/StreamLiteDialect.h"

#include "StreamLite/IR/StreamLiteEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "StreamLite/IR/StreamLiteTypes.h.inc"

#endif // STREAMLITE_IR_STREAMLITETYPES_H
