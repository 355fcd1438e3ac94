//===- TransferPlanner.cpp - DMA or dispatch for transfer ops -------------===//
//
// A region of a tensor is moved by DMA only when it provably maps to one
// contiguous byte range (pads included only where the pad contract allows)
// and, for copies, when both tensors hold the region's elements in the same
// order at the same relative byte positions. Regions with static offsets,
// lengths and dims are decided exactly on the layout's physical dims
// (StaticRegionImage.cpp);
// dynamic ones where the range is contiguous for every value of them
// (SymbolicRegionImage.cpp), with the byte range computed at run time.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/TransferPlanner.h"
#include "StaticRegionImage.h"
#include "SymbolicRegionImage.h"
#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace layoutopt::stream_lite {

using detail::describeRegion;
using detail::getStatic;
using detail::mapStaticRegion;
using detail::packedRangeSlots;
using detail::RegionImage;
using detail::StaticRegion;

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

/// Whether `a` and `b` are provably the same index (same constant or value).
static bool provablyEqual(OpFoldResult a, OpFoldResult b) {
  std::optional<int64_t> ca = IndexArith::known(a), cb = IndexArith::known(b);
  if (ca || cb)
    return ca && cb && *ca == *cb;
  return cast<Value>(a) == cast<Value>(b);
}

static bool isConstant(OpFoldResult v, int64_t value) {
  return IndexArith::known(v) == value;
}

static bool isWhole(const TensorRegion &region) {
  for (auto [offset, length, dim] :
       llvm::zip_equal(region.offsets, region.lengths, region.dims))
    if (!isConstant(offset, 0) || !provablyEqual(length, dim))
      return false;
  return true;
}

static std::string describeLayout(RankedTensorType type) {
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
  if (!layout || isa<IdentityAttr>(layout.getCanonicalLayout()))
    return "identity";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << layout;
  return text;
}

/// A region with a length that is the constant 0 holds no element.
static bool isProvablyEmpty(const TensorRegion &region) {
  return llvm::any_of(region.lengths,
                      [](OpFoldResult length) { return isConstant(length, 0); });
}

static ByteSpan staticSpan(const TensorRegion &region, int64_t slots) {
  ByteSpan span;
  span.start = region.offsets;
  span.elementFactors.push_back(indexAttr(region.type.getContext(), slots));
  return span;
}

static ByteSpan wholeSpan(const TensorRegion &region) {
  ByteSpan span;
  span.wholeStorage = true;
  span.start = region.offsets;
  return span;
}

//===----------------------------------------------------------------------===//
// Symbolic row-major identity regions
//===----------------------------------------------------------------------===//

/// For a region of an identity-layout tensor: the first dim whose length is
/// not provably 1, if every later dim is provably whole.
static std::optional<size_t> rowMajorContiguousFrom(const TensorRegion &region) {
  size_t rank = region.dims.size();
  size_t first = rank;
  for (size_t i = 0; i < rank; ++i)
    if (!isConstant(region.lengths[i], 1)) {
      first = i;
      break;
    }
  for (size_t j = first + 1; j < rank; ++j)
    if (!isConstant(region.offsets[j], 0) ||
        !provablyEqual(region.lengths[j], region.dims[j]))
      return std::nullopt;
  return first;
}

