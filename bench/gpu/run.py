#!/usr/bin/env python3
"""Run the harness on the GPU of this machine and record the runtime's answers.

    run.py --out DIR [--tool cuda-launch-lint] [--timeout 120] [--nvcc nvcc]

1. compiles and runs devquery.cu: the GPU's arch, SM count, driver and runtime;
2. generates the suite for that arch and SM count (gen.py) into DIR;
3. compiles each suite file with nvcc -arch=sm_XY (linked with -lcuda) and
   runs it under a timeout, starting again after the case that hung, crashed
   or left a sticky error; each case's answers are the runtime's cudaError_t
   names and, for a driver API launch or cuFuncSetAttribute, the driver's
   CUresult names (cuGetErrorName: CUDA_ERROR_INVALID_VALUE, ...), with the
   calls a launch form needs besides the launch (cudaGetFuncBySymbol, an entry
   point's lookup, a graph's instantiation and launch) under "steps";
4. writes DIR/recording.json (the format is bench/gpu/README.md's);
5. writes the suite's device facts (facts.py: nvcc -cubin -Xptxas -v of each
   file) to DIR/device-facts/<sha16>-sm_XY.log, which the replay in CI reads
   from bench/gpu/recordings/device-facts/ instead of compiling;
6. with --tool: predicts (predict.py) and compares (compare.py); the exit
   status is compare.py's. Without --tool: 0 once the recording is written.

Only this step needs a GPU; predict.py and compare.py run anywhere.
"""
import argparse
import concurrent.futures
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

FORMAT = "cuda-launch-lint-gpu-recording"
FORMAT_VERSION = 1



def die(msg):
    """Could not do the job: one line on stderr, exit status 2."""
    sys.stderr.write(msg + "\n")
    sys.exit(2)

def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def device_query(nvcc, out):
    exe = os.path.join(out, "devquery")
    p = sh([nvcc, os.path.join(HERE, "devquery.cu"), "-o", exe])
    if p.returncode:
        die("run.py: cannot compile devquery.cu:\n" + p.stderr)
    p = sh([exe])
    if p.returncode:
        die("run.py: no usable GPU: " + p.stderr.strip())
    return json.loads(p.stdout)


def compile_suite(nvcc, arch, suite, name, flags):
    exe = os.path.join(suite, name[:-3])
    # -lcuda: the forms family calls the driver API (cuLaunchKernel, cuGetProcAddress).
    cmd = [nvcc, "-std=c++17", "-O3", "-arch=" + arch] + flags + ["-I", suite,
                                                                  os.path.join(suite, name), "-o", exe, "-lcuda"]
    start = time.monotonic()
    p = sh(cmd)
    return {"file": name, "command": cmd, "seconds": round(time.monotonic() - start, 2),
            "ok": p.returncode == 0, "stderr": p.stderr[-4000:]}, exe


