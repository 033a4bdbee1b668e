#!/usr/bin/env python3
"""Run the Clang Static Analyzer (csa-compare) and cuda-launch-lint's value
engine (--list-launches) on the same files; print, per launch site, what each
says about block.x and the threads per block, then the counts and the CPU time
of each engine next to a plain clang++-19 -fsyntax-only (README.md).

  compare.py [--csa BIN] [--lint BIN] [--db compile_commands.json]...
             [--json OUT] FILE...

A file found in one of the --db databases is parsed with that command's
include paths, macros and -std (nvcc flags translated for Clang; cuda-launch-
lint gets the nvcc flags as they are); any other file with -std=c++17.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CUDA = "/usr/local/cuda"
# The host-side parse cuda-launch-lint makes of every file
# (lib/Frontend/CudaToolkit.cpp, README "Clang 19 and CUDA 13"), less its
# annotation overrides, which need its own attributes.
CLANG_CUDA = [
    "-x", "cuda", "--cuda-host-only", "--cuda-gpu-arch=sm_80", "-nocudalib",
    "-Wno-unknown-cuda-version", "-Wno-unknown-attributes",
    "-fno-spell-checking", "--cuda-path=" + CUDA,
    "-idirafter", os.path.join(ROOT, "share/cuda-launch-lint/stub"),
    "-isystem", CUDA + "/include/cccl", "-Xclang", "-target-sdk-version=12.5",
]


def db_commands(paths):
    """file -> the nvcc arguments after the compiler, less -c/-o."""
    out = {}
    for p in paths:
        for e in json.load(open(p)):
            args = e.get("arguments") or shlex.split(e["command"])
            keep, skip = [], False
            for a in args[1:]:
                if skip:
                    skip = False
                elif a in ("-c", e["file"]):
                    pass
                elif a == "-o":
                    skip = True
                else:
                    keep.append(a)
            out[os.path.realpath(e["file"])] = (e["directory"], keep)
    return out


def clang_flags(nvcc):
    """The include paths, macros and standard of an nvcc command."""
    out, it = [], iter(nvcc)
    for a in it:
        if a in ("-I", "-D", "-isystem", "-include"):
            out += [a, next(it)]
        elif a.startswith("-isystem="):
            out += ["-isystem", a[len("-isystem="):]]
        elif a.startswith(("-I", "-D", "-std=")):
            out.append(a)
    return out or ["-std=c++17"]


def timed(cmd, cwd):
    """(stdout, elapsed s, user CPU s, peak KiB) of one run."""
    with tempfile.NamedTemporaryFile("r") as t:
        r = subprocess.run(["/usr/bin/time", "-f", "%e %U %M", "-o", t.name]
                           + cmd, cwd=cwd, capture_output=True, text=True)
        e, u, m = t.read().split()[-3:]
    return r.stdout, float(e), float(u), int(m)


def render(v):
    """A value as one string: 256, {128, 256}, [32, 1024], ?, n/v."""
    k = v["kind"]
    if k == "constant":
        return str(v["value"])
    if k == "set":
        return "{" + ", ".join(map(str, v["values"])) + "}"
    if k == "range":
        lo, hi = (v["lo"], v["hi"]) if "lo" in v else (v["min"], v["max"])
        return f"[{lo}, {hi}]"
    return "n/v" if v.get("why") == "not visited" else "?"


def join(values):
    """The values of one site's launches (a template's instances, a kernel
    pointer's kernels) as one: the union of the sets, else the hull."""
    if len(values) == 1:
        return values[0]
    if any(v["kind"] == "unknown" for v in values):
        return {"kind": "unknown"}
    if all(v["kind"] in ("constant", "set") for v in values):
        s = sorted({x for v in values
                    for x in v.get("values", [v.get("value")])})
        return ({"kind": "constant", "value": s[0]} if len(s) == 1 else
                {"kind": "set", "values": s})
    b = [(v["value"], v["value"]) if v["kind"] == "constant" else
         (min(v["values"]), max(v["values"])) if v["kind"] == "set" else
         (v["min"], v["max"]) for v in values]
    return {"kind": "range", "min": min(x for x, _ in b),
            "max": max(y for _, y in b)}


def kind(s):
    """constant, set, range, unknown or not visited; a range from the
    type's lowest int to its highest says nothing: unknown."""
    if s.startswith("[") and s == "[-2147483648, 2147483647]":
        return "unknown"
    return {"{": "set", "[": "range", "?": "unknown", "n": "not visited",
            "-": "no site"}.get(s[0], "constant")


