//===- LayoutReport.cpp - what layouts cost -------------------------------===//
//
// --stream-lite-layout-report: a driver over buildLayoutReport,
// checkLayoutGrowth and the report writers (StreamLite/Analysis/LayoutCosts.h).
// The IR is not changed.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/LayoutCosts.h"
#include "StreamLite/Support/OutputFileGroup.h"
#include "StreamLite/Transforms/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_LAYOUTREPORTPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {
/// Writes every (path, contents) of `files`, all of them or none: regular
/// files first, through temporaries, then `-` and devices (which cannot be
/// taken back), and only then are the temporaries renamed into place. Fails
/// with `error` set, having removed every temporary file.
LogicalResult
writeAllOrNone(ArrayRef<std::pair<std::string, std::string>> files,
               std::string &error) {
  layoutopt::OutputFileGroup group;
  for (bool inPlace : {false, true})
    for (const auto &[path, text] : files) {
      if (layoutopt::OutputFileGroup::isWrittenInPlace(path) != inPlace)
        continue;
      std::optional<std::string> message = group.add(
          path, [&, &text = text](llvm::raw_ostream &os) { os << text; });
      if (message) {
        error = *message;
        return failure();
      }
    }
  if (std::optional<std::string> message = group.commit()) {
    error = *message;
    return failure();
  }
  return success();
}

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
    // Checked before anything is written: a failing report writes no file.
    if (maxLayoutGrowth > 0 &&
        failed(checkLayoutGrowth(report, maxLayoutGrowth)))
      return signalPassFailure();
    std::vector<std::pair<std::string, std::string>> files;
    if (!jsonFile.empty()) {
      std::string json;
      llvm::raw_string_ostream os(json);
      writeLayoutReportJson(report, os);
      files.emplace_back(jsonFile, std::move(json));
    }
    bool madeSvgDir = false;
    if (!svgDir.empty()) {
      madeSvgDir = !llvm::sys::fs::exists(svgDir);
      if (std::error_code ec = llvm::sys::fs::create_directories(svgDir)) {
        // The location only: the module printed with the error says nothing.
        emitError(module.getLoc())
            << "--stream-lite-layout-report: cannot create directory '"
            << svgDir << "': " << ec.message();
        return signalPassFailure();
      }
      for (auto &[name, text] : getLayoutReportPictures(report, options)) {
        llvm::SmallString<256> path(svgDir);
        llvm::sys::path::append(path, name);
        files.emplace_back(std::string(path), std::move(text));
      }
    }
    std::string error;
    if (failed(writeAllOrNone(files, error))) {
      // A directory made for the pictures goes too (it is empty again).
      if (madeSvgDir)
        (void)llvm::sys::fs::remove(svgDir);
      emitError(module.getLoc()) << "--stream-lite-layout-report: " << error;
      return signalPassFailure();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
