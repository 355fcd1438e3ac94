//===- Passes.td - runtime library passes ------------------*- tablegen -*-===//

#ifndef STREAMLITE_RUNTIME_PASSES_TD
#define STREAMLITE_RUNTIME_PASSES_TD

include "mlir/Pass/PassBase.td"

def InstrumentPaddingChecksPass
    : Pass<"stream-lite-instrument-padding-checks", "::mlir::ModuleOp"> {
  let summary = "Hands the bytes of every written tiled tensor to a host padding check";
  let description = [{
    Instrumentation for `layout-run --check-padding`, run on a program after
    `--stream-lite-specialize-encodings` (layouts must be known). After
    every tensor-phase op in a `func.func` that writes a tensor whose layout
    promises zero padding (`getPadContract()` is `Zero`, i.e. `tiled`), it
    inserts:

    - a `stream_lite.tensor.sizeof` of the written type and an
      `stream_lite.async.transfer` of the written resource to `staging`;
    - one `func.call @__layout_run_padding_dim(%dim)` per dynamic dim, in
      order;
    - `func.call @__layout_run_check_padding(%id, %staging)` with the check's
      `i64` id.

    Both callees are private declarations the pass adds when it inserts a
    call. The host (the runtime library's JIT session) marks the bytes of
    every logical element with the layout interface and reports the op when
    any other byte is not zero.

    Check `N` is described by entry `N` of the module attribute
    `layout_runtime.padding_checks`, an array of
    `{description = "FILE:LINE:COL: <op printed without regions>", type = <written tensor type>}`
    dictionaries (a multi-result op's description ends with `(result K)`).
    The attribute has no dialect prefix, so no verifier or LLVM translation
    looks at it; `layoutopt::runtime::takePaddingChecks` reads and removes
    it. Ops writing nothing tiled get no call.

    ```mlir
    // After (one check):
    %3 = stream_lite.tensor.encode %1 : ... -> tensor<3x3xf32, #stream_lite.layout<[#stream_lite.tiled<...>]>> in !stream_lite.resource<*>{%2}
    %4 = stream_lite.tensor.sizeof tensor<3x3xf32, #stream_lite.layout<[#stream_lite.tiled<...>]>> : index
    %5 = stream_lite.async.transfer %3 : !stream_lite.resource<*>{%4} -> !stream_lite.resource<staging>{%4}
    %c0_i64 = arith.constant 0 : i64
    call @__layout_run_check_padding(%c0_i64, %5) : (i64, !stream_lite.resource<staging>) -> ()
    ```
  }];
  let statistics = [
    Statistic<"numChecksInserted", "checks-inserted",
              "Padding checks inserted (one per written tiled tensor)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
  ];
}

def InstrumentTracePass
    : Pass<"stream-lite-instrument-trace", "::mlir::ModuleOp"> {
  let summary = "Hands the bytes of every tensor an op writes to a host trace";
  let description = [{
    Instrumentation for `layout-run --trace=FILE`, run on a program after
    `--stream-lite-specialize-encodings` (or on its encoding-free reference,
    after `--stream-lite-strip-encodings`). After every tensor-phase op in a
    `func.func` that writes a tensor (transfers, dispatches, host loads and
    stores, splats, constants and imports; see `EncodedTensorOpInterface`)
    whose element type has a storage size, it inserts, as
    `--stream-lite-instrument-padding-checks` does:

    - a `stream_lite.tensor.sizeof` of the written type and an
      `stream_lite.async.transfer` of the written resource to `staging`;
    - one `func.call @__layout_run_trace_dim(%dim)` per dynamic dim, in
      order;
    - `func.call @__layout_run_trace(%id, %staging)` with the trace point's
      `i64` id.

    `stream_lite.tensor.empty` is skipped: its contents are undefined. So
    are the staging copies either instrumentation inserted (transfers read
    only by their callbacks), so the two can run in either order.

    Trace point `N` is described by entry `N` of the module attribute
    `layout_runtime.trace_points`, an array of
    `{description = "FILE:LINE:COL: <op printed without regions>", location = "FILE:LINE:COL", op = "<op name>", result = K, type = <written tensor type>}`
    dictionaries; `layoutopt::runtime::takeTracePoints` reads and removes
    it. The host records a copy of the bytes at every call, in the order the
    calls run, and decodes them through the type's layout after the run.
  }];
  let statistics = [
    Statistic<"numTracePoints", "trace-points",
              "Trace points inserted (one per written tensor)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
  ];
}

#endif // STREAMLITE_RUNTIME_PASSES_TD
