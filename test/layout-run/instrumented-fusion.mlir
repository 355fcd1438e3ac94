// RUN: layout-run %s --input=5x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --input=index=5 --trace=%t.json --compare-to-reference --check-padding | FileCheck %s
// RUN: FileCheck %s --check-prefix=TRACE --input-file=%t.json
// RUN: layout-opt %s --stream-lite-layout-pipeline --remarks-filter=stream-lite-fuse-relayouts -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// --trace and --check-padding instrument the program that normally runs:
// the relayouts the pipeline fuses into the kernel (dense to tiled, then
// back) are fused before the instrumentation, whose uses of the results
// would otherwise keep them. The trace has the import and the dispatch,
// no relayout; the pads the fused kernel writes are checked.
// CHECK: 5x5xf32=0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 42 44 46 48
// TRACE: "op":"stream_lite.tensor.import"
// TRACE: "op":"stream_lite.tensor.dispatch"
// TRACE-NOT: "op":"stream_lite.tensor.encode"
// The second fusion of the same result says the first layout is gone.
// REMARKS: [Passed] stream_lite.tensor.dispatch {{.*}} the kernel writes #stream_lite.layout<[#stream_lite.tiled<{{.*}} directly; a size computed at run time no longer relayouted"
// REMARKS: [Passed] stream_lite.tensor.dispatch {{.*}} the kernel writes dense row-major (no encoding) directly (instead of the layout fused before); a size computed at run time no longer relayouted"
// REMARKS-NOT: [Missed]
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @d targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4, lhs_swizzle = #stream_lite.swizzle<expand_shape = [[2, 2], [4]], permutation = [1, 2, 0]>>>])
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%n} -> tensor<?x5xf32>
      %y = arith.addf %x, %x : tensor<?x5xf32>
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%n}
      return
    }
  }
}
func.func @main(%arg: tensor<?x5xf32>, %n: index) -> tensor<?x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<?x5xf32>{%n} : index
  %i = stream_lite.tensor.import %arg : tensor<?x5xf32> -> tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch @ex::@k(%i, %n) : (tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x5xf32, #lhs>{%n} : index
  %t = stream_lite.tensor.encode %o : tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%sz} -> tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %t : tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz} -> tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}
