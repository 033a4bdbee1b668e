#!/usr/bin/env python3
# A stand-in for nvcc (SYNTHETIC: no GPU, no compiler) for run.py's own test.
# devquery.cu "compiles" to a program that prints an invented sm_90 device;
# a suite file to a program that answers every case with cudaSuccess, in
# harness.h's protocol. Nothing it produces is a measurement.
import json, os, re, stat, sys

if "--version" in sys.argv:
    print("fake nvcc\nCuda compilation tools, release 0.0, SYNTHETIC")
    sys.exit(0)
out = sys.argv[sys.argv.index("-o") + 1]
src = [a for a in sys.argv if a.endswith(".cu")][0]
if "-cubin" in sys.argv:
    # A device compile (facts.py): ptxas -v's lines for each kernel, invented.
    for k in re.findall(r"^__global__ void (?:__\w+\([^)]*\) )*(k_\w+)\(", open(src).read(), re.M):
        name = "_Z%d%sPf" % (len(k), k)
        sys.stderr.write("ptxas info    : Compiling entry function '%s' for 'sm_90'\n"
                         "ptxas info    : Function properties for %s\n"
                         "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                         "ptxas info    : Used 8 registers, used 0 barriers\n"
                         "ptxas info    : Compile time = 1.000 ms\n" % (name, name))
    open(out, "w").close()
    sys.exit(0)
if os.path.basename(src) == "devquery.cu":
    dev = {"name": "SYNTHETIC stand-in", "major": 9, "minor": 0, "sm_count": 132,
           "driver_version": 0, "runtime_version": 0}
    body = "print(%r)\n" % json.dumps(dev)
else:
    ids = re.findall(r'^  \{"([a-z]+-\d+)", case_', open(src).read(), re.M)
    body = """import json, sys
ids = %r
start = int(sys.argv[sys.argv.index("--from") + 1]) if "--from" in sys.argv else 0
for i in range(start, len(ids)):
    print("#begin %%d %%s" %% (i, ids[i]))
    print(json.dumps({"index": i, "id": ids[i], "attrs": [], "launch_error": "cudaSuccess",
                      "sync_error": "cudaSuccess", "sticky": False, "elapsed_ms": [0.0],
                      "occupancy": {"blocks_per_sm": 1, "error": "cudaSuccess"},
                      "func": {"error": "cudaSuccess", "num_regs": 8}}))
""" % ids
with open(out, "w") as f:
    f.write("#!%s\n# SYNTHETIC stand-in binary written by fake-nvcc.py\n%s" % (sys.executable, body))
os.chmod(out, os.stat(out).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
