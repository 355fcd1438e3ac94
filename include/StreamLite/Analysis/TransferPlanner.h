//===- TransferPlanner.h - DMA or dispatch for transfer ops -----*- C++ -*-===//
//
// Decides, for every transfer op (TransferOpInterface: clone, encode, slice,
// update, fill, splat), whether the op can be one memcpy/memset of a
// contiguous byte range per tensor (see
// docs/passes.md, DMA or dispatch) and explains the decision. The decision looks at the exact byte
// image of the op's region in each tensor through PhysicalLayoutAttrInterface
// (getPhysicalDims), so it never repeats layout arithmetic; the byte offsets
// and lengths of a DMA plan are expressed as a logical start index plus an
// element count, which lowering turns into bytes with the same interface.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_TRANSFERPLANNER_H
#define STREAMLITE_ANALYSIS_TRANSFERPLANNER_H

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include <string>

namespace layoutopt::stream_lite {

/// Steps of one physical dim of a layout, for byte ranges whose length
/// depends on dynamic dims. One step is as many bytes as the byte offset of
/// the element `stepElements` along logical dim `dim` (all other indices 0),
/// so lowering asks the layout for it at run time. The number of steps is
/// `count / divisor` (exact, or rounded up when `roundUp`): the region's
/// length along `dim`, in elements or in whole tiles.
struct PhysicalSteps {
  int64_t dim = 0;
  int64_t stepElements = 1;
  mlir::OpFoldResult count;
  int64_t divisor = 1;
  bool roundUp = false;
};

/// One contiguous byte range of a tensor: it starts at the byte offset of
/// logical element `start` and spans `elements` element slots (pads
/// included), `steps` of a physical dim, or the whole storage.
struct ByteSpan {
  bool wholeStorage = false;
  llvm::SmallVector<mlir::OpFoldResult> start;
  /// Element slots; the span's bytes are their product times the element
  /// byte width (unless `steps` is set).
  llvm::SmallVector<mlir::OpFoldResult> elementFactors;
  /// Set for regions proven contiguous for every value of their dynamic
  /// dims and offsets: the span's bytes are these steps.
  std::optional<PhysicalSteps> steps;
};

struct TransferPlan {
  enum class Kind {
    /// Stays as is: one copy per operand range (clone, slice, update).
    Copy,
    /// Stays as is: one memset of `target` with a `fillBits`-wide pattern.
    Fill,
    /// encode between physically equal layouts: becomes a clone.
    FoldToClone,
    /// Becomes a builtin dispatch.
    Dispatch,
  };
  Kind kind = Kind::Dispatch;
  /// Why: for DMA, what is moved ("one 64-byte copy: ..."); for a dispatch,
  /// what prevents DMA ("dim 1 region [1, 4) cuts 4-wide tiles").
  std::string explanation;
  std::optional<ByteSpan> source;
  std::optional<ByteSpan> target;
  /// Fill: memset pattern width in bits and value.
  unsigned fillBits = 0;
  std::optional<llvm::APInt> fillPattern;
  /// The op cannot be executed at all (its bytes have no single layout):
  /// `explanation` is the error.
  bool isError = false;
};

/// The fill widths of the device that runs `op` (the first device of its
/// affinity), or the default [8, 16, 32].
llvm::SmallVector<int64_t> getNativeFillBits(mlir::Operation *op,
                                             mlir::SymbolTableCollection &symbols);

/// Plans transfer ops. `nativeFillBits` are the fill widths of the device
/// that runs the op (its `native_fill_bits`).
/// Plans of fills of static regions (constant shape, offsets and lengths),
/// keyed by everything such a plan depends on. A module fills and splats
/// the same few static regions of the same few types again and again, and
/// planning one costs thousands of instructions; a pass keeps one cache
/// for its run (it is not thread-safe).
class FillPlanCache {
public:
  const TransferPlan *lookup(llvm::StringRef key) const {
    auto it = plans.find(key);
    return it == plans.end() ? nullptr : &it->second;
  }
  void insert(llvm::StringRef key, const TransferPlan &plan) {
    plans.try_emplace(key, plan);
  }

private:
  llvm::StringMap<TransferPlan> plans;
};

class TransferPlanner {
public:
  /// With `explainDMA` false, DMA plans carry no explanation (formatting it
  /// is a good part of planning); dispatches and errors still do. With
  /// `fillPlans`, fills of static regions are planned once per key.
  explicit TransferPlanner(bool explainDMA = true,
                           FillPlanCache *fillPlans = nullptr)
      : explainDMA(explainDMA), fillPlans(fillPlans) {}

  /// Plans transfer op `op` from what its interface says (mode, regions,
  /// fill value). `symbols` answers the device lookup of a fill's native
  /// widths (getNativeFillBits), made only for fills.
  TransferPlan plan(TransferOpInterface op,
                    mlir::SymbolTableCollection &symbols);
  /// The same, with the op's source and target already asked for (a
  /// caller that lowers the op needs them too).
  TransferPlan plan(TransferOpInterface op,
                    const std::optional<TransferTensor> &source,
                    const TransferTensor &target,
                    mlir::SymbolTableCollection &symbols);

  /// The core decisions, on regions (exposed for tests).
  TransferPlan planCopy(const TensorRegion &source, const TensorRegion &target);
  /// `pattern` is the element value's bits when constant.
  TransferPlan planFillRegion(const TensorRegion &target,
                              std::optional<llvm::APInt> pattern,
                              unsigned elementBits,
                              llvm::ArrayRef<int64_t> nativeFillBits);

private:
  TransferPlan planRelayout(const TensorRegion &source,
                            const TensorRegion &result);

  bool explainDMA;
  FillPlanCache *fillPlans;
};

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_TRANSFERPLANNER_H
