//===- PtxasLogFuzzer.cpp - ptxas -v / nvcc --resource-usage logs ---------===//
//
// Logs come from compilers of any version and from files the user names
// (--resource-usage=<log>): any text gives a log or a one-line error.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/DeviceFacts.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Bytes), Size);
  llvm::Expected<cudalint::PtxasLog> Log = cudalint::parsePtxasLog(Text);
  if (!Log) {
    std::string Message = llvm::toString(Log.takeError());
    if (Message.find('\n') != std::string::npos)
      abort();
    return 0;
  }
  for (const cudalint::PtxasFunction &F : Log->Functions)
    if (F.Name.size() > Size || F.Arch.size() > Size)
      abort(); // every name is a piece of the input
  return 0;
}
