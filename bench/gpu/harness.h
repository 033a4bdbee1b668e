// Runtime side of the GPU harness (bench/gpu): included by the generated
// suites (gen.py). Each case is a function that applies its kernel settings,
// launches once with constant values, and reports every runtime answer through
// Rec; main() prints one JSON object per case on stdout, flushed, so a runner
// can restart after a crash or a hang (--from N).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>
#include <string>

// A driver API answer by its CUresult name ("CUDA_ERROR_INVALID_VALUE"), as
// the runtime's are named by cudaGetErrorName.
static const char *driverErrorName(CUresult e) {
  const char *name = nullptr;
  if (cuGetErrorName(e, &name) != CUDA_SUCCESS || !name)
    return "CUDA_ERROR_UNRECOGNIZED";
  return name;
}

struct Rec {
  float *p = nullptr; // 1 Mi floats of zeros: kernels read it, never write it
  std::string attrs;  // JSON array body
  std::string steps;  // JSON array body: the calls around a launch (Rec::step)
  const char *launch_error = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;

  void attr(const char *call, const char *attribute, long long value,
            cudaError_t e) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%s{\"call\":\"%s\",\"attribute\":\"%s\",\"value\":%lld,"
                  "\"error\":\"%s\"}",
                  attrs.empty() ? "" : ",", call, attribute, value,
                  cudaGetErrorName(e));
    attrs += buf;
    cudaGetLastError();
  }
  // A driver API setting (cuFuncSetAttribute): its CUresult's name.
  void attr(const char *call, const char *attribute, long long value,
            CUresult e) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%s{\"call\":\"%s\",\"attribute\":\"%s\",\"value\":%lld,"
                  "\"error\":\"%s\"}",
                  attrs.empty() ? "" : ",", call, attribute, value,
                  driverErrorName(e));
    attrs += buf;
  }
  // A call a launch form needs besides the launch (cudaGetFuncBySymbol, an
  // entry point's lookup, a graph's instantiation and launch) and its answer.
  void step(const char *call, const char *error) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s{\"call\":\"%s\",\"error\":\"%s\"}",
                  steps.empty() ? "" : ",", call, error);
    steps += buf;
  }
  void step(const char *call, cudaError_t e) {
    step(call, cudaGetErrorName(e));
    cudaGetLastError();
  }
  void step(const char *call, CUresult e) { step(call, driverErrorName(e)); }
  void begin() { cudaEventRecord(start); }
  // The launch's own answer: cudaGetLastError() after <<<>>>, the return value
  // of the launch APIs (their error is also the last error: cleared here).
  void launched(cudaError_t e) {
    cudaEventRecord(stop);
    cudaError_t last = cudaGetLastError();
    if (e == cudaSuccess)
      e = last;
    launch_error = cudaGetErrorName(e);
  }
  // A driver API launch's answer: its CUresult (the runtime's last error is
  // not set by the driver API).
  void launched(CUresult e) {
    cudaEventRecord(stop);
    cudaGetLastError();
    launch_error = driverErrorName(e);
  }
};

typedef void (*CaseFn)(Rec &);
struct Case {
  const char *id;
  CaseFn fn;
  const void *kernel;
  int threads; // x*y*z of the launch, for the occupancy API
  size_t dyn_smem;
  int reps; // > 1: a timed probe, run reps times (the first is a warm-up)
};

static bool sticky_error() {
  // After a sticky error every call fails: the process must end.
  void *q = nullptr;
  cudaError_t e = cudaMalloc(&q, 16);
  if (e != cudaSuccess)
    return true;
  cudaFree(q);
  return false;
}

static int run_cases(const Case *cases, int n, int argc, char **argv) {
  int from = 0;
  for (int i = 1; i + 1 < argc; ++i)
    if (!std::strcmp(argv[i], "--from"))
      from = std::atoi(argv[i + 1]);
  Rec r;
  if (cudaMalloc(&r.p, sizeof(float) << 20) != cudaSuccess ||
      cudaMemset(r.p, 0, sizeof(float) << 20) != cudaSuccess) {
    std::fprintf(stderr, "harness: cannot allocate the input buffer\n");
    return 2;
  }
  cudaEventCreate(&r.start);
  cudaEventCreate(&r.stop);
  for (int i = from; i < n; ++i) {
    const Case &c = cases[i];
    std::printf("#begin %d %s\n", i, c.id);
    std::fflush(stdout);
    std::string times;
    const char *launch = "", *sync = "";
    std::string attrs, steps;
    for (int rep = 0; rep < (c.reps > 0 ? c.reps : 1); ++rep) {
      r.attrs.clear();
      r.steps.clear();
      r.launch_error = nullptr;
      c.fn(r);
      cudaError_t s = cudaDeviceSynchronize();
      sync = cudaGetErrorName(s);
      launch = r.launch_error ? r.launch_error : "none";
      attrs = r.attrs;
      steps = r.steps;
      float ms = -1;
      bool ran = !std::strcmp(launch, "cudaSuccess") ||
                 !std::strcmp(launch, "CUDA_SUCCESS");
      if (s == cudaSuccess && ran &&
          cudaEventElapsedTime(&ms, r.start, r.stop) != cudaSuccess)
        ms = -1;
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s%.6f", times.empty() ? "" : ",", ms);
      times += buf;
      cudaGetLastError();
      if (s != cudaSuccess)
        break;
    }
    bool sticky = std::strcmp(sync, "cudaSuccess") && sticky_error();
    int blocks = -1;
    const char *occ_err = "not-run";
    cudaFuncAttributes fa;
    std::memset(&fa, 0, sizeof fa);
    const char *fa_err = "not-run";
    if (!sticky) {
      occ_err = cudaGetErrorName(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &blocks, c.kernel, c.threads, c.dyn_smem));
      fa_err = cudaGetErrorName(cudaFuncGetAttributes(&fa, c.kernel));
      cudaGetLastError();
    }
    std::printf(
        "{\"index\":%d,\"id\":\"%s\",\"attrs\":[%s],\"steps\":[%s],"
        "\"launch_error\":\"%s\","
        "\"sync_error\":\"%s\",\"sticky\":%s,\"elapsed_ms\":[%s],"
        "\"occupancy\":{\"blocks_per_sm\":%d,\"error\":\"%s\"},"
        "\"func\":{\"error\":\"%s\",\"num_regs\":%d,\"shared_size_bytes\":%zu,"
        "\"max_threads_per_block\":%d,\"local_size_bytes\":%zu,"
        "\"max_dynamic_shared_size_bytes\":%d,\"preferred_carveout\":%d}}\n",
        i, c.id, attrs.c_str(), steps.c_str(), launch, sync,
        sticky ? "true" : "false", times.c_str(), blocks, occ_err, fa_err,
        fa.numRegs, fa.sharedSizeBytes, fa.maxThreadsPerBlock,
        fa.localSizeBytes, fa.maxDynamicSharedSizeBytes,
        fa.preferredShmemCarveout);
    std::fflush(stdout);
    if (sticky)
      return 3; // the runner starts a fresh process at i + 1
  }
  return 0;
}
