//===- ServerAnalysis.cpp - Analysis, publishing, device refreshes --------===//

#include "Server.h"

#include "mlir/Tools/lsp-server-support/Logging.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

//===-- Analysis ----------------------------------------------------------===//

void Server::scheduleAnalysis(const std::string &File, bool Now) {
  if (Opts.Synchronous)
    return analyse(File);
  std::lock_guard<std::mutex> Lock(M);
  Due[File] =
      Clock::now() + std::chrono::milliseconds(Now ? 0 : Opts.DebounceMs);
  Wake.notify_all();
}

std::optional<std::string>
Server::nextAnalysis(std::optional<Clock::time_point> &WakeAt) {
  if (Due.empty())
    return std::nullopt;
  auto Next = llvm::min_element(
      Due, [](const auto &A, const auto &B) { return A.second < B.second; });
  if (Next->second > Clock::now()) {
    WakeAt = Next->second;
    return std::nullopt;
  }
  return Next->first;
}

void Server::workerLoop(NextFile Next,
                        void (Server::*Work)(const std::string &)) {
  std::unique_lock<std::mutex> Lock(M);
  while (!Stopping) {
    std::optional<Clock::time_point> WakeAt;
    std::optional<std::string> File = (this->*Next)(WakeAt);
    if (!File) {
      if (WakeAt)
        Wake.wait_until(Lock, *WakeAt);
      else
        Wake.wait(Lock);
      continue;
    }
    Lock.unlock();
    (this->*Work)(*File);
    Lock.lock();
  }
}

void Server::analyse(const std::string &File) {
  std::string Text;
  int64_t Version;
  std::shared_ptr<const DeviceFacts> Device;
  lsp::URIForFile Uri;
  bool ShowFallback;
  CommandSource::ForFile Cmds = Commands.commandsFor(File);
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(File);
    Due.erase(File);
    if (It == Docs.end())
      return;
    Text = It->second.Text;
    Version = It->second.Version;
    Device = It->second.Device;
    Uri = It->second.Uri;
    ShowFallback =
        !Cmds.FallbackReason.empty() && FallbackShown.insert(File).second;
  }
  if (ShowFallback)
    showMessage(3, "cuda-launch-lint: " + File +
                       " is in no compile database (" + Cmds.FallbackReason +
                       "); analysing it with fallback flags (nvcc's defaults)");
  // The Pipeline recovers from a crash in a unit's parse; this boundary
  // catches one anywhere else in the run.
  std::shared_ptr<Snapshot> S;
  CrashRecoveryContext::Enable();
  CrashRecoveryContext Boundary;
  if (!Boundary.RunSafely([&] {
        S = analyseBuffer(Opts.Settings, Cmds, File, Text, Version, Device);
      })) {
    S = std::make_shared<Snapshot>();
    S->File = File;
    S->Text = Text;
    S->Version = Version;
    S->Result.InternalErrors.push_back(File + ": internal error while "
                                              "analysing it");
  }
  if (!S->SetupError.empty()) {
    bool New;
    {
      std::lock_guard<std::mutex> Lock(M);
      New = SetupErrorsShown.insert(S->SetupError).second;
    }
    if (New)
      showMessage(1, "cuda-launch-lint: " + S->SetupError);
  }
  // An internal error is a recovered crash, this boundary's or the
  // pipeline's.
  if (!S->Result.InternalErrors.empty())
    noteRecoveredCrash();
  for (const std::string &E : S->Result.InternalErrors)
    showMessage(1, "cuda-launch-lint: " + E +
                       "; the server goes on (please report it)");
  for (const std::string &N : S->Result.Notes)
    mlir::lsp::Logger::info("{0}", N);

  std::vector<Waiting> Answer;
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(File);
    if (It == Docs.end() || It->second.Version != Version)
      return; // a newer version is on its way
    It->second.Last = S;
    if (!Due.count(File))
      Answer = std::move(It->second.Waiters);
  }
  publish(*S, Uri);
  for (Waiting &W : Answer)
    W.Answer(*S);
}

void Server::publish(const Snapshot &S, const lsp::URIForFile &Uri) {
  TextIndex Index(S.Text);
  json::Array Diags;
  for (const Diagnostic &D : S.Result.Findings)
    if (D.Loc.File == S.File)
      Diags.push_back(diagnostic(D, Index, Uri));
  // No silent pass: an information diagnostic at each unchecked launch.
  for (const LaunchNotice &N : uncheckedNotices(S))
    Diags.push_back(json::Object{{"range", toJSON(rangeIn(N.Loc, &Index))},
                                 {"severity", 3},
                                 {"code", "cuda-launch-lint-unchecked"},
                                 {"source", "cuda-launch-lint"},
                                 {"message", N.Message}});
  Publish(json::Object{{"uri", Uri.uri().str()},
                       {"version", S.Version},
                       {"diagnostics", std::move(Diags)}});
}

