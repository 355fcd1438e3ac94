#!/usr/bin/env python3
"""Generates a large stream-lite module for benchmarking passes.

usage: gen_module.py N [--seed S] [--mix executable|testing|symbols|kernels]
                      [--main] > module.mlir

About N tensor-phase ops spread over functions of ~100 ops each, on three
devices, with transfers between devices, scf.if / scf.for control flow and
dispatches.

--mix executable (the default): every layout can be executed (tiled 8x1,
tiled 16x16 and padding resolvers), so every pipeline accepts the module,
--stream-lite-to-llvm-pipeline included; fills cover a region whose length
is a function argument, so runtime checks have something to check.
--mix testing: the older mix (its third device has a specialization
resolver with testing layouts), which only the tensor-phase passes accept;
bench/run-specialize.sh uses it so that its numbers stay comparable.
--mix symbols: many small functions (about 5 ops each), each with a
default affinity (`stream_lite.affinity`) its ops inherit and a dispatch
of one shared executable's exports, each export dispatched from two
functions on devices of different layouts (so specialization copies the
executable for one export each time), the devices declared last: what
costs a pass or verifier that looks a symbol up by scanning its table
once per use, or copies a whole executable per export (quadratic growth
in run-pipelines.py's `growth` column). Executable too.
--mix kernels: functions of 6 ops, each relaying out a tensor of a shape
of its own (at least 1 MiB) to 8x1 tiles and back: two builtin kernels
per function, each large enough to run on several threads, so that
--stream-lite-to-llvm-pipeline=threads=2 makes a parallel loop, outlined
functions and coroutines per kernel (what costs a pass that scans the
module once per kernel). Executable too.
--main: also a `@main` with the functions' arguments that calls every
function in turn, so that `layout-run --function=main` runs the whole
module (bench/README.md, layout-run on a 10k-op program).
"""
import argparse
import random

DEVICES = """\
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])
@NPU@
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%in: !stream_lite.binding, %out: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %in[%c0] : !stream_lite.binding -> tensor<16x4xf32, #lhs> in memref<?xi8>
      %1 = stream_lite.binding.subspan %out[%c0] : !stream_lite.binding -> tensor<16x4xf32, #lhs> in memref<?xi8>
      return
    }
  }
}
"""

LHS = "#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>"
PAD = "#pad = #stream_lite.padding<[0, ?]>"
TEST = "#test = #stream_lite.testing<>"

# The executable mix: @npu tiles with 16x16 tiles instead of testing layouts.
NPU_EXECUTABLE = (
    'stream_lite.device @npu targets([#stream_lite.target<"npu", resolver = '
    '#stream_lite.tiling_resolver<m = 16, n = 16, k = 1>>])')
NPU_TESTING = (
    'stream_lite.device @npu targets([#stream_lite.target<"npu", resolver = '
    '#stream_lite.specialization_resolver<7>>, #stream_lite.target<"vmvx">])')

ENC = {"cpu": ("tensor<16x4xf32, #lhs>", "f32"),
       "gpu": ("tensor<16x1024xf32, #pad>", "f32"),
       "npu": ("tensor<16x4xf32, #test>", "f32")}


def aff(dev):
    return f"on(#stream_lite.affinity<@{dev}>)"


def gen_function(index, ops, rng, out, mix):
    enc = dict(ENC)
    if mix == "executable":
        enc["npu"] = ("tensor<16x4xf32, #lhs>", "f32")
    # The fill length: a constant in the testing mix (as before), the
    # argument %m (checked at run time) in the executable mix.
    length = "%c1" if mix == "testing" else "%m"
    extra = ", %m: index" if mix == "executable" else ""
    out.append(f"func.func @f{index}(%sz: index, %v: f32, %cond: i1, %n: index{extra}) {{")
    out.append("  %c0 = arith.constant 0 : index")
    out.append("  %c1 = arith.constant 1 : index")
    count = 0
    k = 0
    while count < ops:
        dev = rng.choice(list(enc))
        other = rng.choice([d for d in enc if d != dev])
        ty, el = enc[dev]
        r = f"%r{k}"
        out.append(f"  {r} = stream_lite.tensor.splat {aff(dev)} %v : {el} -> {ty} in !stream_lite.resource<*>{{%sz}}")
        out.append(f"  %s{k} = stream_lite.tensor.sizeof {aff(dev)} {ty} : index")
        out.append(f"  %t{k} = stream_lite.async.transfer {r} : !stream_lite.resource<*>{{%sz}} from(#stream_lite.affinity<@{dev}>) -> to(#stream_lite.affinity<@{other}>) !stream_lite.resource<*>{{%sz}}")
        out.append(f"  %f{k} = stream_lite.tensor.fill {aff(other)} %v, %t{k}[%c0, %c0 for {length}, %c1] : {el} -> {ty} in %t{k} as !stream_lite.resource<*>{{%sz}}")
        out.append(f"  %i{k} = scf.if %cond -> !stream_lite.resource<*> {{")
        out.append(f"    %g{k} = stream_lite.tensor.fill {aff(other)} %v, %f{k}[%c0, %c0 for %c1, %c1] : {el} -> {ty} in %f{k} as !stream_lite.resource<*>{{%sz}}")
        out.append(f"    scf.yield %g{k} : !stream_lite.resource<*>")
        out.append("  } else {")
        out.append(f"    scf.yield %f{k} : !stream_lite.resource<*>")
        out.append("  }")
        out.append(f"  %l{k} = scf.for %it = %c0 to %n step %c1 iter_args(%acc = %i{k}) -> !stream_lite.resource<*> {{")
        out.append(f"    %h{k} = stream_lite.tensor.clone {aff(other)} %acc : {ty} in !stream_lite.resource<*>{{%sz}} -> {ty} in !stream_lite.resource<*>{{%sz}}")
        out.append(f"    scf.yield %h{k} : !stream_lite.resource<*>")
        out.append("  }")
        count += 5
        if dev == "cpu":
            out.append(f"  %d{k} = stream_lite.tensor.dispatch {aff(dev)} @ex::@entry(%l{k}) : ({ty} in !stream_lite.resource<*>{{%sz}}) -> {ty} in !stream_lite.resource<*>{{%sz}}")
            count += 1
        k += 1
    out.append("  return")
    out.append("}")


