//===- DeallocateBuffers.cpp - static buffer deallocation -----------------===//
//
// --stream-lite-deallocate-buffers: frees each `memref.alloc` of a function
// after its last use. The host program that convert-async-to-memref makes
// copies on write, so who owns a buffer is known at compile time; upstream's
// ownership-based deallocation tracks ownership at run time instead (flags
// through every branch and loop, a helper comparing every pair of freed
// pointers at the end of each function) and, with its simplification and
// lowering, took a quarter of the to-llvm pipeline.
//
// Each block is processed once with the owned buffers in scope there (its
// own allocations, its owned block arguments, and buffers moved into its
// region). Uses are gathered per owned buffer through its aliases, so the
// work is linear in the uses, times the nesting depth for moved buffers.
// All order comparisons of a block happen before anything is inserted into
// it: an insertion can invalidate the block's op numbering.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_DEALLOCATEBUFFERSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

bool isBuffer(Value value) { return isa<BaseMemRefType>(value.getType()); }

/// Buffer results the function owns once the op ran: fresh allocations,
/// call results (callees return owned buffers) and the results of
/// structured control flow (every value passed to them is owned, below).
bool producesOwnedBuffers(Operation *op) {
  return isa<memref::AllocOp, CallOpInterface, RegionBranchOpInterface>(op);
}

/// Buffers the function never frees: stack memory and globals.
bool producesUnownedBuffers(Operation *op) {
  return isa<memref::AllocaOp, memref::GetGlobalOp>(op);
}

/// Whether terminator `op` passes its buffer operands on: to the parent
/// region op's results or another of its regions, or to the caller.
bool forwardsBuffers(Operation *op) {
  Operation *parent = op->getParentOp();
  if (isa<FunctionOpInterface>(parent))
    return op->hasTrait<mlir::OpTrait::ReturnLike>();
  return isa<RegionBranchOpInterface>(parent) &&
         (isa<RegionBranchTerminatorOpInterface>(op) ||
          op->hasTrait<mlir::OpTrait::ReturnLike>());
}

/// The ops whose buffer operands this pass passes on, by ownership or as a
/// copy: region-op entry operands (loop initial values) and the operands
/// of forwarding terminators.
bool passesBuffersOn(Operation *op) {
  if (op->hasTrait<mlir::OpTrait::IsTerminator>())
    return forwardsBuffers(op);
  return isa<RegionBranchOpInterface>(op);
}

