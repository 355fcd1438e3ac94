// RUN: layout-run %s --function=main --input=4x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input=index=2 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ROW
// RUN: layout-run %s --function=block_tiled --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=index=3 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=BLOCK
// RUN: layout-run %s --threads=2 --function=block_tiled --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=index=3 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=BLOCK
// RUN: layout-opt %s --stream-lite-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM --implicit-check-not=affine.

// User kernels that take a tensor.extract_slice at an offset known only at
// run time (a kernel argument): bufferized, the slice is a memref.subview
// at that offset, whose expansion computes the offset with affine.apply,
// and the to-llvm pipeline lowers it to arith (docs/language.md, Kernels).

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>

stream_lite.device @d targets([#stream_lite.target<"llvm-cpu">])
// 2x2 tiles: the last row of tiles is cut.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// LLVM: llvm.func @main

// out = row r of a.
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding, %r: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<1x4xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<4x4xf32>
      %s = tensor.extract_slice %x[%r, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<1x4xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [1, 4], strides = [1, 1] : tensor<1x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<1x4xf32>>
      return
    }
  }
}

// ROW: {{^}}1x4xf32=8 9 10 11{{$}}
// ROW-NOT: {{.}}
func.func @main(%arg: tensor<4x4xf32>, %r: index) -> tensor<1x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x4xf32> -> tensor<4x4xf32> in !stream_lite.resource<external>{%sz}
  %osz = stream_lite.tensor.sizeof tensor<1x4xf32> : index
  %o = stream_lite.tensor.dispatch @ex::@k(%i, %r) : (tensor<4x4xf32> in !stream_lite.resource<external>{%sz}, index) -> tensor<1x4xf32> in !stream_lite.resource<external>{%osz}
  %e = stream_lite.tensor.export %o : tensor<1x4xf32> in !stream_lite.resource<external>{%osz} -> tensor<1x4xf32>
  return %e : tensor<1x4xf32>
}

// out = the 2x2 block of a at (r, c), both offsets kernel arguments, read
// from and written to tiled bindings.
stream_lite.executable private @block {
  stream_lite.executable.export public @block
  builtin.module {
    func.func @block(%a: !stream_lite.binding, %o: !stream_lite.binding, %r: index, %c: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x4xf32, #lhs>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<2x2xf32, #lhs>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [5, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<5x4xf32, #lhs>> -> tensor<5x4xf32>
      %s = tensor.extract_slice %x[%r, %c] [2, 2] [1, 1] : tensor<5x4xf32> to tensor<2x2xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : tensor<2x2xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<2x2xf32, #lhs>>
      return
    }
  }
}

// BLOCK: {{^}}2x2xf32=13 14 17 18{{$}}
// BLOCK-NOT: {{.}}
func.func @block_tiled(%arg: tensor<5x4xf32>, %r: index, %c: index) -> tensor<2x2xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<5x4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x4xf32> -> tensor<5x4xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<5x4xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<5x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %bsz = stream_lite.tensor.sizeof tensor<2x2xf32, #lhs> : index
  %o = stream_lite.tensor.dispatch @block::@block(%t, %r, %c) : (tensor<5x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}, index, index) -> tensor<2x2xf32, #lhs> in !stream_lite.resource<*>{%bsz}
  %osz = stream_lite.tensor.sizeof tensor<2x2xf32> : index
  %d = stream_lite.tensor.encode %o : tensor<2x2xf32, #lhs> in !stream_lite.resource<*>{%bsz} -> tensor<2x2xf32> in !stream_lite.resource<external>{%osz}
  %e = stream_lite.tensor.export %d : tensor<2x2xf32> in !stream_lite.resource<external>{%osz} -> tensor<2x2xf32>
  return %e : tensor<2x2xf32>
}
