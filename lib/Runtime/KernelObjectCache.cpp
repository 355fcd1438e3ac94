//===- KernelObjectCache.cpp - optimized kernel objects on disk -----------===//

#include "StreamLite/Runtime/KernelObjectCache.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdlib>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace layoutopt::runtime {

namespace {

/// An entry: this line, the SHA-256 of the object in hex and a newline,
/// then the object. Bump the version when what a key covers changes.
constexpr llvm::StringLiteral kMagic = "layout-opt kernel object v1\n";
constexpr size_t kChecksumChars = 64;

std::string sha256Hex(llvm::StringRef data) {
  llvm::SHA256 hash;
  hash.update(data);
  std::array<uint8_t, 32> digest = hash.final();
  return llvm::toHex(digest, /*LowerCase=*/true);
}

/// Why a file with status `st` (from lstat or fstat, so a symlink is seen
/// as one) cannot be trusted to hold code this user runs, or empty: it must
/// be a `directory` or regular file as asked, owned by this user, and
/// writable by no one else (another user who can write a directory can
/// replace its entries, whatever their own modes).
std::string distrust(const struct stat &st, bool directory) {
  if (S_ISLNK(st.st_mode))
    return "is a symbolic link";
  if (directory ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
    return directory ? "is not a directory" : "is not a regular file";
  if (st.st_uid != geteuid())
    return "is not owned by the current user";
  if (st.st_mode & (S_IWGRP | S_IWOTH))
    return "is writable by group or others";
  return "";
}

} // namespace

std::string getDefaultKernelCacheDir() {
  if (const char *dir = std::getenv("LAYOUT_OPT_KERNEL_CACHE_DIR"))
    return dir;
  llvm::SmallString<256> path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    path = xdg;
  else if (const char *home = std::getenv("HOME"); home && *home)
    llvm::sys::path::append(path, home, ".cache");
  else
    return "";
  llvm::sys::path::append(path, "layout-opt", "kernels");
  return std::string(path);
}

llvm::Expected<llvm::CachePruningPolicy>
parseKernelCachePolicy(llvm::StringRef policy) {
  return llvm::parseCachePruningPolicy(
      policy.empty() ? llvm::StringRef(kDefaultKernelCachePolicy) : policy);
}

std::string KernelObjectCache::keyFor(llvm::StringRef irText,
                                      llvm::StringRef targetDescription) {
  llvm::SHA256 hash;
  hash.update(kMagic);
  hash.update(LLVM_VERSION_STRING "\n");
  hash.update(targetDescription);
  hash.update("\n");
  hash.update(irText);
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

std::string KernelObjectCache::getPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, "llvmcache-" + key + ".o");
  return std::string(path);
}

bool KernelObjectCache::prepare(std::string *warning) const {
  if (directory.empty())
    return false;
  // The parents as the user's umask makes them; the cache itself 0700. An
  // existing directory keeps its mode: it is checked below, not changed.
  llvm::StringRef parent = llvm::sys::path::parent_path(directory);
  if (!parent.empty() && llvm::sys::fs::create_directories(parent))
    return false;
  if (::mkdir(directory.c_str(), S_IRWXU) != 0 && errno != EEXIST)
    return false;
  struct stat st;
  if (::lstat(directory.c_str(), &st) != 0)
    return false;
  std::string reason = distrust(st, /*directory=*/true);
  if (reason.empty())
    return true;
  if (warning)
    *warning = "kernel cache directory '" + directory + "' " + reason +
               ": not used";
  return false;
}

std::unique_ptr<llvm::MemoryBuffer>
KernelObjectCache::load(llvm::StringRef key, std::string *warning) const {
  struct stat st;
  if (directory.empty() || ::lstat(directory.c_str(), &st) != 0 ||
      !distrust(st, /*directory=*/true).empty())
    return nullptr;
  std::string path = getPath(key);
  // Never through a symlink; the mode and owner are those of the file read.
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP && warning)
      *warning = "kernel cache entry '" + path +
                 "' is a symbolic link: not used";
    return nullptr;
  }
  llvm::scope_exit closeFile(
      [fd] { (void)llvm::sys::Process::SafelyCloseFileDescriptor(fd); });
  if (::fstat(fd, &st) != 0)
    return nullptr;
  if (std::string reason = distrust(st, /*directory=*/false);
      !reason.empty()) {
    if (warning)
      *warning = "kernel cache entry '" + path + "' " + reason + ": not used";
    return nullptr;
  }
  auto file = llvm::MemoryBuffer::getOpenFile(
      llvm::sys::fs::convertFDToNativeFile(fd), path, st.st_size,
      /*RequiresNullTerminator=*/false);
  if (!file)
    return nullptr;
  llvm::StringRef entry = (*file)->getBuffer();
  if (!entry.consume_front(kMagic) || entry.size() < kChecksumChars + 1)
    return nullptr;
  llvm::StringRef checksum = entry.take_front(kChecksumChars);
  entry = entry.drop_front(kChecksumChars);
  if (!entry.consume_front("\n") || sha256Hex(entry) != checksum)
    return nullptr;
  // A copy: object files are parsed in place and need an aligned start.
  std::unique_ptr<llvm::MemoryBuffer> object =
      llvm::MemoryBuffer::getMemBufferCopy(entry, getPath(key));
  // Intact as written; still, only an object file reaches the linker.
  auto parsed =
      llvm::object::ObjectFile::createObjectFile(object->getMemBufferRef());
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return nullptr;
  }
  // Used now; a failure only makes the entry expire sooner.
  (void)llvm::sys::fs::setLastAccessAndModificationTime(
      fd, std::chrono::system_clock::now());
  return object;
}

bool KernelObjectCache::prune(const llvm::CachePruningPolicy &policy) const {
  if (directory.empty())
    return false;
  return llvm::pruneCache(directory, policy);
}

bool KernelObjectCache::store(llvm::StringRef key,
                              llvm::StringRef object) const {
  if (!prepare())
    return false;
  llvm::SmallString<256> model(directory);
  // Named for pruning too: a writer that died leaves its file to expire.
  llvm::sys::path::append(model, "llvmcache-" + key + ".%%%%%%%%.tmp");
  int fd = -1;
  llvm::SmallString<256> temporary;
  // A new file (O_CREAT | O_EXCL) that only this user can read or write;
  // the rename below replaces the entry's name, never a file it links to.
  if (llvm::sys::fs::createUniqueFile(
          model, fd, temporary, llvm::sys::fs::OF_None,
          llvm::sys::fs::owner_read | llvm::sys::fs::owner_write))
    return false;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << kMagic << sha256Hex(object) << "\n" << object;
    os.close();
    if (os.has_error()) {
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (llvm::sys::fs::rename(temporary, getPath(key))) {
    llvm::sys::fs::remove(temporary);
    return false;
  }
  return true;
}

} // namespace layoutopt::runtime
