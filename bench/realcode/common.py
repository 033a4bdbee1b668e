"""Shared readers for the real-code harness's outputs ($REALCODE/out/<run>/)."""
import glob
import json
import os
import re


def load_records(run):
    recs = []
    path = os.path.join(run, "records.jsonl")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    recs.append(json.loads(line))
    # a record written twice (--skip-done reruns): the last one wins
    last = {}
    for r in recs:
        last[(r["project"], r["mode"], r["rel"])] = r
    return list(last.values())


def stem(run, rec):
    return os.path.join(run, rec["project"], rec["mode"], rec["rel"].replace("/", "__"))


def load_doc(run, rec):
    """The tool's JSON document for a record, or None (empty or not JSON: exit 2, crash)."""
    try:
        with open(stem(run, rec) + ".json") as f:
            text = f.read()
        return json.loads(text) if text.strip() else None
    except (OSError, ValueError):
        return None


def value_state(v):
    """'resolved' (constant, set, range) or 'unknown', for a value object of the JSON."""
    if not isinstance(v, dict):
        return "unknown"
    return "unknown" if v.get("kind", "unknown") == "unknown" else "resolved"


def value_text(v):
    if not isinstance(v, dict):
        return "?"
    k = v.get("kind")
    if k == "constant":
        return str(v.get("value"))
    if k == "set":
        return "{" + ",".join(str(x) for x in v.get("values", [])) + "}"
    if k == "range":
        return f"[{v.get('min')},{v.get('max')}]"
    return "unknown"


def block_total(l):
    """The block's total thread count as a value object (DESIGN: top-level fields of block)."""
    b = l.get("block") or {}
    return {k: b[k] for k in ("kind", "value", "values", "min", "max", "reason") if k in b}


def unknown_reason(l):
    """Why the block is unknown: the total's reason, else the first dimension's."""
    b = l.get("block") or {}
    if b.get("reason"):
        return b["reason"]
    for d in ("x", "y", "z"):
        v = b.get(d) or {}
        if v.get("kind") == "unknown" and v.get("reason"):
            return f"{d}: {v['reason']}"
    return "(no reason given)"


QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
NUM = re.compile(r"\b\d+\b")


def reason_class(reason):
    """A reason with its names and numbers blanked, to group like reasons."""
    return NUM.sub("N", QUOTED.sub("'…'", reason))[:160]


def site_key(l):
    return (os.path.realpath(l.get("file", "")), l.get("line"), l.get("column"), l.get("kernel"))


def diag_key(d):
    return (os.path.realpath(d.get("file", "")), d.get("line"), d.get("column"), d.get("check"),
            d.get("arch"), d.get("message"))


def iter_docs(run, project=None, mode=None):
    for rec in sorted(load_records(run), key=lambda r: (r["project"], r["mode"], r["rel"])):
        if project and rec["project"] != project:
            continue
        if mode and rec["mode"] != mode:
            continue
        yield rec, load_doc(run, rec)
