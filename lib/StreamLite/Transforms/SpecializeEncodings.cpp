//===- SpecializeEncodings.cpp - resolve encodings per device -------------===//
//
// --stream-lite-specialize-encodings and specializeEncodings, its public
// one-call form: a driver over SpecializeEncodingsState (which relayouts
// merges, MergeRelayout.cpp), populateSpecializeEncodingsPatterns
// (SpecializeEncodingsPatterns.cpp), the static size check and executable
// duplication. One walk visits each op once.
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

FailureOr<SpecializeEncodingsCounts>
layoutopt::stream_lite::specializeEncodings(ModuleOp module,
                                            MergeConflictPolicy conflicts) {
  // Merges are relayouted first; then the analysis is complete before any
  // type changes: it keys on ops and values, never on the types being
  // rewritten.
  SpecializeEncodingsState resolution(module, conflicts);
  if (resolution.hasFailed())
    return failure();
  RewritePatternSet patterns(module.getContext());
  populateSpecializeEncodingsPatterns(patterns, resolution);
  applyPatternsOnceToAllOps(module, std::move(patterns));
  if (resolution.hasFailed())
    return failure();
  // Sizes and layouts known now: a resource that cannot hold its tensor
  // would fail every run.
  if (failed(checkStaticResourceSizes(module)))
    return failure();
  FailureOr<unsigned> copies = duplicateExecutablesPerBindingLayouts(module);
  if (failed(copies))
    return failure();
  SpecializeEncodingsCounts counts;
  counts.executablesDuplicated = *copies;
  counts.layoutsResolved = resolution.getNumResolvedTypes();
  counts.relayoutsInserted = resolution.getNumRelayoutsInserted();
  return counts;
}

namespace {
struct SpecializeEncodingsPass
    : public layoutopt::stream_lite::impl::SpecializeEncodingsPassBase<
          SpecializeEncodingsPass> {
  using SpecializeEncodingsPassBase::SpecializeEncodingsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SpecializeEncodingsCounts> counts =
        specializeEncodings(module, conflicts);
    if (failed(counts))
      return signalPassFailure();
    reportPassStatistics(
        module, getArgument(),
        {{&numLayoutsResolved, "layouts-resolved", counts->layoutsResolved},
         {&numExecutablesDuplicated, "executables-duplicated",
          counts->executablesDuplicated},
         {&numRelayoutsInserted, "relayouts-inserted",
          counts->relayoutsInserted}});
  }
};
} // namespace
