//===- layout-run.cpp - JIT-runs a stream-lite program --------------------===//
//
// layout-run (docs/tools.md): parses a tensor-phase program, lowers it with
// --stream-lite-to-llvm-pipeline and runs one function with MLIR's
// ExecutionEngine. Arguments come from --input specs or .npy files, results
// are printed in the input form (and written to .npy files on request).
// --compare-to-reference also runs the program after
// --stream-lite-strip-encodings and compares the results bit for bit.
// --check-padding instruments the program after specialize-encodings
// (--stream-lite-instrument-padding-checks) so that non-zero padding in a
// tiled tensor is reported.
//
// Everything but the command line and the exit codes is the runtime library
// (include/StreamLite/Runtime). Exit codes: 0 success, 1 a reference
// mismatch, padding violation or leak, 2 bad input of any kind.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/InitAll.h"
#include "StreamLite/Runtime/HostTensor.h"
#include "StreamLite/Runtime/JitSession.h"
#include "StreamLite/Runtime/KernelObjectCache.h"
#include "StreamLite/Tools/ToolSupport.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;
using namespace layoutopt::runtime;
namespace cl = llvm::cl;

namespace {

constexpr int kExitMismatch = 1;
constexpr int kExitBadInput = 2;
/// Without --threads: every thread this process may run on (its CPU
/// affinity, so fewer under taskset or a container's CPU limit) when the
/// inputs hold at least two tasks' worth of bytes, else 1. Parallel
/// kernels cost JIT compile time (the async runtime's calls and
/// coroutines: ~0.1 s more for the example), which only programs that
/// move a few MiB win back; a program that builds large tensors from small
/// inputs needs --threads.
unsigned defaultThreads(const std::vector<HostArray> &inputs) {
  size_t bytes = 0;
  for (const HostArray &input : inputs)
    bytes += input.bytes.size();
  if (bytes < 2 * size_t(layoutopt::stream_lite::kMinParallelTaskBytes))
    return 1;
  return std::max(1u, llvm::hardware_concurrency().compute_thread_count());
}

/// --threads above this is surely a typo (each kernel loop makes at most
/// that many tasks).
constexpr unsigned kMaxThreads = 1024;

/// Every bad input ends here, also from inside a running program (the JIT
/// session's failure handler, after it released the program's buffers).
[[noreturn]] void fail(const llvm::Twine &message) {
  llvm::outs().flush();
  llvm::errs() << "error: " << message << "\n";
  llvm::errs().flush();
  std::exit(kExitBadInput);
}

template <typename T>
T orFail(llvm::Expected<T> value) {
  if (!value)
    fail(llvm::toString(value.takeError()));
  return std::move(*value);
}

void printUsage(llvm::raw_ostream &os) {
  os << "usage: layout-run PROGRAM.mlir [--function=main] [--input=SPEC]... "
        "[--output=@FILE.npy]... [--compare-to-reference] [--check-padding] "
        "[--check-leaks] [--optimize=MODE] [--kernel-cache-dir=DIR] "
        "[--kernel-cache-policy=POLICY] [--no-kernel-cache]\n"
        "SPEC: 2x3xf32=1,2,3,4,5,6   (values split by commas or spaces; one "
        "value splats)\n"
        "      @path.npy             (numpy .npy file)\n";
}

/// llvm::cl's first complaint, in layout-run's words (`unknown option
/// '--x'`, as before llvm::cl parsed the command line). Complaints about an
/// option's value llvm::cl prints to stderr itself.
std::string describeParseError(llvm::StringRef text) {
  llvm::StringRef line = text.split('\n').first;
  if (line.empty())
    return "bad command line (see above)";
  line.consume_front("layout-run: ");
  if (line.consume_front("Unknown command line argument '"))
    return ("unknown option '" + line.split("'.").first + "'").str();
  return line.rtrim(".").str();
}

/// Exit 1 with the first difference between `results` and `reference`.
bool differs(const std::vector<HostArray> &results,
             const std::vector<HostArray> &reference) {
  for (size_t r = 0; r < results.size(); ++r) {
    const HostArray &a = results[r], &b = reference[r];
    if (a.shape != b.shape) {
      llvm::errs() << "error: result " << r << " differs from the reference "
                   << "in shape: " << shapePrefix(a) << " vs "
                   << shapePrefix(b) << "\n";
      return true;
    }
    unsigned width = a.getElementBytes();
    for (int64_t i = 0, n = a.getNumElements(); i < n; ++i) {
      if (std::memcmp(a.bytes.data() + i * width, b.bytes.data() + i * width,
                      width) == 0)
        continue;
      llvm::errs() << "error: result " << r
                   << " differs from the reference at index "
                   << formatIndex(a, i) << ": " << formatElement(a, i)
                   << " vs " << formatElement(b, i) << "\n";
      return true;
    }
  }
  return false;
}

} // namespace

