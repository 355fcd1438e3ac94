"""damage-cache.py DIR HOW: damages every kernel cache entry (*.o) in DIR.
HOW: garbage (other bytes), truncate (the first half of the entry),
flip (one bit of the object, past the entry's header), empty."""
import glob
import sys

directory, how = sys.argv[1], sys.argv[2]
entries = glob.glob(directory + "/*.o")
if not entries:
    sys.exit("damage-cache.py: no entry in " + directory)
for path in entries:
    data = bytearray(open(path, "rb").read())
    if how == "garbage":
        data = bytearray(b"not an object\n" * 64)
    elif how == "truncate":
        data = data[: len(data) // 2]
    elif how == "flip":
        data[len(data) // 2] ^= 0x10
    elif how == "empty":
        data = bytearray()
    else:
        sys.exit("damage-cache.py: unknown damage " + how)
    open(path, "wb").write(bytes(data))
