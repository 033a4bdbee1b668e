//===- CudaBinaryFuzzer.cpp - The object reader on arbitrary bytes
//---------===//
//
// Any bytes given as a build output (object, archive, fatbin, cubin) must
// give facts or a one-line error: never a crash, a read out of bounds or an
// allocation the input does not justify.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/CudaBinary.h"

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

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  StringRef Data(reinterpret_cast<const char *>(Bytes), Size);
  if (Expected<cudalint::CudaBinary> B =
          cudalint::readCudaBinary(MemoryBufferRef(Data, "input")))
    for (const cudalint::CudaBinary::Container &Box : B->Fatbins)
      readCubins(Box.F);
  else
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
  return 0;
}
