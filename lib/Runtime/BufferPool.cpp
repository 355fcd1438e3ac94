//===- BufferPool.cpp - reuse of a JIT-ed program's large buffers ---------===//

#include "StreamLite/Runtime/BufferPool.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

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

/// A block of `bytes` from malloc (calloc if `zero`) that starts on
/// BufferPool::kBlockAlignment, the pointer to free stored just before it.
void *allocateAligned(size_t bytes, bool zero) {
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

void freeAligned(void *block) {
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
    freeAligned(block);
    return;
  }
  POISON(block, capacity);
  retained.emplace(capacity, block);
  retainedBytes += capacity;
}

void BufferPool::releaseRetained() {
  for (auto [capacity, block] : retained) {
    UNPOISON(block, capacity);
    freeAligned(block);
  }
  retained.clear();
  retainedBytes = 0;
}

} // namespace layoutopt::runtime
