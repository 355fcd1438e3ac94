//===- StreamLiteRuntimeVerification.cpp - run-time checks of ops ---------===//
//
// RuntimeVerifiableOpInterface of the stream_lite ops: each op builds
// `cf.assert`s for what it assumes of its run-time values. Tensor-phase ops
// check logical facts (regions inside their tensors, indices in range, dims
// that agree), never bytes, so a program with encodings and its stripped
// reference check the same facts. Async-phase ops check that the byte ranges
// they touch lie inside their resources (the layout pipeline makes such
// ranges only from checked logical regions; these catch hand-written ones).
// Checks of constants that hold are not emitted.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace layoutopt::stream_lite {

using MessageFn = function_ref<std::string(Operation *, StringRef)>;

namespace {

/// Builds the checks of one op; each message comes from `message` (the
/// caller's format, e.g. prefixed with the op's location and name).
class CheckBuilder {
public:
  CheckBuilder(OpBuilder &builder, Location loc, Operation *op,
               MessageFn message)
      : builder(builder), loc(loc), op(op), message(message) {}

  /// Asserts `0 <= offset` and `offset + length <= size` (as unsigned
  /// compares, so negative values fail and the sum cannot overflow).
  void requireInBounds(OpFoldResult offset, OpFoldResult length,
                       OpFoldResult size, const Twine &what) {
    std::optional<int64_t> o = getConstantIntValue(offset),
                           l = getConstantIntValue(length),
                           s = getConstantIntValue(size);
    if (o && l && s && *o >= 0 && *l >= 0 && *o <= *s && *l <= *s - *o)
      return;
    if (o == 0 && !l && !s && length == size)
      return;
    Value sizeValue = value(size);
    if (o == 0) {
      require(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                                    value(length), sizeValue),
              what);
      return;
    }
    Value offsetValue = value(offset);
    Value offsetFits = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ule, offsetValue, sizeValue);
    Value rest = arith::SubIOp::create(builder, loc, sizeValue, offsetValue);
    Value lengthFits = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ule, value(length), rest);
    require(arith::AndIOp::create(builder, loc, offsetFits, lengthFits), what);
  }

  /// Asserts that the strided region `offset + k * stride`, `0 <= k <
  /// length`, lies in `[0, size)` and that `stride >= 1`, all unsigned and
  /// without overflow: an empty region always passes.
  void requireStridedInBounds(OpFoldResult offset, OpFoldResult length,
                              OpFoldResult stride, OpFoldResult size,
                              const Twine &what) {
    std::optional<int64_t> o = getConstantIntValue(offset),
                           l = getConstantIntValue(length),
                           t = getConstantIntValue(stride),
                           s = getConstantIntValue(size);
    if (t == 1) {
      requireInBounds(offset, length, size, what);
      return;
    }
    if (l == 0 && t && *t >= 1)
      return;
    if (o && l && t && s && *o >= 0 && *l >= 0 && *t >= 1 &&
        (*l == 0 || (*o < *s && (*l - 1) <= (*s - 1 - *o) / *t)))
      return;
    Value off = value(offset), len = value(length), str = value(stride),
          sz = value(size);
    Value one = constant(1);
    Value strideOk = arith::CmpIOp::create(builder, loc,
                                           arith::CmpIPredicate::sge, str, one);
    // A zero stride would divide by zero below: divide by a stride of at
    // least 1 (strideOk fails the check then anyway).
    Value safeStride = arith::MaxSIOp::create(builder, loc, str, one);
    Value empty = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        len, constant(0));
    Value offsetFits = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, off, sz);
    Value room = arith::DivUIOp::create(
        builder, loc,
        arith::SubIOp::create(builder, loc,
                              arith::SubIOp::create(builder, loc, sz, one), off),
        safeStride);
    Value lastFits = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ule,
        arith::SubIOp::create(builder, loc, len, one), room);
    Value fits = arith::OrIOp::create(
        builder, loc, empty,
        arith::AndIOp::create(builder, loc, offsetFits, lastFits));
    require(arith::AndIOp::create(builder, loc, strideOk, fits), what);
  }

  /// Asserts `0 <= index < size`.
  void requireIndex(Value index, OpFoldResult size, const Twine &what) {
    std::optional<int64_t> i = getConstantIntValue(index),
                           s = getConstantIntValue(size);
    if (i && s && *i >= 0 && *i < *s)
      return;
    require(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                  index, value(size)),
            what);
  }

  /// Asserts `a == b`.
  void requireEqual(OpFoldResult a, OpFoldResult b, const Twine &what) {
    std::optional<int64_t> ka = getConstantIntValue(a),
                           kb = getConstantIntValue(b);
    if ((ka && kb && *ka == *kb) || (!ka && !kb && a == b))
      return;
    require(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                  value(a), value(b)),
            what);
  }

  /// Asserts that the dynamic dims of `type` are non-negative and that its
  /// storage size (dense, and under every layout its encoding names) fits in
  /// int64: the run-time half of the verifier's size check, built by the
  /// layout interface from the same formulas.
  void requireStorageFits(RankedTensorType type, ValueRange dynamicDims) {
    Value bad = buildStorageSizeOverflow(builder, loc, type, dynamicDims);
    for (Value dim : dynamicDims) {
      Value negative = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::slt, dim, constant(0));
      bad = bad ? arith::OrIOp::create(builder, loc, bad, negative).getResult()
                : negative;
    }
    if (!bad)
      return;
    Value good = arith::XOrIOp::create(
        builder, loc, bad, arith::ConstantIntOp::create(builder, loc, 1, 1));
    require(good, describeStorageFits(type));
  }

  /// The bytes of dense row-major data of `type` with all dims `dims`: the
  /// identity layout's storage size (layout math lives in the interface).
  OpFoldResult denseBytes(RankedTensorType type, ArrayRef<OpFoldResult> dims) {
    return IdentityAttr::get(type.getContext())
        .buildStorageSizeInBytes(builder, loc, dims,
                                 ElementWidth::of(type.getElementType()));
  }

  OpBuilder &getBuilder() { return builder; }

