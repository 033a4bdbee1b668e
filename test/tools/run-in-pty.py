#!/usr/bin/env python3
"""run-in-pty.py CMD...: runs CMD with its stderr on a pseudo-terminal (as
on a developer's terminal), its stdout discarded, and prints what it wrote
to the terminal, with carriage returns and escape sequences made visible
(\\r, \\e). Exits with CMD's status."""
import os
import pty
import subprocess
import sys

master, slave = pty.openpty()
proc = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
chunks = []
while True:
    try:
        data = os.read(master, 4096)
    except OSError:  # the terminal is closed when CMD exits
        break
    if not data:
        break
    chunks.append(data)
status = proc.wait()
text = b"".join(chunks).decode("utf-8", "replace")
sys.stdout.write(text.replace("\r\n", "\n").replace("\r", "\\r").replace("\x1b", "\\e"))
sys.exit(status)
