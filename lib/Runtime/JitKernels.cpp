//===- JitKernels.cpp - the builtin kernels, optimized and compiled apart -===//

#include "JitKernels.h"

#include "StreamLite/Runtime/KernelObjectCache.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "llvm/ExecutionEngine/JITEventListener.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Transforms/Utils/Cloning.h"

namespace sl = layoutopt::stream_lite;

namespace layoutopt::runtime::detail {

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

bool isKernelDefinition(const llvm::GlobalValue *value) {
  return llvm::isa<llvm::Function>(value) && !value->isDeclaration() &&
         value->getName().starts_with(sl::kBuiltinSymbolPrefix);
}

/// The host as JITTargetMachineBuilder detects it (detected once).
llvm::Expected<llvm::orc::JITTargetMachineBuilder> hostMachineBuilder() {
  static std::optional<llvm::orc::JITTargetMachineBuilder> host =
      []() -> std::optional<llvm::orc::JITTargetMachineBuilder> {
    auto detected = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!detected) {
      llvm::consumeError(detected.takeError());
      return std::nullopt;
    }
    return std::move(*detected);
  }();
  if (!host)
    return makeError("cannot detect the host machine");
  return *host;
}

/// What an object compiled for `host` at `level` depends on besides IR.
std::string describeTarget(const llvm::orc::JITTargetMachineBuilder &host,
                           llvm::CodeGenOptLevel level) {
  return host.getTargetTriple().str() + "\n" + host.getCPU() + "\n" +
         host.getFeatures().getString() + "\nIR O3, codegen " +
         std::to_string(int(level));
}

} // namespace

bool definesKernels(const llvm::Module &m) {
  return llvm::any_of(m.functions(), [](const llvm::Function &f) {
    return isKernelDefinition(&f);
  });
}

llvm::TargetMachine *aggressiveHostMachine() {
  static std::unique_ptr<llvm::TargetMachine> hostMachine = [] {
    auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!builder) {
      llvm::consumeError(builder.takeError());
      return std::unique_ptr<llvm::TargetMachine>();
    }
    builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
    auto tm = builder->createTargetMachine();
    if (!tm) {
      llvm::consumeError(tm.takeError());
      return std::unique_ptr<llvm::TargetMachine>();
    }
    return std::move(*tm);
  }();
  return hostMachine.get();
}

/// Every other defined function is optnone + noinline while the pipeline
/// runs (the standard instrumentation then skips it, and nothing is inlined
/// into it), and gets its attributes back afterwards, so the program's own
/// functions, which only run once and can be large, cost no optimization
/// time. Running the module pipeline (rather than a function pipeline per
/// kernel) keeps its vectorizers and unrolling.
llvm::Error optimizeKernels(llvm::Module &m, llvm::TargetMachine *tm) {
  struct Hidden {
    llvm::Function *function;
    bool hadNoInline;
  };
  llvm::SmallVector<Hidden> hidden;
  bool anyKernel = false;
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    if (f.getName().starts_with(sl::kBuiltinSymbolPrefix)) {
      anyKernel = true;
      continue;
    }
    if (f.hasFnAttribute(llvm::Attribute::OptimizeNone) ||
        f.hasFnAttribute(llvm::Attribute::AlwaysInline))
      continue;
    hidden.push_back({&f, f.hasFnAttribute(llvm::Attribute::NoInline)});
    f.addFnAttr(llvm::Attribute::OptimizeNone);
    f.addFnAttr(llvm::Attribute::NoInline);
  }
  if (anyKernel) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassInstrumentationCallbacks pic;
    llvm::StandardInstrumentations si(m.getContext(), /*DebugLogging=*/false);
    si.registerCallbacks(pic, &mam);
    llvm::PassBuilder pb(tm, llvm::PipelineTuningOptions(), std::nullopt,
                         &pic);
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3)
        .run(m, mam);
  }
  for (const Hidden &h : hidden) {
    h.function->removeFnAttr(llvm::Attribute::OptimizeNone);
    if (!h.hadNoInline)
      h.function->removeFnAttr(llvm::Attribute::NoInline);
  }
  return llvm::Error::success();
}

void generateProgramCodeFast(llvm::Module &m) {
  for (llvm::Function &f : m) {
    if (f.isDeclaration() || isKernelDefinition(&f) ||
        f.hasFnAttribute(llvm::Attribute::AlwaysInline))
      continue;
    f.addFnAttr(llvm::Attribute::OptimizeNone);
    f.addFnAttr(llvm::Attribute::NoInline);
  }
}

