// RUN: layout-run %s --input=3x3xi2=1,-1,0,1,-2,1,1,1,-1 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-opt %s --stream-lite-layout-pipeline --remarks-filter='stream-lite-fuse-relayouts|stream-lite-materialize-builtins' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// Packed i2 rows (9 elements: 18 bits, 6 undefined tail bits) relayouted
// into tiles of 1, physically the same rows with a zero tail: the relayout
// is not a clone, so it is fused into the kernel that makes the rows, which
// writes the tiles and zeroes their tail. The way back is a clone.
// CHECK: 3x3xi2=-2 -2 0 -2 0 -2 -2 -2 -2
// REMARKS: [Passed] stream_lite.tensor.dispatch {{.*}}relayout of result #0 of @ex::@k fused: the kernel writes #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]> directly
// REMARKS: [Passed] stream_lite.tensor.encode {{.*}}folds to a clone: the layouts are physically equal
// REMARKS-NOT: [Missed]
stream_lite.device @d targets([#stream_lite.target<"llvm-cpu">])
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%b0: !stream_lite.binding, %bo: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %v0 = stream_lite.binding.subspan %b0[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x3xi2>>
      %x0 = stream_lite.dispatch.tensor.load %v0, offsets = [0, 0], sizes = [3, 3], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x3xi2>> -> tensor<3x3xi2>
      %e = tensor.empty() : tensor<3x3xi2>
      %s = linalg.add ins(%x0, %x0 : tensor<3x3xi2>, tensor<3x3xi2>) outs(%e : tensor<3x3xi2>) -> tensor<3x3xi2>
      %ov = stream_lite.binding.subspan %bo[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x3xi2>>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [3, 3], strides = [1, 1] : tensor<3x3xi2> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x3xi2>>
      return
    }
  }
}
func.func @main(%arg0: tensor<3x3xi2>) -> tensor<3x3xi2> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d>) tensor<3x3xi2> : index
  %in = stream_lite.tensor.import on(#stream_lite.affinity<@d>) %arg0 : tensor<3x3xi2> -> tensor<3x3xi2> in !stream_lite.resource<*>{%sz}
  %k = stream_lite.tensor.dispatch on(#stream_lite.affinity<@d>) @ex::@k(%in) : (tensor<3x3xi2> in !stream_lite.resource<*>{%sz}) -> tensor<3x3xi2> in !stream_lite.resource<*>{%sz}
  %tsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d>) tensor<3x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>> : index
  %tiles = stream_lite.tensor.encode on(#stream_lite.affinity<@d>) %k : tensor<3x3xi2> in !stream_lite.resource<*>{%sz} -> tensor<3x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>> in !stream_lite.resource<*>{%tsz}
  %back = stream_lite.tensor.encode on(#stream_lite.affinity<@d>) %tiles : tensor<3x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xi2> in !stream_lite.resource<external>{%sz}
  %out = stream_lite.tensor.export on(#stream_lite.affinity<@d>) %back : tensor<3x3xi2> in !stream_lite.resource<external>{%sz} -> tensor<3x3xi2>
  return %out : tensor<3x3xi2>
}