def run_binary(exe, n_cases, timeout):
    """Runs exe from case 0, again from the case after each crash, hang or
    sticky error. Returns {index: record} and the list of process runs."""
    records, runs, start_at = {}, [], 0
    while start_at < n_cases:
        began = None
        t0 = time.monotonic()
        try:
            p = subprocess.run([exe, "--from", str(start_at)], capture_output=True, text=True,
                               timeout=timeout)
            out, rc, timed_out = p.stdout, p.returncode, False
        except subprocess.TimeoutExpired as e:
            out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            rc, timed_out = None, True
        runs.append({"from": start_at, "exit": rc, "timed_out": timed_out,
                     "seconds": round(time.monotonic() - t0, 2)})
        for line in out.splitlines():
            m = re.match(r"#begin (\d+) ", line)
            if m:
                began = int(m.group(1))
            elif line.startswith("{"):
                r = json.loads(line)
                r["status"] = "sticky" if r.get("sticky") else "ran"
                records[r["index"]] = r
                began = None
        if rc == 0:
            break
        if began is None:  # died between cases (or before the first): skip nothing twice
            last = max(records) if records else start_at - 1
            if rc in (2,) or last + 1 == start_at:
                for i in range(start_at, n_cases):
                    records.setdefault(i, {"index": i, "status": "not-run",
                                           "detail": "the binary exited %s before the case" % rc})
                break
            start_at = last + 1
            continue
        status = "timeout" if timed_out else "crashed"
        records[began] = {"index": began, "status": status,
                          "detail": "timed out after %d s" % timeout if timed_out
                          else "exit status %s" % rc}
        start_at = began + 1
    return records, runs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per process (default 120)")
    ap.add_argument("--tool", help="cuda-launch-lint: also predict and compare")
    ap.add_argument("--nvcc-flags", default="", help="extra nvcc flags")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1, help="parallel compiles")
    ap.add_argument("--synthetic", action="store_true",
                    help="for the harness's own tests with a stand-in nvcc: the recording says so")
    a = ap.parse_args()
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)

    dev = device_query(a.nvcc, out)
    arch = "sm_%d%d" % (dev["major"], dev["minor"])
    print("run.py: %s (%s, %d SMs), driver %d, runtime %d" % (
        dev["name"], arch, dev["sm_count"], dev["driver_version"], dev["runtime_version"]))
    suite = gen.Suite(arch, dev["sm_count"])
    suite.generate()
    manifest = gen.write_suite(suite, out)
    with open(os.path.join(out, "cases.json"), "rb") as f:
        manifest_sha = hashlib.sha256(f.read()).hexdigest()
    nvcc_version = sh([a.nvcc, "--version"]).stdout.strip().splitlines()[-1]

    flags = a.nvcc_flags.split()
    builds, exes = [], {}
    with concurrent.futures.ThreadPoolExecutor(max(1, a.j)) as pool:
        for b, exe in pool.map(lambda f: compile_suite(a.nvcc, arch, out, f, flags), manifest["files"]):
            builds.append(b)
            exes[b["file"]] = exe
            print("run.py: compiled %s in %.1f s%s" % (b["file"], b["seconds"], "" if b["ok"] else " FAILED"))

    cases, runs = {}, {}
    for b in builds:
        fam_cases = [c for c in manifest["cases"] if c["file"] == b["file"]]
        if not b["ok"]:
            for c in fam_cases:
                cases[c["id"]] = {"status": "not-built", "definition": gen.definition(c)}
            continue
        start = time.monotonic()
        recs, runs[b["file"]] = run_binary(exes[b["file"]], len(fam_cases), a.timeout)
        for i, c in enumerate(fam_cases):
            r = recs.get(i, {"status": "not-run"})
            if r.get("id") not in (None, c["id"]):
                die("run.py: %s printed case %s at index %d, expected %s" % (b["file"], r["id"], i, c["id"]))
            r.pop("index", None)
            r.pop("id", None)
            r["definition"] = gen.definition(c)
            cases[c["id"]] = r
        print("run.py: ran %s (%d cases) in %.1f s, %d process(es)" % (
            b["file"], len(fam_cases), time.monotonic() - start, len(runs[b["file"]])))

    recording = {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "synthetic": a.synthetic,
        "recorded_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "host": platform.node(),
        "device": dict(dev, arch=arch),
        "toolkit": {"nvcc": a.nvcc, "nvcc_version": nvcc_version, "nvcc_flags": flags},
        "suite": {"generator_version": manifest["generator_version"], "arch": arch,
                  "sm_count": dev["sm_count"], "cases_json_sha256": manifest_sha,
                  "case_count": len(manifest["cases"])},
        "builds": builds, "runs": runs, "cases": cases,
    }
    with open(os.path.join(out, "recording.json"), "w") as f:
        json.dump(recording, f, indent=1)
    print("run.py: wrote %s" % os.path.join(out, "recording.json"))
    # The suite's device facts: the replay of this recording in CI needs no device compile.
    facts = os.path.join(out, "device-facts", "%s-%s.log" % (manifest_sha[:16], arch))
    os.makedirs(os.path.dirname(facts), exist_ok=True)
    if subprocess.call([sys.executable, os.path.join(HERE, "facts.py"), "write", "--suite", out,
                        "--out", facts, "-j", str(max(1, a.j)), "--nvcc", a.nvcc]):
        print("run.py: no device facts log (facts.py failed): the replay will compile the suite")
    if not a.tool:
        return 0
    rc = subprocess.call([sys.executable, os.path.join(HERE, "predict.py"), "--tool", a.tool, "--suite", out])
    if rc:
        return rc
    return subprocess.call([sys.executable, os.path.join(HERE, "compare.py"),
                            os.path.join(out, "recording.json"), os.path.join(out, "predictions.json")])


if __name__ == "__main__":
    sys.exit(main())
