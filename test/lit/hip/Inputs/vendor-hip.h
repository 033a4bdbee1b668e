// A vendor header in the style of a CUDA project built as HIP: the CUDA
// names the project's sources use, mapped to HIP's.
#pragma once
#include <hip/hip_runtime.h>
#define cudaStream_t hipStream_t
#define cudaError_t hipError_t
#define cudaLaunchKernel hipLaunchKernel
#define cudaLaunchCooperativeKernel hipLaunchCooperativeKernel
#define cudaGetLastError hipGetLastError
