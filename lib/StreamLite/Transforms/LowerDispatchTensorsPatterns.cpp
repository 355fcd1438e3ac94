//===- LowerDispatchTensorsPatterns.cpp - views to layout-aware copies -----===//
//
// The patterns of --stream-lite-lower-dispatch-tensors. A logical view
// (`binding.subspan -> !stream_lite.dispatch.tensor`) becomes a byte view of
// the same binding; each load fills a dense buffer from it and each store
// empties one into it, through the binding's layout. The layout addressing
// is the builtin kernels' (BuiltinKernelSupport.h): whole-byte unit-stride
// regions move with their region transfer (contiguous runs as copies), the
// rest element by element with their element loads and stores. No second
// copy of layout math lives here.
//
//===----------------------------------------------------------------------===//

#include "BuiltinKernelSupport.h"
#include "StreamLite/IR/PackedBits.h"
#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace layoutopt::stream_lite {

using namespace detail;

namespace {

/// A region of a view: logical offsets, sizes and strides.
struct ViewRegion {
  SmallVector<OpFoldResult> offsets, sizes, strides;
};

/// The dense tensor type of a loaded or stored value: `valueType` without
/// the encoding IREE's form may repeat.
RankedTensorType denseTypeOf(RankedTensorType valueType) {
  return valueType.getEncoding() ? valueType.dropEncoding() : valueType;
}

/// Whether the region transfer can move this region: unit strides and
/// elements that fill whole bytes and are their own storage (packed and
/// narrow elements have bit-level storage that a dense memref does not
/// share).
bool canUseRegionTransfer(const KernelTensor &binding,
                          const ViewRegion &region) {
  if (binding.width.isPacked() ||
      binding.storageType != binding.type.getElementType())
    return false;
  // The dense buffer is a memref of the element type, whose elements LLVM
  // places at its alloc size: a power of two bytes for integers and
  // floats, which an element of 3 bytes (i24) is not.
  Type element = binding.type.getElementType();
  if (element.isIntOrFloat() &&
      !llvm::isPowerOf2_64(element.getIntOrFloatBitWidth()))
    return false;
  return llvm::all_of(region.strides,
                      [](OpFoldResult s) { return isConstantIntValue(s, 1); });
}

/// The values of `sizes` that are dynamic in `type` (a memref's sizes).
SmallVector<Value> dynamicSizes(OpBuilder &builder, Location loc,
                                RankedTensorType type,
                                ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> values;
  for (auto [d, size] : llvm::enumerate(sizes))
    if (type.isDynamicDim(d))
      values.push_back(getValueOrCreateConstantIndexOp(builder, loc, size));
  return values;
}

/// A byte buffer of the dense region and its typed view.
std::pair<Value, Value> allocateDenseBytes(OpBuilder &builder, Location loc,
                                           RankedTensorType dense,
                                           ArrayRef<OpFoldResult> sizes) {
  MLIRContext *ctx = builder.getContext();
  OpFoldResult bytes = IdentityAttr::get(ctx).buildStorageSizeInBytes(
      builder, loc, sizes, ElementWidth::of(dense.getElementType()));
  auto byteType = MemRefType::get({ShapedType::kDynamic}, builder.getI8Type());
  Value buffer = memref::AllocOp::create(
      builder, loc, byteType,
      ValueRange{getValueOrCreateConstantIndexOp(builder, loc, bytes)});
  auto typed = MemRefType::get(dense.getShape(), dense.getElementType());
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value view = memref::ViewOp::create(builder, loc, typed, buffer, zero,
                                      dynamicSizes(builder, loc, dense, sizes));
  return {buffer, view};
}

/// Calls `body(builder, ivs)` inside a loop nest over `[0, sizes[d])`.
void buildLoopNest(OpBuilder &builder, Location loc,
                   ArrayRef<OpFoldResult> sizes, SmallVector<Value> &ivs,
                   function_ref<void(OpBuilder &, ArrayRef<Value>)> body) {
  if (ivs.size() == sizes.size()) {
    body(builder, ivs);
    return;
  }
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value upper =
      getValueOrCreateConstantIndexOp(builder, loc, sizes[ivs.size()]);
  scf::ForOp::create(builder, loc, zero, upper, one, ValueRange(),
                     [&](OpBuilder &b, Location l, Value iv, ValueRange) {
                       ivs.push_back(iv);
                       buildLoopNest(b, l, sizes, ivs, body);
                       ivs.pop_back();
                       scf::YieldOp::create(b, l);
                     });
}

/// The view's logical indices of region position `ivs`:
/// `offset + iv * stride` per dim.
SmallVector<OpFoldResult> regionIndices(OpBuilder &builder, Location loc,
                                        const ViewRegion &region,
                                        ArrayRef<Value> ivs) {
  SmallVector<OpFoldResult> indices;
  for (auto [d, iv] : llvm::enumerate(ivs)) {
    Value index = iv;
    if (!isConstantIntValue(region.strides[d], 1))
      index = arith::MulIOp::create(
          builder, loc, index,
          getValueOrCreateConstantIndexOp(builder, loc, region.strides[d]),
          kInBoundsIndexFlags);
    if (!isConstantIntValue(region.offsets[d], 0))
      index = arith::AddIOp::create(
          builder, loc, index,
          getValueOrCreateConstantIndexOp(builder, loc, region.offsets[d]),
          kInBoundsIndexFlags);
    indices.push_back(index);
  }
  return indices;
}

SmallVector<Value> offsetValues(OpBuilder &builder, Location loc,
                                ArrayRef<OpFoldResult> offsets) {
  return llvm::map_to_vector(offsets, [&](OpFoldResult offset) {
    return getValueOrCreateConstantIndexOp(builder, loc, offset);
  });
}

/// The load's region as a tensor: a dense buffer filled from `binding`.
Value lowerLoad(OpBuilder &builder, Location loc, const KernelTensor &binding,
                const ViewRegion &region, RankedTensorType valueType) {
  RankedTensorType dense = denseTypeOf(valueType);
  Value typed;
  if (canUseRegionTransfer(binding, region)) {
    auto [bytes, view] = allocateDenseBytes(builder, loc, dense, region.sizes);
    KernelTensor denseSide = makeKernelTensor(bytes, dense, region.sizes);
    // The kernel reads the buffer next: ordinary stores keep it in cache.
    BuiltinKernelOptions options;
    options.nonTemporalStoreBytes = 0;
    buildRegionTransfer(
        builder, loc, options, makeSide(builder, denseSide),
        makeSide(builder, binding,
                 offsetValues(builder, loc, region.offsets)),
        Value(), region.sizes);
    typed = view;
  } else {
    typed = memref::AllocOp::create(
        builder, loc, MemRefType::get(dense.getShape(), dense.getElementType()),
        dynamicSizes(builder, loc, dense, region.sizes));
    SmallVector<Value> ivs;
    buildLoopNest(builder, loc, region.sizes, ivs,
                  [&](OpBuilder &b, ArrayRef<Value> at) {
                    Value element = loadElement(
                        b, loc, binding, regionIndices(b, loc, region, at));
                    memref::StoreOp::create(b, loc, element, typed, at);
                  });
  }
  // restrict: nothing else reads or writes this fresh buffer through
  // another tensor.
  return bufferization::ToTensorOp::create(builder, loc, dense, typed,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

/// Stores `value` into the region of `binding` through a dense buffer.
void lowerStore(OpBuilder &builder, Location loc, const KernelTensor &binding,
                const ViewRegion &region, Value value,
                int64_t nonTemporalStoreBytes) {
  auto dense = denseTypeOf(cast<RankedTensorType>(value.getType()));
  auto materialize = [&](Value typed) {
    // Bufferization writes the value there (in place where its producer
    // can, after empty-tensor elimination).
    bufferization::MaterializeInDestinationOp::create(
        builder, loc, Type(), value, typed, builder.getUnitAttr(),
        builder.getUnitAttr());
  };
  if (canUseRegionTransfer(binding, region)) {
    auto [bytes, view] = allocateDenseBytes(builder, loc, dense, region.sizes);
    materialize(view);
    KernelTensor denseSide = makeKernelTensor(bytes, dense, region.sizes);
    BuiltinKernelOptions options;
    options.nonTemporalStoreBytes = nonTemporalStoreBytes;
    buildRegionTransfer(builder, loc, options,
                        makeSide(builder, binding,
                                 offsetValues(builder, loc, region.offsets)),
                        makeSide(builder, denseSide), Value(), region.sizes);
    return;
  }
  Value typed = memref::AllocOp::create(
      builder, loc, MemRefType::get(dense.getShape(), dense.getElementType()),
      dynamicSizes(builder, loc, dense, region.sizes));
  materialize(typed);
  SmallVector<Value> ivs;
  buildLoopNest(builder, loc, region.sizes, ivs,
                [&](OpBuilder &b, ArrayRef<Value> at) {
                  Value element = memref::LoadOp::create(b, loc, typed, at);
                  storeElement(b, loc, binding,
                               regionIndices(b, loc, region, at), element);
                });
}

/// Zeroes the pad slots of `binding` where its layout keeps pads zero
/// (tiled): the slots of its edge tiles past the logical dims, one element
/// at a time, and never an element. The padded index space (each tiled dim
/// rounded up to its tile) minus the logical box is walked as disjoint
/// boxes, one per tiled dim d: dims before d inside the tensor, d past it,
/// dims after d over their padded extent. A tied result keeps the elements
/// the kernel does not store (its pads are already zero); an untied one
/// gets zero pads whatever the kernel writes.
void zeroPadSlots(OpBuilder &builder, Location loc,
                  const KernelTensor &binding) {
  if (binding.layout.getPadContract() != PadContract::Zero)
    return;
  PhysicalOrder order = getPhysicalOrder(binding);
  int64_t rank = binding.type.getRank();
  SmallVector<OpFoldResult> padded;
  bool anyPad = false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t tile = order.tiles[d];
    OpFoldResult dim = binding.dims[d];
    if (tile <= 1) {
      padded.push_back(dim);
      continue;
    }
    std::optional<int64_t> known = getConstantIntValue(dim);
    if (known && *known % tile == 0) {
      padded.push_back(dim);
      continue;
    }
    anyPad = true;
    if (known) {
      padded.push_back(builder.getIndexAttr(llvm::alignTo(*known, tile)));
      continue;
    }
    Value t = arith::ConstantIndexOp::create(builder, loc, tile);
    padded.push_back(
        arith::MulIOp::create(
            builder, loc,
            arith::CeilDivUIOp::create(
                builder, loc,
                getValueOrCreateConstantIndexOp(builder, loc, dim), t),
            t)
            .getResult());
  }
  if (!anyPad && !binding.width.isPacked())
    return;
  Value zero = arith::ConstantOp::create(
      builder, loc, builder.getZeroAttr(binding.storageType));
  for (int64_t d = 0; anyPad && d < rank; ++d) {
    if (padded[d] == binding.dims[d])
      continue;
    SmallVector<OpFoldResult> sizes;
    for (int64_t j = 0; j < rank; ++j) {
      if (j < d)
        sizes.push_back(binding.dims[j]);
      else if (j > d)
        sizes.push_back(padded[j]);
      else
        sizes.push_back(
            arith::SubIOp::create(
                builder, loc,
                getValueOrCreateConstantIndexOp(builder, loc, padded[d]),
                getValueOrCreateConstantIndexOp(builder, loc,
                                                binding.dims[d]))
                .getResult());
    }
    SmallVector<Value> ivs;
    buildLoopNest(builder, loc, sizes, ivs,
                  [&](OpBuilder &b, ArrayRef<Value> at) {
                    SmallVector<OpFoldResult> indices(at.begin(), at.end());
                    indices[d] =
                        arith::AddIOp::create(
                            b, loc, at[d],
                            getValueOrCreateConstantIndexOp(b, loc,
                                                            binding.dims[d]))
                            .getResult();
                    storeElement(b, loc, binding, indices, zero);
                  });
  }
  if (!binding.width.isPacked())
    return;
  // Packed slots may end inside the storage's last byte: its bits past the
  // last slot (padded dims' product) are pads too.
  Value slots = arith::ConstantIndexOp::create(builder, loc, 1);
  for (OpFoldResult extent : padded)
    slots = arith::MulIOp::create(
        builder, loc, slots,
        getValueOrCreateConstantIndexOp(builder, loc, extent));
  Value bytes = getValueOrCreateConstantIndexOp(
      builder, loc,
      binding.layout.buildStorageSizeInBytes(builder, loc, binding.dims,
                                             binding.width));
  Value end = arith::MulIOp::create(
      builder, loc, bytes,
      arith::ConstantIndexOp::create(builder, loc,
                                     binding.width.slotsPerByte()));
  Value zeroBits =
      arith::ConstantOp::create(builder, loc, builder.getI8IntegerAttr(0));
  scf::ForOp::create(
      builder, loc, slots, end, arith::ConstantIndexOp::create(builder, loc, 1),
      ValueRange(), [&](OpBuilder &b, Location l, Value slot, ValueRange) {
        PackedPlace place = buildPackedPlace(b, l, slot, binding.width);
        Value byte = memref::LoadOp::create(b, l, binding.buffer,
                                            ValueRange{place.byteOffset});
        memref::StoreOp::create(
            b, l,
            insertPackedBits(b, l, byte, place.shift, zeroBits,
                             binding.width.bits),
            binding.buffer, ValueRange{place.byteOffset});
        scf::YieldOp::create(b, l);
      });
}

/// One logical view with all its loads and stores.
struct LowerDispatchTensorView : OpRewritePattern<BindingSubspanOp> {
  LowerDispatchTensorView(MLIRContext *context,
                          DispatchTensorLoweringStats &stats,
                          int64_t nonTemporalStoreBytes)
      : OpRewritePattern(context), stats(stats),
        nonTemporalStoreBytes(nonTemporalStoreBytes) {}

  LogicalResult matchAndRewrite(BindingSubspanOp subspan,
                                PatternRewriter &rewriter) const override {
    DispatchTensorType view = subspan.getDispatchTensorType();
    if (!view)
      return rewriter.notifyMatchFailure(subspan, "a byte view");
    RankedTensorType type = view.getBoundType();
    if (!getPhysicalLayout(type))
      return rewriter.notifyMatchFailure(
          subspan, "the view's type has no unique physical layout");
    if (!isStorableElementType(type.getElementType()))
      return rewriter.notifyMatchFailure(subspan,
                                         "elements kernels cannot move");
    for (Operation *user : subspan->getUsers())
      if (!isa<DispatchTensorLoadOp, DispatchTensorStoreOp>(user))
        return rewriter.notifyMatchFailure(
            subspan, "a use other than dispatch.tensor.load and store");

    Location loc = subspan.getLoc();
    rewriter.setInsertionPointAfter(subspan);
    auto byteType =
        MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type());
    Value bytes = BindingSubspanOp::create(
        rewriter, loc, byteType, subspan.getBinding(), subspan.getByteOffset(),
        subspan.getTensorTypeAttr(), subspan.getTensorDims());
    KernelTensor binding = makeKernelTensor(
        bytes, type, getMixedDims(rewriter, type, subspan.getTensorDims()));
    // A kernel's untied results start as fresh memory: their pads must be
    // zero when the layout says so. The kernel does not know which of its
    // writable views are those results, so it zeroes the pads of each, and
    // only the pads: a tied result keeps every element it does not store.
    if (view.getAccess() != TensorAccess::ReadOnly)
      zeroPadSlots(rewriter, loc, binding);

    for (Operation *user : llvm::make_early_inc_range(subspan->getUsers())) {
      rewriter.setInsertionPoint(user);
      if (auto load = dyn_cast<DispatchTensorLoadOp>(user)) {
        ViewRegion region{load.getMixedOffsets(), load.getMixedSizes(),
                          load.getMixedStrides()};
        Value value = lowerLoad(rewriter, load.getLoc(), binding, region,
                                load.getType());
        rewriter.replaceOp(load, value);
        ++stats.loads;
        continue;
      }
      auto store = cast<DispatchTensorStoreOp>(user);
      ViewRegion region{store.getMixedOffsets(), store.getMixedSizes(),
                        store.getMixedStrides()};
      lowerStore(rewriter, store.getLoc(), binding, region, store.getValue(),
                 nonTemporalStoreBytes);
      rewriter.eraseOp(store);
      ++stats.stores;
    }
    rewriter.eraseOp(subspan);
    return success();
  }

  DispatchTensorLoweringStats &stats;
  int64_t nonTemporalStoreBytes;
};

} // namespace

