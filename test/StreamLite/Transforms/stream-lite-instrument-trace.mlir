// RUN: layout-opt --split-input-file --stream-lite-instrument-trace %s | FileCheck %s
// RUN: layout-opt --stream-lite-instrument-padding-checks --stream-lite-instrument-trace %s --split-input-file | FileCheck %s --check-prefix=BOTH
// RUN: layout-opt --stream-lite-instrument-trace --stream-lite-instrument-padding-checks %s --split-input-file | FileCheck %s --check-prefix=BOTH

// --stream-lite-instrument-trace (layout-run --trace): after every op that
// writes a tensor, a staging copy of the written bytes goes to
// @__layout_run_trace with the point's id, after one
// @__layout_run_trace_dim call per dynamic dim. Point N is described by
// entry N of the module attribute layout_runtime.trace_points.

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>

// CHECK: module attributes {layout_runtime.trace_points = [
// CHECK-SAME: {description = "{{.*}}stream-lite-instrument-trace.mlir:[[@LINE+10]]:8: %1 = stream_lite.tensor.import {{.*}}", location = "{{.*}}stream-lite-instrument-trace.mlir:[[@LINE+10]]:8", op = "stream_lite.tensor.import", result = 0 : i64, type = tensor<?x3xf32>},
// CHECK-SAME: {description = {{.*}}, op = "stream_lite.tensor.encode", result = 0 : i64, type = tensor<?x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>>},
// CHECK-SAME: {description = {{.*}}, op = "stream_lite.tensor.encode", result = 0 : i64, type = tensor<?x3xf32>}]}
// BOTH: layout_runtime.padding_checks = [{{[^]]*}}]
// BOTH-SAME: layout_runtime.trace_points = [{description = {{.*}}import{{.*}}}, {description = {{.*}}encode{{.*}}}, {description = {{.*}}encode{{.*}}}]}

// CHECK-LABEL: func.func @round_trip
// CHECK-SAME: (%{{[^:]+}}: tensor<?x3xf32>, %[[N:[^:]+]]: index
func.func @round_trip(%arg: tensor<?x3xf32>, %n: index) -> tensor<?x3xf32> {
  %sz = stream_lite.tensor.sizeof tensor<?x3xf32>{%n} : index
  %i = stream_lite.tensor.import %arg : tensor<?x3xf32> -> tensor<?x3xf32>{%n} in !stream_lite.resource<external>{%sz}
  // CHECK: %[[I:.+]] = stream_lite.tensor.import
  // CHECK-NEXT: %[[SZ:.+]] = stream_lite.tensor.sizeof tensor<?x3xf32>{%[[N]]} : index
  // CHECK-NEXT: %[[ST:.+]] = stream_lite.async.transfer %[[I]] : !stream_lite.resource<external>{%[[SZ]]} -> !stream_lite.resource<staging>{%[[SZ]]}
  // CHECK-NEXT: call @__layout_run_trace_dim(%[[N]]) : (index) -> ()
  // CHECK-NEXT: %[[ID:.+]] = arith.constant 0 : i64
  // CHECK-NEXT: call @__layout_run_trace(%[[ID]], %[[ST]]) : (i64, !stream_lite.resource<staging>) -> ()
  %tsz = stream_lite.tensor.sizeof tensor<?x3xf32, #tiled>{%n} : index
  %e = stream_lite.tensor.encode %i : tensor<?x3xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x3xf32, #tiled>{%n} in !stream_lite.resource<*>{%tsz}
  // CHECK: stream_lite.tensor.encode
  // CHECK: %[[ID1:.+]] = arith.constant 1 : i64
  // CHECK-NEXT: call @__layout_run_trace(%[[ID1]]
  %d = stream_lite.tensor.encode %e : tensor<?x3xf32, #tiled>{%n} in !stream_lite.resource<*>{%tsz} -> tensor<?x3xf32>{%n} in !stream_lite.resource<external>{%sz}
  // CHECK: %[[ID2:.+]] = arith.constant 2 : i64
  // CHECK-NEXT: call @__layout_run_trace(%[[ID2]]
  // An export writes no tensor: no call after it.
  // CHECK-NEXT: stream_lite.tensor.export
  // CHECK-NEXT: return
  %r = stream_lite.tensor.export %d : tensor<?x3xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
// CHECK: func.func private @__layout_run_trace_dim(index)
// CHECK: func.func private @__layout_run_trace(i64, !stream_lite.resource<staging>)

// The padding check's staging copy is not traced, nor the trace's checked.
// BOTH-LABEL: func.func @round_trip
// BOTH-COUNT-3: call @__layout_run_trace(
// BOTH-NOT: call @__layout_run_trace(
// BOTH: return

// -----

// Undefined contents (tensor.empty) and element types with no host form
// (complex) are not traced; with nothing to trace the module is unchanged.
// CHECK-NOT: layout_runtime.trace_points
// CHECK-LABEL: func.func @untraced
// CHECK-NOT: call
// CHECK: return
func.func @untraced() -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %sz = stream_lite.tensor.sizeof tensor<4xf32> : index
  %e = stream_lite.tensor.empty : tensor<4xf32> in !stream_lite.resource<*>{%sz}
  %csz = stream_lite.tensor.sizeof tensor<2xcomplex<f32>> : index
  %c = stream_lite.tensor.empty : tensor<2xcomplex<f32>> in !stream_lite.resource<*>{%csz}
  %zero = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %f = stream_lite.tensor.splat %zero : complex<f32> -> tensor<2xcomplex<f32>> in !stream_lite.resource<*>{%csz}
  return %e, %f : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-NOT: __layout_run_trace
