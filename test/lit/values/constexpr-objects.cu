// Parts of constexpr objects: what the compiler evaluated for them, however
// they were built (a constexpr function, a static member of a template).
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --checks=-*,cuda-block-size-invalid --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=ERR --implicit-check-not="{{error|warning}}:"

__global__ void k(int *p) {}

struct dims {
  unsigned x, y, z;
  constexpr dims(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1)
      : x(x_), y(y_), z(z_) {}
  operator dim3() const { return dim3(x, y, z); }
};
template <unsigned X> struct block_of {
  static constexpr dims dimensions() { return {X, 1, 1}; }
};
template <class B> struct params {
  static constexpr dims block_dimensions = B::dimensions();
};
template <class P> struct box : P {
  void launch(int *p) { k<<<1, P::block_dimensions>>>(p); }
};
void run(int *p) {
  box<params<block_of<2048>>> wide;
  wide.launch(p);
  box<params<block_of<256>>> narrow;
  narrow.launch(p);
}
// CHECK-DAG: constexpr-objects.cu:21:25: <<<>>> k grid 1x1x1 block 2048x1x1 (2048 threads)
// CHECK-DAG: constexpr-objects.cu:21:25: <<<>>> k grid 1x1x1 block 256x1x1 (256 threads)
// ERR: constexpr-objects.cu:21:25: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80

// An array of constexpr shapes, read at a constant index.
struct shape {
  int threads;
  int tiles[2];
};
constexpr shape Shapes[] = {{128, {4, 8}}, {64, {2}}};
void table(int *p) {
  k<<<Shapes[1].tiles[1] + 1, Shapes[0].threads>>>(p);
  // CHECK: constexpr-objects.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 128x1x1 (128 threads)
}
