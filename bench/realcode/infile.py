#!/usr/bin/env python3
"""In-file `<<<>>>` source sites of a run (issue 28: >= 97% block resolved), with every unknown.

  infile.py $REALCODE/out/<run> [--mode file] [--project a,b]
A site is a (file, line, column) in the linted file itself; it counts as resolved when every
instantiation's block is constant, set or range. Unknown sites are grouped by reason class (names
and numbers blanked) and listed with the tool's reason, to judge honest unknowns (the value comes
from another file or from run time) against engine gaps.
"""
import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run")
    ap.add_argument("--mode", default="file")
    ap.add_argument("--project", help="comma-separated")
    a = ap.parse_args()
    wanted = set(a.project.split(",")) if a.project else None
    sites = collections.defaultdict(list)
    for rec, doc in common.iter_docs(a.run, mode=a.mode):
        if doc is None or (wanted and rec["project"] not in wanted):
            continue
        for l in doc.get("launches", []):
            if l.get("api") == "<<<>>>" and os.path.realpath(l["file"]) == os.path.realpath(rec["file"]):
                sites[(rec["project"], os.path.realpath(l["file"]), l["line"], l["column"])].append(l)
    total, resolved = collections.Counter(), collections.Counter()
    reasons = collections.defaultdict(list)
    for key, launches in sorted(sites.items()):
        total[key[0]] += 1
        unknown = [l for l in launches if common.value_state(common.block_total(l)) == "unknown"]
        if not unknown:
            resolved[key[0]] += 1
            continue
        reason = common.unknown_reason(unknown[0])
        reasons[common.reason_class(reason)].append((key, reason))
    for p in sorted(total):
        print(f"{p}: in-file <<<>>> source sites {total[p]}, block resolved {resolved[p]} "
              f"({100 * resolved[p] / total[p]:.1f}%)")
    t, r = sum(total.values()), sum(resolved.values())
    print(f"all: {r}/{t} ({100 * r / max(t, 1):.1f}%)")
    for cls, items in sorted(reasons.items(), key=lambda x: -len(x[1])):
        print(f"\n[{len(items)}] {cls}")
        for (proj, path, line, _), reason in items:
            print(f"   {proj} {os.path.relpath(path, os.path.join(os.environ.get('REALCODE', '/work/realcode'), 'src', proj))}:{line}  {reason[:200]}")


if __name__ == "__main__":
    main()
