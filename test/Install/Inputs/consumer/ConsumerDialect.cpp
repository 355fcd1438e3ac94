#include "ConsumerDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace layoutopt::stream_lite;

MLIR_DEFINE_EXPLICIT_TYPE_ID(consumer::PadResolverAttr)
MLIR_DEFINE_EXPLICIT_TYPE_ID(consumer::ConsumerDialect)

namespace consumer {

namespace detail {
struct PadResolverAttrStorage : public AttributeStorage {
  using KeyTy = int64_t;
  explicit PadResolverAttrStorage(int64_t pad) : pad(pad) {}
  bool operator==(const KeyTy &key) const { return key == pad; }
  static PadResolverAttrStorage *construct(AttributeStorageAllocator &allocator,
                                           const KeyTy &key) {
    return new (allocator.allocate<PadResolverAttrStorage>())
        PadResolverAttrStorage(key);
  }
  int64_t pad;
};
} // namespace detail

PadResolverAttr PadResolverAttr::get(MLIRContext *context, int64_t pad) {
  return Base::get(context, pad);
}

int64_t PadResolverAttr::getPad() const { return getImpl()->pad; }

FailureOr<Attribute> PadResolverAttr::getLayout(
    RankedTensorType type, function_ref<InFlightDiagnostic()> emitError) const {
  auto request = llvm::dyn_cast_if_present<PaddingAttr>(type.getEncoding());
  if (!request || request.isStatic()) {
    if (emitError)
      emitError() << "pad_resolver only resolves padding requests";
    return failure();
  }
  llvm::SmallVector<int64_t> padding(request.getPadding());
  for (int64_t &entry : padding)
    if (ShapedType::isDynamic(entry))
      entry = getPad();
  return Attribute(PaddingAttr::get(getContext(), padding));
}

ConsumerDialect::ConsumerDialect(MLIRContext *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<ConsumerDialect>()) {
  addAttributes<PadResolverAttr>();
}

Attribute ConsumerDialect::parseAttribute(DialectAsmParser &parser,
                                          Type) const {
  int64_t pad = 0;
  if (parser.parseKeyword("pad_resolver") || parser.parseLess() ||
      parser.parseInteger(pad) || parser.parseGreater())
    return {};
  return PadResolverAttr::get(getContext(), pad);
}

void ConsumerDialect::printAttribute(Attribute attr,
                                     DialectAsmPrinter &printer) const {
  printer << "pad_resolver<" << llvm::cast<PadResolverAttr>(attr).getPad()
          << ">";
}

} // namespace consumer