private:
  OpBuilder &builder;
  Location loc;
  Operation *op;
  MessageFn message;

  Value constant(int64_t v) {
    return arith::ConstantIndexOp::create(builder, loc, v);
  }
  Value value(OpFoldResult v) {
    return getValueOrCreateConstantIndexOp(builder, loc, v);
  }
  void require(Value condition, const Twine &what) {
    cf::AssertOp::create(builder, loc, condition, message(op, what.str()));
  }
  static std::string describeStorageFits(RankedTensorType type) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "needs the dims of " << type
       << " to be non-negative and its storage size to be at most 2^63 - 1 "
          "bytes";
    return text;
  }
};

SmallVector<OpFoldResult> mixedDims(Builder &builder, Type type,
                                    ValueRange dims) {
  return getMixedDims(builder, cast<RankedTensorType>(type), dims);
}

/// `offsets[d] + lengths[d] <= dims[d]` for every dim.
void checkRegion(CheckBuilder &checks, ArrayRef<OpFoldResult> dims,
                 ValueRange offsets, ArrayRef<OpFoldResult> lengths,
                 StringRef tensorName) {
  for (auto [d, size] : llvm::enumerate(dims))
    checks.requireInBounds(offsets[d], lengths[d], size,
                           "region of dim " + Twine(d) + " is out of the " +
                               tensorName + "'s bounds");
}

/// Dims that must be equal, e.g. a clone's source and result.
void checkSameDims(CheckBuilder &checks, ArrayRef<OpFoldResult> expected,
                   ArrayRef<OpFoldResult> actual, const Twine &what) {
  for (auto [d, pair] : llvm::enumerate(llvm::zip(expected, actual)))
    checks.requireEqual(std::get<0>(pair), std::get<1>(pair),
                        what + " in dim " + Twine(d));
}

/// `0 <= indices[d] < dims[d]` for every dim.
void checkIndices(CheckBuilder &checks, ArrayRef<OpFoldResult> dims,
                  ValueRange indices, StringRef tensorName) {
  for (auto [d, index] : llvm::enumerate(indices))
    checks.requireIndex(index, dims[d],
                        "index of dim " + Twine(d) + " is out of the " +
                            tensorName + "'s bounds");
}

/// The dims of a host tensor: static ones as attributes, dynamic ones read
/// with `tensor.dim`.
SmallVector<OpFoldResult> buildHostDims(OpBuilder &b, Location loc,
                                        Value hostTensor) {
  auto type = cast<RankedTensorType>(hostTensor.getType());
  SmallVector<OpFoldResult> dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    dims.push_back(
        type.isDynamicDim(d)
            ? OpFoldResult(
                  tensor::DimOp::create(b, loc, hostTensor, d).getResult())
            : b.getIndexAttr(type.getDimSize(d)));
  return dims;
}

} // namespace

//===----------------------------------------------------------------------===//
// Tensor-phase ops
//===----------------------------------------------------------------------===//

void TensorSizeOfOp::generateRuntimeVerification(OpBuilder &builder,
                                                 Location loc,
                                                 MessageFn message) {
  CheckBuilder(builder, loc, *this, message)
      .requireStorageFits(cast<RankedTensorType>(getEncoding()),
                       getEncodingDims());
}

