//===- InitAll.cpp - everything layout-opt registers ----------------------===//

#include "StreamLite/InitAll.h"
#include "StreamLite/Conversion/Passes.h"
#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/Pipelines/Pipelines.h"
#include "StreamLite/Runtime/Passes.h"
#include "StreamLite/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/RuntimeOpVerification.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace layoutopt {

void registerAllDialects(mlir::DialectRegistry &registry) {
  // complex: IREE's complex constants (and their splats) are written with it.
  registry.insert<stream_lite::StreamLiteDialect, mlir::arith::ArithDialect,
                  mlir::complex::ComplexDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect,
                  // What --stream-lite-parallelize-kernels prints.
                  mlir::async::AsyncDialect,
                  // What --lift-cf-to-scf leaves for undefined values (the
                  // to-llvm pipeline's IR between passes).
                  mlir::ub::UBDialect,
                  // What --stream-lite-to-llvm-pipeline prints, so that
                  // layout-opt reads its own output.
                  mlir::LLVM::LLVMDialect,
                  // What user kernels compute with (docs/language.md) and
                  // what their bufferization makes.
                  mlir::linalg::LinalgDialect, mlir::math::MathDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::vector::VectorDialect>();
  mlir::func::registerInlinerExtension(registry);
  // Functions' default affinities checked as symbol uses.
  stream_lite::registerStreamLiteExternalModels(registry);
  // One-shot bufferization of kernels' tensor code.
  mlir::arith::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::linalg::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::scf::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::tensor::registerBufferizableOpInterfaceExternalModels(registry);
  // Runtime checks of user kernels that address bytes themselves.
  mlir::memref::registerRuntimeVerifiableOpInterfaceExternalModels(registry);
}

void registerAllPasses() {
  stream_lite::registerStreamLitePasses();
  stream_lite::registerStreamLiteConversionPasses();
  stream_lite::registerStreamLitePipelines();
  runtime::registerRuntimePasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  mlir::registerSymbolPrivatizePass();
  mlir::registerInlinerPass();
  mlir::registerSCCPPass();
  mlir::registerStripDebugInfoPass();
  mlir::registerLoopInvariantCodeMotionPass();
  mlir::registerViewOpGraphPass();
  mlir::registerPrintIRPass();

  // The upstream lowering of builtin kernels (after
  // stream-lite-lower-bindings) to the LLVM dialect.
  mlir::registerSCFToControlFlowPass();
  mlir::memref::registerExpandStridedMetadataPass();
  mlir::registerFinalizeMemRefToLLVMConversionPass();
  mlir::registerArithToLLVMConversionPass();
  mlir::registerConvertIndexToLLVMPass();
  mlir::registerConvertControlFlowToLLVMPass();
  mlir::registerConvertFuncToLLVMPass();
  mlir::registerReconcileUnrealizedCastsPass();
  // The rest of --stream-lite-to-llvm-pipeline's upstream passes, so that
  // what --dump-pass-pipeline prints of it runs as a --pass-pipeline.
  mlir::registerLiftControlFlowToSCFPass();
  mlir::memref::registerExpandReallocPass();
  mlir::bufferization::registerOwnershipBasedBufferDeallocationPass();
  mlir::bufferization::registerBufferDeallocationSimplificationPass();
  mlir::bufferization::registerLowerDeallocationsPass();
  mlir::registerConvertBufferizationToMemRefPass();
  mlir::arith::registerArithExpandOpsPass();
  mlir::registerAsyncToAsyncRuntimePass();
  mlir::registerAsyncRuntimeRefCountingPass();
  mlir::registerAsyncRuntimeRefCountingOptPass();
  mlir::registerConvertAsyncToLLVMPass();
  mlir::registerConvertLinalgToLoopsPass();
  mlir::math::registerMathExpandOpsPass();
  mlir::registerConvertMathToFuncs();
  mlir::registerConvertMathToLLVMPass();
  mlir::registerConvertMathToLibmPass();
  mlir::bufferization::registerOneShotBufferizePass();
  mlir::bufferization::registerEmptyTensorEliminationPass();
}

} // namespace layoutopt
