// One launch the tool checks fully, one whose block size it cannot know.
int threads_from(const char *); // defined elsewhere: unknown here

__global__ void k(float *p) { p[0] = 1; }

void run(float *p, const char *arg) {
  k<<<4, 256>>>(p);
  int threads = threads_from(arg);
  k<<<4, threads>>>(p);
}
