// RUN: layout-run %s --input=6x1xi16=1,2,3,4,5,6 | FileCheck %s
// RUN: layout-run %s --input=6x1xi16=1,2,3,4,5,6 --compare-to-reference --check-padding | FileCheck %s

// Empty regions move nothing: an empty fill whose offsets point into the
// pad columns of a tile (a fuzz finding planned it as a memset of those
// pads, breaking the zero-pad contract), and an empty copy at the far end.
// --check-padding proves the tile pads stay zero.

#t8 = #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [8]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// CHECK: {{^}}6x1xi16=1 2 3 4 5 6{{$}}
// CHECK-NOT: {{.}}
func.func @main(%arg: tensor<6x1xi16>) -> tensor<6x1xi16> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %seven = arith.constant 7 : i16
  %sz = stream_lite.tensor.sizeof tensor<6x1xi16> : index
  %i = stream_lite.tensor.import %arg : tensor<6x1xi16> -> tensor<6x1xi16> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<6x1xi16, #t8> : index
  %t = stream_lite.tensor.encode %i : tensor<6x1xi16> in !stream_lite.resource<external>{%sz} -> tensor<6x1xi16, #t8> in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %seven, %t[%c2, %c1 for %c1, %c0] : i16 -> tensor<6x1xi16, #t8> in %t as !stream_lite.resource<*>{%tsz}
  %esz = stream_lite.tensor.sizeof tensor<0x1xi16> : index
  %e = stream_lite.tensor.slice %f[%c6, %c0 for %c0, %c1] : tensor<6x1xi16, #t8> in !stream_lite.resource<*>{%tsz} -> tensor<0x1xi16> in !stream_lite.resource<*>{%esz}
  %u = stream_lite.tensor.update %e, %f[%c6, %c0] : tensor<0x1xi16> in !stream_lite.resource<*>{%esz} -> tensor<6x1xi16, #t8> in %f as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %u : tensor<6x1xi16, #t8> in !stream_lite.resource<*>{%tsz} -> tensor<6x1xi16> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<6x1xi16> in !stream_lite.resource<external>{%sz} -> tensor<6x1xi16>
  return %r : tensor<6x1xi16>
}
