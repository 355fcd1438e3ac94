//===- Passes.td - stream_lite passes ----------------------*- tablegen -*-===//

#ifndef STREAMLITE_TRANSFORMS_PASSES_TD
#define STREAMLITE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SpecializeEncodingsPass
    : Pass<"stream-lite-specialize-encodings", "::mlir::ModuleOp"> {
  let summary = "Resolves every encoding on tensor-phase ops for the devices that hold the data";
  let description = [{
    Resolves the encoding of every tensor type on every tensor-phase op
    (docs/language.md, Resolvers), including clone, slice, update, encode, constant, load and
    store: an unserialized encoding (`encoding<...>`, `padding<[..?..]>`)
    becomes `#stream_lite.layout<[...]>` and `testing<>` becomes
    `testing<layouts = [...]>`, with one entry per target of every device in
    the affinity (equal entries are deduplicated). No encoding, unrecognized
    encodings and serialized encodings are left alone.

    Layouts follow the data. A resource's layout is fixed by the op that
    creates it (empty, constant, splat, import, encode, slice, untied dispatch
    results), resolved for that op's affinity (inherited from the nearest
    `stream_lite.affinity` when there is no `on()`). Every other mention
    (operands, fill/update/store targets and their tied results, dispatch
    operands, load/store and export sources, clone sources and results)
    resolves with its creators' affinities, found by a value-flow analysis
    through `async.transfer`, tied results, `scf`/`cf` block arguments and
    region results, and calls. A resource with no visible creator resolves
    with the affinity of the op that mentions it. `sizeof` resolves with its
    own affinity.

    Executables reached by dispatches with different binding-layout lists
    (operand types, then untied result types) are duplicated as `@ex_dup0`,
    `@ex_dup1`, ... (the first list keeps `@ex`; a list of dense bindings
    only counts like any other), the `binding.subspan` types
    in each copy are rewritten to the binding's layout, and the dispatches
    are repointed.

    Merges. A resource that may come from creators whose layouts differ
    (through `scf.if`/`scf.for`/`scf.while` results and iteration arguments,
    `cf` block arguments, arguments of private functions called from several
    places, results of calls whose callee returns either) is made correct,
    not rejected. For each such merge the pass picks one layout, inserts
    `stream_lite.tensor.sizeof` and `stream_lite.tensor.encode` (both
    `on(...)` an affinity that resolves to that layout) on every incoming
    path whose layout differs, and passes the new size where the path passes
    the merged size. An `arith.select` of resources (what canonicalization
    makes of an `scf.if` that only yields values) is first rewritten into an
    `scf.if`, together with the other selects of the same condition whose
    operands are available there (typically the resources' sizes), so that
    it merges like any `scf.if` and a path's relayout runs only when that
    path is taken. The layout is chosen as follows:

    1. the consumers decide: every op that mentions the merged value or the
       values holding its bytes afterwards (through tied results, transfers
       and further merges) resolves the encoding with its own affinity; if
       all of them resolve the same layout, that layout wins;
    2. otherwise (consumers disagree, or none has an affinity) the layout
       with the fewest relayout bytes wins among the consumers' layouts and
       the incoming paths' layouts: a choice costs the storage bytes of every
       incoming path whose layout differs from it (a path with dynamic dims
       counts as more than any static one);
    3. ties go to the first candidate: consumers in program order, then the
       paths in operand order.

    Merges nested in merges are fixed from the inside out; the analysis is
    re-run after each iteration of fixes until no merge differs. Every inserted
    relayout is a passed remark (category
    `stream-lite-specialize-encodings`) naming the two layouts and the bytes
    it writes, and every merge gets an analysis remark with the relayout
    bytes of each candidate layout. With `conflicts=error` no relayout is
    inserted and such a resource is an error naming the op.

    Errors (each names the op; the pass fails and prints nothing else): an
    encoding a resolver cannot resolve, an affinity naming no device, an op
    with an encoding to resolve but no affinity, a merge whose relayout
    cannot be given its size (the merged size is neither passed along the
    path nor provably the size of the new layout) or its dims, and, with
    `conflicts=error`, a resource that may come from creators whose layouts
    differ.

    ```mlir
    // Before, on a device with a tiling_resolver<m = 8, n = 4, k = 1>:
    %e = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<16x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%sz}
    // After:
    %e = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<16x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>> in !stream_lite.resource<*>{%sz}
    ```
  }];
  let options = [
    Option<"conflicts", "conflicts",
           "::layoutopt::stream_lite::MergeConflictPolicy",
           /*default=*/"::layoutopt::stream_lite::MergeConflictPolicy::Relayout",
           "What to do with a resource whose creators' layouts differ",
           [{::llvm::cl::values(
             clEnumValN(::layoutopt::stream_lite::MergeConflictPolicy::Relayout,
                        "relayout",
                        "insert relayouts so every path has one layout (default)"),
             clEnumValN(::layoutopt::stream_lite::MergeConflictPolicy::Error,
                        "error", "reject the program, naming the op"))}]>,
  ];
  let statistics = [
    Statistic<"numLayoutsResolved", "layouts-resolved",
              "Tensor types on ops given a serialized encoding (one per tensor of an op)">,
    Statistic<"numExecutablesDuplicated", "executables-duplicated",
              "Executable copies made for other binding-layout lists (@ex_dup0, ...)">,
    Statistic<"numRelayoutsInserted", "relayouts-inserted",
              "Relayouts (tensor.encode) inserted on incoming paths of merges">,
  ];
  // Selects of resources become scf.if.
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def MaterializeBuiltinsPass
    : Pass<"stream-lite-materialize-builtins", "::mlir::ModuleOp"> {
  let summary = "Keeps transfers on the DMA path only where provably correct; generates dispatches for the rest";
  let description = [{
    For every transfer op (clone, encode, slice, update, fill, splat) decides
    DMA or dispatch (docs/passes.md) with the transfer planner, which works
    on the exact byte image of the op's region in each tensor (the physical
    layout interface). A DMA op stays as it is; an encode between physically
    equal layouts folds to a clone, one between equal types (any encoding)
    to its source; any other op becomes a
    `stream_lite.tensor.dispatch` to a generated private executable
    `@__builtin_<kind>_<signature>`, one per distinct signature (kind and
    tensor types with layouts) in the module, whose kernel is plain upstream
    MLIR (func, arith, scf, memref) addressing the bindings through the
    layouts' offset math and iterating over the logical region only.

    Every decision is reported through MLIR's remark framework (category
    `stream-lite-materialize-builtins`, shown with `--remarks-filter=...`): a
    passed remark for DMA ("one 2048-byte copy: ..."), a missed remark with
    the precise reason for a dispatch ("dim 1 region [1, 4) cuts 4-wide
    tiles", "pattern i64 with unequal halves; device memsets 8/16/32 bits",
    "writes non-zero into tile padding").

    Functions are materialized in parallel when the context has threads
    (one after another while these remarks are on, since remarks are
    streamed as they are made); the builtin executables are then created
    in module order, each right before the first function that dispatches
    to it, so the output does not depend on the number of threads.

    Input: encodings are serialized (run `stream-lite-specialize-encodings`
    first). A transfer of a `layout<[...]>` whose entries differ physically is
    an error naming the op.
  }];
  let options = [
    Option<"parallelKernels", "parallel-kernels", "bool", /*default=*/"false",
           "The outermost loop of each builtin kernel becomes an "
           "`scf.parallel` over groups of iterations, each group an "
           "`scf.for`: groups of at least 1/8 MiB, eight of which make a "
           "task's 1 MiB (`stream_lite.min_task_groups` on the loop), "
           "where the bytes per iteration are known, else of at least "
           "1 MiB (one group for smaller regions); "
           "`stream-lite-parallelize-kernels` turns it into tasks. Kernels "
           "of packed sub-byte elements whose groups cannot start on a "
           "byte stay serial. Off (default), every loop is an `scf.for`">,
    Option<"nonTemporalStoreBytes", "non-temporal-store-bytes", "int64_t",
           /*default=*/"kDefaultNonTemporalStoreBytes",
           "A kernel whose region writes at least this many bytes (32 MiB "
           "by default; compared at run time for a dynamic size) into its "
           "destination in the destination's order (one stream) stores "
           "its vector moves of 8 bytes or more non-temporally "
           "(`nontemporal` memref.store, past the cache) and ends itself "
           "and each parallel group with an `llvm.fence`; so do, in any "
           "order, 64-byte stores of joined rows that write a whole "
           "cache line (unless non-temporal-scattered-stores is `none`); "
           "0 never does">,
    Option<"nonTemporalScatteredStores", "non-temporal-scattered-stores",
           "::layoutopt::stream_lite::ScatteredStores",
           /*default=*/"::layoutopt::stream_lite::ScatteredStores::WholeLines",
           "Which stores, from the same size on, go past the cache where "
           "the walk writes several destination streams at once (a tiled "
           "source into rows, a split outer loop between tiles): `none`, "
           "`whole-lines` (default: only 64-byte stores of joined rows "
           "that write a whole cache line) or `all`. Faster or slower "
           "than ordinary stores depending on the machine's "
           "write-combining",
           [{::layoutopt::stream_lite::scatteredStoresOptionValues()}]>,
  ];
  let statistics = [
    Statistic<"numDmaKept", "dma-kept",
              "Transfers kept as DMA ops (one memcpy or memset per tensor)">,
    Statistic<"numEncodesFolded", "encodes-folded",
              "Encodes between physically equal layouts folded to a clone or their source">,
    // One more per builtin kind, `<kind>-dispatches`, declared with the
    // kinds in StreamLite/IR/BuiltinKinds.def.
    Statistic<"numBuiltinExecutables", "builtin-executables",
              "Builtin executables generated (one per kind and signature)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    // Builtin kernels move swizzled tiles by groups (vector.shuffle).
    "::mlir::vector::VectorDialect",
    // Kernels with non-temporal stores end with an llvm.fence.
    "::mlir::LLVM::LLVMDialect",
  ];
}

