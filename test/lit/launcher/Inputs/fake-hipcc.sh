#!/bin/sh
# A stand-in for ROCm's hipcc (not packaged for Debian 12 with Clang 19):
# like hipcc, it compiles .hip and .cu sources as HIP with Clang, the ROCm
# root and its device libraries, and forwards every other flag.
exec "$CLANGXX" -x hip --rocm-path=/usr --rocm-device-lib-path="$ROCM_DEVICE_LIBS" "$@"
