//===- JitSession.cpp - JIT-compile and run a lowered program -------------===//

#include "StreamLite/Runtime/JitSession.h"

#include "AsyncRuntime.h"
#include "CallsJitCode.h"
#include "JitKernels.h"
#include "JitProgram.h"

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/Runtime/KernelObjectCache.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <set>

using namespace mlir;
namespace sl = layoutopt::stream_lite;

namespace layoutopt::runtime {

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The largest buffer a program may allocate. A larger request comes from
/// dims that are out of all proportion to the inputs (e.g. a huge index
/// argument) and would fail or exhaust the machine, so it is bad input.
constexpr size_t kMaxProgramAllocation = size_t(1) << 36;

/// The session whose program runs on this thread. The JIT-bound callbacks
/// replace plain C functions (malloc, free, puts, abort) whose signatures
/// have no room for a context pointer, so they find their session here. It
/// is thread_local so that sessions running on different threads never see
/// each other's state, and it is set only while invokePacked runs.
thread_local JitSession *currentSession = nullptr;

class CurrentSessionScope {
public:
  explicit CurrentSessionScope(JitSession *session)
      : previous(currentSession) {
    currentSession = session;
  }
  ~CurrentSessionScope() { currentSession = previous; }

private:
  JitSession *previous;
};

} // namespace

//===----------------------------------------------------------------------===//
// The JIT-bound callbacks. Outside a run (no current session) they behave
// like the C functions they replace.
//===----------------------------------------------------------------------===//

extern "C" {

static void *layoutRuntimeMalloc(size_t bytes) {
  return currentSession ? currentSession->allocate(bytes) : std::malloc(bytes);
}

/// LLVM's optimizer turns a malloc followed by a zeroing memset into
/// calloc: the same buffer, so the same bookkeeping.
static void *layoutRuntimeCalloc(size_t count, size_t size) {
  if (!currentSession)
    return std::calloc(count, size);
  size_t bytes = 0;
  if (__builtin_mul_overflow(count, size, &bytes))
    bytes = SIZE_MAX; // Over the session's limit: reported as such.
  return currentSession->allocate(bytes, /*zero=*/true);
}

static void layoutRuntimeFree(void *pointer) {
  if (currentSession)
    currentSession->deallocate(pointer);
  else
    std::free(pointer);
}

/// A failed `cf.assert` lowers to `puts(message); abort()`; generated
/// programs call puts for nothing else, so the message is kept for abort.
static int layoutRuntimePuts(const char *message) {
  if (!currentSession)
    return std::puts(message);
  currentSession->setCheckMessage(message);
  return 0;
}

static void layoutRuntimeAbort() {
  if (!currentSession)
    std::abort();
  currentSession->failRuntimeCheck();
}

static void layoutRuntimePaddingDim(int64_t dim) {
  if (currentSession)
    currentSession->addPaddingDim(dim);
}

/// A staging copy of the bytes an op wrote, as a memref<?xi8> in the
/// expanded calling convention.
static void layoutRuntimeCheckPadding(int64_t id, uint8_t *, uint8_t *aligned,
                                      int64_t offset, int64_t size,
                                      int64_t stride) {
  if (currentSession)
    currentSession->checkPadding(id, aligned, offset, size, stride);
}

static void layoutRuntimeTraceDim(int64_t dim) {
  if (currentSession)
    currentSession->addTraceDim(dim);
}

/// A staging copy of the bytes an op wrote, as for the padding check.
static void layoutRuntimeTrace(int64_t id, uint8_t *, uint8_t *aligned,
                               int64_t offset, int64_t size, int64_t stride) {
  if (currentSession)
    currentSession->recordTrace(id, aligned, offset, size, stride);
}

} // extern "C"

//===----------------------------------------------------------------------===//
// JitArguments
//===----------------------------------------------------------------------===//

void JitArguments::addDenseMemRef(void *data, llvm::ArrayRef<int64_t> shape) {
  // StridedMemRefType fixes the rank at compile time; the fields and their
  // order are the same for every rank.
  addScalar(data);
  addScalar(data);
  addScalar<int64_t>(0);
  for (int64_t d : shape)
    addScalar(d);
  SmallVector<int64_t> strides(shape.size());
  int64_t stride = 1;
  for (int i = int(shape.size()) - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= shape[i];
  }
  for (int64_t s : strides)
    addScalar(s);
}

