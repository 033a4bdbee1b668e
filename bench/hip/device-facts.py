#!/usr/bin/env python3
"""The two sources of AMD device facts, side by side (issue 30, item 2).

For the kernels occupancy.py generates, compiles each target's file once with
-save-temps (which keeps the device code object, clang-offload's
<name>-hip-amdgcn-amd-amdhsa-<gfx>.o, before the link step that fails here)
and -Rpass-analysis=kernel-resource-usage, then compares per kernel the
remark's fields with the code object's AMDGPU metadata note
(llvm-readelf --notes: .vgpr_count, .agpr_count, .sgpr_count,
.group_segment_fixed_size, .private_segment_fixed_size, spill counts,
.uses_dynamic_stack, .max_flat_workgroup_size, .wavefront_size). Prints, per
field, how often the two agree and, where they differ, the relation seen.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util

_spec = importlib.util.spec_from_file_location(
    "occupancy", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "occupancy.py"))
occupancy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(occupancy)


def read_notes(readelf, obj):
    """Each kernel's scalar keys from the metadata note's YAML: a kernel is
    an item of amdhsa.kernels ("  - ."), its keys four columns in."""
    text = subprocess.run([readelf, "--notes", obj], capture_output=True,
                          text=True).stdout
    kernels, current = {}, None
    for line in text.splitlines():
        if line.startswith("  - ."):
            current = {}
        m = re.match(r"^  (?:- |  )\.(\w+):\s*(\S+)$", line)
        if current is None or not m:
            continue
        current[m.group(1)] = m.group(2)
        if m.group(1) == "name":
            kernels[m.group(2)] = current
    return kernels


# Kernels that give the fields the generated ones leave at zero: spills
# (96 live values under the most waves per SIMD), scratch (a private array
# indexed at run time) and a dynamic stack (a call through a pointer).
EXTRA_KERNELS = r"""
extern "C" __attribute__((amdgpu_flat_work_group_size(1, 1024),
                          amdgpu_waves_per_eu(%(waves)d, %(waves)d)))
__attribute__((global)) void spills(float *p) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  float v[96];
#pragma unroll
  for (int i = 0; i < 96; ++i) v[i] = p[t + i * 1024];
  float s = 0;
#pragma unroll
  for (int i = 95; i >= 0; --i) s += v[i] * v[(i * 7) %% 96];
  p[t] = s;
}
extern "C" __attribute__((global)) void private_array(float *p, int k) {
  float a[64];
  unsigned t = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < 64; ++i) a[i] = p[i + t];
  p[t] = a[k & 63];
}
typedef float (*unary)(float);
extern "C" __attribute__((global)) void indirect_call(float *p, unary f) {
  p[0] = f(p[1]);
}
"""


def occupancy_max_waves(arch):
    return {"gfx906": 10, "gfx908": 10, "gfx1010": 20}.get(
        arch, 8 if arch.startswith("gfx9") else 16)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("--readelf", default="llvm-readelf-19")
    ap.add_argument("--archs", default="gfx906,gfx908,gfx90a,gfx942,gfx1030,gfx1100")
    ap.add_argument("--per-arch", type=int, default=48)
    ap.add_argument("--seed", type=int, default=30)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="hip-facts-")
    pairs = {
        "VGPRs (+AGPRs) vs .vgpr_count": [],
        "AGPRs vs .agpr_count": [],
        "SGPRs vs .sgpr_count": [],
        "LDS vs .group_segment_fixed_size": [],
        "ScratchSize vs .private_segment_fixed_size": [],
        "VGPRs Spill vs .vgpr_spill_count": [],
        "SGPRs Spill vs .sgpr_spill_count": [],
        "Dynamic Stack vs .uses_dynamic_stack": [],
        "flat work-group size vs .max_flat_workgroup_size": [],
    }
    for arch in args.archs.split(","):
        wave = occupancy.TARGETS[arch]["wave"]
        sources, threads = [], {}
        for i in range(args.per_arch):
            name, src, t, _ = occupancy.make_kernel(rng, arch, wave, "wgp", i)
            sources.append(src)
            threads[name] = t
        sources.append(EXTRA_KERNELS % {"waves": occupancy_max_waves(arch)})
        threads.update({"spills": 1024, "private_array": 1024,
                        "indirect_call": 1024})
        path = os.path.join(work, arch + ".hip")
        with open(path, "w") as f:
            f.write("".join(sources))
        res = subprocess.run(
            [args.clang, "-x", "hip", "--offload-arch=" + arch, "-nogpuinc",
             "-nogpulib", "--cuda-device-only", "-O2", "-c", "-save-temps",
             "-Rpass-analysis=kernel-resource-usage", "-o",
             os.path.join(work, arch + ".out"), path],
            capture_output=True, text=True, cwd=work)
        obj = os.path.join(work, "%s-hip-amdgcn-amd-amdhsa-%s.o" % (arch, arch))
        if not os.path.exists(obj):
            sys.exit("no device object for %s:\n%s" % (arch, res.stderr[-2000:]))
        remarks = occupancy.parse_remarks(res.stderr)
        notes = read_notes(args.readelf, obj)
        for name, r in remarks.items():
            n = notes[name]
            vgprs, agprs = int(r["VGPRs"]), int(r.get("AGPRs", "0"))
            unified = occupancy.TARGETS[arch]["vgprs"][64][0] == 512
            charged = ((vgprs + 3) // 4 * 4 + agprs if unified and agprs
                       else max(vgprs, agprs))
            row = lambda k, a, b: pairs[k].append((arch, name, a, b))
            row("VGPRs (+AGPRs) vs .vgpr_count", charged, int(n["vgpr_count"]))
            row("AGPRs vs .agpr_count", agprs, int(n.get("agpr_count", "0")))
            row("SGPRs vs .sgpr_count", int(r["SGPRs"]), int(n["sgpr_count"]))
            row("LDS vs .group_segment_fixed_size",
                int(r["LDS Size [bytes/block]"]),
                int(n["group_segment_fixed_size"]))
            row("ScratchSize vs .private_segment_fixed_size",
                int(r["ScratchSize [bytes/lane]"]),
                int(n["private_segment_fixed_size"]))
            row("VGPRs Spill vs .vgpr_spill_count", int(r["VGPRs Spill"]),
                int(n["vgpr_spill_count"]))
            row("SGPRs Spill vs .sgpr_spill_count", int(r["SGPRs Spill"]),
                int(n["sgpr_spill_count"]))
            row("Dynamic Stack vs .uses_dynamic_stack",
                r["Dynamic Stack"].lower(), n["uses_dynamic_stack"])
            row("flat work-group size vs .max_flat_workgroup_size",
                threads[name], int(n["max_flat_workgroup_size"]))
    for key, rows in pairs.items():
        same = sum(1 for _, _, a, b in rows if a == b)
        shown = sum(1 for _, _, a, _ in rows if a not in (0, "false"))
        print("%-50s %4d/%-4d equal  (%d not 0/false)"
              % (key, same, len(rows), shown))
        diffs = {}
        for arch, name, a, b in rows:
            if a != b and isinstance(a, int):
                diffs.setdefault(arch, set()).add(b - a)
        for arch, deltas in sorted(diffs.items()):
            print("    %-8s metadata - remark: %s" % (arch, sorted(deltas)))


if __name__ == "__main__":
    main()
