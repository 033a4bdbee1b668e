// RUN: %cuda-launch-lint --checks=-*,cuda-launch-size-unbounded --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
// Sizes read through what an object holds by pointer or reference, in a
// method no call in the file reaches: the program's data, as a field read
// through a pointer parameter is. A member held by value is the object's
// own setting, which other methods may change: unknown, not an input.
// Each has a guarded twin that stays silent.
#include <algorithm>

__global__ void k(float *p) {}

struct Info {
  int n_params;
  int max_threads;
};
struct Extent {
  int x, y, z;
};
struct Domain {
  Extent size;
  Extent extent() const { return size; }
};

class Fit {
public:
  Fit(const Info &info, Domain *domain) : info_(info), domain_(domain) {}
  void hessians(float *p);
  void hessiansCapped(float *p);
  void pack(float *p);
  void packCapped(float *p);
  void ownBlock(float *p);

private:
  const Info &info_;
  Domain *domain_;
  int block_ = 256;
};

// One thread per Hessian entry: fails past 32 parameters.
void Fit::hessians(float *p) {
  dim3 threads(1, 1, 1);
  threads.x = info_.n_params;
  threads.y = info_.n_params;
  k<<<1, threads>>>(p);
  // CHECK-MESSAGES: member-read-through.cu:[[@LINE-1]]:3: warning: threads per block of 'k' is 'info_.n_params * info_.n_params' with 'info_.n_params' (a field read through member 'info_' of 'Fit', an int), and nothing on this path bounds it; it passes the maximum of 1024 threads per block on sm_80 once info_.n_params > 32; the launch may fail with cudaErrorInvalidValue [cuda-launch-size-unbounded]
  // LIST: member-read-through.cu:[[@LINE-2]]:3: not fully checked: block size read at run time ({{.*}}safe while info_.n_params <= 32{{.*}})
}
void Fit::hessiansCapped(float *p) {
  const int n = std::min(info_.n_params, 32);
  dim3 threads(n, n);
  k<<<1, threads>>>(p);
}

// Block z from an extent the domain reports: fails past 64.
void Fit::pack(float *p) {
  const Extent e = domain_->extent();
  k<<<1, dim3(1, 1, e.z)>>>(p);
  // CHECK-MESSAGES: member-read-through.cu:[[@LINE-1]]:3: warning: block z of 'k' is 'domain_->size.z' (a field read through member 'domain_' of 'Fit', an int), and nothing on this path bounds it; it passes the maximum of 64 threads in block z once domain_->size.z > 64
}
void Fit::packCapped(float *p) {
  const Extent e = domain_->extent();
  k<<<1, dim3(1, 1, std::min(e.z, 64))>>>(p);
}

// A method of an object reached through a pointer parameter, and an
// accessor that returns a reference (not followed: its result is read at
// run time, as a const method's of the program's data is).
struct Radius {
  int r[3];
  const int &along(int d) const { return r[d]; }
};
void viaMethod(const Domain *domain, float *p) {
  const Extent e = domain->extent();
  k<<<1, dim3(1, 1, e.z)>>>(p);
  // CHECK-MESSAGES: member-read-through.cu:[[@LINE-1]]:3: warning: block z of 'k' is 'domain->size.z' (a field read through parameter 'domain', an int), and nothing on this path bounds it; it passes the maximum of 64 threads in block z once domain->size.z > 64
}
// A record read through a pointer parameter and copied whole.
void copiedWhole(const Domain *domain, float *p) {
  const Extent e = domain->size;
  k<<<1, dim3(1, 1, e.z)>>>(p);
  // CHECK-MESSAGES: member-read-through.cu:[[@LINE-1]]:3: warning: block z of 'k' is 'domain->size.z' (a field read through parameter 'domain', an int), and nothing on this path bounds it; it passes the maximum of 64 threads in block z once domain->size.z > 64
}
void copiedWholeChecked(const Domain *domain, float *p) {
  const Extent e = domain->size;
  if (e.z > 64)
    return;
  k<<<1, dim3(1, 1, e.z)>>>(p);
}
void viaAccessor(const Radius *radius, float *p) {
  k<<<1, dim3(1, 1, radius->along(2))>>>(p);
  // CHECK-MESSAGES: member-read-through.cu:[[@LINE-1]]:3: warning: block z of 'k' is 'radius->along(2)' (the result of 'along' on 'radius', read at run time, an int), and nothing on this path bounds it; it passes the maximum of 64 threads in block z once radius->along(2) > 64
}
void viaAccessorCapped(const Radius *radius, float *p) {
  k<<<1, dim3(1, 1, std::min(radius->along(2), 64))>>>(p);
}

// The object's own setting: not a run-time input.
void Fit::ownBlock(float *p) {
  k<<<1, block_>>>(p);
  // LIST: member-read-through.cu:[[@LINE-1]]:3: not fully checked: unknown block size (block.x: member 'block_' of 'Fit' on entry to 'ownBlock': no call of 'ownBlock' in this file)
}

// A field of a struct handed by reference or by value is a parameter like
// any other (IncludeUncalledParameters): launch settings bundled for a
// wrapper, unlike a field read through a pointer parameter.
struct Params {
  int b, s_q;
};
void byReference(Params &params, float *p) {
  k<<<dim3(params.b, params.s_q), 256>>>(p);
  // LIST: member-read-through.cu:[[@LINE-1]]:3: not fully checked: grid size read at run time ({{.*}}parameter 'params' of 'byReference', no caller in the analysed files{{.*}}safe while params.s_q <= 65535{{.*}})
}
// A whole integer parameter is a launch helper's argument: not reported
// (IncludeUncalledParameters).
void wholeParameter(int rows, float *p) {
  k<<<dim3(1, rows), 256>>>(p);
  // LIST: member-read-through.cu:[[@LINE-1]]:3: not fully checked: grid size read at run time ({{.*}}safe while rows <= 65535{{.*}})
}
