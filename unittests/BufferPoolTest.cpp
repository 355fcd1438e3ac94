//===- BufferPoolTest.cpp - reuse of a JIT-ed program's buffers -----------===//
//
// BufferPool on its own (reuse, zeroing, the cap, small blocks, large
// blocks in huge pages), then
// through JitSession: a pool shared by two sessions hands the first run's
// freed buffer to the second, zeroed under zeroBuffers, and leaks are
// counted in the bytes the program asked for, not the reused block's.
//
//===----------------------------------------------------------------------===//

#include "KernelJit.h"
#include "TestUtil.h"

#include "StreamLite/Runtime/BufferPool.h"
#include "StreamLite/Runtime/JitSession.h"

#include "mlir/IR/Builders.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_WITH_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TEST_WITH_ASAN 1
#endif
#ifdef TEST_WITH_ASAN
#include <sanitizer/asan_interface.h>
#endif

using namespace mlir;
using namespace layoutopt::runtime;
using namespace layoutopt::test;

namespace {

constexpr size_t kMiB = size_t(1) << 20;

/// Whether host code touching `address` is reported (an AddressSanitizer
/// build); elsewhere nothing is poisoned.
bool isPoisoned(const void *address) {
#ifdef TEST_WITH_ASAN
  return __asan_address_is_poisoned(address);
#else
  (void)address;
  return false;
#endif
}

constexpr bool kPoisons =
#ifdef TEST_WITH_ASAN
    true;
#else
    false;
#endif

bool allZero(const void *block, size_t bytes) {
  const auto *p = static_cast<const uint8_t *>(block);
  for (size_t i = 0; i < bytes; ++i)
    if (p[i])
      return false;
  return true;
}

} // namespace

TEST_CASE("BufferPool reuses freed large blocks", "[runtime][pool]") {
  BufferPool pool;
  size_t capacity = 0;
  void *first = pool.allocate(kMiB, /*zero=*/false, capacity);
  REQUIRE(first);
  CHECK(capacity == kMiB);
  std::memset(first, 0xab, kMiB);
  pool.deallocate(first, capacity);
  CHECK(pool.getRetainedBytes() == kMiB);
  // A kept block is off limits to host code, as a freed one is.
  CHECK(isPoisoned(first) == kPoisons);
  CHECK(isPoisoned(static_cast<char *>(first) + kMiB - 1) == kPoisons);

  // Not zeroed unless asked: the same block, bytes as they were left.
  size_t again = 0;
  void *second = pool.allocate(kMiB, /*zero=*/false, again);
  CHECK(second == first);
  CHECK(again == kMiB);
  CHECK(pool.getReuseCount() == 1);
  CHECK(pool.getRetainedBytes() == 0);
  CHECK(static_cast<uint8_t *>(second)[kMiB - 1] == 0xab);
  pool.deallocate(second, again);

  // Zeroed when asked, though reused.
  void *zeroed = pool.allocate(kMiB, /*zero=*/true, again);
  CHECK(zeroed == first);
  CHECK(allZero(zeroed, kMiB));
  std::memset(zeroed, 0xcd, kMiB);
  pool.deallocate(zeroed, again);

  // A smaller request takes a block at most twice its size, and keeps the
  // block's capacity (what goes back to the pool); only the request is
  // zeroed.
  void *smaller = pool.allocate(kMiB / 2 + 1, /*zero=*/true, again);
  CHECK(smaller == first);
  CHECK(again == kMiB);
  CHECK(allZero(smaller, kMiB / 2 + 1));
  // Past the request, the reused block stays off limits.
  CHECK_FALSE(isPoisoned(static_cast<char *>(smaller) + kMiB / 2));
  CHECK(isPoisoned(static_cast<char *>(smaller) + kMiB / 2 + 1) == kPoisons);
  pool.deallocate(smaller, again);
  void *quarter = pool.allocate(kMiB / 4, /*zero=*/false, again);
  CHECK(quarter != first);
  CHECK(again == kMiB / 4);
  CHECK(pool.getRetainedBytes() == kMiB);
  pool.deallocate(quarter, again);
  CHECK(pool.getRetainedBytes() == kMiB + kMiB / 4);

  // A larger request never takes a smaller block.
  void *larger = pool.allocate(2 * kMiB, /*zero=*/false, again);
  CHECK(larger != first);
  CHECK(again == 2 * kMiB);
  pool.deallocate(larger, again);
  pool.releaseRetained();
  CHECK(pool.getRetainedBytes() == 0);
  CHECK(pool.getRetainedBlocks() == 0);
}