/// A whole-tensor copy (clone, encode): the result has the source's dims.
template <typename OpTy>
static void checkWholeTensorCopy(OpTy op, OpBuilder &builder, Location loc,
                                 MessageFn message) {
  CheckBuilder checks(builder, loc, op, message);
  checkSameDims(
      checks,
      mixedDims(builder, op.getSourceEncoding(), op.getSourceEncodingDims()),
      mixedDims(builder, op.getResultEncoding(), op.getResultEncodingDims()),
      "result differs from the source");
}

void TensorCloneOp::generateRuntimeVerification(OpBuilder &builder,
                                                Location loc,
                                                MessageFn message) {
  checkWholeTensorCopy(*this, builder, loc, message);
}

void TensorEncodeOp::generateRuntimeVerification(OpBuilder &builder,
                                                 Location loc,
                                                 MessageFn message) {
  checkWholeTensorCopy(*this, builder, loc, message);
}

void TensorSliceOp::generateRuntimeVerification(OpBuilder &builder,
                                                Location loc,
                                                MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  SmallVector<OpFoldResult> lengths = getAsOpFoldResult(getLengths());
  checkRegion(checks,
              mixedDims(builder, getSourceEncoding(), getSourceEncodingDims()),
              getStartIndices(), lengths, "source");
  checkSameDims(checks, lengths,
                mixedDims(builder, getResultEncoding(), getResultEncodingDims()),
                "result differs from the region's lengths");
}

void TensorFillOp::generateRuntimeVerification(OpBuilder &builder,
                                               Location loc,
                                               MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  checkRegion(checks,
              mixedDims(builder, getTargetEncoding(), getTargetEncodingDims()),
              getStartIndices(), getAsOpFoldResult(getLengths()), "target");
}

void TensorUpdateOp::generateRuntimeVerification(OpBuilder &builder,
                                                 Location loc,
                                                 MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  checkRegion(checks,
              mixedDims(builder, getTargetEncoding(), getTargetEncodingDims()),
              getStartIndices(),
              mixedDims(builder, getUpdateEncoding(), getUpdateEncodingDims()),
              "target");
}

void TensorLoadOp::generateRuntimeVerification(OpBuilder &builder,
                                               Location loc,
                                               MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  checkIndices(checks,
               mixedDims(builder, getSourceEncoding(), getSourceEncodingDims()),
               getIndices(), "source");
}

void TensorStoreOp::generateRuntimeVerification(OpBuilder &builder,
                                                Location loc,
                                                MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  checkIndices(checks,
               mixedDims(builder, getTargetEncoding(), getTargetEncodingDims()),
               getIndices(), "target");
}

void TensorImportOp::generateRuntimeVerification(OpBuilder &builder,
                                                 Location loc,
                                                 MessageFn message) {
  // The host tensor is dense row-major data of its own shape; the resource
  // is read with the declared dims.
  CheckBuilder checks(builder, loc, *this, message);
  SmallVector<OpFoldResult> hostDims = buildHostDims(builder, loc, getSource());
  checkSameDims(checks,
                mixedDims(builder, getResultEncoding(), getResultEncodingDims()),
                hostDims, "host tensor differs from the declared dims");
}

void TensorExportOp::generateRuntimeVerification(OpBuilder &builder,
                                                 Location loc,
                                                 MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  auto hostType = cast<RankedTensorType>(getType());
  SmallVector<OpFoldResult> sourceDims =
      mixedDims(builder, getSourceEncoding(), getSourceEncodingDims());
  for (int64_t d = 0; d < hostType.getRank(); ++d)
    if (!hostType.isDynamicDim(d))
      checks.requireEqual(sourceDims[d],
                          builder.getIndexAttr(hostType.getDimSize(d)),
                          "source differs from the result type in dim " +
                              Twine(d));
}

//===----------------------------------------------------------------------===//
// Async-phase ops: byte ranges inside their resources
//===----------------------------------------------------------------------===//

/// A copy of a resource's first bytes (clone, transfer): no more than the
/// source holds.
template <typename OpTy>
static void checkResourceCopy(OpTy op, OpBuilder &builder, Location loc,
                              MessageFn message) {
  CheckBuilder(builder, loc, op, message)
      .requireInBounds(builder.getIndexAttr(0), op.getResultSize(),
                       op.getSourceSize(), "result is larger than the source");
}

void AsyncCloneOp::generateRuntimeVerification(OpBuilder &builder,
                                               Location loc,
                                               MessageFn message) {
  checkResourceCopy(*this, builder, loc, message);
}

void AsyncTransferOp::generateRuntimeVerification(OpBuilder &builder,
                                                  Location loc,
                                                  MessageFn message) {
  checkResourceCopy(*this, builder, loc, message);
}

