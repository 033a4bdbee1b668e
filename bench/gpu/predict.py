#!/usr/bin/env python3
"""Run cuda-launch-lint over a generated suite and keep, per case, what it
predicts: its findings (check, severity, cudaError_t), a verdict (fails /
may-fail / clean), the launch's blocks per SM, and the kernel's registers.

    predict.py --tool cuda-launch-lint --suite DIR [--gpu PRESET] [--device-facts LOG]
               [--check-intent]

DIR is gen.py's output (cases.json and the suite-*.cu files); the result goes
to DIR/predictions.json. The arch and SM count are the manifest's; the GPU
preset is the one of that arch and SM count (`occupancy --list-gpus`) unless
--gpu names one, and with no such preset the tool gets the SM count itself
(--sm-count). --device-facts gives the tool a saved ptxas log of the suite
(facts.py) instead of compiling the device side. A case the tool does not
say fails and whose kernel has no device facts (the compile failed or timed
out) is "unknown", with the reason, never "clean"; so is one whose launch the
tool says it did not fully check (JSON `checked.reasons`, kept as
`unknown_kind`: `unknown_kernel` for a driver API launch, whose kernel is a
CUfunction the tool does not trace). --check-intent compares the tool's
errors with what the generator meant each case to do and exits 1 on any
disagreement; at a launch whose kernel the tool does not trace it may miss
the generator's errors and must claim no other. Needs the CUDA toolkit (the tool compiles the device
side for registers) unless --device-facts is given; no GPU.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen import ERROR_CHECKS, ERROR_ORDER, definition  # noqa: E402



def die(msg):
    """Could not do the job: one line on stderr, exit status 2."""
    sys.stderr.write(msg + "\n")
    sys.exit(2)

def find_preset(tool, arch, sms):
    out = subprocess.run([tool, "occupancy", "--list-gpus"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 4 and f[1] == arch and f[2] == str(sms) and f[3] == "SMs":
            return f[0]
    return None


def predict(tool, suite, gpu=None, extra=()):
    with open(os.path.join(suite, "cases.json")) as f:
        manifest = json.load(f)
    arch, sms = manifest["arch"], manifest["sm_count"]
    if gpu is None:
        gpu = find_preset(tool, arch, sms)
    cmd = [tool, "--format=json", "--arch=" + arch]
    if gpu:
        cmd.append("--gpu=" + gpu)
    else:
        cmd.append("--sm-count=%d" % sms)
    cmd += list(extra)
    cmd += [os.path.join(suite, f) for f in manifest["files"]]
    cmd += ["--", "-std=c++17", "-I" + os.path.abspath(suite)]
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if p.returncode not in (0, 1):
        die("predict.py: the tool failed (exit %d): %s" % (p.returncode, p.stderr.strip()[-2000:]))
    report = json.loads(p.stdout)

    # Each case owns a contiguous range of lines: its kernel and its host function.
    by_file = {}
    for c in manifest["cases"]:
        by_file.setdefault(c["file"], []).append(c)

    def case_at(path, line):
        for c in by_file.get(os.path.basename(path), []):
            if c["first_line"] <= line <= c["last_line"]:
                return c
        return None

    cases = {c["id"]: {"definition": definition(c), "family": c["family"], "note": c["note"], "threads": c["threads"],
                       "grid_blocks": c["grid"][0] * c["grid"][1] * c["grid"][2],
                       "launch_line": c.get("launch_line"),
                       "settings_lines": c.get("settings_lines", []),
                       "verdict": "clean", "findings": [], "occupancy": None,
                       "launchable": None, "registers": None, "static_smem": None}
             for c in manifest["cases"]}
    stray = []
    for d in report["diagnostics"]:
        if d.get("arch") not in ("", arch):
            continue
        c = case_at(d["file"], d["line"])
        if c is None:
            stray.append(d)
            continue
        where = ("launch" if d["line"] == c.get("launch_line") else
                 "attr" if d["line"] in c.get("settings_lines", []) else "kernel")
        cases[c["id"]]["findings"].append(
            {"check": d["check"], "severity": d["severity"], "line": d["line"], "where": where,
             "cuda_error": d.get("cuda_error"), "message": d["message"]})
    for cid, pr in cases.items():
        errs = [f for f in pr["findings"] if f["check"] in ERROR_CHECKS]
        if any(f["severity"] == "error" for f in errs):
            pr["verdict"] = "fails"
        elif errs:
            pr["verdict"] = "may-fail"
    unchecked = {}
    for l in report["launches"]:
        c = case_at(l["file"], l["line"])
        if c is None:
            continue
        reasons = [r for r in (l.get("checked") or {}).get("reasons", []) if r.get("kind") != "no_device_facts"]
        if reasons and l["line"] == c.get("launch_line"):
            unchecked[c["id"]] = reasons
        for o in l.get("occupancy", []):
            if o["arch"] == arch:
                cases[c["id"]]["occupancy"] = o["active_blocks_per_sm"]
                cases[c["id"]]["launchable"] = o["launchable"]
                cases[c["id"]]["waves"] = o.get("waves")
    kernels = {k["name"]: k for k in report["kernels"]}
    notes = [n if isinstance(n, str) else n.get("message", json.dumps(n))
             for n in report.get("device", {}).get("notes", [])]
    for c in manifest["cases"]:
        k = kernels.get(c["kernel_name"], {}).get("per_arch", {}).get(arch)
        pr = cases[c["id"]]
        pr["api"] = c["api"]
        pr["unchecked"] = sorted({r["kind"] for r in unchecked.get(c["id"], [])})
        if k and k.get("registers") is not None:
            pr["registers"] = k.get("registers")
            pr["static_smem"] = k.get("static_smem")
        if c["id"] in unchecked and pr["verdict"] != "fails":
            # The launch's kernel (a CUfunction) or a value is not known to the tool: its
            # silence is no prediction. The kinds are the JSON's checked.reasons.
            why = unchecked[c["id"]]
            pr["verdict"] = "unknown"
            pr["unknown_kind"] = why[0]["kind"]
            pr["unknown_reason"] = "; ".join(r.get("message", r["kind"]) for r in why)
        elif pr["registers"] is None and pr["verdict"] != "fails":
            # Without registers and shared memory the tool could not judge the launch:
            # its silence is no prediction.
            why = [n for n in notes if c["file"] in n and arch in n]
            pr["verdict"] = "unknown"
            pr["unknown_kind"] = "no_device_facts"
            pr["unknown_reason"] = why[0] if why else "no device facts for %s on %s" % (
                c["kernel_name"], arch)
    version = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout.strip()
    with open(os.path.join(suite, "cases.json"), "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    return {"tool_version": version, "cases_json_sha256": sha, "arch": arch, "sm_count": sms, "gpu": gpu,
            "command": cmd, "seconds": round(seconds, 2), "tool_exit": p.returncode,
            "frontend_errors": report.get("frontend_errors", []),
            "stray_diagnostics": stray, "cases": cases}


def check_intent(manifest, pred):
    """The tool's errors against the generator's intention; returns the disagreements."""
    bad = []
    for c in manifest["cases"]:
        pr = pred["cases"][c["id"]]
        want = c["expect"]
        got_launch = [f["check"] for f in pr["findings"]
                      if f["where"] == "launch" and f["severity"] == "error" and f["check"] in ERROR_ORDER]
        got_refused = [f for f in pr["findings"]
                       if f["check"] == "cuda-func-attribute-refused" and f["severity"] == "error"]
        problems = []
        maybe = set(want.get("maybe_checks", []))
        untraced = "unknown_kernel" in pr.get("unchecked", [])
        if untraced:
            # The tool does not know the kernel (a CUfunction): it can see the errors that
            # hold for any kernel, and must claim no other.
            extra = sorted(set(got_launch) - maybe - set(want["launch_checks"]))
            if extra:
                problems.append("launch errors %s at a launch whose kernel the tool does not trace, "
                                "generator meant %s" % (extra, want["launch_checks"] or "none"))
        elif sorted(set(got_launch) - maybe) != sorted(want["launch_checks"]):
            problems.append("launch errors %s, generator meant %s" % (sorted(set(got_launch)) or "none",
                                                                    want["launch_checks"] or "none"))
        elif got_launch and got_launch[0] != want["launch_checks"][0]:
            problems.append("first error %s, generator meant %s" % (got_launch[0], want["launch_checks"][0]))
        if len(got_refused) != len(want["refused_attrs"]):
            problems.append("%d refused attribute calls, generator meant %d (%s)"
                            % (len(got_refused), len(want["refused_attrs"]), want["refused_attrs"]))
        warned = [f["check"] for f in pr["findings"] if f["check"] in ERROR_CHECKS and f["severity"] != "error"
                  and f["check"] not in maybe]
        if warned and not untraced:
            problems.append("may-fail warnings %s on a constant launch" % sorted(set(warned)))
        if problems:
            bad.append((c["id"], problems))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--suite", required=True)
    ap.add_argument("--gpu", help="GPU preset (default: the one of the suite's arch and SM count)")
    ap.add_argument("--device-facts", metavar="LOG",
                    help="a saved ptxas log of the suite (facts.py) instead of a device compile")
    ap.add_argument("--check-intent", action="store_true")
    ap.add_argument("--no-cache", action="store_true")
    a = ap.parse_args()
    extra = ["--no-cache"] if a.no_cache else ["--cache-dir=" + os.path.join(a.suite, ".cache")]
    if a.device_facts:
        if not os.path.isfile(a.device_facts):
            die("predict.py: no device facts file %s" % a.device_facts)
        extra.append("--resource-usage=" + os.path.abspath(a.device_facts))
    pred = predict(a.tool, a.suite, a.gpu, extra)
    with open(os.path.join(a.suite, "predictions.json"), "w") as f:
        json.dump(pred, f, indent=1)
    verdicts = {}
    for pr in pred["cases"].values():
        verdicts[pr["verdict"]] = verdicts.get(pr["verdict"], 0) + 1
    print("predict.py: %d cases on %s%s in %.1f s: %s" % (
        len(pred["cases"]), pred["arch"], " (" + pred["gpu"] + ")" if pred["gpu"] else
        " (no GPU preset with %d SMs: --sm-count)" % pred["sm_count"], pred["seconds"],
        ", ".join("%s %d" % kv for kv in sorted(verdicts.items()))))
    if pred["frontend_errors"]:
        print("predict.py: %d front-end errors, first: %s" % (len(pred["frontend_errors"]),
                                                               pred["frontend_errors"][0]))
    unknown = [(cid, pr["unknown_reason"]) for cid, pr in sorted(pred["cases"].items())
               if pr["verdict"] == "unknown" and pr.get("unknown_kind") == "no_device_facts"]
    if unknown:
        reasons = sorted({why for _, why in unknown})
        print("predict.py: %d cases unknown (no device facts): %s" % (len(unknown), "; ".join(reasons[:5])))
    unchecked = [(cid, pr["unknown_reason"]) for cid, pr in sorted(pred["cases"].items())
                 if pr["verdict"] == "unknown" and pr.get("unknown_kind") != "no_device_facts"]
    if unchecked:
        reasons = sorted({why for _, why in unchecked})
        print("predict.py: %d cases unknown (launches not fully checked): %s"
              % (len(unchecked), "; ".join(reasons[:5])))
    if pred["stray_diagnostics"]:
        print("predict.py: %d findings outside every case" % len(pred["stray_diagnostics"]))
    if a.check_intent:
        with open(os.path.join(a.suite, "cases.json")) as f:
            manifest = json.load(f)
        bad = check_intent(manifest, pred)
        for cid, problems in bad:
            print("DISAGREE %s: %s" % (cid, "; ".join(problems)))
        n = len(manifest["cases"])
        print("predict.py: the tool agrees with the generator on %d of %d cases" % (n - len(bad), n))
        if bad or pred["frontend_errors"] or unknown:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
