//===- kernel_bandwidth.cpp - builtin kernel bandwidth vs memcpy ----------===//
//
// layout-opt-kernel-bandwidth: builds every builtin transfer kernel kind with
// buildBuiltinExecutable on tensors of at least 64 MiB, lowers it like the
// JIT unit tests do (stream-lite-lower-bindings, then the upstream lowering
// to the LLVM dialect), JIT-compiles it with mlir::ExecutionEngine at O3 and
// times it (best of N after a warm-up) against std::memcpy of the same byte
// count in the same run. One line per kernel: name, bytes, GB/s, memcpy
// GB/s, ratio. Not run by the tests; see bench/README.md.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/InitAll.h"
#include "StreamLite/Transforms/BuiltinKernels.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

constexpr int kRuns = 10;
constexpr size_t kAlign = 4096;

[[noreturn]] void fatal(const std::string &message) {
  llvm::errs() << "layout-opt-kernel-bandwidth: " << message << "\n";
  std::exit(1);
}

/// A page-aligned, pre-faulted buffer.
struct AlignedBuffer {
  explicit AlignedBuffer(size_t bytes) : size(bytes) {
    size_t rounded = (bytes + kAlign - 1) / kAlign * kAlign;
    data = static_cast<uint8_t *>(std::aligned_alloc(kAlign, rounded));
    if (!data)
      fatal("aligned_alloc of " + std::to_string(bytes) + " bytes failed");
    std::memset(data, 0x11, rounded);
  }
  ~AlignedBuffer() { std::free(data); }
  AlignedBuffer(const AlignedBuffer &) = delete;
  AlignedBuffer &operator=(const AlignedBuffer &) = delete;
  uint8_t *data = nullptr;
  size_t size = 0;
};

/// Packed arguments for ExecutionEngine::invokePacked (memref<?xi8>
/// bindings expand to allocated/aligned pointers, offset, size, stride).
class PackedArgs {
public:
  void addBuffer(AlignedBuffer &buffer) {
    addScalar<void *>(buffer.data);
    addScalar<void *>(buffer.data);
    addScalar<int64_t>(0);
    addScalar<int64_t>(static_cast<int64_t>(buffer.size));
    addScalar<int64_t>(1);
  }
  void addIndices(const std::vector<int64_t> &values) {
    for (int64_t v : values)
      addScalar<int64_t>(v);
  }
  template <typename T>
  void addScalar(T value) {
    static_assert(sizeof(T) <= sizeof(uint64_t));
    uint64_t word = 0;
    std::memcpy(&word, &value, sizeof(T));
    storage.push_back(word);
  }
  SmallVector<void *> pointers() {
    SmallVector<void *> result;
    for (uint64_t &slot : storage)
      result.push_back(&slot);
    return result;
  }

private:
  std::vector<uint64_t> storage;
};

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  auto ctx = std::make_unique<MLIRContext>(registry,
                                           MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  return ctx;
}

RankedTensorType parseTensor(MLIRContext &ctx, const std::string &text) {
  auto type = llvm::dyn_cast_if_present<RankedTensorType>(
      mlir::parseType(text, &ctx));
  if (!type)
    fatal("cannot parse tensor type " + text);
  return type;
}

/// Storage bytes of a static tensor whose tiles (if any) are given per dim
/// (1 where untiled): every dim rounded up to its tile.
int64_t storageBytes(const std::vector<int64_t> &shape,
                     const std::vector<int64_t> &tiles, int64_t elementBytes) {
  int64_t bytes = elementBytes;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t t = tiles.empty() ? 1 : tiles[i];
    bytes *= (shape[i] + t - 1) / t * t;
  }
  return bytes;
}

/// The kernel's JIT-compiled entry point.
struct CompiledKernel {
  std::unique_ptr<ExecutionEngine> engine;
  std::string name;
  void run(PackedArgs &args) {
    SmallVector<void *> pointers = args.pointers();
    if (llvm::Error error = engine->invokePacked(name, pointers))
      fatal("invokePacked failed: " + llvm::toString(std::move(error)));
  }
};

