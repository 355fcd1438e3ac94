//===- SpecializeEncodingsPatterns.cpp - resolve encodings per device -----===//
//
// The rewrite of --stream-lite-specialize-encodings: every tensor an op
// describes (EncodedTensorOpInterface) gets the layouts of the devices that
// hold its data. The creator analysis runs once per module; resolved types
// are cached per (affinity, type), so each op costs a few map lookups.
//
//===----------------------------------------------------------------------===//

#include "MergeRelayout.h"
#include "TypeResolver.h"

#include "StreamLite/Analysis/ResourceCreators.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Transforms.h"

#include "KernelViews.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace layoutopt::stream_lite {

struct SpecializeEncodingsState::Impl {
  Impl(ModuleOp module)
      : resolver(module), creators(std::make_unique<ResourceCreators>(module)) {}

  /// A type created by `op` (resolved with the op's own affinity).
  FailureOr<TypeAttr> created(Operation *op, TypeAttr typeAttr, StringRef what) {
    return resolver.resolve(typeAttr, lookupAffinity(op), op, what);
  }

  /// A type describing existing data `resource` mentioned by `op`: resolved
  /// with the affinity of every op that may have created the data (the
  /// mentioning op's own when the data may come from outside). All must
  /// agree.
  FailureOr<TypeAttr> mentioned(Operation *op, Value resource,
                                TypeAttr typeAttr, StringRef what) {
    auto type = cast<RankedTensorType>(typeAttr.getValue());
    if (!needsResolution(type))
      return typeAttr;
    const CreatorSet &set = creators->lookup(resource);
    TypeAttr agreed;
    Operation *agreedSource = nullptr;
    auto consider = [&](Operation *source, AffinityAttr affinity,
                        Operation *diagnosticOp) -> LogicalResult {
      FailureOr<TypeAttr> resolved =
          resolver.resolve(typeAttr, affinity, diagnosticOp, what);
      if (failed(resolved))
        return failure();
      if (!agreed) {
        agreed = *resolved;
        agreedSource = source;
        return success();
      }
      if (*resolved == agreed)
        return success();
      auto encodingOf = [](TypeAttr attr) {
        return cast<RankedTensorType>(attr.getValue()).getEncoding();
      };
      InFlightDiagnostic diag =
          op->emitOpError()
          << what << " " << type
          << " may come from creators with different layouts: "
          << encodingOf(agreed) << " and " << encodingOf(*resolved);
      diag.attachNote(agreedSource->getLoc())
          << "creator with layout " << encodingOf(agreed);
      diag.attachNote(source->getLoc())
          << "creator with layout " << encodingOf(*resolved);
      return failure();
    };
    for (Operation *creator : set.getCreators())
      if (failed(consider(creator, lookupAffinity(creator), creator)))
        return failure();
    if (set.isExternal() || set.getCreators().empty())
      if (failed(consider(op, lookupAffinity(op), op)))
        return failure();
    return agreed;
  }

  TypeResolver resolver;
  std::unique_ptr<ResourceCreators> creators;
};

SpecializeEncodingsState::SpecializeEncodingsState(ModuleOp module,
                                       MergeConflictPolicy conflicts)
{
  // A merged size selected outside its merge is yielded by it (first, so
  // that the expansion below does not take it into another merge), and
  // selects of resources become region merges, before the analysis.
  sinkSizeSelectsIntoMerges(module);
  expandResourceSelects(module);
  impl = std::make_unique<Impl>(module);
  if (conflicts != MergeConflictPolicy::Relayout)
    return;
  FailureOr<unsigned> relayouts =
      relayoutMergedResources(module, impl->resolver, impl->creators);
  if (failed(relayouts))
    anyFailed = true;
  else
    numRelayoutsInserted = *relayouts;
}

SpecializeEncodingsState::~SpecializeEncodingsState() = default;

LogicalResult SpecializeEncodingsState::resolve(
    EncodedTensorOpInterface op,
    SmallVectorImpl<std::pair<unsigned, TypeAttr>> &changes) {
  for (auto [index, tensor] : llvm::enumerate(op.getEncodedTensors())) {
    if (!needsResolution(tensor.getType()))
      continue;
    FailureOr<TypeAttr> resolved;
    if (tensor.isCreatedByOp())
      resolved = impl->created(op, tensor.type, tensor.name);
    else if (tensor.role == TensorRole::Copies)
      // A copy takes its source's layout.
      resolved = impl->mentioned(op, tensor.source, tensor.type, tensor.name);
    else
      resolved = impl->mentioned(op, tensor.resource, tensor.type, tensor.name);
    if (failed(resolved)) {
      anyFailed = true;
      return failure();
    }
    if (*resolved != tensor.type) {
      changes.emplace_back(index, *resolved);
      ++numResolvedTypes;
    }
  }
  return success();
}

