//===- CompileFailureTest.cpp - Failed device compiles, classified --------===//
//
// The signs that a device compile failed because the code is not built for
// the arch (CompileFailure.h), on compiler output written as nvcc 13, ptxas
// 13 and Clang 19 print it, and the kinds of the other failures.
//
//===----------------------------------------------------------------------===//

#include "CompileFailure.h"

#include "gtest/gtest.h"

#include <map>

using namespace cudalint;
using namespace cudalint::device;

namespace {

/// Sources by path, for the diagnostics that point into them.
struct Sources {
  std::map<std::string, std::string> Files;
  std::optional<std::string> operator()(llvm::StringRef Path) const {
    auto It = Files.find(Path.str());
    if (It == Files.end())
      return std::nullopt;
    return It->second;
  }
};

std::optional<NewerArchSign> sign(llvm::StringRef Log, llvm::StringRef Arch,
                                  const Sources &S = {}) {
  return findNewerArchSign(Log, Arch, S);
}

/// The arch a sign in Log says the code needs ("": a newer one); nothing
/// where Log shows no sign.
std::optional<std::string>
requiredArch(llvm::StringRef Log, llvm::StringRef Arch, const Sources &S = {}) {
  std::optional<NewerArchSign> Sign = sign(Log, Arch, S);
  if (!Sign)
    return std::nullopt;
  return Sign->RequiredArch;
}

TEST(NewerArchSign, PtxasRequiresNewerTarget) {
  auto S = sign("ptxas /tmp/tmpxft_1-6_a.ptx, line 26; error   : Feature "
                "'%clusterid' requires .target sm_90 or higher\n"
                "ptxas fatal   : Ptx assembly aborted due to errors\n",
                "sm_80");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->RequiredArch, "sm_90");
  // The temporary file's name is dropped.
  EXPECT_EQ(S->Evidence,
            "ptxas: Feature '%clusterid' requires .target sm_90 or higher");
}

TEST(NewerArchSign, PtxasRequiresTheArchItselfIsNoSign) {
  // sm_90 itself (or an older arch) is not a newer one: another failure.
  EXPECT_FALSE(sign("ptxas x.ptx, line 3; error   : Feature 'f' requires "
                    ".target sm_90 or higher",
                    "sm_90"));
  EXPECT_FALSE(sign("ptxas x.ptx, line 3; error   : Feature 'f' requires "
                    ".target sm_80 or higher",
                    "sm_90"));
}

TEST(NewerArchSign, PtxasArchSpecificVariant) {
  EXPECT_EQ(
      requiredArch("ptxas x.ptx, line 9; error   : Instruction 'wgmma.fence' "
                   "requires .target sm_90a",
                   "sm_90"),
      "sm_90a");
  EXPECT_EQ(requiredArch(
                "ptxas x.ptx, line 9; error   : Instruction 'setmaxnreg' not "
                "supported on .target 'sm_90'",
                "sm_90"),
            "");
  // Another arch's refusal is not this one's.
  EXPECT_FALSE(sign("ptxas x.ptx, line 9; error   : Instruction 'x' not "
                    "supported on .target 'sm_100'",
                    "sm_90"));
}

TEST(NewerArchSign, ClusterDimsBeforeSm90) {
  EXPECT_EQ(
      requiredArch("a.cu(1): error: __cluster_dims__ is not supported for this "
                   "GPU architecture\n  __attribute__((global)) void ...\n",
                   "sm_80"),
      "sm_90");
}

TEST(NewerArchSign, ErrorDirectiveUnderCudaArch) {
  Sources Src;
  Src.Files["/p/a.cu"] = "#include <x.h>\n"
                         "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900\n"
                         "#error \"this file needs sm_90\"\n"
                         "#endif\n";
  // The host preprocessor nvcc runs, and Clang (which drops the word).
  EXPECT_EQ(
      requiredArch("/p/a.cu:3:2: error: #error \"this file needs sm_90\"\n",
                   "sm_80", Src),
      "");
  EXPECT_TRUE(
      sign("/p/a.cu:3:2: error: \"this file needs sm_90\"", "sm_80", Src));
}

TEST(NewerArchSign, ErrorDirectiveWithoutCudaArchIsNoSign) {
  Sources Src;
  Src.Files["/p/a.cu"] = "#ifndef HAVE_CONFIG\n"
                         "#error \"run configure first\"\n"
                         "#endif\n";
  EXPECT_FALSE(
      sign("/p/a.cu:2:2: error: #error \"run configure first\"", "sm_80", Src));
  // Closed groups before the line do not count.
  Src.Files["/p/b.cu"] = "#if __CUDA_ARCH__ >= 900\n"
                         "#define FAST 1\n"
                         "#endif\n"
                         "#error \"unconditional\"\n";
  EXPECT_FALSE(
      sign("/p/b.cu:4:2: error: #error \"unconditional\"", "sm_80", Src));
  // An unreadable source gives no sign.
  EXPECT_FALSE(sign("/p/c.cu:4:2: error: #error \"x\"", "sm_80", Src));
}

