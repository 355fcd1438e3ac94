//===- BuiltinKernelsTest.cpp - builtin transfer kernels ------------------===//
//
// getBuiltinName (distinct per signature, equal for physically equal
// layouts, a bare symbol), buildBuiltinExecutable (structure, ABI, verifier),
// stream-lite-lower-bindings followed by the upstream lowering to the LLVM
// dialect, and JIT execution of every kernel kind (KernelJit.h) against the
// independent brute-force byte images of LayoutReference.h (tile padding
// zero, padding bytes and untouched elements unchanged, no write past the
// storage).
//
//===----------------------------------------------------------------------===//

#include "CatchUtil.h"
#include "KernelJit.h"
#include "LayoutReference.h"
#include "TestUtil.h"

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/BuiltinKernels.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <functional>
#include <memory>
#include <set>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

//===----------------------------------------------------------------------===//
// Tensor specs
//===----------------------------------------------------------------------===//

/// A concrete tensor of a kernel: reference layout, concrete shape, which
/// dims the type leaves dynamic, and the element type's spelling.
struct TensorSpec {
  LayoutDesc layout;
  Shape shape;
  std::vector<bool> dynamic;
  std::string element;
  /// Spell the encoding as `#stream_lite.layout<[...]>` around the layout.
  bool wrapInLayout = false;

  std::string typeStr() const {
    std::string s = "tensor<";
    for (size_t i = 0; i < shape.size(); ++i)
      s += (i < dynamic.size() && dynamic[i] ? std::string("?")
                                             : std::to_string(shape[i])) +
           "x";
    s += element;
    bool identity = layout.kind == LayoutDesc::Identity;
    if (wrapInLayout)
      s += ", #stream_lite.layout<[" + layout.str() + "]>";
    else if (!identity)
      s += ", " + layout.str();
    return s + ">";
  }
  std::vector<int64_t> dynamicDims() const {
    std::vector<int64_t> dims;
    for (size_t i = 0; i < shape.size(); ++i)
      if (i < dynamic.size() && dynamic[i])
        dims.push_back(shape[i]);
    return dims;
  }
};

TensorSpec spec(LayoutDesc layout, Shape shape, std::string element,
                std::vector<bool> dynamic = {}) {
  TensorSpec t;
  t.layout = std::move(layout);
  t.shape = std::move(shape);
  t.element = std::move(element);
  t.dynamic = std::move(dynamic);
  return t;
}

/// One kernel to build and run.
struct KernelCase {
  BuiltinKind kind;
  std::vector<TensorSpec> tensors;
  std::vector<int64_t> offsets = {}; // slice, update, fill
  std::vector<int64_t> lengths = {}; // fill

  std::string describe() const {
    std::string s = stringifyBuiltinKind(kind).str();
    for (const TensorSpec &t : tensors)
      s += " " + t.typeStr() + " shape=" + listStr(t.shape);
    if (!offsets.empty())
      s += " offsets=" + listStr(offsets);
    if (!lengths.empty())
      s += " lengths=" + listStr(lengths);
    return s;
  }
};

std::vector<KernelCase> kernelCases() {
  using K = BuiltinKind;
  std::vector<KernelCase> cases;
  // Encode: relayouts between identity, padding and tiled (with and without
  // outer_dims_perm), static and dynamic, every element type.
  cases.push_back({K::Encode,
                   {spec(identityLayout(2), {5, 7}, "f32", {true, false}),
                    spec(tiledLayout(2, {0, 1}, {4, 4}, {1, 0}), {5, 7}, "f32",
                         {true, false})}});
  cases.push_back({K::Encode,
                   {spec(paddingLayout({1, 3}), {3, 5}, "i8"),
                    spec(tiledLayout(2, {1}, {4}), {3, 5}, "i8")}});
  cases.push_back(
      {K::Encode,
       {spec(tiledLayout(2, {0, 1}, {2, 3}), {5, 4}, "i1", {true, true}),
        spec(identityLayout(2), {5, 4}, "i1", {true, true})}});
  cases.push_back(
      {K::Encode,
       {spec(tiledLayout(2, {0}, {8}), {9, 3}, "i64", {false, true}),
        spec(tiledLayout(2, {1, 0}, {2, 4}, {1, 0}), {9, 3}, "i64",
             {false, true})}});
  cases.push_back(
      {K::Encode,
       {spec(identityLayout(3), {2, 3, 5}, "f16"),
        spec(tiledLayout(3, {2, 0}, {4, 2}, {2, 0, 1}), {2, 3, 5}, "f16")}});
  {
    KernelCase c{K::Encode,
                 {spec(identityLayout(2), {6, 4}, "f64"),
                  spec(tiledLayout(2, {0}, {4}), {6, 4}, "f64")}};
    c.tensors[1].wrapInLayout = true;
    cases.push_back(c);
  }
  // Slice.
  cases.push_back(
      {K::Slice,
       {spec(tiledLayout(2, {0, 1}, {8, 4}), {10, 9}, "f16", {true, true}),
        spec(tiledLayout(2, {1}, {2}), {4, 5}, "f16")},
       {3, 2}});
  cases.push_back(
      {K::Slice,
       {spec(tiledLayout(2, {0, 1}, {8, 4}), {11, 6}, "f32", {false, true}),
        spec(identityLayout(2), {2, 4}, "f32")},
       {7, 1}});
  cases.push_back({K::Slice,
                   {spec(paddingLayout({0, 5}), {4, 6}, "i1", {true, false}),
                    spec(tiledLayout(2, {0, 1}, {3, 2}, {1, 0}), {3, 3}, "i1",
                         {true, false})},
                   {1, 2}});
  // Update.
  cases.push_back({K::Update,
                   {spec(tiledLayout(2, {0, 1}, {4, 2}, {1, 0}), {9, 7}, "i16",
                         {true, false}),
                    spec(identityLayout(2), {3, 4}, "i16")},
                   {5, 2}});
  cases.push_back(
      {K::Update,
       {spec(paddingLayout({2, 1}), {4, 5}, "i1"),
        spec(tiledLayout(2, {1}, {2}), {2, 3}, "i1", {false, true})},
       {1, 2}});
  cases.push_back({K::Update,
                   {spec(tiledLayout(1, {0}, {4}), {10}, "f64", {true}),
                    spec(paddingLayout({3}), {5}, "f64", {true})},
                   {3}});
  // Fill.
  cases.push_back({K::Fill,
                   {spec(tiledLayout(2, {0, 1}, {4, 4}), {7, 6}, "f32")},
                   {1, 2},
                   {5, 3}});
  cases.push_back({K::Fill,
                   {spec(tiledLayout(2, {1, 0}, {3, 2}, {1, 0}), {5, 7}, "i1",
                         {true, true})},
                   {2, 1},
                   {3, 5}});
  cases.push_back({K::Fill, {spec(paddingLayout({4}), {9}, "i64")}, {2}, {6}});
  // Splat.
  cases.push_back({K::Splat,
                   {spec(tiledLayout(2, {0, 1}, {4, 2}, {1, 0}), {5, 3}, "f32",
                         {true, true})}});
  cases.push_back({K::Splat, {spec(identityLayout(0), {}, "i8")}});
  cases.push_back({K::Splat, {spec(tiledLayout(1, {0}, {4}), {5}, "i1")}});
  cases.push_back({K::Splat, {spec(paddingLayout({0, 3}), {2, 2}, "f16")}});
  // A byte width that is not a power of two (LLVM pads i24 to 4 bytes in
  // arrays; the byte image must not).
  cases.push_back({K::Splat, {spec(tiledLayout(1, {0}, {4}), {5}, "i24")}});
  cases.push_back({K::Encode,
                   {spec(identityLayout(2), {3, 3}, "i24"),
                    spec(tiledLayout(2, {1}, {2}), {3, 3}, "i24")}});
  return cases;
}

std::vector<RankedTensorType> parseTypes(MLIRContext &ctx, const KernelCase &c) {
  std::vector<RankedTensorType> types;
  for (const TensorSpec &t : c.tensors)
    types.push_back(requireTensorType(ctx, t.typeStr()));
  return types;
}

/// A module holding the builtin executable of `c` (named by getBuiltinName).
/// With `parallel`, its outer loop is an scf.parallel of groups
/// (BuiltinKernelOptions::parallelOuterLoop).
OwningOpRef<ModuleOp> buildKernelModule(
    MLIRContext &ctx, BuiltinKind kind, ArrayRef<RankedTensorType> types,
    bool parallel = false,
    int64_t nonTemporalStoreBytes = kDefaultNonTemporalStoreBytes,
    ScatteredStores nonTemporalScatteredStores = ScatteredStores::WholeLines,
    int64_t minParallelTaskBytes = kMinParallelTaskBytes) {
  BuiltinKernelOptions options;
  options.parallelOuterLoop = parallel;
  options.minParallelTaskBytes = minParallelTaskBytes;
  options.nonTemporalStoreBytes = nonTemporalStoreBytes;
  options.nonTemporalScatteredStores = nonTemporalScatteredStores;
  OwningOpRef<ModuleOp> module =
      buildBuiltinKernelModule(ctx, kind, types, options);
  REQUIRE(module);
  return module;
}

bool isBareSymbol(const std::string &name) {
  if (name.empty() || !(llvm::isAlpha(name[0]) || name[0] == '_'))
    return false;
  return llvm::all_of(name, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  });
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

/// The names of the ops of `module` (nested) that are not in `allowed`
/// dialects (builtin.module itself is always allowed).
std::set<std::string> opsOutside(Operation *root,
                                 std::set<std::string> allowedDialects) {
  std::set<std::string> outside;
  root->walk([&](Operation *op) {
    if (op == root || isa<ModuleOp>(op))
      return;
    if (!allowedDialects.count(op->getName().getDialectNamespace().str()))
      outside.insert(op->getName().getStringRef().str());
  });
  return outside;
}

std::string join(const std::set<std::string> &names) {
  std::string s;
  for (const std::string &n : names)
    s += (s.empty() ? "" : ", ") + n;
  return s;
}

//===----------------------------------------------------------------------===//
// JIT execution against the reference byte images
//===----------------------------------------------------------------------===//

constexpr int64_t kGuardBytes = 16;
constexpr uint8_t kGuard = 0xCD;

/// How element values are made, from the element type's name (looked at
/// once per tensor, not per element).
enum class ValueKind { Bool, F16, F32, F64, Int };

ValueKind valueKindOf(const std::string &element) {
  if (element == "i1")
    return ValueKind::Bool;
  if (element == "f16")
    return ValueKind::F16;
  if (element == "f32")
    return ValueKind::F32;
  if (element == "f64")
    return ValueKind::F64;
  return ValueKind::Int;
}

/// One element's bytes; inline, so that the per-element expectations of
/// megabyte cases do not allocate (they dominate the sanitizer runs).
using ElementBytes = llvm::SmallVector<uint8_t, 8>;

/// The bytes of element `key` of a tensor of `kind` values (`salt` tells
/// tensors apart), `width` wide. Floats are finite; i1 is 0 or 1; packed
/// elements (i2, i4) are one byte holding the element in its low bits.
ElementBytes elementValue(ValueKind kind, ElementWidth width, int64_t key,
                          int64_t salt) {
  ElementBytes out(std::max<int64_t>(width.bytes(), 1), 0);
  switch (kind) {
  case ValueKind::Bool:
    out[0] = static_cast<uint8_t>((key + salt) & 1);
    break;
  case ValueKind::F16: {
    uint16_t h = static_cast<uint16_t>(0x3C00 + ((key * 7 + salt * 13) & 0x3FF));
    std::memcpy(out.data(), &h, 2);
    break;
  }
  case ValueKind::F32: {
    float f = static_cast<float>(key * 3 + salt) + 0.25f;
    std::memcpy(out.data(), &f, 4);
    break;
  }
  case ValueKind::F64: {
    double d = static_cast<double>(key * 5 + salt) + 0.125;
    std::memcpy(out.data(), &d, 8);
    break;
  }
  case ValueKind::Int: {
    uint64_t v = static_cast<uint64_t>(key) * 0x9E3779B97F4A7C15ull +
                 static_cast<uint64_t>(salt) * 0x1234567ull + 5;
    // The high bits vary most.
    if (width.isPacked())
      v = (v >> 59) & ((1u << width.bits) - 1);
    std::memcpy(out.data(), &v, out.size());
    break;
  }
  }
  return out;
}

/// Allocates at the start of a cache line, so that a kernel's stores meet
/// the same line boundaries in every run: rows of a multiple of 64 bytes
/// take the aligned branch of whole-line stores, the others both.
template <typename T>
struct LineAlignedAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  LineAlignedAllocator() = default;
  template <typename U>
  LineAlignedAllocator(const LineAlignedAllocator<U> &) {}
  T *allocate(size_t n) {
    return static_cast<T *>(::operator new(n * sizeof(T), kAlign));
  }
  void deallocate(T *p, size_t) { ::operator delete(p, kAlign); }
  bool operator==(const LineAlignedAllocator &) const { return true; }
  bool operator!=(const LineAlignedAllocator &) const { return false; }
};

/// A byte buffer with its reference image and, per byte, the expected bits
/// and which of them must match (`care`: none for the pad bytes of a
/// created padding-layout result). Elements are addressed in bits, so that
/// packed elements share bytes.
struct Buffer {
  TensorSpec spec;
  ElementWidth width;
  ValueKind valueKind;
  RefBitImage image;
  std::vector<uint8_t, LineAlignedAllocator<uint8_t>> bytes;
  std::vector<uint8_t> expected;
  std::vector<uint8_t> care;

