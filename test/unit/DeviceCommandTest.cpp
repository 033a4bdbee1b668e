//===- DeviceCommandTest.cpp - Device compile commands per arch -----------===//
//
// The flags a device compile gets from the user's command (DeviceCommand.h).
//
//===----------------------------------------------------------------------===//

#include "DeviceCommand.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace cudalint;
using namespace cudalint::device;

namespace {

TranslatedCommand translated(std::vector<std::string> Argv) {
  llvm::Expected<TranslatedCommand> T = translateCompileCommand(Argv, "/tmp");
  EXPECT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  return T ? std::move(*T) : TranslatedCommand();
}

long countOf(const std::vector<std::string> &Flags, const char *Flag) {
  return std::count(Flags.begin(), Flags.end(), Flag);
}

// nvcc's relocatable device code compiled with Clang: -fgpu-rdc once (the
// translation already gives it to the host parse, and the device flags
// added it a second time).
TEST(DeviceFlags, NvccRelocatableDeviceCodeWithClangOnce) {
  for (const char *Rdc :
       {"-rdc=true", "-dc", "--relocatable-device-code=true"}) {
    TranslatedCommand T = translated({"nvcc", Rdc, "-c", "a.cu"});
    EXPECT_EQ(countOf(deviceFlags(Tool::Clang, T), "-fgpu-rdc"), 1) << Rdc;
  }
}

TEST(DeviceFlags, ClangRelocatableDeviceCodeOnce) {
  TranslatedCommand T =
      translated({"clang++", "-x", "cuda", "-fgpu-rdc", "-c", "a.cu"});
  EXPECT_EQ(countOf(deviceFlags(Tool::Clang, T), "-fgpu-rdc"), 1);
}

TEST(DeviceFlags, NvccFastMathWithClang) {
  TranslatedCommand T = translated({"nvcc", "--use_fast_math", "-c", "a.cu"});
  EXPECT_EQ(countOf(deviceFlags(Tool::Clang, T), "-ffast-math"), 1);
}

TEST(DeviceFlags, NvccRelocatableDeviceCodeWithNvcc) {
  TranslatedCommand T = translated({"nvcc", "-dc", "a.cu"});
  std::vector<std::string> Flags = deviceFlags(Tool::Nvcc, T);
  EXPECT_EQ(countOf(Flags, "-rdc=true"), 1);
  EXPECT_EQ(countOf(Flags, "-fgpu-rdc"), 0);
}

} // namespace
