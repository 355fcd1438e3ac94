//===- SpecializeEncodings.cpp - resolve encodings per device -------------===//
//
// --stream-lite-specialize-encodings: every tensor type on every tensor-phase
// op gets the layouts of the devices that hold its data (see
// docs/passes.md). The creator analysis runs once; the rewrite then visits each op
// once, with resolved types cached per (affinity, type).
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/ResourceCreators.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "stream-lite-specialize-encodings"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_SPECIALIZEENCODINGSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

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
      FailureOr<Attribute> layout =
          target.getEffectiveResolver().getLayout(type, [&]() {
            return op->emitOpError()
                   << "cannot resolve the encoding of " << what << " " << type
                   << " for target \"" << target.getBackend().getValue()
                   << "\" of @" << device.getSymName() << ": ";
          });
      if (failed(layout))
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

/// Rewrites the tensor types of every tensor-phase op.
class EncodingRewriter {
public:
  EncodingRewriter(ModuleOp module, const ResourceCreators &creators)
      : resolver(module), creators(creators) {}

  /// A type created by `op` (resolved with the op's own affinity).
  FailureOr<TypeAttr> created(Operation *op, TypeAttr typeAttr, StringRef what) {
    if (!needsResolution(cast<RankedTensorType>(typeAttr.getValue())))
      return typeAttr;
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

  LogicalResult rewrite(Operation *op);

private:
  TypeResolver resolver;
  const ResourceCreators &creators;
};

} // namespace

/// Applies a resolution of the type attribute `current` through `set` (the
/// op's typed setter: cheaper than setting an attribute by name on every
/// tensor op).
template <typename SetFn>
static LogicalResult update(TypeAttr current, FailureOr<TypeAttr> resolved,
                            SetFn set) {
  if (failed(resolved))
    return failure();
  if (*resolved != current)
    set(*resolved);
  return success();
}