TEST(NewerArchSign, StaticAssertOnCudaArch) {
  Sources Src;
  Src.Files["sa.cu"] = "__global__ void k(float *p) {\n"
                       "  static_assert(__CUDA_ARCH__ >= 900,\n"
                       "                \"needs sm_90\");\n"
                       "  static_assert(sizeof(float) == 8, \"no\");\n"
                       "}\n";
  // nvcc's front end shows the expanded condition, not the macro.
  EXPECT_TRUE(sign("sa.cu(2): error: static assertion failed with \"needs "
                   "sm_90\"\n    static_assert(800 >= 900, \"needs sm_90\");",
                   "sm_80", Src));
  EXPECT_TRUE(sign("sa.cu:2:17: error: static assertion failed due to "
                   "requirement '800 >= 900': needs sm_90",
                   "sm_80", Src));
  EXPECT_FALSE(sign("sa.cu(4): error: static assertion failed with \"no\"",
                    "sm_80", Src));
}

TEST(NewerArchSign, OrdinaryErrorsAreNoSign) {
  EXPECT_FALSE(
      sign("a.cu(3): error: identifier \"x\" is undefined\n", "sm_80"));
  EXPECT_FALSE(sign("nvcc fatal   : Unsupported gpu architecture 'compute_70'",
                    "sm_70"));
}

TEST(MentionsAroundLine, ConditionalGroups) {
  std::string Src = "#ifdef __CUDA_ARCH__\n"       // 1
                    "#  if FOO\n"                  // 2
                    "int a;\n"                     // 3
                    "#  endif\n"                   // 4
                    "#endif\n"                     // 5
                    "#if A\n"                      // 6
                    "#elif __CUDA_ARCH__ < 800\n"  // 7
                    "#else\n"                      // 8
                    "int b;\n"                     // 9
                    "#endif\n"                     // 10
                    "/* __CUDA_ARCH__ */ int c;\n" // 11
                    "#if \\\n  __CUDA_ARCH__\n"    // 12, 13
                    "int d;\n"                     // 14
                    "#endif\n";                    // 15
  EXPECT_TRUE(mentionsAroundLine(Src, 3, "__CUDA_ARCH__"));
  EXPECT_TRUE(mentionsAroundLine(Src, 9, "__CUDA_ARCH__"));
  // A comment is not a mention.
  EXPECT_FALSE(mentionsAroundLine(Src, 11, "__CUDA_ARCH__"));
  // A condition continued on the next line.
  EXPECT_TRUE(mentionsAroundLine(Src, 14, "__CUDA_ARCH__"));
  EXPECT_TRUE(isErrorDirectiveLine("int x;\n  #  error hi\n", 2));
  EXPECT_FALSE(isErrorDirectiveLine("int x;\n  #  warning hi\n", 2));
}

TEST(ClassifyCompileFailure, Kinds) {
  Sources None;
  FailedCompile F;
  F.File = "/p/a.cu";
  F.Arch = "sm_90";
  F.Tool = "nvcc";
  F.TimedOut = true;
  F.Outcome = "timed out after 300 s (killed)";
  DeviceGap T = classifyCompileFailure(F, None);
  EXPECT_EQ(T.K, DeviceGap::Kind::TimedOut);
  EXPECT_TRUE(T.isFailure());
  // The message says what to do.
  EXPECT_NE(T.Message.find("/p/a.cu [sm_90]: nvcc timed out after 300 s"),
            std::string::npos);
  EXPECT_NE(T.Message.find("--device-timeout"), std::string::npos);
  EXPECT_NE(T.Message.find("--resource-usage"), std::string::npos);

  F.TimedOut = false;
  F.Outcome = "failed (exit code 1)";
  F.Log = "a.cu(3): error: identifier \"x\" is undefined\n";
  DeviceGap E = classifyCompileFailure(F, None);
  EXPECT_EQ(E.K, DeviceGap::Kind::CompileFailed);
  EXPECT_EQ(E.Detail,
            "nvcc failed (exit code 1): a.cu(3): error: identifier \"x\" is "
            "undefined");

  F.Arch = "sm_80";
  F.Log = "ptxas x.ptx, line 2; error   : Feature '.cluster' requires "
          ".target sm_90 or higher\n";
  DeviceGap N = classifyCompileFailure(F, None);
  EXPECT_EQ(N.K, DeviceGap::Kind::NotATarget);
  EXPECT_FALSE(N.isFailure());
  EXPECT_EQ(N.RequiredArch, "sm_90");
  EXPECT_EQ(N.Message, "/p/a.cu [sm_80]: not a target of this file: its "
                       "device code requires sm_90 (ptxas: Feature '.cluster' "
                       "requires .target sm_90 or higher); no launch is "
                       "judged for sm_80");
}

} // namespace