static bool isIdentityLayout(RankedTensorType type) {
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
  return layout && isa<IdentityAttr>(layout.getCanonicalLayout());
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

/// A DMA plan's explanation is text for remarks and reports only: a planner
/// asked for none (TransferPlanner(/*explainDMA=*/false), as the lowering
/// that re-plans every remaining transfer is) skips formatting it. Dispatch
/// reasons and errors are always explained.
template <typename Describe>
static std::string explainIf(bool explain, Describe &&describe) {
  return explain ? std::string(describe()) : std::string();
}

static TransferPlan dispatch(std::string why) {
  TransferPlan plan;
  plan.kind = TransferPlan::Kind::Dispatch;
  plan.explanation = std::move(why);
  return plan;
}

/// Bytes holding `slots` element slots (packed types: rounded up).
static int64_t slotBytes(int64_t slots, ElementWidth width) {
  if (width.isPacked())
    return llvm::divideCeil(slots, width.slotsPerByte());
  return slots * width.bytes();
}

/// Applies rule 8 to a DMA plan of packed sub-byte elements: regions that
/// start or end inside a byte become dispatches (read-modify-write). A
/// source range may end inside a byte (the rest is only read); a target's
/// may end with the storage's last slot where tail bits are not kept zero,
/// or where they come from a source's zero tail bits (or a zero fill).
static TransferPlan requireWholeBytes(TransferPlan plan,
                                      const TensorRegion *source,
                                      const TensorRegion &target,
                                      bool zeroFill = false) {
  if (plan.kind == TransferPlan::Kind::Dispatch)
    return plan;
  ElementWidth width = ElementWidth::of(target.type.getElementType());
  if (!width.isPacked())
    return plan;
  std::string why;
  if (source && plan.source)
    why = detail::whyNotWholeBytes(*plan.source, *source, width,
                                   detail::SpanEnd::Anywhere);
  if (!why.empty())
    return dispatch("source: " + why);
  // The target's last byte may end with tail bits that change where they
  // are undefined, or where they take a zero source's tail bits (both
  // ranges end with their storage's last slot, at the same shift).
  auto hasZeroTail = [](const TensorRegion &region) {
    return getPhysicalLayout(region.type).getPadContract() == PadContract::Zero;
  };
  // A whole storage holds its tail bits: a zero one must not take undefined
  // ones (a dynamic shape may have a tail).
  if (source && plan.target && plan.target->wholeStorage &&
      hasZeroTail(target) && !hasZeroTail(*source))
    return dispatch("the tail bits of the result's last byte must be zero, "
                    "the source's are undefined");
  bool tailFromZeroTail =
      source && plan.source && hasZeroTail(*source) &&
      detail::whyNotWholeBytes(*plan.source, *source, width,
                               detail::SpanEnd::WithLastSlot)
          .empty();
  if (plan.target)
    why = detail::whyNotWholeBytes(*plan.target, target, width,
                                   !hasZeroTail(target) || tailFromZeroTail ||
                                           zeroFill
                                       ? detail::SpanEnd::WithLastSlot
                                       : detail::SpanEnd::OnByte);
  if (!why.empty())
    return dispatch((source ? "target: " : "") + why);
  return plan;
}

static TransferPlan unsupported(RankedTensorType type) {
  TransferPlan plan = dispatch("");
  plan.isError = true;
  if (auto encoding = getSerializableEncoding(type);
      encoding && !encoding.isSerialized()) {
    plan.explanation = llvm::formatv(
        "tensor type '{0}' has an unresolved encoding (run "
        "--stream-lite-specialize-encodings first)",
        type);
    return plan;
  }
  if (type.getEncoding() && !getSerializableEncoding(type)) {
    plan.explanation = llvm::formatv(
        "tensor type '{0}' has an encoding this project does not know, so "
        "its bytes cannot be moved",
        type);
    return plan;
  }
  plan.explanation = llvm::formatv(
      "tensor type '{0}' has no single physical layout (its layouts differ "
      "per target or are testing layouts), so its bytes cannot be moved",
      type);
  plan.isError = true;
  return plan;
}

/// A copy with dynamic values: both ranges contiguous for every value, the
/// same relative positions, pads only where the contract allows.
static TransferPlan planSymbolicCopy(const TensorRegion &source,
                                     const TensorRegion &target,
                                     PhysicalLayoutAttrInterface sourceLayout,
                                     PhysicalLayoutAttrInterface targetLayout,
                                     bool explain) {
  std::string why;
  FailureOr<detail::SymbolicImage> si =
      detail::mapSymbolicRegion(sourceLayout, source, why);
  if (failed(si))
    return dispatch("source: " + why);
  FailureOr<detail::SymbolicImage> ti =
      detail::mapSymbolicRegion(targetLayout, target, why);
  if (failed(ti))
    return dispatch("target: " + why);
  if (!detail::haveSameSignature(*si, *ti))
    return dispatch(llvm::formatv(
        "source ({0}) and target ({1}) do not provably order the region's "
        "bytes the same way for every value of the dynamic dims",
        describeLayout(source.type), describeLayout(target.type)));
  if (ti->mayHavePads && ti->contract == PadContract::Zero &&
      si->contract != PadContract::Zero)
    return dispatch("would copy undefined padding bytes into tile padding "
                    "that must stay zero");
  TransferPlan plan;
  plan.kind = TransferPlan::Kind::Copy;
  plan.explanation = explainIf(explain, [&] {
    return "one copy, its bytes computed at run time: " +
           detail::describeSymbolicRegion(source) +
           (si->mayHavePads ? " (with padding the layouts allow)" : "");
  });
  plan.source = si->span;
  plan.target = ti->span;
  return plan;
}

/// planCopy before the sub-byte rule (rule 8).
static TransferPlan planCopyOfSlots(const TensorRegion &source,
                                    const TensorRegion &target, bool explain) {
  PhysicalLayoutAttrInterface sourceLayout = getPhysicalLayout(source.type);
  PhysicalLayoutAttrInterface targetLayout = getPhysicalLayout(target.type);
  if (!sourceLayout)
    return unsupported(source.type);
  if (!targetLayout)
    return unsupported(target.type);
  ElementWidth width = ElementWidth::of(source.type.getElementType());

  std::optional<StaticRegion> s = getStatic(source), t = getStatic(target);
  // An empty region moves nothing, whatever tiles its offsets point into.
  if (isProvablyEmpty(source) || isProvablyEmpty(target)) {
    TransferPlan plan;
    plan.kind = TransferPlan::Kind::Copy;
    plan.explanation = "empty region: nothing to copy";
    plan.source = staticSpan(source, 0);
    plan.target = staticSpan(target, 0);
    return plan;
  }
  // With or without the pads that follow the region's last row.
  auto planStatic = [&](bool trimTrailingPads) -> TransferPlan {
    std::string why;
    FailureOr<RegionImage> si =
        mapStaticRegion(sourceLayout, *s, why, trimTrailingPads);
    if (failed(si))
      return dispatch("source: " + why);
    FailureOr<RegionImage> ti =
        mapStaticRegion(targetLayout, *t, why, trimTrailingPads);
    if (failed(ti))
      return dispatch("target: " + why);
    if (si->signature != ti->signature)
      return dispatch(llvm::formatv(
          "source ({0}) and target ({1}) order the region's bytes differently",
          describeLayout(source.type), describeLayout(target.type)));
    if (ti->hasPads() && ti->contract == PadContract::Zero &&
        si->contract != PadContract::Zero)
      return dispatch("would copy undefined padding bytes into tile padding "
                      "that must stay zero");
    TransferPlan plan;
    plan.kind = TransferPlan::Kind::Copy;
    // Equal signatures: the last elements are at the same distance.
    int64_t sourceSlots = packedRangeSlots(*si, width);
    int64_t targetSlots = packedRangeSlots(*ti, width);
    if (sourceSlots != si->slots || targetSlots != ti->slots)
      sourceSlots = targetSlots = std::min(sourceSlots, targetSlots);
    plan.explanation = explainIf(explain, [&] {
      return llvm::formatv("one {0}-byte copy: {1}{2}",
                           slotBytes(sourceSlots, width), describeRegion(*s),
                           si->hasPads() ? " (with padding the layouts allow)"
                                         : "")
          .str();
    });
    plan.source = staticSpan(source, sourceSlots);
    plan.target = staticSpan(target, targetSlots);
    return plan;
  };
  if (s && t) {
    // Rule 8 applies to each: the trailing pads may end a packed range
    // inside a byte where the trimmed range ends on one.
    TransferPlan plan = requireWholeBytes(
        planStatic(/*trimTrailingPads=*/false), &source, target);
    if (plan.kind == TransferPlan::Kind::Copy)
      return plan;
    TransferPlan trimmed = requireWholeBytes(
        planStatic(/*trimTrailingPads=*/true), &source, target);
    return trimmed.kind == TransferPlan::Kind::Copy ? trimmed : plan;
  }

  // Whole tensors in physically equal layouts: one copy of the storage.
  if (isWhole(source) && isWhole(target) &&
      areBytesInterchangeable(sourceLayout, targetLayout, width) &&
      llvm::all_of(llvm::zip_equal(source.dims, target.dims), [](auto pair) {
        return provablyEqual(std::get<0>(pair), std::get<1>(pair));
      })) {
    TransferPlan plan;
    plan.kind = TransferPlan::Kind::Copy;
    plan.explanation = "one copy of the whole storage: the layouts are equal";
    plan.source = wholeSpan(source);
    plan.target = wholeSpan(target);
    return plan;
  }

  // Row-major identity layouts: contiguous from the first non-unit dim on.
  if (isIdentityLayout(source.type) && isIdentityLayout(target.type)) {
    std::optional<size_t> sk = rowMajorContiguousFrom(source);
    std::optional<size_t> tk = rowMajorContiguousFrom(target);
    bool sameLengths = llvm::all_of(
        llvm::zip_equal(source.lengths, target.lengths), [](auto pair) {
          return provablyEqual(std::get<0>(pair), std::get<1>(pair));
        });
    if (sk && tk && sameLengths) {
      size_t first = std::min(*sk, *tk);
      TransferPlan plan;
      plan.kind = TransferPlan::Kind::Copy;
      plan.explanation = "one copy: the region is row-major contiguous in "
                         "both identity layouts";
      ByteSpan sourceSpan, targetSpan;
      sourceSpan.start = source.offsets;
      targetSpan.start = target.offsets;
      for (size_t i = first; i < source.lengths.size(); ++i)
        sourceSpan.elementFactors.push_back(source.lengths[i]);
      targetSpan.elementFactors = sourceSpan.elementFactors;
      plan.source = sourceSpan;
      plan.target = targetSpan;
      return plan;
    }
  }
  return planSymbolicCopy(source, target, sourceLayout, targetLayout, explain);
}

TransferPlan TransferPlanner::planCopy(const TensorRegion &source,
                                       const TensorRegion &target) {
  return requireWholeBytes(planCopyOfSlots(source, target, explainDMA),
                           &source, target);
}

//===----------------------------------------------------------------------===//
// Fills
//===----------------------------------------------------------------------===//

static std::string describeWidths(ArrayRef<int64_t> widths) {
  std::string text;
  for (auto [i, w] : llvm::enumerate(widths))
    text += (i ? "/" : "") + std::to_string(w);
  return text;
}

/// The narrowest native width whose repetition is `pattern`.
static std::optional<unsigned> narrowestWidth(const APInt &pattern,
                                              ArrayRef<int64_t> widths) {
  SmallVector<int64_t> sorted(widths);
  llvm::sort(sorted);
  for (int64_t w : sorted) {
    unsigned bits = pattern.getBitWidth();
    if (w > bits || bits % w != 0)
      continue;
    APInt piece = pattern.trunc(w);
    bool repeats = true;
    for (unsigned at = w; at < bits && repeats; at += w)
      repeats = pattern.extractBits(w, at) == piece;
    if (repeats)
      return w;
  }
  return std::nullopt;
}

/// The narrowest native width whose bytes divide `bytes`: the width of a
/// zero fill of that many bytes (zero repeats at every width).
static std::optional<unsigned> zeroFillWidth(int64_t bytes,
                                             ArrayRef<int64_t> widths) {
  SmallVector<int64_t> sorted(widths);
  llvm::sort(sorted);
  for (int64_t w : sorted)
    if (bytes % (w / 8) == 0)
      return w;
  return std::nullopt;
}

/// What is known of the bytes a span covers: a number they are a multiple
/// of, and whether they are exactly that number.
struct KnownBytes {
  int64_t divisor = 1;
  bool exact = false;
};

/// The bytes of `slots` element slots, where `slots` is `known` times
/// unknown factors when not `exact`.
static std::optional<KnownBytes> slotsToBytes(int64_t known, bool exact,
                                              ElementWidth width) {
  if (exact)
    return KnownBytes{slotBytes(known, width), true};
  if (!width.isPacked())
    return KnownBytes{known * width.bytes(), false};
  // Packed: whole bytes only when the known slots fill whole bytes.
  if (known % width.slotsPerByte() != 0)
    return std::nullopt;
  return KnownBytes{known / width.slotsPerByte(), false};
}

/// What is known of the bytes `span` of `target` covers.
static std::optional<KnownBytes> knownSpanBytes(const ByteSpan &span,
                                                const TensorRegion &target,
                                                PhysicalLayoutAttrInterface layout) {
  ElementWidth width = ElementWidth::of(target.type.getElementType());
  if (span.steps)
    return std::nullopt;
  ArrayRef<OpFoldResult> factors = span.elementFactors;
  if (span.wholeStorage) {
    SmallVector<int64_t> dims;
    for (OpFoldResult dim : target.dims)
      if (std::optional<int64_t> known = IndexArith::known(dim))
        dims.push_back(*known);
    if (dims.size() == target.dims.size()) {
      std::optional<int64_t> bytes =
          layout.getCheckedStorageSizeInBytes(dims, width);
      if (!bytes)
        return std::nullopt;
      return KnownBytes{*bytes, true};
    }
    // A dynamic storage: its slots are the product of the dims only in a
    // dense row-major layout.
    if (!isa<IdentityAttr>(layout.getCanonicalLayout()))
      return std::nullopt;
    factors = target.dims;
  }
  int64_t known = 1;
  bool exact = true;
  for (OpFoldResult factor : factors) {
    std::optional<int64_t> value = IndexArith::known(factor);
    if (!value)
      exact = false;
    else if (llvm::MulOverflow(known, *value, known))
      return std::nullopt;
  }
  return slotsToBytes(known, exact, width);
}

/// planFillRegion before the sub-byte rule (rule 8).
static TransferPlan planFillOfSlots(const TensorRegion &target,
                                    std::optional<APInt> pattern,
                                    unsigned elementBits,
                                    ArrayRef<int64_t> nativeFillBits,
                                    bool explain) {
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(target.type);
  if (!layout)
    return unsupported(target.type);
  Type elementType = target.type.getElementType();

  // Pattern width the device can memset.
  unsigned width = 0;
  bool zero = pattern && pattern->isZero();
  // A zero pattern is the same bits at every width: where no native width
  // repeats it (i8 zero on a 32-bit device), the width is picked by the
  // bytes filled (zeroFillWidth).
  bool widthFromBytes = false;
  if (pattern) {
    std::optional<unsigned> w = narrowestWidth(*pattern, nativeFillBits);
    if (!w && zero) {
      widthFromBytes = true;
    } else if (!w) {
      if (elementBits == 64 && pattern->extractBits(32, 0) != pattern->extractBits(32, 32))
        return dispatch(llvm::formatv(
            "pattern {0} with unequal halves; device memsets {1} bits",
            elementType, describeWidths(nativeFillBits)));
      return dispatch(llvm::formatv(
          "pattern {0} 0x{1} is not a repeated value of a width the device "
          "memsets ({2} bits)",
          elementType, llvm::toString(*pattern, 16, /*Signed=*/false, /*formatAsCLiteral=*/false),
          describeWidths(nativeFillBits)));
    } else {
      width = *w;
    }
  } else {
    if (!llvm::is_contained(nativeFillBits, static_cast<int64_t>(elementBits)))
      return dispatch(llvm::formatv(
          "pattern {0} is not a constant and the device memsets {1} bits",
          elementType, describeWidths(nativeFillBits)));
    width = elementBits;
  }

  // `describe` gives the explanation (a string or a formatv object).
  auto fill = [&](ByteSpan span, auto &&describe) {
    std::string note;
    if (widthFromBytes) {
      std::optional<KnownBytes> known = knownSpanBytes(span, target, layout);
      std::optional<unsigned> w =
          known ? zeroFillWidth(known->divisor, nativeFillBits) : std::nullopt;
      std::optional<int64_t> bytes;
      if (known && known->exact)
        bytes = known->divisor;
      if (w) {
        width = *w;
      } else {
        // Zero needs no pattern repeated: the 8-bit memset writes zero
        // bytes, where a wider one would leave unwritten the tail its width
        // does not divide. A whole-tensor zero fill is DMA on every device
        // (rule 5), and a part of one as well, so that the decision never
        // depends on which dims are dynamic.
        width = 8;
        if (explain)
          note = bytes ? llvm::formatv(" (zero bytes: no width the device "
                                       "memsets ({0} bits) divides {1} bytes)",
                                       describeWidths(nativeFillBits), *bytes)
                             .str()
                       : llvm::formatv(" (zero bytes: the size is not known to "
                                       "be a multiple of a width the device "
                                       "memsets ({0} bits))",
                                       describeWidths(nativeFillBits))
                             .str();
      }
    }
    TransferPlan plan;
    plan.kind = TransferPlan::Kind::Fill;
    plan.fillBits = width;
    if (pattern)
      plan.fillPattern = pattern->zextOrTrunc(width);
    plan.target = std::move(span);
    plan.explanation = explainIf(explain, describe) + note;
    return plan;
  };

  std::optional<StaticRegion> s = getStatic(target);
  // An empty region writes nothing, not even the pads its offsets point into.
  if (isProvablyEmpty(target))
    return fill(staticSpan(target, 0), [] { return "empty region: nothing to fill"; });
  // With or without the pads that follow the region's last row.
  auto planStatic = [&](bool trimTrailingPads) -> TransferPlan {
    std::string why;
    FailureOr<RegionImage> image =
        mapStaticRegion(layout, *s, why, trimTrailingPads);
    if (failed(image)) {
      // A whole-tensor fill whose pads may be written is one memset of the
      // storage even where the region image is not one box.
      if (!isWhole(target) || (layout.getPadContract() == PadContract::Zero && !zero))
        return dispatch(why);
      return fill(wholeSpan(target), [&] {
        return llvm::formatv("one {0}-bit memset of the whole storage", width).str();
      });
    }
    if (image->hasPads() && image->contract == PadContract::Zero && !zero)
      return dispatch("writes non-zero into tile padding");
    ElementWidth elementWidth = ElementWidth::of(elementType);
    int64_t slots = packedRangeSlots(*image, elementWidth);
    int64_t bytes = slotBytes(slots, elementWidth);
    return fill(staticSpan(target, slots), [&] {
      return llvm::formatv("one {0}-bit memset of {1} bytes: {2}", width,
                           bytes, describeRegion(*s))
          .str();
    });
  };
  if (s) {
    TransferPlan plan = requireWholeBytes(
        planStatic(/*trimTrailingPads=*/false), nullptr, target, zero);
    if (plan.kind == TransferPlan::Kind::Fill)
      return plan;
    TransferPlan trimmed = requireWholeBytes(
        planStatic(/*trimTrailingPads=*/true), nullptr, target, zero);
    return trimmed.kind == TransferPlan::Kind::Fill ? trimmed : plan;
  }

  if (isWhole(target)) {
    if (zero)
      return fill(wholeSpan(target), [&] {
        return llvm::formatv(
          "one {0}-bit memset of the whole storage: the pattern is zero", width).str();
      });
    if (layout.getPadContract() != PadContract::Zero)
      return fill(wholeSpan(target), [&] {
        return llvm::formatv(
          "one {0}-bit memset of the whole storage: padding bytes are undefined",
          width).str();
      });
  }
  if (isIdentityLayout(target.type)) {
    if (std::optional<size_t> first = rowMajorContiguousFrom(target)) {
      ByteSpan span;
      span.start = target.offsets;
      for (size_t i = *first; i < target.lengths.size(); ++i)
        span.elementFactors.push_back(target.lengths[i]);
      return fill(span, [&] {
        return llvm::formatv("one {0}-bit memset: the region is "
                                      "row-major contiguous",
                                      width).str();
      });
    }
  }
  // Dynamic values: a range contiguous for every value of them.
  std::string why;
  FailureOr<detail::SymbolicImage> image =
      detail::mapSymbolicRegion(layout, target, why);
  if (failed(image))
    return dispatch(why);
  if (image->mayHavePads && image->contract == PadContract::Zero && !zero)
    return dispatch(image->hasPads
                        ? "writes non-zero into tile padding"
                        : "writes non-zero into tile padding: the range may "
                          "hold tile pads for some values of the dynamic dims");
  return fill(image->span, [&] {
        return llvm::formatv("one {0}-bit memset, its bytes computed at run "
                            "time: {1}",
                            width, detail::describeSymbolicRegion(target)).str();
      });
}

/// The FillPlanCache key of a fill of `target`, or false when the region
/// is not static. Only attributes count as static: a plan then holds no
/// value of the op it was made for, so another op may share it.
static bool getFillPlanKey(const TensorRegion &target,
                           const std::optional<APInt> &pattern,
                           unsigned elementBits,
                           ArrayRef<int64_t> nativeFillBits, bool explain,
                           SmallVectorImpl<char> &key) {
  auto append = [&](uint64_t word) {
    const char *bytes = reinterpret_cast<const char *>(&word);
    key.append(bytes, bytes + sizeof(word));
  };
  append(reinterpret_cast<uintptr_t>(target.type.getAsOpaquePointer()));
  append(elementBits | (uint64_t(explain) << 32));
  for (ArrayRef<OpFoldResult> values :
       {ArrayRef<OpFoldResult>(target.dims), ArrayRef<OpFoldResult>(target.offsets),
        ArrayRef<OpFoldResult>(target.lengths)}) {
    append(values.size());
    for (OpFoldResult value : values) {
      auto attr = dyn_cast_if_present<Attribute>(value);
      auto integer = dyn_cast_if_present<IntegerAttr>(attr);
      if (!integer)
        return false;
      append(integer.getValue().getSExtValue());
    }
  }
  append(nativeFillBits.size());
  for (int64_t bits : nativeFillBits)
    append(bits);
  append(pattern ? pattern->getBitWidth() : 0);
  if (pattern)
    for (unsigned i = 0; i < pattern->getNumWords(); ++i)
      append(pattern->getRawData()[i]);
  return true;
}

TransferPlan TransferPlanner::planFillRegion(const TensorRegion &target,
                                             std::optional<APInt> pattern,
                                             unsigned elementBits,
                                             ArrayRef<int64_t> nativeFillBits) {
  SmallString<128> key;
  bool cached = fillPlans && getFillPlanKey(target, pattern, elementBits,
                                            nativeFillBits, explainDMA, key);
  if (cached)
    if (const TransferPlan *known = fillPlans->lookup(key))
      return *known;
  TransferPlan plan = requireWholeBytes(
      planFillOfSlots(target, pattern, elementBits, nativeFillBits, explainDMA),
      nullptr,
      target, /*zeroFill=*/pattern && pattern->isZero());
  if (cached)
    fillPlans->insert(key, plan);
  return plan;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

SmallVector<int64_t> getNativeFillBits(Operation *op,
                                       SymbolTableCollection &symbols) {
  if (AffinityAttr affinity = lookupAffinity(op)) {
    auto module = op->getParentOfType<ModuleOp>();
    if (auto device = symbols.lookupSymbolIn<DeviceOp>(
            module, affinity.getDevices().front()))
      return device.getNativeFillBitWidths();
  }
  return {8, 16, 32};
}

/// The bits of a constant fill value, widened to whole bytes (i1 is a
/// byte); a packed sub-byte value is replicated to fill a byte (i4 3 is
/// 0x33).
static std::optional<APInt> constantPattern(Value value, unsigned elementBits) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  APInt bits;
  if (auto i = dyn_cast<IntegerAttr>(attr))
    bits = i.getValue();
  else if (auto f = dyn_cast<FloatAttr>(attr))
    bits = f.getValue().bitcastToAPInt();
  else
    return std::nullopt;
  if (isPackedSubByteType(value.getType())) {
    unsigned w = bits.getBitWidth();
    APInt byte(8, 0);
    for (unsigned at = 0; at < 8; at += w)
      byte.insertBits(bits, at);
    return byte.zext(elementBits);
  }
  return bits.zext(elementBits);
}

/// A copy of the whole storage (StorageCopy): the layout never changes, so
/// the whole storage is the tensor.
static TransferPlan planStorageCopy(const TensorRegion &source,
                                    const TensorRegion &result,
                                    bool explainDMA) {
  TransferPlan plan;
  plan.kind = TransferPlan::Kind::Copy;
  RankedTensorType type = source.type;
  plan.source = wholeSpan(source);
  plan.target = wholeSpan(result);
  plan.explanation = explainIf(explainDMA, [&] {
    std::optional<int64_t> bytes;
    if (auto encoding = getSerializableEncoding(type))
      bytes = type.hasStaticShape() ? encoding.getStaticStorageSizeInBytes(type)
                                    : std::nullopt;
    else if (type.hasStaticShape())
      bytes = IdentityAttr::get(type.getContext())
                  .getStorageSizeInBytes(type.getShape(),
                                         ElementWidth::of(type.getElementType()));
    return bytes ? llvm::formatv("one {0}-byte copy of the whole storage "
                                 "(clone keeps the layout)",
                                 *bytes)
                       .str()
                 : std::string(
                       "one copy of the whole storage (clone keeps the layout)");
  });
  return plan;
}

/// Whether a static span covers the whole storage of `region`'s tensor.
static bool spansWholeStorage(const ByteSpan &span, const TensorRegion &region,
                              PhysicalLayoutAttrInterface layout,
                              ElementWidth width) {
  std::optional<StaticRegion> s = getStatic(region);
  if (span.wholeStorage || span.steps || !s)
    return false;
  int64_t slots = 1;
  for (OpFoldResult factor : span.elementFactors) {
    std::optional<int64_t> c = IndexArith::known(factor);
    if (!c)
      return false;
    slots *= *c;
  }
  return slotBytes(slots, width) ==
         layout.getStorageSizeInBytes(s->dims, width);
}

/// The whole tensor `sourceRegion` in the layout of `resultRegion`
/// (Relayout).
TransferPlan TransferPlanner::planRelayout(const TensorRegion &sourceRegion,
                                           const TensorRegion &resultRegion) {
  RankedTensorType sourceType = sourceRegion.type;
  RankedTensorType resultType = resultRegion.type;
  PhysicalLayoutAttrInterface source = getPhysicalLayout(sourceType);
  PhysicalLayoutAttrInterface result = getPhysicalLayout(resultType);
  if (!source)
    return unsupported(sourceType);
  if (!result)
    return unsupported(resultType);
  auto fold = [](std::string why) {
    TransferPlan plan;
    plan.kind = TransferPlan::Kind::FoldToClone;
    plan.explanation = std::move(why);
    return plan;
  };
  // Packed elements: a zero tail (tiled) must not take an undefined one
  // (the last byte's bits after the last slot); the copy below decides.
  ElementWidth width = ElementWidth::of(sourceType.getElementType());
  if (areBytesInterchangeable(source, result, width))
    return fold("folds to a clone: the layouts are physically equal");
  // Layouts that differ in general may still agree on this static shape: a
  // copy of all elements that spans both whole storages.
  TransferPlan copy = planCopy(sourceRegion, resultRegion);
  if (copy.kind == TransferPlan::Kind::Copy && copy.source && copy.target &&
      spansWholeStorage(*copy.source, sourceRegion, source, width) &&
      spansWholeStorage(*copy.target, resultRegion, result, width))
    return fold("folds to a clone: both layouts give this shape the same "
                "byte image");
  if (arePhysicallyEqual(source, result))
    return dispatch("relayout: the layouts are physically equal, but the "
                    "result's tail bits must be zero and the source's are "
                    "undefined");
  return dispatch(llvm::formatv("relayout from {0} to {1}",
                                describeLayout(sourceType),
                                describeLayout(resultType)));
}

TransferPlan TransferPlanner::plan(TransferOpInterface op,
                                   SymbolTableCollection &symbols) {
  return plan(op, op.getTransferSource(), op.getTransferTarget(), symbols);
}

TransferPlan TransferPlanner::plan(TransferOpInterface op,
                                   const std::optional<TransferTensor> &source,
                                   const TransferTensor &target,
                                   SymbolTableCollection &symbols) {
  switch (op.getTransferMode()) {
  case TransferMode::StorageCopy:
    return planStorageCopy(source->region, target.region, explainDMA);
  case TransferMode::Relayout:
    return planRelayout(source->region, target.region);
  case TransferMode::RegionCopy:
    return planCopy(source->region, target.region);
  case TransferMode::RegionFill: {
    unsigned bits =
        8 * getElementByteWidth(target.getType().getElementType());
    return planFillRegion(target.region,
                          constantPattern(op.getFillValue(), bits), bits,
                          getNativeFillBits(op, symbols));
  }
  }
  llvm_unreachable("unknown transfer mode");
}

} // namespace layoutopt::stream_lite
