#!/usr/bin/env python3
"""make_seeds.py SRC_ROOT OUT_DIR [--nvcc NVCC]: seed corpora for the fuzz
targets, one folder per target under OUT_DIR, taken from the repository's own
test inputs (no third-party code):

  compile-command   argv lists of test/unit/CompileCommandTest.cpp, the
                    commands of test compile databases, flags after `--` in
                    lit RUN lines (one argument per line)
  ptxas-log, ptx    test logs, string literals of DeviceParserTest.cpp, and,
                    with --nvcc, what nvcc prints for the lit .cu inputs
  cuda-binary       with --nvcc, objects, fatbins (zstd, LZ4, stored) and
                    cubins nvcc builds from a few lit .cu inputs
  lint-config       printf'd configs of lit tests, LintConfigTest.cpp literals
  occupancy-batch   the .jsonl inputs, a few lines at a time
  frontend          every .cu file under test/lit and examples/
"""
import glob
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile


def cxx_literal_groups(text):
    """Each run of adjacent C++ string literals ("a" "b", R"(...)"),
    concatenated and unescaped."""
    token = re.compile(r'R"([^(\s]*)\((.*?)\)\1"|"((?:[^"\\\n]|\\.)*)"', re.S)
    groups, current, last_end = [], [], None
    for m in token.finditer(text):
        between = text[last_end:m.start()] if last_end is not None else None
        if current and (between is None or between.strip() != ""):
            groups.append("".join(current))
            current = []
        if m.group(2) is not None:
            current.append(m.group(2))
        else:
            current.append(unescape(m.group(3)))
        last_end = m.end()
    if current:
        groups.append("".join(current))
    return groups


def unescape(s):
    try:
        return s.encode("latin-1", "backslashreplace").decode("unicode_escape")
    except UnicodeDecodeError:
        return s


class Corpus:
    def __init__(self, out, name):
        self.dir = os.path.join(out, name)
        os.makedirs(self.dir, exist_ok=True)
        self.count = 0

    def add(self, data):
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        if not data:
            return
        name = hashlib.sha1(data).hexdigest()
        path = os.path.join(self.dir, name)
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            self.count += 1


def read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def main():
    src, out = sys.argv[1], sys.argv[2]
    nvcc = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--nvcc" else None
    lit = os.path.join(src, "test", "lit")
    unit = os.path.join(src, "test", "unit")
    cu_files = sorted(glob.glob(os.path.join(lit, "**", "*.cu"), recursive=True) +
                      glob.glob(os.path.join(src, "examples", "*.cu")))
    run_lines = []
    for path in glob.glob(os.path.join(lit, "**", "*"), recursive=True):
        if os.path.isfile(path) and path.endswith((".test", ".cu")):
            run_lines += [l.split("RUN:", 1)[1] for l in read(path).splitlines() if "RUN:" in l]

    # nvcc/clang command lines.
    cc = Corpus(out, "compile-command")
    test = read(os.path.join(unit, "CompileCommandTest.cpp"))
    for m in re.finditer(r'\b(nvcc|translate|translateError)\(\{(.*?)\}', test, re.S):
        args = [unescape(a) for a in re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2))]
        if m.group(1) == "nvcc":
            args = ["/usr/local/cuda/bin/nvcc"] + args + ["k.cu"]
        cc.add("\n".join(args))
    for path in glob.glob(os.path.join(lit, "**", "*.json"), recursive=True):
        try:
            db = json.loads(read(path))
        except ValueError:
            continue
        for entry in db if isinstance(db, list) else []:
            args = entry.get("arguments") or shlex.split(entry.get("command", ""))
            cc.add("\n".join(args))
    for line in run_lines:
        if " -- " in line:
            flags = line.split(" -- ", 1)[1]
            flags = re.split(r"\s(?:\||2>|>|&&)", flags)[0]
            args = [a for a in flags.split() if not a.startswith("%")]
            if args and args[0] != "nvcc" and not args[0].startswith("clang"):
                args = ["clang++"] + args
            cc.add("\n".join(args + ["k.cu"]))

    # Device compiler output.
    log, ptx = Corpus(out, "ptxas-log"), Corpus(out, "ptx")
    for path in glob.glob(os.path.join(lit, "**", "*.log"), recursive=True) + \
            glob.glob(os.path.join(lit, "**", "*.txt"), recursive=True):
        log.add(read(path))
    for group in cxx_literal_groups(read(os.path.join(unit, "DeviceParserTest.cpp"))):
        if "ptxas" in group or "nvcc" in group:
            log.add(group)
        if ".entry" in group:
            ptx.add(group)
    if nvcc:
        with tempfile.TemporaryDirectory() as tmp:
            for i, cu in enumerate(cu_files[:12]):
                for arch in ("sm_80", "sm_90"):
                    o = os.path.join(tmp, "k%d_%s" % (i, arch))
                    base = [nvcc, "-arch=" + arch, "-I" + os.path.join(lit, "Inputs"), cu]
                    r = subprocess.run(base + ["-ptx", "-o", o + ".ptx"],
                                       capture_output=True, timeout=120)
                    if r.returncode == 0:
                        ptx.add(open(o + ".ptx", "rb").read()[:16384])
                    r = subprocess.run(base + ["-cubin", "--resource-usage", "-o", o + ".cubin"],
                                       capture_output=True, timeout=120)
                    log.add(r.stdout + r.stderr)

    # Build outputs for the object reader.
    binary = Corpus(out, "cuda-binary")
    if nvcc:
        with tempfile.TemporaryDirectory() as tmp:
            for i, cu in enumerate(cu_files[:6]):
                base = [nvcc, "-I" + os.path.join(lit, "Inputs"), cu]
                for j, extra in enumerate((
                        ["-c", "-arch=sm_80"],
                        ["-c", "-rdc=true", "-arch=sm_90"],
                        ["-fatbin", "-arch=sm_80", "--compress-mode=size"],
                        ["-fatbin", "-arch=sm_80", "--compress-mode=speed",
                         "-Xfatbin", "-compress-all"],
                        ["-cubin", "-arch=sm_80"])):
                    o = os.path.join(tmp, "b%d_%d" % (i, j))
                    r = subprocess.run(base + extra + ["-o", o],
                                       capture_output=True, timeout=120)
                    if r.returncode == 0 and os.path.getsize(o) <= 262144:
                        binary.add(open(o, "rb").read())

    # Config files.
    config = Corpus(out, "lint-config")
    for line in run_lines:
        for m in re.finditer(r"printf '([^']*)' > \S*\.cuda-launch-lint\.yaml", line):
            config.add(unescape(m.group(1)))
    for group in cxx_literal_groups(read(os.path.join(unit, "LintConfigTest.cpp"))):
        if ":" in group and "\n" in group:
            config.add(group)

    # Batch lines, three at a time.
    batch = Corpus(out, "occupancy-batch")
    for path in glob.glob(os.path.join(lit, "**", "*.jsonl"), recursive=True) + \
            glob.glob(os.path.join(src, "examples", "*.jsonl")):
        lines = read(path).splitlines()
        for i in range(0, len(lines), 3):
            batch.add("\n".join(lines[i:i + 3]) + "\n")

    frontend = Corpus(out, "frontend")
    for cu in cu_files:
        frontend.add(read(cu))

    for c in (cc, log, ptx, binary, config, batch, frontend):
        print("%-16s %4d seeds" % (os.path.basename(c.dir), c.count))


if __name__ == "__main__":
    main()
