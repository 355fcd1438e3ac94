//===- Pipelines.h - the named stream_lite pipelines ------------*- C++ -*-===//
//
// The pipelines span every layer (the layout passes, the conversions, the
// upstream lowerings), so they are built here, above all of them, for
// layout-opt, layout-run and library users alike.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_PIPELINES_PIPELINES_H
#define STREAMLITE_PIPELINES_PIPELINES_H

#include "StreamLite/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace layoutopt::stream_lite {

/// `--stream-lite-layout-pipeline` (docs/passes.md): specialize-encodings,
/// fuse-relayouts, materialize-builtins, encode-host-tensors, canonicalize,
/// cse. `materialize` carries materialize-builtins' options;
/// `checkResourceSizes` adds check-resource-sizes after specialization (the
/// to-llvm pipeline's runtime checks).
/// `fuseRelayouts` (the default) adds fuse-relayouts after specialization.
void buildLayoutPipeline(mlir::OpPassManager &pm,
                         const MaterializeBuiltinsPassOptions &materialize = {},
                         bool checkResourceSizes = false,
                         bool fuseRelayouts = true);

/// Options of `--stream-lite-layout-pipeline`.
struct LayoutPipelineOptions
    : public mlir::PassPipelineOptions<LayoutPipelineOptions> {
  Option<bool> fuseRelayouts{
      *this, "fuse-relayouts",
      llvm::cl::desc("Run --stream-lite-fuse-relayouts after "
                     "specialization: relayouts of user kernels' results "
                     "are written by those kernels (default true)"),
      llvm::cl::init(true)};
};

/// Options of `--stream-lite-to-llvm-pipeline`.
struct ToLLVMPipelineOptions
    : public mlir::PassPipelineOptions<ToLLVMPipelineOptions> {
  Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Run --stream-lite-insert-runtime-checks first, so that "
                     "dims, regions and indices that do not fit fail a "
                     "cf.assert instead of accessing memory out of bounds"),
      llvm::cl::init(true)};
  Option<bool> fuseRelayouts{
      *this, "fuse-relayouts",
      llvm::cl::desc("As the layout pipeline's option (default true)"),
      llvm::cl::init(true)};
  Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Above 1: builtin kernels moving more than 1 MiB run "
                     "on up to this many threads (materialize-builtins="
                     "parallel-kernels, parallelize-kernels and the "
                     "upstream async lowering; the program then needs "
                     "libmlir_async_runtime.so). 1 (default): every "
                     "kernel is serial and the program needs no runtime"),
      llvm::cl::init(1)};
  Option<int64_t> nonTemporalStoreBytes{
      *this, "non-temporal-store-bytes",
      llvm::cl::desc("As materialize-builtins' option: builtin kernels whose "
                     "region writes at least this many bytes store past "
                     "the cache (default 32 MiB; 0: never)"),
      llvm::cl::init(kDefaultNonTemporalStoreBytes)};
  Option<ScatteredStores> nonTemporalScatteredStores{
      *this, "non-temporal-scattered-stores",
      llvm::cl::desc("As materialize-builtins' option: which stores go "
                     "past the cache where a kernel writes several "
                     "destination streams at once (none, whole-lines "
                     "(default), all)"),
      llvm::cl::init(ScatteredStores::WholeLines),
      scatteredStoresOptionValues()};
};

/// `--stream-lite-to-llvm-pipeline` (docs/passes.md): insert-runtime-checks
/// (unless disabled), the layout pipeline (then remove-redundant-asserts
/// with the checks), on the kernels lower-dispatch-tensors,
/// bufferize-kernels, convert-linalg-to-loops and lower-bindings, then
/// convert-async-to-memref,
/// lift-cf-to-scf, deallocate-buffers, then the lowering to the LLVM
/// dialect (lower-scf-to-cf, stream-lite-expand-strided-metadata,
/// convert-asserts-to-llvm, convert-host-to-llvm with `fold` (each
/// function canonicalized right after its conversion; it also reconciles
/// casts)); with `threads`
/// above 1, parallel kernels lowered through upstream's async passes.
void buildToLLVMPipeline(mlir::OpPassManager &pm,
                         const ToLLVMPipelineOptions &options);
/// The same with default options.
void buildToLLVMPipeline(mlir::OpPassManager &pm);

/// Registers the named pipelines with the pass registry.
void registerStreamLitePipelines();

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_PIPELINES_PIPELINES_H
