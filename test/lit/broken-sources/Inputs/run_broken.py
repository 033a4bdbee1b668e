#!/usr/bin/env python3
"""run_broken.py TOOL INPUTS_DIR OUT_DIR [--cuda-path P] [--every N]

Generates broken CUDA sources from the valid .cu files in INPUTS_DIR (token
deletions, duplications, truncations, swaps and stray punctuation; a fixed
seed, so the same variants every run), runs TOOL on each one with
--resource-usage=none, and checks the "no crash, ever" contract:
  - no signal and no hang (each run has a timeout);
  - exit status 0, 1 or 2, and 2 only with a "cuda-launch-lint: error:" line.
Then one run over all the variants at once (one bad file never stops the run).
Prints one line per failure and a summary; exits 1 when anything failed.
--every N runs only every Nth variant (for slow configurations).
"""
import concurrent.futures
import glob
import os
import random
import re
import subprocess
import sys

SEED = 10
VARIANTS_PER_FILE = 20
TIMEOUT = 60
STRAY = ["{", "}", "(", ")", "<<<", ">>>", ";", ",", "<", ">", "[", "]", "::",
         "dim3", "__global__", "template <typename T>", "#if 1\n", "#endif\n",
         "= 0", "...", "sizeof", "&", "*"]


def tokenize(text):
    # Identifiers/numbers, whitespace runs, <<< and >>>, single characters.
    return re.findall(r"[A-Za-z0-9_]+|\s+|<<<|>>>|.", text, re.S)


def variants(name, text, rng):
    tokens = tokenize(text)
    out = []
    for i in range(VARIANTS_PER_FILE):
        t = list(tokens)
        kind = ["truncate", "delete", "duplicate", "swap", "stray"][i % 5]
        a = rng.randrange(len(t))
        b = min(len(t), a + rng.randint(1, 12))
        if kind == "truncate":
            t = t[:a]
        elif kind == "delete":
            del t[a:b]
        elif kind == "duplicate":
            t[b:b] = t[a:b]
        elif kind == "swap":
            c = rng.randrange(len(t))
            t[a], t[c] = t[c], t[a]
        else:
            t.insert(a, rng.choice(STRAY))
        out.append(("%s-%02d-%s.cu" % (name, i, kind), "".join(t)))
    return out


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "hang (no exit after %d s)" % TIMEOUT
    if p.returncode < 0:
        tail = "\n".join(p.stderr.splitlines()[-20:])
        return "killed by signal %d\n%s" % (-p.returncode, tail)
    if p.returncode not in (0, 1, 2):
        return "exit status %d\n%s" % (p.returncode, p.stderr[-2000:])
    if p.returncode == 2 and not re.search(r"^cuda-launch-lint: error: .+$", p.stderr, re.M):
        return "exit status 2 without a one-line reason:\n%s" % p.stderr[-2000:]
    return None


def main():
    tool, inputs, out = sys.argv[1:4]
    args = sys.argv[4:]
    cuda_path, every = "/nonexistent", 1
    while args:
        opt, value, args = args[0], args[1], args[2:]
        if opt == "--cuda-path":
            cuda_path = value
        elif opt == "--every":
            every = int(value)
    os.makedirs(out, exist_ok=True)
    rng = random.Random(SEED)
    files = []
    for src in sorted(glob.glob(os.path.join(inputs, "*.cu"))):
        name = os.path.splitext(os.path.basename(src))[0]
        with open(src) as f:
            text = f.read()
        for fname, body in variants(name, text, rng):
            path = os.path.join(out, fname)
            with open(path, "w") as f:
                f.write(body)
            files.append(path)
    files = files[::every]
    base = [tool, "--resource-usage=none", "--cuda-path", cuda_path, "--format", "json"]
    flags = ["--", "-std=c++17", "--cuda-gpu-arch=sm_80"]
    failures = []
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        results = pool.map(lambda f: (f, run(base + [f] + flags)), files)
        failures = [(f, why) for f, why in results if why]
    why = run(base + ["-j", "2"] + files + flags)
    if why:
        failures.append(("all %d variants at once" % len(files), why))
    for f, why in failures:
        print("FAIL: %s: %s" % (os.path.basename(f), why))
    print("broken sources: %d variants, %d failures" % (len(files), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
