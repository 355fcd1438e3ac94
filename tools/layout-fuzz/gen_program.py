#!/usr/bin/env python3
"""Random stream-lite programs for differential testing, each with the inputs
to run it.

    gen_program.py SEED [--no-huge] [--dynamic-offsets] [--views] [--view-reuse]
                   [--region-merges]
                                     prints the program; the last line is a
                                     comment `// INPUTS: --input=... ...`

A program imports its input on one of one to three devices (resolvers that
differ: tiling, padding, identity), then takes one to four steps on the
tensor, each on the device it is on:

- a transfer op on a random region (slice, update, fill, splat, clone, or a
  host load/store through a staging resource), in an explicit layout
  (identity, padding, tiled with random tiles, possibly larger than the dim,
  and outer_dims_perm) or in an encoding the device's resolver resolves;
- an encode into another layout, or a move to another device (whose
  resolver then lays out what it creates; what it reads keeps its
  creator's layout);
- a call of a private function, an scf.if, an scf.for or cf branches around
  fills;
- a merge: the tensor encoded on two devices whose resolvers disagree meets
  at an scf.if, an arith.select (of the data and of its size), at cf
  branches or at a private callee's argument, which
  --stream-lite-specialize-encodings relayouts;
- a dispatch of a user executable: no operands (`() -> ()`), an in-place
  no-op, or a byte copy (only where both bindings get the same layout);

then encodes the result back to dense and exports it. Element types are i1,
packed i2 and i4, i8 to i64, f32 and f64. `layout-run --compare-to-reference --check-padding`
must agree with the encoding-free reference bit for bit; run_differential.py
drives it.

With --dynamic-offsets the offsets of the top-level slices, updates and
fills are most often run-time values of the forms "multiple plus
remainder" over two index arguments %k and %j (k*m + r, r + k*m,
(k + a)*m + r, k*m + j*n + r, k*m), which equal the drawn offsets at the
inputs given: DMA must then be proven for every value of k and j. The
choices come from a generator of their own, so a seed keeps the rest of
its program.

About one seed in twenty instead builds a program with a static size near
the int64 limit (a huge shape or tile); its header says
`// EXPECT: clean-failure`: it must fail with a diagnostic (layout-run exit
2 and `error:`), never run, crash or mismatch.

With `--views` (`generate(seed, views=True)`, run_differential.py
`--views`), every program also has one or two view-kernel steps (after the
first encode, before the result goes back to dense, or both), drawn from a
generator of their own so that the other steps stay those of the seed: a
dispatch of a user kernel that sees its bindings as logical tensors
(`!stream_lite.dispatch.tensor` views, docs/language.md) in whatever layout
the tensor has, loads a whole, partial or strided (2-3) region at constant
or dynamic (index operand) offsets, computes elementwise with linalg
(linalg.generic with arith add/sub/mul/max/negf/xori, or linalg.add; exact
and deterministic), and stores the result whole into an untied writeonly
result in the same or another layout, or back into its region of a tied
readwrite result; the kernel takes its operands in dispatch order or in
IREE's order (bindings, then scalars). Then, maybe, a relayout of the
result, directly or after a move to another device (fused by
--stream-lite-fuse-relayouts), or one that must not be fused: a second
kernel reads both the result and its relayout (VIEW_STEP_RATE: the share of
programs with such steps without `--views`; 0).

With `--view-reuse` (implies `--views`), each view-kernel step is followed
by one more, from a generator of its own (the programs without the option
are unchanged): one view executable dispatched two or three times on
devices drawn anew with its bindings in other layouts (dense first and a
layout later, the reverse, or random), chained or all reading the step's
input; an scf.if or scf.index_switch whose arms dispatch view kernels (one
executable or one each, on one or two devices), or where one arm yields no
dispatch result, then maybe a relayout of the merge result, directly or
after a move (its dynamic dim maybe computed again after the move); or a
kernel with an untied result it only views readonly (its pads must be zero
after the dispatch). See step_view_reuse.

With `--region-merges` (with `--view-reuse`), half of those two-armed
merges are an scf.execute_region whose two blocks, entered by a
cf.cond_br, yield the arms (a merge that is not an scf.if).
"""
import random
import sys

DTYPES = {"f32": 4, "f64": 8, "i1": 1, "i2": 1, "i4": 1, "i8": 1, "i16": 2,
          "i32": 4, "i64": 8}
# Packed sub-byte types: host bytes per element above, bits here.
SUBBYTE_BITS = {"i2": 2, "i4": 4}
RES = "!stream_lite.resource"


def rand_value(rng, dtype):
    if dtype == "i1":
        return str(rng.randint(0, 1))
    if dtype.startswith("f"):
        return str(rng.randint(-64, 64) / 4)
    bits = SUBBYTE_BITS.get(dtype, DTYPES[dtype] * 8)
    return str(rng.randint(-(1 << min(bits - 1, 20)), (1 << min(bits - 1, 20)) - 1))


def const_value(value, dtype):
    """The operand of an arith.constant of `dtype` (i1 is `true`/`false`)."""
    if dtype == "i1":
        return "true" if value not in ("0", 0) else "false"
    return "%s : %s" % (value, dtype)


def rand_swizzle(rng, tiles):
    """A swizzle of `tiles` (one inner tile per entry): each tile split into
    random factors (outer first), all expanded dims randomly permuted."""
    expand = []
    for tile in tiles:
        factors, rest = [], tile
        while rest > 1 and len(factors) < 2 and rng.random() < 0.6:
            divisors = [f for f in range(2, rest) if rest % f == 0]
            if not divisors:
                break
            f = rng.choice(divisors)
            factors.append(f)
            rest //= f
        factors.append(rest)
        expand.append(factors)
    perm = list(range(sum(len(f) for f in expand)))
    rng.shuffle(perm)
    return "#stream_lite.swizzle<expand_shape = [%s], permutation = [%s]>" % (
        ", ".join("[%s]" % ", ".join(map(str, f)) for f in expand),
        ", ".join(map(str, perm)))


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
    # Tiles larger than the dim too (most dims are at most 9).
    tiles = [rng.randint(1, 5) if rng.random() < 0.8 else rng.randint(6, 20) for _ in dims]
    text = "#stream_lite.tiled<inner_dims_pos = [%s], inner_tiles = [%s]" % (
        ", ".join(map(str, dims)), ", ".join(map(str, tiles)))
    if rank > 1 and rng.random() < 0.4:
        perm = list(range(rank))
        rng.shuffle(perm)
        text += ", outer_dims_perm = [%s]" % ", ".join(map(str, perm))
    if rng.random() < 0.35:
        text += ", swizzle = " + rand_swizzle(rng, tiles)
    return text + ">"


def rand_devices(rng):
    """One to three devices whose resolvers differ."""
    devices = []
    kinds = ["tiling", "padding", "identity"]
    for i in range(rng.randint(1, 3)):
        kind = rng.choice(kinds)
        if kind == "tiling":
            m, n, k = (rng.randint(1, 5) if rng.random() < 0.8 else rng.randint(6, 11)
                       for _ in range(3))
            swizzles = ""
            # GPU-style resolvers swizzle some operands' tiles.
            for name, tiles in (("lhs", (m, k)), ("rhs", (n, k)), ("result", (m, n))):
                if rng.random() < 0.3:
                    swizzles += ", %s_swizzle = %s" % (name, rand_swizzle(rng, tiles))
            target = '#stream_lite.target<"cpu%d", resolver = #stream_lite.tiling_resolver<m = %d, n = %d, k = %d%s>>' % (
                i, m, n, k, swizzles)
        elif kind == "padding":
            target = '#stream_lite.target<"gpu%d", resolver = #stream_lite.padding_resolver<cache_line_bytes = %d, cache_sets = %d>>' % (
                i, rng.choice([4, 8, 16]), rng.randint(1, 2))
        else:
            target = '#stream_lite.target<"plain%d">' % i
        fill_bits = ""
        if rng.random() < 0.4:
            bits = sorted(rng.sample([8, 16, 32, 64], rng.randint(1, 3)))
            fill_bits = " {native_fill_bits = [%s]}" % ", ".join(map(str, bits))
        devices.append(("d%d" % i, kind, "stream_lite.device @d%d targets([%s])%s" % (i, target, fill_bits)))
    return devices


def rand_encoding(rng, device_kind, shape, dtype, dynamic=False):
    """An explicit layout, or an encoding this kind of device resolves (a
    padding request needs a static innermost dim)."""
    choices = ["explicit", "explicit", "none"]
    if device_kind in ("tiling", "identity") and len(shape) == 2:
        choices += ["matmul", "matmul"]
    if device_kind in ("padding", "identity") and not (dynamic and len(shape) == 1):
        choices += ["padreq"]
    choice = rng.choice(choices)
    if choice == "explicit":
        return rand_layout(rng, shape)
    if choice == "matmul":
        return "#stream_lite.encoding<operand_index = %d, op_type = matmul, element_types = [%s, %s, %s]%s>" % (
            rng.randint(0, 2), dtype, dtype, dtype, rand_iteration_sizes(rng))
    if choice == "padreq":
        return "#stream_lite.padding<[%s?]>" % ("0, " * (len(shape) - 1))
    return None


