//===- FuseRelayouts.cpp - relayouts fused into their producers ------------===//
//
// --stream-lite-fuse-relayouts: a driver over fuseRelayouts (below), the
// library entry point. A relayout (`tensor.encode` between two physical
// layouts) of an untied result of a user dispatch, reached through
// `async.transfer`s and merges (`scf.if`, `scf.index_switch`) whose results
// have no other use, disappears when the kernel writes that result only
// through `dispatch.tensor.store`: the kernel's view of the result then
// takes the relayout's layout (the view lowering writes any layout), so the
// dispatch produces it directly.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "KernelViews.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/FormatVariadic.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_FUSERELAYOUTSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;

namespace layoutopt::stream_lite {

static constexpr llvm::StringLiteral kRemarkCategory =
    "stream-lite-fuse-relayouts";

namespace {

remark::RemarkOpts remarkOpts(Operation *at, StringRef name) {
  StringRef function;
  if (auto func = at->getParentOfType<func::FuncOp>())
    function = func.getSymName();
  return remark::RemarkOpts::name(name).category(kRemarkCategory).function(
      function);
}

/// The bytes a relayout to `type` writes, when its shape is static.
std::string describeBytes(RankedTensorType type,
                          PhysicalLayoutAttrInterface layout) {
  if (type.hasStaticShape())
    return std::to_string(layout.getStorageSizeInBytes(
               type.getShape(), ElementWidth::of(type.getElementType()))) +
           " bytes";
  return "a size computed at run time";
}

std::string describeLayout(Attribute encoding) {
  if (!encoding)
    return "dense row-major (no encoding)";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << encoding;
  return text;
}

/// The kernel function an entry point names, or null. Exports and kernels
/// are found through `tables` (one table per executable and inner module,
/// built once): a scan of an executable per dispatch would be quadratic in
/// a module of many dispatches of one executable's many exports.
func::FuncOp lookupKernel(SymbolTable &symbols, SymbolTableCollection &tables,
                          SymbolRefAttr entry,
                          ExecutableOp *executableOut = nullptr) {
  auto executable = symbols.lookup<ExecutableOp>(entry.getRootReference());
  if (!executable)
    return {};
  auto exportOp = dyn_cast_if_present<ExecutableExportOp>(
      tables.lookupSymbolIn(executable, entry.getLeafReference()));
  ModuleOp inner = executable.getInnerModule();
  if (!exportOp || !inner)
    return {};
  StringAttr name = exportOp.getFunctionName();
  if (executableOut)
    *executableOut = executable;
  return dyn_cast_if_present<func::FuncOp>(tables.lookupSymbolIn(inner, name));
}

/// The kernel argument that binds untied result `resultIndex` of `dispatch`.
std::optional<unsigned> resultArgument(TensorDispatchOp dispatch,
                                       func::FuncOp kernel,
                                       unsigned resultIndex) {
  std::optional<SmallVector<unsigned>> argOfSlot =
      getKernelArgumentOfSlots(dispatch, kernel);
  if (!argOfSlot)
    return std::nullopt;
  return (*argOfSlot)[getUntiedResultSlot(dispatch, resultIndex)];
}

/// Whether `value` is a `dispatch.tensor.load` result that only stores use.
bool isOnlyStoredLoad(Value value) {
  return value.getDefiningOp<DispatchTensorLoadOp>() &&
         llvm::all_of(value.getUsers(), [](Operation *user) {
           return isa<DispatchTensorStoreOp>(user);
         });
}

/// Why `kernel` cannot write argument `arg` in another layout, or "".
std::string whyNotStoreOnly(func::FuncOp kernel, unsigned arg) {
  if (kernel.isExternal())
    return "the kernel has no body";
  for (Operation *user : kernel.getArgument(arg).getUsers()) {
    auto subspan = dyn_cast<BindingSubspanOp>(user);
    if (!subspan)
      return "the kernel passes the result's binding to " +
             user->getName().getStringRef().str();
    if (!subspan.getDispatchTensorType())
      return "the kernel views the result's binding as bytes";
    for (OpOperand &use : subspan->getUses()) {
      auto store = dyn_cast<DispatchTensorStoreOp>(use.getOwner());
      if (!store || store.getTarget() != use.get())
        return "the kernel reads the result's binding or passes its view "
               "to another op";
      // IREE's form: a stored tensor that repeats the old layout. A loaded
      // tensor that is only stored loses the encoding when fused (below);
      // anything else computes on an encoded tensor, which the lowering
      // refuses anyway.
      if (cast<RankedTensorType>(store.getValue().getType()).getEncoding() &&
          !isOnlyStoredLoad(store.getValue()))
        return "the kernel stores a tensor that repeats the old layout and "
               "is not only stored (kernels compute on logical values)";
    }
  }
  return "";
}

/// Why the kernel's views of untied result `resultIndex` of `dispatch` are
/// not provably that whole result (KernelViews.h), or "".
std::string whyViewsAreNotResult(TensorDispatchOp dispatch, func::FuncOp kernel,
                                 unsigned resultIndex) {
  std::optional<SmallVector<unsigned>> argOfSlot =
      getKernelArgumentOfSlots(dispatch, kernel);
  if (!argOfSlot)
    return "the kernel's arguments do not match the dispatch";
  SmallVector<BoundTensor> bound = getBoundTensors(dispatch);
  unsigned slot = getUntiedResultSlot(dispatch, resultIndex);
  for (Operation *user : kernel.getArgument((*argOfSlot)[slot]).getUsers()) {
    auto view = dyn_cast<BindingSubspanOp>(user);
    if (!view)
      continue;
    std::string why = whyViewIsNotBound(view, bound[slot], dispatch,
                                        *argOfSlot, /*provable=*/true);
    if (!why.empty())
      return "the kernel's view of the result is not provably the whole "
             "result (" + why + ")";
  }
  return "";
}

class RelayoutFusion {
public:
  RelayoutFusion(ModuleOp module, FuseRelayoutsStats &stats)
      : module(module), symbols(module), stats(stats) {
    module.walk([&](TensorDispatchOp dispatch) {
      for (Attribute entry : dispatch.getEntryPoints())
        ++dispatchesOf[cast<SymbolRefAttr>(entry).getRootReference()];
    });
  }

