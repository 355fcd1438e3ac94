//===- KernelObjectCache.h - optimized kernel objects on disk ---*- C++ -*-===//
//
// With JitOptimization::Kernels, LLVM's O2 pipeline and code generation of
// the builtin kernels cost ~0.07-0.1 s per run, for code that only depends
// on the kernels' IR. The session compiles them in a module of their own
// and keeps the object in a directory, keyed by a hash of everything the
// object depends on (keyFor), so that a later run with the same kernels
// loads it instead.
//
// Entries are written to a temporary file and renamed into place, so a
// reader (a parallel run) sees a whole entry or none. An entry carries a
// checksum of its object: a truncated or corrupt one is ignored (and
// replaced), never loaded. A directory that cannot be created or written is
// not an error: the run compiles as without a cache, silently.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_RUNTIME_KERNELOBJECTCACHE_H
#define STREAMLITE_RUNTIME_KERNELOBJECTCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace layoutopt::runtime {

/// Where layout-run caches kernel objects by default:
/// $LAYOUT_OPT_KERNEL_CACHE_DIR if set (even empty: then no cache), else
/// $XDG_CACHE_HOME/layout-opt/kernels, else $HOME/.cache/layout-opt/kernels;
/// empty (no cache) when none of them is set.
std::string getDefaultKernelCacheDir();

class KernelObjectCache {
public:
  explicit KernelObjectCache(std::string directory)
      : directory(std::move(directory)) {}

  /// The key of an object compiled from `irText` (the kernels' module as
  /// printed) for `targetDescription` (triple, CPU, features, optimization
  /// levels), under this LLVM version: a SHA-256, in hex.
  static std::string keyFor(llvm::StringRef irText,
                            llvm::StringRef targetDescription);

  /// The object stored under `key`, or null when there is none or it is
  /// not intact.
  std::unique_ptr<llvm::MemoryBuffer> load(llvm::StringRef key) const;
  /// Stores `object` under `key` (atomically); false if it could not.
  bool store(llvm::StringRef key, llvm::StringRef object) const;

  /// The file of `key`.
  std::string getPath(llvm::StringRef key) const;

private:
  std::string directory;
};

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_KERNELOBJECTCACHE_H
