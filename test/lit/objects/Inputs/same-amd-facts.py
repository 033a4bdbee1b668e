"""same-amd-facts.py REMARKS.json OBJECT.json: the AMD per_arch facts of two
cuda-launch-lint JSON documents agree for every (kernel, gfx arch) of the
first: VGPRs, SGPRs, LDS, scratch, dynamic stack and spills, and AGPRs where
the first has them (a remark has no AGPRs line on targets without them).
Prints a line per difference, then "same AMD facts: N/M (kernel, arch)
pairs"; exits 1 on any difference."""
import json
import sys

FIELDS = ["vgprs", "sgprs", "lds", "scratch_per_lane", "dynamic_stack",
          "vgpr_spills", "sgpr_spills", "agprs"]


def facts(path):
    out = {}
    for k in json.load(open(path))["kernels"]:
        for arch, r in k["per_arch"].items():
            out[(k["mangled"], arch)] = r
    return out


a, b = facts(sys.argv[1]), facts(sys.argv[2])
same = 0
for key in sorted(a):
    other = b.get(key, {})
    wanted = [f for f in FIELDS if f in a[key]]
    if wanted and all(a[key][f] == other.get(f) for f in wanted):
        same += 1
    else:
        print("DIFFERENT %s %s: %s vs %s" % (key[0], key[1], a[key], other))
print("same AMD facts: %d/%d (kernel, arch) pairs" % (same, len(a)))
sys.exit(0 if a and same == len(a) else 1)