LogicalResult checkSupported(func::FuncOp func) {
  WalkResult walk = func.walk([&](Operation *op) -> WalkResult {
    for (Region &region : op->getRegions())
      if (!region.empty() && !region.hasOneBlock())
        return op->emitOpError()
               << "has a region with more than one block: buffers are freed "
                  "in structured control flow only (run --lift-cf-to-scf "
                  "first)";
    if (isa<memref::DeallocOp>(op))
      return op->emitOpError()
             << "frees a buffer: the function's buffers must not be freed "
                "before --stream-lite-deallocate-buffers";
    if (op != func.getOperation() && !isa<RegionBranchOpInterface>(op))
      for (Region &region : op->getRegions())
        if (llvm::any_of(region.getArguments(), isBuffer))
          return op->emitOpError()
                 << "has a buffer block argument, which only structured "
                    "control flow ops may have here";
    bool ownedOrUnowned =
        producesOwnedBuffers(op) || producesUnownedBuffers(op);
    for (Value result : op->getResults()) {
      if (!isBuffer(result) || ownedOrUnowned || isa<ViewLikeOpInterface>(op))
        continue;
      if (op->getNumRegions() != 0)
        return op->emitOpError()
               << "returns a buffer from a region op that is not structured "
                  "control flow";
      if (hasEffect<MemoryEffects::Allocate>(op, result))
        return op->emitOpError()
               << "allocates a buffer; only memref.alloc buffers are freed";
    }
    if (op->hasTrait<mlir::OpTrait::IsTerminator>() &&
        llvm::any_of(op->getOperands(), isBuffer) && !forwardsBuffers(op))
      return op->emitOpError() << "passes a buffer on to a region op this "
                                  "pass does not know";
    if (passesBuffersOn(op))
      for (Value operand : op->getOperands())
        if (auto type = dyn_cast<BaseMemRefType>(operand.getType())) {
          auto memref = dyn_cast<MemRefType>(type);
          if (!memref || !memref.getLayout().isIdentity())
            return op->emitOpError()
                   << "passes on a buffer of type " << type
                   << ", which has no identity layout to copy it with";
        }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// Whether each run of `op` runs exactly one of its regions, once (scf.if
/// with an else region, scf.index_switch, scf.execute_region): a buffer
/// moved into all of its regions is then freed or passed on exactly once.
bool runsOneRegionOnce(RegionBranchOpInterface op) {
  auto toParent = [](const RegionSuccessor &successor) {
    return successor.isParent();
  };
  SmallVector<RegionSuccessor> successors;
  op.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  if (successors.empty() || llvm::any_of(successors, toParent))
    return false;
  for (Region &region : op->getRegions()) {
    if (region.empty())
      return false;
    successors.clear();
    op.getSuccessorRegions(region, successors);
    if (!llvm::all_of(successors, toParent))
      return false;
  }
  return true;
}

/// Every use of an owned buffer, through its aliases (views, casts and any
/// other result computed from it that is not itself owned).
void collectUses(Value buffer, SmallVectorImpl<OpOperand *> &uses) {
  SmallVector<Value> worklist{buffer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      uses.push_back(&use);
      Operation *user = use.getOwner();
      if (producesOwnedBuffers(user) ||
          user->hasTrait<mlir::OpTrait::IsTerminator>())
        continue;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user))
        if (view.getViewSource() != value)
          continue;
      for (Value result : user->getResults())
        if (isBuffer(result))
          worklist.push_back(result);
    }
  }
}

/// The length two values that flow into one buffer agree on (see
/// getKnownLength: a null Value constrains nothing).
std::optional<Value> getCommonLength(std::optional<Value> a,
                                     std::optional<Value> b) {
  if (!a || !b)
    return std::nullopt;
  if (!*a)
    return b;
  if (!*b || *a == *b)
    return a;
  return std::nullopt;
}

/// The byte count a 1-D buffer holds when the IR shows it: its
/// allocation's size, for an scf.if result the count every branch's value
/// holds, for a buffer a loop carries the count that both its initial and
/// its next value hold. std::nullopt when unknown; a null
/// Value inside a cycle through the loop (no constraint from there).
std::optional<Value> getKnownLength(Value buffer,
                                    llvm::SmallPtrSetImpl<void *> &visiting) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || type.getRank() != 1 || !type.isDynamicDim(0))
    return std::nullopt;
  if (auto alloc = buffer.getDefiningOp<memref::AllocOp>())
    return alloc.getDynamicSizes().front();
  // A branch's result: the count every branch's value holds.
  if (auto branch = buffer.getDefiningOp<scf::IfOp>()) {
    if (branch.getElseRegion().empty())
      return std::nullopt;
    unsigned index = cast<OpResult>(buffer).getResultNumber();
    return getCommonLength(
        getKnownLength(branch.thenYield().getOperand(index), visiting),
        getKnownLength(branch.elseYield().getOperand(index), visiting));
  }
  auto arg = dyn_cast<BlockArgument>(buffer);
  auto loop = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                  : scf::ForOp();
  if (!loop || arg == loop.getInductionVar())
    return std::nullopt;
  if (!visiting.insert(buffer.getAsOpaquePointer()).second)
    return Value();
  std::optional<Value> length = getCommonLength(
      getKnownLength(loop.getTiedLoopInit(arg)->get(), visiting),
      getKnownLength(loop.getTiedLoopYieldedValue(arg)->get(), visiting));
  visiting.erase(buffer.getAsOpaquePointer());
  return length;
}

