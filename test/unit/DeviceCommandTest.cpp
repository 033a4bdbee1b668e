//===- DeviceCommandTest.cpp - Device compile commands per arch -----------===//
//
// The flags a device compile gets from the user's command (DeviceCommand.h).
//
//===----------------------------------------------------------------------===//

#include "DeviceCommand.h"
#include "HipDevice.h"

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

// A .cpp file that a Clang command parses as CUDA: nvcc compiles it as CUDA
// too (without -x cu it would be C++, and threadIdx unknown).
TEST(DeviceFlags, ClangCudaLanguageReachesNvcc) {
  for (std::vector<std::string> Language :
       {std::vector<std::string>{"-x", "cuda"}, {"-xcuda"}}) {
    std::vector<std::string> Argv = {"clang++"};
    Argv.insert(Argv.end(), Language.begin(), Language.end());
    Argv.insert(Argv.end(), {"-c", "a.cpp"});
    std::vector<std::string> Flags = deviceFlags(Tool::Nvcc, translated(Argv));
    auto X = std::find(Flags.begin(), Flags.end(), "-x");
    ASSERT_NE(X, Flags.end()) << Language.front();
    ASSERT_NE(X + 1, Flags.end());
    EXPECT_EQ(X[1], "cu");
  }
  EXPECT_EQ(
      countOf(deviceFlags(Tool::Nvcc, translated({"clang++", "-c", "a.cu"})),
              "-x"),
      0);
}

// HIP: -fgpu-rdc stops the device compile at bitcode, where the backend's
// remarks never come; -fno-gpu-rdc after it makes the code.
TEST(DeviceFlags, HipRelocatableDeviceCodeCompiledWithout) {
  TranslatedCommand Relocatable =
      translated({"clang++", "-x", "hip", "--offload-arch=gfx90a", "-fgpu-rdc",
                  "-c", "a.hip"});
  EXPECT_TRUE(isRelocatableHip(Relocatable));
  std::vector<std::string> Flags = hipDeviceFlags(Relocatable);
  auto Rdc = std::find(Flags.rbegin(), Flags.rend(), "-fgpu-rdc");
  auto NoRdc = std::find(Flags.rbegin(), Flags.rend(), "-fno-gpu-rdc");
  EXPECT_TRUE(NoRdc < Rdc) << "-fno-gpu-rdc must come after -fgpu-rdc";
  TranslatedCommand Undone =
      translated({"hipcc", "-fgpu-rdc", "-fno-gpu-rdc", "-c", "a.cu"});
  EXPECT_FALSE(isRelocatableHip(Undone));
  EXPECT_EQ(countOf(hipDeviceFlags(Undone), "-fno-gpu-rdc"), 1);
}

} // namespace
