//===- TransferPlannerTest.cpp - DMA plans against brute-force memory -----===//
//
// Property tests for TransferPlanner (docs/passes.md, DMA or dispatch). Thousands of
// seeded random copies (slice-like and update-like) and fills over identity,
// padding and tiled layouts are planned; whenever the planner answers DMA the
// plan is executed on a simulated memory built from the independent
// reference in LayoutReference.h:
//
//  - every byte is a cell holding a tag: source elements are tagged by their
//    logical index and byte, target elements by a different tag, padding
//    pads hold a garbage marker, tiled pads hold zero (the pad contract);
//  - the planned memcpy/memset runs over [offset of span.start, + product of
//    elementFactors * element bytes) (or the whole storage), with guard
//    cells around the target storage;
//  - then: every region element of the target holds exactly its source
//    element (or the fill pattern), every other target element is
//    unchanged, every tiled pad byte is still zero, nothing outside the
//    target storage was written and nothing outside the source was read.
//
// An independent brute-force oracle also says whether ANY single memcpy or
// memset could do the transfer; DMA answers must agree with it, and the
// MUST-DMA cases of docs/passes.md are checked explicitly (as are some clear
// MUST-dispatch cases). Missed opportunities outside the MUST list are only
// counted and reported.
//
//===----------------------------------------------------------------------===//

#include "LayoutReference.h"
#include "TestUtil.h"

#include "StreamLite/Analysis/TransferPlanner.h"

#include "mlir/IR/Builders.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <sstream>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

//===----------------------------------------------------------------------===//
// Tensors and regions
//===----------------------------------------------------------------------===//

/// A tensor: its layout (for the reference), shape, element type and how
/// its encoding is spelled (physically equal spellings vary).
struct TensorDesc {
  LayoutDesc layout;
  Shape shape;
  /// Bytes per element; 1 for packed elements.
  int64_t elementBytes = 4;
  /// Set (2 or 4) for packed sub-byte elements.
  int64_t packedBits = 0;
  std::string elementType = "f32";
  std::string encoding; // empty: no encoding

  ElementWidth width() const {
    return packedBits ? ElementWidth(packedBits)
                      : ElementWidth::ofBytes(elementBytes);
  }
  /// Memory is simulated in cells: bytes, or the slots of packed elements.
  int64_t cellsPerByte() const { return width().slotsPerByte(); }

  std::string typeStr() const {
    std::string s = "tensor<";
    for (int64_t d : shape)
      s += std::to_string(d) + "x";
    s += elementType;
    if (!encoding.empty())
      s += ", " + encoding;
    return s + ">";
  }
};

struct IndexBox {
  Shape offsets, lengths;
  std::string str() const {
    std::string s;
    for (size_t i = 0; i < offsets.size(); ++i)
      s += (i ? " x " : "") + std::string("[") + std::to_string(offsets[i]) +
           ", " + std::to_string(offsets[i] + lengths[i]) + ")";
    return s;
  }
};

IndexBox wholeRegion(const Shape &shape) {
  return {Shape(shape.size(), 0), shape};
}

const char *elementTypeOfWidth(std::mt19937 &rng, int64_t bytes) {
  switch (bytes) {
  case 1:
    return "i8";
  case 2:
    return randInt(rng, 0, 1) ? "f16" : "i16";
  case 4:
    return randInt(rng, 0, 1) ? "f32" : "i32";
  default:
    return randInt(rng, 0, 1) ? "f64" : "i64";
  }
}

int64_t randomElementBytes(std::mt19937 &rng) {
  static const int64_t widths[] = {1, 2, 4, 8};
  return widths[randInt(rng, 0, 3)];
}

/// Spells `layout` as an encoding: identity sometimes as no encoding, and
/// sometimes wrapped in a one- or two-entry `#stream_lite.layout<[...]>`.
std::string spellEncoding(std::mt19937 &rng, const LayoutDesc &layout) {
  std::string base = layout.str();
  if (layout.kind == LayoutDesc::Identity && randInt(rng, 0, 1) == 0)
    return "";
  switch (randInt(rng, 0, 7)) {
  case 0:
    return "#stream_lite.layout<[" + base + "]>";
  case 1:
    return "#stream_lite.layout<[" + base + ", " + base + "]>";
  default:
    return base;
  }
}

/// Padding like padding_resolver makes: only the innermost dim padded.
LayoutDesc innerPadding(std::mt19937 &rng, int64_t rank) {
  LayoutDesc l;
  l.kind = LayoutDesc::Padding;
  l.rank = rank;
  l.padding.assign(rank, 0);
  l.padding.back() = randInt(rng, 1, 4);
  return l;
}

LayoutDesc randomLayout(std::mt19937 &rng, int64_t rank) {
  int64_t r = randInt(rng, 0, 19);
  if (r < 5)
    return identityLayout(rank);
  if (r < 9)
    return randomPadding(rng, rank);
  if (r < 11)
    return innerPadding(rng, rank);
  if (r < 14)
    return randomSwizzled(rng, rank, /*maxTile=*/6);
  return randomTiled(rng, rank, /*maxTile=*/5);
}

int64_t tileOf(const LayoutDesc &layout, int64_t dim) {
  if (layout.kind != LayoutDesc::Tiled)
    return 1;
  for (size_t j = 0; j < layout.innerDimsPos.size(); ++j)
    if (layout.innerDimsPos[j] == dim)
      return layout.innerTiles[j];
  return 1;
}

/// Dims 1..9; for tiled dims sometimes a multiple of the tile.
Shape randomShapeFor(std::mt19937 &rng, const LayoutDesc &layout) {
  Shape shape;
  for (int64_t i = 0; i < layout.rank; ++i) {
    int64_t t = tileOf(layout, i);
    if (t > 1 && randInt(rng, 0, 2) == 0)
      shape.push_back(t * randInt(rng, 1, 9 / t));
    else
      shape.push_back(randInt(rng, 1, 9));
  }
  return shape;
}

/// A tile-aligned range of dim `d` with tile `t`: [a*t, min(b*t, d)).
std::pair<int64_t, int64_t> tileAlignedRange(std::mt19937 &rng, int64_t d,
                                             int64_t t) {
  int64_t tiles = 0;
  while (tiles * t < d)
    ++tiles;
  int64_t a = randInt(rng, 0, tiles - 1), b = randInt(rng, a + 1, tiles);
  return {a * t, std::min(b * t, d) - a * t};
}

std::pair<int64_t, int64_t> randomRange(std::mt19937 &rng, int64_t d) {
  int64_t a = randInt(rng, 0, d - 1);
  return {a, randInt(rng, 1, d - a)};
}

/// Random non-empty regions inside `shape`, biased towards whole tensors,
/// whole rows, whole tiles, single elements and row-major contiguous ones.
IndexBox randomRegion(std::mt19937 &rng, const Shape &shape,
                    const LayoutDesc &layout) {
  const int64_t rank = shape.size();
  IndexBox region;
  region.offsets.assign(rank, 0);
  region.lengths = shape;
  auto set = [&](int64_t i, std::pair<int64_t, int64_t> range) {
    region.offsets[i] = range.first;
    region.lengths[i] = range.second;
  };
  switch (randInt(rng, 0, 9)) {
  case 0: // whole tensor
    break;
  case 1: // one element
    for (int64_t i = 0; i < rank; ++i)
      set(i, {randInt(rng, 0, shape[i] - 1), 1});
    break;
  case 2: // whole rows of dim 0
    set(0, randomRange(rng, shape[0]));
    break;
  case 3: // whole tiles (tile-aligned in every dim, whole in untiled dims)
    for (int64_t i = 0; i < rank; ++i)
      if (int64_t t = tileOf(layout, i); t > 1)
        set(i, tileAlignedRange(rng, shape[i], t));
      else if (randInt(rng, 0, 1))
        set(i, randomRange(rng, shape[i]));
    break;
  case 4: { // row-major contiguous: unit dims, one range, then whole dims
    int64_t k = randInt(rng, 0, rank - 1);
    for (int64_t i = 0; i < k; ++i)
      set(i, {randInt(rng, 0, shape[i] - 1), 1});
    set(k, randomRange(rng, shape[k]));
    break;
  }
  case 5: { // whole outer rows of tiles: tile-aligned in the first dim
    int64_t t = tileOf(layout, 0);
    set(0, t > 1 ? tileAlignedRange(rng, shape[0], t) : randomRange(rng, shape[0]));
    break;
  }
  default: // per-dim mixture
    for (int64_t i = 0; i < rank; ++i) {
      int64_t t = tileOf(layout, i);
      switch (randInt(rng, 0, 4)) {
      case 0:
        break; // whole
      case 1:
        set(i, {randInt(rng, 0, shape[i] - 1), 1});
        break;
      case 2:
        if (t > 1) {
          set(i, tileAlignedRange(rng, shape[i], t));
          break;
        }
        [[fallthrough]];
      default:
        set(i, randomRange(rng, shape[i]));
        break;
      }
    }
    break;
  }
  return region;
}

//===----------------------------------------------------------------------===//
// Simulated memory
//===----------------------------------------------------------------------===//

// Cell tags. Fill patterns write plain byte values 0..255.
constexpr int64_t kSourceTag = int64_t(1) << 32;
constexpr int64_t kTargetTag = int64_t(1) << 40;
constexpr int64_t kSourceGarbage = -7;  // padding-layout pads of the source
constexpr int64_t kTargetGarbage = -9;  // padding-layout pads of the target
constexpr int64_t kGuard = -1000;       // outside the target storage
constexpr int64_t kGuardCells = 64;

/// A tensor with its reference byte image and its parsed type.
struct Instance {
  TensorDesc desc;
  RefImage ref;
  RankedTensorType type;
  PhysicalLayoutAttrInterface attr;
  /// Per element slot: the logical key held there, or -1 for a pad (and
  /// for the tail slots of a packed storage's last byte).
  std::vector<int64_t> slotOwner;
  /// Cells of the storage (ref.storageBytes counts cells without the tail
  /// slots of packed elements).
  int64_t storageCells = 0;

  /// Slots that layout math counts (elements and pads, no tail slots).
  int64_t slots() const { return ref.storageBytes / desc.elementBytes; }
  int64_t cellsPerByte() const { return desc.cellsPerByte(); }
  bool tiledPads() const { return desc.layout.kind == LayoutDesc::Tiled; }
};

Instance instantiate(MLIRContext &ctx, const TensorDesc &desc) {
  Instance inst;
  inst.desc = desc;
  inst.ref = referenceImage(desc.layout, desc.shape, desc.elementBytes);
  std::string diags;
  inst.type = parseTensorType(ctx, desc.typeStr(), &diags);
  INFO("parsing " << desc.typeStr() << ": " << diags);
  REQUIRE(inst.type);
  inst.attr = getPhysicalLayout(inst.type);
  REQUIRE(inst.attr);
  REQUIRE(inst.ref.complete());
  int64_t k = desc.cellsPerByte();
  inst.storageCells = (inst.ref.storageBytes + k - 1) / k * k;
  inst.slotOwner.assign(inst.storageCells / desc.elementBytes, -1);
  for (size_t key = 0; key < inst.ref.offsetOf.size(); ++key)
    inst.slotOwner[inst.ref.offsetOf[key] / desc.elementBytes] = key;
  return inst;
}

