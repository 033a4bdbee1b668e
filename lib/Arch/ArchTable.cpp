//===- ArchTable.cpp - Per compute capability hardware limits -------------===//
//
// Sources, abbreviated in the comments below:
//   [PG]  CUDA C++ Programming Guide, "Technical Specifications per Compute
//         Capability" and the per-architecture shared memory sections.
//   [OCC] The CUDA 13.0 toolkit's include/cuda_occupancy.h: register and
//         shared memory allocation granularity, sub-partitions, resident
//         blocks per SM, carveout steps, barrier limits.
//   [CCCL] CCCL's arch traits (libcudacxx/include/cuda/__device/
//         arch_traits.h, NVIDIA/cccl 571f2fc3bc53, 2026-08); it has no sm_72.
// Where they disagree we follow [OCC]; each disagreement is listed in
// docs/arch-model.md. test/unit/OccupancyOracleTest.cpp compares every
// [OCC]-sourced field with the installed header.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Arch/Arch.h"

#include "TableLookup.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

namespace {
constexpr unsigned KiB = 1024;

// Shared memory capacities per SM a carveout can select [OCC]
// (cudaOccAlignUpShmemSizeVoltaPlus), in KiB.
constexpr unsigned VoltaSteps[] = {0, 8, 16, 32, 64, 96};
constexpr unsigned TuringSteps[] = {32, 64};
constexpr unsigned GA100Steps[] = {0, 8, 16, 32, 64, 100, 132, 164};
constexpr unsigned GA10xSteps[] = {0, 8, 16, 32, 64, 100};
constexpr unsigned HopperSteps[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};

// Fields every row shares [PG]: warp size 32, 1024 threads per block,
// block dims 1024 x 1024 x 64, grid dims (2^31-1) x 65535 x 65535, 64K
// registers per SM and per block, 255 registers per thread, 48 KiB per block
// without opt-in. [OCC]: registers allocated per warp in units of 256, four
// sub-partitions, a launch refused above 256 registers per thread.
#define CUDALINT_COMMON_LIMITS                                                 \
  32, 1024, {1024, 1024, 64}, {2147483647ull, 65535, 65535}

#define CUDALINT_REGISTER_FILE 65536, 65536, 255, 256, 256, 4

const ArchInfo Archs[] = {
    // Volta (V100). [PG] 2048 threads, 32 blocks, 96 KiB per SM and per block
    // opt-in. [OCC] 256 B smem granularity, no reserved smem.
    {7, 0, "sm_70", "Volta", CUDALINT_COMMON_LIMITS, 2048, 32,
     CUDALINT_REGISTER_FILE, 96 * KiB, VoltaSteps, 48 * KiB, 96 * KiB, 0, 256,
     0, false, 0, 0},
    // Xavier: the Volta SM [PG].
    {7, 2, "sm_72", "Volta", CUDALINT_COMMON_LIMITS, 2048, 32,
     CUDALINT_REGISTER_FILE, 96 * KiB, VoltaSteps, 48 * KiB, 96 * KiB, 0, 256,
     0, false, 0, 0},
    // Turing. [PG] 1024 threads, 16 blocks, 64 KiB per SM and per block
    // opt-in; [OCC] the SM is configured to 32 or 64 KiB only.
    {7, 5, "sm_75", "Turing", CUDALINT_COMMON_LIMITS, 1024, 16,
     CUDALINT_REGISTER_FILE, 64 * KiB, TuringSteps, 48 * KiB, 64 * KiB, 0, 256,
     0, false, 0, 0},
    // A100. [PG] 2048 threads, 32 blocks, 164 KiB per SM, 163 KiB per block
    // opt-in, 1 KiB reserved per block; [OCC] 128 B granularity.
    {8, 0, "sm_80", "Ampere", CUDALINT_COMMON_LIMITS, 2048, 32,
     CUDALINT_REGISTER_FILE, 164 * KiB, GA100Steps, 48 * KiB, 163 * KiB,
     1 * KiB, 128, 0, false, 0, 0},
    // GA10x (RTX 30, A10, A40). [PG] 1536 threads, 16 blocks, 100 KiB per SM,
    // 99 KiB per block opt-in.
    {8, 6, "sm_86", "Ampere", CUDALINT_COMMON_LIMITS, 1536, 16,
     CUDALINT_REGISTER_FILE, 100 * KiB, GA10xSteps, 48 * KiB, 99 * KiB, 1 * KiB,
     128, 0, false, 0, 0},
    // Orin. [PG] 1536 threads, 16 blocks, but the A100 shared memory: 164 KiB
    // per SM, 163 KiB opt-in; [OCC] uses the A100 carveout steps for 8.7.
    {8, 7, "sm_87", "Ampere", CUDALINT_COMMON_LIMITS, 1536, 16,
     CUDALINT_REGISTER_FILE, 164 * KiB, GA100Steps, 48 * KiB, 163 * KiB,
     1 * KiB, 128, 0, false, 0, 0},
    // Ada (RTX 40, L4, L40S). [PG] 1536 threads, 24 blocks, 100 KiB per SM.
    {8, 9, "sm_89", "Ada", CUDALINT_COMMON_LIMITS, 1536, 24,
     CUDALINT_REGISTER_FILE, 100 * KiB, GA10xSteps, 48 * KiB, 99 * KiB, 1 * KiB,
     128, 0, false, 0, 0},
    // Hopper. [PG] 2048 threads, 32 blocks, 228 KiB per SM, 227 KiB opt-in,
    // clusters of 8 portable / 16 with cudaFuncAttributeNonPortableClusterSize
    // Allowed. [OCC] barriers limit occupancy from here on: 2 per block slot.
    {9, 0, "sm_90", "Hopper", CUDALINT_COMMON_LIMITS, 2048, 32,
     CUDALINT_REGISTER_FILE, 228 * KiB, HopperSteps, 48 * KiB, 227 * KiB,
     1 * KiB, 128, 2, true, 8, 16},
    // B200/GB200. [PG] as Hopper.
    {10, 0, "sm_100", "Blackwell", CUDALINT_COMMON_LIMITS, 2048, 32,
     CUDALINT_REGISTER_FILE, 228 * KiB, HopperSteps, 48 * KiB, 227 * KiB,
     1 * KiB, 128, 2, true, 8, 16},
    // B300/GB300. [PG] as sm_100.
    {10, 3, "sm_103", "Blackwell", CUDALINT_COMMON_LIMITS, 2048, 32,
     CUDALINT_REGISTER_FILE, 228 * KiB, HopperSteps, 48 * KiB, 227 * KiB,
     1 * KiB, 128, 2, true, 8, 16},
    // Jetson Thor (sm_101 before CUDA 13). [OCC][PG][CCCL] 24 blocks, 1536
    // threads, 228 KiB per SM; [OCC] 1 barrier per block slot. Non-portable
    // cluster size 16 is unconfirmed (assumed as on sm_100).
    {11, 0, "sm_110", "Blackwell", CUDALINT_COMMON_LIMITS, 1536, 24,
     CUDALINT_REGISTER_FILE, 228 * KiB, HopperSteps, 48 * KiB, 227 * KiB,
     1 * KiB, 128, 1, true, 8, 16},
    // GeForce Blackwell (RTX 50, RTX PRO). [OCC][PG][CCCL] 24 blocks, 1536
    // threads, 100 KiB per SM (the Blackwell tuning guide's 32 blocks and
    // 128 KB are wrong: 128 KB is the unified L1). [OCC] 1 barrier per block
    // slot. Clusters: 8 at most (measured on GB10; nothing larger documented).
    {12, 0, "sm_120", "Blackwell", CUDALINT_COMMON_LIMITS, 1536, 24,
     CUDALINT_REGISTER_FILE, 100 * KiB, GA10xSteps, 48 * KiB, 99 * KiB, 1 * KiB,
     128, 1, true, 8, 8},
    // DGX Spark (GB10). As sm_120.
    {12, 1, "sm_121", "Blackwell", CUDALINT_COMMON_LIMITS, 1536, 24,
     CUDALINT_REGISTER_FILE, 100 * KiB, GA10xSteps, 48 * KiB, 99 * KiB, 1 * KiB,
     128, 1, true, 8, 8},
};

#undef CUDALINT_COMMON_LIMITS
#undef CUDALINT_REGISTER_FILE

} // namespace

