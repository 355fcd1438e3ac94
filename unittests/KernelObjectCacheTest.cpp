//===- KernelObjectCacheTest.cpp - optimized kernel objects on disk -------===//
//
// The cache on its own (keys, intact and damaged entries), then through
// JitSession: the first session compiles the kernels and stores them, the
// second loads them, and both compute the same results.
//
//===----------------------------------------------------------------------===//

#include "KernelJit.h"
#include "TestUtil.h"

#include "StreamLite/Runtime/JitSession.h"
#include "StreamLite/Runtime/KernelObjectCache.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <chrono>

#include <catch2/catch.hpp>

using namespace mlir;
using namespace layoutopt::runtime;
using namespace layoutopt::test;

namespace {

/// A fresh directory, removed with its contents at the end of the test.
struct TemporaryDirectory {
  TemporaryDirectory() {
    REQUIRE_FALSE(llvm::sys::fs::createUniqueDirectory("layout-opt-cache",
                                                       path));
  }
  ~TemporaryDirectory() { llvm::sys::fs::remove_directories(path); }
  std::string child(llvm::StringRef name) const {
    llvm::SmallString<256> result(path);
    llvm::sys::path::append(result, name);
    return std::string(result);
  }
  llvm::SmallString<256> path;
};

} // namespace

TEST_CASE("KernelObjectCache keys cover the IR and the target",
          "[runtime][kernelcache]") {
  std::string key = KernelObjectCache::keyFor("define void @f()", "x86_64");
  CHECK(key.size() == 64);
  CHECK(key == KernelObjectCache::keyFor("define void @f()", "x86_64"));
  CHECK(key != KernelObjectCache::keyFor("define void @g()", "x86_64"));
  CHECK(key != KernelObjectCache::keyFor("define void @f()", "aarch64"));
}

TEST_CASE("KernelObjectCache loads only intact objects",
          "[runtime][kernelcache]") {
  TemporaryDirectory dir;
  KernelObjectCache cache(dir.child("cache"));
  std::string key = KernelObjectCache::keyFor("ir", "target");
  CHECK_FALSE(cache.load(key));
  // Stored intact, but not an object file: never handed out.
  REQUIRE(cache.store(key, "not an object"));
  CHECK(llvm::sys::fs::exists(cache.getPath(key)));
  CHECK_FALSE(cache.load(key));
  // A file in the way of the directory: no entry, no error.
  std::string blocked = dir.child("file");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(blocked, ec);
    REQUIRE_FALSE(ec);
  }
  KernelObjectCache unusable(blocked + "/cache");
  CHECK_FALSE(unusable.store(key, "x"));
  CHECK_FALSE(unusable.load(key));
}

TEST_CASE("KernelObjectCache trusts only what no other user can write",
          "[runtime][kernelcache]") {
  TemporaryDirectory dir;
  std::string directory = dir.child("cache");
  KernelObjectCache cache(directory);
  std::string key = KernelObjectCache::keyFor("ir", "target");
  std::string warning;
  // Created 0700, entries 0600, whatever the umask.
  REQUIRE(cache.prepare(&warning));
  CHECK(warning.empty());
  REQUIRE(cache.store(key, "an entry"));
  llvm::sys::fs::file_status status;
  REQUIRE_FALSE(llvm::sys::fs::status(directory, status));
  CHECK(status.permissions() == llvm::sys::fs::owner_all);
  REQUIRE_FALSE(llvm::sys::fs::status(cache.getPath(key), status));
  CHECK(status.permissions() ==
        (llvm::sys::fs::owner_read | llvm::sys::fs::owner_write));
  // An intact entry that is no object: no warning, no object.
  CHECK_FALSE(cache.load(key, &warning));
  CHECK(warning.empty());

  // A directory group or others can write: neither read nor written.
  REQUIRE_FALSE(llvm::sys::fs::setPermissions(directory,
                                              llvm::sys::fs::all_all));
  CHECK_FALSE(cache.prepare(&warning));
  CHECK(llvm::StringRef(warning).contains("writable by group or others"));
  std::string other = KernelObjectCache::keyFor("other", "target");
  CHECK_FALSE(cache.store(other, "an entry"));
  CHECK_FALSE(llvm::sys::fs::exists(cache.getPath(other)));
  REQUIRE_FALSE(llvm::sys::fs::setPermissions(directory,
                                              llvm::sys::fs::owner_all));

  // An entry group or others can write.
  warning.clear();
  REQUIRE_FALSE(llvm::sys::fs::setPermissions(
      cache.getPath(key), llvm::sys::fs::owner_read |
                              llvm::sys::fs::owner_write |
                              llvm::sys::fs::others_write));
  CHECK_FALSE(cache.load(key, &warning));
  CHECK(llvm::StringRef(warning).contains("entry"));
  CHECK(llvm::StringRef(warning).contains("writable by group or others"));

  // An entry that is a symlink is not followed.
  warning.clear();
  std::string target = dir.child("elsewhere.o");
  REQUIRE_FALSE(llvm::sys::fs::rename(cache.getPath(key), target));
  REQUIRE_FALSE(llvm::sys::fs::create_link(target, cache.getPath(key)));
  CHECK_FALSE(cache.load(key, &warning));
  CHECK(llvm::StringRef(warning).contains("is a symbolic link"));

  // Nor is a directory that is a symlink.
  warning.clear();
  std::string link = dir.child("link");
  REQUIRE_FALSE(llvm::sys::fs::create_link(directory, link));
  KernelObjectCache linked(link);
  CHECK_FALSE(linked.prepare(&warning));
  CHECK(llvm::StringRef(warning).contains("is a symbolic link"));
  CHECK_FALSE(linked.store(other, "an entry"));
}

