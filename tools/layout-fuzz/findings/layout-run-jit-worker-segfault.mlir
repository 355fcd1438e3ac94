// Intermittent crash (seen once, 2026-12-04 ~14:21 UTC, bench/view-copy-bench.py; at least 44 other runs passed):
//   layout-run layout-run-jit-worker-segfault.mlir --input=4096x4096xf32=1.5 --timing --repeat=6 --optimize=all
// (default --threads and --compile-threads on the 2-core machine, two other builds running) exited with
// LLVM's "PLEASE submit a bug report" and no stack dump; the kernel log had, at that time (pid not recorded by the harness),
//   llvm-worker-0[16436]: segfault at 7f4f45039993 ip 00007f4f44f458ee sp 00007f4ef09fa390 error 4 in libgcc_s.so.1
// i.e. a thread of LLVM's thread pool crashed inside the unwinder (libgcc_s). 38 reruns of the same command
// right after passed. Not reduced further: the builtin relayout of bench/gen_view_copy.py tiled builtin (identity ->
// tiled<[0, 1], [8, 4]> of 4096x4096 f32, then a 2x4 corner).
#l = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @main(%x: tensor<4096x4096xf32>) -> tensor<2x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %sz = stream_lite.tensor.sizeof tensor<4096x4096xf32> : index
  %a = stream_lite.tensor.import %x : tensor<4096x4096xf32> -> tensor<4096x4096xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4096x4096xf32, #l> : index
  %t = stream_lite.tensor.encode %a : tensor<4096x4096xf32> in !stream_lite.resource<external>{%sz} -> tensor<4096x4096xf32, #l> in !stream_lite.resource<*>{%tsz}
  %csz = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %c = stream_lite.tensor.slice %t[%c0, %c0 for %c2, %c4] : tensor<4096x4096xf32, #l> in !stream_lite.resource<*>{%tsz} -> tensor<2x4xf32> in !stream_lite.resource<*>{%csz}
  %r = stream_lite.tensor.export %c : tensor<2x4xf32> in !stream_lite.resource<*>{%csz} -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
