//===- SpacedChevrons.cpp - nvcc's `k<< <g, b>> >()` for Clang ------------===//

#include "SpacedChevrons.h"

#include "cudalint/Cache/CacheSupport.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace clang;
using namespace llvm;

namespace cudalint {

namespace {

struct RawToken {
  tok::TokenKind Kind;
  size_t Offset, Length;
  StringRef Text;
};

/// Every token of Text, lexed raw as CUDA C++ (`<<<` and `>>>` are tokens).
std::vector<RawToken> rawTokens(StringRef Text) {
  SourceManagerForFile Files("<spaced-chevrons>", Text);
  SourceManager &SM = Files.get();
  LangOptions Lang;
  Lang.CPlusPlus = Lang.CPlusPlus11 = Lang.CPlusPlus14 = Lang.CPlusPlus17 =
      true;
  Lang.CUDA = true;
  Lang.LineComment = true;
  Lang.Digraphs = true;
  FileID Main = SM.getMainFileID();
  Lexer Lex(Main, SM.getBufferOrFake(Main), SM, Lang);
  Lex.SetCommentRetentionState(false);
  std::vector<RawToken> Tokens;
  Token Tok;
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    size_t Offset = SM.getFileOffset(Tok.getLocation());
    Tokens.push_back({Tok.getKind(), Offset, Tok.getLength(),
                      Text.substr(Offset, Tok.getLength())});
  }
  return Tokens;
}

bool isHorizontalSpace(char C) { return C == ' ' || C == '\t'; }

/// How token B (one character) joins token A (two): moved next to A, or A
/// moved next to B, over blanks on the same line.
enum class Join { Impossible, BesideA, BesideB };

Join howToJoin(StringRef Text, const RawToken &A, const RawToken &B) {
  size_t AfterA = A.Offset + A.Length;
  if (isHorizontalSpace(Text[AfterA]))
    return Join::BesideA;
  if (B.Offset >= AfterA + 2 && isHorizontalSpace(Text[B.Offset - 1]) &&
      isHorizontalSpace(Text[B.Offset - 2]))
    return Join::BesideB;
  return Join::Impossible;
}

/// Makes the three characters of A and B adjacent, every other character
/// (the blanks taken included) keeping its place.
void joinPair(std::string &Text, const RawToken &A, const RawToken &B,
              Join How) {
  if (How == Join::BesideA) {
    Text[A.Offset + A.Length] = Text[B.Offset];
    Text[B.Offset] = ' ';
  } else if (How == Join::BesideB) {
    Text[B.Offset - 2] = Text[A.Offset];
    Text[B.Offset - 1] = Text[A.Offset + 1];
    Text[A.Offset] = Text[A.Offset + 1] = ' ';
  }
}

/// Whether a launch's callee can end with T: `k`, `k<T>`, `k<A<B<T>>>`
/// (one `>>>` token here), `(*p)`, `t[i]`. Not `operator`, whose
/// `operator<< <T>` names a template specialisation.
bool endsCallee(const RawToken &T) {
  if (T.Kind == tok::raw_identifier)
    return T.Text != "operator";
  return T.Kind == tok::greater || T.Kind == tok::greatergreater ||
         T.Kind == tok::greatergreatergreater || T.Kind == tok::r_paren ||
         T.Kind == tok::r_square;
}

/// +1 for an opening bracket, -1 for a closing one, 0 for anything else:
/// the change of bracket depth a token makes.
int bracketStep(tok::TokenKind K) {
  switch (K) {
  case tok::l_paren:
  case tok::l_square:
  case tok::l_brace:
    return 1;
  case tok::r_paren:
  case tok::r_square:
  case tok::r_brace:
    return -1;
  default:
    return 0;
  }
}

/// The index of the `>>` (followed by `>`) or `>>>` that closes the launch
/// configuration starting at Tokens[From], at bracket depth 0; none before
/// the statement ends.
std::optional<size_t> closingChevrons(ArrayRef<RawToken> Tokens, size_t From) {
  int Depth = 0;
  for (size_t I = From; I < Tokens.size(); ++I) {
    Depth += bracketStep(Tokens[I].Kind);
    if (Depth < 0)
      return std::nullopt;
    switch (Tokens[I].Kind) {
    case tok::semi:
      if (Depth == 0)
        return std::nullopt;
      break;
    case tok::greatergreatergreater:
      if (Depth == 0)
        return I;
      break;
    case tok::greatergreater:
      if (Depth == 0 && I + 1 < Tokens.size() &&
          Tokens[I + 1].Kind == tok::greater)
        return I;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

/// Whether Text may hold a spaced pair: `<<` or `>>`, blanks, then `<` or
/// `>` (a cheap look before lexing; comments between are not looked
/// through).
bool mayHoldSpacedPair(StringRef Text) {
  for (char C : {'<', '>'}) {
    const char Pair[] = {C, C, 0};
    for (size_t At = Text.find(Pair); At != StringRef::npos;
         At = Text.find(Pair, At + 2)) {
      size_t Next = Text.find_first_not_of(" \t\r\n", At + 2);
      if (Next != StringRef::npos && Next > At + 2 && Text[Next] == C)
        return true;
    }
  }
  return false;
}

/// The matching `}` of the `{` at Tokens[Open]; none before the text ends.
std::optional<size_t> closingBrace(ArrayRef<RawToken> Tokens, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Tokens.size(); ++I) {
    if (Tokens[I].Kind == tok::l_brace)
      ++Depth;
    else if (Tokens[I].Kind == tok::r_brace && --Depth == 0)
      return I;
  }
  return std::nullopt;
}

/// The `{` of each braced list that is a launch's grid or block
/// (`k<<<{gx, gy}, {bx, by, 1}, smem, stream>>>`), with its `}`.
std::vector<std::pair<size_t, size_t>> bracedDims(ArrayRef<RawToken> Tokens) {
  std::vector<std::pair<size_t, size_t>> Lists;
  for (size_t I = 1; I + 1 < Tokens.size(); ++I) {
    if (Tokens[I].Kind != tok::lesslessless || !endsCallee(Tokens[I - 1]))
      continue;
    std::optional<size_t> Close = closingChevrons(Tokens, I + 1);
    if (!Close || Tokens[*Close].Kind != tok::greatergreatergreater)
      continue;
    // The grid and the block: the first two arguments at depth 0.
    size_t Argument = 0;
    int Depth = 0;
    for (size_t J = I + 1; J < *Close && Argument < 2; ++J) {
      bool Starts =
          J == I + 1 || (Depth == 0 && Tokens[J - 1].Kind == tok::comma);
      if (Starts && Tokens[J].Kind == tok::l_brace) {
        std::optional<size_t> End = closingBrace(Tokens, J);
        if (!End || *End >= *Close)
          break;
        Lists.push_back({J, *End});
        J = *End;
        continue;
      }
      Depth += bracketStep(Tokens[J].Kind);
      Argument += Depth == 0 && Tokens[J].Kind == tok::comma;
    }
    I = *Close;
  }
  return Lists;
}

/// Whether the blanks between tokens A and B may all go: one of them can
/// glue to nothing (`,` `;` brackets), so no two tokens become one.
bool blanksMayAllGo(const RawToken &A, const RawToken &B) {
  return StringRef(",;([{").contains(A.Text.back()) ||
         StringRef(",;)]}").contains(B.Text.front());
}

/// The characters of line comments that may go without changing anything:
/// the text after each `//` (not one that a `\` at its end continues).
std::vector<size_t> commentSpares(StringRef Text, ArrayRef<RawToken> Tokens) {
  std::vector<size_t> Spares;
  for (size_t T = 0; T <= Tokens.size(); ++T) {
    size_t From = T ? Tokens[T - 1].Offset + Tokens[T - 1].Length : 0;
    size_t To = T < Tokens.size() ? Tokens[T].Offset : Text.size();
    // Between two tokens there are only blanks and comments.
    for (size_t I = From; I + 1 < To; ++I) {
      if (Text.substr(I, 2) == "/*") {
        size_t End = Text.find("*/", I + 2);
        I = End == StringRef::npos ? To : End + 1;
      } else if (Text.substr(I, 2) == "//") {
        size_t End = std::min(To, Text.find_first_of("\r\n", I));
        if (End > I + 2 && Text[End - 1] != '\\')
          for (size_t K = I + 2; K < End; ++K)
            Spares.push_back(K);
        I = End;
      }
    }
  }
  return Spares;
}

} // namespace

/// Whether Text may hold a braced launch argument: a `{` between some
/// `<<<` and the `>>>` after it (a cheap look before lexing).
static bool mayHoldBracedDims(StringRef Text) {
  for (size_t At = Text.find("<<<"); At != StringRef::npos;
       At = Text.find("<<<", At + 3)) {
    StringRef Config = Text.drop_front(At + 3);
    if (Config.take_front(Config.find(">>>")).contains('{'))
      return true;
  }
  return false;
}

std::optional<std::string> bracedLaunchDims(StringRef Text) {
  if (!mayHoldBracedDims(Text))
    return std::nullopt;
  std::vector<RawToken> Tokens = rawTokens(Text);
  std::vector<std::pair<size_t, size_t>> Lists = bracedDims(Tokens);
  if (Lists.empty())
    return std::nullopt;
  std::vector<size_t> Spares = commentSpares(Text, Tokens);
  // What happens at each offset: `dim3` put before it, a character put in
  // its place, or the character dropped (a blank or a comment's character
  // given up: the text keeps its size, which Clang checks against the
  // file's, and its lines).
  std::set<size_t> Before, Dropped;
  std::map<size_t, char> Replaced;
  const size_t Added = StringRef("dim3").size();
  for (auto [Open, Shut] : Lists) {
    std::vector<size_t> Drops;
    // Blanks after the brace on its line, the nearest first: what lies
    // between moves right, the rest of the line stays.
    for (size_t U = Open; Drops.size() < Added && U < Tokens.size(); ++U) {
      size_t From = Tokens[U].Offset + Tokens[U].Length;
      size_t To = U + 1 < Tokens.size() ? Tokens[U + 1].Offset : Text.size();
      StringRef Gap = Text.slice(From, To);
      size_t LineEnd = Gap.find_first_of("\r\n");
      bool LastOnLine = LineEnd != StringRef::npos;
      if (LastOnLine)
        Gap = Gap.take_front(LineEnd);
      if (Gap.find_first_not_of(" \t") == StringRef::npos) {
        size_t Free = Gap.size();
        if (!LastOnLine && Free && !blanksMayAllGo(Tokens[U], Tokens[U + 1]))
          --Free;
        for (size_t K = 0; K < Free && Drops.size() < Added; ++K)
          if (!Dropped.count(From + K))
            Drops.push_back(From + K);
      }
      if (LastOnLine)
        break;
    }
    // Then characters of line comments, which move nothing that matters.
    for (size_t K : Spares)
      if (Drops.size() < Added && !Dropped.count(K))
        Drops.push_back(K);
    if (Drops.size() < Added)
      continue; // left as written: Clang reports what it always did
    Dropped.insert(Drops.begin(), Drops.end());
    Before.insert(Tokens[Open].Offset);
    Replaced[Tokens[Open].Offset] = '(';
    Replaced[Tokens[Shut].Offset] = ')';
  }
  if (Before.empty())
    return std::nullopt;
  std::string Out;
  Out.reserve(Text.size());
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Before.count(I))
      Out += "dim3";
    if (Dropped.count(I))
      continue;
    auto It = Replaced.find(I);
    Out += It != Replaced.end() ? It->second : Text[I];
  }
  return Out;
}

