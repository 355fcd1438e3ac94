//===- ResourceCreators.cpp - which ops create a resource -----------------===//
//
// The analysis runs in four steps over the module, each linear in its size:
//
//  1. Which callables may be called from outside (public, or named by
//     something other than a call): their arguments are external.
//  2. Which blocks are live (a worklist over blocks; calls, branches and
//     region ops make other blocks live).
//  3. A value-flow graph over the resource values of live blocks, built in
//     one pre-order walk: an edge from each value to every value that may
//     hold the same bytes, plus the values seeded by a creator and those
//     seeded as external.
//  4. Each creator, in program order, is pushed along the edges; so is
//     "external". A value's set is everything that reaches it.
//
// This replaces MLIR's dataflow framework (DeadCodeAnalysis plus a sparse
// lattice analysis), whose per-value and per-program-point states and
// worklist cost more than the rest of the pass together. The rules are the
// framework's, with every branch condition unknown; see the comments at each
// rule.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/ResourceCreators.h"
#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace layoutopt::stream_lite {

bool isResourceCreator(Operation *op, unsigned resultIndex) {
  return TypeSwitch<Operation *, bool>(op)
      .Case<TensorEmptyOp, TensorConstantOp, TensorSplatOp, TensorImportOp,
            TensorEncodeOp, TensorSliceOp>([](auto) { return true; })
      .Case<TensorDispatchOp>([&](TensorDispatchOp dispatch) {
        return !dispatch.getTiedResultOperandIndex(resultIndex).has_value();
      })
      .Default([](Operation *) { return false; });
}

namespace {

/// The operand of `op` whose bytes result `index` keeps (a transfer's or
/// clone's source, a tied target), or null when the result is new or
/// unknown. Only asked for results that are not creators.
Value getForwardedOperand(Operation *op, unsigned index) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([](AsyncTransferOp transfer) { return transfer.getSource(); })
      .Case([](TensorCloneOp clone) { return clone.getSource(); })
      .Case([](TensorFillOp fill) { return fill.getTarget(); })
      .Case([](TensorUpdateOp update) { return update.getTarget(); })
      .Case([](TensorStoreOp store) { return store.getTarget(); })
      .Case([&](TensorDispatchOp dispatch) -> Value {
        std::optional<int64_t> tied = dispatch.getTiedResultOperandIndex(index);
        return tied ? dispatch.getMixedOperands()[*tied] : Value();
      })
      .Default([](Operation *) { return Value(); });
}

/// No branch condition is ever taken as known: a layout must be right on
/// every path, so every path is kept live. This is what the interfaces' null
/// "constant operands" mean.
SmallVector<Attribute> unknownOperands(Operation *op) {
  return SmallVector<Attribute>(op->getNumOperands());
}

/// A terminator that leaves its region to the parent region op or callable
/// (same test as DeadCodeAnalysis).
bool isRegionOrCallableReturn(Operation *op) {
  return op->getBlock() && !op->getNumSuccessors() &&
         isa<RegionBranchOpInterface, CallableOpInterface>(op->getParentOp()) &&
         op->getBlock()->getTerminator() == op;
}

/// One transfer of control in region control flow of `branch`: `operands`
/// flow into the successor's inputs (a region's entry arguments, or the
/// results of `branch`); no operands when they cannot be known (the
/// successor's values are then external).
struct RegionTransfer {
  RegionBranchOpInterface branch;
  std::optional<OperandRange> operands;
  RegionSuccessor successor;
};

