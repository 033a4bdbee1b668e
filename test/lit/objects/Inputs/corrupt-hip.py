"""corrupt-hip.py MODE IN OUT: a damaged copy of a HIP object (clang++ -x
hip -c) for the reader's error paths.
  entry-size  the first device entry of the .hip_fatbin bundle claims 1 TiB
  metadata    the code objects' metadata key amdhsa.kernels renamed
  bundle-cut  the bundle alone (a raw .hipfb) cut in the middle of its
              first device entry"""
import struct
import sys

mode, src, dst = sys.argv[1:4]
data = bytearray(open(src, "rb").read())
magic = b"__CLANG_OFFLOAD_BUNDLE__"
start = data.find(magic)
if start < 0:
    sys.exit("no offload bundle in " + src)


def entries(at):
    """(offset of the entry's size field, entry offset, size, id) each."""
    count = struct.unpack_from("<Q", data, at + 24)[0]
    pos, out = at + 32, []
    for _ in range(count):
        offset, size, idlen = struct.unpack_from("<QQQ", data, pos)
        out.append((pos + 8, offset, size, bytes(data[pos + 24:pos + 24 + idlen])))
        pos += 24 + idlen
    return out


device = [e for e in entries(start) if b"amdgcn" in e[3]]
if mode == "entry-size":
    struct.pack_into("<Q", data, device[0][0], 1 << 40)
elif mode == "metadata":
    if data.find(b"amdhsa.kernels") < 0:
        sys.exit("no metadata in " + src)
    data = data.replace(b"amdhsa.kernels", b"amdhsa.kernelz")
elif mode == "bundle-cut":
    end = start + device[0][1] + device[0][2] // 2
    data = data[start:end]
else:
    sys.exit("unknown mode " + mode)
open(dst, "wb").write(data)
