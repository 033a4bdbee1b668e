// Templates, lambdas, member functions and dependent launches.
#include <cuda_runtime.h>

template <typename T, int Threads>
__global__ void __launch_bounds__(Threads) fill(T *p, T v) {
  p[blockIdx.x * Threads + threadIdx.x] = v;
}

template <int Threads> struct Launcher {
  int blocks = 1;
  template <typename T> void operator()(T *p, T v) const {
    fill<T, Threads><<<blocks, Threads>>>(p, v);
  }
};

template <typename T> void pattern(T *p, int n) {
  fill<T, 128><<<n / 128, 128>>>(p, T());
  auto again = [=] { fill<T, 64><<<dim3(n), dim3(64, 2)>>>(p, T(1)); };
  again();
}

class Engine {
public:
  explicit Engine(float *p) : data(p) { fill<float, 256><<<8, 256>>>(data, 0.f); }
  void step(int n) {
    Launcher<512>{n}(data, 1.f);
    pattern(data, n);
  }

private:
  float *data;
};

void drive(float *p) {
  Engine e(p);
  e.step(1 << 20);
  pattern<int>(reinterpret_cast<int *>(p), 4096);
}
