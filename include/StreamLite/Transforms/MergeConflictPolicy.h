//===- MergeConflictPolicy.h - merges of differing layouts ------*- C++ -*-===//

#ifndef STREAMLITE_TRANSFORMS_MERGECONFLICTPOLICY_H
#define STREAMLITE_TRANSFORMS_MERGECONFLICTPOLICY_H

namespace layoutopt::stream_lite {

/// What --stream-lite-specialize-encodings does with a resource that may
/// come from creators whose layouts differ (through scf/cf merges and calls).
enum class MergeConflictPolicy {
  /// Relayout the incoming paths to one layout (docs/passes.md).
  Relayout,
  /// Reject the program with an error naming the op.
  Error,
};

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_TRANSFORMS_MERGECONFLICTPOLICY_H
