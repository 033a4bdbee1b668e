//===- ArchConditionals.cpp - Source under a test of the device arch ------===//
//
// A raw lexer walks each file's directives: the conditionals nest the same
// whichever branch the parse took, so a branch the host parse skipped is
// seen as well as the one it read.
//
//===----------------------------------------------------------------------===//

#include "ArchConditionals.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalint {

namespace {

/// A macro that differs between the host and an arch's device compile, or
/// between archs. (__CUDA_ARCH_LIST__ is the same for all: nvcc defines it
/// for the host compile too.)
bool namesTheArch(StringRef Name) {
  return (Name.starts_with("__CUDA_ARCH") && Name != "__CUDA_ARCH_LIST__") ||
         Name == "__HIP_DEVICE_COMPILE__" || Name.starts_with("__HIP_ARCH_") ||
         Name.starts_with("__gfx") || Name.starts_with("__AMDGCN");
}

std::vector<std::pair<unsigned, unsigned>>
archConditionalsOf(FileID File, const SourceManager &SM,
                   const LangOptions &LangOpts) {
  std::vector<std::pair<unsigned, unsigned>> Out;
  std::optional<llvm::MemoryBufferRef> Buffer = SM.getBufferOrNone(File);
  if (!Buffer)
    return Out;
  Lexer Raw(File, *Buffer, SM, LangOpts);
  struct Open {
    unsigned Begin;
    bool OnTheArch;
  };
  std::vector<Open> Stack;
  Token T;
  bool Pending = false; // T is the next line's first token, not yet looked at
  while (Pending || !Raw.LexFromRawLexer(T)) {
    Pending = false;
    if (T.is(tok::eof))
      break;
    if (!T.is(tok::hash) || !T.isAtStartOfLine())
      continue;
    unsigned At = SM.getFileOffset(T.getLocation());
    if (Raw.LexFromRawLexer(T) || T.isAtStartOfLine()) {
      Pending = !T.is(tok::eof) && T.isAtStartOfLine();
      continue;
    }
    if (!T.is(tok::raw_identifier))
      continue;
    StringRef Directive = T.getRawIdentifier();
    bool Opens =
        Directive == "if" || Directive == "ifdef" || Directive == "ifndef";
    bool Continues = Directive.starts_with("elif");
    if (Directive == "endif") {
      if (!Stack.empty()) {
        if (Stack.back().OnTheArch)
          Out.push_back({Stack.back().Begin, At});
        Stack.pop_back();
      }
      continue;
    }
    if (!Opens && !Continues)
      continue;
    // The condition: the rest of the directive's line.
    bool OnTheArch = false;
    while (!Raw.LexFromRawLexer(T) && !T.isAtStartOfLine())
      if (T.is(tok::raw_identifier) && namesTheArch(T.getRawIdentifier()))
        OnTheArch = true;
    Pending = !T.is(tok::eof);
    if (Opens)
      Stack.push_back({At, OnTheArch});
    else if (!Stack.empty())
      Stack.back().OnTheArch |= OnTheArch;
  }
  return Out;
}

} // namespace

bool ArchConditionals::containFileLoc(SourceLocation Loc) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  auto [It, New] = Ranges.try_emplace(File);
  if (New)
    It->second = archConditionalsOf(File, SM, LangOpts);
  return llvm::any_of(It->second, [Offset = Offset](const auto &R) {
    return R.first <= Offset && Offset <= R.second;
  });
}

bool ArchConditionals::contain(SourceLocation Loc) {
  // Up the macro expansions: `#define LB __launch_bounds__(256)` or
  // `#define THREADS 256` under the test, used outside it.
  for (SourceLocation L = Loc; L.isValid();) {
    if (L.isFileID())
      return containFileLoc(L);
    if (containFileLoc(SM.getSpellingLoc(L)))
      return true;
    L = SM.getImmediateExpansionRange(L).getBegin();
  }
  return false;
}

} // namespace cudalint