def gen_symbols(ops, out):
    """The symbols mix: one function per SYMBOL_OPS ops, two dispatching
    each export of @ex (one on each device); devices after everything that
    names them."""
    functions = max(1, ops // SYMBOL_OPS)
    exports = (functions + 1) // 2
    devices = ["cpu", "gpu"]
    for index in range(functions):
        dev = devices[index % 2]
        ty, el = ("tensor<16x4xf32, #lhs>", "f32") if dev == "cpu" else \
            ("tensor<16x1024xf32, #pad>", "f32")
        out.append(f"func.func @f{index}(%sz: index, %v: f32) -> !stream_lite.resource<*> "
                   f"attributes {{stream_lite.affinity = #stream_lite.affinity<@{dev}>}} {{")
        out.append("  %c0 = arith.constant 0 : index")
        out.append("  %c1 = arith.constant 1 : index")
        out.append(f"  %r = stream_lite.tensor.splat %v : {el} -> {ty} in !stream_lite.resource<*>{{%sz}}")
        out.append(f"  %f = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1, %c1] : {el} -> {ty} in %r as !stream_lite.resource<*>{{%sz}}")
        out.append(f"  %h = stream_lite.tensor.clone %f : {ty} in !stream_lite.resource<*>{{%sz}} -> {ty} in !stream_lite.resource<*>{{%sz}}")
        out.append(f"  %d = stream_lite.tensor.dispatch @ex::@e{index // 2}(%h) : ({ty} in !stream_lite.resource<*>{{%sz}}) -> {ty} in !stream_lite.resource<*>{{%sz}}")
        out.append("  return %d : !stream_lite.resource<*>")
        out.append("}")
    out.append("stream_lite.executable private @ex {")
    for index in range(exports):
        out.append(f"  stream_lite.executable.export public @e{index}")
    out.append("  builtin.module {")
    for index in range(exports):
        out.append(f"    func.func @e{index}(%in: !stream_lite.binding, %out: !stream_lite.binding) {{")
        out.append("      return")
        out.append("    }")
    out.append("  }")
    out.append("}")
    out.append(DEVICES.split("@NPU@")[0].rstrip("\n"))


SYMBOL_OPS = 5


def gen_kernels(ops, out):
    """The kernels mix: one function per KERNEL_OPS ops, each with two
    relayouts of a shape no other function has."""
    out.append(DEVICES.split("@NPU@")[0].split("stream_lite.device @gpu")[0]
               .rstrip("\n"))
    for index in range(max(1, ops // KERNEL_OPS)):
        # 256 rows of 1024 f32 are 1 MiB, the least a parallel kernel moves.
        t = f"tensor<{256 + index}x1024xf32>"
        lhs = f"tensor<{256 + index}x1024xf32, #lhs>"
        out.append(f"func.func @f{index}(%arg: {t}) -> {t} attributes "
                   "{stream_lite.affinity = #stream_lite.affinity<@cpu>} {")
        out.append(f"  %sz = stream_lite.tensor.sizeof {t} : index")
        out.append(f"  %i = stream_lite.tensor.import %arg : {t} -> {t} in !stream_lite.resource<external>{{%sz}}")
        out.append(f"  %lsz = stream_lite.tensor.sizeof {lhs} : index")
        out.append(f"  %l = stream_lite.tensor.encode %i : {t} in !stream_lite.resource<external>{{%sz}} -> {lhs} in !stream_lite.resource<*>{{%lsz}}")
        out.append(f"  %d = stream_lite.tensor.encode %l : {lhs} in !stream_lite.resource<*>{{%lsz}} -> {t} in !stream_lite.resource<external>{{%sz}}")
        out.append(f"  %o = stream_lite.tensor.export %d : {t} in !stream_lite.resource<external>{{%sz}} -> {t}")
        out.append(f"  return %o : {t}")
        out.append("}")


KERNEL_OPS = 6


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ops", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix",
                        choices=["executable", "testing", "symbols", "kernels"],
                        default="executable")
    parser.add_argument("--main", action="store_true",
                        help="also a @main that calls every function")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.mix in ("symbols", "kernels"):
        if args.main:
            parser.error(f"--main is not supported with --mix {args.mix}")
        out = [LHS, PAD]
        (gen_symbols if args.mix == "symbols" else gen_kernels)(args.ops, out)
        print("\n".join(out))
        return
    npu = NPU_EXECUTABLE if args.mix == "executable" else NPU_TESTING
    out = [LHS, PAD, TEST, DEVICES.replace("@NPU@", npu)]
    per_function = 100
    functions = max(1, args.ops // per_function)
    for index in range(functions):
        gen_function(index, min(per_function, args.ops), rng, out, args.mix)
    if args.main:
        params = "%sz: index, %v: f32, %cond: i1, %n: index"
        operands = "%sz, %v, %cond, %n"
        types = "index, f32, i1, index"
        if args.mix == "executable":
            params += ", %m: index"
            operands += ", %m"
            types += ", index"
        out.append(f"func.func @main({params}) {{")
        for index in range(functions):
            out.append(f"  call @f{index}({operands}) : ({types}) -> ()")
        out.append("  return")
        out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