  Buffer(const TensorSpec &s, ElementWidth width, uint8_t fill)
      : spec(s), width(width), valueKind(valueKindOf(s.element)),
        image(referenceBitImage(s.layout, s.shape, width.bits)) {
    REQUIRE(image.complete);
    bytes.assign(image.storageBytes + kGuardBytes, fill);
    for (int64_t i = 0; i < kGuardBytes; ++i)
      bytes[image.storageBytes + i] = kGuard;
  }

  /// Writes logical element values (by key, with `salt`) into `bytes`.
  void writeElements(int64_t salt) {
    forEachIndex(spec.shape, [&](const Shape &idx) {
      setBits(bytes, idx, value(idx, salt), /*careToo=*/false);
    });
  }
  ElementBytes value(const Shape &idx, int64_t salt) const {
    return elementValue(valueKind, width, logicalKey(spec.shape, idx), salt);
  }
  /// Expects element `idx` to hold `value`.
  void expect(const Shape &idx, llvm::ArrayRef<uint8_t> value) {
    setBits(expected, idx, value, /*careToo=*/true);
  }
  /// Expectation: the current bytes, unchanged.
  void expectUnchanged() {
    expected.assign(bytes.begin(), bytes.end());
    care.assign(bytes.size(), 0xFF);
  }
  /// Expectation for a result the kernel creates: pad bytes and tail bits
  /// zero for tiled layouts, anything for padding layouts; elements set by
  /// the caller.
  void expectCreated() {
    expected.assign(bytes.size(), 0);
    bool tiled = spec.layout.kind == LayoutDesc::Tiled;
    care.assign(bytes.size(), tiled ? 0xFF : 0);
    for (int64_t i = 0; i < kGuardBytes; ++i) {
      expected[image.storageBytes + i] = kGuard;
      care[image.storageBytes + i] = 0xFF;
    }
  }

  /// A result a builtin creates in plain rows of packed elements: the tail
  /// bits past its last element are zero too (one builtin serves every
  /// physically equal layout, tiled ones among them).
  void expectZeroTail() {
    int64_t slots = width.slotsPerByte();
    int64_t count = 1;
    for (int64_t extent : spec.shape)
      count *= extent;
    if (spec.layout.kind == LayoutDesc::Identity && slots > 1 &&
        count % slots != 0)
      care[image.storageBytes - 1] =
          static_cast<uint8_t>(0xFF << ((count % slots) * width.bits));
  }

  /// The first mismatch, or empty.
  std::string check(const std::string &what) const {
    for (size_t i = 0; i < bytes.size(); ++i) {
      if (((bytes[i] ^ expected[i]) & care[i]) == 0)
        continue;
      std::string where = static_cast<int64_t>(i) >= image.storageBytes
                              ? "guard byte past the storage"
                              : "storage byte";
      return what + ": " + where + " " + std::to_string(i) + " is " +
             std::to_string(bytes[i]) + ", expected " +
             std::to_string(expected[i]) + " in the bits of mask " +
             std::to_string(care[i]) + " (storage " +
             std::to_string(image.storageBytes) + " bytes)";
    }
    return "";
  }

private:
  void setBits(llvm::MutableArrayRef<uint8_t> dst, const Shape &idx,
               llvm::ArrayRef<uint8_t> value, bool careToo) {
    int64_t bit = image.bitOffsetOf[logicalKey(spec.shape, idx)];
    if (!width.isPacked()) {
      for (int64_t b = 0; b < width.bytes(); ++b) {
        dst[bit / 8 + b] = value[b];
        if (careToo)
          care[bit / 8 + b] = 0xFF;
      }
      return;
    }
    uint8_t mask = static_cast<uint8_t>(((1u << width.bits) - 1) << (bit % 8));
    uint8_t &byte = dst[bit / 8];
    byte = static_cast<uint8_t>((byte & ~mask) |
                                ((value[0] << (bit % 8)) & mask));
    if (careToo)
      care[bit / 8] |= mask;
  }
};

/// A binding over `buffer`'s storage bytes (not its guard bytes).
void addBuffer(PackedArgs &args, Buffer &buffer) {
  args.addByteBuffer(buffer.bytes.data(), buffer.image.storageBytes);
}

/// Lowers the kernel module (parallel loops as tasks on up to `threads`
/// threads), JIT-compiles its inner module and calls the kernel with `args`.
void runKernel(ModuleOp module, const std::string &name, PackedArgs &args,
               unsigned threads = 1) {
  std::string diags;
  REQUIRE(succeeded(lowerKernelModule(module, &diags, threads)));
  INFO(diags);
  llvm::Expected<JitKernel> kernel = jitKernel(module, name);
  if (!kernel) {
    std::string message = llvm::toString(kernel.takeError());
    FAIL(message);
  }
  llvm::Error error = kernel->invoke(args);
  if (error) {
    std::string message = llvm::toString(std::move(error));
    FAIL("invokePacked failed: " << message);
  }
}

/// The value splat or filled by a case.
ElementBytes patternValue(const TensorSpec &t, ElementWidth width) {
  return elementValue(valueKindOf(t.element), width, /*key=*/12345, /*salt=*/7);
}

/// How a case's kernel is built and run: its outer loop on up to
/// `threads` threads; the rest as BuiltinKernelOptions.
struct RunConfig {
  unsigned threads = 1;
  int64_t nonTemporalStoreBytes = kDefaultNonTemporalStoreBytes;
  ScatteredStores nonTemporalScatteredStores = ScatteredStores::WholeLines;
  int64_t minParallelTaskBytes = kMinParallelTaskBytes;
};

/// Builds, runs and checks one case against the reference under each of
/// `configs`. The reference images (element by element, the bulk of the
/// time under the sanitizers) are computed once; each run starts from the
/// same initial bytes.
void runAndCheck(MLIRContext &ctx, const KernelCase &c,
                 llvm::ArrayRef<RunConfig> configs) {
  INFO(c.describe());
  std::vector<RankedTensorType> types = parseTypes(ctx, c);
  std::string name = getBuiltinName(c.kind, types);
  ElementWidth width = ElementWidth::of(types[0].getElementType());
  const TensorSpec &t0 = c.tensors[0];
  auto offsetBy = [&](const Shape &idx, Shape &at) {
    for (size_t i = 0; i < at.size(); ++i)
      at[i] = idx[i] + (i < c.offsets.size() ? c.offsets[i] : 0);
  };
  // The buffers in binding order, each with its name for the checks, and
  // the arguments around them.
  std::vector<std::pair<std::string, std::unique_ptr<Buffer>>> buffers;
  std::function<void(PackedArgs &)> bind;
  auto add = [&](std::string what, const TensorSpec &t, uint8_t fill) {
    buffers.emplace_back(std::move(what),
                         std::make_unique<Buffer>(t, width, fill));
    return buffers.back().second.get();
  };
  // Tiled targets start zero, as a created tiled resource is.
  uint8_t targetFill = t0.layout.kind == LayoutDesc::Tiled ? 0x00 : 0x5A;

  switch (c.kind) {
  case BuiltinKind::Encode:
  case BuiltinKind::Slice: {
    const TensorSpec &t1 = c.tensors[1];
    Buffer *src = add("source", t0, 0xEE);
    src->writeElements(/*salt=*/1);
    src->expectUnchanged();
    Buffer *dst = add("result", t1, 0xAB);
    dst->expectCreated();
    dst->expectZeroTail();
    Shape from(t1.shape.size());
    forEachIndex(t1.shape, [&](const Shape &idx) {
      offsetBy(idx, from);
      dst->expect(idx, src->value(from, 1));
    });
    bind = [&, src, dst](PackedArgs &args) {
      addBuffer(args, *src);
      args.addIndices(t0.dynamicDims());
      if (c.kind == BuiltinKind::Slice)
        args.addIndices(c.offsets);
      args.addIndices(c.tensors[1].dynamicDims());
      addBuffer(args, *dst);
    };
    break;
  }
  case BuiltinKind::Update: {
    const TensorSpec &t1 = c.tensors[1];
    Buffer *target = add("target", t0, targetFill);
    target->writeElements(1);
    target->expectUnchanged();
    Buffer *update = add("update", t1, 0xEE);
    update->writeElements(2);
    update->expectUnchanged();
    Shape to(t1.shape.size());
    forEachIndex(t1.shape, [&](const Shape &idx) {
      offsetBy(idx, to);
      target->expect(to, update->value(idx, 2));
    });
    bind = [&, target, update](PackedArgs &args) {
      addBuffer(args, *target);
      addBuffer(args, *update);
      args.addIndices(t0.dynamicDims());
      args.addIndices(c.tensors[1].dynamicDims());
      args.addIndices(c.offsets);
    };
    break;
  }
  case BuiltinKind::Fill: {
    Buffer *target = add("target", t0, targetFill);
    target->writeElements(1);
    target->expectUnchanged();
    ElementBytes value = patternValue(t0, width);
    Shape to(c.lengths.size());
    forEachIndex(Shape(c.lengths.begin(), c.lengths.end()),
                 [&](const Shape &idx) {
                   offsetBy(idx, to);
                   target->expect(to, value);
                 });
    bind = [&, target, value](PackedArgs &args) {
      addBuffer(args, *target);
      args.addIndices(t0.dynamicDims());
      args.addIndices(c.offsets);
      args.addIndices(c.lengths);
      args.addElementBytes(value);
    };
    break;
  }
  case BuiltinKind::Splat: {
    Buffer *dst = add("result", t0, 0xAB);
    dst->expectCreated();
    dst->expectZeroTail();
    ElementBytes value = patternValue(t0, width);
    forEachIndex(t0.shape, [&](const Shape &idx) { dst->expect(idx, value); });
    bind = [&, dst, value](PackedArgs &args) {
      args.addIndices(t0.dynamicDims());
      args.addElementBytes(value);
      addBuffer(args, *dst);
    };
    break;
  }
  }

  std::vector<std::vector<uint8_t, LineAlignedAllocator<uint8_t>>> initial;
  for (auto &entry : buffers)
    initial.push_back(entry.second->bytes);
  for (const RunConfig &config : configs) {
    INFO("threads=" << config.threads << " non-temporal-store-bytes="
                    << config.nonTemporalStoreBytes
                    << " scattered="
                    << stringifyScatteredStores(
                           config.nonTemporalScatteredStores).str());
    for (auto [entry, bytes] : llvm::zip_equal(buffers, initial))
      std::copy(bytes.begin(), bytes.end(), entry.second->bytes.begin());
    OwningOpRef<ModuleOp> module = buildKernelModule(
        ctx, c.kind, types, config.threads > 1, config.nonTemporalStoreBytes,
        config.nonTemporalScatteredStores, config.minParallelTaskBytes);
    PackedArgs args;
    bind(args);
    runKernel(*module, name, args, config.threads);
    for (auto &[what, buffer] : buffers)
      CHECK(buffer->check(what) == "");
  }
}

/// runAndCheck under one configuration.
void runAndCheck(MLIRContext &ctx, const KernelCase &c, unsigned threads = 1,
                 int64_t nonTemporalStoreBytes = kDefaultNonTemporalStoreBytes,
                 ScatteredStores nonTemporalScatteredStores =
                     ScatteredStores::WholeLines) {
  runAndCheck(ctx, c,
              {RunConfig{threads, nonTemporalStoreBytes,
                         nonTemporalScatteredStores}});
}

} // namespace

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

TEST_CASE("builtin names follow the documented mangling", "[builtins]") {
  auto ctx = makeContext();
  auto t = [&](StringRef text) {
    RankedTensorType type = parseTensorType(*ctx, text);
    INFO(text.str());
    REQUIRE(type);
    return type;
  };
  CHECK(getBuiltinName(
            BuiltinKind::Slice,
            {t("tensor<4x?xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], "
               "inner_tiles = [8, 4]>>"),
             t("tensor<2x4xf32>")}) ==
        "__builtin_slice_4xDxf32_tiled_p0_1_t8_4_to_2x4xf32");
  CHECK(getBuiltinName(BuiltinKind::Fill,
                       {t("tensor<?x8xi1, #stream_lite.padding<[0, 3]>>")}) ==
        "__builtin_fill_Dx8xi1_pad_0_3");
  CHECK(getBuiltinName(BuiltinKind::Splat, {t("tensor<f16>")}) ==
        "__builtin_splat_f16");
  CHECK(getBuiltinName(
            BuiltinKind::Encode,
            {t("tensor<3x5xi64>"),
             t("tensor<3x5xi64, #stream_lite.tiled<inner_dims_pos = [1, 0], "
               "inner_tiles = [2, 4], outer_dims_perm = [1, 0]>>")}) ==
        "__builtin_encode_3x5xi64_to_3x5xi64_tiled_p1_0_t2_4_o1_0");
  CHECK(getBuiltinName(BuiltinKind::Update,
                       {t("tensor<8x8xbf16>"), t("tensor<2x2xbf16>")}) ==
        "__builtin_update_8x8xbf16_to_2x2xbf16");
  CHECK(getBuiltinName(
            BuiltinKind::Encode,
            {t("tensor<16x8xf32>"),
             t("tensor<16x8xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], "
               "inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<"
               "expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, "
               "2]>>>")}) ==
        "__builtin_encode_16x8xf32_to_16x8xf32_tiled_p0_1_t8_4_sw_g2_4_g2_2_"
        "q1_3_0_2");
}

