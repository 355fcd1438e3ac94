//===- kernel_bandwidth.cpp - builtin kernel bandwidth vs memcpy ----------===//
//
// layout-opt-kernel-bandwidth: builds every builtin transfer kernel kind with
// buildBuiltinExecutable on tensors of at least 64 MiB, lowers it
// (stream-lite-lower-bindings, then the upstream lowering to the LLVM
// dialect) and JIT-compiles it with mlir::ExecutionEngine at O3 through the
// helper the JIT unit tests use (unittests/Support/KernelJit.h), and times
// it (best of N after a warm-up) against a hand-written C++ anchor of the
// same transfer (kernel_anchors.cpp, -O3 -march=native) and std::memcpy of
// the same byte count into the kernel's destination, the three runs
// alternating. The anchor's output must equal the kernel's byte for byte.
// One line per kernel: name, bytes, GB/s of the kernel, the anchor and
// memcpy, and the kernel over each; with
// --threads, the threaded kernel's GB/s and speed-ups (see report). Not
// run by the tests; see bench/README.md.
//
//===----------------------------------------------------------------------===//

#include "KernelJit.h"
#include "kernel_anchors.h"

#include "StreamLite/Runtime/BufferPool.h"
#include "StreamLite/Runtime/JitSession.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;
using namespace layoutopt::stream_lite;
using layoutopt::test::JitKernel;
using layoutopt::test::KernelJitOptions;
using layoutopt::test::PackedArgs;

namespace {

constexpr int kRuns = 10;
/// Timed calls per round of each row's kernel, anchor and memcpy, after one
/// untimed call: each is timed in the cache state its own previous call
/// left, as in a loop of calls (the STREAM convention), not in the state
/// the other two left.
constexpr int kCallsPerRound = 3;

[[noreturn]] void fatal(const std::string &message) {
  llvm::errs() << "layout-opt-kernel-bandwidth: " << message << "\n";
  std::exit(1);
}

struct AlignedBuffer;
/// Every live AlignedBuffer: what --cold flushes.
std::vector<const AlignedBuffer *> &liveBuffers() {
  static std::vector<const AlignedBuffer *> buffers;
  return buffers;
}

/// Where the buffers come from: a program's buffers' pool (large ones in
/// huge pages, as `layout-run` and the Python API get them), keeping none.
layoutopt::runtime::BufferPool &bufferSource() {
  static layoutopt::runtime::BufferPool pool(/*maxRetainedBytes=*/0);
  return pool;
}

/// A pre-faulted buffer, allocated as the programs' buffers are.
struct AlignedBuffer {
  explicit AlignedBuffer(size_t bytes) : size(bytes) {
    data = static_cast<uint8_t *>(
        bufferSource().allocate(bytes, /*zero=*/false, capacity));
    if (!data)
      fatal("allocating " + std::to_string(bytes) + " bytes failed");
    std::memset(data, 0x11, capacity);
    liveBuffers().push_back(this);
  }
  ~AlignedBuffer() {
    llvm::erase(liveBuffers(), this);
    bufferSource().deallocate(data, capacity);
  }
  AlignedBuffer(const AlignedBuffer &) = delete;
  AlignedBuffer &operator=(const AlignedBuffer &) = delete;
  uint8_t *data = nullptr;
  size_t size = 0;
  size_t capacity = 0;
};

/// --cold: each timed call starts with the buffers it reads and writes out
/// of every cache, so that the rows measure the memory even where the last
/// level cache holds the buffers (on a machine with 480 MiB of L3, the
/// repeated calls of a 64 MiB row read their source from there).
bool gCold = false;

/// With --cold, flushes the buffer that holds `byte` (if any) from the
/// caches, line by line.
void flushFromCaches(const uint8_t *byte) {
  if (!gCold || !byte)
    return;
#if defined(__x86_64__)
  for (const AlignedBuffer *buffer : liveBuffers()) {
    if (byte < buffer->data || byte >= buffer->data + buffer->size)
      continue;
    for (size_t i = 0; i < buffer->size; i += 64)
      _mm_clflush(buffer->data + i);
    _mm_mfence();
    return;
  }
#endif
}

/// A memref<?xi8> binding over `buffer`.
void addBuffer(PackedArgs &args, AlignedBuffer &buffer) {
  args.addByteBuffer(buffer.data, static_cast<int64_t>(buffer.size));
}

RankedTensorType parseTensor(MLIRContext &ctx, const std::string &text) {
  auto type = llvm::dyn_cast_if_present<RankedTensorType>(
      mlir::parseType(text, &ctx));
  if (!type)
    fatal("cannot parse tensor type " + text);
  return type;
}

/// Storage bytes of a static tensor whose tiles (if any) are given per dim
/// (1 where untiled): every dim rounded up to its tile.
int64_t storageBytes(const std::vector<int64_t> &shape,
                     const std::vector<int64_t> &tiles, int64_t elementBytes) {
  int64_t bytes = elementBytes;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t t = tiles.empty() ? 1 : tiles[i];
    bytes *= (shape[i] + t - 1) / t * t;
  }
  return bytes;
}

/// --threads=N: each kernel is also compiled with its outer loop on up to
/// N threads (BuiltinKernelOptions::parallelOuterLoop and the async
/// lowering), and timed against its serial self in the same run.
unsigned gThreads = 1;

/// --non-temporal-store-bytes=N: the kernels' option (default theirs), which
/// the anchors follow (`streams`).
int64_t gNonTemporalStoreBytes =
    layoutopt::stream_lite::kDefaultNonTemporalStoreBytes;

