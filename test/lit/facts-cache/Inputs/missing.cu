// Includes a header that is not there yet: the parse ends at the fatal
// error, and no dependency set describes it, so it is not cached.
#include "later.h"
__global__ void k(int *p) { p[threadIdx.x] = 1; }
void run(int *p) { k<<<1, LATER_BLOCK>>>(p); }
