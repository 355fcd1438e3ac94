// Force-included into every C++ translation unit when
// LAYOUT_OPT_ENABLE_ASSERTIONS is on (compiled with -UNDEBUG).
//
// Debian's libLLVM.so/libMLIR.so are built with NDEBUG and
// LLVM_ENABLE_ABI_BREAKING_CHECKS=0 (pinned by llvm/Config/abi-breaking.h,
// whatever NDEBUG is), so DenseMap epochs, llvm::Error's checked bit and the
// like keep the library's layout. What else the installed headers do under
// `#ifndef NDEBUG` was checked header by header (docs/tools.md, Assertions):
// asserts, calls of functions libMLIR.so/libLLVM.so export anyway
// (StorageUniquer::is*StorageInitialized,
// handleUseOfUndefinedPromisedInterface, isCurrentDebugType, DebugFlag),
// inline debug_* helpers, declarations of dump() methods (non-virtual, never
// called by us) and asserting destructors of RefCountedBase: none changes a
// class layout or a vtable. The exception is llvm/ADT/Statistic.h:
// llvm::Statistic is TrackingStatistic (40 bytes, registers itself) without
// NDEBUG and NoopStatistic (empty) with it, and mlir::Pass::Statistic
// derives from it and is constructed out of line in libMLIR.so. So that
// header is read once here as the library read it; its include guard keeps
// that meaning for the rest of the translation unit.
#pragma once
#if defined(__cplusplus) && !defined(NDEBUG)
#define NDEBUG 1
#include "llvm/ADT/Statistic.h"
#undef NDEBUG
#include <cassert> // re-arms assert() after the NDEBUG window
static_assert(!LLVM_ENABLE_STATS,
              "llvm::Statistic must keep libMLIR.so's (NDEBUG) layout");
#endif
