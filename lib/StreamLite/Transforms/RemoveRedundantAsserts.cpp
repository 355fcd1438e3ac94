//===- RemoveRedundantAsserts.cpp - drop asserts a dominating one made ----===//
//
// removeRedundantAsserts and --stream-lite-remove-redundant-asserts, a
// driver over it: a `cf.assert` whose condition (the
// same SSA value) a dominating `cf.assert` already asserted can never fail,
// because every path to it passed the first one with that very value. The
// runtime checks assert the same facts over and over (every op naming one
// resource size checks it against the same storage; after cse the
// comparisons are one value), and each assert costs a branch, a block and
// two calls once lowered, so the to-llvm pipeline drops them here.
//
// The walk is CSE's: blocks in dominator-tree order with a scoped table of
// asserted conditions, nested regions seeing the facts of the ops before
// them. Linear in the ops.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/RegionKindInterface.h"

#include "llvm/ADT/ScopedHashTable.h"

#include <deque>
#include <memory>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_REMOVEREDUNDANTASSERTSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

using AssertedTable = llvm::ScopedHashTable<Value, bool>;
using AssertedScope = AssertedTable::ScopeTy;

class RedundantAssertRemover {
public:
  RedundantAssertRemover(DominanceInfo &dominance) : dominance(dominance) {}

  void simplifyRegion(Region &region) {
    if (region.empty())
      return;
    // In a graph region ops are unordered: no assert precedes another.
    if (!mayHaveSSADominance(region))
      return;
    if (region.hasOneBlock()) {
      AssertedScope scope(asserted);
      simplifyBlock(region.front());
      return;
    }
    // Dominator tree order with an explicit stack (CFGs may be deep); each
    // node's scope holds what its block asserted while its subtree runs.
    struct StackNode {
      StackNode(AssertedTable &table, DominanceInfoNode *node)
          : scope(table), node(node), child(node->begin()) {}
      AssertedScope scope;
      DominanceInfoNode *node;
      DominanceInfoNode::const_iterator child;
      bool processed = false;
    };
    std::deque<std::unique_ptr<StackNode>> stack;
    stack.push_back(
        std::make_unique<StackNode>(asserted, dominance.getRootNode(&region)));
    while (!stack.empty()) {
      StackNode &top = *stack.back();
      if (!top.processed) {
        top.processed = true;
        simplifyBlock(*top.node->getBlock());
      }
      if (top.child != top.node->end())
        stack.push_back(std::make_unique<StackNode>(asserted, *top.child++));
      else
        stack.pop_back();
    }
  }

  uint64_t numRemoved = 0;

private:
  void simplifyBlock(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto assertOp = dyn_cast<cf::AssertOp>(op)) {
        Value condition = assertOp.getArg();
        if (asserted.count(condition)) {
          assertOp.erase();
          ++numRemoved;
        } else {
          asserted.insert(condition, true);
        }
        continue;
      }
      // A nested region runs after the ops before its parent: it sees
      // their facts, and its own stay inside it.
      for (Region &region : op.getRegions())
        simplifyRegion(region);
    }
  }

  DominanceInfo &dominance;
  AssertedTable asserted;
};

} // namespace

uint64_t layoutopt::stream_lite::removeRedundantAsserts(
    Operation *root, DominanceInfo &dominance) {
  RedundantAssertRemover remover(dominance);
  for (Region &region : root->getRegions())
    remover.simplifyRegion(region);
  return remover.numRemoved;
}

namespace {

struct RemoveRedundantAssertsPass
    : public layoutopt::stream_lite::impl::RemoveRedundantAssertsPassBase<
          RemoveRedundantAssertsPass> {
  using RemoveRedundantAssertsPassBase::RemoveRedundantAssertsPassBase;

  void runOnOperation() override {
    uint64_t removed =
        removeRedundantAsserts(getOperation(), getAnalysis<DominanceInfo>());
    // Erasing asserts changes no block structure; erasing none changes
    // nothing (and the pass manager need not verify the function again).
    if (removed == 0)
      markAllAnalysesPreserved();
    else
      markAnalysesPreserved<DominanceInfo>();
    reportPassStatistics(getOperation(), getArgument(),
                         {{&numAssertsRemoved, "asserts-removed", removed}});
  }
};

} // namespace
