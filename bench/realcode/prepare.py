#!/usr/bin/env python3
"""Write each project's compile database and the harness's per-file list.

Expects the sources at $REALCODE/src/<name> (see README.md for how to export them).
For 'cmake' projects: configure only (no build) into $REALCODE/build/<name> with
CMAKE_EXPORT_COMPILE_COMMANDS=ON and copy the database to $REALCODE/db/<name>, adding
'extra_files' (sources the project builds another way, e.g. setup.py) with the flags of a
sibling entry; 'lint_globs' narrow the files linted to a subset of the database, and
'cmake_generate_may_fail' keeps a database CMake wrote before its generate step failed. For
'hand' projects: write the database from the nvcc command lines of the
project's Makefile / CMakeLists (recorded in projects.json): 'compiler' (default nvcc; HIP
projects name clang++-19), 'flags' for every file plus 'file_flags' (per file, else
'default_file_flags'), 'lint_exts' (default .cu), 'grep_launch' with 'launch_marks', 'cwd'
(the directory, relative to the source root, that nvcc runs in; default the root).

Also writes $REALCODE/db/<name>/files.json: one object per linted file with the file-by-file
invocation (cwd, the flags after '--', with --options-file expanded) derived from the same
database entry, so that both modes see the same flags.
"""
import argparse
import fnmatch
import glob
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_projects(which):
    with open(os.path.join(HERE, "projects.json")) as f:
        cfg = json.load(f)
    out = {}
    for group in which:
        for name, p in cfg[group].items():
            if not name.startswith("_"):
                out[name] = p
    return out


def entry_args(e):
    if "arguments" in e:
        return list(e["arguments"])
    return shlex.split(e["command"])


def expand_options_files(args, cwd):
    """nvcc's --options-file F (or -optf F): splice in F's words, as nvcc does."""
    out = []
    i = 0
    while i < len(args):
        a = args[i]
        path = None
        if a in ("--options-file", "-optf") and i + 1 < len(args):
            path = args[i + 1]
            i += 2
        elif a.startswith("--options-file="):
            path = a.split("=", 1)[1]
            i += 1
        else:
            out.append(a)
            i += 1
            continue
        with open(os.path.join(cwd, path)) as f:
            out.extend(shlex.split(f.read()))
    return out


def file_flags(e):
    """The entry's compiler and flags without the input file, -c and -o OUT."""
    args = expand_options_files(entry_args(e), e["directory"])
    src = os.path.normpath(os.path.join(e["directory"], e["file"]))
    compiler, rest = args[0], args[1:]
    flags = []
    i = 0
    while i < len(rest):
        a = rest[i]
        if a == "-o" and i + 1 < len(rest):
            i += 2
            continue
        if a == "-c":
            i += 1
            continue
        if os.path.normpath(os.path.join(e["directory"], a)) == src:
            i += 1
            continue
        flags.append(a)
        i += 1
    return compiler, flags


def cmake_db(name, p, root, src):
    build = os.path.join(root, "build", name)
    cmd = ["cmake", "-S", src, "-B", build, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
           "-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc"] + p.get("cmake_args", [])
    print("+", " ".join(shlex.quote(c) for c in cmd), file=sys.stderr)
    # 'cmake_generate_may_fail': CMake writes the database before a generate step that fails
    # on a missing link target (cuSZ's CUDA::nvml here); the compile commands are complete
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL)
    if done.returncode and not p.get("cmake_generate_may_fail"):
        raise SystemExit(f"{name}: cmake configure failed ({done.returncode})")
    with open(os.path.join(build, "compile_commands.json")) as f:
        db = json.load(f)
    by_file = {os.path.relpath(e["file"], src): e for e in db}
    for extra in p.get("extra_files", []):
        like = dict(by_file[extra["like"]])
        old = like["file"]
        new = os.path.join(src, extra["file"])
        args = [new if a == old else a for a in entry_args(like)]
        args = [a.replace(os.path.basename(old) + ".o", os.path.basename(new) + ".o") for a in args]
        db.append({"directory": like["directory"], "file": new,
                   "command": " ".join(shlex.quote(a) for a in args)})
    return db


