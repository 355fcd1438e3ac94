// RUN: layout-opt %s --test-stream-lite-plant-mismatch --stream-lite-materialize-builtins | FileCheck %s
// RUN: layout-opt %s --stream-lite-materialize-builtins | FileCheck %s --check-prefix=DEFAULT

// --test-stream-lite-plant-mismatch (a test pass; layout-run
// --test-plant-mismatch, for layout-reduce): every splat of an integer or
// float stores its value plus one. Index splats are left alone, and
// materialize-builtins alone plants nothing.

// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %[[X:.*]]: f32, %[[I:.*]]: i32, %[[N:.*]]: index)
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[XP1:.*]] = arith.addf %[[X]], %[[ONE]] : f32
// CHECK:         stream_lite.tensor.splat %[[XP1]] : f32
// CHECK:         %[[IONE:.*]] = arith.constant 1 : i32
// CHECK:         %[[IP1:.*]] = arith.addi %[[I]], %[[IONE]] : i32
// CHECK:         stream_lite.tensor.splat %[[IP1]] : i32
// CHECK:         stream_lite.tensor.dispatch @__builtin_splat_2xindex::@__builtin_splat_2xindex(%[[N]])

// DEFAULT-LABEL: func.func @main(
// DEFAULT-NOT:     arith.add
// DEFAULT:         stream_lite.tensor.splat %arg0 : f32
// DEFAULT-NOT:     arith.add
// DEFAULT:         stream_lite.tensor.splat %arg1 : i32
func.func @main(%x: f32, %i: i32, %n: index) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xindex>) {
  %s4 = stream_lite.tensor.sizeof tensor<2xf32> : index
  %a = stream_lite.tensor.splat %x : f32 -> tensor<2xf32> in !stream_lite.resource<*>{%s4}
  %b = stream_lite.tensor.splat %i : i32 -> tensor<2xi32> in !stream_lite.resource<*>{%s4}
  %s8 = stream_lite.tensor.sizeof tensor<2xindex> : index
  %c = stream_lite.tensor.splat %n : index -> tensor<2xindex> in !stream_lite.resource<*>{%s8}
  %ra = stream_lite.tensor.export %a : tensor<2xf32> in !stream_lite.resource<*>{%s4} -> tensor<2xf32>
  %rb = stream_lite.tensor.export %b : tensor<2xi32> in !stream_lite.resource<*>{%s4} -> tensor<2xi32>
  %rc = stream_lite.tensor.export %c : tensor<2xindex> in !stream_lite.resource<*>{%s8} -> tensor<2xindex>
  return %ra, %rb, %rc : tensor<2xf32>, tensor<2xi32>, tensor<2xindex>
}
