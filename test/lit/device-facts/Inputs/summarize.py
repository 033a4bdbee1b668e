"""Prints one line per (kernel, arch) of a cuda-launch-lint JSON document on
stdin, sorted, for FileCheck:
  <name> <arch> regs=N smem=N spills=S/L|? stack=N bar=N max_threads=N
      min_blocks=N maxnreg=N cluster=X,Y,Z from=ptx|host source=S
and the device object's archs per file."""
import json
import os
import sys

doc = json.load(sys.stdin)
lines = []
for k in doc["kernels"]:
    for arch, r in k["per_arch"].items():
        parts = [k["name"], arch]
        if "registers" in r:
            # Facts read from objects have no spill figures (null).
            spills = ("spills=?" if r["spill_stores"] is None else
                      "spills=%d/%d" % (r["spill_stores"], r["spill_loads"]))
            parts += ["regs=%d" % r["registers"], "smem=%d" % r["static_smem"],
                      spills, "stack=%d" % r["stack_frame"], "bar=%d" % r["barriers"]]
        for key, label in (("max_threads", "max_threads"), ("min_blocks", "min_blocks"),
                           ("max_registers", "maxnreg")):
            if key in r:
                parts.append("%s=%d" % (label, r[key]))
        if "cluster_dims" in r:
            parts.append("cluster=" + ",".join(map(str, r["cluster_dims"])))
        parts.append("from=" + r["launch_bounds_from"])
        src = r["source"]
        for prefix in ("log:", "object:"):
            if src.startswith(prefix):
                src = prefix + os.path.basename(src[len(prefix):])
        parts.append("source=" + src)
        lines.append(" ".join(parts))
    if not k["per_arch"]:
        lines.append(k["name"] + " none")
for line in sorted(lines):
    print(line)
dev = doc.get("device", {})
for f in dev.get("files", []):
    print("ARCHS %s %s" % (os.path.basename(f["file"]), ",".join(f["archs"])))
print("ENABLED %s" % dev.get("enabled"))
