//===- ConvertHostToLLVM.cpp - the host program to LLVM in one conversion -===//
//
// --stream-lite-convert-host-to-llvm: the last step of the to-llvm
// pipeline, upstream's memref, arith, index, complex, vector, cf, ub and
// func lowerings (and lower-affine's patterns, for the affine.apply of
// expanded subviews) applied together in one dialect conversion. Run as
// seven passes (finalize-memref-to-llvm, convert-arith-to-llvm, ...) each
// walked the whole program and was followed by a verification of it, and
// the program at that point is several times the size of its input (memref
// descriptors): one conversion does the same rewrites with one walk. One
// SymbolTableCollection serves every pattern that looks symbols up or adds
// them (malloc and free, callees, assert messages), so lookups stay O(1)
// instead of a scan of the module each.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Conversion/HostToLLVM.h"
#include "StreamLite/Conversion/Passes.h"
#include "StreamLite/Transforms/ParallelFunctions.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <atomic>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_CONVERTHOSTTOLLVMPASS
#include "StreamLite/Conversion/Passes.h.inc"
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

/// The size in bytes of a memref element whose size is a fact of its type
/// (integers and floats of 8, 16, 32 or 64 bits, and index), or nothing.
/// Upstream computes every element size at run time from a null pointer
/// (`getelementptr` and `ptrtoint`), which the host program's byte buffers
/// do not need.
std::optional<int64_t>
getStaticElementBytes(Type elementType, const LLVMTypeConverter &converter) {
  unsigned bits = 0;
  if (isa<IndexType>(elementType))
    bits = converter.getIndexTypeBitwidth();
  else if (isa<IntegerType, FloatType>(elementType))
    bits = elementType.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return std::nullopt;
  return bits / 8;
}

/// A memref the host program's byte-level lowering makes: identity layout
/// (so offset 0 and contiguous), default memory space, element size known.
std::optional<int64_t> getContiguousElementBytes(Type type,
                                                 const LLVMTypeConverter &converter) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.getLayout().isIdentity() ||
      memref.getMemorySpace())
    return std::nullopt;
  return getStaticElementBytes(memref.getElementType(), converter);
}

/// `memref.alloc` of a contiguous memref without alignment: `malloc` of
/// the element count times the element size, folded at compile time. The
/// same allocation as upstream's lowering, in fewer ops.
struct ContiguousAllocLowering : public ConvertOpToLLVMPattern<memref::AllocOp> {
  ContiguousAllocLowering(const LLVMTypeConverter &converter,
                          SymbolTableCollection *symbolTables,
                          PatternBenefit benefit)
      : ConvertOpToLLVMPattern(converter, benefit),
        symbolTables(symbolTables) {}

  LogicalResult
  matchAndRewrite(memref::AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    std::optional<int64_t> elementBytes =
        getContiguousElementBytes(type, *getTypeConverter());
    if (!elementBytes)
      return rewriter.notifyMatchFailure(op, "not a contiguous byte-sized memref");
    if (op.getAlignment())
      return rewriter.notifyMatchFailure(op, "aligned allocation");
    Location loc = op.getLoc();
    SmallVector<Value, 4> sizes;
    SmallVector<Value, 4> strides;
    Value elementCount;
    getMemRefDescriptorSizes(loc, type, adaptor.getDynamicSizes(), rewriter,
                             sizes, strides, elementCount,
                             /*sizeInBytes=*/false);
    Value bytes = elementCount;
    if (*elementBytes != 1)
      bytes = LLVM::MulOp::create(
          rewriter, loc, elementCount,
          createIndexAttrConstant(rewriter, loc, getIndexType(),
                                  *elementBytes));
    FailureOr<LLVM::LLVMFuncOp> malloc = LLVM::lookupOrCreateMallocFn(
        rewriter, op->getParentWithTrait<OpTrait::SymbolTable>(),
        getIndexType(), symbolTables);
    if (failed(malloc))
      return rewriter.notifyMatchFailure(op, "cannot declare malloc");
    Value pointer =
        LLVM::CallOp::create(rewriter, loc, *malloc, bytes).getResult();
    Value descriptor = createMemRefDescriptor(loc, type, pointer, pointer,
                                              sizes, strides, rewriter);
    rewriter.replaceOp(op, descriptor);
    return success();
  }

  SymbolTableCollection *symbolTables;
};

