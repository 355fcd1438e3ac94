//===- ConvertAsyncToMemRef.cpp - async ops to host memrefs ---------------===//
//
// --stream-lite-convert-async-to-memref: a partial conversion over
// populateStreamLiteToMemRefConversionPatterns (StreamLiteToMemRef.cpp).
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Conversion/StreamLiteToMemRef.h"
#include "StreamLite/Transforms/Passes.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CONVERTASYNCTOMEMREFPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
struct ConvertAsyncToMemRefPass
    : public layoutopt::stream_lite::impl::ConvertAsyncToMemRefPassBase<
          ConvertAsyncToMemRefPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    AsyncToMemRefState state;
    if (failed(prepareAsyncToMemRefConversion(module, state)))
      return signalPassFailure();
    // The conversion never rolls a pattern back, so the patterns may share
    // their constants.
    state.constants.enabled = true;
    TypeConverter converter;
    populateStreamLiteToMemRefTypeConversions(converter);
    ConversionTarget target(getContext());
    RewritePatternSet patterns(&getContext());
    populateStreamLiteToMemRefConversionPatterns(converter, patterns, target,
                                                 state);
    ConversionConfig config;
    config.allowPatternRollback = false;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      return signalPassFailure();
    finalizeAsyncToMemRefConversion(module);
  }
};
} // namespace
