#!/usr/bin/env python3
"""Edit-to-diagnostics latency and memory of `cuda-launch-lint lsp`.

  bench/lsp-bench.py [--edits N] [--memory-edits M] [--every K] FILE:BUILD_DIR...

For each FILE (a .cu file that BUILD_DIR/compile_commands.json lists): the
server is started on a fresh cache, the file opened and its first device
refresh awaited (warm from then on); then N edits, each a didChange of the
unsaved buffer (a comment line appended and removed in turn) answered by a
publishDiagnostics for its version: the median and worst latency. The same
file's `clang++-19 -fsyntax-only` (the command `cuda-launch-lint compile-db`
writes for it) is timed N times for comparison. Then M more edits, waiting
for the diagnostics every K-th edit (the others coalesce, as while typing),
and the server's resident memory (VmRSS) after 10, 100, ... and M edits.
Prints the figures; asserts nothing. Needs the tool built (build/) and
clang++-19.
"""
import argparse
import json
import os
import queue
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.environ.get("CUDA_LAUNCH_LINT",
                      os.path.join(ROOT, "build", "tools", "cuda-launch-lint", "cuda-launch-lint"))


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.messages.put(json.loads(out.read(length)))

    def send(self, msg):
        msg["jsonrpc"] = "2.0"
        data = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def wait(self, pred, timeout=900):
        end = time.time() + timeout
        while True:
            m = self.messages.get(timeout=max(1, end - time.time()))
            # Answer the server's own requests (window/workDoneProgress/create).
            if "method" in m and "id" in m:
                self.send({"id": m["id"], "result": None})
            if pred(m):
                return m

    def rss_kib(self):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=60)


def diagnostics_for(version):
    return lambda m: (m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"].get("version") == version)


def clang_command(file, build, work):
    out = os.path.join(work, "editor-db")
    subprocess.run([TOOL, "compile-db", "-p", build, "-o", out], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(os.path.join(out, "compile_commands.json")) as f:
        for e in json.load(f):
            if os.path.realpath(e["file"]) == os.path.realpath(file):
                argv = e.get("arguments") or shlex.split(e["command"])
                # -fsyntax-only in place of the compile and its output.
                clean, skip = [], False
                for a in argv:
                    if skip:
                        skip = False
                        continue
                    if a == "-o":
                        skip = True
                        continue
                    if a == "-c":
                        continue
                    clean.append(a)
                return clean + ["-fsyntax-only"], e["directory"]
    raise SystemExit("%s: compile-db wrote no command for it" % file)


def bench(file, build, edits, memory_edits, every):
    work = tempfile.mkdtemp(prefix="lsp-bench-")
    text = open(file).read()
    uri = "file://" + os.path.abspath(file)
    c = Client([TOOL, "lsp", "--compile-commands-dir=" + build, "--debounce-ms=0",
                "--cache-dir=" + os.path.join(work, "cache")])
    c.request("initialize", {"capabilities": {"window": {"workDoneProgress": True}}})
    c.notify("initialized", {})
    start = time.time()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
    c.wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"]["kind"] == "end")
    c.wait(diagnostics_for(1))
    cold = time.time() - start
    lines = text.count("\n")
    version = 1

    def edit():
        nonlocal version
        version += 1
        # Append a comment line, then take it away, in turn.
        if version % 2 == 0:
            change = {"range": {"start": {"line": lines, "character": 0},
                                "end": {"line": lines, "character": 0}},
                      "text": "// edit %d\n" % version}
        else:
            change = {"range": {"start": {"line": lines, "character": 0},
                                "end": {"line": lines + 1, "character": 0}}, "text": ""}
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                            "contentChanges": [change]})
        return version

    latencies = []
    for _ in range(edits):
        t = time.time()
        v = edit()
        m = c.wait(diagnostics_for(v))
        latencies.append(time.time() - t)
    findings = len(m["params"]["diagnostics"])

    argv, directory = clang_command(file, build, work)
    syntax = []
    for _ in range(edits):
        t = time.time()
        subprocess.run(argv, cwd=directory, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        syntax.append(time.time() - t)

    rss = [(0, c.rss_kib())]
    marks = {10, 100, 1000, memory_edits}
    for i in range(1, memory_edits + 1):
        v = edit()
        if i % every == 0 or i in marks:
            c.wait(diagnostics_for(v))
        if i in marks:
            rss.append((i, c.rss_kib()))
    c.close()

    print("%s (%d lines, %d findings)" % (file, lines, findings))
    print("  open, first device refresh included (cold cache): %.2f s" % cold)
    print("  edit -> diagnostics, warm, %d edits: median %.3f s, worst %.3f s"
          % (edits, statistics.median(latencies), max(latencies)))
    print("  clang++-19 -fsyntax-only, same flags, %d runs: median %.3f s, worst %.3f s"
          % (edits, statistics.median(syntax), max(syntax)))
    print("  ratio (median): %.2f" % (statistics.median(latencies) / statistics.median(syntax)))
    print("  server RSS after N edits (diagnostics awaited every %d): %s"
          % (every, ", ".join("%d: %.0f MiB" % (n, kib / 1024) for n, kib in rss)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edits", type=int, default=20)
    ap.add_argument("--memory-edits", type=int, default=1000)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("files", nargs="+", metavar="FILE:BUILD_DIR")
    a = ap.parse_args()
    for spec in a.files:
        file, _, build = spec.rpartition(":")
        if not file:
            sys.exit("expected FILE:BUILD_DIR, got " + spec)
        bench(file, build, a.edits, a.memory_edits, a.every)


if __name__ == "__main__":
    main()