  void run() {
    SmallVector<TensorEncodeOp> encodes;
    module.walk([&](TensorEncodeOp encode) { encodes.push_back(encode); });
    for (TensorEncodeOp encode : encodes)
      tryFuse(encode);
    // A private executable whose every dispatch now runs a rewritten copy
    // is dead code (the copy was made before the last of them was fused).
    SmallVector<StringAttr> emptied;
    for (auto &[name, count] : dispatchesOf)
      if (count == 0)
        emptied.push_back(name);
    if (emptied.empty())
      return;
    // One walk for the symbols still referenced (by any op, not only a
    // dispatch).
    DenseSet<StringAttr> referenced;
    if (std::optional<SymbolTable::UseRange> uses =
            SymbolTable::getSymbolUses(&module.getBodyRegion()))
      for (const SymbolTable::SymbolUse &use : *uses)
        referenced.insert(use.getSymbolRef().getRootReference());
    for (StringAttr name : emptied)
      if (!referenced.contains(name))
        if (Operation *executable = symbols.lookup(name);
            executable && SymbolTable::getSymbolVisibility(executable) ==
                              SymbolTable::Visibility::Private)
          symbols.erase(executable);
  }

private:
  void missed(TensorEncodeOp encode, const Twine &reason) {
    ++stats.left;
    remark::missed(encode.getLoc(),
                   remarkOpts(encode, TensorEncodeOp::getOperationName()))
        << ("relayout not fused: " + reason).str();
  }

  /// One dispatch result a relayout's source comes from, with the
  /// transfers from it towards the relayout (nearest the dispatch last).
  struct Producer {
    TensorDispatchOp dispatch;
    unsigned resultIndex = 0;
    SmallVector<AsyncTransferOp> transfers;
  };

  /// What a fusion changes besides the producers: the transfers after
  /// merges move the relayout's size, and the values that carry its data
  /// to it take its resource type (a transfer's source, and what a merge
  /// after a transfer yields, keep their own).
  struct Path {
    SmallVector<AsyncTransferOp> transfersAfterMerges;
    SmallVector<Value> retyped;
  };

