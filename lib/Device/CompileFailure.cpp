//===- CompileFailure.cpp - What a failed device compile says about the code =//

#include "CompileFailure.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace cudalint::device {

namespace {

/// One token of a source file as the raw lexer sees it.
struct RawToken {
  unsigned Line;
  bool StartsLine;
  clang::tok::TokenKind Kind;
  StringRef Identifier; // raw identifiers only
};

/// Every token of Source (comments and whitespace dropped), with its line.
std::vector<RawToken> rawTokens(StringRef Source) {
  std::vector<unsigned> LineStarts = {0};
  for (size_t I = 0; I < Source.size(); ++I)
    if (Source[I] == '\n')
      LineStarts.push_back(unsigned(I + 1));
  auto LineOf = [&](unsigned Offset) {
    return unsigned(llvm::upper_bound(LineStarts, Offset) - LineStarts.begin());
  };
  clang::LangOptions Lang;
  Lang.CPlusPlus = Lang.CPlusPlus11 = Lang.CPlusPlus14 = Lang.CPlusPlus17 =
      true;
  Lang.CUDA = true;
  const char *Begin = Source.data();
  clang::Lexer Lex(clang::SourceLocation(), Lang, Begin, Begin,
                   Begin + Source.size());
  std::vector<RawToken> Out;
  clang::Token Tok;
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      break;
    // With an invalid file location, a token's location is its offset.
    unsigned Offset = Tok.getLocation().getRawEncoding();
    RawToken T{LineOf(Offset), Tok.isAtStartOfLine(), Tok.getKind(), {}};
    if (Tok.is(clang::tok::raw_identifier))
      T.Identifier = Tok.getRawIdentifier();
    Out.push_back(T);
  }
  return Out;
}

/// The tokens of the directive starting at Tokens[I] (a '#' that starts a
/// line): up to the next token that starts a line.
ArrayRef<RawToken> directiveAt(ArrayRef<RawToken> Tokens, size_t I) {
  size_t End = I + 1;
  while (End < Tokens.size() && !Tokens[End].StartsLine)
    ++End;
  return Tokens.slice(I, End - I);
}

bool isDirectiveStart(ArrayRef<RawToken> Tokens, size_t I) {
  return Tokens[I].StartsLine && Tokens[I].Kind == clang::tok::hash;
}

bool mentions(ArrayRef<RawToken> Tokens, StringRef Name) {
  return llvm::any_of(Tokens,
                      [&](const RawToken &T) { return T.Identifier == Name; });
}

/// "sm_90a" -> (90, "a"); nullopt for anything else.
std::optional<std::pair<unsigned, StringRef>> archNumber(StringRef Arch) {
  unsigned N = 0;
  StringRef Rest = Arch;
  if (!Rest.consume_front("sm_") || Rest.consumeInteger(10, N))
    return std::nullopt;
  return std::make_pair(N, Rest);
}

/// Whether Required names an arch the code needs that Arch is not: newer,
/// or Arch's arch-specific variant (sm_90a for sm_90).
bool needsOtherArch(StringRef Required, StringRef Arch) {
  auto R = archNumber(Required), A = archNumber(Arch);
  if (!R || !A)
    return false;
  return R->first > A->first ||
         (R->first == A->first && !R->second.empty() && R->second != A->second);
}

/// An error the compiler located in the source: nvcc's front end writes
/// `file(line): error: ...`, the host preprocessor (which nvcc runs for
/// #error) and Clang write `file:line:col: error: ...`.
struct LocatedError {
  std::string File;
  unsigned Line = 0;
  StringRef Message;
};

std::optional<LocatedError> locatedError(StringRef L) {
  static const Regex Edg("^(.+)\\(([0-9]+)\\): (catastrophic )?error: (.*)$");
  static const Regex Gnu("^(.+):([0-9]+):[0-9]+: (fatal )?error: (.*)$");
  SmallVector<StringRef, 5> M;
  if (!Edg.match(L, &M) && !Gnu.match(L, &M))
    return std::nullopt;
  LocatedError E;
  E.File = M[1].str();
  if (M[2].getAsInteger(10, E.Line))
    return std::nullopt;
  E.Message = M[4];
  return E;
}

/// The sign in one located error: an #error directive, or a failed
/// static_assert, on __CUDA_ARCH__.
bool isArchConditionalStop(const LocatedError &E, SourceReader Read) {
  bool StaticAssert = E.Message.contains("static assertion failed") ||
                      E.Message.contains("static_assert failed");
  std::optional<std::string> Source = Read(E.File);
  if (!Source)
    return false;
  if (!StaticAssert && !isErrorDirectiveLine(*Source, E.Line))
    return false;
  return mentionsAroundLine(*Source, E.Line, "__CUDA_ARCH__");
}

/// "ptxas /tmp/x.ptx, line 26; error   : Feature ..." -> "ptxas: Feature
/// ...": the temporary file's name says nothing to the user.
std::string ptxasMessage(StringRef L) {
  if (!L.starts_with("ptxas"))
    return L.str();
  StringRef Rest = L.split("error").second.ltrim();
  if (!Rest.consume_front(":"))
    return L.str();
  return ("ptxas: " + Rest.trim()).str();
}

} // namespace