/// `buffer` itself when `source` is it or a view of all of it (byte shift
/// 0, its known length), else null.
Value getWholeBuffer(Value source, Value buffer) {
  if (source == buffer)
    return buffer;
  auto view = source.getDefiningOp<memref::ViewOp>();
  if (!view || view.getSource() != buffer || view.getType() != buffer.getType() ||
      !isZeroInteger(view.getByteShift()) || view.getSizes().size() != 1 ||
      !view->hasOneUse())
    return Value();
  llvm::SmallPtrSet<void *, 4> visiting;
  std::optional<Value> length = getKnownLength(buffer, visiting);
  if (!length || !*length || *length != view.getSizes().front())
    return Value();
  return buffer;
}

/// A fresh copy of `buffer`, owned by whoever receives it.
Value copyBuffer(OpBuilder &builder, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<Value> dynamicSizes;
  // The sizes an allocation or view was made with, rather than dims to
  // fold later.
  if (auto alloc = buffer.getDefiningOp<memref::AllocOp>())
    llvm::append_range(dynamicSizes, alloc.getDynamicSizes());
  else if (auto view = buffer.getDefiningOp<memref::ViewOp>())
    llvm::append_range(dynamicSizes, view.getSizes());
  else
    for (int64_t i = 0, e = type.getRank(); i < e; ++i)
      if (type.isDynamicDim(i))
        dynamicSizes.push_back(memref::DimOp::create(builder, loc, buffer, i));
  Value copy = memref::AllocOp::create(builder, loc, type, dynamicSizes);
  memref::CopyOp::create(builder, loc, buffer, copy);
  return copy;
}

/// Gives each use of a poison buffer its own empty allocation (dynamic
/// dims 0). --lift-cf-to-scf passes poison for block arguments a path does
/// not define; as a value every receiver owns and frees, it must be a
/// pointer free accepts, and an allocation per use moves to its user
/// instead of being copied.
bool replacePoisonBuffers(func::FuncOp func) {
  SmallVector<ub::PoisonOp> poisons;
  func.walk([&](ub::PoisonOp op) {
    if (isa<MemRefType>(op.getType()))
      poisons.push_back(op);
  });
  OpBuilder builder(func.getContext());
  for (ub::PoisonOp poison : poisons) {
    auto type = cast<MemRefType>(poison.getType());
    for (OpOperand &use : llvm::make_early_inc_range(poison->getUses())) {
      builder.setInsertionPoint(use.getOwner());
      Value zero = arith::ConstantIndexOp::create(builder, poison.getLoc(), 0);
      SmallVector<Value> dynamicSizes(type.getNumDynamicDims(), zero);
      use.set(memref::AllocOp::create(builder, poison.getLoc(), type,
                                      dynamicSizes));
    }
    poison.erase();
  }
  return !poisons.empty();
}

class BufferDeallocator {
public:
  void processBlock(Block &block, ArrayRef<Value> movedIn);

  BufferDeallocationCounts counts;

private:
  struct OwnedBuffer {
    Value value;
    SmallVector<OpOperand *> uses;
    // The op of the block holding the last use; null when unused.
    Operation *lastUse = nullptr;
  };

  /// The uses of each owned buffer and the op of `block` with its last use.
  void analyze(Block &block, MutableArrayRef<OwnedBuffer> owned);
};

void BufferDeallocator::analyze(Block &block,
                                MutableArrayRef<OwnedBuffer> owned) {
  for (OwnedBuffer &buffer : owned) {
    buffer.uses.clear();
    buffer.lastUse = nullptr;
    collectUses(buffer.value, buffer.uses);
    for (OpOperand *use : buffer.uses) {
      // Uses in other blocks belong to other branches of the region op the
      // buffer moved into.
      Operation *op = block.findAncestorOpInBlock(*use->getOwner());
      if (op && (!buffer.lastUse || buffer.lastUse->isBeforeInBlock(op)))
        buffer.lastUse = op;
    }
  }
}