/// --non-temporal-scattered-stores=none|whole-lines|all|host: the
/// kernels' option (default `host`: hostScatteredStores, as layout-run's),
/// which the anchors that write several rows at once follow
/// (`lineStreams`, `scatteredStreams`).
std::optional<layoutopt::stream_lite::ScatteredStores>
    gNonTemporalScatteredStores;

layoutopt::stream_lite::ScatteredStores scatteredStores() {
  return gNonTemporalScatteredStores.value_or(
      layoutopt::runtime::hostScatteredStores());
}

/// --only=A,B,...: time only the rows whose label contains one of these
/// (every kernel still runs once and is checked against its anchor, as the
/// later spot checks read the outputs); empty: every row.
std::vector<std::string> gOnly;

bool timed(const std::string &label) {
  return gOnly.empty() || llvm::any_of(gOnly, [&](const std::string &part) {
           return label.find(part) != std::string::npos;
         });
}

/// A kernel, serial and (with --threads) parallel.
struct Kernels {
  JitKernel serial;
  std::optional<JitKernel> threaded;
};

/// The kernel of `kind` over `types` with its outer loop on up to
/// `threads` threads, JIT-compiled at O3 for the host.
/// LAYOUT_OPT_BW_DUMP_IR=1 prints each kernel's optimized LLVM IR.
JitKernel compileOne(MLIRContext &ctx, BuiltinKind kind,
                     ArrayRef<RankedTensorType> types, unsigned threads) {
  KernelJitOptions options;
  options.optimization = layoutopt::runtime::JitOptimization::All;
  if (std::getenv("LAYOUT_OPT_BW_DUMP_IR"))
    options.printOptimizedIR = &llvm::errs();
  llvm::Expected<JitKernel> kernel = layoutopt::test::compileBuiltinKernel(
      ctx, kind, types, options, threads, gNonTemporalStoreBytes,
      scatteredStores());
  if (!kernel)
    fatal(llvm::toString(kernel.takeError()));
  return std::move(*kernel);
}

Kernels compileKernel(MLIRContext &ctx, BuiltinKind kind,
                      ArrayRef<RankedTensorType> types) {
  Kernels kernels{compileOne(ctx, kind, types, 1), std::nullopt};
  if (gThreads > 1)
    kernels.threaded = compileOne(ctx, kind, types, gThreads);
  return kernels;
}

/// Calls `kernel` with `args`.
void run(JitKernel &kernel, PackedArgs &args) {
  if (llvm::Error error = kernel.invoke(args))
    fatal("invokePacked failed: " + llvm::toString(std::move(error)));
}

/// Whether an anchor writing `bytes` in one stream (its destination in
/// order) stores past the cache: where the kernels do.
bool streams(int64_t bytes) {
  return gNonTemporalStoreBytes > 0 && bytes >= gNonTemporalStoreBytes;
}

/// Whether an anchor that writes several destination rows at once (a
/// tile's rows, or two tile rows) stores its 64-byte stores that write a
/// whole line past the cache: where the kernels do (whole-lines or all).
bool lineStreams(int64_t bytes) {
  return scatteredStores() != layoutopt::stream_lite::ScatteredStores::None &&
         streams(bytes);
}

/// Whether such an anchor stores everything past the cache: where the
/// kernels do, only with --non-temporal-scattered-stores=all (on some
/// machines non-temporal stores into many streams flush part-written
/// lines).
bool scatteredStreams(int64_t bytes) {
  return scatteredStores() == layoutopt::stream_lite::ScatteredStores::All &&
         streams(bytes);
}

/// Best-of-`runs` seconds of `fn` (after one warm-up call unless runs is 1),
/// each call after `prepare` (not timed).
double bestSeconds(const std::function<void()> &fn, int runs = kRuns,
                   const std::function<void()> &prepare = {}) {
  if (runs > 1)
    fn();
  double best = 1e30;
  for (int i = 0; i < runs; ++i) {
    if (prepare)
      prepare();
    auto start = std::chrono::steady_clock::now();
    fn();
    auto stop = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(stop - start).count());
  }
  return best;
}

/// A copy of `bytes` from `src` to `dst`: std::memcpy, or the streaming
/// copy (anchorStreamCopy).
using CopyFn = void (*)(const uint8_t *src, uint8_t *dst, int64_t bytes);

void plainCopy(const uint8_t *src, uint8_t *dst, int64_t bytes) {
  std::memcpy(dst, src, bytes);
}

/// The best time of `fn` in one round: kCallsPerRound calls in a row
/// after an untimed one, or with --cold one call after `flush`.
double roundSeconds(const std::function<void()> &fn,
                    const std::function<void()> &flush) {
  return gCold ? bestSeconds(fn, 1, flush) : bestSeconds(fn, kCallsPerRound);
}

/// Best times of a copy on one thread and on several.
struct CopyTimes {
  double one = 1e30, many = 1e30;
};

/// `copy` of `bytes` between two fresh buffers on one thread and, with
/// `threads` above 1, in that many parts (on 64-byte boundaries): the
/// caller copies one, a pool of threads - 1 workers (started once, like
/// the async runtime's) the rest. Both in kRuns alternating rounds, so
/// that their ratio compares them on the same machine (a shared one
/// changes its bandwidth from second to second). What the machine allows
/// threaded kernels, timed in the same run.
CopyTimes bestCopyTimes(int64_t bytes, unsigned threads = 1,
                        CopyFn copy = plainCopy) {
  AlignedBuffer src(bytes), dst(bytes);
  auto flush = [&] {
    flushFromCaches(src.data);
    flushFromCaches(dst.data);
  };
  auto serial = [&] { copy(src.data, dst.data, bytes); };
  static llvm::DefaultThreadPool pool(
      llvm::hardware_concurrency(std::max(threads, 2u) - 1));
  int64_t part = ((bytes + threads - 1) / threads + 63) / 64 * 64;
  auto copyPart = [&](unsigned i) {
    int64_t begin = std::min<int64_t>(bytes, i * part);
    int64_t end = std::min<int64_t>(bytes, begin + part);
    copy(src.data + begin, dst.data + begin, end - begin);
  };
  auto threaded = [&] {
    llvm::ThreadPoolTaskGroup group(pool);
    for (unsigned i = 1; i < threads; ++i)
      group.async([&, i] { copyPart(i); });
    copyPart(0);
    group.wait();
  };
  CopyTimes times;
  for (int i = 0; i < kRuns; ++i) {
    times.one = std::min(times.one, roundSeconds(serial, flush));
    if (threads > 1)
      times.many = std::min(times.many, roundSeconds(threaded, flush));
  }
  return times;
}

