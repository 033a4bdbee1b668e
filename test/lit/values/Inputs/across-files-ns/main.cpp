namespace app {
void launch(float *p, int threads);
}
int main() {
  app::launch(nullptr, 1024);
  return 0;
}