/// Functions defined in `m` that only kernels use, directly or through
/// one another (with threads, the async task bodies and their resume
/// helper that a parallel kernel hands to the async runtime), are renamed
/// into the kernels' namespace, so that they go with the kernels instead of
/// keeping them in the program's module. A function the program also uses,
/// or that a global refers to, stays; so does one nothing calls (a
/// function the runner looks up by name is called from outside only).
void adoptKernelOnlyFunctions(llvm::Module &m) {
  llvm::SmallPtrSet<const llvm::Function *, 16> kernelSide;
  for (llvm::Function &f : m)
    if (isKernelDefinition(&f))
      kernelSide.insert(&f);
  auto usedOnlyByKernelSide = [&](llvm::Function &f) {
    for (const llvm::User *user : f.users()) {
      const auto *instruction = llvm::dyn_cast<llvm::Instruction>(user);
      if (!instruction || !kernelSide.contains(instruction->getFunction()))
        return false;
    }
    return !f.use_empty();
  };
  llvm::SmallVector<llvm::Function *> adopted;
  for (bool changed = true; changed;) {
    changed = false;
    for (llvm::Function &f : m) {
      if (f.isDeclaration() || kernelSide.contains(&f) ||
          !usedOnlyByKernelSide(f))
        continue;
      kernelSide.insert(&f);
      adopted.push_back(&f);
      changed = true;
    }
  }
  for (llvm::Function *f : adopted)
    f->setName(sl::kBuiltinSymbolPrefix + ("outlined." + f->getName()));
}

llvm::Expected<std::optional<CompiledKernels>>
compileKernelsApart(llvm::Module &m, const KernelCompileOptions &options) {
  if (llvm::none_of(m, [](llvm::Function &f) { return isKernelDefinition(&f); }))
    return std::nullopt;
  adoptKernelOnlyFunctions(m);
  llvm::ValueToValueMapTy clonedValues;
  // Read-only globals of the program's (assert messages) are copied: the
  // kernels' module gets its own copy of those it uses.
  auto isCopiedConstant = [](const llvm::GlobalValue *value) {
    const auto *global = llvm::dyn_cast<llvm::GlobalVariable>(value);
    return global && global->isConstant() && global->hasLocalLinkage() &&
           global->hasInitializer();
  };
  std::unique_ptr<llvm::Module> kernels =
      llvm::CloneModule(m, clonedValues, [&](const llvm::GlobalValue *value) {
        return isKernelDefinition(value) || isCopiedConstant(value);
      });
  for (llvm::GlobalVariable &global :
       llvm::make_early_inc_range(kernels->globals()))
    if (isCopiedConstant(&global) && global.use_empty())
      global.eraseFromParent();
  // The kernels' module holds only what they use, so that its text (the
  // cache key) does not change with the rest of the program. A kernel that
  // uses one of the program's own definitions cannot be compiled apart.
  for (llvm::GlobalValue &value :
       llvm::make_early_inc_range(kernels->global_values())) {
    if (!value.isDeclaration())
      continue;
    if (value.use_empty()) {
      value.eraseFromParent();
      continue;
    }
    const llvm::GlobalValue *original = m.getNamedValue(value.getName());
    if (original && !original->isDeclaration())
      return std::nullopt;
  }
  CompiledKernels compiled;
  for (llvm::Function &f : *kernels) {
    if (f.isDeclaration())
      continue;
    // Called from the program's module, found by name in the kernels' JIT.
    f.setLinkage(llvm::GlobalValue::ExternalLinkage);
    f.setVisibility(llvm::GlobalValue::DefaultVisibility);
    compiled.names.push_back(f.getName().str());
  }
  for (const std::string &name : compiled.names) {
    llvm::Function *f = m.getFunction(name);
    f->deleteBody();
    f->setLinkage(llvm::GlobalValue::ExternalLinkage);
    f->setVisibility(llvm::GlobalValue::DefaultVisibility);
    // Bound to an address in another JIT: no PC-relative call.
    f->setDSOLocal(false);
  }
  kernels->setModuleIdentifier("layout-opt-kernels");
  kernels->setSourceFileName("layout-opt-kernels");

  llvm::Expected<llvm::orc::JITTargetMachineBuilder> host =
      hostMachineBuilder();
  if (!host)
    return host.takeError();
  std::string irText;
  {
    llvm::raw_string_ostream os(irText);
    kernels->print(os, nullptr);
  }
  std::optional<KernelObjectCache> cache;
  std::string key;
  if (!options.cacheDirectory.empty()) {
    cache.emplace(options.cacheDirectory);
    key = KernelObjectCache::keyFor(
        irText, describeTarget(*host, options.codeGenOptLevel));
    compiled.cacheOutcome = KernelCacheOutcome::Miss;
    // A directory others could have written is not read (nor written):
    // what it holds would be linked and run. One that cannot be created
    // is a miss, silently.
    if (!cache->prepare(&compiled.cacheWarning)) {
      cache.reset();
      if (!compiled.cacheWarning.empty())
        compiled.cacheOutcome = KernelCacheOutcome::NotUsed;
    } else if (!options.printOptimizedIR) {
      if (auto object = cache->load(key, &compiled.cacheWarning)) {
        compiled.object = std::move(object);
        compiled.cacheOutcome = KernelCacheOutcome::Hit;
        return std::move(compiled);
      }
    }
  }

  llvm::orc::JITTargetMachineBuilder builder = *host;
  builder.setCodeGenOptLevel(options.codeGenOptLevel);
  auto machine = builder.createTargetMachine();
  if (!machine)
    return machine.takeError();
  kernels->setDataLayout((*machine)->createDataLayout());
  kernels->setTargetTriple((*machine)->getTargetTriple());
  if (llvm::Error error = optimizeKernels(*kernels, aggressiveHostMachine()))
    return std::move(error);
  if (options.printOptimizedIR)
    kernels->print(*options.printOptimizedIR, nullptr);
  llvm::orc::SimpleCompiler compile(**machine);
  auto object = compile(*kernels);
  if (!object)
    return object.takeError();
  // A new entry is what makes the directory grow: prune it then (the
  // policy's interval keeps that to a stat of its timestamp file mostly).
  if (cache && cache->store(key, (*object)->getBuffer()))
    (void)cache->prune(options.cachePolicy);
  compiled.object = std::move(*object);
  return std::move(compiled);
}

