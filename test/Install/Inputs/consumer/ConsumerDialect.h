// A dialect of the consumer's own with one encoding resolver: shows that a
// project outside layout-opt can give its devices a resolver by implementing
// stream_lite's EncodingResolverAttrInterface (no TableGen needed).
#ifndef CONSUMER_DIALECT_H
#define CONSUMER_DIALECT_H

#include "StreamLite/IR/StreamLiteAttrs.h"

#include "mlir/IR/Dialect.h"
#include "mlir/Support/TypeID.h"

namespace consumer {

namespace detail {
struct PadResolverAttrStorage;
} // namespace detail

/// `#consumer.pad_resolver<N>`: resolves `#stream_lite.padding<[..., ?]>`
/// requests by padding every `?` dim by N elements.
class PadResolverAttr
    : public mlir::Attribute::AttrBase<
          PadResolverAttr, mlir::Attribute, detail::PadResolverAttrStorage,
          layoutopt::stream_lite::EncodingResolverAttrInterface::Trait> {
public:
  using Base::Base;
  static constexpr llvm::StringLiteral name = "consumer.pad_resolver";

  static PadResolverAttr get(mlir::MLIRContext *context, int64_t pad);
  int64_t getPad() const;

  // EncodingResolverAttrInterface.
  mlir::FailureOr<mlir::Attribute>
  getLayout(mlir::RankedTensorType type,
            llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const;
};

class ConsumerDialect : public mlir::Dialect {
public:
  explicit ConsumerDialect(mlir::MLIRContext *context);
  static llvm::StringRef getDialectNamespace() { return "consumer"; }

  mlir::Attribute parseAttribute(mlir::DialectAsmParser &parser,
                                 mlir::Type type) const override;
  void printAttribute(mlir::Attribute attr,
                      mlir::DialectAsmPrinter &printer) const override;
};

} // namespace consumer

MLIR_DECLARE_EXPLICIT_TYPE_ID(consumer::PadResolverAttr)
MLIR_DECLARE_EXPLICIT_TYPE_ID(consumer::ConsumerDialect)

#endif // CONSUMER_DIALECT_H
