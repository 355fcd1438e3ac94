//===- Trace.h - decoded buffers of a traced run ----------------*- C++ -*-===//
//
// `layout-run --trace=FILE`: a program instrumented with
// --stream-lite-instrument-trace hands the bytes of every tensor an op
// writes to its JIT session, which records them in the order they were
// written. After the run each record is decoded through its type's layout:
// the logical values, and which storage bytes are padding. Records of the
// program and of its encoding-free reference are matched op by op, so that
// the first op whose values differ is the one that broke the tensor.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_RUNTIME_TRACE_H
#define STREAMLITE_RUNTIME_TRACE_H

#include "StreamLite/Runtime/HostTensor.h"
#include "StreamLite/Runtime/Passes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace layoutopt::runtime {

/// The most bytes one run's trace keeps; later records are dropped (and
/// counted), so that tracing a long loop cannot take the machine's memory.
inline constexpr size_t kMaxTraceBytes = size_t(1) << 30;

/// One execution of a trace point: the bytes its op wrote.
struct TraceRecord {
  int64_t point = -1;
  /// The tensor's dynamic dims, in order.
  llvm::SmallVector<int64_t> dynamicDims;
  std::vector<uint8_t> bytes;
};

/// What one traced run recorded.
struct Trace {
  /// By id (takeTracePoints).
  std::vector<TracePoint> points;
  /// In the order the ops wrote them.
  std::vector<TraceRecord> records;
  /// Records not kept: beyond kMaxTraceBytes, or out of memory.
  size_t droppedRecords = 0;
};

/// A record read through its type's layout.
struct DecodedRecord {
  /// The logical values, dense row-major (packed sub-byte elements one per
  /// byte, sign- or zero-extended as layout-run prints them).
  HostArray values;
  /// One byte per storage byte: the bits that hold an element.
  std::vector<uint8_t> elementBits;
};

/// Marks in `elementBits` (one byte per storage byte; bytes past its end
/// are ignored) the bits that hold an element of `type` with `shape`, as
/// `layout` places them.
void markElementBits(mlir::RankedTensorType type,
                     llvm::ArrayRef<int64_t> shape,
                     llvm::MutableArrayRef<uint8_t> elementBits);

/// Decodes `record` of `point`; fails with why it cannot (no layout,
/// missing dims, fewer bytes than the layout's storage).
llvm::Expected<DecodedRecord> decodeTraceRecord(const TracePoint &point,
                                                const TraceRecord &record);

/// For each record of `program`, the record of `reference` written by the
/// same op (location, op name and result) the same number of times before,
/// or -1 (ops the program has and its reference has not: relayouts that
/// specialization inserted).
std::vector<int64_t> matchTraceRecords(const Trace &program,
                                       const Trace &reference);

/// How writeTraceJson writes a trace.
struct TraceJsonOptions {
  /// The function the trace is of.
  std::string function;
  /// Each record's values are cut after this many elements and its bytes
  /// after this many times 8 (`"truncated": true`); 0: no limit.
  size_t maxElements = 4096;
  /// The reference run's trace (layout-run --compare-to-reference): each
  /// record says whether its values match its reference record.
  const Trace *reference = nullptr;
};

/// The first record of `program` whose logical values differ from its
/// reference record's, and where ("[1, 2]: 3 vs 4"), or none.
struct TraceDivergence {
  size_t record;
  std::string difference;
};
std::optional<TraceDivergence> findFirstDivergence(const Trace &program,
                                                   const Trace &reference);

/// The trace as JSON (docs/tools.md, "Tracing decoded buffers").
void writeTraceJson(llvm::raw_ostream &os, const Trace &trace,
                    const TraceJsonOptions &options);

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_TRACE_H
