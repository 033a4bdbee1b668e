//===- ProgressLine.cpp - A run's progress on a terminal ------------------===//

#include "cudalint/Report/ProgressLine.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;

namespace cudalint {

ProgressLine::ProgressLine(const RunProgress &P, size_t Files)
    : P(P), Shown(Files > 1 && sys::Process::StandardErrIsDisplayed() &&
                  !sys::Process::GetEnv("CI")) {
  if (Shown)
    Painter = std::thread([this] {
      std::unique_lock<std::mutex> Lock(M);
      while (!Done.wait_for(Lock, std::chrono::milliseconds(200),
                            [this] { return Finished; }))
        paint();
    });
}

ProgressLine::~ProgressLine() {
  if (!Shown)
    return;
  {
    std::lock_guard<std::mutex> Lock(M);
    Finished = true;
  }
  Done.notify_one();
  Painter.join();
  errs() << "\r\x1b[K";
}

void ProgressLine::paint() {
  std::string Text = formatv("cuda-launch-lint: parsed {0}/{1} files",
                             P.FilesParsed.load(), P.FilesTotal.load());
  if (unsigned Hits = P.FactsCacheHits.load())
    Text += formatv(" ({0} from the cache)", Hits);
  if (unsigned Total = P.DeviceJobsTotal.load())
    Text += formatv(", device compiles {0}/{1} ({2} from the cache)",
                    P.DeviceJobsDone.load(), Total, P.CacheHits.load());
  if (Text != Painted)
    errs() << "\r\x1b[K" << Text;
  Painted = std::move(Text);
}

} // namespace cudalint
