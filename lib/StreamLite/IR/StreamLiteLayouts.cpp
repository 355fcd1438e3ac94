//===- StreamLiteLayouts.cpp - physical layout math -----------------------===//
//
// The single home of layout math (docs/language.md). Every formula is written
// once, generically over an arithmetic domain, and instantiated twice: with
// int64_t for static shapes and with OpFoldResult (folding arith IR) for
// dynamic ones, so that the static and IR answers can never disagree.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;

namespace layoutopt::stream_lite {
namespace {

/// Integer arithmetic on known non-negative values, overflow-checked: a
/// step past INT64_MAX sets `overflowed` (sticky) and yields 0, so no
/// caller ever sees a wrapped size.
struct StaticArith {
  using V = int64_t;
  bool overflowed = false;
  V constant(int64_t x) { return x; }
  bool isZero(V v) { return v == 0; }
  V add(V a, V b) { return check(llvm::checkedAdd(a, b)); }
  V mul(V a, V b) { return check(llvm::checkedMul(a, b)); }
  V ceilDiv(V a, V b) { return llvm::divideCeil(a, b); }
  V floorDiv(V a, V b) { return a / b; }
  V rem(V a, V b) { return a % b; }

private:
  V check(std::optional<int64_t> result) {
    if (result)
      return *result;
    overflowed = true;
    return 0;
  }
};

/// Index arithmetic that emits arith ops (IndexArith), folding constants
/// with the same formulas as StaticArith.
using IRArith = IndexArith;

/// IRArith that also builds, for every add and mul of values not known
/// statically, an i1 that is true when that step exceeds INT64_MAX. Operands
/// are non-negative, so a sum overflows iff its sign bit is set, and a
/// product a * b iff a > INT64_MAX / b. Known steps are checked statically.
struct OverflowCheckingIRArith : IRArith {
  using V = IRArith::V;
  OverflowCheckingIRArith(OpBuilder &builder, Location loc)
      : IRArith(builder, loc), builder(builder), loc(loc) {}

  V add(V a, V b) {
    auto ka = known(a), kb = known(b);
    if (ka && kb)
      return constant(statically.add(*ka, *kb));
    V sum = IRArith::add(a, b);
    if (ka != 0 && kb != 0)
      flag(arith::CmpIPredicate::slt, value(sum), value(constant(0)));
    return sum;
  }
  V mul(V a, V b) {
    auto ka = known(a), kb = known(b);
    if (ka && kb)
      return constant(statically.mul(*ka, *kb));
    if (kb)
      std::swap(a, b), std::swap(ka, kb);
    // Now b is unknown; a may be known.
    if (ka == 0 || ka == 1)
      return IRArith::mul(a, b);
    Value limit;
    if (ka) {
      limit = value(constant(std::numeric_limits<int64_t>::max() / *ka));
      flag(arith::CmpIPredicate::ugt, value(b), limit);
    } else {
      Value divisor = value(IRArith::max(b, constant(1)));
      limit = arith::DivUIOp::create(
          builder, loc,
          value(constant(std::numeric_limits<int64_t>::max())), divisor);
      flag(arith::CmpIPredicate::ugt, value(a), limit);
    }
    return IRArith::mul(a, b);
  }

  /// The disjunction of every step's overflow, or null when none can.
  Value overflow() {
    if (statically.overflowed)
      return value(arith::ConstantIntOp::create(builder, loc, 1, 1).getResult());
    Value result;
    for (Value condition : conditions)
      result = result ? arith::OrIOp::create(builder, loc, result, condition)
                            .getResult()
                      : condition;
    return result;
  }

private:
  OpBuilder &builder;
  Location loc;
  StaticArith statically;
  SmallVector<Value> conditions;