def run_file(f, args, db):
    f = os.path.realpath(f)
    cwd, nvcc = db.get(f, (os.path.dirname(f), ["-std=c++17"]))
    clang = CLANG_CUDA + clang_flags(nvcc)
    res = {"file": f, "time": {}}
    _, *res["time"]["syntax"] = timed(
        ["clang++-19", "-fsyntax-only"] + clang + [f], cwd)
    out, *res["time"]["csa"] = timed([args.csa] + args.csa_arg + [f, "--"]
                                     + clang, cwd)
    csa = {}
    for line in out.splitlines():
        s = json.loads(line)
        csa[(s["line"], s["column"])] = s
    out, *res["time"]["lint"] = timed(
        [args.lint, "--list-launches", "--format", "json", "--no-cache",
         "--resource-usage=none", "--arch=sm_80", f, "--"] + nvcc, cwd)
    lint = {}
    for launch in json.loads(out)["launches"] if out else []:
        if launch["file"] != f:
            continue
        s = lint.setdefault((launch["line"], launch["column"]),
                            {"kernels": set(), "x": [], "threads": []})
        s["kernels"].add(launch.get("kernel") or "?")
        s["x"].append(launch["block"]["x"])
        s["threads"].append({k: v for k, v in launch["block"].items()
                             if k not in ("x", "y", "z")})
    sites = []
    for key in sorted(set(csa) | set(lint)):
        c, l = csa.get(key), lint.get(key)
        sites.append({
            "line": key[0], "column": key[1],
            "csa_visited": c["visited"] if c else None,
            "csa_block_x": render(c["block_x"]) if c else "-",
            "csa_threads": render(c["threads"]) if c else "-",
            "csa_kernels": sorted(c["kernels"]) if c else [],
            "lint_block_x": render(join(l["x"])) if l else "-",
            "lint_threads": render(join(l["threads"])) if l else "-",
            "lint_kernels": sorted(l["kernels"]) if l else [],
        })
    res["sites"] = sites
    res["parse_errors"] = max((s["parse_errors"] for s in csa.values()),
                              default=0)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csa", default=os.path.join(
        ROOT, "build/bench/csa-compare/csa-compare"))
    ap.add_argument("--lint", default=os.path.join(
        ROOT, "build/tools/cuda-launch-lint/cuda-launch-lint"))
    ap.add_argument("--db", action="append", default=[])
    ap.add_argument("--csa-arg", action="append", default=[],
                    help="an option for csa-compare, e.g. --max-loop=16")
    ap.add_argument("--json", help="write every figure there")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    db = db_commands(args.db)
    results = [run_file(f, args, db) for f in args.files]

    print(f"{'site':<44} {'CSA block.x':<22} {'lint block.x':<22} "
          f"{'CSA kernels':<16} lint kernels")
    for r in results:
        name = os.path.relpath(r["file"], os.path.commonpath(args.files)
                               if len(args.files) > 1 else
                               os.path.dirname(r["file"]))
        for s in r["sites"]:
            site = f"{name}:{s['line']}:{s['column']}"
            mark = "" if s["csa_block_x"] == s["lint_block_x"] else " *"
            print(f"{site[-44:]:<44} {s['csa_block_x']:<22} "
                  f"{s['lint_block_x']:<22} "
                  f"{','.join(s['csa_kernels']) or '-':<16} "
                  f"{','.join(s['lint_kernels']) or '-'}{mark}")
    sites = [s for r in results for s in r["sites"]]
    print(f"\n{len(results)} files, {len(sites)} launch sites "
          f"(* = the engines differ on block.x: "
          f"{sum(s['csa_block_x'] != s['lint_block_x'] for s in sites)})")
    print(f"files with Clang parse errors (the CSA analysed them anyway): "
          f"{sum(r['parse_errors'] > 0 for r in results)}")
    kinds = ["constant", "set", "range", "unknown", "not visited",
             "no site"]
    print(f"{'block.x':<10}" + "".join(f"{k:>13}" for k in kinds))
    for eng in ("csa", "lint"):
        n = [sum(kind(s[eng + "_block_x"]) == k for s in sites) for k in kinds]
        print(f"{eng:<10}" + "".join(f"{x:>13}" for x in n))
    print(f"\n{'CPU s/file':<12}{'median':>8}{'worst':>8}{'total':>8}"
          f"{'peak MiB':>10}")
    for eng, label in (("syntax", "-fsyntax"), ("csa", "CSA"),
                       ("lint", "lint")):
        user = [r["time"][eng][1] for r in results]
        mem = max(r["time"][eng][2] for r in results) / 1024
        print(f"{label:<12}{statistics.median(user):>8.2f}{max(user):>8.2f}"
              f"{sum(user):>8.2f}{mem:>10.0f}")
    if args.json:
        json.dump(results, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
