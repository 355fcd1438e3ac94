//===- ResourceCreators.h - which ops create a resource ---------*- C++ -*-===//
//
// For every resource value, the set of ops that may have created its bytes
// (and so fixed its layout). Ops say what they do through
// EncodedTensorOpInterface: a result with no layout source is created by its
// op (empty, constant, splat, import, encode, slice, untied dispatch
// results); a result with one (async.transfer, clone, tied results of fill,
// update, store and dispatch) holds that operand's bytes. Ownership also
// flows through scf/cf block arguments and region results, and calls to
// functions in the module. A value may also come from outside the visible
// program (an argument of a public function, a result of an op without the
// interface): then `isExternal()`.
//
// Computed once per module by a direct propagation over SSA def-use and
// control-flow edges (no dataflow framework), in time linear in the module
// size times the (tiny) size of the creator sets. Only live code is analyzed,
// with the same notion of liveness as MLIR's DeadCodeAnalysis when no branch
// condition is known: every successor of a live branch and every region a
// live region op may enter is live, a function is live when it may be called
// from outside or is called from live code. Values in dead code have no
// creators and are not external.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_RESOURCECREATORS_H
#define STREAMLITE_ANALYSIS_RESOURCECREATORS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace layoutopt::stream_lite {

/// The creators of one value, and whether the value may also come from
/// outside the visible program.
class CreatorSet {
public:
  bool isExternal() const { return externalSource; }
  /// Creators in program order (pre-order walk of the module), so that
  /// diagnostics naming two of them are deterministic.
  llvm::ArrayRef<mlir::Operation *> getCreators() const { return creators; }

  /// Used while the analysis runs: creators must come in program order.
  void addCreator(mlir::Operation *creator) { creators.push_back(creator); }
  void setExternal() { externalSource = true; }

private:
  // Almost every resource has exactly one creator.
  llvm::SmallVector<mlir::Operation *, 1> creators;
  bool externalSource = false;
};

/// Runs the analysis on `root` (a module) and answers queries afterwards.
class ResourceCreators {
public:
  /// Analyzes `root`; cannot fail.
  explicit ResourceCreators(mlir::Operation *root);

  /// The creators of resource `value` (empty and not external when the value
  /// is in dead code, or nothing ever reaches it, e.g. the result of a loop
  /// that never exits).
  const CreatorSet &lookup(mlir::Value value) const;

private:
  /// Index into `sets` of every resource value in live code.
  llvm::DenseMap<mlir::Value, unsigned> nodes;
  std::vector<CreatorSet> sets;
  CreatorSet empty;
};

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_RESOURCECREATORS_H
