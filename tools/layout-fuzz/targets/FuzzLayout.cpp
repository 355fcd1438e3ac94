//===- FuzzLayout.cpp - libFuzzer target: layout math and the planner -----===//
//
// The input decodes into (shape, layout, element width, regions, fill
// pattern) tuples, element widths including packed i2 and i4 (simulated
// memory then holds one cell per element slot, DMA moves whole bytes): small dims mostly, edge values (2^31, 2^32, 2^62,
// INT64_MAX, ...) sometimes. Each case:
//  - parses `tensor<..., LAYOUT>`; an attribute the verifier rejects is a
//    clean answer;
//  - when the byte image is small, checks the storage size and every
//    element's offset against the brute-force reference
//    (unittests/Support/LayoutReference.h), then plans a copy and a fill
//    with the TransferPlanner and executes every DMA answer on simulated
//    memory: region elements must get their source bytes (or the pattern),
//    nothing else may change, tiled pads stay zero;
//  - when the image is huge but its size fits in int64, the size must be
//    exact and the last element's offset inside it (no overflow on the way:
//    UBSan traps signed overflow).
// Sizes past INT64_MAX must be reported as overflow by the checked size
// (getCheckedStorageSizeInBytes), and sizes that fit must never be.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "LayoutReference.h"

#include "StreamLite/Analysis/TransferPlanner.h"
#include "StreamLite/IR/StreamLiteAttrs.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::fuzz;
using namespace layoutopt::test;

namespace {

std::string listStr(const std::vector<int64_t> &values) {
  std::string s = "[";
  for (size_t i = 0; i < values.size(); ++i)
    s += (i ? ", " : "") + std::to_string(values[i]);
  return s + "]";
}

/// The input as a stream of bytes (zeros past its end).
class Decoder {
public:
  Decoder(const uint8_t *data, size_t size) : data(data), size(size) {}
  uint8_t next() { return pos < size ? data[pos++] : 0; }
  /// Mostly `small` (0..limit-1), sometimes an edge value.
  int64_t value(int64_t limit, int64_t offset = 0) {
    static const int64_t kEdges[] = {
        0, 1, 2, 3, 255, 256, 65535, 65536, (int64_t(1) << 31) - 1,
        int64_t(1) << 31, int64_t(1) << 32, 3037000499, 3037000500,
        int64_t(1) << 62, INT64_MAX - 1, INT64_MAX};
    uint8_t b = next();
    if (b < 232)
      return offset + b % limit;
    return kEdges[(b - 232) % std::size(kEdges)];
  }
  std::vector<int64_t> permutation(int64_t n) {
    std::vector<int64_t> p;
    for (int64_t i = 0; i < n; ++i)
      p.push_back(i);
    for (int64_t i = n - 1; i > 0; --i)
      std::swap(p[i], p[next() % (i + 1)]);
    return p;
  }

private:
  const uint8_t *data;
  size_t size;
  size_t pos = 0;
};

LayoutDesc decodeLayout(Decoder &in, int64_t rank) {
  switch (in.next() % 3) {
  case 0:
    return identityLayout(rank);
  case 1: {
    std::vector<int64_t> pads;
    for (int64_t i = 0; i < rank; ++i)
      pads.push_back(in.value(5));
    return paddingLayout(pads);
  }
  default: {
    std::vector<int64_t> dims = in.permutation(rank), pos, tiles, perm;
    int64_t numTiled = in.next() % (rank + 1);
    for (int64_t j = 0; j < numTiled; ++j) {
      pos.push_back(dims[j]);
      tiles.push_back(in.value(8, 1));
    }
    if (in.next() & 1)
      perm = in.permutation(rank);
    return tiledLayout(rank, pos, tiles, perm);
  }
  }
}

/// Physical extent of dim `i`: padded, or rounded up to its tile (128-bit).
__int128 physicalExtent(const LayoutDesc &layout, const Shape &shape,
                        size_t i) {
  __int128 d = shape[i];
  if (layout.kind == LayoutDesc::Padding)
    d += layout.padding[i];
  if (layout.kind == LayoutDesc::Tiled)
    for (size_t j = 0; j < layout.innerDimsPos.size(); ++j)
      if (layout.innerDimsPos[j] == int64_t(i)) {
        __int128 t = layout.innerTiles[j];
        d = (d + t - 1) / t * t;
      }
  return d;
}

/// Physical element slots of `layout` over `shape` (closed form, 128-bit).
__int128 physicalSlots(const LayoutDesc &layout, const Shape &shape) {
  __int128 slots = 1;
  const __int128 cap = __int128(1) << 100;
  for (size_t i = 0; i < shape.size(); ++i) {
    __int128 d = std::min(physicalExtent(layout, shape, i), cap);
    // Saturate at `cap` without overflowing 128 bits on the way.
    slots = (d != 0 && slots > cap / d) ? cap : slots * d;
  }
  return slots;
}

/// Whether one physical extent (a padded dim, a dim rounded up to its tile)
/// passes INT64_MAX: the layout math reports that as overflow even when a
/// zero dim makes the whole size 0.
bool extentOverflows(const LayoutDesc &layout, const Shape &shape) {
  for (size_t i = 0; i < shape.size(); ++i)
    if (physicalExtent(layout, shape, i) > INT64_MAX)
      return true;
  return false;
}

const char *elementTypeOf(int64_t bytes, bool isFloat) {
  switch (bytes) {
  case 1:
    return "i8";
  case 2:
    return isFloat ? "f16" : "i16";
  case 4:
    return isFloat ? "f32" : "i32";
  default:
    return isFloat ? "f64" : "i64";
  }
}

/// One tensor: its description, parsed type and reference image, whose
/// cells are bytes, or the element slots of packed elements.
struct Tensor {
  LayoutDesc layout;
  Shape shape;
  /// Bytes per element (1 for packed elements).
  int64_t eb = 1;
  /// 2 or 4 for packed elements, else 0.
  int64_t packedBits = 0;
  RankedTensorType type;
  PhysicalLayoutAttrInterface attr;
  RefImage ref;
  /// Cells of the storage: ref.storageBytes, rounded up to whole bytes.
  int64_t storageCells = 0;
  std::vector<int64_t> slotOwner; // logical key per element slot, -1: pad