/// `memref.copy` between contiguous memrefs of one element type: one
/// `llvm.intr.memcpy` of the source's element count times the element size
/// from aligned pointer to aligned pointer (identity layouts have offset 0).
struct ContiguousCopyLowering : public ConvertOpToLLVMPattern<memref::CopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(memref::CopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type sourceType = op.getSource().getType();
    Type targetType = op.getTarget().getType();
    std::optional<int64_t> elementBytes =
        getContiguousElementBytes(sourceType, *getTypeConverter());
    if (!elementBytes ||
        !getContiguousElementBytes(targetType, *getTypeConverter()) ||
        cast<MemRefType>(sourceType).getElementType() !=
            cast<MemRefType>(targetType).getElementType())
      return rewriter.notifyMatchFailure(
          op, "not a copy between contiguous byte-sized memrefs");
    auto type = cast<MemRefType>(sourceType);
    Location loc = op.getLoc();
    MemRefDescriptor source(adaptor.getSource());
    MemRefDescriptor target(adaptor.getTarget());
    int64_t staticCount = *elementBytes;
    Value bytes;
    for (auto [dim, size] : llvm::enumerate(type.getShape())) {
      if (!ShapedType::isDynamic(size)) {
        staticCount *= size;
        continue;
      }
      Value dynamicSize = source.size(rewriter, loc, dim);
      bytes = bytes ? LLVM::MulOp::create(rewriter, loc, bytes, dynamicSize)
                          .getResult()
                    : dynamicSize;
    }
    if (!bytes || staticCount != 1) {
      Value constant =
          createIndexAttrConstant(rewriter, loc, getIndexType(), staticCount);
      bytes = bytes ? LLVM::MulOp::create(rewriter, loc, bytes, constant)
                          .getResult()
                    : constant;
    }
    // One statement each: the order of the extractions (and so the output)
    // must not depend on the compiler's order of argument evaluation.
    Value from = source.alignedPtr(rewriter, loc);
    Value to = target.alignedPtr(rewriter, loc);
    LLVM::MemcpyOp::create(rewriter, loc, to, from, bytes,
                           /*isVolatile=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `memref.view` to a contiguous memref of rank 0 or 1 (how the host
/// program reads typed values and byte ranges out of its byte buffers):
/// the source's pointers, the aligned one moved by the byte shift unless
/// that is 0, read through folding extractions, so that a view of a buffer
/// made in the same block takes its pointers directly.
struct ContiguousViewLowering : public ConvertOpToLLVMPattern<memref::ViewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(memref::ViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    if (type.getRank() > 1 ||
        !getContiguousElementBytes(type, *getTypeConverter()) ||
        !getContiguousElementBytes(op.getSource().getType(),
                                   *getTypeConverter()))
      return rewriter.notifyMatchFailure(
          op, "not a view to a contiguous memref of rank 0 or 1");
    Location loc = op.getLoc();
    Value source = adaptor.getSource();
    auto extract = [&](int64_t position) {
      return rewriter.createOrFold<LLVM::ExtractValueOp>(loc, source,
                                                         position);
    };
    // A descriptor holds the allocated pointer first, then the aligned one.
    Value allocated = extract(0);
    Value aligned = extract(1);
    if (!matchPattern(adaptor.getByteShift(), m_Zero()))
      aligned = LLVM::GEPOp::create(
          rewriter, loc, aligned.getType(), rewriter.getI8Type(), aligned,
          adaptor.getByteShift());
    SmallVector<Value, 1> sizes;
    SmallVector<Value, 1> strides;
    if (type.getRank() == 1) {
      sizes.push_back(type.isDynamicDim(0)
                          ? adaptor.getSizes().front()
                          : createIndexAttrConstant(rewriter, loc,
                                                    getIndexType(),
                                                    type.getDimSize(0)));
      strides.push_back(
          createIndexAttrConstant(rewriter, loc, getIndexType(), 1));
    }
    Value descriptor = createMemRefDescriptor(loc, type, allocated, aligned,
                                              sizes, strides, rewriter);
    rewriter.replaceOp(op, descriptor);
    return success();
  }
};

} // namespace

void layoutopt::stream_lite::populateHostToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    SymbolTableCollection &symbolTables) {
  populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                 &symbolTables);
  // Ahead of upstream's patterns for the same ops (benefit 1).
  patterns.add<DimOfConstantIndexLowering, ContiguousCopyLowering,
               ContiguousViewLowering>(converter, /*benefit=*/2);
  patterns.add<ContiguousAllocLowering>(converter, &symbolTables,
                                        /*benefit=*/2);
  // convert-arith-to-llvm expands ceil and floor divisions first, in the
  // same conversion.
  arith::populateCeilFloorDivExpandOpsPatterns(patterns);
  arith::populateArithToLLVMConversionPatterns(converter, patterns);
  // The offset of a subview expanded at a run-time offset (a kernel's
  // slice at a kernel argument or a loop's induction variable) is an
  // affine.apply (expand-strided-metadata): lower-affine's patterns make
  // it arith, lowered on in the same conversion. They match only affine
  // ops: a program without any lowers as before.
  populateAffineToStdConversionPatterns(patterns);
  index::populateIndexToLLVMConversionPatterns(converter, patterns);
  populateComplexToLLVMConversionPatterns(converter, patterns);
  // User kernels compute with math (what LLVM has intrinsics for).
  populateMathToLLVMConversionPatterns(converter, patterns);
  // Builtin kernels move swizzled tiles with vector.shuffle.
  populateVectorToLLVMConversionPatterns(converter, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
  ub::populateUBToLLVMConversionPatterns(converter, patterns);
  populateFuncToLLVMConversionPatterns(converter, patterns, &symbolTables);
}

namespace {

/// A type converter, the patterns over it, and the symbol tables they look
/// declarations up in. A `DataLayout` caches type sizes, so threads never
/// share one: each thread's lowering has an analysis of its own, made over
/// the first function it lowers; that analysis answers for any op below the
/// module with the module's layout (or the function's own, for its ops).
struct HostLowering {
  HostLowering(MLIRContext *context, const LowerToLLVMOptions &options,
               const DataLayoutAnalysis &dataLayout)
      : converter(context, options, &dataLayout) {
    RewritePatternSet set(context);
    layoutopt::stream_lite::populateHostToLLVMPatterns(converter, set,
                                                       symbolTables);
    patterns = FrozenRewritePatternSet(std::move(set));
  }

  LLVMTypeConverter converter;
  SymbolTableCollection symbolTables;
  FrozenRewritePatternSet patterns;
};

/// What one thread lowers functions with: a HostLowering over data layouts
/// of its own (see above).
struct FunctionLowering {
  FunctionLowering(Operation *anchor, const LowerToLLVMOptions &options)
      : dataLayout(anchor),
        lowering(anchor->getContext(), options, dataLayout) {}

  DataLayoutAnalysis dataLayout;
  HostLowering lowering;
};

/// Whether `function` needs what only the module can give while it is
/// lowered: upstream's function lowering reads the callee of every call for
/// `llvm.*` attributes (the bare-pointer convention) and adds C wrappers
/// beside functions that ask for them, so any `llvm.*` attribute on a
/// function makes the pass lower in the module itself, one function after
/// another.
bool needsModuleWhileLowered(func::FuncOp function) {
  return llvm::any_of(function->getDiscardableAttrs(),
                      [](NamedAttribute attr) {
                        return attr.getName().getValue().starts_with("llvm.");
                      });
}

struct ConvertHostToLLVMPass
    : public layoutopt::stream_lite::impl::ConvertHostToLLVMPassBase<
          ConvertHostToLLVMPass> {
  using ConvertHostToLLVMPassBase::ConvertHostToLLVMPassBase;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (!fold)
      return success();
    // What the canonicalizer pass collects: every loaded dialect's and
    // registered op's canonicalization patterns.
    RewritePatternSet owning(ctx);
    for (Dialect *dialect : ctx->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owning);
    for (RegisteredOperationName op : ctx->getRegisteredOperations())
      op.getCanonicalizationPatterns(owning, ctx);
    foldPatterns = std::make_shared<FrozenRewritePatternSet>(std::move(owning));
    return success();
  }

  /// The lowering's options: the index width of the module's data layout,
  /// as upstream's passes take it.
  LowerToLLVMOptions getLoweringOptions() {
    return LowerToLLVMOptions(
        &getContext(),
        getAnalysis<DataLayoutAnalysis>().getAtOrAbove(getOperation()));
  }

  /// Folds what the conversion of a function left dead or foldable. A
  /// sweep that does not converge leaves correct (if larger) IR.
  void foldFunction(LLVM::LLVMFuncOp function) {
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    config.setMaxIterations(1);
    (void)applyPatternsGreedily(function, *foldPatterns, config);
  }

  /// Lowers each function in the module itself, one after another (the
  /// lowered function takes the place of the original; new declarations
  /// go to the module's top), each folded right after.
  LogicalResult lowerInModule(ArrayRef<func::FuncOp> functions,
                              const ConversionTarget &target,
                              const ConversionConfig &config) {
    ModuleOp module = getOperation();
    HostLowering lowering(&getContext(), getLoweringOptions(),
                          getAnalysis<DataLayoutAnalysis>());
    for (func::FuncOp function : functions) {
      Operation *next = function->getNextNode();
      StringAttr name = function.getSymNameAttr();
      if (failed(applyFullConversion(function, target, lowering.patterns,
                                     config)))
        return failure();
      if (!fold)
        continue;
      auto lowered = dyn_cast_or_null<LLVM::LLVMFuncOp>(
          next ? next->getPrevNode() : &module.getBody()->back());
      // Not where the original was (no pattern of ours does that): the
      // module's symbol table, a scan, finds it.
      if (!lowered || lowered.getSymNameAttr() != name)
        lowered = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
      if (lowered)
        foldFunction(lowered);
    }
    return success();
  }

  /// Lowers functions in parallel. Each function is moved into a module of
  /// its own, nested where it was, so that whatever its lowering declares
  /// (`malloc`, `free`) goes there and no two threads change one block;
  /// the module's data layout still applies through the nesting. Then, in
  /// module order, the lowered functions take their places and each new
  /// declaration goes to the module's top, as the serial lowering puts it;
  /// one already there is reused.
  LogicalResult lowerInParallel(ArrayRef<func::FuncOp> functions,
                                const ConversionTarget &target,
                                const ConversionConfig &config) {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    LowerToLLVMOptions options = getLoweringOptions();

    SmallVector<ModuleOp> scratches;
    SmallVector<StringAttr> names;
    OpBuilder builder(ctx);
    for (func::FuncOp function : functions) {
      builder.setInsertionPoint(function);
      auto scratch = ModuleOp::create(builder, function.getLoc());
      function->moveBefore(scratch.getBody(), scratch.getBody()->end());
      scratches.push_back(scratch);
      names.push_back(function.getSymNameAttr());
    }

    // One lowering per thread, made over the first function it lowers.
    layoutopt::stream_lite::PerThreadStates<FunctionLowering> lowerings;
    std::atomic<bool> failed = false;
    layoutopt::stream_lite::parallelForEachWithState(
        ctx, scratches.size(), lowerings,
        [&](size_t i) {
          return std::make_unique<FunctionLowering>(scratches[i], options);
        },
        [&](FunctionLowering &lowering, size_t i) {
          ModuleOp scratch = scratches[i];
          func::FuncOp function = functions[i];
          StringAttr name = function.getSymNameAttr();
          if (mlir::failed(applyFullConversion(
                  function, target, lowering.lowering.patterns, config))) {
            failed = true;
          } else if (fold) {
            if (auto lowered = scratch.lookupSymbol<LLVM::LLVMFuncOp>(name))
              foldFunction(lowered);
          }
        });
    // Merged back also when a lowering failed, so that the module the pass
    // leaves (--mlir-print-ir-after-failure shows it) has no nested modules.
    bool conversionFailed = failed;

    // The module's symbols, which a declaration must be or not shadow: the
    // other top-level ops and the lowered functions.
    llvm::StringMap<Operation *> moduleSymbols;
    Block &top = *module.getBody();
    for (Operation &op : top)
      if (auto name = op.getAttrOfType<StringAttr>(
              SymbolTable::getSymbolAttrName()))
        moduleSymbols[name.getValue()] = &op;
    SmallVector<Operation *> lowered;
    for (auto [scratch, name] : llvm::zip_equal(scratches, names)) {
      lowered.push_back(scratch.lookupSymbol(name));
      moduleSymbols[name.getValue()] = lowered.back();
    }

    for (auto [scratch, name, own] :
         llvm::zip_equal(scratches, names, lowered)) {
      Block &body = *scratch.getBody();
      if (!own) {
        if (!conversionFailed)
          return scratch.emitError() << "the lowering of @" << name.getValue()
                                     << " left no function of that name";
        for (Operation &op : llvm::make_early_inc_range(body))
          op.moveBefore(scratch);
        scratch->erase();
        continue;
      }
      // Declarations were each put at the top when first needed: they come
      // before the lowered function, the last made first.
      SmallVector<Operation *> declarations;
      for (Operation &op : body) {
        if (&op == own)
          break;
        declarations.push_back(&op);
      }
      // The lowered function (and anything after it) takes the place of
      // the original.
      for (Operation &op : llvm::make_early_inc_range(
               llvm::make_range(own->getIterator(), body.end())))
        op.moveBefore(scratch);
      for (Operation *op : llvm::reverse(declarations)) {
        // Each error is reported and the merge goes on, so that the module
        // is left whole whatever fails.
        auto declaration = dyn_cast<LLVM::LLVMFuncOp>(op);
        if (!declaration || !declaration.isExternal()) {
          op->emitOpError() << "was made by the lowering of @"
                            << name.getValue()
                            << " outside of it and is not a function "
                               "declaration";
          conversionFailed = true;
          op->moveBefore(&top, top.begin());
          continue;
        }
        Operation *existing = moduleSymbols.lookup(declaration.getSymName());
        if (!existing) {
          declaration->moveBefore(&top, top.begin());
          moduleSymbols[declaration.getSymName()] = declaration;
          continue;
        }
        // What the serial lowering would have found and checked (its
        // wording for a function of another type).
        auto existingFunction = dyn_cast<LLVM::LLVMFuncOp>(existing);
        if (!existingFunction) {
          existing->emitOpError()
              << "is named @" << declaration.getSymName()
              << ", which the lowering of @" << name.getValue()
              << " declares as a function";
          conversionFailed = true;
        } else if (existingFunction.getFunctionType() !=
                   declaration.getFunctionType()) {
          existing->emitError()
              << "redefinition of reserved function '"
              << declaration.getSymName() << "' of different type "
              << existingFunction.getFunctionType() << " is prohibited";
          conversionFailed = true;
        }
        declaration->erase();
      }
      scratch->erase();
    }
    return failure(conversionFailed);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // Asserts first, with the linear lowering of convert-asserts-to-llvm
    // (upstream's pattern costs asserts x symbols): one walk and one
    // verification of the largest IR fewer than a pass of their own.
    if (failed(layoutopt::stream_lite::convertAssertsToLLVM(module)))
      return signalPassFailure();

    // Everything must lower: an op left over here would only fail later,
    // in the translation to LLVM IR, without naming itself.
    LLVMConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    ConversionConfig config;
    config.allowPatternRollback = false;

    SmallVector<func::FuncOp> functions;
    SmallVector<Operation *> others;
    bool inModule = false;
    for (Operation &op : *module.getBody()) {
      if (auto function = dyn_cast<func::FuncOp>(op)) {
        functions.push_back(function);
        inModule |= needsModuleWhileLowered(function);
      } else {
        others.push_back(&op);
      }
    }
    // One function at a time: with `fold`, its dead descriptor chains are
    // gone before the next function is lowered.
    if (failed(inModule ? lowerInModule(functions, target, config)
                        : lowerInParallel(functions, target, config)))
      return signalPassFailure();

    // Functions already in the LLVM dialect (the async runtime's, in the
    // pipeline's threaded form) get the same folding. Taken before the
    // conversion, which frees the other ops it replaces (globals); these
    // are legal and stay.
    SmallVector<LLVM::LLVMFuncOp> llvmFunctions;
    for (Operation *op : others)
      if (auto llvmFunction = dyn_cast<LLVM::LLVMFuncOp>(op))
        if (!llvmFunction.isExternal())
          llvmFunctions.push_back(llvmFunction);
    if (!others.empty()) {
      HostLowering lowering(ctx, getLoweringOptions(),
                            getAnalysis<DataLayoutAnalysis>());
      if (failed(applyFullConversion(others, target, lowering.patterns,
                                     config)))
        return signalPassFailure();
    }
    if (fold)
      for (LLVM::LLVMFuncOp llvmFunction : llvmFunctions)
        foldFunction(llvmFunction);

    // Casts the conversion could not fold, and any the input carried, are
    // resolved here: the output is LLVM dialect only. On the pipeline's
    // programs there are none, and a separate reconcile-unrealized-casts
    // pass would walk and verify the whole (at this point largest) program
    // for nothing.
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    if (!casts.empty())
      reconcileUnrealizedCasts(casts);
  }

  std::shared_ptr<const FrozenRewritePatternSet> foldPatterns;
};

} // namespace
