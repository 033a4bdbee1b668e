#!/usr/bin/env python3
"""Replay the tool's predictions against every recording kept in the
repository (bench/gpu/recordings/<name>/recording.json), without a GPU.

    replay.py --tool cuda-launch-lint [--work DIR] [--strict] [RECORDING...]

For each recording: generates the suite for its arch and SM count, predicts
with the tool (predict.py) and compares (compare.py). Cases the generator has
changed since the recording are left out (compare.py says how many).
Exit status: the worst of compare.py's (0 with no recordings).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", help="where to generate (default: a temporary directory)")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("recordings", nargs="*")
    a = ap.parse_args()
    recs = a.recordings or sorted(glob.glob(os.path.join(HERE, "recordings", "*", "recording.json")))
    if not recs:
        print("replay.py: no recordings in %s" % os.path.join(HERE, "recordings"))
        return 0
    work = a.work or tempfile.mkdtemp(prefix="gpu-replay-")
    worst = 0
    for path in recs:
        with open(path) as f:
            rec = json.load(f)
        name = os.path.basename(os.path.dirname(os.path.abspath(path)))
        if rec.get("synthetic") is not False:
            print("replay.py: %s is not a hardware recording (synthetic: %s): not replayed"
                  % (path, rec.get("synthetic")))
            worst = max(worst, 2)
            continue
        out = os.path.join(work, name)
        s = rec["suite"]
        print("== %s: %s" % (name, rec["device"].get("name")), flush=True)
        steps = [[sys.executable, os.path.join(HERE, "gen.py"), "--arch", s["arch"], "--sms", str(s["sm_count"]),
                  "--out", out],
                 [sys.executable, os.path.join(HERE, "predict.py"), "--tool", a.tool, "--suite", out],
                 [sys.executable, os.path.join(HERE, "compare.py"), path, os.path.join(out, "predictions.json")]
                 + (["--strict"] if a.strict else [])]
        for cmd in steps:
            rc = subprocess.call(cmd)
            if rc:
                worst = max(worst, rc)
                break
    return worst


if __name__ == "__main__":
    sys.exit(main())
