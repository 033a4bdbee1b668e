//===- Suppression.cpp - NOLINT comments ----------------------------------===//
//
// Follows clang-tidy 19's NoLintDirectiveHandler (see Suppression.h for the
// rules); the positions are byte offsets into the file's text.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Lint/Suppression.h"
#include "cudalint/Lint/GlobList.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <optional>
#include <tuple>

using namespace llvm;

namespace cudalint {

namespace {

enum class NoLintType { NoLint, NoLintNextLine, NoLintBegin, NoLintEnd };

std::optional<NoLintType> typeOf(StringRef Word) {
  return StringSwitch<std::optional<NoLintType>>(Word)
      .Case("NOLINT", NoLintType::NoLint)
      .Case("NOLINTNEXTLINE", NoLintType::NoLintNextLine)
      .Case("NOLINTBEGIN", NoLintType::NoLintBegin)
      .Case("NOLINTEND", NoLintType::NoLintEnd)
      .Default(std::nullopt);
}

// "check1 , check2" -> "check1,check2": BEGIN and END compare these.
std::string trimChecks(StringRef Checks) {
  SmallVector<StringRef, 4> Parts;
  Checks.split(Parts, ',');
  for (StringRef &P : Parts)
    P = P.trim();
  return join(Parts, ",");
}

struct NoLintToken {
  NoLintType Type;
  size_t Pos; // of the 'N' of NOLINT, from the start of the scanned text
  std::optional<std::string> Checks; // trimmed; none: every check
  GlobList Globs;

  NoLintToken(NoLintType Type, size_t Pos, std::optional<StringRef> List)
      : Type(Type), Pos(Pos), Globs(List.value_or("*"),
                                    /*KeepNegativeGlobs=*/false) {
    if (List)
      Checks = trimChecks(*List);
  }
  bool suppresses(StringRef Check) const { return Globs.contains(Check); }
};

std::vector<NoLintToken> scanNoLints(StringRef Text) {
  static constexpr StringLiteral Word = "NOLINT";
  std::vector<NoLintToken> Out;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t Start = Text.find(Word, Pos);
    if (Start == StringRef::npos)
      break;
    Pos = Start + Word.size();
    while (Pos < Text.size() && isAlpha(Text[Pos]))
      ++Pos;
    std::optional<NoLintType> Type = typeOf(Text.slice(Start, Pos));
    if (!Type)
      continue;
    std::optional<StringRef> Checks;
    if (Pos < Text.size() && Text[Pos] == '(') {
      size_t Close = Text.find_first_of("\n)", Pos + 1);
      if (Close != StringRef::npos && Text[Close] == ')') {
        Checks = Text.slice(Pos + 1, Close);
        Pos = Close + 1;
      }
      // Unclosed on this line: the directive covers every check.
    }
    Out.emplace_back(*Type, Start, Checks);
  }
  return Out;
}

struct Block {
  size_t Begin, End;
  GlobList Globs;
};

} // namespace

struct NoLintMap::Impl {
  std::string Text;
  std::vector<size_t> LineStarts; // offset of each line's first byte
  std::vector<Block> Blocks;

  StringRef line(size_t Index) const {
    size_t Begin = LineStarts[Index];
    size_t End =
        Index + 1 < LineStarts.size() ? LineStarts[Index + 1] - 1 : Text.size();
    return StringRef(Text).slice(Begin, End);
  }

  bool lineHas(size_t Index, NoLintType Type, StringRef Check) const {
    return any_of(scanNoLints(line(Index)), [&](const NoLintToken &T) {
      return T.Type == Type && T.suppresses(Check);
    });
  }

  SourceLoc locOf(StringRef Path, size_t Pos) const {
    size_t Index = std::upper_bound(LineStarts.begin(), LineStarts.end(), Pos) -
                   LineStarts.begin() - 1;
    SourceLoc L;
    L.File = Path.str();
    L.Line = Index + 1;
    L.Column = Pos - LineStarts[Index] + 1;
    return L;
  }
};

