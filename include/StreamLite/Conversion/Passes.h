//===- Passes.h - stream_lite conversion passes -----------------*- C++ -*-===//

#ifndef STREAMLITE_CONVERSION_PASSES_H
#define STREAMLITE_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace layoutopt::stream_lite {

#define GEN_PASS_DECL
#include "StreamLite/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "StreamLite/Conversion/Passes.h.inc"

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_CONVERSION_PASSES_H
