#!/usr/bin/env python3
"""File mode against db mode of one run, per project: launches (site, kernel, block) and findings.

  modes.py $REALCODE/out/<run>
A difference means the database path and the file-by-file path gave the tool different facts.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def main():
    run = sys.argv[1]
    by = collections.defaultdict(lambda: {"file": (set(), set()), "db": (set(), set())})
    for rec, doc in common.iter_docs(run):
        if doc is None or rec["mode"] not in ("file", "db"):
            continue
        launches, diags = by[rec["project"]][rec["mode"]]
        for l in doc.get("launches", []):
            launches.add(common.site_key(l) + (common.value_text(common.block_total(l)),))
        for d in doc.get("diagnostics", []):
            diags.add(common.diag_key(d))
    differ = False
    for p, m in sorted(by.items()):
        fl, fd = m["file"]
        dl, dd = m["db"]
        print(f"{p}: launches file {len(fl)} db {len(dl)} only-file {len(fl - dl)} only-db {len(dl - fl)}; "
              f"findings file {len(fd)} db {len(dd)} only-file {len(fd - dd)} only-db {len(dd - fd)}")
        for name, extra in (("only file", fd - dd), ("only db", dd - fd)):
            for x in sorted(extra)[:5]:
                print(f"   {name}: {x[0]}:{x[1]} {x[3]} {x[4]} {x[5][:100]}")
        differ |= bool(fl ^ dl or fd ^ dd)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
