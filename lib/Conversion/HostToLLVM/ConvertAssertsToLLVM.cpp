//===- ConvertAssertsToLLVM.cpp - cf.assert to LLVM, linear in the asserts ===//
//
// --stream-lite-convert-asserts-to-llvm: every `cf.assert` becomes what
// upstream's convert-cf-to-llvm makes of it (a branch to a block that calls
// `puts(message)` then `abort()`), in time linear in the module. Upstream's
// pattern builds each message global's unique name by probing candidate
// names (`assert_msg`, `assert_msg_0`, ...) from 0 with a linear scan of the
// module per probe, and looks `puts` and `abort` up by scanning the module
// too, so a program with runtime checks cost asserts x symbols (10 s of a
// 13 s lowering at 10k ops). Here one SymbolTable, built once, names the
// globals (its counter keeps going, so each name is found in O(1)), equal
// messages share one global, and `puts` and `abort` are declared once.
// layout-run's JitSession catches exactly these two calls.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Conversion/HostToLLVM.h"
#include "StreamLite/Conversion/Passes.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CONVERTASSERTSTOLLVMPASS
#include "StreamLite/Conversion/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

struct ConvertAssertsToLLVMPass
    : public layoutopt::stream_lite::impl::ConvertAssertsToLLVMPassBase<
          ConvertAssertsToLLVMPass> {
  using ConvertAssertsToLLVMPassBase::ConvertAssertsToLLVMPassBase;

  void runOnOperation() override {
    FailureOr<unsigned> lowered = convertAssertsToLLVM(getOperation());
    if (failed(lowered))
      return signalPassFailure();
    // Unchanged: nothing to verify again.
    if (*lowered == 0)
      markAllAnalysesPreserved();
  }
};

} // namespace

namespace layoutopt::stream_lite {

FailureOr<unsigned> convertAssertsToLLVM(ModuleOp module) {
  SmallVector<cf::AssertOp> asserts;
  module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
  if (asserts.empty())
    return 0u;

  MLIRContext *ctx = module.getContext();
  SymbolTableCollection symbolTables;
  SymbolTable &symbols = symbolTables.getSymbolTable(module);
  IRRewriter rewriter(ctx);
  rewriter.setInsertionPointToStart(module.getBody());
  Type ptrTy = LLVM::LLVMPointerType::get(ctx);
  Type voidTy = LLVM::LLVMVoidType::get(ctx);
  // Declared once, found through the table: an existing declaration of
  // another type is an error (the helper reports it).
  FailureOr<LLVM::LLVMFuncOp> puts = LLVM::lookupOrCreateFn(
      rewriter, module, "puts", {ptrTy}, voidTy, /*isVarArg=*/false,
      /*isReserved=*/false, &symbolTables);
  FailureOr<LLVM::LLVMFuncOp> abort = LLVM::lookupOrCreateFn(
      rewriter, module, "abort", {}, voidTy, /*isVarArg=*/false,
      /*isReserved=*/false, &symbolTables);
  if (failed(puts) || failed(abort))
    return failure();

  // One zero-terminated global per distinct message, created in the
  // order the asserts are walked (names and order do not depend on
  // hashing), after one another at the top of the module.
  llvm::DenseMap<StringAttr, LLVM::GlobalOp> globals;
  LLVM::GlobalOp lastGlobal;
  auto globalFor = [&](cf::AssertOp op) {
    LLVM::GlobalOp &global = globals[op.getMsgAttr()];
    if (global)
      return global;
    OpBuilder::InsertionGuard guard(rewriter);
    if (lastGlobal)
      rewriter.setInsertionPointAfter(lastGlobal);
    else
      rewriter.setInsertionPointToStart(module.getBody());
    std::string bytes = op.getMsg().str();
    bytes.push_back('\0');
    auto arrayType =
        LLVM::LLVMArrayType::get(rewriter.getI8Type(), bytes.size());
    global = LLVM::GlobalOp::create(
        rewriter, op.getLoc(), arrayType, /*isConstant=*/true,
        LLVM::Linkage::Private, "assert_msg", rewriter.getStringAttr(bytes));
    // Renames on a clash with the table's running counter.
    symbols.insert(global);
    lastGlobal = global;
    return global;
  };

  // Split every block before its asserts, last assert first: a split
  // moves the ops after the split point, so going backwards moves each
  // op once (forwards, a block with k asserts would move its tail k
  // times). Each continuation block goes right after the block it was
  // split from, so the order of blocks is the same either way.
  for (cf::AssertOp op : llvm::reverse(asserts))
    rewriter.splitBlock(op->getBlock(), op->getIterator());
  for (cf::AssertOp op : asserts) {
    Location loc = op.getLoc();
    LLVM::GlobalOp global = globalFor(op);
    Block *continuation = op->getBlock();
    Block *before = continuation->getPrevNode();
    // The failure block goes at the end of the region, as upstream's.
    Block *failure = rewriter.createBlock(before->getParent());
    Value message = LLVM::AddressOfOp::create(rewriter, loc, global);
    LLVM::CallOp::create(rewriter, loc, *puts, ValueRange{message});
    LLVM::CallOp::create(rewriter, loc, *abort, ValueRange{});
    LLVM::UnreachableOp::create(rewriter, loc);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, op.getArg(), continuation,
                           failure);
    rewriter.eraseOp(op);
  }
  return unsigned(asserts.size());
}

} // namespace layoutopt::stream_lite
