#!/usr/bin/env python3
"""Per project and mode: files, crashes, launches by api, <<<>>> block sizes resolved vs unknown
(with the unknown reasons grouped), errors and warnings by check, front-end parse errors, time.

  summarize.py $REALCODE/out/<run> [--markdown] [--findings] [--unknown]

Launch sites and findings are counted once per project and mode (a launch in a header that
several files include is one site). "in-file" sites are those in the linted file itself.
--findings lists every error and warning (for the verdicts); --unknown every unknown <<<>>> site.
"""
import argparse
import collections
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (block_total, diag_key, iter_docs, load_records, reason_class,  # noqa: E402
                    site_key, unknown_reason, value_state, value_text)


def summarize(run, project, mode):
    s = collections.OrderedDict()
    recs = [(r, d) for r, d in iter_docs(run, project, mode)]
    s["files"] = len(recs)
    s["exit"] = dict(collections.Counter(str(r["rc"]) for r, _ in recs))
    s["crashes"] = [r["rel"] for r, _ in recs if r.get("crash")]
    s["timeouts"] = [r["rel"] for r, _ in recs if r.get("timeout")]
    s["exit2"] = [(r["rel"], " | ".join(r.get("stderr_tail", [])[-1:])) for r, _ in recs if r["rc"] == 2]
    s["no_json"] = [r["rel"] for r, d in recs if d is None]
    s["internal_errors"] = [(r["rel"], str(e)[:160]) for r, d in recs if d
                            for e in d.get("internal_errors", [])]
    walls = [r.get("wall_s", r.get("harness_wall_s", 0)) for r, _ in recs]
    s["wall_total_s"] = round(sum(walls), 1)
    s["wall_median_s"] = round(statistics.median(walls), 2) if walls else 0
    worst = max(recs, key=lambda x: x[0].get("wall_s", 0), default=None)
    s["wall_worst"] = (worst[0]["rel"], worst[0].get("wall_s")) if worst else None
    s["peak_rss_mib"] = max((r.get("maxrss_kb", 0) for r, _ in recs), default=0) // 1024

    sites, diags, fe = {}, {}, collections.Counter()
    fe_files = set()
    fe_msgs = collections.Counter()
    device_notes = collections.Counter()
    for r, d in recs:
        if not d:
            continue
        linted = os.path.realpath(r["file"])
        for l in d.get("launches", []):
            k = site_key(l)
            if k not in sites:
                sites[k] = (l, k[0] == linted)
            elif k[0] == linted:
                sites[k] = (l, True)
        for g in d.get("diagnostics", []):
            diags.setdefault(diag_key(g), g)
        for e in d.get("frontend_errors", []):
            fe[r["rel"]] += 1
            fe_files.add(r["rel"])
            fe_msgs[reason_class(e.get("message", ""))] += 1
        dev = d.get("device") or {}
        for n in dev.get("notes", []):
            device_notes[reason_class(n if isinstance(n, str) else str(n.get("message", n)))] += 1
    s["launches"] = len(sites)
    s["by_api"] = dict(collections.Counter(l.get("api", "?") for l, _ in sites.values()))
    chev = [(l, inf) for l, inf in sites.values() if l.get("api") == "<<<>>>"]
    for label, subset in (("chevron_all", chev), ("chevron_infile", [x for x in chev if x[1]])):
        res = [l for l, _ in subset if value_state(block_total(l)) == "resolved"]
        s[label] = {"sites": len(subset), "block_resolved": len(res),
                    "pct": round(100.0 * len(res) / len(subset), 1) if subset else None,
                    "by_kind": dict(collections.Counter(block_total(l).get("kind", "unknown")
                                                        for l, _ in subset))}
    # source sites: one per (file, line, column), resolved when every instantiation is
    for label, subset in (("chevron_src_all", chev), ("chevron_src_infile", [x for x in chev if x[1]])):
        src = {}
        for l, _ in subset:
            k = site_key(l)[:3]
            src[k] = src.get(k, True) and value_state(block_total(l)) == "resolved"
        s[label] = {"sites": len(src), "block_resolved": sum(src.values()),
                    "pct": round(100.0 * sum(src.values()) / len(src), 1) if src else None}
    s["source_sites"] = len({site_key(l)[:3] for l, _ in sites.values()})
    unk = collections.Counter(reason_class(unknown_reason(l)) for l, _ in chev
                              if value_state(block_total(l)) == "unknown")
    s["unknown_reasons"] = unk.most_common()
    s["unknown_sites"] = sorted(
        (os.path.relpath(k[0], os.path.commonpath([os.path.dirname(r["file"]) for r, _ in recs]) if recs else "/"),
         k[1], k[3], unknown_reason(l)) for k, (l, _) in sites.items()
        if l.get("api") == "<<<>>>" and value_state(block_total(l)) == "unknown")
    by_sev = collections.defaultdict(collections.Counter)
    for g in diags.values():
        by_sev[g.get("severity", "?")][g.get("check", "?")] += 1
    s["findings"] = {sev: dict(c) for sev, c in by_sev.items()}
    s["findings_list"] = sorted(diags.values(), key=lambda g: (g.get("severity") != "error",
                                                               g.get("file", ""), g.get("line", 0)))
    s["frontend_errors"] = {"files": len(fe_files), "errors": sum(fe.values()),
                            "top": fe_msgs.most_common(8)}
    s["device_notes"] = device_notes.most_common(8)
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run")
    ap.add_argument("--markdown", action="store_true", help="one table row per project and mode")
    ap.add_argument("--findings", action="store_true", help="list every error and warning")
    ap.add_argument("--unknown", action="store_true", help="list every unknown <<<>>> block")
    ap.add_argument("--project")
    a = ap.parse_args()
    recs = load_records(a.run)
    keys = sorted({(r["project"], r["mode"]) for r in recs if not a.project or r["project"] == a.project})
    if a.markdown:
        print("| project | mode | files | exit 0/1/2/other | crashes (+ recovered internal errors) | launches: instantiations (by api) / source sites | `<<<>>>` source sites: block resolved, all / in-file | `<<<>>>` instantiations: block resolved | errors | warnings | files with parse errors | wall total / median / worst | peak RSS |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for p, m in keys:
        s = summarize(a.run, p, m)
        ex = s["exit"]
        other = sum(v for k, v in ex.items() if k not in ("0", "1", "2"))
        if a.markdown:
            ci = s["chevron_infile"]
            ca = s["chevron_all"]
            sa, si = s["chevron_src_all"], s["chevron_src_infile"]
            apis = ", ".join(f"{k} {v}" for k, v in sorted(s["by_api"].items()))
            errs = sum(s["findings"].get("error", {}).values())
            warns = sum(s["findings"].get("warning", {}).values())
            w = s["wall_worst"]
            print(f"| {p} | {m} | {s['files']} | {ex.get('0', 0)}/{ex.get('1', 0)}/{ex.get('2', 0)}/{other} "
                  f"| {len(s['crashes'])} + {len(s['internal_errors'])} internal | {s['launches']} ({apis}) / {s['source_sites']} "
                  f"| {sa['block_resolved']}/{sa['sites']} / {si['block_resolved']}/{si['sites']} ({si['pct']}%) "
                  f"| {ca['block_resolved']}/{ca['sites']} "
                  f"| {errs} | {warns} | {s['frontend_errors']['files']} "
                  f"| {s['wall_total_s']} s / {s['wall_median_s']} s / {w[0] if w else ''} {w[1] if w else ''} s "
                  f"| {s['peak_rss_mib']} MiB |")
            continue
        print(f"== {p} [{m}]")
        print(f"  files {s['files']}  exit {ex}  crashes {len(s['crashes'])} {s['crashes'] or ''}"
              f"  timeouts {len(s['timeouts'])} {s['timeouts'] or ''}")
        for rel, why in s["exit2"]:
            print(f"  exit 2: {rel}: {why}")
        for rel, why in s["internal_errors"]:
            print(f"  internal error (recovered): {rel}: {why}")
        print(f"  time: total {s['wall_total_s']} s, median {s['wall_median_s']} s, worst {s['wall_worst']}, "
              f"peak RSS {s['peak_rss_mib']} MiB")
        print(f"  launches {s['launches']} by api {s['by_api']}")
        print(f"  source sites {s['source_sites']}")
        for label in ("chevron_all", "chevron_infile", "chevron_src_all", "chevron_src_infile"):
            c = s[label]
            print(f"  <<<>>> {label[8:]}: {c['block_resolved']}/{c['sites']} block resolved ({c['pct']}%) {c.get('by_kind', '')}")
        for why, n in s["unknown_reasons"]:
            print(f"    unknown x{n}: {why}")
        print(f"  findings: {s['findings']}")
        fe = s["frontend_errors"]
        print(f"  front-end errors: {fe['errors']} in {fe['files']} files")
        for msg, n in fe["top"]:
            print(f"    x{n}: {msg}")
        for msg, n in s["device_notes"]:
            print(f"  device note x{n}: {msg}")
        if a.findings:
            for g in s["findings_list"]:
                print(f"  [{g.get('severity')}] {g.get('file')}:{g.get('line')}:{g.get('column')} "
                      f"{g.get('arch') or '-'} {g.get('check')}: {g.get('message')}")
        if a.unknown:
            for rel, line, kernel, why in s["unknown_sites"]:
                print(f"  unknown block: {rel}:{line} {kernel}: {why}")


if __name__ == "__main__":
    main()