void populateLowerDispatchTensorsPatterns(RewritePatternSet &patterns,
                                          DispatchTensorLoweringStats &stats,
                                          int64_t nonTemporalStoreBytes) {
  patterns.add<LowerDispatchTensorView>(patterns.getContext(), stats,
                                        nonTemporalStoreBytes);
}

LogicalResult lowerDispatchTensors(Operation *root,
                                   const FrozenRewritePatternSet &patterns) {
  // IREE's form repeats the view's encoding on the loaded and stored
  // tensors. Kernels compute on logical values: such a load gives its
  // tensor without the encoding when only stores use it (which accept
  // either); anything else computing on encoded values is refused.
  bool failedNormalization = false;
  root->walk([&](DispatchTensorLoadOp load) {
    RankedTensorType type = load.getType();
    if (!type.getEncoding())
      return;
    if (!llvm::all_of(load->getUsers(), [](Operation *user) {
          return isa<DispatchTensorStoreOp>(user);
        })) {
      load.emitOpError()
          << "loads a tensor with an encoding that other ops compute on; "
             "kernels compute on logical values: load "
          << type.dropEncoding();
      failedNormalization = true;
      return;
    }
    load.getResult().setType(type.dropEncoding());
  });
  root->walk([&](DispatchTensorStoreOp store) {
    auto type = cast<RankedTensorType>(store.getValue().getType());
    if (!type.getEncoding())
      return;
    store.emitOpError() << "stores a tensor with an encoding computed by "
                           "another op; kernels compute on logical values: "
                           "store "
                        << type.dropEncoding();
    failedNormalization = true;
  });
  if (failedNormalization)
    return failure();

  // Each view is rewritten with its users at once: the greedy driver's
  // folding and dead-code removal are not wanted here.
  SmallVector<BindingSubspanOp> views;
  root->walk([&](BindingSubspanOp subspan) {
    if (subspan.getDispatchTensorType())
      views.push_back(subspan);
  });
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  config.enableFolding(false);
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  SmallVector<Operation *> ops(views.begin(), views.end());
  (void)applyOpPatternsGreedily(ops, patterns, config);

  // What is left could not be lowered: say why.
  WalkResult walk = root->walk([](Operation *op) {
    auto subspan = dyn_cast<BindingSubspanOp>(op);
    if (subspan && subspan.getDispatchTensorType()) {
      RankedTensorType type = subspan.getTensorType();
      InFlightDiagnostic diag = subspan.emitOpError();
      if (!getPhysicalLayout(type))
        diag << "cannot lower a view of " << type
             << ": its layout is not one physical layout (unresolved, or "
                "several targets' layouts that differ)";
      else if (!isStorableElementType(type.getElementType()))
        diag << "cannot lower a view of " << type
             << ": kernels cannot move its elements";
      else
        diag << "cannot lower a view used by ops other than "
                "stream_lite.dispatch.tensor.load and "
                "stream_lite.dispatch.tensor.store";
      return WalkResult::interrupt();
    }
    if (isa<DispatchTensorLoadOp, DispatchTensorStoreOp>(op)) {
      op->emitOpError() << "accesses a view that is not a binding.subspan "
                           "of the kernel";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

} // namespace layoutopt::stream_lite
