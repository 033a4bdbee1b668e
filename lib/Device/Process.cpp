//===- Process.cpp - posix_spawn with a process group and a timeout -------===//
//
// llvm::sys::ExecuteAndWait can neither set the working directory nor kill
// a hanging nvcc's children (cicc, ptxas keep running, holding the output
// files). posix_spawn can do both: addchdir_np (glibc >= 2.29) and
// POSIX_SPAWN_SETPGROUP, then kill(-pgid) on timeout.
//
//===----------------------------------------------------------------------===//

#include "Process.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace llvm;

namespace cudalint {

std::string ProcessResult::describe(unsigned TimeoutSeconds) const {
  if (!Started)
    return "could not be started: " + Error;
  if (Cancelled)
    return "cancelled (killed)";
  if (TimedOut)
    return "timed out after " + std::to_string(TimeoutSeconds) + " s (killed)";
  if (Signal)
    return "crashed (signal " + std::to_string(Signal) + ", " +
           strsignal(Signal) + ")";
  return "failed (exit code " + std::to_string(ExitCode) + ")";
}

namespace {

/// The process groups of the compilers running now. A run that is
/// interrupted (SIGINT, SIGTERM) takes them down with it: each runs in a
/// group of its own, which the terminal's or a CI runner's signal to the
/// tool does not reach.
constexpr size_t MaxRunning = 256;
std::atomic<pid_t> Running[MaxRunning];
/// Spawns whose child is started but not yet recorded in Running. The
/// spawning thread holds SIGINT and SIGTERM back meanwhile, so a handler
/// runs on another thread and waits here for the record.
std::atomic<int> Spawning{0};

void killRunningThenTerminate() {
  // Async-signal-safe: atomics, kill and raise. LLVM has already restored
  // the default actions, so raise ends the process.
  while (Spawning.load() != 0) {
  }
  for (std::atomic<pid_t> &Group : Running)
    if (pid_t G = Group.load())
      kill(-G, SIGKILL);
  raise(SIGTERM);
}

/// Before the first compiler starts: a signal after its start must find the
/// function in place.
void installInterruptFunction() {
  static std::once_flag Once;
  std::call_once(Once,
                 [] { sys::SetInterruptFunction(killRunningThenTerminate); });
}

size_t trackRunning(pid_t Pid) {
  for (size_t I = 0; I < MaxRunning; ++I) {
    pid_t Free = 0;
    if (Running[I].compare_exchange_strong(Free, Pid))
      return I;
  }
  return MaxRunning;
}

void untrackRunning(size_t Slot) {
  if (Slot < MaxRunning)
    Running[Slot].store(0);
}

} // namespace

ProcessResult runProcess(ArrayRef<std::string> Argv, StringRef WorkingDir,
                         StringRef StdoutPath, StringRef StderrPath,
                         unsigned TimeoutSeconds,
                         const std::atomic<bool> *Cancel) {
  ProcessResult R;
  if (Argv.empty()) {
    R.Error = "empty command";
    return R;
  }
  posix_spawn_file_actions_t Actions;
  posix_spawnattr_t Attr;
  posix_spawn_file_actions_init(&Actions);
  posix_spawnattr_init(&Attr);
  std::string Out = StdoutPath.str(), Err = StderrPath.str(),
              Dir = WorkingDir.str();
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 1, Out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&Actions, 2, Err.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (!Dir.empty())
    posix_spawn_file_actions_addchdir_np(&Actions, Dir.c_str());
  posix_spawnattr_setflags(&Attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&Attr, 0);
  sigset_t Empty;
  sigemptyset(&Empty);
  posix_spawnattr_setsigmask(&Attr, &Empty);

  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  installInterruptFunction();
  sigset_t EndSignals, Previous;
  sigemptyset(&EndSignals);
  sigaddset(&EndSignals, SIGINT);
  sigaddset(&EndSignals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &EndSignals, &Previous);
  ++Spawning;
  pid_t Pid;
  int E = posix_spawn(&Pid, Args[0], &Actions, &Attr, Args.data(), environ);
  size_t Slot = E == 0 ? trackRunning(Pid) : MaxRunning;
  --Spawning;
  pthread_sigmask(SIG_SETMASK, &Previous, nullptr);
  posix_spawn_file_actions_destroy(&Actions);
  posix_spawnattr_destroy(&Attr);
  if (E != 0) {
    R.Error = Argv[0] + ": " + strerror(E);
    return R;
  }
  R.Started = true;
  auto Untrack = llvm::make_scope_exit([&] { untrackRunning(Slot); });

  using Clock = std::chrono::steady_clock;
  auto Deadline = Clock::now() + std::chrono::seconds(TimeoutSeconds);
  auto Sleep = std::chrono::milliseconds(1);
  int Status = 0;
  for (;;) {
    pid_t W = waitpid(Pid, &Status, WNOHANG);
    if (W == Pid)
      break;
    if (W < 0 && errno != EINTR) {
      R.Error = std::string("waitpid: ") + strerror(errno);
      R.Started = false;
      return R;
    }
    bool Cancelled = Cancel && Cancel->load();
    if (Cancelled || (TimeoutSeconds && Clock::now() >= Deadline)) {
      kill(-Pid, SIGKILL);
      kill(Pid, SIGKILL);
      while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
      }
      (Cancelled ? R.Cancelled : R.TimedOut) = true;
      return R;
    }
    std::this_thread::sleep_for(Sleep);
    if (Sleep < std::chrono::milliseconds(4))
      Sleep *= 2;
  }
  if (WIFEXITED(Status))
    R.ExitCode = WEXITSTATUS(Status);
  else if (WIFSIGNALED(Status))
    R.Signal = WTERMSIG(Status);
  return R;
}

std::string findExecutable(StringRef Name) {
  if (Name.contains('/'))
    return sys::fs::can_execute(Name) ? Name.str() : std::string();
  if (auto P = sys::findProgramByName(Name))
    return *P;
  return "";
}

std::string captureOutput(ArrayRef<std::string> Argv, unsigned Timeout) {
  SmallString<128> Out, Err;
  if (sys::fs::createTemporaryFile("cudalint-out", "txt", Out) ||
      sys::fs::createTemporaryFile("cudalint-err", "txt", Err))
    return "";
  ProcessResult R = runProcess(Argv, "", Out, Err, Timeout);
  std::string Text = R.succeeded() ? readFile(Out) : std::string();
  sys::fs::remove(Out);
  sys::fs::remove(Err);
  return Text;
}

std::string readFile(StringRef Path) {
  auto B = MemoryBuffer::getFile(Path, /*IsText=*/true);
  return B ? (*B)->getBuffer().str() : std::string();
}

} // namespace cudalint