  ElementWidth width() const {
    return packedBits ? ElementWidth(packedBits) : ElementWidth::ofBytes(eb);
  }
  int64_t cellsPerByte() const { return width().slotsPerByte(); }
  std::string describe() const {
    return "tensor " + listStr(shape) + " x " +
           (packedBits ? std::to_string(packedBits) + " bits, "
                       : std::to_string(eb) + " bytes, ") +
           layout.str();
  }
};

constexpr int64_t kMaxSlots = 1 << 12;

/// Parses the tensor type; false when the verifier rejects it.
bool instantiate(MLIRContext &ctx, Tensor &t, bool isFloat) {
  std::string text = "tensor<";
  for (int64_t d : t.shape)
    text += std::to_string(d) + "x";
  text += (t.packedBits ? "i" + std::to_string(t.packedBits)
                        : std::string(elementTypeOf(t.eb, isFloat))) +
          ", " + t.layout.str() + ">";
  t.type = llvm::dyn_cast_if_present<RankedTensorType>(parseType(text, &ctx));
  if (!t.type)
    return false;
  t.attr = getPhysicalLayout(t.type);
  if (!t.attr)
    finding("a parsed tensor type has no physical layout", text);
  return true;
}

/// Size and every offset against the reference (small images only).
void checkMath(Tensor &t) {
  t.ref = referenceImage(t.layout, t.shape, t.eb);
  int64_t k = t.cellsPerByte();
  t.storageCells = (t.ref.storageBytes + k - 1) / k * k;
  int64_t size = t.attr.getStorageSizeInBytes(t.shape, t.width());
  if (size != t.storageCells / k)
    finding("storage size differs from the reference",
            t.describe() + ": " + std::to_string(size) + " vs " +
                std::to_string(t.storageCells / k));
  t.slotOwner.assign(t.storageCells / t.eb, -1);
  forEachIndex(t.shape, [&](const Shape &idx) {
    int64_t key = logicalKey(t.shape, idx);
    int64_t cell = t.ref.offsetOf[key];
    int64_t got = t.attr.getElementByteOffset(t.shape, t.width(), idx);
    if (got != cell / k)
      finding("element offset differs from the reference",
              t.describe() + ": element " + listStr(idx) + " at " +
                  std::to_string(got) + ", reference " +
                  std::to_string(cell / k));
    t.slotOwner[cell / t.eb] = key;
  });
}

/// Huge images: the exact size when it fits, the last element inside it.
void checkHugeMath(const Tensor &t, __int128 slots) {
  int64_t k = t.cellsPerByte();
  __int128 bytes = t.packedBits ? (slots + k - 1) / k : slots * t.eb;
  std::optional<int64_t> checked =
      t.attr.getCheckedStorageSizeInBytes(t.shape, t.width());
  if (!checked && extentOverflows(t.layout, t.shape))
    return;
  // A packed slot count past INT64_MAX is an overflow too, even when its
  // bytes would fit (docs/language.md): slots are index values.
  if (bytes > INT64_MAX || (t.packedBits && slots > INT64_MAX)) {
    if (checked)
      finding("a storage size past INT64_MAX was not reported as overflow",
              t.describe() + ": " + std::to_string(*checked));
    return;
  }
  if (!checked || *checked != int64_t(bytes))
    finding("storage size of a huge tensor is wrong",
            t.describe() + ": " +
                (checked ? std::to_string(*checked) : "overflow"));
  int64_t size = *checked;
  Shape last;
  for (int64_t d : t.shape) {
    if (d == 0)
      return;
    last.push_back(d - 1);
  }
  int64_t offset = t.attr.getElementByteOffset(t.shape, t.width(), last);
  if (offset < 0 || offset > size - t.eb)
    finding("the last element lies outside the storage",
            t.describe() + ": offset " + std::to_string(offset));
}

//===----------------------------------------------------------------------===//
// Simulated memory: every byte holds a tag
//===----------------------------------------------------------------------===//

constexpr int64_t kSourceTag = int64_t(1) << 32, kTargetTag = int64_t(1) << 40;
constexpr int64_t kGarbage = -7, kGuard = -1000, kGuardCells = 16;

std::vector<int64_t> initialImage(const Tensor &t, int64_t tag) {
  bool tiled = t.layout.kind == LayoutDesc::Tiled;
  std::vector<int64_t> cells(t.storageCells, tiled ? 0 : kGarbage);
  for (size_t key = 0; key < t.ref.offsetOf.size(); ++key)
    for (int64_t j = 0; j < t.eb; ++j)
      cells[t.ref.offsetOf[key] + j] = tag + int64_t(key) * 8 + j;
  return cells;
}

struct Box {
  Shape offsets, lengths;
  bool contains(const Shape &idx) const {
    for (size_t i = 0; i < idx.size(); ++i)
      if (idx[i] < offsets[i] || idx[i] >= offsets[i] + lengths[i])
        return false;
    return true;
  }
};

TensorRegion makeRegion(const Tensor &t, const Box &box) {
  Builder b(t.type.getContext());
  TensorRegion r;
  r.type = t.type;
  for (size_t i = 0; i < t.shape.size(); ++i) {
    r.dims.push_back(b.getIndexAttr(t.shape[i]));
    r.offsets.push_back(b.getIndexAttr(box.offsets[i]));
    r.lengths.push_back(b.getIndexAttr(box.lengths[i]));
  }
  return r;
}

/// [start, start + length) of a planned span in cells, checked against the
/// reference and the storage; packed spans are whole bytes from the byte of
/// their first slot (as the lowering computes them).
void spanBytes(const ByteSpan &span, const Tensor &t, int64_t &start,
               int64_t &length, llvm::StringRef what) {
  auto bad = [&](const std::string &why) {
    finding(("planner " + what + " span: " + why).str(), t.describe());
  };
  int64_t k = t.cellsPerByte();
  if (span.wholeStorage) {
    start = 0;
    length = t.storageCells;
    return;
  }
  length = t.eb;
  for (OpFoldResult f : span.elementFactors) {
    std::optional<int64_t> c = getConstantIntValue(f);
    if (!c || *c < 0)
      bad("element factor not a non-negative constant");
    length *= *c;
  }
  Shape idx;
  for (OpFoldResult s : span.start) {
    std::optional<int64_t> c = getConstantIntValue(s);
    if (!c)
      bad("non-constant start");
    idx.push_back(*c);
  }
  if (idx.size() != t.shape.size())
    bad("start of the wrong rank");
  start = 0;
  if (length == 0)
    return;
  if (t.ref.offsetOf.empty()) {
    // An empty tensor: a span may only cover pad bytes (its start is where
    // that index would lie in the padded image); the storage bounds below
    // and the pad checks after the DMA hold it to the pad contract.
    for (int64_t i : idx)
      if (i < 0)
        bad("start " + listStr(idx) + " of an empty tensor is negative");
    start = t.attr.getElementByteOffset(t.shape, t.width(), idx) * k;
  } else {
    for (size_t i = 0; i < idx.size(); ++i)
      if (idx[i] < 0 || idx[i] >= t.shape[i])
        bad("start " + listStr(idx) + " outside the tensor");
    start = t.ref.offsetOf[logicalKey(t.shape, idx)] / k * k;
  }
  length = (length + k - 1) / k * k;
  if (start + length > t.storageCells)
    bad("bytes [" + std::to_string(start) + ", " +
        std::to_string(start + length) + ") outside the storage");
}

/// Checks the target memory after a DMA: region elements per `expect`,
/// others unchanged, tiled pads zero, guards intact.
template <typename ExpectFn>
void checkTarget(const Tensor &t, const Box &region,
                 const std::vector<int64_t> &memory, ExpectFn expect,
                 llvm::StringRef what) {
  for (int64_t g = 0; g < kGuardCells; ++g)
    if (memory[g] != kGuard || memory[kGuardCells + t.storageCells + g] != kGuard)
      finding((what + " wrote outside the target storage").str(), t.describe());
  forEachIndex(t.shape, [&](const Shape &idx) {
    int64_t key = logicalKey(t.shape, idx);
    bool inside = region.contains(idx);
    for (int64_t j = 0; j < t.eb; ++j) {
      int64_t want = inside ? expect(idx, j) : kTargetTag + key * 8 + j;
      if (memory[kGuardCells + t.ref.offsetOf[key] + j] != want)
        finding((what + " left a wrong byte").str(),
                t.describe() + ": element " + listStr(idx) + " byte " +
                    std::to_string(j) + (inside ? " (in" : " (outside") +
                    " the region)");
    }
  });
  if (t.layout.kind == LayoutDesc::Tiled)
    for (size_t s = 0; s < t.slotOwner.size(); ++s)
      for (int64_t j = 0; t.slotOwner[s] < 0 && j < t.eb; ++j)
        if (memory[kGuardCells + s * t.eb + j] != 0)
          finding((what + " wrote into tiled padding").str(), t.describe());
}

/// The planner works on verified types, whose storage sizes fit in int64
/// (the verifier rejects the others before any pass runs).
bool fitsInt64(const Tensor &t) {
  return t.attr.getCheckedStorageSizeInBytes(t.shape, t.width()).has_value();
}

void runCopy(const Tensor &source, const Box &sourceBox, const Tensor &target,
             const Box &targetBox) {
  if (!fitsInt64(source) || !fitsInt64(target))
    return;
  TransferPlan plan = TransferPlanner().planCopy(makeRegion(source, sourceBox),
                                                 makeRegion(target, targetBox));
  if (plan.isError || plan.kind == TransferPlan::Kind::Dispatch)
    return;
  if (plan.kind != TransferPlan::Kind::Copy || !plan.source || !plan.target)
    finding("planCopy answered neither a copy nor a dispatch");
  int64_t s0, sLen, t0, tLen;
  spanBytes(*plan.source, source, s0, sLen, "copy source");
  spanBytes(*plan.target, target, t0, tLen, "copy target");
  if (sLen != tLen)
    finding("copy spans of different lengths");
  std::vector<int64_t> src = initialImage(source, kSourceTag);
  std::vector<int64_t> memory(target.storageCells + 2 * kGuardCells, kGuard);
  std::vector<int64_t> tgt = initialImage(target, kTargetTag);
  std::copy(tgt.begin(), tgt.end(), memory.begin() + kGuardCells);
  std::copy(src.begin() + s0, src.begin() + s0 + sLen,
            memory.begin() + kGuardCells + t0);
  checkTarget(
      target, targetBox, memory,
      [&](const Shape &idx, int64_t j) {
        Shape sidx(idx.size());
        for (size_t i = 0; i < idx.size(); ++i)
          sidx[i] = sourceBox.offsets[i] + idx[i] - targetBox.offsets[i];
        return kSourceTag + logicalKey(source.shape, sidx) * 8 + j;
      },
      "a planned copy (" + plan.explanation + ") from " + source.describe() +
          " to");
}

void runFill(const Tensor &target, const Box &box, const llvm::APInt &pattern,
             llvm::ArrayRef<int64_t> nativeFillBits) {
  if (!fitsInt64(target))
    return;
  TransferPlan plan = TransferPlanner().planFillRegion(
      makeRegion(target, box), pattern, target.eb * 8, nativeFillBits);
  if (plan.isError || plan.kind == TransferPlan::Kind::Dispatch)
    return;
  if (plan.kind != TransferPlan::Kind::Fill || !plan.target || !plan.fillPattern)
    finding("planFillRegion answered neither a fill nor a dispatch");
  unsigned bits = plan.fillBits;
  // A zero pattern is the same bytes at every width: where no native
  // width divides the bytes filled, the planner memsets zero bytes
  // (docs/passes.md, DMA or dispatch).
  bool zeroBytes = bits == 8 && plan.fillPattern->isZero();
  if (bits == 0 || bits % 8 || plan.fillPattern->getBitWidth() != bits ||
      (!llvm::is_contained(nativeFillBits, int64_t(bits)) && !zeroBytes))
    finding("a planned fill has a bad width", std::to_string(bits));
  int64_t t0, len;
  spanBytes(*plan.target, target, t0, len, "fill target");
  int64_t unit = bits / 8;
  int64_t k = target.cellsPerByte();
  if (len / k % unit)
    finding("a planned fill span is no multiple of its pattern");
  std::vector<int64_t> memory(target.storageCells + 2 * kGuardCells, kGuard);
  std::vector<int64_t> tgt = initialImage(target, kTargetTag);
  std::copy(tgt.begin(), tgt.end(), memory.begin() + kGuardCells);
  // A packed byte's cells are its slots, low bits first.
  const int64_t cellBits = 8 / k;
  const int64_t cellMask = (1 << cellBits) - 1;
  for (int64_t c = 0; c < len; ++c)
    memory[kGuardCells + t0 + c] =
        (plan.fillPattern->extractBitsAsZExtValue(8, 8 * (c / k % unit)) >>
         (c % k * cellBits)) &
        cellMask;
  checkTarget(
      target, box, memory,
      [&](const Shape &, int64_t j) {
        return int64_t(pattern.extractBitsAsZExtValue(8, 8 * j)) & cellMask;
      },
      "a planned fill (" + plan.explanation + ") of");
}

Box decodeBox(Decoder &in, const Shape &shape) {
  Box box;
  // A huge dim only occurs next to a zero one (small images): keep the
  // region's numbers small too.
  for (int64_t d : shape) {
    int64_t offset = in.next() % (std::min<int64_t>(d, 255) + 1);
    box.offsets.push_back(offset);
    box.lengths.push_back(in.next() % (std::min<int64_t>(d - offset, 255) + 1));
  }
  return box;
}

Box wholeBox(const Shape &shape) { return {Shape(shape.size(), 0), shape}; }

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static RenewedContext contexts(/*period=*/20000);
  MLIRContext &ctx = contexts.get();
  Decoder in(data, size);
  int64_t rank = 1 + in.next() % 4;
  Tensor a;
  // 1, 2, 4 or 8 bytes, or packed i2 / i4 (one byte per element slot cell).
  uint8_t widthCode = in.next() % 6;
  a.eb = widthCode < 4 ? int64_t(1) << widthCode : 1;
  a.packedBits = widthCode == 4 ? 2 : widthCode == 5 ? 4 : 0;
  bool isFloat = in.next() & 1;
  for (int64_t i = 0; i < rank; ++i)
    a.shape.push_back(in.value(10));
  a.layout = decodeLayout(in, rank);
  if (!instantiate(ctx, a, isFloat))
    return 0;
  // The reference counts tiles one by one: small dims only (a huge dim
  // next to a zero one has a small image too).
  __int128 slots = physicalSlots(a.layout, a.shape);
  bool smallDims = llvm::all_of(a.shape, [](int64_t d) { return d <= kMaxSlots; });
  if (slots > kMaxSlots || !smallDims || extentOverflows(a.layout, a.shape)) {
    checkHugeMath(a, slots);
    return 0;
  }
  checkMath(a);

