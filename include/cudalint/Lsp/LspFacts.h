//===- LspFacts.h - The Pipeline on one editor buffer, in editor terms ----===//
//
// What the language server needs from the core, without protocol types:
// the compile commands of a file (found as clangd finds them), one Pipeline
// run on an unsaved buffer, the device stage alone (refreshed on save), and
// the findings, launches and kernels as the editor shows them (hover text,
// code actions, inlay hints). lib/Lsp turns these into LSP messages.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LSP_LSPFACTS_H
#define CUDALINT_LSP_LSPFACTS_H

#include "cudalint/Pipeline/Pipeline.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cudalint {

/// The compile commands of a file: --compile-commands-dir's database, else
/// the nearest compile_commands.json in the file's directory, a parent, or
/// a build/ beside them (as clangd looks); nvcc commands are translated in
/// memory as `compile-db` does. A file no database lists gets the bare flag
/// list (`file.cu --`: nvcc's defaults).
class CommandSource {
public:
  explicit CommandSource(std::string CompileCommandsDir)
      : Dir(std::move(CompileCommandsDir)) {}

  struct ForFile {
    /// The user's commands (device compiles) and the translated ones (the
    /// parse); User is owned by Translated.
    std::shared_ptr<clang::tooling::CompilationDatabase> Translated;
    clang::tooling::CompilationDatabase *User = nullptr;
    /// The compile_commands.json used; empty for the fallback flags.
    std::string Database;
    /// Why the fallback flags are used (empty when a database lists it).
    std::string FallbackReason;
  };
  ForFile commandsFor(llvm::StringRef File);

private:
  std::string findDatabase(llvm::StringRef File) const;
  std::string Dir;
  std::mutex M;
  /// compile_commands.json path -> loaded (an empty ForFile: unreadable).
  std::map<std::string, ForFile> Loaded;
  std::map<std::string, std::string> LoadErrors;
};

/// One analysis of one version of a buffer.
struct Snapshot {
  std::string File; // absolute
  std::string Text; // the buffer analysed
  int64_t Version = 0;
  PipelineResult Result;
  /// The settings or the config file are bad: one line, no facts.
  std::string SetupError;
  /// Device facts came from an earlier refresh (of the saved file), or are
  /// not there yet.
  bool DevicePending = false;
};

/// Runs the Pipeline on File with Text in place of the file on disk.
/// Device: the facts of the last refresh; null: none yet (register-based
/// checks wait for them).
std::shared_ptr<Snapshot>
analyseBuffer(const LintSettings &Settings,
              const CommandSource::ForFile &Commands, llvm::StringRef File,
              llvm::StringRef Text, int64_t Version,
              std::shared_ptr<const DeviceFacts> Device);

/// The device stage alone, on the saved file (compiles or the cache);
/// Cancel stops it. With a setup error (a bad config file): none, the
/// analysis says why.
std::shared_ptr<const DeviceFacts>
refreshDeviceFacts(const LintSettings &Settings,
                   const CommandSource::ForFile &Commands, llvm::StringRef File,
                   const std::atomic<bool> *Cancel);

/// Hover text (Markdown) for a launch or a kernel at Line (1-based) and
/// byte column Column (1-based); empty when there is none.
std::string hoverText(const Snapshot &S, unsigned Line, unsigned Column);

/// An edit in a file (byte offsets in that file's text, 1-based line and
/// column as the findings carry them).
struct TextChange {
  SourceLoc Loc;
  unsigned Length = 0;
  std::string Replacement;
};
struct CodeFix {
  std::string Title;
  const Diagnostic *Finding = nullptr;
  std::vector<TextChange> Changes;
  bool Preferred = false;
};
/// The fix-its of each finding of S.File on lines [FirstLine, LastLine]
/// (1-based), and a "suppress with NOLINT" for each.
std::vector<CodeFix> codeFixes(const Snapshot &S, unsigned FirstLine,
                               unsigned LastLine);

struct LaunchHint {
  unsigned Line = 0, Column = 0; // 1-based, bytes
  std::string Label;
};
/// Threads per block and occupancy per arch, one hint per launch of S.File.
std::vector<LaunchHint> launchHints(const Snapshot &S);

/// A launch of the buffer that was not fully checked: where, and why.
struct LaunchNotice {
  SourceLoc Loc;
  std::string Message;
};
/// One notice per launch of S.File that was not fully checked (no silent
/// pass), its reasons in the message. While S.DevicePending, missing device
/// facts are not a reason: they are on their way.
std::vector<LaunchNotice> uncheckedNotices(const Snapshot &S);

/// "[sm_80, sm_90]" appended to a finding's message when it does not name
/// its archs already.
std::string messageWithArch(const Diagnostic &D);

} // namespace cudalint

#endif // CUDALINT_LSP_LSPFACTS_H
