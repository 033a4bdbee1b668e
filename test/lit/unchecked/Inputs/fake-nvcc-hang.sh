#!/bin/sh
# A stand-in nvcc that answers --version and --list-gpu-code, then hangs in
# a child process on a compile.
case "$1" in
  --version) echo "fake nvcc"; exit 0 ;;
  --list-gpu-code) echo sm_80; exit 0 ;;
esac
sleep 120
