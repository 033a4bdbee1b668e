#!/usr/bin/env python3
"""expect-exit.py N CMD...: runs CMD (stdout and stderr pass through) and
succeeds only when it exits with status N. lit's `not` only knows "nonzero";
the tool's contract tells 1 (findings) from 2 (could not do its job)."""
import subprocess
import sys

want = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:])
if rc != want:
    sys.stderr.write("expect-exit: %s exited %d, expected %d\n" % (sys.argv[2], rc, want))
    sys.exit(1)
