#!/usr/bin/env python3
"""Replay the tool's predictions against a recording of the runtime's answers.

    compare.py RECORDING.json PREDICTIONS.json [--strict] [--list]

RECORDING is run.py's (bench/gpu/README.md describes the format),
PREDICTIONS is predict.py's for the same suite (same cases.json). Prints:
- the confusion matrix per case: the tool says fails / may-fail / clean x
  the runtime failed (any call of the case returned an error, or the case
  hung or crashed) / succeeded;
- error-name agreement: the cudaError_t the tool names against the one the
  runtime returned, for each launch and each cudaFuncSetAttribute call; a
  driver API launch returns a CUresult, and the tool's cudaError_t is
  compared as the CUresult of the same number (gen.DRIVER_ERROR), counted;
- where graph kernel nodes failed (adding the node, instantiating, launching);
- occupancy agreement: the tool's blocks per SM against
  cudaOccupancyMaxActiveBlocksPerMultiprocessor;
- register agreement: the tool's registers against cudaFuncGetAttributes;
- the wave probe's timings: per block size and k, the time of k full waves
  + 1 block over that of k waves against the model's (k+1)/k, within 5% or
  not (judged for blocks of 4 ms or more: shorter blocks cost less, since
  dispatching a wave takes time; 1 ms blocks are within 5.04% on an H100).
Cases the tool could not judge (no device facts: predict.py's "unknown", with
the reason) are counted apart, never as clean; so are driver API launches it
did not judge because their kernel is a CUfunction it does not trace (listed
when they failed on the GPU; not an --strict failure: the tool says so for
every such launch, docs/launch-forms.md). A case whose kernel or entry point
could not be obtained (cudaGetFuncBySymbol, cudaGetDriverEntryPoint,
cuGetProcAddress failed) is not run.
Exit status: 1 on any false error (the tool says fails, the runtime
succeeded) or missed failure (the runtime failed, the tool says clean), of a
case, of its launch alone, or of a cudaFuncSetAttribute call (refused or
not); with --strict also on any unknown case, any failed launch whose error
the tool does not name or names wrongly, any disagreement of occupancy or
registers, and a wave probe of 1 ms blocks off the model by more than 5%;
2 on unusable input; else 0. Needs no GPU.
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import DRIVER_ERROR, is_driver_api  # noqa: E402

OK = "cudaSuccess"
# A runtime call's success and a driver API call's (a CUresult).
SUCCESS = (OK, "CUDA_SUCCESS")
# Calls a launch form makes to get its kernel or entry point: one that fails
# leaves the case without a launch to judge (the harness's failure).
SETUP_STEPS = ("cudaGetFuncBySymbol", "cudaGetDriverEntryPoint", "cuGetProcAddress")
VERDICTS = ("fails", "may-fail", "clean", "unknown")
# The wave probe is judged against the model for blocks at least this long. Blocks
# of 1 ms measure within 5.04% on an H100 and 4.95% on an H200 (the fixed cost of
# dispatching a wave of 1,056-2,112 blocks, about 50 us, is not in the model);
# blocks of 4 ms within 1.31%. The 1 ms figures are printed, not judged.
JUDGED_BLOCK_NS = 4000000
WAVE_TOLERANCE = 0.05
# The checks whose findings say a launch or a call fails (gen.ERROR_CHECKS).
ERRORS = {"cuda-launch-bounds-exceeded", "cuda-block-size-invalid", "cuda-grid-size-invalid",
          "cuda-shared-memory-exceeded", "cuda-too-many-resources", "cuda-cluster-dims-mismatch",
          "cuda-grid-sync-needs-cooperative-launch", "cuda-cooperative-launch-too-large",
          "cuda-func-attribute-refused"}



def die(msg):
    """Could not do the job: one line on stderr, exit status 2."""
    sys.stderr.write(msg + "\n")
    sys.exit(2)

def load(path, what):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        die("compare.py: cannot read the %s %s: %s" % (what, path, e))


def runtime_outcome(r):
    """'failed', 'succeeded' or None (not run); and the launch's error."""
    st = r.get("status")
    if st in ("timeout", "crashed"):
        return "failed", st
    if st not in ("ran", "sticky"):
        return None, None
    if any(x["call"] in SETUP_STEPS and x["error"] not in SUCCESS for x in r.get("steps", [])):
        return None, None
    launch = r.get("launch_error", OK)
    err = launch if launch not in SUCCESS else r.get("sync_error", OK)
    failed = err != OK or any(x["error"] not in SUCCESS for x in r.get("attrs", []))
    return ("failed" if failed else "succeeded"), err


