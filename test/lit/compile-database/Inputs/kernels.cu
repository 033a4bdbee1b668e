#include "tile.h"
__global__ void k(float *p) {}
void run(float *p) {
#ifdef FROM_DATABASE
  k<<<1, TILE>>>(p);
#endif
}