/// Prints the streaming copy's GB/s at `bytes` (a multiple of 64), on one
/// thread and on --threads: the memory's write bandwidth, which the
/// kernels' stores past the cache can reach and memcpy, writing through
/// the cache, may not.
void reportStreamingCopy(int64_t bytes) {
  CopyTimes times =
      bestCopyTimes(bytes, gThreads, layoutopt::bench::anchorStreamCopy);
  std::printf("streaming copy (stores past the cache), %lld bytes: %.2f GB/s",
              static_cast<long long>(bytes), bytes / times.one / 1e9);
  if (gThreads > 1)
    std::printf(", %.2f GB/s on %u threads (%.2fx)", bytes / times.many / 1e9,
                gThreads, times.one / times.many);
  std::printf("\n");
}

/// Prints one row: the kernel's GB/s, its anchor's and memcpy's (timed
/// alternating with them, see compare), and the kernel's ratio to each.
/// Times of a threaded kernel (--threads): back to back, against the
/// serial one back to back, and alternating with the serial kernel and
/// the anchor.
struct ThreadedTimes {
  double serialSeconds = 1e30, threadedSeconds = 1e30, idleSeconds = 1e30;
  /// memcpy's speed-up on as many threads (bestCopyTimes).
  double memcpySpeedup = 0;
};

void report(const std::string &label, int64_t bytes, double seconds,
            double anchorSeconds, double memcpyS,
            const ThreadedTimes &threaded) {
  double gbs = bytes / seconds / 1e9;
  double anchorGbs = bytes / anchorSeconds / 1e9;
  double memcpyGbs = bytes / memcpyS / 1e9;
  std::printf("%-30s %10lld %8.2f %8.2f %8.2f %8.1f%% %8.1f%%",
              label.c_str(), static_cast<long long>(bytes), gbs, anchorGbs,
              memcpyGbs, 100.0 * gbs / anchorGbs, 100.0 * gbs / memcpyGbs);
  // The threaded kernel's GB/s and its speed-up over the serial one, and
  // threaded memcpy's over memcpy (timed now: the machine is shared), all
  // in back-to-back calls; then the threaded kernel's speed-up when each
  // call follows a serial kernel and an anchor (its workers idle since).
  if (gThreads > 1)
    std::printf(" %8.2f %7.2fx %7.2fx %7.2fx",
                bytes / threaded.threadedSeconds / 1e9,
                threaded.serialSeconds / threaded.threadedSeconds,
                threaded.memcpySpeedup,
                seconds / threaded.idleSeconds);
  std::printf("\n");
  std::fflush(stdout);
}

/// Runs `kernel` (which reads `in` and writes `out`), keeps what it left
/// in the `size` bytes at `out` in
/// `scratch`, puts back what `out` held before, runs `anchor`, which
/// writes the same buffer, and checks that it left the same bytes; then
/// times both and memcpy, alternately, and reports the row. All three
/// write one buffer because where it lies matters: the slice's anchor
/// writing a buffer of its own ran 10 points of /anchor faster or slower
/// depending on which of two equally prepared buffers it got.
void compare(const std::string &label, int64_t bytes, Kernels &kernels,
             PackedArgs &args, const std::function<void()> &anchor,
             const uint8_t *in, uint8_t *out, uint8_t *scratch, size_t size) {
  auto kernel = [&] { run(kernels.serial, args); };
  std::vector<uint8_t> before(out, out + size);
  if (kernels.threaded) {
    // The threaded kernel leaves what the serial one does (checked below
    // against the anchor).
    run(*kernels.threaded, args);
    std::memcpy(scratch, out, size);
    std::memcpy(out, before.data(), size);
    kernel();
    if (std::memcmp(out, scratch, size) != 0)
      fatal(label + ": the threaded kernel's output differs from the serial one's");
    std::memcpy(out, before.data(), size);
  }
  kernel();
  std::memcpy(scratch, out, size);
  std::memcpy(out, before.data(), size);
  anchor();
  if (std::memcmp(out, scratch, size) != 0)
    fatal(label + ": the anchor's output differs from the kernel's");
  if (!timed(label)) {
    std::memcpy(out, scratch, size);
    return;
  }
  auto threaded = [&] { run(*kernels.threaded, args); };
  // memcpy of the row's bytes from the buffer the kernel reads (`in`; for a
  // fill, which reads none, `scratch`) into the one it writes: what the
  // machine moves, with the kernel's working set. (At 8 MiB, memcpy
  // between buffers of its own, timed after the row, saw a warmer or
  // quieter cache than the kernel in some runs; one reading `scratch`
  // evicted the kernel's source before each kernel run.)
  auto copy = [&] { std::memcpy(out, in ? in : scratch, bytes); };
  // In rounds, so that all three see the same machine (it is shared; a
  // build beside the bench moves each by up to 30% from second to second).
  // Within a round each runs a few times in a row, timed after its first
  // call: a call right after another's finds the caches as that one left
  // them (on an Intel Xeon VM at 8 MiB, a relayout into rows timed right
  // after memcpy ran 10-13% slower than after itself, memcpy the same
  // either way). With --cold every timed call starts from flushed caches,
  // whatever ran before it.
  double seconds = 1e30, anchorSeconds = 1e30, copySeconds = 1e30;
  ThreadedTimes times;
  auto flush = [&] {
    flushFromCaches(in);
    flushFromCaches(out);
    flushFromCaches(scratch);
  };
  auto round = [&](const std::function<void()> &fn) {
    return roundSeconds(fn, flush);
  };
  for (int i = 0; i < kRuns; ++i) {
    seconds = std::min(seconds, round(kernel));
    anchorSeconds = std::min(anchorSeconds, round(anchor));
    copySeconds = std::min(copySeconds, round(copy));
    if (kernels.threaded)
      times.idleSeconds =
          std::min(times.idleSeconds, bestSeconds(threaded, 1, flush));
  }
  // What the kernel left (saved above): the checks after the row read it.
  std::memcpy(out, scratch, size);
  // The speed-up of threads: the serial and the threaded kernel in
  // alternating rounds of calls in a row, as threaded memcpy is timed
  // (bestCopyTimes; on a shared machine two separate blocks of calls may
  // see different bandwidths). Within a round the workers stay busy: on
  // this machine a worker idle for two calls takes ~70 us to wake
  // (bench/README.md), which the single calls above pay every time.
  if (kernels.threaded) {
    for (int i = 0; i < kRuns; ++i) {
      times.serialSeconds = std::min(times.serialSeconds, round(kernel));
      times.threadedSeconds = std::min(times.threadedSeconds, round(threaded));
    }
    CopyTimes copies = bestCopyTimes(bytes, gThreads);
    times.memcpySpeedup = copies.one / copies.many;
  }
  report(label, bytes, seconds, anchorSeconds, copySeconds, times);
}

} // namespace

