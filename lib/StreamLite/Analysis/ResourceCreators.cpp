//===- ResourceCreators.cpp - which ops create a resource -----------------===//
//
// The analysis touches each op of the module once (twice when the module has
// a private function: see scanNonCallSymbolUses):
//
//  1. One pre-order walk builds a value-flow graph over resource values: an
//     edge from each value to every value that may hold the same bytes, the
//     values a creator seeds and those seeded as external. Every edge and
//     seed is tagged with the block whose liveness enables it (the block of
//     the op it comes from), and each block records what it makes live
//     (branch successors, entered regions, calls, nested callables).
//  2. Live blocks are computed from those records with a worklist (no op is
//     visited again); the calls found live then add their edges.
//  3. Each creator, in program order, is pushed along the enabled edges, then
//     "external" is. A value's set is everything that reaches it.
//
// Time and memory are linear in the module size (times the size of the
// creator sets, almost always 1).
//
// This replaces MLIR's dataflow framework (DeadCodeAnalysis plus a sparse
// lattice analysis), whose per-value and per-program-point states and
// worklist cost more than the rest of the pass together. The rules are the
// framework's with every branch condition unknown (see the comments at each
// rule), so no result of the pass changes. That includes dead code: it is
// skipped as DeadCodeAnalysis skips it, its values have no creators and are
// not external.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/ResourceCreators.h"
#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace layoutopt::stream_lite {

namespace {

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
                     std::vector<CreatorSet> &sets, std::vector<Value> &values,
                     std::vector<ResourceCreators::Edge> &liveEdges)
      : root(root), nodes(nodes), sets(sets), values(values),
        liveEdges(liveEdges) {}

  void run() {
    for (Region &region : root->getRegions())
      walkRegion(region);
    computeLiveness();
    for (const LiveCall &call : liveCalls)
      addCallEdges(call);
    propagate();
  }