void AsyncSliceOp::generateRuntimeVerification(OpBuilder &builder,
                                               Location loc,
                                               MessageFn message) {
  CheckBuilder(builder, loc, *this, message)
      .requireInBounds(getSourceOffset(), getResultSize(), getSourceSize(),
                       "byte range is out of the source's bounds");
}

void AsyncFillOp::generateRuntimeVerification(OpBuilder &builder, Location loc,
                                              MessageFn message) {
  CheckBuilder(builder, loc, *this, message)
      .requireInBounds(getTargetOffset(), getTargetLength(), getTargetSize(),
                       "byte range is out of the target's bounds");
}

void AsyncUpdateOp::generateRuntimeVerification(OpBuilder &builder,
                                                Location loc,
                                                MessageFn message) {
  CheckBuilder(builder, loc, *this, message)
      .requireInBounds(getTargetOffset(), getUpdateSize(), getTargetSize(),
                       "byte range is out of the target's bounds");
}

void AsyncCopyOp::generateRuntimeVerification(OpBuilder &builder, Location loc,
                                              MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  checks.requireInBounds(getSourceOffset(), getLength(), getSourceSize(),
                         "source byte range is out of the source's bounds");
  checks.requireInBounds(getTargetOffset(), getLength(), getTargetSize(),
                         "target byte range is out of the target's bounds");
}

void AsyncLoadOp::generateRuntimeVerification(OpBuilder &builder, Location loc,
                                              MessageFn message) {
  CheckBuilder(builder, loc, *this, message)
      .requireInBounds(getSourceOffset(),
                       builder.getIndexAttr(getElementByteWidth(getType())),
                       getSourceSize(),
                       "byte offset is out of the source's bounds");
}

void AsyncStoreOp::generateRuntimeVerification(OpBuilder &builder,
                                               Location loc,
                                               MessageFn message) {
  CheckBuilder(builder, loc, *this, message)
      .requireInBounds(
          getTargetOffset(),
          builder.getIndexAttr(getElementByteWidth(getValue().getType())),
          getTargetSize(), "byte offset is out of the target's bounds");
}

void AsyncDispatchOp::generateRuntimeVerification(OpBuilder &builder,
                                                  Location loc,
                                                  MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  for (auto [i, size, offset, length] :
       llvm::enumerate(getResourceOperandSizes(), getResourceOperandOffsets(),
                       getResourceOperandLengths()))
    checks.requireInBounds(offset, length, size,
                           "byte range of resource operand " + Twine(i) +
                               " is out of its bounds");
}

void AsyncImportOp::generateRuntimeVerification(OpBuilder &builder,
                                                Location loc,
                                                MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  auto hostType = cast<RankedTensorType>(getSource().getType());
  checks.requireInBounds(
      builder.getIndexAttr(0),
      checks.denseBytes(hostType, buildHostDims(builder, loc, getSource())),
      getResultSize(), "host tensor is larger than the resource");
}

void AsyncExportOp::generateRuntimeVerification(OpBuilder &builder,
                                                Location loc,
                                                MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  auto hostType = cast<RankedTensorType>(getType());
  checks.requireInBounds(
      builder.getIndexAttr(0),
      checks.denseBytes(hostType,
                        getMixedDims(builder, hostType, getResultDims())),
      getSourceSize(), "result is larger than the source");
}

//===----------------------------------------------------------------------===//
// Kernels' logical views
//===----------------------------------------------------------------------===//

/// Each dim of a strided region of `view` (dims `viewDims`) inside the view.
static void checkViewRegion(CheckBuilder &checks, DispatchTensorType view,
                            ValueRange viewDims,
                            ArrayRef<OpFoldResult> offsets,
                            ArrayRef<OpFoldResult> sizes,
                            ArrayRef<OpFoldResult> strides) {
  SmallVector<OpFoldResult> dims =
      mixedDims(checks.getBuilder(), view.getBoundType(), viewDims);
  for (auto [d, size] : llvm::enumerate(dims))
    checks.requireStridedInBounds(offsets[d], sizes[d], strides[d], size,
                                  "region of dim " + Twine(d) +
                                      " is out of the view's bounds");
}

void DispatchTensorLoadOp::generateRuntimeVerification(OpBuilder &builder,
                                                       Location loc,
                                                       MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  checkViewRegion(checks, getSourceType(), getSourceDims(), getMixedOffsets(),
                  getMixedSizes(), getMixedStrides());
}

void DispatchTensorStoreOp::generateRuntimeVerification(OpBuilder &builder,
                                                        Location loc,
                                                        MessageFn message) {
  CheckBuilder checks(builder, loc, *this, message);
  checkViewRegion(checks, getTargetType(), getTargetDims(), getMixedOffsets(),
                  getMixedSizes(), getMixedStrides());
}

} // namespace layoutopt::stream_lite
