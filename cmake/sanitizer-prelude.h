// Force-included into every translation unit of a sanitizer build.
//
// libMLIR.so/libLLVM.so from Debian are not instrumented. LLVM's inline
// BumpPtrAllocator poisons unused slab memory when compiled with ASan, so a
// slab shared between our (instrumented, poisoning) inline code and the
// library's (uninstrumented, never unpoisoning) code reports false
// use-after-poison errors. Turn the manual poisoning off; ASan still checks
// every real heap, stack and global access.
#pragma once
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LAYOUT_OPT_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(LAYOUT_OPT_ASAN)
#include <sanitizer/asan_interface.h>
#define __asan_poison_memory_region(addr, size) ((void)(addr), (void)(size))
#define __asan_unpoison_memory_region(addr, size) ((void)(addr), (void)(size))
#endif