def rand_iteration_sizes(rng):
    """Sometimes `iteration_sizes = [M, N, K]`: small sizes make narrow
    tiles; `?` and large sizes do not."""
    if rng.random() < 0.6:
        return ""
    def size():
        r = rng.random()
        return "?" if r < 0.2 else str(rng.randint(1, 4) if r < 0.7 else rng.randint(5, 40))
    return ", iteration_sizes = [%s, %s, %s]" % (size(), size(), size())


def is_unserialized(enc):
    return enc is not None and ("encoding<" in enc or "?" in enc)


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


class Tensor:
    """A tensor held in a resource: its SSA names, type and where it lives
    (`dev` runs ops on it; `layout_dev` created it, whose resolver laid it
    out)."""

    def __init__(self, value, shape, dtype, enc, dynamic, size, dev, layout_dev, life="*"):
        self.value, self.shape, self.dtype, self.enc = value, shape, dtype, enc
        self.dynamic, self.size, self.dev, self.layout_dev = dynamic, size, dev, layout_dev
        self.life = life
        self.dim = "%d"  # the SSA value of a dynamic dim 0

    def res(self):
        return "%s<%s>" % (RES, self.life)

    def type(self):
        return ttype(self.shape, self.dtype, self.enc, self.dynamic)

    def dims(self):
        return "{%s}" % self.dim if self.dynamic else ""

    def with_value(self, value):
        t = Tensor(value, self.shape, self.dtype, self.enc, self.dynamic, self.size,
                   self.dev, self.layout_dev, self.life)
        t.dim = self.dim
        return t


class Program:
    def __init__(self, rng, seed):
        self.rng, self.seed = rng, seed
        self.lines, self.consts, self.toplevel, self.functions = [], {}, [], []
        self.args, self.inputs, self.counter = [], [], 0
        self.notes = []
        # --view-reuse (step_view_reuse), and the type of %in.
        self.view_reuse = False
        # --region-merges (step_view_merge).
        self.region_merges = False
        self.in_type = None
        # --dynamic-offsets: its own generator, and the values of %k, %j.
        self.offset_rng = None
        self.k = self.j = 0

    def use_dynamic_offsets(self):
        self.offset_rng = random.Random(self.seed * 104729 + 3)
        self.k = self.offset_rng.randint(0, 3)
        self.j = self.offset_rng.randint(0, 2)
        self.args += ["%k: index", "%j: index"]
        self.inputs += ["--input=index=%d" % self.k, "--input=index=%d" % self.j]

    def offset(self, o):
        """Offset `o` of a region: a constant, or with --dynamic-offsets
        mostly a run-time value that equals `o` at the inputs."""
        rng = self.offset_rng
        if rng is None or rng.random() < 0.25:
            return self.const(o)
        k, j = self.k, self.j
        m = rng.choice([m for m in (1, 2, 3, 4, 8, 16) if k * m <= o] or [1])
        form = rng.choice(["k*m+r", "r+k*m", "(k+a)*m+r", "k*m+j*n+r"])
        if form == "(k+a)*m+r" and (k + 1) * m > o:
            form = "k*m+r"
        if form == "k*m+j*n+r":
            ns = [n for n in (1, 2, 4, 8) if k * m + j * n <= o]
            if not ns:
                form = "k*m+r"
        if form == "(k+a)*m+r":
            base = self.fresh("o")
            self.emit("%s = arith.addi %%k, %s : index" % (base, self.const(1)))
            used = (k + 1) * m
        else:
            base = "%k"
            used = k * m
        product = self.fresh("o")
        self.emit("%s = arith.muli %s, %s : index" % (product, base, self.const(m)))
        value = product
        if form == "k*m+j*n+r":
            n = rng.choice(ns)
            jn, total = self.fresh("o"), self.fresh("o")
            self.emit("%s = arith.muli %%j, %s : index" % (jn, self.const(n)))
            self.emit("%s = arith.addi %s, %s : index" % (total, product, jn))
            value, used = total, used + j * n
        r = o - used
        if r == 0 and rng.random() < 0.5:
            return value
        name = self.fresh("o")
        if form == "r+k*m":
            self.emit("%s = arith.addi %s, %s : index" % (name, self.const(r), value))
        else:
            self.emit("%s = arith.addi %s, %s : index" % (name, value, self.const(r)))
        return name

    def fresh(self, prefix):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def const(self, value):
        name = "%%c%d" % value
        self.consts[value] = name
        return name

    def emit(self, line):
        self.lines.append("  " + line)

    def on(self, dev):
        return "on(#stream_lite.affinity<@%s>) " % dev

    def input_spec(self, shape, dtype):
        n = 1
        for d in shape:
            n *= d
        values = [rand_value(self.rng, dtype) for _ in range(n)]
        return "--input=%s=%s" % ("x".join(map(str, shape + [dtype])) if shape else dtype,
                                  ",".join(values))

    def sizeof(self, dev, type_text, dims=""):
        name = self.fresh("sz")
        self.emit("%s = stream_lite.tensor.sizeof %s%s%s : index" % (name, self.on(dev), type_text, dims))
        return name

    def scalar(self, dtype, value=None):
        name = self.fresh("v")
        if value is None:
            value = rand_value(self.rng, dtype)
        self.emit("%s = arith.constant %s" % (name, const_value(value, dtype)))
        return name


def fill_in_place(p, t, value_name, offsets, lengths, consts=None):
    """Emits a tied fill of `t`; returns its result name."""
    c = consts or p.const
    name = p.fresh("f")
    # An offset may already be an SSA name (Program.offset).
    p.emit("%s = stream_lite.tensor.fill %s%s, %s[%s for %s] : %s -> %s%s in %s as %s<*>{%s}" % (
        name, p.on(t.dev), value_name, t.value,
        ", ".join(o if isinstance(o, str) else c(o) for o in offsets),
        ", ".join(c(l) for l in lengths), t.dtype, t.type(), t.dims(), t.value, RES, t.size))
    return name


