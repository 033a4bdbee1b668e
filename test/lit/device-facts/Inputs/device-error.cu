// Compiles for the host, fails in device compilation for sm_80 only.
__global__ void ok(int *p) { p[0] = 1; }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#error "this kernel file needs sm_90"
#endif
void go(int *p) { ok<<<1, 1>>>(p); }