std::string ArchInfo::computeCapability() const {
  return formatv("{0}.{1}", Major, Minor).str();
}

ArrayRef<ArchInfo> allArchs() { return Archs; }

const ArchInfo *findArch(StringRef Spelling) {
  StringRef S = Spelling.trim();
  unsigned Version = 0;
  // "8.0", "12.1"
  if (auto [MajorStr, MinorStr] = S.split('.'); !MinorStr.empty()) {
    unsigned Major, Minor;
    if (MajorStr.getAsInteger(10, Major) || MinorStr.getAsInteger(10, Minor) ||
        Minor > 9)
      return nullptr;
    Version = Major * 10 + Minor;
  } else {
    if (!S.consume_front("sm_"))
      S.consume_front("compute_");
    // sm_90a (arch-specific) and sm_100f (family-specific) run on the base
    // architecture's hardware.
    if (!S.empty() && (S.back() == 'a' || S.back() == 'f'))
      S = S.drop_back();
    if (S.getAsInteger(10, Version))
      return nullptr;
  }
  for (const ArchInfo &A : Archs)
    if (A.smVersion() == Version)
      return &A;
  return nullptr;
}

Expected<const ArchInfo &> lookupArch(StringRef Spelling) {
  return foundOrKnownList(findArch(Spelling), allArchs(), "GPU architecture",
                          Spelling, "; 'a' and 'f' suffixes are accepted");
}

Error checkKnownArchs(ArrayRef<std::string> Archs) {
  for (const std::string &A : Archs)
    if (Expected<const ArchInfo &> Known = lookupArch(A); !Known)
      return Known.takeError();
  return Error::success();
}

} // namespace cudalint
