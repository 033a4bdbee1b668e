#!/usr/bin/env python3
"""Checks a report against the published format its CI system reads.

    validate_ci_formats.py github|gitlab|rdjson FILE

Prints "ok: <n> finding(s)" and exits 0, or one line per problem and exits 1.
Written from the published definitions (no network):
- github: GitHub Actions workflow commands, "::error|warning|notice
  [file=F,line=L,col=C,endLine=L,endColumn=C,title=T]::message", one per line;
  property values escape %, CR, LF, ':' and ','; the message escapes %, CR
  and LF.
- gitlab: GitLab's Code Quality report: a JSON array of issues, each with a
  description, a check_name, a fingerprint unique in the report, a severity
  of info|minor|major|critical|blocker, and a location with a relative path
  and lines.begin (or positions.begin.line) >= 1.
- rdjson: reviewdog's DiagnosticResult (proto/rdf/jsonschema): diagnostics
  with a message, a location (path; range.start line/column >= 1 when given),
  a severity of UNKNOWN_SEVERITY|ERROR|WARNING|INFO, code.value, suggestions
  with a range and a text.
"""
import json
import re
import sys

PROBLEMS = []


def problem(where, what):
    PROBLEMS.append("%s: %s" % (where, what))


ESCAPE = re.compile(r"%(?!25|0D|0A|3A|2C)")
GITHUB_PROPS = {"file", "line", "endLine", "col", "endColumn", "title"}


def check_github(text):
    lines = [l for l in text.split("\n") if l]
    for n, line in enumerate(lines, 1):
        m = re.match(r"^::(error|warning|notice)( [^:]*)?::(.*)$", line)
        if not m:
            problem("line %d" % n, "not a workflow command: %r" % line[:80])
            continue
        props = m.group(2).strip() if m.group(2) else ""
        for prop in filter(None, props.split(",")):
            key, eq, value = prop.partition("=")
            if not eq or key not in GITHUB_PROPS:
                problem("line %d" % n, "bad property %r" % prop)
            elif key in ("line", "endLine", "col", "endColumn") and \
                    not (value.isdigit() and int(value) >= 1):
                problem("line %d" % n, "%s is not a positive number" % key)
            elif ESCAPE.search(value):
                problem("line %d" % n, "unescaped %% in %s" % key)
        if ESCAPE.search(m.group(3)):
            problem("line %d" % n, "unescaped % in the message")
    return len(lines)


def check_gitlab(doc):
    if not isinstance(doc, list):
        problem("$", "not an array")
        return 0
    seen = set()
    for i, issue in enumerate(doc):
        where = "$[%d]" % i
        if not isinstance(issue, dict):
            problem(where, "not an object")
            continue
        for key in ("description", "check_name", "fingerprint"):
            if not isinstance(issue.get(key), str) or not issue.get(key):
                problem(where, "no %s" % key)
        if issue.get("fingerprint") in seen:
            problem(where, "fingerprint %s is not unique" % issue.get("fingerprint"))
        seen.add(issue.get("fingerprint"))
        if issue.get("severity") not in ("info", "minor", "major", "critical", "blocker"):
            problem(where, "bad severity %r" % issue.get("severity"))
        loc = issue.get("location")
        if not isinstance(loc, dict) or not isinstance(loc.get("path"), str):
            problem(where, "no location.path")
            continue
        if loc["path"].startswith("/"):
            problem(where, "location.path is not relative: %s" % loc["path"])
        begin = (loc.get("lines") or {}).get("begin",
                                             ((loc.get("positions") or {}).get("begin") or {}).get("line"))
        if not isinstance(begin, int) or begin < 1:
            problem(where, "no location.lines.begin >= 1")
    return len(doc)


def check_position(where, pos):
    if not isinstance(pos, dict):
        problem(where, "not an object")
        return
    for key in ("line", "column"):
        if key in pos and (not isinstance(pos[key], int) or pos[key] < 1):
            problem(where, "%s is not a positive integer" % key)


def check_rdjson(doc):
    if not isinstance(doc, dict) or not isinstance(doc.get("diagnostics"), list):
        problem("$", "not a DiagnosticResult with a diagnostics array")
        return 0
    if "source" in doc and not isinstance(doc["source"].get("name"), str):
        problem("$.source", "no name")
    for i, d in enumerate(doc["diagnostics"]):
        where = "$.diagnostics[%d]" % i
        if not isinstance(d.get("message"), str) or not d["message"]:
            problem(where, "no message")
        loc = d.get("location")
        if not isinstance(loc, dict) or not isinstance(loc.get("path"), str):
            problem(where, "no location.path")
        elif "range" in loc:
            check_position(where + ".location.range.start", loc["range"].get("start"))
        if d.get("severity") not in ("UNKNOWN_SEVERITY", "ERROR", "WARNING", "INFO", 0, 1, 2, 3):
            problem(where, "bad severity %r" % d.get("severity"))
        if "code" in d and not isinstance(d["code"].get("value"), str):
            problem(where, "code without a value")
        for j, s in enumerate(d.get("suggestions", [])):
            if not isinstance(s.get("text"), str) or "range" not in s:
                problem("%s.suggestions[%d]" % (where, j), "needs a range and a text")
            else:
                check_position("%s.suggestions[%d].range.start" % (where, j), s["range"].get("start"))
    return len(doc["diagnostics"])


def main(argv):
    if len(argv) != 3 or argv[1] not in ("github", "gitlab", "rdjson"):
        sys.stderr.write(__doc__)
        return 2
    try:
        text = open(argv[2], encoding="utf-8").read()
        if argv[1] == "github":
            count = check_github(text)
        else:
            doc = json.loads(text)
            count = (check_gitlab if argv[1] == "gitlab" else check_rdjson)(doc)
    except (OSError, ValueError) as e:
        print("cannot read %s: %s" % (argv[2], e))
        return 2
    for p in PROBLEMS:
        print(p)
    if PROBLEMS:
        return 1
    print("ok: %d finding(s)" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
