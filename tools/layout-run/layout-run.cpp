//===- layout-run.cpp - JIT-runs a stream-lite program --------------------===//
//
// layout-run (docs/tools.md): parses a tensor-phase program, lowers it with
// --stream-lite-to-llvm-pipeline and runs one function with MLIR's
// ExecutionEngine. Arguments come from --input specs or .npy files, results
// are printed in the input form (and written to .npy files on request).
// --compare-to-reference also runs the program after
// --stream-lite-strip-encodings and compares the results bit for bit;
// --expected-output compares them with values from a file.
// --check-padding instruments the program after specialize-encodings
// (--stream-lite-instrument-padding-checks) so that non-zero padding in a
// tiled tensor is reported; --trace (--stream-lite-instrument-trace) writes
// what every op wrote, decoded through its layout.
//
// Everything but reading the program, printing what the run gives and the
// exit codes is the runtime library (include/StreamLite/Runtime; the
// options and their checks are RunCommandLine.h). Exit codes: 0 success,
// 1 a reference or expected-output mismatch, padding violation or leak, 2 bad input of any
// kind.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/InitAll.h"
#include "StreamLite/Registration/ToolSupport.h"
#include "StreamLite/Runtime/HostTensor.h"
#include "StreamLite/Runtime/JitSession.h"
#include "StreamLite/Runtime/RunCommandLine.h"
#include "StreamLite/Runtime/Trace.h"
#include "StreamLite/Support/OutputFileGroup.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;
using namespace layoutopt::runtime;

