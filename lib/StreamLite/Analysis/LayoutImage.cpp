//===- LayoutImage.cpp - the byte image of a static tensor type -----------===//

#include "StreamLite/Analysis/LayoutImage.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

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
  int64_t elementBytes = getElementByteWidth(type.getElementType());
  if (elementBytes <= 0)
    return emitError() << "element type " << type.getElementType()
                       << " has no storage size";
  // The image is drawn in whole-byte slots; packed elements share bytes.
  if (isPackedSubByteType(type.getElementType()))
    return emitError() << "the layout image of " << type
                       << " is not drawn: packed sub-byte elements share "
                          "bytes";
  ElementWidth width = ElementWidth::ofBytes(elementBytes);
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
  image.elementBytes = elementBytes;
  image.storageBytes = *storage;
  image.physicalDims = layout.getPhysicalDims(type.getShape());
  image.offsets.reserve(elements);
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t i = 0; i < elements; ++i) {
    image.offsets.push_back(
        layout.getElementByteOffset(shape, width, index));
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  return image;
}

} // namespace layoutopt::stream_lite
