// A size parsed from text by `in >> n` (std::istringstream, std::cin) is a
// run-time input, as one from atoi is.
// RUN: %cuda-launch-lint --checks=-*,cuda-launch-size-unbounded --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
#include <cuda_runtime.h>
#include <sstream>

__global__ void k(float *p) {}

int main(int argc, char **argv) {
  float *p = nullptr;
  int threads = 256;
  std::istringstream in(argv[1]);
  in >> threads;
  k<<<1, threads>>>(p);
  // CHECK: stream-input.cu:[[@LINE-1]]:3: warning: block x of 'k' is 'threads' (parsed from a stream by '>>', an int), and nothing on this path bounds it; it passes the maximum of 1024 threads in block x once threads > 1024
  // Checked where it enters: silent.
  int checked = 256;
  std::istringstream again(argv[2]);
  again >> checked;
  if (checked < 1 || checked > 1024)
    return 1;
  k<<<1, checked>>>(p);
}