def step_transfer(p, t, devices):
    rng = p.rng
    op = rng.choice(["slice", "slice", "update", "update", "fill", "fill",
                     "splat", "clone", "loadstore"])
    kind = dict((d[0], d[1]) for d in devices)[t.dev]
    if op == "slice":
        offsets, lengths = rand_region(rng, t.shape)
        enc = rand_encoding(rng, kind, lengths, t.dtype)
        rt = ttype(lengths, t.dtype, enc)
        size = p.sizeof(t.dev, rt)
        name = p.fresh("s")
        starts = [p.offset(o) for o in offsets]
        p.emit("%s = stream_lite.tensor.slice %s%s[%s for %s] : %s%s in %s<*>{%s} -> %s in %s<*>{%s}" % (
            name, p.on(t.dev), t.value, ", ".join(starts),
            ", ".join(p.const(l) for l in lengths), t.type(), t.dims(), RES, t.size, rt, RES, size))
        return Tensor(name, lengths, t.dtype, enc, False, size, t.dev, t.dev)
    if op == "update":
        offsets, lengths = rand_region(rng, t.shape)
        ut = ttype(lengths, t.dtype)
        arg = "%%upd%d" % len(p.args)
        p.args.append("%s: %s" % (arg, ut))
        p.inputs.append(p.input_spec(lengths, t.dtype))
        uenc = rand_encoding(rng, kind, lengths, t.dtype)
        uet = ttype(lengths, t.dtype, uenc)
        s3 = p.sizeof(t.dev, ut)
        u0 = p.fresh("u")
        p.emit("%s = stream_lite.tensor.import %s%s : %s -> %s in %s<external>{%s}" % (
            u0, p.on(t.dev), arg, ut, ut, RES, s3))
        s4 = p.sizeof(t.dev, uet)
        u = p.fresh("u")
        p.emit("%s = stream_lite.tensor.encode %s%s : %s in %s<external>{%s} -> %s in %s<*>{%s}" % (
            u, p.on(t.dev), u0, ut, RES, s3, uet, RES, s4))
        name = p.fresh("up")
        starts = [p.offset(o) for o in offsets]
        p.emit("%s = stream_lite.tensor.update %s%s, %s[%s] : %s in %s<*>{%s} -> %s%s in %s as %s<*>{%s}" % (
            name, p.on(t.dev), u, t.value, ", ".join(starts), uet, RES, s4,
            t.type(), t.dims(), t.value, RES, t.size))
        return t.with_value(name)
    if op == "fill":
        offsets, lengths = rand_region(rng, t.shape)
        value = None
        if t.dtype == "i64" and rng.random() < 0.5:
            value = str(rng.choice([0x0000000500000005, 0x0000000500000006, -1]))
        v = p.scalar(t.dtype, value)
        starts = [p.offset(o) for o in offsets]
        return t.with_value(fill_in_place(p, t, v, starts, lengths))
    if op == "splat":
        v = p.scalar(t.dtype)
        # A new tensor on this device, laid out by its resolver, which may
        # not resolve the encoding the tensor had on another device.
        enc, size = t.enc, t.size
        if is_unserialized(t.enc) and t.layout_dev != t.dev:
            enc = rand_encoding(rng, kind, t.shape, t.dtype, t.dynamic)
            size = p.sizeof(t.dev, ttype(t.shape, t.dtype, enc, t.dynamic), t.dims())
        splat = Tensor(None, t.shape, t.dtype, enc, t.dynamic, size, t.dev, t.dev)
        name = p.fresh("sp")
        p.emit("%s = stream_lite.tensor.splat %s%s : %s -> %s%s in %s<*>{%s}" % (
            name, p.on(t.dev), v, t.dtype, splat.type(), t.dims(), RES, size))
        return splat.with_value(name)
    if op == "clone":
        name = p.fresh("cl")
        p.emit("%s = stream_lite.tensor.clone %s%s : %s%s in %s<*>{%s} -> %s%s in %s<*>{%s}" % (
            name, p.on(t.dev), t.value, t.type(), t.dims(), RES, t.size, t.type(), t.dims(), RES, t.size))
        return t.with_value(name)
    # loadstore: move to staging, read one element, write it elsewhere.
    idx_src = [rng.randint(0, d - 1) for d in t.shape]
    idx_dst = [rng.randint(0, d - 1) for d in t.shape]
    st, x, w, r = p.fresh("st"), p.fresh("x"), p.fresh("w"), p.fresh("r")
    p.emit("%s = stream_lite.async.transfer %s : %s<*>{%s} -> %s<staging>{%s}" % (st, t.value, RES, t.size, RES, t.size))
    p.emit("%s = stream_lite.tensor.load %s[%s] : %s%s in %s<staging>{%s} -> %s" % (
        x, st, ", ".join(p.const(i) for i in idx_src), t.type(), t.dims(), RES, t.size, t.dtype))
    p.emit("%s = stream_lite.tensor.store %s, %s[%s] : %s -> %s%s in %s as %s<staging>{%s}" % (
        w, x, st, ", ".join(p.const(i) for i in idx_dst), t.dtype, t.type(), t.dims(), st, RES, t.size))
    p.emit("%s = stream_lite.async.transfer %s : %s<staging>{%s} -> %s<*>{%s}" % (r, w, RES, t.size, RES, t.size))
    return t.with_value(r)


def step_encode(p, t, devices):
    kind = dict((d[0], d[1]) for d in devices)[t.dev]
    enc = rand_encoding(p.rng, kind, t.shape, t.dtype, t.dynamic)
    nt = ttype(t.shape, t.dtype, enc, t.dynamic)
    size = p.sizeof(t.dev, nt, t.dims())
    name = p.fresh("e")
    p.emit("%s = stream_lite.tensor.encode %s%s : %s%s in %s{%s} -> %s%s in %s<*>{%s}" % (
        name, p.on(t.dev), t.value, t.type(), t.dims(), t.res(), t.size, nt, t.dims(), RES, size))
    return Tensor(name, t.shape, t.dtype, enc, t.dynamic, size, t.dev, t.dev)


def step_move(p, t, devices):
    others = [d[0] for d in devices if d[0] != t.dev]
    if not others:
        return step_encode(p, t, devices)
    dev = p.rng.choice(others)
    name = p.fresh("mv")
    p.emit("%s = stream_lite.async.transfer %s : %s<*>{%s} from(#stream_lite.affinity<@%s>) -> to(#stream_lite.affinity<@%s>) %s<*>{%s}" % (
        name, t.value, RES, t.size, t.dev, dev, RES, t.size))
    moved = t.with_value(name)
    moved.dev = dev
    return moved


def fill_args(p, t):
    rng = p.rng
    offsets, lengths = rand_region(rng, t.shape)
    return offsets, lengths


def step_call(p, t, devices):
    """A private function cloning and filling its argument."""
    rng = p.rng
    fname = "@step%d" % len(p.functions)
    offsets, lengths = fill_args(p, t)
    value = rand_value(rng, t.dtype)
    consts = {}

    def c(v):
        consts[v] = "%%k%d" % v
        return consts[v]
    body = []
    inner = Tensor("%r", t.shape, t.dtype, t.enc, t.dynamic, "%sz", t.dev, t.layout_dev)
    saved = p.lines
    p.lines = body
    p.emit("%%val = arith.constant %s" % const_value(value, t.dtype))
    p.emit("%%c = stream_lite.tensor.clone %s%%r : %s%s in %s<*>{%%sz} -> %s%s in %s<*>{%%sz}" % (
        p.on(t.dev), t.type(), t.dims(), RES, t.type(), t.dims(), RES))
    result = fill_in_place(p, inner.with_value("%c"), "%val", offsets, lengths, c)
    p.emit("return %s : %s<*>" % (result, RES))
    p.lines = saved
    params = "%%r: %s<*>, %%sz: index" % RES + (", %d: index" if t.dynamic else "")
    text = ["func.func private %s(%s) -> %s<*> attributes {stream_lite.affinity = #stream_lite.affinity<@%s>} {" % (
        fname, params, RES, t.dev)]
    text += ["  %s = arith.constant %d : index" % (n, v) for v, n in sorted(consts.items())]
    text += body + ["}"]
    p.functions.append("\n".join(text))
    name = p.fresh("call")
    args = "%s, %s" % (t.value, t.size) + (", %d" if t.dynamic else "")
    types = "%s<*>, index" % RES + (", index" if t.dynamic else "")
    p.emit("%s = func.call %s(%s) : (%s) -> %s<*>" % (name, fname, args, types, RES))
    return t.with_value(name)


def flag(p):
    if "%flag" not in " ".join(p.args):
        p.args.append("%flag: index")
        p.inputs.append("--input=index=%d" % p.rng.randint(0, 1))
    name = p.fresh("cond")
    p.emit("%s = arith.cmpi ne, %%flag, %s : index" % (name, p.const(0)))
    return name


def step_if(p, t, devices):
    cond = flag(p)
    name = p.fresh("if")
    p.emit("%s = scf.if %s -> (%s<*>) {" % (name, cond, RES))
    v = p.scalar(t.dtype)
    r = fill_in_place(p, t, v, *fill_args(p, t))
    p.emit("  scf.yield %s : %s<*>" % (r, RES))
    p.emit("} else {")
    if p.rng.random() < 0.5:
        v = p.scalar(t.dtype)
        r = fill_in_place(p, t, v, *fill_args(p, t))
    else:
        r = t.value
    p.emit("  scf.yield %s : %s<*>" % (r, RES))
    p.emit("}")
    return t.with_value(name)


def step_for(p, t, devices):
    """A loop whose trip count stays inside dim 0; iteration i fills row i."""
    trips = p.rng.randint(1, t.shape[0])
    iv, acc, name = p.fresh("iv"), p.fresh("acc"), p.fresh("for")
    p.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s<*>) {" % (
        name, iv, p.const(0), p.const(trips), p.const(1), acc, t.value, RES))
    v = p.scalar(t.dtype)
    f = p.fresh("f")
    rest = t.shape[1:]
    p.emit("%s = stream_lite.tensor.fill %s%s, %s[%s for %s] : %s -> %s%s in %s as %s<*>{%s}" % (
        f, p.on(t.dev), v, acc, ", ".join([iv] + [p.const(0)] * len(rest)),
        ", ".join([p.const(1)] + [p.const(d) for d in rest]), t.dtype, t.type(), t.dims(),
        acc, RES, t.size))
    p.emit("  scf.yield %s : %s<*>" % (f, RES))
    p.emit("}")
    return t.with_value(name)


def step_cf(p, t, devices):
    cond = flag(p)
    n = p.counter
    p.emit("cf.cond_br %s, ^bb%da, ^bb%db" % (cond, n, n))
    p.lines.append("^bb%da:" % n)
    v = p.scalar(t.dtype)
    r = fill_in_place(p, t, v, *fill_args(p, t))
    p.emit("cf.br ^bb%dm(%s : %s<*>)" % (n, r, RES))
    p.lines.append("^bb%db:" % n)
    p.emit("cf.br ^bb%dm(%s : %s<*>)" % (n, t.value, RES))
    name = "%%m%d" % n
    p.lines.append("^bb%dm(%s: %s<*>):" % (n, name, RES))
    return t.with_value(name)


