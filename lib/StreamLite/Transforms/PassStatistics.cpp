//===- PassStatistics.cpp - statistics of the stream_lite passes ----------===//
//
// reportPassStatistics: sets a pass's TableGen statistics and reports the
// same numbers as one remark, so that they are visible with a release LLVM
// (whose --mlir-pass-statistics prints nothing).
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"

#include "mlir/IR/Remarks.h"

using namespace mlir;

namespace layoutopt::stream_lite {

void reportPassStatistics(Operation *root, StringRef passArgument,
                          ArrayRef<PassCount> counts) {
  for (const PassCount &count : counts)
    *count.statistic = count.value;
  auto opts = remark::RemarkOpts::name(passArgument)
                  .category("stream-lite-statistics");
  auto remark = remark::analysis(root->getLoc(), opts);
  for (const PassCount &count : counts)
    remark << remark::detail::Remark::Arg(count.name, count.value);
}

} // namespace layoutopt::stream_lite
