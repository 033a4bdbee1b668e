// A device compile error that says nothing about the arch: sm_80 stays a
// target, its launches are judged on what the host side knows, and the
// failure is a warning.
__global__ void buggy(float *p) {
#ifdef __CUDA_ARCH__
  p[0] = not_declared_anywhere;
#endif
}

void run(float *p) { buggy<<<4, 2048>>>(p); }