def merge_encoding(rng, kinds, t):
    """An encoding every device of `kinds` resolves (to layouts that may
    differ), or None."""
    choices = []
    if len(t.shape) == 2 and all(k in ("tiling", "identity") for k in kinds):
        choices.append("#stream_lite.encoding<operand_index = %d, op_type = matmul, element_types = [%s, %s, %s]>" % (
            rng.randint(0, 2), t.dtype, t.dtype, t.dtype))
    if all(k in ("padding", "identity") for k in kinds) and not (t.dynamic and len(t.shape) == 1):
        choices.append("#stream_lite.padding<[%s?]>" % ("0, " * (len(t.shape) - 1)))
    return rng.choice(choices) if choices else None


def merge_arm(p, t, dev, enc, fill):
    """Encodes `t` on `dev` (to `enc`), maybe fills it there; returns the
    resource and its size."""
    nt = ttype(t.shape, t.dtype, enc, t.dynamic)
    size = p.sizeof(dev, nt, t.dims())
    name = p.fresh("e")
    p.emit("%s = stream_lite.tensor.encode %s%s : %s%s in %s{%s} -> %s%s in %s<*>{%s}" % (
        name, p.on(dev), t.value, t.type(), t.dims(), t.res(), t.size, nt, t.dims(), RES, size))
    arm = Tensor(name, t.shape, t.dtype, enc, t.dynamic, size, dev, dev)
    if fill:
        v = p.scalar(t.dtype)
        name = fill_in_place(p, arm, v, *fill_args(p, arm))
    return name, size


def merge_callee(p, t, enc):
    """A private function that fills its argument on t.dev and returns a new
    copy made there: called with data from two devices, its argument merges."""
    fname = "@merge%d" % len(p.functions)
    offsets, lengths = fill_args(p, t)
    consts = {}

    def c(v):
        consts[v] = "%%k%d" % v
        return consts[v]
    nt = ttype(t.shape, t.dtype, enc, t.dynamic)
    body, saved = [], p.lines
    p.lines = body
    p.emit("%%val = arith.constant %s" % const_value(rand_value(p.rng, t.dtype), t.dtype))
    inner = Tensor("%r", t.shape, t.dtype, enc, t.dynamic, "%sz", t.dev, None)
    f = fill_in_place(p, inner, "%val", offsets, lengths, c)
    p.emit("%%sz2 = stream_lite.tensor.sizeof %s%s%s : index" % (p.on(t.dev), nt, t.dims()))
    p.emit("%%copy = stream_lite.tensor.encode %s%s : %s%s in %s<*>{%%sz} -> %s%s in %s<*>{%%sz2}" % (
        p.on(t.dev), f, nt, t.dims(), RES, nt, t.dims(), RES))
    p.emit("return %%copy, %%sz2 : %s<*>, index" % RES)
    p.lines = saved
    params = "%%r: %s<*>, %%sz: index" % RES + (", %d: index" if t.dynamic else "")
    text = ["func.func private %s(%s) -> (%s<*>, index) {" % (fname, params, RES)]
    text += ["  %s = arith.constant %d : index" % (n, v) for v, n in sorted(consts.items())]
    text += body + ["}"]
    p.functions.append("\n".join(text))
    return fname


def step_merge(p, t, devices):
    """Data encoded on two devices whose resolvers disagree meets at an
    scf.if, cf branches, or a private callee's argument: the specialization
    relayouts one path."""
    rng = p.rng
    kinds = dict((d[0], d[1]) for d in devices)
    others = [d[0] for d in devices if d[0] != t.dev]
    enc = None
    if others:
        other = rng.choice(others)
        enc = merge_encoding(rng, [kinds[t.dev], kinds[other]], t)
    if enc is None:
        return step_if(p, t, devices)
    arms = [t.dev, other]
    rng.shuffle(arms)
    form = rng.choice(["if", "cf", "call"])
    # Half of the scf.if merges are selects of both arms, computed
    # unconditionally (each arm makes its own resource). Drawn from a
    # generator of its own so that other seeds' programs do not change.
    if form == "if" and random.Random(p.seed * 7919 + p.counter).random() < 0.5:
        form = "select"
    callee = merge_callee(p, t, enc) if form == "call" else None
    cond = flag(p)

    def arm(dev):
        value, size = merge_arm(p, t, dev, enc, rng.random() < 0.5)
        if callee:
            call = p.fresh("call")
            args = "%s, %s" % (value, size) + (", %d" if t.dynamic else "")
            types = "%s<*>, index" % RES + (", index" if t.dynamic else "")
            p.emit("%s:2 = func.call %s(%s) : (%s) -> (%s<*>, index)" % (call, callee, args, types, RES))
            value, size = call + "#0", call + "#1"
        return value, size

    if form == "select":
        first = arm(arms[0])
        second = arm(arms[1])
        value, size = p.fresh("sel"), p.fresh("selsz")
        p.emit("%s = arith.select %s, %s, %s : %s<*>" % (value, cond, first[0], second[0], RES))
        p.emit("%s = arith.select %s, %s, %s : index" % (size, cond, first[1], second[1]))
    elif form in ("if", "call"):
        name = p.fresh("mg")
        p.emit("%s:2 = scf.if %s -> (%s<*>, index) {" % (name, cond, RES))
        value, size = arm(arms[0])
        p.emit("  scf.yield %s, %s : %s<*>, index" % (value, size, RES))
        p.emit("} else {")
        value, size = arm(arms[1])
        p.emit("  scf.yield %s, %s : %s<*>, index" % (value, size, RES))
        p.emit("}")
        value, size = name + "#0", name + "#1"
    else:
        n = p.counter
        p.emit("cf.cond_br %s, ^bb%da, ^bb%db" % (cond, n, n))
        for suffix, dev in zip("ab", arms):
            p.lines.append("^bb%d%s:" % (n, suffix))
            value, size = arm(dev)
            p.emit("cf.br ^bb%dm(%s, %s : %s<*>, index)" % (n, value, size, RES))
        value, size = "%%m%d" % n, "%%ms%d" % n
        p.lines.append("^bb%dm(%s: %s<*>, %s: index):" % (n, value, RES, size))
    # The chosen layout is the pass's: no device is known to have laid it out
    # (a callee's copy was made on t.dev).
    return Tensor(value, t.shape, t.dtype, enc, t.dynamic, size, t.dev,
                  t.dev if callee else None)


EXECUTABLES = {
    "nop": """stream_lite.executable private @ex_nop {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry() {
      return
    }
  }
}""",
}


def step_dispatch(p, t, devices):
    kind = p.rng.choice(["nop", "inplace", "copy"])
    if kind == "copy" and is_unserialized(t.enc) and t.layout_dev != t.dev:
        kind = "inplace"  # the bindings would get different layouts
    if kind == "nop":
        p.toplevel_exec("nop", EXECUTABLES["nop"])
        p.emit("stream_lite.tensor.dispatch %s@ex_nop::@entry() : () -> ()" % p.on(t.dev))
        return t
    exe = "ex_%s%d" % (kind, p.counter)
    dims_param = ", %d: index" if t.dynamic else ""
    dims_arg = ", %d" if t.dynamic else ""
    dims_type = ", index" if t.dynamic else ""
    sub_dims = "{%d}" if t.dynamic else ""
    if kind == "inplace":
        body = "      return"
        params = "%%a: !stream_lite.binding%s" % dims_param
    else:
        body = ("      %%c0 = arith.constant 0 : index\n"
                "      %%x = stream_lite.binding.subspan %%a[%%c0] : !stream_lite.binding -> %s%s in memref<?xi8>\n"
                "      %%y = stream_lite.binding.subspan %%b[%%c0] : !stream_lite.binding -> %s%s in memref<?xi8>\n"
                "      memref.copy %%x, %%y : memref<?xi8> to memref<?xi8>\n"
                "      return") % (t.type(), sub_dims, t.type(), sub_dims)
        params = "%%a: !stream_lite.binding%s, %%b: !stream_lite.binding" % dims_param
    p.toplevel_exec(exe, """stream_lite.executable private @%s {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%s) {
%s
    }
  }
}""" % (exe, params, body))
    name = p.fresh("dx")
    if kind == "inplace":
        p.emit("%s = stream_lite.tensor.dispatch %s@%s::@entry(%s%s) : (%s%s in %s<*>{%s}%s) -> %s%s in %s as %s<*>{%s}" % (
            name, p.on(t.dev), exe, t.value, dims_arg, t.type(), t.dims(), RES, t.size, dims_type,
            t.type(), t.dims(), t.value, RES, t.size))
        return t.with_value(name)
    p.emit("%s = stream_lite.tensor.dispatch %s@%s::@entry(%s%s) : (%s%s in %s<*>{%s}%s) -> %s%s in %s<*>{%s}" % (
        name, p.on(t.dev), exe, t.value, dims_arg, t.type(), t.dims(), RES, t.size, dims_type,
        t.type(), t.dims(), RES, t.size))
    return Tensor(name, t.shape, t.dtype, t.enc, t.dynamic, t.size, t.dev, t.dev)