void BufferDeallocator::processBlock(Block &block, ArrayRef<Value> movedIn) {
  SmallVector<OwnedBuffer> owned;
  for (Value value : movedIn)
    owned.push_back({value, {}, nullptr});
  if (isa<RegionBranchOpInterface>(block.getParentOp()))
    for (BlockArgument arg : block.getArguments())
      if (isBuffer(arg))
        owned.push_back({arg, {}, nullptr});
  SmallVector<Operation *> regionOps;
  for (Operation &op : block) {
    if (producesOwnedBuffers(&op))
      for (Value result : op.getResults())
        if (isBuffer(result))
          owned.push_back({result, {}, nullptr});
    if (op.getNumRegions() != 0)
      regionOps.push_back(&op);
  }
  analyze(block, owned);

  // Which passed-on operands move with ownership; the others are copied.
  DenseMap<Value, OwnedBuffer *> ownedByValue;
  for (OwnedBuffer &buffer : owned)
    ownedByValue[buffer.value] = &buffer;
  DenseSet<Value> moved;
  SmallVector<OpOperand *> toCopy;
  auto passOn = [&](OpOperand &operand) {
    Operation *receiver = operand.getOwner();
    auto it = ownedByValue.find(operand.get());
    bool movable = it != ownedByValue.end() &&
                   it->second->lastUse == receiver &&
                   !moved.contains(operand.get());
    // A region op must not see the buffer anywhere else: its regions run
    // after ownership passed to them (and may free it).
    if (movable && !receiver->hasTrait<mlir::OpTrait::IsTerminator>())
      movable = llvm::all_of(it->second->uses, [&](OpOperand *use) {
        return use == &operand ||
               block.findAncestorOpInBlock(*use->getOwner()) != receiver;
      });
    if (movable)
      moved.insert(operand.get());
    else
      toCopy.push_back(&operand);
  };
  for (Operation &op : block)
    if (passesBuffersOn(&op))
      for (OpOperand &operand : op.getOpOperands())
        if (isBuffer(operand.get()))
          passOn(operand);

  // Buffers whose last use is a region op without loops move into each of
  // its regions (one branch may pass the buffer on).
  DenseMap<Region *, SmallVector<Value>> movedInto;
  SmallVector<Value> toFree;
  SmallVector<Operation *> freeAfter; // null: at the definition
  for (OwnedBuffer &buffer : owned) {
    if (moved.contains(buffer.value))
      continue;
    Operation *last = buffer.lastUse;
    auto branch = dyn_cast_if_present<RegionBranchOpInterface>(last);
    bool intoRegions =
        branch && runsOneRegionOnce(branch) &&
        llvm::none_of(buffer.uses, [&](OpOperand *use) {
          return use->getOwner() == last;
        });
    if (intoRegions) {
      for (Region &region : last->getRegions())
        movedInto[&region].push_back(buffer.value);
      continue;
    }
    toFree.push_back(buffer.value);
    freeAfter.push_back(last);
  }

  // Insertions from here on: no more order queries in this block.
  OpBuilder builder(block.getParentOp()->getContext());
  for (OpOperand *operand : toCopy) {
    builder.setInsertionPoint(operand->getOwner());
    operand->set(
        copyBuffer(builder, operand->getOwner()->getLoc(), operand->get()));
    ++counts.copies;
  }
  // A copy reads its source: a buffer copied here lives until the copy.
  if (!toCopy.empty()) {
    SmallVector<OwnedBuffer> freed;
    for (Value value : toFree)
      freed.push_back({value, {}, nullptr});
    analyze(block, freed);
    for (auto [index, buffer] : llvm::enumerate(freed))
      freeAfter[index] = buffer.lastUse;
  }
  // A buffer whose last use copies it whole into a fresh buffer is that
  // buffer: the copy, the new allocation and the free go (a transfer or
  // clone of a value nothing reads afterwards, a loop-carried clone).
  SmallVector<memref::CopyOp> elidedCopies(toFree.size());
  for (auto [index, value, last] : llvm::enumerate(toFree, freeAfter)) {
    auto copy = dyn_cast_if_present<memref::CopyOp>(last);
    // The source may be a view of all of the buffer (what the conversion
    // makes of a loop-carried buffer it cannot see the size of).
    if (!copy || !getWholeBuffer(copy.getSource(), value) ||
        copy.getTarget().getType() != value.getType())
      continue;
    auto alloc = copy.getTarget().getDefiningOp<memref::AllocOp>();
    if (!alloc || alloc->getBlock() != &block)
      continue;
    // Nothing may touch the new buffer before the copy fills it, and it
    // must be used after (where a buffer freed at the copy would be freed).
    SmallVector<OpOperand *> targetUses;
    collectUses(alloc.getResult(), targetUses);
    bool usedAfter = false, onlyAfter = true;
    for (OpOperand *use : targetUses) {
      Operation *op = block.findAncestorOpInBlock(*use->getOwner());
      if (op == copy)
        continue;
      usedAfter = true;
      onlyAfter &= op && copy->isBeforeInBlock(op);
    }
    if (usedAfter && onlyAfter)
      elidedCopies[index] = copy;
  }
  DenseMap<Value, Value> replacedBy;
  auto current = [&](Value value) {
    for (auto it = replacedBy.find(value); it != replacedBy.end();
         it = replacedBy.find(value))
      value = it->second;
    return value;
  };
  for (memref::CopyOp copy : elidedCopies) {
    if (!copy)
      continue;
    Value source = copy.getSource(), target = copy.getTarget();
    Operation *alloc = target.getDefiningOp();
    auto wholeView = source.getDefiningOp<memref::ViewOp>();
    if (wholeView)
      source = wholeView.getSource();
    copy.erase();
    if (wholeView)
      wholeView.erase();
    target.replaceAllUsesWith(source);
    alloc->erase();
    replacedBy[target] = source;
    ++counts.elidedCopies;
  }

  for (auto [freed, last, elided] :
       llvm::zip(toFree, freeAfter, elidedCopies)) {
    if (elided)
      continue;
    Value value = current(freed);
    if (last) {
      assert(!last->hasTrait<mlir::OpTrait::IsTerminator>() &&
             "terminators pass their buffers on, by move or copy");
      builder.setInsertionPointAfter(last);
    } else if (Operation *def = value.getDefiningOp();
               def && def->getBlock() == &block) {
      builder.setInsertionPointAfter(def);
    } else {
      builder.setInsertionPointToStart(&block);
    }
    memref::DeallocOp::create(builder, value.getLoc(), value);
    ++counts.deallocs;
  }

  for (Operation *op : regionOps)
    for (Region &region : op->getRegions())
      if (!region.empty())
        processBlock(region.front(),
                     llvm::map_to_vector(movedInto.lookup(&region), current));
}