namespace {

constexpr int kExitMismatch = 1;
constexpr int kExitBadInput = 2;

/// The files --output and --trace write, as a group (a run that fails
/// leaves none of them behind). Static, so that the exit of fail() removes
/// the temporary files too.
layoutopt::OutputFileGroup outputFiles;

/// Every bad input ends here, also from inside a running program (the JIT
/// session's failure handler, after it released the program's buffers).
[[noreturn]] void fail(const llvm::Twine &message) {
  outputFiles.discard();
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

/// The program at `path`, parsed in `ctx` (diagnostics through
/// `sourceMgr`).
OwningOpRef<ModuleOp> parseProgram(const std::string &path, MLIRContext &ctx,
                                   llvm::SourceMgr &sourceMgr) {
  auto fileOrErr = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!fileOrErr)
    fail("cannot read '" + path + "': " + fileOrErr.getError().message());
  std::string refused;
  if (failed(layoutopt::checkToolInput((*fileOrErr)->getBuffer(), refused)))
    fail("cannot parse '" + path + "': " + refused);
  sourceMgr.AddNewSourceBuffer(std::move(*fileOrErr), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    fail("cannot parse '" + path + "'");
  return module;
}

/// Whether `run` broke a check of `request` (reported to stderr).
bool failsChecks(const RunRequest &request, const ProgramRun &run) {
  for (const std::string &description : run.paddingViolations)
    llvm::errs() << "error: --check-padding: padding bytes of a tiled "
                    "tensor are not zero after "
                 << description << "\n";
  if (!run.paddingViolations.empty())
    return true;
  if (!request.checkLeaks || !run.leftovers.buffers)
    return false;
  llvm::errs() << "error: --check-leaks: @" << request.function << " left "
               << run.leftovers.buffers << " buffer(s) (" << run.leftovers.bytes
               << " bytes) allocated besides its results\n";
  return true;
}

/// The trace of `run` (and of its reference's, when given) to --trace's
/// file, pending until outputFiles' commit.
void writeTrace(const RunRequest &request, const ProgramRun &run,
                const ProgramRun *reference) {
  TraceJsonOptions options;
  options.function = request.function;
  options.maxElements = request.traceMaxElements;
  options.reference = reference ? &reference->trace : nullptr;
  if (auto message =
          outputFiles.add(request.tracePath, [&](llvm::raw_ostream &os) {
            writeTraceJson(os, run.trace, options);
          }))
    fail(*message);
}

/// The --output files, then every file written, renamed into place.
void writeOutputs(const RunRequest &request, const ProgramRun &run) {
  for (auto [path, result] :
       llvm::zip_first(request.outputPaths, run.results)) {
    const HostArray &array = result;
    if (auto message = outputFiles.add(
            path, [&](llvm::raw_ostream &os) { os << npyBytes(array); }))
      fail(*message);
  }
  if (auto message = outputFiles.commit())
    fail(*message);
}

} // namespace

static int runLayoutRun(int argc, char **argv) {
  bool showUsage = false;
  llvm::Expected<RunRequest> parsed =
      parseRunCommandLine(argc, argv, showUsage);
  if (!parsed && showUsage)
    printRunUsage(llvm::errs());
  RunRequest request = orFail(std::move(parsed));

  DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module =
      parseProgram(request.programPath, ctx, sourceMgr);
  ProgramSignature signature = orFail(getProgramSignature(
      *module, request.function, "'" + request.programPath + "'"));
  if (llvm::Error error = checkRunRequest(request, signature))
    fail(llvm::toString(std::move(error)));
  std::vector<HostArray> inputs;
  for (auto [i, spec] : llvm::enumerate(request.inputSpecs))
    inputs.push_back(
        orFail(parseSpec(ctx, spec, signature.argTypes[i], unsigned(i))));

  // Read before the run: a bad file is bad input, found without running.
  std::vector<HostArray> expected;
  if (!request.expectedOutputPath.empty())
    expected = orFail(readExpectedResults(ctx, request.expectedOutputPath,
                                          signature.resultTypes));

  // Prints its report when destroyed, on the way out of this function.
  mlir::DefaultTimingManager timingManager;
  timingManager.setEnabled(request.timing);
  timingManager.setDisplayMode(mlir::DefaultTimingManager::DisplayMode::Tree);
  mlir::TimingScope rootTiming = timingManager.getRootScope();
  ProgramOptions &options = request.options;
  options.timing = request.timing ? &rootTiming : nullptr;
  options.threads = request.threads.value_or(getDefaultRunThreads(inputs));
  // The reference run reuses the buffers the program freed: a 64 MiB buffer
  // freed to the system would fault in every page again.
  options.bufferPool = std::make_shared<BufferPool>();
  // Resolved here so that --timing can say what the host default chose.
  if (!options.nonTemporalScatteredStores) {
    options.nonTemporalScatteredStores = hostScatteredStores();
    if (request.timing)
      llvm::errs() << "timing: non-temporal-scattered-stores="
                   << layoutopt::stream_lite::stringifyScatteredStores(
                          *options.nonTemporalScatteredStores)
                   << " (host processor " << llvm::sys::getHostCPUName()
                   << ")\n";
  }
  auto onFailure = [](const std::string &message) { fail(message); };
  ProgramRun run =
      orFail(runProgram(*module, request.function, inputs,
                        signature.resultTypes, options, onFailure));
  if (!run.kernelCacheWarning.empty())
    llvm::errs() << "warning: " << run.kernelCacheWarning << "\n";
  // The report's `repeated runs` is their sum; a benchmark wants the spread
  // too (the fastest run is what a best-of-N measurement compares with).
  if (request.timing && !run.repeatedRunSeconds.empty()) {
    RunTimeSummary summary = summarizeRunTimes(run.repeatedRunSeconds);
    llvm::errs() << "timing: " << run.repeatedRunSeconds.size()
                 << " repeated runs: fastest "
                 << llvm::format("%.3f", summary.fastest * 1e3)
                 << " ms, median "
                 << llvm::format("%.3f", summary.median * 1e3)
                 << " ms, slowest "
                 << llvm::format("%.3f", summary.slowest * 1e3) << " ms\n";
  }
  for (const HostArray &r : run.results)
    llvm::outs() << formatResult(r) << "\n";
  llvm::outs().flush();
  std::optional<ProgramRun> reference;
  auto runReference = [&] {
    reference = orFail(runProgram(*module, request.function, inputs,
                                  signature.resultTypes,
                                  getReferenceOptions(options), onFailure));
    // The same directory: said once.
    if (!reference->kernelCacheWarning.empty() &&
        reference->kernelCacheWarning != run.kernelCacheWarning)
      llvm::errs() << "warning: " << reference->kernelCacheWarning << "\n";
  };
  // The trace matters most when a check fails: written before the checks,
  // and kept when one fails (not on bad input).
  auto mismatch = [] {
    if (auto message = outputFiles.commit())
      fail(*message);
    return kExitMismatch;
  };
  if (!request.tracePath.empty()) {
    if (request.compareToReference)
      runReference();
    writeTrace(request, run, reference ? &*reference : nullptr);
  }
  if (failsChecks(request, run))
    return mismatch();
  if (request.compareToReference) {
    if (!reference)
      runReference();
    if (auto difference =
            findFirstDifference(run.results, reference->results)) {
      llvm::errs() << "error: " << *difference << "\n";
      if (!request.tracePath.empty())
        if (auto divergence = findFirstDivergence(run.trace, reference->trace))
          llvm::errs() << "note: --trace: record " << divergence->record
                       << " is the first whose values differ from the "
                          "reference's (at "
                       << divergence->difference << "): "
                       << run.trace.points[run.trace.records[divergence->record]
                                               .point]
                              .description
                       << "\n";
      return mismatch();
    }
  }
  if (!request.expectedOutputPath.empty()) {
    if (auto difference = findFirstUnexpected(run.results, expected,
                                              request.expectedTolerance)) {
      llvm::errs() << "error: " << *difference << " (--expected-output="
                   << request.expectedOutputPath << ")\n";
      return mismatch();
    }
  }
  writeOutputs(request, run);
  return 0;
}

// The test passes (test/lib), registered by the tools that test with them.
namespace layoutopt::test {
void registerTestPlantMismatchPass();
} // namespace layoutopt::test

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // --test-plant-mismatch runs it in the program's lowering.
  layoutopt::test::registerTestPlantMismatchPass();
  layoutopt::setToolVersionPrinter();
  return layoutopt::runWithToolStack([&] { return runLayoutRun(argc, argv); });
}
