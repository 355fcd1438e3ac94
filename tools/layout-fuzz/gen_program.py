#!/usr/bin/env python3
"""Random stream-lite programs for differential testing (layout x op x region
x shape x element type), each with the inputs to run it.

    gen_program.py SEED            prints the program; the last line is a
                                   comment `// INPUTS: --input=... ...`

Every program imports its inputs, encodes them into a random layout
(identity, padding, or tiled with random tiles and outer_dims_perm), runs one
transfer op on a random region (slice, update, fill, splat, clone, or a host
load/store through a staging resource), encodes the result back to dense and
exports it. `layout-run --compare-to-reference --check-padding` must agree
with the encoding-free reference bit for bit; `run_differential.py` drives it.
"""
import random
import sys

DTYPES = {"f32": 4, "f64": 8, "i8": 1, "i16": 2, "i32": 4, "i64": 8}


def rand_value(rng, dtype):
    if dtype.startswith("f"):
        return str(rng.randint(-64, 64) / 4)
    bits = DTYPES[dtype] * 8
    return str(rng.randint(-(1 << min(bits - 1, 20)), (1 << min(bits - 1, 20)) - 1))


def rand_layout(rng, shape):
    kind = rng.choice(["identity", "padding", "tiled", "tiled"])
    rank = len(shape)
    if kind == "identity":
        return None
    if kind == "padding":
        pads = [0] * rank
        pads[-1] = rng.randint(0, 5)
        if rank > 1 and rng.random() < 0.3:
            pads[0] = rng.randint(0, 2)
        return "#stream_lite.padding<[%s]>" % ", ".join(map(str, pads))
    dims = sorted(rng.sample(range(rank), rng.randint(1, rank)))
    if rng.random() < 0.5:
        rng.shuffle(dims)
    tiles = [rng.randint(1, 5) for _ in dims]
    text = "#stream_lite.tiled<inner_dims_pos = [%s], inner_tiles = [%s]" % (
        ", ".join(map(str, dims)), ", ".join(map(str, tiles)))
    if rank > 1 and rng.random() < 0.4:
        perm = list(range(rank))
        rng.shuffle(perm)
        text += ", outer_dims_perm = [%s]" % ", ".join(map(str, perm))
    return text + ">"


def ttype(shape, dtype, layout=None, dynamic_first=False):
    dims = ["?" if (dynamic_first and i == 0) else str(d) for i, d in enumerate(shape)]
    body = "x".join(dims + [dtype])
    return "tensor<%s%s>" % (body, (", " + layout) if layout else "")


def rand_region(rng, shape):
    offsets, lengths = [], []
    for d in shape:
        o = rng.randint(0, d - 1)
        offsets.append(o)
        lengths.append(rng.randint(1, d - o))
    if rng.random() < 0.3:  # whole rows
        for i in range(1, len(shape)):
            offsets[i], lengths[i] = 0, shape[i]
    return offsets, lengths


class Emitter:
    def __init__(self):
        self.lines = []
        self.consts = {}

    def const(self, value):
        name = "%%c%d" % value
        self.consts[value] = name
        return name

    def emit(self, line):
        self.lines.append("  " + line)