TEST_CASE("builtin names are distinct per signature and bare symbols",
          "[builtins]") {
  auto ctx = makeContext();
  std::vector<std::pair<BuiltinKind, std::vector<std::string>>> signatures = {
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [2]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [2, 4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [1, 0]>>"}},
      // Swizzles of the same tile (issue 15 found plain and swizzled
      // sharing a name).
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2], swizzle = #stream_lite.swizzle<expand_shape = [[2, 2], [2]], permutation = [1, 0, 2]>>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2], swizzle = #stream_lite.swizzle<expand_shape = [[2, 2], [2]], permutation = [1, 2, 0]>>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.padding<[0, 4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.padding<[4, 0]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.padding<[0, 44]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.padding<[4, 4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf32, #stream_lite.padding<[0, 4]>>", "tensor<4x4xf32>"}},
      {BuiltinKind::Encode, {"tensor<4x?xf32>", "tensor<4x?xf32, #stream_lite.padding<[0, 4]>>"}},
      {BuiltinKind::Encode, {"tensor<?x4xf32>", "tensor<?x4xf32, #stream_lite.padding<[0, 4]>>"}},
      {BuiltinKind::Encode, {"tensor<44xf32>", "tensor<44xf32, #stream_lite.padding<[4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xf16>", "tensor<4x4xf16, #stream_lite.padding<[0, 4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xbf16>", "tensor<4x4xbf16, #stream_lite.padding<[0, 4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xi1>", "tensor<4x4xi1, #stream_lite.padding<[0, 4]>>"}},
      {BuiltinKind::Encode, {"tensor<4x4xi8>", "tensor<4x4xi8, #stream_lite.padding<[0, 4]>>"}},
      {BuiltinKind::Slice, {"tensor<4x4xf32>", "tensor<4x4xf32, #stream_lite.padding<[0, 4]>>"}},
      {BuiltinKind::Slice, {"tensor<4x4xf32>", "tensor<2x4xf32>"}},
      {BuiltinKind::Slice, {"tensor<4x4xf32>", "tensor<4x2xf32>"}},
      {BuiltinKind::Update, {"tensor<4x4xf32>", "tensor<2x4xf32>"}},
      {BuiltinKind::Fill, {"tensor<4x4xf32>"}},
      {BuiltinKind::Fill, {"tensor<4x4xi32>"}},
      {BuiltinKind::Fill, {"tensor<16xf32>"}},
      {BuiltinKind::Fill, {"tensor<f32>"}},
      {BuiltinKind::Splat, {"tensor<4x4xf32>"}},
      {BuiltinKind::Splat, {"tensor<4x4xf8E4M3FN>"}},
      {BuiltinKind::Splat, {"tensor<4x4xf8E5M2>"}},
      {BuiltinKind::Splat, {"tensor<4x4xcomplex<f32>>"}},
      {BuiltinKind::Splat, {"tensor<4x4xindex>"}},
      {BuiltinKind::Splat, {"tensor<4x4xui8>"}},
  };
  std::set<std::string> names;
  for (auto &[kind, texts] : signatures) {
    std::vector<RankedTensorType> types;
    for (const std::string &text : texts) {
      RankedTensorType type = parseTensorType(*ctx, text);
      INFO(text);
      REQUIRE(type);
      types.push_back(type);
    }
    std::string name = getBuiltinName(kind, types);
    INFO(name);
    CHECK(isBareSymbol(name));
    CHECK(names.insert(name).second);
  }
  // The kind is part of the name.
  CHECK(names.size() == signatures.size());
}

TEST_CASE("physically equal layouts share a builtin name", "[builtins]") {
  auto ctx = makeContext();
  std::vector<std::vector<std::string>> groups = {
      {"tensor<4x?xf32>", "tensor<4x?xf32, #stream_lite.identity>",
       "tensor<4x?xf32, #stream_lite.padding<[0, 0]>>",
       "tensor<4x?xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>>",
       "tensor<4x?xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1], outer_dims_perm = [0, 1]>>",
       "tensor<4x?xf32, #stream_lite.layout<[#stream_lite.identity]>>",
       "tensor<4x?xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[0, 0]>]>>"},
      {"tensor<8x6xi8, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>>",
       "tensor<8x6xi8, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 1]>>",
       "tensor<8x6xi8, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [1, 4], outer_dims_perm = [0, 1]>>",
       "tensor<8x6xi8, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>]>>"},
      {"tensor<3x5xf16, #stream_lite.padding<[1, 2]>>",
       "tensor<3x5xf16, #stream_lite.layout<[#stream_lite.padding<[1, 2]>]>>"},
  };
  for (const auto &group : groups) {
    std::set<std::string> names;
    for (const std::string &text : group) {
      RankedTensorType type = parseTensorType(*ctx, text);
      INFO(text);
      REQUIRE(type);
      REQUIRE(getPhysicalLayout(type));
      names.insert(getBuiltinName(BuiltinKind::Splat, {type}));
      names.insert(getBuiltinName(BuiltinKind::Encode, {type, type}));
    }
    INFO(group.front());
    CHECK(names.size() == 2);
  }
  // An identity outer_dims_perm built in C++ (kept by TiledAttr::get) is the
  // default too.
  auto base = parseTensorType(*ctx, "tensor<8x6xi8>");
  REQUIRE(base);
  auto explicitPerm = TiledAttr::get(ctx.get(), {0}, {4}, {0, 1});
  auto noPerm = TiledAttr::get(ctx.get(), {0}, {4}, {});
  auto a = RankedTensorType::get(base.getShape(), base.getElementType(), explicitPerm);
  auto b = RankedTensorType::get(base.getShape(), base.getElementType(), noPerm);
  CHECK(getBuiltinName(BuiltinKind::Splat, {a}) ==
        getBuiltinName(BuiltinKind::Splat, {b}));
}

//===----------------------------------------------------------------------===//
// Structure, verifier and lowering
//===----------------------------------------------------------------------===//

TEST_CASE("builtin executables have the documented shape and ABI",
          "[builtins]") {
  auto ctx = makeContext();
  for (const KernelCase &c : kernelCases()) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    std::string name = getBuiltinName(c.kind, types);
    OwningOpRef<ModuleOp> module = buildKernelModule(*ctx, c.kind, types);
    {
      DiagnosticCapture capture(*ctx);
      bool verified = succeeded(verify(*module));
      INFO(capture.text());
      REQUIRE(verified);
    }

    // executable private @name { export public @name  builtin.module {...} }
    auto executables = llvm::to_vector(module->getOps<ExecutableOp>());
    REQUIRE(executables.size() == 1);
    ExecutableOp executable = executables.front();
    CHECK(executable.getSymName() == name);
    CHECK(executable.getSymVisibility() == "private");
    auto exports = llvm::to_vector(executable.getOps<ExecutableExportOp>());
    REQUIRE(exports.size() == 1);
    CHECK(exports.front().getSymName() == name);
    CHECK(exports.front().getSymVisibility() == "public");
    CHECK(!exports.front().getFunctionRef());
    ModuleOp inner = executable.getInnerModule();
    REQUIRE(inner);
    auto funcs = llvm::to_vector(inner.getOps<func::FuncOp>());
    REQUIRE(funcs.size() == 1);
    CHECK(funcs.front().getSymName() == name);

    // The ABI of BuiltinKernels.h.
    Type binding = BindingType::get(ctx.get());
    Type index = IndexType::get(ctx.get());
    Type element = types[0].getElementType();
    SmallVector<Type> expected;
    auto add = [&](Type type, int64_t n) { expected.append(n, type); };
    int64_t rank = types[0].getRank();
    switch (c.kind) {
    case BuiltinKind::Encode:
      add(binding, 1);
      add(index, types[0].getNumDynamicDims());
      add(index, types[1].getNumDynamicDims());
      add(binding, 1);
      break;
    case BuiltinKind::Slice:
      add(binding, 1);
      add(index, types[0].getNumDynamicDims());
      add(index, rank);
      add(index, types[1].getNumDynamicDims());
      add(binding, 1);
      break;
    case BuiltinKind::Update:
      add(binding, 2);
      add(index, types[0].getNumDynamicDims());
      add(index, types[1].getNumDynamicDims());
      add(index, rank);
      break;
    case BuiltinKind::Fill:
      add(binding, 1);
      add(index, types[0].getNumDynamicDims());
      add(index, 2 * rank);
      add(element, 1);
      break;
    case BuiltinKind::Splat:
      add(index, types[0].getNumDynamicDims());
      add(element, 1);
      add(binding, 1);
      break;
    }
    CHECK(funcs.front().getFunctionType() ==
          FunctionType::get(ctx.get(), expected, {}));
    CHECK(funcs.front().getFunctionType().getNumResults() == 0);

    // Plain upstream MLIR (vector: the shuffles of swizzled tiles) plus the
    // binding views and, after stores that may be non-temporal (a dynamic
    // region decides at run time), llvm.fence; each subspan carries the
    // binding's tensor type and starts at byte 0.
    std::set<std::string> others =
        opsOutside(inner, {"func", "arith", "scf", "memref", "vector"});
    others.erase("llvm.fence");
    CHECK(join(others) == "stream_lite.binding.subspan");
    std::vector<Type> viewed;
    inner.walk([&](BindingSubspanOp subspan) {
      viewed.push_back(subspan.getTensorType());
      CHECK(isConstantIntValue(subspan.getByteOffset(), 0));
      CHECK(subspan.getResult().getType() ==
            MemRefType::get({ShapedType::kDynamic},
                            IntegerType::get(ctx.get(), 8)));
    });
    std::vector<Type> wanted(types.begin(), types.end());
    std::sort(viewed.begin(), viewed.end(),
              [](Type x, Type y) { return x.getAsOpaquePointer() < y.getAsOpaquePointer(); });
    std::sort(wanted.begin(), wanted.end(),
              [](Type x, Type y) { return x.getAsOpaquePointer() < y.getAsOpaquePointer(); });
    CHECK(viewed == wanted);

    // Round trip through the textual form.
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    std::string diags;
    auto reparsed = parseModule(*ctx, text, &diags);
    INFO(text << diags);
    CHECK(reparsed);
  }
}

TEST_CASE("builtin kernels lower to the LLVM dialect", "[builtins]") {
  auto ctx = makeContext();
  for (const KernelCase &c : kernelCases()) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    OwningOpRef<ModuleOp> module = buildKernelModule(*ctx, c.kind, types);
    std::string diags;
    bool lowered = succeeded(lowerKernelModule(*module, &diags));
    INFO(diags);
    REQUIRE(lowered);
    ModuleOp inner = (*module->getOps<ExecutableOp>().begin()).getInnerModule();
    CHECK(join(opsOutside(inner, {"llvm"})) == "");
    CHECK(succeeded(verify(*module)));
  }
}

TEST_CASE("builtin kernels reject types without a unique physical layout",
          "[builtins]") {
  auto ctx = makeContext();
  OpBuilder builder(ctx.get());
  OwningOpRef<ModuleOp> module = ModuleOp::create(builder.getUnknownLoc());
  builder.setInsertionPointToEnd(module->getBody());
  RankedTensorType differ = parseTensorType(
      *ctx, "tensor<4x4xf32, #stream_lite.layout<[#stream_lite.identity, "
            "#stream_lite.padding<[0, 4]>]>>");
  RankedTensorType plain = parseTensorType(*ctx, "tensor<4x4xf32>");
  RankedTensorType other = parseTensorType(*ctx, "tensor<4x4xf16>");
  REQUIRE(differ);
  REQUIRE(plain);
  REQUIRE(other);
  DiagnosticCapture capture(*ctx);
  CHECK(!buildBuiltinExecutable(builder, builder.getUnknownLoc(), "x",
                                BuiltinKind::Encode, {plain, differ}));
  CHECK(capture.text().find("has no unique physical layout") != std::string::npos);
  capture.clear();
  CHECK(!buildBuiltinExecutable(builder, builder.getUnknownLoc(), "x",
                                BuiltinKind::Encode, {plain, other}));
  CHECK(capture.text().find("differ in rank or element type") != std::string::npos);
  capture.clear();
  CHECK(!buildBuiltinExecutable(builder, builder.getUnknownLoc(), "x",
                                BuiltinKind::Fill, {plain, plain}));
  CHECK(capture.text().find("takes 1 tensor types") != std::string::npos);
  CHECK(module->getBody()->empty());
}

TEST_CASE("stream-lite-lower-bindings rejects bindings it cannot lower",
          "[builtins]") {
  auto ctx = makeContext();
  const char *escaping = R"mlir(
    stream_lite.executable private @ex {
      stream_lite.executable.export public @f
      builtin.module {
        func.func private @g(!stream_lite.binding)
        func.func @f(%b: !stream_lite.binding) {
          func.call @g(%b) : (!stream_lite.binding) -> ()
          return
        }
      }
    })mlir";
  const char *strided = R"mlir(
    stream_lite.executable private @ex {
      stream_lite.executable.export public @f
      builtin.module {
        func.func @f(%b: !stream_lite.binding, %d: index) {
          %c4 = arith.constant 4 : index
          %v = stream_lite.binding.subspan %b[%c4] : !stream_lite.binding -> tensor<?x4xf32>{%d} in memref<?x4xf32>
          return
        }
      }
    })mlir";
  struct Case {
    const char *text;
    const char *message;
  } cases[] = {
      {escaping, "only stream_lite.binding.subspan may"},
      {strided, "dynamic views must be 1-D over a byte-multiple element"},
  };
  for (const Case &c : cases) {
    std::string diags;
    auto module = parseModule(*ctx, c.text, &diags);
    INFO(diags);
    REQUIRE(module);
    DiagnosticCapture capture(*ctx);
    PassManager pm(ctx.get());
    pm.addPass(createLowerBindingsPass());
    CHECK(failed(pm.run(*module)));
    INFO(capture.text());
    CHECK(capture.text().find(c.message) != std::string::npos);
  }
}

