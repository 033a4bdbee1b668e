//===- CudaBinaryFuzzer.cpp - The object reader on arbitrary bytes
//---------===//
//
// Any bytes given as a build output (object, archive, fatbin, cubin, HIP's
// offload bundles and AMDGPU code objects) must
// give facts or a one-line error: never a crash, a read out of bounds or an
// allocation the input does not justify.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/CudaBinary.h"
#include "cudalint/Device/HipBinary.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace llvm;

namespace {

/// An error must be one line.
void checkError(Error E) {
  std::string Message = toString(std::move(E));
  if (Message.empty() || Message.find('\n') != std::string::npos) {
    fprintf(stderr, "not one line: '%s'\n", Message.c_str());
    abort();
  }
}

void readCubins(const cudalint::Fatbin &F) {
  for (const cudalint::FatbinImage &I : F.Images)
    if (I.K == cudalint::FatbinImage::Kind::Cubin) {
      if (Expected<cudalint::Cubin> C = cudalint::readCubin(I.Data))
        (void)C->Kernels.size();
      else
        checkError(C.takeError());
    }
}

void readCodeObject(StringRef Data) {
  if (Expected<cudalint::AmdCodeObject> C = cudalint::readAmdCodeObject(Data))
    (void)C->Kernels.size();
  else
    checkError(C.takeError());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  StringRef Data(reinterpret_cast<const char *>(Bytes), Size);
  if (Expected<cudalint::CudaBinary> B =
          cudalint::readCudaBinary(MemoryBufferRef(Data, "input"))) {
    for (const cudalint::CudaBinary::Container &Box : B->Fatbins)
      readCubins(Box.F);
    for (const cudalint::HipImage &I : B->HipImages)
      readCodeObject(I.Data);
  } else
    checkError(B.takeError());
  // The layers on their own: a fatbin section's content, a cubin.
  if (Expected<std::vector<cudalint::Fatbin>> F = cudalint::readFatbins(Data))
    for (const cudalint::Fatbin &One : *F)
      readCubins(One);
  else
    checkError(F.takeError());
  if (Expected<cudalint::Cubin> C = cudalint::readCubin(Data))
    (void)C->Kernels.size();
  else
    checkError(C.takeError());
  // HIP's: an offload bundle's entries, an AMDGPU code object.
  if (Expected<std::vector<cudalint::OffloadBundleEntry>> E =
          cudalint::readOffloadBundles(Data))
    for (const cudalint::OffloadBundleEntry &One : *E)
      readCodeObject(One.Data);
  else
    checkError(E.takeError());
  readCodeObject(Data);
  return 0;
}
