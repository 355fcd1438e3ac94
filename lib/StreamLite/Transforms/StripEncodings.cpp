//===- StripEncodings.cpp - the encoding-free reference program -----------===//
//
// --stream-lite-strip-encodings: every ranked tensor type in the module,
// wherever it appears (type attributes, type lists, value types), loses its
// encoding.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/IR/AttrTypeSubElements.h"

#define DEBUG_TYPE "stream-lite-strip-encodings"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_STRIPENCODINGSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;

namespace {
struct StripEncodingsPass
    : public layoutopt::stream_lite::impl::StripEncodingsPassBase<
          StripEncodingsPass> {
  using StripEncodingsPassBase::StripEncodingsPassBase;

  void runOnOperation() override {
    AttrTypeReplacer replacer;
    replacer.addReplacement([](RankedTensorType type) -> std::optional<Type> {
      if (!type.getEncoding())
        return std::nullopt;
      return type.dropEncoding();
    });
    // Every op, nested regions included; function types are attributes of
    // the functions and are rewritten with them.
    getOperation()->walk([&](Operation *op) {
      replacer.replaceElementsIn(op, /*replaceAttrs=*/true,
                                 /*replaceLocs=*/false, /*replaceTypes=*/true);
    });
  }
};
} // namespace