  // A copy between `a` and a tensor of another layout: slice-like (the
  // other is the region), update-like (the region is the other) or
  // same-shape.
  Tensor b;
  b.eb = a.eb;
  b.packedBits = a.packedBits;
  b.layout = decodeLayout(in, rank);
  Box box = decodeBox(in, a.shape);
  uint8_t mode = in.next() % 3;
  b.shape = mode == 2 ? a.shape : box.lengths;
  // The same limits as for `a`: the reference adds pads to dims unchecked.
  if (instantiate(ctx, b, isFloat) && physicalSlots(b.layout, b.shape) <= kMaxSlots &&
      !extentOverflows(b.layout, b.shape)) {
    checkMath(b);
    if (mode == 0)
      runCopy(a, box, b, wholeBox(b.shape));
    else if (mode == 1)
      runCopy(b, wholeBox(b.shape), a, box);
    else
      runCopy(a, box, b, box);
  }

  // A fill of a region of `a` (a packed value replicated to a byte, as the
  // planner's callers pass it).
  static const std::vector<int64_t> kNativeFillBits[] = {
      {8, 16, 32}, {8}, {8, 16, 32, 64}, {16, 32}, {32, 8}, {64}};
  llvm::APInt pattern(a.eb * 8, 0);
  uint8_t patternKind = in.next();
  for (int64_t j = 0; j < a.eb; ++j)
    pattern.insertBits(
        llvm::APInt(8, patternKind & 1 ? patternKind : in.next()), 8 * j);
  if (a.packedBits) {
    llvm::APInt value = pattern.trunc(a.packedBits);
    for (int64_t at = 0; at < 8; at += a.packedBits)
      pattern.insertBits(value, at);
  }
  runFill(a, decodeBox(in, a.shape), pattern,
          kNativeFillBits[in.next() % std::size(kNativeFillBits)]);
  return 0;
}
