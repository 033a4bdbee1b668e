void launch_tiled(float *p, dim3 grid, dim3 block);
void launch_rows(float *p, dim3 block);
void launch_count(float *p, int threads);
void launch_other(float *p, int threads);
int g_rows = 64;
dim3 global_block(16, 16);
dim3 moved_block(16, 16);
int g_threads = 128;
void resize() { moved_block.x = 8; }
int main() {
  float *p = nullptr;
  dim3 block(16, 16, 1);
  dim3 grid(64 / block.x, 64 / block.y, 1);
  launch_tiled(p, grid, block);
  int threads = 128;
  launch_rows(p, threads);
  launch_rows(p, dim3(64, 1, 1));
  launch_tiled(p, grid, global_block);
  launch_tiled(p, grid, moved_block);
  launch_count(p, g_threads);
  launch_other(p, g_rows);
  return 0;
}