CompiledKernel compileKernel(MLIRContext &ctx, BuiltinKind kind,
                             ArrayRef<RankedTensorType> types) {
  OpBuilder builder(&ctx);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  std::string name = getBuiltinName(kind, types);
  if (!buildBuiltinExecutable(builder, loc, name, kind, types))
    fatal("buildBuiltinExecutable failed for " + name);

  PassManager pm(&ctx);
  pm.addPass(createLowerBindingsPass());
  OpPassManager &inner = pm.nest<ExecutableOp>().nest<ModuleOp>();
  inner.addPass(createSCFToControlFlowPass());
  inner.addPass(memref::createExpandStridedMetadataPass());
  inner.addPass(createFinalizeMemRefToLLVMConversionPass());
  inner.addPass(createArithToLLVMConversionPass());
  inner.addPass(createConvertIndexToLLVMPass());
  inner.addPass(createConvertControlFlowToLLVMPass());
  inner.addPass(createConvertFuncToLLVMPass());
  inner.addPass(createReconcileUnrealizedCastsPass());
  if (failed(pm.run(*module)))
    fatal("lowering failed for " + name);

  auto executable = *module->getOps<ExecutableOp>().begin();
  OwningOpRef<ModuleOp> lowered = executable.getInnerModule().clone();

  // O3 for both the IR pipeline (tuned for the host when it can be
  // detected) and code generation.
  static std::unique_ptr<llvm::TargetMachine> hostMachine = [] {
    auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!builder) {
      llvm::consumeError(builder.takeError());
      return std::unique_ptr<llvm::TargetMachine>();
    }
    builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
    auto tm = builder->createTargetMachine();
    if (!tm) {
      llvm::consumeError(tm.takeError());
      return std::unique_ptr<llvm::TargetMachine>();
    }
    return std::move(*tm);
  }();
  ExecutionEngineOptions options;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  // ExecutionEngineOptions::transformer is a function_ref: the callables
  // must outlive ExecutionEngine::create. LAYOUT_OPT_BW_DUMP_IR=1 prints
  // each kernel's optimized LLVM IR.
  std::function<llvm::Error(llvm::Module *)> optimize =
      makeOptimizingTransformer(3, /*sizeLevel=*/0, hostMachine.get());
  std::function<llvm::Error(llvm::Module *)> transform =
      [&optimize](llvm::Module *m) -> llvm::Error {
    llvm::Error error = optimize(m);
    if (!error && std::getenv("LAYOUT_OPT_BW_DUMP_IR"))
      m->print(llvm::errs(), nullptr);
    return error;
  };
  options.transformer = transform;
  options.enableGDBNotificationListener = false;
  options.enablePerfNotificationListener = false;
  auto engine = ExecutionEngine::create(*lowered, options);
  if (!engine)
    fatal("ExecutionEngine::create failed: " +
          llvm::toString(engine.takeError()));
  return {std::move(*engine), name};
}

/// Best-of-kRuns seconds of `fn` after one warm-up call.
double bestSeconds(const std::function<void()> &fn) {
  fn();
  double best = 1e30;
  for (int i = 0; i < kRuns; ++i) {
    auto start = std::chrono::steady_clock::now();
    fn();
    auto stop = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(stop - start).count());
  }
  return best;
}

/// memcpy of `bytes` between two fresh buffers, best of kRuns.
double memcpySeconds(int64_t bytes) {
  AlignedBuffer src(bytes), dst(bytes);
  return bestSeconds([&] { std::memcpy(dst.data, src.data, bytes); });
}

void report(const std::string &label, int64_t bytes, double seconds) {
  double memcpyS = memcpySeconds(bytes);
  double gbs = bytes / seconds / 1e9;
  double memcpyGbs = bytes / memcpyS / 1e9;
  std::printf("%-28s %12lld %10.2f %12.2f %8.1f%%\n", label.c_str(),
              static_cast<long long>(bytes), gbs, memcpyGbs,
              100.0 * gbs / memcpyGbs);
  std::fflush(stdout);
}

} // namespace

