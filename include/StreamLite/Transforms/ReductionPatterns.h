//===- ReductionPatterns.h - patterns for layout-reduce ---------*- C++ -*-===//
//
// Patterns that make a stream-lite program smaller, for upstream's reduction
// tree (`-reduction-tree`, what layout-reduce runs).
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_REDUCTIONPATTERNS_H
#define STREAMLITE_TRANSFORMS_REDUCTIONPATTERNS_H

namespace mlir {
class DialectRegistry;
class RewritePatternSet;
class Tester;
} // namespace mlir

namespace layoutopt::stream_lite {

/// Erase an op whose results are unused; replace a resource an op produces
/// by a fresh `stream_lite.tensor.empty` of the same type, size and
/// affinity; let the users of a fill, update, clone or transfer read its
/// source resource instead; drop the last target of a device that has several;
/// halve a static dim of an op's tensor types in the whole function. Each
/// rewrite is applied only when `tester` finds the rewritten program
/// interesting (judged on a copy, answers cached by program text): upstream's
/// tree applies every pattern to every op of its first variant and cannot
/// recover when that variant stops being interesting.
void populateStreamLiteReductionPatterns(mlir::RewritePatternSet &patterns,
                                         const mlir::Tester &tester);

/// Attaches those patterns to the stream_lite dialect through upstream's
/// DialectReductionPatternInterface (which the reduction tree asks each
/// loaded dialect for).
void registerStreamLiteReductionInterface(mlir::DialectRegistry &registry);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_TRANSFORMS_REDUCTIONPATTERNS_H
