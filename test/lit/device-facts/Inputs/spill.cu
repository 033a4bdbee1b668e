// A kernel that spills under a tight launch bound: 1024 threads x 2 blocks
// per SM leaves 32 registers per thread.
__global__ void __launch_bounds__(1024, 2) tight(const float *in, float *out) {
  float acc[64];
#pragma unroll
  for (int k = 0; k < 64; ++k)
    acc[k] = in[threadIdx.x * 64 + k];
  float s = 0;
#pragma unroll
  for (int k = 0; k < 64; ++k)
    s += acc[k] * acc[(k + 3) & 63] + acc[(k * 5) & 63];
  out[threadIdx.x] = s;
}

// The same body without the bound: no spills.
__global__ void loose(const float *in, float *out) {
  float acc[64];
#pragma unroll
  for (int k = 0; k < 64; ++k)
    acc[k] = in[threadIdx.x * 64 + k];
  float s = 0;
#pragma unroll
  for (int k = 0; k < 64; ++k)
    s += acc[k] * acc[(k + 3) & 63] + acc[(k * 5) & 63];
  out[threadIdx.x] = s;
}

void run(const float *in, float *out) {
  tight<<<1, 1024>>>(in, out);
  loose<<<1, 256>>>(in, out);
}
