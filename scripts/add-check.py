#!/usr/bin/env python3
"""Scaffolds a new check, like clang-tidy's add_new_check.py.

    scripts/add-check.py cuda-foo-bar --severity warning --kind launch \\
        --summary "One sentence saying what the check reports." [--vendors both]

writes
    lib/Checks/FooBar.cpp                 the check's bodies, one per vendor (--vendors:
                                          both, the default, cuda or amd): they compile
                                          and report nothing
    docs/checks/cuda-foo-bar.md           its page, every section with placeholder text
    test/unit/checks/FooBarTest.cpp       unit tests on synthetic facts, per vendor: silent
    test/lit/check-foo-bar/foo-bar.cu     a lit test on CUDA: nothing is reported yet
    test/lit/check-foo-bar/foo-bar.hip    a lit test on HIP (gfx90a): nothing reported yet
and registers the check in
    lib/Checks/Checks.def                 its declaration, at the end of its severity group
    lib/Checks/CMakeLists.txt             in name order among the check files
    docs/checks/README.md                 the index table, at the end of its severity group
    test/unit/CheckDocsTest.cpp           DesignChecks, in the same order as Checks.def

--dry-run lists what it would write and writes nothing. Exit status 0 on
success, 2 with a one-line reason on stderr otherwise (a bad or taken name, a
file that is not where it is expected). Python 3 standard library only.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import textwrap

NAME_RE = re.compile(r"^cuda-[a-z][a-z0-9]*(-[a-z0-9]+)*$")
PLACEHOLDER = "FILL IN:"

# Paths relative to the repository root.
CHECKS_DIR = "lib/Checks"
CHECKS_DEF = "lib/Checks/Checks.def"
CHECKS_CMAKE = "lib/Checks/CMakeLists.txt"
DOCS_DIR = "docs/checks"
DOCS_INDEX = "docs/checks/README.md"
DOCS_TEST = "test/unit/CheckDocsTest.cpp"
LIT_DIR = "test/lit"
UNIT_DIR = "test/unit/checks"
VENDORS = {"cuda": "Cuda", "amd": "Amd", "both": "Both"}


class Failure(Exception):
    """A reason the scaffold cannot be written; exit status 2."""


def class_name(name):
    """cuda-foo-bar -> FooBar"""
    return "".join(p[:1].upper() + p[1:] for p in name[len("cuda-"):].split("-"))


def read(root, rel):
    path = os.path.join(root, rel)
    if not os.path.isfile(path):
        raise Failure("%s not found under %s (run from a cuda-launch-lint checkout, or pass --root)"
                      % (rel, root))
    with open(path, encoding="utf-8") as f:
        return f.read()


ENTRY_RE = re.compile(r'^CUDALINT_CHECK\((\w+),\s*(Launch|Kernel|Setting),\s*(?:Cuda|Amd|Both),\s*'
                      r'"(cuda-[a-z0-9-]+)",\s*'
                      r'(Error|Warning),\s*(Unordered|FailsUpward),.*?\)\n', re.S | re.M)


def registered_checks(root):
    """[(ClassName, check name, 'error'|'warning')] in Checks.def order."""
    checks = [(m.group(1), m.group(3), m.group(4).lower())
              for m in ENTRY_RE.finditer(read(root, CHECKS_DEF))]
    if not checks:
        raise Failure("%s declares no check (no CUDALINT_CHECK entries)" % CHECKS_DEF)
    return checks


def insert_after_group(items, severity, key):
    """The index at which a check of `severity` goes in a list ordered
    errors first: after the last item of its group. `key(item)` is the
    item's severity, or None for an item that is not a check."""
    last = None
    for i, item in enumerate(items):
        s = key(item)
        if s is None:
            continue
        if s == "error" or severity == "warning":
            last = i
    if last is None:
        # A warning with no check before it, or an error with no error:
        # before the first check.
        return next((i for i, item in enumerate(items) if key(item) is not None), len(items))
    return last + 1


# --- The edits to existing files --------------------------------------------


