// RUN: not layout-run %s --input=1x3xi4=1,2,3 --check-padding 2>&1 | FileCheck %s
// RUN: %expect_exit 1 layout-run %s --input=1x3xi4=1,2,3 --check-padding
// RUN: layout-run %s --input=1x3xi4=1,2,3 | FileCheck %s --check-prefix=UNCHECKED

// --check-padding checks the tail bits of packed sub-byte elements in tiled
// layouts: tensor<1x3xi4, tiled<[1], [3]>> has no padding element, but its
// 3 slots leave the high nibble of byte 1 holding no element, which must be
// zero. A deliberately wrong program stores 7 into that nibble through a
// flat 4-element view of the same staging bytes; the clone that copies the
// tiled bytes afterwards is reported. The tail is never observed, so the
// result is right; only --check-padding notices.
// CHECK: {{^}}1x3xi4=1 2 3{{$}}
// CHECK: error: --check-padding: padding bytes of a tiled tensor are not zero after {{.*}}check-padding-tail-bits.mlir:[[@LINE+12]]:{{[0-9]+}}: %{{.*}} = stream_lite.tensor.clone
// CHECK-NOT: error
// UNCHECKED: {{^}}1x3xi4=1 2 3{{$}}
func.func @main(%arg: tensor<1x3xi4>) -> tensor<1x3xi4> {
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7 : i4
  %sz = stream_lite.tensor.sizeof tensor<1x3xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<1x3xi4> -> tensor<1x3xi4> in !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.encode %i : tensor<1x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [3]>> in !stream_lite.resource<*>{%sz}
  %st = stream_lite.async.transfer %e : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<staging>{%sz}
  %st2 = stream_lite.tensor.store %seven, %st[%c3] : i4 -> tensor<4xi4> in %st as !stream_lite.resource<staging>{%sz}
  %back = stream_lite.async.transfer %st2 : !stream_lite.resource<staging>{%sz} -> !stream_lite.resource<*>{%sz}
  %k = stream_lite.tensor.clone %back : tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [3]>> in !stream_lite.resource<*>{%sz} -> tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [3]>> in !stream_lite.resource<*>{%sz}
  %d = stream_lite.tensor.encode %k : tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [3]>> in !stream_lite.resource<*>{%sz} -> tensor<1x3xi4> in !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %d : tensor<1x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<1x3xi4>
  return %t : tensor<1x3xi4>
}