LogicalResult EncodingRewriter::rewrite(Operation *op) {
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](TensorSizeOfOp sizeOf) {
        TypeAttr type = sizeOf.getEncodingAttr();
        return update(type, created(op, type, "encoding"),
                      [&](TypeAttr t) { sizeOf.setEncodingAttr(t); });
      })
      .Case<TensorEmptyOp, TensorConstantOp, TensorSplatOp, TensorImportOp>(
          [&](auto creator) {
            TypeAttr type = creator.getResultEncodingAttr();
            return update(type, created(op, type, "result"), [&](TypeAttr t) {
              creator.setResultEncodingAttr(t);
            });
          })
      .Case([&](TensorExportOp exportOp) {
        TypeAttr type = exportOp.getSourceEncodingAttr();
        return update(type, mentioned(op, exportOp.getSource(), type, "source"),
                      [&](TypeAttr t) { exportOp.setSourceEncodingAttr(t); });
      })
      .Case([&](TensorCloneOp clone) {
        // A clone's result takes its source's layout.
        TypeAttr source = clone.getSourceEncodingAttr();
        TypeAttr result = clone.getResultEncodingAttr();
        return failure(
            failed(update(
                source, mentioned(op, clone.getSource(), source, "source"),
                [&](TypeAttr t) { clone.setSourceEncodingAttr(t); })) ||
            failed(update(
                result, mentioned(op, clone.getSource(), result, "result"),
                [&](TypeAttr t) { clone.setResultEncodingAttr(t); })));
      })
      .Case<TensorEncodeOp, TensorSliceOp>([&](auto transfer) {
        TypeAttr source = transfer.getSourceEncodingAttr();
        TypeAttr result = transfer.getResultEncodingAttr();
        return failure(
            failed(update(
                source, mentioned(op, transfer.getSource(), source, "source"),
                [&](TypeAttr t) { transfer.setSourceEncodingAttr(t); })) ||
            failed(
                update(result, created(op, result, "result"), [&](TypeAttr t) {
                  transfer.setResultEncodingAttr(t);
                })));
      })
      .Case([&](TensorFillOp fill) {
        TypeAttr type = fill.getTargetEncodingAttr();
        return update(type, mentioned(op, fill.getTarget(), type, "target"),
                      [&](TypeAttr t) { fill.setTargetEncodingAttr(t); });
      })
      .Case([&](TensorUpdateOp updateOp) {
        TypeAttr target = updateOp.getTargetEncodingAttr();
        TypeAttr update_ = updateOp.getUpdateEncodingAttr();
        return failure(
            failed(update(
                target, mentioned(op, updateOp.getTarget(), target, "target"),
                [&](TypeAttr t) { updateOp.setTargetEncodingAttr(t); })) ||
            failed(update(
                update_, mentioned(op, updateOp.getUpdate(), update_, "update"),
                [&](TypeAttr t) { updateOp.setUpdateEncodingAttr(t); })));
      })
      .Case([&](TensorLoadOp load) {
        TypeAttr type = load.getSourceEncodingAttr();
        return update(type, mentioned(op, load.getSource(), type, "source"),
                      [&](TypeAttr t) { load.setSourceEncodingAttr(t); });
      })
      .Case([&](TensorStoreOp store) {
        TypeAttr type = store.getTargetEncodingAttr();
        return update(type, mentioned(op, store.getTarget(), type, "target"),
                      [&](TypeAttr t) { store.setTargetEncodingAttr(t); });
      })
      .Case([&](TensorDispatchOp dispatch) -> LogicalResult {
        SmallVector<Attribute> operandTypes, resultTypes;
        for (auto [operand, typeAttr] : llvm::zip_equal(
                 dispatch.getMixedOperands(), dispatch.getOperandEncodings())) {
          auto attr = cast<TypeAttr>(typeAttr);
          if (!isa<RankedTensorType>(attr.getValue())) {
            operandTypes.push_back(attr);
            continue;
          }
          FailureOr<TypeAttr> resolved =
              mentioned(op, operand, attr, "operand");
          if (failed(resolved))
            return failure();
          operandTypes.push_back(*resolved);
        }
        for (auto [index, typeAttr] :
             llvm::enumerate(dispatch.getResultEncodings())) {
          auto attr = cast<TypeAttr>(typeAttr);
          std::optional<int64_t> tied =
              dispatch.getTiedResultOperandIndex(index);
          FailureOr<TypeAttr> resolved =
              tied ? mentioned(op, dispatch.getMixedOperands()[*tied], attr,
                               "result")
                   : created(op, attr, "result");
          if (failed(resolved))
            return failure();
          resultTypes.push_back(*resolved);
        }
        MLIRContext *ctx = op->getContext();
        dispatch.setOperandEncodingsAttr(ArrayAttr::get(ctx, operandTypes));
        dispatch.setResultEncodingsAttr(ArrayAttr::get(ctx, resultTypes));
        return success();
      })
      .Default([](Operation *) { return success(); });
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
    if (!isa<BindingType>(argument.getType()) || isa<UnitAttr>(layout))
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
static void duplicateExecutables(ModuleOp module,
                                 ArrayRef<TensorDispatchOp> dispatches) {
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
    }
  }

  for (auto [dispatch, index, key, layouts] : uses) {
    StringAttr executableName = variants.lookup({key, layouts});
    SmallVector<Attribute> entries(dispatch.getEntryPoints().getValue());
    auto ref = cast<SymbolRefAttr>(entries[index]);
    entries[index] = SymbolRefAttr::get(executableName, ref.getNestedReferences());
    dispatch.setEntryPointsAttr(ArrayAttr::get(dispatch.getContext(), entries));
  }
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct SpecializeEncodingsPass
    : public layoutopt::stream_lite::impl::SpecializeEncodingsPassBase<
          SpecializeEncodingsPass> {
  using SpecializeEncodingsPassBase::SpecializeEncodingsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ResourceCreators creators(module);
    // Rewrite after the analysis is complete: the analysis keys on ops and
    // values, never on the types being rewritten.
    EncodingRewriter rewriter(module, creators);
    SmallVector<TensorDispatchOp> dispatches;
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (!op->hasTrait<layoutopt::stream_lite::OpTrait::TensorPhaseOp>())
        return;
      if (failed(rewriter.rewrite(op)))
        failedAny = true;
      else if (auto dispatch = dyn_cast<TensorDispatchOp>(op))
        dispatches.push_back(dispatch);
    });
    if (failedAny)
      return signalPassFailure();
    duplicateExecutables(module, dispatches);
  }
};
} // namespace
