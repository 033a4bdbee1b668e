#!/usr/bin/env python3
"""Real, fixed launch-configuration bugs: does cuda-launch-lint flag the buggy launch and stay
quiet on the fixed one?

For every entry of bugs.json the script exports the project's tree at the fix's parent and at the
fix (`git archive` from a bare mirror made by the `fetch` tool), runs

    <tool> --format=json --resource-usage=none <tree>/<file> -- <flags>

in each tree (the flags' relative include paths are relative to the tree) and decides:

  buggy FLAGGED  some diagnostic (any check, any severity) sits at the buggy launch line
  fixed QUIET    no diagnostic sits at the fixed launch line

A launch line matches by file (the launch's own file: `launch_file`, default `file`) and by line:
`buggy_line` / `fixed_line`, or one of `buggy_also` / `fixed_also` (the lines a launch written
over several lines, or through a macro, may be reported at). An entry whose tool run gives no JSON
document, or whose JSON has no launch at the launch line in either version, is counted as
parse-failed (the tool did not see the launch; its verdicts are still printed).

Prints one summary line; --verbose adds one line per bug with what the tool said at the launch.
Exit status: 0 whatever the verdicts; 2 (with a one-line reason) when the manifest is bad or a
mirror or commit is missing.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import hashlib

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_TOOL = "/work/main/build/tools/cuda-launch-lint/cuda-launch-lint"
HEX40 = re.compile(r"^[0-9a-f]{40}$")
REQUIRED = ("id", "repo", "fix", "parent", "file", "buggy_line", "fixed_line", "flags",
            "kind", "limit", "what", "failing_input", "source")


class Fatal(Exception):
    pass


def load_manifest(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise Fatal(f"cannot read manifest {path}: {e}")
    bugs = doc.get("bugs") if isinstance(doc, dict) else None
    if not isinstance(bugs, list) or not bugs:
        raise Fatal(f"manifest {path}: no 'bugs' list")
    seen = set()
    for i, b in enumerate(bugs):
        where = f"manifest entry {i} ({b.get('id', '?') if isinstance(b, dict) else '?'})"
        if not isinstance(b, dict):
            raise Fatal(f"{where}: not an object")
        for k in REQUIRED:
            if k not in b:
                raise Fatal(f"{where}: missing '{k}'")
        if b["id"] in seen:
            raise Fatal(f"{where}: duplicate id")
        seen.add(b["id"])
        if not re.match(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$", b["repo"]):
            raise Fatal(f"{where}: repo is not owner/name")
        for k in ("fix", "parent") + (("fixed_tree",) if "fixed_tree" in b else ()):
            if not HEX40.match(b[k]):
                raise Fatal(f"{where}: '{k}' is not a full 40-hex commit")
        for k in ("buggy_line", "fixed_line"):
            if not isinstance(b[k], int) or b[k] < 1:
                raise Fatal(f"{where}: '{k}' is not a positive line number")
        for k in ("buggy_also", "fixed_also"):
            if not all(isinstance(x, int) or (isinstance(x, str) and re.match(r"^[^:]+:[0-9]+$", x))
                       for x in b.get(k, [])):
                raise Fatal(f"{where}: '{k}' is not a list of line numbers or 'path:line'")
        if not isinstance(b["flags"], list) or not all(isinstance(x, str) for x in b["flags"]):
            raise Fatal(f"{where}: 'flags' is not a list of strings")
        if not isinstance(b.get("export", []), list):
            raise Fatal(f"{where}: 'export' is not a list of paths")
        subs = b.get("submodules", {})
        if not isinstance(subs, dict) or not all(
                isinstance(v, str) and re.match(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(:[^:]+)?$", v)
                for v in subs.values()):
            raise Fatal(f"{where}: 'submodules' is not an object of path: owner/name[:dir,...]")
    return bugs


def git_dir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+"))
    for cand in (os.path.join(base, "repo"), base):
        if os.path.isfile(os.path.join(cand, "HEAD")) and os.path.isdir(os.path.join(cand, "objects")):
            return cand
    raise Fatal(f"no mirror of {repo} at {base} (fetch github:{repo} first)")


def git(gd, *args, **kw):
    return subprocess.run(["git", "--git-dir=" + gd] + list(args), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, **kw)


def check_commits(gd, b):
    for k in ("fix", "parent"):
        if git(gd, "cat-file", "-e", b[k] + "^{commit}").returncode != 0:
            raise Fatal(f"{b['id']}: commit {b[k]} ({k}) is not in the mirror {gd}")
    parents = git(gd, "rev-parse", b["fix"] + "^@").stdout.decode().split()
    if b["parent"] not in parents:
        raise Fatal(f"{b['id']}: {b['parent']} is not a parent of {b['fix']}")
    # A fix completed by a later commit (one that repairs the fix's own
    # syntax error): the fixed version is that commit's tree.
    if "fixed_tree" in b and git(gd, "merge-base", "--is-ancestor", b["fix"],
                                 b["fixed_tree"]).returncode != 0:
        raise Fatal(f"{b['id']}: fixed_tree {b['fixed_tree']} does not descend from {b['fix']}")


def export_tree(gd, repo, commit, paths, work, submodules=None, mirrors=None):
    """The tree at commit (or just `paths` of it) under work/src/<owner+name>/<commit>, with each
    submodule path of `submodules` ({path: "owner/name"}) filled from that repository's mirror at
    the commit the tree records for it."""
    key = commit if not paths else commit + "-" + hashlib.sha1("\0".join(paths).encode()).hexdigest()[:8]
    if submodules:
        key += "-s" + hashlib.sha1("\0".join(sorted(submodules)).encode()).hexdigest()[:8]
    dest = os.path.join(work, "src", repo.replace("/", "+"), key)
    if os.path.exists(os.path.join(dest, ".exported")):
        return dest
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    arch = subprocess.Popen(["git", "--git-dir=" + gd, "archive", "--format=tar", commit] + list(paths),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    tar = subprocess.run(["tar", "-x", "-C", dest], stdin=arch.stdout, stderr=subprocess.PIPE)
    arch.stdout.close()
    err = arch.stderr.read().decode(errors="replace")
    arch.wait()
    if arch.returncode != 0 or tar.returncode != 0:
        shutil.rmtree(dest, ignore_errors=True)
        raise Fatal(f"git archive {commit} of {repo} failed: "
                    f"{(err or tar.stderr.decode(errors='replace')).strip().splitlines()[-1:]}")
    for sub, subspec in sorted((submodules or {}).items()):
        # "owner/name:include": only those directories of the submodule.
        subrepo, _, subpaths = subspec.partition(":")
        ls = git(gd, "ls-tree", commit, sub.rstrip("/")).stdout.decode().split()
        if len(ls) < 3 or ls[1] != "commit":
            shutil.rmtree(dest, ignore_errors=True)
            raise Fatal(f"{repo} {commit}: {sub} is not a submodule there")
        sgd = git_dir(mirrors, subrepo)
        if git(sgd, "cat-file", "-e", ls[2] + "^{commit}").returncode != 0:
            shutil.rmtree(dest, ignore_errors=True)
            raise Fatal(f"{repo} {commit}: submodule {sub} commit {ls[2]} is not in the mirror of {subrepo}")
        subdest = os.path.join(dest, sub)
        os.makedirs(subdest, exist_ok=True)
        arch = subprocess.Popen(["git", "--git-dir=" + sgd, "archive", "--format=tar", ls[2]]
                                + [x for x in subpaths.split(",") if x],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        tar = subprocess.run(["tar", "-x", "-C", subdest], stdin=arch.stdout, stderr=subprocess.PIPE)
        arch.stdout.close()
        arch.wait()
        if arch.returncode != 0 or tar.returncode != 0:
            shutil.rmtree(dest, ignore_errors=True)
            raise Fatal(f"git archive {ls[2]} of {subrepo} (submodule {sub}) failed")
    open(os.path.join(dest, ".exported"), "w").close()
    return dest


def run_tool(tool, extra, tree, b, out_json, timeout):
    srcs = [os.path.join(tree, f) for f in [b["file"]] + b.get("callers", [])]
    flags = [f.replace("{stubs}", os.path.join(HERE, "stubs")) for f in b["flags"]]
    cmd = [tool, "--format=json", "--resource-usage=none"] + extra + srcs + ["--"] + flags
    try:
        p = subprocess.run(["nice", "-n", "10"] + cmd, cwd=tree, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout}s"
    with open(out_json, "wb") as f:
        f.write(p.stdout)
    try:
        doc = json.loads(p.stdout.decode(errors="replace"))
    except ValueError:
        last = p.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
        return None, f"exit {p.returncode}, no JSON: {last[0][:160]}"
    return doc, None


def value(v):
    if not isinstance(v, dict):
        return "?"
    k = v.get("kind")
    if k == "constant":
        return str(v.get("value"))
    if k == "set":
        vals = v.get("values", [])
        return "{" + ",".join(str(x) for x in vals[:6]) + (",..." if len(vals) > 6 else "") + "}"
    if k == "range":
        return f"[{v.get('min')}..{v.get('max')}]"
    if k == "symbolic" or "expr" in v or "symbol" in v:
        return str(v.get("expr") or v.get("symbol") or k)
    return str(k or "?")


def dim3(d):
    if not isinstance(d, dict):
        return "?"
    return "(" + ",".join(value(d.get(a)) for a in ("x", "y", "z")) + ")"


def places(tree, b, line, also):
    """(absolute path, line) pairs where the launch may be reported."""
    main = os.path.realpath(os.path.join(tree, b.get("launch_file", b["file"])))
    out = {(main, line)}
    for a in also:
        if isinstance(a, int):
            out.add((main, a))
        else:
            p, l = a.rsplit(":", 1)
            out.add((os.path.realpath(os.path.join(tree, p)), int(l)))
    return out


def at_launch(doc, where):
    def hit(e):
        f = e.get("file", "")
        return (os.path.realpath(f) if f else "", e.get("line")) in where
    return ([d for d in doc.get("diagnostics", []) if hit(d)],
            [l for l in doc.get("launches", []) if hit(l)])


def describe(diags, launches):
    if diags:
        seen, parts = set(), []
        for d in diags:
            key = (d.get("check"), d.get("message"))
            if key in seen:
                continue
            seen.add(key)
            arch = f" [{d['arch']}]" if d.get("arch") else ""
            parts.append(f"{d.get('check')}{arch}: {d.get('message', '')[:200]}")
        return "; ".join(parts[:3]) + (f" (+{len(parts) - 3} more)" if len(parts) > 3 else "")
    if launches:
        l = launches[0]
        chk = l.get("checked") or {}
        reasons = chk.get("reasons") or []
        state = ("template pattern: no launch of this file" if l.get("template_pattern")
                 else "complete" if chk.get("complete") else "not checked: " + "; ".join(
                     str(r) for r in reasons[:2])[:200])
        return (f"{l.get('kernel')} grid={dim3(l.get('grid'))} block={dim3(l.get('block'))} "
                f"smem={value(l.get('dynamic_smem'))} ({state})")
    return "no launch at this line"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", default=os.environ.get("TOOL", DEFAULT_TOOL))
    ap.add_argument("--manifest", default=os.path.join(HERE, "bugs.json"))
    ap.add_argument("--work", default=os.environ.get("BUGS_WORK", "/work/bugs-work"))
    ap.add_argument("--mirrors", default=os.environ.get("BUGS_MIRRORS", "/work/.mirror"))
    ap.add_argument("--only", action="append", default=[], help="run only this id (repeatable)")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per tool run")
    ap.add_argument("--tool-arg", action="append", default=[], help="extra tool argument")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()

    try:
        bugs = load_manifest(args.manifest)
        if args.only:
            unknown = set(args.only) - {b["id"] for b in bugs}
            if unknown:
                raise Fatal(f"--only: no entry {sorted(unknown)[0]}")
            bugs = [b for b in bugs if b["id"] in args.only]
        # The tool runs in each exported tree, so a relative path must not be.
        args.tool = os.path.abspath(args.tool)
        if not os.access(args.tool, os.X_OK):
            raise Fatal(f"tool {args.tool} is not an executable (--tool or $TOOL)")
        gds = {}
        for b in bugs:
            if b["repo"] not in gds:
                gds[b["repo"]] = git_dir(args.mirrors, b["repo"])
            check_commits(gds[b["repo"]], b)
            for subspec in b.get("submodules", {}).values():
                git_dir(args.mirrors, subspec.partition(":")[0])
        outdir = os.path.join(args.work, "out")
        os.makedirs(outdir, exist_ok=True)

        flagged = quiet = failed = 0
        for b in bugs:
            gd = gds[b["repo"]]
            verdict = {}
            seen_launch = True
            for side, commit, line, also in (("buggy", b["parent"], b["buggy_line"], b.get("buggy_also", [])),
                                             ("fixed", b.get("fixed_tree", b["fix"]), b["fixed_line"], b.get("fixed_also", []))):
                tree = export_tree(gd, b["repo"], commit, b.get("export", []), args.work,
                                   b.get("submodules"), args.mirrors)
                doc, err = run_tool(args.tool, args.tool_arg, tree, b,
                                    os.path.join(outdir, f"{b['id']}.{side}.json"), args.timeout)
                if doc is None:
                    verdict[side] = (None, f"tool failed ({err})")
                    seen_launch = False
                    continue
                diags, launches = at_launch(doc, places(tree, b, line, also))
                if not launches:
                    seen_launch = False
                nfe = len(doc.get("frontend_errors", []))
                note = describe(diags, launches) + (f" [{nfe} front-end errors]" if nfe else "")
                verdict[side] = (bool(diags), note)
            b_hit = verdict["buggy"][0] is True
            f_quiet = verdict["fixed"][0] is False
            flagged += b_hit
            quiet += f_quiet
            failed += not seen_launch
            if args.verbose:
                print(f"{b['id']} ({b['repo']} {b['file']}:{b['buggy_line']}, {b['limit']}): "
                      f"buggy {'FLAGGED' if b_hit else 'missed'}: {verdict['buggy'][1]} | "
                      f"fixed {'QUIET' if f_quiet else 'noisy' if verdict['fixed'][0] else 'failed'}: "
                      f"{verdict['fixed'][1]}" + ("" if seen_launch else " | PARSE-FAILED"))
                sys.stdout.flush()
        n = len(bugs)
        projects = len({b["repo"] for b in bugs})
        print(f"bugs: {n} entries, {projects} projects; flagged {flagged}/{n} buggy; "
              f"quiet {quiet}/{n} fixed; parse-failed {failed}")
    except Fatal as e:
        print(f"run.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