struct DeallocateBuffersPass
    : layoutopt::stream_lite::impl::DeallocateBuffersPassBase<DeallocateBuffersPass> {
  void runOnOperation() override {
    if (getOperation().isExternal())
      return;
    FailureOr<BufferDeallocationCounts> counts =
        deallocateBuffers(getOperation());
    if (failed(counts))
      return signalPassFailure();
    // A function without buffers (most kernels) is unchanged: the pass
    // manager then skips verifying it again.
    if (counts->deallocs == 0 && counts->copies == 0 &&
        counts->elidedCopies == 0 && !counts->changed)
      markAllAnalysesPreserved();
    reportPassStatistics(getOperation(), getArgument(),
                         {{&numDeallocs, "buffers-freed", counts->deallocs},
                          {&numCopies, "buffers-copied", counts->copies},
                          {&numElidedCopies, "copies-elided",
                           counts->elidedCopies}});
  }
};

} // namespace

namespace layoutopt::stream_lite {

FailureOr<BufferDeallocationCounts> deallocateBuffers(func::FuncOp func) {
  if (func.isExternal())
    return BufferDeallocationCounts();
  if (failed(checkSupported(func)))
    return failure();
  bool replacedPoison = replacePoisonBuffers(func);
  BufferDeallocator deallocator;
  deallocator.counts.changed = replacedPoison;
  deallocator.processBlock(func.getBody().front(), {});
  return deallocator.counts;
}

} // namespace layoutopt::stream_lite
