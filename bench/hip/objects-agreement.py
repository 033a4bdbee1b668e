#!/usr/bin/env python3
"""The tool's two AMD device-fact sources compared end to end (issue 30,
item 2: --resource-usage=objects for HIP).

For the kernels occupancy.py generates (varied VGPR/AGPR/SGPR pressure, LDS,
flat work-group sizes) plus device-facts.py's spilling, scratch and
dynamic-stack kernels and, on targets with AGPRs, an MFMA kernel, per gfx
target:
  1. builds the object as a build would: clang++-19 -x hip -c (needs lld-19:
     Debian's default ld.lld 14 has no AMDGPU emulation);
  2. runs `cuda-launch-lint --format=json` on the source twice, with
     --resource-usage=<the object> (its offload bundle's code object, the
     metadata note) and with the default device stage (its own device
     compile and the kernel-resource-usage remarks), --no-cache;
  3. compares each kernel's per_arch fields and the VGPRs a wave is charged.
Prints per field how often the two agree, every kind of difference, the
kernels whose VGPRs the object does not determine, and the time of each
run. Exits 1 when a kernel is missing from either side or the charged VGPRs
differ where the object gives VGPRs.
"""

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name):
    spec = importlib.util.spec_from_file_location(
        name.replace("-", "_"), os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


occupancy = load("occupancy")
device_facts = load("device-facts")

MFMA_KERNEL = r"""
typedef float float16v __attribute__((ext_vector_type(16)));
extern "C" __attribute__((amdgpu_flat_work_group_size(1, 256)))
__attribute__((global)) void mfma(float16v *out, const float *a,
                                  const float *b) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  float16v acc = out[t];
  for (int i = 0; i < 8; ++i)
    acc = __builtin_amdgcn_mfma_f32_32x32x2f32(a[i * 64 + t], b[i * 64 + t],
                                               acc, 0, 0, 0);
  out[t] = acc;
}
"""

# What the host side of a full compile needs without the HIP headers
# (-nogpuinc): the launch entry point Clang's kernel stubs call.
PRELUDE = r"""
struct dim3 { unsigned x, y, z; };
typedef struct ihipStream_t *hipStream_t;
extern "C" int hipLaunchKernel(const void *, dim3, dim3, void **,
                               unsigned long, hipStream_t);
"""

FIELDS = ["vgprs", "agprs", "sgprs", "lds", "scratch_per_lane",
          "dynamic_stack", "vgpr_spills", "sgpr_spills"]


def charged(arch, facts):
    v, a = facts.get("vgprs"), facts.get("agprs") or 0
    if v is None:
        return None
    unified = occupancy.TARGETS[arch]["vgprs"][64][0] == 512
    return (v + 3) // 4 * 4 + a if unified and a else max(v, a)


def lint(tool, source, flags, usage):
    start = time.monotonic()
    res = subprocess.run([tool, "--format=json", "--no-cache",
                          "--resource-usage=" + usage, source, "--"] + flags,
                         capture_output=True, text=True)
    seconds = time.monotonic() - start
    if res.returncode not in (0, 1):
        sys.exit("%s failed (%d): %s" % (tool, res.returncode, res.stderr))
    doc = json.loads(res.stdout)
    return {k["name"]: k["per_arch"] for k in doc["kernels"]}, seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", required=True, help="cuda-launch-lint")
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("--archs",
                    default="gfx906,gfx908,gfx90a,gfx942,gfx1030,gfx1100")
    ap.add_argument("--per-arch", type=int, default=48)
    ap.add_argument("--seed", type=int, default=30)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="hip-objects-")
    equal = {f: [0, 0] for f in FIELDS + ["charged VGPRs"]}
    diffs, unknown, failures = {}, {}, 0
    times = {"build (-c)": 0.0, "lint, objects": 0.0, "lint, remarks": 0.0}
    kernels_total = 0
    for arch in args.archs.split(","):
        wave = occupancy.TARGETS[arch]["wave"]
        sources = [PRELUDE] + [occupancy.make_kernel(rng, arch, wave, "wgp", i)[1]
                   for i in range(args.per_arch)]
        sources.append(device_facts.EXTRA_KERNELS
                       % {"waves": device_facts.occupancy_max_waves(arch)})
        if occupancy.TARGETS[arch]["agprs"]:
            sources.append(MFMA_KERNEL)
        path = os.path.join(work, arch + ".hip")
        with open(path, "w") as f:
            f.write("".join(sources))
        flags = [args.clang, "-x", "hip", "--offload-arch=" + arch,
                 "-nogpuinc", "-nogpulib", "-O2"]
        obj = os.path.join(work, arch + ".o")
        start = time.monotonic()
        res = subprocess.run(flags + ["-c", path, "-o", obj],
                             capture_output=True, text=True, cwd=work)
        times["build (-c)"] += time.monotonic() - start
        if res.returncode != 0:
            sys.exit("clang -c failed for %s:\n%s" % (arch, res.stderr[-2000:]))
        from_object, t_obj = lint(args.tool, path, flags, obj)
        from_remarks, t_rem = lint(args.tool, path, flags, "auto")
        times["lint, objects"] += t_obj
        times["lint, remarks"] += t_rem
        for name, per_arch in sorted(from_remarks.items()):
            kernels_total += 1
            r, o = per_arch.get(arch), from_object.get(name, {}).get(arch)
            if r is None or o is None:
                print("%s %s: missing from %s" % (
                    arch, name, "the remarks" if r is None else "the object"))
                failures += 1
                continue
            for field in FIELDS:
                # Targets without AGPRs: the remark says nothing, the
                # metadata 0.
                if field == "agprs" and "agprs" not in r:
                    continue
                equal[field][1] += 1
                if r.get(field) == o.get(field):
                    equal[field][0] += 1
                else:
                    diffs.setdefault((field, arch), []).append(
                        "%s: remark %s, object %s"
                        % (name, r.get(field), o.get(field)))
            if o.get("vgprs") is None:
                # gfx908 with at least as many AGPRs as VGPRs: .vgpr_count
                # is the AGPRs, the VGPRs are not in the object.
                unknown.setdefault(arch, []).append(name)
                continue
            equal["charged VGPRs"][1] += 1
            if charged(arch, r) == charged(arch, o):
                equal["charged VGPRs"][0] += 1
            else:
                failures += 1
                diffs.setdefault(("charged VGPRs", arch), []).append(name)
    print("%d kernels over %s" % (kernels_total, args.archs))
    for field, (same, total) in equal.items():
        print("  %-18s %4d/%-4d equal" % (field, same, total))
    for (field, arch), rows in sorted(diffs.items()):
        print("  %s on %s differs for %d kernel(s), e.g. %s"
              % (field, arch, len(rows), rows[0]))
    for arch, names in sorted(unknown.items()):
        print("  VGPRs not in the object on %s for %d kernel(s) (AGPRs >= "
              "VGPRs), e.g. %s" % (arch, len(names), names[0]))
    for key, seconds in times.items():
        print("  %-16s %.1f s" % (key, seconds))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
