//===- FactsCache.cpp - The front end's facts, kept between runs ----------===//
//
// <dir>/v1/<2 hex>/<key>.json:
//   {"schema": N, "key": "<key>",
//    "entries": [{"deps": [[path, size, mtime_ns, ctime_ns, hash], ...],
//                 "facts": {...FactsJSON...}}, ...]}
// (size and times null when they were too recent to trust).
// Most recent entry first. Nothing here is fatal: a problem is a miss (and
// a note when the cache is damaged or cannot be written).
//
//===----------------------------------------------------------------------===//

#include "cudalint/Cache/FactsCache.h"

#include "cudalint/Cache/CacheSupport.h"
#include "cudalint/Facts/FactsJSON.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace llvm;

namespace cudalint {

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::optional<FileStat> trustedStat(std::optional<FileStat> Stat,
                                    int64_t NowNs) {
  if (Stat && std::max(Stat->MTimeNs, Stat->CTimeNs) < NowNs - RacyWindowNs)
    return Stat;
  return std::nullopt;
}

std::string FactsCache::manifestPath(StringRef Key) const {
  SmallString<256> P(Dir);
  sys::path::append(P, "v1", Key.take_front(2), Key + ".json");
  return P.str().str();
}

namespace {

json::Value toJSON(const DependencyRecord &D) {
  if (!D.Stat)
    return json::Array{D.Path, nullptr, nullptr, nullptr, D.Hash};
  return json::Array{D.Path, int64_t(D.Stat->Size), D.Stat->MTimeNs,
                     D.Stat->CTimeNs, D.Hash};
}

/// [path, size, mtime, ctime, hash]: size and times all null or all
/// numbers.
std::optional<DependencyRecord> dependencyFromJSON(const json::Value &V) {
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != 5)
    return std::nullopt;
  std::optional<StringRef> Path = (*A)[0].getAsString();
  std::optional<StringRef> Hash = (*A)[4].getAsString();
  if (!Path || !Hash)
    return std::nullopt;
  DependencyRecord D{Path->str(), std::nullopt, Hash->str()};
  if ((*A)[1].getAsNull() && (*A)[2].getAsNull() && (*A)[3].getAsNull())
    return D;
  std::optional<int64_t> Size = (*A)[1].getAsInteger();
  std::optional<int64_t> MTime = (*A)[2].getAsInteger();
  std::optional<int64_t> CTime = (*A)[3].getAsInteger();
  if (!Size || *Size < 0 || !MTime || !CTime)
    return std::nullopt;
  D.Stat = FileStat{uint64_t(*Size), *MTime, *CTime};
  return D;
}

/// What makes two dependency sets the same: their files and contents (not
/// their times).
std::string signature(ArrayRef<DependencyRecord> Deps) {
  std::string S;
  for (const DependencyRecord &D : Deps)
    S += D.Path + '\0' + D.Hash + '\0';
  return S;
}

/// The signature of a stored entry's deps; empty when it is damaged.
std::string entrySignature(const json::Value &Entry) {
  const json::Object *O = Entry.getAsObject();
  const json::Array *Deps = O ? O->getArray("deps") : nullptr;
  if (!Deps)
    return "";
  std::vector<DependencyRecord> Records;
  for (const json::Value &D : *Deps) {
    std::optional<DependencyRecord> R = dependencyFromJSON(D);
    if (!R)
      return "";
    Records.push_back(std::move(*R));
  }
  return signature(ArrayRef<DependencyRecord>(Records));
}

/// The entries of a manifest; none when it is not one for Key.
const json::Array *manifestEntries(const json::Value &V, StringRef Key,
                                   std::string &Why) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return Why = "not an object", nullptr;
  if (O->getInteger("schema") != std::optional<int64_t>(FactsSchemaVersion))
    return Why = "unknown schema", nullptr;
  if (O->getString("key") != std::optional<StringRef>(Key))
    return Why = "key mismatch", nullptr;
  const json::Array *Entries = O->getArray("entries");
  if (!Entries)
    return Why = "no entries", nullptr;
  return Entries;
}

} // namespace

