//===- BufferPool.cpp - reuse of a JIT-ed program's large buffers ---------===//

#include "StreamLite/Runtime/BufferPool.h"

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
  auto fresh = [&] { return zero ? std::calloc(bytes, 1) : std::malloc(bytes); };
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
    std::free(block);
    return;
  }
  POISON(block, capacity);
  retained.emplace(capacity, block);
  retainedBytes += capacity;
}

void BufferPool::releaseRetained() {
  for (auto [capacity, block] : retained) {
    UNPOISON(block, capacity);
    std::free(block);
  }
  retained.clear();
  retainedBytes = 0;
}

} // namespace layoutopt::runtime
