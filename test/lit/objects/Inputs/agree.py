"""agree.py PTXAS_LOG [ARCHS] < tool.json: every (kernel, arch) that ptxas
reported in PTXAS_LOG (nvcc -Xptxas -v output) against the per_arch facts of
a cuda-launch-lint JSON document on stdin: registers, barriers, static
shared memory, stack frame, and cmem[0] where ptxas printed it. The log is
parsed here with regular expressions, independently of the tool's C++
parser. ARCHS (comma-separated) keeps only those archs of the log.

Prints a line per disagreement, then
    agreement: N/M (kernel, arch) pairs
and exits 1 when N != M or M == 0."""
import json
import re
import sys

ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
FRAME = re.compile(r"(\d+) bytes stack frame")
USED = re.compile(r"Used (\d+) registers, used (\d+) barriers")


def ptxas_report(path, archs):
    out, cur = {}, None
    for line in open(path):
        m = ENTRY.search(line)
        if m:
            cur = None
            if archs and m.group(2) not in archs:
                continue
            cur = out.setdefault((m.group(1), m.group(2)), {})
            continue
        if cur is None:
            continue
        m = FRAME.search(line)
        if m:
            cur["stack_frame"] = int(m.group(1))
        m = USED.search(line)
        if m:
            cur["registers"], cur["barriers"] = int(m.group(1)), int(m.group(2))
            s = re.search(r"(\d+) bytes smem", line)
            cur["static_smem"] = int(s.group(1)) if s else 0
            c = re.search(r"(\d+) bytes cmem\[0\]", line)
            if c:
                cur["const_mem"] = int(c.group(1))
            cur = None
    return out


def main():
    archs = set(sys.argv[2].split(",")) if len(sys.argv) > 2 else set()
    expected = ptxas_report(sys.argv[1], archs)
    doc = json.load(sys.stdin)
    facts = {}
    for k in doc["kernels"]:
        for arch, r in k["per_arch"].items():
            facts[(r.get("device_name", k["mangled"]), arch)] = r
    good = 0
    for key in sorted(expected):
        want = expected[key]
        got = facts.get(key)
        if got is None:
            print("MISSING %s %s" % key)
            continue
        bad = ["%s: tool %s, ptxas %s" % (f, got.get(f), v)
               for f, v in sorted(want.items()) if got.get(f) != v]
        if bad:
            print("MISMATCH %s %s: %s" % (key[0], key[1], "; ".join(bad)))
        else:
            good += 1
    print("agreement: %d/%d (kernel, arch) pairs" % (good, len(expected)))
    sys.exit(0 if expected and good == len(expected) else 1)


main()
