// Buffers of 4 MiB and more are mappings of their own in huge pages
// (BufferPool::kHugePageBlockBytes; malloc's under AddressSanitizer): a
// 1100x1000xf32 ramp (4.4 MB) encoded to 8x4 tiles, sliced across tiles
// at (3, 2) and encoded back, three runs in one session (the later runs
// reuse the first one's blocks, zeroed), bit for bit against the
// encoding-free reference, padding and leaks checked; the corner printed
// is rows 3-4, columns 2-5 of the ramp.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py iota %t/a.npy '<f4' 1100,1000
// RUN: layout-run %s --repeat=3 --zero-buffers --input=@%t/a.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s
// CHECK: 2x4xf32=3002 3003 3004 3005 4002 4003 4004 4005
#t = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @main(%x: tensor<1100x1000xf32>) -> tensor<2x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c1090 = arith.constant 1090 : index
  %c995 = arith.constant 995 : index
  %sz = stream_lite.tensor.sizeof tensor<1100x1000xf32> : index
  %a = stream_lite.tensor.import %x : tensor<1100x1000xf32> -> tensor<1100x1000xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<1100x1000xf32, #t> : index
  %t = stream_lite.tensor.encode %a : tensor<1100x1000xf32> in !stream_lite.resource<external>{%sz} -> tensor<1100x1000xf32, #t> in !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<1090x995xf32, #t> : index
  %s = stream_lite.tensor.slice %t[%c3, %c2 for %c1090, %c995] : tensor<1100x1000xf32, #t> in !stream_lite.resource<*>{%tsz} -> tensor<1090x995xf32, #t> in !stream_lite.resource<*>{%ssz}
  %dsz = stream_lite.tensor.sizeof tensor<1090x995xf32> : index
  %d = stream_lite.tensor.encode %s : tensor<1090x995xf32, #t> in !stream_lite.resource<*>{%ssz} -> tensor<1090x995xf32> in !stream_lite.resource<*>{%dsz}
  %csz = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %c = stream_lite.tensor.slice %d[%c0, %c0 for %c2, %c4] : tensor<1090x995xf32> in !stream_lite.resource<*>{%dsz} -> tensor<2x4xf32> in !stream_lite.resource<*>{%csz}
  %r = stream_lite.tensor.export %c : tensor<2x4xf32> in !stream_lite.resource<*>{%csz} -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
