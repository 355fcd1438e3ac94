//===- BuiltinKernels.h - generated transfer kernels ------------*- C++ -*-===//
//
// Builtin executables for transfers that cannot be DMA (docs/passes.md):
// relayout (encode), encoded slice, encoded update, encoded fill and splat.
// Kernels are plain upstream MLIR (func, arith, scf, memref) that view their
// bindings with stream_lite.binding.subspan and address elements through
// PhysicalLayoutAttrInterface::buildElementByteOffset; they visit the
// logical region only, in the physical order of one tensor (tile by tile),
// and move runs that are contiguous on both sides in constant-size chunks
// (memref.copy, which lowers to memcpy). Tiled results that the kernel
// creates (encode, slice, splat) are zeroed first so that tile padding is
// zero; fill and update never write tile padding.
//
// Dispatch ABI (function arguments = dispatch operands in order, then one
// binding per untied result). `types` lists the tensor types in this order:
//   Encode: [source, result]
//     dispatch(%source, source dyn dims..., result dyn dims...) -> result
//     func(%source: binding, dims..., %result: binding)
//   Slice:  [source, result]   (result shape = slice lengths)
//     dispatch(%source, source dyn dims..., offsets (rank)..., result dyn dims...) -> result
//     func(%source: binding, dims..., offsets..., dims..., %result: binding)
//   Update: [target, update]
//     dispatch(%target, %update, target dyn dims..., update dyn dims..., offsets (rank)...) -> target (tied)
//     func(%target: binding, %update: binding, dims..., dims..., offsets...)
//   Fill:   [target]
//     dispatch(%target, target dyn dims..., offsets (rank)..., lengths (rank)..., %value) -> target (tied)
//     func(%target: binding, dims..., offsets..., lengths..., %value: element type)
//   Splat:  [result]
//     dispatch(result dyn dims..., %value) -> result
//     func(dims..., %value: element type, %result: binding)
// Dispatches carry no workload. Binding byte offsets are 0.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_BUILTINKERNELS_H
#define STREAMLITE_TRANSFORMS_BUILTINKERNELS_H

#include "StreamLite/IR/StreamLiteOps.h"

#include "llvm/Support/CommandLine.h"

#include <string>

