//===- CacheSupport.cpp - What the tool's caches share --------------------===//

#include "cudalint/Cache/CacheSupport.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

std::string defaultCacheDir() {
  SmallString<256> P;
  if (auto X = sys::Process::GetEnv("XDG_CACHE_HOME"); X && !X->empty()) {
    P = *X;
  } else if (auto H = sys::Process::GetEnv("HOME"); H && !H->empty()) {
    P = *H;
    sys::path::append(P, ".cache");
  } else {
    sys::path::system_temp_directory(/*ErasedOnReboot=*/false, P);
  }
  sys::path::append(P, "cuda-launch-lint");
  return P.str().str();
}

std::string cacheSubdir(StringRef Root, StringRef Name) {
  SmallString<256> P(Root.empty() ? StringRef(defaultCacheDir()) : Root);
  sys::path::append(P, Name);
  return P.str().str();
}

std::string hashString(StringRef S) {
  BLAKE3 H;
  H.update(S);
  return toHex(H.final(), /*LowerCase=*/true);
}

std::optional<std::string> hashFileContents(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return hashString((*Buf)->getBuffer());
}

std::error_code writeFileAtomically(StringRef Path, StringRef Text) {
  if (std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Path)))
    return EC;
  SmallString<256> Tmp;
  int FD;
  if (std::error_code EC =
          sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Tmp))
    return EC;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(Tmp);
      return EC;
    }
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Path)) {
    sys::fs::remove(Tmp);
    return EC;
  }
  return {};
}

std::string toolIdentity() {
  std::string Id = "cuda-launch-lint " CUDALINT_VERSION;
  // /proc/self/exe on Linux; the arguments are only a fallback elsewhere.
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(nullptr, &Anchor);
  sys::fs::file_status St;
  if (!Exe.empty() && !sys::fs::status(Exe, St))
    Id +=
        "\n" + Exe + "\n" + std::to_string(St.getSize()) + "\n" +
        std::to_string(St.getLastModificationTime().time_since_epoch().count());
  return Id;
}

std::optional<json::Value> CacheEntryReader::read() {
  if (!sys::fs::exists(Path))
    return std::nullopt;
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf) {
    Notes.push_back((What + " " + Path + " unreadable (" +
                     Buf.getError().message() + "); ignored")
                        .str());
    return std::nullopt;
  }
  Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V)
    return corrupt(toString(V.takeError()));
  return std::move(*V);
}

std::nullopt_t CacheEntryReader::corrupt(const Twine &Why) {
  Notes.push_back(
      (What + " " + Path + " is corrupt (" + Why + "); ignored, " + Instead)
          .str());
  return std::nullopt;
}

} // namespace cudalint