llvm::SmallVector<void *> JitArguments::pointers() {
  llvm::SmallVector<void *> result;
  for (uint64_t &slot : storage)
    ExecutionEngine::Argument<uint64_t>::pack(result, slot);
  if (resultStorage)
    result.push_back(resultStorage);
  return result;
}

//===----------------------------------------------------------------------===//
// JitSession
//===----------------------------------------------------------------------===//

namespace {

void initializeNativeTarget() {
  static bool done = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)done;
}

/// The coroutines of async tasks must be split by LLVM's coroutine passes
/// before code generation; every optimization pipeline has them, and when
/// nothing else is optimized the O0 pipeline runs them (and little else).
llvm::Error lowerCoroutines(llvm::Module &m) {
  if (!m.getFunction("llvm.coro.begin"))
    return llvm::Error::success();
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  pb.buildO0DefaultPipeline(llvm::OptimizationLevel::O0).run(m, mam);
  return llvm::Error::success();
}

template <typename Fn>
llvm::orc::ExecutorSymbolDef symbolOf(Fn *function) {
  return {llvm::orc::ExecutorAddr::fromPtr(function),
          llvm::JITSymbolFlags::Exported};
}

/// The C functions JIT-ed code calls, bound to the session's callbacks.
llvm::orc::SymbolMap hostSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  symbols[interner("malloc")] = symbolOf(&layoutRuntimeMalloc);
  symbols[interner("calloc")] = symbolOf(&layoutRuntimeCalloc);
  symbols[interner("free")] = symbolOf(&layoutRuntimeFree);
  symbols[interner("puts")] = symbolOf(&layoutRuntimePuts);
  symbols[interner("abort")] = symbolOf(&layoutRuntimeAbort);
  symbols[interner(kPaddingDimCallback)] = symbolOf(&layoutRuntimePaddingDim);
  symbols[interner(kPaddingCheckCallback)] =
      symbolOf(&layoutRuntimeCheckPadding);
  symbols[interner(kTraceDimCallback)] = symbolOf(&layoutRuntimeTraceDim);
  symbols[interner(kTraceCallback)] = symbolOf(&layoutRuntimeTrace);
  return symbols;
}

using SymbolAddress = std::pair<std::string, llvm::orc::ExecutorAddr>;

/// Binds `prefix` + each name to its address (a function in another JIT).
void bindAddresses(llvm::orc::SymbolMap &symbols,
                   llvm::orc::MangleAndInterner &interner,
                   llvm::ArrayRef<SymbolAddress> addresses,
                   llvm::StringRef prefix = "") {
  for (const auto &[name, address] : addresses)
    symbols[interner((prefix + name).str())] = {
        address,
        llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
}

} // namespace

JitSession::JitSession(std::unique_ptr<ExecutionEngine> engine,
                       bool zeroBuffers, std::shared_ptr<BufferPool> bufferPool)
    : engine(std::move(engine)), zeroBuffers(zeroBuffers),
      bufferPool(bufferPool ? std::move(bufferPool)
                            : std::make_shared<BufferPool>()) {}

JitSession::~JitSession() {
  // Its code may still be running a task's last instructions on a worker.
  if (runsTasks)
    detail::waitForAsyncTasks();
  releaseAllocations();
}

