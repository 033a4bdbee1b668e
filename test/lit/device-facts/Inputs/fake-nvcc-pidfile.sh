#!/bin/sh
# A stand-in nvcc that answers --version and --list-gpu-code, then, on a
# compile, writes its process id to $CUDALINT_TEST_PIDFILE and hangs.
case "$1" in
  --version) echo "fake nvcc"; exit 0 ;;
  --list-gpu-code) echo sm_80; exit 0 ;;
esac
echo $$ > "$CUDALINT_TEST_PIDFILE"
exec sleep 120