TEST_CASE("BufferPool retains at most its cap, and no small blocks",
          "[runtime][pool]") {
  BufferPool pool(/*maxRetainedBytes=*/3 * kMiB / 2);
  size_t a = 0, b = 0;
  void *first = pool.allocate(kMiB, false, a);
  void *second = pool.allocate(kMiB, false, b);
  REQUIRE(first);
  REQUIRE(second);
  pool.deallocate(first, a);
  pool.deallocate(second, b);
  CHECK(pool.getRetainedBlocks() == 1);
  CHECK(pool.getRetainedBytes() == kMiB);

  size_t small = 0;
  void *tiny = pool.allocate(BufferPool::kDefaultMinPooledBytes - 1, true,
                             small);
  REQUIRE(tiny);
  CHECK(allZero(tiny, small));
  pool.deallocate(tiny, small);
  CHECK(pool.getRetainedBlocks() == 1);
  CHECK(pool.getReuseCount() == 0);
}

TEST_CASE("BufferPool blocks start on a cache line", "[runtime][pool]") {
  // Large blocks (malloc maps them: 16 bytes into a page), small ones
  // (malloc's free lists: any 16-byte boundary), zeroed or not, fresh or
  // reused.
  BufferPool pool;
  std::vector<std::pair<void *, size_t>> blocks;
  for (size_t bytes : {size_t(1), size_t(24), size_t(100), size_t(4096),
                       BufferPool::kDefaultMinPooledBytes - 1, kMiB,
                       3 * kMiB + 5})
    for (bool zero : {false, true}) {
      size_t capacity = 0;
      void *block = pool.allocate(bytes, zero, capacity);
      REQUIRE(block);
      CHECK(reinterpret_cast<uintptr_t>(block) %
                BufferPool::kBlockAlignment ==
            0);
      if (zero)
        CHECK(allZero(block, bytes));
      // Every byte of the block is the caller's, up to its capacity.
      std::memset(block, 0x5a, capacity);
      blocks.push_back({block, capacity});
    }
  for (auto [block, capacity] : blocks)
    pool.deallocate(block, capacity);
  size_t capacity = 0;
  void *reused = pool.allocate(kMiB, /*zero=*/true, capacity);
  REQUIRE(reused);
  CHECK(pool.getReuseCount() == 1);
  CHECK(reinterpret_cast<uintptr_t>(reused) % BufferPool::kBlockAlignment ==
        0);
  CHECK(allZero(reused, kMiB));
  pool.deallocate(reused, capacity);
}

TEST_CASE("BufferPool maps large blocks on huge pages", "[runtime][pool]") {
  // From kHugePageBlockBytes on (Linux, not under AddressSanitizer): a
  // mapping of its own that starts on a huge page, zero when fresh, every
  // byte up to the capacity writable, zeroed again when reused; the block
  // just below stays malloc's (a cache line, not a huge page).
  constexpr bool kHugePages =
#if defined(__linux__) && !defined(TEST_WITH_ASAN)
      true;
#else
      false;
#endif
  BufferPool pool;
  size_t capacity = 0;
  size_t large = BufferPool::kHugePageBlockBytes + 5;
  void *block = pool.allocate(large, /*zero=*/false, capacity);
  REQUIRE(block);
  CHECK(capacity == large);
  // A fresh mapping is zero even unasked (malloc's block, under
  // AddressSanitizer, is not).
  if (kHugePages) {
    CHECK(reinterpret_cast<uintptr_t>(block) % BufferPool::kHugePageBytes ==
          0);
    CHECK(allZero(block, large));
  }
  CHECK(reinterpret_cast<uintptr_t>(block) % BufferPool::kBlockAlignment ==
        0);
  std::memset(block, 0x5a, capacity);
  pool.deallocate(block, capacity);
  void *reused = pool.allocate(large - 1, /*zero=*/true, capacity);
  REQUIRE(reused == block);
  CHECK(capacity == large);
  CHECK(allZero(reused, large - 1));
  pool.deallocate(reused, capacity);
  pool.releaseRetained();
  // Below the size: malloc's, on a cache line.
  void *small = pool.allocate(BufferPool::kHugePageBlockBytes - 1,
                              /*zero=*/true, capacity);
  REQUIRE(small);
  CHECK(reinterpret_cast<uintptr_t>(small) % BufferPool::kBlockAlignment ==
        0);
  CHECK(allZero(small, capacity));
  pool.deallocate(small, capacity);
  // Freed with the pool, not retained past it: a pool that keeps none
  // unmaps at once.
  BufferPool keepsNone(/*maxRetainedBytes=*/0);
  void *unmapped = keepsNone.allocate(large, /*zero=*/true, capacity);
  REQUIRE(unmapped);
  keepsNone.deallocate(unmapped, capacity);
  CHECK(keepsNone.getRetainedBlocks() == 0);
}