namespace {
struct ResolveEncodedTensorTypes
    : OpInterfaceRewritePattern<EncodedTensorOpInterface> {
  ResolveEncodedTensorTypes(MLIRContext *ctx, SpecializeEncodingsState &resolution)
      : OpInterfaceRewritePattern(ctx), resolution(resolution) {}

  LogicalResult matchAndRewrite(EncodedTensorOpInterface op,
                                PatternRewriter &rewriter) const override {
    SmallVector<std::pair<unsigned, TypeAttr>, 2> changes;
    if (failed(resolution.resolve(op, changes)))
      return rewriter.notifyMatchFailure(op, "an encoding does not resolve");
    if (changes.empty())
      return rewriter.notifyMatchFailure(op, "no encoding to resolve");
    rewriter.modifyOpInPlace(op, [&] {
      for (auto [index, type] : changes)
        op.setEncodedTensorType(index, type);
    });
    return success();
  }

  SpecializeEncodingsState &resolution;
};
} // namespace

void populateSpecializeEncodingsPatterns(RewritePatternSet &patterns,
                                         SpecializeEncodingsState &resolution) {
  patterns.add<ResolveEncodedTensorTypes>(patterns.getContext(), resolution);
}

//===----------------------------------------------------------------------===//
// Executable duplication
//===----------------------------------------------------------------------===//

/// The layouts a dispatch's bindings see: the encoding of each operand (null
/// for scalars and tensors without one), then of each untied result. Keyed
/// by encodings only, so that one executable serves every shape.
static ArrayAttr getBindingLayouts(TensorDispatchOp dispatch) {
  SmallVector<Attribute> layouts;
  auto encodingOf = [](Attribute typeAttr) -> Attribute {
    auto tensor = dyn_cast<RankedTensorType>(cast<TypeAttr>(typeAttr).getValue());
    if (!tensor || !tensor.getEncoding())
      return UnitAttr::get(typeAttr.getContext());
    return tensor.getEncoding();
  };
  for (Attribute typeAttr : dispatch.getOperandEncodings())
    layouts.push_back(encodingOf(typeAttr));
  for (auto [index, typeAttr] : llvm::enumerate(dispatch.getResultEncodings()))
    if (!dispatch.getTiedResultOperandIndex(index))
      layouts.push_back(encodingOf(typeAttr));
  return ArrayAttr::get(dispatch.getContext(), layouts);
}

/// Rewrites the tensor types of the binding.subspan ops of `exportOp`'s
/// function to carry `layouts` (function arguments are the dispatch
/// operands in order, then one binding per untied result).
static void updateBindingLayouts(ExecutableOp executable,
                                 ExecutableExportOp exportOp, ArrayAttr layouts,
                                 ArrayRef<bool> operandIsBuffer,
                                 SymbolTableCollection &tables) {
  ModuleOp inner = executable.getInnerModule();
  if (!inner)
    return;
  StringAttr functionName = exportOp.getFunctionName();
  auto function = dyn_cast_if_present<func::FuncOp>(
      tables.lookupSymbolIn(inner, functionName));
  if (!function || function.isExternal())
    return;
  // The kernel's arguments may put every binding first (IREE's order).
  std::optional<SmallVector<unsigned>> argOfSlot =
      mapDispatchSlotsToKernelArguments(operandIsBuffer,
                                        layouts.size() - operandIsBuffer.size(),
                                        function.getArgumentTypes());
  if (!argOfSlot)
    return;
  for (auto [slot, layout] : llvm::enumerate(layouts.getValue())) {
    BlockArgument argument = function.getArgument((*argOfSlot)[slot]);
    // A binding the dispatch passes without an encoding holds plain rows:
    // a view that names an encoding still to be resolved (IREE's `#lhs`
    // views) sees them as they are. A layout the kernel states itself
    // stays (a runtime check compares its storage with the buffer).
    if (isa<UnitAttr>(layout) && isa<BindingType>(argument.getType())) {
      for (Operation *user : argument.getUsers()) {
        auto subspan = dyn_cast<BindingSubspanOp>(user);
        if (!subspan || !subspan.getTensorType().getEncoding() ||
            getPhysicalLayout(subspan.getTensorType()))
          continue;
        subspan.setBoundTensorType(subspan.getTensorType().dropEncoding());
        if (!subspan.getDispatchTensorType())
          continue;
        for (Operation *viewUser : subspan->getUsers())
          if (auto load = dyn_cast<DispatchTensorLoadOp>(viewUser);
              load && load.getType().getEncoding())
            load.getResult().setType(load.getType().dropEncoding());
      }
      continue;
    }
    // Only serialized layouts are the kernel's business: an encoding this
    // project does not recognize is left off the binding.
    auto encoding = dyn_cast<SerializableEncodingAttrInterface>(layout);
    if (!isa<BindingType>(argument.getType()) || !encoding ||
        !encoding.isSerialized())
      continue;
    for (Operation *user : argument.getUsers()) {
      auto subspan = dyn_cast<BindingSubspanOp>(user);
      if (!subspan)
        continue;
      auto type = cast<RankedTensorType>(subspan.getTensorType());
      auto viewType = RankedTensorType::get(type.getShape(),
                                            type.getElementType(), layout);
      // A view of another shape is left only where the layout is
      // physically dense (checkKernelViews): a layout that does not fit
      // the view (another rank) then gives way to none, the same bytes.
      bool fits;
      {
        ScopedDiagnosticHandler silence(
            subspan.getContext(), [](Diagnostic &) { return success(); });
        fits = succeeded(verifyEncodingForType(
            viewType, [&] { return subspan.emitError(); }));
      }
      subspan.setBoundTensorType(fits ? viewType : type.dropEncoding());
      if (!subspan.getDispatchTensorType())
        continue;
      // IREE's form repeats the view's encoding on loaded tensors: they
      // follow the view.
      for (Operation *viewUser : subspan->getUsers()) {
        auto load = dyn_cast<DispatchTensorLoadOp>(viewUser);
        if (!load || !load.getType().getEncoding())
          continue;
        load.getResult().setType(RankedTensorType::get(
            load.getType().getShape(), load.getType().getElementType(),
            layout));
      }
    }
  }
}

