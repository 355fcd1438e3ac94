#!/usr/bin/env python3
"""gen_elementwise_chain.py fused|unfused [KERNELS] [N]: a chain of KERNELS
(default 6) elementwise user kernels on an NxN f32 tensor (default 1024),
alternating between two devices whose resolvers disagree: @cpu tiles matmul
results 8x4, @gpu pads rows (64-byte lines, 4 sets: 1024 f32 rows get 16
pad elements). Kernel i loads its operand through a dispatch.tensor view
and stores x + i (i = 1, 2, ...) through a writeonly view in its device's
layout (`#res` on @cpu, `#rows` on @gpu); its result moves to the other
device (async.transfer) and is relayouted there for the next kernel; the
last result is relayouted to dense rows and exported as a 2x4 corner.

fused:   the program as written: --stream-lite-fuse-relayouts (on by
         default) fuses every relayout after a kernel into that kernel.
unfused: the same, but every kernel result also has a second use (a dead
         1x1 slice of it), so no relayout can be fused: each stays a
         builtin dispatch (the hand-unfused variant; layout-run has no
         option to turn fusion off).

Input: --input=NxNxf32=1.5. See bench/README.md (fusion on and off)."""
import sys

RES = "!stream_lite.resource"


def program(variant, kernels=6, n=1024):
    dense = "tensor<%dx%dxf32>" % (n, n)
    enc = {"cpu": "#res", "gpu": "#rows"}
    lines = [
        "// %d elementwise kernels across two devices, %s (bench/gen_elementwise_chain.py)" % (kernels, variant),
        "#res = #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32]>",
        "#rows = #stream_lite.padding<[0, ?]>",
        "#id = affine_map<(i, j) -> (i, j)>",
        'stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])',
        'stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 64, cache_sets = 4>>])',
    ]
    devs = ["cpu" if i % 2 == 0 else "gpu" for i in range(kernels)]

    def t(dev):
        return "tensor<%dx%dxf32, %s>" % (n, n, enc[dev])

    for i, dev in enumerate(devs):
        vt_in = "!stream_lite.dispatch.tensor<readonly:%s>" % t(dev)
        vt_out = "!stream_lite.dispatch.tensor<writeonly:%s>" % t(dev)
        lines.append("""stream_lite.executable private @k%(i)d {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%%a: !stream_lite.binding, %%o: !stream_lite.binding) {
      %%c0 = arith.constant 0 : index
      %%k = arith.constant %(i1)d.0 : f32
      %%av = stream_lite.binding.subspan %%a[%%c0] : !stream_lite.binding -> %(vi)s
      %%ov = stream_lite.binding.subspan %%o[%%c0] : !stream_lite.binding -> %(vo)s
      %%x = stream_lite.dispatch.tensor.load %%av, offsets = [0, 0], sizes = [%(n)d, %(n)d], strides = [1, 1] : %(vi)s -> %(d)s
      %%e = tensor.empty() : %(d)s
      %%y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%%x : %(d)s) outs(%%e : %(d)s) {
      ^bb0(%%in: f32, %%out: f32):
        %%s = arith.addf %%in, %%k : f32
        linalg.yield %%s : f32
      } -> %(d)s
      stream_lite.dispatch.tensor.store %%y, %%ov, offsets = [0, 0], sizes = [%(n)d, %(n)d], strides = [1, 1] : %(d)s -> %(vo)s
      return
    }
  }
}""" % {"i": i, "i1": i + 1, "vi": vt_in, "vo": vt_out, "n": n, "d": dense})
    lines.append("func.func @main(%%x: %s) -> tensor<2x4xf32> {" % dense)
    lines += ["  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
              "  %c2 = arith.constant 2 : index", "  %c4 = arith.constant 4 : index"]

    def on(dev):
        return "on(#stream_lite.affinity<@%s>) " % dev
    lines.append("  %%sz = stream_lite.tensor.sizeof %s%s : index" % (on("cpu"), dense))
    lines.append("  %%in = stream_lite.tensor.import %s%%x : %s -> %s in %s<external>{%%sz}" % (on("cpu"), dense, dense, RES))
    lines.append("  %%s0 = stream_lite.tensor.sizeof %s%s : index" % (on("cpu"), t("cpu")))
    lines.append("  %%v0 = stream_lite.tensor.encode %s%%in : %s in %s<external>{%%sz} -> %s in %s<*>{%%s0}" % (
        on("cpu"), dense, RES, t("cpu"), RES))
    cur, size = "%v0", "%s0"
    for i, dev in enumerate(devs):
        r = "%%r%d" % i
        lines.append("  %s = stream_lite.tensor.dispatch %s@k%d::@k(%s) : (%s in %s<*>{%s}) -> %s in %s<*>{%s}" % (
            r, on(dev), i, cur, t(dev), RES, size, t(dev), RES, size))
        if variant == "unfused":
            lines.append("  %%ds%d = stream_lite.tensor.sizeof %stensor<1x1xf32> : index" % (i, on(dev)))
            lines.append("  %%dead%d = stream_lite.tensor.slice %s%s[%%c0, %%c0 for %%c1, %%c1] : %s in %s<*>{%s} -> tensor<1x1xf32> in %s<*>{%%ds%d}" % (
                i, on(dev), r, t(dev), RES, size, RES, i))
        if i + 1 < len(devs):
            nxt = devs[i + 1]
            lines.append("  %%m%d = stream_lite.async.transfer %s : %s<*>{%s} from(#stream_lite.affinity<@%s>) -> to(#stream_lite.affinity<@%s>) %s<*>{%s}" % (
                i, r, RES, size, dev, nxt, RES, size))
            ns = "%%s%d" % (i + 1)
            lines.append("  %s = stream_lite.tensor.sizeof %s%s : index" % (ns, on(nxt), t(nxt)))
            lines.append("  %%v%d = stream_lite.tensor.encode %s%%m%d : %s in %s<*>{%s} -> %s in %s<*>{%s}" % (
                i + 1, on(nxt), i, t(dev), RES, size, t(nxt), RES, ns))
            cur, size = "%%v%d" % (i + 1), ns
        else:
            lines.append("  %%dsz = stream_lite.tensor.sizeof %s%s : index" % (on(dev), dense))
            lines.append("  %%d = stream_lite.tensor.encode %s%s : %s in %s<*>{%s} -> %s in %s<*>{%%dsz}" % (
                on(dev), r, t(dev), RES, size, dense, RES))
            lines.append("  %%csz = stream_lite.tensor.sizeof %stensor<2x4xf32> : index" % on(dev))
            lines.append("  %%c = stream_lite.tensor.slice %s%%d[%%c0, %%c0 for %%c2, %%c4] : %s in %s<*>{%%dsz} -> tensor<2x4xf32> in %s<external>{%%csz}" % (
                on(dev), dense, RES, RES))
            lines.append("  %%out = stream_lite.tensor.export %s%%c : tensor<2x4xf32> in %s<external>{%%csz} -> tensor<2x4xf32>" % (on(dev), RES))
            lines.append("  return %out : tensor<2x4xf32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    a = sys.argv[1:]
    sys.stdout.write(program(a[0], int(a[1]) if len(a) > 1 else 6, int(a[2]) if len(a) > 2 else 1024))
