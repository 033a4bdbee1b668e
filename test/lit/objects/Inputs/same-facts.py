"""same-facts.py A.json B.json: the per_arch facts of two cuda-launch-lint
JSON documents agree for every (kernel, arch) of A: registers, static shared
memory, stack frame, barriers, max threads, min blocks, cluster dims.
Spills are not compared (objects have none). Prints a line per difference,
then "same facts: N/M (kernel, arch) pairs"; exits 1 on any difference."""
import json
import sys

FIELDS = ["registers", "static_smem", "stack_frame", "barriers",
          "max_threads", "min_blocks", "max_registers", "cluster_dims"]


def facts(path):
    out = {}
    for k in json.load(open(path))["kernels"]:
        for arch, r in k["per_arch"].items():
            out[(k["mangled"], arch)] = {f: r.get(f) for f in FIELDS}
    return out


a, b = facts(sys.argv[1]), facts(sys.argv[2])
same = 0
for key in sorted(a):
    if b.get(key) == a[key]:
        same += 1
    else:
        print("DIFFERENT %s %s: %s vs %s" % (key[0], key[1], a[key], b.get(key)))
print("same facts: %d/%d (kernel, arch) pairs" % (same, len(a)))
sys.exit(0 if a and same == len(a) else 1)
