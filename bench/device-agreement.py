#!/usr/bin/env python3
"""Agreement check: cuda-launch-lint's per-arch device facts versus what
`nvcc --resource-usage` prints for the same file, flags and arch.

For every source and arch, runs
    nvcc --resource-usage -cubin -arch=<arch> <flags> <source>
parses its report with an independent parser (regular expressions here, not
the tool's C++ parser), runs
    cuda-launch-lint --format json --no-cache --arch=<archs> <source> -- nvcc <flags>
and compares registers, static shared memory, spill stores/loads, stack
frame and barriers for every entry nvcc reports. An entry nvcc reports that
the tool does not (or a different number) is a disagreement.

Usage: device-agreement.py --tool T [--cuda-path P] --arch sm_80,sm_90
                           [--flags "-O3 -DX"] [--dir D] file.cu...
Exit status: 0 when every (kernel, arch) agrees, 1 otherwise, 2 on errors.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
PROPS = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
USED = re.compile(r"Used (\d+) registers")


def nvcc_report(nvcc, src, arch, flags, cwd):
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [nvcc, "--resource-usage", "-cubin", "-arch=" + arch] + flags + [
            src, "-o", os.path.join(tmp, "out.cubin")]
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1:] or ["failed"]
    out = {}
    cur = None
    for line in (p.stderr + p.stdout).splitlines():
        m = ENTRY.search(line)
        if m:
            cur = {"arch": m.group(2), "registers": 0, "static_smem": 0,
                   "barriers": 0}
            out[m.group(1)] = cur
            continue
        if cur is None:
            continue
        m = PROPS.search(line)
        if m:
            cur["stack_frame"], cur["spill_stores"], cur["spill_loads"] = map(int, m.groups())
            continue
        if USED.search(line):
            cur["registers"] = int(USED.search(line).group(1))
            m = re.search(r"used (\d+) barriers", line)
            if m:
                cur["barriers"] = int(m.group(1))
            m = re.search(r"(\d+) bytes smem", line)
            if m:
                cur["static_smem"] = int(m.group(1))
            cur = None
    return out, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--arch", required=True)
    ap.add_argument("--flags", default="")
    ap.add_argument("--dir", default=os.getcwd())
    ap.add_argument("sources", nargs="+")
    a = ap.parse_args()
    nvcc = os.path.join(a.cuda_path, "bin", "nvcc")
    flags = shlex.split(a.flags)
    archs = a.arch.split(",")
    keys = ["registers", "static_smem", "spill_stores", "spill_loads",
            "stack_frame", "barriers"]
    total = agree = 0
    for src in a.sources:
        cmd = [a.tool, "--format", "json", "--no-cache", "--cuda-path", a.cuda_path,
               "--arch=" + a.arch, src, "--", nvcc] + flags
        p = subprocess.run(cmd, cwd=a.dir, capture_output=True, text=True)
        if p.returncode not in (0, 1):
            print(f"{src}: cuda-launch-lint failed ({p.returncode}): {p.stderr.strip()}")
            return 2
        doc = json.loads(p.stdout)
        tool = {}
        for k in doc["kernels"]:
            for arch, r in k.get("per_arch", {}).items():
                tool[(r.get("device_name", k["mangled"]), arch)] = r
        for arch in archs:
            rep, err = nvcc_report(nvcc, src, arch, flags, a.dir)
            if rep is None:
                print(f"{src} [{arch}]: nvcc failed ({err[0]}); skipped")
                continue
            for name, want in sorted(rep.items()):
                total += 1
                got = tool.get((name, arch))
                if got is None:
                    print(f"MISSING {src} [{arch}] {name}: nvcc {want}")
                    continue
                diff = {k: (got.get(k), want.get(k)) for k in keys if got.get(k) != want.get(k)}
                if diff:
                    print(f"DIFFER  {src} [{arch}] {name}: (tool, nvcc) {diff}")
                else:
                    agree += 1
    print(f"agreement: {agree}/{total} (kernel, arch) pairs agree with nvcc --resource-usage")
    return 0 if agree == total and total > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
