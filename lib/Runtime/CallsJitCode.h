//===- CallsJitCode.h - functions that call JIT-compiled code -------------===//
//
// Internal to LayoutOptRuntime. -fsanitize=function (part of `undefined`,
// which the sanitizer build enables) checks a call through a function
// pointer by reading the type signature clang puts in the 8 bytes before an
// instrumented function's entry. JIT-compiled code has none, and where the
// JIT placed a function at the start of a page, the read before it faults
// (the async runtime's resume helper, first in its module, crashed the
// threaded runs of the sanitizer build). A function that calls JIT code
// through a pointer is marked LAYOUT_OPT_CALLS_JIT_CODE: the check is left
// out of it.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_RUNTIME_CALLSJITCODE_H
#define LIB_RUNTIME_CALLSJITCODE_H

#if defined(__clang__)
#define LAYOUT_OPT_CALLS_JIT_CODE __attribute__((no_sanitize("function")))
#else
#define LAYOUT_OPT_CALLS_JIT_CODE
#endif

#endif // LIB_RUNTIME_CALLSJITCODE_H
