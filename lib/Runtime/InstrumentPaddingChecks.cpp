//===- InstrumentPaddingChecks.cpp - host checks of tiled padding ---------===//
//
// --stream-lite-instrument-padding-checks: after every op that writes a
// tensor whose layout promises zero padding, the written bytes go to a host
// callback (by way of a staging copy) that checks every byte outside the
// logical elements is zero. The pass only inserts calls; the check itself
// lives in the runtime library's JIT session, next to the callbacks it binds.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Runtime/Passes.h"

#include "WrittenTensors.h"

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/IR/StreamLiteTypes.h"
#include "StreamLite/Runtime/HostTensor.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

namespace layoutopt::runtime {
#define GEN_PASS_DEF_INSTRUMENTPADDINGCHECKSPASS
#include "StreamLite/Runtime/Passes.h.inc"
} // namespace layoutopt::runtime

using namespace mlir;
namespace sl = layoutopt::stream_lite;

namespace layoutopt::runtime {

namespace {

struct InstrumentPaddingChecksPass
    : impl::InstrumentPaddingChecksPassBase<InstrumentPaddingChecksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<WrittenTensor> checks;
    for (auto func : module.getOps<func::FuncOp>())
      for (WrittenTensor &w : getWrittenTensors(func)) {
        if (!getElementBytes(w.type.getElementType()))
          continue;
        // Layouts whose contract says bytes holding no element are zero.
        sl::PhysicalLayoutAttrInterface layout = sl::getPhysicalLayout(w.type);
        if (layout && layout.getPadContract() == sl::PadContract::Zero)
          checks.push_back(w);
      }
    sl::reportPassStatistics(
        module, getArgument(),
        {{&numChecksInserted, "checks-inserted", checks.size()}});
    if (checks.empty())
      return;

    OpBuilder b(module.getContext());
    Type stagingType = getStagingType(b.getContext());
    func::FuncOp dimCallback =
        getOrDeclareCallback(b, module, kPaddingDimCallback,
                             b.getFunctionType({b.getIndexType()}, {}));
    func::FuncOp checkCallback = getOrDeclareCallback(
        b, module, kPaddingCheckCallback,
        b.getFunctionType({b.getI64Type(), stagingType}, {}));
    // Ids continue after checks of an earlier run of the pass.
    SmallVector<Attribute> entries;
    if (auto existing =
            module->getAttrOfType<ArrayAttr>(kPaddingChecksAttrName))
      entries.assign(existing.begin(), existing.end());
    for (WrittenTensor &w : checks) {
      // Described before the op's own check is inserted, so the printed op
      // is the one the program wrote.
      entries.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("description", b.getStringAttr(describeWrite(w))),
           b.getNamedAttr("type", TypeAttr::get(w.type))}));
      emitStagedCallback(b, w, dimCallback, checkCallback,
                         int64_t(entries.size() - 1));
    }
    module->setAttr(kPaddingChecksAttrName, b.getArrayAttr(entries));
  }
};

} // namespace

std::vector<PaddingCheck> takePaddingChecks(ModuleOp module) {
  std::vector<PaddingCheck> checks;
  auto entries = module->getAttrOfType<ArrayAttr>(kPaddingChecksAttrName);
  if (!entries)
    return checks;
  for (Attribute entry : entries) {
    auto dict = dyn_cast<DictionaryAttr>(entry);
    auto description = dict ? dict.getAs<StringAttr>("description") : nullptr;
    auto type = dict ? dict.getAs<TypeAttr>("type") : nullptr;
    // A malformed entry keeps its id but checks nothing.
    checks.push_back(
        {description ? description.str() : std::string(),
         type ? dyn_cast<RankedTensorType>(type.getValue()) : nullptr});
  }
  module->removeAttr(kPaddingChecksAttrName);
  return checks;
}

} // namespace layoutopt::runtime
