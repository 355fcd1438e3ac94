// RUN: layout-run %s --input=3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11 | FileCheck %s
// RUN: not layout-run %s --input=3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11 --compare-to-reference 2>&1 | FileCheck %s --check-prefix=REFERENCE
// RUN: not layout-run %s --function=overrun --input=3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11 2>&1 | FileCheck %s --check-prefix=PAST

// A kernel that addresses its binding's bytes itself, with offsets written
// for one layout (8x1 tiles: element (r, c) at byte ((c * 8) + r) * 4). It
// reads element (2, 3) of the tiled tensor right, but the encoding-free
// reference runs the same byte math on a 48-byte dense buffer: byte 104 is
// outside it. Under the default runtime checks the kernel's memref.view is
// checked against its buffer, so the reference fails a check with the
// view's location (exit 2) instead of reading out of bounds.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])

stream_lite.executable private @pick {
  stream_lite.executable.export public @pick
  stream_lite.executable.export public @overrun
  builtin.module {
    func.func @pick(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %at = arith.constant 104 : index
      %in = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> tensor<3x4xf32, #lhs> in memref<?xi8>
      %out = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> tensor<f32> in memref<?xi8>
      %src = memref.view %in[%at][] : memref<?xi8> to memref<f32>
      %dst = memref.view %out[%c0][] : memref<?xi8> to memref<f32>
      %v = memref.load %src[] : memref<f32>
      memref.store %v, %dst[] : memref<f32>
      return
    }
    // Reads past the tiled tensor's 128 bytes in any layout.
    func.func @overrun(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %at = arith.constant 126 : index
      %in = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> tensor<3x4xf32, #lhs> in memref<?xi8>
      %out = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> tensor<f32> in memref<?xi8>
      %src = memref.view %in[%at][] : memref<?xi8> to memref<f32>
      %dst = memref.view %out[%c0][] : memref<?xi8> to memref<f32>
      %v = memref.load %src[] : memref<f32>
      memref.store %v, %dst[] : memref<f32>
      return
    }
  }
}

// CHECK: {{^}}f32=11{{$}}
// REFERENCE: {{^}}f32=11{{$}}
// REFERENCE: error: @main failed a runtime check: {{.*}}kernel-bytes-checks.mlir:25:14: 'memref.view' op views bytes out of its buffer's bounds
func.func @main(%arg: tensor<3x4xf32>) -> tensor<f32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<3x4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x4xf32> -> tensor<3x4xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x4xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<3x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<f32> : index
  %o = stream_lite.tensor.dispatch @pick::@pick(%t) : (tensor<3x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<f32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<f32> in !stream_lite.resource<external>{%osz} -> tensor<f32>
  return %r : tensor<f32>
}

// PAST: error: @overrun failed a runtime check: {{.*}}kernel-bytes-checks.mlir:37:14: 'memref.view' op views bytes out of its buffer's bounds
func.func @overrun(%arg: tensor<3x4xf32>) -> tensor<f32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<3x4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x4xf32> -> tensor<3x4xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x4xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<3x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<f32> : index
  %o = stream_lite.tensor.dispatch @pick::@overrun(%t) : (tensor<3x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<f32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<f32> in !stream_lite.resource<external>{%osz} -> tensor<f32>
  return %r : tensor<f32>
}
