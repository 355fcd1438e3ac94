//===- MergeRelayout.cpp - one layout per merged resource -----------------===//
//
// Before --stream-lite-specialize-encodings resolves types, every merge of
// resources whose creators' layouts differ gets relayouts on its incoming
// paths (docs/passes.md, Merges). The rewrite works on unresolved types: an
// inserted encode has the same unresolved type on both sides and an on(...)
// affinity that resolves it to the chosen layout, so the resolution that
// follows turns it into a relayout from the path's layout (its source's
// creators) to the chosen one (its own affinity).
//
// Iterations: the creator analysis runs, every mention whose creators'
// layouts differ is traced back to the innermost merge whose paths differ,
// and each such merge is fixed once. A merge whose trace crosses a value
// changed earlier in the iteration waits for the next iteration, whose
// analysis sees the change. Iterations stop when one fixes nothing; a
// conflict left then (one no merge explains) is reported by the resolution.
//
//===----------------------------------------------------------------------===//

#include "MergeRelayout.h"

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace layoutopt::stream_lite {

namespace {

constexpr llvm::StringLiteral kRemarkCategory = "stream-lite-specialize-encodings";

/// A resolved tensor type and an affinity that resolves to it.
struct Layout {
  TypeAttr type;
  AffinityAttr affinity;
};

/// The layouts one tensor type takes on the bytes a value may hold: one per
/// distinct resolved type of its creators.
struct SourceLayouts {
  SmallVector<Layout, 1> fixed;
  /// The bytes may also come from outside (resolved by each mention).
  bool external = false;

  bool contains(TypeAttr type) const {
    return llvm::any_of(fixed, [&](const Layout &l) { return l.type == type; });
  }
  void add(Layout layout) {
    if (!contains(layout.type))
      fixed.push_back(layout);
  }
  /// The first layout other than `type`, if any.
  const Layout *firstOtherThan(TypeAttr type) const {
    for (const Layout &l : fixed)
      if (l.type != type)
        return &l;
    return nullptr;
  }
};

/// One incoming path of a merge: `operand` passes `source` into `fed`.
struct Path {
  OpOperand *operand;
  Value source, fed;
  SourceLayouts layouts;
};

/// An op mentioning a value that holds the merged bytes.
struct Consumer {
  Operation *op;
  EncodedTensor tensor;
  Value resource;
};

RankedTensorType tensorOf(TypeAttr type) {
  return cast<RankedTensorType>(type.getValue());
}

Attribute encodingOf(TypeAttr type) { return tensorOf(type).getEncoding(); }

/// Storage bytes of a resolved type when its shape is static.
std::optional<int64_t> staticBytes(TypeAttr resolved) {
  RankedTensorType type = tensorOf(resolved);
  if (!type.hasStaticShape())
    return std::nullopt;
  if (auto encoding = getSerializableEncoding(type))
    return encoding.getStaticStorageSizeInBytes(type);
  return IdentityAttr::get(type.getContext())
      .getCheckedStorageSizeInBytes(type.getShape(),
                                    ElementWidth::of(type.getElementType()));
}

std::string describeBytes(TypeAttr resolved) {
  if (std::optional<int64_t> bytes = staticBytes(resolved))
    return std::to_string(*bytes) + " bytes";
  return "a size computed at run time";
}

class MergeRelayout {
public:
  MergeRelayout(ModuleOp module, TypeResolver &resolver,
                std::unique_ptr<ResourceCreators> &creators)
      : module(module), resolver(resolver), creators(creators),
        dominance(module) {}

  unsigned getNumRelayouts() const { return numRelayouts; }

  LogicalResult run() {
    if (!creators->hasMergedValues())
      return success();
    while (true) {
      touched.clear();
      SmallVector<std::pair<Value, TypeAttr>> conflicts;
      collectConflicts(conflicts);
      unsigned fixes = 0;
      // Values an earlier trace of this iteration crossed on its way to a merge:
      // a mention of one of them leads to that merge too (a long chain of
      // mentions after one merge is traced once, not once per mention).
      DenseSet<std::pair<Value, Attribute>> traced;
      for (auto [resource, type] : conflicts) {
        if (traced.contains({resource, type}))
          continue;
        DenseSet<Value> visited;
        Value merge = findMerge(resource, type, visited);
        if (merge)
          for (Value value : visited)
            traced.insert({value, type});
        if (!merge || fixedNodes.contains(merge) ||
            llvm::any_of(visited, [&](Value v) { return touched.contains(v); }))
          continue;
        FailureOr<bool> fixed = fixMerge(merge, type);
        if (failed(fixed))
          return failure();
        fixes += *fixed;
      }
      if (!fixes)
        return success();
      creators = std::make_unique<ResourceCreators>(module);
    }
  }

private:
  /// Resolves without diagnostics: an encoding that does not resolve is
  /// reported by the resolution itself, once.
  std::optional<TypeAttr> tryResolve(TypeAttr type, AffinityAttr affinity,
                                     Operation *op) {
    ScopedDiagnosticHandler silence(module.getContext(),
                                    [](Diagnostic &) { return success(); });
    FailureOr<TypeAttr> resolved = resolver.resolve(type, affinity, op, "");
    if (failed(resolved))
      return std::nullopt;
    return *resolved;
  }

  SourceLayouts getSourceLayouts(Value resource, TypeAttr type) {
    SourceLayouts layouts;
    const CreatorSet &set = creators->lookup(resource);
    layouts.external = set.isExternal();
    for (Operation *creator : set.getCreators()) {
      AffinityAttr affinity = lookupAffinity(creator);
      if (std::optional<TypeAttr> resolved = tryResolve(type, affinity, creator))
        layouts.add({*resolved, affinity});
    }
    return layouts;
  }

  /// Every (resource, type) an op mentions whose creators' layouts differ,
  /// or differ from the mention's own when the bytes may come from outside.
  void collectConflicts(SmallVectorImpl<std::pair<Value, TypeAttr>> &out) {
    module.walk([&](EncodedTensorOpInterface op) {
      for (const EncodedTensor &tensor : op.getEncodedTensors()) {
        if (tensor.isCreatedByOp() || !needsResolution(tensor.getType()))
          continue;
        Value resource =
            tensor.role == TensorRole::Copies ? tensor.source : tensor.resource;
        const CreatorSet &set = creators->lookup(resource);
        if (set.getCreators().size() + set.isExternal() < 2)
          continue;
        SourceLayouts layouts = getSourceLayouts(resource, tensor.type);
        bool differ = layouts.fixed.size() > 1;
        if (!differ && layouts.external && layouts.fixed.size() == 1) {
          std::optional<TypeAttr> own =
              tryResolve(tensor.type, lookupAffinity(op), op);
          differ = own && *own != layouts.fixed.front().type;
        }
        if (differ)
          out.emplace_back(resource, tensor.type);
      }
    });
  }

  /// The innermost merge whose incoming paths differ, walking back from
  /// `value` through single flows; merges inside a differing path first.
  Value findMerge(Value value, TypeAttr type, DenseSet<Value> &visited) {
    Value current = value;
    while (visited.insert(current).second) {
      ArrayRef<ResourceFlow> incoming = creators->getIncoming(current);
      if (incoming.empty())
        return {};
      if (incoming.size() == 1) {
        current = incoming.front().from;
        continue;
      }
      for (const ResourceFlow &flow : incoming)
        if (!visited.contains(flow.from) &&
            getSourceLayouts(flow.from, type).fixed.size() > 1)
          if (Value inner = findMerge(flow.from, type, visited))
            return inner;
      return current;
    }
    return {};
  }

  /// The op's remark options.
  remark::RemarkOpts remarkOpts(Operation *at, StringRef name) {
    StringRef function;
    auto func = dyn_cast<func::FuncOp>(at);
    if (!func)
      func = at->getParentOfType<func::FuncOp>();
    if (func)
      function = func.getSymName();
    return remark::RemarkOpts::name(name).category(kRemarkCategory).function(
        function);
  }

  FailureOr<bool> fixMerge(Value node, TypeAttr type);
  LogicalResult relayoutPath(const Path &path, TypeAttr type,
                             const Layout &chosen,
                             ArrayRef<Consumer> consumers,
                             ArrayRef<Value> group,
                             const DenseSet<Value> &reached);
  Value mapToPath(Value value, ArrayRef<std::pair<OpOperand *, Value>> pairs,
                  Operation *at);
  bool findDims(Value resource, RankedTensorType type, Operation *at,
                SmallVectorImpl<Value> &dims);
  Value findSize(Value resource, Operation *at);

  ModuleOp module;
  TypeResolver &resolver;
  std::unique_ptr<ResourceCreators> &creators;
  DominanceInfo dominance;
  SymbolTableCollection symbols;
  /// Merge nodes fixed so far (each is fixed once).
  DenseSet<Value> fixedNodes;
  /// Values whose analysis facts changed in this iteration.
  DenseSet<Value> touched;
  unsigned numRelayouts = 0;
};

/// Fixes the merge at `node` for tensor type `type`: returns whether a
/// relayout was inserted.
FailureOr<bool> MergeRelayout::fixMerge(Value node, TypeAttr type) {
  // The merge: every value fed by the operands that feed `node` (a loop's
  // iteration argument and result share theirs), and those operands.
  SmallVector<Value> group{node};
  DenseSet<Value> inGroup{node};
  SmallVector<Path> paths;
  DenseSet<OpOperand *> seenOperands;
  for (size_t i = 0; i < group.size(); ++i)
    for (const ResourceFlow &flow : creators->getIncoming(group[i])) {
      if (!flow.operand || !seenOperands.insert(flow.operand).second)
        continue;
      paths.push_back({flow.operand, flow.from, flow.to, {}});
      for (const ResourceFlow &out : creators->getOutgoing(flow.from))
        if (out.operand == flow.operand && inGroup.insert(out.to).second)
          group.push_back(out.to);
    }
  for (Path &path : paths)
    path.layouts = getSourceLayouts(path.source, type);
  fixedNodes.insert(group.begin(), group.end());
  touched.insert(group.begin(), group.end());

  // Consumers: ops mentioning any value that holds the merged bytes.
  SmallVector<Value> reachedList(group);
  DenseSet<Value> reached(inGroup);
  for (size_t i = 0; i < reachedList.size(); ++i)
    for (const ResourceFlow &out : creators->getOutgoing(reachedList[i]))
      if (reached.insert(out.to).second)
        reachedList.push_back(out.to);
  SmallVector<Consumer> consumers;
  SmallVector<Layout> consumerLayouts;
  for (Value value : reachedList)
    for (Operation *user : value.getUsers()) {
      auto op = dyn_cast<EncodedTensorOpInterface>(user);
      if (!op)
        continue;
      for (const EncodedTensor &tensor : op.getEncodedTensors()) {
        Value resource =
            tensor.role == TensorRole::Copies ? tensor.source : tensor.resource;
        if (tensor.isCreatedByOp() || resource != value)
          continue;
        consumers.push_back({user, tensor, value});
        AffinityAttr affinity = lookupAffinity(user);
        std::optional<TypeAttr> resolved = tryResolve(type, affinity, user);
        if (resolved && !llvm::any_of(consumerLayouts, [&](const Layout &l) {
              return l.type == *resolved;
            }))
          consumerLayouts.push_back({*resolved, affinity});
      }
    }

  // The choice: the consumers' layout, else the fewest relayout bytes.
  SmallVector<Layout> candidates;
  auto addCandidate = [&](const Layout &layout) {
    if (!llvm::any_of(candidates,
                      [&](const Layout &l) { return l.type == layout.type; }))
      candidates.push_back(layout);
  };
  // Every layout the merge could take: the paths' (in order), then the
  // consumers'.
  for (const Path &path : paths)
    for (const Layout &layout : path.layouts.fixed)
      addCandidate(layout);
  for (const Layout &layout : consumerLayouts)
    addCandidate(layout);
  if (candidates.empty())
    return false;
  bool forced = consumerLayouts.size() == 1;
  // Cost: (paths relayouted to a size known only at run time, static bytes
  // written by the relayouts).
  auto costOf = [&](const Layout &layout) {
    std::pair<int64_t, int64_t> cost{0, 0};
    std::optional<int64_t> bytes = staticBytes(layout.type);
    for (const Path &path : paths)
      if (path.layouts.firstOtherThan(layout.type)) {
        if (bytes)
          cost.second += *bytes;
        else
          ++cost.first;
      }
    return cost;
  };
  Layout chosen = candidates.front();
  if (forced) {
    chosen = consumerLayouts.front();
  } else {
    for (const Layout &candidate : llvm::drop_begin(candidates))
      if (costOf(candidate) < costOf(chosen))
        chosen = candidate;
  }

  SmallVector<const Path *> toRelayout;
  for (const Path &path : paths)
    if (path.layouts.firstOtherThan(chosen.type))
      toRelayout.push_back(&path);
  if (toRelayout.empty())
    return false;

  {
    Operation *at = node.getParentBlock()->getParentOp();
    if (Operation *def = node.getDefiningOp())
      at = def;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "merge of " << paths.size() << " paths of " << tensorOf(type) << ":";
    for (const Layout &candidate : candidates) {
      auto [dynamicPaths, bytes] = costOf(candidate);
      os << " to " << encodingOf(candidate.type) << " relayouts " << bytes
         << " bytes";
      if (dynamicPaths)
        os << " and " << dynamicPaths << " path(s) sized at run time";
      os << ";";
    }
    os << " chose " << encodingOf(chosen.type) << " ("
       << (forced ? "the layout its consumers resolve"
                  : "the fewest relayout bytes")
       << ")";
    remark::analysis(node.getLoc(), remarkOpts(at, "merge")) << text;
  }

  for (const Path *path : toRelayout)
    if (failed(relayoutPath(*path, type, chosen, consumers, group, reached)))
      return failure();
  return true;
}

Value MergeRelayout::mapToPath(Value value,
                               ArrayRef<std::pair<OpOperand *, Value>> pairs,
                               Operation *at) {
  for (auto [operand, input] : pairs)
    if (input == value)
      return operand->get();
  if (dominance.properlyDominates(value, at))
    return value;
  return {};
}

/// The dims of `resource`'s tensor of shape `type` usable at `at`: those of
/// the op defining it, or of an op mentioning it.
bool MergeRelayout::findDims(Value resource, RankedTensorType type,
                             Operation *at, SmallVectorImpl<Value> &dims) {
  auto tryOp = [&](Operation *op, bool defines) {
    auto tensorOp = dyn_cast_if_present<EncodedTensorOpInterface>(op);
    if (!tensorOp)
      return false;
    for (const EncodedTensor &tensor : tensorOp.getEncodedTensors()) {
      Value holder = defines ? tensor.getResultResource() : tensor.resource;
      if (holder != resource || tensor.getType().getShape() != type.getShape())
        continue;
      if (llvm::all_of(tensor.dims, [&](Value dim) {
            return dominance.properlyDominates(dim, at);
          })) {
        dims.assign(tensor.dims.begin(), tensor.dims.end());
        return true;
      }
    }
    return false;
  };
  if (tryOp(resource.getDefiningOp(), /*defines=*/true))
    return true;
  for (Operation *user : resource.getUsers())
    if (tryOp(user, /*defines=*/false))
      return true;
  return false;
}

/// The size of `resource` usable at `at`: the one the op defining it states,
/// or one an op mentioning it states.
Value MergeRelayout::findSize(Value resource, Operation *at) {
  auto tryOp = [&](Operation *op, bool defines) -> Value {
    auto tensorOp = dyn_cast_if_present<EncodedTensorOpInterface>(op);
    if (!tensorOp)
      return {};
    for (const EncodedTensor &tensor : tensorOp.getEncodedTensors()) {
      Value holder = defines ? tensor.getResultResource() : tensor.resource;
      if (holder == resource && tensor.size &&
          dominance.properlyDominates(tensor.size, at))
        return tensor.size;
    }
    return {};
  };
  if (Value size = tryOp(resource.getDefiningOp(), /*defines=*/true))
    return size;
  for (Operation *user : resource.getUsers())
    if (Value size = tryOp(user, /*defines=*/false))
      return size;
  return {};
}

LogicalResult MergeRelayout::relayoutPath(const Path &path, TypeAttr type,
                                          const Layout &chosen,
                                          ArrayRef<Consumer> consumers,
                                          ArrayRef<Value> group,
                                          const DenseSet<Value> &reached) {
  OpOperand &operand = *path.operand;
  Operation *at = operand.getOwner();
  RankedTensorType tensorType = tensorOf(type);
  const Layout &from = *path.layouts.firstOtherThan(chosen.type);
  auto fail = [&](const Twine &reason) {
    return at->emitOpError()
           << "cannot relayout operand #" << operand.getOperandNumber() << " ("
           << tensorType << ") from " << encodingOf(from.type) << " to "
           << encodingOf(chosen.type) << " for the merge it feeds: " << reason;
  };
  auto resourceType = dyn_cast<ResourceType>(path.source.getType());
  if (!resourceType || resourceType.getLifetime() == Lifetime::Staging)
    return fail("a staging resource cannot be relayouted");

  // A consumer of a value this path feeds names the merged size and dims.
  SmallVector<std::pair<OpOperand *, Value>> pairs;
  const Consumer *model = nullptr;
  // Prefer one whose size is passed along the path.
  SmallVector<std::pair<OpOperand *, Value>> candidatePairs;
  for (const Consumer &consumer : consumers) {
    getFlowTransfer(operand, consumer.resource, symbols, candidatePairs);
    if (candidatePairs.empty())
      continue;
    bool sizePassed = llvm::any_of(candidatePairs, [&](auto pair) {
      return pair.second == consumer.tensor.size;
    });
    if (!model || sizePassed) {
      model = &consumer;
      pairs = candidatePairs;
    }
    if (sizePassed)
      break;
  }
  if (!model)
    getFlowTransfer(operand, path.fed, symbols, pairs);

  SmallVector<Value> dims;
  if (tensorType.getNumDynamicDims()) {
    bool found = false;
    if (model && model->tensor.getType().getShape() == tensorType.getShape()) {
      found = true;
      for (Value dim : model->tensor.dims) {
        Value mapped = mapToPath(dim, pairs, at);
        found &= bool(mapped);
        dims.push_back(mapped);
      }
    }
    if (!found) {
      dims.clear();
      if (!findDims(path.source, tensorType, at, dims))
        return fail("its dynamic dims are not available on this path");
    }
  }
  Value sourceSize = findSize(path.source, at);

  // Where the new size goes: the operand passing the merged size along this
  // path, if there is one.
  OpOperand *sizeOperand = nullptr;
  Value mergedSize;
  if (model) {
    mergedSize = model->tensor.size;
    for (auto [pathOperand, input] : pairs)
      if (input == mergedSize) {
        sizeOperand = pathOperand;
        break;
      }
    // A path that only forwards its resource (a block of an irreducible
    // loop passing its argument on) states no size for it, but the size it
    // passes as the merged size is, by the consumers' own statement, the
    // size of the bytes it passes.
    if (!sourceSize && sizeOperand)
      sourceSize = sizeOperand->get();
  }
  if (!sourceSize)
    return fail("the size of the incoming resource is not available on this "
                "path");
  if (!model) {
    // No consumer names it: the one index this path passes that is the
    // incoming resource's size.
    unsigned candidates = 0;
    for (auto [pathOperand, input] : pairs)
      if (pathOperand->get() == sourceSize && isa<IndexType>(input.getType())) {
        ++candidates;
        sizeOperand = pathOperand;
        mergedSize = input;
      }
    if (candidates != 1)
      sizeOperand = nullptr;
  }
  std::optional<int64_t> oldBytes = staticBytes(from.type);
  std::optional<int64_t> newBytes = staticBytes(chosen.type);
  bool sameBytes = oldBytes && newBytes && *oldBytes == *newBytes;
  if (sizeOperand && !sameBytes) {
    // Every op mentioning the merged value must state the merged size: any
    // other value would keep the old size after the relayout.
    for (const Consumer &consumer : consumers)
      if (consumer.tensor.size != mergedSize &&
          llvm::is_contained(group, consumer.resource))
        return fail(llvm::formatv("'{0}' states the merged value's size with "
                                  "another value than the one passed along "
                                  "the merge",
                                  consumer.op->getName())
                        .str());
    // A call that gets the relayouted bytes back as a result leaves their
    // size to the caller, which the relayout cannot change.
    if (auto call = dyn_cast<CallOpInterface>(at))
      for (Value result : at->getResults())
        if (reached.contains(result))
          return fail("the callee returns the relayouted bytes, whose size "
                      "the caller states on its own");
  }
  if (sizeOperand) {
    // The merged size must describe only bytes of this merge, or rewriting
    // it would change another resource's size.
    for (Operation *user : mergedSize.getUsers()) {
      auto tensorOp = dyn_cast<EncodedTensorOpInterface>(user);
      if (!tensorOp)
        continue;
      for (const EncodedTensor &tensor : tensorOp.getEncodedTensors())
        if (tensor.size == mergedSize &&
            !reached.contains(tensor.getResultResource()) &&
            !reached.contains(tensor.resource))
          return fail(llvm::formatv("the merged size is also the size of a "
                                    "resource of '{0}' that does not come "
                                    "from this merge",
                                    user->getName())
                          .str());
    }
  } else {
    // The merged size stays: it must be the new layout's size too.
    if (!sameBytes)
      return fail(
          "the merged size is not passed along this path (it is defined "
          "before the merge or not known), so it cannot become the size of "
          "the new layout, which is not provably the same (" +
          describeBytes(from.type) + " before, " + describeBytes(chosen.type) +
          " after)");
  }

  OpBuilder builder(at);
  Location loc = at->getLoc();
  Value newSize = TensorSizeOfOp::create(builder, loc, builder.getIndexType(),
                                         type, dims, chosen.affinity);
  auto encode = TensorEncodeOp::create(builder, loc, path.source.getType(),
                                       path.source, type, dims, sourceSize,
                                       type, dims, newSize, chosen.affinity);
  operand.set(encode.getResult());
  ++numRelayouts;
  if (sizeOperand)
    sizeOperand->set(newSize);
  // Another value this path passes the old size as, which states the size
  // of the merged bytes further on (a tied op naming it), passes the new
  // size too.
  auto statesMergedSize = [&](Value input) {
    for (Operation *user : input.getUsers())
      if (auto tensorOp = dyn_cast<EncodedTensorOpInterface>(user))
        for (const EncodedTensor &tensor : tensorOp.getEncodedTensors())
          if (tensor.size == input &&
              (reached.contains(tensor.resource) ||
               reached.contains(tensor.getResultResource())))
            return true;
    return false;
  };
  for (auto [pathOperand, input] : pairs)
    if (pathOperand != sizeOperand && pathOperand->get() == sourceSize &&
        isa<IndexType>(input.getType()) && statesMergedSize(input))
      pathOperand->set(newSize);
  remark::passed(loc, remarkOpts(at, TensorEncodeOp::getOperationName()))
      << llvm::formatv("relayout of operand #{0} ({1}) from {2} to {3}: "
                       "writes {4}",
                       operand.getOperandNumber(),
                       Attribute(TypeAttr::get(tensorType)),
                       encodingOf(from.type), encodingOf(chosen.type),
                       describeBytes(chosen.type))
             .str();
  return success();
}

} // namespace

FailureOr<unsigned>
relayoutMergedResources(ModuleOp module, TypeResolver &resolver,
                        std::unique_ptr<ResourceCreators> &creators) {
  MergeRelayout relayout(module, resolver, creators);
  if (failed(relayout.run()))
    return failure();
  return relayout.getNumRelayouts();
}

unsigned expandResourceSelects(ModuleOp module) {
  SmallVector<arith::SelectOp> resourceSelects;
  module.walk([&](arith::SelectOp op) {
    if (isa<ResourceType>(op.getType()))
      resourceSelects.push_back(op);
  });
  if (resourceSelects.empty())
    return 0;
  DominanceInfo dominance(module);
  DenseSet<Operation *> expanded;
  unsigned count = 0;
  for (arith::SelectOp first : resourceSelects) {
    if (expanded.contains(first))
      continue;
    // The group starts at the first select of this condition in the block
    // that can hold the others: a select of the same condition whose
    // operands are available at `start` moves there unchanged (selects are
    // pure), and only later ones can be moved without crossing their uses.
    Block *block = first->getBlock();
    Value condition = first.getCondition();
    arith::SelectOp start = first;
    for (Operation &op : *block) {
      if (&op == first.getOperation())
        break;
      auto earlier = dyn_cast<arith::SelectOp>(&op);
      if (earlier && earlier.getCondition() == condition &&
          !expanded.contains(earlier) &&
          dominance.properlyDominates(first.getTrueValue(), earlier) &&
          dominance.properlyDominates(first.getFalseValue(), earlier)) {
        start = earlier;
        break;
      }
    }
    SmallVector<arith::SelectOp> group;
    for (Operation *op = start; op; op = op->getNextNode()) {
      auto select = dyn_cast<arith::SelectOp>(op);
      if (!select || select.getCondition() != condition ||
          expanded.contains(select))
        continue;
      if (select != start &&
          (!dominance.properlyDominates(select.getTrueValue(), start) ||
           !dominance.properlyDominates(select.getFalseValue(), start)))
        continue;
      group.push_back(select);
    }
    OpBuilder builder(start);
    SmallVector<Type> types;
    SmallVector<Value> trueValues, falseValues;
    for (arith::SelectOp select : group) {
      types.push_back(select.getType());
      trueValues.push_back(select.getTrueValue());
      falseValues.push_back(select.getFalseValue());
    }
    auto ifOp = scf::IfOp::create(builder, start.getLoc(), types, condition,
                                  /*withElseRegion=*/true);
    OpBuilder thenBuilder = OpBuilder::atBlockEnd(ifOp.thenBlock());
    scf::YieldOp::create(thenBuilder, start.getLoc(), trueValues);
    OpBuilder elseBuilder = OpBuilder::atBlockEnd(ifOp.elseBlock());
    scf::YieldOp::create(elseBuilder, start.getLoc(), falseValues);
    for (auto [select, result] : llvm::zip(group, ifOp.getResults())) {
      select.getResult().replaceAllUsesWith(result);
      expanded.insert(select);
      select.erase();
    }
    ++count;
  }
  return count;
}

unsigned sinkSizeSelectsIntoMerges(ModuleOp module) {
  llvm::MapVector<Operation *, SmallVector<arith::SelectOp>> selectsOfIf;
  DominanceInfo dominance(module);
  module.walk([&](arith::SelectOp select) {
    if (!select.getType().isIndex())
      return;
    for (Operation *user : select->getUsers()) {
      // The resources whose size the select states: a tensor's, or what a
      // transfer moves.
      SmallVector<Value> sized;
      if (auto transfer = dyn_cast<AsyncTransferOp>(user)) {
        if (transfer.getSourceSize() == select.getResult())
          sized.push_back(transfer.getSource());
      } else if (auto tensorOp = dyn_cast<EncodedTensorOpInterface>(user)) {
        for (const EncodedTensor &tensor : tensorOp.getEncodedTensors())
          if (tensor.size == select.getResult() && tensor.resource)
            sized.push_back(tensor.resource);
      }
      for (Value resource : sized) {
        // The merge whose bytes the resource holds, through ops that keep
        // their source's bytes (a fill in place, a transfer).
        for (int step = 0; step < 64 && resource; ++step) {
          auto keeper = resource.getDefiningOp<EncodedTensorOpInterface>();
          if (!keeper)
            break;
          resource = keeper.getLayoutSource(
              cast<OpResult>(resource).getResultNumber());
        }
        auto ifOp = resource ? resource.getDefiningOp<scf::IfOp>() : nullptr;
        if (!ifOp || ifOp.getCondition() != select.getCondition() ||
            ifOp.getElseRegion().empty() ||
            !dominance.properlyDominates(select.getTrueValue(), ifOp) ||
            !dominance.properlyDominates(select.getFalseValue(), ifOp) ||
            !llvm::all_of(select->getUsers(), [&](Operation *use) {
              return dominance.properlyDominates(ifOp.getOperation(), use);
            }))
          continue;
        selectsOfIf[ifOp].push_back(select);
        return;
      }
    }
  });
  unsigned count = 0;
  for (auto &[op, selects] : selectsOfIf) {
    auto ifOp = cast<scf::IfOp>(op);
    SmallVector<Type> types(ifOp.getResultTypes());
    types.append(selects.size(), IndexType::get(module.getContext()));
    OpBuilder builder(ifOp);
    auto merged = scf::IfOp::create(builder, ifOp.getLoc(), types,
                                    ifOp.getCondition(),
                                    /*withElseRegion=*/true);
    merged.getThenRegion().takeBody(ifOp.getThenRegion());
    merged.getElseRegion().takeBody(ifOp.getElseRegion());
    for (arith::SelectOp select : selects) {
      merged.thenYield().getResultsMutable().append(select.getTrueValue());
      merged.elseYield().getResultsMutable().append(select.getFalseValue());
    }
    for (auto [old, now] : llvm::zip(ifOp.getResults(), merged.getResults()))
      old.replaceAllUsesWith(now);
    for (auto [index, select] : llvm::enumerate(selects)) {
      select.getResult().replaceAllUsesWith(
          merged.getResult(ifOp.getNumResults() + index));
      select.erase();
    }
    ifOp.erase();
    count += selects.size();
  }
  return count;
}

} // namespace layoutopt::stream_lite