private:
  /// What the analysis knows about a callable (or any symbol a call
  /// resolves to).
  struct CallableInfo {
    /// Public, or named other than by a call: arguments are external.
    bool unknownCallers = false;
    /// The callable op itself is in a live block.
    bool parentLive = false;
    /// Live calls resolved to it.
    unsigned numCallsites = 0;
    /// Live terminators returning values from it.
    SmallVector<Operation *, 1> returns;
    /// One of `returns` is not return-like: call results are external.
    bool opaqueReturn = false;
  };

  /// Something a block makes live, or makes known, when it is live.
  struct LivenessRecord {
    enum Kind : uint8_t {
      Block,    // `block` (a successor, an entered region) is live.
      Call,     // `op` is a call: its callee may run.
      Callable, // `op` is a callable: it runs if something may call it.
      Return,   // `op` returns values from its parent callable.
    } kind;
    unsigned block;
    Operation *op;
  };

  /// A value flow (carried by `operand` across control flow, null inside an
  /// op), a creator seed or an external seed, enabled when block `gate` is
  /// live.
  struct Edge {
    unsigned from, to, gate;
    OpOperand *operand;
  };
  struct CreatorSeed {
    Operation *creator;
    unsigned node, gate;
  };
  struct ExternalSeed {
    unsigned node, gate;
  };

  struct LiveCall {
    Operation *call;
    Operation *callee; // Null when the callee is not in the module.
    unsigned gate;
  };

  //===--------------------------------------------------------------------===//
  // 1. The walk
  //===--------------------------------------------------------------------===//

  unsigned getBlockId(Block *block) {
    auto [it, inserted] = blockIds.try_emplace(block, blockIds.size());
    return it->second;
  }

  /// The graph node of resource `value`, or none for other values (only
  /// resources are ever asked about).
  std::optional<unsigned> getNode(Value value) {
    if (!isa<ResourceType>(value.getType()))
      return std::nullopt;
    auto [it, inserted] = nodes.try_emplace(value, sets.size());
    if (inserted) {
      sets.emplace_back();
      values.push_back(value);
    }
    return it->second;
  }

  void addEdge(Value from, Value to, unsigned gate,
               OpOperand *operand = nullptr) {
    std::optional<unsigned> source = getNode(from), target = getNode(to);
    if (source && target)
      edges.push_back({*source, *target, gate, operand});
  }

  void addExternal(ValueRange values, unsigned gate) {
    for (Value value : values)
      if (std::optional<unsigned> node = getNode(value))
        externalSeeds.push_back({*node, gate});
  }

  void record(LivenessRecord::Kind kind, unsigned gate, Operation *op,
              Block *block = nullptr) {
    records.push_back({kind, block ? getBlockId(block) : 0u, op});
    recordGates.push_back(gate);
  }

  void recordEntryBlocks(Operation *op, unsigned gate) {
    for (Region &region : op->getRegions())
      if (!region.empty())
        record(LivenessRecord::Block, gate, nullptr, &region.front());
  }

  /// isa<CallOpInterface>, asked once per op kind: the interface lookup
  /// (with its dialect fallback) is a visible part of the walk otherwise.
  bool isCall(Operation *op) {
    auto [it, inserted] = callKinds.try_emplace(op->getName(), false);
    if (inserted)
      it->second = isa<CallOpInterface>(op);
    return it->second;
  }

  /// Pre-order, so that creators are seeded in program order.
  void walkRegion(Region &region) {
    for (Block &block : region) {
      unsigned gate = getBlockId(&block);
      if (block.isEntryBlock())
        addEntryArguments(&block, gate);
      for (Operation &op : block) {
        visit(&op, gate);
        for (Region &nested : op.getRegions())
          walkRegion(nested);
      }
    }
  }

  /// Entry block arguments nothing in the module feeds: those of callables
  /// that may be called from outside, and of regions of ops that are neither
  /// callables nor region branch ops. (Region branch arguments and other
  /// callables' arguments are fed by region transfers and calls.)
  void addEntryArguments(Block *block, unsigned gate) {
    Operation *parent = block->getParentOp();
    if (auto callable = dyn_cast<CallableOpInterface>(parent);
        callable && callable.getCallableRegion() == block->getParent()) {
      if (callables[parent].unknownCallers)
        addExternal(block->getArguments(), gate);
      return;
    }
    if (!isa<RegionBranchOpInterface>(parent))
      addExternal(block->getArguments(), gate);
  }

  /// Adds what `op`, in block `gate`, contributes to the graph and to
  /// liveness (the rules of DeadCodeAnalysis::visit and of the sparse
  /// analysis's visitOperation).
  void visit(Operation *op, unsigned gate) {
    bool isCall = this->isCall(op);
    if (isCall)
      record(LivenessRecord::Call, gate, op);
    bool isRegionBranch =
        op->getNumRegions() && isa<RegionBranchOpInterface>(op);

    // Results of region branch ops come from the region transfers below,
    // those of calls once liveness knows the callee's live returns.
    if (!isRegionBranch && !isCall)
      addResultEdges(op, gate);

    if (op->getNumRegions() && !isRegionBranch) {
      if (auto callable = dyn_cast<CallableOpInterface>(op)) {
        callables[op].unknownCallers = hasUnknownCallers(callable);
        record(LivenessRecord::Callable, gate, op);
      } else {
        // Regions of an op nothing is known about may all run.
        recordEntryBlocks(op, gate);
      }
    }

    // Terminators: region transfers, callable returns and branches.
    bool isTerminator = op == &op->getBlock()->back();
    if (op->getNumRegions() || isTerminator) {
      SmallVector<RegionTransfer> transfers;
      getRegionTransfers(op, transfers);
      for (const RegionTransfer &transfer : transfers) {
        if (Region *region = transfer.successor.getSuccessor())
          record(LivenessRecord::Block, gate, nullptr, &region->front());
        addRegionTransferEdges(transfer, gate);
      }
    }
    if (isTerminator && op->getNumOperands() && isRegionOrCallableReturn(op) &&
        !isa<RegionBranchOpInterface>(op->getParentOp()))
      record(LivenessRecord::Return, gate, op);
    if (op->getNumSuccessors())
      addBranchEdges(op, gate);
  }

  /// Results of an op that is neither a call nor a region branch op: a
  /// creator's results start a set, ops keeping an operand's bytes forward
  /// its set, anything else (an op the analysis does not know) is external.
  void addResultEdges(Operation *op, unsigned gate) {
    // Ops say through their interface whether a result is new bytes or an
    // operand's (copied, transferred or written in place).
    auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op);
    for (OpResult result : op->getResults()) {
      std::optional<unsigned> node = getNode(result);
      if (!node)
        continue;
      unsigned index = result.getResultNumber();
      Value source = tensorOp ? tensorOp.getLayoutSource(index) : Value();
      if (!tensorOp)
        externalSeeds.push_back({*node, gate});
      else if (source)
        addEdge(source, result, gate);
      else
        creatorSeeds.push_back({op, *node, gate});
    }
  }

  /// The operands of `transfer` feed the successor's inputs; the
  /// successor's other values (e.g. a loop's induction variable) are
  /// external.
  void addRegionTransferEdges(const RegionTransfer &transfer, unsigned gate) {
    ValueRange targets;
    if (Region *region = transfer.successor.getSuccessor())
      targets = region->front().getArguments();
    else
      targets = transfer.branch->getResults();
    ValueRange inputs = transfer.successor.getSuccessorInputs();
    if (!transfer.operands) {
      addExternal(targets, gate);
      return;
    }
    OpOperand *operands = transfer.operands->getBase();
    for (auto [index, input] : llvm::enumerate(inputs))
      if (index < transfer.operands->size())
        addEdge(operands[index].get(), input, gate, &operands[index]);
    for (Value target : targets)
      if (!llvm::is_contained(inputs, target))
        addExternal(target, gate);
  }

  /// A branch's forwarded operands feed its live successors' arguments;
  /// arguments the branch produces itself, and all arguments of successors of
  /// a terminator that is not a branch, are external.
  void addBranchEdges(Operation *op, unsigned gate) {
    SmallVector<Block *, 2> live = getLiveSuccessors(op);
    for (Block *successor : live)
      record(LivenessRecord::Block, gate, nullptr, successor);
    auto branch = dyn_cast<BranchOpInterface>(op);
    for (unsigned index = 0, e = op->getNumSuccessors(); index < e; ++index) {
      Block *successor = op->getSuccessor(index);
      if (!llvm::is_contained(live, successor))
        continue;
      if (!branch) {
        addExternal(successor->getArguments(), gate);
        continue;
      }
      SuccessorOperands operands = branch.getSuccessorOperands(index);
      MutableOperandRange forwarded = operands.getMutableForwardedOperands();
      for (auto [position, argument] :
           llvm::enumerate(successor->getArguments())) {
        if (position >= operands.size())
          break;
        if (operands.isOperandProduced(position)) {
          addExternal(argument, gate);
          continue;
        }
        OpOperand &operand =
            forwarded[position - operands.getProducedOperandCount()];
        addEdge(operand.get(), argument, gate, &operand);
      }
    }
  }

  //===--------------------------------------------------------------------===//
  // Callables with unknown callers
  //===--------------------------------------------------------------------===//

  /// DeadCodeAnalysis's rule: a symbol callable with a body directly in a
  /// symbol table has unknown callers when it is public, or nested in a table
  /// whose symbols' uses are not all visible, or a symbol use other than a
  /// call names it. Only modules with private callables pay for scanning
  /// symbol uses.
  bool hasUnknownCallers(CallableOpInterface callable) {
    Operation *op = callable;
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    Operation *table = op->getParentOp();
    bool inTable = symbol && callable.getCallableRegion() && table &&
                   table->hasTrait<mlir::OpTrait::SymbolTable>() &&
                   op->getBlock() == &table->getRegion(0).front();
    if (inTable && (symbol.isPublic() ||
                    (!allSymbolUsesVisible(table) && symbol.isNested())))
      return true;
    scanNonCallSymbolUses();
    if (allCallersUnknown)
      return true;
    return inTable && namedByNonCall.contains(op);
  }

  /// Whether all uses of the symbols of `table` are in the module, as
  /// SymbolTable::walkSymbolTables computes it from the root down: true below
  /// any op that is not a symbol table and for tables that are not public
  /// symbols.
  bool allSymbolUsesVisible(Operation *table) {
    auto it = visibleUses.find(table);
    if (it != visibleUses.end())
      return it->second;
    bool visible;
    if (table == root) {
      visible = !root->getBlock();
    } else {
      Operation *parent = table->getParentOp();
      visible = !parent->hasTrait<mlir::OpTrait::SymbolTable>() ||
                allSymbolUsesVisible(parent);
    }
    auto symbol = dyn_cast<SymbolOpInterface>(table);
    visible |= !symbol || symbol.isPrivate();
    visibleUses[table] = visible;
    return visible;
  }

  /// Records the symbols named other than by a call (looked up from the
  /// root, as upstream does) in every symbol table holding a symbol
  /// callable: SymbolTable::getSymbolUses of each such table, in one walk of
  /// the module, without building each op's attribute dictionary and walking
  /// each distinct attribute once. Done at most once, and only when a
  /// callable's callers may all be known.
  void scanNonCallSymbolUses() {
    if (scannedSymbolUses)
      return;
    scannedSymbolUses = true;
    scanSymbolUses(root, /*inScannedTable=*/false);
  }

  /// `inScannedTable`: `op` is in (the regions of non-table ops in) a symbol
  /// table holding a symbol callable.
  void scanSymbolUses(Operation *op, bool inScannedTable) {
    if (allCallersUnknown)
      return;
    if (inScannedTable) {
      // An unregistered op with one region may be a symbol table: upstream
      // then gives up on the table's uses, and so on all callables.
      if (op->getNumRegions() == 1 && !op->getDialect()) {
        allCallersUnknown = true;
        return;
      }
      if (!isCall(op))
        recordSymbolUses(op);
    }
    if (op->hasTrait<mlir::OpTrait::SymbolTable>())
      inScannedTable = llvm::any_of(
          op->getRegion(0).front().getOps<CallableOpInterface>(),
          [](CallableOpInterface callable) {
            return callable.getCallableRegion() &&
                   isa<SymbolOpInterface>(callable.getOperation());
          });
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          scanSymbolUses(&nested, inScannedTable);
  }

  /// The symbols `op`'s attributes name (all of them: inherent ones from
  /// properties, discardable ones from the dictionary).
  void recordSymbolUses(Operation *op) {
    auto visit = [&](Attribute attr) {
      auto [it, inserted] = symbolsNamedBy.try_emplace(attr);
      if (inserted)
        attr.walk<WalkOrder::PreOrder>([&, &named = it->second](
                                           SymbolRefAttr ref) {
          if (Operation *symbol = symbolTables.lookupSymbolIn(root, ref))
            named.push_back(symbol);
          return WalkResult::skip(); // Nested references are the same use.
        });
      namedByNonCall.insert(it->second.begin(), it->second.end());
    };
    for (NamedAttribute attr : op->getRawDictionaryAttrs())
      visit(attr.getValue());
    if (op->getPropertiesStorageSize()) {
      NamedAttrList inherent;
      op->getName().populateInherentAttrs(op, inherent);
      for (NamedAttribute attr : inherent)
        visit(attr.getValue());
    }
  }

  //===--------------------------------------------------------------------===//
  // 2. Liveness
  //===--------------------------------------------------------------------===//

  void markLive(unsigned block) {
    if (!live[block]) {
      live[block] = true;
      worklist.push_back(block);
    }
  }

  bool isLive(Block *block) const {
    auto it = blockIds.find(block);
    return it != blockIds.end() && live[it->second];
  }

  void markEntryBlocksLive(Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.empty())
        markLive(getBlockId(&region.front()));
  }

  /// Replays the records of each block that becomes live
  /// (DeadCodeAnalysis's fixpoint with no known branch condition).
  void computeLiveness() {
    // The records of each block, contiguous.
    unsigned numBlocks = blockIds.size();
    std::vector<unsigned> offsets(numBlocks + 1, 0);
    for (unsigned gate : recordGates)
      ++offsets[gate + 1];
    for (unsigned i = 0; i < numBlocks; ++i)
      offsets[i + 1] += offsets[i];
    std::vector<unsigned> order(records.size());
    {
      std::vector<unsigned> next(offsets.begin(), offsets.end() - 1);
      for (unsigned i = 0, e = records.size(); i < e; ++i)
        order[next[recordGates[i]]++] = i;
    }

    live.assign(numBlocks, false);
    markEntryBlocksLive(root);
    while (!worklist.empty()) {
      unsigned block = worklist.pop_back_val();
      for (unsigned i = offsets[block]; i < offsets[block + 1]; ++i) {
        const LivenessRecord &entry = records[order[i]];
        switch (entry.kind) {
        case LivenessRecord::Block:
          markLive(entry.block);
          break;
        case LivenessRecord::Call:
          registerCall(cast<CallOpInterface>(entry.op), block);
          break;
        case LivenessRecord::Callable: {
          CallableInfo &info = callables[entry.op];
          info.parentLive = true;
          if (info.unknownCallers || info.numCallsites)
            markEntryBlocksLive(entry.op);
          break;
        }
        case LivenessRecord::Return: {
          CallableInfo &info = callables[entry.op->getParentOp()];
          info.returns.push_back(entry.op);
          info.opaqueReturn |=
              !entry.op->hasTrait<mlir::OpTrait::ReturnLike>();
          break;
        }
        }
      }
    }
  }

  /// Records a live call on its callee when the callee is a symbol in the
  /// module with a body; any other call has unknown results.
  void registerCall(CallOpInterface call, unsigned gate) {
    Operation *callee = call.resolveCallableInTable(&symbolTables);
    bool inModule =
        isa_and_nonnull<SymbolOpInterface>(callee) && root->isAncestor(callee);
    if (auto callable = dyn_cast_if_present<CallableOpInterface>(callee))
      inModule &= callable.getCallableRegion() != nullptr;
    if (!inModule) {
      liveCalls.push_back({call, nullptr, gate});
      return;
    }
    liveCalls.push_back({call, callee, gate});
    CallableInfo &info = callables[callee];
    ++info.numCallsites;
    if (info.parentLive)
      markEntryBlocksLive(callee);
  }

  /// Call operands feed the callee's arguments (unless it may be called from
  /// outside); its returned values feed the call's results. A call the
  /// module does not define, or whose callee returns through a terminator
  /// that is not return-like, has external results.
  void addCallEdges(const LiveCall &live) {
    Operation *op = live.call;
    // A call that is also a region op gets its results from its regions.
    bool resultsFromCall = !isa<RegionBranchOpInterface>(op);
    if (!live.callee) {
      if (resultsFromCall)
        addExternal(op->getResults(), live.gate);
      return;
    }
    const CallableInfo &info = callables.find(live.callee)->second;
    if (auto callable = dyn_cast<CallableOpInterface>(live.callee)) {
      Block *entry = &callable.getCallableRegion()->front();
      if (!info.unknownCallers && isLive(entry))
        for (auto [operand, argument] :
             llvm::zip(cast<CallOpInterface>(op).getArgOperandsMutable(),
                       entry->getArguments()))
          addEdge(operand.get(), argument, live.gate, &operand);
    }
    if (!resultsFromCall)
      return;
    if (info.opaqueReturn) {
      addExternal(op->getResults(), live.gate);
      return;
    }
    for (Operation *ret : info.returns)
      for (auto [operand, result] :
           llvm::zip(ret->getOpOperands(), op->getResults()))
        addEdge(operand.get(), result, live.gate, &operand);
  }

  //===--------------------------------------------------------------------===//
  // 3. Propagation
  //===--------------------------------------------------------------------===//

  /// Pushes each creator, then "external", along the edges of live blocks.
  /// Creators are pushed one at a time in program order, so each set comes
  /// out in program order and "already has this creator" is a check of one
  /// stamp per node. Cost: edges leaving each node times the size of its
  /// set.
  void propagate() {
    unsigned numNodes = sets.size();
    // Adjacency lists of the enabled edges, contiguous.
    std::vector<unsigned> offsets(numNodes + 1, 0);
    for (const Edge &edge : edges)
      if (live[edge.gate])
        ++offsets[edge.from + 1];
    for (unsigned i = 0; i < numNodes; ++i)
      offsets[i + 1] += offsets[i];
    std::vector<unsigned> targets(offsets.back());
    {
      std::vector<unsigned> next(offsets.begin(), offsets.end() - 1);
      for (const Edge &edge : edges)
        if (live[edge.gate])
          targets[next[edge.from]++] = edge.to;
    }

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
      // All seeds of one creator (a dispatch may create several results)
      // are adjacent, and share the creator's block.
      Operation *creator = creatorSeeds[i].creator;
      bool enabled = live[creatorSeeds[i].gate];
      ++creatorNumber;
      for (; i < e && creatorSeeds[i].creator == creator; ++i)
        if (enabled)
          stack.push_back(creatorSeeds[i].node);
      flood([&](unsigned node) {
        if (stamp[node] == creatorNumber)
          return false;
        stamp[node] = creatorNumber;
        sets[node].addCreator(creator);
        return true;
      });
    }

    for (const ExternalSeed &seed : externalSeeds)
      if (live[seed.gate])
        stack.push_back(seed.node);
    flood([&](unsigned node) {
      if (sets[node].isExternal())
        return false;
      sets[node].setExternal();
      return true;
    });

    // Kept for flow queries (relayout at merges).
    liveEdges.reserve(offsets.back());
    for (const Edge &edge : edges)
      if (live[edge.gate])
        liveEdges.push_back({edge.from, edge.to, edge.operand});
  }

  Operation *root;
  DenseMap<Value, unsigned> &nodes;
  std::vector<CreatorSet> &sets;
  std::vector<Value> &values;
  std::vector<ResourceCreators::Edge> &liveEdges;
  SymbolTableCollection symbolTables;

  DenseMap<Operation *, CallableInfo> callables;
  DenseMap<Operation *, bool> visibleUses;
  bool scannedSymbolUses = false;
  bool allCallersUnknown = false;
  DenseSet<Operation *> namedByNonCall;
  /// Symbols each attribute names (attributes repeat across ops).
  DenseMap<Attribute, SmallVector<Operation *, 1>> symbolsNamedBy;

  llvm::SmallDenseMap<OperationName, bool, 16> callKinds;
  DenseMap<Block *, unsigned> blockIds;
  std::vector<LivenessRecord> records;
  std::vector<unsigned> recordGates;
  std::vector<bool> live;
  SmallVector<unsigned> worklist;
  std::vector<LiveCall> liveCalls;

  std::vector<Edge> edges;
  /// In program order.
  std::vector<CreatorSeed> creatorSeeds;
  std::vector<ExternalSeed> externalSeeds;
};

} // namespace