//===----------------------------------------------------------------------===//
// Execution
//===----------------------------------------------------------------------===//

TEST_CASE("builtin kernels compute the reference byte images", "[builtins][jit]") {
  auto ctx = makeKernelJitContext();
  for (const KernelCase &c : kernelCases())
    runAndCheck(*ctx, c);
}

TEST_CASE("random relayouts match the reference byte images", "[builtins][jit]") {
  auto ctx = makeKernelJitContext();
  std::mt19937 rng(20250611);
  const char *elements[] = {"i8", "i1", "f16", "f32", "i64",
                            "i24", "f64", "i4", "i2", "ui4"};
  for (int iteration = 0; iteration < 24; ++iteration) {
    int64_t rank = randInt(rng, 1, 3);
    Shape shape = randomShape(rng, rank);
    auto randomLayout = [&]() { return randomLayoutOfAnyKind(rng, rank); };
    std::vector<bool> dynamic;
    for (int64_t i = 0; i < rank; ++i)
      dynamic.push_back(randInt(rng, 0, 1) == 1);
    std::string element = elements[randInt(rng, 0, 9)];
    KernelCase c{BuiltinKind::Encode,
                 {spec(randomLayout(), shape, element, dynamic),
                  spec(randomLayout(), shape, element, dynamic)}};
    runAndCheck(*ctx, c);
    // And a slice of it into another random layout.
    Shape lengths, offsets;
    for (int64_t d : shape) {
      int64_t length = d == 0 ? 0 : randInt(rng, 1, d);
      lengths.push_back(length);
      offsets.push_back(randInt(rng, 0, d - length));
    }
    KernelCase s{BuiltinKind::Slice,
                 {spec(randomLayout(), shape, element, dynamic),
                  spec(randomLayout(), lengths, element, dynamic)},
                 offsets};
    runAndCheck(*ctx, s);
  }
}

TEST_CASE("packed kernels on several threads match the reference byte images",
          "[builtins][jit][threads]") {
  // Regions of 100-150 KiB in groups of at least 4 KiB (the kernels'
  // default is 1 MiB: test/layout-run/threads-packed.mlir runs that), so
  // that their outer loops are many groups: each group must start on a
  // byte of the destination.
  // Tiles of 8x4 i4 are two bytes per tile row; the padding layout's rows
  // of 4095 + 3 i2 start a byte only every other row.
  using K = BuiltinKind;
  auto ctx = makeKernelJitContext();
  LayoutDesc tiled = tiledLayout(2, {0, 1}, {8, 4});
  LayoutDesc identity = identityLayout(2);
  LayoutDesc permuted = tiledLayout(2, {0, 1}, {8, 4}, {1, 0});
  Shape shape = {101, 3001};
  std::vector<KernelCase> cases = {
      {K::Encode,
       {spec(identity, shape, "i4", {true, false}),
        spec(tiled, shape, "i4", {true, false})}},
      {K::Encode,
       {spec(tiled, shape, "i4", {true, false}),
        spec(identity, shape, "i4", {true, false})}},
      // From row 0 (its tile rows are the result's rows), from a column
      // inside a byte.
      {K::Slice,
       {spec(tiled, shape, "i4"), spec(identity, {96, 2997}, "i4")},
       {0, 3}},
      // From row 3: the result's rows are shifted against the tile rows.
      {K::Slice,
       {spec(tiled, shape, "i4"), spec(identity, {93, 2997}, "i4")},
       {3, 3}},
      // Starting mid-tile and mid-byte: the groups start before the region.
      {K::Update,
       {spec(tiled, shape, "i4"), spec(identity, {80, 2981}, "i4")},
       {13, 7}},
      {K::Fill, {spec(tiled, shape, "i4")}, {5, 3}, {90, 2993}},
      // Column blocks outermost: the groups are columns of tiles; back to
      // identity the tile columns are not the result's rows (one group).
      {K::Update,
       {spec(permuted, shape, "i4"), spec(identity, {80, 2981}, "i4")},
       {9, 5}},
      {K::Encode,
       {spec(permuted, shape, "i4"), spec(identity, shape, "i4")}},
      {K::Encode,
       {spec(identity, {131, 4095}, "i2"),
        spec(paddingLayout({1, 3}), {131, 4095}, "i2")}},
      {K::Encode,
       {spec(paddingLayout({1, 3}), {131, 4095}, "i2"),
        spec(identity, {131, 4095}, "i2")}},
      {K::Fill, {spec(paddingLayout({1, 3}), {131, 4095}, "i2")},
       {1, 5}, {129, 4087}},
  };
  RunConfig manyGroups;
  manyGroups.threads = 2;
  manyGroups.minParallelTaskBytes = 4096;
  for (const KernelCase &c : cases)
    runAndCheck(*ctx, c, {manyGroups});
}

TEST_CASE("a session that ran tasks outlives its workers' last instructions",
          "[builtins][jit][threads]") {
  // A task signals its token before its coroutine returns, so the kernel
  // returns, and runAndCheck destroys the session, while a worker may
  // still run the task's last instructions in the session's code: the
  // session must wait for them (on a busy 2-core machine, half the runs
  // of this case crashed before it did). Many small tasks, many sessions.
  using K = BuiltinKind;
  auto ctx = makeKernelJitContext();
  Shape shape = {101, 3001};
  KernelCase c{K::Encode,
               {spec(tiledLayout(2, {0, 1}, {8, 4}), shape, "i4"),
                spec(identityLayout(2), shape, "i4")}};
  RunConfig manyGroups;
  manyGroups.threads = 2;
  manyGroups.minParallelTaskBytes = 4096;
  for (int session = 0; session < 20; ++session)
    runAndCheck(*ctx, c, {manyGroups});
}

TEST_CASE("copies between tile sizes run in parallel groups, staging in each",
          "[builtins][jit][threads]") {
  // 4x8 into 8x4 tiles move chunks of 4 elements (the gcd of the tiles
  // along the row). An encode's chunks never straddle two source tile
  // rows: no staging buffer, and the outer loop is parallel. A slice's
  // may (its offsets come at run time): each parallel group joins them in
  // a staging buffer of its own, made at its start. Odd shapes (tiles cut
  // at the edges), dynamic dims, column offsets 6 and 7 (chunks shifted by
  // 2 and 3) and 4 (not shifted), on two threads in many groups and on one.
  using K = BuiltinKind;
  auto ctx = makeKernelJitContext();
  LayoutDesc wide = tiledLayout(2, {0, 1}, {4, 8});
  LayoutDesc tall = tiledLayout(2, {0, 1}, {8, 4});
  std::vector<KernelCase> cases = {
      {K::Encode,
       {spec(wide, {101, 203}, "f32"), spec(tall, {101, 203}, "f32")}},
      {K::Encode,
       {spec(wide, {101, 203}, "i16", {true, false}),
        spec(tall, {101, 203}, "i16", {true, false})}},
      {K::Slice,
       {spec(wide, {101, 203}, "f32"), spec(tall, {93, 194}, "f32")},
       {3, 6}},
      {K::Slice,
       {spec(wide, {101, 203}, "f32", {true, true}),
        spec(tall, {90, 193}, "f32")},
       {5, 7}},
      {K::Slice,
       {spec(wide, {101, 203}, "f32"), spec(tall, {93, 194}, "f32")},
       {0, 4}},
  };
  RunConfig manyGroups;
  manyGroups.threads = 2;
  manyGroups.minParallelTaskBytes = 4096;
  for (const KernelCase &c : cases) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    OwningOpRef<ModuleOp> module = buildKernelModule(
        *ctx, c.kind, types, /*parallel=*/true, kDefaultNonTemporalStoreBytes,
        ScatteredStores::WholeLines, manyGroups.minParallelTaskBytes);
    int64_t parallelLoops = 0, stagingInGroups = 0;
    module->walk([&](scf::ParallelOp) { ++parallelLoops; });
    module->walk([&](memref::AllocaOp alloca) {
      if (alloca->getParentOfType<scf::ParallelOp>())
        ++stagingInGroups;
    });
    CHECK(parallelLoops == 1);
    CHECK((stagingInGroups > 0) == (c.kind == K::Slice));
    runAndCheck(*ctx, c, {{}, manyGroups});
  }
}

//===----------------------------------------------------------------------===//
// User kernels' logical views
//===----------------------------------------------------------------------===//

namespace {

/// `[a, b, c]`.
std::string bracketList(const std::vector<int64_t> &values) {
  std::string s = "[";
  for (size_t i = 0; i < values.size(); ++i)
    s += (i ? ", " : "") + std::to_string(values[i]);
  return s + "]";
}

/// A user kernel that loads the strided region (`offsets` passed as index
/// arguments, `strides` constants) of view `src` and stores it whole into
/// the writeonly view `dst`, as text: @view(%src, src dyn dims...,
/// offsets..., %dst).
std::string viewCopyKernel(const TensorSpec &src, const TensorSpec &dst,
                           const std::vector<int64_t> &strides) {
  size_t rank = src.shape.size();
  std::string args = "%src: !stream_lite.binding";
  std::string srcDims;
  for (size_t i = 0; i < src.dynamicDims().size(); ++i) {
    args += ", %d" + std::to_string(i) + ": index";
    srcDims += (i ? ", %d" : "%d") + std::to_string(i);
  }
  std::string offsets;
  for (size_t i = 0; i < rank; ++i) {
    args += ", %o" + std::to_string(i) + ": index";
    offsets += (i ? ", %o" : "%o") + std::to_string(i);
  }
  args += ", %dst: !stream_lite.binding";
  std::string srcView = "!stream_lite.dispatch.tensor<readonly:" +
                        src.typeStr() + ">" +
                        (srcDims.empty() ? "" : "{" + srcDims + "}");
  std::string dstView =
      "!stream_lite.dispatch.tensor<writeonly:" + dst.typeStr() + ">";
  std::string dense = "tensor<";
  for (int64_t d : dst.shape)
    dense += std::to_string(d) + "x";
  dense += dst.element + ">";
  std::vector<int64_t> zeros(rank, 0), ones(rank, 1);
  std::string text =
      "stream_lite.executable private @view {\n"
      "  stream_lite.executable.export public @view\n"
      "  builtin.module {\n"
      "    func.func @view(" + args + ") {\n"
      "      %c0 = arith.constant 0 : index\n"
      "      %sv = stream_lite.binding.subspan %src[%c0] : !stream_lite.binding -> " + srcView + "\n"
      "      %dv = stream_lite.binding.subspan %dst[%c0] : !stream_lite.binding -> " + dstView + "\n"
      "      %x = stream_lite.dispatch.tensor.load %sv, offsets = [" + offsets +
      "], sizes = " + bracketList(dst.shape) + ", strides = " +
      bracketList(strides) + " : " + srcView + " -> " + dense + "\n"
      "      stream_lite.dispatch.tensor.store %x, %dv, offsets = " +
      bracketList(zeros) + ", sizes = " + bracketList(dst.shape) +
      ", strides = " + bracketList(ones) + " : " + dense + " -> " + dstView +
      "\n"
      "      return\n"
      "    }\n"
      "  }\n"
      "}\n";
  return text;
}

} // namespace

TEST_CASE("view loads and stores match the reference byte images",
          "[views][jit]") {
  auto ctx = makeKernelJitContext();
  std::mt19937 rng(20261204);
  const char *elements[] = {"i8", "i1", "f16", "f32", "i64",
                            "i24", "f64", "i4", "i2", "ui4"};
  for (int iteration = 0; iteration < 24; ++iteration) {
    int64_t rank = randInt(rng, 1, 3);
    Shape shape = randomShape(rng, rank);
    std::vector<bool> dynamic;
    for (int64_t i = 0; i < rank; ++i)
      dynamic.push_back(randInt(rng, 0, 1) == 1);
    std::string element = elements[randInt(rng, 0, 9)];
    // A strided region inside the source: a stride of 1 in about half the
    // dims (the region transfer), 2 or 3 elsewhere (element moves).
    Shape lengths, offsets, strides;
    for (int64_t d : shape) {
      int64_t stride = randInt(rng, 0, 1) ? 1 : randInt(rng, 2, 3);
      int64_t length = d == 0 ? 0 : randInt(rng, 1, (d - 1) / stride + 1);
      int64_t last = length == 0 ? 0 : (length - 1) * stride;
      strides.push_back(stride);
      lengths.push_back(length);
      offsets.push_back(d == 0 ? 0 : randInt(rng, 0, d - 1 - last));
    }
    TensorSpec src = spec(randomLayoutOfAnyKind(rng, rank), shape, element,
                          dynamic);
    TensorSpec dst = spec(randomLayoutOfAnyKind(rng, rank), lengths, element);
    std::string text = viewCopyKernel(src, dst, strides);
    INFO(text);
    std::string diags;
    auto module = parseModule(*ctx, text, &diags);
    INFO(diags);
    REQUIRE(module);
    ElementWidth width = ElementWidth::of(
        parseTypes(*ctx, KernelCase{BuiltinKind::Encode, {src, dst}})[0]
            .getElementType());
    Buffer in(src, width, 0xEE);
    in.writeElements(/*salt=*/1);
    in.expectUnchanged();
    Buffer out(dst, width, 0xAB);
    out.expectCreated();
    Shape from(dst.shape.size());
    forEachIndex(dst.shape, [&](const Shape &idx) {
      for (size_t i = 0; i < from.size(); ++i)
        from[i] = offsets[i] + idx[i] * strides[i];
      out.expect(idx, in.value(from, 1));
    });
    PackedArgs args;
    addBuffer(args, in);
    args.addIndices(src.dynamicDims());
    args.addIndices(offsets);
    addBuffer(args, out);
    runKernel(*module, "view", args);
    CHECK(in.check("source") == "");
    CHECK(out.check("result") == "");
  }
}

