// A kernel with a compile-time cluster shape and a register cap, launched
// with a grid that is not a multiple of the cluster.
__global__ void __cluster_dims__(2, 1, 1) __maxnreg__(32) paired(float *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f;
}

void run(float *p) { paired<<<3, 128>>>(p); }