int main(int argc, char **argv) {
  // --n=N: N x N f32 tensors (default 4096, 64 MiB; a multiple of 8);
  // --threads=T: also time each kernel on up to T threads;
  // --non-temporal-store-bytes=N: see gNonTemporalStoreBytes;
  // --non-temporal-scattered-stores[=...]: see gNonTemporalScatteredStores;
  // --cold: see gCold;
  // --only=A,B,...: see gOnly.
  int64_t n = 4096;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--n=", 0) == 0)
      n = std::atoll(arg.c_str() + 4);
    else if (arg.rfind("--threads=", 0) == 0)
      gThreads = static_cast<unsigned>(std::atoi(arg.c_str() + 10));
    else if (arg.rfind("--non-temporal-store-bytes=", 0) == 0)
      gNonTemporalStoreBytes = std::atoll(arg.c_str() + 27);
    else if (arg == "--non-temporal-scattered-stores" ||
             arg == "--non-temporal-scattered-stores=all")
      gNonTemporalScatteredStores = layoutopt::stream_lite::ScatteredStores::All;
    else if (arg == "--non-temporal-scattered-stores=whole-lines")
      gNonTemporalScatteredStores =
          layoutopt::stream_lite::ScatteredStores::WholeLines;
    else if (arg == "--non-temporal-scattered-stores=none")
      gNonTemporalScatteredStores = layoutopt::stream_lite::ScatteredStores::None;
    else if (arg == "--non-temporal-scattered-stores=host")
      gNonTemporalScatteredStores.reset();
    else if (arg == "--cold") {
#if defined(__x86_64__)
      gCold = true;
#else
      fatal("--cold flushes the caches with x86-64's clflush");
#endif
    } else if (llvm::StringRef(arg).starts_with("--only=")) {
      for (llvm::StringRef part :
           llvm::split(llvm::StringRef(arg).drop_front(7), ','))
        if (!part.empty())
          gOnly.push_back(part.str());
    } else
      fatal("usage: layout-opt-kernel-bandwidth [--n=N] [--threads=T] "
            "[--non-temporal-store-bytes=N] "
            "[--non-temporal-scattered-stores[=none|whole-lines|all|host]] "
            "[--cold] [--only=A,B,...]");
  }
  if (n < 64 || n % 8 != 0 || gThreads < 1)
    fatal("--n must be a multiple of 8 from 64 on, --threads at least 1");
  auto ctx = layoutopt::test::makeKernelJitContext();

  // 4096x4096xf32 = 64 MiB; tiles 8x4 divide the shape (no tile padding).
  const int64_t e = 4;
  const std::string tiledAttr =
      "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>";
  const std::vector<int64_t> tiles = {8, 4};
  const std::string full = std::to_string(n) + "x" + std::to_string(n);
  RankedTensorType identityT = parseTensor(*ctx, "tensor<" + full + "xf32>");
  RankedTensorType tiledT =
      parseTensor(*ctx, "tensor<" + full + "xf32, " + tiledAttr + ">");
  // A region that cuts tiles on every side: offsets (3, 2), lengths
  // (4088, 4092) -> 63.8 MiB of elements.
  const std::vector<int64_t> offsets = {3, 2};
  const std::vector<int64_t> lengths = {n - 8, n - 4};
  const std::string region =
      std::to_string(lengths[0]) + "x" + std::to_string(lengths[1]);
  RankedTensorType regionTiledT =
      parseTensor(*ctx, "tensor<" + region + "xf32, " + tiledAttr + ">");
  RankedTensorType regionIdentityT =
      parseTensor(*ctx, "tensor<" + region + "xf32>");

  const int64_t fullBytes = n * n * e;
  const int64_t regionBytes = lengths[0] * lengths[1] * e;
  AlignedBuffer identityBuf(storageBytes({n, n}, {}, e));
  AlignedBuffer tiledBuf(storageBytes({n, n}, tiles, e));
  AlignedBuffer regionTiledBuf(storageBytes(lengths, tiles, e));
  AlignedBuffer regionIdentityBuf(storageBytes(lengths, {}, e));
  // Where each anchor writes (the largest output of any row: the rows
  // padded by 16 floats).
  AlignedBuffer anchorBuf(n * (n + 16) * e);
  {
    float *p = reinterpret_cast<float *>(identityBuf.data);
    for (int64_t i = 0; i < n * n; ++i)
      p[i] = static_cast<float>(i & 0xFFFF);
    float *q = reinterpret_cast<float *>(regionIdentityBuf.data);
    for (int64_t i = 0; i < lengths[0] * lengths[1]; ++i)
      q[i] = static_cast<float>((i * 7) & 0xFFFF) + 0.5f;
  }
  auto asFloats = [](AlignedBuffer &buffer) {
    return reinterpret_cast<float *>(buffer.data);
  };
  using layoutopt::bench::anchorFillTiled8x4;
  using layoutopt::bench::anchorIdentityToSwizzled;
  using layoutopt::bench::anchorIdentityToTiled8;
  using layoutopt::bench::anchorSliceTiled8x4;
  using layoutopt::bench::anchorSwizzledToIdentity;
  using layoutopt::bench::anchorTiledToIdentity8;
  using layoutopt::bench::anchorUpdateTiled8x4;

  // The store policy in force, as layout-run --timing prints it.
  std::printf("non-temporal-store-bytes=%lld non-temporal-scattered-stores=%s%s\n",
              static_cast<long long>(gNonTemporalStoreBytes),
              layoutopt::stream_lite::stringifyScatteredStores(
                  scatteredStores())
                  .str()
                  .c_str(),
              gNonTemporalScatteredStores ? "" : " (host default)");
  if (gCold)
    std::printf("cold: every timed call starts with its buffers flushed from "
                "the caches\n");
  reportStreamingCopy(fullBytes / 64 * 64);
  std::printf("%-30s %10s %8s %8s %8s %9s %9s", "kernel", "bytes", "GB/s",
              "anchor", "memcpy", "/anchor", "/memcpy");
  if (gThreads > 1)
    std::printf(" %8s %8s %8s %8s",
                ("x" + std::to_string(gThreads) + " GB/s").c_str(), "speedup",
                "memcpy", "idle");
  std::printf("\n");

  // Relayout identity -> tiled.
  {
    Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {identityT, tiledT});
    PackedArgs args;
    addBuffer(args, identityBuf);
    addBuffer(args, tiledBuf);
    compare(
        "encode identity->tiled", fullBytes, k, args,
        [&] {
          anchorIdentityToTiled8(identityBuf.data, tiledBuf.data, n, n * e,
                                 4 * e, streams(fullBytes));
        },
        identityBuf.data, tiledBuf.data, anchorBuf.data, fullBytes);
  }
  // Spot check: element (i, j) of the tiled result sits at
  // ((i/8 * n/4 + j/4) * 8 + i%8) * 4 + j%4 (no outer_dims_perm).
  auto tiledAt = [&](int64_t i, int64_t j) {
    int64_t index = ((i / 8 * (n / 4) + j / 4) * 8 + i % 8) * 4 + j % 4;
    return reinterpret_cast<float *>(tiledBuf.data)[index];
  };
  for (int64_t i : {int64_t(0), int64_t(5), int64_t(777 % n), n - 1})
    for (int64_t j : {int64_t(0), int64_t(3), int64_t(1234 % n), n - 1})
      if (tiledAt(i, j) != static_cast<float>((i * n + j) & 0xFFFF))
        fatal("encode identity->tiled produced a wrong element");
  std::memset(identityBuf.data, 0, identityBuf.size);

  // Relayout tiled -> identity.
  {
    Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {tiledT, identityT});
    PackedArgs args;
    addBuffer(args, tiledBuf);
    addBuffer(args, identityBuf);
    compare(
        "encode tiled->identity", fullBytes, k, args,
        [&] {
          anchorTiledToIdentity8(tiledBuf.data, identityBuf.data, n, n * e,
                                 4 * e, lineStreams(fullBytes),
                                 scatteredStreams(fullBytes));
        },
        tiledBuf.data, identityBuf.data, anchorBuf.data, fullBytes);
  }
  // The round trip restores the source.
  {
    const float *p = reinterpret_cast<const float *>(identityBuf.data);
    for (int64_t i = 0; i < n * n; ++i)
      if (p[i] != static_cast<float>(i & 0xFFFF))
        fatal("encode round trip differs at element " + std::to_string(i));
  }

  // Relayouts to and from swizzled 8x4 tiles: rows split 2 x 4 and columns
  // 2 x 2, stored as (row % 4, column % 2, row / 4, column / 2), a GPU-style
  // swizzle (docs/language.md, Serialized layouts).
  {
    RankedTensorType swizzledT = parseTensor(
        *ctx, "tensor<" + full +
                  "xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], "
                  "inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<"
                  "expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, "
                  "2]>>>");
    AlignedBuffer swizzledBuf(storageBytes({n, n}, tiles, e));
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {identityT, swizzledT});
      PackedArgs args;
      addBuffer(args, identityBuf);
      addBuffer(args, swizzledBuf);
      compare(
          "encode identity->swizzled", fullBytes, k, args,
          [&] {
            anchorIdentityToSwizzled(asFloats(identityBuf),
                                     asFloats(swizzledBuf), n, streams(fullBytes));
          },
          identityBuf.data, swizzledBuf.data, anchorBuf.data, fullBytes);
    }
    // Element (i, j) sits in tile (i/8, j/4) at the swizzled slot.
    auto swizzledAt = [&](int64_t i, int64_t j) {
      int64_t r = i % 8, c = j % 4;
      int64_t slot = (((r % 4) * 2 + c % 2) * 2 + r / 4) * 2 + c / 2;
      int64_t index = (i / 8 * (n / 4) + j / 4) * 32 + slot;
      return reinterpret_cast<float *>(swizzledBuf.data)[index];
    };
    for (int64_t i : {int64_t(0), int64_t(5), int64_t(777 % n), n - 1})
      for (int64_t j : {int64_t(0), int64_t(3), int64_t(1234 % n), n - 1})
        if (swizzledAt(i, j) != static_cast<float>((i * n + j) & 0xFFFF))
          fatal("encode identity->swizzled produced a wrong element");
    std::memset(identityBuf.data, 0, identityBuf.size);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {swizzledT, identityT});
      PackedArgs args;
      addBuffer(args, swizzledBuf);
      addBuffer(args, identityBuf);
      compare(
          "encode swizzled->identity", fullBytes, k, args,
          [&] {
            anchorSwizzledToIdentity(asFloats(swizzledBuf),
                                     asFloats(identityBuf), n,
                                     lineStreams(fullBytes),
                                     scatteredStreams(fullBytes));
          },
          swizzledBuf.data, identityBuf.data, anchorBuf.data, fullBytes);
    }
    const float *p = reinterpret_cast<const float *>(identityBuf.data);
    for (int64_t i = 0; i < n * n; ++i)
      if (p[i] != static_cast<float>(i & 0xFFFF))
        fatal("swizzled round trip differs at element " + std::to_string(i));
  }

  // Relayouts of packed i4 (two elements per byte) to and from 8x4 tiles
  // (tile rows of 2 bytes), at 64 MiB like the rows above (8192x16384xi4)
  // and at 8 MiB (4096x4096xi4), where memcpy runs from cache. Tiles divide
  // the shapes. "bytes" is the packed storage moved.
  auto packedRelayouts = [&](int64_t rows, int64_t cols,
                             const std::string &suffix) {
    const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
    RankedTensorType packedIdentityT =
        parseTensor(*ctx, "tensor<" + shape + "xi4>");
    RankedTensorType packedTiledT =
        parseTensor(*ctx, "tensor<" + shape + "xi4, " + tiledAttr + ">");
    const int64_t packedBytes = rows * cols / 2;
    AlignedBuffer packedIdentityBuf(packedBytes);
    AlignedBuffer packedTiledBuf(packedBytes);
    for (int64_t i = 0; i < packedBytes; ++i)
      packedIdentityBuf.data[i] = static_cast<uint8_t>(i * 37);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode,
                                  {packedIdentityT, packedTiledT});
      PackedArgs args;
      addBuffer(args, packedIdentityBuf);
      addBuffer(args, packedTiledBuf);
      compare(
          "encode i4 identity->tiled" + suffix, packedBytes,
          k, args,
          [&] {
            anchorIdentityToTiled8(packedIdentityBuf.data, packedTiledBuf.data,
                                   rows, cols / 2, 2, streams(packedBytes));
          },
          packedIdentityBuf.data, packedTiledBuf.data, anchorBuf.data,
          packedBytes);
    }
    // Spot check: tile (i/8, j/4) holds 16 bytes, row i%8 of it 2 bytes;
    // element j%4 of that row is in byte (j%4)/2, low nibble first.
    auto nibble = [](const uint8_t *bytes, int64_t slot) {
      return (bytes[slot / 2] >> (4 * (slot % 2))) & 0xF;
    };
    for (int64_t i : {int64_t(0), int64_t(5), int64_t(777 % n), rows - 1})
      for (int64_t j : {int64_t(0), int64_t(3), int64_t(1233 % cols), cols - 1}) {
        int64_t tiledSlot =
            ((i / 8 * (cols / 4) + j / 4) * 8 + i % 8) * 4 + j % 4;
        if (nibble(packedTiledBuf.data, tiledSlot) !=
            nibble(packedIdentityBuf.data, i * cols + j))
          fatal("encode i4 identity->tiled produced a wrong element");
      }
    std::vector<uint8_t> original(packedIdentityBuf.data,
                                  packedIdentityBuf.data + packedBytes);
    std::memset(packedIdentityBuf.data, 0, packedBytes);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode,
                                  {packedTiledT, packedIdentityT});
      PackedArgs args;
      addBuffer(args, packedTiledBuf);
      addBuffer(args, packedIdentityBuf);
      compare(
          "encode i4 tiled->identity" + suffix, packedBytes, k, args,
          [&] {
            anchorTiledToIdentity8(packedTiledBuf.data, packedIdentityBuf.data,
                                   rows, cols / 2, 2, lineStreams(packedBytes),
                                   scatteredStreams(packedBytes));
          },
          packedTiledBuf.data, packedIdentityBuf.data, anchorBuf.data,
          packedBytes);
    }
    if (std::memcmp(original.data(), packedIdentityBuf.data, packedBytes))
      fatal("packed i4 round trip differs");
  };
  packedRelayouts(2 * n, 4 * n, "");
  int64_t smallBytes = n * n / 2;
  packedRelayouts(n, n,
                  smallBytes >= (1 << 20)
                      ? " (" + std::to_string(smallBytes >> 20) + "M)"
                      : " (" + std::to_string(smallBytes >> 10) + "K)");

  // Packed i2 to and from 8x4 tiles: 1-byte tile rows (2n x 8n, 64 MiB at
  // the default n).
  {
    const int64_t rows = 2 * n, cols = 8 * n, bytes = rows * cols / 4;
    const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
    RankedTensorType plainT = parseTensor(*ctx, "tensor<" + shape + "xi2>");
    RankedTensorType tiledI2T =
        parseTensor(*ctx, "tensor<" + shape + "xi2, " + tiledAttr + ">");
    AlignedBuffer plainBuf(bytes), tiledI2Buf(bytes);
    for (int64_t i = 0; i < bytes; ++i)
      plainBuf.data[i] = static_cast<uint8_t>(i * 37 + i / 4093);
    std::vector<uint8_t> original(plainBuf.data, plainBuf.data + bytes);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {plainT, tiledI2T});
      PackedArgs args;
      addBuffer(args, plainBuf);
      addBuffer(args, tiledI2Buf);
      compare(
          "encode i2 identity->tiled", bytes, k, args,
          [&] {
            layoutopt::bench::anchorIdentityToTiled8x4i2(
                plainBuf.data, tiledI2Buf.data, rows, cols / 4, streams(bytes));
          },
          plainBuf.data, tiledI2Buf.data, anchorBuf.data, bytes);
    }
    // Element (i, j) (2 bits, lowest first) sits in tile (i/8, j/4), in
    // its row i%8 (one byte), slot j%4.
    auto crumb = [](const uint8_t *p, int64_t slot) {
      return (p[slot / 4] >> (2 * (slot % 4))) & 3;
    };
    for (int64_t i : {int64_t(0), int64_t(5), int64_t(777 % rows), rows - 1})
      for (int64_t j : {int64_t(0), int64_t(3), int64_t(1233 % cols), cols - 1})
        if (crumb(tiledI2Buf.data,
                  ((i / 8 * (cols / 4) + j / 4) * 8 + i % 8) * 4 + j % 4) !=
            crumb(plainBuf.data, i * cols + j))
          fatal("encode i2 identity->tiled produced a wrong element");
    std::memset(plainBuf.data, 0, bytes);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {tiledI2T, plainT});
      PackedArgs args;
      addBuffer(args, tiledI2Buf);
      addBuffer(args, plainBuf);
      compare(
          "encode i2 tiled->identity", bytes, k, args,
          [&] {
            layoutopt::bench::anchorTiled8x4i2ToIdentity(
                tiledI2Buf.data, plainBuf.data, rows, cols / 4,
                lineStreams(bytes), scatteredStreams(bytes));
          },
          tiledI2Buf.data, plainBuf.data, anchorBuf.data, bytes);
    }
    if (std::memcmp(original.data(), plainBuf.data, bytes))
      fatal("packed i2 round trip differs");
  }

  // f32 to and from narrow 8x1 tiles (each tile 8 floats of one column),
  // 8x4 tiles to 4x8 tiles, and identity to rows padded by 16 floats.
  {
    auto tiledType = [&](const std::string &t) {
      return parseTensor(*ctx, "tensor<" + full +
                                   "xf32, #stream_lite.tiled<inner_dims_pos "
                                   "= [0, 1], inner_tiles = " + t + ">>");
    };
    RankedTensorType narrowT = tiledType("[8, 1]");
    RankedTensorType wideT = tiledType("[4, 8]");
    AlignedBuffer narrowBuf(fullBytes), wideBuf(fullBytes);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {identityT, narrowT});
      PackedArgs args;
      addBuffer(args, identityBuf);
      addBuffer(args, narrowBuf);
      compare(
          "encode identity->narrow 8x1", fullBytes, k, args,
          [&] {
            layoutopt::bench::anchorIdentityToNarrow8x1(
                asFloats(identityBuf), asFloats(narrowBuf), n, streams(fullBytes));
          },
          identityBuf.data, narrowBuf.data, anchorBuf.data, fullBytes);
    }
    for (int64_t i : {int64_t(0), int64_t(5), int64_t(777 % n), n - 1})
      for (int64_t j : {int64_t(0), int64_t(3), int64_t(1234 % n), n - 1})
        if (asFloats(narrowBuf)[(i / 8 * n + j) * 8 + i % 8] !=
            static_cast<float>((i * n + j) & 0xFFFF))
          fatal("encode identity->narrow produced a wrong element");
    std::memset(identityBuf.data, 0, identityBuf.size);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {narrowT, identityT});
      PackedArgs args;
      addBuffer(args, narrowBuf);
      addBuffer(args, identityBuf);
      compare(
          "encode narrow 8x1->identity", fullBytes, k, args,
          [&] {
            layoutopt::bench::anchorNarrow8x1ToIdentity(
                asFloats(narrowBuf), asFloats(identityBuf), n,
                lineStreams(fullBytes), scatteredStreams(fullBytes));
          },
          narrowBuf.data, identityBuf.data, anchorBuf.data, fullBytes);
    }
    for (int64_t i = 0; i < n * n; ++i)
      if (asFloats(identityBuf)[i] != static_cast<float>(i & 0xFFFF))
        fatal("narrow round trip differs at element " + std::to_string(i));
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {tiledT, wideT});
      PackedArgs args;
      addBuffer(args, tiledBuf);
      addBuffer(args, wideBuf);
      compare(
          "encode tiled 8x4->4x8", fullBytes, k, args,
          [&] {
            layoutopt::bench::anchorTiled8x4To4x8(
                asFloats(tiledBuf), asFloats(wideBuf), n, lineStreams(fullBytes),
                scatteredStreams(fullBytes));
          },
          tiledBuf.data, wideBuf.data, anchorBuf.data, fullBytes);
    }
    // Element (i, j) sits in 4x8 tile (i/4, j/8), row i%4, column j%8.
    for (int64_t i : {int64_t(0), int64_t(5), int64_t(777 % n), n - 1})
      for (int64_t j : {int64_t(0), int64_t(3), int64_t(1234 % n), n - 1})
        if (asFloats(wideBuf)[((i / 4 * (n / 8) + j / 8) * 4 + i % 4) * 8 +
                              j % 8] !=
            static_cast<float>((i * n + j) & 0xFFFF))
          fatal("encode tiled 8x4->4x8 produced a wrong element");
    // And back into tiledBuf (which the slice rows read; the round trip
    // leaves it as it was, checked element by element).
    std::memset(tiledBuf.data, 0, tiledBuf.size);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {wideT, tiledT});
      PackedArgs args;
      addBuffer(args, wideBuf);
      addBuffer(args, tiledBuf);
      compare(
          "encode tiled 4x8->8x4", fullBytes, k, args,
          [&] {
            layoutopt::bench::anchorTiled4x8To8x4(
                asFloats(wideBuf), asFloats(tiledBuf), n, streams(fullBytes));
          },
          wideBuf.data, tiledBuf.data, anchorBuf.data, fullBytes);
    }
    // Element (i, j) sits in 8x4 tile (i/8, j/4), row i%8, column j%4.
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        if (asFloats(tiledBuf)[((i / 8 * (n / 4) + j / 4) * 8 + i % 8) * 4 +
                               j % 4] != static_cast<float>((i * n + j) & 0xFFFF))
          fatal("tiled 8x4->4x8->8x4 round trip differs at (" +
                std::to_string(i) + ", " + std::to_string(j) + ")");
    const int64_t padding = 16;
    RankedTensorType paddedT = parseTensor(
        *ctx, "tensor<" + full + "xf32, #stream_lite.padding<[0, " +
                  std::to_string(padding) + "]>>");
    AlignedBuffer paddedBuf(n * (n + padding) * e);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {identityT, paddedT});
      PackedArgs args;
      addBuffer(args, identityBuf);
      addBuffer(args, paddedBuf);
      compare(
          "encode identity->padding", fullBytes, k, args,
          [&] {
            layoutopt::bench::anchorIdentityToPadded(
                asFloats(identityBuf), asFloats(paddedBuf), n, padding,
                streams(fullBytes));
          },
          identityBuf.data, paddedBuf.data, anchorBuf.data, paddedBuf.size);
    }
    if (asFloats(paddedBuf)[5 * (n + padding) + 3] !=
        static_cast<float>((5 * n + 3) & 0xFFFF))
      fatal("encode identity->padding produced a wrong element");
    std::memset(identityBuf.data, 0, identityBuf.size);
    {
      Kernels k = compileKernel(*ctx, BuiltinKind::Encode, {paddedT, identityT});
      PackedArgs args;
      addBuffer(args, paddedBuf);
      addBuffer(args, identityBuf);
      compare(
          "encode padding->identity", fullBytes, k, args,
          [&] {
            layoutopt::bench::anchorPaddedToIdentity(
                asFloats(paddedBuf), asFloats(identityBuf), n, padding,
                streams(fullBytes));
          },
          paddedBuf.data, identityBuf.data, anchorBuf.data, fullBytes);
    }
    for (int64_t i = 0; i < n * n; ++i)
      if (asFloats(identityBuf)[i] != static_cast<float>(i & 0xFFFF))
        fatal("padding round trip differs at element " + std::to_string(i));
  }

  // Encoded slice: tiled source, tile-cutting region, tiled result.
  {
    Kernels k = compileKernel(*ctx, BuiltinKind::Slice, {tiledT, regionTiledT});
    PackedArgs args;
    addBuffer(args, tiledBuf);
    args.addIndices(offsets);
    addBuffer(args, regionTiledBuf);
    compare(
        "slice tiled->tiled", regionBytes, k, args,
        [&] {
          anchorSliceTiled8x4(asFloats(tiledBuf), asFloats(regionTiledBuf), n,
                              offsets[0], offsets[1], lengths[0], lengths[1], streams(regionBytes));
        },
        tiledBuf.data, regionTiledBuf.data, anchorBuf.data,
        regionTiledBuf.size);
  }
  // Encoded update: identity update into a tiled target, tile-cutting.
  {
    Kernels k = compileKernel(*ctx, BuiltinKind::Update, {tiledT, regionIdentityT});
    PackedArgs args;
    addBuffer(args, tiledBuf);
    addBuffer(args, regionIdentityBuf);
    args.addIndices(offsets);
    compare(
        "update identity->tiled", regionBytes, k, args,
        [&] {
          anchorUpdateTiled8x4(asFloats(tiledBuf), asFloats(regionIdentityBuf),
                               n, offsets[0], offsets[1], lengths[0],
                               lengths[1], streams(regionBytes));
        },
        regionIdentityBuf.data, tiledBuf.data, anchorBuf.data, fullBytes);
  }
  // Encoded fill of a tile-cutting region of a tiled target.
  {
    Kernels k = compileKernel(*ctx, BuiltinKind::Fill, {tiledT});
    PackedArgs args;
    addBuffer(args, tiledBuf);
    args.addIndices(offsets);
    args.addIndices(lengths);
    args.addScalar<float>(1.5f);
    compare(
        "fill tiled", regionBytes, k, args,
        [&] {
          anchorFillTiled8x4(asFloats(tiledBuf), 1.5f, n, offsets[0],
                             offsets[1], lengths[0], lengths[1], streams(regionBytes));
        },
        nullptr, tiledBuf.data, anchorBuf.data, fullBytes);
  }
  return 0;
}
