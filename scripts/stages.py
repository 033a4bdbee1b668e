#!/usr/bin/env python3
"""Checks that no header includes a later stage's header.

The stages are the libraries of lib/: lib/<Dir>/CMakeLists.txt declares each
(add_library) and what it links (target_link_libraries); a library's stage
comes after every library it links, directly or not, so the order is the
library DAG of lib/CMakeLists.txt. A header of lib/<Dir>/ or
include/cudalint/<Dir>/ must not include cudalint/<Other>/... when <Other>
is a later stage: a library that links <Dir>. Prints each offending include;
exits 1 when there is one.

    scripts/stages.py [--root DIR]
"""

import argparse
import os
import re
import subprocess
import sys

ADD_RE = re.compile(r"add_library\(\s*(\w+)")
LINK_RE = re.compile(r"target_link_libraries\(\s*(\w+)([^)]*)\)", re.S)
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"cudalint/(\w+)/', re.M)


def library_dag(root):
    """{dir: set of dirs it links, transitively}"""
    lib = os.path.join(root, "lib")
    owner, links = {}, {}
    for d in sorted(os.listdir(lib)):
        path = os.path.join(lib, d, "CMakeLists.txt")
        if not os.path.isfile(path):
            continue
        text = open(path, encoding="utf-8").read()
        for name in ADD_RE.findall(text):
            owner[name] = d
        for name, deps in LINK_RE.findall(text):
            links.setdefault(name, set()).update(deps.split())
    direct = {d: set() for d in owner.values()}
    for name, deps in links.items():
        if name in owner:
            direct[owner[name]].update(owner[x] for x in deps if x in owner)
    closed = {}

    def close(d, seen=()):
        if d not in closed:
            out = set()
            for x in direct[d]:
                if x != d and x not in seen:
                    out |= {x} | close(x, seen + (d,))
            closed[d] = out
        return closed[d]

    return {d: close(d) for d in direct}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    root = ap.parse_args().root
    dag = library_dag(root)
    files = subprocess.run(["git", "ls-files", "include/cudalint", "lib"], cwd=root,
                           capture_output=True, text=True, check=True).stdout.split()
    broken = 0
    for f in files:
        if not f.endswith(".h"):
            continue
        parts = f.split("/")
        d = parts[2] if parts[0] == "include" else parts[1]
        if d not in dag:
            continue
        text = open(os.path.join(root, f), encoding="utf-8").read()
        for m in INCLUDE_RE.finditer(text):
            other = m.group(1)
            if other != d and d in dag.get(other, set()):
                line = text.count("\n", 0, m.start()) + 1
                print(f"{f}:{line}: includes a later stage's header "
                      f"(cudalint/{other}/): lib/{other} links lib/{d}")
                broken += 1
    if broken:
        print(f"stages: {broken} include(s) of a later stage's header")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
