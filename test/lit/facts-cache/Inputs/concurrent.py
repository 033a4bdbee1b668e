"""Runs one command N times at once; fails unless every run exits 0 and
prints the same stdout. Usage: concurrent.py N OUT -- command..."""
import subprocess
import sys

n, out = int(sys.argv[1]), sys.argv[2]
cmd = sys.argv[sys.argv.index("--") + 1:]
procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
         for _ in range(n)]
results = [p.communicate() for p in procs]
for p, (o, e) in zip(procs, results):
    if p.returncode != 0:
        sys.exit("a run failed (%d): %s" % (p.returncode, e.decode()))
if len({o for o, _ in results}) != 1:
    sys.exit("the runs printed different results")
open(out, "wb").write(results[0][0])
