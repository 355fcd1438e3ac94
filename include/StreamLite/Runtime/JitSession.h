//===- JitSession.h - JIT-compile and run lowered programs ------*- C++ -*-===//
//
// A JitSession JIT-compiles one LLVM-dialect module with MLIR's
// ExecutionEngine (with JitOptimization::Kernels, the builtin kernels apart,
// through the KernelObjectCache: JitKernels.cpp) and owns everything a run
// of it needs on the host: the program's heap (malloc/free are bound to the
// session, buffers come from a BufferPool, so that leftovers can be counted
// and released), the message of a failed runtime check
// (puts/abort), and the --check-padding state. Failures are returned as
// llvm::Error, a failure inside JIT-ed code (a failed runtime check, an
// oversized allocation) too: the session jumps back out of the JIT-ed
// frames (they hold nothing to unwind) to the call that started them,
// after giving the message to the session's FailureHandler, if any.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_RUNTIME_JITSESSION_H
#define STREAMLITE_RUNTIME_JITSESSION_H

#include "StreamLite/Runtime/BufferPool.h"
#include "StreamLite/Runtime/HostTensor.h"
#include "StreamLite/Runtime/Passes.h"
#include "StreamLite/Runtime/Trace.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <csetjmp>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace layoutopt::runtime {

/// Which functions of a module LLVM optimizes before generating code.
enum class JitOptimization {
  /// None: code generation only (at JitOptions::codeGenOptLevel; the
  /// program's own functions, not the kernels, marked optnone so that their
  /// code is generated on LLVM's fast path).
  None,
  /// The builtin kernels only (functions whose names start with
  /// kBuiltinSymbolPrefix), with LLVM's O3 pipeline tuned for the host; the
  /// program's own functions are left as they are, and code-generated on
  /// the fast path as with None. Kernels run at -O3 speed for a fraction of
  /// the compile time of `All`. (O2 merged the two branches of a run-time
  /// non-temporal choice into one ordinary store: O3 unswitches the loop.)
  Kernels,
  /// The whole module at O3 for the host (makeOptimizingTransformer(3, 0,
  /// host TargetMachine)), code generated at CodeGenOptLevel::Aggressive
  /// (overrides codeGenOptLevel).
  All,
};

/// Whether a session's kernels came from the KernelObjectCache.
enum class KernelCacheOutcome {
  /// No cache (none asked for, not JitOptimization::Kernels, no kernels).
  NotUsed,
  /// Loaded from the cache: neither optimized nor compiled.
  Hit,
  /// Compiled, and stored in the cache when its directory is writable.
  Miss,
};

/// JitOptions::programPartitionInstructions by default: at 10k bench ops
/// (a program of 20-40k LLVM instructions) two partitions already take a
/// quarter off the JIT compile on two cores.
inline constexpr unsigned kDefaultProgramPartitionInstructions = 10000;

/// How a module is JIT-compiled.
struct JitOptions {
  /// Code generation level; none: the host target machine's default.
  /// (Applied through a target machine made for the session: MLIR 22's
  /// ExecutionEngine ignores its own jitCodeGenOptLevel.)
  std::optional<llvm::CodeGenOptLevel> codeGenOptLevel;
  /// What LLVM optimizes.
  JitOptimization optimization = JitOptimization::None;
  /// Unless optimization is None: where to print each module's LLVM IR
  /// after optimization.
  llvm::raw_ostream *printOptimizedIR = nullptr;
  /// Notify the GDB and perf JIT listeners (ExecutionEngine's default).
  bool enableNotificationListeners = true;
  /// Zero every buffer the program allocates, so that what it reads from
  /// undefined contents (a tensor.empty) is the same in every run.
  bool zeroBuffers = false;
  /// Where the program's buffers come from and go back to; none: a pool of
  /// the session's own (its retained blocks freed with the session).
  std::shared_ptr<BufferPool> bufferPool;
  /// With JitOptimization::Kernels: the KernelObjectCache directory the
  /// kernels' object is looked up in and stored to; empty: no cache.
  std::string kernelCacheDir;
  /// How that directory is pruned after an object is stored, in LLVM's
  /// cache policy syntax (parseKernelCachePolicy); empty: the default,
  /// kDefaultKernelCachePolicy. A policy that does not parse fails
  /// JitSession::create.
  std::string kernelCachePolicy;
  /// Threads that generate the program's code (0: as many as the machine
  /// has). mlir::ExecutionEngine generates its
  /// module's code on one thread; a program of at least two functions and
  /// two partitions' worth of LLVM instructions is split and compiled on up
  /// to this many, the results the same.
  unsigned compileThreads = 0;
  /// The smallest partition worth a thread, in LLVM instructions.
  unsigned programPartitionInstructions = kDefaultProgramPartitionInstructions;
};

