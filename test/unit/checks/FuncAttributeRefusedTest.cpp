//===- FuncAttributeRefusedTest.cpp - cuda-func-attribute-refused ---------===//
//
// lib/Checks/FuncAttributeRefused.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(FuncAttributeRefused, Refused, "cuda-func-attribute-refused");

CHECK_TEST(FuncAttributeRefused, OptInOverTheArchMaximum, Refused, Both) {
  Kernel K("k");
  // 232448 B (227 KiB) is sm_90's maximum: accepted; one byte more is not.
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .setting(K, "MaxDynamicSharedMemorySize", c(232448))
                  .findings(Refused),
              IsEmpty());
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K)
          .setting(K, "MaxDynamicSharedMemorySize", c(232449))
          .findings(Refused),
      ElementsAre(AllOf(
          error("sm_90",
                says("cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamic"
                     "SharedMemorySize, 232449) asks for up to 232449 B of "
                     "dynamic shared memory, more than the sm_90 maximum of "
                     "227 KiB per block; the call fails with "
                     "cudaErrorInvalidValue and 'k' keeps the 48 KiB "
                     "default")),
          Field(&Diagnostic::CudaError, "cudaErrorInvalidValue"), at(15),
          withNote("static shared memory is not known here"))));
  // With static shared memory, and after an accepted opt-in.
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K, Resources(K, "sm_90").regs(32).staticSmem(16 * 1024))
          .setting(K, "MaxDynamicSharedMemorySize", c(100 * 1024), 14)
          .setting(K, "MaxDynamicSharedMemorySize", c(220 * 1024), 15)
          .findings(Refused),
      ElementsAre(AllOf(error("sm_90", says("on top of 16 KiB static (236 KiB "
                                            "in all)",
                                            "keeps the 100 KiB it opted in to "
                                            "before")),
                        at(15), withNote("the opt-in that holds, set here"),
                        withNote("at most 216064 bytes are accepted on sm_90 "
                                 "(232448 - 16384 static)"))));
  // Unknown stays unknown.
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .setting(K, "MaxDynamicSharedMemorySize", unknown())
                  .findings(Refused),
              IsEmpty());
}

CHECK_TEST(FuncAttributeRefused, NoNameForAToolkitItWasNotCheckedOn, Refused,
           Reports) {
  Kernel K("k");
  for (const char *Version : {"12.8", ""}) {
    SCOPED_TRACE(Version);
    std::vector<Diagnostic> D =
        Scenario({"sm_90"})
            .toolkit(Version)
            .with(K)
            .setting(K, "MaxDynamicSharedMemorySize", c(300000))
            .findings(Refused);
    ASSERT_THAT(D, SizeIs(1));
    EXPECT_THAT(D.front().Message,
                says("; the call fails and 'k' keeps the 48 KiB default"));
    EXPECT_EQ(D.front().CudaError, "");
  }
  EXPECT_THAT(
      Scenario({"sm_90"})
          .toolkit("13.1")
          .with(K)
          .setting(K, "MaxDynamicSharedMemorySize", c(300000))
          .findings(Refused),
      ElementsAre(Field(&Diagnostic::CudaError, "cudaErrorInvalidValue")));
}

CHECK_TEST(FuncAttributeRefused, CarveoutOutOfRange, Refused, Both) {
  Kernel K("k");
  for (int64_t Fine : {-1, 0, 50, 100})
    EXPECT_THAT(Scenario()
                    .with(K)
                    .setting(K, "PreferredSharedMemoryCarveout", c(Fine))
                    .findings(Refused),
                IsEmpty())
        << Fine;
  // The same on every arch: one finding, for no arch in particular.
  EXPECT_THAT(
      Scenario({"sm_80", "sm_90"})
          .with(K)
          .setting(K, "PreferredSharedMemoryCarveout", c(150))
          .findings(Refused),
      ElementsAre(AllOf(
          error("", says("asks for a shared memory carveout of 150%, outside "
                         "-1..100",
                         "the call fails and 'k' keeps its previous carveout")),
          Field(&Diagnostic::CudaError, ""))));
}

CHECK_TEST(FuncAttributeRefused, NonPortableClustersWithoutClusters, Refused,
           Both) {
  Kernel K("k");
  EXPECT_THAT(Scenario({"sm_80", "sm_90"})
                  .with(K)
                  .setting(K, "NonPortableClusterSizeAllowed", c(1))
                  .findings(Refused),
              ElementsAre(error("sm_80", says("sm_80 has no thread block "
                                              "clusters"))));
  EXPECT_THAT(Scenario({"sm_80"})
                  .with(K)
                  .setting(K, "NonPortableClusterSizeAllowed", c(0))
                  .findings(Refused),
              IsEmpty());
}

CHECK_TEST(FuncAttributeRefused, DriverApiCallOfAnUntracedKernel, Refused,
           Reports) {
  // cuFuncSetAttribute(f, ...) on a CUfunction: the kernel, and with it
  // its static shared memory, is not known; what fails alone still does.
  TranslationUnitFacts Unit;
  Unit.MainFile = File;
  KernelSetting Call;
  Call.Loc = place(30, 3);
  Call.Api = "cuFuncSetAttribute";
  Call.Attribute = "MaxDynamicSharedMemorySize";
  Call.Value = c(300000);
  Unit.KernelSettings.push_back(Call);
  CheckRun Run;
  Run.DefaultArchs = {"sm_90"};
  Run.Options.ToolkitVersion = "13.0";
  std::vector<TranslationUnitFacts> Units = {Unit};
  Run.Units = Units;
  std::vector<Diagnostic> Found = runChecks(Run);
  observed()[Refused] |= Found.empty() ? Silent : Reports;
  EXPECT_THAT(
      Found,
      ElementsAre(AllOf(
          error("sm_90", says("cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_"
                              "DYNAMIC_SHARED_SIZE_BYTES, 300000)",
                              "the kernel keeps the 48 KiB default")),
          at(30))));
}

} // namespace
} // namespace cudalint::checktest
