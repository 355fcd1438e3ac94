//===- ResourceCreators.h - which ops create a resource ---------*- C++ -*-===//
//
// For every resource value, the set of ops that may have created its bytes
// (and so fixed its layout): empty, constant, splat, import, encode, slice
// and untied dispatch results. Ownership flows through async.transfer, clone,
// tied results (fill, update, store, tied dispatch results), scf/cf block
// arguments and region results, and calls to functions in the module. A
// value may also come from outside the visible program (an argument of a
// public function, a result of an unknown op): then `isExternal()`.
//
// Built on MLIR's sparse forward dataflow framework; run once per module.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_RESOURCECREATORS_H
#define STREAMLITE_ANALYSIS_RESOURCECREATORS_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "llvm/ADT/SetVector.h"

namespace layoutopt::stream_lite {

/// The lattice value: creators seen so far, and whether the value may also
/// come from outside the visible program.
class CreatorSet {
public:
  static CreatorSet external() {
    CreatorSet set;
    set.externalSource = true;
    return set;
  }
  static CreatorSet createdBy(mlir::Operation *creator) {
    CreatorSet set;
    set.creators.insert(creator);
    return set;
  }

  bool isExternal() const { return externalSource; }
  /// Creators in the order they were first seen (deterministic diagnostics).
  llvm::ArrayRef<mlir::Operation *> getCreators() const {
    return creators.getArrayRef();
  }

  static CreatorSet join(const CreatorSet &lhs, const CreatorSet &rhs);
  bool operator==(const CreatorSet &rhs) const {
    return externalSource == rhs.externalSource && creators == rhs.creators;
  }
  void print(llvm::raw_ostream &os) const;

private:
  // Creator sets are almost always tiny: no heap allocation up to 4.
  llvm::SmallSetVector<mlir::Operation *, 4> creators;
  bool externalSource = false;
};

class CreatorLattice : public mlir::dataflow::Lattice<CreatorSet> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CreatorLattice)
  using Lattice::Lattice;
};

/// Whether `op` creates the bytes of its `resultIndex`-th result.
bool isResourceCreator(mlir::Operation *op, unsigned resultIndex);

/// Runs the analysis on `root` (a module) and answers queries afterwards.
class ResourceCreators {
public:
  /// Runs the dataflow solver; fails only if the framework does.
  llvm::LogicalResult run(mlir::Operation *root);

  /// The creators of resource `value` (empty and not external when the value
  /// is unreachable code).
  const CreatorSet &lookup(mlir::Value value) const;

private:
  mlir::DataFlowSolver solver;
  CreatorSet empty;
};

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_RESOURCECREATORS_H
