//===- PackedBits.cpp - packed sub-byte elements --------------------------===//

#include "StreamLite/IR/PackedBits.h"
#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace layoutopt::stream_lite {

PackedPlace buildPackedPlace(OpBuilder &builder, Location loc,
                             OpFoldResult slot, ElementWidth width) {
  assert(width.isPacked() && "not a packed element width");
  IndexArith math(builder, loc);
  OpFoldResult byte = math.floorDiv(slot, width.slotsPerByte());
  OpFoldResult shift =
      math.mul(math.rem(slot, width.slotsPerByte()), width.bits);
  Value byteValue = math.value(byte);
  Value shift8 = arith::IndexCastUIOp::create(builder, loc, builder.getI8Type(),
                                              math.value(shift));
  return {byteValue, shift8};
}

PackedPlace buildPackedPlace(OpBuilder &builder, Location loc,
                             PhysicalLayoutAttrInterface layout,
                             ArrayRef<OpFoldResult> dims, ElementWidth width,
                             ArrayRef<OpFoldResult> indices,
                             arith::IntegerOverflowFlags flags) {
  return buildPackedPlace(
      builder, loc,
      layout.buildElementSlot(builder, loc, dims, indices, flags), width);
}

Value toSignless(OpBuilder &builder, Location loc, Value value) {
  auto type = dyn_cast<IntegerType>(value.getType());
  if (!type || type.isSignless())
    return value;
  return UnrealizedConversionCastOp::create(
             builder, loc, builder.getIntegerType(type.getWidth()), value)
      .getResult(0);
}

Value fromSignless(OpBuilder &builder, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return UnrealizedConversionCastOp::create(builder, loc, type, value)
      .getResult(0);
}

Value extractPackedBits(OpBuilder &builder, Location loc, Value byte,
                        Value shift, Type elementType) {
  Value bits = arith::ShRUIOp::create(builder, loc, byte, shift);
  Value value = arith::TruncIOp::create(
      builder, loc,
      builder.getIntegerType(elementType.getIntOrFloatBitWidth()), bits);
  return fromSignless(builder, loc, value, elementType);
}

Value insertPackedBits(OpBuilder &builder, Location loc, Value byte,
                       Value shift, Value value, unsigned bits) {
  Type i8 = builder.getI8Type();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getIntegerAttr(i8, v));
  };
  Value field = toSignless(builder, loc, value);
  if (field.getType() != i8)
    field = arith::ExtUIOp::create(builder, loc, i8, field);
  else
    field = arith::AndIOp::create(builder, loc, field,
                                  constant((1 << bits) - 1));
  Value mask =
      arith::ShLIOp::create(builder, loc, constant((1 << bits) - 1), shift);
  Value kept = arith::AndIOp::create(
      builder, loc, byte,
      arith::XOrIOp::create(builder, loc, mask, constant(-1)));
  return arith::OrIOp::create(
      builder, loc, kept, arith::ShLIOp::create(builder, loc, field, shift));
}

} // namespace layoutopt::stream_lite
