//===- StreamLiteOps.h - stream_lite ops ------------------------*- C++ -*-===//

#ifndef STREAMLITE_IR_STREAMLITEOPS_H
#define STREAMLITE_IR_STREAMLITEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/RuntimeVerifiableOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteTypes.h"

namespace layoutopt::stream_lite {

/// The affinity of `op`: its own `affinity` attribute (AffinityOpInterface),
/// else the nearest enclosing op's `stream_lite.affinity` attribute, else
/// null.
AffinityAttr lookupAffinity(mlir::Operation *op);

/// What ExecutableOp::cloneForExport finds once per executable and reuses
/// for every copy made of it: the executables' and inner modules' symbol
/// tables, and each inner module's ops that are not functions. Valid while
/// no symbol is added to, removed from or renamed in an executable it has
/// seen, and no op is added to or removed from its inner module (copies
/// are new ops, with entries of their own).
struct ExportCopyCache {
  mlir::SymbolTableCollection tables;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Operation *>>
      innerNonFunctions;
};

namespace OpTrait {
/// Marks the tensor-phase ops: the ops that describe tensors by type, dims
/// and size, and that must be gone after `stream-lite-encode-host-tensors`.
template <typename ConcreteType>
class TensorPhaseOp
    : public mlir::OpTrait::TraitBase<ConcreteType, TensorPhaseOp> {};

/// Marks the async-phase ops: the byte-level ops on untyped resources (byte
/// offsets and sizes, no tensor types) that `stream-lite-encode-host-tensors`
/// lowers the tensor-phase ops to. `async.transfer` predates the trait and
/// does not carry it.
template <typename ConcreteType>
class AsyncPhaseOp
    : public mlir::OpTrait::TraitBase<ConcreteType, AsyncPhaseOp> {};
} // namespace OpTrait

/// What an op does with the bytes of one of its tensors
/// (EncodedTensorOpInterface).
enum class TensorRole {
  /// A type only, no resource (`sizeof`).
  Describes,
  /// A result: a new resource with undefined contents (`empty`).
  Allocates,
  /// A result: a new resource whose bytes the op writes (`constant`,
  /// `splat`, `import`, `encode`, `slice`, untied `dispatch` results).
  Creates,
  /// A result: a copy of operand `source`'s bytes in the same layout
  /// (`clone`).
  Copies,
  /// An operand the op reads.
  Reads,
  /// An operand the op writes in place; `result` is the same tensor
  /// afterwards (`fill`, `update`, `store`, tied `dispatch` results).
  Writes,
};

/// One logical tensor of an op: its type attribute (with the encoding),
/// dynamic dims and, unless it only `Describes`, its resource and byte size.
struct EncodedTensor {
  TensorRole role;
  /// Names the tensor in diagnostics: "source", "result", "target", ...
  llvm::StringRef name;
  mlir::TypeAttr type;
  mlir::ValueRange dims;
  /// The operand (Reads, Writes) or result (Allocates, Creates, Copies).
  mlir::Value resource;
  mlir::Value size;
  /// Copies: the operand whose bytes are copied.
  mlir::Value source;
  /// Writes: the tied result.
  mlir::Value result;

  mlir::RankedTensorType getType() const {
    return llvm::cast<mlir::RankedTensorType>(type.getValue());
  }
  /// Whether the op defines the tensor's bytes (and so its layout is
  /// resolved with the op's own affinity).
  bool isCreatedByOp() const {
    return role == TensorRole::Describes || role == TensorRole::Allocates ||
           role == TensorRole::Creates;
  }
  /// The resource holding the tensor after the op (its result for
  /// `Writes`), or null for `Describes`.
  mlir::Value getResultResource() const {
    return role == TensorRole::Writes ? result : resource;
  }
  /// Whether the op writes the tensor's bytes.
  bool isWritten() const {
    return role == TensorRole::Creates || role == TensorRole::Copies ||
           role == TensorRole::Writes;
  }
};

/// The kinds of generated builtin kernels, one per line of BuiltinKinds.def.
enum class BuiltinKind {
#define LAYOUT_OPT_BUILTIN_KIND(Enumerator, ...) Enumerator,
#include "StreamLite/IR/BuiltinKinds.def"
};

/// How many kinds BuiltinKinds.def lists (the size of arrays by kind).
inline constexpr unsigned kNumBuiltinKinds = 0
#define LAYOUT_OPT_BUILTIN_KIND(...) +1
#include "StreamLite/IR/BuiltinKinds.def"
    ;

/// The kind's name in BuiltinKinds.def: `encode`, `slice`, ...
llvm::StringRef stringifyBuiltinKind(BuiltinKind kind);
/// The kind named `name` in BuiltinKinds.def, if any.
std::optional<BuiltinKind> symbolizeBuiltinKind(llvm::StringRef name);

/// A region of a tensor: its type, all its dims, and per-dim offsets and
/// lengths (constants or SSA values).
struct TensorRegion {
  mlir::RankedTensorType type;
  llvm::SmallVector<mlir::OpFoldResult> dims;
  llvm::SmallVector<mlir::OpFoldResult> offsets;
  llvm::SmallVector<mlir::OpFoldResult> lengths;

