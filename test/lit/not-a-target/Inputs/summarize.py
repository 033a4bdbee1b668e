"""Prints, from a cuda-launch-lint JSON document on stdin, one line per
finding ("FINDING <arch> <check> <line>"), per arch a file is not built for
("NOT-TARGET <file> <arch> requires=<arch>|none sign=<sign>"), per failed
device compile ("FAILED <file> <arch> <kind>"), and per launch how it was
checked ("LAUNCH <line> complete|<kinds>")."""
import json
import os
import sys

doc = json.load(sys.stdin)
for d in doc["diagnostics"]:
    print("FINDING %s %s %d" % (d["arch"] or "-", d["check"], d["line"]))
for f in doc.get("device", {}).get("files", []):
    name = os.path.basename(f["file"])
    for n in f["not_targets"]:
        print("NOT-TARGET %s %s requires=%s sign=%s" % (
            name, n["arch"], n["required_arch"] or "none", n["sign"]))
    for n in f["failures"]:
        print("FAILED %s %s %s" % (name, n["arch"], n["kind"]))
for l in doc["launches"]:
    c = l["checked"]
    print("LAUNCH %d %s" % (l["line"], "complete" if c["complete"] else
                            ",".join("%s:%s" % (r["kind"], r.get("arch", ""))
                                     for r in c["reasons"])))