/// Arguments of ExecutionEngine::invokePacked for a function lowered with
/// the expanded memref calling convention: one slot per scalar of the
/// lowered signature (a ranked memref is its StridedMemRefType fields in
/// order), then optionally the address the packed wrapper writes the
/// results to.
class JitArguments {
public:
  template <typename T>
  void addScalar(T value) {
    static_assert(sizeof(T) <= sizeof(uint64_t));
    storage.emplace_back();
    std::memcpy(&storage.back(), &value, sizeof(T));
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
  /// A memref argument, field by field as the expanded convention passes it.
  template <typename T, int N>
  void addMemRef(const StridedMemRefType<T, N> &memref) {
    addScalar(memref.basePtr);
    addScalar(memref.data);
    addScalar(memref.offset);
    if constexpr (N > 0) {
      for (int64_t size : memref.sizes)
        addScalar(size);
      for (int64_t stride : memref.strides)
        addScalar(stride);
    }
  }
  /// An identity (dense row-major) memref over `data` whose rank is only
  /// known at run time; the same fields as StridedMemRefType<T, rank>.
  void addDenseMemRef(void *data, llvm::ArrayRef<int64_t> shape);
  /// A memref<?xi8> over `size` bytes at `data`.
  void addByteBuffer(void *data, int64_t size) {
    auto *bytes = static_cast<uint8_t *>(data);
    addMemRef(StridedMemRefType<uint8_t, 1>{bytes, bytes, 0, {size}, {1}});
  }
  /// Where the function's results go (its packed wrapper writes them to
  /// the last argument).
  void setResultStorage(void *results) { resultStorage = results; }

  /// The argument array for invokePacked (pointers into this object).
  llvm::SmallVector<void *> pointers();

private:
  std::deque<uint64_t> storage; // a deque: slot addresses stay valid
  void *resultStorage = nullptr;
};

/// Called when JIT-ed code hits a failure (a failed runtime check, an
/// oversized allocation), with the message (no `error: ` prefix), after the
/// program's buffers have been released. It may end the process (layout-run
/// prints and exits); if it returns, the run returns the message as its
/// error.
using FailureHandler = std::function<void(const std::string &message)>;

/// What a run left behind: buffers still allocated besides the results.
struct Leftovers {
  size_t buffers = 0;
  size_t bytes = 0;
};

class JitSession {
public:
  /// JIT-compiles `llvmModule` (LLVM dialect; the builtin and LLVM dialect
  /// translations must be registered) and binds the host callbacks
  /// (malloc, free, puts, abort and the padding-check callbacks).
  /// Initializes the native target on first use.
  static llvm::Expected<std::unique_ptr<JitSession>>
  create(mlir::ModuleOp llvmModule, const JitOptions &options = {});
  ~JitSession();

  void setFailureHandler(FailureHandler handler) {
    onFailure = std::move(handler);
  }
  /// The checks whose ids the program passes to __layout_run_check_padding.
  void setPaddingChecks(std::vector<PaddingCheck> checks) {
    paddingChecks = std::move(checks);
  }

  /// The points whose ids the program passes to __layout_run_trace.
  void setTracePoints(std::vector<TracePoint> points) {
    trace.points = std::move(points);
  }

  /// ExecutionEngine::invokePacked with this session current.
  llvm::Error invokePacked(llvm::StringRef name, JitArguments &args);

  /// Generates the code of `function` now (the JIT compiles lazily, on the
  /// first call), so that compiling and running can be timed apart.
  llvm::Error compile(llvm::StringRef function);

