//===- layout-opt-plugin.cpp - stream_lite as an mlir-opt plugin ----------===//
//
// Entry points that MLIR's plugin loader looks up by name
// (mlir/Tools/Plugins/DialectPlugin.h and PassPlugin.h). Both forward to the
// registration every layout-opt tool uses, so `mlir-opt --load-dialect-plugin
// --load-pass-plugin` sees the same dialects, passes and pipelines as
// layout-opt.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

// stream_lite plus the upstream dialects its programs use: mlir-opt registers
// those too, and inserting the same dialect twice is a no-op.
extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LayoutOpt", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            layoutopt::registerAllDialects(*registry);
          }};
}

// The stream-lite passes and pipelines (usable in --pass-pipeline). The
// generic upstream passes registerAllPasses also names are re-registered with
// the same pass TypeIDs (they come from the one libMLIR.so), which the pass
// registry accepts.
extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LayoutOpt", LLVM_VERSION_STRING,
          []() { layoutopt::registerAllPasses(); }};
}
