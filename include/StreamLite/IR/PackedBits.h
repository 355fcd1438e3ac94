//===- PackedBits.h - packed sub-byte elements ------------------*- C++ -*-===//
//
// The one place that builds the bit manipulation of packed sub-byte elements
// (`i2`, `i4`, any signedness): where an element's bits lie (byte offset and
// shift, from the layout's element slot), and extracting or inserting them
// in the byte that holds them (read-modify-write keeps the byte's other
// elements and its zero tail bits). Used by host load/store lowering,
// import/export packing and the builtin kernels.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_IR_PACKEDBITS_H
#define STREAMLITE_IR_PACKEDBITS_H

#include "StreamLite/IR/StreamLiteAttrs.h"

#include "mlir/IR/Builders.h"

namespace layoutopt::stream_lite {

/// Where a packed element lies: the byte holding it (index) and the shift of
/// its bits inside that byte (an i8).
struct PackedPlace {
  mlir::Value byteOffset;
  mlir::Value shift;
};

/// The place of element slot `slot` (an index) of elements of `width`.
PackedPlace buildPackedPlace(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::OpFoldResult slot, ElementWidth width);

/// The place of logical element `indices` of a tensor in `layout`; `flags`
/// as for PhysicalLayoutAttrInterface::buildElementSlot.
PackedPlace buildPackedPlace(mlir::OpBuilder &builder, mlir::Location loc,
                             PhysicalLayoutAttrInterface layout,
                             llvm::ArrayRef<mlir::OpFoldResult> dims,
                             ElementWidth width,
                             llvm::ArrayRef<mlir::OpFoldResult> indices,
                             mlir::arith::IntegerOverflowFlags flags);

/// `value` as the signless integer of its width (si/ui integers through an
/// unrealized cast, which the LLVM lowering folds away); other values as
/// they are.
mlir::Value toSignless(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Value value);
/// The inverse of toSignless: a signless integer `value` as `type`.
mlir::Value fromSignless(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value value, mlir::Type type);

/// The element of `elementType` whose bits start at `shift` in `byte` (i8).
mlir::Value extractPackedBits(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value byte, mlir::Value shift,
                              mlir::Type elementType);

/// `byte` (i8) with the `bits` bits at `shift` replaced by `value` (of the
/// element type, or an i8 whose low `bits` bits are the element).
mlir::Value insertPackedBits(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value byte, mlir::Value shift,
                             mlir::Value value, unsigned bits);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_IR_PACKEDBITS_H
