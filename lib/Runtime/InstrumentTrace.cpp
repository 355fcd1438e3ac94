//===- InstrumentTrace.cpp - host copies of every written tensor ----------===//
//
// --stream-lite-instrument-trace (layout-run --trace): after every op that
// writes a tensor, the written bytes go to a host callback (by way of a
// staging copy) that records them; the runtime decodes them through the
// type's layout after the run (Trace.h).
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Runtime/Passes.h"

#include "WrittenTensors.h"

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Runtime/HostTensor.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace layoutopt::runtime {
#define GEN_PASS_DEF_INSTRUMENTTRACEPASS
#include "StreamLite/Runtime/Passes.h.inc"
} // namespace layoutopt::runtime

using namespace mlir;
namespace sl = layoutopt::stream_lite;

namespace layoutopt::runtime {

namespace {

/// Whether the host can decode elements of `type` (what layout-run prints).
bool isTraceable(Type elementType) {
  return getElementBytes(elementType).has_value() ||
         sl::isPackedSubByteType(elementType);
}

struct InstrumentTracePass
    : impl::InstrumentTracePassBase<InstrumentTracePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<WrittenTensor> points;
    for (auto func : module.getOps<func::FuncOp>())
      for (WrittenTensor &w : getWrittenTensors(func))
        // An empty tensor's contents are undefined: nothing to look at, and
        // no reference to match.
        if (!isa<sl::TensorEmptyOp>(w.op) &&
            isTraceable(w.type.getElementType()))
          points.push_back(w);
    sl::reportPassStatistics(
        module, getArgument(),
        {{&numTracePoints, "trace-points", points.size()}});
    if (points.empty())
      return;

    OpBuilder b(module.getContext());
    func::FuncOp dimCallback =
        getOrDeclareCallback(b, module, kTraceDimCallback,
                             b.getFunctionType({b.getIndexType()}, {}));
    func::FuncOp traceCallback = getOrDeclareCallback(
        b, module, kTraceCallback,
        b.getFunctionType({b.getI64Type(), getStagingType(b.getContext())},
                          {}));
    // Ids continue after points of an earlier run of the pass.
    SmallVector<Attribute> entries;
    if (auto existing = module->getAttrOfType<ArrayAttr>(kTracePointsAttrName))
      entries.assign(existing.begin(), existing.end());
    for (WrittenTensor &w : points) {
      unsigned result = cast<OpResult>(w.resource).getResultNumber();
      entries.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("description", b.getStringAttr(describeWrite(w))),
           b.getNamedAttr("location",
                          b.getStringAttr(describeLocation(w.op->getLoc()))),
           b.getNamedAttr("op", b.getStringAttr(w.op->getName().getStringRef())),
           b.getNamedAttr("result", b.getI64IntegerAttr(result)),
           b.getNamedAttr("type", TypeAttr::get(w.type))}));
      emitStagedCallback(b, w, dimCallback, traceCallback,
                         int64_t(entries.size() - 1));
    }
    module->setAttr(kTracePointsAttrName, b.getArrayAttr(entries));
  }
};

} // namespace

std::vector<TracePoint> takeTracePoints(ModuleOp module) {
  std::vector<TracePoint> points;
  auto entries = module->getAttrOfType<ArrayAttr>(kTracePointsAttrName);
  if (!entries)
    return points;
  for (Attribute entry : entries) {
    // A malformed entry keeps its id but traces nothing (no type).
    TracePoint point;
    if (auto dict = dyn_cast<DictionaryAttr>(entry)) {
      if (auto text = dict.getAs<StringAttr>("description"))
        point.description = text.str();
      if (auto text = dict.getAs<StringAttr>("location"))
        point.location = text.str();
      if (auto text = dict.getAs<StringAttr>("op"))
        point.opName = text.str();
      if (auto result = dict.getAs<IntegerAttr>("result"))
        point.result = unsigned(result.getInt());
      if (auto type = dict.getAs<TypeAttr>("type"))
        point.type = dyn_cast<RankedTensorType>(type.getValue());
    }
    points.push_back(std::move(point));
  }
  module->removeAttr(kTracePointsAttrName);
  return points;
}

} // namespace layoutopt::runtime