llvm::Expected<std::unique_ptr<JitSession>>
JitSession::create(ModuleOp llvmModule, const JitOptions &options) {
  initializeNativeTarget();
  llvm::Expected<llvm::CachePruningPolicy> cachePolicy =
      parseKernelCachePolicy(options.kernelCachePolicy);
  if (!cachePolicy)
    return makeError("bad kernel cache policy '" + options.kernelCachePolicy +
                     "': " + llvm::toString(cachePolicy.takeError()));
  ExecutionEngineOptions engineOptions;
  engineOptions.enableGDBNotificationListener =
      options.enableNotificationListeners;
  engineOptions.enablePerfNotificationListener =
      options.enableNotificationListeners;
  engineOptions.jitCodeGenOptLevel = options.codeGenOptLevel;
  // ExecutionEngineOptions::transformer is a function_ref: the callables
  // must outlive ExecutionEngine::create.
  std::function<llvm::Error(llvm::Module *)> optimize, transform;
  std::function<std::unique_ptr<llvm::Module>(Operation *,
                                              llvm::LLVMContext &)>
      buildModule;
  std::optional<detail::CompiledKernels> kernels;
  llvm::Error buildError = llvm::Error::success();
  if (options.optimization == JitOptimization::All) {
    // O3 for both the IR pipeline (tuned for the host when it can be
    // detected) and code generation.
    engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
    optimize =
        makeOptimizingTransformer(3, /*sizeLevel=*/0,
                                  detail::aggressiveHostMachine());
  } else if (options.optimization == JitOptimization::Kernels) {
    // The kernels are compiled apart (from the cache when it has them) and
    // linked in a JIT of their own; only when they cannot be (they use the
    // program's own definitions) are they optimized here, in place.
    optimize = [&kernels](llvm::Module *m) -> llvm::Error {
      // The program's own functions stay unoptimized; coroutines of async
      // tasks outside the kernels still need splitting.
      if (kernels)
        return lowerCoroutines(*m);
      return detail::optimizeKernels(*m, detail::aggressiveHostMachine());
    };
  } else {
    optimize = [](llvm::Module *m) { return lowerCoroutines(*m); };
  }
  // ExecutionEngine (MLIR 22) applies jitCodeGenOptLevel to a target
  // machine builder it then does not use: the program's code would be
  // generated at the host machine's default level whatever was asked. A
  // target machine built here at the requested level is used as given (and
  // its builder makes those of the program's partitions).
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return machineBuilder.takeError();
  if (engineOptions.jitCodeGenOptLevel)
    machineBuilder->setCodeGenOptLevel(*engineOptions.jitCodeGenOptLevel);
  std::optional<detail::CompiledProgram> program;
  // With JitOptimization::All the builder optimizes the whole module before
  // splitting it (inlining across functions first, as LTO's parallel code
  // generation does), and the engine's transformer then must not again.
  bool optimizedInBuilder = false;
  buildModule =
      [&](Operation *op,
          llvm::LLVMContext &context) -> std::unique_ptr<llvm::Module> {
    std::unique_ptr<llvm::Module> m = translateModuleToLLVMIR(op, context);
    if (!m)
      return nullptr;
    if (options.optimization == JitOptimization::Kernels) {
      detail::KernelCompileOptions kernelOptions;
      kernelOptions.codeGenOptLevel =
          options.codeGenOptLevel.value_or(llvm::CodeGenOptLevel::Default);
      kernelOptions.cacheDirectory = options.kernelCacheDir;
      kernelOptions.cachePolicy = *cachePolicy;
      kernelOptions.printOptimizedIR = options.printOptimizedIR;
      auto compiled = detail::compileKernelsApart(*m, kernelOptions);
      if (!compiled) {
        buildError = compiled.takeError();
        return nullptr;
      }
      kernels = std::move(*compiled);
      // Kernels left in the program are optimized in it, as a module:
      // then it stays whole.
      if (!kernels && detail::definesKernels(*m))
        return m;
    }
    // A printed module is the one the engine compiles.
    if (options.printOptimizedIR)
      return m;
    // The partitions are compiled before the engine's transformer runs
    // (on the stubs): the program is optimized, or its functions get
    // their code generation attributes, here.
    if (options.optimization == JitOptimization::All) {
      // The optimizer reads the module's data layout: set it first, as the
      // engine does before its transformer.
      if (llvm::Error error = detail::setUpForTarget(*m, *machineBuilder)) {
        buildError = std::move(error);
        return nullptr;
      }
      if (llvm::Error error = optimize(m.get())) {
        buildError = std::move(error);
        return nullptr;
      }
      optimizedInBuilder = true;
    } else {
      detail::generateProgramCodeFast(*m);
    }
    detail::ProgramCompileOptions programOptions;
    programOptions.threads =
        options.compileThreads
            ? options.compileThreads
            : llvm::hardware_concurrency().compute_thread_count();
    programOptions.partitionInstructions = options.programPartitionInstructions;
    auto compiled =
        detail::compileProgramApart(m, programOptions, *machineBuilder);
    if (!compiled) {
      buildError = compiled.takeError();
      return nullptr;
    }
    program = std::move(*compiled);
    return m;
  };
  engineOptions.llvmModuleBuilder = buildModule;
  const llvm::StringMap<void *> *asyncRuntime = nullptr;
  if (detail::usesAsyncRuntime(llvmModule)) {
    auto symbols = detail::asyncRuntimeSymbols();
    if (!symbols)
      return symbols.takeError();
    asyncRuntime = *symbols;
  }
  if (optimize) {
    transform = [&optimize, &options,
                 &optimizedInBuilder](llvm::Module *m) -> llvm::Error {
      llvm::Error error =
          optimizedInBuilder ? llvm::Error::success() : optimize(m);
      // The program's own functions run once and can be large: their code
      // is generated on LLVM's fast path (a third less JIT time at 10k
      // bench ops; a host fill loop runs 10-20% slower), the kernels' at the
      // target machine's level.
      if (!error && options.optimization != JitOptimization::All)
        detail::generateProgramCodeFast(*m);
      if (!error && options.printOptimizedIR)
        m->print(*options.printOptimizedIR, nullptr);
      return error;
    };
    engineOptions.transformer = transform;
  }
  auto machine = machineBuilder->createTargetMachine();
  if (!machine)
    return machine.takeError();
  auto engine =
      ExecutionEngine::create(llvmModule, engineOptions, std::move(*machine));
  if (buildError) {
    if (!engine)
      llvm::consumeError(engine.takeError());
    return std::move(buildError);
  }
  if (!engine)
    return engine.takeError();
  // The C callbacks, and the async runtime's entry points when the
  // program runs tasks (in the program's JIT and in the kernels').
  auto programSymbols = [asyncRuntime](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols = hostSymbols(interner);
    if (asyncRuntime)
      for (const auto &entry : *asyncRuntime)
        symbols[interner(entry.getKey())] = {
            llvm::orc::ExecutorAddr::fromPtr(entry.getValue()),
            llvm::JITSymbolFlags::Exported};
    return symbols;
  };
  std::unique_ptr<JitSession> session(
      new JitSession(std::move(*engine), options.zeroBuffers,
                     options.bufferPool));
  session->runsTasks = asyncRuntime != nullptr;
  session->engine->registerSymbols(programSymbols);
  std::vector<SymbolAddress> kernelAddresses;
  if (kernels) {
    session->kernelCacheOutcome = kernels->cacheOutcome;
    session->kernelCacheWarning = kernels->cacheWarning;
    std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
    objects.push_back(std::move(kernels->object));
    auto linked = detail::linkObjects(
        std::move(objects), kernels->names,
        options.enableNotificationListeners, programSymbols, "kernels");
    if (!linked)
      return linked.takeError();
    session->kernelJit = std::move(linked->jit);
    kernelAddresses = std::move(linked->addresses);
    session->engine->registerSymbols(
        [&](llvm::orc::MangleAndInterner interner) {
          llvm::orc::SymbolMap symbols;
          bindAddresses(symbols, interner, kernelAddresses);
          return symbols;
        });
  }
  if (program) {
    // Linked at the first compile or call, as the engine links its own
    // module: a symbol the program lacks is then an error of that call.
    // The partitions call the kernels and the host; the engine's stubs
    // call the partitions.
    session->programPartitions = program->objects.size();
    session->linkProgram =
        [session = session.get(), program = std::move(*program),
         kernelAddresses = std::move(kernelAddresses), programSymbols,
         listeners = options.enableNotificationListeners]() mutable
        -> llvm::Error {
      auto linked = detail::linkObjects(
          std::move(program.objects), program.names, listeners,
          [&](llvm::orc::MangleAndInterner interner) {
            llvm::orc::SymbolMap symbols = programSymbols(interner);
            bindAddresses(symbols, interner, kernelAddresses);
            return symbols;
          },
          "program");
      if (!linked)
        return linked.takeError();
      session->programJit = std::move(linked->jit);
      session->engine->registerSymbols(
          [&](llvm::orc::MangleAndInterner interner) {
            llvm::orc::SymbolMap symbols;
            bindAddresses(symbols, interner, linked->addresses,
                          detail::kProgramImplPrefix);
            return symbols;
          });
      return llvm::Error::success();
    };
  }
  return std::move(session);
}