/// Checks that `kernel`'s views of each binding with a layout other than
/// dense row-major are the tensor `dispatch` binds there (KernelViews.h):
/// a view of another shape, element type or offset would read and write
/// other bytes than the elements it names.
static LogicalResult checkKernelViews(TensorDispatchOp dispatch,
                                      func::FuncOp kernel,
                                      ArrayRef<bool> operandIsBuffer) {
  SmallVector<BoundTensor> bound = getBoundTensors(dispatch);
  std::optional<SmallVector<unsigned>> argOfSlot =
      mapDispatchSlotsToKernelArguments(
          operandIsBuffer, bound.size() - operandIsBuffer.size(),
          kernel.getArgumentTypes());
  if (!argOfSlot)
    return success(); // The lowering reports the signature.
  for (auto [slot, tensor] : llvm::enumerate(bound)) {
    if (!tensor.type)
      continue;
    auto layout = getPhysicalLayout(tensor.type);
    if (!layout || isa<IdentityAttr>(layout.getCanonicalLayout()))
      continue;
    BlockArgument argument = kernel.getArgument((*argOfSlot)[slot]);
    for (Operation *user : argument.getUsers()) {
      auto view = dyn_cast<BindingSubspanOp>(user);
      if (!view)
        continue;
      std::string why = whyViewIsNotBound(view, tensor, dispatch, *argOfSlot,
                                          /*provable=*/false);
      if (why.empty())
        continue;
      InFlightDiagnostic diag =
          view.emitOpError()
          << "does not view the tensor its binding holds: " << why
          << "; under a layout other than dense row-major a view must be "
             "that tensor (same rank, dims and element type, at byte "
             "offset 0)";
      diag.attachNote(dispatch.getLoc()) << "dispatched here";
      return failure();
    }
  }
  return success();
}

