//===- Transforms.h - stream_lite rewrite patterns --------------*- C++ -*-===//
//
// The rewrites behind the stream_lite passes, as patterns another compiler
// can run inside its own passes. Each pass of StreamLite/Transforms/Passes.h
// is a thin driver over one `populate*Patterns` entry point here. What
// --stream-lite-specialize-encodings does, step by step (specializeEncodings
// below runs exactly this):
//
//   SpecializeEncodingsState resolution(module);   // analysis, merges
//   if (resolution.hasFailed()) return failure();
//   RewritePatternSet patterns(ctx);
//   populateSpecializeEncodingsPatterns(patterns, resolution);
//   applyPatternsOnceToAllOps(module, std::move(patterns));
//   if (resolution.hasFailed()) return failure();
//   if (failed(checkStaticResourceSizes(module))) return failure();
//   if (failed(duplicateExecutablesPerBindingLayouts(module)))
//     return failure();                            // one kernel per layouts
//
// The last step matters as soon as one kernel is dispatched with different
// layouts (from two devices): without it the kernel's views keep the
// unresolved encoding and the kernel lowering refuses them.
//
// Patterns that can fail on bad input emit an error naming the op and record
// the failure in their state object (a pattern itself can only decline to
// match), so the driver checks `hasFailed()` afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_TRANSFORMS_H
#define STREAMLITE_TRANSFORMS_TRANSFORMS_H

#include "StreamLite/Analysis/TransferPlanner.h"
#include "llvm/ADT/DenseSet.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/Transforms/BuiltinKernels.h"
#include "StreamLite/Transforms/MergeConflictPolicy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/DialectConversion.h"

#include <memory>

namespace mlir {
class DominanceInfo;
} // namespace mlir

namespace layoutopt::stream_lite {

/// Applies the best matching pattern once to every op nested in `root`
/// (post-order), including ops in unreachable blocks, which upstream's
/// walkAndApplyPatterns skips: every op must be rewritten whether or not it
/// can run (a dead op with an unresolved encoding would still have to be
/// lowered). No folding, no dead-code removal, new ops are not visited.
/// With `includeRoot`, `root` itself comes last (and may be replaced).
void applyPatternsOnceToAllOps(mlir::Operation *root,
                               const mlir::FrozenRewritePatternSet &patterns,
                               bool includeRoot = false);

/// Erases every unused op free of effects (isOpTriviallyDead) in `block`
/// and in the regions of the ops it keeps, last op first: an op's users
/// are visited before it, so what fed an erased op goes in the same sweep.
/// An op with regions is kept or erased whole. Returns the number of ops
/// erased in `block` and below (an erased op's nested ops not counted).
int64_t eraseTriviallyDeadOps(mlir::RewriterBase &rewriter,
                              mlir::Block &block);

//===----------------------------------------------------------------------===//
// Encoding resolution (--stream-lite-specialize-encodings)
//===----------------------------------------------------------------------===//

/// Resolves the encodings of the ops of one module with the resolvers of the
/// devices that hold the data: a tensor the op creates (EncodedTensor::
/// isCreatedByOp) with the op's own affinity, any other with the affinity of
/// the data's creators (ResourceCreators, computed once here). Resolved
/// types are cached per (affinity, type). The module must not change between
/// construction and the last `resolve` other than by setting resolved types.
///
/// With MergeConflictPolicy::Relayout the constructor first makes every merge
/// of resources whose layouts differ consistent (inserting relayouts, see
/// docs/passes.md); if a merge cannot be rewritten it emits an error naming
/// the op and `hasFailed()` is true.
class SpecializeEncodingsState {
public:
  explicit SpecializeEncodingsState(
      mlir::ModuleOp module,
      MergeConflictPolicy conflicts = MergeConflictPolicy::Relayout);
  ~SpecializeEncodingsState();

  /// The tensors of `op` whose type resolves to a different one, as
  /// (index in getEncodedTensors(), resolved type). On failure an error
  /// naming the op was emitted and `hasFailed()` is true.
  mlir::LogicalResult
  resolve(EncodedTensorOpInterface op,
          llvm::SmallVectorImpl<std::pair<unsigned, mlir::TypeAttr>> &changes);

