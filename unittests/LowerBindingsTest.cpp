//===- LowerBindingsTest.cpp - lowerBindings as a library call ------------===//
//
// The entry point behind --stream-lite-lower-bindings, called on one
// executable as another compiler's pass would: its bindings become byte
// buffers, a subspan at a non-zero offset a view of one.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <catch2/catch.hpp>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

constexpr llvm::StringLiteral kExecutable = R"mlir(
stream_lite.executable private @k {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%arg0: !stream_lite.binding, %v: i8) {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %buf = stream_lite.binding.subspan %arg0[%c64] : !stream_lite.binding -> tensor<16xi8> in memref<?xi8>
      memref.store %v, %buf[%c0] : memref<?xi8>
      return
    }
  }
}
)mlir";

} // namespace

TEST_CASE("lowerBindings turns bindings into byte buffers", "[lower-bindings]") {
  auto ctx = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*ctx, kExecutable);
  REQUIRE(module);
  auto executable = *module->getOps<ExecutableOp>().begin();
  REQUIRE(succeeded(lowerBindings(executable)));
  auto func = *executable.getInnerModule().getOps<func::FuncOp>().begin();
  CHECK(func.getArgumentTypes()[0] ==
        MemRefType::get({ShapedType::kDynamic},
                        IntegerType::get(ctx.get(), 8)));
  CHECK(func.getArgumentTypes()[1] == IntegerType::get(ctx.get(), 8));
  unsigned subspans = 0, views = 0;
  func.walk([&](Operation *op) {
    subspans += isa<BindingSubspanOp>(op);
    views += isa<memref::ViewOp>(op);
  });
  CHECK(subspans == 0);
  CHECK(views == 1);
}
