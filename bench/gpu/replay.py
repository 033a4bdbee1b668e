#!/usr/bin/env python3
"""Replay the tool's predictions against every recording kept in the
repository (bench/gpu/recordings/<name>/recording.json), without a GPU.

    replay.py --tool cuda-launch-lint [--work DIR] [--strict] [--compile] [RECORDING...]
    replay.py --check-facts [--work DIR] [-j N]

For each recording: writes the sources of the suite it ran from the
cases.json beside it (gen.py --from-cases; its SHA-256 must be the one the
recording names), predicts with the tool (predict.py) and compares
(compare.py). Recordings of one cases.json share the suite and the
predictions. The device facts come from recordings/device-facts/<the first
16 hex digits of the cases.json's SHA-256>-<arch>.log (facts.py: a ptxas log
of that suite) unless --compile is given or there is none; then the tool
compiles the device side (minutes per suite).

--check-facts compiles each suite that has such a log with nvcc again and
fails unless every kernel's facts equal the log's (facts.py check).
Exit status: the worst of compare.py's (0 with no recordings); 2 for a
recording that is not from hardware or whose cases.json is not the one it ran.
"""
import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def facts_log(sha, arch):
    return os.path.join(HERE, "recordings", "device-facts", "%s-%s.log" % (sha[:16], arch))


def suite_of(path, rec, work):
    """(suite directory, cases.json, its SHA-256), or a reason the recording cannot be replayed."""
    here = os.path.dirname(os.path.abspath(path))
    cases = os.path.join(here, "cases.json")
    try:
        with open(cases, "rb") as f:
            sha = hashlib.sha256(f.read()).hexdigest()
    except OSError as e:
        return None, "no cases.json beside it (%s)" % e
    if sha != rec["suite"].get("cases_json_sha256"):
        return None, "it ran cases.json %s; the one beside it is %s" % (rec["suite"].get("cases_json_sha256"), sha)
    return (os.path.join(work, sha[:16]), cases, sha), None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool")
    ap.add_argument("--work", help="where to generate (default: a temporary directory)")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--compile", action="store_true",
                    help="compile the device side even where a device facts log is kept")
    ap.add_argument("--check-facts", action="store_true",
                    help="check the kept device facts against nvcc instead of replaying")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1, help="nvcc processes (--check-facts)")
    ap.add_argument("recordings", nargs="*")
    a = ap.parse_args()
    if not a.tool and not a.check_facts:
        ap.error("--tool is required")
    recs = a.recordings or sorted(glob.glob(os.path.join(HERE, "recordings", "*", "recording.json")))
    if not recs:
        print("replay.py: no recordings in %s" % os.path.join(HERE, "recordings"))
        return 0
    work = a.work or tempfile.mkdtemp(prefix="gpu-replay-")
    worst = 0
    predicted, checked = set(), set()
    for path in recs:
        with open(path) as f:
            rec = json.load(f)
        name = os.path.basename(os.path.dirname(os.path.abspath(path)))
        if rec.get("synthetic") is not False:
            print("replay.py: %s is not a hardware recording (synthetic: %s): not replayed"
                  % (path, rec.get("synthetic")))
            worst = max(worst, 2)
            continue
        suite, why = suite_of(path, rec, work)
        if not suite:
            print("replay.py: %s: %s: not replayed" % (path, why))
            worst = max(worst, 2)
            continue
        out, cases, sha = suite
        arch = rec["suite"]["arch"]
        facts = facts_log(sha, arch)
        use_facts = os.path.isfile(facts) and not a.compile
        start = time.monotonic()
        gen = [sys.executable, os.path.join(HERE, "gen.py"), "--from-cases", cases, "--out", out]
        if a.check_facts:
            if out in checked or not os.path.isfile(facts):
                continue
            checked.add(out)
            print("== device facts of %s's suite (%s): %s" % (name, arch, os.path.relpath(facts, HERE)), flush=True)
            # Suites of two generator versions share every family but the changed one:
            # those files are compiled once.
            steps = [gen, [sys.executable, os.path.join(HERE, "facts.py"), "check", "--suite", out, facts,
                           "-j", str(a.j), "--cache", os.path.join(work, "facts-cache")]]
        else:
            print("== %s: %s, %s (%s)" % (name, rec["device"].get("name"), arch,
                                          "device facts from " + os.path.relpath(facts, HERE) if use_facts
                                          else "device side compiled by the tool"), flush=True)
            steps = [] if out in predicted else [
                gen, [sys.executable, os.path.join(HERE, "predict.py"), "--tool", a.tool, "--suite", out]
                + (["--device-facts", facts] if use_facts else [])]
            predicted.add(out)
            steps.append([sys.executable, os.path.join(HERE, "compare.py"), path,
                          os.path.join(out, "predictions.json")] + (["--strict"] if a.strict else []))
        for cmd in steps:
            rc = subprocess.call(cmd)
            if rc:
                worst = max(worst, rc)
                break
        print("replay.py: %s done in %.1f s" % (name, time.monotonic() - start), flush=True)
    return worst


if __name__ == "__main__":
    sys.exit(main())
