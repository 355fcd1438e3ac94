#!/usr/bin/env python3
"""A module of N functions, each merging data made on two devices whose
resolvers disagree at an scf.if (one relayout each), for measuring
--stream-lite-specialize-encodings with merges against parse+print.

    bench/gen_merges.py N > merges.mlir
"""
import sys

HEADER = """#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])"""

FUNCTION = """func.func @f{i}(%c: i1, %v: f32) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = scf.if %c -> (!stream_lite.resource<*>, index) {{
    %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{{%hsz}}
    scf.yield %h, %hsz : !stream_lite.resource<*>, index
  }} else {{
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{{%csz}}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{{%r#1}}
  %g = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %f[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %f as !stream_lite.resource<*>{{%r#1}}
  return
}}"""

if __name__ == "__main__":
    n = int(sys.argv[1])
    sys.stdout.write(HEADER + "\n" + "\n".join(FUNCTION.format(i=i) for i in range(n)) + "\n")
