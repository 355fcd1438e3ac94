// Parses a stream-lite module with the installed library, verifies it and
// asks the layout interface for a storage size and an element offset; then
// resolves an encoding with a resolver of the consumer's own dialect through
// specializeEncodings (the library call behind
// --stream-lite-specialize-encodings); then runs the library's
// encode-host-tensors patterns inside a dialect conversion of its own.
#include "ConsumerDialect.h"

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/InitAll.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace layoutopt::stream_lite;

/// A device whose resolver is `#consumer.pad_resolver<3>`: the padding
/// request resolves to padding<[0, 3]>.
static int resolveWithOwnResolver(mlir::MLIRContext &context) {
  const char *source = R"mlir(
    stream_lite.device @dev targets([#stream_lite.target<"consumer-backend", resolver = #consumer.pad_resolver<3>>])
    func.func @g() -> index {
      %s = stream_lite.tensor.sizeof on(#stream_lite.affinity<@dev>) tensor<4x5xf32, #stream_lite.padding<[0, ?]>> : index
      return %s : index
    }
  )mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  if (!module)
    return 1;
  // The whole specialization in one library call, as the pass runs it.
  mlir::FailureOr<SpecializeEncodingsCounts> counts =
      specializeEncodings(*module);
  if (mlir::failed(counts))
    return 1;
  llvm::outs() << "layouts resolved " << counts->layoutsResolved << "\n";
  int result = 1;
  module->walk(
      [&](DeviceOp op) { llvm::outs() << "device " << op.getTargets() << "\n"; });
  module->walk([&](TensorSizeOfOp op) {
    auto type = llvm::cast<mlir::RankedTensorType>(op.getEncoding());
    llvm::outs() << "resolved " << type << "\n";
    llvm::outs() << "storage "
                 << getPhysicalLayout(type).getStorageSizeInBytes(type.getShape(), ElementWidth::ofBytes(4))
                 << "\n";
    result = 0;
  });
  return result;
}

/// The library's host-tensor lowering as a consumer's own pass would run
/// it: populateEncodeHostTensorsPatterns in a partial dialect conversion.
static int encodeInOwnConversion(mlir::MLIRContext &context) {
  const char *source = R"mlir(
    stream_lite.device @dev targets([#stream_lite.target<"llvm-cpu">])
    func.func @h(%v: f32) -> index {
      %s = stream_lite.tensor.sizeof on(#stream_lite.affinity<@dev>) tensor<5x6xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>> : index
      %r = stream_lite.tensor.splat on(#stream_lite.affinity<@dev>) %v : f32 -> tensor<5x6xf32, #stream_lite.layout<[#stream_lite.padding<[0, 2]>]>> in !stream_lite.resource<*>{%s}
      return %s : index
    }
  )mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  if (!module)
    return 1;
  mlir::SymbolTableCollection symbols;
  mlir::RewritePatternSet patterns(&context);
  populateEncodeHostTensorsPatterns(patterns, symbols);
  mlir::ConversionTarget target(context);
  configureEncodeHostTensorsTarget(target);
  if (mlir::failed(mlir::applyPartialConversion(*module, target,
                                                std::move(patterns))))
    return 1;
  module->walk([](mlir::func::FuncOp f) { f.print(llvm::outs()); });
  llvm::outs() << "\n";
  return 0;
}

int main() {
  mlir::DialectRegistry registry;
  registry.insert<consumer::ConsumerDialect>();
  layoutopt::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  const char *source = R"mlir(
    func.func @f(%d: index, %sz: index) {
      %e = stream_lite.tensor.empty : tensor<5x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in !stream_lite.resource<*>{%sz}
      return
    }
  )mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  if (!module)
    return 1;
  int result = 1;
  module->walk([&](TensorEmptyOp op) {
    auto type = llvm::cast<mlir::RankedTensorType>(op.getResultEncoding());
    PhysicalLayoutAttrInterface layout = getPhysicalLayout(type);
    llvm::outs() << "layout " << layout << "\n";
    llvm::outs() << "storage " << layout.getStorageSizeInBytes(type.getShape(), ElementWidth::ofBytes(4))
                 << "\n";
    llvm::outs() << "offset(4,5) "
                 << layout.getElementByteOffset(type.getShape(), ElementWidth::ofBytes(4), {4, 5})
                 << "\n";
    result = 0;
  });
  if (result != 0)
    return result;
  if (int failed = resolveWithOwnResolver(context))
    return failed;
  return encodeInOwnConversion(context);
}