ResourceCreators::ResourceCreators(Operation *root) {
  CreatorPropagation(root, nodes, sets, values, liveEdges).run();
  anyMerged = llvm::any_of(sets, [](const CreatorSet &set) {
    return set.getCreators().size() + set.isExternal() > 1;
  });
}

const CreatorSet &ResourceCreators::lookup(Value value) const {
  auto it = nodes.find(value);
  return it == nodes.end() ? empty : sets[it->second];
}

void ResourceCreators::indexFlows() const {
  if (!incomingOffsets.empty())
    return;
  auto group = [&](auto key, std::vector<ResourceFlow> &flows,
                   std::vector<unsigned> &offsets) {
    offsets.assign(values.size() + 1, 0);
    for (const Edge &edge : liveEdges)
      ++offsets[key(edge) + 1];
    for (size_t i = 0; i < values.size(); ++i)
      offsets[i + 1] += offsets[i];
    flows.resize(liveEdges.size());
    std::vector<unsigned> next(offsets.begin(), offsets.end() - 1);
    for (const Edge &edge : liveEdges)
      flows[next[key(edge)]++] = {values[edge.from], values[edge.to],
                                  edge.operand};
  };
  group([](const Edge &edge) { return edge.to; }, incoming, incomingOffsets);
  group([](const Edge &edge) { return edge.from; }, outgoing, outgoingOffsets);
}

