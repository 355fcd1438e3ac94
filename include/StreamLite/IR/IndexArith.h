//===- IndexArith.h - folding index arithmetic ------------------*- C++ -*-===//
//
// The one builder of index arithmetic in the project: layout math (dynamic
// dims), host-tensor lowering and builtin kernels all build sizes, offsets
// and loop bounds through it. Values are OpFoldResults; an operation whose
// operands are all constants folds to a constant, and identities (x + 0,
// x * 1, x / 1, ...) fold away, so static shapes produce no IR.
//
// Sizes and indices are non-negative, so divisions and remainders are the
// unsigned arith ops, and a remainder folds to 0 where its operand is known
// to be a multiple of the divisor (knownDivisor). `flags` (e.g. nuw|nsw,
// when every value is known to be an in-bounds index) go on add, sub and
// mul.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_IR_INDEXARITH_H
#define STREAMLITE_IR_INDEXARITH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>
#include <variant>

namespace layoutopt::stream_lite {

class StreamLiteDialect;

/// The index-typed IntegerAttr of `value`, small values from the
/// stream_lite dialect's table when the dialect is loaded (see
/// StreamLiteDialect::getIndexAttr): the cheap way to make the constants of
/// layout math.
mlir::IntegerAttr indexAttr(mlir::MLIRContext *context, int64_t value);

class IndexArith {
public:
  using V = mlir::OpFoldResult;

  IndexArith(mlir::OpBuilder &builder, mlir::Location loc,
             mlir::arith::IntegerOverflowFlags flags =
                 mlir::arith::IntegerOverflowFlags::none);

  V constant(int64_t x);
  mlir::Value value(V v);
  static std::optional<int64_t> known(V v);
  static bool isZero(V v) { return known(v) == 0; }
  /// A positive number `v` is known to be a multiple of (0 when `v` is
  /// known to be 0), from constants, select, add, sub, mul, min and max
  /// (past an add, sub or mul that may wrap, only its power-of-two part),
  /// and the induction variables of loops (LoopLikeOpInterface) from their
  /// lower bounds and steps. `rem` folds with it: a packed element's slot in
  /// its byte is then known wherever the walk's loops step by whole bytes,
  /// also where LLVM cannot see it (a parallel loop's outlined body).
  static uint64_t knownDivisor(V v);

  V add(V a, V b);
  /// `a - b`, where a >= b.
  V sub(V a, V b);
  V mul(V a, V b);
  V mul(V a, int64_t k) { return mul(a, constant(k)); }
  V ceilDiv(V a, V b);
  V ceilDiv(V a, int64_t k) { return ceilDiv(a, constant(k)); }
  V floorDiv(V a, V b);
  V floorDiv(V a, int64_t k) { return floorDiv(a, constant(k)); }
  V rem(V a, V b);
  V rem(V a, int64_t k) { return rem(a, constant(k)); }
  V min(V a, V b);
  V max(V a, V b);
  /// `a <= b` as an i1, or its value when both are known.
  std::variant<bool, mlir::Value> ule(V a, V b);

private:
  mlir::OpBuilder &builder;
  mlir::Location loc;
  mlir::arith::IntegerOverflowFlags flags;
  /// Null when stream_lite is not loaded (then constants are uniqued).
  StreamLiteDialect *dialect;
};

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_IR_INDEXARITH_H