  /// Whether a `resolve` has failed.
  bool hasFailed() const { return anyFailed; }

  /// How many tensor types `resolve` has resolved to a different type so
  /// far (one per tensor of an op, so one resource mentioned by three ops
  /// counts three times).
  unsigned getNumResolvedTypes() const { return numResolvedTypes; }
  /// How many relayouts the constructor inserted at merges.
  unsigned getNumRelayoutsInserted() const { return numRelayoutsInserted; }

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
  bool anyFailed = false;
  unsigned numResolvedTypes = 0;
  unsigned numRelayoutsInserted = 0;
};

/// One pattern, for every EncodedTensorOpInterface op: sets the resolved
/// types of its tensors.
void populateSpecializeEncodingsPatterns(mlir::RewritePatternSet &patterns,
                                         SpecializeEncodingsState &resolution);

/// Gives each distinct list of binding layouts of an executable export its
/// own copy of the executable (`@ex`, `@ex_dup0`, ...), rewrites the
/// `binding.subspan` types of each copy and repoints the dispatches. Run
/// after the dispatches' types are resolved. Returns the number of copies
/// made. Fails, with an error naming the view, where a kernel views a
/// binding whose layout is not dense row-major as another tensor than the
/// one its dispatch binds (another rank, element type or static dim, or a
/// constant byte offset other than 0): nothing is changed then.
mlir::FailureOr<unsigned>
duplicateExecutablesPerBindingLayouts(mlir::ModuleOp module);

/// What specializeEncodings did.
struct SpecializeEncodingsCounts {
  unsigned layoutsResolved = 0;
  unsigned executablesDuplicated = 0;
  unsigned relayoutsInserted = 0;
};

/// Everything --stream-lite-specialize-encodings does to `module`, in one
/// call (the steps are in this file's header). Fails after an error naming
/// the op.
mlir::FailureOr<SpecializeEncodingsCounts>
specializeEncodings(mlir::ModuleOp module,
                    MergeConflictPolicy conflicts = MergeConflictPolicy::Relayout);

//===----------------------------------------------------------------------===//
// Builtin materialization (--stream-lite-materialize-builtins)
//===----------------------------------------------------------------------===//

/// What the materialization patterns of one module share: the builtin
/// executables made so far (one per signature), device lookups, and counts
/// of the decisions.
class MaterializeBuiltinsState {
public:
  /// What the patterns decided so far.
  struct Counts {
    /// Transfers that stay DMA ops (one memcpy or memset per tensor).
    unsigned dmaKept = 0;
    /// Encodes that fold to a clone or to their source.
    unsigned encodesFolded = 0;
    /// Dispatches to builtins, indexed by BuiltinKind.
    unsigned dispatches[kNumBuiltinKinds] = {};
    /// Builtin executables created (one per signature), by BuiltinKind.
    unsigned executables[kNumBuiltinKinds] = {};
  };

  /// A builtin executable the patterns need, in a state that defers
  /// creating them.
  struct PendingExecutable {
    std::string name;
    BuiltinKind kind;
    llvm::SmallVector<mlir::RankedTensorType, 3> types;
    mlir::Location loc;
  };

  /// New builtin kernels are built with `kernelOptions`. With
  /// `deferExecutables`, the patterns only name the executables they
  /// dispatch to and leave the module's top level alone, so that functions
  /// can be materialized in parallel (one state per thread); the ones
  /// needed are then taken (takePendingExecutables) and created in module
  /// order by a state that does not defer (createExecutables).
  explicit MaterializeBuiltinsState(mlir::ModuleOp module,
                                  BuiltinKernelOptions kernelOptions = {},
                                  bool deferExecutables = false);

  /// The executables named since the last call, in the order of first use
  /// (deferring states only; each once per call).
  llvm::SmallVector<PendingExecutable> takePendingExecutables() {
    pendingEntries.clear();
    return std::move(pending);
  }
  /// Creates those of `executables` the module lacks, right before `anchor`
  /// (a top-level op): where this state would have created them for a
  /// dispatch in `anchor`. Counted as created by this state.
  void createExecutables(mlir::ArrayRef<PendingExecutable> executables,
                         mlir::Operation *anchor);
  /// Whether the context's remark engine lets the decision remarks through
  /// (their category is `stream-lite-materialize-builtins`). Remarks are
  /// streamed as they are made, so a driver that runs functions on several
  /// threads runs them one after another when this holds.
  static bool emitsRemarks(mlir::MLIRContext *context);
  /// Adds what `other` decided and whether it failed to this state's.
  void merge(const MaterializeBuiltinsState &other);

