//===- layout-lsp-server.cpp - LSP server for stream-lite files -----------===//
//
// Runs on the tools' large stack (ToolSupport.h): documents are parsed by
// MLIR's recursive parser, and a deeply nested one must not crash the
// server.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/InitAll.h"
#include "StreamLite/Tools/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  return layoutopt::runWithToolStack([&] {
    return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
  });
}