/// The initial bytes of a tensor: elements tagged by logical key and byte,
/// pads per the pad contract (tiled: zero; padding: garbage).
std::vector<int64_t> initialImage(const Instance &inst, int64_t elementTag,
                                  int64_t garbage) {
  const int64_t eb = inst.desc.elementBytes;
  std::vector<int64_t> cells(inst.storageCells,
                             inst.tiledPads() ? 0 : garbage);
  for (size_t key = 0; key < inst.ref.offsetOf.size(); ++key)
    for (int64_t j = 0; j < eb; ++j)
      cells[inst.ref.offsetOf[key] + j] = elementTag + int64_t(key) * 8 + j;
  return cells;
}

bool inRegion(const IndexBox &region, const Shape &idx) {
  for (size_t i = 0; i < idx.size(); ++i)
    if (idx[i] < region.offsets[i] ||
        idx[i] >= region.offsets[i] + region.lengths[i])
      return false;
  return true;
}

TensorRegion makeRegion(const Instance &inst, const IndexBox &region) {
  Builder b(inst.type.getContext());
  TensorRegion r;
  r.type = inst.type;
  for (size_t i = 0; i < region.offsets.size(); ++i) {
    r.dims.push_back(b.getIndexAttr(inst.desc.shape[i]));
    r.offsets.push_back(b.getIndexAttr(region.offsets[i]));
    r.lengths.push_back(b.getIndexAttr(region.lengths[i]));
  }
  return r;
}

/// The cells a span moves in `inst`: [start, start + length), whole bytes
/// (a packed span's bytes start at the byte of its first slot and hold its
/// slots rounded up, as the lowering computes them). Empty string on
/// success, else what is wrong with the span.
std::string spanBytes(const ByteSpan &span, const Instance &inst,
                      int64_t &start, int64_t &length) {
  const int64_t eb = inst.desc.elementBytes;
  const int64_t k = inst.cellsPerByte();
  const Shape &shape = inst.desc.shape;
  if (span.wholeStorage) {
    start = 0;
    length = inst.attr.getStorageSizeInBytes(shape, inst.desc.width()) * k;
    if (length != inst.storageCells)
      return "getStorageSizeInBytes " + std::to_string(length / k) +
             " != reference " + std::to_string(inst.storageCells / k);
    return "";
  }
  length = eb;
  for (OpFoldResult f : span.elementFactors) {
    std::optional<int64_t> c = getConstantIntValue(f);
    if (!c)
      return "non-constant element factor";
    length *= *c;
  }
  if (span.start.size() != shape.size())
    return "span start has the wrong rank";
  Shape idx;
  for (OpFoldResult s : span.start) {
    std::optional<int64_t> c = getConstantIntValue(s);
    if (!c)
      return "non-constant span start";
    idx.push_back(*c);
  }
  if (length == 0) {
    start = 0;
    return "";
  }
  for (size_t i = 0; i < shape.size(); ++i)
    if (idx[i] < 0 || idx[i] >= shape[i])
      return "span start " + listStr(idx) + " outside the tensor";
  int64_t cell = inst.ref.offsetOf[logicalKey(shape, idx)];
  start = cell / k * k;
  length = (length + k - 1) / k * k;
  int64_t lib = inst.attr.getElementByteOffset(shape, inst.desc.width(), idx);
  if (lib != cell / k)
    return "getElementByteOffset(" + listStr(idx) + ") = " +
           std::to_string(lib) + " != reference " + std::to_string(cell / k);
  return "";
}

/// Checks the target after a transfer: region elements via `expect`, other
/// elements unchanged, tiled pads zero, guards intact.
template <typename ExpectFn>
std::string checkTarget(const Instance &target, const IndexBox &region,
                        const std::vector<int64_t> &memory, ExpectFn expect) {
  const int64_t eb = target.desc.elementBytes;
  const Shape &shape = target.desc.shape;
  std::string problem;
  for (int64_t g = 0; g < kGuardCells && problem.empty(); ++g)
    if (memory[g] != kGuard ||
        memory[kGuardCells + target.storageCells + g] != kGuard)
      problem = "a byte outside the target storage was written";
  forEachIndex(shape, [&](const Shape &idx) {
    if (!problem.empty())
      return;
    int64_t key = logicalKey(shape, idx);
    int64_t at = kGuardCells + target.ref.offsetOf[key];
    bool inside = inRegion(region, idx);
    for (int64_t j = 0; j < eb; ++j) {
      int64_t want = inside ? expect(idx, j) : kTargetTag + key * 8 + j;
      if (memory[at + j] != want) {
        std::ostringstream os;
        os << (inside ? "region" : "non-region") << " element " << listStr(idx)
           << " byte " << j << " holds " << memory[at + j] << ", want " << want;
        problem = os.str();
        return;
      }
    }
  });
  if (problem.empty() && target.tiledPads())
    for (int64_t s = 0, e = target.slotOwner.size(); s < e && problem.empty();
         ++s)
      if (target.slotOwner[s] < 0)
        for (int64_t j = 0; j < eb; ++j)
          if (memory[kGuardCells + s * eb + j] != 0) {
            problem = "tiled pad byte " + std::to_string(s * eb + j) +
                      " is no longer zero (holds " +
                      std::to_string(memory[kGuardCells + s * eb + j]) + ")";
            break;
          }
  return problem;
}

/// Executes a Copy plan and checks it. Empty string when correct.
std::string verifyCopy(const TransferPlan &plan, const Instance &source,
                       const IndexBox &sourceRegion, const Instance &target,
                       const IndexBox &targetRegion) {
  if (!plan.source || !plan.target)
    return "Copy plan without spans";
  int64_t s0 = 0, sLen = 0, t0 = 0, tLen = 0;
  if (std::string p = spanBytes(*plan.source, source, s0, sLen); !p.empty())
    return "source span: " + p;
  if (std::string p = spanBytes(*plan.target, target, t0, tLen); !p.empty())
    return "target span: " + p;
  if (sLen != tLen)
    return "source span has " + std::to_string(sLen) + " bytes, target " +
           std::to_string(tLen);
  if (s0 < 0 || s0 + sLen > source.storageCells)
    return "reads cells [" + std::to_string(s0) + ", " + std::to_string(s0 + sLen) +
           ") outside the source storage of " +
           std::to_string(source.storageCells);
  if (t0 < 0 || t0 + tLen > target.storageCells)
    return "writes cells [" + std::to_string(t0) + ", " + std::to_string(t0 + tLen) +
           ") outside the target storage of " +
           std::to_string(target.storageCells);

  std::vector<int64_t> src = initialImage(source, kSourceTag, kSourceGarbage);
  std::vector<int64_t> memory(target.storageCells + 2 * kGuardCells, kGuard);
  std::vector<int64_t> tgt = initialImage(target, kTargetTag, kTargetGarbage);
  std::copy(tgt.begin(), tgt.end(), memory.begin() + kGuardCells);
  std::copy(src.begin() + s0, src.begin() + s0 + sLen,
            memory.begin() + kGuardCells + t0);

  const Shape &sourceShape = source.desc.shape;
  std::string problem = checkTarget(
      target, targetRegion, memory, [&](const Shape &idx, int64_t j) {
        Shape sidx(idx.size());
        for (size_t i = 0; i < idx.size(); ++i)
          sidx[i] = sourceRegion.offsets[i] + idx[i] - targetRegion.offsets[i];
        return kSourceTag + logicalKey(sourceShape, sidx) * 8 + j;
      });
  if (!problem.empty())
    problem += " (copied source cells [" + std::to_string(s0) + ", " +
               std::to_string(s0 + sLen) + ") to target cells [" +
               std::to_string(t0) + ", " + std::to_string(t0 + tLen) + "))";
  return problem;
}

uint64_t patternByte(const APInt &pattern, unsigned byte) {
  return pattern.extractBitsAsZExtValue(8, 8 * byte);
}

/// Executes a Fill plan and checks it. Empty string when correct.
std::string verifyFill(const TransferPlan &plan, const Instance &target,
                       const IndexBox &region, const APInt &pattern,
                       ArrayRef<int64_t> nativeFillBits) {
  if (!plan.target)
    return "Fill plan without a target span";
  if (!plan.fillPattern)
    return "Fill plan of a constant without a pattern";
  if (plan.fillBits == 0 || plan.fillBits % 8 != 0)
    return "fill width " + std::to_string(plan.fillBits) + " is not whole bytes";
  if (plan.fillPattern->getBitWidth() != plan.fillBits)
    return "fill pattern is " + std::to_string(plan.fillPattern->getBitWidth()) +
           " bits, fillBits " + std::to_string(plan.fillBits);
  // A zero fill is a memset on every device: of zero bytes where no
  // native width fits.
  if (!llvm::is_contained(nativeFillBits, int64_t(plan.fillBits)) &&
      !(pattern.isZero() && plan.fillBits == 8))
    return "fill width " + std::to_string(plan.fillBits) + " is not native";
  int64_t t0 = 0, len = 0;
  if (std::string p = spanBytes(*plan.target, target, t0, len); !p.empty())
    return "target span: " + p;
  const int64_t unit = plan.fillBits / 8;
  const int64_t k = target.cellsPerByte();
  if (len / k % unit != 0)
    return "span of " + std::to_string(len / k) +
           " bytes is no multiple of the " + std::to_string(plan.fillBits) +
           "-bit pattern";
  if (t0 < 0 || t0 + len > target.storageCells)
    return "writes cells [" + std::to_string(t0) + ", " + std::to_string(t0 + len) +
           ") outside the target storage of " +
           std::to_string(target.storageCells);

  std::vector<int64_t> memory(target.storageCells + 2 * kGuardCells, kGuard);
  std::vector<int64_t> tgt = initialImage(target, kTargetTag, kTargetGarbage);
  std::copy(tgt.begin(), tgt.end(), memory.begin() + kGuardCells);
  // A packed byte's cells are its slots, low bits first.
  const int64_t bits = 8 / k;
  for (int64_t c = 0; c < len; ++c)
    memory[kGuardCells + t0 + c] =
        (patternByte(*plan.fillPattern, c / k % unit) >> (c % k * bits)) &
        ((1 << bits) - 1);

  std::string problem =
      checkTarget(target, region, memory, [&](const Shape &, int64_t j) {
        return int64_t(patternByte(pattern, j)) & ((1 << bits) - 1);
      });
  if (!problem.empty())
    problem += " (" + std::to_string(plan.fillBits) + "-bit memset of bytes [" +
               std::to_string(t0) + ", " + std::to_string(t0 + len) + "))";
  return problem;
}

//===----------------------------------------------------------------------===//
// Oracle: could any one memcpy / memset do it?
//===----------------------------------------------------------------------===//