ArrayRef<ResourceFlow>
ResourceCreators::getFlows(Value value, const std::vector<ResourceFlow> &flows,
                           const std::vector<unsigned> &offsets) const {
  auto it = nodes.find(value);
  if (it == nodes.end())
    return {};
  indexFlows();
  unsigned node = it->second;
  return ArrayRef<ResourceFlow>(flows).slice(offsets[node],
                                             offsets[node + 1] - offsets[node]);
}

ArrayRef<ResourceFlow> ResourceCreators::getIncoming(Value value) const {
  return getFlows(value, incoming, incomingOffsets);
}

ArrayRef<ResourceFlow> ResourceCreators::getOutgoing(Value value) const {
  return getFlows(value, outgoing, outgoingOffsets);
}

void getFlowTransfer(OpOperand &operand, Value target,
                     SymbolTableCollection &symbols,
                     SmallVectorImpl<std::pair<OpOperand *, Value>> &pairs) {
  Operation *op = operand.getOwner();
  auto found = [&] {
    return llvm::is_contained(pairs, std::make_pair(&operand, target));
  };
  if (auto branch = dyn_cast<BranchOpInterface>(op)) {
    for (unsigned index = 0, e = op->getNumSuccessors(); index < e; ++index) {
      pairs.clear();
      SuccessorOperands operands = branch.getSuccessorOperands(index);
      MutableOperandRange forwarded = operands.getMutableForwardedOperands();
      Block *successor = op->getSuccessor(index);
      unsigned produced = operands.getProducedOperandCount();
      for (unsigned i = 0, n = forwarded.size();
           i < n && produced + i < successor->getNumArguments(); ++i)
        pairs.emplace_back(&forwarded[i], successor->getArgument(produced + i));
      if (found())
        return;
    }
  }
  SmallVector<RegionTransfer> transfers;
  getRegionTransfers(op, transfers);
  for (const RegionTransfer &transfer : transfers) {
    pairs.clear();
    if (!transfer.operands)
      continue;
    ValueRange inputs = transfer.successor.getSuccessorInputs();
    OpOperand *base = transfer.operands->getBase();
    for (unsigned i = 0, n = std::min<size_t>(transfer.operands->size(),
                                              inputs.size());
         i < n; ++i)
      pairs.emplace_back(&base[i], inputs[i]);
    if (found())
      return;
  }
  pairs.clear();
  if (auto call = dyn_cast<CallOpInterface>(op)) {
    auto callable = dyn_cast_if_present<CallableOpInterface>(
        call.resolveCallableInTable(&symbols));
    if (callable && callable.getCallableRegion() &&
        !callable.getCallableRegion()->empty()) {
      Block &entry = callable.getCallableRegion()->front();
      for (auto [callOperand, argument] :
           llvm::zip(call.getArgOperandsMutable(), entry.getArguments()))
        pairs.emplace_back(&callOperand, argument);
      if (found())
        return;
    }
    pairs.clear();
  }
  // A return feeding the results of a call of its function (not any
  // ReturnLike terminator: an scf.yield returns to its parent op only).
  auto result = dyn_cast<OpResult>(target);
  auto call = result ? dyn_cast<CallOpInterface>(result.getOwner())
                     : CallOpInterface();
  if (call && op->hasTrait<mlir::OpTrait::ReturnLike>() &&
      op->getParentOp() == call.resolveCallableInTable(&symbols) &&
      op->getParentOp()) {
    for (auto [returned, callResult] :
         llvm::zip(op->getOpOperands(), result.getOwner()->getResults()))
      pairs.emplace_back(&returned, callResult);
    if (found())
      return;
  }
  pairs.clear();
}

} // namespace layoutopt::stream_lite