//===----------------------------------------------------------------------===//
// Chunked transfers
//===----------------------------------------------------------------------===//

namespace {

/// Non-temporal stores (those chosen at run time: under an scf.if) and
/// fences in a kernel module.
struct StoreKinds {
  /// Non-temporal store sites (a store and its alignment checks' twins
  /// count once).
  int64_t nonTemporal = 0;
  /// Non-temporal stores, twins included.
  int64_t nonTemporalOps = 0;
  int64_t chosenAtRunTime = 0;
  /// Sites whose alignment is checked where they run: an aligned store
  /// (16 bytes) when the address is, else one of alignment 1.
  int64_t alignedAtRunTime = 0;
  /// Sites that write a whole line when the address is 64-byte aligned
  /// (NonTemporalStores::storeWholeLine).
  int64_t wholeLines = 0;
  int64_t fences = 0;
};

/// The alignment `ifOp` tests a store's address for,
/// `(extract_aligned_pointer_as_index & (alignment - 1)) == 0`, or 0.
int64_t checkedAlignment(scf::IfOp ifOp) {
  auto compare = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!compare || compare.getPredicate() != arith::CmpIPredicate::eq)
    return 0;
  auto mask = compare.getLhs().getDefiningOp<arith::AndIOp>();
  if (!mask ||
      !mask.getLhs().getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>())
    return 0;
  std::optional<int64_t> bits = getConstantIntValue(mask.getRhs());
  return bits ? *bits + 1 : 0;
}

/// Stores of 64-byte vectors (a cache line's worth, joined rows).
int64_t countLineStores(ModuleOp module) {
  int64_t lineStores = 0;
  module->walk([&](memref::StoreOp store) {
    auto type = dyn_cast<VectorType>(store.getValue().getType());
    if (type && type.getNumElements() * type.getElementTypeBitWidth() == 512)
      ++lineStores;
  });
  return lineStores;
}

StoreKinds countStoreKinds(ModuleOp module) {
  StoreKinds kinds;
  module->walk([&](memref::StoreOp store) {
    if (!store.getNontemporal())
      return;
    ++kinds.nonTemporalOps;
    // Up through the alignment checks: a store in an aligned branch has
    // the checked alignment, one in an else branch 1 (a twin).
    Operation *inside = store;
    auto parent = dyn_cast<scf::IfOp>(store->getParentOp());
    bool twin = false;
    int64_t expected = 1, outermost = 0;
    bool innermost = true;
    while (parent && checkedAlignment(parent)) {
      int64_t alignment = checkedAlignment(parent);
      bool inThen = inside->getParentRegion() == &parent.getThenRegion();
      CHECK((alignment == 16 || alignment == 64));
      if (innermost && inThen)
        expected = alignment;
      twin |= !inThen;
      innermost = false;
      outermost = alignment;
      inside = parent;
      parent = dyn_cast<scf::IfOp>(parent->getParentOp());
    }
    CHECK(int64_t(store.getAlignment().value_or(0)) == expected);
    if (twin)
      return;
    ++kinds.nonTemporal;
    if (outermost == 16)
      ++kinds.alignedAtRunTime;
    if (outermost == 64)
      ++kinds.wholeLines;
    // The choice is an scf.if on `elements uge minimum` around the store
    // (directly, or around the loops of a joined move; other ifs of the
    // walk test pieces of a run: eq, ne), the store in its then branch.
    for (Operation *op = inside; op; op = op->getParentOp()) {
      auto choice = dyn_cast_or_null<scf::IfOp>(op->getParentOp());
      if (!choice)
        continue;
      auto compare = choice.getCondition().getDefiningOp<arith::CmpIOp>();
      if (compare && compare.getPredicate() == arith::CmpIPredicate::uge) {
        if (op->getParentRegion() == &choice.getThenRegion())
          ++kinds.chosenAtRunTime;
        break;
      }
    }
  });
  module->walk([&](LLVM::FenceOp) { ++kinds.fences; });
  return kinds;
}

/// Whether case `c` writes an untiled tensor from a tiled one (a tiled
/// source's tiles into rows).
bool writesRows(const KernelCase &c) {
  bool fromTiles = c.kind == BuiltinKind::Update
                       ? c.tensors[1].layout.kind == LayoutDesc::Tiled
                       : c.tensors[0].layout.kind == LayoutDesc::Tiled;
  const TensorSpec &written =
      c.kind == BuiltinKind::Update ? c.tensors[0] : c.tensors.back();
  return fromTiles && written.layout.kind != LayoutDesc::Tiled;
}


/// Kernels whose regions hold whole tiles (moved in chunks by memref.copy)
/// and cut tiles (moved element by element), with `chunks` whether the
/// kernel is expected to contain chunk copies at all.
std::vector<std::pair<KernelCase, bool>> chunkCases() {
  using K = BuiltinKind;
  std::vector<std::pair<KernelCase, bool>> cases;
  auto t84 = [] { return tiledLayout(2, {0, 1}, {8, 4}); };
  // Relayouts: whole tiles only (static, statically whole), and dynamic
  // dims whose edge tiles are cut.
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {16, 12}, "f32"),
                     spec(t84(), {16, 12}, "f32")}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {19, 14}, "f32", {true, true}),
                     spec(t84(), {19, 14}, "f32", {true, true})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(t84(), {21, 10}, "f16", {true, false}),
                     spec(identityLayout(2), {21, 10}, "f16", {true, false})}},
                   true});
  // outer_dims_perm, and a 3-d tile whose innermost dim is dim 2.
  cases.push_back(
      {{K::Encode,
        {spec(tiledLayout(2, {0, 1}, {2, 4}, {1, 0}), {7, 13}, "i64"),
         spec(paddingLayout({1, 2}), {7, 13}, "i64")}},
       true});
  cases.push_back(
      {{K::Encode,
        {spec(identityLayout(3), {3, 9, 10}, "f32", {false, true, false}),
         spec(tiledLayout(3, {1, 2}, {4, 2}), {3, 9, 10}, "f32",
              {false, true, false})}},
       true});
  // Tiles whose innermost dim is not the identity's innermost dim: no
  // contiguous chunk, element by element in tile order.
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {17, 6}, "f32"),
                     spec(tiledLayout(2, {1, 0}, {2, 8}), {17, 6}, "f32")}},
                   false});
  // Narrow elements are copied one at a time.
  cases.push_back(
      {{K::Encode,
        {spec(identityLayout(2), {16, 8}, "i1"), spec(t84(), {16, 8}, "i1")}},
       false});
  // Slices between tiled tensors: offsets congruent modulo the tile along
  // the innermost dim (chunks) and not (elements), which the kernel decides
  // at run time.
  cases.push_back({{K::Slice,
                    {spec(t84(), {40, 30}, "f32", {true, true}),
                     spec(t84(), {19, 17}, "f32", {true, true})},
                    {5, 8}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(t84(), {40, 30}, "f32", {true, true}),
                     spec(t84(), {19, 17}, "f32", {true, true})},
                    {3, 2}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(tiledLayout(2, {1}, {8}), {9, 40}, "i8"),
                     spec(tiledLayout(2, {1}, {4}), {4, 30}, "i8")},
                    {2, 4}},
                   true});
  // Misaligned offsets: each chunk of a whole result tile is joined from
  // two source pieces (one nest per shift, chosen at run time), for every
  // shift of a 4-element chunk, a 16-element chunk, elements of 3 bytes
  // (moved as bytes) and of 1, 2 and 8 bytes, and a source whose tiles are
  // longer than the result's (chunks of their gcd).
  for (int64_t shift : {1, 3})
    cases.push_back({{K::Slice,
                      {spec(t84(), {40, 30}, "f32", {true, true}),
                       spec(t84(), {24, 20}, "f32")},
                      {6, 4 + shift}},
                     true});
  cases.push_back({{K::Slice,
                    {spec(tiledLayout(2, {0, 1}, {2, 16}), {9, 70}, "f32"),
                     spec(tiledLayout(2, {0, 1}, {2, 16}), {6, 48}, "f32",
                          {true, true})},
                    {1, 5}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(t84(), {17, 29}, "i24", {true, false}),
                     spec(t84(), {8, 12}, "i24")},
                    {3, 7}},
                   true});
  for (const char *element : {"i8", "i16", "f64"})
    cases.push_back({{K::Slice,
                      {spec(t84(), {20, 21}, element),
                       spec(t84(), {16, 16}, element, {true, false})},
                      {2, 3}},
                     true});
  cases.push_back({{K::Slice,
                    {spec(tiledLayout(2, {1}, {8}), {5, 40}, "i16"),
                     spec(tiledLayout(2, {1}, {4}), {4, 28}, "i16")},
                    {1, 6}},
                   true});
  // Destinations whose tiles are a fraction of the source's along an
  // outer dim with outer dims inside it: the destination's steps walked
  // in runs covering one source tile (the tiles cut at the edges, a region
  // that starts mid-tile with chunks joined from two pieces, a destination
  // that does not tile dim 0, a 3-d tile split along dim 0 only).
  auto t48 = [] { return tiledLayout(2, {0, 1}, {4, 8}); };
  cases.push_back({{K::Encode,
                    {spec(t84(), {37, 45}, "f32", {true, true}),
                     spec(t48(), {37, 45}, "f32", {true, true})}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(t84(), {40, 50}, "f32"),
                     spec(t48(), {29, 33}, "f32", {true, false})},
                    {3, 6}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(t84(), {19, 22}, "i16", {true, false}),
                     spec(tiledLayout(2, {1}, {4}), {19, 22}, "i16",
                          {true, false})}},
                   true});
  cases.push_back(
      {{K::Encode,
        {spec(tiledLayout(3, {0, 1, 2}, {4, 2, 4}), {9, 7, 10}, "f32"),
         spec(tiledLayout(3, {0, 1, 2}, {2, 4, 4}), {9, 7, 10}, "f32")}},
       true});
  // Whole rows: identity and padding, 64-byte chunks and a remainder.
  cases.push_back({{K::Slice,
                    {spec(paddingLayout({0, 3}), {5, 100}, "f32"),
                     spec(identityLayout(2), {3, 90}, "f32")},
                    {1, 7}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(identityLayout(2), {4, 70}, "i24", {true, false}),
                     spec(paddingLayout({2, 1}), {2, 61}, "i24")},
                    {1, 5}},
                   true});
  // Updates into tiled targets: a region that cuts tiles on every side and
  // a tile-aligned one.
  cases.push_back({{K::Update,
                    {spec(t84(), {30, 19}, "f32", {true, false}),
                     spec(identityLayout(2), {21, 13}, "f32")},
                    {3, 2}},
                   true});
  cases.push_back({{K::Update,
                    {spec(t84(), {32, 20}, "f64"),
                     spec(identityLayout(2), {16, 8}, "f64", {true, true})},
                    {8, 4}},
                   true});
  // Fills: tiled (cut and whole tiles), identity rows, i1 from a pattern.
  cases.push_back(
      {{K::Fill, {spec(t84(), {30, 19}, "f32")}, {3, 2}, {21, 13}}, true});
  cases.push_back(
      {{K::Fill,
        {spec(tiledLayout(2, {0, 1}, {4, 4}), {16, 16}, "i1", {true, true})},
        {4, 0},
        {8, 16}},
       true});
  cases.push_back(
      {{K::Fill, {spec(identityLayout(2), {3, 90}, "i16")}, {1, 5}, {2, 80}},
       true});
  cases.push_back({{K::Splat,
                    {spec(tiledLayout(2, {0, 1}, {4, 2}, {1, 0}), {12, 8},
                          "i32", {true, true})}},
                   true});
  // Packed elements move in whole bytes where both sides start a byte:
  // tile rows of 2 and 4 bytes, identity rows of an odd number of elements
  // (every other row starts mid-byte), a slice and an update at odd
  // offsets, dynamic dims (checked at run time), and fills from a pattern
  // replicated to a byte.
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {16, 12}, "i4"),
                     spec(t84(), {16, 12}, "i4")}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(t84(), {19, 13}, "i4", {true, true}),
                     spec(identityLayout(2), {19, 13}, "i4", {true, true})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {9, 23}, "i2", {false, true}),
                     spec(tiledLayout(2, {1}, {8}), {9, 23}, "i2",
                          {false, true})}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(identityLayout(2), {7, 301}, "i4"),
                     spec(paddingLayout({1, 3}), {5, 290}, "i4")},
                    {1, 3}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(t84(), {40, 30}, "ui4", {true, true}),
                     spec(t84(), {19, 17}, "ui4", {true, true})},
                    {5, 8}},
                   true});
  cases.push_back({{K::Update,
                    {spec(identityLayout(2), {6, 333}, "i2", {true, true}),
                     spec(identityLayout(2), {3, 297}, "i2", {true, true})},
                    {2, 5}},
                   true});
  cases.push_back({{K::Update,
                    {spec(t84(), {30, 19}, "i4", {true, false}),
                     spec(identityLayout(2), {21, 13}, "i4")},
                    {3, 2}},
                   true});
  cases.push_back(
      {{K::Fill, {spec(identityLayout(2), {5, 301}, "i4")}, {1, 3}, {3, 290}},
       true});
  cases.push_back(
      {{K::Fill,
        {spec(tiledLayout(2, {0, 1}, {4, 8}), {17, 35}, "i2", {true, true})},
        {1, 2},
        {15, 30}},
       true});
  cases.push_back({{K::Splat,
                    {spec(tiledLayout(2, {0, 1}, {2, 4}), {7, 9}, "si4",
                          {true, true})}},
                   true});
  return cases;
}

} // namespace

