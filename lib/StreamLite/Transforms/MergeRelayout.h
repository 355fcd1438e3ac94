//===- MergeRelayout.h - one layout per merged resource ---------*- C++ -*-===//
//
// Internal to --stream-lite-specialize-encodings (SpecializeEncodingsPatterns.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_MERGERELAYOUT_H
#define STREAMLITE_TRANSFORMS_MERGERELAYOUT_H

#include "TypeResolver.h"

#include "StreamLite/Analysis/ResourceCreators.h"

#include <memory>

namespace layoutopt::stream_lite {

/// Rewrites every `arith.select` of resources in `module` into an `scf.if`
/// yielding them (with the other selects of the same condition whose
/// operands are available there, such as the resources' sizes), so that a
/// merge through a select is a region merge like any other: each path can
/// then be relayouted on its own branch, paying only when taken. Returns the
/// selects rewritten.
unsigned expandResourceSelects(mlir::ModuleOp module);

/// Moves into an `scf.if` each `arith.select` of an index on its
/// condition, of values defined before it and used only after it, that
/// states the size of one of its resource results (the form
/// `--canonicalize` gives sizes the arms yield): the arms then yield those
/// sizes, so that a relayout on one path can pass its new size along.
/// Returns the selects moved.
unsigned sinkSizeSelectsIntoMerges(mlir::ModuleOp module);

/// Inserts relayouts so that no resource of `module` may come from creators
/// whose layouts differ (docs/passes.md, Merges). Works on unresolved types,
/// before the resolution. `creators` is the analysis of `module`; it is
/// replaced by a fresh one whenever the module changes, so that it is the
/// analysis of the module on return. Fails, after an error naming the op,
/// when a merge cannot be rewritten; else returns the relayouts inserted.
mlir::FailureOr<unsigned>
relayoutMergedResources(mlir::ModuleOp module, TypeResolver &resolver,
                        std::unique_ptr<ResourceCreators> &creators);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_TRANSFORMS_MERGERELAYOUT_H
