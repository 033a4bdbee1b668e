// A static_assert on __CUDA_ARCH__ stops the device compile below sm_90.
__global__ void newer(float *p) {
#ifdef __CUDA_ARCH__
  static_assert(__CUDA_ARCH__ >= 900, "built for sm_90 and newer");
#endif
  p[0] = 1;
}

void run(float *p) {
  newer<<<4, 256>>>(p);
  newer<<<4, 2048>>>(p);
}