  /// Reports `plan` for `op` as a remark (passed for DMA and folds, missed
  /// for a dispatch); a plan that is an error is emitted as an error naming
  /// the op instead, and fails.
  /// A DMA plan made without its explanation is planned again through
  /// `replan` (given an explaining planner) only when the remark is emitted.
  mlir::LogicalResult
  plan(mlir::Operation *op, TransferPlan &plan,
       llvm::function_ref<TransferPlan(TransferPlanner &)> replan = {});

  /// Replaces `op` by a dispatch to the builtin of `signature` (the calling
  /// convention of StreamLite/Transforms/BuiltinKernels.h), creating the
  /// builtin executable when the module has none of that signature.
  void replaceWithDispatch(mlir::RewriterBase &rewriter, mlir::Operation *op,
                           const BuiltinSignature &signature);

  mlir::SymbolTableCollection &getSymbols() { return symbols; }
  /// The planner the patterns use. It does not explain DMA decisions: `plan`
  /// plans again with explanations only for the remarks that are emitted.
  TransferPlanner planner() const {
    return TransferPlanner(/*explainDMA=*/false, &fillPlans);
  }
  /// Whether a plan was an error.
  bool hasFailed() const { return anyFailed; }
  /// The decisions so far: `plan` counts DMA and folds,
  /// `replaceWithDispatch` dispatches and new executables.
  const Counts &getCounts() const { return counts; }

private:
  /// The dispatch entry of builtin `kind` over `types`, its executable
  /// created on first use. Memoized: a module dispatches the same few
  /// signatures thousands of times, and mangling a name costs more than the
  /// rest of a replacement.
  mlir::SymbolRefAttr getBuiltinEntry(mlir::RewriterBase &rewriter,
                                      mlir::Operation *op, BuiltinKind kind,
                                      llvm::ArrayRef<mlir::RankedTensorType> types);

