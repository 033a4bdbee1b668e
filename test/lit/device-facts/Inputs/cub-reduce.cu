// A kernel templated on a CUB type: its mangled name carries CUB's versioned
// namespace, CUB_<version>_SM_<__CUDA_ARCH_LIST__>.
#include <cub/cub.cuh>

template <int Threads, typename Reduce>
__global__ void reduceKernel(const float *in, float *out) {
  __shared__ typename Reduce::TempStorage temp;
  float s = Reduce(temp).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0)
    *out = s;
}

void run(const float *in, float *out) {
  reduceKernel<256, cub::BlockReduce<float, 256>><<<1, 256>>>(in, out);
}
