//===- ParallelizeKernels.cpp - parallel kernel loops as async tasks ------===//
//
// --stream-lite-parallelize-kernels: a driver over
// populateParallelizeKernelsPatterns (upstream async-parallel-for with a
// task count bounded by the thread count) applied to the scf.parallel loops
// of builtin kernels, then the outlined functions renamed after their
// kernel.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/Transforms/Passes.h"
#include "StreamLite/Transforms/Transforms.h"

#include "mlir/Dialect/Async/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

namespace layoutopt::stream_lite {
#define GEN_PASS_DEF_PARALLELIZEKERNELSPASS
#include "StreamLite/Transforms/Passes.h.inc"
} // namespace layoutopt::stream_lite

using namespace mlir;
using namespace layoutopt::stream_lite;

void layoutopt::stream_lite::populateParallelizeKernelsPatterns(
    RewritePatternSet &patterns, unsigned threads) {
  int32_t workers = static_cast<int32_t>(std::clamp(threads, 1u, 1u << 16));
  // async-parallel-for makes ceil(trips / max(ceil(trips / (workers * k)),
  // minTaskSize)) blocks: a minimum of ceil(trips / workers) bounds them
  // by `workers`, so that a loop never has more tasks running than threads
  // were asked for (its oversharding factor k would make up to 8 per
  // thread, for a pool as large as the machine). A builtin kernel's trip
  // is a group of iterations; where its loop says how many groups make the
  // least a task should move (stream_lite.min_task_groups,
  // buildParallelOuterLoop), a block has at least that many.
  auto minTaskSize = [workers](ImplicitLocOpBuilder b,
                               scf::ParallelOp loop) -> Value {
    // Trips of all dims (upstream blocks the whole iteration space).
    Value trips = arith::ConstantIndexOp::create(b, 1);
    for (auto [lb, ub, step] : llvm::zip_equal(
             loop.getLowerBound(), loop.getUpperBound(), loop.getStep()))
      trips = arith::MulIOp::create(
          b, trips,
          arith::CeilDivSIOp::create(b, arith::SubIOp::create(b, ub, lb),
                                     step));
    Value perWorker = arith::CeilDivSIOp::create(
        b, trips, arith::ConstantIndexOp::create(b, workers));
    int64_t minGroups = 1;
    if (auto groups = loop->getAttrOfType<IntegerAttr>(
            StreamLiteDialect::kMinTaskGroupsAttrName))
      minGroups = std::max<int64_t>(groups.getInt(), 1);
    return arith::MaxSIOp::create(
        b, perWorker, arith::ConstantIndexOp::create(b, minGroups));
  };
  async::populateAsyncParallelForPatterns(patterns, /*asyncDispatch=*/true,
                                          workers, minTaskSize);
}

namespace {
/// Moves the fixed-size allocas of `func` (a group's fill pattern, made in
/// the parallel loop's body) to its entry block: one per task instead of
/// one per group, and where LLVM's SROA and store forwarding see them (a
/// pattern reached through a pointer argument filled at 58% of the speed).
/// Each group still writes its buffer before reading it.
void hoistStaticAllocas(func::FuncOp func) {
  Block &entry = func.front();
  SmallVector<memref::AllocaOp> allocas;
  func.walk([&](memref::AllocaOp alloca) {
    if (alloca->getBlock() != &entry && alloca->getNumOperands() == 0)
      allocas.push_back(alloca);
  });
  for (memref::AllocaOp alloca : allocas)
    alloca->moveBefore(&entry, entry.begin());
}

struct ParallelizeKernelsPass
    : public layoutopt::stream_lite::impl::ParallelizeKernelsPassBase<
          ParallelizeKernelsPass> {
  using ParallelizeKernelsPassBase::ParallelizeKernelsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    RewritePatternSet patterns(&getContext());
    populateParallelizeKernelsPatterns(patterns, threads);
    FrozenRewritePatternSet frozen(std::move(patterns));
    auto kernels = llvm::filter_to_vector(
        module.getOps<func::FuncOp>(), [](func::FuncOp func) {
          return func.getSymName().starts_with(kBuiltinSymbolPrefix);
        });
    for (func::FuncOp kernel : kernels) {
      SmallVector<Operation *> loops;
      kernel.walk([&](scf::ParallelOp loop) { loops.push_back(loop); });
      if (loops.empty())
        continue;
      auto callees = [&] {
        llvm::StringSet<> names;
        kernel.walk([&](func::CallOp call) { names.insert(call.getCallee()); });
        return names;
      };
      llvm::StringSet<> calledBefore = callees();
      GreedyRewriteConfig config;
      config.setStrictness(GreedyRewriteStrictness::ExistingOps);
      if (failed(applyOpPatternsGreedily(loops, frozen, config)))
        return signalPassFailure();
      // The kernel calls what was outlined from it (the block function,
      // the dispatch function, which calls both): its code, named so.
      // (Lookups scan the module's top level, as upstream's pattern does
      // for each loop; uses are renamed where they can be, not in the
      // whole program.)
      SmallVector<std::pair<func::FuncOp, StringAttr>> outlined;
      for (const auto &callee : callees()) {
        auto func = module.lookupSymbol<func::FuncOp>(callee.getKey());
        auto name = StringAttr::get(&getContext(),
                                    kernel.getSymName() + "_" + callee.getKey());
        if (func && !calledBefore.contains(callee.getKey()) &&
            !module.lookupSymbol(name))
          outlined.push_back({func, name});
      }
      for (auto [func, name] : outlined) {
        if (failed(SymbolTable::replaceAllSymbolUses(func, name, kernel)))
          return signalPassFailure();
        for (auto [other, unused] : outlined)
          if (failed(SymbolTable::replaceAllSymbolUses(func, name, other)))
            return signalPassFailure();
        func.setSymName(name);
        hoistStaticAllocas(func);
      }
    }
  }
};
} // namespace
