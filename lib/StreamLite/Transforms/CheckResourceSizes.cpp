//===- CheckResourceSizes.cpp - resources hold their tensors' storage -----===//
//
// insertResourceSizeChecks and --stream-lite-check-resource-sizes, a
// driver over it: after specialize-encodings, asserts
// that the storage size of each tensor with dynamic dims that a tensor-phase
// op names fits in int64 under its resolved layout (insert-runtime-checks
// runs before resolution and sees only the dense size of an encoding that
// is still a request; a size that wrapped would then size the tensor's
// buffer and every offset into it), and that each resource size the op
// names is at least that storage size. The ops say which tensors
// they touch and in which resources through EncodedTensorOpInterface; the
// storage size is a `tensor.sizeof` of the resolved type, which
// encode-host-tensors lowers through the layout like any other. Messages
// have the format of --stream-lite-insert-runtime-checks.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"
#include "RuntimeCheckMessage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CHECKRESOURCESIZESPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;
using layoutopt::stream_lite::detail::formatCheckMessage;

ResourceSizeChecks
layoutopt::stream_lite::insertResourceSizeChecks(Operation *root,
                                                 DominanceInfo &dominance) {
  SmallVector<EncodedTensorOpInterface> ops;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // Kernels are generated for their bindings' sizes.
    if (isa<ExecutableOp>(op))
      return WalkResult::skip();
    if (auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op))
      ops.push_back(tensorOp);
    return WalkResult::advance();
  });
  OpBuilder builder(root->getContext());
  ResourceSizeChecks counts;
  // A check of a size, type and dims that a check before already made
  // (one that dominates this op) cannot fail: the first would have
  // aborted. Most ops name sizes an earlier op checked (10843 checks of
  // which 97% were redundant on a 10k-op module), and each check is a
  // sizeof, a compare and an assert for every pass until
  // remove-redundant-asserts. A few places are kept per check (more,
  // in sibling branches, are checked again) so that this stays linear.
  struct Checked {
    SmallVector<Value> dims;
    Operation *op;
  };
  llvm::DenseMap<std::pair<Value, Type>, SmallVector<Checked, 2>> checked;
  // The same for the storage size of a type and dims fitting in int64.
  llvm::DenseMap<Type, SmallVector<Checked, 2>> fitChecked;
  constexpr size_t kMaxPlacesPerCheck = 4;
  auto isDominatedBy = [&](SmallVector<Checked, 2> &places, ValueRange dims,
                           Operation *op) {
    if (llvm::any_of(places, [&](const Checked &place) {
          return llvm::equal(place.dims, dims) &&
                 dominance.dominates(place.op, op);
        }))
      return true;
    if (places.size() < kMaxPlacesPerCheck)
      places.push_back({llvm::to_vector(dims), op});
    return false;
  };
  // Printing a type with its layout costs more than the rest of a check;
  // a function names few distinct types.
  llvm::DenseMap<Type, std::string> typeTexts;
  auto typeText = [&](Type type) -> StringRef {
    std::string &text = typeTexts[type];
    if (text.empty())
      llvm::raw_string_ostream(text) << type;
    return text;
  };
  for (EncodedTensorOpInterface op : ops) {
    builder.setInsertionPoint(op);
    Location loc = op.getLoc();
    for (const EncodedTensor &tensor : op.getEncodedTensors()) {
      // Only tensors whose bytes have a known size (a dispatch may name
      // types it treats as opaque bytes).
      RankedTensorType type = tensor.getType();
      if (type.getEncoding()) {
        SerializableEncodingAttrInterface encoding =
            getSerializableEncoding(type);
        if (!encoding || !encoding.isSerialized())
          continue;
        // A static shape's sizes were checked by the verifier; the dense
        // size of dynamic dims by insert-runtime-checks.
        if (!tensor.dims.empty() &&
            !isDominatedBy(fitChecked[type], tensor.dims, op)) {
          if (Value overflow =
                  buildStorageSizeOverflow(builder, loc, type, tensor.dims)) {
            Value fits = arith::XOrIOp::create(
                builder, loc, overflow,
                arith::ConstantIntOp::create(builder, loc, 1, 1));
            std::string what;
            llvm::raw_string_ostream os(what);
            os << "needs the storage size of " << typeText(type)
               << " to be at most 2^63 - 1 bytes";
            cf::AssertOp::create(builder, loc, fits,
                                 formatCheckMessage(op, what));
            ++counts.inserted;
          }
        }
      }
      // A `Describes` tensor (sizeof) has no resource; a result's size is
      // defined before the op, like an operand's.
      if (tensor.role == TensorRole::Describes || !tensor.size)
        continue;
      // The usual case, a size that is the sizeof of this very type and
      // dims, needs no check.
      if (auto sizeOf = tensor.size.getDefiningOp<TensorSizeOfOp>())
        if (sizeOf.getEncoding() == type &&
            llvm::equal(sizeOf.getEncodingDims(), tensor.dims))
          continue;
      if (isDominatedBy(checked[{tensor.size, Type(type)}], tensor.dims,
                        op)) {
        ++counts.dominated;
        continue;
      }
      Value storage = TensorSizeOfOp::create(
          builder, loc, builder.getIndexType(), tensor.type, tensor.dims,
          AffinityAttr());
      Value holds = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ule, storage, tensor.size);
      std::string what;
      llvm::raw_string_ostream os(what);
      os << "resource of the " << tensor.name
         << " is smaller than the storage of " << typeText(type);
      cf::AssertOp::create(builder, loc, holds, formatCheckMessage(op, what));
      ++counts.inserted;
    }
  }
  return counts;
}

namespace {

struct CheckResourceSizesPass
    : public layoutopt::stream_lite::impl::CheckResourceSizesPassBase<
          CheckResourceSizesPass> {
  using CheckResourceSizesPassBase::CheckResourceSizesPassBase;

  void runOnOperation() override {
    ResourceSizeChecks counts =
        insertResourceSizeChecks(getOperation(), getAnalysis<DominanceInfo>());
    // No check, no new op: the pass manager need not verify again.
    if (counts.inserted == 0)
      markAllAnalysesPreserved();
    reportPassStatistics(
        getOperation(), getArgument(),
        {{&numChecksInserted, "checks-inserted", counts.inserted},
         {&numChecksSkipped, "checks-dominated", counts.dominated}});
  }
};

} // namespace
