// RUN: %cuda-launch-lint --checks=-*,cuda-launch-size-unbounded --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
// A block shaped from an extent by next powers of two (a bit-twiddling
// nextPowerOfTwo that reads x twice at each of its seven steps), 512
// threads shared out x, then y, then z: block z passes 64 for an extent
// of 1 x 1 x 65. The guarded twin caps z at 64.
#include <algorithm>
#include <cstdint>

struct Extent {
  int64_t x, y, z;
};

__global__ void pack(float *p) {}

inline int64_t nextPowerOfTwo(int64_t x) {
  x--;
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  x |= x >> 32;
  x++;
  return x;
}

inline dim3 blockFor(const Extent e, int64_t threads) {
  dim3 ret;
  ret.x = std::min(threads, nextPowerOfTwo(e.x));
  threads /= ret.x;
  ret.y = std::min(threads, nextPowerOfTwo(e.y));
  threads /= ret.y;
  ret.z = std::min(threads, nextPowerOfTwo(e.z));
  return ret;
}

void packHalo(const Extent *ext, float *p) {
  dim3 block = blockFor(*ext, 512);
  pack<<<1, block>>>(p);
  // CHECK-MESSAGES: next-power-of-two.cu:[[@LINE-1]]:3: warning: block z of 'pack' is 'min({{.*}}, nextPowerOfTwo(e.z))' with 'ext->x' {{.*}}, 'ext->z' (a field read through parameter 'ext', an int64_t), and nothing on this path bounds it; it passes the maximum of 64 threads in block z at ext->z = 65; the launch may fail with cudaErrorInvalidValue [cuda-launch-size-unbounded]
  // LIST: next-power-of-two.cu:[[@LINE-2]]:3: not fully checked: block size read at run time ({{.*}}fails at {{.*}}ext->z = 65{{.*}})
}

inline dim3 cappedBlockFor(const Extent e, int64_t threads) {
  dim3 ret;
  ret.x = std::min(threads, nextPowerOfTwo(e.x));
  threads /= ret.x;
  ret.y = std::min(threads, nextPowerOfTwo(e.y));
  threads /= ret.y;
  ret.z = std::min(std::min(threads, nextPowerOfTwo(e.z)), int64_t(64));
  return ret;
}

void packHaloCapped(const Extent *ext, float *p) {
  dim3 block = cappedBlockFor(*ext, 512);
  pack<<<1, block>>>(p);
}
