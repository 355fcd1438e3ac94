//===- AsyncRuntime.h - upstream's async runtime for parallel kernels -----===//
//
// Internal to LayoutOptRuntime (JitSession.cpp). Programs with parallel
// kernels (--stream-lite-to-llvm-pipeline=threads=N) run their tasks on
// upstream's async runtime, loaded once per process. A task signals its
// token before its coroutine returns, so the kernel awaiting it can return,
// and its session free its code, while a worker still runs the task's last
// instructions there: the runtime's entry points that take a resume
// function are wrapped to count the resumes in flight, and a session that
// ran tasks waits for none to be left (waitForAsyncTasks) before it frees
// its code.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_RUNTIME_ASYNCRUNTIME_H
#define LIB_RUNTIME_ASYNCRUNTIME_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

namespace layoutopt::runtime::detail {

/// Whether `llvmModule` (LLVM dialect) calls the async runtime.
bool usesAsyncRuntime(mlir::ModuleOp llvmModule);

/// The async runtime's entry points by name, for a JIT to bind: loaded once
/// per process and kept, the resume-taking ones wrapped to count resumes.
llvm::Expected<const llvm::StringMap<void *> *> asyncRuntimeSymbols();

/// Waits until no resume handed to the runtime is pending or running. One
/// count for the process: the runtime's workers are shared.
void waitForAsyncTasks();

} // namespace layoutopt::runtime::detail

#endif // LIB_RUNTIME_ASYNCRUNTIME_H