  /// Finds the dispatch results `value` comes from, back through transfers
  /// and merges (results of region ops without loops, `scf.if`,
  /// `scf.index_switch` or `scf.execute_region`, which come from their
  /// regions' terminators), each value on the way used once. With
  /// `retype`, `value` takes the relayout's resource type (its source does;
  /// a transfer's source keeps its own). The reason it cannot, or "".
  std::string collectProducers(Value value, bool retype,
                               TensorEncodeOp encode,
                               SmallVector<Producer> &producers, Path &path) {
    if (retype)
      path.retyped.push_back(value);
    SmallVector<AsyncTransferOp> transfers;
    while (true) {
      if (!value.hasOneUse())
        return "its source has another use";
      if (auto transfer = value.getDefiningOp<AsyncTransferOp>()) {
        transfers.push_back(transfer);
        value = transfer.getSource();
        continue;
      }
      break;
    }
    if (auto dispatch = value.getDefiningOp<TensorDispatchOp>()) {
      producers.push_back(
          {dispatch, cast<OpResult>(value).getResultNumber(), transfers});
      return "";
    }
    // A merge: an op with regions whose results come from its regions (or
    // its operands), each region entered at most once (no loop: a loop's
    // result also comes from its previous iteration's).
    auto merge = dyn_cast_or_null<RegionBranchOpInterface>(value.getDefiningOp());
    if (!merge || merge.hasLoop())
      return "its source is not the result of a dispatch";
    // Transfers after a merge move the relayout's size: it must be known
    // where they are.
    for (AsyncTransferOp transfer : transfers)
      if (!sizeAt(encode, transfer, /*build=*/false))
        return "the relayout's size is not known at the transfer after the "
               "merge";
    path.transfersAfterMerges.append(transfers);
    // The merge's result (retyped above when the relayout reads it
    // directly) and what is yielded to it keep one type.
    retype = retype && transfers.empty();
    unsigned index = cast<OpResult>(value).getResultNumber();
    SmallVector<Value> incoming;
    merge.getPredecessorValues(
        RegionSuccessor(merge.getOperation(), merge->getResults()), index,
        incoming);
    if (incoming.empty())
      return "its source is not the result of a dispatch";
    for (Value in : incoming)
      if (std::string why =
              collectProducers(in, retype, encode, producers, path);
          !why.empty())
        return why;
    return "";
  }

  /// The size of `encode`'s result at `at`: its size value, or a new
  /// `tensor.sizeof` of its dims when `build`; null when neither is
  /// defined there.
  Value sizeAt(TensorEncodeOp encode, Operation *at, bool build) {
    Value size = encode.getResultSize();
    if (dominance.properlyDominates(size, at))
      return size;
    for (Value dim : encode.getResultEncodingDims())
      if (!dominance.properlyDominates(dim, at))
        return Value();
    if (!build)
      return encode.getResultSize();
    OpBuilder builder(at);
    return TensorSizeOfOp::create(builder, at->getLoc(),
                                  builder.getIndexType(),
                                  encode.getResultEncodingAttr(),
                                  encode.getResultEncodingDims(),
                                  encode.getAffinityAttr());
  }

  /// Why `producer`'s kernel cannot write `resultType`'s layout, or "".
  std::string whyNotFusible(const Producer &producer,
                            RankedTensorType resultType) {
    TensorDispatchOp dispatch = producer.dispatch;
    unsigned resultIndex = producer.resultIndex;
    if (dispatch.getTiedResultOperandIndex(resultIndex))
      return "its source is a tied (readwrite) dispatch result, which keeps "
             "its operand's layout";
    if (dispatch.getEntryPoints().size() != 1)
      return "the dispatch has several entry points";
    auto entry = cast<SymbolRefAttr>(dispatch.getEntryPoints()[0]);
    ExecutableOp executable;
    func::FuncOp kernel = lookupKernel(symbols, tables, entry, &executable);
    if (executable && executable.getBuiltinKind())
      return "its source is a builtin dispatch";
    if (!kernel)
      return "the dispatch's kernel is not in the module";
    std::optional<unsigned> arg = resultArgument(dispatch, kernel, resultIndex);
    if (!arg)
      return "the kernel's arguments do not match the dispatch";
    if (std::string why = whyNotStoreOnly(kernel, *arg); !why.empty())
      return why;
    // Each view takes the relayout's layout: it must be the whole result,
    // or its stores would land on other bytes than the elements they name.
    if (std::string why = whyViewsAreNotResult(dispatch, kernel, resultIndex);
        !why.empty())
      return why;
    auto dispatchType = cast<RankedTensorType>(
        cast<TypeAttr>(dispatch.getResultEncodings()[resultIndex]).getValue());
    if (dispatchType.getShape() != resultType.getShape() ||
        dispatchType.getElementType() != resultType.getElementType())
      return "the dispatch result's type differs from the relayout's source";
    return "";
  }

