// RUN: layout-opt --split-input-file --stream-lite-strip-encodings %s | FileCheck %s

// Tests that every encoding on tensor-phase ops goes, resolved or not,
// recognized or not, in single type attributes and in dispatch type lists.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])

// CHECK-LABEL: func.func @strip_everything
// CHECK-NOT: #stream_lite.layout
// CHECK-NOT: #stream_lite.padding
// CHECK-NOT: #stream_lite.encoding
// CHECK-NOT: #stream_lite.unknown
// CHECK-NOT: "foreign"
func.func @strip_everything(%r: !stream_lite.resource<*>, %d: index, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: stream_lite.tensor.sizeof tensor<?x4xf32>{%arg1} : index
  %0 = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%d} : index
  // CHECK: stream_lite.tensor.encode %arg0 : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32>{%arg1}
  %1 = stream_lite.tensor.encode %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.fill %arg3, %{{.+}}[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32>{%arg1} in
  %2 = stream_lite.tensor.fill %v, %1[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>>{%d} in %1 as !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.dispatch @ex::@entry(%{{.+}}, %c1) : (tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2}, index) -> tensor<2xf32> in
  %3 = stream_lite.tensor.dispatch @ex::@entry(%2, %c1) : (tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%d} in !stream_lite.resource<*>{%sz}, index) -> tensor<2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.splat %arg3 : f32 -> tensor<2xf32> in
  %4 = stream_lite.tensor.splat %v : f32 -> tensor<2xf32, "foreign"> in !stream_lite.resource<*>{%sz}
  return %4 : !stream_lite.resource<*>
}

// -----

// Tests that binding views inside executables lose their layouts too, and
// that devices and resolvers stay.
// CHECK: stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
// CHECK-LABEL: stream_lite.executable private @ex
// CHECK: stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<4xf32> in memref<?xi8>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%b: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.identity]>> in memref<?xi8>
      return
    }
  }
}

// -----

// Tests that a program without encodings is unchanged.
// CHECK-LABEL: func.func @negative_no_encodings
// CHECK-NEXT: stream_lite.tensor.empty : tensor<4xf32> in !stream_lite.resource<*>{%arg0}
// CHECK-NEXT: return
func.func @negative_no_encodings(%sz: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.empty : tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