  /// Calls `function` (expanded memref convention, no C interface) with
  /// `inputs`, copies its results out as dense host arrays, frees result
  /// buffers and then every buffer the run left live (counted first, see
  /// getLeftovers()).
  llvm::Expected<std::vector<HostArray>>
  run(llvm::StringRef function, llvm::ArrayRef<HostArray> inputs,
      llvm::ArrayRef<HostType> resultTypes);

  KernelCacheOutcome getKernelCacheOutcome() const {
    return kernelCacheOutcome;
  }
  /// Why the kernel cache's directory or entry was not used because it
  /// could not be trusted (KernelObjectCache::prepare), or empty.
  llvm::StringRef getKernelCacheWarning() const { return kernelCacheWarning; }
  /// The partitions the program's code was generated in on several threads
  /// (JitOptions::compileThreads); 0 when the engine generated it.
  unsigned getProgramPartitions() const { return programPartitions; }

  /// What the last run() left allocated besides its results.
  Leftovers getLeftovers() const { return leftovers; }
  /// Ids of padding checks that found non-zero padding, in the order the
  /// checks ran (at most 1024).
  llvm::ArrayRef<int64_t> getPaddingViolations() const {
    return paddingViolations;
  }
  llvm::ArrayRef<PaddingCheck> getPaddingChecks() const {
    return paddingChecks;
  }
  /// What the last run() recorded at its trace points (none without
  /// setTracePoints).
  const Trace &getTrace() const { return trace; }

  // The host side of the JIT-bound callbacks (see JitSession.cpp).
  /// `zero`: calloc, whatever --zero-buffers says.
  void *allocate(size_t bytes, bool zero = false);
  void deallocate(void *pointer);
  void setCheckMessage(const char *message);
  [[noreturn]] void failRuntimeCheck();
  void addPaddingDim(int64_t dim);
  void checkPadding(int64_t id, const uint8_t *aligned, int64_t offset,
                    int64_t size, int64_t stride);
  void addTraceDim(int64_t dim);
  void recordTrace(int64_t id, const uint8_t *aligned, int64_t offset,
                   int64_t size, int64_t stride);

private:
  /// checkPadding's work; returns the bytes of the mask it could not
  /// allocate (0 when it ran), so that the caller fails the run with no
  /// local object left to destroy.
  size_t checkPaddingOrMaskBytes(int64_t id, const uint8_t *aligned,
                                 int64_t offset, int64_t size,
                                 int64_t stride);
  JitSession(std::unique_ptr<mlir::ExecutionEngine> engine, bool zeroBuffers,
             std::shared_ptr<BufferPool> bufferPool);
  /// Ends the running JIT-ed code with `failureMessage` (see FailureHandler).
  [[noreturn]] void failRun();
  void releaseAllocations();
  /// Links the program's partitions, once (see linkProgram).
  llvm::Error ensureProgramLinked();
  /// The packed entry point of `function` (see packedEntries).
  llvm::Expected<void (*)(void **)> lookupEntry(llvm::StringRef function);

