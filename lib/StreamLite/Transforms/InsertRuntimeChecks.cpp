//===- InsertRuntimeChecks.cpp - logical bounds checks as cf.assert -------===//
//
// --stream-lite-insert-runtime-checks: the dims, regions and indices of
// tensor-phase ops are SSA values, so a program can only be checked against
// them when it runs. Each check is a `cf.assert` on logical facts (never on
// bytes), so it holds or fails the same way with or without encodings, and
// checks on constants fold away in the canonicalizer.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/TypeSwitch.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_INSERTRUNTIMECHECKSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

/// Builds the checks of one op. Every message starts with the op's source
/// location and name, so a failure at run time points at the op.
class CheckBuilder {
public:
  CheckBuilder(Operation *op) : builder(op), loc(op->getLoc()) {
    llvm::raw_string_ostream os(prefix);
    if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
      os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
         << fileLoc.getColumn() << ": ";
    os << "'" << op->getName() << "' op ";
  }

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

  /// Asserts that the dims of `type` are non-negative and hold at most
  /// `kMaxElements` elements, so that no storage size computed from them
  /// (at most a few bytes per element, times the padding of a layout)
  /// overflows an index. Checked as a running product: each dynamic dim must
  /// be at most kMaxElements / (product of the dims before it).
  void requireSizeable(RankedTensorType type, ValueRange dynamicDims) {
    if (type.hasStaticShape())
      return;
    int64_t staticProduct = 1;
    for (int64_t dim : type.getShape())
      if (!ShapedType::isDynamic(dim))
        staticProduct *= dim;
    if (staticProduct == 0) {
      // Zero elements whatever the dynamic dims are; they still must not be
      // negative.
      for (Value dim : dynamicDims)
        require(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                                      dim, constant(kMaxElements)),
                describeSizeable(type));
      return;
    }
    Value one = constant(1);
    Value product = constant(staticProduct);
    for (Value dim : dynamicDims) {
      Value divisor = arith::MaxUIOp::create(builder, loc, product, one);
      Value limit =
          arith::DivUIOp::create(builder, loc, constant(kMaxElements), divisor);
      require(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                                    dim, limit),
              describeSizeable(type));
      product = arith::MulIOp::create(builder, loc, product, dim);
    }
  }

  /// The bytes of dense row-major data of `type` with all dims `dims`: the
  /// identity layout's storage size (layout math lives in the interface).
  OpFoldResult denseBytes(RankedTensorType type, ArrayRef<OpFoldResult> dims) {
    return IdentityAttr::get(type.getContext())
        .buildStorageSizeInBytes(builder, loc, dims,
                                 getElementByteWidth(type.getElementType()));
  }

  OpBuilder &getBuilder() { return builder; }

  /// At most 2^40 elements: storage sizes of up to 8-byte elements stay far
  /// below 2^63 bytes even with heavy padding.
  static constexpr int64_t kMaxElements = int64_t(1) << 40;

private:
  OpBuilder builder;
  Location loc;
  std::string prefix;

  Value constant(int64_t v) {
    return arith::ConstantIndexOp::create(builder, loc, v);
  }
  Value value(OpFoldResult v) {
    return getValueOrCreateConstantIndexOp(builder, loc, v);
  }
  void require(Value condition, const Twine &what) {
    cf::AssertOp::create(builder, loc, condition, (prefix + what).str());
  }
  static std::string describeSizeable(RankedTensorType type) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "needs the dims of " << type
       << " to be non-negative and to hold at most 2^40 elements";
    return text;
  }
};