std::optional<std::string> joinSpacedChevrons(StringRef Text) {
  if (!mayHoldSpacedPair(Text))
    return std::nullopt;
  std::vector<RawToken> Tokens = rawTokens(Text);
  std::string Out = Text.str();
  bool Changed = false;
  for (size_t I = 1; I + 1 < Tokens.size(); ++I) {
    const RawToken &T = Tokens[I];
    bool SpacedOpen = T.Kind == tok::lessless &&
                      Tokens[I + 1].Kind == tok::less &&
                      Tokens[I + 1].Offset > T.Offset + T.Length;
    if (!(SpacedOpen || T.Kind == tok::lesslessless) ||
        !endsCallee(Tokens[I - 1]))
      continue;
    size_t ConfigStart = I + (SpacedOpen ? 2 : 1);
    std::optional<size_t> Close = closingChevrons(Tokens, ConfigStart);
    if (!Close)
      continue;
    bool SpacedClose = Tokens[*Close].Kind == tok::greatergreater;
    if (!SpacedOpen && !SpacedClose)
      continue;
    // Both ends or neither: a launch half joined is no better than none.
    Join Open = SpacedOpen ? howToJoin(Text, T, Tokens[I + 1]) : Join::BesideA;
    Join Shut = SpacedClose
                    ? howToJoin(Text, Tokens[*Close], Tokens[*Close + 1])
                    : Join::BesideA;
    if (Open == Join::Impossible || Shut == Join::Impossible)
      continue;
    if (SpacedOpen)
      joinPair(Out, T, Tokens[I + 1], Open);
    if (SpacedClose)
      joinPair(Out, Tokens[*Close], Tokens[*Close + 1], Shut);
    Changed = true;
    I = *Close;
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

std::optional<std::string> nvccLaunchSyntax(StringRef Text) {
  std::optional<std::string> Joined = joinSpacedChevrons(Text);
  if (std::optional<std::string> Dims =
          bracedLaunchDims(Joined ? StringRef(*Joined) : Text))
    return Dims;
  return Joined;
}

namespace {

/// A file read through nvccLaunchSyntax.
class JoinedFile : public vfs::File {
public:
  JoinedFile(std::unique_ptr<vfs::File> Inner, SpacedChevronFileSystem &FS)
      : Inner(std::move(Inner)), FS(FS) {}

  ErrorOr<vfs::Status> status() override { return Inner->status(); }
  ErrorOr<std::string> getName() override { return Inner->getName(); }
  std::error_code close() override { return Inner->close(); }

  ErrorOr<std::unique_ptr<MemoryBuffer>> getBuffer(const Twine &Name,
                                                   int64_t FileSize,
                                                   bool RequiresNullTerminator,
                                                   bool IsVolatile) override {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (!Buffer)
      return Buffer;
    StringRef Original = (*Buffer)->getBuffer();
    std::optional<std::string> Joined = nvccLaunchSyntax(Original);
    if (!Joined)
      return Buffer;
    FS.recordJoined(Original, *Joined);
    return MemoryBuffer::getMemBufferCopy(*Joined,
                                          (*Buffer)->getBufferIdentifier());
  }

private:
  std::unique_ptr<vfs::File> Inner;
  SpacedChevronFileSystem &FS;
};

} // namespace

SpacedChevronFileSystem::SpacedChevronFileSystem(
    IntrusiveRefCntPtr<vfs::FileSystem> Base,
    std::vector<std::string> SystemRoots)
    : ProxyFileSystem(std::move(Base)), SystemRoots(std::move(SystemRoots)) {}

ErrorOr<std::unique_ptr<vfs::File>>
SpacedChevronFileSystem::openFileForRead(const Twine &Path) {
  ErrorOr<std::unique_ptr<vfs::File>> File =
      ProxyFileSystem::openFileForRead(Path);
  if (!File)
    return File;
  SmallString<256> Abs;
  Path.toVector(Abs);
  makeAbsolute(Abs);
  // The toolkit's and the system's headers are nobody's spaced launches.
  for (const std::string &Root : SystemRoots) {
    StringRef Rest(Abs);
    if (Rest.consume_front(Root) &&
        (Rest.empty() || sys::path::is_separator(Rest.front())))
      return File;
  }
  return std::unique_ptr<vfs::File>(
      std::make_unique<JoinedFile>(std::move(*File), *this));
}

void SpacedChevronFileSystem::recordJoined(StringRef Original,
                                           StringRef Joined) {
  OriginalHashes[hashString(Joined)] = hashString(Original);
}

std::optional<std::string>
SpacedChevronFileSystem::originalHash(StringRef Hash) const {
  auto It = OriginalHashes.find(Hash);
  if (It == OriginalHashes.end())
    return std::nullopt;
  return It->second;
}

} // namespace cudalint