  void tryFuse(TensorEncodeOp encode) {
    auto sourceType = cast<RankedTensorType>(encode.getSourceEncoding());
    auto resultType = cast<RankedTensorType>(encode.getResultEncoding());
    PhysicalLayoutAttrInterface from = getPhysicalLayout(sourceType);
    PhysicalLayoutAttrInterface to = getPhysicalLayout(resultType);
    // Unresolved or multi-target layouts are not relayouts this pass can
    // place; physically equal ones are clones (materialize-builtins folds
    // them) unless a packed tail must become zero.
    if (!from || !to ||
        areBytesInterchangeable(
            from, to, ElementWidth::of(sourceType.getElementType())))
      return;

    // Every dispatch the source comes from must write the new layout, or
    // none does: a merge of two layouts would be neither.
    SmallVector<Producer> producers;
    Path path;
    if (std::string why = collectProducers(encode.getSource(), /*retype=*/true,
                                           encode, producers, path);
        !why.empty())
      return missed(encode, why);
    for (const Producer &producer : producers)
      if (std::string why = whyNotFusible(producer, resultType); !why.empty())
        return missed(encode, why);

    // Producers that run one kernel (the arms of a merge dispatching the
    // same export) share one executable that writes the new layout: the
    // original when they are all its dispatches, else one copy.
    DenseMap<KernelKey, unsigned> producersOf;
    for (const Producer &producer : producers)
      ++producersOf[kernelKey(producer, resultType)];
    for (const Producer &producer : producers)
      fuseProducer(producer, resultType, to, producersOf);
    // The values on the way now carry the relayout's data: its size
    // through transfers after merges, its resource type (its lifetime) up
    // to the relayout.
    for (AsyncTransferOp transfer : path.transfersAfterMerges) {
      Value size = sizeAt(encode, transfer, /*build=*/true);
      transfer.getSourceSizeMutable().set(size);
      transfer.getResultSizeMutable().set(size);
    }
    for (Value value : path.retyped)
      value.setType(encode.getResult().getType());
    encode.getResult().replaceAllUsesWith(encode.getSource());
    encode.erase();
    ++stats.fused;
  }

  /// A kernel rewritten for a relayout: the entry point its dispatch had,
  /// the result index, and the layout the result takes.
  using KernelKey = std::tuple<SymbolRefAttr, unsigned, Attribute>;
  static KernelKey kernelKey(const Producer &producer,
                             RankedTensorType resultType) {
    TensorDispatchOp dispatch = producer.dispatch;
    return {cast<SymbolRefAttr>(dispatch.getEntryPoints()[0]),
            producer.resultIndex, resultType.getEncoding()};
  }

  /// Remembers that `key`'s kernel, rewritten, is `entry`.
  void remember(const KernelKey &key, SymbolRefAttr entry) {
    rewritten[key] = entry;
    rewritesOf[std::get<0>(key).getRootReference()].push_back(key);
    rewritesOf[entry.getRootReference()].push_back(key);
  }

  /// Forgets the kernels rewritten from or into `executable`, which is
  /// about to change in place.
  void forgetRewritesOf(StringAttr executable) {
    auto it = rewritesOf.find(executable);
    if (it == rewritesOf.end())
      return;
    for (const KernelKey &key : it->second)
      rewritten.erase(key);
    rewritesOf.erase(it);
  }

  /// Points `dispatch` at `entry` (an export of another executable).
  void retarget(TensorDispatchOp dispatch, SymbolRefAttr entry) {
    auto old = cast<SymbolRefAttr>(dispatch.getEntryPoints()[0]);
    --dispatchesOf[old.getRootReference()];
    ++dispatchesOf[entry.getRootReference()];
    dispatch.setEntryPointsAttr(ArrayAttr::get(module.getContext(), {entry}));
  }

  /// Makes `producer`'s kernel write `resultType`'s layout (`to`).
  /// `producersOf` counts this relayout's producers per kernel.
  void fuseProducer(const Producer &producer, RankedTensorType resultType,
                    PhysicalLayoutAttrInterface to,
                    const DenseMap<KernelKey, unsigned> &producersOf) {
    TensorDispatchOp dispatch = producer.dispatch;
    unsigned resultIndex = producer.resultIndex;
    KernelKey key = kernelKey(producer, resultType);
    auto entry = std::get<0>(key);
    auto resultTypes = llvm::to_vector(dispatch.getResultEncodings());
    auto dispatchType = cast<RankedTensorType>(
        cast<TypeAttr>(resultTypes[resultIndex]).getValue());

    if (SymbolRefAttr done = rewritten.lookup(key)) {
      // Another dispatch of the same kernel was fused with a relayout into
      // the same layout: its executable already writes it.
      if (done != entry)
        retarget(dispatch, done);
    } else {
      remember(key, rewriteKernel(dispatch, entry, resultIndex, resultType,
                                  producersOf.lookup(key)));
    }
    updateDispatch(producer, resultType, to, dispatchType,
                   std::move(resultTypes));
  }

