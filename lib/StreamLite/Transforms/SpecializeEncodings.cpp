//===- SpecializeEncodings.cpp - resolve encodings per device -------------===//
//
// --stream-lite-specialize-encodings: a driver over SpecializeEncodingsState (which
// relayouts merges, MergeRelayout.cpp), populateSpecializeEncodingsPatterns
// (SpecializeEncodingsPatterns.cpp) and executable duplication. One walk visits each
// op once.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_SPECIALIZEENCODINGSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
struct SpecializeEncodingsPass
    : public layoutopt::stream_lite::impl::SpecializeEncodingsPassBase<
          SpecializeEncodingsPass> {
  using SpecializeEncodingsPassBase::SpecializeEncodingsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Merges are relayouted first; then the analysis is complete before any
    // type changes: it keys on ops and values, never on the types being
    // rewritten.
    SpecializeEncodingsState resolution(module, conflicts);
    if (resolution.hasFailed())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateSpecializeEncodingsPatterns(patterns, resolution);
    applyPatternsOnceToAllOps(module, std::move(patterns));
    if (resolution.hasFailed())
      return signalPassFailure();
    // Sizes and layouts known now: a resource that cannot hold its tensor
    // would fail every run.
    if (failed(checkStaticResourceSizes(module)))
      return signalPassFailure();
    unsigned copies = duplicateExecutablesPerBindingLayouts(module);
    reportPassStatistics(
        module, getArgument(),
        {{&numLayoutsResolved, "layouts-resolved",
          resolution.getNumResolvedTypes()},
         {&numExecutablesDuplicated, "executables-duplicated", copies},
         {&numRelayoutsInserted, "relayouts-inserted",
          resolution.getNumRelayoutsInserted()}});
  }
};
} // namespace
