// The first front-end error sits in a header: the note names the header,
// not the analysed file, with the error's line.
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -I %S/Inputs 2>&1 | %FileCheck %s
// CHECK: note: {{.*}}error-in-header.cu: 1 front-end error(s) (first: {{.*}}broken-header.h:2:19: use of undeclared identifier 'undeclared_in_header'); analysed what Clang recovered
#include "broken-header.h"
__global__ void k() {}
void f() { k<<<1, 32>>>(); }
