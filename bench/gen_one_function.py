#!/usr/bin/env python3
"""gen_one_function.py N: one function of N splats, each filled in place
(2N + 3 ops). gen_module.py spreads its ops over functions of about 100
ops; this shape finds what is quadratic in the size of one function (the
layout report's live ranges were: bench/README.md, ninth round)."""
import sys

n = int(sys.argv[1])
print('stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = '
      '#stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])')
print("func.func @one(%sz: index, %v: f32, %m: index) {")
print("  %c0 = arith.constant 0 : index")
print("  %c1 = arith.constant 1 : index")
for i in range(n):
    print(f"  %r{i} = stream_lite.tensor.splat on(#stream_lite.affinity<@gpu>) %v"
          f" : f32 -> tensor<16x4xf32> in !stream_lite.resource<*>{{%sz}}")
    print(f"  %f{i} = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %v,"
          f" %r{i}[%c0, %c0 for %m, %c1] : f32 -> tensor<16x4xf32> in %r{i}"
          f" as !stream_lite.resource<*>{{%sz}}")
print("  return")
print("}")
