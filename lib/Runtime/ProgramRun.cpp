//===- ProgramRun.cpp - lower a stream-lite program and run it ------------===//
//
// What layout-run does with a program, as a library: getProgramSignature
// (the function to run and its host types), lowerProgram (isolate the
// function, optionally instrument padding checks or a trace, or strip
// encodings,
// --stream-lite-to-llvm-pipeline), compileProgram (a JitSession for the
// result), runCompiledProgram (runs in that session, timed as nested
// scopes), runProgram (the two in one), and the reference run's options
// and comparison (getReferenceOptions, findFirstDifference), which the
// Python API shares.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Pipelines/Pipelines.h"
#include "StreamLite/Runtime/JitSession.h"
#include "StreamLite/Runtime/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <set>

using namespace mlir;

namespace sl = layoutopt::stream_lite;

namespace layoutopt::runtime {

sl::ScatteredStores hostScatteredStores() {
  // A table of measured processors, as LLVM tunes per processor: the
  // choice changes only speed, never what a kernel computes.
  if (llvm::sys::getHostCPUName() == "znver3")
    return sl::ScatteredStores::None;
  return sl::ScatteredStores::WholeLines;
}

llvm::Expected<LoweredProgram> lowerProgram(ModuleOp source,
                                            llvm::StringRef function,
                                            const ProgramOptions &options) {
  MLIRContext *ctx = source.getContext();
  TimingScope timing;
  if (options.timing)
    timing = options.timing->nest(options.reference ? "lower (reference)"
                                                    : "lower");
  LoweredProgram program;
  program.module = source.clone();
  // Only what `function` reaches is lowered, so another function that cannot
  // be lowered neither blocks this one nor is named in its errors.
  for (auto func : program.module->getOps<func::FuncOp>())
    if (func.getSymName() != function)
      func.setPrivate();
  {
    PassManager dce(ctx);
    dce.addPass(createSymbolDCEPass());
    if (failed(dce.run(*program.module)))
      return llvm::createStringError("cannot isolate @" + function + " from the program");
  }
  bool checkPadding = options.checkPadding && !options.reference;
  if (checkPadding || options.trace) {
    // Layouts are known after specialize-encodings, and the relayouts the
    // pipeline fuses are fused first: the checks and the trace are of the
    // program that normally runs (a check's use of a result would block its
    // fusion). The full pipeline below runs both again, which leaves
    // serialized encodings and fused dispatches as they are. The reference
    // is traced with its encodings stripped, as it runs.
    PassManager instrument(ctx);
    if (options.reference) {
      instrument.addPass(sl::createStripEncodingsPass());
    } else {
      instrument.addPass(sl::createSpecializeEncodingsPass());
      instrument.addPass(sl::createFuseRelayoutsPass());
    }
    if (options.trace)
      instrument.addPass(createInstrumentTracePass());
    if (checkPadding)
      instrument.addPass(createInstrumentPaddingChecksPass());
    if (failed(instrument.run(*program.module)))
      return llvm::createStringError("lowering with --stream-lite-to-llvm-pipeline failed");
    program.paddingChecks = takePaddingChecks(*program.module);
    program.tracePoints = takeTracePoints(*program.module);
  }
  // run() passes memrefs in the expanded convention.
  program.module->walk([&](func::FuncOp func) {
    if (func.getSymName() == function)
      func->removeAttr("llvm.emit_c_interface");
  });
  PassManager pm(ctx);
  // The input was verified when it was parsed, and every pass is tested
  // with the verifier after it (layout-opt's default). Verifying the whole
  // module after each of the ~30 passes was ~40% of the lowering at 30k
  // ops, so by default the result is verified once, at the end: a pass
  // that produced invalid IR is still an error before anything runs.
  pm.enableVerifier(options.verifyEachPass);
  if (timing)
    pm.enableTiming(timing);
  if (options.reference)
    pm.addPass(sl::createStripEncodingsPass());
  // The test pass is looked up by name: it lives in the test library, which
  // only the tools that offer the option link and register.
  if (options.testPlantMismatch) {
    std::string error;
    llvm::raw_string_ostream errorStream(error);
    if (failed(mlir::parsePassPipeline("test-stream-lite-plant-mismatch", pm,
                                       errorStream)))
      return llvm::createStringError("--test-plant-mismatch: " + error);
  }
  sl::ToLLVMPipelineOptions pipelineOptions;
  pipelineOptions.threads = options.threads;
  pipelineOptions.nonTemporalStoreBytes = options.nonTemporalStoreBytes;
  pipelineOptions.nonTemporalScatteredStores =
      options.nonTemporalScatteredStores.value_or(hostScatteredStores());
  sl::buildToLLVMPipeline(pm, pipelineOptions);
  auto failure = [&] {
    return llvm::createStringError(llvm::Twine("lowering") +
                     (options.reference ? " the reference program" : "") +
                     " with --stream-lite-to-llvm-pipeline failed");
  };
  if (failed(pm.run(*program.module)))
    return failure();
  if (!options.verifyEachPass && failed(verify(*program.module)))
    return failure();
  return std::move(program);
}

namespace {
/// A timing scope nested in the options' (` (reference)` appended for the
/// reference program), or none.
TimingScope nestTiming(const ProgramOptions &options, StringRef what) {
  if (!options.timing)
    return TimingScope();
  return options.timing->nest(
      (what + (options.reference ? " (reference)" : "")).str());
}
} // namespace

llvm::Expected<std::unique_ptr<JitSession>>
compileProgram(ModuleOp source, llvm::StringRef function,
               const ProgramOptions &options, FailureHandler onFailure) {
  llvm::Expected<LoweredProgram> program =
      lowerProgram(source, function, options);
  if (!program)
    return program.takeError();
  JitOptions jitOptions;
  jitOptions.codeGenOptLevel = llvm::CodeGenOptLevel::Default;
  jitOptions.optimization = options.optimization;
  jitOptions.zeroBuffers = options.zeroBuffers;
  jitOptions.bufferPool = options.bufferPool;
  jitOptions.kernelCacheDir = options.kernelCacheDir;
  jitOptions.kernelCachePolicy = options.kernelCachePolicy;
  jitOptions.compileThreads = options.compileThreads;
  jitOptions.programPartitionInstructions = options.programPartitionInstructions;
  TimingScope compiling = nestTiming(options, "JIT compile");
  auto session = JitSession::create(*program->module, jitOptions);
  if (!session)
    return llvm::createStringError("cannot JIT-compile the program: " +
                     llvm::toString(session.takeError()));
  // Code generation is lazy: unresolved symbols show up here (as they
  // would at the first call).
  if (llvm::Error error = (*session)->compile(function))
    return llvm::createStringError("cannot run @" + function + ": " +
                     llvm::toString(std::move(error)));
  // Whether the kernels came from the cache, as an entry of the report.
  KernelCacheOutcome cacheOutcome = (*session)->getKernelCacheOutcome();
  if (compiling && cacheOutcome != KernelCacheOutcome::NotUsed)
    (void)compiling.nest(cacheOutcome == KernelCacheOutcome::Hit
                             ? "kernel cache hit"
                             : "kernel cache miss");
  // Whether the program's code was generated on several threads.
  if (compiling && (*session)->getProgramPartitions())
    (void)compiling.nest("program in " +
                         std::to_string((*session)->getProgramPartitions()) +
                         " partitions");
  compiling.stop();
  (*session)->setFailureHandler(std::move(onFailure));
  (*session)->setPaddingChecks(std::move(program->paddingChecks));
  (*session)->setTracePoints(std::move(program->tracePoints));
  return std::move(*session);
}

llvm::Expected<ProgramRun>
runCompiledProgram(JitSession &session, llvm::StringRef function,
                   llvm::ArrayRef<HostArray> inputs,
                   llvm::ArrayRef<HostType> resultTypes,
                   const ProgramOptions &options) {
  ProgramRun run;
  TimingScope running = nestTiming(options, "run");
  llvm::Expected<std::vector<HostArray>> results =
      session.run(function, inputs, resultTypes);
  running.stop();
  if (!results)
    return results.takeError();
  if (options.repeat > 1) {
    TimingScope repeating = nestTiming(options, "repeated runs");
    run.repeatedRunSeconds.reserve(options.repeat - 1);
    for (unsigned i = 1; i < options.repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      results = session.run(function, inputs, resultTypes);
      if (!results)
        return results.takeError();
      run.repeatedRunSeconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                        start)
              .count());
    }
  }
  run.results = std::move(*results);
  run.leftovers = session.getLeftovers();
  run.kernelCacheWarning = session.getKernelCacheWarning().str();
  if (options.trace)
    run.trace = session.getTrace();
  std::set<int64_t> reported;
  llvm::ArrayRef<PaddingCheck> checks = session.getPaddingChecks();
  for (int64_t id : session.getPaddingViolations())
    if (id >= 0 && size_t(id) < checks.size() && reported.insert(id).second)
      run.paddingViolations.push_back(checks[id].description);
  return std::move(run);
}

