//===- RegisterSpillsTest.cpp - cuda-register-spills ----------------------===//
//
// lib/Checks/RegisterSpills.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(RegisterSpills, Spills, "cuda-register-spills");

/// The findings on K alone, with the usage of R on sm_80 and Bytes of spill
/// stores and loads per thread.
std::vector<Diagnostic> spilling(const Kernel &K, Resources R,
                                 uint64_t Bytes = 4) {
  return Scenario().with(K, R.spills(Bytes, Bytes)).findings(Spills);
}

CHECK_TEST(RegisterSpills, SpillsPerArch, Spills, Reports) {
  Kernel K("heavy");
  auto D = Scenario({"sm_75", "sm_80"})
               .with(K, Resources(K, "sm_75").regs(255).spills(8, 16),
                     Resources(K, "sm_80").regs(168))
               .findings(Spills);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_75", says("'heavy' spills registers on sm_75: "
                                           "8 B of spill stores and 16 B of "
                                           "spill loads per thread with 255 "
                                           "registers")),
                     at(K.Info.Loc.Line),
                     withNote("sm_75: 255 registers, 0 B static shared "
                              "memory, 8 B spill stores, 16 B spill loads "
                              "(nvcc)"))));
}

CHECK_TEST(RegisterSpills, NoSpillsOrNoReport, Spills, Silent) {
  Kernel K("heavy");
  Resources PtxOnly = Resources(K, "sm_80").ptx();
  PtxOnly.R.HasUsage = false;
  PtxOnly.R.SpillStores = 8;
  EXPECT_THAT(Scenario().with(K, PtxOnly).findings(Spills), IsEmpty());
  EXPECT_THAT(
      Scenario().with(K, Resources(K, "sm_80").regs(255)).findings(Spills),
      IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K, Resources(K, "sm_80").regs(255).spills(8, 8))
                  .noDeviceFacts()
                  .findings(Spills),
              IsEmpty());
}

CHECK_TEST(RegisterSpills, NamesWhatCappedTheRegisters, Spills, Reports) {
  Kernel Capped = Kernel("capped").maxnreg(64);
  EXPECT_THAT(spilling(Capped, Resources(Capped, "sm_80").regs(64)),
              ElementsAre(withNote("__maxnreg__(64) caps the registers")));
  Kernel DeviceCapped("dcapped");
  EXPECT_THAT(spilling(DeviceCapped,
                       Resources(DeviceCapped, "sm_80").regs(40).maxnreg(40)),
              ElementsAre(withNote("__maxnreg__(40) caps the registers")));
  Kernel Bounded = Kernel("bounded").launchBounds(256, 2);
  EXPECT_THAT(spilling(Bounded, Resources(Bounded, "sm_80").regs(128)),
              ElementsAre(withNote("__launch_bounds__(256, 2) caps the "
                                   "registers; a smaller block bound or fewer "
                                   "minimum blocks leaves more per thread")));
  // The device saw another bound on this arch.
  EXPECT_THAT(
      spilling(Bounded, Resources(Bounded, "sm_80").regs(64).maxntid(1024)),
      ElementsAre(withNote("__launch_bounds__(1024) caps the registers")));
}

// A bound is a cap only where it binds: 256 threads allow 255 registers, so
// spills at 64 (faiss's binaryDistanceAnySize<64, 3, uchar> on sm_80) are not
// the bound's; a bound of 1024 caps at 64 and 768 at 80 (allocation units).
CHECK_TEST(RegisterSpills, BoundThatDoesNotBindIsNotBlamed, Spills, Reports) {
  Kernel Wide = Kernel("wide").launchBounds(256);
  auto D = spilling(Wide, Resources(Wide, "sm_80").regs(64));
  EXPECT_THAT(
      D, ElementsAre(AllOf(withNote("__launch_bounds__(256) allows up to 255 "
                                    "registers per thread on sm_80; the kernel "
                                    "spills at 64, below that cap"),
                           ::testing::Not(withNote("caps the registers")))));
  Kernel Odd = Kernel("odd").launchBounds(768);
  EXPECT_THAT(spilling(Odd, Resources(Odd, "sm_80").regs(72)),
              ElementsAre(withNote("__launch_bounds__(768) allows up to 80 "
                                   "registers per thread on sm_80")));
  EXPECT_THAT(spilling(Odd, Resources(Odd, "sm_80").regs(80)),
              ElementsAre(withNote("__launch_bounds__(768) caps the "
                                   "registers")));
}

CHECK_TEST(RegisterSpills, AtTheArchMaximumNoBoundIsBlamed, Spills, Reports) {
  Kernel Wide = Kernel("wide").launchBounds(256);
  EXPECT_THAT(
      spilling(Wide, Resources(Wide, "sm_80").regs(255), 32),
      ElementsAre(AllOf(withNote("255 registers per thread is the "
                                 "most sm_80 allows: no cap in the "
                                 "code lowers it"),
                        ::testing::Not(withNote("__launch_bounds__")))));
}

} // namespace
} // namespace cudalint::checktest