static int runLayoutRun(int argc, char **argv) {
  cl::OptionCategory category("layout-run options");
  cl::opt<std::string> functionName(
      "function", cl::desc("The function to run"), cl::value_desc("name"),
      cl::init("main"), cl::cat(category));
  cl::list<std::string> inputSpecs(
      "input",
      cl::desc("One argument, in order: SPEC (2x3xf32=1,2,3,4,5,6; values "
               "split by commas or spaces, one value splats) or @FILE.npy"),
      cl::value_desc("SPEC"), cl::cat(category));
  cl::list<std::string> outputSpecs(
      "output", cl::desc("Write the next result to a .npy file"),
      cl::value_desc("@FILE.npy"), cl::cat(category));
  cl::opt<bool> compareToReference(
      "compare-to-reference",
      cl::desc("Also run the encoding-free reference program (after "
               "--stream-lite-strip-encodings); results must be bit-equal"),
      cl::cat(category));
  cl::opt<bool> checkPadding(
      "check-padding",
      cl::desc("Check that every op writing a tiled tensor leaves its "
               "padding zero"),
      cl::cat(category));
  cl::opt<bool> checkLeaks(
      "check-leaks",
      cl::desc("Fail when the run leaves buffers allocated besides its "
               "results"),
      cl::cat(category));
  // A string rather than an enum option so that a bad mode gets
  // layout-run's own error; ValueOptional makes a bare --optimize mean all
  // (what the flag meant when it was a bool).
  cl::opt<std::string> optimize(
      "optimize", cl::ValueOptional,
      cl::desc("What LLVM optimizes before JIT-compiling: none, kernels "
               "(the builtin kernels only, at O2; the default) or all (the "
               "whole program at O3; a bare --optimize means all)"),
      cl::value_desc("none|kernels|all"), cl::init("kernels"),
      cl::cat(category));
  cl::opt<std::string> kernelCacheDir(
      "kernel-cache-dir",
      cl::desc("Where the optimized kernels' objects are cached across runs "
               "(--optimize=kernels); empty: no cache. Default: "
               "$LAYOUT_OPT_KERNEL_CACHE_DIR, else "
               "$XDG_CACHE_HOME/layout-opt/kernels, else "
               "$HOME/.cache/layout-opt/kernels"),
      cl::value_desc("dir"), cl::cat(category));
  // cl::desc keeps a reference: the text must outlive the option.
  static const std::string kernelCachePolicyHelp =
      "How the kernel cache directory is pruned, in LLVM's cache policy "
      "syntax (prune_interval, prune_after, cache_size, cache_size_bytes, "
      "cache_size_files, separated by ':'). Default: " +
      std::string(layoutopt::runtime::kDefaultKernelCachePolicy);
  cl::opt<std::string> kernelCachePolicy(
      "kernel-cache-policy", cl::desc(kernelCachePolicyHelp),
      cl::value_desc("policy"), cl::cat(category));
  cl::opt<bool> noKernelCache(
      "no-kernel-cache",
      cl::desc("Compile the kernels every run, neither reading nor writing "
               "the kernel cache"),
      cl::cat(category));
  cl::opt<unsigned> compileThreads(
      "compile-threads",
      cl::desc("Threads that generate the program's code: a program of "
               "at least two functions and two partitions' worth of LLVM "
               "instructions is split and compiled on up to N; 0, the "
               "default: as many as the machine has; 1: one"),
      cl::value_desc("N"), cl::init(0), cl::cat(category));
  cl::opt<unsigned> compilePartitionSize(
      "compile-partition-size",
      cl::desc("The smallest partition of the program's code worth a thread, "
               "in LLVM instructions (at least 1)"),
      cl::value_desc("N"),
      cl::init(layoutopt::runtime::kDefaultProgramPartitionInstructions),
      cl::cat(category));
  cl::opt<unsigned> repeat(
      "repeat",
      cl::desc("Run the function N times in one JIT session (later runs "
               "reuse the buffers of the first; with --timing they are "
               "`repeated runs`); results are the last run's"),
      cl::value_desc("N"), cl::init(1), cl::cat(category));
  cl::opt<bool> verifyEach(
      "verify-each",
      cl::desc("Verify the IR after every pass of the lowering, not only "
               "at its end (slower; for debugging the passes)"),
      cl::cat(category));
  cl::opt<bool> timing(
      "timing",
      cl::desc("Print to stderr how long lowering (each pass), JIT "
               "compiling and running took, for the program and its "
               "reference, as an MLIR execution time report"),
      cl::cat(category));
  cl::opt<bool> zeroBuffers(
      "zero-buffers",
      cl::desc("Zero every buffer the program allocates, so that contents "
               "it leaves undefined (tensor.empty) read the same in the "
               "program and its reference"),
      cl::cat(category));
  // libLLVM registers an option of that name (a hidden one, for its own
  // thread pools); layout-run hides every other option anyway.
  if (cl::Option *llvmThreads = cl::getRegisteredOptions().lookup("threads"))
    llvmThreads->setArgStr("llvm-threads");
  cl::opt<unsigned> threads(
      "threads",
      cl::desc("Builtin kernels that move more than 1 MiB run on up to N "
               "threads, at least 1 MiB each (default: the hardware "
               "threads this process may use; 1: every kernel serial). "
               "The reference run is serial"),
      cl::value_desc("N"), cl::cat(category));
  cl::opt<bool> testPlantMismatch(
      "test-plant-mismatch",
      cl::desc("Test only: lower the program, not its reference, with a "
               "planted wrong result "
               "(--stream-lite-materialize-builtins=test-plant-mismatch)"),
      cl::Hidden, cl::cat(category));
  cl::list<std::string> programs(cl::Positional, cl::desc("PROGRAM.mlir"),
                                 cl::cat(category));
  cl::HideUnrelatedOptions(category);

  // `-h` was layout-run's short help before llvm::cl, which has none.
  std::vector<const char *> args(argv, argv + argc);
  for (const char *&arg : args)
    if (std::strcmp(arg, "-h") == 0)
      arg = "--help";
  std::string parseErrors;
  llvm::raw_string_ostream parseErrorStream(parseErrors);
  // With an error stream llvm::cl returns instead of exiting 1: bad options
  // are bad input (exit 2) like everything else.
  if (!cl::ParseCommandLineOptions(int(args.size()), args.data(),
                                   "JIT-runs one function of a stream-lite "
                                   "program\n\n"
                                   "SPEC: 2x3xf32=1,2,3,4,5,6   (values split "
                                   "by commas or spaces; one value splats)\n"
                                   "      @path.npy             (numpy .npy "
                                   "file)\n",
                                   &parseErrorStream)) {
    printUsage(llvm::errs());
    fail(describeParseError(parseErrors));
  }
  if (programs.empty()) {
    printUsage(llvm::errs());
    fail("no program given");
  }
  if (programs.size() > 1)
    fail("more than one program given ('" + programs[0] + "' and '" +
         programs[1] + "')");
  const std::string &programPath = programs[0];
  std::optional<JitOptimization> optimization =
      llvm::StringSwitch<std::optional<JitOptimization>>(optimize)
          .Case("none", JitOptimization::None)
          .Case("kernels", JitOptimization::Kernels)
          .Cases({"all", ""}, JitOptimization::All)
          .Default(std::nullopt);
  if (!optimization)
    fail("--optimize expects none, kernels or all, got '" + optimize + "'");
  if (threads.getNumOccurrences() && (threads < 1 || threads > kMaxThreads))
    fail("--threads expects a number from 1 to " + std::to_string(kMaxThreads) +
         ", got " + std::to_string(threads));
  if (repeat < 1)
    fail("--repeat expects a positive count, got 0");
  if (compilePartitionSize < 1)
    fail("--compile-partition-size expects a positive count, got 0");
  if (compileThreads > kMaxThreads)
    fail("--compile-threads expects a number from 0 to " +
         std::to_string(kMaxThreads) + ", got " +
         std::to_string(compileThreads));
  if (noKernelCache && kernelCacheDir.getNumOccurrences())
    fail("--no-kernel-cache and --kernel-cache-dir contradict each other");
  if (noKernelCache && kernelCachePolicy.getNumOccurrences())
    fail("--no-kernel-cache and --kernel-cache-policy contradict each other");
  if (auto policy = layoutopt::runtime::parseKernelCachePolicy(
          kernelCachePolicy);
      !policy)
    fail("--kernel-cache-policy: cannot parse '" + kernelCachePolicy +
         "' (" + llvm::toString(policy.takeError()) + ")");
  std::string kernelCache;
  if (!noKernelCache)
    kernelCache = kernelCacheDir.getNumOccurrences()
                      ? std::string(kernelCacheDir)
                      : getDefaultKernelCacheDir();
  std::vector<std::string> outputPaths;
  for (const std::string &spec : outputSpecs) {
    if (!llvm::StringRef(spec).starts_with("@") || spec.size() < 2)
      fail("--output expects @FILE.npy, got '" + spec + "'");
    outputPaths.push_back(spec.substr(1));
  }

  DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &ctx);
  auto fileOrErr = llvm::MemoryBuffer::getFileOrSTDIN(programPath);
  if (!fileOrErr)
    fail("cannot read '" + programPath +
         "': " + fileOrErr.getError().message());
  std::string refused;
  if (failed(layoutopt::checkToolInput((*fileOrErr)->getBuffer(), refused)))
    fail("cannot parse '" + programPath + "': " + refused);
  sourceMgr.AddNewSourceBuffer(std::move(*fileOrErr), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    fail("cannot parse '" + programPath + "'");

  auto func = module->lookupSymbol<func::FuncOp>(functionName);
  if (!func)
    fail("no function @" + functionName + " in '" + programPath + "'");
  if (func.isExternal())
    fail("@" + functionName + " is a declaration, not a function body");

  FunctionType type = func.getFunctionType();
  std::vector<HostType> argTypes, resultTypes;
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    argTypes.push_back(orFail(getHostType(
        t, "argument " + std::to_string(i) + " of @" + functionName)));
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    resultTypes.push_back(orFail(getHostType(
        t, "result " + std::to_string(i) + " of @" + functionName)));
  if (inputSpecs.size() != argTypes.size())
    fail("@" + functionName + " takes " + llvm::Twine(argTypes.size()) +
         " argument(s), " + llvm::Twine(inputSpecs.size()) +
         " --input given");
  if (outputPaths.size() > resultTypes.size())
    fail(llvm::Twine(outputPaths.size()) + " --output given but @" +
         functionName + " has " + llvm::Twine(resultTypes.size()) +
         " result(s)");
  for (size_t i = 0; i < outputPaths.size(); ++i)
    if (!getNpyDescr(resultTypes[i].elementType))
      fail("result " + llvm::Twine(i) + " has type " +
           typeToString(resultTypes[i].elementType) +
           ", which .npy files cannot hold");

  std::vector<HostArray> inputs;
  for (size_t i = 0; i < inputSpecs.size(); ++i)
    inputs.push_back(
        orFail(parseSpec(ctx, inputSpecs[i], argTypes[i], unsigned(i))));

  auto onFailure = [](const std::string &message) { fail(message); };
  // Prints its report when destroyed, on the way out of this function.
  mlir::DefaultTimingManager timingManager;
  timingManager.setEnabled(timing);
  timingManager.setDisplayMode(mlir::DefaultTimingManager::DisplayMode::Tree);
  mlir::TimingScope rootTiming = timingManager.getRootScope();
  ProgramOptions options;
  options.timing = timing ? &rootTiming : nullptr;
  options.checkPadding = checkPadding;
  options.optimization = *optimization;
  options.verifyEachPass = verifyEach;
  options.zeroBuffers = zeroBuffers;
  options.threads = threads.getNumOccurrences() ? unsigned(threads)
                                                : defaultThreads(inputs);
  options.testPlantMismatch = testPlantMismatch;
  options.kernelCacheDir = kernelCache;
  options.kernelCachePolicy = kernelCachePolicy;
  options.compileThreads = compileThreads;
  options.programPartitionInstructions = compilePartitionSize;
  options.repeat = repeat;
  // The reference run reuses the buffers the program freed: a 64 MiB buffer
  // freed to the system would fault in every page again.
  options.bufferPool = std::make_shared<BufferPool>();
  ProgramRun run = orFail(runProgram(*module, functionName, inputs,
                                     resultTypes, options, onFailure));
  if (!run.kernelCacheWarning.empty())
    llvm::errs() << "warning: " << run.kernelCacheWarning << "\n";
  for (const HostArray &r : run.results)
    llvm::outs() << formatResult(r) << "\n";
  llvm::outs().flush();
  if (!run.paddingViolations.empty()) {
    for (const std::string &description : run.paddingViolations)
      llvm::errs() << "error: --check-padding: padding bytes of a tiled "
                      "tensor are not zero after "
                   << description << "\n";
    return kExitMismatch;
  }
  if (checkLeaks && run.leftovers.buffers) {
    llvm::errs() << "error: --check-leaks: @" << functionName << " left "
                 << run.leftovers.buffers << " buffer(s) ("
                 << run.leftovers.bytes
                 << " bytes) allocated besides its results\n";
    return kExitMismatch;
  }

  if (compareToReference) {
    ProgramOptions referenceOptions;
    referenceOptions.reference = true;
    referenceOptions.optimization = *optimization;
    referenceOptions.verifyEachPass = verifyEach;
    referenceOptions.timing = options.timing;
    referenceOptions.zeroBuffers = zeroBuffers;
    referenceOptions.bufferPool = options.bufferPool;
    referenceOptions.kernelCacheDir = kernelCache;
    referenceOptions.kernelCachePolicy = kernelCachePolicy;
    referenceOptions.compileThreads = compileThreads;
    referenceOptions.programPartitionInstructions = compilePartitionSize;
    ProgramRun reference = orFail(runProgram(
        *module, functionName, inputs, resultTypes, referenceOptions,
        onFailure));
    // The same directory: said once.
    if (!reference.kernelCacheWarning.empty() &&
        reference.kernelCacheWarning != run.kernelCacheWarning)
      llvm::errs() << "warning: " << reference.kernelCacheWarning << "\n";
    if (differs(run.results, reference.results))
      return kExitMismatch;
  }

  for (size_t i = 0; i < outputPaths.size(); ++i) {
    std::error_code ec;
    llvm::raw_fd_ostream os(outputPaths[i], ec, llvm::sys::fs::OF_None);
    if (ec)
      fail("cannot write '" + outputPaths[i] + "': " + ec.message());
    os << npyBytes(run.results[i]);
    os.close();
    if (os.has_error())
      fail("cannot write '" + outputPaths[i] + "'");
  }
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  return layoutopt::runWithToolStack([&] { return runLayoutRun(argc, argv); });
}
