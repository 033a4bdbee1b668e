//===- DeviceCommand.h - Device compile commands per arch -------*- C++ -*-===//
//
// From the user's compile command (as translated for the host-side parse) to
// the argv templates of one device compile per target arch, and back from
// the compile's temporary directory to the files it read (for the cache).
// See docs/device-facts.md for why these commands and not others.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_DEVICECOMMAND_H
#define CUDALINT_LIB_DEVICE_DEVICECOMMAND_H

#include "cudalint/CompileCommands/CompileCommand.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace cudalint::device {

/// The compiler that builds the device side of a unit.
enum class Tool { Nvcc, Clang, Hip };

const char *toolName(Tool T); // "nvcc", "clang", "hip-clang"

/// The placeholder for the per-job temporary directory in argv templates:
/// the cache key is computed on the template, the run on the real path.
inline constexpr char TmpMark[] = "@CUDALINT_TMP@";

/// The user's flags as the device compile with Use takes them: nvcc's own
/// for an nvcc command, the preprocessor and language flags of a Clang/GCC
/// command built with nvcc, Clang's for Clang (with nvcc's spellings that
/// Clang does not know translated).
std::vector<std::string> deviceFlags(Tool Use, const TranslatedCommand &T);

/// The -O level Clang compiles the device side at: the command's last -O
/// flag, else "-O0" (Clang's default; nvcc optimises device code
/// regardless).
llvm::StringRef clangDeviceOptLevel(llvm::ArrayRef<std::string> ClangArgs);

/// nvcc <flags> -cubin -gencode arch=compute_XY,code=sm_XY -Xptxas -v
///      --keep --keep-dir <tmp> -o <tmp>/device.cubin <file>
/// (one invocation: the PTX is kept, ptxas' report is on stderr).
std::vector<std::string> nvccCompileCommand(const std::string &Nvcc,
                                            llvm::ArrayRef<std::string> Flags,
                                            llvm::StringRef Arch,
                                            const std::string &File);

/// clang++ <flags> --cuda-device-only -S --cuda-gpu-arch=sm_XY
///         -MD -MF <tmp>/deps.d -o <tmp>/device.ptx <file>
std::vector<std::string> clangCompileCommand(const std::string &Clang,
                                             llvm::ArrayRef<std::string> Flags,
                                             const std::string &Arch,
                                             const std::string &CudaRoot,
                                             const std::string &File);

/// ptxas -v -arch=sm_XY <-Xcuda-ptxas flags> <tmp>/device.ptx, after
/// clangCompileCommand.
std::vector<std::string> ptxasCommand(const std::string &Ptxas,
                                      const std::string &Arch,
                                      const TranslatedCommand &T);

/// Argv with TmpMark replaced by Tmp.
std::vector<std::string> substituteTmp(llvm::ArrayRef<std::string> Argv,
                                       llvm::StringRef Tmp);

/// Adds the files a device compile in Tmp read, as its kept preprocessed
/// files (nvcc) and dependency files (clang) name them, resolved against
/// Dir.
void collectCompileDeps(llvm::StringRef Tmp, llvm::StringRef Dir,
                        std::set<std::string> &Deps);

} // namespace cudalint::device

#endif
