//===- ConvertAsyncToMemRef.cpp - async ops to host memrefs ---------------===//
//
// --stream-lite-convert-async-to-memref: a partial conversion over
// populateStreamLiteToMemRefConversionPatterns (StreamLiteToMemRef.cpp),
// one function at a time, functions on several threads.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Conversion/Passes.h"
#include "StreamLite/Conversion/StreamLiteToMemRef.h"
#include "StreamLite/Transforms/ParallelFunctions.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include <atomic>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CONVERTASYNCTOMEMREFPASS
#include "StreamLite/Conversion/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

/// What one thread converts with. The patterns and the target refer to
/// `converter` and `constants`, so a conversion never moves.
struct FunctionConverter {
  explicit FunctionConverter(MLIRContext *context,
                             const AsyncToMemRefState &state)
      : target(*context) {
    // The conversion never rolls a pattern back, so the patterns may share
    // their constants.
    constants.enabled = true;
    populateStreamLiteToMemRefTypeConversions(converter);
    RewritePatternSet set(context);
    populateStreamLiteToMemRefConversionPatterns(converter, set, target, state,
                                                 constants);
    patterns = FrozenRewritePatternSet(std::move(set));
  }

  LogicalResult convert(ArrayRef<Operation *> ops) {
    ConversionConfig config;
    config.allowPatternRollback = false;
    LogicalResult result = applyPartialConversion(ops, target, patterns, config);
    // Constants are per function: none is needed once it is converted.
    constants.made.clear();
    constants.last.clear();
    return result;
  }

  TypeConverter converter;
  ConversionTarget target;
  AsyncToMemRefState::SharedConstants constants;
  FrozenRewritePatternSet patterns;
};

struct ConvertAsyncToMemRefPass
    : public layoutopt::stream_lite::impl::ConvertAsyncToMemRefPassBase<
          ConvertAsyncToMemRefPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    AsyncToMemRefState state;
    if (failed(prepareAsyncToMemRefConversion(module, state)))
      return signalPassFailure();

    // Each function is converted by itself: functions are isolated from
    // above, their signatures change in place, calls name callees by
    // symbol, and the patterns only read what the preparation found (the
    // kernels, the constants' globals, the copies on write). So functions
    // are converted in parallel (in order under --mlir-disable-threading;
    // diagnostics come in function order), and each while it is in the
    // cache. Kernels go first: a dispatch reads its kernel's signature,
    // which must not change while it does. The other top-level ops (device
    // declarations, globals) are converted last, together.
    DenseSet<Operation *> kernels;
    for (const auto &entry : state.kernels)
      kernels.insert(entry.second);
    SmallVector<Operation *> kernelFunctions;
    SmallVector<Operation *> programFunctions;
    SmallVector<Operation *> others;
    for (Operation &op : *module.getBody()) {
      if (!isa<func::FuncOp>(op))
        others.push_back(&op);
      else if (kernels.contains(&op))
        kernelFunctions.push_back(&op);
      else
        programFunctions.push_back(&op);
    }
    // One converter per thread, made when the thread first converts.
    PerThreadStates<FunctionConverter> converters;
    auto makeConverter = [&] {
      return std::make_unique<FunctionConverter>(&getContext(), state);
    };
    std::atomic<bool> failed = false;
    auto convertFunctions = [&](ArrayRef<Operation *> functions) {
      parallelForEachWithState(
          &getContext(), functions.size(), converters,
          [&](size_t) { return makeConverter(); },
          [&](FunctionConverter &converter, size_t i) {
            if (mlir::failed(converter.convert(functions[i])))
              failed = true;
          });
    };
    convertFunctions(kernelFunctions);
    if (!failed)
      convertFunctions(programFunctions);
    if (failed)
      return signalPassFailure();
    if (!others.empty() &&
        mlir::failed(converters.get(makeConverter).convert(others)))
      return signalPassFailure();
    finalizeAsyncToMemRefConversion(module);
  }
};

} // namespace