llvm::Error JitSession::ensureProgramLinked() {
  if (!programLinkError.empty())
    return makeError(programLinkError);
  if (!linkProgram)
    return llvm::Error::success();
  llvm::unique_function<llvm::Error()> link = std::move(linkProgram);
  linkProgram = nullptr;
  if (llvm::Error error = link()) {
    // Every later call fails alike (the stubs' targets stay unbound).
    programLinkError = llvm::toString(std::move(error));
    return makeError(programLinkError);
  }
  return llvm::Error::success();
}

llvm::Expected<void (*)(void **)>
JitSession::lookupEntry(llvm::StringRef function) {
  if (llvm::Error error = ensureProgramLinked())
    return std::move(error);
  auto [cached, inserted] = packedEntries.try_emplace(function, nullptr);
  if (inserted) {
    llvm::Expected<void (*)(void **)> entry = engine->lookupPacked(function);
    if (!entry) {
      packedEntries.erase(cached);
      return entry.takeError();
    }
    cached->second = *entry;
  }
  return cached->second;
}

llvm::Error JitSession::compile(llvm::StringRef function) {
  llvm::Expected<void (*)(void **)> entry = lookupEntry(function);
  return entry ? llvm::Error::success() : entry.takeError();
}

LAYOUT_OPT_CALLS_JIT_CODE llvm::Error
JitSession::invokePacked(llvm::StringRef name, JitArguments &args) {
  llvm::Expected<void (*)(void **)> found = lookupEntry(name);
  if (!found)
    return found.takeError();
  void (*entry)(void **) = *found;
  llvm::SmallVector<void *> pointers = args.pointers();
  CurrentSessionScope scope(this);
  // A failure inside the JIT-ed code (failRun) jumps back here. Only JIT-ed
  // frames (plain code, no destructors) and the callback frames, which
  // leave no object alive when they jump, lie between.
  std::jmp_buf jump;
  if (setjmp(jump) != 0) {
    failureJump = nullptr;
    return makeError(failureMessage);
  }
  failureJump = &jump;
  (*entry)(pointers.data());
  failureJump = nullptr;
  return llvm::Error::success();
}

