// Parses a stream-lite module with the installed library, verifies it and
// asks the layout interface for a storage size and an element offset.
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace layoutopt::stream_lite;

int main() {
  mlir::DialectRegistry registry;
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
    llvm::outs() << "storage " << layout.getStorageSizeInBytes(type.getShape(), 4)
                 << "\n";
    llvm::outs() << "offset(4,5) "
                 << layout.getElementByteOffset(type.getShape(), 4, {4, 5})
                 << "\n";
    result = 0;
  });
  return result;
}
