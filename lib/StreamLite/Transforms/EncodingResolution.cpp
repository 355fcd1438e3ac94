//===- EncodingResolution.cpp - resolve encodings per device --------------===//
//
// The rewrite of --stream-lite-specialize-encodings: every tensor an op
// describes (EncodedTensorOpInterface) gets the layouts of the devices that
// hold its data. The creator analysis runs once per module; resolved types
// are cached per (affinity, type), so each op costs a few map lookups.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/ResourceCreators.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace layoutopt::stream_lite {

/// Whether `type` carries an encoding that a resolver must turn into layouts.
static bool needsResolution(RankedTensorType type) {
  auto encoding = getSerializableEncoding(type);
  return encoding && !encoding.isSerialized();
}

namespace {

/// Turns (affinity, tensor type) into the resolved tensor type, caching both
/// the resolvers of each affinity and each resolved type (as the TypeAttr ops
/// hold: a module has few distinct pairs, and this small cache is much
/// cheaper than uniquing a TypeAttr per op).
class TypeResolver {
public:
  explicit TypeResolver(ModuleOp module) : module(module) {}

  /// Resolves `typeAttr` (described as `what` on `op`) for `affinity`. Types
  /// that need no resolution come back unchanged.
  FailureOr<TypeAttr> resolve(TypeAttr typeAttr, AffinityAttr affinity,
                              Operation *op, StringRef what) {
    auto key = std::make_pair(Attribute(affinity), Attribute(typeAttr));
    if (auto it = cache.find(key); it != cache.end())
      return it->second;
    auto type = cast<RankedTensorType>(typeAttr.getValue());
    if (!needsResolution(type))
      return cache[key] = typeAttr;
    if (!affinity)
      return op->emitOpError()
             << "has no affinity to resolve the encoding of " << what << " "
             << type << " (no on(...) and no enclosing stream_lite.affinity)";

    FailureOr<ArrayRef<std::pair<DeviceOp, TargetAttr>>> targets =
        getTargets(affinity, op);
    if (failed(targets))
      return failure();
    llvm::SetVector<Attribute> layouts;
    for (auto [device, target] : *targets) {
      auto emitResolveError = [&]() {
        return op->emitOpError()
               << "cannot resolve the encoding of " << what << " " << type
               << " for target \"" << target.getBackend().getValue()
               << "\" of @" << device.getSymName() << ": ";
      };
      EncodingResolverAttrInterface resolver = target.getEffectiveResolver();
      FailureOr<Attribute> layout = resolver.getLayout(type, emitResolveError);
      if (failed(layout))
        return failure();
      // Resolvers may come from other dialects (any attribute implementing
      // the interface), so their result is checked here rather than trusted:
      // layout<[...]> and testing<layouts = ...> take only serialized,
      // non-list layouts that fit the type.
      auto serialized =
          dyn_cast_if_present<SerializableEncodingAttrInterface>(*layout);
      if (!serialized || !serialized.isSerialized() || isa<LayoutAttr>(*layout))
        return emitResolveError()
               << "resolver " << Attribute(resolver) << " returned " << *layout
               << ", which is not a serialized layout";
      if (failed(serialized.verifyForType(type, emitResolveError)))
        return failure();
      layouts.insert(*layout);
    }
    auto encoding = cast<SerializableEncodingAttrInterface>(type.getEncoding());
    auto resolved =
        RankedTensorType::get(type.getShape(), type.getElementType(),
                              encoding.cloneWithLayouts(layouts.getArrayRef()));
    return cache[key] = TypeAttr::get(resolved);
  }

private:
  /// Every (device, target) an affinity may run on, in order.
  FailureOr<ArrayRef<std::pair<DeviceOp, TargetAttr>>>
  getTargets(AffinityAttr affinity, Operation *op) {
    auto it = targetCache.find(affinity);
    if (it != targetCache.end())
      return ArrayRef<std::pair<DeviceOp, TargetAttr>>(it->second);
    SmallVector<std::pair<DeviceOp, TargetAttr>> targets;
    for (FlatSymbolRefAttr name : affinity.getDevices()) {
      auto device = symbols.lookupSymbolIn<DeviceOp>(module, name);
      if (!device)
        return op->emitOpError()
               << "affinity " << affinity << " names " << name
               << ", which is not a stream_lite.device";
      for (Attribute target : device.getTargets())
        targets.emplace_back(device, cast<TargetAttr>(target));
    }
    return ArrayRef<std::pair<DeviceOp, TargetAttr>>(
        targetCache.try_emplace(affinity, std::move(targets)).first->second);
  }

