//===- BufferPool.cpp - reuse of a JIT-ed program's large buffers ---------===//

#include "StreamLite/Runtime/BufferPool.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LAYOUT_OPT_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define LAYOUT_OPT_ASAN 1
#endif

#ifdef LAYOUT_OPT_ASAN
#include <sanitizer/asan_interface.h>
// cmake/sanitizer-prelude.h turns the poisoning macros off (for LLVM's
// allocators, shared with the uninstrumented libraries); the parentheses
// call the functions themselves. Only this pool and host code touch a
// pooled block's poisoning.
#define POISON(block, size) (__asan_poison_memory_region)(block, size)
#define UNPOISON(block, size) (__asan_unpoison_memory_region)(block, size)
#else
#define POISON(block, size) ((void)(block), (void)(size))
#define UNPOISON(block, size) ((void)(block), (void)(size))
#endif

namespace layoutopt::runtime {

namespace {

/// Bytes before a block's first aligned byte that hold malloc's pointer.
constexpr size_t kHeaderBytes = sizeof(void *);

/// Whether a block of `bytes` is a mapping of its own in huge pages.
bool mappedInHugePages(size_t bytes) {
#if defined(__linux__) && !defined(LAYOUT_OPT_ASAN)
  return bytes >= BufferPool::kHugePageBlockBytes;
#else
  (void)bytes;
  return false;
#endif
}

#if defined(__linux__) && !defined(LAYOUT_OPT_ASAN)
/// The length of the mapping of a block of `bytes` (mappedInHugePages):
/// whole pages of the system's size, so that at most one page is mapped
/// past the block.
size_t mappingBytes(size_t bytes) {
  static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}
#endif

/// A block of `bytes` (mappedInHugePages) mapped on its own, starting on a
/// huge page, its whole huge pages asked for as such (the tail keeps small
/// pages); zero, as every fresh mapping. Null if the system refuses the
/// mapping.
void *mapHugePages(size_t bytes) {
#if defined(__linux__) && !defined(LAYOUT_OPT_ASAN)
  size_t huge = BufferPool::kHugePageBytes;
  if (bytes > SIZE_MAX - 2 * huge)
    return nullptr;
  size_t length = mappingBytes(bytes);
  // Mapped one huge page longer, then trimmed to start on one.
  void *mapped = mmap(nullptr, length + huge, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED)
    return nullptr;
  uintptr_t start = reinterpret_cast<uintptr_t>(mapped);
  uintptr_t aligned = (start + huge - 1) & ~uintptr_t(huge - 1);
  if (aligned > start)
    munmap(mapped, aligned - start);
  if (size_t tail = huge - (aligned - start))
    munmap(reinterpret_cast<void *>(aligned + length), tail);
  void *block = reinterpret_cast<void *>(aligned);
  // Advice only: where transparent huge pages are off, small pages serve.
  madvise(block, bytes / huge * huge, MADV_HUGEPAGE);
  return block;
#else
  (void)bytes;
  return nullptr;
#endif
}

/// A block of `bytes` from malloc (calloc if `zero`) that starts on
/// BufferPool::kBlockAlignment, the pointer to free stored just before it;
/// or, for large blocks, a mapping in huge pages (mapHugePages).
void *allocateAligned(size_t bytes, bool zero) {
  if (mappedInHugePages(bytes))
    return mapHugePages(bytes);
  size_t extra = kHeaderBytes + BufferPool::kBlockAlignment - 1;
  if (bytes > SIZE_MAX - extra)
    return nullptr;
  void *base =
      zero ? std::calloc(bytes + extra, 1) : std::malloc(bytes + extra);
  if (!base)
    return nullptr;
  uintptr_t first = reinterpret_cast<uintptr_t>(base) + kHeaderBytes;
  first = (first + BufferPool::kBlockAlignment - 1) &
          ~uintptr_t(BufferPool::kBlockAlignment - 1);
  void *block = reinterpret_cast<void *>(first);
  std::memcpy(static_cast<char *>(block) - kHeaderBytes, &base, kHeaderBytes);
  return block;
}

/// Frees a block of allocateAligned(`bytes`).
void freeAligned(void *block, size_t bytes) {
#if defined(__linux__) && !defined(LAYOUT_OPT_ASAN)
  if (mappedInHugePages(bytes)) {
    munmap(block, mappingBytes(bytes));
    return;
  }
#endif
  void *base;
  std::memcpy(&base, static_cast<char *>(block) - kHeaderBytes, kHeaderBytes);
  std::free(base);
}

} // namespace

BufferPool::~BufferPool() { releaseRetained(); }

void *BufferPool::allocate(size_t bytes, bool zero, size_t &capacity) {
  if (bytes >= minPooledBytes) {
    auto it = retained.lower_bound(bytes);
    if (it != retained.end() && it->first / 2 <= bytes) {
      void *block = it->second;
      capacity = it->first;
      retainedBytes -= capacity;
      retained.erase(it);
      ++reuseCount;
      // The slack past the request stays poisoned: reading it is a bug.
      UNPOISON(block, bytes);
      if (zero)
        std::memset(block, 0, bytes);
      return block;
    }
  }
  capacity = bytes;
  // calloc of a fresh mapping skips the memset: its pages are zero already.
  auto fresh = [&] { return allocateAligned(bytes, zero); };
  void *block = fresh();
  if (!block && bytes && !retained.empty()) {
    releaseRetained();
    block = fresh();
  }
  return block;
}

void BufferPool::deallocate(void *block, size_t capacity) {
  if (!block)
    return;
  if (capacity < minPooledBytes ||
      retainedBytes + capacity > maxRetainedBytes) {
    UNPOISON(block, capacity);
    freeAligned(block, capacity);
    return;
  }
  POISON(block, capacity);
  retained.emplace(capacity, block);
  retainedBytes += capacity;
}

void BufferPool::releaseRetained() {
  for (auto [capacity, block] : retained) {
    UNPOISON(block, capacity);
    freeAligned(block, capacity);
  }
  retained.clear();
  retainedBytes = 0;
}

} // namespace layoutopt::runtime
