//===- KernelJit.h - build, lower and JIT builtin kernels -------*- C++ -*-===//
//
// Shared by the unit tests and the benchmarks (never installed): a builtin
// transfer kernel built with buildBuiltinExecutable, lowered with
// stream-lite-lower-bindings and then the upstream lowering to the LLVM
// dialect, JIT-compiled with mlir::ExecutionEngine and called through
// ExecutionEngine::invokePacked. Failures are returned (llvm::Error /
// LogicalResult), never reported here, so Catch2 tests and plain programs
// can each report them their own way.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_TESTSUPPORT_KERNELJIT_H
#define LAYOUTOPT_TESTSUPPORT_KERNELJIT_H

#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <string>

namespace layoutopt::test {

/// makeContext() (TestUtil.h) plus the builtin and LLVM dialect
/// translations ExecutionEngine needs.
std::unique_ptr<mlir::MLIRContext> makeKernelJitContext();

/// A module holding the builtin executable of `kind` over `types`, named
/// getBuiltinName(kind, types); null when buildBuiltinExecutable fails (its
/// diagnostics go to the context's handlers).
mlir::OwningOpRef<mlir::ModuleOp>
buildBuiltinKernelModule(mlir::MLIRContext &ctx,
                         layoutopt::stream_lite::BuiltinKind kind,
                         llvm::ArrayRef<mlir::RankedTensorType> types);

/// stream-lite-lower-bindings, then the upstream lowering to the LLVM
/// dialect nested on every executable's inner module, in place. With
/// `diagnostics`, the diagnostics of the run are collected there (joined by
/// newlines) and kept off stderr; without, they go to the context's
/// handlers.
mlir::LogicalResult lowerKernelModule(mlir::ModuleOp module,
                                      std::string *diagnostics = nullptr);

/// How a lowered kernel is JIT-compiled.
struct KernelJitOptions {
  /// Optimize the LLVM IR at O3 for the host (makeOptimizingTransformer(3,
  /// 0, host TargetMachine)) and generate code at CodeGenOptLevel::Aggressive.
  /// Off: ExecutionEngine's defaults (no IR optimization).
  bool optimize = false;
  /// With `optimize`: where to print each kernel's optimized LLVM IR.
  llvm::raw_ostream *printOptimizedIR = nullptr;
};

/// Packed arguments for ExecutionEngine::invokePacked: one 64-bit slot per
/// scalar of the lowered signature. A memref<?xi8> binding expands to its
/// allocated and aligned pointers, offset, size and stride.
class PackedArgs {
public:
  /// A binding over `size` bytes at `data`.
  void addByteBuffer(void *data, int64_t size) {
    addScalar(data);
    addScalar(data);
    addScalar<int64_t>(0);
    addScalar<int64_t>(size);
    addScalar<int64_t>(1);
  }
  void addIndex(int64_t value) { addScalar<int64_t>(value); }
  void addIndices(llvm::ArrayRef<int64_t> values) {
    for (int64_t v : values)
      addIndex(v);
  }
  /// An element value given by its bytes (at most 8), zero-extended.
  void addElementBytes(llvm::ArrayRef<uint8_t> bytes) {
    uint64_t word = 0;
    std::memcpy(&word, bytes.data(), bytes.size());
    addScalar<uint64_t>(word);
  }
  template <typename T>
  void addScalar(T value) {
    static_assert(sizeof(T) <= sizeof(uint64_t));
    storage.emplace_back();
    std::memcpy(&storage.back(), &value, sizeof(T));
  }
  /// A pointer to each slot, in order.
  llvm::SmallVector<void *> pointers() {
    llvm::SmallVector<void *> result;
    for (uint64_t &slot : storage)
      result.push_back(&slot);
    return result;
  }

private:
  std::deque<uint64_t> storage;
};

/// A JIT-compiled kernel: its engine and entry point.
class JitKernel {
public:
  JitKernel(std::unique_ptr<mlir::ExecutionEngine> engine, std::string name)
      : engine(std::move(engine)), name(std::move(name)) {}

  /// Calls the kernel with `args`.
  llvm::Error invoke(PackedArgs &args) {
    llvm::SmallVector<void *> pointers = args.pointers();
    return engine->invokePacked(name, pointers);
  }
  const std::string &getName() const { return name; }

private:
  std::unique_ptr<mlir::ExecutionEngine> engine;
  std::string name;
};

/// JIT-compiles (a clone of) the inner module of the first executable of
/// `lowered` (a module lowerKernelModule succeeded on); `name` is the
/// kernel's entry point. Initializes the native target on first use.
llvm::Expected<JitKernel> jitKernel(mlir::ModuleOp lowered,
                                    llvm::StringRef name,
                                    const KernelJitOptions &options = {});

/// buildBuiltinKernelModule, lowerKernelModule and jitKernel in one: the
/// kernel of `kind` over `types`, ready to invoke.
llvm::Expected<JitKernel>
compileBuiltinKernel(mlir::MLIRContext &ctx,
                     layoutopt::stream_lite::BuiltinKind kind,
                     llvm::ArrayRef<mlir::RankedTensorType> types,
                     const KernelJitOptions &options = {});

} // namespace layoutopt::test

#endif // LAYOUTOPT_TESTSUPPORT_KERNELJIT_H