def EncodeHostTensorsPass
    : Pass<"stream-lite-encode-host-tensors", "::mlir::ModuleOp"> {
  let summary = "Lowers tensor-phase ops to byte-level async ops through their layouts";
  let description = [{
    Lowers every tensor-phase op outside executables to the async-phase ops
    (docs/language.md), keeping each op's `on(...)` affinity. Byte
    offsets, lengths and sizes come from the layouts' physical interface
    (never dense math on a non-identity layout); the byte ranges of
    transfers are the transfer planner's DMA plans.

    - `tensor.sizeof` becomes the storage size arithmetic of its type.
    - `tensor.empty` becomes `async.alloca` of its size.
    - `tensor.constant` becomes `async.constant` of its byte image: the dense
      value for no encoding or an identity layout, else an `i8` tensor with
      every element's bytes at its layout offset (pads zero; static shapes).
    - `tensor.splat` and `tensor.fill` become `async.splat`/`async.fill` with
      the planner's pattern (a constant of its width, or the value bitcast to
      an integer of the element width) over the planner's byte range.
    - `tensor.clone` (and an `encode` between physically equal layouts)
      becomes `async.clone`; `tensor.slice` becomes `async.slice` of the
      source range when the range is the whole result, else a new resource
      (zeroed for tiled layouts, whose pads must be zero) and an
      `async.copy`; `tensor.update` becomes an `async.copy` into the target.
    - `tensor.load`/`tensor.store` become `async.load`/`async.store` at the
      element's byte offset (host-side index translation, e.g. div/rem into
      tiles).
    - `tensor.dispatch` becomes `async.dispatch` with each resource operand's
      range `[0 to size for size]`; ties are kept.
    - `tensor.import`/`tensor.export` become `async.import`/`async.export`.
    - `async.transfer` stays.

    The pass applies the patterns of `populateEncodeHostTensorsPatterns`
    (`StreamLite/Transforms/Transforms.h`) once to every op (they also work
    inside a caller's partial conversion). Errors (each names the op; the
    pass fails): a transfer the planner sends to a builtin dispatch ("run
    --stream-lite-materialize-builtins first"), an encoding that is
    unresolved, unknown or has no single physical layout where bytes are
    addressed; the first tensor-phase op left is then also reported as not
    legalized.

    Each function (and executable) is lowered as a task of its own, in
    parallel when the context has threads; the output and the order of the
    errors do not depend on the number of threads.

    With `erase-dead-ops` (the layout pipeline sets it), side-effect-free
    ops whose results are unused are erased before lowering instead of
    lowered and then erased by the canonicalizer. With `share-values` (the
    layout pipeline sets it too), constants and fill-value bitcasts are
    made once (constants once per function, at its start) and reused
    where they dominate, instead of made per op for the canonicalizer and
    cse to merge, and fills of one static region are planned once.

    ```mlir
    // Before:
    %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%d} : index
    %e = stream_lite.tensor.empty : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
    // After (and cse):
    %c4 = arith.constant 4 : index
    %0 = arith.muli %d, %c4 : index
    %sz = arith.muli %0, %c4 : index
    %e = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
    ```
  }];
  let options = [
    Option<"eraseDeadOps", "erase-dead-ops", "bool", /*default=*/"false",
           "First erase every side-effect-free op (tensor-phase or not) "
           "outside executables whose results are unused, innermost users "
           "first, as the canonicalizer would after lowering. Off "
           "(default), every tensor-phase op is lowered">,
    Option<"shareValues", "share-values", "bool", /*default=*/"false",
           "Make each constant once per function (at its start) and each "
           "fill-value bitcast once where it dominates its users, instead "
           "of new ones per op (what canonicalize and cse would merge), and "
           "plan each static fill region once. Off (default), each op's "
           "lowering makes its own">,
  ];
  let statistics = [
    Statistic<"numDeadOpsErased", "dead-ops-erased",
              "Unused side-effect-free ops erased before lowering">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    // complex.re/im: the pattern of a complex fill value.
    "::mlir::complex::ComplexDialect",
  ];
}

