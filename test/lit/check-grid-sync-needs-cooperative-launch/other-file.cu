// The kernel is defined in another file of the run: its definition says
// what it does, whichever file comes first.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-grid-sync-needs-cooperative-launch --resource-usage=none --arch=sm_80 --cuda-path %cuda-path %s %S/Inputs/persistent.cu -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// RUN: %not %cuda-launch-lint --checks=-*,cuda-grid-sync-needs-cooperative-launch --resource-usage=none --arch=sm_80 --cuda-path %cuda-path %S/Inputs/persistent.cu %s -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void persistent(float *p);

void run(float *p) {
  persistent<<<108, 256>>>(p);
  // CHECK-MESSAGES: other-file.cu:[[@LINE-1]]:3: error: 'persistent' synchronizes the whole grid (cooperative_groups::grid_group::sync) but is launched with <<<>>>, not cooperatively
  // CHECK-MESSAGES-NEXT: | persistent<<<108, 256>>>(p);
  // CHECK-MESSAGES-NEXT: | ^
  // CHECK-MESSAGES-NEXT: Inputs{{/|\\}}persistent.cu:8:17: note: kernel 'persistent' declared here
  // CHECK-MESSAGES-NEXT: Inputs{{/|\\}}persistent.cu:8:40: note: kernel 'persistent' calls 'step' here
  // CHECK-MESSAGES-NEXT: Inputs{{/|\\}}persistent.cu:6:3: note: 'step' synchronizes the grid here
}
