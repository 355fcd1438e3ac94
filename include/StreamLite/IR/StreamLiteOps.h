//===- StreamLiteOps.h - stream_lite ops ------------------------*- C++ -*-===//

#ifndef STREAMLITE_IR_STREAMLITEOPS_H
#define STREAMLITE_IR_STREAMLITEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteTypes.h"

namespace layoutopt::stream_lite {

/// The affinity of `op`: its own `affinity` attribute (AffinityOpInterface),
/// else the nearest enclosing op's `stream_lite.affinity` attribute, else
/// null.
AffinityAttr lookupAffinity(mlir::Operation *op);

namespace OpTrait {
/// Marks the tensor-phase ops: the ops that describe tensors by type, dims
/// and size, and that must be gone after `stream-lite-encode-host-tensors`.
template <typename ConcreteType>
class TensorPhaseOp
    : public mlir::OpTrait::TraitBase<ConcreteType, TensorPhaseOp> {};

/// Marks the async-phase ops: the byte-level ops on untyped resources (byte
/// offsets and sizes, no tensor types) that `stream-lite-encode-host-tensors`
/// lowers the tensor-phase ops to. `async.transfer` predates the trait and
/// does not carry it.
template <typename ConcreteType>
class AsyncPhaseOp
    : public mlir::OpTrait::TraitBase<ConcreteType, AsyncPhaseOp> {};
} // namespace OpTrait

} // namespace layoutopt::stream_lite

#include "StreamLite/IR/StreamLiteOpInterfaces.h.inc"

#define GET_OP_CLASSES
#include "StreamLite/IR/StreamLiteOps.h.inc"

namespace layoutopt::stream_lite {
/// Replaces an encode whose layouts have the same byte image by a clone of
/// the source type (it moves no byte differently).
TensorCloneOp replaceEncodeWithClone(mlir::RewriterBase &rewriter,
                                     TensorEncodeOp op);
} // namespace layoutopt::stream_lite

#endif // STREAMLITE_IR_STREAMLITEOPS_H
