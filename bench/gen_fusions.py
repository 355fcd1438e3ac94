#!/usr/bin/env python3
"""A module of N functions, each dispatching a user kernel that writes
tiles and relayouting its result to dense rows, for measuring
--stream-lite-fuse-relayouts: with `shared` every function dispatches one
kernel (the fused dispatches share one rewritten copy), with `distinct`
each has a kernel of its own (each rewritten in place).

    bench/gen_fusions.py N shared|distinct > fusions.mlir
"""
import sys

HEADER = """#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])"""

EXECUTABLE = """stream_lite.executable private @{name} {{
  stream_lite.executable.export public @splat
  builtin.module {{
    func.func @splat(%o: !stream_lite.binding) {{
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      return
    }}
  }}
}}"""

FUNCTION = """func.func @f{i}() -> !stream_lite.resource<*> attributes {{stream_lite.affinity = #stream_lite.affinity<@cpu>}} {{
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  %a = stream_lite.tensor.dispatch @{name}::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{{%tsz}}
  %e = stream_lite.tensor.encode %a : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{{%tsz}} -> tensor<4x4xf32> in !stream_lite.resource<*>{{%dsz}}
  return %e : !stream_lite.resource<*>
}}"""


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("shared", "distinct"):
        sys.exit(__doc__)
    n, distinct = int(sys.argv[1]), sys.argv[2] == "distinct"
    lines = [HEADER]
    names = ["k%d" % i for i in range(n)] if distinct else ["k"]
    lines += [EXECUTABLE.format(name=name) for name in names]
    lines += [FUNCTION.format(i=i, name=names[i] if distinct else "k")
              for i in range(n)]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
