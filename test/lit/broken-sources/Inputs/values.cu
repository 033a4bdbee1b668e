// Launch values through variables, fields, ternaries, arrays, callers.
#include <cuda_runtime.h>

constexpr int Tile = 32;
enum { Rows = 8 };
#define BLOCK(n) dim3(Tile, n)

__global__ void __launch_bounds__(256, 2) blur(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}

struct Shape {
  dim3 grid, block;
  int smem;
};

static const int Sizes[] = {64, 128, 256};

void launchShape(const Shape &s, float *p) {
  blur<<<s.grid, s.block, s.smem>>>(p, p);
}

void run(int n, bool wide, float *p) {
  dim3 block(Tile, Rows);
  if (wide)
    block.y = 16;
  dim3 grid((n + block.x - 1) / block.x, 1);
  blur<<<grid, block>>>(p, p);
  blur<<<n / 256, wide ? 512 : 128, sizeof(float) * Tile>>>(p, p);
  for (int i = 0; i < 3; ++i)
    blur<<<1, Sizes[i]>>>(p, p);
  blur<<<BLOCK(2), BLOCK(Rows)>>>(p, p);
  int threads = 0;
  switch (n % 3) {
  case 0:
    threads = 64;
    break;
  case 1:
    threads = 1024;
    break;
  default:
    threads = 96;
  }
  blur<<<4, threads>>>(p, p);
  Shape s{dim3(2, 2), dim3(16, 16), 0};
  launchShape(s, p);
}
