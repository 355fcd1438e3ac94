// RUN: layout-run %s --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=i1=1 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-run %s --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=i1=0 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-opt %s --stream-lite-layout-pipeline --remarks-filter=stream-lite-fuse-relayouts -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// A merge that is not an scf.if: an scf.execute_region whose two blocks
// yield the results of user dispatches. The relayout is fused into both
// kernels (and the relayout back to dense too), as for an scf.if:
// whichever block runs, the result matches the reference and the pads the
// kernels write are zero.
// CHECK: 3x5xf32=0 2 4 6 8 10 12 14 16 18 20 22 24 26 28
// REMARKS-COUNT-4: [Passed] stream_lite.tensor.dispatch
// REMARKS-NOT: [Missed]
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @d targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4>>])
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>> -> tensor<3x5xf32>
      %y = arith.addf %x, %x : tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      return
    }
  }
}
func.func @main(%arg: tensor<3x5xf32>, %c: i1) -> tensor<3x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x5xf32> -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %m = scf.execute_region -> !stream_lite.resource<*> {
    cf.cond_br %c, ^then, ^else
  ^then:
    %o = stream_lite.tensor.dispatch @ex::@k(%i) : (tensor<3x5xf32> in !stream_lite.resource<external>{%sz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%sz}
    scf.yield %o : !stream_lite.resource<*>
  ^else:
    %o2 = stream_lite.tensor.dispatch @ex::@k(%i) : (tensor<3x5xf32> in !stream_lite.resource<external>{%sz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%sz}
    scf.yield %o2 : !stream_lite.resource<*>
  }
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #lhs> : index
  %t = stream_lite.tensor.encode %m : tensor<3x5xf32> in !stream_lite.resource<*>{%sz} -> tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %t : tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