TEST_CASE("JitSession buffers come from a shared pool, zeroed and counted",
          "[runtime][pool][jit]") {
  auto ctx = makeKernelJitContext();
  // @splat fills a rows x 4 f32 buffer with 7; @empty returns an undefined
  // one; @leaky mallocs n bytes and never frees them.
  auto module = parseModule(*ctx, R"mlir(
    stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
    func.func @splat(%rows: index) -> tensor<?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
      %seven = arith.constant 7.0 : f32
      %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
      %s = stream_lite.tensor.splat %seven : f32 -> tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz}
      %r = stream_lite.tensor.export %s : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32>
      return %r : tensor<?x4xf32>
    }
    func.func @empty(%rows: index) -> tensor<?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
      %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
      %e = stream_lite.tensor.empty : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz}
      %r = stream_lite.tensor.export %e : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32>
      return %r : tensor<?x4xf32>
    }
    llvm.func @malloc(i64) -> !llvm.ptr
    func.func @leaky(%n: index) -> index {
      %bytes = arith.index_cast %n : index to i64
      %p = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
      return %n : index
    }
  )mlir");
  REQUIRE(module);
  Builder b(ctx.get());
  int64_t rows = 65536; // 1 MiB
  HostArray rowsInput;
  rowsInput.elementType = b.getIndexType();
  rowsInput.isScalar = true;
  rowsInput.bytes.resize(8);
  std::memcpy(rowsInput.bytes.data(), &rows, 8);
  HostType resultType;
  resultType.elementType = b.getF32Type();
  resultType.shape = {ShapedType::kDynamic, 4};

  auto pool = std::make_shared<BufferPool>();
  auto runFunction = [&](llvm::StringRef name, const HostArray &input,
                         llvm::ArrayRef<HostType> resultTypes,
                         bool zeroBuffers) {
    ProgramOptions options;
    options.bufferPool = pool;
    options.zeroBuffers = zeroBuffers;
    llvm::Expected<ProgramRun> run =
        runProgram(*module, name, {input}, resultTypes, options);
    REQUIRE(bool(run));
    return std::move(*run);
  };
  ProgramRun splat = runFunction("splat", rowsInput, {resultType}, false);
  REQUIRE(splat.results.size() == 1);
  CHECK(splat.results[0].bytes.size() == 4 * kMiB / 4);
  // The result buffer went back to the pool when the run ended.
  CHECK(pool->getRetainedBytes() >= kMiB);
  size_t reusesBefore = pool->getReuseCount();

  // The next session gets that block back, zeroed (it held sevens).
  ProgramRun empty = runFunction("empty", rowsInput, {resultType}, true);
  CHECK(pool->getReuseCount() > reusesBefore);
  reusesBefore = pool->getReuseCount();
  const HostArray &zeros = empty.results[0];
  CHECK(allZero(zeros.bytes.data(), zeros.bytes.size()));
  CHECK(empty.leftovers.buffers == 0);

  // A leak is counted in the bytes asked for, though the block reused for
  // it is larger (a 1 MiB block for 600000 bytes).
  HostArray leakInput = rowsInput;
  int64_t leakBytes = 600000;
  std::memcpy(leakInput.bytes.data(), &leakBytes, 8);
  HostType indexType;
  indexType.elementType = b.getIndexType();
  indexType.isScalar = true;
  ProgramRun leaky = runFunction("leaky", leakInput, {indexType}, false);
  CHECK(pool->getReuseCount() == reusesBefore + 1);
  CHECK(leaky.leftovers.buffers == 1);
  CHECK(leaky.leftovers.bytes == size_t(leakBytes));
  // The leaked block was released to the pool with the session.
  CHECK(pool->getRetainedBytes() >= kMiB);
}