  /// Rewrites the kernel `entry` of `dispatch` to write result
  /// `resultIndex` in `resultType`'s layout, in place when its executable
  /// has no dispatches but the `sharing` producers of this relayout, else
  /// in a copy the dispatch is pointed at; returns the entry now used.
  SymbolRefAttr rewriteKernel(TensorDispatchOp dispatch, SymbolRefAttr entry,
                              unsigned resultIndex, RankedTensorType resultType,
                              unsigned sharing) {
    ExecutableOp executable;
    func::FuncOp kernel = lookupKernel(symbols, tables, entry, &executable);
    unsigned arg = *resultArgument(dispatch, kernel, resultIndex);
    // The kernel writes the new layout: in its own executable copy if
    // another dispatch uses this one.
    // (`sharing` is 0 for a dispatch retargeted to a copy by its other
    // result's fusion: the dispatch alone.)
    if (dispatchesOf[executable.getSymNameAttr()] > std::max(sharing, 1u)) {
      // The copy holds this dispatch's export only (and what its kernel
      // needs).
      auto copy =
          executable.cloneForExport(entry.getLeafReference(), copies);
      std::string name;
      unsigned &counter = nextCopy[executable.getSymName()];
      do {
        name = (executable.getSymName() + "_fused" + Twine(counter++)).str();
      } while (symbols.lookup(name));
      copy.setSymName(name);
      // After the executable's last copy: copies in the order made.
      Operation *&last = lastCopy[executable];
      symbols.insert(copy, std::next(Block::iterator(
                             last ? last : executable.getOperation())));
      last = copy;
      entry = SymbolRefAttr::get(copy.getSymNameAttr(),
                                 entry.getNestedReferences());
      retarget(dispatch, entry);
      kernel = lookupKernel(symbols, tables, entry);
      ++stats.executablesDuplicated;
    } else {
      forgetRewritesOf(executable.getSymNameAttr());
    }
    for (Operation *user : kernel.getArgument(arg).getUsers()) {
      auto subspan = cast<BindingSubspanOp>(user);
      RankedTensorType bound = subspan.getTensorType();
      subspan.setBoundTensorType(RankedTensorType::get(
          bound.getShape(), bound.getElementType(), resultType.getEncoding()));
      // A stored tensor in IREE's form repeats the old layout. It cannot
      // follow the new one: the view it is loaded from keeps its own. The
      // form without the encoding means the same and suits every store.
      for (Operation *viewUser : subspan->getUsers()) {
        Value stored = cast<DispatchTensorStoreOp>(viewUser).getValue();
        auto storedType = cast<RankedTensorType>(stored.getType());
        if (storedType.getEncoding())
          stored.setType(storedType.dropEncoding());
      }
    }
    return entry;
  }

