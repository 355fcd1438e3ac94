//===- RunCommandLine.cpp - layout-run's command line ---------------------===//
//
// layout-run's options, declared when parsed (libLLVM registers a `threads`
// option of its own, renamed first), and the checks of their values, in
// layout-run's words.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Runtime/RunCommandLine.h"
#include "StreamLite/Runtime/KernelObjectCache.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace cl = llvm::cl;
namespace sl = layoutopt::stream_lite;

namespace layoutopt::runtime {

namespace {
/// --threads above this is surely a typo (each kernel loop makes at most
/// that many tasks).
constexpr unsigned kMaxThreads = 1024;

/// llvm::cl's first complaint, in layout-run's words (`unknown option
/// '--x'`, as before llvm::cl parsed the command line), with the nearest
/// option llvm::cl found for a misspelt one. Complaints about an option's
/// value llvm::cl prints to stderr itself.
std::string describeParseError(llvm::StringRef text) {
  auto [line, rest] = text.split('\n');
  if (line.empty())
    return "bad command line (see above)";
  line.consume_front("layout-run: ");
  if (!line.consume_front("Unknown command line argument '"))
    return line.rtrim(".").str();
  llvm::StringRef given = line.split("'.").first;
  std::string message = ("unknown option '" + given + "'").str();
  // llvm::cl's suggestion follows on the next line: the option nearest by
  // edit distance, however far (`--zzz` gets `-h`). Only a near one helps.
  llvm::StringRef next = rest.split('\n').first;
  next.consume_front("layout-run: ");
  if (!next.consume_front("Did you mean '"))
    return message;
  llvm::StringRef suggestion = next.split("'?").first;
  llvm::StringRef givenName = given.ltrim('-').split('=').first;
  llvm::StringRef suggestedName = suggestion.ltrim('-').split('=').first;
  unsigned distance = givenName.edit_distance(suggestedName);
  if (distance <= std::max<size_t>(1, givenName.size() / 3))
    message += "; did you mean '" + suggestion.str() + "'?";
  return message;
}

llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(message);
}
} // namespace

void printRunUsage(llvm::raw_ostream &os) {
  os << "usage: layout-run PROGRAM.mlir [--function=main] [--input=SPEC]... "
        "[--output=@FILE.npy]... [--expected-output=FILE] "
        "[--expected-tolerance=T] [--compare-to-reference] "
        "[--check-padding] [--check-leaks] [--zero-buffers] [--threads=N] "
        "[--repeat=N] [--timing] [--verify-each] [--optimize=MODE] "
        "[--kernel-cache-dir=DIR] [--kernel-cache-policy=POLICY] "
        "[--no-kernel-cache] [--compile-threads=N] "
        "[--compile-partition-size=N] [--non-temporal-store-bytes=N] "
        "[--non-temporal-scattered-stores[=CHOICE]] [--trace=FILE] "
        "[--trace-max-elements=N]\n"
        "(--help describes each option)\n"
        "SPEC: 2x3xf32=1,2,3,4,5,6   (values split by commas or spaces; one "
        "value splats)\n"
        "      @path.npy             (numpy .npy file)\n";
}

// Parallel kernels cost JIT compile time (the async runtime's calls and
// coroutines: ~0.1 s more for the example), which only programs that move
// a few MiB win back; a program that builds large tensors from small
// inputs needs --threads. "Every thread" is the process's CPU affinity, so
// fewer under taskset or a container's CPU limit.
unsigned getDefaultRunThreads(const std::vector<HostArray> &inputs) {
  size_t bytes = 0;
  for (const HostArray &input : inputs)
    bytes += input.bytes.size();
  if (bytes < 2 * size_t(layoutopt::stream_lite::kMinParallelTaskBytes))
    return 1;
  return std::max(1u, llvm::hardware_concurrency().compute_thread_count());
}

