//===- ParallelFunctions.h - functions in parallel --------------*- C++ -*-===//
//
// The one driver of the passes that rewrite a module's functions in
// parallel themselves (materialize-builtins, encode-host-tensors,
// convert-async-to-memref, convert-host-to-llvm): mlir::parallelForEach
// over the functions, each thread with a state of its own (its patterns and
// whatever they cache, which is not thread-safe), made when the thread
// first takes a function and kept for the next ones. Under
// --mlir-disable-threading the tasks run in order on one thread, with one
// state.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_PARALLELFUNCTIONS_H
#define STREAMLITE_TRANSFORMS_PARALLELFUNCTIONS_H

#include "mlir/IR/Threading.h"
#include "mlir/Support/ThreadLocalCache.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <mutex>

namespace layoutopt::stream_lite {

/// One `State` per thread, made on the thread's first `get` and owned here
/// until the driver is done, so that it can read (or merge) every state
/// afterwards.
template <typename State>
class PerThreadStates {
public:
  /// The calling thread's state; `make()` (returning a
  /// std::unique_ptr<State>) makes it on the thread's first call.
  template <typename MakeFn>
  State &get(MakeFn &&make) {
    State *&state = current.get();
    if (!state) {
      std::unique_ptr<State> made = make();
      state = made.get();
      std::lock_guard<std::mutex> lock(mutex);
      states.push_back(std::move(made));
    }
    return *state;
  }

  /// Every state made so far, in no particular order. Not thread-safe: for
  /// after the parallel loop.
  llvm::ArrayRef<std::unique_ptr<State>> getAll() const { return states; }

private:
  mlir::ThreadLocalCache<State *> current;
  std::mutex mutex;
  llvm::SmallVector<std::unique_ptr<State>> states;
};

/// Runs `body(state, i)` for every `i` in [0, count), in parallel when
/// `context` has threads, where `state` is the running thread's state in
/// `states` (made by `make(i)` for the first task the thread runs).
template <typename State, typename MakeFn, typename BodyFn>
void parallelForEachWithState(mlir::MLIRContext *context, size_t count,
                              PerThreadStates<State> &states, MakeFn &&make,
                              BodyFn &&body) {
  mlir::parallelForEach(context, llvm::seq<size_t>(0, count), [&](size_t i) {
    body(states.get([&] { return make(i); }), i);
  });
}

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_TRANSFORMS_PARALLELFUNCTIONS_H
