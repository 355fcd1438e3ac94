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
#include "mlir/IR/SymbolTable.h"
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

/// One live value flow between resource values: `to` may hold the bytes of
/// `from`. `operand` carries them across control flow (a yield, branch,
/// call or return operand, or a region op's initial value); it is null for a
/// flow inside one op (a tied result, a transfer, a copy).
struct ResourceFlow {
  mlir::Value from, to;
  mlir::OpOperand *operand;
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

  /// The live flows into and out of resource `value`, in the order the
  /// analysis met them. Indexed on first use, so that the common query
  /// (`lookup`) pays nothing for them.
  llvm::ArrayRef<ResourceFlow> getIncoming(mlir::Value value) const;
  llvm::ArrayRef<ResourceFlow> getOutgoing(mlir::Value value) const;

  /// Whether some value may come from more than one source (several
  /// creators, or creators and outside): only then can layouts conflict.
  bool hasMergedValues() const { return anyMerged; }

  /// Used while the analysis runs.
  struct Edge {
    unsigned from, to;
    mlir::OpOperand *operand;
  };

private:
  void indexFlows() const;
  /// The flows of `value` in `flows`, grouped by `offsets` (after indexFlows).
  llvm::ArrayRef<ResourceFlow>
  getFlows(mlir::Value value, const std::vector<ResourceFlow> &flows,
           const std::vector<unsigned> &offsets) const;

  /// Index into `sets` of every resource value in live code.
  llvm::DenseMap<mlir::Value, unsigned> nodes;
  std::vector<CreatorSet> sets;
  CreatorSet empty;
  /// The value of each node, and the enabled edges between nodes.
  std::vector<mlir::Value> values;
  std::vector<Edge> liveEdges;
  bool anyMerged = false;
  /// Flows grouped by target and by source (built by indexFlows).
  mutable std::vector<ResourceFlow> incoming, outgoing;
  mutable std::vector<unsigned> incomingOffsets, outgoingOffsets;
};

/// The control-flow transfer that passes `operand` to `target` (a successor
/// block's argument, a region's entry argument, a region op's or a call's
/// result, a callee's argument), as (operand, value it feeds) pairs of every
/// value that transfer passes, resources or not. Empty when no such
/// transfer exists. `symbols` resolves callees.
void getFlowTransfer(
    mlir::OpOperand &operand, mlir::Value target,
    mlir::SymbolTableCollection &symbols,
    llvm::SmallVectorImpl<std::pair<mlir::OpOperand *, mlir::Value>> &pairs);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_RESOURCECREATORS_H