def toplevel_exec(self, name, text):
    if name not in [n for n, _ in self.toplevel]:
        self.toplevel.append((name, text))


Program.toplevel_exec = toplevel_exec

STEPS = [(step_transfer, 6), (step_encode, 2), (step_move, 2), (step_call, 1),
         (step_if, 1), (step_for, 1), (step_cf, 1), (step_dispatch, 1),
         (step_merge, 3)]


# ---------------------------------------------------------------------------
# User kernels that see their bindings as logical tensors (docs/language.md):
# `binding.subspan` -> `!stream_lite.dispatch.tensor<...>`, a strided region
# loaded, computed on elementwise with linalg (exact, deterministic
# operations), and stored whole into an untied writeonly result in another
# layout, or back into the same region of a tied readwrite result. The
# result may be relayouted right after (directly or after a move), which
# --stream-lite-fuse-relayouts fuses, or combined with its own relayout by a
# second kernel (the relayout's source then has another use: not fused).
# These steps draw from their own generator (view_steps), so that the
# programs of seeds without them do not change.

VIEW = "!stream_lite.dispatch.tensor"


def view_region(rng, shape):
    """(offsets, counts, strides, whole0): a region of a tensor of `shape`,
    each dim whole, partial or strided (2-3); whole0 when dim 0 is loaded
    whole (its size is then the dynamic dim of a dynamic tensor)."""
    offsets, counts, strides = [], [], []
    kind = rng.choice(["whole", "whole", "partial", "strided"])
    for d in shape:
        if kind == "whole" or rng.random() < 0.25:
            offsets.append(0)
            counts.append(d)
            strides.append(1)
            continue
        s = rng.choice([2, 3]) if kind == "strided" and d > 1 else 1
        o = rng.randint(0, d - 1)
        n = rng.randint(1, (d - 1 - o) // s + 1)
        offsets.append(o)
        counts.append(n)
        strides.append(s)
    whole0 = offsets[0] == 0 and counts[0] == shape[0] and strides[0] == 1
    return offsets, counts, strides, whole0


def view_type(access, shape, dtype, enc, dynamic):
    return "%s<%s:%s>" % (VIEW, access, ttype(shape, dtype, enc, dynamic))


def view_elementwise(rng, dtype, nin):
    """Body lines of a linalg.generic region over block arguments %in0..
    (nin inputs) and %out: exact operations only."""
    lines = []
    if dtype.startswith("f"):
        k = "%%kc = arith.constant %s : %s" % (str(rng.randint(-64, 64) / 4), dtype)
        unary = [("arith.addf %s, %%kc : " + dtype, True), ("arith.subf %s, %%kc : " + dtype, True),
                 ("arith.negf %s : " + dtype, False), ("arith.mulf %s, %%kc : " + dtype, True),
                 ("arith.maximumf %s, %%kc : " + dtype, True)]
        binary = ["arith.addf %s, %s : " + dtype, "arith.subf %s, %s : " + dtype,
                  "arith.maximumf %s, %s : " + dtype]
    else:
        k = "%%kc = arith.constant %s" % const_value(rand_value(rng, dtype), dtype)
        unary = [("arith.addi %s, %%kc : " + dtype, True), ("arith.xori %s, %%kc : " + dtype, True),
                 ("arith.subi %%kc, %s : " + dtype, True), ("arith.muli %s, %%kc : " + dtype, True)]
        binary = ["arith.addi %s, %s : " + dtype, "arith.xori %s, %s : " + dtype,
                  "arith.subi %s, %s : " + dtype]
    value = "%in0"
    if nin == 2:
        lines.append("%m0 = " + rng.choice(binary) % ("%in0", "%in1"))
        value = "%m0"
    op, uses_k = rng.choice(unary)
    if uses_k:
        lines.insert(0, k)
    lines.append("%m1 = " + op % value)
    lines.append("linalg.yield %%m1 : %s" % dtype)
    return lines


class ViewExec:
    """A view-kernel executable (export @entry) for operands of one shape,
    dtype and dims: what a dispatch of it must pass and gets back."""

    def __init__(self, **fields):
        self.__dict__.update(fields)


def view_exec(p, rng, shape, dtype, dynamic, view_encs, tied, out_view_enc, region=None,
              ro=False, ro_view=None):
    """A new executable whose kernel loads one region (the whole tensor
    with `whole`) of each operand through a view (in `view_encs`, one per
    operand; `region` when given, see view_region), combines them
    elementwise and stores the result whole into an untied result viewed in
    `out_view_enc` (or, tied, back into the region of operand 0). With `ro`,
    the kernel has a second untied result of the result's shape that it
    only reads (a readonly view in `ro_view`): its load is the init of the
    computation, which never reads it."""
    rank = len(shape)
    offsets, counts, strides, whole0 = region or view_region(rng, shape)
    dyn_result = dynamic and whole0 and not tied
    dynamic_offsets = rng.random() < 0.35
    iree_order = rng.random() < 0.5
    exe = "ex_view%d" % p.counter
    p.counter += 1
    ro_first = ro and rng.random() < 0.5

    # Kernel arguments.
    in_bindings = ["%%b%d" % i for i in range(len(view_encs))]
    out_binding = [] if tied else ["%bo"]
    if ro:
        out_binding = ["%br", "%bo"] if ro_first else ["%bo", "%br"]
    scalars = (["%n"] if dynamic else []) + (["%%o%d" % i for i in range(rank)] if dynamic_offsets else [])
    if iree_order:
        params = in_bindings + out_binding + scalars
    else:
        params = in_bindings + scalars + out_binding
    sig = ", ".join("%s: %s" % (a, "index" if a in scalars else "!stream_lite.binding") for a in params)

    vdims = "{%n}" if dynamic else ""
    rshape = counts
    rdims = "{%n}" if dyn_result else ""
    rtensor = "tensor<%s>" % "x".join(["?" if (dyn_result and i == 0) else str(c) for i, c in enumerate(rshape)] + [dtype])
    offs = ", ".join(("%%o%d" % i) if dynamic_offsets else str(o) for i, o in enumerate(offsets))
    sizes = ", ".join("%n" if i == 0 and dyn_result else str(c)
                      for i, c in enumerate(counts))
    strd = ", ".join(map(str, strides))
    body = ["%c0 = arith.constant 0 : index"]
    loaded = []
    access = "readwrite" if tied else "readonly"
    for i, (b, enc) in enumerate(zip(in_bindings, view_encs)):
        vt = view_type(access, shape, dtype, enc, dynamic)
        body.append("%%v%d = stream_lite.binding.subspan %s[%%c0] : !stream_lite.binding -> %s%s" % (i, b, vt, vdims))
        body.append("%%x%d = stream_lite.dispatch.tensor.load %%v%d, offsets = [%s], sizes = [%s], strides = [%s] : %s%s -> %s" % (
            i, i, offs, sizes, strd, vt, vdims, rtensor))
        loaded.append("%%x%d" % i)
    ident = "affine_map<(%s) -> (%s)>" % (", ".join("d%d" % i for i in range(rank)),
                                         ", ".join("d%d" % i for i in range(rank)))
    empty_dims = "%n" if dyn_result else ""
    whole_region = "offsets = [%s], sizes = [%s], strides = [%s]" % (
        ", ".join(["0"] * rank), sizes, ", ".join(["1"] * rank))
    if not ro:
        init = "%%e = tensor.empty(%s) : %s" % (empty_dims, rtensor)
    else:
        rt = view_type("readonly", rshape, dtype, ro_view, dyn_result)
        body.append("%%rv = stream_lite.binding.subspan %%br[%%c0] : !stream_lite.binding -> %s%s" % (rt, rdims))
        init = "%%e = stream_lite.dispatch.tensor.load %%rv, %s : %s%s -> %s" % (whole_region, rt, rdims, rtensor)
    form = rng.choice(["generic", "generic", "generic", "named"]) if len(view_encs) == 1 else "generic"
    if form == "named":
        body.append(init)
        body.append("%%s = linalg.add ins(%%x0, %%x0 : %s, %s) outs(%%e : %s) -> %s" % (
            rtensor, rtensor, rtensor, rtensor))
    else:
        region = view_elementwise(rng, dtype, len(view_encs))
        if tied and rng.random() < 0.5:
            # In place on the loaded tensor (outs only), as IREE writes it.
            body.append("%%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} outs(%%x0 : %s) {" % (
                ident, ", ".join(['"parallel"'] * rank), rtensor))
            body.append("^bb0(%%in0: %s):" % dtype)
        else:
            body.append(init)
            body.append("%%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} ins(%s : %s) outs(%%e : %s) {" % (
                ", ".join([ident] * (len(view_encs) + 1)), ", ".join(['"parallel"'] * rank),
                ", ".join(loaded), ", ".join([rtensor] * len(view_encs)), rtensor))
            body.append("^bb0(%s, %%out: %s):" % (", ".join("%%in%d: %s" % (i, dtype) for i in range(len(view_encs))), dtype))
        body += ["  " + line for line in region]
        body.append("} -> %s" % rtensor)
    if tied:
        vt = view_type("readwrite", shape, dtype, view_encs[0], dynamic)
        body.append("stream_lite.dispatch.tensor.store %%s, %%v0, offsets = [%s], sizes = [%s], strides = [%s] : %s -> %s%s" % (
            offs, sizes, strd, rtensor, vt, vdims))
    else:
        ot = view_type("writeonly", rshape, dtype, out_view_enc, dyn_result)
        body.append("%%ov = stream_lite.binding.subspan %%bo[%%c0] : !stream_lite.binding -> %s%s" % (ot, rdims))
        body.append("stream_lite.dispatch.tensor.store %%s, %%ov, %s : %s -> %s%s" % (
            whole_region, rtensor, ot, rdims))
    body.append("return")
    p.toplevel_exec(exe, """stream_lite.executable private @%s {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%s) {
%s
    }
  }
}""" % (exe, sig, "\n".join("      " + line for line in body)))
    return ViewExec(exe=exe, shape=list(shape), dtype=dtype, dynamic=dynamic, nops=len(view_encs),
                    tied=tied, offsets=offsets, rshape=rshape, dyn_result=dyn_result,
                    dynamic_offsets=dynamic_offsets, ro=ro, ro_first=ro_first)


def view_dispatch(p, k, operands, out_enc, ro_enc=None, size=None):
    """A dispatch of view executable `k` on operands[0]'s device (every
    operand is there, of k's shape), its untied result in `out_enc` (and
    the result it only reads in `ro_enc`), of `size` when given (else a
    sizeof just before). Returns the result Tensor, or with a read-only
    result (result, read-only result)."""
    t = operands[0]
    args, types = [], []
    for op in operands:
        args.append(op.value)
        types.append("%s%s in %s{%s}" % (op.type(), op.dims(), op.res(), op.size))
    if k.dynamic:
        args.append("%d")
        types.append("index")
    if k.dynamic_offsets:
        for o in k.offsets:
            args.append(p.const(o))
            types.append("index")
    name = p.fresh("vk")
    call = "stream_lite.tensor.dispatch %s@%s::@entry(%s) : (%s) -> " % (
        p.on(t.dev), k.exe, ", ".join(args), ", ".join(types))
    if k.tied:
        p.emit("%s = %s%s%s in %s as %s{%s}" % (
            name, call, t.type(), t.dims(), t.value, t.res(), t.size))
        return t.with_value(name)
    rdims = "{%d}" if k.dyn_result else ""
    rtype = ttype(k.rshape, k.dtype, out_enc, k.dyn_result)
    size = size or p.sizeof(t.dev, rtype, rdims)
    result = Tensor(name, k.rshape, k.dtype, out_enc, k.dyn_result, size, t.dev, t.dev)
    if not k.ro:
        p.emit("%s = %s%s%s in %s<*>{%s}" % (name, call, rtype, rdims, RES, size))
        return result
    rotype = ttype(k.rshape, k.dtype, ro_enc, k.dyn_result)
    rosize = p.sizeof(t.dev, rotype, rdims)
    results = ["%s%s in %s<*>{%s}" % (rtype, rdims, RES, size),
               "%s%s in %s<*>{%s}" % (rotype, rdims, RES, rosize)]
    first, second = ("%s#1" % name, "%s#0" % name) if k.ro_first else ("%s#0" % name, "%s#1" % name)
    if k.ro_first:
        results.reverse()
    p.emit("%s:2 = %s(%s)" % (name, call, ", ".join(results)))
    return (result.with_value(first),
            Tensor(second, k.rshape, k.dtype, ro_enc, k.dyn_result, rosize, t.dev, t.dev))


def view_kernel(p, rng, operands, tied, out_enc, nested=False):
    """A dispatch of a new executable (view_exec) on `operands`, whose
    views have the operands' encodings. Returns the result Tensor."""
    t = operands[0]
    k = view_exec(p, rng, t.shape, t.dtype, t.dynamic, [op.enc for op in operands], tied, out_enc)
    return view_dispatch(p, k, operands, out_enc)


def step_view_kernel(p, t, devices):
    """A user kernel with views (see view_kernel), then maybe a relayout of
    its result that fuse-relayouts fuses (on the device, or after a move to
    another one), or one it must not (the result has another use: a second
    kernel reads the result and its relayout)."""
    rng = p.rng
    kinds = dict((d[0], d[1]) for d in devices)
    tied = rng.random() < 0.25
    # The operand's encoding again, unless it is an intent that only its
    # creator's device resolves (a matmul encoding moved to a padding device).
    same = rng.random() < 0.2
    if same and not (is_unserialized(t.enc) and t.layout_dev != t.dev):
        out_enc = t.enc
    else:
        out_enc = rand_encoding(rng, kinds[t.dev], t.shape, t.dtype, t.dynamic)
    r = view_kernel(p, rng, [t], tied, out_enc)
    after = rng.choice(["none", "encode", "encode", "move-encode", "second-use"])
    if after == "none":
        return r
    if after == "move-encode":
        r = step_move(p, r, devices)
    if after in ("encode", "move-encode"):
        return step_encode(p, r, devices)
    # second-use: E = encode(r), then out = f(r, E) (the encode's source has
    # another use; the two operands have different layouts).
    e = step_encode(p, r, devices)
    out_enc = rand_encoding(rng, kinds[r.dev], r.shape, r.dtype, r.dynamic)
    return view_kernel(p, rng, [r, e], False, out_enc)


def view_steps(p, t, devices, seed, where, force=False):
    """The hook: maybe view-kernel steps at `where` ("first" after the
    initial encode, "last" before the result goes back to dense), drawn
    from a generator of their own. `force` (--views): every program has at
    least one. Returns the tensor and the step names."""
    vrng = random.Random(seed * 104729 + 17)
    enabled = force or vrng.random() < VIEW_STEP_RATE
    spots = vrng.choice([["first"], ["last"], ["first", "last"]]) if enabled else []
    for _ in range(["first", "last"].index(where) + 1):
        vrng.random()
    if where not in spots:
        return t, []
    saved = p.rng
    p.rng = random.Random(vrng.random())
    names = ["view_kernel"]
    try:
        t = step_view_kernel(p, t, devices)
        if p.view_reuse:
            p.rng = random.Random(seed * 104729 + 41 + ["first", "last"].index(where))
            t, name = step_view_reuse(p, t, devices)
            names.append(name)
    finally:
        p.rng = saved
    return t, names


# ---------------------------------------------------------------------------
# --view-reuse: after each view-kernel step, one more step from a generator
# of its own (view_steps), so that the rest of the program is the seed's:
#
# - "chain": one view executable dispatched two or three times, each time
#   on a device drawn anew with its operand (and untied result) relayouted
#   first, the dispatches reading the previous one's result: dense bindings
#   first and a layout later, or the reverse, or random layouts;
# - "fan": the same, but every dispatch reads the step's input (relayouted
#   and moved to its device); the results meet in two-operand kernels;
# - "merge": an scf.if or scf.index_switch whose arms each dispatch a view
#   kernel (one executable or one each, on one device or, with an encoding
#   both devices resolve, on two, the merged size computed before the merge
#   or yielded by each arm), or where one arm yields no dispatch result (a
#   splat or a relayout: not fusable); then maybe a relayout of the merge
#   result, directly or after a move to another device, whose dynamic dim
#   may be computed again after the move;
# - "readonly": a kernel with a second untied result that it only views
#   readonly (its pads must be zero after the dispatch; its elements are
#   undefined): unused, or filled whole and combined with the result.
#
# Kernels of an executable dispatched with several layouts view their
# bindings without an encoding (each copy gets its dispatches' layouts), or
# in the first dispatch's encoding when no dispatch binds that binding dense
# (a view's layout is the binding's storage format, docs/language.md; a
# dense dispatch leaves its views as they are).


def move_to(p, t, dev):
    if t.dev == dev:
        return t
    name = p.fresh("mv")
    p.emit("%s = stream_lite.async.transfer %s : %s{%s} from(#stream_lite.affinity<@%s>) -> to(#stream_lite.affinity<@%s>) %s<*>{%s}" % (
        name, t.value, t.res(), t.size, t.dev, dev, RES, t.size))
    moved = t.with_value(name)
    moved.dev, moved.life = dev, "*"
    return moved


def encode_to(p, t, enc, size=None):
    """A relayout of `t` into `enc` on its device (a copy when equal)."""
    nt = ttype(t.shape, t.dtype, enc, t.dynamic)
    size = size or p.sizeof(t.dev, nt, t.dims())
    name = p.fresh("e")
    p.emit("%s = stream_lite.tensor.encode %s%s : %s%s in %s{%s} -> %s%s in %s<*>{%s}" % (
        name, p.on(t.dev), t.value, t.type(), t.dims(), t.res(), t.size, nt, t.dims(), RES, size))
    r = Tensor(name, t.shape, t.dtype, enc, t.dynamic, size, t.dev, t.dev)
    r.dim = t.dim
    return r


def laid_encoding(rng, kind, shape, dtype, dynamic):
    """An encoding that is not dense (its layout may still be physically
    dense: padding 0, an identity resolver)."""
    for _ in range(8):
        enc = rand_encoding(rng, kind, shape, dtype, dynamic)
        if enc is not None:
            return enc
    return "#stream_lite.padding<[%s1]>" % ("0, " * (len(shape) - 1))


def layout_modes(rng, n):
    """Per dispatch: "dense", "laid" or "any", dense first then a layout,
    the reverse, or random."""
    pattern = rng.choice(["dense-first", "laid-first", "random"])
    rest = ["any"] * (n - 2)
    if pattern == "dense-first":
        return ["dense", "laid"] + rest
    if pattern == "laid-first":
        return ["laid", "dense"] + rest
    return ["any"] * n


def mode_encoding(rng, mode, kind, shape, dtype, dynamic):
    if mode == "dense":
        return None
    if mode == "laid":
        return laid_encoding(rng, kind, shape, dtype, dynamic)
    return rand_encoding(rng, kind, shape, dtype, dynamic)


def reuse_view_enc(rng, encs):
    """The encoding a reused kernel's view names: none, or the first
    dispatch's when every dispatch binds a layout there."""
    if all(e is not None for e in encs) and rng.random() < 0.3:
        return encs[0]
    return None


def step_reuse(p, t, devices, form):
    """One view executable dispatched two or three times ("chain" or
    "fan", see above)."""
    rng = p.rng
    kinds = dict((d[0], d[1]) for d in devices)
    names = [d[0] for d in devices]
    n = rng.choice([2, 2, 3])
    devs = [t.dev]
    for _ in range(n - 1):
        others = [d for d in names if d != devs[-1]]
        devs.append(rng.choice(others) if others and rng.random() < 0.7 else devs[-1])
    in_modes = layout_modes(rng, n)
    out_modes = rng.choice([in_modes, in_modes[::-1], layout_modes(rng, n)])
    tied = rng.random() < 0.3
    ro = not tied and rng.random() < 0.25
    in_encs = [mode_encoding(rng, m, kinds[d], t.shape, t.dtype, t.dynamic)
               for m, d in zip(in_modes, devs)]
    # A chain's untied results feed the next dispatch: whole regions.
    region = whole_region(t.shape) if form == "chain" and not tied else view_region(rng, t.shape)
    rshape, dyn = region_result(t, region, tied)
    out_encs = [mode_encoding(rng, m, kinds[d], rshape, t.dtype, dyn)
                for m, d in zip(out_modes, devs)]
    ro_encs = [mode_encoding(rng, "any", kinds[d], rshape, t.dtype, dyn) for d in devs]
    k = view_exec(p, rng, t.shape, t.dtype, t.dynamic, [reuse_view_enc(rng, in_encs)], tied,
                  reuse_view_enc(rng, out_encs), region=region, ro=ro,
                  ro_view=reuse_view_enc(rng, ro_encs))
    x, results = t, []
    for i, dev in enumerate(devs):
        src = x if form == "chain" else t
        operand = encode_to(p, move_to(p, src, dev), in_encs[i])
        if tied:
            x = view_dispatch(p, k, [operand], None)
        elif ro:
            x, _ = view_dispatch(p, k, [operand], out_encs[i], ro_encs[i])
        else:
            x = view_dispatch(p, k, [operand], out_encs[i])
        results.append(x)
    if form == "chain":
        return x
    # The results meet whole (each combination keeps their shape).
    acc = results[0]
    for r in results[1:]:
        r = move_to(p, r, acc.dev)
        out_enc = rand_encoding(rng, kinds[acc.dev], acc.shape, acc.dtype, acc.dynamic)
        k = view_exec(p, rng, acc.shape, acc.dtype, acc.dynamic, [acc.enc, r.enc], False, out_enc,
                      region=whole_region(acc.shape))
        acc = view_dispatch(p, k, [acc, r], out_enc)
    return acc


def whole_region(shape):
    return [0] * len(shape), list(shape), [1] * len(shape), True


def region_result(t, region, tied):
    """The shape of a view kernel's result on `t` for `region`, and whether
    its dim 0 is dynamic."""
    if tied:
        return t.shape, t.dynamic
    return region[1], t.dynamic and region[3]


def flag_index(p):
    """The program's %flag argument (0 or 1)."""
    if "%flag" not in " ".join(p.args):
        p.args.append("%flag: index")
        p.inputs.append("--input=index=%d" % p.rng.randint(0, 1))
    return "%flag"


def step_view_merge(p, t, devices, other_arm):
    """A merge of view-kernel results (see above); with `other_arm`, one
    arm yields no dispatch result."""
    rng = p.rng
    kinds = dict((d[0], d[1]) for d in devices)
    others = [d[0] for d in devices if d[0] != t.dev]
    switch = rng.random() < 0.4
    narms = rng.choice([2, 3]) if switch else 2
    region = not switch and p.region_merges and rng.random() < 0.5
    enc, arm_devs = None, [t.dev] * narms
    if others and rng.random() < 0.5:
        other = rng.choice(others)
        enc = merge_encoding(rng, [kinds[t.dev], kinds[other]], t)
        if enc is not None:
            arm_devs = [rng.choice([t.dev, other]) for _ in range(narms)]
            arm_devs[rng.randrange(narms)] = other
    two_devices = enc is not None
    if not two_devices:
        enc = rand_encoding(rng, kinds[t.dev], t.shape, t.dtype, t.dynamic)
    same_exe = rng.random() < 0.5
    # Arms with executables of their own store the whole tensor (one shape).
    whole = not same_exe or (other_arm and rng.random() < 0.5)
    region = whole_region(t.shape) if whole else view_region(rng, t.shape)
    execs = []

    def exe(i):
        if same_exe and execs:
            return execs[0]
        k = view_exec(p, rng, t.shape, t.dtype, t.dynamic, [t.enc], False, enc, region=region)
        execs.append(k)
        return k
    k0 = exe(0)
    rshape, dyn = k0.rshape, k0.dyn_result
    rdims = "{%s}" % t.dim if dyn else ""
    rtype = ttype(rshape, t.dtype, enc, dyn)
    # Sizes: one computed before the merge, or each arm's own yielded.
    outer = None if two_devices or rng.random() < 0.5 else p.sizeof(t.dev, rtype, rdims)
    plain = rng.randrange(narms) if other_arm else -1
    yields = "%s<*>" % RES + ("" if outer else ", index")
    name = p.fresh("vm")
    block = "^%s_arm" % name[1:]
    if switch:
        p.emit("%s%s = scf.index_switch %s -> %s" % (name, "" if outer else ":2", flag_index(p), yields))
    elif region:
        p.emit("%s%s = scf.execute_region -> (%s) {" % (name, "" if outer else ":2", yields))
        p.emit("  cf.cond_br %s, %s0, %s1" % (flag(p), block, block))
    else:
        p.emit("%s%s = scf.if %s -> (%s) {" % (name, "" if outer else ":2", flag(p), yields))
    for i, dev in enumerate(arm_devs):
        if switch:
            p.lines.append("  case %d {" % i if i < narms - 1 else "  default {")
        elif region:
            p.emit("%s%d:" % (block, i))
        elif i == 1:
            p.emit("} else {")
        src = move_to(p, t, dev)
        if i == plain:
            if whole and rng.random() < 0.5:
                r = encode_to(p, src, enc, outer)
            else:
                size = outer or p.sizeof(dev, rtype, rdims)
                v = p.scalar(t.dtype)
                r = Tensor(p.fresh("sp"), rshape, t.dtype, enc, dyn, size, dev, dev)
                p.emit("%s = stream_lite.tensor.splat %s%s : %s -> %s%s in %s<*>{%s}" % (
                    r.value, p.on(dev), v, t.dtype, rtype, rdims, RES, size))
        else:
            r = view_dispatch(p, exe(i), [src], enc, size=outer)
        if outer:
            p.emit("  scf.yield %s : %s<*>" % (r.value, RES))
        else:
            p.emit("  scf.yield %s, %s : %s<*>, index" % (r.value, r.size, RES))
        if switch:
            p.lines.append("  }")
    if not switch:
        p.emit("}")
    value, size = (name, outer) if outer else (name + "#0", name + "#1")
    m = Tensor(value, rshape, t.dtype, enc, dyn, size, t.dev, None if two_devices else t.dev)
    m.dim = t.dim
    after = rng.choice(["none", "encode", "encode", "move-encode", "move-encode"])
    if after == "none":
        return m
    if after == "move-encode":
        m = step_move(p, m, devices)
        if m.dynamic and rng.random() < 0.5:
            # The relayout's dim computed again after the transfer.
            m.dim = p.fresh("dd")
            p.emit("%s = tensor.dim %%in, %s : %s" % (m.dim, p.const(0), p.in_type))
    return step_encode(p, m, devices)


def step_readonly_result(p, t, devices):
    """A kernel with an untied result it only reads (see above)."""
    rng = p.rng
    kind = dict((d[0], d[1]) for d in devices)[t.dev]
    region = view_region(rng, t.shape)
    rshape, dyn = region_result(t, region, False)
    out_enc = rand_encoding(rng, kind, rshape, t.dtype, dyn)
    ro_enc = laid_encoding(rng, kind, rshape, t.dtype, dyn) if rng.random() < 0.8 else None
    k = view_exec(p, rng, t.shape, t.dtype, t.dynamic, [t.enc], False, out_enc, region=region,
                  ro=True, ro_view=ro_enc if rng.random() < 0.3 else None)
    r, ro = view_dispatch(p, k, [t], out_enc, ro_enc)
    if rng.random() < 0.5:
        return r
    v = p.scalar(t.dtype)
    filled = ro.with_value(fill_in_place(p, ro, v, [0] * len(ro.shape), ro.shape))
    return view_kernel(p, rng, [r, filled], False,
                       rand_encoding(rng, kind, r.shape, r.dtype, r.dynamic))


def step_view_reuse(p, t, devices):
    """One --view-reuse step on `t`; returns it and the step's name."""
    form = p.rng.choice(["chain", "chain", "fan", "fan", "merge", "merge", "merge-other",
                         "readonly"])
    if form in ("chain", "fan"):
        return step_reuse(p, t, devices, form), "reuse_" + form
    if form in ("merge", "merge-other"):
        return step_view_merge(p, t, devices, form == "merge-other"), "view_" + form
    return step_readonly_result(p, t, devices), "readonly_result"


# Programs that get view-kernel steps when not forced.
VIEW_STEP_RATE = 0.0


# Static sizes near the int64 limit: each must be a clean error.
HUGE = [
    ("tensor<4611686018427387904x4xf32>", 2, "f32"),
    ("tensor<9223372036854775807xi8, #stream_lite.padding<[1]>>", 1, "i8"),
    ("tensor<3037000500x3037000500xf64>", 2, "f64"),
    ("tensor<7x5xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [9223372036854775807]>>", 2, "f32"),
    ("tensor<3x3xi16, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4294967296, 4294967296]>>", 2, "i16"),
]


def generate_huge(seed, rng):
    huge, rank, dtype = rng.choice(HUGE)
    small = "tensor<%s%s>" % ("1x" * rank, dtype)
    zeros = ", ".join(["%c0"] * rank)
    ones = ", ".join(["%c1"] * rank)
    value = "1.5" if dtype.startswith("f") else "3"
    lines = [
        "// Random program, seed %d: splat into %s, slice one element" % (seed, huge),
        "// EXPECT: clean-failure",
        'stream_lite.device @d0 targets([#stream_lite.target<"x">])',
        "func.func @main() -> %s attributes {stream_lite.affinity = #stream_lite.affinity<@d0>} {" % small,
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %%v = arith.constant %s : %s" % (value, dtype),
        "  %%sz = stream_lite.tensor.sizeof %s : index" % huge,
        "  %%big = stream_lite.tensor.splat %%v : %s -> %s in %s<*>{%%sz}" % (dtype, huge, RES),
        "  %%s1 = stream_lite.tensor.sizeof %s : index" % small,
        "  %%one = stream_lite.tensor.slice %%big[%s for %s] : %s in %s<*>{%%sz} -> %s in %s<external>{%%s1}" % (
            zeros, ones, huge, RES, small, RES),
        "  %%out = stream_lite.tensor.export %%one : %s in %s<external>{%%s1} -> %s" % (small, RES, small),
        "  return %%out : %s" % small,
        "}",
        "// INPUTS: ",
    ]
    return "\n".join(lines) + "\n"


def generate(seed, huge=True, views=False, dynamic_offsets=False, view_reuse=False,
             region_merges=False):
    """The program of `seed`; without `huge`, a seed that would give a
    program near the int64 limits gives an ordinary one instead. With
    `views`, the program has at least one view-kernel step. With
    `dynamic_offsets`, top-level region offsets are mostly run-time values
    (Program.offset). With `view_reuse` (implies `views`), each view-kernel
    step is followed by a step_view_reuse step; with `region_merges`, some
    of its merges are scf.execute_region ops."""
    views = views or view_reuse
    rng = random.Random(seed)
    if rng.random() < 0.05 and huge:
        return generate_huge(seed, rng)
    p = Program(rng, seed)
    p.view_reuse = view_reuse
    p.region_merges = region_merges
    devices = rand_devices(rng)
    dtype = rng.choice([d for d in DTYPES if d not in SUBBYTE_BITS])
    # A quarter of the programs use packed i2/i4 elements instead, drawn
    # from a second generator so that the other seeds keep their programs.
    subbyte = random.Random(seed * 7919 + 1)
    if subbyte.random() < 0.25:
        dtype = subbyte.choice(sorted(SUBBYTE_BITS))
    rank = rng.randint(1, 3)
    # Some dims longer than a 64-byte fill pattern's worth of elements.
    shape = [rng.randint(1, 9) if rng.random() < 0.85 else rng.randint(10, 40)
             for _ in range(rank)]
    dynamic = rng.random() < 0.3
    dev = devices[0][0]

    in_type = ttype(shape, dtype, dynamic_first=dynamic)
    p.in_type = in_type
    p.args.append("%%in: %s" % in_type)
    p.inputs.append(p.input_spec(shape, dtype))
    if dynamic_offsets:
        p.use_dynamic_offsets()
    dims = "{%d}" if dynamic else ""
    if dynamic:
        p.emit("%%d = tensor.dim %%in, %s : %s" % (p.const(0), in_type))
    s0 = p.sizeof(dev, in_type, dims)
    p.emit("%%a = stream_lite.tensor.import %s%%in : %s -> %s%s in %s<external>{%s}" % (
        p.on(dev), in_type, in_type, dims, RES, s0))
    t = Tensor("%a", shape, dtype, None, dynamic, s0, dev, dev, "external")
    t = step_encode(p, t, devices)
    t, names = view_steps(p, t, devices, seed, "first", views)
    for _ in range(rng.randint(1, 4)):
        step = rng.choices([s for s, _ in STEPS], [w for _, w in STEPS])[0]
        names.append(step.__name__[5:])
        t = step(p, t, devices)
    t, more = view_steps(p, t, devices, seed, "last", views)
    names += more

    out_dense = ttype(t.shape, dtype, dynamic_first=t.dynamic)
    s9 = p.sizeof(t.dev, out_dense, t.dims())
    p.emit("%%back = stream_lite.tensor.encode %s%s : %s%s in %s<*>{%s} -> %s%s in %s<external>{%s}" % (
        p.on(t.dev), t.value, t.type(), t.dims(), RES, t.size, out_dense, t.dims(), RES, s9))
    p.emit("%%out = stream_lite.tensor.export %s%%back : %s%s in %s<external>{%s} -> %s" % (
        p.on(t.dev), out_dense, t.dims(), RES, s9, out_dense))
    p.emit("return %%out : %s" % out_dense)

    lines = ["// Random program, seed %d: %s on %s, devices %s" % (
        seed, " ".join(names), "x".join(map(str, shape + [dtype])),
        ",".join(k for _, k, _ in devices))]
    lines += [d for _, _, d in devices]
    lines += [text for _, text in p.toplevel]
    lines += p.functions
    lines.append("func.func @main(%s) -> %s attributes {stream_lite.affinity = #stream_lite.affinity<@%s>} {" % (
        ", ".join(p.args), out_dense, dev))
    lines += ["  %s = arith.constant %d : index" % (name, value) for value, name in sorted(p.consts.items())]
    lines += p.lines
    lines.append("}")
    lines.append("// INPUTS: " + " ".join(p.inputs))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(generate(int(sys.argv[1]), "--no-huge" not in sys.argv,
                              "--views" in sys.argv,
                              "--dynamic-offsets" in sys.argv,
                              "--view-reuse" in sys.argv,
                              "--region-merges" in sys.argv))
