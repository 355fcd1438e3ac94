//===- KernelJit.h - build, lower and JIT builtin kernels -------*- C++ -*-===//
//
// Shared by the unit tests and the benchmarks (never installed): a builtin
// transfer kernel built with buildBuiltinExecutable, lowered with
// stream-lite-lower-bindings and then the upstream lowering to the LLVM
// dialect, JIT-compiled and called through the runtime library's JitSession
// (StreamLite/Runtime/JitSession.h). Failures are returned (llvm::Error /
// LogicalResult), never reported here, so Catch2 tests and plain programs
// can each report them their own way.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_TESTSUPPORT_KERNELJIT_H
#define LAYOUTOPT_TESTSUPPORT_KERNELJIT_H

#include "StreamLite/Transforms/BuiltinKernels.h"

#include "StreamLite/Runtime/JitSession.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace layoutopt::test {

/// makeContext() (TestUtil.h) plus the builtin and LLVM dialect
/// translations ExecutionEngine needs.
std::unique_ptr<mlir::MLIRContext> makeKernelJitContext();

/// A module holding the builtin executable of `kind` over `types`, named
/// getBuiltinName(kind, types); null when buildBuiltinExecutable fails (its
/// diagnostics go to the context's handlers).
mlir::OwningOpRef<mlir::ModuleOp> buildBuiltinKernelModule(
    mlir::MLIRContext &ctx, layoutopt::stream_lite::BuiltinKind kind,
    llvm::ArrayRef<mlir::RankedTensorType> types,
    const layoutopt::stream_lite::BuiltinKernelOptions &kernelOptions = {});

/// stream-lite-lower-bindings, then the upstream lowering to the LLVM
/// dialect nested on every executable's inner module, in place. With
/// `diagnostics`, the diagnostics of the run are collected there (joined by
/// newlines) and kept off stderr; without, they go to the context's
/// handlers. With `threads` above 1, parallel kernel loops become async
/// tasks first (stream-lite-parallelize-kernels and the upstream async
/// lowering, as --stream-lite-to-llvm-pipeline=threads=N does).
mlir::LogicalResult lowerKernelModule(mlir::ModuleOp module,
                                      std::string *diagnostics = nullptr,
                                      unsigned threads = 1);

/// How a lowered kernel is JIT-compiled (optimize: O3 IR for the host and
/// CodeGenOptLevel::Aggressive; off: ExecutionEngine's defaults).
using KernelJitOptions = layoutopt::runtime::JitOptions;

/// Packed arguments of a lowered kernel: a memref<?xi8> binding is
/// addByteBuffer, indices and element values one slot each.
using PackedArgs = layoutopt::runtime::JitArguments;

/// A JIT-compiled kernel: its session and entry point.
class JitKernel {
public:
  JitKernel(std::unique_ptr<layoutopt::runtime::JitSession> session,
            std::string name)
      : session(std::move(session)), name(std::move(name)) {}

  /// Calls the kernel with `args`.
  llvm::Error invoke(PackedArgs &args) {
    return session->invokePacked(name, args);
  }
  const std::string &getName() const { return name; }

private:
  std::unique_ptr<layoutopt::runtime::JitSession> session;
  std::string name;
};

/// JIT-compiles (a clone of) the inner module of the first executable of
/// `lowered` (a module lowerKernelModule succeeded on); `name` is the
/// kernel's entry point. Initializes the native target on first use.
llvm::Expected<JitKernel> jitKernel(mlir::ModuleOp lowered,
                                    llvm::StringRef name,
                                    const KernelJitOptions &options = {});

/// buildBuiltinKernelModule, lowerKernelModule and jitKernel in one: the
/// kernel of `kind` over `types`, ready to invoke; with `threads` above 1
/// its outer loop runs on up to that many threads (parallelOuterLoop);
/// `nonTemporalStoreBytes` and `nonTemporalScatteredStores` as
/// BuiltinKernelOptions.
llvm::Expected<JitKernel> compileBuiltinKernel(
    mlir::MLIRContext &ctx, layoutopt::stream_lite::BuiltinKind kind,
    llvm::ArrayRef<mlir::RankedTensorType> types,
    const KernelJitOptions &options = {}, unsigned threads = 1,
    int64_t nonTemporalStoreBytes =
        layoutopt::stream_lite::kDefaultNonTemporalStoreBytes,
    layoutopt::stream_lite::ScatteredStores nonTemporalScatteredStores =
        layoutopt::stream_lite::ScatteredStores::WholeLines);

} // namespace layoutopt::test

#endif // LAYOUTOPT_TESTSUPPORT_KERNELJIT_H
