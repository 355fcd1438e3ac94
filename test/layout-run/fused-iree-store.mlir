// RUN: layout-opt %s --stream-lite-layout-pipeline --remarks-filter=stream-lite-fuse-relayouts -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: layout-run %s --input=5x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s
// RUN: layout-run %s --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=THREE

// A kernel in IREE's form: it loads and stores tensors whose type repeats
// the binding's encoding. The relayout of its result back to dense rows is
// fused (the kernel then stores the loaded tensor without the encoding),
// and the fused program computes what the reference does: 5 rows cut the
// 4x2 tiles of the matmul LHS layout, and the input's padding stays zero.

// REMARK: remark: [Missed] stream_lite.tensor.encode | {{.*}} Remark="relayout not fused: its source is not the result of a dispatch"
// REMARK-NOT: [Missed]
// REMARK: remark: [Passed] stream_lite.tensor.dispatch | {{.*}} Remark="relayout of result #0 of @ex::@copy fused
// REMARK-NOT: [Missed]

// CHECK: {{^}}5x5xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24{{$}}
// CHECK-NOT: {{.}}
// THREE: {{^}}3x5xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14{{$}}
// THREE-NOT: {{.}}

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 2>>])

stream_lite.executable private @ex {
  stream_lite.executable.export public @copy
  builtin.module {
    func.func @copy(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #lhs>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #lhs>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #lhs>>{%n} -> tensor<?x5xf32, #lhs>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32, #lhs> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #lhs>>{%n}
      return
    }
  }
}

func.func @main(%arg: tensor<?x5xf32>, %rows: index) -> tensor<?x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x5xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x5xf32> -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x5xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @ex::@copy(%t, %rows) : (tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}, index) -> tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}
