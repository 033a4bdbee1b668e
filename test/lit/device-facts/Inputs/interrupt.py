"""interrupt.py PIDFILE CMD...: starts CMD, waits until the device compiler it
spawns has written its pid to PIDFILE, sends SIGTERM to CMD, and checks that
the compiler is gone too (it runs in a process group of its own, which the
signal to CMD alone does not reach)."""
import os
import signal
import subprocess
import sys
import time

pidfile, cmd = sys.argv[1], sys.argv[2:]
env = dict(os.environ, CUDALINT_TEST_PIDFILE=pidfile)
tool = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL)
deadline = time.time() + 60
while not (os.path.exists(pidfile) and open(pidfile).read().strip()):
    if time.time() > deadline or tool.poll() is not None:
        sys.exit("interrupt.py: the compiler never started")
    time.sleep(0.1)
compiler = int(open(pidfile).read())
tool.send_signal(signal.SIGTERM)
tool.wait(timeout=30)
deadline = time.time() + 10
while time.time() < deadline:
    try:
        os.kill(compiler, 0)
    except ProcessLookupError:
        print("compiler gone; tool exit status %d" % tool.returncode)
        sys.exit(0)
    time.sleep(0.1)
os.kill(compiler, signal.SIGKILL)
sys.exit("interrupt.py: compiler %d survived the tool" % compiler)
