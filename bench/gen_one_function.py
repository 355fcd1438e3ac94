#!/usr/bin/env python3
"""gen_one_function.py [--mix] N: one big function, to find what is
quadratic in the size of one function (gen_module.py spreads its ops over
functions of about 100 ops). bench/README.md, ninth round, has the
measurements.

By default: N splats, each filled in place (2N + 3 ops; the layout
report's live ranges were quadratic in it). With --mix: gen_module.py N's
module with every function's body merged into one function @one (values
renamed per function; one %cond behind every scf.if, as a flag would be),
which showed the canonicalizer's scf.if ConditionPropagation and
upstream's scf-to-cf block splitting quadratic."""
import argparse
import os
import re
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("ops", type=int)
parser.add_argument("--mix", action="store_true",
                    help="gen_module.py's mix merged into one function")
args = parser.parse_args()


def splats_and_fills(n):
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


def merged_mix(n):
    module = subprocess.run(
        [sys.executable, os.path.join(os.path.dirname(__file__), "gen_module.py"), str(n)],
        check=True, capture_output=True, text=True).stdout
    shared = {"sz", "v", "cond", "n", "m"}  # every function's arguments
    header, body, prologue, index, inside = None, [], [], 0, False
    for line in module.split("\n"):
        if line.startswith("func.func @f"):
            inside, index = True, index + 1
            header = header or re.sub(r"@f\d+", "@one", line, count=1)
        elif inside and line == "}":
            inside = False
        elif inside and line != "  return":
            body.append(re.sub(r"%([A-Za-z_][A-Za-z0-9_]*)",
                               lambda m: m.group(0) if m.group(1) in shared
                               else f"%{m.group(1)}_{index}", line))
        elif not inside:
            prologue.append(line)
    print("\n".join(prologue).rstrip())
    print(header)
    print("\n".join(body))
    print("  return")
    print("}")


if args.mix:
    merged_mix(args.ops)
else:
    splats_and_fills(args.ops)
