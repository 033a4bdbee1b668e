//===- GpuPresets.cpp - GPU products and their SM counts ------------------===//
//
// SM counts are product facts (two parts of one architecture differ), taken
// from NVIDIA's product data sheets and architecture whitepapers; the
// per-product source is listed in docs/arch-model.md.
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
const GpuPreset Presets[] = {
    {"V100", "Tesla V100 (SXM2/PCIe)", 70, 80},
    {"Jetson-AGX-Xavier", "Jetson AGX Xavier", 72, 8},
    {"T4", "Tesla T4", 75, 40},
    // The largest Turing part (TU102): also TITAN RTX and Quadro RTX 6000.
    {"Quadro-RTX-8000", "Quadro RTX 8000", 75, 72},
    {"A100-SXM", "A100 SXM4 (40/80 GB)", 80, 108},
    {"A100-PCIe", "A100 PCIe (40/80 GB)", 80, 108},
    {"A30", "A30", 80, 56},
    {"A10", "A10", 86, 72},
    {"A40", "A40", 86, 84},
    {"RTX-A6000", "RTX A6000", 86, 84},
    {"RTX-3090", "GeForce RTX 3090", 86, 82},
    {"Jetson-AGX-Orin", "Jetson AGX Orin 64GB", 87, 16},
    {"L4", "L4", 89, 58},
    {"L40", "L40", 89, 142},
    {"L40S", "L40S", 89, 142},
    {"RTX-6000-Ada", "RTX 6000 Ada Generation", 89, 142},
    {"RTX-4080", "GeForce RTX 4080", 89, 76},
    {"RTX-4090", "GeForce RTX 4090", 89, 128},
    {"H100-SXM", "H100 SXM5", 90, 132},
    {"H100-PCIe", "H100 PCIe", 90, 114},
    {"H100-NVL", "H100 NVL", 90, 132},
    {"H200", "H200 SXM", 90, 132},
    {"GH200", "GH200 Grace Hopper", 90, 132},
    {"B200", "B200", 100, 148},
    {"Jetson-Thor", "Jetson AGX Thor", 110, 20},
    {"RTX-5090", "GeForce RTX 5090", 120, 170},
    {"RTX-5080", "GeForce RTX 5080", 120, 84},
    {"RTX-PRO-6000", "RTX PRO 6000 Blackwell", 120, 188},
    {"DGX-Spark", "DGX Spark (GB10)", 121, 48},
};

} // namespace

const ArchInfo &GpuPreset::arch() const {
  for (const ArchInfo &A : allArchs())
    if (A.smVersion() == SmVersion)
      return A;
  llvm_unreachable("GPU preset names an architecture missing from the table");
}

ArrayRef<GpuPreset> allGpuPresets() { return Presets; }

const GpuPreset *findGpuPreset(StringRef Name) {
  return findPresetByName(allGpuPresets(), Name);
}

Expected<const GpuPreset &> lookupGpuPreset(StringRef Name) {
  return foundOrKnownList(findGpuPreset(Name), allGpuPresets(), "GPU preset",
                          Name);
}

Expected<std::shared_ptr<const CustomGpu>>
makeCustomGpu(StringRef Arch, StringRef SMCount, StringRef Setting) {
  unsigned SMs = 0;
  if (SMCount.trim().getAsInteger(10, SMs) || SMs == 0 || SMs > MaxSMCount)
    return createStringError(inconvertibleErrorCode(),
                             "'%s' is not a number of SMs from 1 to %u",
                             SMCount.str().c_str(), MaxSMCount);
  Expected<const ArchInfo &> A = lookupArch(Arch);
  if (!A)
    return A.takeError();
  auto G = std::make_shared<CustomGpu>();
  G->Name = formatv("{0}={1}", Setting, SMs).str();
  G->Description =
      formatv("an {0} GPU with {1} SMs ({2})", A->Name, SMs, Setting).str();
  G->Preset = {G->Name, G->Description, A->smVersion(), SMs};
  return G;
}

} // namespace cudalint
