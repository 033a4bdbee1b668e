// sm_90-only PTX: ptxas refuses %clusterid for sm_80.
__global__ void cluster_id(unsigned *p) {
  unsigned c;
  asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(c));
  p[0] = c;
}

void run(unsigned *p) {
  cluster_id<<<4, 256>>>(p);
  cluster_id<<<4, 2048>>>(p);
}
