//===- MaterializationTest.cpp - MaterializeBuiltinsState's deferred mode ---===//
//
// Functions materialized by separate deferring states (as the pass does on
// several threads), their pending executables created in module order by
// one state and the counts merged, give the module and the counts of one
// state materializing everything serially.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"

#include <catch2/catch.hpp>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

constexpr llvm::StringLiteral kModule = R"mlir(
stream_lite.device @dev targets([#stream_lite.target<"x">])
func.func @needs_a_then_b(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @clone_and_b(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.clone %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @needs_c_and_a(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
)mlir";

std::string printModule(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

} // namespace

TEST_CASE("deferred materialization matches serial", "[materialize]") {
  auto ctx = makeContext();
  OwningOpRef<ModuleOp> serialModule = parseModule(*ctx, kModule);
  OwningOpRef<ModuleOp> deferredModule = parseModule(*ctx, kModule);
  REQUIRE(serialModule);
  REQUIRE(deferredModule);

  MaterializeBuiltinsState serial(*serialModule);
  {
    RewritePatternSet patterns(ctx.get());
    populateMaterializeBuiltinsPatterns(patterns, serial);
    applyPatternsOnceToAllOps(*serialModule, std::move(patterns));
  }

  // One state for the first function, another for the other two, as two
  // threads would take them.
  MaterializeBuiltinsState main(*deferredModule);
  MaterializeBuiltinsState first(*deferredModule, {}, /*deferExecutables=*/true);
  MaterializeBuiltinsState rest(*deferredModule, {}, /*deferExecutables=*/true);
  SmallVector<func::FuncOp> functions(deferredModule->getOps<func::FuncOp>());
  REQUIRE(functions.size() == 3);
  SmallVector<SmallVector<MaterializeBuiltinsState::PendingExecutable>> pending;
  for (auto [index, function] : llvm::enumerate(functions)) {
    MaterializeBuiltinsState &state = index == 0 ? first : rest;
    RewritePatternSet patterns(ctx.get());
    populateMaterializeBuiltinsPatterns(patterns, state);
    applyPatternsOnceToAllOps(function, std::move(patterns));
    pending.push_back(state.takePendingExecutables());
  }
  // Deferring states leave the module's top level alone.
  CHECK(llvm::range_size(
            deferredModule->getOps<ExecutableOp>()) == 0);
  // Each function's batch names what it needs once, also what its state
  // named for an earlier function (B for @clone_and_b and again A for
  // @needs_c_and_a would be, had that state seen them).
  CHECK(pending[0].size() == 2);
  CHECK(pending[1].size() == 1);
  CHECK(pending[2].size() == 2);
  // A state that gets a later function first still names, for the earlier
  // one, everything it needs.
  {
    OwningOpRef<ModuleOp> other = parseModule(*ctx, kModule);
    SmallVector<func::FuncOp> reversed(other->getOps<func::FuncOp>());
    MaterializeBuiltinsState state(*other, {}, /*deferExecutables=*/true);
    RewritePatternSet patterns(ctx.get());
    populateMaterializeBuiltinsPatterns(patterns, state);
    FrozenRewritePatternSet frozen(std::move(patterns));
    applyPatternsOnceToAllOps(reversed[2], frozen);
    CHECK(state.takePendingExecutables().size() == 2);
    applyPatternsOnceToAllOps(reversed[0], frozen);
    CHECK(state.takePendingExecutables().size() == 2);
  }
  for (auto [function, executables] : llvm::zip_equal(functions, pending))
    main.createExecutables(executables, function);
  main.merge(first);
  main.merge(rest);

  CHECK(succeeded(verify(*deferredModule)));
  CHECK(printModule(*deferredModule) == printModule(*serialModule));
  const auto &got = main.getCounts();
  const auto &want = serial.getCounts();
  CHECK(got.dmaKept == want.dmaKept);
  CHECK(want.dmaKept == 1);
  unsigned encode = static_cast<unsigned>(BuiltinKind::Encode);
  CHECK(got.dispatches[encode] == 5);
  CHECK(want.dispatches[encode] == 5);
  CHECK(got.executables[encode] == 3);
  CHECK(want.executables[encode] == 3);
  CHECK(!main.hasFailed());
}
