// blocks.y = atoi(...) reaches the launch only past a test of it through
// a function defined elsewhere.
#include <cstdlib>
__global__ void k(float *p) {}
int divup(int a, int b);
int main(int argc, char **argv) {
  float *p = nullptr;
  dim3 blocks(1, atoi(argv[1]));
  const int maxY = 65535;
  if (divup(blocks.y, maxY) > 1)
    blocks.y = maxY;
  k<<<blocks, 256>>>(p);
}
