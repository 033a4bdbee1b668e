// Stand-in for ArrayFire's CMake-generated af/version.h
// (CMakeModules/version.h.in), written for bench/bugs so that its CUDA backend
// sources parse without a CMake configure step.
#pragma once
#define AF_VERSION "3.5.1"
#define AF_VERSION_MAJOR 3
#define AF_VERSION_MINOR 5
#define AF_VERSION_PATCH 1
#define AF_API_VERSION_CURRENT 35
#define AF_REVISION "bench"
#define AF_COMPILER_STR "clang"