def LowerBindingsPass : Pass<"stream-lite-lower-bindings"> {
  let summary = "Turns executable functions into plain upstream functions over byte buffers";
  let description = [{
    In every `stream_lite.executable`'s inner module, replaces each
    `!stream_lite.binding` function argument by a `memref<?xi8>` and each
    `stream_lite.binding.subspan` by a view of that buffer at the subspan's
    byte offset, so that the inner module is plain upstream MLIR (func,
    arith, scf, memref) that the standard lowering to LLVM accepts.

    Runs on any op: on a `stream_lite.executable`, that executable; on
    another op, the executables directly in its regions (a module's). The
    to-llvm pipeline runs it on each executable, so that the pass manager
    verifies only the executables afterwards (and runs them in parallel),
    not the whole program.

    With `runtime-checks`, each subspan of a user kernel (not of a builtin)
    first gets a `cf.assert` that the bytes it views lie in the buffer: its
    offset, then the storage of the tensor it records under that tensor's
    layout (a logical view's: the view's type and dims), and of a static
    result type. A kernel whose view is larger than what its dispatch
    passed then fails the check instead of reading or writing past the
    buffer. The to-llvm pipeline sets it with its own `runtime-checks`.
  }];
  let options = [
    Option<"runtimeChecks", "runtime-checks", "bool", /*default=*/"false",
           "Assert that each user kernel's subspan lies in its binding">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def LowerDispatchTensorsPass : Pass<"stream-lite-lower-dispatch-tensors"> {
  let summary = "Lowers kernels' logical views of bindings to layout-aware copies";
  let description = [{
    In every `stream_lite.executable`'s inner module, each
    `stream_lite.dispatch.tensor.load` becomes a dense buffer filled from the
    binding's bytes through the binding's resolved layout (tiles, swizzles,
    padding, packed `i2`/`i4`) and handed to the kernel as a tensor
    (`bufferization.to_tensor`), and each `stream_lite.dispatch.tensor.store`
    writes its tensor into a dense buffer
    (`bufferization.materialize_in_destination`) that is then moved into the
    binding through the layout. Unit-stride regions of whole-byte elements
    move with the builtin kernels' region transfer (contiguous runs as
    copies); strided regions and packed or narrow elements move element by
    element through the same layout addressing. Each writable view
    (`writeonly` or `readwrite`) whose layout keeps its padding zero
    (tiled) gets its pad slots zeroed first, never its elements: the
    padding of a kernel's untied results is zero after it runs, and a tied
    result keeps the elements the kernel does not store.

    Logical views become byte views (`binding.subspan ... in memref<?xi8>`),
    which `--stream-lite-lower-bindings` then lowers. The kernel's tensor
    code is left for one-shot bufferization.

    Runs on any op, as `--stream-lite-lower-bindings` does.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    // The region transfer's group moves (swizzled tiles).
    "::mlir::vector::VectorDialect",
    // Its non-temporal stores' fence (large regions).
    "::mlir::LLVM::LLVMDialect",
  ];
  let options = [
    Option<"nonTemporalStoreBytes", "non-temporal-store-bytes", "int64_t",
           /*default=*/"kDefaultNonTemporalStoreBytes",
           "A store whose region writes at least this many bytes (32 MiB "
           "by default; compared at run time for a dynamic size) moves "
           "into the binding "
           "with non-temporal stores, as `stream-lite-materialize-builtins` "
           "says; 0 never does">,
  ];
  let statistics = [
    Statistic<"numLoads", "loads-lowered", "dispatch.tensor.load ops lowered">,
    Statistic<"numStores", "stores-lowered", "dispatch.tensor.store ops lowered">,
  ];
}

def BufferizeKernelsPass : Pass<"stream-lite-bufferize-kernels"> {
  let summary = "Bufferizes the tensor code of user kernels";
  let description = [{
    In every `stream_lite.executable`'s inner module (or, on another op,
    everything under it): upstream's conversion of elementwise `arith` and
    `math` ops on tensors to `linalg.generic`, aggregated `linalg` ops
    (`linalg.softmax`) decomposed into the ops they stand for, upstream
    empty-tensor
    elimination, so that a value computed into `tensor.empty` is written
    straight into the buffer a store moves to its binding, then upstream one-shot bufferization of the
    kernels' `arith`, `tensor`, `linalg` and `scf` tensor code (function
    boundaries are memrefs already). Copies it needs are `linalg.copy`,
    which the to-llvm pipeline lowers to loops with the rest of `linalg`
    (a `memref.copy` of a strided buffer would need a run-time library).
    Run after `--stream-lite-lower-dispatch-tensors`.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FuseRelayoutsPass
    : Pass<"stream-lite-fuse-relayouts", "::mlir::ModuleOp"> {
  let summary = "Fuses relayouts into the user kernels that produce their data";
  let description = [{
    After `--stream-lite-specialize-encodings`: a relayout
    (`stream_lite.tensor.encode` between different resolved layouts) whose
    source is an untied result of a user dispatch, possibly carried through
    `stream_lite.async.transfer`s and merges (region ops without loops:
    `scf.if`, `scf.index_switch`, `scf.execute_region`; every dispatch
    feeding the merge is fused, or none), with no other use, and whose
    kernel reaches that result's binding only through
    `stream_lite.dispatch.tensor.store`, is fused: the dispatch writes the
    encode's layout directly (its executable is duplicated with that
    binding's layout, never changed in place while another dispatch uses
    it; dispatches of one kernel fused into the same layout share the
    copy), the sizes along the way are the new layout's, and the encode is
    gone. Each fusion is a passed remark naming the dispatch and the bytes
    no longer relayouted; each relayout left is a missed remark with the
    reason.
  }];
  let statistics = [
    Statistic<"numFused", "relayouts-fused", "relayouts fused into their producers">,
    Statistic<"numLeft", "relayouts-left", "relayouts left as they were">,
    Statistic<"numExecutablesDuplicated", "executables-duplicated",
              "executables duplicated to write a fused layout">,
  ];
}

def InsertRuntimeChecksPass : Pass<"stream-lite-insert-runtime-checks"> {
  let summary = "Checks the dims, regions and indices of tensor-phase ops at run time";
  let description = [{
    Dims, region offsets and lengths, and element indices of tensor-phase ops
    are SSA values, so whether a region lies inside its tensor is only known
    when the program runs. This pass puts a `cf.assert` before each
    tensor-phase op for what the op assumes, so that a program run with
    dims that do not fit fails with a message naming the op instead of
    reading or writing out of bounds:

    - `slice`, `fill`: `0 <= offset` and `offset + length <= dim` in every
      dim (unsigned compares: negative values fail, nothing overflows); a
      slice's result dims equal its lengths.
    - `update`: the same for the update tensor's dims at its start indices.
    - `load`, `store`: `0 <= index < dim`.
    - `clone`, `encode`: the result's dims equal the source's.
    - `import`: the host tensor's dims (`tensor.dim`) equal the declared
      dims; `export`: the source's dims equal the static dims of the result
      type.
    - `sizeof`: the dims are non-negative and the storage size (dense, and
      under every layout the encoding names) fits in 2^63 - 1 bytes, the
      run-time half of the verifier's size check, so that no size computed
      from them overflows.
    - `dispatch.tensor.load`, `dispatch.tensor.store` (in kernels): every
      element `offset + k * stride` of the region inside the view's dim,
      strides at least 1.
    - With `kernel-memrefs`, in user kernels (executables without a
      `stream_lite.builtin_kind`): upstream's runtime verification of memref ops (load,
      store, cast, copy, ...), and checks of our own that each
      `memref.view` lies inside the buffer it views and that each
      `memref.subview` selects elements of its source only (upstream's
      subview check builds an invalid assert in this LLVM), so that a kernel
      that addresses its bindings' bytes itself fails a check instead of
      reading or writing out of bounds. Builtin kernels are generated in
      bounds and skipped.
    - Async-phase ops already in the input (hand-written byte ranges):
      what their lowering reads and writes lies inside the resources
      (`slice`, `fill`, `update`, `copy` ranges; `load`/`store` offset plus
      the scalar's bytes; each `dispatch` resource range; a `clone` or
      `transfer` result no larger than its source; the dense bytes of an
      `import`ed or `export`ed host tensor). Byte ranges the layout pipeline
      makes come from checked logical regions and are not checked again.

    The checks are logical, never about bytes, so the program with
    encodings and its stripped reference check the same facts. Checks of
    constants that hold are not emitted; `cf.assert` on a constant true
    folds away in the canonicalizer. Each message is `FILE:LINE:COL: 'OP'
    op WHAT`. `--stream-lite-to-llvm-pipeline` runs this pass first (option
    `runtime-checks`, on by default); a failed check prints its message and
    aborts under `mlir-runner`, and makes `layout-run` print `error:` and
    exit 2.

    The pass runs on any op (every op's checks are local to it): on a
    module it checks every function; the to-llvm pipeline nests it on each
    `func.func`, so that MLIR's pass manager checks functions in parallel.

    ```mlir
    // Before:
    %s = stream_lite.tensor.slice %r[%i for %c2] : tensor<?xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2xf32> in !stream_lite.resource<*>{%c8}
    // After (the checks, then the op):
    %0 = arith.cmpi ule, %i, %d : index
    %1 = arith.subi %d, %i : index
    %2 = arith.cmpi ule, %c2, %1 : index
    %3 = arith.andi %0, %2 : i1
    cf.assert %3, "f.mlir:3:8: 'stream_lite.tensor.slice' op region of dim 0 is out of the source's bounds"
    ```
  }];
  let options = [
    Option<"kernelMemrefs", "kernel-memrefs", "bool", /*default=*/"false",
           "Also check the memref accesses of user kernels (upstream's "
           "memref runtime verification and memref.view bounds)">,
  ];
  let statistics = [
    Statistic<"numChecksInserted", "checks-inserted",
              "cf.assert ops inserted">,
    Statistic<"numOpsChecked", "ops-checked",
              "Ops that got at least one cf.assert">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CheckResourceSizesPass : Pass<"stream-lite-check-resource-sizes"> {
  let summary = "Checks at run time that each resource holds its tensor's storage";
  let description = [{
    A tensor-phase op names the byte size of each resource it reads or
    writes (`!stream_lite.resource<*>{%size}`), and the layout pipeline
    reads and writes the tensor's whole storage there. A size smaller than
    that storage (a hand-written constant, or a `sizeof` of another type)
    would make the program touch bytes past its allocation. After
    `--stream-lite-specialize-encodings`, when every layout is known, this
    pass asserts before each op that every size it names is at least the
    storage size of the tensor in that resource (as `tensor.sizeof` of the
    resolved type computes it). A failed check's message has the format of
    `--stream-lite-insert-runtime-checks`, naming the tensor and its type:

    ```
    'stream_lite.tensor.splat' op resource of the result is smaller than the storage of tensor<4x8xf32>
    ```

    Each tensor with dynamic dims and a resolved layout (a `sizeof`'s too)
    is first checked to have a storage size under that layout that fits in
    int64: insert-runtime-checks, before resolution, sees only the dense
    size of an encoding that is still a request, and a wrapped size would
    allocate a buffer smaller than the kernels address.

    A size, type and dims already checked before an op that dominates
    this one is not checked again (the first check would have aborted).
    Sizes known to suffice fold away (the canonicalizer erases
    `cf.assert` of a constant true). `--stream-lite-to-llvm-pipeline` runs
    it right after specialize-encodings when `runtime-checks` is on; it
    runs on each function.
  }];
  let statistics = [
    Statistic<"numChecksInserted", "checks-inserted",
              "cf.assert ops inserted">,
    Statistic<"numChecksSkipped", "checks-dominated",
              "checks left out because an earlier check of the same size, "
              "type and dims dominates the op">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
}

def LowerSCFToCFPass : Pass<"stream-lite-lower-scf-to-cf"> {
  let summary = "Upstream's scf-to-cf lowering, each block's structured ops from the last to the first";
  let description = [{
    The patterns of upstream's `convert-scf-to-cf`
    (`populateSCFToControlFlowConversionPatterns`), applied without
    pattern rollback, to the structured ops that are not nested in another
    structured op, from the last one in the program to the first. Lowering
    an `scf.if` or `scf.for` splits its block in two, which moves every op
    after it into the new block. Upstream's pass lowers from the first to
    the last, so each split moves the rest of the block and one function
    of many structured ops takes time quadratic in its size (20 s for a
    40k-op function, against 1.2 s for the rest of its to-llvm pipeline).
    From the last to the first, each split moves only the ops up to the
    structured op lowered before it. The output is the same as upstream's
    up to the order of blocks. Structured ops nested in a structured op are
    lowered with it, as upstream's pass does (first to last within it).
    `--stream-lite-to-llvm-pipeline` runs it on each function.
  }];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
  ];
}

def CanonicalizeCSEPass : Pass<"stream-lite-canonicalize-cse"> {
  let summary = "canonicalize, then cse, as one pass: one verification instead of two";
  let description = [{
    What `--canonicalize` then `--cse` do, with the same options, in one
    pass: the canonicalization patterns of every loaded dialect and
    registered op, applied greedily to the op's regions, then upstream's
    common subexpression elimination (`mlir::eliminateCommonSubExpressions`)
    on the result. The output is the same as theirs.

    Why one pass: with `--verify-each` (MLIR's default) the pass manager
    verifies the IR after every pass, and a verification costs about as much
    as canonicalizing a function. The pipelines clean every function up
    right after a lowering; as two passes, each function was verified twice.
    When neither step changes anything, the pass keeps every analysis, so
    the pass manager does not verify at all (as `--cse` alone does). With
    `max-iterations=1`, the region simplification after the sweep runs in
    full only where a region holds several blocks or is a graph region;
    elsewhere it could only erase dead ops, and the pass erases just those
    (same output, less work).

    `--stream-lite-layout-pipeline` runs it on each function, with one
    greedy sweep, bottom-up, and without `scf.if`'s ConditionPropagation
    (docs/passes.md, "Pipelines").

    ```mlir
    // Before:
    %c4 = arith.constant 4 : index
    %c4_0 = arith.constant 4 : index
    %a = arith.muli %n, %c4 : index
    %b = arith.muli %n, %c4_0 : index
    %unused = arith.addi %a, %b : index
    return %a, %b : index, index
    // After: one constant, one product, the unused sum erased.
    %c4 = arith.constant 4 : index
    %a = arith.muli %n, %c4 : index
    return %a, %a : index, index
    ```
  }];
  let options = [
    Option<"topDown", "top-down", "bool", /*default=*/"true",
           "Seed the canonicalizer's worklist in top-down order (as "
           "--canonicalize's top-down)">,
    Option<"regionSimplify", "region-simplify",
           "::mlir::GreedySimplifyRegionLevel",
           /*default=*/"::mlir::GreedySimplifyRegionLevel::Normal",
           "Control-flow simplification of the region tree (as "
           "--canonicalize's region-simplify)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::GreedySimplifyRegionLevel::Disabled,
                        "disabled", "no control-flow simplification"),
             clEnumValN(::mlir::GreedySimplifyRegionLevel::Normal,
                        "normal", "simple simplifications (e.g. dead "
                        "arguments; default)"),
             clEnumValN(::mlir::GreedySimplifyRegionLevel::Aggressive,
                        "aggressive", "also merge identical blocks"))}]>,
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"10",
           "Greedy sweeps at most (as --canonicalize's max-iterations)">,
    Option<"maxNumRewrites", "max-num-rewrites", "int64_t",
           /*default=*/"-1",
           "Rewrites per sweep at most, -1 for no limit (as "
           "--canonicalize's max-num-rewrites)">,
    ListOption<"disabledPatterns", "disable-patterns", "std::string",
               "Debug names of canonicalization patterns to leave out">,
    ListOption<"enabledPatterns", "enable-patterns", "std::string",
               "Debug names of the only canonicalization patterns to use">,
  ];
}

def ExpandStridedMetadataPass : Pass<"stream-lite-expand-strided-metadata"> {
  let summary = "Upstream's expand-strided-metadata, only where one of its patterns can apply";
  let description = [{
    The patterns of upstream's `--expand-strided-metadata`
    (`memref::populateExpandStridedMetadataPatterns`: subviews, reshapes,
    casts and metadata extractions rewritten as
    `memref.extract_strided_metadata` and `memref.reinterpret_cast`),
    applied greedily as upstream's pass applies them, to the regions of the
    op it runs on when they hold an op one of the patterns is rooted at.

    `--stream-lite-to-llvm-pipeline` runs it on every function, and the
    functions it lowers rarely hold such an op (they come from kernels
    that take subviews or reshape). Upstream's pass walked, folded and, as
    it keeps no analysis, had the pass manager re-verify every function
    for nothing: 4% of the pipeline at 10k ops. Here a function without
    such an op is left as it is, with every analysis kept, so the pass
    manager does not verify it again. The one difference from upstream's
    pass: such a function's ops are not folded either (in the pipeline, the
    canonicalizer has just folded them).

    ```mlir
    // Rewritten (as upstream's pass does):
    %s = memref.subview %m[%i, 0] [%n, 4] [1, 1]
        : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
    // Left as it is, though upstream's pass would fold the addition:
    %y = arith.addi %x, %c0 : index
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def RemoveRedundantAssertsPass
    : Pass<"stream-lite-remove-redundant-asserts"> {
  let summary = "Erases each cf.assert whose condition a dominating cf.assert already asserted";
  let description = [{
    A `cf.assert` can never fail when a `cf.assert` of the same condition
    value dominates it: every path to it went through the first one, with
    the same value, and did not abort. The runtime checks assert the same
    facts many times (each op that names one resource size checks it
    against the same storage, and after `cse` those comparisons are one
    value), and each assert lowers to a branch, a block and two calls, so
    `--stream-lite-to-llvm-pipeline` runs this pass on each function after
    the layout pipeline's `cse` when `runtime-checks` is on. The program
    fails on the same check with the same message as before: the first
    one.

    The walk is `cse`'s: blocks in dominator-tree order, an assert in a
    nested region made redundant by one before the region's op, never the
    other way round. Graph regions and unreachable blocks are left alone.

    ```mlir
    // Before:
    %ok = arith.cmpi ule, %c256, %size : index
    cf.assert %ok, "f.mlir:3:8: 'stream_lite.tensor.fill' op resource of the target is smaller than ..."
    scf.if %c {
      cf.assert %ok, "f.mlir:5:10: 'stream_lite.tensor.fill' op resource of the target is smaller than ..."
    }
    // After: the second assert is gone.
    ```
  }];
  let statistics = [
    Statistic<"numAssertsRemoved", "asserts-removed",
              "cf.assert ops erased">,
  ];
}

def DeallocateBuffersPass
    : Pass<"stream-lite-deallocate-buffers", "::mlir::func::FuncOp"> {
  let summary = "Frees each heap buffer of a function after its last use, with static ownership";
  let description = [{
    Inserts a `memref.dealloc` for every `memref.alloc` of a function once
    nothing reads the buffer or a view of it any more. Ownership is static:
    a buffer has one owner at any point, so no run-time flag, alias check or
    helper function is needed. `--stream-lite-to-llvm-pipeline` runs it
    after `--lift-cf-to-scf` on the host program that
    `--stream-lite-convert-async-to-memref` produced, in place of upstream's
    buffer-deallocation pipeline (ownership-based deallocation, its
    simplification and its lowering): the program copies on write, so
    ownership is known at compile time, and the static placement is linear
    in the function's size and frees each buffer at its last use rather
    than at the end of the function.

    The rules:
    - a function owns its `memref.alloc` results and the buffer results of
      calls and of structured control flow ops; it borrows its arguments
      (the caller frees them), and views, casts and other results computed
      from a buffer are aliases of it, never owners;
    - a buffer that a `scf.yield`, `scf.condition` or `func.return` passes
      on, or that enters a loop as its initial value, moves to the receiver
      when the owner has no other use of it after that point; anything
      else that is passed on (an argument, an alias, a buffer used again
      later or passed twice) is passed as a fresh copy (`memref.alloc` and
      `memref.copy`), so every buffer result of a call or a region op and
      every loop-carried buffer is owned by its receiver;
    - a buffer whose last use is an `scf.if`, `scf.index_switch` or
      `scf.execute_region` (a region op without loops) moves into each of
      its regions: one branch may pass it on while the others free it;
    - otherwise the owner frees it right after its last use (after the op
      whose region holds that use), or where it is defined when unused.
    - a buffer whose last use copies all of it (itself, or a view of its
      whole known length) into a fresh allocation of its type (nothing
      using that one before) becomes that allocation: the copy, the
      allocation and the free go.

    The function must have structured control flow (one block per region:
    run `--lift-cf-to-scf` first) and no `memref.dealloc`; buffers must be
    allocated by `memref.alloc` (`memref.alloca` and `memref.get_global`
    are never freed), and copies need identity layouts. Anything else is an
    error naming the op.

    ```mlir
    // Before:
    %a = memref.alloc(%n) : memref<?xi8>
    %r = scf.if %c -> (memref<?xi8>) {
      %b = memref.alloc(%n) : memref<?xi8>
      memref.copy %a, %b : memref<?xi8> to memref<?xi8>
      scf.yield %b : memref<?xi8>
    } else {
      scf.yield %a : memref<?xi8>
    }
    // After: %a moves into both branches; the first frees it after the copy,
    // the second passes it on; the caller of the scf.if owns %r.
    ```
  }];
  let statistics = [
    Statistic<"numDeallocs", "buffers-freed",
              "memref.dealloc ops inserted">,
    Statistic<"numCopies", "buffers-copied",
              "buffers passed on as copies">,
    Statistic<"numElidedCopies", "copies-elided",
              "whole-buffer copies replaced by the dying source buffer">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def ParallelizeKernelsPass
    : Pass<"stream-lite-parallelize-kernels", "::mlir::ModuleOp"> {
  let summary = "Runs the parallel loops of builtin kernels as async tasks on several threads";
  let description = [{
    Each `scf.parallel` in a builtin kernel (a `func.func` whose name starts
    with `__builtin_`, as `stream-lite-materialize-builtins` with
    `parallel-kernels` makes them) becomes upstream `async-parallel-for`'s
    form: the loop body outlined to a function that computes one block of
    iterations, called directly when there is one block, else dispatched as
    `async.execute` tasks (the caller's thread takes one) and awaited.
    Blocks are at most `threads` per loop, and hold at least the loop's
    `stream_lite.min_task_groups` iterations (groups) where it has one: the
    kernel's groups make at least 1 MiB per block, so a smaller region is
    one block and runs on the caller's thread, without the async runtime;
    blocks of many small groups split a region evenly. The
    outlined functions are renamed after their kernel
    (`@__builtin_..._parallel_compute_fn`), so that they count as kernel
    code (`layout-run --optimize=kernels` optimizes them); a name the
    program already has gets the next free suffix. Each kernel is
    rewritten in a module of its own (upstream's pattern builds a symbol
    table of the loop's module per outlined function), so the pass's
    time grows linearly with the kernels. Other `scf.parallel` loops are
    left alone.

    The async ops it creates are then lowered by upstream
    `async-to-async-runtime`, `async-runtime-ref-counting`,
    `async-runtime-ref-counting-opt` and
    `stream-lite-convert-async-to-llvm` (upstream's `convert-async-to-llvm`)
    (`--stream-lite-to-llvm-pipeline=threads=N` runs them all), and the
    program needs `libmlir_async_runtime.so` at run time.
  }];
  let options = [
    Option<"threads", "threads", "unsigned", /*default=*/"8",
           "At most this many blocks (tasks running at once) per loop">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::async::AsyncDialect",
    "::mlir::func::FuncDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def StripEncodingsPass
    : Pass<"stream-lite-strip-encodings", "::mlir::ModuleOp"> {
  let summary = "Drops every encoding and layout: the encoding-free reference program";
  let description = [{
    Removes the encoding of every tensor type anywhere in the module: the
    type attributes of tensor-phase ops (and the lists of
    `stream_lite.tensor.dispatch`), `binding.subspan` types, and the types of
    values, block arguments and function signatures. Layouts only change
    where bytes live, never the logical values, so the result computes the
    same logical results with dense row-major data everywhere: the
    reference that `layout-run --compare-to-reference` runs. Devices and
    their resolvers are kept (they no longer have anything to resolve).

    ```mlir
    // Before:
    %e = stream_lite.tensor.empty : tensor<16x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>> in !stream_lite.resource<*>{%sz}
    // After:
    %e = stream_lite.tensor.empty : tensor<16x4xf32> in !stream_lite.resource<*>{%sz}
    ```
  }];
}

def LayoutReportPass
    : Pass<"stream-lite-layout-report", "::mlir::ModuleOp"> {
  let summary = "Reports what layouts cost: bytes per resource, peak per device, bytes per transfer";
  let description = [{
    An analysis pass (the IR is unchanged) for a program whose encodings are
    serialized (after `--stream-lite-specialize-encodings`, before or after
    `--stream-lite-materialize-builtins`). For every `func.func`:

    - per resource an op creates (`empty`, `constant`, `splat`, `import`,
      `encode`, `slice`, `clone`, untied `dispatch` results, and the copy an
      `async.transfer` makes on its target device): its type, layout,
      device, logical bytes (the dense tensor), physical bytes (in its
      layout: padding and tile waste included), waste and growth
      (physical / logical);
    - per device: the peak of live physical bytes, by a simple liveness in
      program order (a resource is live from its creator to its last use or
      the last use of a result tied to it; a function at a time, the device's
      peak is the largest over functions; resources of unknown size are
      counted apart);
    - per transfer (`clone`, `encode`, `slice`, `update`, `fill`, `splat`,
      and `@__builtin_*` dispatches): DMA or dispatch, as the transfer
      planner decides it, and the bytes it moves: a DMA's memcpy or memset
      length, a dispatch's logical bytes written.

    Sizes come from the physical layout interface. A dynamic dim that is not
    a constant makes a size unknown (`null`), unless `assume-dynamic-dim=N`
    gives its value.

    `json=PATH` writes the report as JSON (`-`: standard output);
    `table=true` prints it as text tables to standard error.
    `max-layout-growth=F` (F > 0) fails the pass with an error on the
    creator of every resource whose physical/logical ratio exceeds F.
    `svg-dir=DIR` writes the picture of every distinct resource type of the
    report into DIR (created if missing) as `layout-N.svg`, what
    `layout-draw` draws, and `index.txt` naming the type of each file and
    why a type is not drawn (a dynamic shape, targets whose layouts differ).
  }];
  let options = [
    Option<"jsonFile", "json", "std::string", /*default=*/"",
           "Write the report as JSON to this file ('-' for standard output)">,
    Option<"printTable", "table", "bool", /*default=*/"false",
           "Print the report as text tables to standard error">,
    Option<"maxLayoutGrowth", "max-layout-growth", "double", /*default=*/"0.0",
           "Fail, naming the op, when a resource's physical/logical byte ratio exceeds this (0: no limit)">,
    Option<"assumeDynamicDim", "assume-dynamic-dim", "int64_t", /*default=*/"-1",
           "Take this value for every dynamic dim that is not a constant (-1: sizes with such dims are unknown)">,
    Option<"svgDir", "svg-dir", "std::string", /*default=*/"",
           "Write the picture of every reported layout into this directory (layout-N.svg and index.txt)">,
  ];
}

#endif // STREAMLITE_TRANSFORMS_PASSES_TD
