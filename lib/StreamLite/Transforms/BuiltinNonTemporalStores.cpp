//===- BuiltinNonTemporalStores.cpp - stores past the cache in kernels ----===//
//
// NonTemporalStores (BuiltinKernelSupport.h): which vector stores of a
// builtin kernel's region transfer are non-temporal
// (BuiltinKernelOptions::nonTemporalStoreBytes), decided when the kernel is
// built or, for a region of dynamic size, once per run, and the fences that
// order them.
//
//===----------------------------------------------------------------------===//

#include "BuiltinKernelSupport.h"

#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;

namespace layoutopt::stream_lite::detail {

NonTemporalStores::NonTemporalStores(OpBuilder &builder, Location loc,
                                     int64_t thresholdBytes,
                                     const KernelTensor &dst,
                                     ArrayRef<OpFoldResult> lengths,
                                     bool wholeLinesOnly)
    : b(builder), loc(loc), wholeLinesOnly(wholeLinesOnly) {
  if (thresholdBytes <= 0)
    return;
  IndexArith math(b, loc, kInBoundsIndexFlags);
  // Elements that make thresholdBytes: the comparison is on elements,
  // whose count fits in an index where bytes need not.
  int64_t slots = dst.width.slotsPerByte();
  int64_t minElements =
      !dst.width.isPacked()
          ? llvm::divideCeil(thresholdBytes, dst.elementBytes)
      : thresholdBytes > std::numeric_limits<int64_t>::max() / slots
          ? std::numeric_limits<int64_t>::max()
          : thresholdBytes * slots;
  OpFoldResult elements = math.constant(1);
  for (OpFoldResult length : lengths)
    elements = math.mul(elements, length);
  if (std::optional<int64_t> known = IndexArith::known(elements)) {
    always = *known >= minElements;
    return;
  }
  atRunTime = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                    math.value(elements),
                                    math.value(math.constant(minElements)));
}

void NonTemporalStores::choose(function_ref<void()> buildNonTemporal,
                               function_ref<void()> buildOrdinary) {
  stored = true;
  // Inside a branch of an earlier choice (a joined move that falls back
  // to smaller ones), that branch's store.
  if (always || inside == Branch::NonTemporal) {
    buildNonTemporal();
    return;
  }
  if (inside == Branch::Ordinary) {
    buildOrdinary();
    return;
  }
  OpBuilder::InsertionGuard guard(b);
  auto ifOp = scf::IfOp::create(b, loc, atRunTime, /*withElseRegion=*/true);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  inside = Branch::NonTemporal;
  buildNonTemporal();
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  inside = Branch::Ordinary;
  buildOrdinary();
  inside = Branch::Undecided;
}

void NonTemporalStores::storeNonTemporal(Value value, Value view) {
  auto type = cast<VectorType>(value.getType());
  int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  auto build = [&](uint64_t alignment) {
    memref::StoreOp::create(b, loc, value, view, ValueRange(),
                            /*nontemporal=*/true, llvm::Align(alignment));
  };
  // A binding may start at any byte, so the store's alignment is checked
  // where it runs. Without it, x86 stores an unaligned 16-byte vector past
  // the cache as two 8-byte halves (movntsd on AMD cores): an 8x4 f32
  // relayout into tiles at 64 MiB moved 59-74% of memcpy that way and
  // 106-121% with aligned 16-byte stores under this check per store (a
  // hand-written test on a Zen 5 machine, bench/README.md). LLVM splits
  // wider vectors of alignment 16 into aligned 16-byte stores.
  constexpr int64_t kAlignedBytes = 16;
  if (bytes < kAlignedBytes || bytes % kAlignedBytes != 0) {
    build(1);
    return;
  }
  buildIfAligned(
      view, kAlignedBytes, [&] { build(kAlignedBytes); }, [&] { build(1); });
}

void NonTemporalStores::buildIfAligned(Value view, int64_t alignment,
                                       function_ref<void()> whenAligned,
                                       function_ref<void()> otherwise) {
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, view);
  Value misalignment = arith::AndIOp::create(
      b, loc, address, arith::ConstantIndexOp::create(b, loc, alignment - 1));
  Value aligned = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, misalignment,
      arith::ConstantIndexOp::create(b, loc, 0));
  OpBuilder::InsertionGuard guard(b);
  auto ifOp = scf::IfOp::create(b, loc, aligned, /*withElseRegion=*/true);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  whenAligned();
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  otherwise();
}

void NonTemporalStores::store(Value value, function_ref<Value()> makeView) {
  auto type = cast<VectorType>(value.getType());
  auto buildOrdinary = [&] {
    memref::StoreOp::create(b, loc, value, makeView(), ValueRange(),
                            /*nontemporal=*/false, llvm::Align(1));
  };
  if (!mayStore() ||
      type.getNumElements() * type.getElementTypeBitWidth() < 64) {
    buildOrdinary();
    return;
  }
  choose([&] { storeNonTemporal(value, makeView()); }, buildOrdinary);
}

void NonTemporalStores::storeWholeLine(Value value,
                                       function_ref<Value()> makeView) {
  auto type = cast<VectorType>(value.getType());
  if (!mayStoreAny() ||
      type.getNumElements() * type.getElementTypeBitWidth() != 8 * kLineBytes) {
    store(value, makeView);
    return;
  }
  auto buildOrdinary = [&](Value view) {
    memref::StoreOp::create(b, loc, value, view, ValueRange(),
                            /*nontemporal=*/false, llvm::Align(1));
  };
  // Written whole by one store, a line leaves the write-combining buffer
  // at once. A line written in parts by stores far apart (a store that
  // straddles two lines, each finished by another row's store) is what
  // made stores into several rows slow on some machines, so those stay
  // ordinary unless every store may be non-temporal.
  choose(
      [&] {
        Value view = makeView();
        buildIfAligned(
            view, kLineBytes,
            [&] {
              memref::StoreOp::create(b, loc, value, view, ValueRange(),
                                      /*nontemporal=*/true,
                                      llvm::Align(kLineBytes));
            },
            [&] {
              if (wholeLinesOnly)
                buildOrdinary(view);
              else
                storeNonTemporal(value, view);
            });
      },
      [&] { buildOrdinary(makeView()); });
}

void NonTemporalStores::buildFence() {
  if (mayStoreAny())
    fences.push_back(
        LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::seq_cst));
}

void NonTemporalStores::finish() {
  if (stored) {
    buildFence();
    return;
  }
  // Only narrower moves: no stores to order.
  for (Operation *fence : fences)
    fence->erase();
  fences.clear();
}

} // namespace layoutopt::stream_lite::detail