namespace layoutopt::stream_lite {

/// How every builtin executable's symbol (and its kernel function's,
/// after lowering) starts: getBuiltinName's prefix, which the JIT uses to
/// find the kernels it optimizes (JitOptimization::Kernels).
inline constexpr llvm::StringLiteral kBuiltinSymbolPrefix = "__builtin_";

/// The executable (and export and function) name of the builtin of `kind`
/// over `types` (ordered as in the ABI above): `__builtin_<kind>_<mangled
/// types>`, a valid bare symbol name that differs whenever the kind, a
/// shape, an element type or a layout differs, e.g.
/// `__builtin_slice_4xDxf32_tiled_p0_1_t8_4_to_2x4xf32`.
std::string getBuiltinName(BuiltinKind kind,
                           llvm::ArrayRef<mlir::RankedTensorType> types);

/// Bytes each task of a parallel kernel moves at least: below that, waking
/// another thread costs more than it saves, so smaller regions run on one.
inline constexpr int64_t kMinParallelTaskBytes = int64_t(1) << 20;

/// Groups per task minimum, where a kernel's bytes per iteration are
/// static: its parallel loop steps by groups of 1/kParallelGroupsPerTask
/// of kMinParallelTaskBytes and says how many make it
/// (`stream_lite.min_task_groups`), which --stream-lite-parallelize-kernels
/// gives each task at least. Tasks of whole small groups split between T
/// threads differ by at most one group (a region of 15 groups of 1 MiB
/// split 8:7 between two threads, which then gained 1.68-1.82x where the
/// same kernel split in eighths gained 1.90-1.92x).
inline constexpr int64_t kParallelGroupsPerTask = 8;

/// Default of BuiltinKernelOptions::nonTemporalStoreBytes. Up to about
/// this size a region's bytes are still in cache when the next op reads
/// them, which ordinary stores keep: programs of three 8-32 MiB relayouts
/// ran 1.27-1.67x faster with ordinary stores, the break-even lay near
/// 40 MiB and at 64 MiB non-temporal stores won by 1.1-1.26x, on an Intel
/// Xeon machine with a large L3; a smaller cache breaks even earlier
/// (bench/README.md, "Stores past the cache from 32 MiB").
inline constexpr int64_t kDefaultNonTemporalStoreBytes = int64_t(32) << 20;

/// Stores past the cache in a walk that writes several destination streams
/// at once (BuiltinKernelOptions::nonTemporalScatteredStores). Whether they
/// pay depends on the machine's write-combining and memory: into rows at
/// 64 MiB, non-temporal stores ran 1.8x faster than ordinary ones on one
/// host and 2.5x slower on another, and on that second host even stores
/// that each write a whole line lost to ordinary ones (bench/README.md).
enum class ScatteredStores {
  /// Ordinary stores only.
  None,
  /// Only 64-byte stores of joined rows that write one whole cache line
  /// (their address tested where they run).
  WholeLines,
  /// Every vector store of 8 bytes or more, as a one-stream walk.
  All,
};

/// The option spelling of `stores`: "none", "whole-lines" or "all".
llvm::StringRef stringifyScatteredStores(ScatteredStores stores);

/// The values of every `non-temporal-scattered-stores` pass option, for
/// its `llvm::cl::values`.
inline llvm::cl::ValuesClass scatteredStoresOptionValues() {
  return llvm::cl::values(
      clEnumValN(ScatteredStores::None, "none", "ordinary stores only"),
      clEnumValN(ScatteredStores::WholeLines, "whole-lines",
                 "only stores that write a whole cache line"),
      clEnumValN(ScatteredStores::All, "all",
                 "every vector store of 8 bytes or more"));
}

/// How buildBuiltinExecutable builds a kernel.
struct BuiltinKernelOptions {
  /// The outermost loop of the region walk becomes an `scf.parallel` over
  /// groups of its iterations, each with an inner `scf.for`;
  /// --stream-lite-parallelize-kernels turns it into tasks. Where the
  /// bytes per iteration are static, a group moves at least
  /// minParallelTaskBytes / kParallelGroupsPerTask and the loop carries
  /// how many groups make minParallelTaskBytes
  /// (`stream_lite.min_task_groups`), the least a task then takes; else a
  /// group moves at least minParallelTaskBytes (one group for smaller
  /// regions). The groups of a packed sub-byte destination start on its
  /// bytes; a kernel that cannot ensure that (a slice whose rows are
  /// shifted against its source's tile rows) keeps its serial loop. A
  /// fill's pattern and a shifted copy's staging buffer are allocas in
  /// each group, which parallelize-kernels hoists (a lowering that runs
  /// the loop serially should hoist them too: each group would take
  /// another few bytes of stack). Off, the kernel is the same as without
  /// the option.
  bool parallelOuterLoop = false;
  /// Bytes each task of that loop moves at least (waking a thread for
  /// less costs more than it saves); its groups move a
  /// kParallelGroupsPerTask-th of it. Tests lower it to split regions of a
  /// few KiB into many groups.
  int64_t minParallelTaskBytes = kMinParallelTaskBytes;
  /// A kernel whose region writes at least this many bytes, and whose
  /// walk writes the destination in its own order (one stream: not a tiled
  /// source walked into rows, whose tile rows land in several destination
  /// rows at once), stores its
  /// vector moves of 8 bytes or more (chunks, swizzle groups, joined
  /// shifted chunks) non-temporally: they bypass the cache, so the
  /// destination's lines are not read before they are overwritten, and a
  /// sequentially consistent fence ends the kernel and each parallel
  /// group. Decided when the kernel is built, or, for a region of dynamic
  /// size, once per run (each such store then an scf.if between both
  /// kinds). Single elements and packed read-modify-writes use ordinary
  /// stores. 0 or less: never.
  int64_t nonTemporalStoreBytes = kDefaultNonTemporalStoreBytes;
  /// Which stores past the cache (from the same size on) a walk that
  /// writes several destination streams at once may use: a tiled source
  /// walked into rows (each tile row into another destination row) and a
  /// split outer loop (two destination tile rows).
  ScatteredStores nonTemporalScatteredStores = ScatteredStores::WholeLines;
};

/// Builds the private `stream_lite.executable @name` holding
/// `stream_lite.executable.export public @name` and an inner builtin.module
/// with `func.func @name` implementing the kernel, at `builder`'s insertion
/// point. Every type must have a physical layout (getPhysicalLayout).
ExecutableOp buildBuiltinExecutable(mlir::OpBuilder &builder,
                                    mlir::Location loc, llvm::StringRef name,
                                    BuiltinKind kind,
                                    llvm::ArrayRef<mlir::RankedTensorType> types,
                                    const BuiltinKernelOptions &options = {});

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_TRANSFORMS_BUILTINKERNELS_H