namespace {
/// Sets when `path` was last read and written to `daysAgo` days ago.
void age(const std::string &path, int daysAgo) {
  int fd = -1;
  REQUIRE_FALSE(llvm::sys::fs::openFileForWrite(
      path, fd, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_Append));
  auto then = std::chrono::system_clock::now() - std::chrono::hours(24 * daysAgo);
  CHECK_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(fd, then));
  CHECK_FALSE(llvm::sys::Process::SafelyCloseFileDescriptor(fd));
}
} // namespace

TEST_CASE("KernelObjectCache policies parse in LLVM's syntax",
          "[runtime][kernelcache]") {
  llvm::Expected<llvm::CachePruningPolicy> byDefault =
      parseKernelCachePolicy("");
  REQUIRE(bool(byDefault));
  CHECK(byDefault->Expiration == std::chrono::hours(720));
  CHECK(byDefault->MaxSizeBytes == 256u * 1024 * 1024);
  CHECK(byDefault->MaxSizeFiles == 100000u);
  llvm::Expected<llvm::CachePruningPolicy> given =
      parseKernelCachePolicy("prune_after=1h:cache_size_files=3");
  REQUIRE(bool(given));
  CHECK(given->Expiration == std::chrono::hours(1));
  CHECK(given->MaxSizeFiles == 3u);
  llvm::Expected<llvm::CachePruningPolicy> bad =
      parseKernelCachePolicy("prune_after=soon");
  REQUIRE_FALSE(bool(bad));
  llvm::consumeError(bad.takeError());
}

TEST_CASE("KernelObjectCache prunes expired and excess entries only",
          "[runtime][kernelcache]") {
  TemporaryDirectory dir;
  std::string directory = dir.child("cache");
  KernelObjectCache cache(directory);
  std::string oldKey = KernelObjectCache::keyFor("old", "target");
  std::string olderKey = KernelObjectCache::keyFor("older", "target");
  std::string newKey = KernelObjectCache::keyFor("new", "target");
  for (const std::string &key : {oldKey, olderKey, newKey})
    REQUIRE(cache.store(key, "an entry"));
  std::string notes = dir.child("cache/notes.txt");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(notes, ec);
    REQUIRE_FALSE(ec);
  }
  age(cache.getPath(oldKey), 10);
  age(cache.getPath(olderKey), 60);
  age(notes, 60);

  // Unused for more than 30 days: only the older entry goes; a file not
  // named llvmcache-* stays whatever its age.
  auto expire = parseKernelCachePolicy("prune_interval=0s:prune_after=720h");
  REQUIRE(bool(expire));
  CHECK(cache.prune(*expire));
  CHECK_FALSE(llvm::sys::fs::exists(cache.getPath(olderKey)));
  CHECK(llvm::sys::fs::exists(cache.getPath(oldKey)));
  CHECK(llvm::sys::fs::exists(cache.getPath(newKey)));
  CHECK(llvm::sys::fs::exists(notes));

  // Within the interval since that pruning, nothing is looked at.
  auto later = parseKernelCachePolicy("prune_interval=1h:cache_size_files=1");
  REQUIRE(bool(later));
  CHECK_FALSE(cache.prune(*later));
  CHECK(llvm::sys::fs::exists(cache.getPath(oldKey)));

  // At most one entry: the least recently used goes first.
  auto oneFile = parseKernelCachePolicy(
      "prune_interval=0s:prune_after=0s:cache_size_files=1");
  REQUIRE(bool(oneFile));
  CHECK(cache.prune(*oneFile));
  CHECK_FALSE(llvm::sys::fs::exists(cache.getPath(oldKey)));
  CHECK(llvm::sys::fs::exists(cache.getPath(newKey)));
  CHECK(llvm::sys::fs::exists(notes));

  // No directory: nothing to prune, no error.
  KernelObjectCache none("");
  CHECK_FALSE(none.prune(*oneFile));
}

