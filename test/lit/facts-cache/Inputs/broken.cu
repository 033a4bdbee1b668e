// Clang rejects what follows (nvcc would too): a front-end error, analysed
// on what Clang recovered; the facts cache keeps the error.
__global__ void k(int *p) { p[threadIdx.x] = undeclared_name; }
void run(int *p) { k<<<1, 96>>>(p); }
