"""One line per SARIF result: rule, level, arch, file:line:col, related.
With --rules first: the rule ids instead, sorted, one a line."""
import json
import os
import sys

rules_only = sys.argv[1] == "--rules"
path = sys.argv[2] if rules_only else sys.argv[1]
doc = json.load(sys.stdin if path == "-" else open(path))
run = doc["runs"][0]
if rules_only:
    print("\n".join(sorted(r["id"] for r in run["tool"]["driver"]["rules"])))
    sys.exit(0)
print("tool %s rules %d" % (run["tool"]["driver"]["name"], len(run["tool"]["driver"]["rules"])))
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]
    print("%s %s %s %s:%d:%d related %d" % (
        r["ruleId"], r["level"], r.get("properties", {}).get("arch") or "-",
        os.path.basename(loc["artifactLocation"]["uri"]), loc["region"]["startLine"],
        loc["region"]["startColumn"], len(r.get("relatedLocations", []))))
