//===- OccupancyBench.cpp - Calculator throughput -------------------------===//
//
// Throughput of the occupancy calculator on one core, over a fixed pool of
// random but realistic configurations (so branch prediction cannot learn a
// single answer).
//
//===----------------------------------------------------------------------===//

#include "cudalint/Occupancy/Occupancy.h"
#include "cudalint/Report/OccupancyReport.h"

#include "llvm/Support/raw_ostream.h"
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

using namespace cudalint;

namespace {

struct Config {
  const ArchInfo *Arch;
  OccupancyInput In;
};

const std::vector<Config> &pool() {
  static const std::vector<Config> Pool = [] {
    std::mt19937_64 Rng(42);
    auto Uniform = [&](unsigned Lo, unsigned Hi) {
      return std::uniform_int_distribution<unsigned>(Lo, Hi)(Rng);
    };
    std::vector<Config> P;
    auto Archs = allArchs();
    for (unsigned I = 0; I < 4096; ++I) {
      Config C;
      C.Arch = &Archs[Uniform(0, unsigned(Archs.size() - 1))];
      C.In.ThreadsPerBlock = 32 * Uniform(1, 32);
      C.In.RegistersPerThread = Uniform(16, 168);
      C.In.StaticSharedMem = Uniform(0, 3) ? 0 : Uniform(0, 48 * 1024);
      C.In.DynamicSharedMem = Uniform(0, 1) ? 0 : Uniform(0, 40 * 1024);
      P.push_back(C);
    }
    return P;
  }();
  return Pool;
}

void BM_ComputeOccupancy(benchmark::State &State) {
  const auto &Pool = pool();
  size_t I = 0;
  for (auto _ : State) {
    const Config &C = Pool[I++ & (Pool.size() - 1)];
    benchmark::DoNotOptimize(computeOccupancy(*C.Arch, C.In));
  }
  State.SetItemsProcessed(State.iterations());
}
BENCHMARK(BM_ComputeOccupancy);

// The full answer one batch line gets: occupancy plus the three what-ifs.
void BM_OccupancyWithSuggestions(benchmark::State &State) {
  const auto &Pool = pool();
  size_t I = 0;
  for (auto _ : State) {
    const Config &C = Pool[I++ & (Pool.size() - 1)];
    benchmark::DoNotOptimize(computeOccupancy(*C.Arch, C.In));
    benchmark::DoNotOptimize(registersForNextBlock(*C.Arch, C.In));
    benchmark::DoNotOptimize(sharedMemForNextBlock(*C.Arch, C.In));
    benchmark::DoNotOptimize(bestBlockSizes(*C.Arch, C.In));
  }
  State.SetItemsProcessed(State.iterations());
}
BENCHMARK(BM_OccupancyWithSuggestions);

// One batch output line, JSON included.
void BM_OccupancyJSONLine(benchmark::State &State) {
  const auto &Pool = pool();
  size_t I = 0;
  std::string Buffer;
  for (auto _ : State) {
    const Config &C = Pool[I++ & (Pool.size() - 1)];
    Buffer.clear();
    llvm::raw_string_ostream OS(Buffer);
    llvm::json::OStream JOS(OS);
    OccupancyQuery Q;
    Q.Arch = C.Arch;
    Q.Input = C.In;
    JOS.object([&] { writeOccupancyJSON(JOS, Q); });
    benchmark::DoNotOptimize(Buffer.data());
  }
  State.SetItemsProcessed(State.iterations());
}
BENCHMARK(BM_OccupancyJSONLine);

} // namespace

BENCHMARK_MAIN();