  /// Whether the code calls the async runtime (parallel kernels): then the
  /// destructor waits for the runtime's workers to leave the code.
  bool runsTasks = false;
  /// With JitOptimization::Kernels, the JIT the kernels are linked in (the
  /// engine's code calls them, so it is destroyed after the engine).
  std::unique_ptr<llvm::orc::LLJIT> kernelJit;
  /// When the program was split (getProgramPartitions()), the JIT its
  /// partitions are linked in: they call the kernels, the engine's stubs
  /// call them.
  std::unique_ptr<llvm::orc::LLJIT> programJit;
  /// Until the first compile() or invokePacked(): links the partitions in
  /// programJit and binds the engine's stubs to them.
  llvm::unique_function<llvm::Error()> linkProgram;
  /// Why linking the partitions failed (every later call fails with it).
  std::string programLinkError;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  /// The engine's packed entry points, looked up once each: a lookup per
  /// call (about 2.6 us) also slowed the call after it, 8 MiB relayouts
  /// by a fifth (bench/README.md, "The entry point looked up once").
  llvm::StringMap<void (*)(void **)> packedEntries;
  KernelCacheOutcome kernelCacheOutcome = KernelCacheOutcome::NotUsed;
  std::string kernelCacheWarning;
  unsigned programPartitions = 0;
  bool zeroBuffers;
  std::shared_ptr<BufferPool> bufferPool;
  FailureHandler onFailure;
  struct LiveBuffer {
    /// What the program asked for (what leaks are counted in).
    size_t bytes;
    /// What the pool gave (what it takes back).
    size_t capacity;
  };
  /// The program's heap: live buffers and their sizes.
  std::unordered_map<void *, LiveBuffer> liveAllocations;
  /// The function being run, named in failures.
  std::string runningFunction;
  /// What the program last passed to puts (a failed check's message).
  std::string lastCheckMessage;
  /// Where failRun() jumps to while invokePacked runs JIT-ed code, and the
  /// message the run then fails with.
  std::jmp_buf *failureJump = nullptr;
  std::string failureMessage;
  std::vector<PaddingCheck> paddingChecks;
  std::vector<int64_t> paddingViolations;
  /// Dynamic dims of the next padding check, passed one call each first.
  std::vector<int64_t> pendingPaddingDims;
  Trace trace;
  /// Bytes the records of the running run hold (at most kMaxTraceBytes).
  size_t traceBytes = 0;
  /// Dynamic dims of the next trace record, passed one call each first.
  llvm::SmallVector<int64_t> pendingTraceDims;
  Leftovers leftovers;
};

/// How lowerProgram prepares a stream-lite program.
struct ProgramOptions {
  /// Run --stream-lite-strip-encodings first (the reference program).
  bool reference = false;
  /// Specialize encodings and run --stream-lite-instrument-padding-checks.
  bool checkPadding = false;
  /// Run --stream-lite-instrument-trace (after specialize-encodings, or
  /// after strip-encodings for the reference): ProgramRun::trace.
  bool trace = false;
  /// JitOptions::optimization: by default the builtin kernels only (as
  /// `layout-run` does).
  JitOptimization optimization = JitOptimization::Kernels;
  /// Verify the IR after every pass of the lowering (as layout-opt does),
  /// not only once at its end: ~40% of the lowering's time at 30k ops.
  bool verifyEachPass = false;
  /// When set, the lowering (each pass nested), the JIT compile and the run
  /// are timed as scopes nested in it (`layout-run --timing`).
  mlir::TimingScope *timing = nullptr;
  /// JitOptions::zeroBuffers.
  bool zeroBuffers = false;
  /// Above 1: builtin kernels that move more than 1 MiB run on up to this
  /// many threads (--stream-lite-to-llvm-pipeline=threads=N).
  unsigned threads = 1;
  /// --stream-lite-to-llvm-pipeline=non-temporal-store-bytes=N.
  int64_t nonTemporalStoreBytes =
      layoutopt::stream_lite::kDefaultNonTemporalStoreBytes;
  /// --stream-lite-to-llvm-pipeline=non-temporal-scattered-stores; unset:
  /// hostScatteredStores().
  std::optional<layoutopt::stream_lite::ScatteredStores>
      nonTemporalScatteredStores;
  /// JitOptions::kernelCacheDir (layout-run: --kernel-cache-dir).
  std::string kernelCacheDir;
  /// JitOptions::kernelCachePolicy (layout-run: --kernel-cache-policy).
  std::string kernelCachePolicy;
  /// JitOptions::compileThreads (layout-run: --compile-threads).
  unsigned compileThreads = 0;
  /// JitOptions::programPartitionInstructions (layout-run:
  /// --compile-partition-size).
  unsigned programPartitionInstructions = kDefaultProgramPartitionInstructions;
  /// JitOptions::bufferPool: layout-run passes one pool to the program's
  /// run and its reference's.
  std::shared_ptr<BufferPool> bufferPool;
  /// Runs of the function in the one session (at least 1; layout-run
  /// --repeat): later runs reuse the buffers the first freed. The results,
  /// leftovers and padding violations are the last run's; with timing, the
  /// first run is `run` and the others `repeated runs`. Each later run's
  /// time is in ProgramRun::repeatedRunSeconds.
  unsigned repeat = 1;
  /// Test only: lower after --test-stream-lite-plant-mismatch (every splat
  /// stores its value plus one), which the tool must have registered.
  bool testPlantMismatch = false;
};

/// The ScatteredStores that ran fastest, into rows past the cache, on this
/// host's processor (llvm::sys::getHostCPUName), from the processors
/// bench/README.md measured: `none` on AMD Zen 3, whose write-combining
/// loses even with whole lines written into several rows at once; else
/// the passes' default, `whole-lines`.
layoutopt::stream_lite::ScatteredStores hostScatteredStores();

/// A program ready for JitSession::create.
struct LoweredProgram {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<PaddingCheck> paddingChecks;
  std::vector<TracePoint> tracePoints;
};

/// A clone of `source` lowered with --stream-lite-to-llvm-pipeline (after
/// the options' passes); `function` is called through the expanded memref
/// convention (its llvm.emit_c_interface is dropped). Pipeline diagnostics
/// go to the context's handlers; the error says which lowering failed.
llvm::Expected<LoweredProgram> lowerProgram(mlir::ModuleOp source,
                                            llvm::StringRef function,
                                            const ProgramOptions &options);

/// What one runProgram call observed.
struct ProgramRun {
  std::vector<HostArray> results;
  Leftovers leftovers;
  /// Descriptions of the padding checks that failed: each op once, in the
  /// order of its first violation.
  std::vector<std::string> paddingViolations;
  /// JitSession::getKernelCacheWarning: layout-run prints it as a warning.
  std::string kernelCacheWarning;
  /// With ProgramOptions::trace: what the (last) run recorded.
  Trace trace;
  /// With ProgramOptions::repeat above 1: the wall-clock seconds of each
  /// run after the first, in order (always measured: a clock read per run).
  std::vector<double> repeatedRunSeconds;
};

/// The fastest, median and slowest of `seconds` (not empty); the median of
/// an even count is the mean of the two middle ones.
struct RunTimeSummary {
  double fastest = 0, median = 0, slowest = 0;
};
RunTimeSummary summarizeRunTimes(llvm::ArrayRef<double> seconds);

/// lowerProgram and JitSession::create (at CodeGenOptLevel::Default), with
/// `function` compiled, `onFailure` as the session's failure handler and
/// the padding checks set: a session to run `function` in any number of
/// times (runCompiledProgram). Errors are the messages layout-run prints
/// after `error: `.
llvm::Expected<std::unique_ptr<JitSession>>
compileProgram(mlir::ModuleOp source, llvm::StringRef function,
               const ProgramOptions &options, FailureHandler onFailure = {});

/// Runs `function` in a session from compileProgram (`options.repeat`
/// times; timed in `options.timing`) and collects what the run observed.
llvm::Expected<ProgramRun>
runCompiledProgram(JitSession &session, llvm::StringRef function,
                   llvm::ArrayRef<HostArray> inputs,
                   llvm::ArrayRef<HostType> resultTypes,
                   const ProgramOptions &options);

/// compileProgram and runCompiledProgram in one. Errors are the messages
/// layout-run prints after `error: `.
llvm::Expected<ProgramRun> runProgram(mlir::ModuleOp source,
                                      llvm::StringRef function,
                                      llvm::ArrayRef<HostArray> inputs,
                                      llvm::ArrayRef<HostType> resultTypes,
                                      const ProgramOptions &options,
                                      FailureHandler onFailure = {});

/// What a run of one function needs to know before it has inputs: the host
/// types of the function's arguments and results.
struct ProgramSignature {
  std::vector<HostType> argTypes;
  std::vector<HostType> resultTypes;
};

/// The signature of function `function` of `source`. Fails when there is no
/// such function (`where` names the program: "no function @f in <where>"),
/// when it is a declaration, or when a type has no host form.
llvm::Expected<ProgramSignature> getProgramSignature(mlir::ModuleOp source,
                                                     llvm::StringRef function,
                                                     llvm::StringRef where);

/// The options of the reference run of a program run with `options`
/// (layout-run --compare-to-reference): encodings stripped, the same
/// optimization, verification, timing, buffers, tracing and compile options, and
/// nothing that would make it differ from what it checks (serial kernels,
/// no padding checks, no planted mismatch, one run).
ProgramOptions getReferenceOptions(const ProgramOptions &options);

/// The first difference between `results` and `reference`, bit for bit
/// ("result 0 differs from the reference at index [1, 2]: 1 vs 2"), or
/// none.
std::optional<std::string>
findFirstDifference(llvm::ArrayRef<HostArray> results,
                    llvm::ArrayRef<HostArray> reference);

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_JITSESSION_H
