//===- LayoutCosts.h - what layouts cost in bytes ---------------*- C++ -*-===//
//
// The numbers behind --stream-lite-layout-report: per resource its logical
// and physical bytes, per device the peak of live physical bytes, per
// transfer the bytes moved by DMA or by a builtin dispatch. Every size comes
// from the physical layout interface (getCheckedStorageSizeInBytes) and
// every DMA decision from the transfer planner.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_LAYOUTCOSTS_H
#define STREAMLITE_ANALYSIS_LAYOUTCOSTS_H

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace layoutopt::stream_lite {

struct LayoutReportOptions {
  /// The value taken for every dynamic dim that is not a constant; none
  /// leaves such sizes unknown.
  std::optional<int64_t> assumedDynamicDim;
};

/// A resource an op creates (or an `async.transfer` moves to a device).
struct ResourceEntry {
  mlir::Operation *op;
  unsigned resultIndex;
  std::string function;
  /// Device names of the creator's affinity, comma-separated ("" unknown).
  std::string device;
  mlir::RankedTensorType type;
  /// The physical layout printed, or the encoding when it has none.
  std::string layout;
  std::optional<int64_t> logicalBytes;
  std::optional<int64_t> physicalBytes;
  /// physical / logical, when both are known and logical is not 0.
  std::optional<double> growth() const;
};

struct DeviceEntry {
  std::string device;
  /// The most physical bytes of the device's resources alive at once,
  /// over each function in program order (the maximum over functions).
  int64_t peakLiveBytes = 0;
  unsigned resources = 0;
  /// Resources whose size is unknown (not counted in the peak).
  unsigned unknownSizeResources = 0;
};

/// A transfer op or a builtin dispatch.
struct TransferEntry {
  mlir::Operation *op;
  std::string function;
  std::string device;
  /// clone, encode, slice, update, fill or splat.
  std::string kind;
  bool dma;
  /// DMA: the bytes of the memcpy or memset; dispatch: the logical bytes
  /// the kernel writes; fused: the logical bytes of the relayout that
  /// fuse-relayouts removed. Unknown for dynamic sizes.
  std::optional<int64_t> bytes;
  /// A relayout fused into the user kernel that produces its data (the
  /// dispatch's `stream_lite.fused_relayouts`): nothing moves it any more.
  bool fused = false;
};

struct LayoutReport {
  std::vector<ResourceEntry> resources;
  std::vector<DeviceEntry> devices;
  std::vector<TransferEntry> transfers;
};

/// Builds the report of every `func.func` of `module` (executables are
/// skipped). Transfer ops still in tensor-phase form are planned as
/// `--stream-lite-materialize-builtins` would; `@__builtin_*` dispatches
/// count as builtin dispatches.
LayoutReport buildLayoutReport(mlir::ModuleOp module,
                               const LayoutReportOptions &options);

/// Emits one warning, on the creator of the first resource whose encoding
/// no target has resolved yet (its sizes are unknown), that names the pass
/// to run first and how many such resources there are; returns how many.
unsigned warnUnresolvedEncodings(const LayoutReport &report);

/// Emits an error on the creator of each resource whose physical/logical
/// ratio exceeds `maxGrowth`; fails when there is one.
llvm::LogicalResult checkLayoutGrowth(const LayoutReport &report,
                                      double maxGrowth);

/// The report as JSON (docs/passes.md, --stream-lite-layout-report).
void writeLayoutReportJson(const LayoutReport &report, llvm::raw_ostream &os);
/// The report as text tables.
void printLayoutReportTable(const LayoutReport &report, llvm::raw_ostream &os);

/// The picture of every distinct resource type of `report`, as (file name,
/// contents): `layout-N.svg` in order of first appearance, then
/// `index.txt`, a line per type: `layout-N.svg TYPE`, or
/// `not drawn: TYPE: REASON` when the type has no static image. A dynamic
/// dim is drawn as `options.assumedDynamicDim` when that is set. The caller
/// writes them (--stream-lite-layout-report: all of them or none).
std::vector<std::pair<std::string, std::string>>
getLayoutReportPictures(const LayoutReport &report,
                        const LayoutReportOptions &options);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_LAYOUTCOSTS_H
