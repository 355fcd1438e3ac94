//===- LayoutReport.cpp - what layouts cost -------------------------------===//
//
// --stream-lite-layout-report: a driver over buildLayoutReport,
// checkLayoutGrowth and the report writers (StreamLite/Analysis/LayoutCosts.h).
// The IR is not changed.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/LayoutCosts.h"
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
/// Writes every (path, contents) of `files`, all of them or none: each goes
/// to a temporary file next to its path, and they are renamed into place
/// only once every one was written. `-` (standard output) and a path that
/// exists and is not a regular file (a device) are written in place, after
/// the temporaries: renaming over a device would replace it. Fails with
/// `error` set, having removed every temporary file.
LogicalResult
writeAllOrNone(ArrayRef<std::pair<std::string, std::string>> files,
               std::string &error) {
  std::vector<std::pair<std::string, llvm::sys::fs::TempFile>> temps;
  std::vector<std::pair<std::string, llvm::StringRef>> inPlace;
  auto discard = [&] {
    for (auto &[path, temp] : temps)
      llvm::consumeError(temp.discard());
  };
  for (const auto &file : files) {
    const std::string &path = file.first;
    llvm::StringRef text = file.second;
    auto cannotWrite = [&](const llvm::Twine &reason) {
      error = ("cannot write '" + path + "': " + reason).str();
      discard();
      return failure();
    };
    llvm::sys::fs::file_status status;
    if (path == "-" || (!llvm::sys::fs::status(path, status) &&
                        !llvm::sys::fs::is_regular_file(status) &&
                        !llvm::sys::fs::is_directory(status))) {
      inPlace.emplace_back(path, text);
      continue;
    }
    if (llvm::sys::fs::is_directory(status))
      return cannotWrite(
          std::make_error_code(std::errc::is_a_directory).message());
    llvm::Expected<llvm::sys::fs::TempFile> temp =
        llvm::sys::fs::TempFile::create(path + ".tmp-%%%%%%");
    if (!temp)
      return cannotWrite(llvm::toString(temp.takeError()));
    temps.emplace_back(path, std::move(*temp));
    llvm::raw_fd_ostream os(temps.back().second.FD, /*shouldClose=*/false);
    os << text;
    os.flush();
    if (os.has_error()) {
      std::string reason = os.error().message();
      os.clear_error();
      return cannotWrite(reason);
    }
  }
  for (const auto &[path, text] : inPlace) {
    if (path == "-") {
      llvm::outs() << text;
      llvm::outs().flush();
      continue;
    }
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (!ec) {
      os << text;
      os.close();
      if (os.has_error()) {
        ec = os.error();
        // Reported here: the stream must not abort when destroyed.
        os.clear_error();
      }
    }
    if (ec) {
      error = "cannot write '" + path + "': " + ec.message();
      discard();
      return failure();
    }
  }
  LogicalResult result = success();
  for (auto &[path, temp] : temps)
    if (llvm::Error keepError = temp.keep(path)) {
      if (succeeded(result))
        error = "cannot write '" + path +
                "': " + llvm::toString(std::move(keepError));
      else
        llvm::consumeError(std::move(keepError));
      result = failure();
    }
  return result;
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
