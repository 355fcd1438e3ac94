//===- AsyncRuntime.cpp - upstream's async runtime for parallel kernels ---===//

#include "AsyncRuntime.h"
#include "CallsJitCode.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/DynamicLibrary.h"

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>

namespace layoutopt::runtime::detail {

/// Programs with parallel kernels call the runtime's entry points by name.
bool usesAsyncRuntime(mlir::ModuleOp llvmModule) {
  for (auto func : llvmModule.getOps<mlir::LLVM::LLVMFuncOp>())
    if (func.getSymName().starts_with("mlirAsyncRuntime"))
      return true;
  return false;
}

namespace {

/// Resumes of JIT-compiled coroutines handed to the async runtime that have
/// not returned yet. A task signals its token before its coroutine returns,
/// so the kernel awaiting it can return, and its session be destroyed,
/// while a worker still runs the task's last instructions in the session's
/// code (a crash at an unmapped address). The runtime's four entry points
/// that take a resume function are wrapped to count them, and a session
/// that used the runtime waits for none to be left before it frees its
/// code. One count for the process: the runtime's workers are shared.
class PendingResumes {
public:
  using Resume = void (*)(void *);

  /// Counts one resume of `resume(handle)`; returns what the runtime is
  /// handed to call runTracked with.
  void *track(void *handle, Resume resume) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      ++count;
    }
    return new Tracked{handle, resume};
  }

  /// The resume the runtime calls: the coroutine's, then the count.
  LAYOUT_OPT_CALLS_JIT_CODE static void runTracked(void *arg) {
    Tracked tracked = *static_cast<Tracked *>(arg);
    delete static_cast<Tracked *>(arg);
    tracked.resume(tracked.handle);
    get().finishOne();
  }

  void waitUntilNone() {
    std::unique_lock<std::mutex> lock(mutex);
    none.wait(lock, [&] { return count == 0; });
  }

  /// Never destroyed: workers may finish a resume during exit.
  static PendingResumes &get() {
    static PendingResumes *pending = new PendingResumes;
    return *pending;
  }

private:
  struct Tracked {
    void *handle;
    Resume resume;
  };
  void finishOne() {
    std::lock_guard<std::mutex> lock(mutex);
    if (--count == 0)
      none.notify_all();
  }

  std::mutex mutex;
  std::condition_variable none;
  size_t count = 0;
};

/// The runtime's own entry points that take a resume function.
using Resume = PendingResumes::Resume;
void (*runtimeExecute)(void *, Resume);
void (*runtimeAwaitTokenAndExecute)(void *, void *, Resume);
void (*runtimeAwaitValueAndExecute)(void *, void *, Resume);
void (*runtimeAwaitAllInGroupAndExecute)(void *, void *, Resume);

void trackedExecute(void *handle, Resume resume) {
  runtimeExecute(PendingResumes::get().track(handle, resume),
                 PendingResumes::runTracked);
}
void trackedAwaitTokenAndExecute(void *token, void *handle, Resume resume) {
  runtimeAwaitTokenAndExecute(token,
                              PendingResumes::get().track(handle, resume),
                              PendingResumes::runTracked);
}
void trackedAwaitValueAndExecute(void *value, void *handle, Resume resume) {
  runtimeAwaitValueAndExecute(value,
                              PendingResumes::get().track(handle, resume),
                              PendingResumes::runTracked);
}
void trackedAwaitAllInGroupAndExecute(void *group, void *handle,
                                      Resume resume) {
  runtimeAwaitAllInGroupAndExecute(
      group, PendingResumes::get().track(handle, resume),
      PendingResumes::runTracked);
}

/// Replaces the runtime's entry point `name` in `symbols` with `tracked`,
/// keeping the runtime's in `runtime`; false when it has none.
template <typename Fn>
bool wrapEntry(llvm::StringMap<void *> &symbols, llvm::StringRef name,
               Fn &runtime, Fn tracked) {
  auto entry = symbols.find(name);
  if (entry == symbols.end())
    return false;
  runtime = reinterpret_cast<Fn>(entry->second);
  entry->second = reinterpret_cast<void *>(tracked);
  return true;
}

} // namespace

/// The async runtime's entry points, loaded once per process and kept: not
/// through ExecutionEngineOptions::sharedLibPaths, because an engine that
/// loaded it calls its `__mlir_execution_engine_destroy` when destroyed,
/// which deletes the process's one runtime for good (the next session's
/// first task would crash). Its thread pool, as large as the machine, lives
/// until exit; the program bounds how many tasks it runs at once.
llvm::Expected<const llvm::StringMap<void *> *> asyncRuntimeSymbols() {
  static llvm::StringMap<void *> symbols;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    auto library = llvm::sys::DynamicLibrary::getPermanentLibrary(
        LAYOUT_OPT_ASYNC_RUNTIME_LIBRARY, &error);
    if (!library.isValid())
      return;
    void *init = library.getAddressOfSymbol("__mlir_execution_engine_init");
    if (!init) {
      error = "no __mlir_execution_engine_init";
      return;
    }
    reinterpret_cast<void (*)(llvm::StringMap<void *> &)>(init)(symbols);
    if (!wrapEntry(symbols, "mlirAsyncRuntimeExecute", runtimeExecute,
                   trackedExecute) ||
        !wrapEntry(symbols, "mlirAsyncRuntimeAwaitTokenAndExecute",
                   runtimeAwaitTokenAndExecute, trackedAwaitTokenAndExecute) ||
        !wrapEntry(symbols, "mlirAsyncRuntimeAwaitValueAndExecute",
                   runtimeAwaitValueAndExecute, trackedAwaitValueAndExecute) ||
        !wrapEntry(symbols, "mlirAsyncRuntimeAwaitAllInGroupAndExecute",
                   runtimeAwaitAllInGroupAndExecute,
                   trackedAwaitAllInGroupAndExecute))
      error = "an entry point that takes a resume function is missing";
  });
  if (!error.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot load the async runtime " +
            llvm::Twine(LAYOUT_OPT_ASYNC_RUNTIME_LIBRARY) + ": " + error);
  return &symbols;
}

void waitForAsyncTasks() { PendingResumes::get().waitUntilNone(); }

} // namespace layoutopt::runtime::detail
