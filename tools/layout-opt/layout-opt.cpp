//===- layout-opt.cpp - the layout-opt driver -----------------------------===//
//
// mlir-opt for stream-lite programs: parses, verifies, runs passes, prints.
// The input is read here rather than by MlirOptMain so that it can be
// refused when it nests deeper than the tools accept or holds what MLIR's
// parser crashes on (ToolSupport.h), and
// everything runs on the tools' large stack.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/InitAll.h"
#include "StreamLite/Registration/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

static mlir::LogicalResult runLayoutOpt(int argc, char **argv,
                                        llvm::StringRef inputFilename,
                                        llvm::StringRef outputFilename,
                                        mlir::DialectRegistry &registry) {
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  // Requests that read no input keep upstream's handling.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::MlirOptMain(argc, argv, inputFilename, outputFilename,
                             registry);
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return mlir::failure();
  }
  if (mlir::failed(layoutopt::checkToolInput(file->getBuffer(), errorMessage))) {
    llvm::errs() << file->getBufferIdentifier() << ": error: " << errorMessage
                 << "\n";
    return mlir::failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return mlir::failure();
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(file), registry, config)))
    return mlir::failure();
  output->os().flush();
  if (output->os().has_error()) {
    llvm::errs() << "error: cannot write '" << outputFilename
                 << "': " << output->os().error().message() << "\n";
    // Reported: the stream must not abort when destroyed, and the file,
    // not kept, is removed.
    output->os().clear_error();
    return mlir::failure();
  }
  // Nothing is written on failure: the output file is kept only now.
  output->keep();
  return mlir::success();
}

// The test passes (test/lib), registered by the tools that test with them.
namespace layoutopt::test {
void registerTestPlantMismatchPass();
} // namespace layoutopt::test

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  layoutopt::registerAllPasses();
  layoutopt::test::registerTestPlantMismatchPass();
  layoutopt::setToolVersionPrinter();
  mlir::DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  // Not a structured binding: C++17 lambdas cannot capture one.
  std::pair<std::string, std::string> files = mlir::registerAndParseCLIOptions(
      argc, argv, "layout-opt: stream-lite layout optimizer driver\n",
      registry);
  return layoutopt::runWithToolStack([&] {
    return mlir::asMainReturnCode(
        runLayoutOpt(argc, argv, files.first, files.second, registry));
  });
}
