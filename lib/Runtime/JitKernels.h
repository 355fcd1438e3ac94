//===- JitKernels.h - the builtin kernels, optimized and compiled apart ---===//
//
// Internal to LayoutOptRuntime (JitSession.cpp; RuntimeTest.cpp tests
// it). With JitOptimization::Kernels the session takes the builtin kernels (functions
// named kBuiltinSymbolPrefix...) out of the translated module, compiles
// them to an object of their own (O3 for the host, then code generation),
// from the KernelObjectCache when it has it, and links that object in a
// JIT of its own; the program's module keeps declarations, bound to the
// kernels' addresses.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_RUNTIME_JITKERNELS_H
#define LIB_RUNTIME_JITKERNELS_H

#include "StreamLite/Runtime/JitSession.h"

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace layoutopt::runtime::detail {

/// The host's TargetMachine at CodeGenOptLevel::Aggressive (created once);
/// null when the host cannot be detected.
llvm::TargetMachine *aggressiveHostMachine();

/// Runs LLVM's O3 module pipeline for `tm` on the builtin kernels of `m`
/// only (see JitSession.cpp's use).
llvm::Error optimizeKernels(llvm::Module &m, llvm::TargetMachine *tm);

/// Marks every defined function of `m` but the builtin kernels optnone +
/// noinline (those already optnone or alwaysinline aside), so that code
/// generation takes its fast path for them (FastISel, machine optimizations
/// skipped) while the kernels keep the target machine's level.
void generateProgramCodeFast(llvm::Module &m);

/// Whether `m` defines builtin kernels.
bool definesKernels(const llvm::Module &m);

struct KernelCompileOptions {
  llvm::CodeGenOptLevel codeGenOptLevel = llvm::CodeGenOptLevel::Default;
  /// The KernelObjectCache directory; empty: no cache.
  std::string cacheDirectory;
  /// How the directory is pruned after an object is stored.
  llvm::CachePruningPolicy cachePolicy;
  /// Where to print the kernels' module after optimization (the cache is
  /// then not read, so that there is IR to print).
  llvm::raw_ostream *printOptimizedIR = nullptr;
};

/// The kernels of a module as one object.
struct CompiledKernels {
  std::unique_ptr<llvm::MemoryBuffer> object;
  /// The kernels it defines (unmangled).
  std::vector<std::string> names;
  KernelCacheOutcome cacheOutcome = KernelCacheOutcome::NotUsed;
  /// Why the cache directory or the entry was not trusted, or empty.
  std::string cacheWarning;
};

/// Moves the definitions of the builtin kernels of `m` into a module of
/// their own and compiles it (or loads it from the cache); `m` keeps
/// external declarations of them. None, and `m` unchanged, when `m` has no
/// kernels or a kernel uses something `m` defines besides kernels (then the
/// caller optimizes the kernels in place).
llvm::Expected<std::optional<CompiledKernels>>
compileKernelsApart(llvm::Module &m, const KernelCompileOptions &options);

/// A JIT with objects linked in, and the address of each symbol asked for.
struct LinkedObjects {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::vector<std::pair<std::string, llvm::orc::ExecutorAddr>> addresses;
};

/// Links `objects` in a JIT of their own (RuntimeDyld, as mlir::ExecutionEngine
/// links the program, with the same debugger and profiler listeners when
/// enabled), `symbols` bound in it, and looks up `names` (unmangled) at
/// once. `what` names the objects in errors.
llvm::Expected<LinkedObjects>
linkObjects(std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects,
            llvm::ArrayRef<std::string> names, bool enableNotificationListeners,
            llvm::function_ref<llvm::orc::SymbolMap(llvm::orc::MangleAndInterner)>
                symbols,
            llvm::StringRef what);

} // namespace layoutopt::runtime::detail

#endif // LIB_RUNTIME_JITKERNELS_H
