#!/usr/bin/env python3
# A stand-in for a compiled suite binary (SYNTHETIC: no GPU), speaking
# harness.h's protocol: "#begin I ID" before case I, one JSON line after it.
# Case 2 leaves a sticky error (exit 3), case 4 hangs, case 6 aborts.
import json, os, sys, time
start = int(sys.argv[sys.argv.index("--from") + 1]) if "--from" in sys.argv else 0
for i in range(start, 8):
    print("#begin %d fake-%d" % (i, i), flush=True)
    if i == 4:
        time.sleep(60)
    if i == 6:
        os.abort()
    rec = {"index": i, "id": "fake-%d" % i, "attrs": [], "launch_error": "cudaSuccess",
           "sync_error": "cudaErrorLaunchFailure" if i == 2 else "cudaSuccess", "sticky": i == 2,
           "elapsed_ms": [0.0], "occupancy": {"blocks_per_sm": 1, "error": "cudaSuccess"},
           "func": {"error": "cudaSuccess", "num_regs": 8}}
    print(json.dumps(rec), flush=True)
    if i == 2:
        sys.exit(3)
