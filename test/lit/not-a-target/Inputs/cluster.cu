// A kernel with a cluster shape: nvcc refuses __cluster_dims__ below sm_90,
// so sm_80 is not a target of this file.
__global__ void __cluster_dims__(1, 1, 1) clustered(float *p) { p[0] = 1; }

void run(float *p) {
  clustered<<<4, 256>>>(p);
  clustered<<<4, 2048>>>(p);
}
