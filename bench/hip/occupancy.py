#!/usr/bin/env python3
"""Acceptance benchmark for the AMD occupancy calculator (issue 30).

Generates HIP kernels with varied VGPR, AGPR and SGPR pressure (inline asm
clobbers), static LDS and flat work-group sizes (__launch_bounds__, the
amdgpu_flat_work_group_size attribute, or none: HIP's default of 1024),
compiles them per gfx target with clang++-19 (device side only, -O2,
-Rpass-analysis=kernel-resource-usage), and compares the backend's
"Occupancy [waves/SIMD]" remark with the answer of
`cuda-launch-lint occupancy --batch` (JSON) given the same kernel's remarked
VGPRs, AGPRs, SGPRs, LDS and flat work-group size. Prints agree/total per
target and every disagreement; exits 1 on any disagreement or failed compile.

The kernels need no HIP headers or device libraries (-nogpuinc -nogpulib):
ROCm 5.2's device libraries lack gfx942 and gfx1100, and a call into them
would only add the registers of an unknown callee.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

# Per target: default wave size, whether it has AGPRs, VGPRs per lane and
# granule per wave size, SIMDs per CU (WGP), the highest SGPR to clobber.
# Only used to keep generated kernels within what the compiler can allocate;
# the answers come from the compiler and the tool.
TARGETS = {
    "gfx906": dict(wave=64, agprs=False, vgprs={64: (256, 4)}, top_sgpr=101),
    "gfx908": dict(wave=64, agprs=True, vgprs={64: (256, 4)}, top_sgpr=101),
    "gfx90a": dict(wave=64, agprs=True, vgprs={64: (512, 8)}, top_sgpr=101),
    "gfx942": dict(wave=64, agprs=True, vgprs={64: (512, 8)}, top_sgpr=101),
    "gfx1010": dict(wave=32, agprs=False, vgprs={32: (1024, 8), 64: (512, 4)},
                    top_sgpr=105),
    "gfx1030": dict(wave=32, agprs=False, vgprs={32: (1024, 16), 64: (512, 8)},
                    top_sgpr=105),
    "gfx1100": dict(wave=32, agprs=False, vgprs={32: (1536, 24), 64: (768, 12)},
                    top_sgpr=105),
    "gfx1201": dict(wave=32, agprs=False, vgprs={32: (1536, 24), 64: (768, 12)},
                    top_sgpr=105),
}
DEFAULT_ARCHS = ["gfx906", "gfx90a", "gfx942", "gfx1030", "gfx1100"]

BOUNDS = [64, 128, 192, 256, 320, 384, 512, 640, 768, 1024, None]
LDS = [0, 0, 0, 512, 1024, 4096, 8192, 10000, 12288, 16384, 20000, 24576,
       32768, 40000, 49152, 65536]
VGPRS = [0, 0, 16, 24, 25, 32, 33, 40, 41, 48, 49, 56, 64, 65, 72, 80, 84, 96,
         97, 104, 112, 120, 128, 129, 144, 160, 168, 192, 200, 224, 240, 256]
AGPRS = [0, 0, 0, 4, 8, 16, 32, 64, 128]
SGPRS = [None, None, 30, 60, 79, 81, 87, 89, 95, 99, 101]


def vgpr_budget(arch, wave, mode, threads):
    """Most VGPRs(+AGPRs) a kernel of this flat size can be given."""
    total, granule = TARGETS[arch]["vgprs"][wave]
    simds = 2 if mode == "cu" else 4
    waves = -(-threads // wave)
    share = -(-waves // simds)
    budget = (total // share) // granule * granule
    return min(budget, 512 if TARGETS[arch]["agprs"] and total == 512 else 256)


def make_kernel(rng, arch, wave, mode, index):
    t = TARGETS[arch]
    bound = rng.choice(BOUNDS)
    threads = bound or 1024
    # Also within two waves per SIMD (amdgpu_waves_per_eu(2) below).
    total = TARGETS[arch]["vgprs"][wave][0]
    budget = min(vgpr_budget(arch, wave, mode, threads), total // 2) - 8
    vgprs = min(rng.choice(VGPRS), min(budget, 256))
    agprs = 0
    if t["agprs"]:
        agprs = rng.choice(AGPRS)
        if t["vgprs"][64][0] == 512:
            agprs = min(agprs, max(0, budget - ((vgprs + 3) // 4 * 4) - 8))
        else:
            agprs = min(agprs, budget)
    sgpr = rng.choice(SGPRS)
    if sgpr is not None:
        sgpr = min(sgpr, t["top_sgpr"])
    lds = rng.choice(LDS)
    # HIP's __launch_bounds__(T) and __launch_bounds__(T, W) expand (ROCm 5.2
    # amd_hip_runtime.h) to these attributes; Clang 19 ignores CUDA's own
    # launch_bounds attribute on AMDGPU, so it is not used here.
    style = rng.choice(["launch_bounds", "launch_bounds_waves", "flat_exact"])
    clobbers = []
    if vgprs:
        clobbers.append('"v%d"' % (vgprs - 1))
    if agprs:
        clobbers.append('"a%d"' % (agprs - 1))
    if sgpr is not None:
        clobbers.append('"s%d"' % sgpr)
    name = "k%d" % index
    if bound is None:
        attr = ""
    elif style == "flat_exact":
        attr = ("__attribute__((amdgpu_flat_work_group_size(%d, %d))) "
                % (bound, bound))
    elif style == "launch_bounds_waves":
        # HIP's second argument: the minimum waves per EU, not CUDA's blocks.
        attr = ("__attribute__((amdgpu_flat_work_group_size(1, %d), "
                "amdgpu_waves_per_eu(%d))) " % (bound, rng.choice([1, 2])))
    else:
        attr = "__attribute__((amdgpu_flat_work_group_size(1, %d))) " % bound
    body = ["  unsigned tid = __builtin_amdgcn_workitem_id_x();"]
    if clobbers:
        body.append('  asm volatile("" ::: %s);' % ", ".join(clobbers))
    if lds:
        body.insert(0, "  __attribute__((shared)) float tile[%d];" % (lds // 4))
        body.append("  tile[(tid * 7u) %% %du] = p[tid];" % (lds // 4))
        body.append("  __builtin_amdgcn_s_barrier();")
        body.append("  p[tid] = tile[(tid * 13u) %% %du];" % (lds // 4))
    else:
        body.append("  p[tid] = 1.0f;")
    src = ('extern "C" %s__attribute__((global)) void %s(float *p) {\n%s\n}\n'
           % (attr, name, "\n".join(body)))
    return name, src, threads


def compile_file(clang, arch, wave, mode, path):
    cmd = [clang, "-x", "hip", "--offload-arch=" + arch, "-nogpuinc",
           "-nogpulib", "--cuda-device-only", "-O2", "-S", "-o", os.devnull,
           "-Rpass-analysis=kernel-resource-usage", path]
    if wave == 64 and TARGETS[arch]["wave"] == 32:
        cmd.insert(3, "-mwavefrontsize64")
    if mode == "cu":
        cmd.insert(3, "-mcumode")
    res = subprocess.run(cmd, capture_output=True, text=True)
    return res.returncode, res.stderr


def parse_remarks(log):
    """The remark blocks, by kernel name (bench-side, independent of the
    tool's own parser)."""
    kernels, current = {}, None
    for line in log.splitlines():
        if "[-Rpass-analysis=kernel-resource-usage]" not in line:
            continue
        text = line.split(": remark: ", 1)[1].rsplit(" [-Rpass", 1)[0].strip()
        key, _, value = text.partition(": ")
        if key == "Function Name":
            current = kernels.setdefault(value, {})
        elif current is not None:
            current[key] = value
    return kernels


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "tools",
        "cuda-launch-lint", "cuda-launch-lint"))
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("--archs", default=",".join(DEFAULT_ARCHS))
    ap.add_argument("--per-config", type=int, default=48,
                    help="kernels per (target, wave size, mode)")
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="write the sources and logs here")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    work = args.keep or tempfile.mkdtemp(prefix="hip-occupancy-")
    os.makedirs(work, exist_ok=True)
    configs = []
    for arch in args.archs.split(","):
        if arch not in TARGETS:
            sys.exit("occupancy.py: error: no generator settings for " + arch)
        configs.append((arch, TARGETS[arch]["wave"], "wgp"))
        if TARGETS[arch]["wave"] == 32:
            configs.append((arch, 64, "wgp"))
            configs.append((arch, 32, "cu"))
    jobs, meta = [], {}
    for arch, wave, mode in configs:
        sources = []
        for i in range(args.per_config):
            name, src, threads = make_kernel(rng, arch, wave, mode, i)
            meta[(arch, wave, mode, name)] = threads
            sources.append(src)
        path = os.path.join(work, "%s-w%d-%s.hip" % (arch, wave, mode))
        with open(path, "w") as f:
            f.write("".join(sources))
        jobs.append((arch, wave, mode, path))

    start = time.time()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(
            lambda j: compile_file(args.clang, j[0], j[1], j[2], j[3]), jobs))
    compile_s = time.time() - start

    failed = False
    batch, expected = [], {}
    for (arch, wave, mode, path), (rc, log) in zip(jobs, results):
        if args.keep:
            with open(path + ".log", "w") as f:
                f.write(log)
        if rc != 0:
            print("compile failed: %s (wave%d, %s mode):\n%s"
                  % (arch, wave, mode, log[-2000:]))
            failed = True
            continue
        for name, fields in parse_remarks(log).items():
            key = "%s/w%d/%s/%s" % (arch, wave, mode, name)
            line = {"id": key, "arch": arch,
                    "threads": meta[(arch, wave, mode, name)],
                    "vgprs": int(fields["VGPRs"]),
                    "agprs": int(fields.get("AGPRs", "0")),
                    "sgprs": int(fields["SGPRs"]),
                    "lds": int(fields["LDS Size [bytes/block]"]),
                    "wave_size": wave, "mode": mode}
            batch.append(json.dumps(line))
            expected[key] = (int(fields["Occupancy [waves/SIMD]"]), line)

    start = time.time()
    res = subprocess.run([args.tool, "occupancy", "--batch", "-"],
                         input="\n".join(batch) + "\n", capture_output=True,
                         text=True)
    tool_s = time.time() - start
    answers = {}
    for out in res.stdout.splitlines():
        obj = json.loads(out)
        answers[obj.get("id")] = obj

    per_arch = {}
    disagreements = []
    for key, (remark, line) in expected.items():
        arch = line["arch"]
        agree, total = per_arch.get(arch, (0, 0))
        got = answers.get(key, {})
        ours = got.get("waves_per_simd")
        if ours == remark:
            agree += 1
        else:
            disagreements.append((key, remark, got.get("error") or ours, line))
        per_arch[arch] = (agree, total + 1)

    for arch in args.archs.split(","):
        agree, total = per_arch.get(arch, (0, 0))
        print("%-8s %4d/%-4d agree" % (arch, agree, total))
    agree = sum(a for a, _ in per_arch.values())
    total = sum(t for _, t in per_arch.values())
    print("all      %4d/%-4d agree  (%d compiles in %.1f s, tool %.2f s)"
          % (agree, total, len(jobs), compile_s, tool_s))
    # What bound the kernels, as the tool saw them: the run covers a limit
    # only where it binds somewhere.
    binding = {}
    for obj in answers.values():
        for limit in obj.get("binding", []):
            binding[limit] = binding.get(limit, 0) + 1
    print("binding  " + ", ".join("%s %d" % kv for kv in sorted(binding.items())))
    for key, remark, ours, line in disagreements:
        print("DISAGREE %s: remark %s, tool %s, input %s"
              % (key, remark, ours, json.dumps(line)))
    if not args.keep:
        for _, _, _, path in jobs:
            os.remove(path)
        os.rmdir(work)
    return 1 if failed or disagreements or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
