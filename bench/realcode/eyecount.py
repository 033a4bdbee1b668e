#!/usr/bin/env python3
"""List the launch sites a reader finds by grep, and which of them a run of the tool reported.

Greps each project's sources (not third_party/) for the launch forms nvcc accepts: chevrons
(`<<<`, and spaced `<< <`), the runtime and driver launch APIs, graph kernel nodes, PFN_/pfn_
launch pointers and `launch`-style macros, and HIP's (hipLaunchKernelGGL, hipLaunchKernel,
hipExtLaunchKernel*, hipLaunchCooperativeKernel, hipModuleLaunchKernel, graph kernel nodes).
Lines inside comments are skipped. A project's entry in projects.json may narrow the grep to the
directories its linted files use ('eye_dirs', relative to the source root: a subset of a large
project) and add its own launch macros and wrappers ('eye_forms': name -> regex, e.g. a
lower-case `wp_launch_device(...)` macro or a `cuLaunchKernel_f(...)` wrapper). With --run, each
site is matched against the `launches` of that run's JSON (same file, the same line or up to
two lines above, any mode): sites
the tool did not report are printed as misses for a human to explain (macro, template, another
file, a form not recognised).

  eyecount.py [--run out/baseline] [--mode file] [project...]   (text)
  eyecount.py --json ...                                         (one object per site)
"""
import argparse
import glob
import json
import os
import re

FORMS = [
    ("<<<>>>", re.compile(r"<<<(?!<)")),
    ("spaced-chevrons", re.compile(r"<<\s+<(?!<)|<<<\s*[^<>]*>>\s+>")),
    ("cudaLaunchKernelEx", re.compile(r"\bcudaLaunchKernelExC?\b")),
    ("cudaLaunchKernel", re.compile(r"\bcudaLaunchKernel\b(?!Ex)")),
    ("cudaLaunchCooperativeKernel", re.compile(r"\bcudaLaunchCooperativeKernel(MultiDevice)?\b")),
    ("cuLaunchKernel", re.compile(r"\bcuLaunch(Cooperative)?Kernel(Ex)?\b")),
    ("cuLaunchGrid (legacy driver API)", re.compile(r"\bcuLaunch(Grid(Async)?)?\s*\(")),
    ("graph-kernel-node", re.compile(r"\bcu(da)?GraphAddKernelNode\b|\bcudaGraphKernelNodeParams\b")),
    ("launch-pointer", re.compile(r"\b(pfn_|PFN_)\w*[Ll]aunch\w*")),
    ("hipLaunchKernelGGL", re.compile(r"\bhipLaunchKernelGGL\b")),
    ("hipExtLaunchKernel", re.compile(r"\bhipExtLaunchKernel(GGL)?\b|\bhipExtModuleLaunchKernel\b")),
    ("hipLaunchKernel", re.compile(r"\bhipLaunchKernel(ExC)?\b")),
    ("hipLaunchCooperativeKernel", re.compile(r"\bhipLaunchCooperativeKernel(MultiDevice)?\b")),
    ("hipModuleLaunchKernel", re.compile(r"\bhipModuleLaunch(Cooperative)?Kernel(Ex)?\b")),
    ("hip-graph-kernel-node", re.compile(r"\bhipGraphAddKernelNode\b|\bhipGraphExecKernelNodeSetParams\b")),
    ("launch-macro", re.compile(r"^\s*#\s*define\s+\w*LAUNCH\w*|\b[A-Z_]*LAUNCH[A-Z_]*\s*\(")),
]
HERE = os.path.dirname(os.path.abspath(__file__))
EXTS = (".cu", ".cuh", ".h", ".hpp", ".hh", ".cpp", ".cc", ".cxx", ".inl", ".hip")


def strip_comments(text):
    """Blank out comments (keeping line numbers) so commented-out launches do not count."""
    out, i, n = [], 0, len(text)
    in_str = None
    while i < n:
        c = text[i]
        if in_str:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1]); i += 2; continue
            if c == in_str:
                in_str = None
            i += 1
        elif c in "\"'":
            in_str = c; out.append(c); i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch for ch in text[i:j] if ch == "\n"))
            i = j
        else:
            out.append(c); i += 1
    return "".join(out)


def project_entry(name):
    """The project's entry in projects.json (any group), or {}."""
    with open(os.path.join(HERE, "projects.json")) as f:
        cfg = json.load(f)
    for group in cfg.values():
        if isinstance(group, dict) and isinstance(group.get(name), dict):
            return group[name]
    return {}


def sites(src, entry=None):
    entry = entry or {}
    dirs = [d.rstrip("/") + "/" for d in entry.get("eye_dirs", [])]
    # the project's own forms first: a macro line that also holds `<<<` is one site of its form
    forms = [(name, re.compile(rx)) for name, rx in entry.get("eye_forms", {}).items()] + FORMS
    res = []
    for path in sorted(glob.glob(os.path.join(src, "**", "*"), recursive=True)):
        rel = os.path.relpath(path, src)
        if not path.endswith(EXTS) or rel.startswith("third_party") or not os.path.isfile(path):
            continue
        if dirs and not any(rel.startswith(d) for d in dirs):
            continue
        try:
            text = strip_comments(open(path, errors="replace").read())
        except OSError:
            continue
        for ln, line in enumerate(text.splitlines(), 1):
            for form, rx in forms:
                if rx.search(line):
                    # a spaced-chevron line also matches nothing else; a <<< line is one site
                    res.append({"file": path, "rel": rel, "line": ln, "form": form,
                                "text": line.strip()[:140]})
                    break
    return res


def reported(run, project, mode):
    """(file, line) of every launch the tool reported for the project in the run."""
    seen = set()
    for m in ([mode] if mode else ["file", "db"]):
        for path in glob.glob(os.path.join(run, project, m, "*.json")):
            try:
                doc = json.load(open(path))
            except (OSError, ValueError):
                continue
            for l in doc.get("launches", []):
                seen.add((os.path.realpath(l["file"]), l["line"]))
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.environ.get("REALCODE", "/work/realcode"))
    ap.add_argument("--run", help="a run directory (out/<run>) to match the sites against")
    ap.add_argument("--mode", help="file or db (default: either)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("projects", nargs="*")
    a = ap.parse_args()
    projects = a.projects or sorted(os.listdir(os.path.join(a.root, "db")))
    allsites = []
    for p in projects:
        src = os.path.join(a.root, "src", p)
        ss = sites(src, project_entry(p))
        seen = reported(a.run, p, a.mode) if a.run else None
        for s in ss:
            s["project"] = p
            if seen is not None:
                # a launch is reported at its callee's line; `<<<` may sit a line or two below it
                s["reported"] = any((os.path.realpath(s["file"]), s["line"] - d) in seen for d in (0, 1, 2))
        allsites += ss
        if not a.json:
            forms = {}
            for s in ss:
                forms[s["form"]] = forms.get(s["form"], 0) + 1
            miss = [s for s in ss if seen is not None and not s["reported"]]
            print(f"== {p}: {len(ss)} sites by grep {forms}" +
                  (f"; {len(ss) - len(miss)} reported by the tool, {len(miss)} not" if seen is not None else ""))
            for s in ss:
                mark = "" if seen is None else ("  ok  " if s["reported"] else "  MISS")
                print(f"{mark} {s['rel']}:{s['line']} [{s['form']}] {s['text']}")
    if a.json:
        for s in allsites:
            print(json.dumps(s))


if __name__ == "__main__":
    main()
