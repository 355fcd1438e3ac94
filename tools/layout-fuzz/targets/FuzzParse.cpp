//===- FuzzParse.cpp - libFuzzer target: parse, verify, print, re-parse ---===//
//
// The input is program text. Whatever parses and verifies must print (custom
// and generic form), and each printed form must parse again and print the
// same text: docs/tools.md, "whatever layout-opt prints parses again".
// A parse or verifier error is a clean answer, not a finding.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "StreamLite/Registration/ToolSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;
using namespace layoutopt::fuzz;

namespace {

OwningOpRef<ModuleOp> parse(MLIRContext &ctx, llvm::StringRef text) {
  return parseSourceString<ModuleOp>(text, ParserConfig(&ctx));
}

/// Prints `module` with `flags`, parses the text again and requires the
/// re-parsed module to print the same.
void checkRoundTrip(MLIRContext &ctx, ModuleOp module, OpPrintingFlags flags,
                    llvm::StringRef form) {
  std::string first = printOp(module, flags);
  OwningOpRef<ModuleOp> again = parse(ctx, first);
  if (!again)
    finding(("the " + form + " form does not parse again").str(), first);
  std::string second = printOp(*again, flags);
  if (first != second)
    finding(("the " + form + " form prints differently after re-parsing").str(),
            "first:\n" + first + "\nsecond:\n" + second);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static RenewedContext contexts(/*period=*/2000);
  MLIRContext &ctx = contexts.get();
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
  checkRoundTrip(ctx, *module, OpPrintingFlags(), "custom");
  checkRoundTrip(ctx, *module, OpPrintingFlags().printGenericOpForm(),
                 "generic");
  return 0;
}
