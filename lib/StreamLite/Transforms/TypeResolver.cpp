//===- TypeResolver.cpp - resolve tensor types per affinity ---------------===//

#include "TypeResolver.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace layoutopt::stream_lite {

bool needsResolution(RankedTensorType type) {
  auto encoding = getSerializableEncoding(type);
  return encoding && !encoding.isSerialized();
}

FailureOr<TypeAttr> TypeResolver::resolve(TypeAttr typeAttr,
                                          AffinityAttr affinity, Operation *op,
                                          StringRef what) {
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
  for (const auto &deviceAndTarget : *targets) {
    DeviceOp device = deviceAndTarget.first;
    TargetAttr target = deviceAndTarget.second;
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
    if (!isResolvedLayout(*layout))
      return emitResolveError()
             << "resolver " << Attribute(resolver) << " returned " << *layout
             << ", which is not a serialized layout";
    if (failed(cast<SerializableEncodingAttrInterface>(*layout).verifyForType(
            type, emitResolveError)))
      return failure();
    layouts.insert(*layout);
  }
  auto encoding = cast<SerializableEncodingAttrInterface>(type.getEncoding());
  auto resolved =
      RankedTensorType::get(type.getShape(), type.getElementType(),
                            encoding.cloneWithLayouts(layouts.getArrayRef()));
  return cache[key] = TypeAttr::get(resolved);
}

FailureOr<ArrayRef<std::pair<DeviceOp, TargetAttr>>>
TypeResolver::getTargets(AffinityAttr affinity, Operation *op) {
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

} // namespace layoutopt::stream_lite
