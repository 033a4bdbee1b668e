// A project header written for nvcc: its spaced launch is joined too.
__global__ void from_header(float *p) {}
inline void launch_from_header(float *p, int n) {
  from_header<< <(n + 127) / 128, 128>> >(p);
}
