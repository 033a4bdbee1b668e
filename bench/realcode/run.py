#!/usr/bin/env python3
"""Run cuda-launch-lint on the real projects, file by file and through their compile database.

For every file of $REALCODE/db/<project>/files.json (written by prepare.py) and every mode:
  file: cd <entry dir>; TOOL --format=json FILE -- <the database entry's compiler and flags>
  db:   TOOL -p $REALCODE/db/<project> --format=json FILE
each under `/usr/bin/time -v nice -n 10`. Writes $REALCODE/out/<run>/<project>/<mode>/<file>.json
(stdout), .err (stderr) and one line per run to $REALCODE/out/<run>/records.jsonl: exit status,
wall time, peak memory, crash (a signal, or 'internal error' / a stack dump on stderr), timeout.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CRASH_RE = re.compile(r"internal error|PLEASE submit a bug report|Stack dump|Segmentation fault|"
                      r"Assertion .* failed|terminate called", re.I)


def safe(rel):
    return rel.replace("/", "__")


def parse_time_v(path):
    out = {}
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("Maximum resident set size"):
                    out["maxrss_kb"] = int(line.rsplit(":", 1)[1])
                elif line.startswith("Elapsed (wall clock) time"):
                    v = line.split("):", 1)[1].strip()
                    secs = 0.0
                    for part in v.split(":"):
                        secs = secs * 60 + float(part)
                    out["wall_s"] = round(secs, 2)
                elif line.startswith("User time"):
                    out["user_s"] = float(line.rsplit(":", 1)[1])
                elif line.startswith("System time"):
                    out["sys_s"] = float(line.rsplit(":", 1)[1])
    except OSError:
        pass
    return out


def run_one(tool, args, cwd, stem, timeout):
    timef = stem + ".time"
    cmd = ["/usr/bin/time", "-v", "-o", timef, "nice", "-n", "10", tool] + args
    t0 = time.time()
    with open(stem + ".json", "w") as out, open(stem + ".err", "w") as err:
        try:
            p = subprocess.run(cmd, cwd=cwd, stdout=out, stderr=err, timeout=timeout)
            rc, timed_out = p.returncode, False
        except subprocess.TimeoutExpired:
            rc, timed_out = None, True
    rec = {"rc": rc, "timeout": timed_out, "harness_wall_s": round(time.time() - t0, 2)}
    rec.update(parse_time_v(timef))
    with open(stem + ".err", errors="replace") as f:
        err = f.read()
    # /usr/bin/time reports a child killed by a signal as "Command terminated by signal N".
    m = re.search(r"Command terminated by signal (\d+)", open(timef).read() if os.path.exists(timef) else "")
    rec["signal"] = int(m.group(1)) if m else None
    rec["crash"] = bool(rec["signal"]) or bool(CRASH_RE.search(err))
    rec["stderr_tail"] = err.strip().splitlines()[-3:] if err.strip() else []
    rec["cmd"] = cmd[6:]
    rec["cwd"] = cwd
    return rec


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", default=os.environ.get("TOOL"), required=not os.environ.get("TOOL"))
    ap.add_argument("--run", default=os.environ.get("RUN", "run"))
    ap.add_argument("--root", default=os.environ.get("REALCODE", "/work/realcode"))
    ap.add_argument("--modes", default=os.environ.get("MODES", "file,db"))
    ap.add_argument("--projects", default=os.environ.get("PROJECTS", ""),
                    help="comma-separated; default: every project prepared under db/")
    ap.add_argument("--jobs", default=os.environ.get("JOBS", "2"), help="the tool's -j")
    ap.add_argument("--cache-dir", default=os.environ.get("CACHE_DIR"))
    ap.add_argument("--timeout", type=int, default=int(os.environ.get("TIMEOUT", "1800")))
    ap.add_argument("--extra", default=os.environ.get("EXTRA_ARGS", ""),
                    help="more tool arguments, space-separated")
    ap.add_argument("--skip-done", action="store_true", help="keep records already in this run")
    a = ap.parse_args()

    tool = os.path.abspath(a.tool)
    cache = a.cache_dir or os.path.join(a.root, "cache")
    outdir = os.path.join(a.root, "out", a.run)
    os.makedirs(outdir, exist_ok=True)
    dbroot = os.path.join(a.root, "db")
    projects = [p for p in a.projects.split(",") if p] or sorted(os.listdir(dbroot))
    with open(tool, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    version = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout.strip()
    meta = {"tool": tool, "sha256": digest, "version": version, "run": a.run,
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "modes": a.modes, "projects": projects, "jobs": a.jobs, "extra": a.extra}
    metapath = os.path.join(outdir, "meta.json")
    if os.path.exists(metapath):
        # a partial rerun into an existing run: keep its history
        with open(metapath) as f:
            old = json.load(f)
        meta["earlier"] = old.get("earlier", []) + [{k: v for k, v in old.items() if k != "earlier"}]
    with open(metapath, "w") as f:
        json.dump(meta, f, indent=1)

    recpath = os.path.join(outdir, "records.jsonl")
    done = set()
    modes = a.modes.split(",")
    if os.path.exists(recpath):
        # keep the records of other projects and modes; redo (or, with --skip-done, keep) these
        kept = []
        for line in open(recpath):
            r = json.loads(line)
            if r["project"] in projects and r["mode"] in modes:
                if not a.skip_done:
                    continue
                done.add((r["project"], r["mode"], r["rel"]))
            kept.append(line)
        with open(recpath, "w") as f:
            f.writelines(kept)
    common = ["--format=json", "--cache-dir", cache, "-j", a.jobs] + a.extra.split()
    for proj in projects:
        with open(os.path.join(dbroot, proj, "files.json")) as f:
            files = json.load(f)
        for mode in modes:
            d = os.path.join(outdir, proj, mode)
            os.makedirs(d, exist_ok=True)
            for e in files:
                if (proj, mode, e["rel"]) in done:
                    continue
                stem = os.path.join(d, safe(e["rel"]))
                if mode == "file":
                    args = common + [e["file"], "--", e["compiler"]] + e["flags"]
                    cwd = e["cwd"]
                else:
                    args = ["-p", os.path.join(dbroot, proj)] + common + [e["file"]]
                    cwd = os.path.join(dbroot, proj)
                rec = run_one(tool, args, cwd, stem, a.timeout)
                rec.update({"project": proj, "mode": mode, "file": e["file"], "rel": e["rel"]})
                with open(recpath, "a") as f:
                    f.write(json.dumps(rec) + "\n")
                flag = " CRASH" if rec["crash"] else (" TIMEOUT" if rec["timeout"] else "")
                print(f"[{time.strftime('%H:%M:%S')}] {proj} {mode} {e['rel']}: rc={rec['rc']} "
                      f"{rec.get('wall_s')}s {rec.get('maxrss_kb', 0) // 1024}MiB{flag}", flush=True)
    meta["finished"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    with open(metapath, "w") as f:
        json.dump(meta, f, indent=1)


if __name__ == "__main__":
    main()
