//===- Passes.cpp - stream_lite pipelines ---------------------------------===//
//
// The named pipelines of spec section 5, built in one place so that
// layout-opt, layout-run and library users run the same passes.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace layoutopt::stream_lite {

void buildLayoutPipeline(mlir::OpPassManager &pm) {
  pm.addPass(createSpecializeEncodingsPass());
  pm.addPass(createMaterializeBuiltinsPass());
  pm.addPass(createEncodeHostTensorsPass());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}

void registerStreamLitePipelines() {
  mlir::PassPipelineRegistration<>(
      "stream-lite-layout-pipeline",
      "specialize-encodings, materialize-builtins, encode-host-tensors, "
      "canonicalize, cse: tensor-phase IR with encodings to byte-level async "
      "IR whose every transfer is provably correct",
      buildLayoutPipeline);
}

} // namespace layoutopt::stream_lite
