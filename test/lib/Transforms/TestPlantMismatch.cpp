//===- TestPlantMismatch.cpp - a wrong result planted on purpose ----------===//
//
// --test-stream-lite-plant-mismatch: every splat of an integer or float
// stores its value plus one. A wrong result that only the program has, not
// its reference, for testing what finds mismatches (layout-run
// --compare-to-reference, layout-reduce); layout-run --test-plant-mismatch
// runs it first in the program's lowering. Never in a pipeline.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

struct TestPlantMismatchPass
    : public PassWrapper<TestPlantMismatchPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPlantMismatchPass)

  StringRef getArgument() const final {
    return "test-stream-lite-plant-mismatch";
  }
  StringRef getDescription() const final {
    return "Test only: every splat of an integer or float stores its value "
           "plus one (a planted wrong result)";
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    registry.insert<arith::ArithDialect>();
  }

  void runOnOperation() override {
    getOperation().walk([](TensorSplatOp splat) {
      Type element = splat.getValue().getType();
      if (!element.isIntOrFloat())
        return;
      OpBuilder builder(splat);
      Location loc = splat.getLoc();
      Value one, sum;
      if (isa<FloatType>(element)) {
        one = arith::ConstantOp::create(builder, loc,
                                        builder.getFloatAttr(element, 1.0));
        sum = arith::AddFOp::create(builder, loc, splat.getValue(), one);
      } else {
        one = arith::ConstantOp::create(builder, loc,
                                        builder.getIntegerAttr(element, 1));
        sum = arith::AddIOp::create(builder, loc, splat.getValue(), one);
      }
      splat.getValueMutable().assign(sum);
    });
  }
};

} // namespace

namespace layoutopt::test {
void registerTestPlantMismatchPass() {
  PassRegistration<TestPlantMismatchPass>();
}
} // namespace layoutopt::test
