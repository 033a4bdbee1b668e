// A header the build includes as a system header (-isystem): findings at
// its kernels are the vendor's business.
__global__ void __launch_bounds__(100) vendor_kernel(float *p) {}
template <int N> __global__ void __launch_bounds__(N) vendor_template(float *p) {}
