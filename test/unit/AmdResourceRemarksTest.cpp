// The kernel-resource-usage remark parser on logs clang++-19 wrote on this
// machine (-x hip --cuda-device-only -O2 -Rpass-analysis=kernel-resource-usage
// -S), with the source snippets and the other diagnostics left in.

#include "cudalint/Device/AmdResourceRemarks.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

using namespace cudalint;

namespace {

constexpr const char *Tag = " [-Rpass-analysis=kernel-resource-usage]";

std::string remark(const char *Where, const char *Text) {
  return std::string(Where) + ": remark: " + Text + Tag + "\n";
}

// --offload-arch=gfx90a: a kernel with an inline asm clobber of v40, a7
// and s50 under __launch_bounds__(256), and one without bounds.
const char *Gfx90aLog =
    R"(r.hip:2:1: remark: Function Name: _Z3accPf [-Rpass-analysis=kernel-resource-usage]
    2 | __global__ __launch_bounds__(256) void acc(float *p) {
      | ^
r.hip:2:1: remark:     SGPRs: 57 [-Rpass-analysis=kernel-resource-usage]
r.hip:2:1: remark:     VGPRs: 41 [-Rpass-analysis=kernel-resource-usage]
r.hip:2:1: remark:     AGPRs: 8 [-Rpass-analysis=kernel-resource-usage]
r.hip:2:1: remark:     ScratchSize [bytes/lane]: 0 [-Rpass-analysis=kernel-resource-usage]
r.hip:2:1: remark:     Dynamic Stack: True [-Rpass-analysis=kernel-resource-usage]
r.hip:2:1: remark:     Occupancy [waves/SIMD]: 8 [-Rpass-analysis=kernel-resource-usage]
r.hip:2:1: remark:     SGPRs Spill: 0 [-Rpass-analysis=kernel-resource-usage]
r.hip:2:1: remark:     VGPRs Spill: 0 [-Rpass-analysis=kernel-resource-usage]
r.hip:2:1: remark:     LDS Size [bytes/block]: 0 [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark: Function Name: _Z5scalePff [-Rpass-analysis=kernel-resource-usage]
    6 | __global__ void scale(float *p, float s) { p[blockIdx.x * blockDim.x + threadIdx.x] *= s; }
      | ^
r.hip:6:1: remark:     SGPRs: 51 [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark:     VGPRs: 44 [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark:     AGPRs: 0 [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark:     ScratchSize [bytes/lane]: 0 [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark:     Dynamic Stack: True [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark:     Occupancy [waves/SIMD]: 8 [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark:     SGPRs Spill: 0 [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark:     VGPRs Spill: 0 [-Rpass-analysis=kernel-resource-usage]
r.hip:6:1: remark:     LDS Size [bytes/block]: 0 [-Rpass-analysis=kernel-resource-usage]
)";

// --offload-arch=gfx906 with the device libraries: no AGPRs line; the
// link step's errors follow the remarks.
const char *Gfx906Log =
    R"(t.hip:3:1: remark: Function Name: _Z2k1Pf [-Rpass-analysis=kernel-resource-usage]
    3 | __global__ __launch_bounds__(256) void k1(float *p) { __shared__ float s[4096]; }
      | ^
t.hip:3:1: remark:     SGPRs: 10 [-Rpass-analysis=kernel-resource-usage]
t.hip:3:1: remark:     VGPRs: 3 [-Rpass-analysis=kernel-resource-usage]
t.hip:3:1: remark:     ScratchSize [bytes/lane]: 0 [-Rpass-analysis=kernel-resource-usage]
t.hip:3:1: remark:     Dynamic Stack: False [-Rpass-analysis=kernel-resource-usage]
t.hip:3:1: remark:     Occupancy [waves/SIMD]: 4 [-Rpass-analysis=kernel-resource-usage]
t.hip:3:1: remark:     SGPRs Spill: 0 [-Rpass-analysis=kernel-resource-usage]
t.hip:3:1: remark:     VGPRs Spill: 0 [-Rpass-analysis=kernel-resource-usage]
t.hip:3:1: remark:     LDS Size [bytes/block]: 16384 [-Rpass-analysis=kernel-resource-usage]
lld: error: unknown emulation: elf64_amdgpu
clang++-19: error: amdgcn-link command failed with exit code 1 (use -v to see invocation)
)";

TEST(AmdResourceRemarksTest, Gfx90aKernels) {
  auto Kernels = parseAmdResourceRemarks(Gfx90aLog);
  ASSERT_TRUE(bool(Kernels)) << llvm::toString(Kernels.takeError());
  ASSERT_EQ(Kernels->size(), 2u);
  const AmdKernelUsage &Acc = (*Kernels)[0];
  EXPECT_EQ(Acc.Name, "_Z3accPf");
  EXPECT_EQ(Acc.File, "r.hip");
  EXPECT_EQ(Acc.Line, 2u);
  EXPECT_EQ(Acc.Column, 1u);
  EXPECT_EQ(Acc.SGPRs, 57u);
  EXPECT_EQ(Acc.VGPRs, 41u);
  EXPECT_EQ(Acc.AGPRs, 8u);
  EXPECT_EQ(Acc.ScratchBytesPerLane, 0u);
  EXPECT_EQ(Acc.DynamicStack, true);
  EXPECT_EQ(Acc.Occupancy, 8u);
  EXPECT_EQ(Acc.SGPRSpills, 0u);
  EXPECT_EQ(Acc.VGPRSpills, 0u);
  EXPECT_EQ(Acc.LDSBytes, 0u);
  EXPECT_TRUE(Acc.complete());
  EXPECT_EQ((*Kernels)[1].Name, "_Z5scalePff");
  EXPECT_EQ((*Kernels)[1].VGPRs, 44u);
  EXPECT_EQ((*Kernels)[1].Line, 6u);
}

TEST(AmdResourceRemarksTest, Gfx906WithoutAgprsAndWithLinkErrors) {
  auto Kernels = parseAmdResourceRemarks(Gfx906Log);
  ASSERT_TRUE(bool(Kernels)) << llvm::toString(Kernels.takeError());
  ASSERT_EQ(Kernels->size(), 1u);
  const AmdKernelUsage &K = (*Kernels)[0];
  EXPECT_FALSE(K.AGPRs.has_value());
  EXPECT_EQ(K.DynamicStack, false);
  EXPECT_EQ(K.Occupancy, 4u);
  EXPECT_EQ(K.LDSBytes, 16384u);
  EXPECT_TRUE(K.complete());
}

TEST(AmdResourceRemarksTest, MissingFieldsStayUnknown) {
  std::string Log = remark("a.hip:1:1", "Function Name: k") +
                    remark("a.hip:1:1", "    VGPRs: 12") +
                    remark("a.hip:1:1", "    Some Future Field: 7");
  auto Kernels = parseAmdResourceRemarks(Log);
  ASSERT_TRUE(bool(Kernels)) << llvm::toString(Kernels.takeError());
  ASSERT_EQ(Kernels->size(), 1u);
  EXPECT_EQ((*Kernels)[0].VGPRs, 12u);
  EXPECT_FALSE((*Kernels)[0].SGPRs.has_value());
  EXPECT_FALSE((*Kernels)[0].complete());
}

TEST(AmdResourceRemarksTest, PathsWithColonsAndCRLF) {
  std::string Log = "C:\\src\\f.hip:12:3: remark: Function Name: _Z1kv" +
                    std::string(Tag) + "\r\n";
  auto Kernels = parseAmdResourceRemarks(Log);
  ASSERT_TRUE(bool(Kernels)) << llvm::toString(Kernels.takeError());
  ASSERT_EQ(Kernels->size(), 1u);
  EXPECT_EQ((*Kernels)[0].File, "C:\\src\\f.hip");
  EXPECT_EQ((*Kernels)[0].Line, 12u);
  EXPECT_EQ((*Kernels)[0].Column, 3u);
}

TEST(AmdResourceRemarksTest, EmptyAndUnrelatedLogs) {
  auto Kernels = parseAmdResourceRemarks("warning: something else\n\n");
  ASSERT_TRUE(bool(Kernels));
  EXPECT_TRUE(Kernels->empty());
}

TEST(AmdResourceRemarksTest, Errors) {
  auto Message = [](const std::string &Log) {
    auto Kernels = parseAmdResourceRemarks(Log);
    return Kernels ? std::string() : llvm::toString(Kernels.takeError());
  };
  EXPECT_NE(Message(remark("a.hip:1:1", "    VGPRs: 3"))
                .find("line 1: 'VGPRs' before any 'Function Name'"),
            std::string::npos);
  std::string Log = remark("a.hip:1:1", "Function Name: k") +
                    remark("a.hip:1:1", "    VGPRs: lots");
  EXPECT_NE(Message(Log).find("line 2: 'VGPRs' is not a number"),
            std::string::npos);
  Log = remark("a.hip:1:1", "Function Name: k") +
        remark("a.hip:1:1", "    VGPRs: 3") +
        remark("a.hip:1:1", "    VGPRs: 4");
  EXPECT_NE(Message(Log).find("given twice for kernel k"), std::string::npos);
  Log = remark("a.hip:1:1", "Function Name: k") +
        remark("a.hip:1:1", "    Dynamic Stack: maybe");
  EXPECT_NE(Message(Log).find("not True or False"), std::string::npos);
}

} // namespace
