//===- WrittenTensors.cpp - what the instrumentation passes share ---------===//

#include "WrittenTensors.h"

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/IR/StreamLiteTypes.h"
#include "StreamLite/Runtime/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace sl = layoutopt::stream_lite;

namespace layoutopt::runtime {

/// Whether `op` is a staging copy an instrumentation inserted: a transfer
/// read only by the instrumentation's callbacks.
static bool isInstrumentation(Operation *op) {
  if (!isa<sl::AsyncTransferOp>(op) || op->use_empty())
    return false;
  return llvm::all_of(op->getUsers(), [](Operation *user) {
    auto call = dyn_cast<func::CallOp>(user);
    return call && (call.getCallee() == kPaddingCheckCallback ||
                    call.getCallee() == kTraceCallback);
  });
}

SmallVector<WrittenTensor> getWrittenTensors(Operation *op) {
  SmallVector<WrittenTensor> out;
  auto tensorOp = dyn_cast<sl::EncodedTensorOpInterface>(op);
  if (!tensorOp || isInstrumentation(op))
    return out;
  for (const sl::EncodedTensor &tensor : tensorOp.getEncodedTensors())
    if (tensor.isWritten())
      out.push_back({op, tensor.getResultResource(), tensor.getType(),
                     SmallVector<Value>(tensor.dims)});
  return out;
}

SmallVector<WrittenTensor> getWrittenTensors(func::FuncOp func) {
  SmallVector<WrittenTensor> out;
  func.walk([&](Operation *op) {
    for (Operation *at = op->getParentOp(); at && at != func;
         at = at->getParentOp())
      if (!at->isRegistered())
        return;
    llvm::append_range(out, getWrittenTensors(op));
  });
  return out;
}

func::FuncOp getOrDeclareCallback(OpBuilder &b, ModuleOp module,
                                  StringRef name, FunctionType type) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  auto callee = func::FuncOp::create(b, module.getLoc(), name, type);
  callee.setPrivate();
  return callee;
}

Type getStagingType(MLIRContext *ctx) {
  return sl::ResourceType::get(ctx, sl::Lifetime::Staging);
}

void emitStagedCallback(OpBuilder &b, const WrittenTensor &w,
                        func::FuncOp dimCallback, func::FuncOp callback,
                        int64_t id) {
  Location loc = w.op->getLoc();
  b.setInsertionPointAfter(w.op);
  Value size = sl::TensorSizeOfOp::create(b, loc, b.getIndexType(), w.type,
                                          w.dims, /*affinity=*/nullptr);
  auto staging =
      sl::AsyncTransferOp::create(b, loc, getStagingType(b.getContext()),
                                  w.resource, size, nullptr, size, nullptr);
  for (Value dim : w.dims)
    func::CallOp::create(b, loc, dimCallback, ValueRange{dim});
  Value idValue = arith::ConstantIntOp::create(b, loc, b.getI64Type(), id);
  func::CallOp::create(b, loc, callback,
                       ValueRange{idValue, staging.getResult()});
}

std::string describeLocation(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  else
    os << loc;
  return text;
}

std::string describeWrite(const WrittenTensor &w) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << describeLocation(w.op->getLoc()) << ": ";
  w.op->print(os, OpPrintingFlags().skipRegions());
  if (w.op->getNumResults() > 1)
    os << " (result " << cast<OpResult>(w.resource).getResultNumber() << ")";
  return text;
}

} // namespace layoutopt::runtime
