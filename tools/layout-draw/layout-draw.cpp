//===- layout-draw.cpp - SVG pictures of layouts --------------------------===//
//
// layout-draw (docs/tools.md): writes the byte image of a static tensor type
// as an SVG, and with --slice, --update or --fill the bytes that transfer
// touches and whether it is one DMA run. A thin driver over
// StreamLite/Analysis/LayoutDraw.h. With --target it first resolves an
// encoding intent as a device would; --describe prints the layout and its
// storage as text instead of drawing. Bad input is a diagnostic and exit
// code 1, with no output file written.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/LayoutDraw.h"
#include "StreamLite/InitAll.h"
#include "StreamLite/Registration/ToolSupport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;
namespace sl = layoutopt::stream_lite;

static int regions(llvm::StringRef slice, llvm::StringRef update,
                   llvm::StringRef fill) {
  return !slice.empty() + !update.empty() + !fill.empty();
}

/// Writes `text` to `file` ('-': stdout), only once all of it is known.
static int writeOutput(llvm::StringRef file, llvm::StringRef text) {
  std::string errorMessage;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(file, &errorMessage);
  if (!output) {
    llvm::errs() << "layout-draw: error: " << errorMessage << "\n";
    return 1;
  }
  output->os() << text;
  output->os().flush();
  if (output->os().has_error()) {
    llvm::errs() << "layout-draw: error: cannot write '" << file
                 << "': " << output->os().error().message() << "\n";
    // Reported: the stream must not abort when destroyed, and the file,
    // not kept, is removed.
    output->os().clear_error();
    return 1;
  }
  output->keep();
  return 0;
}

static int runLayoutDraw(int argc, char **argv) {
  cl::OptionCategory category("layout-draw options");
  cl::opt<std::string> typeText(
      "type", cl::desc("The tensor type to draw (static shape, physical layout)"),
      cl::value_desc("tensor<...>"), cl::Required, cl::cat(category));
  cl::opt<std::string> target(
      "target",
      cl::desc("Resolve the type's encoding intent for this device target "
               "(#stream_lite.target<...>) or encoding resolver "
               "(#stream_lite.tiling_resolver<...>) first"),
      cl::value_desc("attribute"), cl::cat(category));
  cl::opt<bool> describe(
      "describe",
      cl::desc("Print the (resolved) layout, its type and storage size as "
               "text instead of drawing"),
      cl::cat(category));
  cl::opt<std::string> outputFile("o", cl::desc("Output SVG file ('-': stdout)"),
                                  cl::value_desc("file"), cl::init("-"),
                                  cl::cat(category));
  cl::opt<std::string> slice("slice",
                             cl::desc("Draw a slice of this region"),
                             cl::value_desc("OFFSETS:LENGTHS"), cl::cat(category));
  cl::opt<std::string> update("update",
                              cl::desc("Draw an update of this region"),
                              cl::value_desc("OFFSETS:LENGTHS"), cl::cat(category));
  cl::opt<std::string> fill("fill", cl::desc("Draw a fill of this region"),
                            cl::value_desc("OFFSETS:LENGTHS"), cl::cat(category));
  cl::opt<uint64_t> fillValue(
      "fill-value",
      cl::desc("The fill's element bits as an integer (default: a value "
               "unknown at compile time)"),
      cl::cat(category));
  cl::opt<int64_t> slotsPerRow(
      "slots-per-row",
      cl::desc("Element slots per picture row (default: from the layout)"),
      cl::init(0), cl::cat(category));
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "layout-draw: an SVG of a tensor type's byte image\n\n"
      "  layout-draw --type='tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos "
      "= [0, 1], inner_tiles = [4, 4]>>' --slice=0,4:4,3 -o tiled.svg\n"
      "  layout-draw --describe --target='#stream_lite.tiling_resolver<m = 8, "
      "n = 4, k = 4>' --type='tensor<16x8xf32, #stream_lite.encoding<"
      "operand_index = 0, op_type = matmul, element_types = [f32, f32, "
      "f32]>>'\n");

  DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  bool failedAny = false;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    bool isError = diag.getSeverity() == DiagnosticSeverity::Error;
    failedAny |= isError;
    llvm::errs() << "layout-draw: " << (isError ? "error" : "note") << ": "
                 << diag << "\n";
    return success();
  });
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&ctx)); };

  // The screen of every tool's input: deep nesting overflows the parser's
  // stack, a dense array of index crashes it.
  for (auto [option, text] : {std::pair<llvm::StringRef, std::string>(
                                   "type", typeText),
                               {"target", target}}) {
    std::string refused;
    if (failed(layoutopt::checkToolInput(text, refused))) {
      llvm::errs() << "layout-draw: error: cannot parse --" << option << ": "
                   << refused << "\n";
      return 1;
    }
  }
  RankedTensorType type = sl::parseTensorType(&ctx, typeText);
  if (!type)
    return 1;
  Attribute targetAttr;
  if (!target.empty() && !(targetAttr = sl::parseAttributeText(&ctx, target)))
    return 1;
  std::optional<sl::ResolvedLayout> resolved;
  if (targetAttr || describe) {
    FailureOr<sl::ResolvedLayout> result =
        sl::resolveLayout(type, targetAttr, emitError);
    if (failed(result))
      return 1;
    resolved = *result;
    type = resolved->type;
  }
  std::string output;
  llvm::raw_string_ostream os(output);
  if (describe) {
    if (regions(slice, update, fill) || slotsPerRow.getNumOccurrences() ||
        fillValue.getNumOccurrences()) {
      emitError() << "--describe prints no picture: drop --slice, --update, "
                     "--fill, --fill-value and --slots-per-row";
      return 1;
    }
    FailureOr<sl::LayoutImage> image;
    if (type.hasStaticShape()) {
      image = sl::buildLayoutImage(type, emitError);
      if (failed(image))
        return 1;
    }
    sl::describeLayout(*resolved, succeeded(image) ? &*image : nullptr, os);
    return writeOutput(outputFile, output);
  }
  FailureOr<sl::LayoutImage> image = sl::buildLayoutImage(type, emitError);
  if (failed(image))
    return 1;
  std::optional<sl::DrawRegion> region;
  if (regions(slice, update, fill) > 1) {
    emitError() << "give at most one of --slice, --update and --fill";
    return 1;
  }
  if (regions(slice, update, fill)) {
    llvm::StringRef kind = !slice.empty()    ? "slice"
                           : !update.empty() ? "update"
                                             : "fill";
    llvm::StringRef text = !slice.empty()    ? slice
                           : !update.empty() ? update
                                             : fill;
    FailureOr<sl::DrawRegion> parsed =
        sl::parseDrawRegion(kind, text, *image, emitError);
    if (failed(parsed))
      return 1;
    region = *parsed;
  }
  if (fillValue.getNumOccurrences()) {
    int64_t bits = image->elementBits;
    uint64_t value = fillValue;
    if (!region || region->kind != sl::DrawRegion::Kind::Fill) {
      emitError() << "--fill-value needs --fill";
      return 1;
    }
    if (bits < 64 && (value >> bits) != 0) {
      emitError() << "--fill-value " << value << " does not fit the "
                  << bits << "-bit element";
      return 1;
    }
    region->fillBits = value;
  }
  sl::DrawOptions options;
  options.slotsPerRow = slotsPerRow;
  sl::drawLayoutSvg(*image, region, options, os);
  if (failedAny)
    return 1;
  return writeOutput(outputFile, output);
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  layoutopt::setToolVersionPrinter();
  return layoutopt::runWithToolStack([&] { return runLayoutDraw(argc, argv); });
}
