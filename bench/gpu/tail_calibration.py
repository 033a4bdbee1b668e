#!/usr/bin/env python3
"""Summarise a tail-effect calibration: per block duration and k, the range
over block sizes of the time of k full waves + 1 block over that of k full
waves, against the model's (k+1)/k (cuda-tail-effect's: a partial wave costs
a whole one).

    tail_calibration.py FILE.jsonl...

Each line of FILE is one grid run on a GPU: {"threads", "blocks_per_sm",
"wave", "spin_us" (how long each block spins on %globaltimer), "k",
"extra" (0 or 1), "grid", "ms"}; a line with "device" names the GPU.
Exit status 2 on unusable input.
"""
import json
import sys


def summarise(path):
    runs, device = {}, "?"
    try:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                r = json.loads(line)
                if "device" in r:
                    device = "%s, %s SMs" % (r["device"], r.get("sms", "?"))
                else:
                    runs[(r["spin_us"], r["k"], r["threads"], r["blocks_per_sm"], r["extra"])] = r["ms"]
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write("tail_calibration.py: %s: %s\n" % (path, e))
        sys.exit(2)
    ratios = {}
    for (spin, k, threads, per_sm, extra), ms in runs.items():
        base = runs.get((spin, k, threads, per_sm, 0))
        if extra == 1 and base:
            ratios.setdefault((spin, k), []).append((ms / base, threads, per_sm))
    print("%s (%s):" % (path, device))
    print("  %8s %3s %9s %17s %8s %s" % ("block", "k", "model", "measured", "off by", "(block sizes, blocks/SM)"))
    for (spin, k), rs in sorted(ratios.items()):
        model = (k + 1) / k
        lo, hi = min(r[0] for r in rs), max(r[0] for r in rs)
        off = max(abs(lo / model - 1), abs(hi / model - 1))
        print("  %6g us %3d %8.2fx %7.2fx-%.2fx %7.1f%% (%d-%d threads, %d-%d per SM)" % (
            spin, k, model, lo, hi, off * 100, min(r[1] for r in rs), max(r[1] for r in rs),
            min(r[2] for r in rs), max(r[2] for r in rs)))


def main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: tail_calibration.py FILE.jsonl...\n")
        return 2
    for path in sys.argv[1:]:
        summarise(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
