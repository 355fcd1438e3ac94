//===- JitProgram.cpp - the program's code generated on several threads ---===//

#include "JitProgram.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Transforms/Utils/SplitModule.h"

namespace layoutopt::runtime::detail {

namespace {

/// Whether every definition of `m` can go to any partition and be linked
/// back: plain external or internal symbols, no constructors (the engine
/// runs those of its own module only), no coroutines left (they are split by
/// an IR pass the engine's module runs, or already were by O3).
bool isSplittable(const llvm::Module &m) {
  const llvm::Function *coroutines = m.getFunction("llvm.coro.begin");
  if (m.getNamedGlobal("llvm.global_ctors") ||
      m.getNamedGlobal("llvm.global_dtors") ||
      (coroutines && !coroutines->use_empty()) || !m.alias_empty() ||
      !m.ifunc_empty() || !m.getComdatSymbolTable().empty())
    return false;
  return llvm::all_of(m.global_values(), [](const llvm::GlobalValue &value) {
    return value.isDeclaration() || value.hasExternalLinkage() ||
           value.hasLocalLinkage();
  });
}

/// A stub named and typed as `f` (an externally visible function of the
/// program) that calls kProgramImplPrefix + its name, bound to `f`'s code
/// in the program's JIT.
void addStub(llvm::Module &stubs, const llvm::Function &f) {
  llvm::FunctionType *type = f.getFunctionType();
  auto *impl = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                                      kProgramImplPrefix + f.getName(), stubs);
  auto *stub = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                                      f.getName(), stubs);
  for (llvm::Function *g : {impl, stub}) {
    g->setCallingConv(f.getCallingConv());
    g->setAttributes(f.getAttributes());
  }
  llvm::IRBuilder<> builder(
      llvm::BasicBlock::Create(stubs.getContext(), "entry", stub));
  llvm::SmallVector<llvm::Value *> arguments(
      llvm::make_pointer_range(stub->args()));
  llvm::CallInst *call = builder.CreateCall(impl, arguments);
  call->setCallingConv(f.getCallingConv());
  call->setAttributes(f.getAttributes());
  call->setTailCall();
  if (type->getReturnType()->isVoidTy())
    builder.CreateRetVoid();
  else
    builder.CreateRet(call);
}

} // namespace

llvm::Error setUpForTarget(llvm::Module &m,
                           const llvm::orc::JITTargetMachineBuilder &machine) {
  llvm::orc::JITTargetMachineBuilder builder = machine;
  auto target = builder.createTargetMachine();
  if (!target)
    return target.takeError();
  m.setDataLayout((*target)->createDataLayout());
  m.setTargetTriple((*target)->getTargetTriple());
  return llvm::Error::success();
}

llvm::Expected<std::optional<CompiledProgram>>
compileProgramApart(std::unique_ptr<llvm::Module> &m,
                    const ProgramCompileOptions &options,
                    const llvm::orc::JITTargetMachineBuilder &machine) {
  if (options.threads < 2 || !isSplittable(*m))
    return std::nullopt;
  // A function is never split, so there are at most as many partitions as
  // functions.
  unsigned numInstructions = 0, numFunctions = 0;
  for (const llvm::Function &f : *m) {
    numInstructions += f.getInstructionCount();
    numFunctions += !f.isDeclaration();
  }
  unsigned partitions = std::min(
      {options.threads, numFunctions,
       numInstructions / std::max(1u, options.partitionInstructions)});
  if (partitions < 2)
    return std::nullopt;

  // For the partitions and the stubs alike.
  if (llvm::Error error = setUpForTarget(*m, machine))
    return std::move(error);
  CompiledProgram compiled;
  auto stubs = std::make_unique<llvm::Module>("layout-opt-program-stubs",
                                              m->getContext());
  stubs->setDataLayout(m->getDataLayout());
  stubs->setTargetTriple(m->getTargetTriple());
  for (const llvm::Function &f : *m) {
    if (f.isDeclaration() || f.hasLocalLinkage())
      continue;
    compiled.names.push_back(f.getName().str());
    addStub(*stubs, f);
  }

  // Partitions share `m`'s LLVMContext, which two threads must not use at
  // once: each goes to bitcode here and is read back into a context of its
  // compiling thread (as LTO's parallel code generation does). Round robin
  // gives each partition the same number of functions (the name hash would
  // not, for a few); locals used across partitions become hidden externals,
  // which the program's JIT resolves within its one JITDylib.
  std::vector<llvm::SmallVector<char, 0>> bitcode;
  llvm::SplitModule(
      *m, partitions,
      [&](std::unique_ptr<llvm::Module> part) {
        llvm::SmallVector<char, 0> &buffer = bitcode.emplace_back();
        llvm::raw_svector_ostream os(buffer);
        llvm::WriteBitcodeToFile(*part, os);
      },
      /*PreserveLocals=*/false, /*RoundRobin=*/true);

  compiled.objects.resize(bitcode.size());
  std::vector<std::string> errors(bitcode.size());
  {
    // No more threads than the machine has, whatever was asked: partitions
    // beyond them wait for a thread.
    llvm::ThreadPoolStrategy strategy = llvm::hardware_concurrency(
        std::min<unsigned>(bitcode.size(), options.threads));
    strategy.Limit = true;
    llvm::DefaultThreadPool pool(strategy);
    for (size_t i = 0; i < bitcode.size(); ++i)
      pool.async([&, i] {
        auto fail = [&](llvm::Error error) {
          errors[i] = llvm::toString(std::move(error));
        };
        llvm::LLVMContext context;
        auto part = llvm::parseBitcodeFile(
            llvm::MemoryBufferRef(
                llvm::StringRef(bitcode[i].data(), bitcode[i].size()),
                "layout-opt-program"),
            context);
        if (!part)
          return fail(part.takeError());
        llvm::orc::JITTargetMachineBuilder builder = machine;
        auto target = builder.createTargetMachine();
        if (!target)
          return fail(target.takeError());
        llvm::orc::SimpleCompiler compile(**target);
        auto object = compile(**part);
        if (!object)
          return fail(object.takeError());
        compiled.objects[i] = std::move(*object);
      });
    pool.wait();
  }
  for (const std::string &error : errors)
    if (!error.empty())
      return llvm::createStringError("cannot compile the program: " + error);
  m = std::move(stubs);
  return std::move(compiled);
}

} // namespace layoutopt::runtime::detail