/// Slots of `inst` holding elements of `region`.
std::vector<char> regionSlots(const Instance &inst, const IndexBox &region) {
  std::vector<char> in(inst.slotOwner.size(), 0);
  forEachIndex(region.lengths, [&](const Shape &k) {
    Shape idx(k.size());
    for (size_t i = 0; i < k.size(); ++i)
      idx[i] = region.offsets[i] + k[i];
    in[inst.ref.offsetOf[logicalKey(inst.desc.shape, idx)] /
       inst.desc.elementBytes] = 1;
  });
  return in;
}

bool copyPossible(const Instance &source, const IndexBox &sourceRegion,
                  const Instance &target, const IndexBox &targetRegion) {
  const int64_t eb = source.desc.elementBytes;
  std::optional<int64_t> delta;
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  bool consistent = true;
  forEachIndex(sourceRegion.lengths, [&](const Shape &k) {
    Shape sidx(k.size()), tidx(k.size());
    for (size_t i = 0; i < k.size(); ++i) {
      sidx[i] = sourceRegion.offsets[i] + k[i];
      tidx[i] = targetRegion.offsets[i] + k[i];
    }
    int64_t s = source.ref.offsetOf[logicalKey(source.desc.shape, sidx)] / eb;
    int64_t t = target.ref.offsetOf[logicalKey(target.desc.shape, tidx)] / eb;
    if (!delta)
      delta = t - s;
    consistent &= *delta == t - s;
    lo = std::min(lo, s);
    hi = std::max(hi, s + 1);
  });
  if (!consistent)
    return false;
  if (!delta)
    return true;
  // Packed bytes move whole: the slots of the region's first and last
  // bytes move too, under the same rules as the slots between (pads and
  // tail bits of the target's last byte take what the source holds there).
  if (int64_t k = target.cellsPerByte(); k > 1) {
    if (*delta % k != 0)
      return false;
    lo = lo / k * k;
    hi = (hi + k - 1) / k * k;
    if (lo + *delta < 0 ||
        hi + *delta > static_cast<int64_t>(target.slotOwner.size()) ||
        hi > static_cast<int64_t>(source.slotOwner.size()))
      return false;
  }
  std::vector<char> inRegion = regionSlots(target, targetRegion);
  for (int64_t s = lo; s < hi; ++s) {
    int64_t t = s + *delta;
    if (target.slotOwner[t] >= 0) {
      if (!inRegion[t])
        return false; // would overwrite an element outside the region
    } else if (target.tiledPads()) {
      // Tile pads must stay zero: only a source tile pad is zero for sure.
      if (source.slotOwner[s] >= 0 || !source.tiledPads())
        return false;
    }
  }
  return true;
}

/// The narrowest width in `widths` whose repetition is `pattern`, computed
/// on bytes.
std::optional<unsigned> repeatWidth(const APInt &pattern,
                                    ArrayRef<int64_t> widths) {
  std::vector<int64_t> sorted(widths.begin(), widths.end());
  std::sort(sorted.begin(), sorted.end());
  unsigned bytes = pattern.getBitWidth() / 8;
  for (int64_t w : sorted) {
    if (w % 8 != 0 || w / 8 > bytes || bytes % (w / 8) != 0)
      continue;
    bool repeats = true;
    for (unsigned b = 0; b < bytes; ++b)
      repeats &= patternByte(pattern, b) == patternByte(pattern, b % (w / 8));
    if (repeats)
      return w;
  }
  return std::nullopt;
}