TEST_CASE("builtin kernels move whole tiles in chunks", "[builtins][jit]") {
  auto ctx = makeKernelJitContext();
  for (const auto &[c, chunks] : chunkCases()) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    OwningOpRef<ModuleOp> module = buildKernelModule(*ctx, c.kind, types);
    int64_t copies = 0;
    module->walk([&](memref::CopyOp) { ++copies; });
    CHECK((copies > 0) == chunks);
    runAndCheck(*ctx, c);
  }
}

namespace {

/// `tiledLayout` with a swizzle of its tiles.
LayoutDesc swizzled(int64_t rank, std::vector<int64_t> pos,
                    std::vector<int64_t> tiles,
                    std::vector<std::vector<int64_t>> expandShape,
                    std::vector<int64_t> permutation,
                    std::vector<int64_t> outerPerm = {}) {
  LayoutDesc l = tiledLayout(rank, std::move(pos), std::move(tiles),
                             std::move(outerPerm));
  l.expandShape = std::move(expandShape);
  l.swizzlePerm = std::move(permutation);
  return l;
}

/// Kernels between swizzled and untiled layouts, and whether whole tiles
/// move by groups (vector.shuffle) in them.
std::vector<std::pair<KernelCase, bool>> groupCases() {
  using K = BuiltinKind;
  // 8x4 tiles stored as (r % 4, c % 2, r / 4, c / 2): 8-slot groups of
  // two 4-element rows for 4-byte elements, the whole tile for bytes.
  auto gpu = [] {
    return swizzled(2, {0, 1}, {8, 4}, {{2, 4}, {2, 2}}, {1, 3, 0, 2});
  };
  // 4x2 tiles stored as (r % 2, c, r / 2): one group of four 2-element rows.
  auto small = [] { return swizzled(2, {0, 1}, {4, 2}, {{2, 2}, {2}}, {1, 2, 0}); };
  // A transposed 4x4 tile: groups of one element from each of four rows.
  auto transposed = [] { return swizzled(2, {0, 1}, {4, 4}, {{4}, {4}}, {1, 0}); };
  // Tiles of dims 2 and 1 of a 3-d tensor, outer dims permuted.
  auto threeD = [] {
    return swizzled(3, {2, 1}, {2, 4}, {{2}, {2, 2}}, {2, 0, 1}, {1, 0, 2});
  };
  // Columns 0 and 4 of a row in one 4-element group (8-byte elements): not
  // one run, so no groups.
  auto split = [] { return swizzled(2, {0, 1}, {2, 8}, {{2}, {2, 4}}, {2, 1, 0}); };
  std::vector<std::pair<KernelCase, bool>> cases;
  for (const char *element : {"f32", "i8", "f16", "i64"}) {
    cases.push_back({{K::Encode,
                      {spec(identityLayout(2), {21, 19}, element),
                       spec(gpu(), {21, 19}, element)}},
                     true});
    cases.push_back({{K::Encode,
                      {spec(gpu(), {21, 19}, element, {true, true}),
                       spec(identityLayout(2), {21, 19}, element, {true, true})}},
                     true});
  }
  cases.push_back({{K::Encode,
                    {spec(paddingLayout({3, 1}), {13, 11}, "f32", {true, false}),
                     spec(small(), {13, 11}, "f32", {true, false})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(small(), {13, 11}, "i32"),
                     spec(paddingLayout({0, 5}), {13, 11}, "i32")}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {9, 10}, "f64", {false, true}),
                     spec(transposed(), {9, 10}, "f64", {false, true})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(transposed(), {9, 10}, "i16"),
                     spec(identityLayout(2), {9, 10}, "i16")}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(3), {3, 9, 7}, "f32", {true, true, true}),
                     spec(threeD(), {3, 9, 7}, "f32", {true, true, true})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(threeD(), {3, 9, 7}, "i32"),
                     spec(identityLayout(3), {3, 9, 7}, "i32")}},
                   true});
  // Regions that start mid-tile: whole tiles inside by groups.
  cases.push_back({{K::Slice,
                    {spec(gpu(), {29, 23}, "f32", {true, true}),
                     spec(identityLayout(2), {19, 17}, "f32", {true, true})},
                    {3, 2}},
                   true});
  cases.push_back({{K::Update,
                    {spec(gpu(), {29, 23}, "f32", {true, false}),
                     spec(identityLayout(2), {19, 17}, "f32")},
                    {5, 3}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(identityLayout(2), {29, 23}, "i8"),
                     spec(gpu(), {19, 17}, "i8")},
                    {1, 6}},
                   true});
  // No groups: packed and 3-byte elements, non-run groups, plain tiles.
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {21, 19}, "i4"),
                     spec(gpu(), {21, 19}, "i4")}},
                   false});
  cases.push_back({{K::Encode,
                    {spec(gpu(), {21, 19}, "i24"),
                     spec(identityLayout(2), {21, 19}, "i24")}},
                   false});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {9, 21}, "f64"),
                     spec(split(), {9, 21}, "f64")}},
                   false});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {21, 19}, "f32"),
                     spec(tiledLayout(2, {0, 1}, {8, 4}), {21, 19}, "f32")}},
                   false});
  return cases;
}

} // namespace

TEST_CASE("swizzled tiles move by whole groups", "[builtins][jit][swizzle]") {
  auto ctx = makeKernelJitContext();
  for (const auto &[c, groups] : groupCases()) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    OwningOpRef<ModuleOp> module = buildKernelModule(*ctx, c.kind, types);
    int64_t shuffles = 0;
    module->walk([&](vector::ShuffleOp) { ++shuffles; });
    CHECK((shuffles > 0) == groups);
    runAndCheck(*ctx, c, {{}, {/*threads=*/2}});
  }
}

TEST_CASE("swizzled tiles into rows gather whole lines",
          "[builtins][jit][swizzle]") {
  // From tiles whose rows are not contiguous into rows: 64 bytes' worth of
  // whole tiles side by side, each loaded whole and its rows gathered by
  // shuffles, one 64-byte store per row (vector<N x iW>, W > 8); regions
  // that start mid-tile, dynamic dims, rows that end mid-group; past the
  // cache the whole lines only (and, with the option, every store).
  using K = BuiltinKind;
  auto ctx = makeKernelJitContext();
  auto gpu = [] {
    return swizzled(2, {0, 1}, {8, 4}, {{2, 4}, {2, 2}}, {1, 3, 0, 2});
  };
  auto small = [] {
    return swizzled(2, {0, 1}, {4, 2}, {{2, 2}, {2}}, {1, 2, 0});
  };
  auto transposed = [] {
    return swizzled(2, {0, 1}, {4, 4}, {{4}, {4}}, {1, 0});
  };
  auto threeD = [] {
    return swizzled(3, {2, 1}, {2, 4}, {{2}, {2, 2}}, {2, 0, 1}, {1, 0, 2});
  };
  auto columnTiles = [] {
    return swizzled(2, {0}, {8}, {{2, 4}}, {1, 0});
  };
  LayoutDesc identity = identityLayout(2);
  std::vector<std::pair<KernelCase, bool>> cases = {
      {{K::Encode,
        {spec(gpu(), {37, 141}, "f32", {true, true}),
         spec(identity, {37, 141}, "f32", {true, true})}},
       true},
      {{K::Slice,
        {spec(gpu(), {53, 70}, "f32", {true, false}),
         spec(identity, {41, 61}, "f32", {true, false})},
        {5, 6}},
       true},
      {{K::Update,
        {spec(identity, {45, 77}, "f32", {false, true}),
         spec(gpu(), {37, 66}, "f32")},
        {3, 5}},
       true},
      // 8-byte tile rows: 8 tiles a line.
      {{K::Encode,
        {spec(gpu(), {29, 70}, "f16"), spec(identity, {29, 70}, "f16")}},
       true},
      {{K::Encode,
        {spec(small(), {13, 70}, "i32", {true, false}),
         spec(paddingLayout({0, 3}), {13, 70}, "i32", {true, false})}},
       true},
      // 32-byte tile rows of a transposed tile: 2 tiles a line.
      {{K::Encode,
        {spec(transposed(), {19, 37}, "f64"),
         spec(identity, {19, 37}, "f64")}},
       true},
      {{K::Encode,
        {spec(threeD(), {3, 17, 37}, "i32", {false, true, true}),
         spec(identityLayout(3), {3, 17, 37}, "i32", {false, true, true})}},
       true},
      // Tiles that do not tile the rows' dim (8 rows of one f64 each):
      // single elements, no row to gather.
      {{K::Encode,
        {spec(columnTiles(), {21, 29}, "f64", {true, false}),
         spec(identity, {21, 29}, "f64", {true, false})}},
       false},
      // Rows of fewer whole tiles than a line's: the loop is built, its
      // one group never whole (the tiles move by groups).
      {{K::Encode,
        {spec(gpu(), {21, 15}, "f32"), spec(identity, {21, 15}, "f32")}},
       true},
      // Tiles of more than two lines (8x4 i64); 4-byte tile rows (8x4
      // i8); into tiles: groups only.
      {{K::Encode,
        {spec(gpu(), {21, 19}, "i64"), spec(identity, {21, 19}, "i64")}},
       false},
      {{K::Encode,
        {spec(gpu(), {21, 67}, "i8"), spec(identity, {21, 67}, "i8")}},
       false},
      {{K::Encode,
        {spec(identity, {37, 141}, "f32"), spec(gpu(), {37, 141}, "f32")}},
       false},
  };
  for (const auto &[c, gathers] : cases) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    OwningOpRef<ModuleOp> module = buildKernelModule(*ctx, c.kind, types);
    int64_t lineStores = 0;
    module->walk([&](memref::StoreOp store) {
      auto type = dyn_cast<VectorType>(store.getValue().getType());
      if (type && type.getElementTypeBitWidth() > 8 &&
          type.getNumElements() * type.getElementTypeBitWidth() == 512)
        ++lineStores;
    });
    CHECK((lineStores > 0) == gathers);
    if (!gathers) {
      runAndCheck(*ctx, c, {{}, {/*threads=*/2}});
      continue;
    }
    StoreKinds kinds = countStoreKinds(*buildKernelModule(
        *ctx, c.kind, types, /*parallel=*/false, /*nonTemporalStoreBytes=*/1));
    CHECK(kinds.wholeLines > 0);
    CHECK(kinds.nonTemporal == kinds.wholeLines);
    runAndCheck(*ctx, c,
                {{}, {/*threads=*/2}, {1, /*nonTemporalStoreBytes=*/1}, {2, 1},
                 {1, 1, ScatteredStores::All}});
  }
}