void *JitSession::allocate(size_t bytes, bool zero) {
  // Messages are built before failRun: it never returns, so a temporary
  // alive across the call would never be destroyed.
  if (bytes > kMaxProgramAllocation) {
    failureMessage = "@" + runningFunction + " asks for a buffer of " +
                     std::to_string(bytes) +
                     " bytes, more than layout-run allows (64 GiB); check "
                     "its dims and inputs";
    failRun();
  }
  size_t capacity = 0;
  void *pointer = bufferPool->allocate(bytes, zeroBuffers || zero, capacity);
  if (!pointer && bytes) {
    failureMessage = "@" + runningFunction + " ran out of memory allocating " +
                     std::to_string(bytes) + " bytes";
    failRun();
  }
  if (pointer)
    liveAllocations[pointer] = {bytes, capacity};
  return pointer;
}

void JitSession::deallocate(void *pointer) {
  if (!pointer)
    return;
  auto it = liveAllocations.find(pointer);
  if (it == liveAllocations.end()) {
    // The program frees only what its own malloc returned: anything else is
    // a buffer freed twice (the pool may have handed it out again since,
    // so this is caught only while it is unused) or a wild pointer.
    failureMessage = "@" + runningFunction +
                     " freed memory that is not a live buffer of the "
                     "program (a buffer freed twice?)";
    failRun();
  }
  bufferPool->deallocate(pointer, it->second.capacity);
  liveAllocations.erase(it);
}

void JitSession::releaseAllocations() {
  for (auto [pointer, buffer] : liveAllocations)
    bufferPool->deallocate(pointer, buffer.capacity);
  liveAllocations.clear();
}

void JitSession::setCheckMessage(const char *message) {
  lastCheckMessage = message ? message : "";
}

void JitSession::failRuntimeCheck() {
  failureMessage =
      "@" + runningFunction + " failed a runtime check: " + lastCheckMessage;
  failRun();
}

void JitSession::failRun() {
  releaseAllocations();
  if (onFailure)
    onFailure(failureMessage);
  if (failureJump)
    std::longjmp(*failureJump, 1);
  // Outside invokePacked there is nowhere to return to.
  llvm::errs() << "error: " << failureMessage << "\n";
  std::abort();
}

void JitSession::addPaddingDim(int64_t dim) {
  pendingPaddingDims.push_back(dim);
}

void JitSession::checkPadding(int64_t id, const uint8_t *aligned,
                              int64_t offset, int64_t size, int64_t stride) {
  size_t missing = checkPaddingOrMaskBytes(id, aligned, offset, size, stride);
  if (!missing)
    return;
  failureMessage = "@" + runningFunction +
                   " ran out of memory allocating " + std::to_string(missing) +
                   " bytes for --check-padding's mask";
  failRun();
}

void JitSession::addTraceDim(int64_t dim) { pendingTraceDims.push_back(dim); }

