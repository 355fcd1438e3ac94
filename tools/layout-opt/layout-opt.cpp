//===- layout-opt.cpp - the layout-opt driver -----------------------------===//
//
// mlir-opt for stream-lite programs: parses, verifies, runs passes, prints.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  layoutopt::registerAllPasses();
  mlir::DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "layout-opt: stream-lite layout optimizer driver\n",
      registry));
}
