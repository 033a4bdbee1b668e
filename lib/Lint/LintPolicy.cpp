//===- LintPolicy.cpp - What is reported, applied once for every door -----===//

#include "cudalint/Lint/LintPolicy.h"
#include "cudalint/Lint/Suppression.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {

namespace {

/// The arch's name in a message stands for "each of the group's archs".
std::string archNeutral(const Diagnostic &D) {
  if (D.Arch.empty())
    return D.Message;
  std::string Out;
  StringRef Rest = D.Message;
  while (true) {
    size_t At = Rest.find(D.Arch);
    if (At == StringRef::npos)
      break;
    // Whole words only: sm_80 in sm_80a stays.
    size_t End = At + D.Arch.size();
    bool Whole = End == Rest.size() || !isAlnum(Rest[End]);
    Out += Rest.take_front(At).str();
    Out += Whole ? "\x01" : D.Arch;
    Rest = Rest.drop_front(End);
  }
  return Out + Rest.str();
}

/// Findings of a template's instances at one launch that differ only in
/// the kernel's name: the first one, with a note naming the others.
std::vector<Diagnostic> mergeInstances(std::vector<Diagnostic> Diagnostics) {
  std::vector<Diagnostic> Out;
  std::vector<std::vector<std::string>> Others;
  std::map<std::tuple<std::string, unsigned, unsigned, std::string, std::string,
                      std::string>,
           size_t>
      Index;
  for (Diagnostic &D : Diagnostics) {
    std::string Quoted = "'" + D.Kernel + "'";
    std::string Message = D.Message;
    if (!D.Kernel.empty())
      for (size_t At = 0; (At = Message.find(Quoted, At)) != std::string::npos;)
        Message.replace(At, Quoted.size(), "\x02");
    auto Key = std::make_tuple(D.Loc.File, D.Loc.Line, D.Loc.Column, D.Check,
                               D.Arch, std::move(Message));
    auto [It, New] = Index.try_emplace(std::move(Key), Out.size());
    if (New) {
      Out.push_back(std::move(D));
      Others.emplace_back();
    } else if (!D.Kernel.empty() && Out[It->second].Kernel != D.Kernel) {
      Others[It->second].push_back(std::move(Quoted));
    }
  }
  for (size_t I = 0; I < Out.size(); ++I) {
    std::vector<std::string> &Names = Others[I];
    if (Names.empty())
      continue;
    size_t Shown = std::min<size_t>(Names.size(), 3);
    std::string List = join(ArrayRef(Names).take_front(Shown), ", ");
    if (Names.size() > Shown)
      List += formatv(" and {0} more", Names.size() - Shown).str();
    Out[I].Notes.push_back(
        {SourceLoc(),
         formatv("the same for {0} other instance{1} of this launch: {2}",
                 Names.size(), Names.size() == 1 ? "" : "s", List)
             .str()});
  }
  return Out;
}

} // namespace

std::vector<Diagnostic> mergeArchs(ArrayRef<Diagnostic> Diagnostics) {
  // Group by everything but the arch, keeping the first one's position.
  struct Group {
    const Diagnostic *First;
    std::string Message; // with \x01 for the arch
    std::vector<std::string> Archs;
    std::vector<DiagnosticNote> Notes;
  };
  std::vector<Group> Groups;
  std::map<
      std::tuple<std::string, unsigned, unsigned, std::string, std::string>,
      size_t>
      Index;
  for (const Diagnostic &D : Diagnostics) {
    std::string Message = archNeutral(D);
    auto Key =
        std::make_tuple(D.Loc.File, D.Loc.Line, D.Loc.Column, D.Check, Message);
    auto [It, New] = Index.try_emplace(Key, Groups.size());
    if (New)
      Groups.push_back({&D, Message, {}, {}});
    Group &G = Groups[It->second];
    if (!D.Arch.empty())
      G.Archs.push_back(D.Arch);
    for (const DiagnosticNote &N : D.Notes)
      if (llvm::none_of(G.Notes, [&](const DiagnosticNote &O) {
            return O.Message == N.Message && O.Loc == N.Loc;
          }))
        G.Notes.push_back(N);
  }
  std::vector<Diagnostic> Out;
  for (const Group &G : Groups) {
    Diagnostic D = *G.First;
    D.Arch = join(G.Archs, ", ");
    D.Message = G.Message;
    for (size_t At; (At = D.Message.find('\x01')) != std::string::npos;)
      D.Message.replace(At, 1, D.Arch);
    D.Notes = G.Notes;
    Out.push_back(std::move(D));
  }
  return mergeInstances(std::move(Out));
}

std::vector<const Check *> enabledChecks(const GlobList &Filter) {
  std::vector<const Check *> Enabled;
  for (const std::unique_ptr<Check> &C : allChecks())
    if (Filter.contains(C->name()))
      Enabled.push_back(C.get());
  return Enabled;
}

unsigned
applyLintPolicy(const LintPolicy &Policy, ArrayRef<TranslationUnitFacts> Units,
                std::vector<Diagnostic> &Findings,
                ArrayRef<std::pair<std::string, std::string>> Unsaved) {
  std::set<std::string> Sources, SystemFiles;
  for (const TranslationUnitFacts &U : Units) {
    Sources.insert(U.MainFile);
    for (const KernelInfo &K : U.Kernels)
      if (K.InSystemHeader)
        SystemFiles.insert(K.Loc.File);
  }
  // Findings at kernels in system headers and the toolkit (CUB, Thrust):
  // the user cannot change them. Launch findings are at the user's launches.
  if (!Policy.SystemHeaders)
    erase_if(Findings, [&](const Diagnostic &D) {
      return SystemFiles.count(D.Loc.File);
    });
  // As clang-tidy: findings in headers only where the filter says.
  if (Policy.HeaderFilterRegex) {
    Regex Filter(*Policy.HeaderFilterRegex);
    erase_if(Findings, [&](const Diagnostic &D) {
      return !Sources.count(D.Loc.File) && !Filter.match(D.Loc.File);
    });
  }
  NoLintFilter NoLint;
  for (const auto &[Path, Text] : Unsaved)
    NoLint.setFileContents(Path, Text);
  if (Policy.ApplyNoLint) {
    NoLint.removeSuppressed(Findings);
    if (Policy.ReportUnmatchedNoLint)
      for (Diagnostic &D : NoLint.unmatchedDirectives())
        Findings.push_back(std::move(D));
  }
  return WarningsAsErrors(Policy.WarningsAsErrorsGlobs).promote(Findings);
}

} // namespace cudalint
