// A kernel in a header: its own findings are reported only where the header
// filter lets them through.
__global__ void __launch_bounds__(100) tile(float *p) { p[threadIdx.x] = 3; }
