// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py wrap %t/a.npy '|i1' 2053,4099 4
// RUN: %python %S/Inputs/npy.py wrap %t/u.npy '|i1' 1001,2001 4
// RUN: %python %S/Inputs/npy.py wrap %t/p.npy '|i1' 2051,8191 2
// Packed kernels on two and three threads (an odd split), then one, each
// against the serial reference, bit for bit, with the padding checks:
// RUN: layout-run %s --threads=2 --input=@%t/a.npy --input=index=2053 --input=index=1001 --input=@%t/u.npy --compare-to-reference --check-padding --check-leaks --output=@%t/t2.npy > %t/t2.txt
// RUN: layout-run %s --threads=3 --input=@%t/a.npy --input=index=2053 --input=index=1001 --input=@%t/u.npy --compare-to-reference --check-padding --check-leaks --output=@%t/t3.npy > %t/t3.txt
// RUN: layout-run %s --threads=1 --input=@%t/a.npy --input=index=2053 --input=index=1001 --input=@%t/u.npy --compare-to-reference --check-padding --check-leaks --output=@%t/t1.npy > %t/t1.txt
// RUN: cmp %t/t1.npy %t/t2.npy
// RUN: cmp %t/t1.npy %t/t3.npy
// RUN: cmp %t/t1.txt %t/t2.txt
// RUN: cmp %t/t1.txt %t/t3.txt
// RUN: layout-run %s --function=padded --threads=2 --input=@%t/p.npy --compare-to-reference --check-padding --check-leaks --output=@%t/p2.npy > %t/p2.txt
// RUN: layout-run %s --function=padded --threads=1 --input=@%t/p.npy --compare-to-reference --check-padding --check-leaks --output=@%t/p1.npy > %t/p1.txt
// RUN: cmp %t/p1.npy %t/p2.npy
// RUN: cmp %t/p1.txt %t/p2.txt

// Packed sub-byte kernels split their outer loop into groups that start
// on a byte of the destination (docs/passes.md), so that no two tasks
// read-modify-write one byte. 4 MiB of i4 through tiles of 8x4 (two bytes
// per tile row) with tile padding (2053 x 4099, dynamic rows): a fill and
// an update (at a dynamic row) whose regions start mid-byte and cut tiles,
// a slice from row 0 starting mid-byte into an untiled result (parallel),
// a slice from row 3 (its rows shifted against the source's tile rows, so
// serial), and the relayout back. Then i2 in a padding layout whose rows
// (8194 slots) start a byte only every other row.

#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#padded = #stream_lite.padding<[1, 3]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

func.func @main(%arg: tensor<?x4099xi4>, %rows: index, %off: index, %u: tensor<1001x2001xi4>) -> (tensor<?x4099xi4>, tensor<2048x4095xi4>, tensor<2043x4091xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c2000 = arith.constant 2000 : index
  %c2043 = arith.constant 2043 : index
  %c2048 = arith.constant 2048 : index
  %c3001 = arith.constant 3001 : index
  %c4091 = arith.constant 4091 : index
  %c4095 = arith.constant 4095 : index
  %v = arith.constant -3 : i4
  %sz = stream_lite.tensor.sizeof tensor<?x4099xi4>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x4099xi4> -> tensor<?x4099xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x4099xi4, #tiled>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x4099xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4099xi4, #tiled>{%rows} in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %v, %t[%c5, %c7 for %c2000, %c3001] : i4 -> tensor<?x4099xi4, #tiled>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %usz = stream_lite.tensor.sizeof tensor<1001x2001xi4> : index
  %ui = stream_lite.tensor.import %u : tensor<1001x2001xi4> -> tensor<1001x2001xi4> in !stream_lite.resource<external>{%usz}
  %up = stream_lite.tensor.update %ui, %f[%off, %c13] : tensor<1001x2001xi4> in !stream_lite.resource<external>{%usz} -> tensor<?x4099xi4, #tiled>{%rows} in %f as !stream_lite.resource<*>{%tsz}
  %s0sz = stream_lite.tensor.sizeof tensor<2048x4095xi4> : index
  %s0 = stream_lite.tensor.slice %up[%c0, %c3 for %c2048, %c4095] : tensor<?x4099xi4, #tiled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<2048x4095xi4> in !stream_lite.resource<external>{%s0sz}
  %s3sz = stream_lite.tensor.sizeof tensor<2043x4091xi4> : index
  %s3 = stream_lite.tensor.slice %up[%c3, %c2 for %c2043, %c4091] : tensor<?x4099xi4, #tiled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<2043x4091xi4> in !stream_lite.resource<external>{%s3sz}
  %d = stream_lite.tensor.encode %up : tensor<?x4099xi4, #tiled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x4099xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x4099xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4099xi4>
  %r0 = stream_lite.tensor.export %s0 : tensor<2048x4095xi4> in !stream_lite.resource<external>{%s0sz} -> tensor<2048x4095xi4>
  %r3 = stream_lite.tensor.export %s3 : tensor<2043x4091xi4> in !stream_lite.resource<external>{%s3sz} -> tensor<2043x4091xi4>
  return %r, %r0, %r3 : tensor<?x4099xi4>, tensor<2048x4095xi4>, tensor<2043x4091xi4>
}

func.func @padded(%arg: tensor<2051x8191xi2>) -> tensor<2051x8191xi2> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c2000 = arith.constant 2000 : index
  %c8000 = arith.constant 8000 : index
  %v = arith.constant 1 : i2
  %sz = stream_lite.tensor.sizeof tensor<2051x8191xi2> : index
  %i = stream_lite.tensor.import %arg : tensor<2051x8191xi2> -> tensor<2051x8191xi2> in !stream_lite.resource<external>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<2051x8191xi2, #padded> : index
  %p = stream_lite.tensor.encode %i : tensor<2051x8191xi2> in !stream_lite.resource<external>{%sz} -> tensor<2051x8191xi2, #padded> in !stream_lite.resource<*>{%psz}
  %f = stream_lite.tensor.fill %v, %p[%c1, %c5 for %c2000, %c8000] : i2 -> tensor<2051x8191xi2, #padded> in %p as !stream_lite.resource<*>{%psz}
  %d = stream_lite.tensor.encode %f : tensor<2051x8191xi2, #padded> in !stream_lite.resource<*>{%psz} -> tensor<2051x8191xi2> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<2051x8191xi2> in !stream_lite.resource<external>{%sz} -> tensor<2051x8191xi2>
  return %r : tensor<2051x8191xi2>
}