bool fillPossible(const Instance &target, const IndexBox &region,
                  const APInt &pattern, ArrayRef<int64_t> nativeFillBits) {
  // Zero repeats at every width (which one divides the span is the plan's
  // business, checked by verifyFill).
  if (!pattern.isZero() && !repeatWidth(pattern, nativeFillBits))
    return false;
  std::vector<char> in = regionSlots(target, region);
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (int64_t s = 0; s < target.slots(); ++s)
    if (in[s]) {
      lo = std::min(lo, s);
      hi = std::max(hi, s + 1);
    }
  // Packed bytes are written whole, as for copies.
  if (int64_t k = target.cellsPerByte(); k > 1 && lo < hi) {
    lo = lo / k * k;
    hi = (hi + k - 1) / k * k;
  }
  for (int64_t s = lo; s < hi; ++s) {
    if (target.slotOwner[s] >= 0) {
      if (!in[s])
        return false;
    } else if (target.tiledPads() && !pattern.isZero()) {
      return false;
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Bookkeeping
//===----------------------------------------------------------------------===//

const char *kindName(TransferPlan::Kind kind) {
  switch (kind) {
  case TransferPlan::Kind::Copy:
    return "Copy";
  case TransferPlan::Kind::Fill:
    return "Fill";
  case TransferPlan::Kind::FoldToClone:
    return "FoldToClone";
  case TransferPlan::Kind::Dispatch:
    return "Dispatch";
  }
  return "?";
}

std::string layoutName(const LayoutDesc &layout) {
  switch (layout.kind) {
  case LayoutDesc::Identity:
    return "identity";
  case LayoutDesc::Padding:
    return "padding";
  case LayoutDesc::Tiled:
    return "tiled";
  }
  return "?";
}

struct Stats {
  int64_t cases = 0, dma = 0, dispatch = 0, mustDma = 0, missed = 0;
  std::map<std::string, int64_t> dmaBy, missedBy;
  std::vector<std::string> missedExamples;
  int failures = 0;

  void fail(const std::string &message) {
    if (++failures <= 12)
      FAIL_CHECK(message);
  }
  int64_t missedSameLayout = 0;
  std::vector<std::string> missedSameExamples;
  void missedCase(const std::string &category, const std::string &example,
                  bool sameLayout = false) {
    ++missed;
    ++missedBy[category];
    if (sameLayout) {
      ++missedSameLayout;
      if (missedSameExamples.size() < 4)
        missedSameExamples.push_back(example);
    } else if (missedExamples.size() < 4) {
      missedExamples.push_back(example);
    }
  }
  std::string summary(const char *what) const {
    std::ostringstream os;
    os << what << ": " << cases << " cases, " << dma
       << " DMA (each executed and verified by brute force), " << dispatch
       << " dispatch; " << mustDma << " MUST-DMA cases; DMA by layouts:";
    for (auto &[k, v] : dmaBy)
      os << " " << k << "=" << v;
    os << "\n  missed DMA (one memcpy/memset would do, planner dispatches; "
          "allowed outside the MUST-DMA list): "
       << missed;
    for (auto &[k, v] : missedBy)
      os << " " << k << "=" << v;
    for (const std::string &e : missedExamples)
      os << "\n    e.g. " << e;
    os << "\n  of which both tensors have the same layout: " << missedSameLayout;
    for (const std::string &e : missedSameExamples)
      os << "\n    e.g. " << e;
    return os.str();
  }
};

std::string describeCase(const Instance &source, const IndexBox &sourceRegion,
                         const Instance &target, const IndexBox &targetRegion,
                         const TransferPlan &plan) {
  return "source " + source.desc.typeStr() + " region " + sourceRegion.str() +
         " -> target " + target.desc.typeStr() + " region " + targetRegion.str() +
         ": " + kindName(plan.kind) + " (" + plan.explanation + ")";
}

/// A layout whose byte image is the dense row-major one for every shape.
bool physicallyIdentity(const LayoutDesc &layout) {
  switch (layout.kind) {
  case LayoutDesc::Identity:
    return true;
  case LayoutDesc::Padding:
    return std::all_of(layout.padding.begin(), layout.padding.end(),
                       [](int64_t p) { return p == 0; });
  case LayoutDesc::Tiled:
    if (!layout.outerDimsPerm.empty())
      for (int64_t i = 0; i < layout.rank; ++i)
        if (layout.outerDimsPerm[i] != i)
          return false;
    return std::all_of(layout.innerTiles.begin(), layout.innerTiles.end(),
                       [](int64_t t) { return t == 1; });
  }
  return false;
}

/// Row-major contiguous: every dim after the first non-unit one is whole.
bool rowMajorContiguous(const Shape &shape, const IndexBox &region) {
  size_t i = 0;
  while (i < shape.size() && region.lengths[i] == 1)
    ++i;
  for (size_t j = i + 1; j < shape.size(); ++j)
    if (region.offsets[j] != 0 || region.lengths[j] != shape[j])
      return false;
  return true;
}

/// Whether a region cuts tiles: in some tiled dim it neither stays inside
/// one tile nor starts at a tile and ends at a tile or at the dim's end.
bool cutsTiles(const LayoutDesc &layout, const Shape &shape,
               const IndexBox &region) {
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t t = tileOf(layout, i);
    int64_t a = region.offsets[i], b = a + region.lengths[i];
    // Inside one tile is not a cut, unless the tile is swizzled (its
    // elements are in index order only for one element or all of them).
    bool swizzled = !layout.expandShape.empty();
    if (t <= 1 || b - a == 1 || (!swizzled && a / t == (b - 1) / t))
      continue;
    if (a % t != 0 || (b % t != 0 && b != shape[i]))
      return true;
  }
  return false;
}

/// Plans, executes and checks one copy; `mustDma` is the MUST-DMA list's
/// verdict that DMA is required; with `mustIfPossible`, DMA is also required
/// whenever one memcpy can do the copy (one padding or tiled layout).
void runCopyCase(Stats &stats, const Instance &source, const IndexBox &sourceRegion,
                 const Instance &target, const IndexBox &targetRegion,
                 bool mustDma, bool mustIfPossible = false) {
  TransferPlanner planner;
  TransferPlan plan = planner.planCopy(makeRegion(source, sourceRegion),
                                       makeRegion(target, targetRegion));
  std::string what = describeCase(source, sourceRegion, target, targetRegion, plan);
  ++stats.cases;
  if (plan.isError) {
    stats.fail("unexpected error: " + what);
    return;
  }
  bool possible = copyPossible(source, sourceRegion, target, targetRegion);
  mustDma |= mustIfPossible && possible;
  stats.mustDma += mustDma;
  if (plan.kind == TransferPlan::Kind::Dispatch) {
    ++stats.dispatch;
    if (mustDma)
      stats.fail("the MUST-DMA list requires DMA: " + what);
    else if (possible)
      stats.missedCase(layoutName(source.desc.layout) + "->" +
                           layoutName(target.desc.layout),
                       what, source.desc.layout.str() == target.desc.layout.str());
    return;
  }
  if (plan.kind != TransferPlan::Kind::Copy) {
    stats.fail("planCopy answered " + std::string(kindName(plan.kind)) + ": " + what);
    return;
  }
  ++stats.dma;
  ++stats.dmaBy[layoutName(source.desc.layout) + "->" +
                layoutName(target.desc.layout)];
  if (std::string problem =
          verifyCopy(plan, source, sourceRegion, target, targetRegion);
      !problem.empty())
    stats.fail("WRONG DMA copy: " + what + ": " + problem);
  else if (!possible)
    stats.fail("oracle disagrees (DMA verified but judged impossible): " + what);
}

void runFillCase(Stats &stats, const Instance &target, const IndexBox &region,
                 const APInt &pattern, ArrayRef<int64_t> nativeFillBits,
                 bool mustDma, std::optional<unsigned> mustWidth = std::nullopt) {
  TransferPlanner planner;
  unsigned bits = target.desc.elementBytes * 8;
  TransferPlan plan = planner.planFillRegion(makeRegion(target, region), pattern,
                                             bits, nativeFillBits);
  std::string what = "fill " + target.desc.typeStr() + " region " + region.str() +
                     " with 0x" + llvm::toString(pattern, 16, false) +
                     " native " + listStr(nativeFillBits) + ": " +
                     kindName(plan.kind) + " (" + plan.explanation + ")";
  ++stats.cases;
  stats.mustDma += mustDma;
  if (plan.isError) {
    stats.fail("unexpected error: " + what);
    return;
  }
  bool possible = fillPossible(target, region, pattern, nativeFillBits);
  if (plan.kind == TransferPlan::Kind::Dispatch) {
    ++stats.dispatch;
    if (mustDma)
      stats.fail("the MUST-DMA list requires DMA: " + what);
    else if (possible)
      stats.missedCase(layoutName(target.desc.layout), what);
    return;
  }
  if (plan.kind != TransferPlan::Kind::Fill) {
    stats.fail("planFillRegion answered " + std::string(kindName(plan.kind)) +
               ": " + what);
    return;
  }
  ++stats.dma;
  ++stats.dmaBy[layoutName(target.desc.layout)];
  if (mustWidth && plan.fillBits != *mustWidth)
    stats.fail("expected a " + std::to_string(*mustWidth) + "-bit memset, got " +
               std::to_string(plan.fillBits) + ": " + what);
  if (std::string problem = verifyFill(plan, target, region, pattern, nativeFillBits);
      !problem.empty())
    stats.fail("WRONG DMA fill: " + what + ": " + problem);
  else if (!possible)
    stats.fail("oracle disagrees (DMA verified but judged impossible): " + what);
}

TensorDesc makeDesc(std::mt19937 &rng, const LayoutDesc &layout, Shape shape,
                    int64_t elementBytes, const std::string &elementType) {
  TensorDesc desc;
  desc.layout = layout;
  desc.shape = std::move(shape);
  desc.elementBytes = elementBytes;
  desc.elementType = elementType;
  desc.encoding = spellEncoding(rng, layout);
  return desc;
}

/// The layout of the other tensor of a copy: often the same, else related
/// or random.
LayoutDesc partnerLayout(std::mt19937 &rng, const LayoutDesc &layout) {
  switch (randInt(rng, 0, 5)) {
  case 0:
  case 1:
    return layout;
  case 2: {
    if (layout.kind == LayoutDesc::Padding) {
      // Same inner pads, another leading pad.
      LayoutDesc l = layout;
      l.padding[0] = randInt(rng, 0, 2);
      return l;
    }
    return identityLayout(layout.rank);
  }
  default:
    return randomLayout(rng, layout.rank);
  }
}

APInt randomPattern(std::mt19937 &rng, unsigned bits) {
  auto randomBits = [&](unsigned width) {
    APInt v(width, 0);
    for (unsigned b = 0; b < width; b += 8)
      v.insertBits(APInt(8, randInt(rng, 0, 255)), b);
    return v;
  };
  auto repeat = [&](unsigned width) {
    APInt piece = randomBits(width);
    APInt v(bits, 0);
    for (unsigned b = 0; b < bits; b += width)
      v.insertBits(piece, b);
    return v;
  };
  switch (randInt(rng, 0, 5)) {
  case 0:
    return APInt(bits, 0);
  case 1:
    return repeat(8);
  case 2:
    return repeat(std::min(16u, bits));
  case 3:
    return repeat(std::min(32u, bits));
  default:
    return randomBits(bits);
  }
}

const std::vector<std::vector<int64_t>> kNativeFillBits = {
    {8, 16, 32}, {8, 16, 32}, {8}, {8, 16, 32, 64}, {16, 32}, {32, 8}};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

} // namespace

//===----------------------------------------------------------------------===//
// Property tests
//===----------------------------------------------------------------------===//

TEST_CASE("planner: random slice-like and update-like copies", "[planner]") {
  auto ctx = makeContext();
  auto start = std::chrono::steady_clock::now();
  std::mt19937 rng(20240611);
  Stats slices, updates, wholes;
  for (int iteration = 0; iteration < 6000; ++iteration) {
    int64_t rank = randInt(rng, 1, 3);
    int64_t eb = randomElementBytes(rng);
    std::string elementType = elementTypeOfWidth(rng, eb);
    LayoutDesc layoutA = randomLayout(rng, rank);
    Instance a = instantiate(
        *ctx,
        makeDesc(rng, layoutA, randomShapeFor(rng, layoutA), eb, elementType));
    IndexBox region = randomRegion(rng, a.desc.shape, layoutA);

    // B holds the region's elements (its shape is the region's lengths).
    LayoutDesc layoutB = partnerLayout(rng, layoutA);
    Instance b = instantiate(
        *ctx, makeDesc(rng, layoutB, region.lengths, eb, elementType));
    IndexBox wholeB = wholeRegion(b.desc.shape);

    bool bothIdentity =
        physicallyIdentity(layoutA) && physicallyIdentity(layoutB);
    // MUST-DMA: identity layouts with a row-major contiguous region and,
    // for the whole tensor, physically equal layouts.
    bool wholeEqual = region.lengths == a.desc.shape &&
                      (layoutA.str() == layoutB.str() || bothIdentity);
    bool mustDma =
        (bothIdentity && rowMajorContiguous(a.desc.shape, region)) || wholeEqual;
    // MUST-DMA: a slice or update between tensors of one padding or tiled
    // layout whose region is one byte range in both, carrying only bytes the
    // pad contract allows (the oracle's verdict), unless it cuts tiles.
    bool rule4 = layoutA.str() == layoutB.str() &&
                 !cutsTiles(layoutA, a.desc.shape, region);

    runCopyCase(slices, a, region, b, wholeB, mustDma, rule4);  // slice
    runCopyCase(updates, b, wholeB, a, region, mustDma, rule4); // update

    // Whole tensor to whole tensor of the same shape (clone / encode).
    if (iteration % 2 == 0) {
      LayoutDesc layoutC = partnerLayout(rng, layoutA);
      Instance c = instantiate(*ctx,
                               makeDesc(rng, layoutC, a.desc.shape, eb, elementType));
      bool equal = layoutC.str() == layoutA.str() ||
                   (physicallyIdentity(layoutA) && physicallyIdentity(layoutC));
      runCopyCase(wholes, a, wholeRegion(a.desc.shape), c,
                  wholeRegion(c.desc.shape), equal);
    }
  }
  double seconds = secondsSince(start);
  WARN(slices.summary("slices") << "\n"
                                << updates.summary("updates") << "\n"
                                << wholes.summary("whole copies") << "\n"
                                << "time " << seconds << " s");
  CHECK(slices.failures == 0);
  CHECK(updates.failures == 0);
  CHECK(wholes.failures == 0);
  // Not vacuous: many DMA plans were executed and verified.
  CHECK(slices.dma >= 2000);
  CHECK(updates.dma >= 2000);
  CHECK(wholes.dma >= 1000);
  CHECK(slices.dispatch >= 800);
  CHECK(updates.dispatch >= 800);
  CHECK(slices.mustDma >= 1000);
}

TEST_CASE("planner: random fills", "[planner]") {
  auto ctx = makeContext();
  auto start = std::chrono::steady_clock::now();
  std::mt19937 rng(977);
  Stats fills;
  std::map<unsigned, int64_t> byWidth;
  for (int iteration = 0; iteration < 10000; ++iteration) {
    int64_t rank = randInt(rng, 1, 3);
    int64_t eb = randomElementBytes(rng);
    std::string elementType = elementTypeOfWidth(rng, eb);
    LayoutDesc layout = randomLayout(rng, rank);
    Instance t = instantiate(
        *ctx,
        makeDesc(rng, layout, randomShapeFor(rng, layout), eb, elementType));
    IndexBox region = randInt(rng, 0, 3) == 0 ? wholeRegion(t.desc.shape)
                                            : randomRegion(rng, t.desc.shape, layout);
    unsigned bits = eb * 8;
    APInt pattern = randomPattern(rng, bits);
    const std::vector<int64_t> &native =
        kNativeFillBits[randInt(rng, 0, kNativeFillBits.size() - 1)];

    // MUST-DMA: a memsettable pattern (native width) on a row-major contiguous
    // region of an identity tensor, a whole zero fill, or a whole fill of a
    // padding layout.
    bool memsettable =
        llvm::is_contained(native, int64_t(bits)) ||
        (bits == 64 && pattern.extractBits(32, 0) == pattern.extractBits(32, 32) &&
         llvm::is_contained(native, int64_t(32))) ||
        (pattern.isZero() && llvm::is_contained(native, int64_t(8)));
    bool whole = region.lengths == t.desc.shape;
    bool mustDma =
        (memsettable &&
         ((physicallyIdentity(layout) && rowMajorContiguous(t.desc.shape, region)) ||
          (whole && layout.kind == LayoutDesc::Padding))) ||
        (whole && pattern.isZero());
    int64_t dmaBefore = fills.dma;
    runFillCase(fills, t, region, pattern, native, mustDma);
    if (fills.dma > dmaBefore)
      ++byWidth[bits];
  }
  double seconds = secondsSince(start);
  std::ostringstream widths;
  for (auto &[bits, n] : byWidth)
    widths << " " << bits << "-bit=" << n;
  WARN(fills.summary("fills") << "\n  DMA fills by element width:" << widths.str()
                              << "\n  time " << seconds << " s");
  CHECK(fills.failures == 0);
  CHECK(fills.dma >= 3000);
  CHECK(fills.dispatch >= 1500);
  CHECK(fills.mustDma >= 2000);
}

namespace {

/// A tensor of packed `bits`-wide elements (2 or 4).
TensorDesc makePackedDesc(std::mt19937 &rng, const LayoutDesc &layout,
                          Shape shape, int64_t bits) {
  static const char *fourBit[] = {"i4", "ui4", "si4"};
  TensorDesc desc = makeDesc(rng, layout, std::move(shape), /*elementBytes=*/1,
                             bits == 4 ? fourBit[randInt(rng, 0, 2)] : "i2");
  desc.packedBits = bits;
  return desc;
}

/// Whether the slots of `region` in `inst` start and end on byte boundaries.
bool onBytes(const Instance &inst, const IndexBox &region) {
  std::vector<char> in = regionSlots(inst, region);
  int64_t lo = -1, hi = -1;
  for (int64_t s = 0, e = in.size(); s < e; ++s)
    if (in[s]) {
      lo = lo < 0 ? s : lo;
      hi = s + 1;
    }
  int64_t k = inst.cellsPerByte();
  return lo < 0 || (lo % k == 0 && hi % k == 0);
}

} // namespace

TEST_CASE("planner: random packed sub-byte copies and fills (rule 8)",
          "[planner]") {
  auto ctx = makeContext();
  auto start = std::chrono::steady_clock::now();
  std::mt19937 rng(20261201);
  Stats slices, updates, wholes, fills;
  int64_t midByte = 0;
  for (int iteration = 0; iteration < 4000; ++iteration) {
    int64_t rank = randInt(rng, 1, 3);
    int64_t bits = randInt(rng, 0, 1) ? 4 : 2;
    LayoutDesc layoutA = randomLayout(rng, rank);
    Instance a = instantiate(
        *ctx, makePackedDesc(rng, layoutA, randomShapeFor(rng, layoutA), bits));
    IndexBox region = randomRegion(rng, a.desc.shape, layoutA);
    LayoutDesc layoutB = partnerLayout(rng, layoutA);
    Instance b = instantiate(*ctx,
                             makePackedDesc(rng, layoutB, region.lengths, bits));
    IndexBox wholeB = wholeRegion(b.desc.shape);

    // The MUST-DMA list of the whole-byte test, where rule 8 keeps it: the
    // region's slots start and end on bytes in both tensors (a whole copy
    // between equal layouts is the whole storage).
    bool aligned = onBytes(a, region) && onBytes(b, wholeB);
    midByte += !aligned;
    bool bothIdentity =
        physicallyIdentity(layoutA) && physicallyIdentity(layoutB);
    // (Between physically equal layouts of different pad contracts, the
    // tail bits of a last byte keep the whole copy from being bytes.)
    bool wholeEqual = region.lengths == a.desc.shape &&
                      (layoutA.str() == layoutB.str() ||
                       (bothIdentity && aligned));
    bool mustDma = (aligned && bothIdentity &&
                    rowMajorContiguous(a.desc.shape, region)) ||
                   wholeEqual;
    bool rule4 = aligned && layoutA.str() == layoutB.str() &&
                 !cutsTiles(layoutA, a.desc.shape, region);
    runCopyCase(slices, a, region, b, wholeB, mustDma, rule4);
    runCopyCase(updates, b, wholeB, a, region, mustDma, rule4);
    if (iteration % 2 == 0) {
      LayoutDesc layoutC = partnerLayout(rng, layoutA);
      Instance c = instantiate(
          *ctx, makePackedDesc(rng, layoutC, a.desc.shape, bits));
      bool equal = layoutC.str() == layoutA.str() ||
                   (physicallyIdentity(layoutA) &&
                    physicallyIdentity(layoutC) &&
                    onBytes(a, wholeRegion(a.desc.shape)));
      runCopyCase(wholes, a, wholeRegion(a.desc.shape), c,
                  wholeRegion(c.desc.shape), equal);
    }

    // A fill of the region with a value replicated to a byte (i4 3 is
    // 0x33), as the planner's callers pass it.
    uint64_t value = randInt(rng, 0, 3) == 0 ? 0 : randInt(rng, 0, (1 << bits) - 1);
    APInt pattern(8, 0);
    for (int64_t at = 0; at < 8; at += bits)
      pattern.insertBits(APInt(bits, value), at);
    const std::vector<int64_t> &native =
        kNativeFillBits[randInt(rng, 0, kNativeFillBits.size() - 1)];
    bool memsettable = llvm::is_contained(native, int64_t(8));
    bool whole = region.lengths == a.desc.shape;
    bool mustFill =
        (memsettable &&
         ((physicallyIdentity(layoutA) && onBytes(a, region) &&
           rowMajorContiguous(a.desc.shape, region)) ||
          (whole && layoutA.kind == LayoutDesc::Padding))) ||
        (whole && pattern.isZero());
    runFillCase(fills, a, region, pattern, native, mustFill);
  }
  double seconds = secondsSince(start);
  WARN(slices.summary("packed slices") << "\n"
       << updates.summary("packed updates") << "\n"
       << wholes.summary("packed whole copies") << "\n"
       << fills.summary("packed fills") << "\n"
       << "regions with a mid-byte start or end: " << midByte << "\n"
       << "time " << seconds << " s");
  CHECK(slices.failures == 0);
  CHECK(updates.failures == 0);
  CHECK(wholes.failures == 0);
  CHECK(fills.failures == 0);
  // Not vacuous: DMA plans executed and verified, rule 8 dispatches, and
  // MUST-DMA cases of every kind.
  CHECK(slices.dma >= 800);
  CHECK(updates.dma >= 800);
  CHECK(wholes.dma >= 500);
  CHECK(fills.dma >= 800);
  CHECK(slices.dispatch >= 800);
  CHECK(fills.dispatch >= 800);
  CHECK(slices.mustDma >= 400);
  CHECK(fills.mustDma >= 400);
  CHECK(midByte >= 1000);
}

//===----------------------------------------------------------------------===//
// docs/passes.md, DMA or dispatch: cases that MUST be DMA
//===----------------------------------------------------------------------===//

namespace {

Instance fixed(MLIRContext &ctx, const LayoutDesc &layout, Shape shape,
               int64_t eb, const std::string &elementType,
               const std::string &encoding) {
  TensorDesc desc;
  desc.layout = layout;
  desc.shape = std::move(shape);
  desc.elementBytes = eb;
  desc.elementType = elementType;
  desc.encoding = encoding;
  return instantiate(ctx, desc);
}

/// Plans a copy, requires `kind`, and verifies DMA answers by brute force.
TransferPlan expectCopy(const Instance &source, const IndexBox &sourceRegion,
                        const Instance &target, const IndexBox &targetRegion,
                        TransferPlan::Kind kind) {
  TransferPlanner planner;
  TransferPlan plan = planner.planCopy(makeRegion(source, sourceRegion),
                                       makeRegion(target, targetRegion));
  INFO(describeCase(source, sourceRegion, target, targetRegion, plan));
  CHECK_FALSE(plan.isError);
  CHECK(kindName(plan.kind) == std::string(kindName(kind)));
  if (plan.kind == TransferPlan::Kind::Copy)
    CHECK(verifyCopy(plan, source, sourceRegion, target, targetRegion) == "");
  CHECK(copyPossible(source, sourceRegion, target, targetRegion) ==
        (kind == TransferPlan::Kind::Copy));
  return plan;
}

TransferPlan expectFill(const Instance &target, const IndexBox &region,
                        const APInt &pattern, ArrayRef<int64_t> native,
                        TransferPlan::Kind kind) {
  TransferPlanner planner;
  TransferPlan plan = planner.planFillRegion(
      makeRegion(target, region), pattern, target.desc.elementBytes * 8, native);
  INFO("fill " << target.desc.typeStr() << " region " << region.str() << " with 0x"
               << llvm::toString(pattern, 16, false) << " native "
               << listStr(native) << ": " << kindName(plan.kind) << " ("
               << plan.explanation << ")");
  CHECK_FALSE(plan.isError);
  CHECK(kindName(plan.kind) == std::string(kindName(kind)));
  if (plan.kind == TransferPlan::Kind::Fill)
    CHECK(verifyFill(plan, target, region, pattern, native) == "");
  return plan;
}

const std::vector<int64_t> kDefaultNative = {8, 16, 32};

} // namespace

TEST_CASE("planner: spec 6 MUST-DMA copies", "[planner]") {
  auto ctx = makeContext();
  MLIRContext &c = *ctx;
  const auto Copy = TransferPlan::Kind::Copy;

  SECTION("whole-row slices and updates of identity tensors") {
    Instance a = fixed(c, identityLayout(2), {7, 5}, 4, "f32", "");
    for (int64_t r0 = 0; r0 < 7; ++r0)
      for (int64_t r1 = r0 + 1; r1 <= 7; ++r1) {
        Instance b = fixed(c, identityLayout(2), {r1 - r0, 5}, 4, "f32",
                           "#stream_lite.identity");
        expectCopy(a, {{r0, 0}, {r1 - r0, 5}}, b, wholeRegion(b.desc.shape), Copy);
        expectCopy(b, wholeRegion(b.desc.shape), a, {{r0, 0}, {r1 - r0, 5}}, Copy);
      }
    // A run inside one row, and a single element, of a rank-3 tensor.
    Instance a3 = fixed(c, identityLayout(3), {3, 4, 6}, 2, "f16", "");
    Instance run = fixed(c, identityLayout(3), {1, 1, 4}, 2, "f16", "");
    expectCopy(a3, {{2, 1, 1}, {1, 1, 4}}, run, wholeRegion(run.desc.shape), Copy);
    Instance rows = fixed(c, identityLayout(3), {1, 3, 6}, 2, "f16", "");
    expectCopy(rows, wholeRegion(rows.desc.shape), a3, {{1, 1, 0}, {1, 3, 6}}, Copy);
  }

  SECTION("whole-tensor copies between equal layouts") {
    std::mt19937 rng(5);
    for (int i = 0; i < 200; ++i) {
      int64_t rank = randInt(rng, 1, 3);
      LayoutDesc layout = randomLayout(rng, rank);
      Shape shape = randomShapeFor(rng, layout);
      int64_t eb = randomElementBytes(rng);
      std::string et = elementTypeOfWidth(rng, eb);
      Instance x = fixed(c, layout, shape, eb, et, spellEncoding(rng, layout));
      Instance y = fixed(c, layout, shape, eb, et, spellEncoding(rng, layout));
      expectCopy(x, wholeRegion(shape), y, wholeRegion(shape), Copy);
    }
  }

  SECTION("whole rows of a padding layout") {
    LayoutDesc pad = paddingLayout({0, 3});
    Instance a = fixed(c, pad, {6, 5}, 4, "f32", pad.str());
    for (int64_t r0 = 0; r0 < 6; ++r0)
      for (int64_t r1 = r0 + 1; r1 <= 6; ++r1) {
        Instance b = fixed(c, pad, {r1 - r0, 5}, 4, "f32", pad.str());
        expectCopy(a, {{r0, 0}, {r1 - r0, 5}}, b, wholeRegion(b.desc.shape), Copy);
        expectCopy(b, wholeRegion(b.desc.shape), a, {{r0, 0}, {r1 - r0, 5}}, Copy);
      }
  }

  SECTION("whole outer rows of tiles") {
    // LHS-like tiles [4, 2]; rows 6 is not a multiple of 4, so the last
    // outer row carries zero tile padding (allowed: tiled to tiled).
    LayoutDesc lhs = tiledLayout(2, {0, 1}, {4, 2});
    for (int64_t rows : {8, 6}) {
      Instance a = fixed(c, lhs, {rows, 5}, 4, "f32", lhs.str());
      for (auto [r0, r1] : std::vector<std::pair<int64_t, int64_t>>{
               {0, 4}, {4, rows}, {0, rows}}) {
        Instance b = fixed(c, lhs, {r1 - r0, 5}, 4, "f32", lhs.str());
        expectCopy(a, {{r0, 0}, {r1 - r0, 5}}, b, wholeRegion(b.desc.shape), Copy);
        expectCopy(b, wholeRegion(b.desc.shape), a, {{r0, 0}, {r1 - r0, 5}}, Copy);
      }
    }
    // RHS-like: outer dims permuted, so outer rows run along dim 1.
    LayoutDesc rhs = tiledLayout(2, {1, 0}, {4, 1}, {1, 0});
    Instance a = fixed(c, rhs, {3, 10}, 2, "f16", rhs.str());
    for (auto [c0, c1] :
         std::vector<std::pair<int64_t, int64_t>>{{0, 4}, {4, 8}, {8, 10}, {4, 10}}) {
      Instance b = fixed(c, rhs, {3, c1 - c0}, 2, "f16", rhs.str());
      expectCopy(a, {{0, c0}, {3, c1 - c0}}, b, wholeRegion(b.desc.shape), Copy);
      expectCopy(b, wholeRegion(b.desc.shape), a, {{0, c0}, {3, c1 - c0}}, Copy);
    }
  }

  SECTION("regions that are one byte range in both tensors (6.4)") {
    // Rank-1 padding (what padding_resolver gives a vector): a run of
    // elements, whose pads in the sliced tensor follow it.
    LayoutDesc pad1 = paddingLayout({3});
    Instance v = fixed(c, pad1, {9}, 4, "f32", pad1.str());
    Instance run = fixed(c, pad1, {5}, 4, "f32", pad1.str());
    expectCopy(v, {{2}, {5}}, run, wholeRegion({5}), Copy);
    expectCopy(run, wholeRegion({5}), v, {{2}, {5}}, Copy);
    // Whole rows of a padding layout with pad rows too.
    LayoutDesc pad2 = paddingLayout({2, 3});
    Instance a = fixed(c, pad2, {6, 5}, 2, "f16", pad2.str());
    Instance rows = fixed(c, pad2, {2, 5}, 2, "f16", pad2.str());
    expectCopy(a, {{1, 0}, {2, 5}}, rows, wholeRegion({2, 5}), Copy);
    expectCopy(rows, wholeRegion({2, 5}), a, {{3, 0}, {2, 5}}, Copy);
    // Part of one row of a padding_resolver-like layout.
    LayoutDesc inner = paddingLayout({0, 4});
    Instance m = fixed(c, inner, {4, 6}, 8, "f64", inner.str());
    Instance part = fixed(c, inner, {1, 3}, 8, "f64", inner.str());
    expectCopy(m, {{3, 1}, {1, 3}}, part, wholeRegion({1, 3}), Copy);
    expectCopy(part, wholeRegion({1, 3}), m, {{0, 2}, {1, 3}}, Copy);
    // One element from the middle of a tile.
    LayoutDesc tile3 = tiledLayout(1, {0}, {3});
    Instance t = fixed(c, tile3, {6}, 4, "i32", tile3.str());
    Instance one = fixed(c, tile3, {1}, 4, "i32", tile3.str());
    expectCopy(t, {{4}, {1}}, one, wholeRegion({1}), Copy);
    expectCopy(one, wholeRegion({1}), t, {{1}, {1}}, Copy);
  }

  SECTION("physically identity spellings") {
    // identity == padding<[0, 0]> == all-ones tiles (physically equal).
    LayoutDesc ones = tiledLayout(2, {0, 1}, {1, 1});
    Instance a = fixed(c, ones, {4, 6}, 4, "i32", ones.str());
    Instance b = fixed(c, paddingLayout({0, 0}), {4, 6}, 4, "i32",
                       "#stream_lite.padding<[0, 0]>");
    expectCopy(a, wholeRegion({4, 6}), b, wholeRegion({4, 6}), Copy);
    Instance rows = fixed(c, identityLayout(2), {2, 6}, 4, "i32", "");
    expectCopy(a, {{1, 0}, {2, 6}}, rows, wholeRegion({2, 6}), Copy);
    expectCopy(rows, wholeRegion({2, 6}), b, {{2, 0}, {2, 6}}, Copy);
  }
}

TEST_CASE("planner: spec 6 MUST-DMA fills", "[planner]") {
  auto ctx = makeContext();
  MLIRContext &c = *ctx;
  const auto Fill = TransferPlan::Kind::Fill;

  SECTION("zero fills of whole tensors, any layout") {
    std::mt19937 rng(11);
    for (int i = 0; i < 200; ++i) {
      int64_t rank = randInt(rng, 1, 3);
      LayoutDesc layout = randomLayout(rng, rank);
      Shape shape = randomShapeFor(rng, layout);
      int64_t eb = randomElementBytes(rng);
      Instance t = fixed(c, layout, shape, eb, elementTypeOfWidth(rng, eb),
                         spellEncoding(rng, layout));
      expectFill(t, wholeRegion(shape), APInt(eb * 8, 0), kDefaultNative, Fill);
    }
    // Explicitly: tiled with tile padding.
    LayoutDesc tiled = tiledLayout(2, {0, 1}, {4, 4});
    Instance t = fixed(c, tiled, {6, 5}, 4, "f32", tiled.str());
    expectFill(t, wholeRegion({6, 5}), APInt(32, 0), kDefaultNative, Fill);
  }

  SECTION("zero fills of whole tensors on devices without narrow widths") {
    // Zero is the same bits at every width: the narrowest native width
    // whose bytes divide the storage, else zero bytes (8 bits).
    const std::vector<int64_t> w32 = {32}, w16_64 = {16, 64};
    Instance i8x16 = fixed(c, identityLayout(2), {4, 4}, 1, "i8", "");
    CHECK(expectFill(i8x16, wholeRegion({4, 4}), APInt(8, 0), w32, Fill)
              .fillBits == 32);
    Instance i8x9 = fixed(c, identityLayout(2), {3, 3}, 1, "i8", "");
    CHECK(expectFill(i8x9, wholeRegion({3, 3}), APInt(8, 0), w32, Fill)
              .fillBits == 8);
    Instance i8x6 = fixed(c, identityLayout(2), {2, 3}, 1, "i8", "");
    CHECK(expectFill(i8x6, wholeRegion({2, 3}), APInt(8, 0), w16_64, Fill)
              .fillBits == 16);
    // 3x3 in 2x2 tiles: 16 bytes, tile pads included.
    LayoutDesc tiled = tiledLayout(2, {0, 1}, {2, 2});
    Instance t = fixed(c, tiled, {3, 3}, 1, "i8", tiled.str());
    CHECK(expectFill(t, wholeRegion({3, 3}), APInt(8, 0), w32, Fill)
              .fillBits == 32);
    Instance h = fixed(c, tiled, {3, 3}, 2, "f16", tiled.str());
    CHECK(expectFill(h, wholeRegion({3, 3}), APInt(16, 0), w32, Fill)
              .fillBits == 32);
    // Part of a tensor: the same.
    CHECK(expectFill(i8x16, {{1, 0}, {2, 4}}, APInt(8, 0), w32, Fill)
              .fillBits == 32);
    CHECK(expectFill(i8x16, {{1, 0}, {1, 3}}, APInt(8, 0), w32, Fill)
              .fillBits == 8);
    // A non-zero byte is still no 32-bit pattern.
    expectFill(i8x16, wholeRegion({4, 4}), APInt(8, 1), w32,
               TransferPlan::Kind::Dispatch);
  }

  SECTION("any native pattern on a whole padding layout") {
    std::mt19937 rng(12);
    for (int i = 0; i < 200; ++i) {
      int64_t rank = randInt(rng, 1, 3);
      LayoutDesc layout = randomPadding(rng, rank);
      Shape shape = randomShapeFor(rng, layout);
      int64_t eb = 1 << randInt(rng, 0, 2); // 8, 16, 32 bits
      APInt pattern(eb * 8, 0);
      for (int64_t b = 0; b < eb; ++b)
        pattern.insertBits(APInt(8, randInt(rng, 0, 255)), 8 * b);
      Instance t = fixed(c, layout, shape, eb, elementTypeOfWidth(rng, eb),
                         layout.str());
      expectFill(t, wholeRegion(shape), pattern, kDefaultNative, Fill);
    }
  }

  SECTION("f32 on an [8, 16, 32] device, identity row-major contiguous regions") {
    Instance t = fixed(c, identityLayout(3), {3, 4, 5}, 4, "f32", "");
    APInt onePointFive(32, 0x3FC00000);
    TransferPlan plan =
        expectFill(t, {{1, 0, 0}, {2, 4, 5}}, onePointFive, kDefaultNative, Fill);
    CHECK(plan.fillBits == 32);
    expectFill(t, {{2, 1, 0}, {1, 3, 5}}, onePointFive, kDefaultNative, Fill);
    expectFill(t, {{0, 3, 1}, {1, 1, 3}}, onePointFive, kDefaultNative, Fill);
    expectFill(t, wholeRegion({3, 4, 5}), onePointFive, kDefaultNative, Fill);
    // i8 and f16 too.
    Instance t8 = fixed(c, identityLayout(2), {4, 9}, 1, "i8", "");
    expectFill(t8, {{1, 0}, {3, 9}}, APInt(8, 0x5A), kDefaultNative, Fill);
    Instance t16 = fixed(c, identityLayout(2), {4, 9}, 2, "f16", "");
    CHECK(expectFill(t16, {{3, 2}, {1, 6}}, APInt(16, 0x3C00), kDefaultNative, Fill)
              .fillBits == 16);
  }

  SECTION("empty regions fill nothing, not the pads next to them") {
    // Fuzz finding (layout target): the empty region [2, 3) x [1, 1) of a
    // 6x1 tensor tiled by 8 was planned as a 7-slot memset of tile pads.
    LayoutDesc tiled = tiledLayout(2, {1}, {8});
    Instance t = fixed(c, tiled, {6, 1}, 2, "i16", tiled.str());
    for (const IndexBox &empty :
         {IndexBox{{2, 1}, {1, 0}}, IndexBox{{0, 0}, {0, 1}},
          IndexBox{{6, 0}, {0, 1}}, IndexBox{{3, 0}, {2, 0}}}) {
      for (uint64_t bits : {0x0000ULL, 0x1234ULL}) {
        TransferPlan plan =
            expectFill(t, empty, APInt(16, bits), kDefaultNative, Fill);
        REQUIRE(plan.target);
        REQUIRE(plan.target->elementFactors.size() == 1);
        CHECK(getConstantIntValue(plan.target->elementFactors[0]) == 0);
      }
    }
  }

  SECTION("64-bit patterns with equal halves are filled as 32-bit") {
    APInt equalHalves(64, 0x1234567812345678ULL);
    Instance t = fixed(c, identityLayout(2), {5, 3}, 8, "i64", "");
    TransferPlan plan =
        expectFill(t, wholeRegion({5, 3}), equalHalves, kDefaultNative, Fill);
    CHECK(plan.fillBits == 32);
    plan = expectFill(t, {{1, 0}, {3, 3}}, equalHalves, kDefaultNative, Fill);
    CHECK(plan.fillBits == 32);
    // f64 2.0 = 0x4000000000000000 has unequal halves; 0.0 is all zero.
    Instance f = fixed(c, identityLayout(1), {7}, 8, "f64", "");
    CHECK(expectFill(f, wholeRegion({7}), APInt(64, 0), kDefaultNative, Fill)
              .fillBits <= 32);
  }
}

//===----------------------------------------------------------------------===//
// Clear MUST-dispatch cases
//===----------------------------------------------------------------------===//

TEST_CASE("planner: cases that must be dispatches", "[planner]") {
  auto ctx = makeContext();
  MLIRContext &c = *ctx;
  const auto Dispatch = TransferPlan::Kind::Dispatch;

  SECTION("regions that cut tiles") {
    // Rows [2, 6) of 4-row tiles: half of two tiles.
    LayoutDesc tiled = tiledLayout(2, {0}, {4});
    Instance a = fixed(c, tiled, {8, 3}, 4, "f32", tiled.str());
    Instance toIdentity = fixed(c, identityLayout(2), {4, 3}, 4, "f32", "");
    Instance toTiled = fixed(c, tiled, {4, 3}, 4, "f32", tiled.str());
    expectCopy(a, {{2, 0}, {4, 3}}, toIdentity, wholeRegion({4, 3}), Dispatch);
    expectCopy(a, {{2, 0}, {4, 3}}, toTiled, wholeRegion({4, 3}), Dispatch);
    expectCopy(toTiled, wholeRegion({4, 3}), a, {{2, 0}, {4, 3}}, Dispatch);
    // Rows [1, 3) of one tile in a rank-2 tensor: the rows interleave
    // with dim 1 inside the tile.
    Instance two = fixed(c, identityLayout(2), {2, 3}, 4, "f32", "");
    expectCopy(a, {{1, 0}, {2, 3}}, two, wholeRegion({2, 3}), Dispatch);
  }

  SECTION("relayouts") {
    LayoutDesc tiled = tiledLayout(2, {0, 1}, {4, 4});
    Instance x = fixed(c, identityLayout(2), {8, 8}, 4, "f32", "");
    Instance y = fixed(c, tiled, {8, 8}, 4, "f32", tiled.str());
    expectCopy(x, wholeRegion({8, 8}), y, wholeRegion({8, 8}), Dispatch);
    expectCopy(y, wholeRegion({8, 8}), x, wholeRegion({8, 8}), Dispatch);
    LayoutDesc pad = paddingLayout({0, 2});
    Instance p = fixed(c, pad, {8, 8}, 4, "f32", pad.str());
    expectCopy(x, wholeRegion({8, 8}), p, wholeRegion({8, 8}), Dispatch);
  }

  SECTION("undefined padding must not reach tile padding") {
    // A's rows have one zero pad slot each (dim 1 = 3 in 4-wide tiles); the
    // rows of B carry undefined pads at the same places.
    LayoutDesc pad = paddingLayout({0, 1});
    LayoutDesc tiled = tiledLayout(2, {1}, {4});
    Instance b = fixed(c, pad, {2, 3}, 4, "f32", pad.str());
    Instance a = fixed(c, tiled, {5, 3}, 4, "f32", tiled.str());
    expectCopy(b, wholeRegion({2, 3}), a, {{1, 0}, {2, 3}}, Dispatch);
    // The same from a tiled B (zero padding) is one copy.
    Instance bt = fixed(c, tiled, {2, 3}, 4, "f32", tiled.str());
    expectCopy(bt, wholeRegion({2, 3}), a, {{1, 0}, {2, 3}},
               TransferPlan::Kind::Copy);
  }

  SECTION("i64 patterns with unequal halves on an [8, 16, 32] device") {
    Instance t = fixed(c, identityLayout(2), {3, 3}, 8, "i64", "");
    APInt unequal(64, 0x0000000100000002ULL);
    expectFill(t, wholeRegion({3, 3}), unequal, kDefaultNative, Dispatch);
    expectFill(t, {{1, 0}, {1, 3}}, unequal, kDefaultNative, Dispatch);
    LayoutDesc pad = paddingLayout({1, 1});
    Instance p = fixed(c, pad, {3, 3}, 8, "f64", pad.str());
    expectFill(p, wholeRegion({3, 3}), APInt(64, 0x4000000000000000ULL),
               kDefaultNative, Dispatch);
  }

  SECTION("non-zero fills that would write tile padding") {
    LayoutDesc tiled = tiledLayout(2, {0, 1}, {4, 4});
    Instance t = fixed(c, tiled, {6, 5}, 4, "f32", tiled.str());
    APInt one(32, 0x3F800000);
    expectFill(t, wholeRegion({6, 5}), one, kDefaultNative, Dispatch);
    // Rows whose tiles end with a pad slot (dim 1 = 3 in 4-wide tiles): the
    // pad between the rows cannot be skipped.
    LayoutDesc rowTiles = tiledLayout(2, {1}, {4});
    Instance r = fixed(c, rowTiles, {5, 3}, 4, "f32", rowTiles.str());
    expectFill(r, {{1, 0}, {2, 3}}, one, kDefaultNative, Dispatch);
    // ... while a zero fill there, or a single row, is DMA.
    expectFill(r, {{1, 0}, {2, 3}}, APInt(32, 0), kDefaultNative,
               TransferPlan::Kind::Fill);
    expectFill(r, {{4, 0}, {1, 3}}, one, kDefaultNative, TransferPlan::Kind::Fill);
    // The last partial tile of a rank-1 tensor: its pads follow the region,
    // so the memset stops before them.
    LayoutDesc tiled1 = tiledLayout(1, {0}, {4});
    Instance v = fixed(c, tiled1, {6}, 4, "f32", tiled1.str());
    expectFill(v, {{4}, {2}}, one, kDefaultNative, TransferPlan::Kind::Fill);
    expectFill(v, {{0}, {4}}, one, kDefaultNative, TransferPlan::Kind::Fill);
    // The whole tensor writes the pads of the last tile.
    expectFill(v, {{0}, {6}}, one, kDefaultNative, Dispatch);
  }

  SECTION("regions that are not one byte range") {
    Instance a = fixed(c, identityLayout(2), {4, 5}, 4, "f32", "");
    Instance b = fixed(c, identityLayout(2), {2, 3}, 4, "f32", "");
    expectCopy(a, {{1, 1}, {2, 3}}, b, wholeRegion({2, 3}), Dispatch);
    expectFill(a, {{1, 1}, {2, 3}}, APInt(32, 7), kDefaultNative, Dispatch);
  }
}

//===----------------------------------------------------------------------===//
// Dynamic dims and offsets (docs/passes.md, DMA or dispatch, rule 7)
//===----------------------------------------------------------------------===//
//
// The same random shapes and regions as above, with a random split of their
// dims, offsets and lengths into static and dynamic (SSA values). For every
// split, many values of the dynamic parts are drawn (each a valid region):
//  - a DMA plan is executed for each of them against the brute-force
//    reference and must be right, and one memcpy/memset must be possible;
//  - where the static planner answers DMA for every drawn value, the
//    dynamic plan must be DMA too: the decision may not depend on which
//    dims are dynamic when the region is contiguous for all values.

namespace {

using Assignment = llvm::DenseMap<Value, int64_t>;

int64_t evaluate(OpFoldResult v, const Assignment &env) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return *c;
  Value value = cast<Value>(v);
  if (auto mul = value.getDefiningOp<arith::MulIOp>())
    return evaluate(mul.getLhs(), env) * evaluate(mul.getRhs(), env);
  auto it = env.find(value);
  REQUIRE(it != env.end());
  return it->second;
}

/// A span with dynamic parts as the constant span it is for `env`.
ByteSpan concretize(const ByteSpan &span, const Instance &inst,
                    const Assignment &env) {
  Builder b(inst.type.getContext());
  ByteSpan out;
  out.wholeStorage = span.wholeStorage;
  for (OpFoldResult s : span.start)
    out.start.push_back(b.getIndexAttr(evaluate(s, env)));
  if (!span.steps) {
    for (OpFoldResult f : span.elementFactors)
      out.elementFactors.push_back(b.getIndexAttr(evaluate(f, env)));
    return out;
  }
  const PhysicalSteps &steps = *span.steps;
  Shape index(inst.desc.shape.size(), 0);
  index[steps.dim] = steps.stepElements;
  int64_t eb = inst.desc.elementBytes;
  int64_t stepBytes = inst.attr.getElementByteOffset(inst.desc.shape, ElementWidth::ofBytes(eb), index);
  int64_t count = evaluate(steps.count, env);
  count = steps.roundUp ? (count + steps.divisor - 1) / steps.divisor
                        : count / steps.divisor;
  out.elementFactors.push_back(b.getIndexAttr(count * stepBytes / eb));
  return out;
}

TransferPlan concretize(const TransferPlan &plan, const Instance *source,
                        const Instance &target, const Assignment &env) {
  TransferPlan out = plan;
  if (plan.source)
    out.source = concretize(*plan.source, *source, env);
  if (plan.target)
    out.target = concretize(*plan.target, target, env);
  return out;
}

/// One quantity of a region: static, or a block argument (an offset may be
/// `arg * tile`, provably tile-aligned).
struct Quantity {
  enum Kind { Static, Dynamic, TileMultiple } kind = Static;
  Value value;     // the region's value (an arith.muli for TileMultiple)
  Value argument;  // what is assigned
  int64_t factor = 1;
};

/// A dynamic split of a tensor A and a region of it; B holds the region
/// (its dims are the region's lengths, the same values).
struct Split {
  std::vector<Quantity> dims, offsets, lengths;
  /// Lengths that are the same value as the dim (whole for every value).
  std::vector<bool> tiedWhole;
};

Split randomSplit(std::mt19937 &rng, Block &block, OpBuilder &builder,
                  const Instance &a, const IndexBox &region) {
  Location loc = builder.getUnknownLoc();
  auto arg = [&] {
    return block.addArgument(builder.getIndexType(), loc);
  };
  const int64_t rank = a.desc.shape.size();
  Split split;
  split.dims.resize(rank);
  split.offsets.resize(rank);
  split.lengths.resize(rank);
  split.tiedWhole.assign(rank, false);
  for (int64_t i = 0; i < rank; ++i) {
    bool whole = region.offsets[i] == 0 && region.lengths[i] == a.desc.shape[i];
    if (randInt(rng, 0, 1)) {
      split.dims[i].kind = Quantity::Dynamic;
      split.dims[i].value = split.dims[i].argument = arg();
    }
    bool dynamicDim = split.dims[i].kind == Quantity::Dynamic;
    // Dynamic lengths and offsets where their valid values vary enough: in
    // a small static dim the only valid values can all be special (a length
    // of 1, offsets inside one tile), which the planner does not deduce.
    int64_t t = tileOf(a.desc.layout, i);
    int64_t room = a.desc.shape[i] - region.lengths[i];
    if (whole && dynamicDim && randInt(rng, 0, 3)) {
      split.lengths[i] = split.dims[i];
      split.tiedWhole[i] = true;
    } else if (dynamicDim && randInt(rng, 0, 2) == 0) {
      split.lengths[i].kind = Quantity::Dynamic;
      split.lengths[i].value = split.lengths[i].argument = arg();
    }
    bool dynamicLength = split.lengths[i].kind == Quantity::Dynamic;
    bool offsetVaries = dynamicDim || dynamicLength || room > 2 * t;
    if (offsetVaries &&
        (split.tiedWhole[i] ? randInt(rng, 0, 3) == 0 : randInt(rng, 0, 2) == 0)) {
      Quantity &q = split.offsets[i];
      q.argument = arg();
      q.value = q.argument;
      q.kind = Quantity::Dynamic;
      if (t > 1 && region.offsets[i] % t == 0 && randInt(rng, 0, 1)) {
        // `arg * t` may not wrap (nuw), so it is a multiple of any tile.
        q.kind = Quantity::TileMultiple;
        q.factor = t;
        Value c = arith::ConstantIndexOp::create(builder, loc, t);
        q.value = arith::MulIOp::create(builder, loc, q.argument, c,
                                        arith::IntegerOverflowFlags::nuw);
      }
    }
  }
  return split;
}

/// The dynamic regions of A and B for `split` (static parts from `base`).
std::pair<TensorRegion, TensorRegion>
dynamicRegions(MLIRContext &ctx, const Instance &a, const IndexBox &region,
               const Instance &b, const Split &split) {
  Builder builder(&ctx);
  auto fold = [&](const Quantity &q, int64_t v) -> OpFoldResult {
    if (q.kind == Quantity::Static)
      return builder.getIndexAttr(v);
    return q.value;
  };
  TensorRegion ra, rb;
  ra.type = a.type;
  rb.type = b.type;
  for (size_t i = 0; i < region.offsets.size(); ++i) {
    ra.dims.push_back(fold(split.dims[i], a.desc.shape[i]));
    ra.offsets.push_back(fold(split.offsets[i], region.offsets[i]));
    ra.lengths.push_back(fold(split.lengths[i], region.lengths[i]));
    rb.dims.push_back(ra.lengths.back());
    rb.offsets.push_back(builder.getIndexAttr(0));
    rb.lengths.push_back(ra.lengths.back());
  }
  // Dynamic dims of A whose length is static: B's dim stays static.
  return {ra, rb};
}

/// Concrete values for the split: A's shape, the region, and `env`. The
/// first draw is the base case itself.
void drawValues(std::mt19937 &rng, const Instance &a, const IndexBox &base,
                const Split &split, bool first, Shape &shape, IndexBox &region,
                Assignment &env) {
  const int64_t rank = base.offsets.size();
  shape = a.desc.shape;
  region = base;
  env.clear();
  if (first) {
    for (int64_t i = 0; i < rank; ++i) {
      if (split.dims[i].kind != Quantity::Static)
        env[split.dims[i].argument] = shape[i];
      if (split.lengths[i].kind != Quantity::Static)
        env[split.lengths[i].argument] = region.lengths[i];
      const Quantity &o = split.offsets[i];
      if (o.kind != Quantity::Static)
        env[o.argument] = region.offsets[i] / o.factor;
    }
    return;
  }
  for (int64_t i = 0; i < rank; ++i) {
    const Quantity &o = split.offsets[i];
    bool dynDim = split.dims[i].kind != Quantity::Static;
    bool dynLength = split.lengths[i].kind != Quantity::Static;
    if (split.tiedWhole[i]) {
      shape[i] = randInt(rng, 1, 10);
      region.offsets[i] = 0;
      region.lengths[i] = shape[i];
    } else {
      if (dynDim)
        shape[i] = randInt(rng, 1, 10);
      if (dynLength)
        region.lengths[i] = randInt(rng, 1, shape[i]);
      if (!dynDim && !dynLength && o.kind == Quantity::Static) {
        // Nothing dynamic in this dim.
      } else if (o.kind == Quantity::Static) {
        // A static offset: the dim must hold the region.
        if (region.offsets[i] + region.lengths[i] > shape[i]) {
          if (dynDim)
            shape[i] = region.offsets[i] + region.lengths[i];
          else
            region.lengths[i] = shape[i] - region.offsets[i];
        }
      } else {
        // A dynamic offset: any that keeps the region inside (0 always does).
        shape[i] = std::max(shape[i], region.lengths[i]);
        std::vector<int64_t> choices;
        for (int64_t v = 0; v + region.lengths[i] <= shape[i]; ++v)
          if (v % o.factor == 0)
            choices.push_back(v);
        region.offsets[i] = choices[randInt(rng, 0, choices.size() - 1)];
      }
    }
    if (dynDim)
      env[split.dims[i].argument] = shape[i];
    if (dynLength)
      env[split.lengths[i].argument] = region.lengths[i];
    if (o.kind != Quantity::Static)
      env[o.argument] = region.offsets[i] / o.factor;
  }
}

} // namespace

