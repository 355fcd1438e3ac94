//===- ConvertAsyncToLLVM.cpp - async runtime ops to LLVM, linear ---------===//
//
// --stream-lite-convert-async-to-llvm: upstream's convert-async-to-llvm with
// the functions it adds for `async.runtime.resume` made first, at the top of
// the module. Upstream's resume pattern looks its `__resume` helper up with
// ModuleOp::lookupSymbol, a scan of the module's top level from its start,
// once per resume op, and adds the helper at the module's end: every scan
// then crossed the whole program (2.3 s of a 20 s lowering of 1,600
// parallel kernels, growing with their square). Made by upstream's own
// conversion of a one-function module and moved to the top, the helper is
// found at once, and the lowering is upstream's.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Conversion/Passes.h"

#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CONVERTASYNCTOLLVMPASS
#include "StreamLite/Conversion/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;

namespace {

struct ConvertAsyncToLLVMPass
    : public layoutopt::stream_lite::impl::ConvertAsyncToLLVMPassBase<
          ConvertAsyncToLLVMPass> {
  using ConvertAsyncToLLVMPassBase::ConvertAsyncToLLVMPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    upstream = std::make_shared<OpPassManager>(ModuleOp::getOperationName());
    upstream->addPass(mlir::createConvertAsyncToLLVMPass());
    return success();
  }

  /// Runs upstream's conversion on a module of one function that resumes
  /// a coroutine, nested at the top of `module`, and moves what it made
  /// there besides that function to the top of `module` (a symbol `module`
  /// already has stays as it is, as upstream would use it).
  LogicalResult placeResumeSupportFirst(ModuleOp module) {
    Location loc = module.getLoc();
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    auto seed = ModuleOp::create(builder, loc);
    builder.setInsertionPointToEnd(seed.getBody());
    auto resumer = func::FuncOp::create(
        builder, loc, "resumer",
        builder.getFunctionType({async::CoroHandleType::get(&getContext())},
                                {}));
    resumer.setPrivate();
    Block *entry = resumer.addEntryBlock();
    builder.setInsertionPointToEnd(entry);
    async::RuntimeResumeOp::create(builder, loc, entry->getArgument(0));
    func::ReturnOp::create(builder, loc);
    // Names are looked up by scans here too, but as many as the seed
    // made (about twenty), not one per resume.
    LogicalResult converted = runPipeline(*upstream, seed);
    if (succeeded(converted)) {
      for (Operation &op : llvm::make_early_inc_range(*seed.getBody())) {
        auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
        if (!name || name == resumer.getSymNameAttr() ||
            SymbolTable::lookupSymbolIn(module, name))
          continue;
        op.moveBefore(seed);
      }
    }
    seed->erase();
    return converted;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool resumes = module
                       .walk([](async::RuntimeResumeOp) {
                         return WalkResult::interrupt();
                       })
                       .wasInterrupted();
    if (resumes && failed(placeResumeSupportFirst(module)))
      return signalPassFailure();
    if (failed(runPipeline(*upstream, module)))
      return signalPassFailure();
    // The module last changed inside that pipeline, which invalidated
    // every analysis and (with --verify-each) verified the module after
    // upstream's pass: nothing is left to invalidate, and a second
    // verification of the whole program would find nothing new.
    markAllAnalysesPreserved();
  }

  std::shared_ptr<OpPassManager> upstream;
};

} // namespace
