//===- JitProgram.h - the program's code generated on several threads -----===//
//
// Internal to LayoutOptRuntime (JitSession.cpp). mlir::ExecutionEngine
// generates the code of its module on one thread, and for a large program
// (its own functions, at LLVM's fast code generation level) that is most of
// `layout-run`'s time. A large program is therefore split into partitions
// (llvm::SplitModule, as LTO's parallel code generation does), each compiled
// to an object on a thread of its own and linked in a JIT of the session's;
// the engine's module keeps, for each function a caller may look up, a stub
// of the same name and signature that calls the function's code there.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_RUNTIME_JITPROGRAM_H
#define LIB_RUNTIME_JITPROGRAM_H

#include "StreamLite/Runtime/JitSession.h"

#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace layoutopt::runtime::detail {

/// The prefix of the declarations a stub calls: `<prefix><function>` is bound
/// to the address of `<function>` in the program's JIT.
inline constexpr llvm::StringLiteral kProgramImplPrefix =
    "__layout_opt_program.";

struct ProgramCompileOptions {
  /// Threads (and so at most partitions); below 2 nothing is split.
  unsigned threads = 1;
  /// Split only into partitions of at least this many LLVM instructions
  /// (a smaller program is generated on one thread: splitting has a cost).
  unsigned partitionInstructions = kDefaultProgramPartitionInstructions;
};

/// The program's partitions as objects, and the functions its stubs call.
struct CompiledProgram {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  /// Externally visible functions (unmangled): each has a stub in the
  /// engine's module calling kProgramImplPrefix + name.
  std::vector<std::string> names;
};

/// Sets `m`'s data layout and triple to those of a target machine of
/// `machine`, as mlir::ExecutionEngine sets its module's before optimizing
/// and compiling it.
llvm::Error setUpForTarget(llvm::Module &m,
                           const llvm::orc::JITTargetMachineBuilder &machine);

/// Splits the program `m` (its kernels already taken out, its functions
/// already given their code generation attributes) and compiles the
/// partitions in parallel, each for a target machine of `machine`; `m` is
/// replaced by the stubs' module, in the same
/// LLVMContext. None, and `m` unchanged, when the program is too small for
/// the options or is not one this splits safely (coroutines, global
/// constructors, linkages other than external and internal).
llvm::Expected<std::optional<CompiledProgram>>
compileProgramApart(std::unique_ptr<llvm::Module> &m,
                    const ProgramCompileOptions &options,
                    const llvm::orc::JITTargetMachineBuilder &machine);

} // namespace layoutopt::runtime::detail

#endif // LIB_RUNTIME_JITPROGRAM_H
