//===- KernelObjectCache.h - optimized kernel objects on disk ---*- C++ -*-===//
//
// With JitOptimization::Kernels, LLVM's O3 pipeline and code generation of
// the builtin kernels cost ~0.1-0.25 s per run, for code that only depends
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
// The objects are linked into the process and run, so the cache is a
// place code comes from: the entry's checksum only detects damage, anyone
// who can write an entry can also write its checksum. The directory is
// trusted only when it is a real directory (not a symlink), owned by the
// current user and writable by no one else, and an entry only when it is a
// regular file (opened without following symlinks) with the same owner
// and modes. Anything else is not used, with a warning (prepare and
// load); the run then compiles as without a cache. A directory the cache
// creates is 0700, and entries are created 0600 (O_EXCL) and renamed into
// place.
//
// The directory is pruned by LLVM's cache pruning (llvm::pruneCache, the
// ThinLTO cache's), with its policy syntax: entries unused for a while go,
// and the directory stays under a size. Entry files are named
// `llvmcache-<key>.o` because that pruning only ever removes files named
// `llvmcache-*` (a safeguard if the directory is mistaken).
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_RUNTIME_KERNELOBJECTCACHE_H
#define STREAMLITE_RUNTIME_KERNELOBJECTCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace layoutopt::runtime {

/// Where layout-run caches kernel objects by default:
/// $LAYOUT_OPT_KERNEL_CACHE_DIR if set (even empty: then no cache), else
/// $XDG_CACHE_HOME/layout-opt/kernels, else $HOME/.cache/layout-opt/kernels;
/// empty (no cache) when none of them is set.
std::string getDefaultKernelCacheDir();

/// The pruning policy of a kernel cache, in LLVM's cache policy syntax
/// (`prune_interval=20m:prune_after=168h:cache_size_bytes=256m`, ...; see
/// llvm::parseCachePruningPolicy); empty: kDefaultKernelCachePolicy. An
/// error names what is wrong in it.
llvm::Expected<llvm::CachePruningPolicy>
parseKernelCachePolicy(llvm::StringRef policy);

/// Pruned at most every 20 minutes: entries unused for 30 days go, and the
/// directory keeps at most 256 MiB and 100000 entries (a kernel object is a
/// few KiB), and leaves at least half the disk free.
inline constexpr llvm::StringLiteral kDefaultKernelCachePolicy =
    "prune_interval=20m:prune_after=720h:cache_size=50%:"
    "cache_size_bytes=256m:cache_size_files=100000";

class KernelObjectCache {
public:
  explicit KernelObjectCache(std::string directory)
      : directory(std::move(directory)) {}

  /// The key of an object compiled from `irText` (the kernels' module as
  /// printed) for `targetDescription` (triple, CPU, features, optimization
  /// levels), under this LLVM version: a SHA-256, in hex.
  static std::string keyFor(llvm::StringRef irText,
                            llvm::StringRef targetDescription);

  /// Creates the directory (0700, its parents as the umask makes them)
  /// unless it exists, and checks that it can be trusted (see above).
  /// False when it cannot be used; `warning` then says why when the reason
  /// is trust (a directory that cannot be created is silently no cache).
  bool prepare(std::string *warning = nullptr) const;
  /// The object stored under `key`, or null when there is none, it is not
  /// intact, or it or the directory cannot be trusted (`warning` says so
  /// for an entry). A hit marks the entry used now (pruning expires
  /// entries by last use; file systems mounted noatime would not record
  /// it).
  std::unique_ptr<llvm::MemoryBuffer>
  load(llvm::StringRef key, std::string *warning = nullptr) const;
  /// Stores `object` under `key` (atomically) in a trusted directory; false
  /// if it could not.
  bool store(llvm::StringRef key, llvm::StringRef object) const;
  /// Prunes the directory by `policy` (llvm::pruneCache: only `llvmcache-*`
  /// files, and only when its interval has passed since the last pruning);
  /// true if it pruned.
  bool prune(const llvm::CachePruningPolicy &policy) const;

  /// The file of `key`.
  std::string getPath(llvm::StringRef key) const;

private:
  std::string directory;
};

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_KERNELOBJECTCACHE_H
