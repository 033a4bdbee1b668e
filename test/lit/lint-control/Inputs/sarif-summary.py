"""One line per SARIF result: rule, level, arch, file:line:col, related."""
import json
import os
import sys

doc = json.load(sys.stdin if sys.argv[1] == "-" else open(sys.argv[1]))
run = doc["runs"][0]
print("tool %s rules %d" % (run["tool"]["driver"]["name"], len(run["tool"]["driver"]["rules"])))
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]
    print("%s %s %s %s:%d:%d related %d" % (
        r["ruleId"], r["level"], r.get("properties", {}).get("arch") or "-",
        os.path.basename(loc["artifactLocation"]["uri"]), loc["region"]["startLine"],
        loc["region"]["startColumn"], len(r.get("relatedLocations", []))))
