// The GPU the harness runs on, as JSON on stdout (bench/gpu/run.py).
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  int dev = 0, driver = 0, runtime = 0;
  cudaDeviceProp p;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess)
    e = cudaGetDeviceProperties(&p, dev);
  if (e != cudaSuccess) {
    std::fprintf(stderr, "devquery: %s: %s\n", cudaGetErrorName(e),
                 cudaGetErrorString(e));
    return 1;
  }
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  int clock_khz = 0, clusters = 0, coop = 0;
  cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev);
  cudaDeviceGetAttribute(&clusters, cudaDevAttrClusterLaunch, dev);
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
  char bus[32] = "";
  cudaDeviceGetPCIBusId(bus, sizeof bus, dev);
  std::printf(
      "{\"name\": \"%s\", \"major\": %d, \"minor\": %d, \"sm_count\": %d, "
      "\"driver_version\": %d, \"runtime_version\": %d, \"pci_bus_id\": "
      "\"%s\", "
      "\"clock_khz\": %d, \"total_global_mem\": %zu, \"l2_cache_size\": %d, "
      "\"shared_mem_per_block\": %zu, \"shared_mem_per_block_optin\": %zu, "
      "\"shared_mem_per_sm\": %zu, \"reserved_shared_mem_per_block\": %zu, "
      "\"regs_per_sm\": %d, \"regs_per_block\": %d, \"max_threads_per_sm\": "
      "%d, "
      "\"max_blocks_per_sm\": %d, \"cooperative_launch\": %d, "
      "\"cluster_launch\": %d}\n",
      p.name, p.major, p.minor, p.multiProcessorCount, driver, runtime, bus,
      clock_khz, p.totalGlobalMem, p.l2CacheSize, p.sharedMemPerBlock,
      p.sharedMemPerBlockOptin, p.sharedMemPerMultiprocessor,
      p.reservedSharedMemPerBlock, p.regsPerMultiprocessor, p.regsPerBlock,
      p.maxThreadsPerMultiProcessor, p.maxBlocksPerMultiProcessor, coop,
      clusters);
  return 0;
}
