//===- TransferOpInterfaceTest.cpp - what each transfer op moves ----------===//
//
// Every transfer op answers TransferOpInterface: its mode, the regions it
// reads and writes, its fill value, whether it is tied, and the builtin
// signature that materialize-builtins dispatches to (its kind, types and
// operands in the calling convention of BuiltinKernels.h).
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/BuiltinKernels.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <catch2/catch.hpp>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

constexpr llvm::StringLiteral kModule = R"mlir(
#t = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
func.func @transfers(%r: !stream_lite.resource<*>, %s: !stream_lite.resource<*>, %d: index, %sz: index, %v: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %clone = stream_lite.tensor.clone %r : tensor<?x8xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x8xf32>{%d} in !stream_lite.resource<*>{%sz}
  %encode = stream_lite.tensor.encode %r : tensor<?x8xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x8xf32, #t>{%d} in !stream_lite.resource<*>{%sz}
  %slice = stream_lite.tensor.slice %r[%c1, %c2 for %c2, %c2] : tensor<?x8xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  %update = stream_lite.tensor.update %s, %r[%c1, %c2] : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<?x8xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  %fill = stream_lite.tensor.fill %v, %r[%c1, %c2 for %c2, %c2] : f32 -> tensor<?x8xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  %splat = stream_lite.tensor.splat %v : f32 -> tensor<4x8xf32, #t> in !stream_lite.resource<*>{%sz}
  return
}
)mlir";

template <typename OpTy>
TransferOpInterface find(ModuleOp module) {
  TransferOpInterface found;
  module.walk(
      [&](OpTy op) { found = cast<TransferOpInterface>(op.getOperation()); });
  return found;
}

std::vector<int64_t> constants(ArrayRef<OpFoldResult> values) {
  std::vector<int64_t> result;
  for (OpFoldResult value : values)
    result.push_back(getConstantIntValue(value).value_or(-1));
  return result;
}

} // namespace

TEST_CASE("transfer ops describe their regions", "[transfer]") {
  auto ctx = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*ctx, kModule);
  REQUIRE(module);

  TransferOpInterface clone = find<TensorCloneOp>(*module);
  CHECK(clone.getTransferMode() == TransferMode::StorageCopy);
  CHECK(clone.getTransferSource()->isWhole);
  CHECK(!clone.getBuiltinSignature());

  TransferOpInterface slice = find<TensorSliceOp>(*module);
  CHECK(slice.getTransferMode() == TransferMode::RegionCopy);
  std::optional<TransferTensor> source = slice.getTransferSource();
  REQUIRE(source);
  CHECK(!source->isWhole);
  CHECK(constants(source->region.offsets) == std::vector<int64_t>{1, 2});
  CHECK(constants(source->region.lengths) == std::vector<int64_t>{2, 2});
  CHECK(slice.getTransferTarget().isWhole);
  CHECK(!slice.isTiedTransfer());

  // An update writes a region of its target as long as the update.
  TransferOpInterface update = find<TensorUpdateOp>(*module);
  CHECK(update.isTiedTransfer());
  TransferTensor target = update.getTransferTarget();
  CHECK(target.resource == update->getOperand(0));
  CHECK(constants(target.region.offsets) == std::vector<int64_t>{1, 2});
  CHECK(constants(target.region.lengths) == std::vector<int64_t>{2, 2});

  TransferOpInterface fill = find<TensorFillOp>(*module);
  CHECK(fill.getTransferMode() == TransferMode::RegionFill);
  CHECK(!fill.getTransferSource());
  CHECK(fill.getFillValue() == module->lookupSymbol<func::FuncOp>("transfers")
                                   .getArgument(4));
  CHECK(fill.isTiedTransfer());

  TransferOpInterface splat = find<TensorSplatOp>(*module);
  CHECK(splat.getTransferMode() == TransferMode::RegionFill);
  CHECK(splat.getTransferTarget().resource == splat->getResult(0));
  CHECK(!splat.isTiedTransfer());
}

TEST_CASE("builtin signatures follow the kernels' calling convention",
          "[transfer]") {
  auto ctx = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*ctx, kModule);
  REQUIRE(module);

  // Each op's signature names the builtin it becomes, and its operands are
  // the kernel function's arguments (the resources, then the scalars).
  std::vector<std::pair<TransferOpInterface, BuiltinKind>> cases = {
      {find<TensorEncodeOp>(*module), BuiltinKind::Encode},
      {find<TensorSliceOp>(*module), BuiltinKind::Slice},
      {find<TensorUpdateOp>(*module), BuiltinKind::Update},
      {find<TensorFillOp>(*module), BuiltinKind::Fill},
      {find<TensorSplatOp>(*module), BuiltinKind::Splat}};
  for (auto [op, kind] : cases) {
    INFO(stringifyBuiltinKind(kind).str());
    std::optional<BuiltinSignature> signature = op.getBuiltinSignature();
    REQUIRE(signature);
    CHECK(signature->kind == kind);
    CHECK(signature->resources.size() == signature->resourceSizes.size());
    CHECK(signature->tiedOperand.has_value() == op.isTiedTransfer());
    OpBuilder builder(ctx.get());
    ExecutableOp executable = buildBuiltinExecutable(
        builder, op.getLoc(), getBuiltinName(kind, signature->types), kind,
        signature->types);
    REQUIRE(executable);
    func::FuncOp kernel;
    executable.walk([&](func::FuncOp func) { kernel = func; });
    REQUIRE(kernel);
    // Untied results are one binding argument more.
    size_t results = signature->tiedOperand ? 0 : 1;
    CHECK(kernel.getNumArguments() == signature->resources.size() +
                                          signature->scalars.size() + results);
    executable->erase();
  }
}