  mlir::ModuleOp module;
  /// The module's symbols (not built when deferring: unused then).
  std::optional<mlir::SymbolTable> builtins;
  mlir::SymbolTableCollection symbols;
  BuiltinKernelOptions kernelOptions;
  bool deferExecutables;
  llvm::SmallVector<PendingExecutable> pending;
  llvm::DenseSet<mlir::SymbolRefAttr> pendingEntries;
  bool anyFailed = false;
  Counts counts;
  /// The planner's memo of static fills (planning does not change the IR).
  mutable FillPlanCache fillPlans;
  /// Entries by kind and up to three types (no builtin takes more).
  llvm::DenseMap<std::tuple<unsigned, mlir::Type, mlir::Type, mlir::Type>,
                 mlir::SymbolRefAttr>
      entries;
  /// The TypeAttr of each operand type dispatched so far.
  llvm::DenseMap<mlir::Type, mlir::TypeAttr> typeAttrs;
};

/// Upstream's async-parallel-for pattern (scf.parallel to async tasks),
/// with at most `threads` blocks of iterations per loop
/// (--stream-lite-parallelize-kernels applies it to builtin kernels).
void populateParallelizeKernelsPatterns(mlir::RewritePatternSet &patterns,
                                        unsigned threads);

/// One pattern for every transfer op (TransferOpInterface) that plans it,
/// reports the decision, and rewrites it when it is not DMA; one that turns
/// constants whose byte image would be too large into splats or encodes.
void populateMaterializeBuiltinsPatterns(mlir::RewritePatternSet &patterns,
                                         MaterializeBuiltinsState &state);

//===----------------------------------------------------------------------===//
// Host tensor encoding (--stream-lite-encode-host-tensors)
//===----------------------------------------------------------------------===//

/// Values the encode patterns share instead of making them again for each
/// op: constants, made once per function at the start of its entry block
/// (where the canonicalizer would hoist and merge them), and the integer
/// bits of a fill value, made where first needed and reused by later ops
/// that it dominates (as cse would merge them). Lowering a 5k-op module
/// otherwise made ~5.6k constants and ~2.2k bitcasts that cse and the
/// canonicalizer then merged into ~230 (bench/README.md). Reuse is decided without dominance queries, from the
/// driver's order: only for a driver that visits ops in a forward
/// post-order walk and inserts each op's lowering right before it, erasing
/// nothing else (the pass's applyPatternsOnceToAllOps). A dialect
/// conversion that may roll a pattern back, or a greedy driver, must not
/// share one.
class HostTensorValueCache {
public:
  /// Constant `value` for use by the lowering of `user`: the one made for
  /// `user`'s function (its closest isolated-from-above ancestor), made
  /// at the start of the function's entry block if there is none yet.
  mlir::Value getConstant(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Operation *user, mlir::TypedAttr value);
  /// `value` bitcast to `type`, the same way.
  mlir::Value getBitcast(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Operation *user, mlir::Type type,
                         mlir::Value value);
  /// The plans of static fills and splats made so far (they hold no value
  /// of the op they were made for, so unlike the values above they are
  /// valid under any driver).
  FillPlanCache &getFillPlans() { return fillPlans; }
  /// Forgets the constants and casts made so far but keeps the fill plans:
  /// for a driver that lowers one function after another with one cache,
  /// so that it holds no value of a function it is done with.
  void forgetValues() { made.clear(); }

private:
  /// The latest op made for each key; a later `user` may use it when it
  /// lies in the op's block or in a region nested in it.
  mlir::Value find(std::pair<const void *, const void *> key,
                   mlir::Operation *user) const;
  llvm::DenseMap<std::pair<const void *, const void *>, mlir::Value> made;
  FillPlanCache fillPlans;
};

/// One pattern per tensor-phase op, lowering it to async-phase ops over
/// bytes: sizes, byte offsets and ranges through the layouts and the
/// transfer planner's DMA plans. They are plain rewrite patterns that read
/// the op's current operands, so they work applied once per op
/// (applyPatternsOnceToAllOps, as the pass does), greedily, or in a dialect
/// conversion with configureEncodeHostTensorsTarget. `symbols` answers device lookups (fill
/// widths). A pattern that cannot lower its op (a transfer that needs a
/// builtin dispatch, an encoding without a single physical layout) emits an
/// error naming the op and fails, which fails the conversion.
///
/// With `cache`, the patterns share within each function what they would
/// otherwise make again for every op (see HostTensorValueCache); without
/// it each op gets its own constants and casts, for cse and the
/// canonicalizer to merge.
void populateEncodeHostTensorsPatterns(mlir::RewritePatternSet &patterns,
                                       mlir::SymbolTableCollection &symbols,
                                       HostTensorValueCache *cache = nullptr);


/// Whether the byte image of constant `value` as `type` (its bytes in the
/// layout, pads zero) is at most 4 KiB larger than the bytes `value` holds
/// (one element for a splat). encode-host-tensors builds only such images;
/// materialize-builtins turns other constants into splats or encodes of an
/// identity constant, so that no shape or tile size makes the compiler's
/// memory grow with its magnitude.
bool hasBoundedByteImage(mlir::RankedTensorType type,
                         mlir::DenseElementsAttr value);

/// Marks tensor-phase ops illegal and what the patterns create legal.
void configureEncodeHostTensorsTarget(mlir::ConversionTarget &target);

//===----------------------------------------------------------------------===//
// Runtime checks (--stream-lite-check-resource-sizes,
// --stream-lite-remove-redundant-asserts)
//===----------------------------------------------------------------------===//

struct ResourceSizeChecks {
  unsigned inserted = 0;  // cf.assert checks inserted
  unsigned dominated = 0; // checks left out: a dominating one made them
};

/// Before every EncodedTensorOpInterface op nested in `root` (executables
/// excepted), asserts that each resource size it names for a tensor of a
/// serialized layout is at least the tensor's storage size
/// (`tensor.sizeof` of the type), unless a check of the same size, type
/// and dims dominates it (`dominance` answers for `root`'s regions). Run
/// after specialize-encodings; messages have the format of the runtime
/// checks.
ResourceSizeChecks insertResourceSizeChecks(mlir::Operation *root,
                                            mlir::DominanceInfo &dominance);

/// Erases every `cf.assert` nested in `root` whose condition (the same
/// value) a dominating `cf.assert` asserted: it can never fail. Linear in
/// the ops. Returns how many it erased.
uint64_t removeRedundantAsserts(mlir::Operation *root,
                                mlir::DominanceInfo &dominance);

//===----------------------------------------------------------------------===//
// Static buffer deallocation (--stream-lite-deallocate-buffers)
//===----------------------------------------------------------------------===//

struct BufferDeallocationCounts {
  unsigned deallocs = 0; // memref.dealloc ops inserted
  unsigned copies = 0;   // buffers passed on as fresh copies
  unsigned elidedCopies = 0; // whole copies of dying buffers removed
  bool changed = false;       // anything else changed (poison buffers)
};

/// Frees every `memref.alloc` buffer of `func` after its last use, with
/// ownership decided at compile time (the rules are in docs/passes.md):
/// arguments are borrowed, results and loop-carried buffers are owned by
/// their receiver, buffers passed on that cannot move are copied. On IR
/// outside those rules (unstructured control flow, existing deallocations,
/// other allocating ops) it emits an error naming the op and fails without
/// changing `func`. External functions are left alone.
mlir::FailureOr<BufferDeallocationCounts>
deallocateBuffers(mlir::func::FuncOp func);

//===----------------------------------------------------------------------===//
// Kernels' logical views (--stream-lite-lower-dispatch-tensors)
//===----------------------------------------------------------------------===//

/// What the view lowering did.
struct DispatchTensorLoweringStats {
  unsigned loads = 0;
  unsigned stores = 0;
};

/// One pattern, rooted at a `binding.subspan` that gives a logical view: it
/// becomes a byte view, and each of its loads and stores a dense buffer
/// moved from or to it through the binding's layout (docs/passes.md). A
/// store whose region writes at least `nonTemporalStoreBytes` (0: never)
/// moves with non-temporal stores, as builtin
/// kernels do (BuiltinKernelOptions).
void populateLowerDispatchTensorsPatterns(
    mlir::RewritePatternSet &patterns, DispatchTensorLoweringStats &stats,
    int64_t nonTemporalStoreBytes = kDefaultNonTemporalStoreBytes);

/// Applies those patterns to the views under `root` (after dropping the
/// encodings that IREE's form repeats on loaded tensors) and emits an error
/// naming each view, load or store that is left, with the reason.
mlir::LogicalResult
lowerDispatchTensors(mlir::Operation *root,
                     const mlir::FrozenRewritePatternSet &patterns);

//===----------------------------------------------------------------------===//
// Bindings to byte buffers (--stream-lite-lower-bindings)
//===----------------------------------------------------------------------===//

/// In `executable`'s inner module, each `!stream_lite.binding` function
/// argument becomes a `memref<?xi8>` and each `binding.subspan` that buffer
/// or a `memref.view` of it at its byte offset. With `runtimeChecks`, a user
/// kernel's subspans first assert that they lie in the buffer
/// (--stream-lite-lower-bindings=runtime-checks). Emits an error naming the
/// op that cannot be lowered and fails.
mlir::LogicalResult lowerBindings(ExecutableOp executable,
                                  bool runtimeChecks = false);

//===----------------------------------------------------------------------===//
// Relayouts fused into their producers (--stream-lite-fuse-relayouts)
//===----------------------------------------------------------------------===//

/// What relayout fusion did.
struct FuseRelayoutsStats {
  unsigned fused = 0;
  unsigned left = 0;
  unsigned executablesDuplicated = 0;
};

/// Fuses every relayout of `module` that can be (docs/passes.md) into the
/// user dispatch producing its data, with a passed remark per fusion and a
/// missed remark with the reason per relayout left. Run after
/// specialize-encodings (layouts must be resolved).
void fuseRelayouts(mlir::ModuleOp module, FuseRelayoutsStats &stats);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_TRANSFORMS_TRANSFORMS_H
