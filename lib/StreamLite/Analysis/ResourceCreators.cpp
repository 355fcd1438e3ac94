//===- ResourceCreators.cpp - which ops create a resource -----------------===//

#include "StreamLite/Analysis/ResourceCreators.h"
#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace layoutopt::stream_lite {

CreatorSet CreatorSet::join(const CreatorSet &lhs, const CreatorSet &rhs) {
  CreatorSet result = lhs;
  result.externalSource |= rhs.externalSource;
  result.creators.insert(rhs.creators.begin(), rhs.creators.end());
  return result;
}

void CreatorSet::print(raw_ostream &os) const {
  os << "creators(" << creators.size() << (externalSource ? ", external" : "")
     << ")";
}

bool isResourceCreator(Operation *op, unsigned resultIndex) {
  return TypeSwitch<Operation *, bool>(op)
      .Case<TensorEmptyOp, TensorConstantOp, TensorSplatOp, TensorImportOp,
            TensorEncodeOp, TensorSliceOp>([](auto) { return true; })
      .Case<TensorDispatchOp>([&](TensorDispatchOp dispatch) {
        return !dispatch.getTiedResultOperandIndex(resultIndex).has_value();
      })
      .Default([](Operation *) { return false; });
}

namespace {

/// Transfer functions: creators start a set; ops that keep the bytes of an
/// operand forward that operand's set; anything else is external.
class ResourceCreatorAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<CreatorLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const CreatorLattice *> operands,
                               ArrayRef<CreatorLattice *> results) override {
    for (auto [index, result] : llvm::enumerate(results)) {
      // Only resources have creators; leave other values' states untouched.
      if (!isa<ResourceType>(op->getResult(index).getType()))
        continue;
      CreatorSet value = transfer(op, index, operands);
      propagateIfChanged(result, result->join(value));
    }
    return success();
  }

  void setToEntryState(CreatorLattice *lattice) override {
    propagateIfChanged(lattice, lattice->join(CreatorSet::external()));
  }

private:
  /// The creators of result `index` of `op`.
  static CreatorSet transfer(Operation *op, unsigned index,
                             ArrayRef<const CreatorLattice *> operands) {
    if (isResourceCreator(op, index))
      return CreatorSet::createdBy(op);
    auto forward = [&](Value operand) -> CreatorSet {
      for (auto [i, value] : llvm::enumerate(op->getOperands()))
        if (value == operand)
          return operands[i]->getValue();
      return CreatorSet::external();
    };
    return TypeSwitch<Operation *, CreatorSet>(op)
        .Case([&](AsyncTransferOp transfer) {
          return forward(transfer.getSource());
        })
        .Case([&](TensorCloneOp clone) { return forward(clone.getSource()); })
        .Case([&](TensorFillOp fill) { return forward(fill.getTarget()); })
        .Case([&](TensorUpdateOp update) { return forward(update.getTarget()); })
        .Case([&](TensorStoreOp store) { return forward(store.getTarget()); })
        .Case([&](TensorDispatchOp dispatch) {
          std::optional<int64_t> tied = dispatch.getTiedResultOperandIndex(index);
          return forward(dispatch.getMixedOperands()[*tied]);
        })
        .Default([](Operation *) { return CreatorSet::external(); });
  }
};

/// DeadCodeAnalysis reads constant lattices of the operands of branches,
/// region branches and their terminators. Marking exactly those as unknown
/// keeps every path live (a layout must be right on every path) without the
/// cost of SparseConstantPropagation visiting and folding every op; the
/// states never change, so no dependencies are tracked.
class UnknownBranchOperands : public DataFlowAnalysis {
public:
  using DataFlowAnalysis::DataFlowAnalysis;

  LogicalResult initialize(Operation *top) override {
    top->walk([&](Operation *op) {
      if (!isa<RegionBranchOpInterface, BranchOpInterface,
               RegionBranchTerminatorOpInterface>(op))
        return;
      for (Value operand : op->getOperands()) {
        auto *lattice =
            getOrCreate<dataflow::Lattice<dataflow::ConstantValue>>(operand);
        propagateIfChanged(lattice, lattice->join(
                                        dataflow::ConstantValue::getUnknownConstant()));
      }
    });
    return success();
  }

  LogicalResult visit(ProgramPoint *) override { return success(); }
};

} // namespace

LogicalResult ResourceCreators::run(Operation *root) {
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<UnknownBranchOperands>();
  solver.load<ResourceCreatorAnalysis>();
  return solver.initializeAndRun(root);
}

const CreatorSet &ResourceCreators::lookup(Value value) const {
  if (const auto *lattice = solver.lookupState<CreatorLattice>(value))
    return lattice->getValue();
  return empty;
}

} // namespace layoutopt::stream_lite
