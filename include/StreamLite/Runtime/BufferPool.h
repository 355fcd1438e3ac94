//===- BufferPool.h - reuse of a JIT-ed program's large buffers -*- C++ -*-===//
//
// A freed 64 MiB buffer goes back to the kernel (glibc serves it with
// mmap), so the next one faults in every page again: about two thirds of a
// 64 MiB layout-run. A BufferPool keeps freed large blocks and hands them
// out again for later requests of about their size, up to a cap on the
// bytes it retains. JitSession allocates the program's buffers through
// one; a pool can be shared by sessions that run one after the other (the
// program and its reference in layout-run). Not thread-safe.
//
// In an AddressSanitizer build a retained block is poisoned, and the slack
// of a reused block past the requested size too, so that host code reading
// a freed buffer (or past a reused one) is still reported. (JIT-ed code is
// not instrumented, pooled or not.)
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_RUNTIME_BUFFERPOOL_H
#define STREAMLITE_RUNTIME_BUFFERPOOL_H

#include <cstddef>
#include <map>

namespace layoutopt::runtime {

class BufferPool {
public:
  /// Smaller blocks are left to malloc, whose own free lists serve them
  /// without page faults.
  static constexpr size_t kDefaultMinPooledBytes = size_t(64) << 10;
  /// Retained blocks stay resident, so their total is bounded.
  static constexpr size_t kDefaultMaxRetainedBytes = size_t(1) << 30;
  /// Every block starts on a multiple of this many bytes (a cache line).
  /// malloc's large blocks start 16 bytes into a page, where a kernel's
  /// 16-byte vector moves straddle 32-byte boundaries: a slice whose
  /// chunks are joined in registers ran at 58% of its speed on aligned
  /// buffers (bench/README.md, "Buffers on a cache line").
  static constexpr size_t kBlockAlignment = 64;
  /// Blocks of at least this many bytes are mappings of their own (Linux),
  /// aligned to kHugePageBytes and advised to be backed by transparent huge
  /// pages: a relayout writes or reads several rows at once, pages apart,
  /// and with 4 KiB pages its TLB misses cost programs of 8-128 MiB
  /// relayouts 2-10% (bench/README.md, "Buffers in huge pages"). The part
  /// past the last whole huge page keeps small pages, so no more than a
  /// small page is mapped past the block. Not under AddressSanitizer,
  /// whose redzones around malloc's blocks catch a kernel that writes past
  /// its buffer.
  static constexpr size_t kHugePageBlockBytes = size_t(4) << 20;
  static constexpr size_t kHugePageBytes = size_t(2) << 20;

  explicit BufferPool(size_t maxRetainedBytes = kDefaultMaxRetainedBytes,
                      size_t minPooledBytes = kDefaultMinPooledBytes)
      : maxRetainedBytes(maxRetainedBytes), minPooledBytes(minPooledBytes) {}
  BufferPool(const BufferPool &) = delete;
  BufferPool &operator=(const BufferPool &) = delete;
  /// Frees the retained blocks.
  ~BufferPool();

  /// A block of at least `bytes` bytes (its usable size in `capacity`),
  /// aligned to kBlockAlignment, all zero if `zero`; null if memory is
  /// exhausted (after releasing the retained blocks and trying again). A
  /// retained block is reused when it is at most twice the request (the
  /// smallest such block).
  void *allocate(size_t bytes, bool zero, size_t &capacity);
  /// Takes back a block from allocate() with its capacity: retained while
  /// the cap allows, else freed.
  void deallocate(void *block, size_t capacity);
  /// Frees every retained block.
  void releaseRetained();

  size_t getRetainedBytes() const { return retainedBytes; }
  size_t getRetainedBlocks() const { return retained.size(); }
  /// How many allocate() calls were served by a retained block.
  size_t getReuseCount() const { return reuseCount; }

private:
  size_t maxRetainedBytes;
  size_t minPooledBytes;
  /// Retained blocks by capacity.
  std::multimap<size_t, void *> retained;
  size_t retainedBytes = 0;
  size_t reuseCount = 0;
};

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_BUFFERPOOL_H