/// The transfers that start at `op`: entering its regions (or skipping
/// them) when it is a region op, leaving its region when it is a region
/// terminator.
void getRegionTransfers(Operation *op, SmallVectorImpl<RegionTransfer> &out) {
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
    SmallVector<RegionSuccessor> successors;
    branch.getEntrySuccessorRegions(unknownOperands(op), successors);
    for (const RegionSuccessor &successor : successors)
      out.push_back(
          {branch, branch.getEntrySuccessorOperands(successor), successor});
  }
  if (!isRegionOrCallableReturn(op))
    return;
  auto parent = dyn_cast<RegionBranchOpInterface>(op->getParentOp());
  if (!parent)
    return;
  SmallVector<RegionSuccessor> successors;
  if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op)) {
    terminator.getSuccessorRegions(unknownOperands(op), successors);
    for (const RegionSuccessor &successor : successors)
      out.push_back(
          {parent, terminator.getSuccessorOperands(successor), successor});
    return;
  }
  // A terminator that does not say what it forwards: DeadCodeAnalysis only
  // follows it when it has no operands, and then nothing is known of the
  // successor's values.
  if (op->getNumOperands() != 0)
    return;
  parent.getSuccessorRegions(*op->getParentRegion(), successors);
  for (const RegionSuccessor &successor : successors)
    out.push_back({parent, std::nullopt, successor});
}

/// The successor blocks of terminator `op` that may be taken: all of them,
/// unless the branch names a single one whatever its operands.
SmallVector<Block *, 2> getLiveSuccessors(Operation *op) {
  if (auto branch = dyn_cast<BranchOpInterface>(op))
    if (Block *only = branch.getSuccessorForOperands(unknownOperands(op)))
      return {only};
  return SmallVector<Block *, 2>(op->getSuccessors());
}

/// Builds the value-flow graph of `root` and propagates creators over it.
class CreatorPropagation {
public:
  CreatorPropagation(Operation *root, DenseMap<Value, unsigned> &nodes,
                     std::vector<CreatorSet> &sets)
      : root(root), nodes(nodes), sets(sets) {}

  void run() {
    findCallablesWithUnknownCallers();
    computeLiveness();
    buildGraph(root);
    propagate();
  }

private:
  /// What is known about a callable (or any symbol a call resolves to).
  struct CallableInfo {
    /// Public, or used other than by a call: arguments are external.
    bool unknownCallers = false;
    /// The callable op itself is in a live block.
    bool parentLive = false;
    /// Live calls resolved to it.
    SmallVector<Operation *, 1> callsites;
    /// Live terminators returning values from it.
    SmallVector<Operation *, 1> returns;
    /// One of `returns` is not return-like: call results are external.
    bool opaqueReturn = false;
  };

  //===--------------------------------------------------------------------===//
  // 1. Callables with unknown callers
  //===--------------------------------------------------------------------===//

  /// DeadCodeAnalysis's rule: a symbol callable with a body directly in a
  /// symbol table has unknown callers when it is public, or nested and not
  /// all uses of the table's symbols are visible, or some symbol use other
  /// than a call names it (looked up from the root, as upstream does).
  void findCallablesWithUnknownCallers() {
    SmallVector<Operation *> tables;
    bool anyKnownCallers = false;
    SymbolTable::walkSymbolTables(
        root, /*allSymUsesVisible=*/!root->getBlock(),
        [&](Operation *table, bool allUsesVisible) {
          bool hasCallable = false;
          for (auto callable :
               table->getRegion(0).front().getOps<CallableOpInterface>()) {
            auto symbol = dyn_cast<SymbolOpInterface>(callable.getOperation());
            if (!callable.getCallableRegion() || !symbol)
              continue;
            hasCallable = true;
            if (symbol.isPublic() || (!allUsesVisible && symbol.isNested()))
              callables[callable].unknownCallers = true;
            else
              anyKnownCallers = true;
          }
          if (hasCallable)
            tables.push_back(table);
        });
    // Scanning every attribute for symbol uses is the costly part; it can
    // only change something when some callable's callers are all known.
    if (!anyKnownCallers)
      return;
    for (Operation *table : tables) {
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(&table->getRegion(0));
      if (!uses) {
        root->walk([&](CallableOpInterface callable) {
          callables[callable].unknownCallers = true;
        });
        return;
      }
      for (const SymbolTable::SymbolUse &use : *uses) {
        if (isa<CallOpInterface>(use.getUser()))
          continue;
        if (Operation *symbol =
                symbolTables.lookupSymbolIn(root, use.getSymbolRef()))
          callables[symbol].unknownCallers = true;
      }
    }
  }

