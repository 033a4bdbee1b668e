// The host and the device side see different versions of a versioned
// namespace (as when they read different CCCL installs).
namespace cub {
#ifdef __CUDA_ARCH__
inline namespace CUB_200800_SM_800 {
#else
inline namespace CUB_300001_SM_800 {
#endif
struct Sum {};
} // namespace
} // namespace cub

template <typename Op> __global__ void reduceWith(float *out) { *out = 1; }

void run(float *out) { reduceWith<cub::Sum><<<1, 128>>>(out); }
