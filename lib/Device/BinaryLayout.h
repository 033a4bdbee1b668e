//===- BinaryLayout.h - What the device binary readers share ----*- C++ -*-===//
//
// The fatbin, offload bundle, cubin and code object readers take their bytes
// from wherever a container put them: linkers pad between containers with
// zeros, and an archive member may sit at any even offset while LLVM's
// ELFFile reads its structures in place.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_BINARYLAYOUT_H
#define CUDALINT_LIB_DEVICE_BINARYLAYOUT_H

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace cudalint {

/// How many zero bytes Rest starts with: the padding before the next
/// container, all of Rest when nothing follows it.
inline size_t paddingZeros(llvm::StringRef Rest) {
  return std::min(Rest.find_first_not_of('\0'), Rest.size());
}

/// Data where ELFFile can read it in place: Data itself when it is 8-byte
/// aligned, else a copy kept in Storage (which must outlive the ELFFile).
inline llvm::StringRef alignedForElf(llvm::StringRef Data,
                                     std::string &Storage) {
  if (reinterpret_cast<uintptr_t>(Data.data()) % alignof(uint64_t) == 0)
    return Data;
  Storage = Data.str();
  return Storage;
}

} // namespace cudalint

#endif
