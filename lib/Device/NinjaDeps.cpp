//===- NinjaDeps.cpp - .ninja_deps and depfiles ---------------------------===//
//
// .ninja_deps (ninja's src/deps_log.cc, version 4): the 12-byte signature
// "# ninjadeps\n", a u32 version, then records, each a u32 size whose top
// bit marks a deps record:
//   path record: the path, NUL-padded to 4 bytes, then u32 ~id (ids count
//                up from 0 in file order)
//   deps record: u32 output id, u64 mtime (as two u32), u32 input ids
// A later deps record for the same output replaces an earlier one. A log
// cut short (ninja killed while writing) ends at the last whole record.
//
//===----------------------------------------------------------------------===//

#include "NinjaDeps.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace llvm::support::endian;

namespace cudalint::device {

namespace {

constexpr StringLiteral Signature = "# ninjadeps\n";
constexpr uint32_t Version = 4;
constexpr uint32_t MaxRecordSize = (1u << 19) - 1; // ninja's own limit

Error depsError(StringRef File, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), File + ": " + Why);
}

} // namespace

std::string absolutePathIn(StringRef Dir, StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(Dir, P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

Expected<NinjaDepsLog> NinjaDepsLog::load(StringRef Dir) {
  SmallString<256> File(Dir);
  sys::path::append(File, ".ninja_deps");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(File, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buf)
    return depsError(File, Buf.getError().message());
  StringRef Data = (*Buf)->getBuffer();
  if (!Data.starts_with(Signature) || Data.size() < Signature.size() + 4)
    return depsError(File, "not a ninja deps log");
  uint32_t V = read32le(Data.data() + Signature.size());
  if (V != Version)
    return depsError(
        File, formatv("deps log version {0} (this reads {1})", V, Version));
  NinjaDepsLog Log;
  std::vector<std::string> Paths; // by id
  size_t Pos = Signature.size() + 4;
  while (Data.size() - Pos >= 4) {
    uint32_t Head = read32le(Data.data() + Pos);
    bool IsDeps = Head >> 31;
    uint32_t Size = Head & 0x7fffffff;
    if (Size > MaxRecordSize || Size > Data.size() - Pos - 4)
      break; // cut short: keep what came before
    StringRef Rec = Data.substr(Pos + 4, Size);
    Pos += 4 + Size;
    if (!IsDeps) {
      if (Size < 5)
        return depsError(File, "bad path record");
      StringRef Path = Rec.drop_back(4).rtrim('\0');
      uint32_t Check = read32le(Rec.data() + Size - 4);
      if (~Check != Paths.size())
        return depsError(File, "path records out of order");
      Paths.push_back(absolutePathIn(Dir, Path));
      continue;
    }
    if (Size < 12 || Size % 4 != 0)
      return depsError(File, "bad deps record");
    uint32_t Out = read32le(Rec.data());
    if (Out >= Paths.size())
      return depsError(File, "deps record names an unknown output");
    std::vector<std::string> In;
    for (size_t I = 12; I < Size; I += 4) {
      uint32_t Id = read32le(Rec.data() + I);
      if (Id >= Paths.size())
        return depsError(File, "deps record names an unknown input");
      In.push_back(Paths[Id]);
    }
    Log.Inputs[Paths[Out]] = std::move(In);
  }
  return Log;
}

const std::vector<std::string> *NinjaDepsLog::inputsOf(StringRef Output) const {
  auto It = Inputs.find(Output);
  return It == Inputs.end() ? nullptr : &It->second;
}

std::vector<std::string> parseDepfile(StringRef Text) {
  std::vector<std::string> Out;
  std::string Word;
  bool InPrereqs = false;
  auto Flush = [&] {
    if (!Word.empty() && InPrereqs)
      Out.push_back(Word);
    Word.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      char N = Text[I + 1];
      if (N == '\n' || (N == '\r' && I + 2 < Text.size() &&
                        Text[I + 2] == '\n')) { // continuation
        Flush();
        I += N == '\r' ? 2 : 1;
        continue;
      }
      if (N == ' ' || N == '#' || N == '\\') {
        Word += N;
        ++I;
        continue;
      }
    }
    if (C == '$' && I + 1 < Text.size() && Text[I + 1] == '$') {
      Word += '$';
      ++I;
      continue;
    }
    if (C == ':' && !InPrereqs &&
        (I + 1 == Text.size() || isspace(uint8_t(Text[I + 1])))) {
      Word.clear(); // the target
      InPrereqs = true;
      continue;
    }
    if (C == '\n') {
      Flush();
      InPrereqs = false; // the next rule (-MP's phony targets)
      continue;
    }
    if (isspace(uint8_t(C))) {
      Flush();
      continue;
    }
    Word += C;
  }
  Flush();
  return Out;
}

} // namespace cudalint::device