void JitSession::recordTrace(int64_t id, const uint8_t *aligned,
                             int64_t offset, int64_t size, int64_t stride) {
  TraceRecord record;
  record.point = id;
  record.dynamicDims.swap(pendingTraceDims);
  size_t bytes = size_t(std::max<int64_t>(size, 0));
  // Beyond the limit, or without the memory, the record is dropped (and
  // counted): a trace never fails the run it watches.
  void *probe = traceBytes + bytes <= kMaxTraceBytes && stride == 1
                    ? std::malloc(std::max<size_t>(bytes, 1))
                    : nullptr;
  if (!probe) {
    ++trace.droppedRecords;
    return;
  }
  std::free(probe);
  record.bytes.assign(aligned + offset, aligned + offset + bytes);
  traceBytes += bytes;
  trace.records.push_back(std::move(record));
}

size_t JitSession::checkPaddingOrMaskBytes(int64_t id, const uint8_t *aligned,
                                           int64_t offset, int64_t size,
                                           int64_t stride) {
  std::vector<int64_t> dynamicDims;
  dynamicDims.swap(pendingPaddingDims);
  if (id < 0 || size_t(id) >= paddingChecks.size() || stride != 1)
    return 0;
  RankedTensorType type = paddingChecks[id].type;
  if (!type)
    return 0;
  // Marks the bits of every logical element through the layout interface
  // (the single home of layout math); any other bit must be zero (pads, and
  // the tail bits of packed sub-byte elements).
  auto layout = sl::getPhysicalLayout(type);
  sl::ElementWidth width = sl::ElementWidth::of(type.getElementType());
  SmallVector<int64_t> shape;
  size_t next = 0;
  for (int64_t d : type.getShape())
    shape.push_back(ShapedType::isDynamic(d) ? dynamicDims.at(next++) : d);
  const uint8_t *bytes = aligned + offset;
  // Dims that passed the program's run-time size checks fit; without those
  // checks a wrapped size would make this check meaningless, so skip it.
  std::optional<int64_t> checkedStorage =
      layout.getCheckedStorageSizeInBytes(shape, width);
  if (!checkedStorage)
    return 0;
  int64_t storage = *checkedStorage;
  // One mask byte per storage byte: as large as the tensor, so allocated
  // with calloc, which fails with a null pointer where operator new would
  // end the process in LLVM's out-of-memory handler.
  size_t maskBytes = size_t(std::max<int64_t>(0, std::min(storage, size)));
  std::unique_ptr<uint8_t, decltype(&std::free)> mask(
      static_cast<uint8_t *>(std::calloc(std::max<size_t>(maskBytes, 1), 1)),
      &std::free);
  if (!mask)
    return maskBytes;
  llvm::MutableArrayRef<uint8_t> elementBits(mask.get(), maskBytes);
  markElementBits(type, shape, elementBits);
  for (size_t i = 0; i < elementBits.size(); ++i)
    if ((bytes[i] & ~elementBits[i]) != 0) {
      if (paddingViolations.size() < 1024)
        paddingViolations.push_back(id);
      return 0;
    }
  return 0;
}

namespace {

/// Size and alignment of a lowered value in the packed result struct.
struct FieldLayout {
  size_t size, align;
};

FieldLayout getResultLayout(const HostType &e) {
  if (e.isScalar) {
    size_t b = *getElementBytes(e.elementType);
    return {b, b};
  }
  // StridedMemRefType<T, rank>: two pointers, the offset, sizes, strides.
  return {8 * (3 + 2 * e.shape.size()), 8};
}

size_t alignTo(size_t v, size_t a) { return (v + a - 1) / a * a; }

/// Resizes `bytes` to `size` if the memory is there. operator new would end
/// the process in LLVM's out-of-memory handler, so malloc probes first.
bool tryResize(std::vector<uint8_t> &bytes, size_t size) {
  void *probe = std::malloc(std::max<size_t>(size, 1));
  if (!probe)
    return false;
  std::free(probe);
  bytes.resize(size);
  return true;
}

/// Copies the memref whose descriptor is at `descriptor` into `out`
/// (dense), reading it through upstream's rank-erased DynamicMemRefType;
/// returns its allocated pointer. Sets `outOfMemory` (and copies nothing)
/// when the copy cannot be allocated.
template <typename T>
void *copyMemRef(void *descriptor, int64_t rank, HostArray &out,
                 bool &outOfMemory) {
  DynamicMemRefType<T> memref(::UnrankedMemRefType<T>{rank, descriptor});
  out.shape.assign(memref.sizes, memref.sizes + rank);
  int64_t n = out.getNumElements();
  outOfMemory = !tryResize(out.bytes, size_t(n) * sizeof(T));
  if (n > 0 && !outOfMemory) {
    // The iterator does not know empty memrefs, hence the check.
    uint8_t *to = out.bytes.data();
    for (T &element : memref) {
      std::memcpy(to, &element, sizeof(T));
      to += sizeof(T);
    }
  }
  return memref.basePtr;
}

} // namespace