  void flag(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    conditions.push_back(
        arith::CmpIOp::create(builder, loc, predicate, lhs, rhs));
  }
};

/// What is known of a non-negative index: its value when constant, else a
/// number it is a multiple of (`divisor`; 0 means the value is 0). Proves
/// that a slot computed from dynamic values starts a byte (packed types).
struct DivisorArith {
  struct V {
    std::optional<int64_t> known;
    int64_t divisor;
  };
  V constant(int64_t x) { return {x, x}; }
  V unknown(int64_t divisor) { return {std::nullopt, divisor}; }
  bool isZero(V v) { return v.known == 0; }
  V add(V a, V b) {
    if (a.known && b.known)
      if (auto sum = llvm::checkedAdd(*a.known, *b.known))
        return constant(*sum);
    return unknown(std::gcd(a.divisor, b.divisor));
  }
  V mul(V a, V b) {
    if (a.known && b.known)
      if (auto product = llvm::checkedMul(*a.known, *b.known))
        return constant(*product);
    if (auto product = llvm::checkedMul(a.divisor, b.divisor))
      return unknown(*product);
    return unknown(a.divisor); // Still a multiple of either factor's divisor.
  }
  V ceilDiv(V a, V b) {
    if (a.known && b.known && *b.known > 0)
      return constant(llvm::divideCeil(*a.known, *b.known));
    return exactDiv(a, b);
  }
  V floorDiv(V a, V b) {
    if (a.known && b.known && *b.known > 0)
      return constant(*a.known / *b.known);
    return exactDiv(a, b);
  }
  V rem(V a, V b) {
    if (a.known && b.known && *b.known > 0)
      return constant(*a.known % *b.known);
    if (b.known && *b.known > 0) {
      if (a.divisor % *b.known == 0)
        return constant(0);
      return unknown(std::gcd(a.divisor, *b.known));
    }
    return unknown(1);
  }

private:
  /// a / b when b divides a's divisor (then the quotient is exact).
  V exactDiv(V a, V b) {
    if (a.divisor == 0)
      return constant(0);
    if (b.known && *b.known > 0 && a.divisor % *b.known == 0)
      return unknown(a.divisor / *b.known);
    return unknown(1);
  }
};

/// The value type of arithmetic domain A (a non-deduced context, so that
/// SmallVectors convert to ArrayRefs at call sites).
template <typename A>
using ValueOf = typename A::V;

template <typename A, typename V = ValueOf<A>>
V product(A &a, ArrayRef<ValueOf<A>> values) {
  // A known zero factor makes the product zero even when the others would
  // overflow on the way (2^32 x 2^31 x 0 holds no bytes).
  if (llvm::any_of(values, [&](V v) { return a.isZero(v); }))
    return a.constant(0);
  V result = a.constant(1);
  for (V v : values)
    result = a.mul(result, v);
  return result;
}

/// Row-major linearization of `indices` over `shape` (Horner's rule).
template <typename A, typename V = ValueOf<A>>
V linearize(A &a, ArrayRef<ValueOf<A>> shape, ArrayRef<ValueOf<A>> indices) {
  V result = a.constant(0);
  for (auto [dim, index] : llvm::zip_equal(shape, indices))
    result = a.add(a.mul(result, dim), index);
  return result;
}

//===----------------------------------------------------------------------===//
// Per-layout physical shapes and indices
//===----------------------------------------------------------------------===//

/// Padding: row-major over dims d_i + p_i.
template <typename A, typename V = ValueOf<A>>
SmallVector<V> paddedShape(A &a, ArrayRef<int64_t> padding, ArrayRef<ValueOf<A>> dims) {
  SmallVector<V> shape;
  for (auto [dim, pad] : llvm::zip_equal(dims, padding))
    shape.push_back(a.add(dim, a.constant(pad)));
  return shape;
}

/// The tile of each logical dim (1 when the dim is not tiled).
static SmallVector<int64_t> tileOfDim(TiledAttr tiled, size_t rank) {
  SmallVector<int64_t> tiles(rank, 1);
  for (auto [pos, tile] :
       llvm::zip_equal(tiled.getInnerDimsPos(), tiled.getInnerTiles()))
    tiles[pos] = tile;
  return tiles;
}

/// Tiled: the packed shape of linalg.pack, [outer dims permuted..., tiles...];
/// with a swizzle, the tiles are its expanded dims in permuted order.
template <typename A, typename V = ValueOf<A>>
SmallVector<V> packedShape(A &a, TiledAttr tiled, ArrayRef<ValueOf<A>> dims) {
  SmallVector<int64_t> tiles = tileOfDim(tiled, dims.size());
  SmallVector<V> shape;
  for (int64_t outer : tiled.getOuterDimsPermOrIdentity(dims.size()))
    shape.push_back(a.ceilDiv(dims[outer], a.constant(tiles[outer])));
  if (SwizzleAttr swizzle = tiled.getSwizzle()) {
    SmallVector<SwizzleAttr::ExpandedDim> expanded = swizzle.getExpandedDims();
    for (int64_t e : swizzle.getPermutation())
      shape.push_back(a.constant(expanded[e].size));
    return shape;
  }
  for (int64_t tile : tiled.getInnerTiles())
    shape.push_back(a.constant(tile));
  return shape;
}

/// Tiled: the packed index of logical element `indices` (with a swizzle, the
/// index inside the tile split into its expanded dims, then permuted).
template <typename A, typename V = ValueOf<A>>
SmallVector<V> packedIndex(A &a, TiledAttr tiled, ArrayRef<ValueOf<A>> indices) {
  SmallVector<int64_t> tiles = tileOfDim(tiled, indices.size());
  SmallVector<V> packed;
  for (int64_t outer : tiled.getOuterDimsPermOrIdentity(indices.size()))
    packed.push_back(a.floorDiv(indices[outer], a.constant(tiles[outer])));
  SmallVector<V> inTile;
  for (auto [pos, tile] :
       llvm::zip_equal(tiled.getInnerDimsPos(), tiled.getInnerTiles()))
    inTile.push_back(a.rem(indices[pos], a.constant(tile)));
  SwizzleAttr swizzle = tiled.getSwizzle();
  if (!swizzle) {
    packed.append(inTile);
    return packed;
  }
  SmallVector<SwizzleAttr::ExpandedDim> expanded = swizzle.getExpandedDims();
  SmallVector<V> digits;
  for (const SwizzleAttr::ExpandedDim &e : expanded) {
    V digit = inTile[e.tileDim];
    // The outermost factor needs no remainder: the index is below the tile.
    if (e.stride > 1)
      digit = a.floorDiv(digit, a.constant(e.stride));
    if (e.stride * e.size != tiled.getInnerTiles()[e.tileDim])
      digit = a.rem(digit, a.constant(e.size));
    digits.push_back(digit);
  }
  for (int64_t e : swizzle.getPermutation())
    packed.push_back(digits[e]);
  return packed;
}

/// The number of element slots of the physical image (pads included).
template <typename A, typename V = ValueOf<A>>
V slotCount(A &a, Attribute layout, ArrayRef<ValueOf<A>> dims) {
  if (auto padding = dyn_cast<PaddingAttr>(layout))
    return product<A>(a, paddedShape<A>(a, padding.getPadding(), dims));
  if (auto tiled = dyn_cast<TiledAttr>(layout))
    return product<A>(a, packedShape<A>(a, tiled, dims));
  assert(isa<IdentityAttr>(layout) && "not a physical layout");
  return product<A>(a, dims);
}

/// The slot of logical element `indices` in the physical image.
template <typename A, typename V = ValueOf<A>>
V elementSlot(A &a, Attribute layout, ArrayRef<ValueOf<A>> dims,
              ArrayRef<ValueOf<A>> indices) {
  if (auto padding = dyn_cast<PaddingAttr>(layout))
    return linearize<A>(a, paddedShape<A>(a, padding.getPadding(), dims),
                        indices);
  if (auto tiled = dyn_cast<TiledAttr>(layout)) {
    // Built one after the other (not as two arguments of one call), so the
    // IR does not depend on the compiler's argument evaluation order.
    SmallVector<V> shape = packedShape<A>(a, tiled, dims);
    SmallVector<V> index = packedIndex<A>(a, tiled, indices);
    return linearize<A>(a, shape, index);
  }
  assert(isa<IdentityAttr>(layout) && "not a physical layout");
  return linearize<A>(a, dims, indices);
}

/// Bytes holding `slots` slots: slots * bytes for whole-byte elements (no
/// new overflow), ceil(slots * bits / 8) for packed ones.
template <typename A, typename V = ValueOf<A>>
V slotsToBytes(A &a, V slots, ElementWidth width) {
  if (width.isPacked())
    return a.ceilDiv(slots, a.constant(width.slotsPerByte()));
  return a.mul(slots, a.constant(width.bytes()));
}

/// The byte holding the first bit of `slot`.
template <typename A, typename V = ValueOf<A>>
V slotByte(A &a, V slot, ElementWidth width) {
  if (width.isPacked())
    return a.floorDiv(slot, a.constant(width.slotsPerByte()));
  return a.mul(slot, a.constant(width.bytes()));
}

template <typename A, typename V = ValueOf<A>>
V storageSize(A &a, Attribute layout, ArrayRef<ValueOf<A>> dims,
              ElementWidth width) {
  return slotsToBytes<A>(a, slotCount<A>(a, layout, dims), width);
}

template <typename A, typename V = ValueOf<A>>
V elementOffset(A &a, Attribute layout, ArrayRef<ValueOf<A>> dims,
                ElementWidth width, ArrayRef<ValueOf<A>> indices) {
  return slotByte<A>(a, elementSlot<A>(a, layout, dims, indices), width);
}

std::optional<int64_t> checkedStorageSize(Attribute layout,
                                          ArrayRef<int64_t> shape,
                                          ElementWidth width) {
  StaticArith a;
  int64_t size = storageSize<StaticArith>(a, layout, shape, width);
  if (a.overflowed)
    return std::nullopt;
  return size;
}

int64_t staticStorageSize(Attribute layout, ArrayRef<int64_t> shape,
                          ElementWidth width) {
  std::optional<int64_t> size = checkedStorageSize(layout, shape, width);
  assert(size && "storage size of an unverified type overflows");
  return size.value_or(0);
}

int64_t staticElementSlot(Attribute layout, ArrayRef<int64_t> shape,
                          ArrayRef<int64_t> indices) {
  StaticArith a;
  int64_t slot = elementSlot<StaticArith>(a, layout, shape, indices);
  // An in-bounds element lies below the slot count, which fits.
  assert(!a.overflowed && "element slot of an unverified type overflows");
  return slot;
}

int64_t staticElementOffset(Attribute layout, ArrayRef<int64_t> shape,
                            ElementWidth width, ArrayRef<int64_t> indices) {
  StaticArith a;
  int64_t offset =
      elementOffset<StaticArith>(a, layout, shape, width, indices);
  // An in-bounds element lies below the storage size, which fits.
  assert(!a.overflowed && "element offset of an unverified type overflows");
  return offset;
}

Value storageSizeOverflow(Attribute layout, OpBuilder &builder, Location loc,
                          ArrayRef<OpFoldResult> dims, ElementWidth width) {
  OverflowCheckingIRArith a(builder, loc);
  (void)storageSize<OverflowCheckingIRArith>(a, layout, dims, width);
  return a.overflow();
}

OpFoldResult irStorageSize(Attribute layout, OpBuilder &builder, Location loc,
                           ArrayRef<OpFoldResult> dims, ElementWidth width) {
  IRArith a{builder, loc};
  return storageSize<IRArith>(a, layout, dims, width);
}

OpFoldResult irElementSlot(Attribute layout, OpBuilder &builder, Location loc,
                           ArrayRef<OpFoldResult> dims,
                           ArrayRef<OpFoldResult> indices,
                           arith::IntegerOverflowFlags flags) {
  IRArith a{builder, loc, flags};
  return elementSlot<IRArith>(a, layout, dims, indices);
}

OpFoldResult irElementOffset(Attribute layout, OpBuilder &builder,
                             Location loc, ArrayRef<OpFoldResult> dims,
                             ElementWidth width,
                             ArrayRef<OpFoldResult> indices,
                             arith::IntegerOverflowFlags flags) {
  IRArith a{builder, loc, flags};
  return elementOffset<IRArith>(a, layout, dims, width, indices);
}

int64_t knownSlotDivisor(Attribute layout, ArrayRef<OpFoldResult> dims,
                         ArrayRef<OpFoldResult> indices) {
  DivisorArith a;
  auto convert = [&](ArrayRef<OpFoldResult> values) {
    SmallVector<DivisorArith::V> result;
    for (OpFoldResult v : values) {
      std::optional<int64_t> c = IndexArith::known(v);
      result.push_back(c ? a.constant(*c) : a.unknown(1));
    }
    return result;
  };
  SmallVector<DivisorArith::V> d = convert(dims), i = convert(indices);
  return elementSlot<DivisorArith>(a, layout, d, i).divisor;
}

/// The physical dims of a static shape, from the same shape functions as the
/// sizes and offsets above.
SmallVector<PhysicalDim> staticPhysicalDims(Attribute layout,
                                            ArrayRef<int64_t> shape) {
  StaticArith a;
  SmallVector<PhysicalDim> dims;
  if (auto padding = dyn_cast<PaddingAttr>(layout)) {
    for (auto [i, extent] : llvm::enumerate(
             paddedShape<StaticArith>(a, padding.getPadding(), shape)))
      dims.push_back({static_cast<int64_t>(i), 1, extent});
    return dims;
  }
  if (auto tiled = dyn_cast<TiledAttr>(layout)) {
    SmallVector<int64_t> tiles = tileOfDim(tiled, shape.size());
    SmallVector<int64_t> packed = packedShape<StaticArith>(a, tiled, shape);
    SmallVector<int64_t> perm = tiled.getOuterDimsPermOrIdentity(shape.size());
    for (auto [j, outer] : llvm::enumerate(perm))
      dims.push_back({outer, tiles[outer], packed[j]});
    // A tile (or swizzle factor) of 1 adds a unit dim that moves no byte:
    // leave it out, so that every inner dim belongs to a tiled dim whose
    // outer dim has stride > 1. The outer dims come first, one per logical
    // dim; a swizzle's inner dims step by their factor's stride.
    if (SwizzleAttr swizzle = tiled.getSwizzle()) {
      // A swizzle that only splits in order or reorders whole tile dims is
      // plain tiles: give those dims, so consumers see a swizzle only where
      // the order inside a tile really differs.
      PhysicalLayoutAttrInterface canonical = tiled.getCanonicalLayout();
      if (canonical != PhysicalLayoutAttrInterface(tiled))
        return staticPhysicalDims(canonical, shape);
      SmallVector<SwizzleAttr::ExpandedDim> expanded =
          swizzle.getExpandedDims();
      ArrayRef<int64_t> positions = tiled.getInnerDimsPos();
      for (int64_t e : swizzle.getPermutation())
        if (expanded[e].size > 1)
          dims.push_back({positions[expanded[e].tileDim], expanded[e].stride,
                          expanded[e].size});
      return dims;
    }
    for (auto [j, pos] : llvm::enumerate(tiled.getInnerDimsPos()))
      if (tiles[pos] > 1)
        dims.push_back({pos, 1, packed[perm.size() + j]});
    return dims;
  }
  assert(isa<IdentityAttr>(layout) && "not a physical layout");
  for (auto [i, extent] : llvm::enumerate(shape))
    dims.push_back({static_cast<int64_t>(i), 1, extent});
  return dims;
}

} // namespace

int64_t getKnownElementSlotDivisor(PhysicalLayoutAttrInterface layout,
                                   ArrayRef<OpFoldResult> dims,
                                   ArrayRef<OpFoldResult> indices) {
  return knownSlotDivisor(layout, dims, indices);
}

void forEachElementSlotRun(
    PhysicalLayoutAttrInterface layout, ArrayRef<int64_t> shape,
    llvm::function_ref<void(int64_t firstSlot, int64_t count)> fn) {
  if (llvm::is_contained(shape, 0))
    return;
  SmallVector<PhysicalDim> dims = layout.getPhysicalDims(shape);
  if (dims.empty()) {
    fn(0, 1);
    return;
  }
  if (llvm::any_of(dims, [](const PhysicalDim &d) { return d.extent <= 0; }))
    return;
  // An element's logical index along dim d is the sum of stride * position
  // over the physical dims stepping d; it is an element (not a pad) iff
  // every such sum is below its extent. Along the innermost physical dim
  // the sum grows, so the elements of each of its rows are a prefix.
  const PhysicalDim inner = dims.back();
  ArrayRef<PhysicalDim> outer = ArrayRef<PhysicalDim>(dims).drop_back();
  SmallVector<int64_t> position(outer.size(), 0);
  SmallVector<int64_t> base(shape.size(), 0);
  // Adjacent runs join, so an image without pads is one call.
  int64_t pendingStart = 0, pendingCount = 0;
  for (int64_t slot = 0;; slot += inner.extent) {
    bool inBounds = true;
    for (auto [d, extent] : llvm::enumerate(shape))
      if (int64_t(d) != inner.logicalDim && base[d] >= extent)
        inBounds = false;
    int64_t left = shape[inner.logicalDim] - base[inner.logicalDim];
    int64_t count =
        inBounds && left > 0
            ? std::min(inner.extent, llvm::divideCeilSigned(left, inner.stride))
            : 0;
    if (count > 0) {
      if (pendingCount > 0 && pendingStart + pendingCount == slot) {
        pendingCount += count;
      } else {
        if (pendingCount > 0)
          fn(pendingStart, pendingCount);
        pendingStart = slot;
        pendingCount = count;
      }
    }
    int64_t k = int64_t(outer.size()) - 1;
    for (; k >= 0; --k) {
      const PhysicalDim &d = outer[k];
      base[d.logicalDim] += d.stride;
      if (++position[k] < d.extent)
        break;
      base[d.logicalDim] -= d.stride * d.extent;
      position[k] = 0;
    }
    if (k < 0)
      break;
  }
  if (pendingCount > 0)
    fn(pendingStart, pendingCount);
}

//===----------------------------------------------------------------------===//
// PhysicalLayoutAttrInterface implementations
//===----------------------------------------------------------------------===//

#define DEFINE_PHYSICAL_LAYOUT_MATH(AttrTy)                                    \
  std::optional<int64_t> AttrTy::getCheckedStorageSizeInBytes(                 \
      ArrayRef<int64_t> shape, ElementWidth width) const {                     \
    return checkedStorageSize(*this, shape, width);                            \
  }                                                                            \
  int64_t AttrTy::getStorageSizeInBytes(ArrayRef<int64_t> shape,               \
                                        ElementWidth width) const {            \
    return staticStorageSize(*this, shape, width);                             \
  }                                                                            \
  Value AttrTy::buildStorageSizeOverflow(OpBuilder &builder, Location loc,     \
                                         ArrayRef<OpFoldResult> dims,          \
                                         ElementWidth width) const {           \
    return storageSizeOverflow(*this, builder, loc, dims, width);              \
  }                                                                            \
  int64_t AttrTy::getElementSlot(ArrayRef<int64_t> shape,                      \
                                 ArrayRef<int64_t> indices) const {            \
    return staticElementSlot(*this, shape, indices);                           \
  }                                                                            \
  OpFoldResult AttrTy::buildElementSlot(OpBuilder &builder, Location loc,      \
                                        ArrayRef<OpFoldResult> dims,           \
                                        ArrayRef<OpFoldResult> indices,        \
                                        arith::IntegerOverflowFlags flags)     \
      const {                                                                  \
    return irElementSlot(*this, builder, loc, dims, indices, flags);           \
  }                                                                            \
  int64_t AttrTy::getElementByteOffset(ArrayRef<int64_t> shape,                \
                                       ElementWidth width,                     \
                                       ArrayRef<int64_t> indices) const {      \
    return staticElementOffset(*this, shape, width, indices);                  \
  }                                                                            \
  OpFoldResult AttrTy::buildStorageSizeInBytes(                                \
      OpBuilder &builder, Location loc, ArrayRef<OpFoldResult> dims,           \
      ElementWidth width) const {                                              \
    return irStorageSize(*this, builder, loc, dims, width);                    \
  }                                                                            \
  OpFoldResult AttrTy::buildElementByteOffset(                                 \
      OpBuilder &builder, Location loc, ArrayRef<OpFoldResult> dims,           \
      ElementWidth width, ArrayRef<OpFoldResult> indices,                      \
      arith::IntegerOverflowFlags flags) const {                               \
    return irElementOffset(*this, builder, loc, dims, width, indices, flags);  \
  }                                                                            \
  SmallVector<PhysicalDim> AttrTy::getPhysicalDims(ArrayRef<int64_t> shape)    \
      const {                                                                  \
    return staticPhysicalDims(*this, shape);                                   \
  }

DEFINE_PHYSICAL_LAYOUT_MATH(IdentityAttr)
DEFINE_PHYSICAL_LAYOUT_MATH(PaddingAttr)
DEFINE_PHYSICAL_LAYOUT_MATH(TiledAttr)
#undef DEFINE_PHYSICAL_LAYOUT_MATH

PadContract IdentityAttr::getPadContract() const {
  return PadContract::NoPadding;
}
PadContract PaddingAttr::getPadContract() const {
  return llvm::all_of(getPadding(), [](int64_t p) { return p == 0; })
             ? PadContract::NoPadding
             : PadContract::Undefined;
}
PadContract TiledAttr::getPadContract() const { return PadContract::Zero; }

PhysicalLayoutAttrInterface IdentityAttr::getCanonicalLayout() const {
  return *this;
}

PhysicalLayoutAttrInterface PaddingAttr::getCanonicalLayout() const {
  if (getPadContract() == PadContract::NoPadding)
    return IdentityAttr::get(getContext());
  return *this;
}

PhysicalLayoutAttrInterface TiledAttr::getCanonicalLayout() const {
  // The in-tile dims in physical order: the logical dim each steps, its
  // size and its stride. Tiles and swizzle factors of 1 add unit dims that
  // change no offset; they go.
  struct InTileDim {
    int64_t pos, size, stride;
  };
  SmallVector<InTileDim> physical;
  ArrayRef<int64_t> positions = getInnerDimsPos();
  if (SwizzleAttr swizzle = getSwizzle()) {
    SmallVector<SwizzleAttr::ExpandedDim> expanded = swizzle.getExpandedDims();
    for (int64_t e : swizzle.getPermutation())
      if (expanded[e].size > 1)
        physical.push_back(
            {positions[expanded[e].tileDim], expanded[e].size, expanded[e].stride});
  } else {
    for (auto [pos, tile] : llvm::zip_equal(positions, getInnerTiles()))
      if (tile > 1)
        physical.push_back({pos, tile, 1});
  }
  // Adjacent dims that step one logical dim row-major are one dim.
  SmallVector<InTileDim> merged;
  for (const InTileDim &dim : physical) {
    if (!merged.empty() && merged.back().pos == dim.pos &&
        merged.back().stride == dim.stride * dim.size) {
      merged.back().size *= dim.size;
      merged.back().stride = dim.stride;
      continue;
    }
    merged.push_back(dim);
  }
  // An identity outer_dims_perm is the default. The parser drops it, but
  // TiledAttr::get keeps it, so drop it here too.
  ArrayRef<int64_t> perm = getOuterDimsPerm();
  if (llvm::all_of(llvm::enumerate(perm), [](auto it) {
        return it.value() == static_cast<int64_t>(it.index());
      }))
    perm = {};
  if (merged.empty() && perm.empty())
    return IdentityAttr::get(getContext());
  // One dim per tiled logical dim: a plain tile, whatever order a swizzle
  // put the tile dims in (a swizzle that transposes whole tile dims is an
  // inner_dims_pos order).
  llvm::SmallDenseMap<int64_t, int64_t> dimsPerPos;
  for (const InTileDim &dim : merged)
    ++dimsPerPos[dim.pos];
  if (llvm::all_of(dimsPerPos, [](auto it) { return it.second == 1; })) {
    SmallVector<int64_t> tilePositions, tiles;
    for (const InTileDim &dim : merged) {
      tilePositions.push_back(dim.pos);
      tiles.push_back(dim.size);
    }
    return TiledAttr::get(getContext(), tilePositions, tiles, perm);
  }
  // A real swizzle: tile dims in first-appearance order, each split into its
  // remaining factors (largest stride first), and the physical order as a
  // permutation of those.
  SmallVector<int64_t> tilePositions, tiles;
  SmallVector<SmallVector<const InTileDim *>> factors;
  for (const InTileDim &dim : merged) {
    auto it = llvm::find(tilePositions, dim.pos);
    size_t j = it - tilePositions.begin();
    if (it == tilePositions.end()) {
      tilePositions.push_back(dim.pos);
      tiles.push_back(1);
      factors.emplace_back();
    }
    tiles[j] *= dim.size;
    factors[j].push_back(&dim);
  }
  SmallVector<DenseI64ArrayAttr> expandShape;
  llvm::DenseMap<const InTileDim *, int64_t> expandedIndex;
  int64_t nextExpanded = 0;
  for (SmallVector<const InTileDim *> &list : factors) {
    llvm::sort(list, [](const InTileDim *x, const InTileDim *y) {
      return x->stride > y->stride;
    });
    SmallVector<int64_t> sizes;
    for (const InTileDim *dim : list) {
      expandedIndex[dim] = nextExpanded++;
      sizes.push_back(dim->size);
    }
    expandShape.push_back(DenseI64ArrayAttr::get(getContext(), sizes));
  }
  SmallVector<int64_t> permutation;
  for (const InTileDim &dim : merged)
    permutation.push_back(expandedIndex[&dim]);
  return TiledAttr::get(getContext(), tilePositions, tiles, perm,
                        SwizzleAttr::get(getContext(), expandShape, permutation));
}

bool arePhysicallyEqual(PhysicalLayoutAttrInterface a,
                        PhysicalLayoutAttrInterface b) {
  if (!a || !b)
    return false;
  return a.getCanonicalLayout() == b.getCanonicalLayout();
}

bool areBytesInterchangeable(PhysicalLayoutAttrInterface source,
                             PhysicalLayoutAttrInterface target,
                             ElementWidth width) {
  if (!arePhysicallyEqual(source, target))
    return false;
  return !width.isPacked() ||
         target.getPadContract() != PadContract::Zero ||
         source.getPadContract() == PadContract::Zero;
}

} // namespace layoutopt::stream_lite
