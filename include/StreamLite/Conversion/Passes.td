//===- Passes.td - stream_lite conversion passes -----------*- tablegen -*-===//
//
// The conversions out of the stream_lite dialect and of the host program:
// async-phase ops to host memrefs, then the host program to the LLVM
// dialect.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_CONVERSION_PASSES_TD
#define STREAMLITE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertAsyncToMemRefPass
    : Pass<"stream-lite-convert-async-to-memref", "::mlir::ModuleOp"> {
  let summary = "Lowers async-phase ops to host memrefs: devices simulated on the host";
  let description = [{
    Every device's memory is host memory. Outlines each executable's
    function (already lowered by `--stream-lite-lower-bindings`) into the top
    module as a private `@<executable>__<function>` (a declaration of an
    outside function, such as the libm functions kernels call, keeps its
    name, once for the whole program) and erases the executables, then
    converts (DialectConversion):

    - `!stream_lite.resource<*>` becomes `memref<?xi8>`, a host tensor an
      identity memref of its shape; function signatures, calls, returns and
      `scf`/`cf` structure follow.
    - `alloca` is `memref.alloc`; `constant` a private constant
      `memref.global` copied into a new buffer through a `memref.view` (bytes
      past the value are zero); `splat`/`fill` store the integer pattern in a
      `scf.for` through a `memref.view` as `memref<?xiN>` (memset);
      `clone`/`slice`/`transfer` allocate and `memref.copy` byte views
      (memcpy; `memref.view`, never `subview`, so layouts stay identity);
      `update`/`copy` copy into the target range; `load`/`store` view the
      byte offset as `memref<T>` (`i1` as `i8`).
    - `dispatch` calls the outlined kernel with each resource operand's
      `[offset][length]` view, then one fresh buffer per untied result
      (zeroed whole when the kernel never writes it: its pads must be zero
      after the dispatch); a tied result is its (viewed) target buffer.
    - `import` copies the host memref into a typed view of a new buffer;
      `export` copies a typed view of the resource into a new host memref of
      the op's dynamic dims.
    - Copy-on-write: a tied op (fill, update, copy, store, tied dispatch)
      writes its target in place only when the target comes from an async op
      and this op is its only use; otherwise it writes a copy.

    Functions are converted one at a time, in parallel when MLIR has
    threads (kernels first, then the program's functions; in order and
    with the same output under `--mlir-disable-threading`); every function
    is converted even after one fails, and errors come in function order.

    Device declarations and `stream_lite.*` attributes are dropped. Errors:
    a stream_lite op other than the async-phase ones ("run
    --stream-lite-layout-pipeline first"), an executable that is not plain
    upstream IR ("run --stream-lite-lower-bindings first").
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ConvertAssertsToLLVMPass
    : Pass<"stream-lite-convert-asserts-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lowers every cf.assert to LLVM (puts, abort) in linear time";
  let description = [{
    Each `cf.assert` becomes what upstream's `convert-cf-to-llvm` makes of
    it: an `llvm.cond_br` on the condition to the rest of the block or to a
    new block at the end of the region that calls `puts` with the message
    (a private `llvm.mlir.global` named `assert_msg`, `assert_msg_1`, ...)
    and then `abort`, and ends in `llvm.unreachable`. Messages that are
    equal share one global; `puts` and `abort` are declared once (an
    existing declaration of another type is an error).

    Upstream's pattern names each global by probing names with a linear
    scan of the module, so its cost grows with asserts x symbols;
    `--stream-lite-convert-host-to-llvm` (the to-llvm pipeline's
    lowering) lowers asserts this way first; this pass is the lowering on
    its own, to run before `convert-cf-to-llvm`. The condition must be an `i1` (every
    `cf.assert` has one), so the pass runs anywhere in the lowering; the
    asserts must be in regions that may hold several blocks.

    ```mlir
    // Before:
    cf.assert %ok, "f.mlir:3:8: 'stream_lite.tensor.slice' op region of dim 0 is out of the source's bounds"
    // After:
    llvm.cond_br %ok, ^bb1, ^bb2
    ^bb1: // the rest of the block
    ...
    ^bb2:
      %0 = llvm.mlir.addressof @assert_msg : !llvm.ptr
      llvm.call @puts(%0) : (!llvm.ptr) -> ()
      llvm.call @abort() : () -> ()
      llvm.unreachable
    ```
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
  ];
}

def ConvertAsyncToLLVMPass
    : Pass<"stream-lite-convert-async-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Upstream's convert-async-to-llvm in time linear in the module";
  let description = [{
    Runs upstream's `convert-async-to-llvm` on the module (the threaded
    to-llvm pipeline's lowering of the async runtime ops that parallel
    kernels leave), with what it makes to support them placed first.
    Upstream's pattern for `async.runtime.resume` looks its helper function
    (`__resume`, which resumes a coroutine) up with a scan of the module's
    top level from its start, once per resume, and the helper goes to the
    module's end: with two resumes per parallel kernel, the pass's time
    grew with the square of the kernels (7.8 s, a sixth of the lowering,
    at 3,200 kernels; 2.8 s this way).

    So where the module has an `async.runtime.resume`, upstream's
    conversion first runs on a module of one function that resumes a
    coroutine, nested at the top, and what it made there besides that
    function (the helper and the runtime's declarations) moves to the
    module's top, unless the module already has a symbol of that name;
    the conversion of the module then finds each of them at once. The
    output is upstream's but for where those functions are. Without a
    resume it is upstream's pass as is.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::async::AsyncDialect",
    "::mlir::func::FuncDialect",
  ];
}

def ConvertHostToLLVMPass
    : Pass<"stream-lite-convert-host-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lowers memref, arith, index, complex, cf, ub and func to LLVM in one conversion";
  let description = [{
    The last step of `--stream-lite-to-llvm-pipeline`: every `cf.assert`
    lowered as `--stream-lite-convert-asserts-to-llvm` does (linear;
    upstream's pattern costs asserts x symbols), then upstream's
    conversion patterns of `finalize-memref-to-llvm`,
    `convert-arith-to-llvm`, `convert-index-to-llvm`,
    `convert-complex-to-llvm`, `convert-cf-to-llvm`,
    `convert-ub-to-llvm` and `convert-func-to-llvm`, with their default
    options, and `lower-affine`'s patterns (`affine.apply`, `affine.min`
    and `affine.max` to `arith`: the offset of a subview expanded at a
    run-time offset is an `affine.apply`), applied together in one full
    dialect conversion without pattern rollback, then the unrealized casts
    left (if any) reconciled
    as `reconcile-unrealized-casts` does: one walk of the program instead
    of eight walks and eight verifications, at the point where lowered
    memref descriptors have made the program several times its input's
    size. Ahead of upstream's patterns, contiguous memref allocations and
    copies become `malloc` and `llvm.intr.memcpy` of a byte count known
    at compile time, and a `memref.dim` at a constant index reads the
    descriptor. One
    symbol table serves every pattern that looks up or declares symbols
    (`malloc`, `free`, callees), so none scans the
    module. The module's data layout sets the index width, as upstream's
    passes do.

    Functions are converted one at a time, then the module's other ops.
    With `fold`, each function is folded right after its conversion, by
    the canonicalizer's patterns in one sweep without region
    simplification (what the to-llvm pipeline used to run as a separate
    `llvm.func(canonicalize)` afterwards): the descriptors' insertvalue
    and extractvalue chains fold and about three quarters of the lowered
    ops die, one function at a time instead of all of them existing at
    once, which is the pipeline's peak of memory.

    Functions are lowered in parallel when MLIR has threads, each in a
    module of its own nested where it was; the lowered functions then take
    their places and the declarations they need (`malloc`, `free`) go to
    the module's top unless it has them, so the output is that of lowering
    them one after another, with or without threads. Every function is
    lowered even after one fails. A module whose functions carry `llvm.*`
    attributes is lowered in place, one function after another.
  }];
  let options = [
    Option<"fold", "fold", "bool", /*default=*/"false",
           "Fold each function right after its conversion (canonicalizer "
           "patterns, one sweep, no region simplification)">,
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
  ];
}

#endif // STREAMLITE_CONVERSION_PASSES_TD
