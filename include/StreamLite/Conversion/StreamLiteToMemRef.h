//===- StreamLiteToMemRef.h - async-phase ops to host memrefs ---*- C++ -*-===//
//
// The conversion behind --stream-lite-convert-async-to-memref, for use in
// other pipelines: devices simulated in host memory, every resource a
// `memref<?xi8>`, DMA as memcpy/memset, a dispatch a call of its outlined
// kernel.
//
//   AsyncToMemRefState state;
//   if (failed(prepareAsyncToMemRefConversion(module, state))) ...
//   TypeConverter converter;
//   populateStreamLiteToMemRefTypeConversions(converter);
//   ConversionTarget target(*ctx);
//   RewritePatternSet patterns(ctx);
//   populateStreamLiteToMemRefConversionPatterns(converter, patterns, target,
//                                                state);
//   applyPartialConversion(module, target, std::move(patterns));
//   finalizeAsyncToMemRefConversion(module);
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_CONVERSION_STREAMLITETOMEMREF_H
#define STREAMLITE_CONVERSION_STREAMLITETOMEMREF_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <optional>

namespace layoutopt::stream_lite {

/// What the patterns share: the outlined kernels by entry point, the globals
/// of the constants, and the tied operands that must be copied before being
/// written (copy-on-write).
struct AsyncToMemRefState {
  /// "executable::export" -> outlined kernel.
  llvm::StringMap<mlir::func::FuncOp> kernels;
  llvm::DenseMap<mlir::Operation *, mlir::memref::GlobalOp> constantGlobals;
  /// (op, operand number) of tied targets that need a copy first.
  llvm::DenseSet<std::pair<mlir::Operation *, unsigned>> copyFirst;
  /// Packed sub-byte element type of a host tensor -> the function that
  /// packs (imports) or unpacks (exports) its elements, one per host byte,
  /// to and from dense packed bytes: `(host: memref<?xT>, bytes:
  /// memref<?xi8>, count: index)`, `(bytes, host, count)`. Named as
  /// builtin kernels are, so that the JIT optimizes them as kernels.
  llvm::DenseMap<mlir::Type, mlir::func::FuncOp> hostPackers, hostUnpackers;
  /// The constants the patterns make (offsets, counts, steps, element
  /// sizes, the zero of pads).
  struct SharedConstants {
    /// Each distinct constant made once per function, at the top of its
    /// entry block, and reused by every later pattern (what cse and the
    /// canonicalizer would make of one per use, without their passing over
    /// the copies). Only for a conversion that never rolls a pattern back
    /// (`ConversionConfig::allowPatternRollback = false`, as
    /// --stream-lite-convert-async-to-memref runs it): a rolled-back pattern
    /// would take a shared constant with it. Off, each pattern makes its
    /// own where it lowers its op.
    bool enabled = false;
    /// (function, value) -> its constant.
    llvm::DenseMap<std::pair<mlir::Operation *, mlir::Attribute>, mlir::Value>
        made;
    /// function -> the constant made last (the next goes after it).
    llvm::DenseMap<mlir::Operation *, mlir::Operation *> last;
  } constants;
};

/// Before the conversion: checks that only async-phase ops are left,
/// outlines each executable's functions (already lowered by
/// --stream-lite-lower-bindings) into the module, makes a constant global per
/// `async.constant`, and finds the tied targets (TiedOpInterface) that are
/// not exclusive to the op writing them. Emits an error naming the op on
/// failure.
mlir::LogicalResult prepareAsyncToMemRefConversion(mlir::ModuleOp module,
                                                   AsyncToMemRefState &state);

/// Resources become `memref<?xi8>`, host tensors identity memrefs.
void populateStreamLiteToMemRefTypeConversions(mlir::TypeConverter &converter);

/// The patterns of every async-phase op, plus the structural conversions
/// (functions, calls, returns, branches, scf) and the target's legality.
void populateStreamLiteToMemRefConversionPatterns(
    mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns,
    mlir::ConversionTarget &target, AsyncToMemRefState &state);

/// The same, with the constants the patterns make kept in `constants`
/// instead of `state.constants`; `state` is only read while they run. For
/// conversions of functions on several threads at once: each thread has
/// its own patterns, `converter`, `target` and `constants` over one
/// prepared `state`.
void populateStreamLiteToMemRefConversionPatterns(
    mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns,
    mlir::ConversionTarget &target, const AsyncToMemRefState &state,
    AsyncToMemRefState::SharedConstants &constants);

/// After the conversion: drops device declarations and `stream_lite.*`
/// attributes, which describe nothing once devices are simulated.
void finalizeAsyncToMemRefConversion(mlir::ModuleOp module);

class AsyncConstantOp;

namespace detail {
/// The bits of the one element of a splat integer or float constant,
/// widened to its storage bytes (i1 is a byte); none for other constants.
/// Such a constant is filled in place; any other becomes a global.
std::optional<llvm::APInt> getSplatBits(AsyncConstantOp op);
} // namespace detail

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_CONVERSION_STREAMLITETOMEMREF_H
