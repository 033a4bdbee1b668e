//===- AmdGpuPresets.cpp - AMD GPU products and their compute units -------===//
//
// Compute units per product, from AMD's product specification pages and data
// sheets (listed per product in docs/arch-model.md). A preset is one HIP
// device: the MI250 and MI250X packages hold two graphics compute dies, each
// a device of its own, so their presets count one die's CUs.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Arch/AmdArch.h"

#include "TableLookup.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cudalint {

namespace {
const AmdGpuPreset AmdPresets[] = {
    {"MI25", "Instinct MI25", "gfx900", 64},
    {"MI50", "Instinct MI50", "gfx906", 60},
    {"MI60", "Instinct MI60", "gfx906", 64},
    {"Radeon-VII", "Radeon VII", "gfx906", 60},
    {"MI100", "Instinct MI100", "gfx908", 120},
    {"MI210", "Instinct MI210", "gfx90a", 104},
    {"MI250", "Instinct MI250, one of its two dies (2 x 104 CUs)", "gfx90a",
     104},
    {"MI250X", "Instinct MI250X, one of its two dies (2 x 110 CUs)", "gfx90a",
     110},
    {"MI300A", "Instinct MI300A", "gfx942", 228},
    {"MI300X", "Instinct MI300X", "gfx942", 304},
    {"MI325X", "Instinct MI325X", "gfx942", 304},
    {"MI350X", "Instinct MI350X", "gfx950", 256},
    {"MI355X", "Instinct MI355X", "gfx950", 256},
    {"RX-5700-XT", "Radeon RX 5700 XT", "gfx1010", 40},
    {"RX-6800", "Radeon RX 6800", "gfx1030", 60},
    {"RX-6800-XT", "Radeon RX 6800 XT", "gfx1030", 72},
    {"RX-6900-XT", "Radeon RX 6900 XT", "gfx1030", 80},
    {"PRO-W6800", "Radeon PRO W6800", "gfx1030", 60},
    {"RX-7900-XTX", "Radeon RX 7900 XTX", "gfx1100", 96},
    {"RX-7900-XT", "Radeon RX 7900 XT", "gfx1100", 84},
    {"PRO-W7900", "Radeon PRO W7900", "gfx1100", 96},
    {"PRO-W7800", "Radeon PRO W7800", "gfx1100", 70},
    {"RX-7800-XT", "Radeon RX 7800 XT", "gfx1101", 60},
    {"RX-7600", "Radeon RX 7600", "gfx1102", 32},
    {"RX-9060-XT", "Radeon RX 9060 XT", "gfx1200", 32},
    {"RX-9070", "Radeon RX 9070", "gfx1201", 56},
    {"RX-9070-XT", "Radeon RX 9070 XT", "gfx1201", 64},
    {"AI-PRO-R9700", "Radeon AI PRO R9700", "gfx1201", 64},
};

} // namespace

const AmdArchInfo &AmdGpuPreset::arch() const {
  if (const AmdArchInfo *A = findAmdArch(ArchName))
    return *A;
  llvm_unreachable("AMD GPU preset names a target missing from the table");
}

ArrayRef<AmdGpuPreset> allAmdGpuPresets() { return AmdPresets; }

const AmdGpuPreset *findAmdGpuPreset(StringRef Name) {
  // "mi300x", "RX 7900 XTX" and "rx_7900_xtx" name the same preset, as the
  // CUDA presets are matched.
  return findPresetByName(allAmdGpuPresets(), Name);
}

Expected<const AmdGpuPreset &> lookupAmdGpuPreset(StringRef Name) {
  return foundOrKnownList(findAmdGpuPreset(Name), allAmdGpuPresets(),
                          "AMD GPU preset", Name);
}

} // namespace cudalint