namespace {

/// Kernels between plainly tiled and untiled layouts, and whether whole
/// tiles with narrow rows (1, 2 or 4 bytes) move several at a time,
/// transposed in registers (vector.shuffle).
std::vector<std::pair<KernelCase, bool>> transposedRowCases() {
  using K = BuiltinKind;
  auto t84 = [] { return tiledLayout(2, {0, 1}, {8, 4}); };
  std::vector<std::pair<KernelCase, bool>> cases;
  // 2-byte tile rows of i4 (two groups of 8 tiles at a time): static and
  // whole, odd and dynamic (tiles cut at both edges, a pair cut at the
  // row's end).
  for (Shape shape : {Shape{64, 128}, Shape{37, 141}}) {
    std::vector<bool> dynamic = {shape[0] == 37, false};
    cases.push_back({{K::Encode,
                      {spec(identityLayout(2), shape, "i4", dynamic),
                       spec(t84(), shape, "i4", dynamic)}},
                     true});
    cases.push_back({{K::Encode,
                      {spec(t84(), shape, "ui4", dynamic),
                       spec(identityLayout(2), shape, "ui4", dynamic)}},
                     true});
  }
  // Rows of a pair of groups (16 tiles), a single group and cut tiles both
  // ways: 28 tiles of i4 (the last cut), 58 of i2; dynamic rows.
  for (auto [shape, element] : {std::pair(Shape{19, 109}, "i4"),
                                std::pair(Shape{13, 230}, "i2")}) {
    cases.push_back({{K::Encode,
                      {spec(identityLayout(2), shape, element, {true, false}),
                       spec(t84(), shape, element, {true, false})}},
                     true});
    cases.push_back({{K::Encode,
                      {spec(t84(), shape, element, {true, false}),
                       spec(identityLayout(2), shape, element, {true, false})}},
                     true});
  }
  // Regions that start mid-tile and mid-byte: the result's rows of 131
  // slots start a byte every other row, which each group checks.
  cases.push_back({{K::Slice,
                    {spec(t84(), {45, 150}, "i4", {true, true}),
                     spec(identityLayout(2), {33, 131}, "i4", {true, true})},
                    {3, 5}},
                   true});
  cases.push_back({{K::Update,
                    {spec(t84(), {45, 150}, "i4"),
                     spec(identityLayout(2), {30, 101}, "i4")},
                    {9, 6}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(paddingLayout({1, 3}), {45, 150}, "i4"),
                     spec(t84(), {40, 136}, "i4")},
                    {2, 4}},
                   true});
  // 1-byte rows of i2 (two groups of 16 tiles at a time), 2-byte rows of
  // 8x8 i2.
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {21, 203}, "i2", {false, true}),
                     spec(t84(), {21, 203}, "i2", {false, true})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {8, 8}), {21, 203}, "i2"),
                     spec(paddingLayout({0, 5}), {21, 203}, "i2")}},
                   true});
  // i2 8x4 into rows: two groups of 16 tiles at a time (131 tiles a row:
  // four such pairs, then three tiles one by one), dynamic rows; and a
  // slice at (3, 8) whose rows start a byte.
  cases.push_back({{K::Encode,
                    {spec(t84(), {21, 524}, "i2", {true, false}),
                     spec(identityLayout(2), {21, 524}, "i2",
                          {true, false})}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(t84(), {21, 524}, "i2", {true, true}),
                     spec(identityLayout(2), {17, 400}, "i2", {true, true})},
                    {3, 8}},
                   true});
  // The same with four tiles a load (4x1 i8: 4-byte tiles) and with 2-byte
  // tile rows (4x1 i16: two tiles a load, 4-byte lanes grouped).
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {4, 1}), {13, 70}, "i8",
                          {true, false}),
                     spec(identityLayout(2), {13, 70}, "i8", {true, false})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {4, 1}), {9, 41}, "i16"),
                     spec(identityLayout(2), {9, 41}, "i16")}},
                   true});
  // And into such tiles: groups wider than tall, two at a time too (16
  // 4x1 i8 tiles a group, 8 of i16), then single groups and tiles.
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {13, 70}, "i8", {true, false}),
                     spec(tiledLayout(2, {0, 1}, {4, 1}), {13, 70}, "i8",
                          {true, false})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {9, 41}, "i16"),
                     spec(tiledLayout(2, {0, 1}, {4, 1}), {9, 41}, "i16")}},
                   true});
  // 4-byte rows: i8 8x4, f32 8x1 (narrow tiles), f16 4x2 (4 tile rows);
  // 2-byte rows of i16 8x1.
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {19, 37}, "i8", {true, true}),
                     spec(t84(), {19, 37}, "i8", {true, true})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(t84(), {19, 37}, "i8"),
                     spec(identityLayout(2), {19, 37}, "i8")}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {17, 13}, "f32"),
                     spec(tiledLayout(2, {0, 1}, {8, 1}), {17, 13}, "f32")}},
                   true});
  // Into rows from tiles taller than the group is wide: square blocks of 4
  // rows by 4 tiles (two per 8x1 tile, four per 16x1 tile).
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {8, 1}), {17, 13}, "f32"),
                     spec(identityLayout(2), {17, 13}, "f32")}},
                   true});
  cases.push_back(
      {{K::Encode,
        {spec(tiledLayout(2, {0, 1}, {16, 1}), {35, 13}, "f32", {true, false}),
         spec(identityLayout(2), {35, 13}, "f32", {true, false})}},
       true});
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {4, 2}), {13, 29}, "f16"),
                     spec(identityLayout(2), {13, 29}, "f16")}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {19, 70}, "i16", {true, false}),
                     spec(tiledLayout(2, {0, 1}, {8, 1}), {19, 70}, "i16",
                          {true, false})}},
                   true});
  // 3-d: tile rows over two dims (2x4x4 i8 tiles), and an untiled
  // outer dim.
  cases.push_back(
      {{K::Encode,
        {spec(identityLayout(3), {5, 9, 33}, "i8"),
         spec(tiledLayout(3, {0, 1, 2}, {2, 4, 4}), {5, 9, 33}, "i8")}},
       true});
  cases.push_back(
      {{K::Encode,
        {spec(tiledLayout(3, {1, 2}, {8, 4}), {3, 17, 45}, "i4",
              {false, true, false}),
         spec(identityLayout(3), {3, 17, 45}, "i4", {false, true, false})}},
       true});
  // No transposes: the tiles along the row not the innermost outer dim,
  // rows of 16 bytes (chunks already).
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {37, 141}, "i4"),
                     spec(tiledLayout(2, {0, 1}, {8, 4}, {1, 0}), {37, 141},
                          "i4")}},
                   false});
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {21, 19}, "f32"),
                     spec(t84(), {21, 19}, "f32")}},
                   false});
  return cases;
}

} // namespace

TEST_CASE("narrow tile rows move as transposed groups",
          "[builtins][jit][transpose]") {
  auto ctx = makeKernelJitContext();
  int64_t withWholeLines = 0;
  for (const auto &[c, transposes] : transposedRowCases()) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    OwningOpRef<ModuleOp> module = buildKernelModule(*ctx, c.kind, types);
    int64_t shuffles = 0;
    module->walk([&](vector::ShuffleOp) { ++shuffles; });
    CHECK((shuffles > 0) == transposes);
    std::vector<RunConfig> configs = {{}, {/*threads=*/2}};
    // Into rows, the rows of groups that make a line are joined: past the
    // cache, those stores and only those (aligned where they run).
    if (writesRows(c)) {
      StoreKinds kinds = countStoreKinds(*buildKernelModule(
          *ctx, c.kind, types, /*parallel=*/false,
          /*nonTemporalStoreBytes=*/1));
      CHECK(kinds.nonTemporal == kinds.wholeLines);
      if (kinds.wholeLines > 0) {
        CHECK(transposes);
        ++withWholeLines;
        configs.push_back({1, /*nonTemporalStoreBytes=*/1});
        configs.push_back({2, 1});
      }
    }
    runAndCheck(*ctx, c, configs);
  }
  // i4 and i2, static and dynamic, encodes and slices.
  CHECK(withWholeLines >= 4);
}

TEST_CASE("transposed groups of random widths match the reference byte "
          "images",
          "[builtins][jit][transpose]") {
  // Rows of 8x4 i4 and i2 tiles whose widths end anywhere in a pair of
  // groups, a single group or a tile (pairs of 16 and 32 tiles), both ways,
  // with dynamic dims, and slices and updates whose regions start mid-tile
  // and mid-byte, on 1 and 2 threads.
  auto ctx = makeKernelJitContext();
  std::mt19937 rng(20261206);
  auto t84 = [] { return tiledLayout(2, {0, 1}, {8, 4}); };
  for (int iteration = 0; iteration < 8; ++iteration) {
    std::string element = iteration % 2 ? "i2" : "i4";
    int64_t pairColumns = element == "i2" ? 128 : 64;
    Shape shape = {randInt(rng, 8, 27),
                   randInt(rng, pairColumns / 2, 3 * pairColumns)};
    std::vector<bool> dynamic = {randInt(rng, 0, 1) == 1,
                                 randInt(rng, 0, 1) == 1};
    std::vector<KernelCase> cases;
    cases.push_back({BuiltinKind::Encode,
                     {spec(identityLayout(2), shape, element, dynamic),
                      spec(t84(), shape, element, dynamic)}});
    cases.push_back({BuiltinKind::Encode,
                     {spec(t84(), shape, element, dynamic),
                      spec(identityLayout(2), shape, element, dynamic)}});
    Shape lengths, offsets;
    for (int64_t d : shape) {
      int64_t length = randInt(rng, d / 2, d);
      lengths.push_back(length);
      offsets.push_back(randInt(rng, 0, d - length));
    }
    cases.push_back({BuiltinKind::Slice,
                     {spec(t84(), shape, element, dynamic),
                      spec(identityLayout(2), lengths, element, dynamic)},
                     offsets});
    cases.push_back({BuiltinKind::Update,
                     {spec(t84(), shape, element, dynamic),
                      spec(identityLayout(2), lengths, element)},
                     offsets});
    for (const KernelCase &c : cases) {
      INFO(c.describe());
      runAndCheck(*ctx, c, {{}, {/*threads=*/2}});
    }
  }
}

namespace {

/// Kernels from tiles with rows of 8, 16 or 32 bytes into untiled rows, and
/// whether each tile row of a group of whole tiles is joined into one
/// 64-byte store (vector<64xi8>).
std::vector<std::pair<KernelCase, bool>> joinedRowCases() {
  using K = BuiltinKind;
  auto t84 = [] { return tiledLayout(2, {0, 1}, {8, 4}); };
  std::vector<std::pair<KernelCase, bool>> cases;
  // 16-byte rows of f32 8x4: static and whole, odd and dynamic (groups and
  // tiles cut at the row's end and the last tile row).
  cases.push_back({{K::Encode,
                    {spec(t84(), {64, 128}, "f32"),
                     spec(identityLayout(2), {64, 128}, "f32")}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(t84(), {37, 141}, "f32", {true, true}),
                     spec(identityLayout(2), {37, 141}, "f32",
                          {true, true})}},
                   true});
  // 32-byte rows (f32 8x8: two tiles a group), 8-byte rows (f64 8x1: eight
  // tiles, one element each; i4 8x16 into padded rows).
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {8, 8}), {19, 70}, "f32"),
                     spec(identityLayout(2), {19, 70}, "f32")}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {8, 1}), {13, 29}, "f64",
                          {false, true}),
                     spec(identityLayout(2), {13, 29}, "f64",
                          {false, true})}},
                   true});
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {8, 16}), {21, 203}, "i4"),
                     spec(paddingLayout({0, 5}), {21, 203}, "i4")}},
                   true});
  // Regions that start mid-tile: a slice into rows, and rows updated by a
  // tiled value at a column that is no multiple of the group; packed rows
  // that start a byte every other row (131 slots).
  cases.push_back({{K::Slice,
                    {spec(t84(), {45, 150}, "f32", {true, true}),
                     spec(identityLayout(2), {33, 131}, "f32", {true, true})},
                    {3, 5}},
                   true});
  cases.push_back({{K::Update,
                    {spec(identityLayout(2), {45, 150}, "f32"),
                     spec(t84(), {30, 101}, "f32")},
                    {9, 6}},
                   true});
  cases.push_back({{K::Slice,
                    {spec(tiledLayout(2, {0, 1}, {8, 32}), {45, 300}, "i4",
                          {true, true}),
                     spec(identityLayout(2), {33, 131}, "i4", {true, true})},
                    {3, 5}},
                   true});
  // 3-d, an untiled outer dim.
  cases.push_back(
      {{K::Encode,
        {spec(tiledLayout(3, {1, 2}, {8, 4}), {3, 17, 45}, "f32",
              {false, true, false}),
         spec(identityLayout(3), {3, 17, 45}, "f32", {false, true, false})}},
       true});
  // Not joined into rows: into tiles (already one stream; past the cache
  // their tile rows join instead, "tile rows join into whole lines of
  // tiles"), and tiles whose row's tiles are not the innermost outer dim.
  cases.push_back({{K::Encode,
                    {spec(identityLayout(2), {37, 141}, "f32"),
                     spec(t84(), {37, 141}, "f32")}},
                   false});
  cases.push_back({{K::Encode,
                    {spec(tiledLayout(2, {0, 1}, {8, 4}, {1, 0}), {37, 141},
                          "f32"),
                     spec(identityLayout(2), {37, 141}, "f32")}},
                   false});
  return cases;
}

} // namespace

TEST_CASE("tile rows of 8-32 bytes join into 64-byte row stores",
          "[builtins][jit][transpose]") {
  auto ctx = makeKernelJitContext();
  for (const auto &[c, joined] : joinedRowCases()) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    int64_t lineStores =
        countLineStores(*buildKernelModule(*ctx, c.kind, types));
    CHECK((lineStores > 0) == joined);
    std::vector<RunConfig> configs = {{}, {/*threads=*/2}};
    // Past the cache: the joined stores and only those (the lines whole).
    StoreKinds kinds = countStoreKinds(*buildKernelModule(
        *ctx, c.kind, types, /*parallel=*/false, /*nonTemporalStoreBytes=*/1));
    CHECK((kinds.wholeLines > 0) == (joined || !writesRows(c)));
    if (writesRows(c))
      CHECK(kinds.nonTemporal == kinds.wholeLines);
    // With `none` the walks into rows store only ordinarily, their joined
    // stores too (one stream, into tiles, keeps its whole lines).
    StoreKinds ordinary = countStoreKinds(*buildKernelModule(
        *ctx, c.kind, types, /*parallel=*/false, 1, ScatteredStores::None));
    if (writesRows(c)) {
      CHECK(ordinary.nonTemporal == 0);
      CHECK(ordinary.fences == 0);
    } else {
      CHECK(ordinary.nonTemporal == kinds.nonTemporal);
    }
    // The rows are still joined: only the kind of store changes.
    CHECK((countLineStores(*buildKernelModule(*ctx, c.kind, types, false, 1,
                                              ScatteredStores::None)) > 0) ==
          (joined || !writesRows(c)));
    if (joined) {
      configs.push_back({1, /*nonTemporalStoreBytes=*/1});
      configs.push_back({2, 1});
      configs.push_back({1, 1, ScatteredStores::None});
    }
    // Every walk past the cache: joined stores under the address test.
    configs.push_back({1, 1, ScatteredStores::All});
    runAndCheck(*ctx, c, configs);
  }
}