TEST_CASE("JitSession compiles the kernels once per cache",
          "[runtime][kernelcache][jit]") {
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
    func.func @main(%a: tensor<5x7xf32>) -> tensor<5x7xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
      %sz = stream_lite.tensor.sizeof tensor<5x7xf32> : index
      %i = stream_lite.tensor.import %a : tensor<5x7xf32> -> tensor<5x7xf32> in !stream_lite.resource<external>{%sz}
      %tsz = stream_lite.tensor.sizeof tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> : index
      %t = stream_lite.tensor.encode %i : tensor<5x7xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in !stream_lite.resource<*>{%tsz}
      %b = stream_lite.tensor.encode %t : tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in !stream_lite.resource<*>{%tsz} -> tensor<5x7xf32> in !stream_lite.resource<*>{%sz}
      %r = stream_lite.tensor.export %b : tensor<5x7xf32> in !stream_lite.resource<*>{%sz} -> tensor<5x7xf32>
      return %r : tensor<5x7xf32>
    }
  )mlir");
  REQUIRE(module);
  llvm::Expected<LoweredProgram> program =
      lowerProgram(*module, "main", ProgramOptions());
  REQUIRE(bool(program));
  Builder b(ctx.get());
  HostArray input;
  input.elementType = b.getF32Type();
  input.shape = {5, 7};
  for (int i = 0; i < 35; ++i) {
    float value = float(i) - 3.5f;
    const auto *bytes = reinterpret_cast<const uint8_t *>(&value);
    input.bytes.insert(input.bytes.end(), bytes, bytes + 4);
  }
  HostType resultType;
  resultType.elementType = b.getF32Type();
  resultType.shape = {5, 7};

  TemporaryDirectory dir;
  auto runWith = [&](const std::string &cacheDir,
                     KernelCacheOutcome expected) {
    JitOptions options;
    options.codeGenOptLevel = llvm::CodeGenOptLevel::Default;
    options.optimization = JitOptimization::Kernels;
    options.kernelCacheDir = cacheDir;
    auto session = JitSession::create(*program->module, options);
    REQUIRE(bool(session));
    CHECK((*session)->getKernelCacheOutcome() == expected);
    auto results = (*session)->run("main", {input}, {resultType});
    REQUIRE(bool(results));
    REQUIRE(results->size() == 1);
    return (*results)[0].bytes;
  };
  std::string cacheDir = dir.child("kernels");
  CHECK(runWith(cacheDir, KernelCacheOutcome::Miss) == input.bytes);
  // One entry (and the pruning's timestamp file).
  std::string entryPath;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(cacheDir, ec), end;
       !ec && it != end; it.increment(ec)) {
    if (llvm::StringRef(it->path()).ends_with(".o")) {
      CHECK(entryPath.empty());
      entryPath = it->path();
    }
  }
  REQUIRE_FALSE(ec);
  REQUIRE_FALSE(entryPath.empty());
  CHECK(llvm::sys::path::filename(entryPath).starts_with("llvmcache-"));
  // A hit marks the entry used now, so that pruning keeps it: its access
  // time (what pruning reads; a read alone may not set it) and its
  // modification time (which only the cache's own marking sets).
  age(entryPath, 60);
  CHECK(runWith(cacheDir, KernelCacheOutcome::Hit) == input.bytes);
  llvm::sys::fs::file_status status;
  REQUIRE_FALSE(llvm::sys::fs::status(entryPath, status));
  CHECK(std::chrono::system_clock::now() - status.getLastAccessedTime() <
        std::chrono::hours(1));
  CHECK(std::chrono::system_clock::now() -
            status.getLastModificationTime() <
        std::chrono::hours(1));
  CHECK(runWith("", KernelCacheOutcome::NotUsed) == input.bytes);
}