  /// `producer`'s dispatch, its kernel rewritten: its result type and size,
  /// those of the transfers after it, a remark and the fused mark.
  void updateDispatch(const Producer &producer, RankedTensorType resultType,
                      PhysicalLayoutAttrInterface to,
                      RankedTensorType dispatchType,
                      SmallVector<Attribute> resultTypes) {
    TensorDispatchOp dispatch = producer.dispatch;
    unsigned resultIndex = producer.resultIndex;
    auto entry = cast<SymbolRefAttr>(dispatch.getEntryPoints()[0]);
    // The dispatch's result: the new type and size (its dims are the same
    // logical dims).
    SmallVector<Value> dims;
    {
      ValueRange allDims = dispatch.getResultEncodingDims();
      unsigned first = 0;
      for (unsigned i = 0; i < resultIndex; ++i)
        first += cast<RankedTensorType>(cast<TypeAttr>(resultTypes[i]).getValue())
                     .getNumDynamicDims();
      dims.append(allDims.begin() + first,
                  allDims.begin() + first + dispatchType.getNumDynamicDims());
    }
    OpBuilder builder(dispatch);
    Value newSize = TensorSizeOfOp::create(
        builder, dispatch.getLoc(), builder.getIndexType(),
        TypeAttr::get(RankedTensorType::get(dispatchType.getShape(),
                                            dispatchType.getElementType(),
                                            resultType.getEncoding())),
        dims, dispatch.getAffinityAttr());
    resultTypes[resultIndex] = TypeAttr::get(RankedTensorType::get(
        dispatchType.getShape(), dispatchType.getElementType(),
        resultType.getEncoding()));
    dispatch.setResultEncodingsAttr(
        ArrayAttr::get(module.getContext(), resultTypes));
    dispatch.getResultSizesMutable()[resultIndex].set(newSize);
    for (AsyncTransferOp transfer : producer.transfers) {
      transfer.getSourceSizeMutable().set(newSize);
      transfer.getResultSizeMutable().set(newSize);
    }
    // A result fused before (a relayout and one back) gets a second
    // remark that says the first layout is no longer what the kernel writes.
    std::string again;
    if (auto known = dispatch->getAttrOfType<DenseI64ArrayAttr>(
            StreamLiteDialect::kFusedRelayoutsAttrName);
        known && llvm::is_contained(known.asArrayRef(), resultIndex))
      again = " (instead of the layout fused before)";
    remark::passed(dispatch.getLoc(),
                   remarkOpts(dispatch, TensorDispatchOp::getOperationName()))
        << llvm::formatv("relayout of result #{0} of @{1}::@{2} fused: the "
                         "kernel writes {3} directly{5}; {4} no longer "
                         "relayouted",
                         resultIndex,
                         cast<SymbolRefAttr>(dispatch.getEntryPoints()[0])
                             .getRootReference()
                             .getValue(),
                         entry.getLeafReference().getValue(),
                         describeLayout(resultType.getEncoding()),
                         describeBytes(resultType, to), again)
               .str();
    SmallVector<int64_t> fusedResults;
    if (auto known = dispatch->getAttrOfType<DenseI64ArrayAttr>(
            StreamLiteDialect::kFusedRelayoutsAttrName))
      fusedResults.assign(known.asArrayRef().begin(),
                          known.asArrayRef().end());
    fusedResults.push_back(resultIndex);
    dispatch->setAttr(StreamLiteDialect::kFusedRelayoutsAttrName,
                      DenseI64ArrayAttr::get(module.getContext(),
                                             fusedResults));
  }

  ModuleOp module;
  SymbolTable symbols;
  /// Executables' and their inner modules' tables (lookupKernel) and what
  /// copies of them reuse; symbols inside them are never added or renamed
  /// here, and no op is added to an inner module.
  ExportCopyCache copies;
  SymbolTableCollection &tables = copies.tables;
  FuseRelayoutsStats &stats;
  DominanceInfo dominance;
  DenseMap<StringAttr, unsigned> dispatchesOf;
  /// The entry point each kernel rewritten for a relayout has now, so that
  /// dispatches of one kernel fused with the same relayout share it.
  DenseMap<KernelKey, SymbolRefAttr> rewritten;
  /// The keys of `rewritten` each executable is the source or the copy of.
  DenseMap<StringAttr, SmallVector<KernelKey, 1>> rewritesOf;
  llvm::StringMap<unsigned> nextCopy;
  /// Each executable's last copy, which the next is put after.
  DenseMap<Operation *, Operation *> lastCopy;
};

} // namespace

void fuseRelayouts(ModuleOp module, FuseRelayoutsStats &stats) {
  RelayoutFusion(module, stats).run();
}

namespace {
struct FuseRelayoutsPass
    : public impl::FuseRelayoutsPassBase<FuseRelayoutsPass> {
  void runOnOperation() override {
    FuseRelayoutsStats stats;
    fuseRelayouts(getOperation(), stats);
    reportPassStatistics(
        getOperation(), getArgument(),
        {{&numExecutablesDuplicated, "executables-duplicated",
          stats.executablesDuplicated},
         {&numFused, "relayouts-fused", stats.fused},
         {&numLeft, "relayouts-left", stats.left}});
    // Nothing fused, nothing changed: the pass manager then skips the
    // verification of the whole module after this pass.
    if (stats.fused == 0 && stats.executablesDuplicated == 0)
      markAllAnalysesPreserved();
  }
};
} // namespace

} // namespace layoutopt::stream_lite
