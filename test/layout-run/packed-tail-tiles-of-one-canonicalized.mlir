// RUN: layout-opt --canonicalize %s | layout-run - --input=3x2xi2=1,-1,0,1,-2,1 --input=index=0 --compare-to-reference --check-padding | FileCheck %s --check-prefix=SPLAT
// RUN: layout-opt --canonicalize %s | layout-run - --input=3x2xi2=1,-1,0,1,-2,1 --input=index=1 --compare-to-reference --check-padding | FileCheck %s --check-prefix=COPY
// RUN: layout-run %s --input=3x2xi2=1,-1,0,1,-2,1 --input=index=0 --compare-to-reference --check-padding | FileCheck %s --check-prefix=SPLAT

// Plain rows of packed i2 (6 elements: 12 bits, a tail of 4 undefined bits)
// into tiles of 1 and back. The two layouts are physically equal, but the
// tiles keep their tail zero: the encode into them must zero it, also once
// --canonicalize has turned the pair into clones (it once read the splat's
// rows as tiles, tail 0b1010 included, and --check-padding failed).
// SPLAT: 3x2xi2=-2 -2 -2 -2 -2 -2
// COPY: 3x2xi2=1 -1 0 1 -2 1
stream_lite.device @d targets([#stream_lite.target<"plain">]) {native_fill_bits = [8]}
func.func @main(%arg0: tensor<3x2xi2>, %which: index) -> tensor<3x2xi2> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %c3 = arith.constant 3 : index
  %m2 = arith.constant -2 : i2
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d>) tensor<?x2xi2>{%c3} : index
  %in = stream_lite.tensor.import on(#stream_lite.affinity<@d>) %arg0 : tensor<3x2xi2> -> tensor<?x2xi2>{%c3} in !stream_lite.resource<*>{%sz}
  %rows = scf.index_switch %which -> !stream_lite.resource<*>
  case 0 {
    %s = stream_lite.tensor.splat on(#stream_lite.affinity<@d>) %m2 : i2 -> tensor<?x2xi2>{%c3} in !stream_lite.resource<*>{%sz}
    scf.yield %s : !stream_lite.resource<*>
  }
  default {
    %c = stream_lite.tensor.clone on(#stream_lite.affinity<@d>) %in : tensor<?x2xi2>{%c3} in !stream_lite.resource<*>{%sz} -> tensor<?x2xi2>{%c3} in !stream_lite.resource<*>{%sz}
    scf.yield %c : !stream_lite.resource<*>
  }
  %tsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d>) tensor<?x2xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%c3} : index
  %tiles = stream_lite.tensor.encode on(#stream_lite.affinity<@d>) %rows : tensor<?x2xi2>{%c3} in !stream_lite.resource<*>{%sz} -> tensor<?x2xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%c3} in !stream_lite.resource<*>{%tsz}
  %back = stream_lite.tensor.encode on(#stream_lite.affinity<@d>) %tiles : tensor<?x2xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%c3} in !stream_lite.resource<*>{%tsz} -> tensor<?x2xi2>{%c3} in !stream_lite.resource<external>{%sz}
  %out = stream_lite.tensor.export on(#stream_lite.affinity<@d>) %back : tensor<?x2xi2>{%c3} in !stream_lite.resource<external>{%sz} -> tensor<3x2xi2>
  return %out : tensor<3x2xi2>
}