RunTimeSummary summarizeRunTimes(llvm::ArrayRef<double> seconds) {
  assert(!seconds.empty() && "no runs to summarize");
  std::vector<double> sorted(seconds.begin(), seconds.end());
  std::sort(sorted.begin(), sorted.end());
  size_t middle = sorted.size() / 2;
  double median = sorted.size() % 2
                      ? sorted[middle]
                      : (sorted[middle - 1] + sorted[middle]) / 2;
  return {sorted.front(), median, sorted.back()};
}

llvm::Expected<ProgramRun> runProgram(ModuleOp source, llvm::StringRef function,
                                      llvm::ArrayRef<HostArray> inputs,
                                      llvm::ArrayRef<HostType> resultTypes,
                                      const ProgramOptions &options,
                                      FailureHandler onFailure) {
  auto session =
      compileProgram(source, function, options, std::move(onFailure));
  if (!session)
    return session.takeError();
  return runCompiledProgram(**session, function, inputs, resultTypes,
                            options);
}

llvm::Expected<ProgramSignature> getProgramSignature(ModuleOp source,
                                                     llvm::StringRef function,
                                                     llvm::StringRef where) {
  auto func = source.lookupSymbol<func::FuncOp>(function);
  if (!func)
    return llvm::createStringError("no function @" + function + " in " +
                                   where);
  if (func.isExternal())
    return llvm::createStringError("@" + function +
                                   " is a declaration, not a function body");
  FunctionType type = func.getFunctionType();
  ProgramSignature signature;
  for (auto [i, t] : llvm::enumerate(type.getInputs())) {
    auto hostType = getHostType(
        t, "argument " + std::to_string(i) + " of @" + function.str());
    if (!hostType)
      return hostType.takeError();
    signature.argTypes.push_back(*hostType);
  }
  for (auto [i, t] : llvm::enumerate(type.getResults())) {
    auto hostType = getHostType(t, "result " + std::to_string(i) + " of @" +
                                       function.str());
    if (!hostType)
      return hostType.takeError();
    signature.resultTypes.push_back(*hostType);
  }
  return std::move(signature);
}

ProgramOptions getReferenceOptions(const ProgramOptions &options) {
  ProgramOptions reference = options;
  reference.reference = true;
  reference.checkPadding = false;
  reference.threads = 1;
  reference.repeat = 1;
  reference.testPlantMismatch = false;
  return reference;
}

std::optional<std::string>
findFirstDifference(llvm::ArrayRef<HostArray> results,
                    llvm::ArrayRef<HostArray> reference) {
  for (size_t r = 0; r < results.size(); ++r) {
    const HostArray &a = results[r], &b = reference[r];
    if (a.shape != b.shape)
      return "result " + std::to_string(r) +
             " differs from the reference in shape: " + shapePrefix(a) +
             " vs " + shapePrefix(b);
    unsigned width = a.getElementBytes();
    for (int64_t i = 0, n = a.getNumElements(); i < n; ++i)
      if (std::memcmp(a.bytes.data() + i * width, b.bytes.data() + i * width,
                      width) != 0)
        return "result " + std::to_string(r) +
               " differs from the reference at index " + formatIndex(a, i) +
               ": " + formatElement(a, i) + " vs " + formatElement(b, i);
  }
  return std::nullopt;
}

} // namespace layoutopt::runtime
