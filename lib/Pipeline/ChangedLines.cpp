//===- ChangedLines.cpp - What a change touched (--changed-since) ---------===//

#include "cudalint/Pipeline/ChangedLines.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {

namespace {

Error gitError(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), "--changed-since: " + Why);
}

/// Runs git with Args (no shell); its stdout, or an error with the first
/// line of its stderr.
Expected<std::string> runGit(ArrayRef<std::string> Args) {
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git)
    return gitError("git is not on PATH");
  SmallString<128> Out, Err;
  if (std::error_code EC =
          sys::fs::createTemporaryFile("cuda-launch-lint-git", "out", Out))
    return gitError(EC.message());
  if (std::error_code EC =
          sys::fs::createTemporaryFile("cuda-launch-lint-git", "err", Err))
    return gitError(EC.message());
  auto Remove = make_scope_exit([&] {
    sys::fs::remove(Out);
    sys::fs::remove(Err);
  });
  std::vector<StringRef> Argv = {*Git};
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef(Err)};
  std::string Why;
  int Status = sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects,
                                   /*SecondsToWait=*/120, 0, &Why);
  auto Read = [](StringRef Path) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : std::string();
  };
  if (Status != 0) {
    std::string Message = Read(Err);
    StringRef First = StringRef(Message).split('\n').first.trim();
    return gitError(First.empty() ? (Why.empty() ? "git failed" : Why)
                                  : First.str());
  }
  return Read(Out);
}

} // namespace

ChangedLines ChangedLines::fromDiff(StringRef Diff, StringRef Root) {
  ChangedLines C;
  std::string File;
  SmallVector<StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (Line.consume_front("+++ ")) {
      File.clear();
      if (Line.consume_front("b/")) {
        SmallString<256> Path(Root);
        sys::path::append(Path, Line);
        File = Path.str().str();
      }
      continue;
    }
    // "@@ -a[,b] +c[,d] @@": lines c .. c+d-1 of the new file (d = 0: a
    // deletion, which touches line c).
    if (!Line.consume_front("@@ ") || File.empty())
      continue;
    StringRef New = Line.split(" +").second.split(' ').first;
    auto [StartText, CountText] = New.split(',');
    unsigned Start = 0, Count = 1;
    if (StartText.getAsInteger(10, Start) ||
        (!CountText.empty() && CountText.getAsInteger(10, Count)))
      continue;
    C.Ranges[File].push_back({Start, Start + std::max(Count, 1u) - 1});
  }
  return C;
}

Expected<ChangedLines> ChangedLines::sinceRevision(StringRef Revision,
                                                   StringRef Directory) {
  std::string Dir = Directory.str();
  Expected<std::string> Top =
      runGit({"-C", Dir, "rev-parse", "--show-toplevel"});
  if (!Top)
    return Top.takeError();
  std::string Root = StringRef(*Top).trim().str();
  if (Expected<std::string> Commit =
          runGit({"-C", Root, "rev-parse", "--verify", "--quiet",
                  (Revision + "^{commit}").str()});
      !Commit) {
    consumeError(Commit.takeError());
    return gitError("'" + Revision + "' is not a revision of " + Root);
  }
  Expected<std::string> Diff =
      runGit({"-C", Root, "diff", "--no-color", "--no-ext-diff", "-U0",
              Revision.str(), "--"});
  if (!Diff)
    return Diff.takeError();
  ChangedLines C = fromDiff(*Diff, Root);
  Expected<std::string> Untracked =
      runGit({"-C", Root, "ls-files", "--others", "--exclude-standard"});
  if (!Untracked)
    return Untracked.takeError();
  SmallVector<StringRef, 16> New;
  StringRef(*Untracked).split(New, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef F : New) {
    SmallString<256> Path(Root);
    sys::path::append(Path, F);
    C.addWholeFile(Path);
  }
  return C;
}

bool ChangedLines::changedBetween(StringRef File, unsigned First,
                                  unsigned Last) const {
  if (WholeFiles.count(File))
    return true;
  auto It = Ranges.find(File);
  if (It == Ranges.end())
    return false;
  return any_of(It->second, [&](const std::pair<unsigned, unsigned> &R) {
    return R.first <= Last && First <= R.second;
  });
}

bool ChangedLines::changed(StringRef File, unsigned Line) const {
  return changedBetween(File, Line, Line);
}

unsigned keepChangedFindings(const ChangedLines &Changes,
                             ArrayRef<TranslationUnitFacts> Units,
                             std::vector<Diagnostic> &Findings) {
  // The kernels whose definition changed, by where they are declared: a
  // launch finding has a note there, a kernel finding is there.
  std::set<std::tuple<std::string, unsigned, unsigned>> ChangedKernels;
  for (const TranslationUnitFacts &U : Units)
    for (const KernelInfo &K : U.Kernels)
      if (K.DefinitionEnd.valid() &&
          Changes.changedBetween(K.Loc.File, K.Loc.Line, K.DefinitionEnd.Line))
        ChangedKernels.insert({K.Loc.File, K.Loc.Line, K.Loc.Column});
  auto AtChangedKernel = [&](const SourceLoc &L) {
    return ChangedKernels.count({L.File, L.Line, L.Column}) != 0;
  };
  size_t Before = Findings.size();
  erase_if(Findings, [&](const Diagnostic &D) {
    if (Changes.changed(D.Loc.File, D.Loc.Line) || AtChangedKernel(D.Loc))
      return false;
    return none_of(D.Notes, [&](const DiagnosticNote &N) {
      return AtChangedKernel(N.Loc);
    });
  });
  return Before - Findings.size();
}

} // namespace cudalint
