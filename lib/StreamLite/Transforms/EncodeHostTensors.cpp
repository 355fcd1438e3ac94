//===- EncodeHostTensors.cpp - tensor-phase ops to byte-level async ops ---===//
//
// --stream-lite-encode-host-tensors: a partial conversion with the
// tensor-phase ops illegal, over populateEncodeHostTensorsPatterns
// (HostTensorEncoding.cpp). An op left over fails the conversion.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Transforms/DialectConversion.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_ENCODEHOSTTENSORSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
struct EncodeHostTensorsPass
    : public layoutopt::stream_lite::impl::EncodeHostTensorsPassBase<
          EncodeHostTensorsPass> {
  using EncodeHostTensorsPassBase::EncodeHostTensorsPassBase;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    RewritePatternSet patterns(&getContext());
    populateEncodeHostTensorsPatterns(patterns, symbols);
    ConversionTarget target(getContext());
    configureEncodeHostTensorsTarget(target);
    // Each op is rewritten once and never rolled back: the one-shot driver
    // keeps no undo state, and uses see the converted sizes at once.
    ConversionConfig config;
    config.allowPatternRollback = false;
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace
