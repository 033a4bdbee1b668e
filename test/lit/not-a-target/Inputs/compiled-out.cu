// The kernel's code exists only from sm_80 on: on sm_75 the preprocessor
// removes its body, so the kernel is not built to run there, and neither
// its opt-in nor its launch is judged for sm_75.
__global__ void wide(float *p) {
#if __CUDA_ARCH__ >= 800
  extern __shared__ float s[];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[threadIdx.x ^ 1];
#endif
}

// Empty on every arch: a deliberate no-op, still judged everywhere.
__global__ void noop(float *) {}

void run(float *p) {
  cudaFuncSetAttribute(wide, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024);
  wide<<<1, 256, 100 * 1024>>>(p);
  noop<<<1, 2048>>>(p);
}
