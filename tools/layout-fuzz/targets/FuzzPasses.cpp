//===- FuzzPasses.cpp - libFuzzer target: each stream-lite pass alone -----===//
//
// The input is program text. What parses and verifies goes, on a fresh
// copy each time, through every stream-lite pass alone (and the layout
// pipeline). A pass may fail with a diagnostic; when it succeeds its output
// must verify (the pass manager's verifier), print, and parse again in a
// context that knows only what layout-opt registers, printing the same.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "StreamLite/Registration/ToolSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace layoutopt::fuzz;

namespace {

// `layout-opt --help` lists them; every pass of the project that runs on a
// module by itself.
const char *const kPipelines[] = {
    "stream-lite-specialize-encodings",
    "stream-lite-materialize-builtins",
    "stream-lite-encode-host-tensors",
    "stream-lite-strip-encodings",
    "stream-lite-insert-runtime-checks",
    "stream-lite-instrument-padding-checks",
    "stream-lite-fuse-relayouts",
    "stream-lite-lower-dispatch-tensors",
    "stream-lite-bufferize-kernels",
    "stream-lite-lower-bindings",
    "stream-lite-convert-async-to-memref",
    "stream-lite-layout-pipeline",
};

OwningOpRef<ModuleOp> parse(MLIRContext &ctx, llvm::StringRef text) {
  return parseSourceString<ModuleOp>(text, ParserConfig(&ctx));
}

void runOne(MLIRContext &ctx, MLIRContext &reparseCtx, ModuleOp input,
            llvm::StringRef pipeline) {
  PassManager pm(&ctx);
  if (failed(parsePassPipeline(pipeline, pm)))
    finding(("cannot build pipeline " + pipeline).str());
  OwningOpRef<ModuleOp> module(input.clone());
  if (failed(pm.run(*module)))
    return;
  std::string first = printOp(*module, OpPrintingFlags());
  OwningOpRef<ModuleOp> again = parse(reparseCtx, first);
  if (!again)
    finding(("the output of " + pipeline + " does not parse again").str(),
            first);
  std::string second = printOp(*again, OpPrintingFlags());
  if (first != second)
    finding(("the output of " + pipeline +
             " prints differently after re-parsing")
                .str(),
            "first:\n" + first + "\nsecond:\n" + second);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  layoutopt::registerAllPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static RenewedContext contexts(/*period=*/500), reparseContexts(500);
  MLIRContext &ctx = contexts.get();
  MLIRContext &reparseCtx = reparseContexts.get();
  // MLIR's lexer reads the NUL after a buffer's end, as every file and
  // string a tool parses has one; libFuzzer's data has none.
  std::string input(reinterpret_cast<const char *>(data), size);
  llvm::StringRef text(input.c_str(), input.size());
  // What the tools refuse before parsing is not parsed here either.
  std::string refused;
  if (failed(layoutopt::checkToolInput(text, refused)))
    return 0;
  OwningOpRef<ModuleOp> module = parse(ctx, text);
  if (!module)
    return 0;
  for (const char *pipeline : kPipelines)
    runOne(ctx, reparseCtx, *module, pipeline);
  return 0;
}
