//===- BuiltinParallelLoop.cpp - the parallel outer loop of kernels -------===//
//
// buildParallelOuterLoop (BuiltinKernelSupport.h): the outermost loop of a
// builtin kernel's region walk as an scf.parallel over groups of iterations,
// for BuiltinKernelOptions::parallelOuterLoop.
//
//===----------------------------------------------------------------------===//

#include "BuiltinKernelSupport.h"

#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <algorithm>

using namespace mlir;

namespace layoutopt::stream_lite {

Value detail::buildParallelOuterLoop(OpBuilder &builder, Location loc,
                                     OpFoldResult lb, OpFoldResult ub,
                                     OpFoldResult bytesPerIteration,
                                     int64_t minTaskBytes,
                                     llvm::function_ref<void()> atGroupStart,
                                     int64_t alignIterations,
                                     Value aligned) {
  IndexArith math(builder, loc, kInBoundsIndexFlags);
  // The group is the parallel loop's step, so that how a loop is split
  // into tasks (--stream-lite-parallelize-kernels) needs to know nothing
  // about bytes: any split of its iterations moves at least
  // minTaskBytes per task. (An empty region moves 0 bytes per
  // iteration and has no iterations.)
  OpFoldResult group = math.ceilDiv(math.constant(std::max<int64_t>(
                                        minTaskBytes, 1)),
                                    math.max(bytesPerIteration,
                                             math.constant(1)));
  OpFoldResult start = lb;
  if (alignIterations > 1) {
    // Groups of whole multiples of the alignment, starting at multiples of
    // themselves (not at lb), begin and end where the caller needs them
    // to (packed elements: on a byte), whatever the region's start.
    group = math.mul(math.ceilDiv(group, alignIterations), alignIterations);
    // Boundaries the caller cannot use: one group, one task.
    if (aligned)
      group = arith::SelectOp::create(
                  builder, loc, aligned, math.value(group),
                  math.value(math.max(ub, math.constant(1))))
                  .getResult();
    start = math.mul(math.floorDiv(lb, group), group);
  }
  Value step = math.value(group);
  auto parallel = scf::ParallelOp::create(builder, loc,
                                          ValueRange{math.value(start)},
                                          ValueRange{math.value(ub)},
                                          ValueRange{step});
  builder.setInsertionPoint(parallel.getBody()->getTerminator());
  // A group's scratch buffers (a fill's pattern) are its own, so that
  // tasks share none; --stream-lite-parallelize-kernels moves them to the
  // entry of the function a task runs. (Not in a memref.alloca_scope,
  // whose single block scf-to-cf would split.)
  atGroupStart();
  Value first = parallel.getInductionVars().front();
  Value last = math.value(math.min(math.add(first, group), ub));
  if (alignIterations > 1)
    first = math.value(math.max(first, lb));
  auto serial = scf::ForOp::create(builder, loc, first, last,
                                   math.value(math.constant(1)));
  builder.setInsertionPoint(serial.getBody()->getTerminator());
  return serial.getInductionVar();
}

} // namespace layoutopt::stream_lite