/// Gives each distinct binding-layout list of each export its own copy of the
/// executable (the first list keeps the original), and repoints dispatches.
FailureOr<unsigned> duplicateExecutablesPerBindingLayouts(ModuleOp module) {
  SmallVector<TensorDispatchOp> dispatches;
  module.walk([&](TensorDispatchOp dispatch) { dispatches.push_back(dispatch); });
  SymbolTable symbolTable(module);
  // Exports and kernels are looked up through one table per executable
  // and inner module, and copies made through one cache: a scan per
  // dispatch or per copy would be quadratic in a module of many dispatches
  // of one executable's many exports. (Symbols inside executables are never
  // added or renamed here; copies get tables of their own.)
  ExportCopyCache copies;
  SymbolTableCollection &tables = copies.tables;
  using ExportKey = std::pair<Operation *, Operation *>; // executable, export
  llvm::MapVector<ExportKey, llvm::SetVector<ArrayAttr>> listsPerExport;
  // Which dispatch operands are resources, per export (every dispatch of
  // an export passes the same kinds of values).
  DenseMap<ExportKey, SmallVector<bool>> operandKinds;
  DenseSet<std::tuple<Operation *, ArrayAttr, ArrayAttr>> checkedViews;
  // For each dispatch and entry point: the export and the chosen list.
  SmallVector<std::tuple<TensorDispatchOp, unsigned, ExportKey, ArrayAttr>> uses;
  // Dispatches whose bindings are all dense count too: when another
  // dispatch of their export binds a layout, they keep a variant of their
  // own (were they skipped, the first layout list would change the
  // executable they still use).
  for (TensorDispatchOp dispatch : dispatches) {
    ArrayAttr layouts = getBindingLayouts(dispatch);
    for (auto [index, entry] : llvm::enumerate(dispatch.getEntryPoints())) {
      auto ref = cast<SymbolRefAttr>(entry);
      auto executable =
          symbolTable.lookup<ExecutableOp>(ref.getRootReference());
      if (!executable)
        continue;
      auto exportOp = dyn_cast_if_present<ExecutableExportOp>(
          tables.lookupSymbolIn(executable, ref.getLeafReference()));
      if (!exportOp)
        continue;
      ExportKey key{executable, exportOp};
      listsPerExport[key].insert(layouts);
      if (!operandKinds.count(key))
        operandKinds[key] = llvm::map_to_vector(
            dispatch.getMixedOperands(),
            [](Value v) { return isa<ResourceType>(v.getType()); });
      // Each kernel's views against each distinct list of bound types
      // (dispatches of one shape share their type lists).
      ModuleOp inner = executable.getInnerModule();
      auto kernel = inner ? dyn_cast_if_present<func::FuncOp>(
                                tables.lookupSymbolIn(
                                    inner, exportOp.getFunctionName()))
                          : func::FuncOp();
      if (kernel && !kernel.isExternal() &&
          checkedViews
              .insert({kernel, dispatch.getOperandEncodings(),
                       dispatch.getResultEncodings()})
              .second &&
          failed(checkKernelViews(dispatch, kernel, operandKinds[key])))
        return failure();
      uses.emplace_back(dispatch, index, key, layouts);
    }
  }

  // (export, list) -> executable symbol holding that variant.
  DenseMap<std::pair<ExportKey, ArrayAttr>, StringAttr> variants;
  llvm::StringMap<unsigned> nextDuplicate;
  DenseMap<Operation *, Operation *> lastCopy;
  unsigned numCopies = 0;
  // Copies first, every one from the executable as written: the original
  // takes its own layouts only after (a copy made after would start from
  // them, and a dense binding is never rewritten back).
  for (auto &[key, lists] : listsPerExport) {
    auto executable = cast<ExecutableOp>(key.first);
    auto exportOp = cast<ExecutableExportOp>(key.second);
    for (auto [index, layouts] : llvm::enumerate(lists)) {
      if (index == 0)
        continue;
      // The copy holds this export only (and what its kernel needs).
      auto copy = executable.cloneForExport(exportOp.getSymNameAttr(), copies);
      unsigned &counter = nextDuplicate[executable.getSymName()];
      std::string name;
      do {
        name = (executable.getSymName() + "_dup" + Twine(counter++)).str();
      } while (symbolTable.lookup(name));
      copy.setSymName(name);
      // After the executable's last copy: copies in the order made.
      Operation *&last = lastCopy[executable];
      symbolTable.insert(copy, std::next(Block::iterator(
                             last ? last : executable.getOperation())));
      last = copy;
      auto copiedExport = cast<ExecutableExportOp>(
          tables.lookupSymbolIn(copy, exportOp.getSymNameAttr()));
      updateBindingLayouts(copy, copiedExport, layouts, operandKinds[key],
                           tables);
      variants[{key, layouts}] = copy.getSymNameAttr();
      ++numCopies;
    }
  }
  for (auto &[key, lists] : listsPerExport) {
    auto executable = cast<ExecutableOp>(key.first);
    updateBindingLayouts(executable, cast<ExecutableExportOp>(key.second),
                         lists.front(), operandKinds[key], tables);
    variants[{key, lists.front()}] = executable.getSymNameAttr();
  }

  for (auto [dispatch, index, key, layouts] : uses) {
    StringAttr executableName = variants.lookup({key, layouts});
    SmallVector<Attribute> entries(dispatch.getEntryPoints().getValue());
    auto ref = cast<SymbolRefAttr>(entries[index]);
    entries[index] = SymbolRefAttr::get(executableName, ref.getNestedReferences());
    dispatch.setEntryPointsAttr(ArrayAttr::get(dispatch.getContext(), entries));
  }
  return numCopies;
}

} // namespace layoutopt::stream_lite
