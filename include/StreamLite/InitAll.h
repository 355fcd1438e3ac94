//===- InitAll.h - everything layout-opt registers --------------*- C++ -*-===//
//
// The one place that lists the dialects stream-lite programs use and the
// passes layout-opt offers; shared by every tool and by library users.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_INITALL_H
#define STREAMLITE_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace layoutopt {

/// Registers stream_lite, the upstream dialects stream-lite programs are
/// written with (builtin, func, arith, complex, scf, cf, tensor, memref),
/// those the passes and pipelines print (async, ub, llvm) and those user
/// kernels compute with and bufferize to (linalg, math, bufferization,
/// vector), with their interface extensions (e.g. inlining of func, one-shot
/// bufferization, runtime op verification) and stream_lite's external
/// models (functions' default affinities checked as symbol uses).
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the project's passes and pipelines and the generic upstream
/// passes users expect (canonicalize, cse, symbol-dce, inline, ...).
void registerAllPasses();

} // namespace layoutopt

#endif // STREAMLITE_INITALL_H