std::string firstErrorLine(StringRef Log) {
  SmallVector<StringRef, 0> Lines;
  Log.split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains("error") || L.contains("fatal"))
      return L.trim().take_front(240).str();
  for (StringRef L : llvm::reverse(Lines))
    if (!L.trim().empty())
      return L.trim().take_front(240).str();
  return "";
}

DeviceGap classifyCompileFailure(const FailedCompile &F, SourceReader Read) {
  DeviceGap G;
  G.Arch = F.Arch.str();
  std::string Where = (F.File + " [" + F.Arch + "]: ").str();
  std::string Said = (F.Tool + " " + F.Outcome).str();
  if (F.TimedOut) {
    G.K = DeviceGap::Kind::TimedOut;
    G.Detail = Said;
    G.Message = Where + Said +
                "; no device facts for this arch, so its launches are not "
                "fully checked (raise --device-timeout: a compile that "
                "finishes is cached for later runs; run fewer compiles at "
                "once with -j; or read the build's own facts with "
                "--resource-usage=objects or --resource-usage=<nvcc "
                "--resource-usage log>)";
    return G;
  }
  if (F.Cancelled) {
    G.K = DeviceGap::Kind::Cancelled;
    G.Detail = Said;
    G.Message = Where + Said + "; no device facts for this arch";
    return G;
  }
  if (std::optional<NewerArchSign> Sign =
          findNewerArchSign(F.Log, F.Arch, Read)) {
    G.K = DeviceGap::Kind::NotATarget;
    G.RequiredArch = Sign->RequiredArch;
    G.Detail = Sign->Evidence;
    G.Message = Where + "not a target of this file: its device code " +
                (G.RequiredArch.empty()
                     ? std::string("is not built for ") + F.Arch.str()
                     : "requires " + G.RequiredArch) +
                " (" + Sign->Evidence + "); no launch is judged for " +
                F.Arch.str();
    return G;
  }
  G.K = DeviceGap::Kind::CompileFailed;
  std::string First = firstErrorLine(F.Log);
  G.Detail = First.empty() ? Said : Said + ": " + First;
  G.Message = Where + G.Detail + "; no device facts for this arch";
  return G;
}

bool mentionsAroundLine(StringRef Source, unsigned Line, StringRef Name) {
  std::vector<RawToken> Tokens = rawTokens(Source);
  ArrayRef<RawToken> All(Tokens);
  // Per open conditional group: whether a condition so far mentions Name.
  SmallVector<bool, 8> Open;
  size_t I = 0;
  for (; I < All.size() && All[I].Line < Line; ++I) {
    if (!isDirectiveStart(All, I))
      continue;
    ArrayRef<RawToken> D = directiveAt(All, I);
    StringRef Kind = D.size() > 1 ? D[1].Identifier : StringRef();
    ArrayRef<RawToken> Condition = D.drop_front(std::min<size_t>(2, D.size()));
    if (Kind == "if" || Kind == "ifdef" || Kind == "ifndef")
      Open.push_back(mentions(Condition, Name));
    else if (Kind.starts_with("elif") && !Open.empty())
      Open.back() = Open.back() || mentions(Condition, Name);
    else if (Kind == "endif" && !Open.empty())
      Open.pop_back();
    I += D.size() - 1;
  }
  if (llvm::is_contained(Open, true))
    return true;
  if (I == All.size() || All[I].Line != Line)
    return false;
  // The directive or statement that starts on the line.
  if (isDirectiveStart(All, I))
    return mentions(directiveAt(All, I), Name);
  size_t End = I;
  while (End < All.size() && All[End].Kind != clang::tok::semi)
    ++End;
  return mentions(All.slice(I, End - I), Name);
}

bool isErrorDirectiveLine(StringRef Source, unsigned Line) {
  std::vector<RawToken> Tokens = rawTokens(Source);
  for (size_t I = 0; I + 1 < Tokens.size(); ++I)
    if (Tokens[I].Line == Line && isDirectiveStart(Tokens, I))
      return !Tokens[I + 1].StartsLine && Tokens[I + 1].Identifier == "error";
  return false;
}

std::optional<NewerArchSign> findNewerArchSign(StringRef Log, StringRef Arch,
                                               SourceReader Read) {
  static const Regex Requires("requires \\.target (sm_[0-9]+[a-z]?)");
  static const Regex NotOnTarget(
      "not supported on \\.target '(sm_[0-9]+[a-z]?)'");
  SmallVector<StringRef, 0> Lines;
  Log.split(Lines, '\n', -1, false);
  for (StringRef L : Lines) {
    L = L.trim();
    if (!L.contains("error"))
      continue;
    SmallVector<StringRef, 2> M;
    if (Requires.match(L, &M) && needsOtherArch(M[1], Arch))
      return NewerArchSign{M[1].str(), ptxasMessage(L)};
    if (NotOnTarget.match(L, &M) && M[1] == Arch)
      return NewerArchSign{"", ptxasMessage(L)};
    // nvcc 13 refuses __cluster_dims__ below sm_90, where clusters begin.
    if (L.contains("is not supported for this GPU architecture"))
      return NewerArchSign{L.contains("cluster") ? "sm_90" : "", L.str()};
    if (std::optional<LocatedError> E = locatedError(L))
      if (isArchConditionalStop(*E, Read))
        return NewerArchSign{"", L.str()};
  }
  return std::nullopt;
}

} // namespace cudalint::device
