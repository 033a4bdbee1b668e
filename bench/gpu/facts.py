#!/usr/bin/env python3
"""The device facts of a suite (registers, shared memory, spills per kernel),
compiled once with nvcc and kept as a ptxas log next to a recording, so that
replaying it needs no device compile (cuda-launch-lint --resource-usage=LOG).

    facts.py write --suite DIR --out LOG [-j N] [--nvcc NVCC]
    facts.py check --suite DIR LOG [-j N] [--nvcc NVCC]
    facts.py diff LOG FRESH_LOG

DIR is a suite (gen.py's output, or gen.py --from-cases of a recording's
cases.json). `write` compiles each suite file for the manifest's arch as the
tool does (nvcc -std=c++17 -I DIR -cubin -gencode ... -Xptxas -v) and keeps
ptxas' per-function lines, after a header naming the manifest's SHA-256, the
arch and nvcc's version. `check` compiles again and exits 1 unless every
kernel's facts equal the log's (`diff` compares two logs the same way); 2
when it cannot do its job.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HEADER = "# cuda-launch-lint device facts: "
# ptxas' per-function lines, what the tool reads; not the module's ("0 bytes gmem") nor
# "Compile time = 131.993 ms", which changes from run to run.
PER_FUNCTION = re.compile(r"ptxas info\s*: (Compiling entry function|Function properties for|Used \d+ registers)"
                          r"|\s+\d+ bytes stack frame")


def die(msg):
    """Could not do the job: one line on stderr, exit status 2."""
    sys.stderr.write(msg + "\n")
    sys.exit(2)


def manifest_of(suite):
    path = os.path.join(suite, "cases.json")
    try:
        with open(path, "rb") as f:
            raw = f.read()
        return json.loads(raw), hashlib.sha256(raw).hexdigest()
    except (OSError, ValueError) as e:
        die("facts.py: cannot read %s: %s" % (path, e))


def nvcc_version(nvcc):
    try:
        out = subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    except OSError as e:
        die("facts.py: cannot run %s: %s" % (nvcc, e))
    release = [l for l in out.splitlines() if l.startswith("Build ")]
    return release[-1] if release else out.strip().splitlines()[-1]


def compile_one(nvcc, suite, arch, name):
    """ptxas' report for one suite file: its per-function lines, in order."""
    with tempfile.TemporaryDirectory(prefix="suite-facts-") as tmp:
        cmd = [nvcc, "-std=c++17", "-I" + os.path.abspath(suite), "-cubin",
               "-gencode", "arch=compute_%s,code=%s" % (arch[3:], arch), "-Xptxas", "-v",
               "-o", os.path.join(tmp, "device.cubin"), os.path.join(suite, name)]
        p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        return name, None, "nvcc failed (exit %d): %s" % (p.returncode, p.stderr.strip()[-500:])
    return name, [l.rstrip() for l in p.stderr.splitlines() if PER_FUNCTION.match(l)], None


def compile_suite(suite, nvcc, jobs):
    manifest, sha = manifest_of(suite)
    arch = manifest["arch"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        done = list(pool.map(lambda f: compile_one(nvcc, suite, arch, f), manifest["files"]))
    failed = ["%s: %s" % (name, why) for name, _, why in done if why]
    if failed:
        die("facts.py: " + "; ".join(failed))
    text = "%ssuite %s, %s, %s\n" % (HEADER, sha, arch, nvcc_version(nvcc))
    for name, lines, _ in done:
        text += "# %s\n" % name + "".join(l + "\n" for l in lines)
    return text, sha, arch


def facts_by_kernel(text):
    """{entry: (registers line, properties)} of a ptxas log: what the tool reads."""
    facts, entry = {}, None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            entry = m.group(1)
            facts[entry] = []
        elif entry and not line.startswith("#"):
            facts[entry].append(line.split(":", 1)[-1].strip())
    return facts


def header_of(text):
    first = text.splitlines()[0] if text else ""
    return first[len(HEADER):] if first.startswith(HEADER) else None


def read_log(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError as e:
        die("facts.py: cannot read %s: %s" % (path, e))


def differences(kept, fresh):
    """Prints each kernel whose facts differ (the first 20); returns how many do."""
    want, got = facts_by_kernel(kept), facts_by_kernel(fresh)
    bad = sorted(k for k in set(want) | set(got) if want.get(k) != got.get(k))
    for k in bad[:20]:
        print("DIFFER %s: the log says %s; nvcc says %s" % (k, want.get(k), got.get(k)))
    return len(got), len(bad)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("write", "check", "diff"))
    ap.add_argument("--suite", help="the suite (write, check)")
    ap.add_argument("--out", help="the log to write (write)")
    ap.add_argument("log", nargs="?", help="the log to check (check, diff)")
    ap.add_argument("fresh", nargs="?", help="the log to compare it with (diff)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    a = ap.parse_intermixed_args()
    if a.mode == "diff":
        if not a.log or not a.fresh:
            die("facts.py: diff needs two logs")
        total, bad = differences(read_log(a.log), read_log(a.fresh))
        print("facts.py: %d of %d kernels agree" % (total - bad, total))
        return 1 if bad else 0
    if not a.suite:
        die("facts.py: %s needs --suite DIR" % a.mode)
    if a.mode == "write":
        if not a.out:
            die("facts.py: write needs --out LOG")
        text, _, arch = compile_suite(a.suite, a.nvcc, a.j)
        with open(a.out, "w") as f:
            f.write(text)
        print("facts.py: %d kernels for %s -> %s" % (len(facts_by_kernel(text)), arch, a.out))
        return 0
    if not a.log:
        die("facts.py: check needs the LOG to check")
    kept = read_log(a.log)
    _, sha = manifest_of(a.suite)
    if not (header_of(kept) or "").startswith("suite %s," % sha):
        die("facts.py: %s is not the facts of %s's cases.json (sha256 %s)" % (a.log, a.suite, sha))
    fresh, _, arch = compile_suite(a.suite, a.nvcc, a.j)
    total, bad = differences(kept, fresh)
    print("facts.py: %d of %d kernels on %s as nvcc gives them (%s; the log: %s)"
          % (total - bad, total, arch, header_of(fresh).split(", ", 2)[2], header_of(kept).split(", ", 2)[2]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