def checks_def_entry(cls, name, severity, kind, summary, vendors):
    """The check's declaration, wrapped at 80 columns. Its sizes are
    Unordered: a launch error that fails upward says so by hand."""
    lines = ["CUDALINT_CHECK(%s, %s, %s," % (cls, kind.capitalize(), VENDORS[vendors])]
    for word in (cpp_string(name), severity.capitalize(), "Unordered"):
        if len(lines[-1]) + len(word) + 2 <= 80:
            lines[-1] += " %s," % word
        else:
            lines.append("               %s," % word)
    words = textwrap.wrap(short_summary(summary), 62, drop_whitespace=False)
    for i, chunk in enumerate(words):
        end = ")" if i == len(words) - 1 else ""
        lines.append("               " + cpp_string(chunk) + end)
    return "\n".join(lines) + "\n"


def edit_checks_def(text, entry, severity, severities):
    """Inserts entry after the last declaration of its severity group."""
    spans = [(m.start(), m.end(), severities[m.group(1)]) for m in ENTRY_RE.finditer(text)]
    at = insert_after_group(spans, severity, lambda span: span[2])
    pos = spans[at - 1][1] if at > 0 else spans[0][0]
    return text[:pos] + entry + text[pos:]


def edit_cmake(text, cls):
    """Adds <cls>.cpp to add_library(cudalintChecks ...), in name order
    among the check files (the entries after Registry.cpp)."""
    m = re.search(r"add_library\(cudalintChecks STATIC\n(.*?)\)", text, re.S)
    if not m:
        raise Failure("%s: no add_library(cudalintChecks STATIC ...) with one file a line"
                      % CHECKS_CMAKE)
    entries = [e.strip() for e in m.group(1).split("\n") if e.strip()]
    if "Registry.cpp" not in entries:
        raise Failure("%s: add_library(cudalintChecks ...) does not list Registry.cpp"
                      % CHECKS_CMAKE)
    first = entries.index("Registry.cpp") + 1
    new = cls + ".cpp"
    at = len(entries)
    for i in range(first, len(entries)):
        if entries[i] > new:
            at = i
            break
    entries.insert(at, new)
    block = "add_library(cudalintChecks STATIC\n" + "\n".join("  " + e for e in entries) + ")"
    return text[:m.start()] + block + text[m.end():]


def edit_index(text, name, severity, summary):
    lines = text.splitlines(keepends=True)
    row_re = re.compile(r"^\| \[(cuda-[a-z0-9-]+)\]\(\1\.md\) \| (error|warning) \|")

    def key(line):
        m = row_re.match(line)
        return m.group(2) if m else None

    if not any(key(l) for l in lines):
        raise Failure("%s: no index table rows ('| [cuda-...](cuda-....md) | error |')"
                      % DOCS_INDEX)
    at = insert_after_group(lines, severity, key)
    cell = summary.replace("|", "\\|")
    lines.insert(at, "| [%s](%s.md) | %s | %s | — |\n" % (name, name, severity, cell))
    return "".join(lines)


def edit_docs_test(text, name, severity, severities):
    m = re.search(r"const char \*const DesignChecks\[\] = \{\n(.*?)\n\};", text, re.S)
    if not m:
        raise Failure("%s: no 'const char *const DesignChecks[] = {' list" % DOCS_TEST)
    lines = m.group(1).split("\n")

    def key(line):
        n = re.match(r'^\s*"(cuda-[a-z0-9-]+)",\s*$', line)
        if not n:
            return None
        if n.group(1) not in severities:
            raise Failure("%s: DesignChecks names %s, which Checks.def does not register"
                          % (DOCS_TEST, n.group(1)))
        return severities[n.group(1)]

    at = insert_after_group(lines, severity, key)
    lines.insert(at, '    "%s",' % name)
    return text[:m.start(1)] + "\n".join(lines) + text[m.end(1):]


# --- The new files ----------------------------------------------------------


def header_line(cls, name):
    """'//===- FooBar.cpp - cuda-foo-bar ----...---===//', 80 columns when it fits."""
    head = "//===- %s.cpp - %s " % (cls, name)
    if len(head) + len("-===//") <= 80:
        return head + "-" * (80 - len(head) - len("===//")) + "===//"
    return head + "//"


