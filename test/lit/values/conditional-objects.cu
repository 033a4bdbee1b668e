// A conditional operator over dim3 objects: the side a condition the
// launch's context decides, else either side per component.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s --implicit-check-not="<<<>>>"
__global__ void k() {}

void either(bool wide) {
  dim3 narrow(128), broad(256, 2);
  dim3 b = wide ? broad : narrow;
  k<<<1, b>>>();
// CHECK: conditional-objects.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {128, 256}x{1, 2}x1
}

void decided(bool wide) {
  dim3 narrow(128), broad(256);
  if (!wide)
    return;
  k<<<1, wide ? broad : narrow>>>();
// CHECK: conditional-objects.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 256x1x1
}
