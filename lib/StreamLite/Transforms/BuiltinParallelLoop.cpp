//===- BuiltinParallelLoop.cpp - the parallel outer loop of kernels -------===//
//
// buildParallelOuterLoop (BuiltinKernelSupport.h): the outermost loop of a
// builtin kernel's region walk as an scf.parallel over groups of iterations,
// for BuiltinKernelOptions::parallelOuterLoop.
//
//===----------------------------------------------------------------------===//

#include "BuiltinKernelSupport.h"

#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

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
  // about bytes: any split of its iterations into whole groups moves at
  // least minTaskBytes per task. (An empty region moves 0 bytes per
  // iteration and has no iterations.)
  int64_t taskBytes = std::max<int64_t>(minTaskBytes, 1);
  int64_t align = std::max<int64_t>(alignIterations, 1);
  OpFoldResult group = math.ceilDiv(
      math.constant(taskBytes), math.max(bytesPerIteration, math.constant(1)));
  // Where the bytes per iteration are known, groups are a fraction of
  // that (kParallelGroupsPerTask of them make it), and the loop says how
  // many make a task: tasks of whole groups then differ by at most one
  // small group. (A region of 15 groups of 1 MiB split 8:7 between two
  // threads.)
  int64_t tasksGroups = 1;
  if (std::optional<int64_t> perIteration =
          IndexArith::known(bytesPerIteration)) {
    int64_t taskIterations =
        llvm::divideCeil(taskBytes, std::max<int64_t>(*perIteration, 1));
    int64_t groupIterations = llvm::alignTo(
        llvm::divideCeil(taskIterations, kParallelGroupsPerTask), align);
    tasksGroups = llvm::divideCeil(taskIterations, groupIterations);
    group = math.constant(groupIterations);
  }
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
  if (tasksGroups > 1)
    parallel->setAttr(StreamLiteDialect::kMinTaskGroupsAttrName,
                      builder.getIndexAttr(tasksGroups));
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