TEST_CASE("planner: dynamic dims and offsets, random splits", "[planner]") {
  auto ctx = makeContext();
  MLIRContext &c = *ctx;
  auto start = std::chrono::steady_clock::now();
  std::mt19937 rng(4242);
  Stats copies, fills;
  int64_t dynamicDma = 0, agreed = 0, draws = 0;
  for (int iteration = 0; iteration < 1500; ++iteration) {
    int64_t rank = randInt(rng, 1, 3);
    int64_t eb = randomElementBytes(rng);
    std::string elementType = elementTypeOfWidth(rng, eb);
    LayoutDesc layoutA = randomLayout(rng, rank);
    TensorDesc descA =
        makeDesc(rng, layoutA, randomShapeFor(rng, layoutA), eb, elementType);
    Instance a = instantiate(c, descA);
    IndexBox region = randomRegion(rng, a.desc.shape, layoutA);
    LayoutDesc layoutB = partnerLayout(rng, layoutA);
    TensorDesc descB = makeDesc(rng, layoutB, region.lengths, eb, elementType);
    Instance b = instantiate(c, descB);

    // The dynamic types: `?` where the split is dynamic.
    Block block;
    OpBuilder builder(&c);
    builder.setInsertionPointToEnd(&block);
    Split split = randomSplit(rng, block, builder, a, region);
    auto dynamicType = [&](TensorDesc desc, const std::vector<Quantity> &dims) {
      std::string s = "tensor<";
      for (size_t i = 0; i < dims.size(); ++i)
        s += (dims[i].kind == Quantity::Static ? std::to_string(desc.shape[i])
                                                : std::string("?")) +
             "x";
      s += desc.elementType;
      if (!desc.encoding.empty())
        s += ", " + desc.encoding;
      return parseTensorType(c, s + ">");
    };
    Instance da = a, db = b;
    da.type = dynamicType(descA, split.dims);
    db.type = dynamicType(descB, split.lengths);
    REQUIRE(da.type);
    REQUIRE(db.type);
    auto [ra, rb] = dynamicRegions(c, da, region, db, split);

    APInt pattern = randomPattern(rng, eb * 8);
    const std::vector<int64_t> &native =
        kNativeFillBits[randInt(rng, 0, kNativeFillBits.size() - 1)];
    TransferPlanner planner;
    TransferPlan slice = planner.planCopy(ra, rb);
    TransferPlan update = planner.planCopy(rb, ra);
    TransferPlan fill = planner.planFillRegion(ra, pattern, eb * 8, native);

    // Draw values; run DMA plans on each; record the static decisions.
    bool allSlice = true, allUpdate = true, allFill = true;
    std::string firstProblem;
    auto note = [&](const std::string &what, const std::string &problem) {
      if (firstProblem.empty() && !problem.empty())
        firstProblem = what + ": " + problem;
    };
    for (int draw = 0; draw < 24; ++draw) {
      Shape shape;
      IndexBox r;
      Assignment env;
      drawValues(rng, a, region, split, draw == 0, shape, r, env);
      ++draws;
      TensorDesc sa = descA, sb = descB;
      sa.shape = shape;
      sb.shape = r.lengths;
      Instance ia = instantiate(c, sa), ib = instantiate(c, sb);
      IndexBox wb = wholeRegion(ib.desc.shape);
      allSlice &= planner.planCopy(makeRegion(ia, r), makeRegion(ib, wb)).kind ==
                  TransferPlan::Kind::Copy;
      allUpdate &= planner.planCopy(makeRegion(ib, wb), makeRegion(ia, r)).kind ==
                   TransferPlan::Kind::Copy;
      allFill &= planner.planFillRegion(makeRegion(ia, r), pattern, eb * 8, native)
                     .kind == TransferPlan::Kind::Fill;
      std::string at = " at A " + listStr(shape) + " region " + r.str();
      if (slice.kind == TransferPlan::Kind::Copy) {
        note("slice" + at, verifyCopy(concretize(slice, &ia, ib, env), ia, r, ib, wb));
        if (!copyPossible(ia, r, ib, wb))
          note("slice" + at, "no single memcpy can do it");
      }
      if (update.kind == TransferPlan::Kind::Copy) {
        note("update" + at, verifyCopy(concretize(update, &ib, ia, env), ib, wb, ia, r));
        if (!copyPossible(ib, wb, ia, r))
          note("update" + at, "no single memcpy can do it");
      }
      if (fill.kind == TransferPlan::Kind::Fill) {
        note("fill" + at, verifyFill(concretize(fill, nullptr, ia, env), ia, r,
                                     pattern, native));
        if (!fillPossible(ia, r, pattern, native))
          note("fill" + at, "no single memset can do it");
      }
    }
    std::string what;
    {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << "A " << da.type << " region " << region.str() << " (offsets/lengths"
         << " dynamic:";
      for (size_t i = 0; i < split.offsets.size(); ++i)
        os << " " << (split.offsets[i].kind != Quantity::Static ? "o" : "-")
           << (split.tiedWhole[i] ? "W"
               : split.lengths[i].kind != Quantity::Static ? "n"
                                                           : "-");
      os << ") B " << db.type;
      what = s;
    }
    auto judge = [&](Stats &stats, const char *op, const TransferPlan &plan,
                     TransferPlan::Kind dma, bool allStatic) {
      ++stats.cases;
      std::string full = std::string(op) + " " + what + ": " +
                         kindName(plan.kind) + " (" + plan.explanation + ")";
      if (plan.isError) {
        stats.fail("unexpected error: " + full);
        return;
      }
      if (plan.kind == dma) {
        ++stats.dma;
        ++dynamicDma;
        // Executed and verified for every drawn value above; the static
        // planner may still miss some of them (counted, not a failure).
        if (!allStatic)
          stats.missedCase("static planner dispatches for some value", full);
      } else {
        ++stats.dispatch;
        if (allStatic)
          stats.fail("the decision depends on which dims are dynamic "
                     "(static DMA for every drawn value): " + full);
      }
      agreed += (plan.kind == dma) == allStatic;
    };
    judge(copies, "slice", slice, TransferPlan::Kind::Copy, allSlice);
    judge(copies, "update", update, TransferPlan::Kind::Copy, allUpdate);
    judge(fills, "fill", fill, TransferPlan::Kind::Fill, allFill);
    if (!firstProblem.empty())
      copies.fail("WRONG dynamic DMA: " + what + ": " + firstProblem);
  }
  WARN(copies.summary("dynamic copies") << "\n"
                                        << fills.summary("dynamic fills")
                                        << "\n  draws " << draws << ", time "
                                        << secondsSince(start) << " s");
  CHECK(copies.failures == 0);
  CHECK(fills.failures == 0);
  // Not vacuous: many dynamic plans were DMA and executed for many values.
  CHECK(copies.dma >= 800);
  CHECK(fills.dma >= 300);
  CHECK(copies.dispatch >= 300);
}
