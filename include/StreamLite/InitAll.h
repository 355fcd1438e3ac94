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

/// Registers stream_lite and the upstream dialects stream-lite programs use
/// (builtin, func, arith, scf, cf, tensor, memref), with their interface
/// extensions (e.g. inlining of func).
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the project's passes and pipelines and the generic upstream
/// passes users expect (canonicalize, cse, symbol-dce, inline, ...).
void registerAllPasses();

} // namespace layoutopt

#endif // STREAMLITE_INITALL_H
