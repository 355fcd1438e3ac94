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
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"

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
    // Names are made unique against one table of the module's symbols.
    SymbolTable symbols(module);
    auto kernels = llvm::filter_to_vector(
        module.getOps<func::FuncOp>(), [](func::FuncOp func) {
          return func.getSymName().starts_with(kBuiltinSymbolPrefix);
        });
    // Upstream's pattern builds a symbol table of the loop's module for
    // each function it outlines: on the program, a scan of every function
    // per kernel. Each kernel is rewritten in a module of its own instead,
    // where that table holds only the kernel and what was outlined from it.
    OwningOpRef<ModuleOp> scratch = ModuleOp::create(module.getLoc());
    Block *scratchBody = scratch->getBody();
    for (func::FuncOp kernel : kernels) {
      SmallVector<Operation *> loops;
      kernel.walk([&](scf::ParallelOp loop) { loops.push_back(loop); });
      if (loops.empty())
        continue;
      // The symbols the kernel already uses (but itself, which moves
      // there) are declared in the scratch module, so that nothing
      // outlined takes their names.
      SmallVector<Operation *> placeholders;
      if (std::optional<SymbolTable::UseRange> uses =
              SymbolTable::getSymbolUses(kernel)) {
        OpBuilder builder = OpBuilder::atBlockEnd(scratchBody);
        llvm::SmallDenseSet<StringAttr> declared;
        for (const SymbolTable::SymbolUse &use : *uses) {
          StringAttr root = use.getSymbolRef().getRootReference();
          if (root == kernel.getSymNameAttr() ||
              !declared.insert(root).second)
            continue;
          auto placeholder = func::FuncOp::create(
              builder, kernel.getLoc(), root, builder.getFunctionType({}, {}));
          placeholder.setPrivate();
          placeholders.push_back(placeholder);
        }
      }
      Operation *next = kernel->getNextNode();
      kernel->moveBefore(scratchBody, scratchBody->end());
      GreedyRewriteConfig config;
      config.setStrictness(GreedyRewriteStrictness::ExistingOps);
      LogicalResult rewritten = applyOpPatternsGreedily(loops, frozen, config);
      // Back where it was, whatever happened (the IR printed after a
      // failure holds the whole program).
      if (next)
        kernel->moveBefore(next);
      else
        kernel->moveBefore(module.getBody(), module.getBody()->end());
      // What is left in the scratch module was outlined from the kernel
      // (the block function, the dispatch function, which calls both): its
      // code, named after it and placed at the module's end in the order
      // made, as upstream places it.
      SmallVector<std::pair<StringAttr, StringAttr>> renames;
      SmallVector<Operation *> outlined;
      for (Operation *placeholder : placeholders)
        placeholder->erase();
      for (Operation &op : llvm::make_early_inc_range(*scratchBody)) {
        op.remove();
        auto func = dyn_cast<func::FuncOp>(op);
        if (!func) {
          module.getBody()->push_back(&op);
          continue;
        }
        StringAttr oldName = func.getSymNameAttr();
        func.setSymName((kernel.getSymName() + "_" + oldName.getValue()).str());
        renames.push_back({oldName, symbols.insert(func)});
        outlined.push_back(func);
        hoistStaticAllocas(func);
      }
      if (failed(rewritten))
        return signalPassFailure();
      for (auto [oldName, newName] : renames) {
        if (failed(SymbolTable::replaceAllSymbolUses(oldName, newName, kernel)))
          return signalPassFailure();
        for (Operation *other : outlined)
          if (failed(
                  SymbolTable::replaceAllSymbolUses(oldName, newName, other)))
            return signalPassFailure();
      }
    }
  }
};
} // namespace