TEST_CASE("JitSession rejects a kernel cache policy that does not parse",
          "[runtime][kernelcache][jit]") {
  auto ctx = makeKernelJitContext();
  auto module = parseModule(*ctx, R"mlir(
    llvm.func @main() {
      llvm.return
    }
  )mlir");
  REQUIRE(module);
  JitOptions options;
  options.optimization = JitOptimization::Kernels;
  options.kernelCachePolicy = "cache_size=150";
  auto session = JitSession::create(*module, options);
  REQUIRE_FALSE(bool(session));
  std::string message = llvm::toString(session.takeError());
  CHECK(llvm::StringRef(message).starts_with(
      "bad kernel cache policy 'cache_size=150': "));
}

TEST_CASE("Kernels that share the program's definitions are optimized in place",
          "[runtime][kernelcache][jit]") {
  auto ctx = makeKernelJitContext();
  // @__builtin_plus_one calls @helper, which the program defines and uses
  // too: it cannot be compiled apart (nor cached), and still runs.
  // @__builtin_twice only calls another kernel: compiled apart. In
  // `adopted`, the kernel's helper (and the read-only global it reads) is
  // used by kernels only, as a parallel kernel's async task bodies are: it
  // goes with the kernels, which are compiled apart.
  auto module = parseModule(*ctx, R"mlir(
    llvm.func @helper() -> i64 {
      %c = llvm.mlir.constant(41 : i64) : i64
      llvm.return %c : i64
    }
    llvm.func @__builtin_plus_one() -> i64 {
      %v = llvm.call @helper() : () -> i64
      %one = llvm.mlir.constant(1 : i64) : i64
      %r = llvm.add %v, %one : i64
      llvm.return %r : i64
    }
    llvm.func @main() -> i64 {
      %r = llvm.call @__builtin_plus_one() : () -> i64
      %h = llvm.call @helper() : () -> i64
      %s = llvm.sub %r, %h : i64
      %t = llvm.add %s, %h : i64
      llvm.return %t : i64
    }
  )mlir");
  REQUIRE(module);
  auto adopted = parseModule(*ctx, R"mlir(
    llvm.mlir.global internal constant @forty_one(41 : i64) : i64
    llvm.func @helper() -> i64 {
      %p = llvm.mlir.addressof @forty_one : !llvm.ptr
      %c = llvm.load %p : !llvm.ptr -> i64
      llvm.return %c : i64
    }
    llvm.func @__builtin_plus_one() -> i64 {
      %v = llvm.call @helper() : () -> i64
      %one = llvm.mlir.constant(1 : i64) : i64
      %r = llvm.add %v, %one : i64
      llvm.return %r : i64
    }
    llvm.func @main() -> i64 {
      %r = llvm.call @__builtin_plus_one() : () -> i64
      %p = llvm.mlir.addressof @forty_one : !llvm.ptr
      %c = llvm.load %p : !llvm.ptr -> i64
      %s = llvm.sub %r, %c : i64
      %t = llvm.add %s, %c : i64
      llvm.return %t : i64
    }
  )mlir");
  REQUIRE(adopted);
  auto apart = parseModule(*ctx, R"mlir(
    llvm.func @__builtin_one() -> i64 {
      %one = llvm.mlir.constant(1 : i64) : i64
      llvm.return %one : i64
    }
    llvm.func @__builtin_twice() -> i64 {
      %v = llvm.call @__builtin_one() : () -> i64
      %r = llvm.add %v, %v : i64
      llvm.return %r : i64
    }
    llvm.func @main() -> i64 {
      %r = llvm.call @__builtin_twice() : () -> i64
      llvm.return %r : i64
    }
  )mlir");
  REQUIRE(apart);
  TemporaryDirectory dir;
  auto runMain = [&](ModuleOp m, KernelCacheOutcome expected) {
    JitOptions options;
    options.optimization = JitOptimization::Kernels;
    options.kernelCacheDir = dir.child("kernels");
    auto session = JitSession::create(m, options);
    REQUIRE(bool(session));
    CHECK((*session)->getKernelCacheOutcome() == expected);
    int64_t result = 0;
    JitArguments args;
    args.setResultStorage(&result);
    REQUIRE_FALSE(bool((*session)->invokePacked("main", args)));
    return result;
  };
  CHECK(runMain(*module, KernelCacheOutcome::NotUsed) == 42);
  CHECK(runMain(*apart, KernelCacheOutcome::Miss) == 2);
  CHECK(runMain(*apart, KernelCacheOutcome::Hit) == 2);
  CHECK(runMain(*adopted, KernelCacheOutcome::Miss) == 42);
  CHECK(runMain(*adopted, KernelCacheOutcome::Hit) == 42);
}
