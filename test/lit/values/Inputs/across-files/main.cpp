void launch_scale(float *p, int n, int threads);
void launch_direct(float *p, int threads);
void helper(float *p, int t);
int main() {
  float *p = nullptr;
  launch_scale(p, 1 << 20, 128);
  launch_scale(p, 1 << 20, 512);
  helper(p, 1024);
  return 0;
}
