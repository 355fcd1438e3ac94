// RUN: layout-run %s --function=view_rows --input=2x8xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input=index=2 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ROWS
// RUN: not layout-run %s --function=view_rows --input=2x8xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input=index=3 2>&1 | FileCheck %s --check-prefix=ROWS-PAST
// RUN: not layout-run %s --function=view_rows --input=2x8xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input=index=-1 2>&1 | FileCheck %s --check-prefix=ROWS-PAST
// RUN: not layout-run %s --function=view_rows --input=2x8xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input=index=4611686018427387904 2>&1 | FileCheck %s --check-prefix=ROWS-PAST
// RUN: not layout-run %s --function=static_view_too_large --input=2x8xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not layout-run %s --function=tiled_view_of_dense --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 2>&1 | FileCheck %s --check-prefix=TILED
// RUN: not layout-run %s --function=offset_past_end 2>&1 | FileCheck %s --check-prefix=OFFSET
// RUN: not layout-run %s --function=byte_view_past_end --input=4xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=BYTES

// A kernel's view (or byte view) of a binding says how many bytes it
// reaches: its offset plus the storage of the tensor it records, under that
// tensor's layout. Under the default runtime checks a kernel whose view
// reaches past the buffer its dispatch passed fails a check naming the
// subspan (exit 2) instead of reading or writing past the buffer; a view
// that fits runs as usual.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])

stream_lite.executable private @copy {
  stream_lite.executable.export public @rows
  stream_lite.executable.export public @static_rows
  stream_lite.executable.export public @tiled_out
  stream_lite.executable.export public @far_out
  builtin.module {
    // Copies %n rows of 8 f32: the dispatch's buffers hold 2.
    func.func @rows(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x8xf32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x8xf32>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 8], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x8xf32>>{%n} -> tensor<?x8xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [%n, 8], strides = [1, 1] : tensor<?x8xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x8xf32>>{%n}
      return
    }
    func.func @static_rows(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4096x8xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4096x8xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4096, 8], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4096x8xf32>> -> tensor<4096x8xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [4096, 8], strides = [1, 1] : tensor<4096x8xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4096x8xf32>>
      return
    }
    // Writes a 5x3 result in 16x16 tiles (1 KiB) into the 60 bytes of a
    // dense result.
    func.func @tiled_out(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<5x3xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 16]>>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [5, 3], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32>> -> tensor<5x3xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [5, 3], strides = [1, 1] : tensor<5x3xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<5x3xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 16]>>>
      return
    }
    // A view a terabyte into a 60-byte result.
    func.func @far_out(%o: !stream_lite.binding) {
      %far = arith.constant 1000000000000 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%far] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      %e = tensor.empty() : tensor<3x5xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      return
    }
  }
}

// A kernel addressing bytes itself, from an offset past its binding.
stream_lite.executable private @bytes {
  stream_lite.executable.export public @far_bytes
  builtin.module {
    func.func @far_bytes(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %far = arith.constant 100000000 : index
      %in = stream_lite.binding.subspan %a[%far] : !stream_lite.binding -> tensor<4xf32> in memref<?xi8>
      %out = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> tensor<4xf32> in memref<?xi8>
      %v = memref.load %in[%c0] : memref<?xi8>
      memref.store %v, %out[%c0] : memref<?xi8>
      return
    }
  }
}

// ROWS: 2x8xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
// ROWS-PAST: error: @view_rows failed a runtime check: {{.*}}kernel-subspan-bounds.mlir:{{[0-9]+}}:{{[0-9]+}}: 'stream_lite.binding.subspan' op views bytes past the end of its binding (its offset plus the storage of tensor<?x8xf32>)
func.func @view_rows(%arg: tensor<2x8xf32>, %n: index) -> tensor<2x8xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<2x8xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x8xf32> -> tensor<2x8xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch @copy::@rows(%i, %n) : (tensor<2x8xf32> in !stream_lite.resource<external>{%sz}, index) -> tensor<2x8xf32> in !stream_lite.resource<*>{%sz}
  %r = stream_lite.tensor.export %o : tensor<2x8xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// STATIC: error: @static_view_too_large failed a runtime check: {{.*}}'stream_lite.binding.subspan' op views bytes past the end of its binding (its offset plus the storage of tensor<4096x8xf32>)
func.func @static_view_too_large(%arg: tensor<2x8xf32>) -> tensor<2x8xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<2x8xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x8xf32> -> tensor<2x8xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch @copy::@static_rows(%i) : (tensor<2x8xf32> in !stream_lite.resource<external>{%sz}) -> tensor<2x8xf32> in !stream_lite.resource<*>{%sz}
  %r = stream_lite.tensor.export %o : tensor<2x8xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// TILED: error: @tiled_view_of_dense failed a runtime check: {{.*}}'stream_lite.binding.subspan' op views bytes past the end of its binding (its offset plus the storage of tensor<5x3xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 16]>>)
func.func @tiled_view_of_dense(%arg: tensor<5x3xf32>) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch @copy::@tiled_out(%i) : (tensor<5x3xf32> in !stream_lite.resource<external>{%sz}) -> tensor<5x3xf32> in !stream_lite.resource<*>{%sz}
  %r = stream_lite.tensor.export %o : tensor<5x3xf32> in !stream_lite.resource<*>{%sz} -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// OFFSET: error: @offset_past_end failed a runtime check: {{.*}}'stream_lite.binding.subspan' op views bytes past the end of its binding (its offset plus the storage of tensor<3x5xf32>)
func.func @offset_past_end() -> tensor<3x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %t = stream_lite.tensor.dispatch @copy::@far_out() : () -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %t : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// BYTES: error: @byte_view_past_end failed a runtime check: {{.*}}'stream_lite.binding.subspan' op views bytes past the end of its binding (its offset plus the storage of tensor<4xf32>)
func.func @byte_view_past_end(%arg: tensor<4xf32>) -> tensor<4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4xf32> -> tensor<4xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch @bytes::@far_bytes(%i) : (tensor<4xf32> in !stream_lite.resource<external>{%sz}) -> tensor<4xf32> in !stream_lite.resource<*>{%sz}
  %r = stream_lite.tensor.export %o : tensor<4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4xf32>
  return %r : tensor<4xf32>
}
