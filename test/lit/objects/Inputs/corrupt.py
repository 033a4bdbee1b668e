"""corrupt.py MODE IN OUT: damages a raw fatbin (nvcc -fatbin) in one way,
in the layout docs/device-facts.md describes:
  payload  flips bytes inside the first entry's (compressed) payload
  size     makes the first entry claim a 1 TiB payload
  cut      keeps the first half of the file"""
import struct
import sys

mode, src, dst = sys.argv[1:4]
data = bytearray(open(src, "rb").read())
assert struct.unpack_from("<I", data, 0)[0] == 0xBA55ED50, "not a fatbin"
entry = struct.unpack_from("<H", data, 6)[0]  # the container header's size
header = struct.unpack_from("<I", data, entry + 4)[0]
if mode == "payload":
    start = entry + header + 16
    for i in range(start, start + 64):
        data[i] ^= 0x5A
elif mode == "size":
    struct.pack_into("<Q", data, entry + 8, 1 << 40)
elif mode == "cut":
    data = data[: len(data) // 2]
else:
    sys.exit("unknown mode " + mode)
open(dst, "wb").write(data)