int main() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto ctx = makeContext();

  // 4096x4096xf32 = 64 MiB; tiles 8x4 divide the shape (no tile padding).
  const int64_t n = 4096;
  const int64_t e = 4;
  const std::string tiledAttr =
      "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>";
  const std::vector<int64_t> tiles = {8, 4};
  const std::string full = std::to_string(n) + "x" + std::to_string(n);
  RankedTensorType identityT = parseTensor(*ctx, "tensor<" + full + "xf32>");
  RankedTensorType tiledT =
      parseTensor(*ctx, "tensor<" + full + "xf32, " + tiledAttr + ">");
  // A region that cuts tiles on every side: offsets (3, 2), lengths
  // (4088, 4092) -> 63.8 MiB of elements.
  const std::vector<int64_t> offsets = {3, 2};
  const std::vector<int64_t> lengths = {4088, 4092};
  const std::string region =
      std::to_string(lengths[0]) + "x" + std::to_string(lengths[1]);
  RankedTensorType regionTiledT =
      parseTensor(*ctx, "tensor<" + region + "xf32, " + tiledAttr + ">");
  RankedTensorType regionIdentityT =
      parseTensor(*ctx, "tensor<" + region + "xf32>");

  const int64_t fullBytes = n * n * e;
  const int64_t regionBytes = lengths[0] * lengths[1] * e;
  AlignedBuffer identityBuf(storageBytes({n, n}, {}, e));
  AlignedBuffer tiledBuf(storageBytes({n, n}, tiles, e));
  AlignedBuffer regionTiledBuf(storageBytes(lengths, tiles, e));
  AlignedBuffer regionIdentityBuf(storageBytes(lengths, {}, e));
  {
    float *p = reinterpret_cast<float *>(identityBuf.data);
    for (int64_t i = 0; i < n * n; ++i)
      p[i] = static_cast<float>(i & 0xFFFF);
  }

  std::printf("%-28s %12s %10s %12s %9s\n", "kernel", "bytes", "GB/s",
              "memcpy GB/s", "ratio");

  // Relayout identity -> tiled.
  {
    CompiledKernel k =
        compileKernel(*ctx, BuiltinKind::Encode, {identityT, tiledT});
    PackedArgs args;
    args.addBuffer(identityBuf);
    args.addBuffer(tiledBuf);
    report("encode identity->tiled", fullBytes,
           bestSeconds([&] { k.run(args); }));
  }
  // Spot check: element (i, j) of the tiled result sits at
  // ((i/8 * n/4 + j/4) * 8 + i%8) * 4 + j%4 (no outer_dims_perm).
  auto tiledAt = [&](int64_t i, int64_t j) {
    int64_t index = ((i / 8 * (n / 4) + j / 4) * 8 + i % 8) * 4 + j % 4;
    return reinterpret_cast<float *>(tiledBuf.data)[index];
  };
  for (int64_t i : {int64_t(0), int64_t(5), int64_t(777), n - 1})
    for (int64_t j : {int64_t(0), int64_t(3), int64_t(1234), n - 1})
      if (tiledAt(i, j) != static_cast<float>((i * n + j) & 0xFFFF))
        fatal("encode identity->tiled produced a wrong element");
  std::memset(identityBuf.data, 0, identityBuf.size);

  // Relayout tiled -> identity.
  {
    CompiledKernel k =
        compileKernel(*ctx, BuiltinKind::Encode, {tiledT, identityT});
    PackedArgs args;
    args.addBuffer(tiledBuf);
    args.addBuffer(identityBuf);
    report("encode tiled->identity", fullBytes,
           bestSeconds([&] { k.run(args); }));
  }
  // The round trip restores the source.
  {
    const float *p = reinterpret_cast<const float *>(identityBuf.data);
    for (int64_t i = 0; i < n * n; ++i)
      if (p[i] != static_cast<float>(i & 0xFFFF))
        fatal("encode round trip differs at element " + std::to_string(i));
  }

  // Encoded slice: tiled source, tile-cutting region, tiled result.
  {
    CompiledKernel k =
        compileKernel(*ctx, BuiltinKind::Slice, {tiledT, regionTiledT});
    PackedArgs args;
    args.addBuffer(tiledBuf);
    args.addIndices(offsets);
    args.addBuffer(regionTiledBuf);
    report("slice tiled->tiled", regionBytes,
           bestSeconds([&] { k.run(args); }));
  }
  // Encoded update: identity update into a tiled target, tile-cutting.
  {
    CompiledKernel k =
        compileKernel(*ctx, BuiltinKind::Update, {tiledT, regionIdentityT});
    PackedArgs args;
    args.addBuffer(tiledBuf);
    args.addBuffer(regionIdentityBuf);
    args.addIndices(offsets);
    report("update identity->tiled", regionBytes,
           bestSeconds([&] { k.run(args); }));
  }
  // Encoded fill of a tile-cutting region of a tiled target.
  {
    CompiledKernel k = compileKernel(*ctx, BuiltinKind::Fill, {tiledT});
    PackedArgs args;
    args.addBuffer(tiledBuf);
    args.addIndices(offsets);
    args.addIndices(lengths);
    args.addScalar<float>(1.5f);
    report("fill tiled", regionBytes, bestSeconds([&] { k.run(args); }));
  }
  return 0;
}