  //===--------------------------------------------------------------------===//
  // 2. Liveness
  //===--------------------------------------------------------------------===//

  void markLive(Block *block) {
    if (liveBlocks.insert(block).second)
      worklist.push_back(block);
  }

  void markEntryBlocksLive(Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.empty())
        markLive(&region.front());
  }

  void computeLiveness() {
    markEntryBlocksLive(root);
    while (!worklist.empty()) {
      Block *block = worklist.pop_back_val();
      for (Operation &op : *block)
        visitLiveOp(&op);
    }
  }

  /// Marks what a live op makes live (DeadCodeAnalysis::visit).
  void visitLiveOp(Operation *op) {
    if (auto call = dyn_cast<CallOpInterface>(op))
      registerCall(call);

    if (op->getNumRegions()) {
      if (isa<RegionBranchOpInterface>(op)) {
        // Entered regions are marked below with the region transfers.
      } else if (isa<CallableOpInterface>(op)) {
        // A callable runs only when something may call it.
        CallableInfo &info = callables[op];
        info.parentLive = true;
        if (info.unknownCallers || !info.callsites.empty())
          markEntryBlocksLive(op);
      } else {
        markEntryBlocksLive(op);
      }
    }

    SmallVector<RegionTransfer> transfers;
    getRegionTransfers(op, transfers);
    for (const RegionTransfer &transfer : transfers)
      if (Region *region = transfer.successor.getSuccessor())
        markLive(&region->front());

    if (isRegionOrCallableReturn(op) && op->getNumOperands() != 0 &&
        !isa<RegionBranchOpInterface>(op->getParentOp())) {
      CallableInfo &info = callables[op->getParentOp()];
      info.returns.push_back(op);
      info.opaqueReturn |= !op->hasTrait<mlir::OpTrait::ReturnLike>();
    }

    for (Block *successor : getLiveSuccessors(op))
      markLive(successor);
  }

  /// Records a live call on its callee when the callee is a symbol in the
  /// module with a body; any other call has unknown results.
  void registerCall(CallOpInterface call) {
    Operation *callee = call.resolveCallableInTable(&symbolTables);
    if (!isa_and_nonnull<SymbolOpInterface>(callee) ||
        !root->isAncestor(callee))
      return;
    if (auto callable = dyn_cast<CallableOpInterface>(callee))
      if (!callable.getCallableRegion())
        return;
    calleeOf[call] = callee;
    CallableInfo &info = callables[callee];
    info.callsites.push_back(call);
    if (info.parentLive)
      markEntryBlocksLive(callee);
  }

  //===--------------------------------------------------------------------===//
  // 3. Value-flow graph
  //===--------------------------------------------------------------------===//

  /// The graph node of resource `value`, or none for other values (only
  /// resources are ever asked about).
  std::optional<unsigned> getNode(Value value) {
    if (!isa<ResourceType>(value.getType()))
      return std::nullopt;
    auto [it, inserted] = nodes.try_emplace(value, sets.size());
    if (inserted)
      sets.emplace_back();
    return it->second;
  }

  void addEdge(Value from, Value to) {
    std::optional<unsigned> source = getNode(from), target = getNode(to);
    if (source && target)
      edges.emplace_back(*source, *target);
  }

  void addExternal(Value value) {
    if (std::optional<unsigned> node = getNode(value))
      externalSeeds.push_back(*node);
  }

  void addExternal(ValueRange values) {
    for (Value value : values)
      addExternal(value);
  }

  /// Visits live ops in pre-order, so that creators are seeded in program
  /// order.
  void buildGraph(Operation *op) {
    addEdges(op);
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        if (!liveBlocks.contains(&block))
          continue;
        if (block.isEntryBlock())
          addEntryArguments(&block);
        for (Operation &nested : block)
          buildGraph(&nested);
      }
  }

  /// Entry block arguments that nothing in the module feeds: those of
  /// callables that may be called from outside, and of regions of ops that
  /// are neither callables nor region branch ops. (Region branch arguments
  /// and other callables' arguments are fed by the transfers and calls.)
  void addEntryArguments(Block *block) {
    Operation *parent = block->getParentOp();
    if (auto callable = dyn_cast<CallableOpInterface>(parent);
        callable && callable.getCallableRegion() == block->getParent()) {
      if (callables.lookup(parent).unknownCallers)
        addExternal(block->getArguments());
      return;
    }
    if (!isa<RegionBranchOpInterface>(parent))
      addExternal(block->getArguments());
  }

  void addEdges(Operation *op) {
    if (isa<RegionBranchOpInterface>(op)) {
      // Results are fed by the region transfers below.
    } else if (auto call = dyn_cast<CallOpInterface>(op)) {
      addCallEdges(call);
    } else {
      for (OpResult result : op->getResults()) {
        std::optional<unsigned> node = getNode(result);
        if (!node)
          continue;
        unsigned index = result.getResultNumber();
        if (isResourceCreator(op, index))
          creatorSeeds.emplace_back(op, *node);
        else if (Value forwarded = getForwardedOperand(op, index))
          addEdge(forwarded, result);
        else
          externalSeeds.push_back(*node); // An op the analysis does not know.
      }
    }

    SmallVector<RegionTransfer> transfers;
    getRegionTransfers(op, transfers);
    for (const RegionTransfer &transfer : transfers)
      addRegionTransferEdges(transfer);

    addBranchEdges(op);
  }

  /// Call operands feed the callee's arguments (unless it may be called from
  /// outside); its returned values feed the call's results. A call the
  /// module does not define, or whose callee returns through a terminator
  /// that is not return-like, has external results.
  void addCallEdges(CallOpInterface call) {
    Operation *op = call.getOperation();
    Operation *callee = calleeOf.lookup(op);
    if (!callee) {
      addExternal(op->getResults());
      return;
    }
    const CallableInfo &info = callables.find(callee)->second;
    if (auto callable = dyn_cast<CallableOpInterface>(callee)) {
      Region *body = callable.getCallableRegion();
      if (!info.unknownCallers && liveBlocks.contains(&body->front()))
        for (auto [operand, argument] :
             llvm::zip(call.getArgOperands(), body->getArguments()))
          addEdge(operand, argument);
    }
    if (info.opaqueReturn) {
      addExternal(op->getResults());
      return;
    }
    for (Operation *ret : info.returns)
      for (auto [operand, result] :
           llvm::zip(ret->getOperands(), op->getResults()))
        addEdge(operand, result);
  }

  /// The operands of `transfer` feed the successor's inputs; the
  /// successor's other values (e.g. a loop's induction variable) are
  /// external.
  void addRegionTransferEdges(const RegionTransfer &transfer) {
    ValueRange targets;
    if (Region *region = transfer.successor.getSuccessor())
      targets = region->front().getArguments();
    else
      targets = transfer.branch->getResults();
    ValueRange inputs = transfer.successor.getSuccessorInputs();
    if (!transfer.operands) {
      addExternal(targets);
      return;
    }
    for (auto [operand, input] : llvm::zip(*transfer.operands, inputs))
      addEdge(operand, input);
    for (Value target : targets)
      if (!llvm::is_contained(inputs, target))
        addExternal(target);
  }

  /// A live branch's forwarded operands feed its live successors' arguments;
  /// arguments the branch produces itself, and all arguments of successors of
  /// a terminator that is not a branch, are external.
  void addBranchEdges(Operation *op) {
    if (!op->getNumSuccessors())
      return;
    SmallVector<Block *, 2> live = getLiveSuccessors(op);
    auto branch = dyn_cast<BranchOpInterface>(op);
    for (unsigned index = 0, e = op->getNumSuccessors(); index < e; ++index) {
      Block *successor = op->getSuccessor(index);
      if (!llvm::is_contained(live, successor))
        continue;
      if (!branch) {
        addExternal(successor->getArguments());
        continue;
      }
      SuccessorOperands operands = branch.getSuccessorOperands(index);
      for (auto [position, argument] :
           llvm::enumerate(successor->getArguments())) {
        if (position >= operands.size())
          break;
        if (Value operand = operands[position])
          addEdge(operand, argument);
        else
          addExternal(argument);
      }
    }
  }

  //===--------------------------------------------------------------------===//
  // 4. Propagation
  //===--------------------------------------------------------------------===//

  /// Pushes each creator, then "external", along the edges. Creators are
  /// pushed one at a time in program order, so each set comes out in program
  /// order and "already has this creator" is a check of one stamp per node.
  /// Cost: edges leaving each node times the size of its set.
  void propagate() {
    unsigned numNodes = sets.size();
    // Compressed adjacency lists.
    std::vector<unsigned> offsets(numNodes + 1, 0), targets(edges.size());
    for (auto [from, to] : edges)
      ++offsets[from + 1];
    for (unsigned i = 0; i < numNodes; ++i)
      offsets[i + 1] += offsets[i];
    std::vector<unsigned> fill(offsets.begin(), offsets.end() - 1);
    for (auto [from, to] : edges)
      targets[fill[from]++] = to;

    SmallVector<unsigned> stack;
    auto flood = [&](auto visit) {
      while (!stack.empty()) {
        unsigned node = stack.pop_back_val();
        if (!visit(node))
          continue;
        for (unsigned i = offsets[node]; i < offsets[node + 1]; ++i)
          stack.push_back(targets[i]);
      }
    };

    // stamp[node]: the last creator (numbered from 1) that reached node.
    std::vector<unsigned> stamp(numNodes, 0);
    unsigned creatorNumber = 0;
    for (size_t i = 0, e = creatorSeeds.size(); i < e;) {
      // All seeds of one creator (a dispatch may create several results).
      Operation *creator = creatorSeeds[i].first;
      ++creatorNumber;
      for (; i < e && creatorSeeds[i].first == creator; ++i)
        stack.push_back(creatorSeeds[i].second);
      flood([&](unsigned node) {
        if (stamp[node] == creatorNumber)
          return false;
        stamp[node] = creatorNumber;
        sets[node].addCreator(creator);
        return true;
      });
    }

    stack.append(externalSeeds.begin(), externalSeeds.end());
    flood([&](unsigned node) {
      if (sets[node].isExternal())
        return false;
      sets[node].setExternal();
      return true;
    });
  }

  Operation *root;
  DenseMap<Value, unsigned> &nodes;
  std::vector<CreatorSet> &sets;
  SymbolTableCollection symbolTables;

  DenseMap<Operation *, CallableInfo> callables;
  /// Live calls to a callee in the module.
  DenseMap<Operation *, Operation *> calleeOf;
  DenseSet<Block *> liveBlocks;
  SmallVector<Block *> worklist;

  /// Value flows (node to node).
  std::vector<std::pair<unsigned, unsigned>> edges;
  /// (creator, node of one of its results), in program order.
  std::vector<std::pair<Operation *, unsigned>> creatorSeeds;
  std::vector<unsigned> externalSeeds;
};

} // namespace

ResourceCreators::ResourceCreators(Operation *root) {
  CreatorPropagation(root, nodes, sets).run();
}

const CreatorSet &ResourceCreators::lookup(Value value) const {
  auto it = nodes.find(value);
  return it == nodes.end() ? empty : sets[it->second];
}

} // namespace layoutopt::stream_lite
