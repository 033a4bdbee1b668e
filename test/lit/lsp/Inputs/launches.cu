// A file for the protocol tests: no toolkit header, no device facts needed.
constexpr int Wide = 2000;

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

void run(float *x, int n) {
  scale<<<n / 256, Wide>>>(x, n);
  scale<<<(n + 99) / 100, 100>>>(x, n);
}
