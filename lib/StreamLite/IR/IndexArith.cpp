//===- IndexArith.cpp - folding index arithmetic --------------------------===//

#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/IR/StreamLiteDialect.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;

namespace layoutopt::stream_lite {

/// Folds wrap around like the arith ops they replace (and never hit C++
/// signed-overflow UB); sizes that could wrap are rejected by the verifier
/// or caught by run-time checks before they get here.
static int64_t wrap(uint64_t value) { return static_cast<int64_t>(value); }

IntegerAttr indexAttr(MLIRContext *context, int64_t value) {
  if (auto *dialect = context->getLoadedDialect<StreamLiteDialect>())
    return dialect->getIndexAttr(value);
  return Builder(context).getIndexAttr(value);
}

IndexArith::IndexArith(OpBuilder &builder, Location loc,
                       arith::IntegerOverflowFlags flags)
    : builder(builder), loc(loc), flags(flags),
      dialect(builder.getContext()->getLoadedDialect<StreamLiteDialect>()) {}

IndexArith::V IndexArith::constant(int64_t x) {
  return dialect ? dialect->getIndexAttr(x) : builder.getIndexAttr(x);
}

Value IndexArith::value(V v) {
  if (auto value = dyn_cast<Value>(v))
    return value;
  // The attribute is already the index constant's value: no second uniquing.
  auto attr = dyn_cast<IntegerAttr>(cast<Attribute>(v));
  if (attr && attr.getType().isIndex())
    return arith::ConstantOp::create(builder, loc, attr).getResult();
  return getValueOrCreateConstantIndexOp(builder, loc, v);
}

std::optional<int64_t> IndexArith::known(V v) {
  // Layout math asks this of every operand it combines: the common cases
  // (an integer attribute, an arith.constant) without getConstantIntValue's
  // generic m_Constant fold, which cost most of a host-tensor lowering.
  if (auto attr = llvm::dyn_cast_if_present<Attribute>(v)) {
    if (auto integer = dyn_cast<IntegerAttr>(attr))
      return integer.getValue().getSExtValue();
    return std::nullopt;
  }
  if (auto value = llvm::dyn_cast_if_present<Value>(v))
    if (auto constant = value.getDefiningOp<arith::ConstantOp>())
      if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
        return integer.getValue().getSExtValue();
  return getConstantIntValue(v);
}

/// The largest power of two dividing `d` (0: any, stays 0).
static uint64_t powerOfTwoPart(uint64_t d) { return d & (~d + 1); }

/// knownDivisor, looking at most `depth` ops up: index expressions are
/// shallow, and the bound keeps each query constant-time.
static uint64_t knownDivisor(OpFoldResult v, unsigned depth) {
  if (std::optional<int64_t> k = IndexArith::known(v))
    return *k < 0 ? 1 : uint64_t(*k);
  auto value = dyn_cast<Value>(v);
  if (!value || depth == 0)
    return 1;
  auto of = [&](Value operand) { return knownDivisor(operand, depth - 1); };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    // No parent op while a loop's body builder runs (ForOp::build).
    auto loop = dyn_cast_if_present<LoopLikeOpInterface>(
        arg.getOwner()->getParentOp());
    if (!loop || arg.getOwner() != &loop->getRegion(0).front())
      return 1;
    std::optional<SmallVector<Value>> ivs = loop.getLoopInductionVars();
    std::optional<SmallVector<OpFoldResult>> lbs = loop.getLoopLowerBounds();
    std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
    if (!ivs || !lbs || !steps)
      return 1;
    // lb + k * step, below the loop's upper bound: no wrap.
    for (auto [iv, lb, step] : llvm::zip(*ivs, *lbs, *steps))
      if (iv == value)
        return std::gcd(knownDivisor(lb, depth - 1),
                        knownDivisor(step, depth - 1));
    return 1;
  }
  Operation *op = value.getDefiningOp();
  if (isa<arith::SelectOp>(op))
    return std::gcd(of(op->getOperand(1)), of(op->getOperand(2)));
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::MinUIOp,
           arith::MaxUIOp>(op))
    return 1;
  uint64_t a = of(op->getOperand(0)), b = of(op->getOperand(1));
  uint64_t divisor;
  if (isa<arith::MulIOp>(op)) {
    // Past 2^62 a product says nothing more: keep the larger factor.
    if (a == 0 || b == 0)
      divisor = 0;
    else if (__builtin_mul_overflow(a, b, &divisor) ||
             divisor > (uint64_t(1) << 62))
      divisor = std::max(a, b);
  } else {
    // gcd(0, x) == x: a known 0 leaves the other's divisor.
    divisor = std::gcd(a, b);
  }
  // Index arithmetic wraps modulo 2^64, which keeps multiples of a power of
  // two but not of other numbers, unless the op may not wrap.
  auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op);
  if (flags && !flags.hasNoUnsignedWrap())
    return powerOfTwoPart(divisor);
  return divisor;
}

uint64_t IndexArith::knownDivisor(V v) {
  return layoutopt::stream_lite::knownDivisor(v, /*depth=*/8);
}

IndexArith::V IndexArith::add(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (ka && kb)
    return constant(wrap(uint64_t(*ka) + uint64_t(*kb)));
  if (ka == 0)
    return b;
  if (kb == 0)
    return a;
  return arith::AddIOp::create(builder, loc, value(a), value(b), flags)
      .getResult();
}

IndexArith::V IndexArith::sub(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (ka && kb)
    return constant(wrap(uint64_t(*ka) - uint64_t(*kb)));
  if (kb == 0)
    return a;
  return arith::SubIOp::create(builder, loc, value(a), value(b), flags)
      .getResult();
}

IndexArith::V IndexArith::mul(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (ka && kb)
    return constant(wrap(uint64_t(*ka) * uint64_t(*kb)));
  if (ka == 0 || kb == 0)
    return constant(0);
  if (ka == 1)
    return b;
  if (kb == 1)
    return a;
  return arith::MulIOp::create(builder, loc, value(a), value(b), flags)
      .getResult();
}

IndexArith::V IndexArith::ceilDiv(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (kb == 1)
    return a;
  if (ka && kb)
    return constant(llvm::divideCeil(*ka, *kb));
  return arith::CeilDivUIOp::create(builder, loc, value(a), value(b))
      .getResult();
}

IndexArith::V IndexArith::floorDiv(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (kb == 1)
    return a;
  if (ka && kb)
    return constant(*ka / *kb);
  return arith::DivUIOp::create(builder, loc, value(a), value(b)).getResult();
}

IndexArith::V IndexArith::rem(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (kb == 1)
    return constant(0);
  if (ka && kb)
    return constant(*ka % *kb);
  if (kb && *kb > 0 && knownDivisor(a) % uint64_t(*kb) == 0)
    return constant(0);
  return arith::RemUIOp::create(builder, loc, value(a), value(b)).getResult();
}

IndexArith::V IndexArith::min(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (ka && kb)
    return constant(std::min(*ka, *kb));
  return arith::MinUIOp::create(builder, loc, value(a), value(b)).getResult();
}

IndexArith::V IndexArith::max(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (ka && kb)
    return constant(std::max(*ka, *kb));
  if (ka == 0)
    return b;
  if (kb == 0)
    return a;
  return arith::MaxUIOp::create(builder, loc, value(a), value(b)).getResult();
}

std::variant<bool, Value> IndexArith::ule(V a, V b) {
  auto ka = known(a), kb = known(b);
  if (ka && kb)
    return *ka <= *kb;
  if (ka == 0)
    return true;
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                               value(a), value(b))
      .getResult();
}

} // namespace layoutopt::stream_lite