json::Value Server::diagnostic(const Diagnostic &D, const TextIndex &Index,
                               const lsp::URIForFile &Uri) const {
  lsp::Range Range = rangeIn(D.Loc, &Index);
  json::Array Related;
  for (const DiagnosticNote &N : D.Notes) {
    lsp::Location Where(Uri, Range);
    if (N.Loc.valid() && N.Loc.File != D.Loc.File) {
      Expected<lsp::URIForFile> U = lsp::URIForFile::fromFile(N.Loc.File);
      if (U)
        Where = lsp::Location(*U, rangeIn(N.Loc, nullptr));
      else
        consumeError(U.takeError());
    } else if (N.Loc.valid()) {
      Where.range = rangeIn(N.Loc, &Index);
    }
    Related.push_back(
        json::Object{{"location", json::Object{{"uri", Where.uri.uri().str()},
                                               {"range", toJSON(Where.range)}}},
                     {"message", N.Message}});
  }
  json::Object O{{"range", toJSON(Range)},
                 {"severity", D.Sev == Severity::Error ? 1 : 2},
                 {"code", D.Check},
                 {"source", "cuda-launch-lint"},
                 {"message", messageWithArch(D)},
                 {"relatedInformation", std::move(Related)}};
  if (std::string Href = docHref(D.Check); !Href.empty())
    O["codeDescription"] = json::Object{{"href", Href}};
  return O;
}

//===-- Device facts ------------------------------------------------------===//

void Server::scheduleRefresh(const std::string &File) {
  if (Opts.Synchronous)
    return refresh(File);
  std::lock_guard<std::mutex> Lock(M);
  // A newer save wins over the refresh of the older one.
  if (Refreshing && Refreshing->File == File)
    Refreshing->Cancel = true;
  if (!is_contained(RefreshQueue, File))
    RefreshQueue.push_back(File);
  Wake.notify_all();
}

std::optional<std::string>
Server::nextRefresh(std::optional<Clock::time_point> &) {
  if (RefreshQueue.empty())
    return std::nullopt;
  std::string File = RefreshQueue.front();
  RefreshQueue.pop_front();
  return File;
}

void Server::refresh(const std::string &File) {
  auto R = std::make_shared<Refresh>();
  R->File = File;
  {
    std::lock_guard<std::mutex> Lock(M);
    if (!Docs.count(File) || Stopping)
      return;
    R->Token = "cuda-launch-lint/device/" + std::to_string(++ProgressTokens);
    Refreshing = R;
  }
  if (ClientProgress) {
    CreateProgress(json::Object{{"token", R->Token}}, R->Token);
    Progress(json::Object{
        {"token", R->Token},
        {"value", json::Object{{"kind", "begin"},
                               {"title", "cuda-launch-lint: device facts"},
                               {"message", sys::path::filename(File).str()},
                               {"cancellable", true}}}});
  }
  CommandSource::ForFile Cmds = Commands.commandsFor(File);
  std::shared_ptr<const DeviceFacts> D;
  CrashRecoveryContext::Enable();
  CrashRecoveryContext Boundary;
  if (!Boundary.RunSafely([&] {
        D = refreshDeviceFacts(Opts.Settings, Cmds, File, &R->Cancel);
      })) {
    noteRecoveredCrash();
    showMessage(1, "cuda-launch-lint: internal error while compiling the "
                   "device side of " +
                       File + "; the server goes on");
  }
  bool Cancelled = R->Cancel.load() || !D;
  {
    std::lock_guard<std::mutex> Lock(M);
    if (Refreshing == R)
      Refreshing.reset();
    auto It = Docs.find(File);
    if (It != Docs.end() && !Cancelled)
      It->second.Device = D;
  }
  std::string Summary = "cancelled";
  if (!Cancelled) {
    // Why device facts are missing (a failed compile, a skipped arch): once
    // each, as the lint prints them.
    // A failed compile is a warning (type 2), an arch the file is not built
    // for only information (type 3).
    std::vector<std::pair<int, std::string>> Notes;
    for (const std::string &N : D->Notes)
      Notes.emplace_back(2, N);
    for (const TranslationUnitDeviceFacts &U : D->Units) {
      for (const std::string &N : U.Notes)
        Notes.emplace_back(2, N);
      for (const DeviceGap &G : U.Gaps)
        Notes.emplace_back(G.isFailure() ? 2 : 3, G.Message);
    }
    for (const auto &[Type, N] : Notes) {
      bool New;
      {
        std::lock_guard<std::mutex> Lock(M);
        New = DeviceNotesShown.insert(N).second;
      }
      if (New)
        showMessage(Type, "cuda-launch-lint: " + N);
    }
    size_t Kernels = 0;
    for (const TranslationUnitDeviceFacts &U : D->Units)
      Kernels += U.Kernels.size();
    Summary =
        formatv("{0} kernel entr{1} ({2} compile{3}, {4} from the cache)",
                Kernels, Kernels == 1 ? "y" : "ies", D->Stats.DeviceCompiles,
                D->Stats.DeviceCompiles == 1 ? "" : "s", D->Stats.CacheHits);
  }
  if (ClientProgress)
    Progress(json::Object{
        {"token", R->Token},
        {"value", json::Object{{"kind", "end"}, {"message", Summary}}}});
  if (!Cancelled)
    scheduleAnalysis(File, /*Now=*/true);
}

} // namespace cudalint