def short_summary(summary):
    """The page's sentence as the class's summary(), in the style
    --list-checks shows: no final period, no backticks, lowercase start."""
    s = summary.rstrip(".").replace("`", "")
    if len(s) > 1 and s[0].isupper() and not s[1].isupper():
        s = s[0].lower() + s[1:]
    return s


def cpp_string(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


def cuda_body(cls, kind):
    """The CUDA body's signature and comment."""
    if kind == "launch":
        signature = "void %s::checkLaunch(const LaunchContext & /*Ctx*/,\n" \
                    "                   Findings & /*Out*/) const {" % cls
        body = """\
  // Called once per launch and target arch. Read the launch from Ctx:
  // Ctx.Launch (grid, block, dynamic shared memory, each a constant, a set,
  // a range or unknown), Ctx.Kernel (null when the kernel is not traced),
  // Ctx.Resources (the device compiler's numbers; null without device
  // facts), Ctx.Arch and Ctx.Options. For each finding, push
  // launchDiagnostic(*this, Ctx, Message) onto Out, with the numbers behind
  // it in the message or notes (CheckSupport.h). Until then it reports
  // nothing."""
    elif kind == "setting":
        signature = "void %s::checkSetting(const SettingContext & /*Ctx*/,\n" \
                    "                    Findings & /*Out*/) const {" % cls
        body = """\
  // Called once per cudaFuncSetAttribute / cudaFuncSetCacheConfig call (or
  // its driver API twin) and target arch. Read the call from Ctx:
  // Ctx.Setting (its attribute and value), Ctx.Kernel (null when the kernel
  // is not traced), Ctx.Resources (the device compiler's numbers; null
  // without device facts), Ctx.SettingsOfKernel, Ctx.Arch and Ctx.Options.
  // For each finding, push settingDiagnostic(*this, Ctx, Message) onto Out,
  // with the numbers behind it in the message or notes (CheckSupport.h).
  // Until then it reports nothing."""
    else:
        signature = "void %s::checkKernel(const KernelContext & /*Ctx*/,\n" \
                    "                   Findings & /*Out*/) const {" % cls
        body = """\
  // Called once per kernel and target arch. Read the kernel from Ctx:
  // Ctx.Kernel (its annotations: __launch_bounds__, __maxnreg__,
  // __cluster_dims__), Ctx.Resources (the device compiler's numbers and its
  // view of the bounds; null without device facts), Ctx.LaunchesOfKernel,
  // Ctx.Arch and Ctx.Options. For each finding, push
  // kernelDiagnostic(*this, Ctx, Loc, Message) onto Out, with the numbers
  // behind it in the message or notes (CheckSupport.h). Until then it
  // reports nothing."""
    return signature, body


def amd_body(cls, kind):
    """The AMD body (the same check on a gfx target): signature and comment."""
    Kind = kind.capitalize()
    signature = ("void %s::checkAmd%s(const Amd%sContext & /*Ctx*/,\n"
                 "                   Findings & /*Out*/) const {" % (cls, Kind, Kind))
    body = """\
  // The same check on a HIP %s and gfx target (AmdChecks.h): what the
  // HIP runtime and the AMD arch model (Ctx.Arch, an AmdArchInfo) say. The
  // AMD backend's figures are Ctx.usage() (null without device facts).
  // Findings come from amd%sDiagnostic(*this, Ctx, Message)
  // (AmdCheckSupport.h); an error only where the HIP runtime's sources show
  // the refusal, named on the page's "## HIP" section. Until then it
  // reports nothing.""" % ({"launch": "launch", "kernel": "kernel",
                            "setting": "hipFuncSetAttribute-like call"}[kind], Kind)
    return signature, body


def check_source(cls, name, kind, summary, vendors="cuda"):
    bodies = []
    if vendors != "amd":
        bodies.append("%s\n%s\n}" % cuda_body(cls, kind))
    if vendors != "cuda":
        bodies.append("%s\n%s\n}" % amd_body(cls, kind))
    includes = '#include "CheckSupport.h"'
    if vendors != "cuda":
        includes = '#include "AmdCheckSupport.h"\n' + includes
    return """\
{header}
//
{summary_comment}
//
// Written by scripts/add-check.py. A check is a pure function of the facts:
// no Clang, no processes. Its name, vendors (the bodies below), severity,
// summary and options are declared in Checks.def; options are read as
// Ctx.Options.number(*this, <Id>Option), and each is listed on the check's
// page under "## Options".
//
//===----------------------------------------------------------------------===//

{includes}

using namespace llvm;

namespace cudalint {{

{bodies}

}} // namespace cudalint
""".format(header=header_line(cls, name),
           summary_comment="\n".join(textwrap.wrap(summary, 77, initial_indent="// ",
                                                    subsequent_indent="// ")),
           includes=includes, bodies="\n\n".join(bodies))


def doc_page(name, severity, kind, summary):
    subject = {"launch": "launch", "kernel": "kernel",
               "setting": "cudaFuncSetAttribute call"}[kind]
    if kind == "setting":
        example = """\
__global__ void scale(float *p, int n);

void setUp() {
  // FILL IN: a call the check reports
  cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
}"""
    elif kind == "launch":
        example = """\
__global__ void scale(float *p, int n);

void run(float *p, int n) {
  scale<<<(n + 255) / 256, 256>>>(p, n); // FILL IN: a launch the check reports
}"""
    else:
        example = """\
// FILL IN: a kernel the check reports
__global__ void __launch_bounds__(256) scale(float *p, int n);"""
    return """\
# {name}

{summary}

Severity: **{severity}**.

## What it reports

{P} per {subject} and target arch: which facts the check reads (launch values, annotations,
device facts) and the condition that makes a finding; what the message names.

## Why it matters

{P} what happens on the GPU: the failure at run time, or the lanes, occupancy or time lost.

## Example

```cuda
{example}
```

{P} what the finding says for this example.

## How to fix

- {P} the change that makes the finding go away, and when to suppress it instead
  (`// NOLINT({name})`).

## Options

None.
""".format(name=name, summary=summary, severity=severity, P=PLACEHOLDER, subject=subject,
           example=example)


def example_code(kind, set_up):
    """The code a new lit test starts from: set_up's attribute call for a
    setting check, a launch, or a kernel with launch bounds."""
    if kind == "setting":
        return """\
__global__ void scale(float *p, int n) {}

void setUp() {
  %s
}""" % set_up
    if kind == "launch":
        return """\
__global__ void scale(float *p, int n) {}

void run(float *p, int n) {
  scale<<<(n + 255) / 256, 256>>>(p, n);
}"""
    return "__global__ void __launch_bounds__(256) scale(float *p, int n) {}"


def lit_test(name, severity, kind):
    code = example_code(
        kind, "cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);")
    return """\
// RUN: %cuda-launch-lint --checks=-*,{name} --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --allow-empty --check-prefix=CHECK-MESSAGES --implicit-check-not="{{{{error|warning}}}}:"
// Written by scripts/add-check.py: the check reports nothing yet, and the
// code below is only a starting point. Add the cases the check reports, each
// followed by a line with its message (as in
// test/lit/check-launch-bounds-not-warp-multiple), and the cases it must
// leave alone.{error_note}
// CHECK-MESSAGES-NOT: [{name}]

{code}
""".format(name=name, code=code,
           error_note="" if severity == "warning" else
           "\n// Once it reports an error the tool exits 1: put %not before the tool.")


def hip_lit_test(name, severity, kind):
    code = example_code(kind, """hipFuncSetAttribute(reinterpret_cast<const void *>(scale),
                      hipFuncAttributeMaxDynamicSharedMemorySize, 32 * 1024);""")
    return """\
// REQUIRES: hip-headers
// RUN: %cuda-launch-lint --checks=-*,{name} --resource-usage=none %s -- --offload-arch=gfx90a 2>/dev/null | %FileCheck %s --allow-empty --check-prefix=CHECK-MESSAGES --implicit-check-not="{{{{error|warning}}}}:"
// Written by scripts/add-check.py: the check's AMD body reports nothing yet
// (test/lit/hip/checks.hip shows the bodies of other checks). Add the cases
// it reports on a gfx target, each followed by a line with its message, and
// the cases it must leave alone.{error_note}
// CHECK-MESSAGES-NOT: [{name}]
#include <hip/hip_runtime.h>

{code}
""".format(name=name, code=code,
           error_note="" if severity == "warning" else
           "\n// Once it reports an error the tool exits 1: put %not before the tool.")


def unit_test(cls, name, kind, vendors):
    """Silent tests on synthetic facts, one per vendor: the scaffold's
    bodies report nothing. CheckCoverage fails until a Reports test sees
    the check report."""
    if kind == "launch":
        facts = """  Kernel K("k");
  return Scenario({{{archs}}}).with(K).with(Launch(K, c(1000), c(256)));"""
    else:
        facts = """  return Scenario({{{archs}}}).with(Kernel("k").launchBounds(256));"""
    tests = []
    for vendor, archs in (("cuda", '"sm_80", "sm_90"'), ("amd", '"gfx90a", "gfx942"')):
        if vendors not in (vendor, "both"):
            continue
        V = "Cuda" if vendor == "cuda" else "Amd"
        tests.append("""\
Scenario {V}Facts() {{
{facts}
}}

CHECK_TEST({cls}, SilentOn{V}Launches, Name, Silent) {{
  EXPECT_THAT({V}Facts().findings(Name), IsEmpty());
}}""".format(V=V, cls=cls, facts=facts.format(archs=archs)))
    head = "//===- %sTest.cpp " % cls
    head += "-" * max(0, 80 - len(head) - len("===//")) + "===//"
    return """\
{head}
//
// lib/Checks/{cls}.cpp on synthetic facts (CheckTestSupport.h). Written by
// scripts/add-check.py: add the cases the check reports (Reports) and those
// it must leave alone (Silent), on each vendor's targets.
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {{
namespace {{

CHECK_SUITE({cls}, Name, "{name}");

{tests}

}} // namespace
}} // namespace cudalint::checktest
""".format(head=head, cls=cls, name=name, tests="\n\n".join(tests))


# --- Driver -----------------------------------------------------------------


def plan(root, name, severity, kind, summary, vendors="both"):
    """[(relative path, new text, 'write'|'edit')]"""
    if not NAME_RE.match(name):
        raise Failure("'%s' is not a check name: 'cuda-' then lowercase words joined by dashes "
                      "(cuda-foo-bar)" % name)
    summary = " ".join(summary.split())
    if len(summary) < 20 or "#" in summary:
        raise Failure("--summary must be one sentence of at least 20 characters, without '#'")
    if not summary.endswith("."):
        summary += "."
    cls = class_name(name)
    short = name[len("cuda-"):]
    checks = registered_checks(root)
    taken = [n for _, n, _ in checks]
    if name in taken:
        raise Failure("check '%s' exists already (%s)" % (name, CHECKS_DEF))
    new_files = ["%s/%s.cpp" % (CHECKS_DIR, cls), "%s/%s.md" % (DOCS_DIR, name),
                 "%s/check-%s" % (LIT_DIR, short)]
    if os.path.exists(os.path.join(root, new_files[0])):
        raise Failure("%s exists already: the check's class %s would collide with it; "
                      "choose another name" % (new_files[0], cls))
    for rel in new_files[1:]:
        if os.path.exists(os.path.join(root, rel)):
            raise Failure("%s exists already: is '%s' taken?" % (rel, name))
    if not os.path.isdir(os.path.join(root, LIT_DIR)):
        raise Failure("%s not found under %s" % (LIT_DIR, root))

    class_sev = {c: s for c, _, s in checks}
    name_sev = {n: s for _, n, s in checks}
    docs_test = read(root, DOCS_TEST)
    if '"%s",' % name in docs_test:
        raise Failure("%s already lists '%s'" % (DOCS_TEST, name))
    index = read(root, DOCS_INDEX)
    if "[%s]" % name in index:
        raise Failure("%s already lists '%s'" % (DOCS_INDEX, name))

    changes = [
        (new_files[0], check_source(cls, name, kind, summary, vendors), "write"),
        (CHECKS_DEF, edit_checks_def(read(root, CHECKS_DEF),
                                     checks_def_entry(cls, name, severity, kind, summary,
                                                      vendors),
                                     severity, class_sev), "edit"),
        (CHECKS_CMAKE, edit_cmake(read(root, CHECKS_CMAKE), cls), "edit"),
        (new_files[1], doc_page(name, severity, kind, summary), "write"),
        (DOCS_INDEX, edit_index(index, name, severity, summary), "edit"),
        (DOCS_TEST, edit_docs_test(docs_test, name, severity, name_sev), "edit"),
        ("%s/%sTest.cpp" % (UNIT_DIR, cls), unit_test(cls, name, kind, vendors), "write"),
    ]
    if vendors != "amd":
        changes.append(("%s/%s.cu" % (new_files[2], short), lit_test(name, severity, kind),
                        "write"))
    if vendors != "cuda":
        changes.append(("%s/%s.hip" % (new_files[2], short),
                        hip_lit_test(name, severity, kind), "write"))
    return changes


def clang_format(path):
    for tool in ("clang-format-19", "clang-format"):
        exe = shutil.which(tool)
        if exe:
            if subprocess.run([exe, "-i", "--style=file", path]).returncode == 0:
                return tool
    return None


def main(argv):
    parser = argparse.ArgumentParser(
        description="Scaffold a new cuda-launch-lint check: its class, page, lit test and "
                    "registration.")
    parser.add_argument("name", help="the check's name: cuda-foo-bar")
    parser.add_argument("--severity", required=True, choices=["warning", "error"],
                        help="error: the launch fails; warning: it runs, but worse than it could")
    parser.add_argument("--kind", required=True, choices=["launch", "kernel", "setting"],
                        help="launch: checkLaunch, per launch and arch; "
                             "kernel: checkKernel, per kernel and arch; "
                             "setting: checkSetting, per cudaFuncSetAttribute-like call "
                             "and arch")
    parser.add_argument("--vendors", choices=sorted(VENDORS), default="both",
                        help="the launches it judges: both (the default: a CUDA body and "
                             "an AMD body), cuda or amd (Checks.def's Vendors)")
    parser.add_argument("--summary", required=True,
                        help="one sentence: what the check reports (the page's summary line, "
                             "the index row, the declaration's summary)")
    parser.add_argument("--dry-run", action="store_true", help="list what it would write")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="the repository root (default: the checkout holding this script)")
    args = parser.parse_args(argv)

    try:
        changes = plan(args.root, args.name, args.severity, args.kind, args.summary,
                       args.vendors)
    except Failure as e:
        sys.stderr.write("add-check.py: error: %s\n" % e)
        return 2

    if args.dry_run:
        for rel, _, what in changes:
            print("would %s %s" % (what, rel))
        return 0
    for rel, text, what in changes:
        path = os.path.join(args.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print("%s %s" % ("wrote" if what == "write" else "edited", rel))
    for rel in (changes[0][0], changes[6][0]):
        if not clang_format(os.path.join(args.root, rel)):
            print("note: clang-format-19 not found; format %s before committing" % rel)
    print("""
Next:
  - %s: fill in check%s (the comments in it say what each body sees).
  - %s: replace every '%s' paragraph; list the options, if any.
  - %s: add the cases it reports and those it must not.
  - %s: the same on synthetic facts (CheckCoverage fails until one reports).
  - Propose the name for DESIGN.md's check list (names are part of the contract).
  - Build and test: ninja -C build && ctest --test-dir build -R 'CheckDocs|lit.check-%s'"""
          % (changes[0][0], args.kind.capitalize(),
             changes[3][0], PLACEHOLDER, ", ".join(c[0] for c in changes[7:]), changes[6][0],
             args.name[len("cuda-"):]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
