//===- PtxParser.cpp - .entry performance directives from PTX -------------===//
//
// nvcc 13 prints the directives between the parameter list and the body:
//
//   .visible .entry _Z5scalePffi(
//           .param .u64 .ptr .align 1 _Z5scalePffi_param_0,
//   ...
//   )
//   .maxntid 256, 1, 1
//   .minnctapersm 2
//   {
//
// Clang 19 adds `// @name` comments after `)` and the first directive.
// Kernels with internal linkage (anonymous namespaces, static) are `.entry`
// without `.visible`.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/DeviceFacts.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace cudalint {

namespace {

/// Drops `//` comments and `/* */` comments from one line (PTX has no string
/// literals that could contain them in the directive area).
StringRef stripComment(StringRef Line) {
  size_t C = Line.find("//");
  if (C != StringRef::npos)
    Line = Line.take_front(C);
  return Line.trim();
}

bool parseNumbers(StringRef Rest, SmallVectorImpl<unsigned> &Out) {
  SmallVector<StringRef, 3> Parts;
  Rest.split(Parts, ',');
  for (StringRef P : Parts) {
    unsigned V;
    if (P.trim().getAsInteger(10, V))
      return false;
    Out.push_back(V);
  }
  return !Out.empty();
}

std::optional<std::array<unsigned, 3>> parseDim(StringRef Rest) {
  SmallVector<unsigned, 3> N;
  if (!parseNumbers(Rest, N) || N.size() > 3)
    return std::nullopt;
  std::array<unsigned, 3> D = {1, 1, 1};
  for (size_t I = 0; I < N.size(); ++I)
    D[I] = N[I];
  return D;
}

std::optional<unsigned> parseOne(StringRef Rest) {
  unsigned V;
  if (Rest.trim().getAsInteger(10, V))
    return std::nullopt;
  return V;
}

/// Reads one performance-tuning directive (`.maxntid 256, 1, 1`) into E;
/// false for a line that is not one.
bool readDirective(StringRef Key, StringRef Rest, PtxEntryDirectives &E) {
  using P = PtxEntryDirectives;
  using Dims = std::optional<std::array<unsigned, 3>> P::*;
  using One = std::optional<unsigned> P::*;
  if (Dims D = StringSwitch<Dims>(Key)
                   .Case(".maxntid", &P::MaxNTid)
                   .Case(".reqntid", &P::ReqNTid)
                   .Case(".reqnctapercluster", &P::ReqNCtaPerCluster)
                   .Default(nullptr))
    E.*D = parseDim(Rest);
  else if (One O = StringSwitch<One>(Key)
                       .Case(".minnctapersm", &P::MinNCtaPerSM)
                       .Case(".maxnreg", &P::MaxNReg)
                       .Case(".maxclusterrank", &P::MaxClusterRank)
                       .Default(nullptr))
    E.*O = parseOne(Rest);
  else if (Key == ".explicitcluster")
    E.ExplicitCluster = true;
  else
    return false;
  return true;
}

} // namespace

/// Reads an entry's body from its opening '{' at Lines[Open]; sets
/// E.EmptyBody when its only instruction is `ret;` (a body the preprocessor
/// removed for this arch: `#if __CUDA_ARCH__ >= 800` around it). Returns the
/// line of the closing '}'.
size_t scanBody(ArrayRef<StringRef> Lines, size_t Open, PtxEntryDirectives &E) {
  int Depth = 0;
  unsigned Instructions = 0;
  bool OnlyRet = true;
  size_t J = Open;
  for (; J < Lines.size(); ++J) {
    StringRef L = stripComment(Lines[J]).trim();
    Depth += L.count('{') - L.count('}');
    StringRef Word = L.ltrim("{}").trim();
    // Declarations (.reg, .local, .shared), labels and braces are not
    // instructions.
    if (!Word.empty() && !Word.starts_with(".") && !Word.ends_with(":")) {
      ++Instructions;
      OnlyRet &= Word == "ret;";
    }
    if (Depth <= 0)
      break;
  }
  E.BodySeen = true;
  E.EmptyBody = Instructions == 1 && OnlyRet;
  return J;
}

std::vector<PtxEntryDirectives> parsePtxEntries(StringRef Ptx) {
  std::vector<PtxEntryDirectives> Out;
  SmallVector<StringRef, 0> Lines;
  Ptx.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = stripComment(Lines[I]);
    // ".visible .entry name(", ".entry name(", ".weak .entry name(" ...
    SmallVector<StringRef, 4> Words;
    L.split(Words, ' ', -1, false);
    size_t EntryAt = 0;
    bool Found = false;
    for (size_t W = 0; W < Words.size(); ++W) {
      if (Words[W] == ".entry") {
        EntryAt = W;
        Found = true;
        break;
      }
      if (!Words[W].starts_with("."))
        break;
    }
    if (!Found)
      continue;
    // The name runs up to '(' (or the end of the line).
    StringRef Tail = L.substr(L.find(".entry") + 6).ltrim();
    StringRef Name = Tail.take_until(
        [](char C) { return C == '(' || C == ' ' || C == '\t'; });
    if (Name.empty())
      continue;
    PtxEntryDirectives E;
    E.Name = Name.str();
    E.Visible = is_contained(ArrayRef(Words).take_front(EntryAt), ".visible");
    // Skip the parameter list: up to the line holding the closing ')'.
    size_t J = I;
    if (Tail.contains('(')) {
      int Depth = 0;
      for (; J < Lines.size(); ++J) {
        StringRef P = stripComment(Lines[J]);
        if (J == I)
          P = Tail;
        Depth += P.count('(') - P.count(')');
        if (Depth <= 0)
          break;
      }
    }
    // Directives until the body's '{' (or a ';' for a declaration).
    for (++J; J < Lines.size(); ++J) {
      StringRef D = stripComment(Lines[J]);
      if (D.empty())
        continue;
      if (D.starts_with("{") || D.starts_with(";"))
        break;
      StringRef Key =
          D.take_until([](char C) { return C == ' ' || C == '\t'; });
      StringRef Rest = D.drop_front(Key.size()).trim();
      if (!readDirective(Key, Rest, E) && !Key.starts_with("."))
        break;
    }
    if (J < Lines.size() && stripComment(Lines[J]).starts_with("{"))
      J = scanBody(Lines, J, E);
    I = J;
    Out.push_back(std::move(E));
  }
  return Out;
}

void applyPtxDirectives(KernelResources &K, const PtxEntryDirectives &E) {
  K.HasPtx = true;
  K.MaxNTid = E.MaxNTid;
  K.ReqNTid = E.ReqNTid;
  K.ReqNCtaPerCluster = E.ReqNCtaPerCluster;
  K.MinNCtaPerSM = E.MinNCtaPerSM;
  K.MaxNReg = E.MaxNReg;
  K.MaxClusterRank = E.MaxClusterRank;
  K.ExplicitCluster = E.ExplicitCluster;
  K.EmptyBody = E.BodySeen ? std::optional<bool>(E.EmptyBody) : std::nullopt;
}

} // namespace cudalint
