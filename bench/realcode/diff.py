#!/usr/bin/env python3
"""Compare two harness runs site by site: (project, mode, file, line, column, kernel).

  diff.py $REALCODE/out/baseline $REALCODE/out/final [--project P] [--mode M] [--all]

Prints, per project and mode: launch sites lost and gained; grid/block/dynamic-smem values
that went from resolved to unknown (regressions), from unknown to resolved, or changed value;
findings added and removed (check, arch, message); files whose exit status changed; crashes.
Exit status 1 when a site was lost, a resolved value became unknown, or a new crash appeared.
"""
import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import block_total, diag_key, iter_docs, load_records, value_state, value_text  # noqa: E402


def collect(run, project=None, mode=None):
    sites, diags, files = {}, {}, {}
    for rec, doc in iter_docs(run, project, mode):
        pm = (rec["project"], rec["mode"])
        files[pm + (rec["rel"],)] = rec
        if not doc:
            continue
        for l in doc.get("launches", []):
            k = pm + (os.path.realpath(l.get("file", "")), l.get("line"), l.get("column"), l.get("kernel"))
            sites.setdefault(k, l)
        for g in doc.get("diagnostics", []):
            diags.setdefault(pm + diag_key(g), g)
    return sites, diags, files


def values(l):
    out = {"block": block_total(l), "dynamic_smem": l.get("dynamic_smem") or {}}
    for part in ("grid", "block"):
        for d in ("x", "y", "z"):
            out[f"{part}.{d}"] = (l.get(part) or {}).get(d) or {}
    return out


def short(k, root):
    f = k[2]
    return f"{os.path.relpath(f, root) if root else f}:{k[3]}:{k[4]} {k[5]}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--project")
    ap.add_argument("--mode")
    ap.add_argument("--root", default=os.environ.get("REALCODE", "/work/realcode"))
    ap.add_argument("--all", action="store_true", help="also list unchanged counts per value field")
    a = ap.parse_args()
    os_, od, of = collect(a.old, a.project, a.mode)
    ns, nd, nf = collect(a.new, a.project, a.mode)
    old_pms, new_pms = {k[:2] for k in of}, {k[:2] for k in nf}
    for pm in sorted(old_pms ^ new_pms):
        print(f"== {pm[0]} [{pm[1]}]: only in the {'old' if pm in old_pms else 'new'} run; not compared")
    pms = sorted(old_pms & new_pms)
    bad = False
    totals = collections.Counter()
    for pm in pms:
        root = os.path.join(a.root, "src", pm[0])
        lines = []
        o = {k: v for k, v in os_.items() if k[:2] == pm}
        n = {k: v for k, v in ns.items() if k[:2] == pm}
        lost = sorted(set(o) - set(n), key=str)
        gained = sorted(set(n) - set(o), key=str)
        for k in lost:
            lines.append(f"  - site lost: {short(k, root)} [{o[k].get('api')}]")
        for k in gained:
            lines.append(f"  + site gained: {short(k, root)} [{n[k].get('api')}]")
        reg = imp = chg = 0
        for k in sorted(set(o) & set(n), key=str):
            vo, vn = values(o[k]), values(n[k])
            for field in vo:
                so, sn = value_state(vo[field]), value_state(vn[field])
                to, tn = value_text(vo[field]), value_text(vn[field])
                if so == "resolved" and sn == "unknown":
                    reg += 1
                    lines.append(f"  ! REGRESSION {short(k, root)} {field}: {to} -> unknown "
                                 f"({vn[field].get('reason', '')})")
                elif so == "unknown" and sn == "resolved":
                    imp += 1
                    lines.append(f"  ^ resolved {short(k, root)} {field}: unknown -> {tn}")
                elif to != tn:
                    chg += 1
                    lines.append(f"  ~ changed {short(k, root)} {field}: {to} -> {tn}")
        dold = {k: v for k, v in od.items() if k[:2] == pm}
        dnew = {k: v for k, v in nd.items() if k[:2] == pm}
        for k in sorted(set(dold) - set(dnew), key=str):
            g = dold[k]
            lines.append(f"  - finding removed: [{g.get('severity')}] {os.path.relpath(k[2], root)}:{k[3]} "
                         f"{g.get('arch') or '-'} {g.get('check')}: {g.get('message')}")
        for k in sorted(set(dnew) - set(dold), key=str):
            g = dnew[k]
            lines.append(f"  + finding added: [{g.get('severity')}] {os.path.relpath(k[2], root)}:{k[3]} "
                         f"{g.get('arch') or '-'} {g.get('check')}: {g.get('message')}")
        newcrash = 0
        for fk in sorted(set(of) | set(nf)):
            if fk[:2] != pm:
                continue
            ro, rn = of.get(fk), nf.get(fk)
            if ro and rn and ro["rc"] != rn["rc"]:
                lines.append(f"  * exit status {fk[2]}: {ro['rc']} -> {rn['rc']}")
            if rn and rn.get("crash") and not (ro and ro.get("crash")):
                newcrash += 1
                lines.append(f"  !! new crash: {fk[2]}: {' | '.join(rn.get('stderr_tail', []))}")
            if (ro is None) != (rn is None):
                lines.append(f"  * file only in {'new' if ro is None else 'old'} run: {fk[2]}")
        head = (f"== {pm[0]} [{pm[1]}]: sites {len(o)} -> {len(n)} (lost {len(lost)}, gained {len(gained)}); "
                f"values: {reg} resolved->unknown, {imp} unknown->resolved, {chg} changed; findings "
                f"{len(dold)} -> {len(dnew)}; new crashes {newcrash}")
        print(head)
        for line in lines:
            print(line)
        totals.update({"lost": len(lost), "regressions": reg, "new_crashes": newcrash,
                       "gained": len(gained), "resolved": imp})
        bad |= bool(lost or reg or newcrash)
    print(f"TOTAL: {dict(totals)}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