llvm::Expected<LinkedObjects> linkObjects(
    std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects,
    llvm::ArrayRef<std::string> names, bool enableNotificationListeners,
    llvm::function_ref<llvm::orc::SymbolMap(llvm::orc::MangleAndInterner)>
        symbols,
    llvm::StringRef what) {
  auto createLinkingLayer = [enableNotificationListeners](
                                llvm::orc::ExecutionSession &session)
      -> llvm::Expected<std::unique_ptr<llvm::orc::ObjectLayer>> {
    auto layer = std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
        session, [](const llvm::MemoryBuffer &) {
          return std::make_unique<llvm::SectionMemoryManager>();
        });
    if (enableNotificationListeners) {
      if (auto *gdb = llvm::JITEventListener::createGDBRegistrationListener())
        layer->registerJITEventListener(*gdb);
      if (auto *perf = llvm::JITEventListener::createPerfJITEventListener())
        layer->registerJITEventListener(*perf);
      else if (auto *intel =
                   llvm::JITEventListener::createIntelJITEventListener())
        layer->registerJITEventListener(*intel);
    }
    return std::move(layer);
  };
  auto jit = llvm::orc::LLJITBuilder()
                 .setObjectLinkingLayerCreator(createLinkingLayer)
                 .create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  if (llvm::Error error =
          main.define(llvm::orc::absoluteSymbols(symbols(mangle))))
    return std::move(error);
  for (std::unique_ptr<llvm::MemoryBuffer> &object : objects)
    if (llvm::Error error = (*jit)->addObjectFile(std::move(object)))
      return std::move(error);
  // One lookup for all names: a lookup per name costs a session round trip
  // each (thousands for a large program).
  llvm::orc::SymbolLookupSet lookup;
  for (const std::string &name : names)
    lookup.add(mangle(name));
  auto found = (*jit)->getExecutionSession().lookup(
      llvm::orc::makeJITDylibSearchOrder(
          &main, llvm::orc::JITDylibLookupFlags::MatchAllSymbols),
      std::move(lookup));
  if (!found) {
    // The error may refer to strings the JIT owns: copy it out first.
    std::string message = llvm::toString(found.takeError());
    return makeError("cannot link the " + what + ": " + message);
  }
  LinkedObjects linked;
  for (const std::string &name : names)
    linked.addresses.emplace_back(name,
                                  found->find(mangle(name))->second.getAddress());
  linked.jit = std::move(*jit);
  return std::move(linked);
}

} // namespace layoutopt::runtime::detail