NoLintMap::NoLintMap(StringRef Path, StringRef Text)
    : P(std::make_unique<Impl>()) {
  P->Text = Text.str();
  P->LineStarts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      P->LineStarts.push_back(I + 1);

  // Pair BEGINs with ENDs like brackets, as clang-tidy does: an END closes
  // the innermost open BEGIN only when their check lists are the same.
  std::vector<NoLintToken> Open;
  auto Report = [&](const NoLintToken &T) {
    Diagnostic D;
    D.Check = NoLintDiagnosticName.str();
    D.Sev = Severity::Error;
    D.Loc = P->locOf(Path, T.Pos);
    // (The second message's words are split: clang-tidy reads the whole
    // words anywhere in this file as its own directives, unmatched there.)
    D.Message = T.Type == NoLintType::NoLintBegin
                    ? "unmatched 'NOLINTBEGIN' comment without a subsequent "
                      "'NOLINTEND' comment"
                    : "unmatched 'NOLINT"
                      "END' comment without a previous 'NOLINT"
                      "BEGIN' comment";
    Unmatched.push_back(std::move(D));
  };
  for (NoLintToken &T : scanNoLints(P->Text)) {
    if (T.Type == NoLintType::NoLintBegin) {
      Open.push_back(std::move(T));
    } else if (T.Type == NoLintType::NoLintEnd) {
      if (!Open.empty() && Open.back().Checks == T.Checks) {
        P->Blocks.push_back(
            {Open.back().Pos, T.Pos, std::move(Open.back().Globs)});
        Open.pop_back();
      } else {
        Report(T);
      }
    }
  }
  for (const NoLintToken &T : Open)
    Report(T);
  // Keep the diagnostics in file order (ENDs were reported as met, BEGINs
  // at the end).
  llvm::stable_sort(Unmatched, [](const Diagnostic &A, const Diagnostic &B) {
    return std::tie(A.Loc.Line, A.Loc.Column) <
           std::tie(B.Loc.Line, B.Loc.Column);
  });
}

NoLintMap::~NoLintMap() = default;
NoLintMap::NoLintMap(NoLintMap &&) noexcept = default;

bool NoLintMap::suppresses(StringRef Check, unsigned Line,
                           unsigned Column) const {
  if (Line == 0 || Line > P->LineStarts.size())
    return false;
  size_t Index = Line - 1;
  if (P->lineHas(Index, NoLintType::NoLint, Check))
    return true;
  if (Index > 0 && P->lineHas(Index - 1, NoLintType::NoLintNextLine, Check))
    return true;
  size_t Col = std::min<size_t>(Column ? Column - 1 : 0, P->line(Index).size());
  size_t Pos = P->LineStarts[Index] + Col;
  return any_of(P->Blocks, [&](const Block &B) {
    return B.Begin < Pos && Pos < B.End && B.Globs.contains(Check);
  });
}

const NoLintMap *NoLintFilter::mapFor(StringRef Path) {
  auto It = Files.find(Path);
  if (It != Files.end())
    return It->second.get();
  std::unique_ptr<NoLintMap> Map;
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
          MemoryBuffer::getFile(Path, /*IsText=*/true))
    Map = std::make_unique<NoLintMap>(Path, (*Buf)->getBuffer());
  const NoLintMap *Result = Map.get();
  Files[Path] = std::move(Map);
  return Result;
}

void NoLintFilter::setFileContents(StringRef Path, StringRef Text) {
  Files[Path] = std::make_unique<NoLintMap>(Path, Text);
}

bool NoLintFilter::isSuppressed(const Diagnostic &D) {
  if (!D.Loc.valid() || D.Loc.File.empty())
    return false;
  const NoLintMap *Map = mapFor(D.Loc.File);
  return Map && Map->suppresses(D.Check, D.Loc.Line, D.Loc.Column);
}

unsigned NoLintFilter::removeSuppressed(std::vector<Diagnostic> &Diags) {
  size_t Before = Diags.size();
  llvm::erase_if(Diags, [&](const Diagnostic &D) { return isSuppressed(D); });
  return Before - Diags.size();
}

std::vector<Diagnostic> NoLintFilter::unmatchedDirectives() const {
  std::vector<StringRef> Paths;
  for (const auto &Entry : Files)
    if (Entry.second)
      Paths.push_back(Entry.first());
  llvm::sort(Paths);
  std::vector<Diagnostic> Out;
  for (StringRef Path : Paths)
    append_range(Out, Files.find(Path)->second->unmatchedDirectives());
  return Out;
}

} // namespace cudalint
