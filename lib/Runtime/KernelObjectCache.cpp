//===- KernelObjectCache.cpp - optimized kernel objects on disk -----------===//

#include "StreamLite/Runtime/KernelObjectCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

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

std::unique_ptr<llvm::MemoryBuffer>
KernelObjectCache::load(llvm::StringRef key) const {
  auto file = llvm::MemoryBuffer::getFile(getPath(key), /*IsText=*/false,
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
  int fd = -1;
  if (!llvm::sys::fs::openFileForRead(getPath(key), fd)) {
    (void)llvm::sys::fs::setLastAccessAndModificationTime(
        fd, std::chrono::system_clock::now());
    (void)llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  }
  return object;
}

bool KernelObjectCache::prune(const llvm::CachePruningPolicy &policy) const {
  if (directory.empty())
    return false;
  return llvm::pruneCache(directory, policy);
}

bool KernelObjectCache::store(llvm::StringRef key,
                              llvm::StringRef object) const {
  if (directory.empty() || llvm::sys::fs::create_directories(directory))
    return false;
  llvm::SmallString<256> model(directory);
  // Named for pruning too: a writer that died leaves its file to expire.
  llvm::sys::path::append(model, "llvmcache-" + key + ".%%%%%%%%.tmp");
  int fd = -1;
  llvm::SmallString<256> temporary;
  if (llvm::sys::fs::createUniqueFile(model, fd, temporary))
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
