//===- ConvertHostToLLVM.cpp - the host program to LLVM in one conversion -===//
//
// --stream-lite-convert-host-to-llvm: the last step of the to-llvm
// pipeline, upstream's memref, arith, index, complex, cf, ub and func
// lowerings applied together in one dialect conversion. Run as seven
// passes (finalize-memref-to-llvm, convert-arith-to-llvm, ...) each walked
// the whole program and was followed by a verification of it, and the
// program at that point is several times the size of its input (memref
// descriptors): one conversion does the same rewrites with one walk. One
// SymbolTableCollection serves every pattern that looks symbols up or adds
// them (malloc and free, callees, assert messages), so lookups stay O(1)
// instead of a scan of the module each.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CONVERTHOSTTOLLVMPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;

namespace {

/// `memref.dim` of a ranked memref at a constant index reads that size
/// from the descriptor. Upstream's lowering recognizes a constant index
/// only while it is still an `arith.constant` or an `llvm.mlir.constant`;
/// without pattern rollback the constant is already lowered and reaches
/// the dim through a cast, and upstream would spill the sizes to the stack
/// to index them.
struct DimOfConstantIndexLowering
    : public ConvertOpToLLVMPattern<memref::DimOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(memref::DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(op.getSource().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unranked memref");
    Value index = op.getIndex();
    if (auto cast = index.getDefiningOp<UnrealizedConversionCastOp>();
        cast && cast->getNumOperands() == 1)
      index = cast->getOperand(0);
    APInt position;
    if (!matchPattern(index, m_ConstantInt(&position)))
      return rewriter.notifyMatchFailure(op, "index is not a constant");
    if (position.uge(type.getRank()))
      return rewriter.notifyMatchFailure(op, "index out of the rank");
    unsigned dim = position.getZExtValue();
    Location loc = op.getLoc();
    Value size;
    if (type.isDynamicDim(dim))
      size = MemRefDescriptor(adaptor.getSource()).size(rewriter, loc, dim);
    else
      size = createIndexAttrConstant(rewriter, loc, getIndexType(),
                                     type.getDimSize(dim));
    rewriter.replaceOp(op, size);
    return success();
  }
};

struct ConvertHostToLLVMPass
    : public layoutopt::stream_lite::impl::ConvertHostToLLVMPassBase<
          ConvertHostToLLVMPass> {
  using ConvertHostToLLVMPassBase::ConvertHostToLLVMPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    const auto &dataLayoutAnalysis = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(ctx, dataLayoutAnalysis.getAtOrAbove(module));
    LLVMTypeConverter converter(ctx, options, &dataLayoutAnalysis);

    SymbolTableCollection symbolTables;
    RewritePatternSet patterns(ctx);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                   &symbolTables);
    patterns.add<DimOfConstantIndexLowering>(converter, /*benefit=*/2);
    // convert-arith-to-llvm expands ceil and floor divisions first, in the
    // same conversion.
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    populateComplexToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    // The pipeline lowers asserts before (stream-lite-convert-asserts-to-llvm,
    // one global per distinct message); any left here still lower.
    cf::populateAssertToLLVMConversionPattern(converter, patterns,
                                              /*abortOnFailure=*/true,
                                              &symbolTables);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns, &symbolTables);

    // Everything must lower: an op left over here would only fail later,
    // in the translation to LLVM IR, without naming itself.
    LLVMConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    ConversionConfig config;
    config.allowPatternRollback = false;
    if (failed(applyFullConversion(module, target, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
