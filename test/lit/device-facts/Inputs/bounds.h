#pragma once
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define PERARCH_THREADS 128
#else
#define PERARCH_THREADS 512
#endif