def untraced_by_design(pr):
    """A launch the tool says it did not fully check because its kernel is a CUfunction
    (a driver API launch: docs/launch-forms.md, 'kernel: unknown'): judged apart."""
    return pr.get("unknown_kind") == "unknown_kernel" and is_driver_api(pr.get("api", ""))


def block_duration(pr):
    """(nanoseconds or None, words) a wave probe block spins, from the case's kernel."""
    k = (pr.get("definition") or {}).get("kernel", {})
    if k.get("spin_ns"):
        return k["spin_ns"], "%g ms on %%globaltimer" % (k["spin_ns"] / 1e6)
    if k.get("spin"):
        return None, "200,000 clock64 cycles (about 0.1 ms, generator version 1)"
    return None, "unknown"


def wave_ratios(waves):
    """Prints, per block size and k, the time of k full waves + 1 block over that of
    k waves against the model's (k+1)/k; returns the judged ones off by more than 5%."""
    off = []
    by_threads = {}
    for pr, ms in waves.values():
        # Probes of one block size and one block duration make one series of grids.
        key = (pr["threads"], block_duration(pr)[0] or 0)
        by_threads.setdefault(key, []).append((pr["grid_blocks"], ms, pr))
    print("  k waves + 1 block over k waves, measured against the model's (k+1)/k"
          " (within %d%% judged for blocks of %g ms or more):" % (WAVE_TOLERANCE * 100, JUDGED_BLOCK_NS / 1e6))
    for (t, _), runs in sorted(by_threads.items()):
        runs.sort(key=lambda r: r[0])
        for (g0, ms0, p0), (g1, ms1, p1) in zip(runs, runs[1:]):
            w = (p0.get("waves") or {}).get("waves")
            if g1 != g0 + 1 or ms0 <= 0 or not w:
                continue
            k = w  # g0 is k whole waves
            measured, model = ms1 / ms0, (k + 1) / k
            ns, words = block_duration(p1)
            judged = ns is not None and ns >= JUDGED_BLOCK_NS
            within = abs(measured / model - 1) <= WAVE_TOLERANCE
            verdict = ("within 5%" if within else "OFF by more than 5%") if judged else \
                      ("not judged: blocks of %s" % words) + (", within 5%" if within else ", off")
            print("  %4d threads, k=%d: %d -> %d blocks x%.3f, model x%.3f (%.2f%% off): %s"
                  % (t, k, g0, g1, measured, model, 100 * abs(measured / model - 1), verdict))
            if judged and not within:
                off.append("%d threads, k=%d: x%.3f against x%.3f" % (t, k, measured, model))
    return off


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("recording")
    ap.add_argument("predictions")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--list", action="store_true", help="list every disagreement, not the first 20")
    a = ap.parse_args()
    rec = load(a.recording, "recording")
    pred = load(a.predictions, "predictions")
    if rec.get("format") != "cuda-launch-lint-gpu-recording" or rec.get("format_version") != 1:
        die("compare.py: %s is not a version 1 GPU recording" % a.recording)
    dev = rec["device"]
    if rec.get("synthetic"):
        print("SYNTHETIC RECORDING: %s is hand-written test input, not measured on a GPU"
              % a.recording)
    print("recording: %s (%s, %d SMs), driver %s, runtime %s, %s, %s" % (
        dev.get("name"), dev.get("arch"), dev.get("sm_count", 0), dev.get("driver_version"),
        dev.get("runtime_version"), rec.get("toolkit", {}).get("nvcc_version", "nvcc ?"),
        rec.get("recorded_at", "?")))
    print("predictions: %s, %s%s" % (pred.get("tool_version", "?").splitlines()[0] if pred.get("tool_version") else "?",
                                     pred["arch"], ", --gpu=" + pred["gpu"] if pred.get("gpu") else ", no GPU preset"))
    if pred["arch"] != dev.get("arch") or pred["sm_count"] != dev.get("sm_count"):
        print("WARNING: predicted for %s with %d SMs, recorded on %s with %d SMs"
              % (pred["arch"], pred["sm_count"], dev.get("arch"), dev.get("sm_count", 0)))
    sha = rec.get("suite", {}).get("cases_json_sha256")
    if sha and pred.get("cases_json_sha256") and sha != pred["cases_json_sha256"]:
        print("WARNING: the recording and the predictions come from different cases.json")

    matrix = {(v, o): 0 for v in VERDICTS for o in ("failed", "succeeded")}
    false_errors, missed, not_run, changed, unknown, untraced = [], [], [], [], [], []
    launch_false, launch_missed = [], []
    names = {"agree": 0, "tool names none": 0, "disagree": [], "failed after launching": 0,
             "runtime name at a driver launch": 0}
    graph_steps = {}
    attr_calls = {"agree": 0, "disagree": []}
    occ = {"agree": 0, "disagree": [], "failed_launch_agree": 0, "failed_launch_disagree": []}
    regs = {"agree": 0, "disagree": []}
    waves = {}
    for cid, pr in sorted(pred["cases"].items()):
        r = rec["cases"].get(cid)
        if r and r.get("definition") and pr.get("definition") and r["definition"] != pr["definition"]:
            changed.append(cid)  # the generator changed this case since it was recorded
            continue
        outcome, err = runtime_outcome(r) if r else (None, None)
        if outcome is None:
            not_run.append(cid)
            continue
        matrix[(pr["verdict"], outcome)] += 1
        if pr["verdict"] == "unknown" and untraced_by_design(pr):
            # Not judged, and not a failure of the harness: its attribute calls, blocks/SM
            # and registers are still compared below.
            untraced.append((outcome == "failed", "%s (%s, the runtime %s%s): %s" % (
                cid, pr["api"], outcome, " with " + err if err != OK else "", pr.get("unknown_reason", "?"))))
        elif pr["verdict"] == "unknown":
            unknown.append("%s (the runtime %s): %s" % (cid, outcome, pr.get("unknown_reason", "?")))
            continue
        if pr["verdict"] == "fails" and outcome == "succeeded":
            false_errors.append("%s: the tool says %s; the runtime succeeded" % (
                cid, ", ".join(sorted({f["check"] for f in pr["findings"] if f["severity"] == "error"}))))
        if pr["verdict"] == "clean" and outcome == "failed":
            missed.append("%s: the runtime failed (%s); the tool says nothing" % (cid, ", ".join(
                ["%s -> %s" % (x["attribute"], x["error"]) for x in r.get("attrs", []) if x["error"] not in SUCCESS]
                + (["launch -> %s" % err] if err != OK else []))))
        if r.get("status") not in ("ran", "sticky"):
            continue
        # The launch itself (a case may fail by a refused call and launch fine).
        at_launch = [f for f in pr["findings"] if f["where"] == "launch" and f["severity"] == "error"]
        if at_launch and err == OK:
            launch_false.append("%s: the tool says the launch fails (%s); it ran" % (
                cid, ", ".join(sorted({f["check"] for f in at_launch}))))
        elif not at_launch and err != OK and pr["verdict"] != "unknown":
            maybe_launch = [f for f in pr["findings"] if f["where"] == "launch" and f["check"] in ERRORS]
            if not maybe_launch:
                launch_missed.append("%s: the launch failed with %s; the tool says nothing there" % (cid, err))
        # The launch's error name: the first error the tool lists at the launch, against the
        # launch's own error. A kernel that launched and then failed (a grid sync without the
        # cooperative API traps: cudaDeviceSynchronize says so) is counted apart.
        launch_err = r.get("launch_error", OK)
        if at_launch and launch_err in SUCCESS and err != OK:
            names["failed after launching"] += 1
        if at_launch and launch_err not in SUCCESS:
            named = shown = at_launch[0].get("cuda_error")
            if named and is_driver_api(pr.get("api", "")) and named in DRIVER_ERROR:
                # The tool names the runtime's cudaError_t at a driver API launch, which
                # returns the CUresult of the same number: compared as that CUresult.
                names["runtime name at a driver launch"] += 1
                named = DRIVER_ERROR[named]
                shown = "%s (%s at the driver API's %s)" % (shown, named, pr["api"])
            if not named:
                names["tool names none"] += 1
            elif named == launch_err:
                names["agree"] += 1
            else:
                names["disagree"].append("%s: the tool names %s (%s), the runtime returned %s"
                                         % (cid, shown, at_launch[0]["check"], launch_err))
        # Each attribute call: refused or not, and with which error.
        lines = pr.get("settings_lines", [])
        for i, call in enumerate(r.get("attrs", [])):
            line = lines[i] if i < len(lines) else None
            refused = [f for f in pr["findings"] if f["line"] == line and f["severity"] == "error"
                       and f["check"] == "cuda-func-attribute-refused"]
            rt_refused = call["error"] not in SUCCESS
            if bool(refused) != rt_refused:
                attr_calls["disagree"].append("%s: %s(%s, %s) returned %s; the tool %s" % (
                    cid, call["call"], call["attribute"], call["value"], call["error"],
                    "says it is refused" if refused else "accepts it"))
            elif refused and refused[0].get("cuda_error") not in (None, call["error"]):
                attr_calls["disagree"].append("%s: %s refused with %s, the tool names %s" % (
                    cid, call["attribute"], call["error"], refused[0]["cuda_error"]))
            else:
                attr_calls["agree"] += 1
        # Where a graph kernel node's launch failed: adding the node, instantiating or launching.
        for step in r.get("steps", []):
            if step["call"] not in SETUP_STEPS and step["error"] != OK:
                key = (step["call"], step["error"])
                graph_steps[key] = graph_steps.get(key, 0) + 1
        # Blocks per SM.
        o = r.get("occupancy", {})
        if o.get("error") == OK and pr.get("occupancy") is not None:
            same = o["blocks_per_sm"] == pr["occupancy"]
            line = "%s: the tool says %d blocks/SM, cudaOccupancyMaxActiveBlocksPerMultiprocessor %d" % (
                cid, pr["occupancy"], o["blocks_per_sm"])
            if err == OK:
                if same:
                    occ["agree"] += 1
                else:
                    occ["disagree"].append(line)
            elif same:
                occ["failed_launch_agree"] += 1
            else:
                occ["failed_launch_disagree"].append(line)
        fa = r.get("func", {})
        if fa.get("error") == OK and pr.get("registers") is not None:
            # A recording without the static shared memory (run.py's stand-in binary in the
            # harness's own tests) is compared on registers alone.
            if fa.get("num_regs") == pr["registers"] and (pr.get("static_smem") is None
                                                          or fa.get("shared_size_bytes", pr["static_smem"])
                                                          == pr["static_smem"]):
                regs["agree"] += 1
            else:
                regs["disagree"].append("%s: the tool says %d registers, %s B static smem; "
                                        "cudaFuncGetAttributes %d, %d B" % (
                                            cid, pr["registers"], pr.get("static_smem"),
                                            fa.get("num_regs", -1), fa.get("shared_size_bytes", -1)))
        if pr.get("family") == "wave" and err == OK:
            times = [t for t in r.get("elapsed_ms", [])[1:] if t >= 0]
            if times:
                waves[cid] = (pr, statistics.median(times))

    def show(title, items):
        if items:
            print("%s (%d):" % (title, len(items)))
            for x in items if a.list else items[:20]:
                print("  " + x)
            if len(items) > 20 and not a.list:
                print("  ... %d more (--list)" % (len(items) - 20))

    ran = sum(matrix.values())
    print("\n%d cases compared, %d not run%s" % (ran, len(not_run), (": " + ", ".join(not_run[:10]) + (" ..." if len(not_run) > 10 else "")) if not_run else ""))
    if changed:
        print("%d cases changed since the recording (not compared): %s%s" % (
            len(changed), ", ".join(changed[:10]), " ..." if len(changed) > 10 else ""))
    print("\n%-22s %10s %10s" % ("tool \\ runtime", "failed", "succeeded"))
    for v in VERDICTS:
        if v != "unknown" or unknown or untraced:
            print("%-22s %10d %10d" % ("tool says " + v, matrix[(v, "failed")], matrix[(v, "succeeded")]))
    print()
    show("UNKNOWN, NOT JUDGED (no device facts, or not fully checked)", unknown)
    failed_untraced = [line for failed, line in untraced if failed]
    if untraced:
        print("driver API launches the tool did not judge, their kernel being a CUfunction it does not trace:"
              " %d (%d of them failed on the GPU)" % (len(untraced), len(failed_untraced)))
    show("DRIVER API LAUNCHES NOT JUDGED THAT FAILED", failed_untraced)
    show("FALSE ERRORS", false_errors)
    show("MISSED FAILURES", missed)
    print("launches alone: %d false errors, %d missed failures" % (len(launch_false), len(launch_missed)))
    show("FALSE ERRORS AT LAUNCHES", launch_false)
    show("MISSED FAILURES AT LAUNCHES", launch_missed)
    print("error names at failed launches: %d agree, %d the tool names none, %d disagree"
          % (names["agree"], names["tool names none"], len(names["disagree"])))
    if names["failed after launching"]:
        print("launches that returned cudaSuccess and whose kernel then failed (cudaDeviceSynchronize),"
              " the tool says the launch fails: %d" % names["failed after launching"])
    if names["runtime name at a driver launch"]:
        print("of these, driver API launches whose CUresult the tool names as the runtime's cudaError_t"
              " of the same number: %d" % names["runtime name at a driver launch"])
    show("error-name disagreements", names["disagree"])
    for (call, error), n in sorted(graph_steps.items()):
        print("graph kernel nodes: %s returned %s in %d cases" % (call, error, n))
    print("cudaFuncSetAttribute / cudaFuncSetCacheConfig calls: %d agree, %d disagree"
          % (attr_calls["agree"], len(attr_calls["disagree"])))
    show("attribute-call disagreements", attr_calls["disagree"])
    print("blocks/SM of launches that ran: %d agree, %d disagree (launches that failed: %d agree, %d disagree)"
          % (occ["agree"], len(occ["disagree"]), occ["failed_launch_agree"], len(occ["failed_launch_disagree"])))
    show("occupancy disagreements", occ["disagree"])
    show("occupancy disagreements at failed launches", occ["failed_launch_disagree"])
    print("registers and static shared memory per kernel: %d agree, %d disagree"
          % (regs["agree"], len(regs["disagree"])))
    show("register disagreements", regs["disagree"])
    wave_off = []
    if waves:
        print("\nwave probe (median of the timed runs; the tool's waves with the GPU preset):")
        print("  %-16s %8s %8s %6s %10s" % ("case", "threads", "blocks", "waves", "ms"))
        for cid, (pr, ms) in sorted(waves.items()):
            w = (pr.get("waves") or {}).get("waves", "?")
            print("  %-16s %8d %8d %6s %10.4f  %s" % (cid, pr["threads"], pr["grid_blocks"], w, ms, pr.get("note", "")))
        wave_off = wave_ratios(waves)
    refused_wrong = [x for x in attr_calls["disagree"] if "; the tool " in x]
    failing = bool(false_errors or missed or launch_false or launch_missed or refused_wrong)
    if a.strict:
        failing = failing or bool(names["disagree"] or names["tool names none"] or attr_calls["disagree"]
                                  or occ["disagree"] or regs["disagree"] or unknown or wave_off)
    print("\nresult: %s" % ("DISAGREE" if failing else "agree"))
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