TEST_CASE("joined tile rows of random widths match the reference byte "
          "images",
          "[builtins][jit][transpose]") {
  // Rows of f32 8x4 and 8x8 and i4 8x16 tiles whose widths end anywhere in
  // a group or a tile, with dynamic dims, slices from tiles and updates by
  // tiled values whose regions start mid-tile, on 1 and 2 threads.
  auto ctx = makeKernelJitContext();
  std::mt19937 rng(20261207);
  for (int iteration = 0; iteration < 6; ++iteration) {
    int which = iteration % 3;
    std::string element = which == 2 ? "i4" : "f32";
    LayoutDesc tiles = tiledLayout(2, {0, 1}, {8, which == 0 ? 4 : 8});
    if (which == 2)
      tiles = tiledLayout(2, {0, 1}, {8, 16});
    Shape shape = {randInt(rng, 8, 27), randInt(rng, 16, 200)};
    std::vector<bool> dynamic = {randInt(rng, 0, 1) == 1,
                                 randInt(rng, 0, 1) == 1};
    Shape lengths, offsets;
    for (int64_t d : shape) {
      int64_t length = randInt(rng, d / 2, d);
      lengths.push_back(length);
      offsets.push_back(randInt(rng, 0, d - length));
    }
    std::vector<KernelCase> cases;
    cases.push_back({BuiltinKind::Encode,
                     {spec(tiles, shape, element, dynamic),
                      spec(identityLayout(2), shape, element, dynamic)}});
    cases.push_back({BuiltinKind::Slice,
                     {spec(tiles, shape, element, dynamic),
                      spec(identityLayout(2), lengths, element, dynamic)},
                     offsets});
    cases.push_back({BuiltinKind::Update,
                     {spec(identityLayout(2), shape, element, dynamic),
                      spec(tiles, lengths, element)},
                     offsets});
    for (const KernelCase &c : cases) {
      INFO(c.describe());
      runAndCheck(*ctx, c, {{}, {/*threads=*/2}});
    }
  }
}

TEST_CASE("random updates and fills match the reference byte images",
          "[builtins][jit]") {
  auto ctx = makeKernelJitContext();
  std::mt19937 rng(20261129);
  const char *elements[] = {"i8", "i1", "f16", "f32", "i64",
                            "i24", "f64", "i4", "i2", "ui4"};
  for (int iteration = 0; iteration < 24; ++iteration) {
    int64_t rank = randInt(rng, 1, 3);
    Shape shape = randomShape(rng, rank);
    auto randomLayout = [&]() {
      return randomLayoutOfAnyKind(rng, rank, /*maxTile=*/8);
    };
    std::vector<bool> dynamic;
    for (int64_t i = 0; i < rank; ++i)
      dynamic.push_back(randInt(rng, 0, 1) == 1);
    std::string element = elements[randInt(rng, 0, 9)];
    Shape lengths, offsets;
    for (int64_t d : shape) {
      int64_t length = d == 0 ? 0 : randInt(rng, 1, d);
      lengths.push_back(length);
      offsets.push_back(randInt(rng, 0, d - length));
    }
    runAndCheck(*ctx, {BuiltinKind::Update,
                       {spec(randomLayout(), shape, element, dynamic),
                        spec(randomLayout(), lengths, element, dynamic)},
                       offsets});
    runAndCheck(*ctx, {BuiltinKind::Fill,
                       {spec(randomLayout(), shape, element, dynamic)},
                       offsets,
                       lengths});
  }
}

namespace {

/// Relayouts and copies into tiles, with `joined` whether their tile rows
/// join into whole-line stores past the cache.
std::vector<std::pair<KernelCase, bool>> tileLineCases() {
  using K = BuiltinKind;
  std::vector<std::pair<KernelCase, bool>> cases;
  auto t84 = [] { return tiledLayout(2, {0, 1}, {8, 4}); };
  auto encode = [&](TensorSpec from, TensorSpec to, bool joined) {
    cases.push_back({{K::Encode, {std::move(from), std::move(to)}}, joined});
  };
  // 16-byte rows (4 a line), cut tiles at both ends; dynamic dims (the
  // choice at run time).
  encode(spec(identityLayout(2), {37, 141}, "f32"),
         spec(t84(), {37, 141}, "f32"), true);
  encode(spec(identityLayout(2), {29, 70}, "f32", {true, true}),
         spec(t84(), {29, 70}, "f32", {true, true}), true);
  // 32-byte rows of two chunks each, from other tiles (a walk that writes
  // two destination tiles at once); 16-byte rows of f64; 8-byte rows (i8
  // 8x8: a line of 8 rows); 64-byte rows (one a line).
  encode(spec(t84(), {27, 45}, "f32"),
         spec(tiledLayout(2, {0, 1}, {4, 8}), {27, 45}, "f32"), true);
  encode(spec(identityLayout(2), {19, 13}, "f64"),
         spec(tiledLayout(2, {0, 1}, {8, 2}), {19, 13}, "f64"), true);
  encode(spec(identityLayout(2), {21, 35}, "i8"),
         spec(tiledLayout(2, {0, 1}, {8, 8}), {21, 35}, "i8"), true);
  encode(spec(identityLayout(2), {9, 50}, "f32"),
         spec(tiledLayout(2, {0, 1}, {2, 16}), {9, 50}, "f32"), true);
  // 3-d with an outer dim permuted.
  encode(spec(identityLayout(3), {3, 17, 21}, "f32"),
         spec(tiledLayout(3, {1, 2}, {8, 4}, {0, 2, 1}), {3, 17, 21}, "f32"),
         true);
  // A tiled region inside a larger tensor: an update of whole tiles and
  // cut ones. Slices between tiles (offsets at run time): at column 8 the
  // chunks line up with the source's, at column 5 each chunk is first
  // joined from two source tiles (a select of two loads).
  cases.push_back({{K::Update,
                    {spec(t84(), {45, 150}, "f32"),
                     spec(identityLayout(2), {30, 101}, "f32")},
                    {8, 12}},
                   true});
  for (int64_t column : {5, 8})
    cases.push_back({{K::Slice,
                      {spec(t84(), {45, 150}, "f32"),
                       spec(t84(), {33, 131}, "f32")},
                      {3, column}},
                     true});
  // Not joined: 12-byte rows (no divisor of a line), a tile of 32 bytes
  // (8-byte rows, 4 of them), narrow 8x1 tiles (transposed groups), packed
  // i4, and a fill.
  encode(spec(identityLayout(2), {17, 33}, "f32"),
         spec(tiledLayout(2, {0, 1}, {8, 3}), {17, 33}, "f32"), false);
  encode(spec(identityLayout(2), {17, 33}, "f32"),
         spec(tiledLayout(2, {0, 1}, {4, 2}), {17, 33}, "f32"), false);
  encode(spec(identityLayout(2), {16, 64}, "i4"),
         spec(tiledLayout(2, {0, 1}, {8, 32}), {16, 64}, "i4"), false);
  encode(spec(identityLayout(2), {19, 13}, "f64"),
         spec(tiledLayout(2, {0, 1}, {8, 1}), {19, 13}, "f64"), false);
  cases.push_back(
      {{K::Fill, {spec(t84(), {40, 40}, "f32")}, {0, 0}, {40, 40}}, false});
  return cases;
}

} // namespace

TEST_CASE("tile rows join into whole lines of tiles past the cache",
          "[builtins][jit][nontemporal]") {
  auto ctx = makeKernelJitContext();
  for (const auto &[c, joined] : tileLineCases()) {
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    bool isStatic = c.kind != BuiltinKind::Fill &&
                    types.back().hasStaticShape();
    // In cache (a size known under the threshold) the rows move as
    // before: no 64-byte stores.
    if (isStatic && joined)
      CHECK(countLineStores(*buildKernelModule(*ctx, c.kind, types)) == 0);
    StoreKinds kinds = countStoreKinds(*buildKernelModule(
        *ctx, c.kind, types, /*parallel=*/false, /*nonTemporalStoreBytes=*/1));
    CHECK((kinds.wholeLines > 0) == joined);
    std::vector<RunConfig> configs = {{1, /*nonTemporalStoreBytes=*/1},
                                      {2, 1}};
    // The ordinary branch of a choice at run time.
    if (!isStatic)
      configs.push_back({});
    runAndCheck(*ctx, c, configs);
  }
}

TEST_CASE("non-temporal stores leave the reference byte images",
          "[builtins][jit][nontemporal]") {
  auto ctx = makeKernelJitContext();
  // Every chunk and group case with the threshold at one byte: a region
  // of static size stores non-temporally, one of dynamic size (a fill's
  // too) chooses at run time; a kernel with such stores has one fence,
  // more in parallel groups; and each writes what the ordinary kernel
  // writes, on 1 and 2 threads (the ordinary stores of the dynamic cases
  // run in the other tests, at the default threshold). The same with
  // nonTemporalScatteredStores, which adds the walks into several rows.
  std::vector<std::pair<KernelCase, bool>> cases = chunkCases();
  llvm::append_range(cases, groupCases());
  llvm::append_range(cases, transposedRowCases());
  // Static splats: their pattern (a stack buffer) is read as one vector.
  using K = BuiltinKind;
  cases.push_back(
      {{K::Splat, {spec(tiledLayout(2, {0, 1}, {8, 4}), {21, 19}, "f32")}},
       true});
  cases.push_back(
      {{K::Splat, {spec(identityLayout(2), {5, 37}, "i16")}}, true});
  cases.push_back({{K::Splat,
                    {spec(tiledLayout(2, {0, 1}, {4, 2}, {1, 0}), {12, 8},
                          "f64")}},
                   true});
  int64_t withNonTemporal = 0, withScattered = 0, withAligned = 0;
  for (const auto &[c, vectorMoves] : cases) {
    (void)vectorMoves;
    INFO(c.describe());
    std::vector<RankedTensorType> types = parseTypes(*ctx, c);
    // The region is the result's (encode, slice, splat) or the update's
    // shape; a fill's lengths are arguments.
    bool isStatic = c.kind != BuiltinKind::Fill &&
                    types.back().hasStaticShape();
    StoreKinds kinds = countStoreKinds(*buildKernelModule(
        *ctx, c.kind, types, /*parallel=*/false, /*nonTemporalStoreBytes=*/1));
    if (isStatic)
      CHECK(kinds.chosenAtRunTime == 0);
    else
      CHECK(kinds.chosenAtRunTime == kinds.nonTemporal);
    CHECK((kinds.fences > 0) == (kinds.nonTemporal > 0));
    withAligned += kinds.alignedAtRunTime;
    // One fence per kernel, one more per parallel group.
    if (kinds.nonTemporal > 0) {
      ++withNonTemporal;
      CHECK(kinds.fences == 1);
      StoreKinds parallelKinds = countStoreKinds(*buildKernelModule(
          *ctx, c.kind, types, /*parallel=*/true, 1));
      CHECK(parallelKinds.fences >= 1);
    }
    std::vector<RunConfig> configs = {{1, /*nonTemporalStoreBytes=*/1},
                                      {2, 1}};
    // Every walk past the cache: at least the same stores, more where the
    // walk writes several destination rows at once (tiles into rows).
    StoreKinds everyWalk = countStoreKinds(*buildKernelModule(
        *ctx, c.kind, types, /*parallel=*/false, 1,
        ScatteredStores::All));
    CHECK(everyWalk.nonTemporal >= kinds.nonTemporal);
    CHECK((everyWalk.fences > 0) == (everyWalk.nonTemporal > 0));
    // (Run only where it changes the kernel: the runs JIT-compile, and
    // CI runs them under sanitizers.)
    if (everyWalk.nonTemporalOps != kinds.nonTemporalOps) {
      ++withScattered;
      configs.push_back({1, 1, ScatteredStores::All});
      configs.push_back({2, 1, ScatteredStores::All});
    }
    runAndCheck(*ctx, c, configs);
  }
  // Most static chunk and group cases move 8 bytes or more at a time.
  CHECK(withNonTemporal >= 10);
  // The relayouts out of tiles into rows among them.
  CHECK(withScattered >= 3);
  // 16-byte stores (8x4 f32 tile rows and wider) align where they run.
  CHECK(withAligned >= 10);
}

TEST_CASE("non-temporal stores start at the threshold",
          "[builtins][nontemporal]") {
  auto ctx = makeKernelJitContext();
  // 32x32 f32 into 8x4 tiles: 4096 bytes written, in 16-byte chunks.
  KernelCase c{BuiltinKind::Encode,
               {spec(identityLayout(2), {32, 32}, "f32"),
                spec(tiledLayout(2, {0, 1}, {8, 4}), {32, 32}, "f32")}};
  std::vector<RankedTensorType> types = parseTypes(*ctx, c);
  auto nonTemporalAt = [&](int64_t threshold) {
    return countStoreKinds(*buildKernelModule(*ctx, c.kind, types, false,
                                              threshold))
        .nonTemporal;
  };
  CHECK(nonTemporalAt(4096) > 0);
  CHECK(nonTemporalAt(4097) == 0);
  CHECK(nonTemporalAt(0) == 0);
  CHECK(nonTemporalAt(kDefaultNonTemporalStoreBytes) == 0);
}
