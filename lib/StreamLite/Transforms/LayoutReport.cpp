//===- LayoutReport.cpp - what layouts cost -------------------------------===//
//
// --stream-lite-layout-report: a driver over buildLayoutReport,
// checkLayoutGrowth and the report writers (StreamLite/Analysis/LayoutCosts.h).
// The IR is not changed.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/LayoutCosts.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_LAYOUTREPORTPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
struct LayoutReportPass
    : public layoutopt::stream_lite::impl::LayoutReportPassBase<
          LayoutReportPass> {
  using LayoutReportPassBase::LayoutReportPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (maxLayoutGrowth < 0) {
      module.emitError() << "max-layout-growth must not be negative, got "
                         << maxLayoutGrowth.getValue();
      return signalPassFailure();
    }
    LayoutReportOptions options;
    if (assumeDynamicDim >= 0)
      options.assumedDynamicDim = assumeDynamicDim;
    LayoutReport report = buildLayoutReport(module, options);
    warnUnresolvedEncodings(report);
    if (printTable)
      printLayoutReportTable(report, llvm::errs());
    if (!jsonFile.empty()) {
      std::string error;
      std::unique_ptr<llvm::ToolOutputFile> file =
          openOutputFile(jsonFile, &error);
      if (!file) {
        module.emitError() << "cannot write the layout report: " << error;
        return signalPassFailure();
      }
      writeLayoutReportJson(report, file->os());
      file->keep();
    }
    if (!svgDir.empty()) {
      std::string error;
      if (failed(writeLayoutReportPictures(report, options, svgDir, error))) {
        module.emitError() << "cannot write the layout pictures: " << error;
        return signalPassFailure();
      }
    }
    if (maxLayoutGrowth > 0 &&
        failed(checkLayoutGrowth(report, maxLayoutGrowth)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
