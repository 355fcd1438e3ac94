//===- LayoutImage.cpp - the byte image of a static tensor type -----------===//

#include "StreamLite/Analysis/LayoutImage.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace layoutopt::stream_lite {

RankedTensorType parseTensorType(MLIRContext *ctx, llvm::StringRef text) {
  text = text.trim();
  size_t numRead = 0;
  Type type = parseType(text, ctx, &numRead, /*isKnownNullTerminated=*/false);
  if (!type) {
    emitError(UnknownLoc::get(ctx)) << "cannot parse '" << text
                                    << "' as a type (see above)";
    return {};
  }
  if (numRead != text.size()) {
    emitError(UnknownLoc::get(ctx))
        << "unexpected text after the type: '" << text.drop_front(numRead)
        << "'";
    return {};
  }
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    emitError(UnknownLoc::get(ctx))
        << "'" << text << "' is not a ranked tensor type";
  return tensorType;
}

FailureOr<LayoutImage>
buildLayoutImage(RankedTensorType type,
                 llvm::function_ref<InFlightDiagnostic()> emitError,
                 int64_t maxElements) {
  if (!type.hasStaticShape())
    return emitError() << "the layout image of " << type
                       << " needs a static shape";
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!width.hasStorage())
    return emitError() << "element type " << type.getElementType()
                       << " has no storage size";
  if (failed(verifyEncodingForType(type, emitError)))
    return failure();
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
  if (!layout)
    return emitError() << "encoding " << type.getEncoding() << " of " << type
                       << " is not a physical layout (an unresolved intent, "
                          "targets whose layouts differ, or an unknown "
                          "encoding)";
  std::optional<int64_t> storage =
      layout.getCheckedStorageSizeInBytes(type.getShape(), width);
  if (!storage)
    return emitError() << "storage size of " << type << " exceeds INT64_MAX";
  int64_t elements = type.getNumElements();
  if (elements > maxElements || *storage > maxElements * 16)
    return emitError() << type << " is too large for a layout image ("
                       << elements << " elements, " << *storage
                       << " bytes; at most " << maxElements << " elements)";
  LayoutImage image;
  image.type = type;
  image.layout = layout;
  image.elementBits = width.bits;
  image.elementBytes = width.bytes();
  image.storageBytes = *storage;
  image.physicalDims = layout.getPhysicalDims(type.getShape());
  image.slots.reserve(elements);
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t i = 0; i < elements; ++i) {
    image.slots.push_back(layout.getElementSlot(shape, index));
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  return image;
}

std::string describeStorage(const LayoutImage &image) {
  int64_t elements = int64_t(image.slots.size());
  int64_t paddingBits = image.storageBytes * 8 - elements * image.elementBits;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << image.storageBytes << " bytes of storage: " << elements
     << " elements of ";
  if (image.isPacked())
    os << image.elementBits << " bits (" << 8 / image.elementBits
       << " a byte), " << paddingBits << " padding bits";
  else
    os << image.elementBytes << " bytes, " << paddingBits / 8
       << " padding bytes";
  return text;
}

Attribute parseAttributeText(MLIRContext *ctx, llvm::StringRef text) {
  text = text.trim();
  size_t numRead = 0;
  Attribute attr = parseAttribute(text, ctx, Type(), &numRead,
                                  /*isKnownNullTerminated=*/false);
  if (!attr) {
    emitError(UnknownLoc::get(ctx)) << "cannot parse '" << text
                                    << "' as an attribute (see above)";
    return {};
  }
  if (numRead != text.size()) {
    emitError(UnknownLoc::get(ctx))
        << "unexpected text after the attribute: '"
        << text.drop_front(numRead) << "'";
    return {};
  }
  return attr;
}

bool needsLayoutResolution(RankedTensorType type) {
  SerializableEncodingAttrInterface encoding = getSerializableEncoding(type);
  return encoding && !encoding.isSerialized();
}

FailureOr<ResolvedLayout>
resolveLayout(RankedTensorType type, Attribute target,
              llvm::function_ref<InFlightDiagnostic()> emitError) {
  if (failed(verifyEncodingForType(type, emitError)))
    return failure();
  ResolvedLayout result;
  result.type = type;
  SerializableEncodingAttrInterface encoding = getSerializableEncoding(type);
  if (type.getEncoding() && !encoding)
    return emitError() << "encoding " << type.getEncoding() << " of " << type
                       << " is not a stream_lite encoding";
  if (encoding && !encoding.isSerialized()) {
    EncodingResolverAttrInterface resolver;
    if (auto targetAttr = dyn_cast_if_present<TargetAttr>(target))
      resolver = targetAttr.getEffectiveResolver();
    else
      resolver = dyn_cast_if_present<EncodingResolverAttrInterface>(target);
    if (!resolver) {
      if (!target)
        return emitError() << type
                           << " holds an encoding intent: give a target "
                              "(#stream_lite.target<...>) or a resolver to "
                              "resolve it";
      return emitError() << target
                         << " is neither a #stream_lite.target nor an "
                            "encoding resolver";
    }
    auto emitResolveError = [&] {
      return emitError() << "cannot resolve the encoding of " << type
                         << " with " << Attribute(resolver) << ": ";
    };
    FailureOr<Attribute> layout = resolver.getLayout(type, emitResolveError);
    if (failed(layout))
      return failure();
    if (!isResolvedLayout(*layout))
      return emitResolveError() << "resolver returned " << *layout
                                << ", which is not a serialized layout";
    result.type = RankedTensorType::get(type.getShape(),
                                        type.getElementType(), *layout);
    if (failed(verifyEncodingForType(result.type, emitResolveError)))
      return failure();
    result.layout = *layout;
  } else if (PhysicalLayoutAttrInterface physical = getPhysicalLayout(type)) {
    result.layout = physical;
  } else {
    result.layout = type.getEncoding();
  }
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (type.hasStaticShape() && width.hasStorage())
    if (PhysicalLayoutAttrInterface physical = getPhysicalLayout(result.type))
      result.storageBytes =
          physical.getCheckedStorageSizeInBytes(type.getShape(), width);
  return result;
}

} // namespace layoutopt::stream_lite
