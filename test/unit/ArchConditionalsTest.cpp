//===- ArchConditionalsTest.cpp - Source under a test of the device arch --===//
//
// Each function's name says whether it sits under a preprocessor test of
// the device arch; the parse is an ordinary host parse, so only one branch
// of each conditional declares anything, and the other branch's directives
// are seen by lexing.
//
//===----------------------------------------------------------------------===//

#include "ArchConditionals.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace cudalint;

namespace {

/// Per function the snippet declares, by name: whether it is under a test.
std::map<std::string, bool> underTests(const std::string &Code) {
  std::unique_ptr<ASTUnit> Unit =
      tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"});
  ASTContext &Ctx = Unit->getASTContext();
  ArchConditionals Tests(Ctx.getSourceManager(), Ctx.getLangOpts());
  std::map<std::string, bool> Out;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      Out[F->getNameAsString()] = Tests.contain(F->getLocation());
  return Out;
}

TEST(ArchConditionalsTest, EveryBranchOfATestOfTheArch) {
  EXPECT_EQ(underTests(R"cpp(
void before();
#if __CUDA_ARCH__ >= 800
void device_branch();
#elif defined(USE_SMALL)
void elif_branch();
#else
void host_branch();
#endif
#ifdef USE_SMALL
void project_flag();
#else
void project_default();
#endif
#if defined(USE_SMALL) || defined(__HIP_DEVICE_COMPILE__)
void hip_device();
#endif
#if __CUDA_ARCH_LIST__ // the same on the host and every arch
#else
void arch_list();
#endif
#ifndef USE_SMALL
#ifdef __CUDA_ARCH__
#else
void nested();
#endif
void around_nested();
#endif
/* #if __CUDA_ARCH__ in a comment
   is no directive */
void after();
)cpp"),
            (std::map<std::string, bool>{{"before", false},
                                         {"host_branch", true},
                                         {"project_default", false},
                                         {"arch_list", false},
                                         {"nested", true},
                                         {"around_nested", false},
                                         {"after", false}}));
}

TEST(ArchConditionalsTest, AMacroDefinedUnderATestAndUsedOutsideIt) {
  EXPECT_EQ(underTests(R"cpp(
#ifdef __CUDA_ARCH__
#define NAME device_name
#else
#define NAME host_name
#endif
#define PLAIN plain_name
void NAME();
void PLAIN();
)cpp"),
            (std::map<std::string, bool>{{"host_name", true},
                                         {"plain_name", false}}));
}

} // namespace
