#!/usr/bin/env python3
"""The code's shape against issue 28's limits, over lib/, tools/ and include/.

  scripts/shape.py [-p BUILD_DIR] [-j N] [--max-file-lines 600]
                   [--max-function-lines 120] [--max-duplicate-pairs 15]

Prints every file over the file limit, every function over the function
limit and the number of `duplicates` pairs in lib/; exits 1 when a limit is
broken, 2 when it cannot measure (no compile database, no libclang).

File length: the lines of every file git tracks under lib/ and tools/.
Function length: the lines of a function definition's extent, from the
start of its declaration to its closing brace, as Clang parses it (the
Python bindings of libclang-19, python3-clang-19, with each source's own
command from BUILD_DIR/compile_commands.json). Functions defined in headers
are measured through the sources that include them; a lambda counts toward
the function it is written in. Duplicate pairs: the first line of
`duplicates --most 200 --seconds 120` run in lib/ (a tool outside the
project: without it the count is reported as not measured and does not
fail the run).
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCOPES = ("lib", "tools", "include")
LIBCLANG = "/usr/lib/llvm-19/lib/libclang-19.so.1"


def import_cindex():
    """Debian's python3-clang-19 lives in the system's dist-packages, which
    another interpreter (pyenv, a venv) does not search."""
    try:
        import clang.cindex as cindex
    except ImportError:
        sys.path.append("/usr/lib/python3/dist-packages")
        try:
            import clang.cindex as cindex
        except ImportError:
            return None
    if os.path.exists(LIBCLANG) and not cindex.Config.loaded:
        cindex.Config.set_library_file(LIBCLANG)
    return cindex


def tracked_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "--", *SCOPES],
                         check=True, capture_output=True, text=True).stdout
    return [f for f in out.splitlines() if os.path.isfile(os.path.join(ROOT, f))]


def line_count(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return sum(1 for _ in f)


def parse_args_of(entry):
    """The compiler arguments of one compile_commands.json entry, without
    the compiler, the output and the input (libclang adds the file)."""
    argv = entry.get("arguments") or shlex.split(entry["command"])
    args, skip = [], False
    for a in argv[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", entry["file"]) or a.startswith("-o"):
            continue
        args.append(a)
    return args + ["-Wno-everything"]




def functions_of(job):
    """(file, line, name, lines) of every function defined under lib/ or
    tools/ that one source's parse sees, and its parse errors."""
    source, args, directory = job
    cindex = import_cindex()
    kinds = {cindex.CursorKind.FUNCTION_DECL, cindex.CursorKind.CXX_METHOD,
             cindex.CursorKind.CONSTRUCTOR, cindex.CursorKind.DESTRUCTOR,
             cindex.CursorKind.CONVERSION_FUNCTION,
             cindex.CursorKind.FUNCTION_TEMPLATE}
    cwd = os.getcwd()
    os.chdir(directory)
    try:
        tu = cindex.Index.create().parse(source, args=args)
    finally:
        os.chdir(cwd)
    errors = [str(d) for d in tu.diagnostics
              if d.severity >= cindex.Diagnostic.Error]
    prefixes = tuple(os.path.join(ROOT, s) + os.sep for s in SCOPES)
    found = []

    def walk(cursor):
        for c in cursor.get_children():
            loc = c.location.file
            if loc is None or not loc.name.startswith(prefixes):
                continue
            if c.kind in kinds and c.is_definition():
                start, end = c.extent.start.line, c.extent.end.line
                found.append((os.path.relpath(loc.name, ROOT), start,
                              c.spelling, end - start + 1))
                continue  # nested lambdas and local classes count here
            walk(c)

    walk(tu.cursor)
    return source, found, errors


def duplicate_pairs():
    tool = shutil.which("duplicates")
    if not tool:
        return None, "the `duplicates` tool is not installed"
    out = subprocess.run([tool, "--most", "200", "--seconds", "120"],
                         cwd=os.path.join(ROOT, "lib"), capture_output=True,
                         text=True).stdout
    first = out.splitlines()[0] if out else ""
    if first.startswith("no duplicates"):
        return 0, first
    m = re.match(r"(\d+) pairs? of places", first)
    if not m:
        return None, "unexpected `duplicates` output: " + first
    incomplete = [l for l in out.splitlines() if l.startswith("incomplete:")]
    return int(m.group(1)), first + ("; " + incomplete[0] if incomplete else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-p", "--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--max-file-lines", type=int, default=600)
    ap.add_argument("--max-function-lines", type=int, default=120)
    ap.add_argument("--max-duplicate-pairs", type=int, default=15)
    opts = ap.parse_args()

    cindex = import_cindex()
    if cindex is None:
        print("shape.py: the libclang Python bindings are missing "
              "(apt-get install python3-clang-19)", file=sys.stderr)
        return 2
    db_path = os.path.join(opts.build_dir, "compile_commands.json")
    try:
        with open(db_path) as f:
            db = json.load(f)
    except (OSError, ValueError) as e:
        print(f"shape.py: cannot read {db_path}: {e}", file=sys.stderr)
        return 2

    broken = 0
    files = tracked_files()
    long_files = [(n, f) for f in files
                  if (n := line_count(f)) > opts.max_file_lines]
    for n, f in sorted(long_files, reverse=True):
        print(f"file {f}: {n} lines (limit {opts.max_file_lines})")
    broken += len(long_files)

    sources = {os.path.join(ROOT, f) for f in files if f.endswith(".cpp")}
    jobs, seen = [], set()
    for e in db:
        path = os.path.normpath(os.path.join(e["directory"], e["file"]))
        if path in sources and path not in seen:
            seen.add(path)
            jobs.append((path, parse_args_of(e), e["directory"]))
    unparsed = sorted(os.path.relpath(s, ROOT) for s in sources - seen)
    functions, parse_errors = {}, []
    with ProcessPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for source, found, errors in pool.map(functions_of, jobs):
            for f, line, name, n in found:
                functions[(f, line)] = (name, n)
            if errors:
                parse_errors.append((os.path.relpath(source, ROOT), errors))
    long_functions = sorted(((n, f, line, name)
                             for (f, line), (name, n) in functions.items()
                             if n > opts.max_function_lines), reverse=True)
    for n, f, line, name in long_functions:
        print(f"function {f}:{line} {name}: {n} lines "
              f"(limit {opts.max_function_lines})")
    broken += len(long_functions)

    pairs, summary = duplicate_pairs()
    if pairs is None:
        print(f"duplicates in lib/: not measured ({summary})")
    else:
        print(f"duplicates in lib/: {pairs} pairs "
              f"(limit {opts.max_duplicate_pairs}): {summary}")
        broken += pairs > opts.max_duplicate_pairs

    longest_file = max((line_count(f), f) for f in files)
    longest_function = max(((n, f"{f}:{l} {name}")
                            for (f, l), (name, n) in functions.items()),
                           default=(0, "none"))
    print(f"measured {len(files)} files and {len(functions)} function "
          f"definitions ({len(jobs)} sources parsed); longest file "
          f"{longest_file[1]} ({longest_file[0]} lines), longest function "
          f"{longest_function[1]} ({longest_function[0]} lines)")
    for f in unparsed:
        print(f"warning: {f} is not in {db_path}: its functions were not "
              "measured (configure the build with that source)")
    for f, errors in parse_errors:
        print(f"warning: {f} parsed with {len(errors)} error(s), its extents "
              f"may be short: {errors[0]}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
