//===- CudaBinary.h - Device code in a build's outputs ----------*- C++ -*-===//
//
// The device code nvcc embeds in what a build produces, read without any
// CUDA tool: host objects, static libraries, shared libraries and
// executables carry fatbins (ELF sections `.nv_fatbin`, and
// `__nv_relfatbin` for relocatable device code), a fatbin holds one image
// per arch (a cubin, PTX, or LTO IR; possibly compressed), and a cubin
// records per kernel what ptxas decided (registers, shared memory, stack,
// launch bounds). Every layout here was checked against nvcc 13.0's own
// outputs; docs/device-facts.md ("Reading a build's objects") says how.
// Malformed input of any kind is an llvm::Error with a one-line reason,
// never a crash or a read out of bounds.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CUDABINARY_H
#define CUDALINT_CUDABINARY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

//===-- Fatbin containers ------------------------------------------------===//

/// One image of a fatbin, decompressed.
struct FatbinImage {
  enum class Kind { Ptx, Cubin, Other };
  Kind K = Kind::Other;
  /// The entry's kind field: 1 PTX, 2 cubin (ELF), 8 LTO IR (-dlto).
  unsigned KindCode = 0;
  /// The arch number: 80 for sm_80 and compute_80.
  unsigned Arch = 0;
  /// "a" (sm_90a), "f" (sm_100f) or "".
  std::string Suffix;
  /// How the payload was stored: "none", "zstd" or "lz4".
  std::string Compression;
  /// The payload; PTX without the NUL padding.
  std::string Data;

  /// "sm_90a" for a cubin, "compute_90a" for PTX or LTO IR.
  std::string archName() const;
};

/// The images of one fatbin: one translation unit's device code (or a
/// device link's).
struct Fatbin {
  std::vector<FatbinImage> Images;
};

/// Parses the fatbin containers that follow one another in Data (an
/// executable's `.nv_fatbin` holds one per object linked in, zero padding
/// between them is skipped), decompressing each image.
llvm::Expected<std::vector<Fatbin>> readFatbins(llvm::StringRef Data);

/// Decodes an LZ4 block (the raw block format, no frame) of exactly
/// DecompressedSize bytes: `--compress-mode=speed` stores fatbin images so.
llvm::Expected<std::string> decompressLz4Block(llvm::StringRef Compressed,
                                               uint64_t DecompressedSize);

//===-- Cubins -----------------------------------------------------------===//

/// What a cubin records about one kernel (an STT_FUNC symbol marked as an
/// entry, with its `.nv.info.<name>` attributes). Spills are not recorded:
/// only ptxas' report has them.
struct CubinKernel {
  std::string Name; // mangled
  unsigned Registers = 0, Barriers = 0;
  /// `.nv.shared.<name>`, less the 1 KiB a linked sm_90+ cubin puts first.
  uint64_t StaticSmem = 0;
  uint64_t StackFrame = 0;
  /// ptxas' "cumulative stack size": known once the cubin is linked (a
  /// relocatable cubin's calls may reach code not yet linked in).
  std::optional<uint64_t> CumulativeStack;
  /// `.nv.constant0.<name>`: the parameters and ptxas' constants (cmem[0]).
  std::optional<uint64_t> ConstMem0;
  /// .maxntid / .reqntid / .reqnctapercluster as ptxas saw them.
  std::optional<std::array<unsigned, 3>> MaxNTid, ReqNTid, ClusterDims;
  std::optional<unsigned> MaxClusterRank;
  bool ExplicitCluster = false;
  /// The register cap ptxas applied (EIATTR_MAXREG_COUNT): .maxnreg,
  /// -maxrregcount, or one derived from the launch bounds; none at 255.
  std::optional<unsigned> RegisterCap;
};

struct Cubin {
  unsigned Arch = 0; // 80 for sm_80
  /// The compute_XY the cubin was compiled from (`.note.nv.cuinfo`): 80 for
  /// an sm_86 cubin built from compute_80 PTX; 0 when not recorded.
  unsigned VirtualArch = 0;
  /// ET_REL: relocatable device code (-rdc) not yet device-linked.
  bool Relocatable = false;
  std::vector<CubinKernel> Kernels; // in symbol table order
};

/// Parses one cubin (a 64-bit little-endian EM_CUDA ELF file).
llvm::Expected<Cubin> readCubin(llvm::StringRef Elf);

//===-- Build outputs ----------------------------------------------------===//

/// One AMD device image of a HIP build output (HipBinary.h).
struct HipImage {
  /// Where it was found: ".hip_fatbin", "k.o: __CLANG_OFFLOAD_BUNDLE__hip-
  /// amdgcn-amd-amdhsa--gfx90a", or "" for a raw code object.
  std::string Where;
  /// "gfx90a"; empty for a raw code object (its metadata names it).
  std::string Arch;
  /// An AMDGPU code object, or LLVM bitcode (-fgpu-rdc).
  std::string Data;
};

/// The device code of a build output.
struct CudaBinary {
  struct Container {
    /// Where it was found in the file: ".nv_fatbin", "k.o: __nv_relfatbin"
    /// (an archive's member), or "" for a raw fatbin or cubin file.
    std::string Where;
    Fatbin F;
  };
  std::vector<Container> Fatbins;
  /// HIP: the AMDGPU images of every offload bundle, and how many bundles
  /// (or -fgpu-rdc bundle sections) there were.
  std::vector<HipImage> HipImages;
  unsigned HipBundles = 0;
};

/// Whether Head (the first bytes of a file) starts like something
/// readCudaBinary reads: ELF, an ar archive, a fatbin, an offload bundle.
bool looksLikeCudaBinary(llvm::StringRef Head);

/// Reads any of: a host object, static library (ar archive, members read
/// recursively), shared library or executable (ELF), a raw fatbin
/// (`nvcc -fatbin`), a raw cubin (`nvcc -cubin`), and HIP's: the offload
/// bundles in objects (`.hip_fatbin`, -fgpu-rdc's bundle sections), a raw
/// bundle (`.hipfb`) or a raw AMDGPU code object. An ELF file without any
/// of those sections yields no containers: it has no device code.
llvm::Expected<CudaBinary> readCudaBinary(llvm::MemoryBufferRef Buffer);

} // namespace cudalint

#endif // CUDALINT_CUDABINARY_H
