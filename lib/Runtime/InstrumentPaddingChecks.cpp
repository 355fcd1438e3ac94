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

/// A tensor one op writes: the resource, its (serialized) type and dims.
struct WrittenTensor {
  Operation *op;
  Value resource;
  RankedTensorType type;
  SmallVector<Value> dims;
};

/// The tensors `op` writes, as the op states them
/// (EncodedTensorOpInterface): created, copied and written-in-place tensors,
/// each with the resource that holds it after the op.
SmallVector<WrittenTensor> getWrittenTensors(Operation *op) {
  SmallVector<WrittenTensor> out;
  auto tensorOp = dyn_cast<sl::EncodedTensorOpInterface>(op);
  if (!tensorOp)
    return out;
  for (const sl::EncodedTensor &tensor : tensorOp.getEncodedTensors())
    if (tensor.isWritten())
      out.push_back({op, tensor.getResultResource(), tensor.getType(),
                     SmallVector<Value>(tensor.dims)});
  return out;
}

/// `name` in `module`, declared privately with `type` if missing.
func::FuncOp getOrDeclare(OpBuilder &b, ModuleOp module, StringRef name,
                          FunctionType type) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  auto callee = func::FuncOp::create(b, module.getLoc(), name, type);
  callee.setPrivate();
  return callee;
}

/// After `w.op`: copies the written tensor to a staging resource and hands
/// its bytes and dynamic dims to the host.
void emitPaddingCheck(OpBuilder &b, const WrittenTensor &w,
                      func::FuncOp dimCallback, func::FuncOp checkCallback,
                      int64_t id) {
  Location loc = w.op->getLoc();
  b.setInsertionPointAfter(w.op);
  Value size = sl::TensorSizeOfOp::create(b, loc, b.getIndexType(), w.type,
                                          w.dims, /*affinity=*/nullptr);
  auto stagingType =
      sl::ResourceType::get(b.getContext(), sl::Lifetime::Staging);
  Value staging = sl::AsyncTransferOp::create(b, loc, stagingType, w.resource,
                                              size, nullptr, size, nullptr);
  for (Value dim : w.dims)
    func::CallOp::create(b, loc, dimCallback, ValueRange{dim});
  Value idValue = arith::ConstantIntOp::create(b, loc, b.getI64Type(), id);
  func::CallOp::create(b, loc, checkCallback, ValueRange{idValue, staging});
}

/// `FILE:LINE:COL: <op>`: how a violation names the op.
std::string describe(const WrittenTensor &w) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = dyn_cast<FileLineColLoc>(w.op->getLoc()))
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn() << ": ";
  else
    os << w.op->getLoc() << ": ";
  w.op->print(os, OpPrintingFlags().skipRegions());
  if (w.op->getNumResults() > 1)
    os << " (result " << cast<OpResult>(w.resource).getResultNumber() << ")";
  return text;
}

struct InstrumentPaddingChecksPass
    : impl::InstrumentPaddingChecksPassBase<InstrumentPaddingChecksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<WrittenTensor> checks;
    for (auto func : module.getOps<func::FuncOp>())
      func.walk([&](Operation *op) {
        for (WrittenTensor &w : getWrittenTensors(op)) {
          if (!getElementBytes(w.type.getElementType()))
            continue;
          // Layouts whose contract says bytes holding no element are zero.
          sl::PhysicalLayoutAttrInterface layout =
              sl::getPhysicalLayout(w.type);
          if (layout && layout.getPadContract() == sl::PadContract::Zero)
            checks.push_back(w);
        }
      });
    sl::reportPassStatistics(
        module, getArgument(),
        {{&numChecksInserted, "checks-inserted", checks.size()}});
    if (checks.empty())
      return;

    OpBuilder b(module.getContext());
    auto stagingType =
        sl::ResourceType::get(b.getContext(), sl::Lifetime::Staging);
    func::FuncOp dimCallback =
        getOrDeclare(b, module, kPaddingDimCallback,
                     b.getFunctionType({b.getIndexType()}, {}));
    func::FuncOp checkCallback =
        getOrDeclare(b, module, kPaddingCheckCallback,
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
          {b.getNamedAttr("description", b.getStringAttr(describe(w))),
           b.getNamedAttr("type", TypeAttr::get(w.type))}));
      emitPaddingCheck(b, w, dimCallback, checkCallback,
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
