// The occupancy question as the `occupancy` command and its --batch lines
// ask it (lib/Occupancy/OccupancyRequest.cpp): fields by name, numbers with
// a K suffix, one validated query per vendor, and an error naming the field.

#include "cudalint/Occupancy/OccupancyRequest.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

#include <string>
#include <variant>

using namespace cudalint;
using namespace llvm;

namespace {

/// The request one batch line asks; a bad line fails the test.
OccupancyRequest batchLine(StringRef Line) {
  OccupancyRequest R;
  Expected<json::Value> V = json::parse(Line);
  EXPECT_TRUE(bool(V)) << Line.str();
  if (!V) {
    consumeError(V.takeError());
    return R;
  }
  EXPECT_FALSE(bool(readOccupancyBatchLine(*V->getAsObject(), R)));
  return R;
}

/// Why the request is refused ("" when it is not).
std::string refusal(const OccupancyRequest &R) {
  Expected<AnyOccupancyQuery> Q = resolveOccupancyRequest(R);
  return Q ? std::string() : toString(Q.takeError());
}

TEST(OccupancyRequestTest, CudaLineResolvesToACudaQuery) {
  OccupancyRequest R = batchLine(
      R"({"id": 3, "gpu": "A100-SXM", "threads": 256, "regs": 72, "smem": 1024,
          "cache_config": "prefer-shared", "carveout": 50})");
  Expected<AnyOccupancyQuery> Q = resolveOccupancyRequest(R);
  ASSERT_TRUE(bool(Q)) << toString(Q.takeError());
  const auto *Cuda = std::get_if<OccupancyQuery>(&*Q);
  ASSERT_NE(Cuda, nullptr);
  EXPECT_EQ(Cuda->Arch->Name, "sm_80");
  EXPECT_EQ(Cuda->Gpu->Name, "A100-SXM");
  EXPECT_EQ(Cuda->Input.ThreadsPerBlock, 256u);
  EXPECT_EQ(Cuda->Input.RegistersPerThread, 72u);
  EXPECT_EQ(Cuda->Input.StaticSharedMem, 1024u);
  EXPECT_EQ(Cuda->Input.CarveoutPercent, 50);
  EXPECT_EQ(Cuda->Input.CacheConfig, CachePreference::PreferShared);
}

TEST(OccupancyRequestTest, AmdTargetTakesTheCudaNamesOfItsFields) {
  OccupancyRequest R = batchLine(
      R"({"arch": "gfx90a", "threads": 64, "regs": 65, "smem": 512})");
  Expected<AnyOccupancyQuery> Q = resolveOccupancyRequest(R);
  ASSERT_TRUE(bool(Q)) << toString(Q.takeError());
  const auto *Amd = std::get_if<AmdOccupancyQuery>(&*Q);
  ASSERT_NE(Amd, nullptr);
  EXPECT_EQ(Amd->Arch->Name, "gfx90a");
  EXPECT_EQ(Amd->Input.WorkGroupSize, 64u);
  EXPECT_EQ(Amd->Input.VGPRs, 65u);
  EXPECT_EQ(Amd->Input.StaticLDS, 512u);
}

TEST(OccupancyRequestTest, ErrorsNameTheField) {
  EXPECT_EQ(refusal(batchLine(R"({"arch": "sm_80", "threads": -1,
                                  "regs": 32})")),
            "threads: must not be negative, got -1");
  EXPECT_EQ(refusal(batchLine(R"({"arch": "sm_80", "threads": 256})")),
            "regs: missing: give the registers per thread");
  EXPECT_EQ(refusal(batchLine(R"({"threads": 256, "regs": 32})")),
            "arch: missing: give an architecture (sm_80, gfx90a) or a GPU "
            "preset (gpu)");
  EXPECT_EQ(refusal(batchLine(R"({"arch": "gfx90a", "threads": 64,
                                  "vgprs": 8, "barriers": 1})")),
            "barriers: a CUDA setting; gfx90a is an AMD target");
  EXPECT_EQ(refusal(batchLine(R"({"arch": "sm_80", "threads": 64,
                                  "regs": 8, "wave_size": 32})")),
            "wave_size: an AMD setting; sm_80 is a CUDA architecture");
  EXPECT_EQ(refusal(batchLine(R"({"arch": "sm_90", "threads": 256, "regs": 32,
                                  "max_dyn_smem": 300000})")),
            "max_dyn_smem: 300000 B + 0 B static shared memory exceed the "
            "sm_90 opt-in maximum of 232448 B per block; the runtime refuses "
            "it (at most 232448 accepted)");
  EXPECT_EQ(refusal(batchLine(R"({"arch": "gfx90a", "gpu": "A100-SXM",
                                  "threads": 64, "vgprs": 8})")),
            "arch: 'gfx90a' contradicts gpu A100-SXM, an NVIDIA GPU (sm_80)");
}

TEST(OccupancyRequestTest, BatchLinesRefuseUnknownAndMistypedFields) {
  OccupancyRequest R;
  auto Read = [&](StringRef Line) {
    Expected<json::Value> V = json::parse(Line);
    EXPECT_TRUE(bool(V));
    if (!V)
      return toString(V.takeError());
    Error E = readOccupancyBatchLine(*V->getAsObject(), R);
    return E ? toString(std::move(E)) : std::string();
  };
  EXPECT_EQ(Read(R"({"threads": "many"})"),
            "threads: expected an integer, got \"many\"");
  EXPECT_EQ(Read(R"({"arch": 80})"), "arch: expected a string");
  EXPECT_EQ(Read(R"({"thread": 256})").substr(0, 30),
            "thread: unknown field (known: ");
  // A null maximum clears a default from the command line.
  R.MaxDynSmem = 4096;
  EXPECT_EQ(Read(R"({"max_dyn_smem": null, "id": "x"})"), "");
  EXPECT_FALSE(R.MaxDynSmem.has_value());
}

TEST(OccupancyRequestTest, FieldsByNameAndNumbersWithSuffixes) {
  OccupancyRequest R;
  ASSERT_NE(requestTextField(R, "cache_config"), nullptr);
  EXPECT_EQ(requestTextField(R, "threads"), nullptr);
  ASSERT_NE(requestNumberField(R, "dyn_lds"), nullptr);
  EXPECT_EQ(requestNumberField(R, "dyn-lds"), nullptr);
  EXPECT_TRUE(isRequestByteField("max_dyn_smem"));
  EXPECT_FALSE(isRequestByteField("regs"));

  Expected<int64_t> K = parseRequestNumber("smem", "48K", /*AllowK=*/true);
  ASSERT_TRUE(bool(K));
  EXPECT_EQ(*K, 49152);
  Expected<int64_t> KiB = parseRequestNumber("smem", " 2KiB", true);
  ASSERT_TRUE(bool(KiB));
  EXPECT_EQ(*KiB, 2048);
  Expected<int64_t> NoK = parseRequestNumber("regs", "48K", false);
  ASSERT_FALSE(bool(NoK));
  EXPECT_EQ(toString(NoK.takeError()), "regs: expected an integer, got '48K'");
  Expected<int64_t> Huge = parseRequestNumber("smem", "2000000000000", true);
  ASSERT_FALSE(bool(Huge));
  EXPECT_EQ(toString(Huge.takeError()),
            "smem: 2000000000000 is not a plausible value");
}

} // namespace
