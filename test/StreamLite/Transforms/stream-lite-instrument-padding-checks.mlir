// RUN: layout-opt --split-input-file --stream-lite-instrument-padding-checks %s | FileCheck %s

// --stream-lite-instrument-padding-checks (layout-run --check-padding): after
// every op that writes a tensor whose layout promises zero padding (tiled),
// a staging copy of the written bytes goes to @__layout_run_check_padding
// with the check's id, after one @__layout_run_padding_dim call per dynamic
// dim. Check N is described by entry N of the module attribute
// layout_runtime.padding_checks.

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>

// CHECK: module attributes {layout_runtime.padding_checks = [
// CHECK-SAME: {description = "{{.*}}stream-lite-instrument-padding-checks.mlir:[[@LINE+8]]:8: %3 = stream_lite.tensor.encode %1 {{.*}}", type = tensor<3x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>>},
// CHECK-SAME: {description = "{{.*}}stream-lite-instrument-padding-checks.mlir:[[@LINE+28]]:8: %1 = stream_lite.tensor.fill {{.*}}", type = tensor<?x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>>}]}

// CHECK-LABEL: func.func @encode_static
func.func @encode_static(%arg: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %sz = stream_lite.tensor.sizeof tensor<3x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x3xf32> -> tensor<3x3xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x3xf32, #tiled> : index
  %e = stream_lite.tensor.encode %i : tensor<3x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x3xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  // CHECK: %[[E:.+]] = stream_lite.tensor.encode
  // CHECK-NEXT: %[[SZ:.+]] = stream_lite.tensor.sizeof tensor<3x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>> : index
  // CHECK-NEXT: %[[ST:.+]] = stream_lite.async.transfer %[[E]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<staging>{%[[SZ]]}
  // CHECK-NEXT: %[[ID:.+]] = arith.constant 0 : i64
  // CHECK-NEXT: call @__layout_run_check_padding(%[[ID]], %[[ST]]) : (i64, !stream_lite.resource<staging>) -> ()
  // The decode back to a dense host tensor writes nothing tiled.
  // CHECK-NEXT: stream_lite.tensor.encode
  // CHECK-NOT: call
  %d = stream_lite.tensor.encode %e : tensor<3x3xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// A dynamic dim is passed before the check; ids count on across functions.
// CHECK-LABEL: func.func @fill_dynamic
// CHECK-SAME: (%[[N:[^:]+]]: index
func.func @fill_dynamic(%n: index, %r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32, #tiled>{%n} : index
  %f = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32, #tiled>{%n} in %r as !stream_lite.resource<*>{%sz}
  // CHECK: %[[F:.+]] = stream_lite.tensor.fill
  // CHECK-NEXT: %[[SZ:.+]] = stream_lite.tensor.sizeof tensor<?x4xf32, {{.+}}>{%[[N]]} : index
  // CHECK-NEXT: %[[ST:.+]] = stream_lite.async.transfer %[[F]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<staging>{%[[SZ]]}
  // CHECK-NEXT: call @__layout_run_padding_dim(%[[N]]) : (index) -> ()
  // CHECK-NEXT: %[[ID:.+]] = arith.constant 1 : i64
  // CHECK-NEXT: call @__layout_run_check_padding(%[[ID]], %[[ST]])
  // CHECK-NEXT: return %[[F]]
  return %f : !stream_lite.resource<*>
}

// The callees are declared once, privately.
// CHECK: func.func private @__layout_run_padding_dim(index)
// CHECK: func.func private @__layout_run_check_padding(i64, !stream_lite.resource<staging>)

// -----

// Nothing tiled is written (an identity fill, a still unresolved encoding):
// no call, no declaration, no attribute.
#enc = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>

// CHECK-NOT: layout_runtime.padding_checks
// CHECK-LABEL: func.func @nothing_tiled
func.func @nothing_tiled(%n: index, %r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%n} : index
  %f = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32>{%n} in %r as !stream_lite.resource<*>{%sz}
  %esz = stream_lite.tensor.sizeof tensor<?x4xf32, #enc>{%n} : index
  %g = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32, #enc>{%n} in %r as !stream_lite.resource<*>{%esz}
  return %g : !stream_lite.resource<*>
}
// CHECK-NOT: call
// CHECK-NOT: __layout_run
