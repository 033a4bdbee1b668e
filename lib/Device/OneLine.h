//===- OneLine.h - Error messages that stay on one line ---------*- C++ -*-===//
//
// Messages from LLVM's object readers can quote raw bytes of the input (an
// archive member's "name" in a corrupt archive, newlines included); the
// tool's contract is one line per error.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_ONELINE_H
#define CUDALINT_LIB_DEVICE_ONELINE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace cudalint {

/// E's message with control and non-ASCII bytes written as \xNN.
inline llvm::Error oneLineError(llvm::Error E) {
  std::string Message = llvm::toString(std::move(E)), Out;
  llvm::raw_string_ostream OS(Out);
  for (unsigned char C : Message) {
    if (C < 0x20 || C >= 0x7f)
      OS << "\\x" << llvm::format_hex_no_prefix(C, 2);
    else
      OS << C;
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(), OS.str());
}

} // namespace cudalint

#endif