SmallVector<OpFoldResult> mixedDims(Builder &builder, RankedTensorType type,
                                    ValueRange dims) {
  return getMixedDims(builder, type, dims);
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

/// The bytes the host reads or writes for a value of `type` (i1 is a byte).
int64_t getScalarBytes(Type type) {
  return type.isInteger(1) ? 1 : getElementByteWidth(type);
}

/// Byte ranges of async-phase ops: what their lowering reads and writes must
/// lie inside the resources. The layout pipeline only makes in-bounds
/// ranges from checked logical regions; these catch hand-written ones.
void insertByteRangeChecks(CheckBuilder &checks, Operation *op) {
  OpBuilder &b = checks.getBuilder();
  auto zero = [&]() -> OpFoldResult { return b.getIndexAttr(0); };
  llvm::TypeSwitch<Operation *>(op)
      .Case<AsyncCloneOp, AsyncTransferOp>([&](auto o) {
        checks.requireInBounds(zero(), o.getResultSize(), o.getSourceSize(),
                               "result is larger than the source");
      })
      .Case([&](AsyncSliceOp o) {
        checks.requireInBounds(o.getSourceOffset(), o.getResultSize(),
                               o.getSourceSize(),
                               "byte range is out of the source's bounds");
      })
      .Case([&](AsyncFillOp o) {
        checks.requireInBounds(o.getTargetOffset(), o.getTargetLength(),
                               o.getTargetSize(),
                               "byte range is out of the target's bounds");
      })
      .Case([&](AsyncUpdateOp o) {
        checks.requireInBounds(o.getTargetOffset(), o.getUpdateSize(),
                               o.getTargetSize(),
                               "byte range is out of the target's bounds");
      })
      .Case([&](AsyncCopyOp o) {
        checks.requireInBounds(
            o.getSourceOffset(), o.getLength(), o.getSourceSize(),
            "source byte range is out of the source's bounds");
        checks.requireInBounds(
            o.getTargetOffset(), o.getLength(), o.getTargetSize(),
            "target byte range is out of the target's bounds");
      })
      .Case([&](AsyncLoadOp o) {
        checks.requireInBounds(
            o.getSourceOffset(), b.getIndexAttr(getScalarBytes(o.getType())),
            o.getSourceSize(), "byte offset is out of the source's bounds");
      })
      .Case([&](AsyncStoreOp o) {
        checks.requireInBounds(
            o.getTargetOffset(),
            b.getIndexAttr(getScalarBytes(o.getValue().getType())),
            o.getTargetSize(), "byte offset is out of the target's bounds");
      })
      .Case([&](AsyncDispatchOp o) {
        for (auto [i, size, offset, length] : llvm::enumerate(
                 o.getResourceOperandSizes(), o.getResourceOperandOffsets(),
                 o.getResourceOperandLengths()))
          checks.requireInBounds(offset, length, size,
                                 "byte range of resource operand " + Twine(i) +
                                     " is out of its bounds");
      })
      .Case([&](AsyncImportOp o) {
        auto hostType = cast<RankedTensorType>(o.getSource().getType());
        checks.requireInBounds(
            zero(),
            checks.denseBytes(hostType,
                              buildHostDims(b, o.getLoc(), o.getSource())),
            o.getResultSize(), "host tensor is larger than the resource");
      })
      .Case([&](AsyncExportOp o) {
        auto hostType = cast<RankedTensorType>(o.getType());
        checks.requireInBounds(
            zero(),
            checks.denseBytes(hostType,
                              getMixedDims(b, hostType, o.getResultDims())),
            o.getSourceSize(), "result is larger than the source");
      });
}

void insertChecks(Operation *op) {
  CheckBuilder checks(op);
  OpBuilder &b = checks.getBuilder();
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](TensorSizeOfOp o) {
        checks.requireSizeable(cast<RankedTensorType>(o.getEncoding()),
                               o.getEncodingDims());
      })
      .Case([&](TensorCloneOp o) {
        checkSameDims(
            checks,
            mixedDims(b, o.getSourceEncoding(), o.getSourceEncodingDims()),
            mixedDims(b, o.getResultEncoding(), o.getResultEncodingDims()),
            "result differs from the source");
      })
      .Case([&](TensorEncodeOp o) {
        checkSameDims(
            checks,
            mixedDims(b, o.getSourceEncoding(), o.getSourceEncodingDims()),
            mixedDims(b, o.getResultEncoding(), o.getResultEncodingDims()),
            "result differs from the source");
      })
      .Case([&](TensorSliceOp o) {
        SmallVector<OpFoldResult> lengths = getAsOpFoldResult(o.getLengths());
        checkRegion(
            checks,
            mixedDims(b, o.getSourceEncoding(), o.getSourceEncodingDims()),
            o.getStartIndices(), lengths, "source");
        checkSameDims(
            checks, lengths,
            mixedDims(b, o.getResultEncoding(), o.getResultEncodingDims()),
            "result differs from the region's lengths");
      })
      .Case([&](TensorFillOp o) {
        checkRegion(
            checks,
            mixedDims(b, o.getTargetEncoding(), o.getTargetEncodingDims()),
            o.getStartIndices(), getAsOpFoldResult(o.getLengths()), "target");
      })
      .Case([&](TensorUpdateOp o) {
        checkRegion(
            checks,
            mixedDims(b, o.getTargetEncoding(), o.getTargetEncodingDims()),
            o.getStartIndices(),
            mixedDims(b, o.getUpdateEncoding(), o.getUpdateEncodingDims()),
            "target");
      })
      .Case([&](TensorLoadOp o) {
        SmallVector<OpFoldResult> dims =
            mixedDims(b, o.getSourceEncoding(), o.getSourceEncodingDims());
        for (auto [d, index] : llvm::enumerate(o.getIndices()))
          checks.requireIndex(index, dims[d],
                              "index of dim " + Twine(d) +
                                  " is out of the source's bounds");
      })
      .Case([&](TensorStoreOp o) {
        SmallVector<OpFoldResult> dims =
            mixedDims(b, o.getTargetEncoding(), o.getTargetEncodingDims());
        for (auto [d, index] : llvm::enumerate(o.getIndices()))
          checks.requireIndex(index, dims[d],
                              "index of dim " + Twine(d) +
                                  " is out of the target's bounds");
      })
      .Case([&](TensorImportOp o) {
        // The host tensor is dense row-major data of its own shape; the
        // resource is read with the declared dims.
        SmallVector<OpFoldResult> hostDims =
            buildHostDims(b, o.getLoc(), o.getSource());
        checkSameDims(
            checks,
            mixedDims(b, o.getResultEncoding(), o.getResultEncodingDims()),
            hostDims, "host tensor differs from the declared dims");
      })
      .Case([&](TensorExportOp o) {
        auto hostType = cast<RankedTensorType>(o.getType());
        SmallVector<OpFoldResult> sourceDims =
            mixedDims(b, o.getSourceEncoding(), o.getSourceEncodingDims());
        for (int64_t d = 0; d < hostType.getRank(); ++d)
          if (!hostType.isDynamicDim(d))
            checks.requireEqual(
                sourceDims[d], b.getIndexAttr(hostType.getDimSize(d)),
                "source differs from the result type in dim " + Twine(d));
      });
}

struct InsertRuntimeChecksPass
    : public layoutopt::stream_lite::impl::InsertRuntimeChecksPassBase<
          InsertRuntimeChecksPass> {
  using InsertRuntimeChecksPassBase::InsertRuntimeChecksPassBase;

  void runOnOperation() override {
    SmallVector<Operation *> tensorOps, asyncOps;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ExecutableOp>(op))
        return WalkResult::skip();
      if (op->hasTrait<layoutopt::stream_lite::OpTrait::TensorPhaseOp>())
        tensorOps.push_back(op);
      else if (isa<AsyncCloneOp, AsyncTransferOp, AsyncSliceOp, AsyncFillOp,
                   AsyncUpdateOp, AsyncCopyOp, AsyncLoadOp, AsyncStoreOp,
                   AsyncDispatchOp, AsyncImportOp, AsyncExportOp>(op))
        asyncOps.push_back(op);
      return WalkResult::advance();
    });
    for (Operation *op : tensorOps)
      insertChecks(op);
    for (Operation *op : asyncOps) {
      CheckBuilder checks(op);
      insertByteRangeChecks(checks, op);
    }
  }
};

} // namespace