std::optional<FactsCache::Hit>
FactsCache::lookup(StringRef Key, std::vector<std::string> &Notes) {
  // Taken before the manifest is read: a file changed after it is never
  // trusted by its time alone.
  int64_t T = nowNs();
  CacheEntryReader Manifest(manifestPath(Key), "facts cache entry",
                            "parsing again", Notes);
  std::optional<json::Value> V = Manifest.read();
  if (!V)
    return std::nullopt; // never stored (or no cache there at all)
  auto Corrupt = [&](const Twine &Why) { return Manifest.corrupt(Why); };
  std::string Why;
  const json::Array *Entries = manifestEntries(*V, Key, Why);
  if (!Entries)
    return Corrupt(Why);

  for (const json::Value &E : *Entries) {
    const json::Object *O = E.getAsObject();
    const json::Array *Deps = O ? O->getArray("deps") : nullptr;
    const json::Value *Facts = O ? O->get("facts") : nullptr;
    if (!Deps || !Facts)
      return Corrupt("entry without deps or facts");
    std::vector<DependencyRecord> Now;
    // Moved: some file had to be hashed, and its time now proves it
    // unchanged for the next lookups (a time still too recent does not).
    bool Unchanged = true, Moved = false;
    for (const json::Value &D : *Deps) {
      std::optional<DependencyRecord> R = dependencyFromJSON(D);
      if (!R)
        return Corrupt("bad dependency record");
      std::optional<FileStat> Stat = FileStates::stat(R->Path);
      if (!Stat) {
        Unchanged = false; // deleted or unreadable: a different parse
        break;
      }
      if (!R->Stat || !(*Stat == *R->Stat)) {
        // Its time or size moved (or was never trusted): the content says.
        std::optional<HashedFile> H = Files.hash(R->Path);
        if (!H || H->Hash != R->Hash) {
          Unchanged = false;
          break;
        }
        Stat = trustedStat(H->Stat, T);
        Moved |= Stat.has_value();
      }
      R->Stat = Stat;
      Now.push_back(std::move(*R));
    }
    if (!Unchanged)
      continue;
    Hit H;
    json::Path::Root Root;
    if (!fromJSON(*Facts, H.Facts, Root)) {
      std::string Where;
      raw_string_ostream(Where) << toString(Root.getError());
      return Corrupt("bad facts: " + Where);
    }
    if (Moved)
      H.Refreshed = std::move(Now);
    return H;
  }
  return std::nullopt;
}

std::vector<std::string> FactsCache::runNotes() const {
  std::lock_guard<std::mutex> Lock(M);
  return RunNotes;
}

bool FactsCache::store(StringRef Key, ArrayRef<DependencyRecord> Deps,
                       const TranslationUnitFacts &Facts) {
  std::string Path = manifestPath(Key);
  json::Array Entries;
  json::Array NewDeps;
  for (const DependencyRecord &D : Deps)
    NewDeps.push_back(toJSON(D));
  Entries.push_back(
      json::Object{{"deps", std::move(NewDeps)}, {"facts", toJSON(Facts)}});
  // Keep the other dependency sets already there (another run may have
  // added one meanwhile; the last writer wins, which only loses an entry).
  if (auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true)) {
    if (Expected<json::Value> Old = json::parse((*Buf)->getBuffer())) {
      std::string Why;
      std::string Mine = signature(Deps);
      if (const json::Array *OldEntries = manifestEntries(*Old, Key, Why))
        for (const json::Value &E : *OldEntries) {
          if (Entries.size() >= MaxEntries)
            break;
          std::string Theirs = entrySignature(E);
          if (!Theirs.empty() && Theirs != Mine)
            Entries.push_back(E);
        }
    } else {
      consumeError(Old.takeError()); // corrupt: replaced
    }
  }
  json::Object Manifest{{"schema", int64_t(FactsSchemaVersion)},
                        {"key", Key},
                        {"entries", std::move(Entries)}};
  std::string Text;
  raw_string_ostream(Text) << json::Value(std::move(Manifest)) << "\n";
  if (std::error_code EC = writeFileAtomically(Path, Text)) {
    std::lock_guard<std::mutex> Lock(M);
    if (RunNotes.empty())
      RunNotes.push_back("cache " + Root + " is not writable (" + EC.message() +
                         "); front-end facts are not cached");
    return false;
  }
  return true;
}

} // namespace cudalint
