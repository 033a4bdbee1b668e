// The host program of the executables the object tests link.
void launch(float *a, int *p, double *d, const int *idx);
int main() {
  launch(nullptr, nullptr, nullptr, nullptr);
  return 0;
}
