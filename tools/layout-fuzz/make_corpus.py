#!/usr/bin/env python3
"""Seed corpora for the libFuzzer targets (tools/layout-fuzz/targets).

    make_corpus.py OUT_DIR [--programs N]

Writes OUT_DIR/{parse,passes,layout,hosttensor}/, one file per seed, named
by content hash (reruns are idempotent):
  parse, passes  every lit test and example (test/**/*.mlir, examples/)
                 split at `// -----`, plus N programs of gen_program.py;
  hosttensor     a selector byte (see FuzzHostTensor.cpp) followed by the
                 `--input` SPECs of the generated programs and hand-written
                 edge cases, or by small .npy files of every dtype;
  layout         deterministic pseudo-random byte strings (the target
                 decodes any bytes into a case).
"""
import argparse
import hashlib
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen_program  # noqa: E402

# Must match kElementTypes in targets/FuzzHostTensor.cpp.
ELEMENT_TYPES = ["i1", "i8", "i16", "i32", "i64", "si8", "ui8", "ui16", "ui32",
                 "ui64", "index", "f16", "bf16", "f32", "f64", "si64"]
NPY_DESCR = {"i1": "|b1", "i8": "|i1", "i16": "<i2", "i32": "<i4", "i64": "<i8",
             "si8": "|i1", "ui8": "|u1", "ui16": "<u2", "ui32": "<u4",
             "ui64": "<u8", "index": "<i8", "f16": "<f2", "f32": "<f4",
             "f64": "<f8", "si64": "<i8"}
WIDTH = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "si8": 1, "ui8": 1,
         "ui16": 2, "ui32": 4, "ui64": 8, "index": 8, "f16": 2, "bf16": 2,
         "f32": 4, "f64": 8, "si64": 8}
MAX_SEED_BYTES = 32 * 1024


def write(directory, data):
    if isinstance(data, str):
        data = data.encode()
    if not data or len(data) > MAX_SEED_BYTES:
        return
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def lit_chunks():
    for base in ("test", "examples"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, base)):
            for f in sorted(files):
                if f.endswith(".mlir"):
                    with open(os.path.join(dirpath, f)) as fh:
                        for chunk in fh.read().split("// -----"):
                            if chunk.strip():
                                yield chunk


def selector(element_type, npy, scalar):
    return bytes([(ELEMENT_TYPES.index(element_type) << 2) | (scalar << 1) | npy])


def npy_file(element_type, shape, data):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        NPY_DESCR[element_type],
        "".join("%d," % d for d in shape) if len(shape) == 1 else
        ", ".join(map(str, shape)))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + \
        header.encode() + data


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--programs", type=int, default=100)
    args = parser.parse_args()
    dirs = {}
    for name in ("parse", "passes", "layout", "hosttensor"):
        dirs[name] = os.path.join(args.out, name)
        os.makedirs(dirs[name], exist_ok=True)

    programs = list(lit_chunks())
    specs = []
    for seed in range(args.programs):
        text = gen_program.generate(seed)
        programs.append(text)
        for line in text.splitlines():
            if line.startswith("// INPUTS: "):
                specs += [s[len("--input="):] for s in line.split()[2:]]
    for text in programs:
        write(dirs["parse"], text)
        write(dirs["passes"], text)

    specs += ["f32=2.5", "index=3", "i1=true", "2x3xf32=1,2,3,4,5,6",
              "4x4xf32=0", "0x3xi8=", "2xi64=9223372036854775807 -1",
              "2xui64=18446744073709551615,0", "3xf16=65504,1e-8,-0",
              "2xbf16=1.5,3", "2xi1=0,1", "2xsi8=-128,127", "2xui8=255,0",
              "2xf64=1e308,-1e-308"]
    for spec in specs:
        element = spec.split("=")[0].split("x")[-1]
        if element in ELEMENT_TYPES:
            scalar = "x" not in spec.split("=")[0]
            write(dirs["hosttensor"], selector(element, 0, scalar) + spec.encode())
    rng = random.Random(13)
    for element in ELEMENT_TYPES:
        if element not in NPY_DESCR:
            continue
        for shape in ([], [3], [2, 3], [0, 4]):
            n = 1
            for d in shape:
                n *= d
            data = bytes(rng.randrange(2) if element == "i1" else rng.randrange(256)
                         for _ in range(n * WIDTH[element]))
            write(dirs["hosttensor"], selector(element, 1, 0) + npy_file(element, shape, data))

    for _ in range(64):
        write(dirs["layout"], bytes(rng.randrange(256) for _ in range(rng.randrange(8, 64))))
    for name, path in sorted(dirs.items()):
        print("%s: %d seeds" % (name, len(os.listdir(path))))


if __name__ == "__main__":
    main()
