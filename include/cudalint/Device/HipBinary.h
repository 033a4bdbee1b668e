//===- HipBinary.h - AMD device code in a HIP build's outputs ---*- C++ -*-===//
//
// Where Clang 19 puts a HIP unit's device code (checked with llvm-readelf
// and clang-offload-bundler on `clang++-19 -x hip -c`, with and without
// -fgpu-rdc and --offload-compress):
//
//   .hip_fatbin      a clang offload bundle ("__CLANG_OFFLOAD_BUNDLE__", or
//                    "CCOB" when compressed) with one linked AMDGPU code
//                    object per --offload-arch, and an empty host entry;
//                    an executable holds one bundle per unit, each aligned
//   __CLANG_OFFLOAD_BUNDLE__<target>
//                    -fgpu-rdc: one section per target holding its LLVM
//                    bitcode (code is made at the device link)
//
// A code object is an ELF file (EM_AMDGPU) whose NT_AMDGPU_METADATA note
// ("AMDGPU") holds msgpack: `amdhsa.target` and, per kernel in
// `amdhsa.kernels`, the figures the backend decided (.sgpr_count,
// .vgpr_count, .agpr_count, .group_segment_fixed_size,
// .private_segment_fixed_size, spill counts, .uses_dynamic_stack). LLVM's
// readers do the work (DataExtractor, ELFFile,
// msgpack::Document, the AMDGPU metadata verifier); malformed input of any
// kind is an llvm::Error with a one-line reason, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_HIPBINARY_H
#define CUDALINT_HIPBINARY_H

#include "cudalint/Device/AmdResourceRemarks.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// One entry of a clang offload bundle.
struct OffloadBundleEntry {
  /// The bundle entry ID: "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+",
  /// "host-x86_64-unknown-linux-gnu-".
  std::string Target;
  std::string Data;
};

/// Whether Data starts like a clang offload bundle (plain or compressed).
bool isOffloadBundle(llvm::StringRef Data);

/// The entries of the bundles that follow one another in Data (zero padding
/// between them is skipped), compressed bundles decompressed.
llvm::Expected<std::vector<OffloadBundleEntry>>
readOffloadBundles(llvm::StringRef Data);

/// The gfx target of a bundle entry ID for an AMDGPU device ("gfx90a" for
/// "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+"; target features dropped, as
/// --arch drops them); empty for the host or another device.
std::string amdArchOfBundleEntry(llvm::StringRef Target);

/// Whether Data is an AMDGPU code object (64-bit little-endian ELF,
/// EM_AMDGPU).
bool isAmdCodeObject(llvm::StringRef Data);

/// What an AMDGPU code object's metadata note says.
struct AmdCodeObject {
  /// amdhsa.target: "amdgcn-amd-amdhsa--gfx90a".
  std::string Target;
  struct Kernel {
    /// Name, SGPRs, AGPRs, LDS, scratch, dynamic stack and spills; VGPRs
    /// stays unknown here (architectedVGPRs), and so does Occupancy (only
    /// the remark has it).
    AmdKernelUsage Usage;
    /// .vgpr_count: the VGPRs the wave is charged, AGPRs included.
    unsigned ChargedVGPRs = 0;
  };
  std::vector<Kernel> Kernels; // in the note's order

  /// The gfx target amdhsa.target names ("gfx90a"; features dropped).
  std::string arch() const;
};

/// Reads the code object's NT_AMDGPU_METADATA note (verified with LLVM's
/// AMDGPU metadata verifier).
llvm::Expected<AmdCodeObject> readAmdCodeObject(llvm::StringRef Elf);

/// The architected VGPRs behind .vgpr_count (Charged) and .agpr_count, as
/// far as they determine them. Unified: the target has one file for VGPRs
/// and AGPRs (gfx90a and newer), where a wave is charged the VGPRs rounded
/// up to 4 plus the AGPRs: with AGPRs, the VGPRs rounded up to 4 are given
/// (what the wave is charged for). Separate files (gfx908) charge the
/// larger count: the VGPRs are known when they are the larger. Without
/// AGPRs they are Charged. None when undetermined (or Unified is unknown).
std::optional<unsigned> architectedVGPRs(unsigned Charged, unsigned AGPRs,
                                         std::optional<bool> Unified);

} // namespace cudalint

#endif // CUDALINT_HIPBINARY_H