  /// The whole tensor of `type` with dynamic dims `dynamicDims`.
  static TensorRegion whole(mlir::RankedTensorType type,
                            mlir::ValueRange dynamicDims);
  /// A region of a tensor of `type` with dynamic dims `dynamicDims`.
  static TensorRegion region(mlir::RankedTensorType type,
                             mlir::ValueRange dynamicDims,
                             mlir::ValueRange offsets, mlir::ValueRange lengths);
};

/// What a transfer op does with its bytes (TransferOpInterface), which
/// decides how it is planned and lowered.
enum class TransferMode {
  /// A copy of the whole storage, in the same layout (`clone`).
  StorageCopy,
  /// The whole tensor in another layout (`encode`): folds to a copy of the
  /// storage when both layouts give it the same byte image.
  Relayout,
  /// The source region's elements into the target region (`slice`,
  /// `update`).
  RegionCopy,
  /// One value into every element of the target region (`fill`, `splat`).
  RegionFill,
};

/// One tensor of a transfer op and the region of it the op reads or
/// writes.
struct TransferTensor {
  /// The operand (read, or written in place when the op is tied) or the
  /// result (a tensor the op creates).
  mlir::Value resource;
  mlir::Value size;
  /// The dynamic dims of `region.type`.
  mlir::ValueRange dims;
  TensorRegion region;
  /// Whether the region is the whole tensor.
  bool isWhole = false;

  mlir::RankedTensorType getType() const { return region.type; }
};

/// A transfer op as a dispatch to a builtin kernel: the kernel's kind and
/// tensor types, and the dispatch's operands, in the calling convention of
/// StreamLite/Transforms/BuiltinKernels.h.
struct BuiltinSignature {
  BuiltinKind kind;
  /// Ordered as the kernel takes them (getBuiltinName's `types`).
  llvm::SmallVector<mlir::RankedTensorType, 2> types;
  /// The resource operands, in order; resource `i` has type `types[i]`.
  llvm::SmallVector<mlir::Value, 2> resources;
  llvm::SmallVector<mlir::Value, 2> resourceSizes;
  /// The dynamic dims of the resource operands, in order.
  llvm::SmallVector<mlir::Value> resourceDims;
  /// The scalar operands, after the resources.
  llvm::SmallVector<mlir::Value> scalars;
  mlir::RankedTensorType resultType;
  llvm::SmallVector<mlir::Value> resultDims;
  mlir::Value resultSize;
  /// The operand the result is written in place into, if any.
  std::optional<int64_t> tiedOperand;
};

namespace detail {
/// EncodedTensorOpInterface::getLayoutSource's default: the tied operand
/// (TiedOpInterface), else the source of the `Copies` tensor of the result.
mlir::Value getDefaultLayoutSource(mlir::Operation *op, unsigned resultIndex);
/// EncodedTensorOpInterface's verifier: the storage size of every tensor
/// type fits in int64 (verifyStorageSizeFits).
llvm::LogicalResult
verifyEncodedTensorSizes(mlir::Operation *op,
                         llvm::ArrayRef<EncodedTensor> tensors);
/// The same for a concrete op, through its own getEncodedTensors: this runs
/// for every op at every verification, and the interface lookup cost as
/// much as the check.
template <typename ConcreteOp>
llvm::LogicalResult verifyEncodedTensorSizes(ConcreteOp op) {
  return verifyEncodedTensorSizes(op.getOperation(), op.getEncodedTensors());
}
} // namespace detail

} // namespace layoutopt::stream_lite

namespace layoutopt::stream_lite {
// Upstream interface methods (RuntimeVerifiableOpInterface) are declared in
// the generated op classes with names unqualified for namespace mlir.
using mlir::function_ref;
using mlir::StringRef;
using mlir::Operation;
} // namespace layoutopt::stream_lite

#include "StreamLite/IR/StreamLiteOpInterfaces.h.inc"

#define GET_OP_CLASSES
#include "StreamLite/IR/StreamLiteOps.h.inc"

namespace layoutopt::stream_lite {
/// Replaces an encode whose layouts have the same byte image by a clone of
/// the source type (it moves no byte differently).
TensorCloneOp replaceEncodeWithClone(mlir::RewriterBase &rewriter,
                                     TensorEncodeOp op);

/// Where a dispatch's kernel takes each of the dispatch's values. The slots
/// are the dispatch operands in order (`operandIsBuffer` says which are
/// resources), then one per untied result; the result is the kernel
/// argument index of each slot. Kernels take them in one of two orders:
/// the slots' own order, or IREE's, with every buffer first (resource
/// operands, then untied results) and the scalar operands after them, as
/// `func.func @add(%a: !stream_lite.binding, %b: !stream_lite.binding,
/// %o: !stream_lite.binding, %n: index)` takes `(%a, %b, %n) -> %o`. The
/// order is the one whose buffer positions match `kernelInputs` (bindings,
/// or memrefs once bindings are lowered); none if neither does.
std::optional<llvm::SmallVector<unsigned>>
mapDispatchSlotsToKernelArguments(llvm::ArrayRef<bool> operandIsBuffer,
                                  unsigned numUntiedResults,
                                  mlir::TypeRange kernelInputs);

/// The storage bytes of `type` when its shape is static and its layout
/// known (a physical layout, or none); none otherwise.
std::optional<int64_t> getStaticStorageSize(mlir::RankedTensorType type);

/// The bytes `size` stands for when they are known without running: a
/// constant, or the `tensor.sizeof` of a type with a static storage size.
std::optional<int64_t> getStaticResourceSize(mlir::Value size);

/// Emits an error on every op under `root` (executables apart) with a
/// resource whose size and the storage of the tensor it holds are both
/// known (getStaticResourceSize, getStaticStorageSize) and the size is the
/// smaller: the program would fail its run-time size check on every run.
/// Fails when there is one.
mlir::LogicalResult checkStaticResourceSizes(mlir::Operation *root);
} // namespace layoutopt::stream_lite

#endif // STREAMLITE_IR_STREAMLITEOPS_H