llvm::Expected<std::vector<HostArray>>
JitSession::run(llvm::StringRef function, llvm::ArrayRef<HostArray> inputs,
                llvm::ArrayRef<HostType> resultTypes) {
  JitArguments args;
  std::set<const void *> inputPointers;
  // Packed sub-byte inputs with only their low bits set (held until the
  // run ends).
  std::deque<std::vector<uint8_t>> subByteInputs;
  for (const HostArray &in : inputs) {
    const std::vector<uint8_t> *bytes = &in.bytes;
    if (auto masked = getProgramSubByteBytes(in))
      bytes = &subByteInputs.emplace_back(std::move(*masked));
    if (in.isScalar) {
      args.addElementBytes(*bytes);
      continue;
    }
    inputPointers.insert(bytes->data());
    // The program never writes its inputs (host tensors are imported).
    args.addDenseMemRef(const_cast<uint8_t *>(bytes->data()), in.shape);
  }
  SmallVector<size_t> offsets;
  size_t total = 0;
  for (const HostType &e : resultTypes) {
    FieldLayout l = getResultLayout(e);
    total = alignTo(total, l.align);
    offsets.push_back(total);
    total += l.size;
  }
  std::vector<uint64_t> resultStorage(alignTo(total, 8) / 8 + 1, 0);
  auto *resultBytes = reinterpret_cast<uint8_t *>(resultStorage.data());
  if (!resultTypes.empty())
    args.setResultStorage(resultBytes);

  runningFunction = function.str();
  leftovers = {};
  paddingViolations.clear();
  pendingPaddingDims.clear();
  trace.records.clear();
  trace.droppedRecords = 0;
  traceBytes = 0;
  pendingTraceDims.clear();
  failureMessage.clear();
  if (llvm::Error err = invokePacked(function, args)) {
    releaseAllocations();
    // The program started and failed: its message says it all.
    if (!failureMessage.empty())
      return err;
    return makeError("cannot run @" + function + ": " +
                     llvm::toString(std::move(err)));
  }

  std::vector<HostArray> results;
  std::set<void *> freed;
  for (size_t r = 0; r < resultTypes.size(); ++r) {
    const HostType &e = resultTypes[r];
    HostArray out;
    out.elementType = e.elementType;
    out.isScalar = e.isScalar;
    unsigned width = *getElementBytes(e.elementType);
    uint8_t *field = resultBytes + offsets[r];
    if (e.isScalar) {
      out.bytes.assign(field, field + width);
      normalizeSubByte(out);
      results.push_back(std::move(out));
      continue;
    }
    int64_t rank = int64_t(e.shape.size());
    void *allocated = nullptr;
    bool outOfMemory = false;
    switch (width) {
    case 1:
      allocated = copyMemRef<uint8_t>(field, rank, out, outOfMemory);
      break;
    case 2:
      allocated = copyMemRef<uint16_t>(field, rank, out, outOfMemory);
      break;
    case 4:
      allocated = copyMemRef<uint32_t>(field, rank, out, outOfMemory);
      break;
    default:
      allocated = copyMemRef<uint64_t>(field, rank, out, outOfMemory);
      break;
    }
    // Results belong to the caller; a result may be an input passed through.
    if (allocated && !inputPointers.count(allocated) &&
        freed.insert(allocated).second)
      deallocate(allocated);
    if (outOfMemory) {
      releaseAllocations();
      return makeError("@" + function + " ran out of memory copying result " +
                       std::to_string(r));
    }
    normalizeSubByte(out);
    results.push_back(std::move(out));
  }
  leftovers.buffers = liveAllocations.size();
  for (auto [pointer, buffer] : liveAllocations)
    leftovers.bytes += buffer.bytes;
  releaseAllocations();
  return std::move(results);
}

} // namespace layoutopt::runtime
