"""Tiny numpy-free .npy helper for the layout-run tests.

  npy.py write OUT DESCR SHAPE VALUES   e.g. write in.npy '<f4' 2,3 1,2,3,4,5,6
  npy.py iota OUT DESCR SHAPE [START]   START, START+1, ... (large inputs)
  npy.py wrap OUT DESCR SHAPE BITS      signed BITS-bit values of a
                                        non-periodic ramp (sub-byte inputs)
  npy.py header FILE                    prints the version, header and size
  npy.py values FILE                    prints the data values (one-byte dtypes)
"""
import struct
import sys

FORMATS = {"<f2": "e", "<i2": "h", "<f4": "f", "<f8": "d", "<i4": "i", "<i8": "q", "|i1": "b", "|u1": "B", "|b1": "?"}


def write(path, descr, shape, values):
    vals = [v for v in values.split(",") if v]
    write_values(path, descr, shape, vals)


def iota(path, descr, shape, start="0"):
    count = 1
    for d in shape.split(","):
        if d:
            count *= int(d)
    write_values(path, descr, shape, range(int(start), int(start) + count))


def wrap(path, descr, shape, bits):
    count = 1
    for d in shape.split(","):
        if d:
            count *= int(d)
    n = 1 << int(bits)
    # k * 5 + k // 1021: consecutive elements differ, and rows do not repeat.
    vals = ((k * 5 + k // 1021) % n for k in range(count))
    write_values(path, descr, shape, [v - n if v >= n // 2 else v for v in vals])


def write_values(path, descr, shape, values):
    dims = [int(d) for d in shape.split(",") if d]
    shape_text = "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_text)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    kind = FORMATS[descr]
    vals = [float(v) if kind in "efd" else int(v) for v in values]
    data = struct.pack("<%d%s" % (len(vals), kind), *vals)
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)


def header(path):
    data = open(path, "rb").read()
    length = int.from_bytes(data[8:10], "little")
    print(data[:6] == b"\x93NUMPY", data[6], data[7], data[10:10 + length].decode().strip(), len(data))


def values(path):
    data = open(path, "rb").read()
    length = int.from_bytes(data[8:10], "little")
    text = data[10:10 + length].decode()
    descr = text.split("'descr': '")[1].split("'")[0]
    body = data[10 + length:]
    print(descr, " ".join(str(v) for v in struct.unpack("<%d%s" % (len(body), FORMATS[descr]), body)))


if sys.argv[1] == "write":
    write(*sys.argv[2:6])
elif sys.argv[1] == "iota":
    iota(*sys.argv[2:7])
elif sys.argv[1] == "wrap":
    wrap(*sys.argv[2:6])
elif sys.argv[1] == "values":
    values(sys.argv[2])
else:
    header(sys.argv[2])
