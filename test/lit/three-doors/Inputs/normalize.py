"""normalize.py OUTPUT: the findings and notes a front door printed, one per
line, in a form every door shares: the file's base name, and clang-tidy's
',-warnings-as-errors' tag dropped (the severity already says it). Source
excerpts, carets and summaries are left out."""
import os
import re
import sys

LINE = re.compile(r"^(?:(?P<file>[^:\s][^:]*):(?P<pos>\d+:\d+): )?(?P<rest>(?:error|warning|note): .*)$")
for line in open(sys.argv[1], encoding="utf-8"):
    m = LINE.match(line.rstrip("\n"))
    if not m or m.group("rest").startswith("error: cuda-launch-lint"):
        continue
    rest = m.group("rest").replace(",-warnings-as-errors]", "]")
    where = "%s:%s: " % (os.path.basename(m.group("file")), m.group("pos")) if m.group("file") else ""
    print(where + rest)