def hand_db(name, p, root, src):
    db = []
    build = os.path.join(root, "build", name)
    os.makedirs(build, exist_ok=True)
    for e in p.get("entries", []):
        f = os.path.join(src, e["file"])
        args = [e["compiler"]] + [x.replace("{src}", src) for x in e["flags"]]
        args += ["-c", f] if "-fatbin" not in e["flags"] else [f]
        args += ["-o", os.path.join(build, e["output"])]
        db.append({"directory": src, "file": f,
                   "command": " ".join(shlex.quote(a) for a in args)})
    files = []
    for g in p.get("globs", []):
        files += sorted(glob.glob(os.path.join(src, g)))
    if p.get("grep_launch"):
        marks = p.get("launch_marks", ["<<<"])
        files = [f for f in files if any(m in open(f, errors="replace").read() for m in marks)]
    compiler = p.get("compiler", "/usr/local/cuda/bin/nvcc")
    for f in files:
        # the directory the project's Makefile runs nvcc in: its relative -I paths start there
        cwd = (os.path.dirname(f) if p.get("per_dir_cwd")
               else os.path.join(src, p["cwd"]) if "cwd" in p else src)
        rel = os.path.relpath(f, src)
        # per-file flags of the Makefile's explicit rules (e.g. -maxrregcount) replace the default
        own = p.get("file_flags", {}).get(rel, p.get("default_file_flags", []))
        flags = [x.replace("{src}", src).replace("{build}", build) for x in p["flags"] + own]
        obj = os.path.join(build, rel.replace("/", "_") + ".o")
        args = [compiler] + flags + ["-c", f, "-o", obj]
        db.append({"directory": cwd, "file": f,
                   "command": " ".join(shlex.quote(a) for a in args)})
    return db


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.environ.get("REALCODE", "/work/realcode"))
    ap.add_argument("--old", action="store_true", help="prepare the old projects instead")
    ap.add_argument("--group", help="a group of projects.json (projects, old_projects, "
                    "s12_projects, s13_projects, hip_projects)")
    ap.add_argument("projects", nargs="*")
    a = ap.parse_args()
    projects = load_projects([a.group] if a.group else ["old_projects"] if a.old else ["projects"])
    for name, p in projects.items():
        if a.projects and name not in a.projects:
            continue
        src = os.path.join(a.root, "src", name)
        if not os.path.isdir(src):
            print(f"skip {name}: no sources at {src}", file=sys.stderr)
            continue
        db = cmake_db(name, p, a.root, src) if p["build"] == "cmake" else hand_db(name, p, a.root, src)
        out = os.path.join(a.root, "db", name)
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "compile_commands.json"), "w") as f:
            json.dump(db, f, indent=1)
        files = []
        for e in sorted(db, key=lambda e: e["file"]):
            rel = os.path.relpath(e["file"], src)
            exts = tuple(p.get("lint_exts", [".cu"]))
            if not (rel.endswith(exts) or any(x["file"] == rel for x in p.get("entries", []))):
                continue
            # 'lint_globs' (cmake projects): lint only the database entries these match
            # (relative to the source root; '{build}/...' for sources CMake generates)
            if p["build"] == "cmake" and p.get("lint_globs") and not any(
                    fnmatch.fnmatch(e["file"], os.path.join(
                        os.path.join(a.root, "build", name) if g.startswith("{build}/") else src,
                        g.replace("{build}/", "")))
                    for g in p["lint_globs"]):
                continue
            compiler, flags = file_flags(e)
            files.append({"file": e["file"], "rel": rel, "cwd": e["directory"],
                          "compiler": compiler, "flags": flags})
        with open(os.path.join(out, "files.json"), "w") as f:
            json.dump(files, f, indent=1)
        print(f"{name}: {len(db)} database entries, {len(files)} files to lint", file=sys.stderr)


if __name__ == "__main__":
    main()
