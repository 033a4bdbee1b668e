// One launch the tool checks fully, one whose block size it cannot know.
int atoi(const char *);

__global__ void k(float *p) { p[0] = 1; }

void run(float *p, const char *arg) {
  k<<<4, 256>>>(p);
  int threads = atoi(arg);
  k<<<4, threads>>>(p);
}