  ModuleOp module;
  SymbolTableCollection symbols;
  DenseMap<AffinityAttr, SmallVector<std::pair<DeviceOp, TargetAttr>>> targetCache;
  /// (affinity, type attribute) -> resolved type attribute.
  DenseMap<std::pair<Attribute, Attribute>, TypeAttr> cache;
};

} // namespace

struct EncodingResolution::Impl {
  Impl(ModuleOp module) : resolver(module), creators(module) {}

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
    const CreatorSet &set = creators.lookup(resource);
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
  ResourceCreators creators;
};

EncodingResolution::EncodingResolution(ModuleOp module)
    : impl(std::make_unique<Impl>(module)) {}

EncodingResolution::~EncodingResolution() = default;

LogicalResult EncodingResolution::resolve(
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
  ResolveEncodedTensorTypes(MLIRContext *ctx, EncodingResolution &resolution)
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

  EncodingResolution &resolution;
};
} // namespace

void populateSpecializeEncodingsPatterns(RewritePatternSet &patterns,
                                         EncodingResolution &resolution) {
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
                                 ExecutableExportOp exportOp, ArrayAttr layouts) {
  ModuleOp inner = executable.getInnerModule();
  if (!inner)
    return;
  StringRef functionName = exportOp.getFunctionRef()
                               ? *exportOp.getFunctionRef()
                               : exportOp.getSymName();
  auto function = inner.lookupSymbol<func::FuncOp>(functionName);
  if (!function || function.isExternal())
    return;
  for (auto [argument, layout] :
       llvm::zip(function.getArguments(), layouts.getValue())) {
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
      subspan.setTensorTypeAttr(TypeAttr::get(RankedTensorType::get(
          type.getShape(), type.getElementType(), layout)));
    }
  }
}

/// Gives each distinct binding-layout list of each export its own copy of the
/// executable (the first list keeps the original), and repoints dispatches.
unsigned duplicateExecutablesPerBindingLayouts(ModuleOp module) {
  SmallVector<TensorDispatchOp> dispatches;
  module.walk([&](TensorDispatchOp dispatch) { dispatches.push_back(dispatch); });
  SymbolTable symbolTable(module);
  using ExportKey = std::pair<Operation *, Operation *>; // executable, export
  llvm::MapVector<ExportKey, llvm::SetVector<ArrayAttr>> listsPerExport;
  // For each dispatch and entry point: the export and the chosen list.
  SmallVector<std::tuple<TensorDispatchOp, unsigned, ExportKey, ArrayAttr>> uses;
  for (TensorDispatchOp dispatch : dispatches) {
    ArrayAttr layouts = getBindingLayouts(dispatch);
    if (llvm::all_of(layouts, [](Attribute a) { return isa<UnitAttr>(a); }))
      continue;
    for (auto [index, entry] : llvm::enumerate(dispatch.getEntryPoints())) {
      auto ref = cast<SymbolRefAttr>(entry);
      auto executable =
          symbolTable.lookup<ExecutableOp>(ref.getRootReference());
      if (!executable)
        continue;
      auto exportOp = dyn_cast_if_present<ExecutableExportOp>(
          SymbolTable::lookupSymbolIn(executable, ref.getLeafReference()));
      if (!exportOp)
        continue;
      ExportKey key{executable, exportOp};
      listsPerExport[key].insert(layouts);
      uses.emplace_back(dispatch, index, key, layouts);
    }
  }

  // (export, list) -> executable symbol holding that variant.
  DenseMap<std::pair<ExportKey, ArrayAttr>, StringAttr> variants;
  llvm::StringMap<unsigned> nextDuplicate;
  unsigned numCopies = 0;
  for (auto &[key, lists] : listsPerExport) {
    auto executable = cast<ExecutableOp>(key.first);
    auto exportOp = cast<ExecutableExportOp>(key.second);
    for (auto [index, layouts] : llvm::enumerate(lists)) {
      if (index == 0) {
        updateBindingLayouts(executable, exportOp, layouts);
        variants[{key, layouts}] = executable.getSymNameAttr();
        continue;
      }
      auto copy = cast<ExecutableOp>(executable->clone());
      unsigned &counter = nextDuplicate[executable.getSymName()];
      std::string name;
      do {
        name = (executable.getSymName() + "_dup" + Twine(counter++)).str();
      } while (symbolTable.lookup(name));
      copy.setSymName(name);
      symbolTable.insert(copy, Block::iterator(executable->getNextNode()));
      auto copiedExport = copy.lookupSymbol<ExecutableExportOp>(exportOp.getSymName());
      updateBindingLayouts(copy, copiedExport, layouts);
      variants[{key, layouts}] = copy.getSymNameAttr();
      ++numCopies;
    }
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