llvm::Expected<RunRequest> parseRunCommandLine(int argc, char **argv,
                                               bool &showUsage) {
  showUsage = false;
  cl::OptionCategory category("layout-run options");
  cl::opt<std::string> functionName("function", cl::desc("The function to run"),
                                    cl::value_desc("name"), cl::init("main"),
                                    cl::cat(category));
  cl::list<std::string> inputSpecs(
      "input",
      cl::desc("One argument, in order: SPEC (2x3xf32=1,2,3,4,5,6; values "
               "split by commas or spaces, one value splats) or @FILE.npy"),
      cl::value_desc("SPEC"), cl::cat(category));
  cl::list<std::string> outputSpecs(
      "output", cl::desc("Write the next result to a .npy file"),
      cl::value_desc("@FILE.npy"), cl::cat(category));
  cl::opt<std::string> expectedOutput(
      "expected-output",
      cl::desc("Compare the results with the values in FILE: one line per "
               "result, in order, each in --input's SPEC form (what "
               "layout-run prints; @FILE.npy reads an .npy file); blank "
               "lines and lines starting with # are skipped"),
      cl::value_desc("FILE"), cl::cat(category));
  cl::opt<double> expectedTolerance(
      "expected-tolerance",
      cl::desc("With --expected-output: floating-point elements match when "
               "|result - expected| <= T * max(1, |expected|) (default 0: "
               "equal values; NaN matches NaN); integers always match "
               "exactly"),
      cl::value_desc("T"), cl::init(0.0), cl::cat(category));
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
  cl::opt<std::string> trace(
      "trace",
      cl::desc("Write to FILE (- for stdout), as JSON, what every op that "
               "writes a tensor wrote: its logical values, decoded through "
               "the tensor's layout, and its raw bytes with the padding "
               "marked. With --compare-to-reference each record also says "
               "whether it matches the reference's, and the first that "
               "does not is named"),
      cl::value_desc("FILE"), cl::cat(category));
  cl::opt<unsigned> traceMaxElements(
      "trace-max-elements",
      cl::desc("With --trace: list at most N values and 8*N bytes of each "
               "record (default 4096; 0: all)"),
      cl::value_desc("N"), cl::init(4096), cl::cat(category));
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
               "(the builtin kernels only, at O3; the default) or all (the "
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
      std::string(kDefaultKernelCachePolicy);
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
      cl::value_desc("N"), cl::init(kDefaultProgramPartitionInstructions),
      cl::cat(category));
  cl::opt<unsigned> repeat(
      "repeat",
      cl::desc("Run the function N times in one JIT session (later runs "
               "reuse the buffers of the first; with --timing they are "
               "`repeated runs`, with their fastest, median and slowest "
               "times); results are the last run's"),
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
               "threads this process may use when the inputs hold at "
               "least 2 MiB, else 1; 1: every kernel serial). "
               "The reference run is serial"),
      cl::value_desc("N"), cl::cat(category));
  cl::opt<int64_t> nonTemporalStoreBytes(
      "non-temporal-store-bytes",
      cl::desc("Builtin kernels whose region writes at least N bytes "
               "store past the cache "
               "(non-temporal stores; default 32 MiB; 0: never)"),
      cl::value_desc("N"), cl::init(layoutopt::stream_lite::kDefaultNonTemporalStoreBytes),
      cl::cat(category));
  // `host` (default) leaves the choice to hostScatteredStores; the bare
  // flag means `all`.
  enum class ScatteredChoice { None, WholeLines, All, Host };
  cl::opt<ScatteredChoice> nonTemporalScatteredStores(
      "non-temporal-scattered-stores",
      cl::desc("Which stores, from that size on, go past the cache where a "
               "kernel writes several destination streams at once (a "
               "tiled source into rows): faster or slower depending on "
               "the machine"),
      cl::ValueOptional, cl::init(ScatteredChoice::Host),
      cl::values(
          clEnumValN(ScatteredChoice::None, "none", "ordinary stores only"),
          clEnumValN(ScatteredChoice::WholeLines, "whole-lines",
                     "only stores that write a whole cache line"),
          clEnumValN(ScatteredChoice::All, "all",
                     "every vector store of 8 bytes or more (also the "
                     "bare flag)"),
          clEnumValN(ScatteredChoice::Host, "host",
                     "what measured fastest on this host's processor "
                     "(default; --timing prints it)"),
          clEnumValN(ScatteredChoice::All, "", "")),
      cl::cat(category));
  cl::opt<bool> testPlantMismatch(
      "test-plant-mismatch",
      cl::desc("Test only: lower the program, not its reference, with a "
               "planted wrong result "
               "(--test-stream-lite-plant-mismatch)"),
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
    showUsage = true;
    return error(describeParseError(parseErrors));
  }
  if (programs.empty()) {
    showUsage = true;
    return error("no program given");
  }
  if (programs.size() > 1)
    return error("more than one program given ('" + programs[0] + "' and '" +
                 programs[1] + "')");
  RunRequest request;
  request.programPath = programs[0];
  std::optional<JitOptimization> optimization =
      llvm::StringSwitch<std::optional<JitOptimization>>(optimize)
          .Case("none", JitOptimization::None)
          .Case("kernels", JitOptimization::Kernels)
          .Cases({"all", ""}, JitOptimization::All)
          .Default(std::nullopt);
  if (!optimization)
    return error("--optimize expects none, kernels or all, got '" + optimize +
                 "'");
  if (threads.getNumOccurrences() && (threads < 1 || threads > kMaxThreads))
    return error("--threads expects a number from 1 to " +
                 std::to_string(kMaxThreads) + ", got " +
                 std::to_string(threads));
  if (repeat < 1)
    return error("--repeat expects a positive count, got 0");
  if (nonTemporalStoreBytes < 0)
    return error("--non-temporal-store-bytes expects a byte count >= 0, got " +
                 std::to_string(nonTemporalStoreBytes));
  if (compilePartitionSize < 1)
    return error("--compile-partition-size expects a positive count, got 0");
  if (compileThreads > kMaxThreads)
    return error("--compile-threads expects a number from 0 to " +
                 std::to_string(kMaxThreads) + ", got " +
                 std::to_string(compileThreads));
  double tolerance = expectedTolerance;
  if (!(tolerance >= 0) || std::isinf(tolerance))
    return error("--expected-tolerance expects a finite number >= 0, got " +
                 std::to_string(tolerance));
  if (traceMaxElements.getNumOccurrences() && trace.empty())
    return error("--trace-max-elements needs --trace");
  if (trace.getNumOccurrences() && trace.empty())
    return error("--trace expects a file name (- for stdout)");
  if (expectedTolerance.getNumOccurrences() && expectedOutput.empty())
    return error("--expected-tolerance needs --expected-output");
  if (noKernelCache && kernelCacheDir.getNumOccurrences())
    return error(
        "--no-kernel-cache and --kernel-cache-dir contradict each other");
  if (noKernelCache && kernelCachePolicy.getNumOccurrences())
    return error(
        "--no-kernel-cache and --kernel-cache-policy contradict each other");
  if (auto policy = parseKernelCachePolicy(kernelCachePolicy); !policy)
    return error("--kernel-cache-policy: cannot parse '" + kernelCachePolicy +
                 "' (" + llvm::toString(policy.takeError()) + ")");
  for (const std::string &spec : outputSpecs) {
    if (!llvm::StringRef(spec).starts_with("@") || spec.size() < 2)
      return error("--output expects @FILE.npy, got '" + spec + "'");
    request.outputPaths.push_back(spec.substr(1));
  }
  request.function = functionName;
  request.inputSpecs.assign(inputSpecs.begin(), inputSpecs.end());
  request.compareToReference = compareToReference;
  request.tracePath = trace;
  request.traceMaxElements = traceMaxElements;
  request.expectedOutputPath = expectedOutput;
  request.expectedTolerance = tolerance;
  request.checkLeaks = checkLeaks;
  request.timing = timing;
  if (threads.getNumOccurrences())
    request.threads = unsigned(threads);
  ProgramOptions &options = request.options;
  options.checkPadding = checkPadding;
  options.trace = !request.tracePath.empty();
  options.optimization = *optimization;
  options.verifyEachPass = verifyEach;
  options.zeroBuffers = zeroBuffers;
  options.testPlantMismatch = testPlantMismatch;
  if (!noKernelCache)
    options.kernelCacheDir = kernelCacheDir.getNumOccurrences()
                                 ? std::string(kernelCacheDir)
                                 : getDefaultKernelCacheDir();
  options.kernelCachePolicy = kernelCachePolicy;
  options.compileThreads = compileThreads;
  options.programPartitionInstructions = compilePartitionSize;
  options.repeat = repeat;
  options.nonTemporalStoreBytes = nonTemporalStoreBytes;
  switch (nonTemporalScatteredStores) {
  case ScatteredChoice::None:
    options.nonTemporalScatteredStores = sl::ScatteredStores::None;
    break;
  case ScatteredChoice::WholeLines:
    options.nonTemporalScatteredStores = sl::ScatteredStores::WholeLines;
    break;
  case ScatteredChoice::All:
    options.nonTemporalScatteredStores = sl::ScatteredStores::All;
    break;
  case ScatteredChoice::Host:
    break;
  }
  return std::move(request);
}

llvm::Error checkRunRequest(const RunRequest &request,
                            const ProgramSignature &signature) {
  const std::string &function = request.function;
  size_t inputs = request.inputSpecs.size();
  size_t outputs = request.outputPaths.size();
  const std::vector<HostType> &resultTypes = signature.resultTypes;
  if (inputs != signature.argTypes.size())
    return error("@" + function + " takes " +
                 llvm::Twine(signature.argTypes.size()) + " argument(s), " +
                 llvm::Twine(inputs) + " --input given");
  if (outputs > resultTypes.size())
    return error(llvm::Twine(outputs) + " --output given but @" + function +
                 " has " + llvm::Twine(resultTypes.size()) + " result(s)");
  for (size_t i = 0; i < outputs; ++i)
    if (!getNpyDescr(resultTypes[i].elementType))
      return error("result " + llvm::Twine(i) + " has type " +
                   typeToString(resultTypes[i].elementType) +
                   ", which .npy files cannot hold");
  return llvm::Error::success();
}

} // namespace layoutopt::runtime