def generate(seed):
    rng = random.Random(seed)
    dtype = rng.choice(list(DTYPES))
    rank = rng.randint(1, 3)
    shape = [rng.randint(1, 9) for _ in range(rank)]
    dynamic = rng.random() < 0.3
    layout = rand_layout(rng, shape)
    op = rng.choice(["slice", "slice", "update", "update", "fill", "fill",
                     "splat", "clone", "loadstore"])
    e = Emitter()
    inputs = []
    args = []

    def input_spec(shp):
        n = 1
        for d in shp:
            n *= d
        values = [rand_value(rng, dtype) for _ in range(n)]
        return "--input=%s=%s" % ("x".join(map(str, shp + [dtype])) if shp else dtype,
                                  ",".join(values))

    in_type = ttype(shape, dtype, dynamic_first=dynamic)
    args.append("%%in: %s" % in_type)
    inputs.append(input_spec(shape))
    dims = ""
    if dynamic:
        e.emit("%%d = tensor.dim %%in, %s : %s" % (e.const(0), in_type))
        dims = "{%d}"
    dense = ttype(shape, dtype, dynamic_first=dynamic)
    enc = ttype(shape, dtype, layout, dynamic_first=dynamic)
    res = "!stream_lite.resource"
    e.emit("%%s0 = stream_lite.tensor.sizeof %s%s : index" % (dense, dims))
    e.emit("%%a = stream_lite.tensor.import %%in : %s -> %s%s in %s<external>{%%s0}" % (in_type, dense, dims, res))
    e.emit("%%s1 = stream_lite.tensor.sizeof %s%s : index" % (enc, dims))
    e.emit("%%b = stream_lite.tensor.encode %%a : %s%s in %s<external>{%%s0} -> %s%s in %s<*>{%%s1}" % (dense, dims, res, enc, dims, res))
    result_shape, result_dims, out_value, out_layout = shape, dims, "%b", layout
    result_dynamic = dynamic

    if op == "slice":
        offsets, lengths = rand_region(rng, shape)
        out_layout = rand_layout(rng, lengths)
        rt = ttype(lengths, dtype, out_layout)
        e.emit("%%s2 = stream_lite.tensor.sizeof %s : index" % rt)
        e.emit("%%r = stream_lite.tensor.slice %%b[%s for %s] : %s%s in %s<*>{%%s1} -> %s in %s<*>{%%s2}" % (
            ", ".join(e.const(o) for o in offsets), ", ".join(e.const(l) for l in lengths),
            enc, dims, res, rt, res))
        result_shape, result_dims, out_value, result_dynamic = lengths, "", "%r", False
        current_size = "%s2"
    elif op == "update":
        offsets, lengths = rand_region(rng, shape)
        ut = ttype(lengths, dtype)
        args.append("%%upd: %s" % ut)
        inputs.append(input_spec(lengths))
        ulayout = rand_layout(rng, lengths)
        uet = ttype(lengths, dtype, ulayout)
        e.emit("%%s3 = stream_lite.tensor.sizeof %s : index" % ut)
        e.emit("%%u0 = stream_lite.tensor.import %%upd : %s -> %s in %s<external>{%%s3}" % (ut, ut, res))
        e.emit("%%s4 = stream_lite.tensor.sizeof %s : index" % uet)
        e.emit("%%u = stream_lite.tensor.encode %%u0 : %s in %s<external>{%%s3} -> %s in %s<*>{%%s4}" % (ut, res, uet, res))
        e.emit("%%r = stream_lite.tensor.update %%u, %%b[%s] : %s in %s<*>{%%s4} -> %s%s in %%b as %s<*>{%%s1}" % (
            ", ".join(e.const(o) for o in offsets), uet, res, enc, dims, res))
        out_value, current_size = "%r", "%s1"
    elif op == "fill":
        offsets, lengths = rand_region(rng, shape)
        if dtype == "i64" and rng.random() < 0.5:
            value = str(rng.choice([0x0000000500000005, 0x0000000500000006, -1]))
        else:
            value = rand_value(rng, dtype)
        e.emit("%%v = arith.constant %s : %s" % (value, dtype))
        e.emit("%%r = stream_lite.tensor.fill %%v, %%b[%s for %s] : %s -> %s%s in %%b as %s<*>{%%s1}" % (
            ", ".join(e.const(o) for o in offsets), ", ".join(e.const(l) for l in lengths),
            dtype, enc, dims, res))
        out_value, current_size = "%r", "%s1"
    elif op == "splat":
        e.emit("%%v = arith.constant %s : %s" % (rand_value(rng, dtype), dtype))
        e.emit("%%r = stream_lite.tensor.splat %%v : %s -> %s%s in %s<*>{%%s1}" % (dtype, enc, dims, res))
        out_value, current_size = "%r", "%s1"
    elif op == "clone":
        e.emit("%%r = stream_lite.tensor.clone %%b : %s%s in %s<*>{%%s1} -> %s%s in %s<*>{%%s1}" % (enc, dims, res, enc, dims, res))
        out_value, current_size = "%r", "%s1"
    else:  # loadstore: move to staging, read one element, write it elsewhere
        idx_src = [rng.randint(0, d - 1) for d in shape]
        idx_dst = [rng.randint(0, d - 1) for d in shape]
        e.emit("%%st = stream_lite.async.transfer %%b : %s<*>{%%s1} -> %s<staging>{%%s1}" % (res, res))
        e.emit("%%x = stream_lite.tensor.load %%st[%s] : %s%s in %s<staging>{%%s1} -> %s" % (
            ", ".join(e.const(i) for i in idx_src), enc, dims, res, dtype))
        e.emit("%%w = stream_lite.tensor.store %%x, %%st[%s] : %s -> %s%s in %%st as %s<staging>{%%s1}" % (
            ", ".join(e.const(i) for i in idx_dst), dtype, enc, dims, res))
        e.emit("%%r = stream_lite.async.transfer %%w : %s<staging>{%%s1} -> %s<*>{%%s1}" % (res, res))
        out_value, current_size = "%r", "%s1"

    out_dense = ttype(result_shape, dtype, dynamic_first=result_dynamic)
    out_enc = ttype(result_shape, dtype, out_layout, dynamic_first=result_dynamic)
    e.emit("%%s9 = stream_lite.tensor.sizeof %s%s : index" % (out_dense, result_dims))
    e.emit("%%back = stream_lite.tensor.encode %s : %s%s in %s<*>{%s} -> %s%s in %s<external>{%%s9}" % (
        out_value, out_enc, result_dims, res, current_size, out_dense, result_dims, res))
    e.emit("%%out = stream_lite.tensor.export %%back : %s%s in %s<external>{%%s9} -> %s" % (
        out_dense, result_dims, res, out_dense))
    e.emit("return %%out : %s" % out_dense)

    lines = ["// Random program, seed %d: %s %s on %s" % (seed, op, "x".join(map(str, shape + [dtype])), layout or "identity"),
             'stream_lite.device @dev targets([#stream_lite.target<"x">])',
             "func.func @main(%s) -> %s attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {" % (
                 ", ".join(args), out_dense)]
    for value, name in sorted(e.consts.items()):
        lines.append("  %s = arith.constant %d : index" % (name, value))
    lines += e.lines
    lines.append("}")
    lines.append("// INPUTS: " + " ".join(inputs))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(generate(int(sys.argv[1])))
