//===- PtxasLogParser.cpp - ptxas -v / nvcc --resource-usage reports ------===//
//
// What ptxas 13.0 prints with -v (the same through nvcc -Xptxas -v and
// nvcc --resource-usage), per entry:
//
//   ptxas info    : Compiling entry function '_Z5spillPfi' for 'sm_80'
//   ptxas info    : Function properties for _Z5spillPfi
//       208 bytes stack frame, 64 bytes spill stores, 72 bytes spill loads
//   ptxas info    : Used 32 registers, used 0 barriers, 208 bytes cumulative
//                   stack size, 364 bytes cmem[0]
//
// The "Used" line is a comma-separated list: "used N barriers" is always
// there in 13.0; "N bytes smem", "N bytes cumulative stack size" and
// "N bytes cmem[0]" only when not zero / up to sm_90. Device functions get
// "Function properties for f" (and, with -rdc, clones named f$1) but no
// "Compiling" line. Module lines ("ptxas info : 4 bytes gmem, 256 bytes
// cmem[3]"), "Compile time = ..." lines, "Overriding maximum register
// limit ..." lines and warnings are not per function.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/DeviceFacts.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <type_traits>

using namespace llvm;

namespace cudalint {

namespace {

StringRef quoted(StringRef S) {
  size_t B = S.find('\'');
  if (B == StringRef::npos)
    return S.trim();
  size_t E = S.find('\'', B + 1);
  return S.slice(B + 1, E);
}

/// Stores one item of a report line, N of What, where F has a field for it.
void storeItem(PtxasFunction &F, StringRef What, uint64_t N) {
  auto Item = [&](StringRef Name, auto &Field) {
    if (What != Name)
      return false;
    Field = std::remove_reference_t<decltype(Field)>(N);
    return true;
  };
  Item("registers", F.Registers) || Item("barriers", F.Barriers) ||
      Item("smem", F.StaticSmem) ||
      Item("cumulative stack size", F.CumulativeStack) ||
      Item("cmem[0]", F.ConstMem0) || Item("stack frame", F.StackFrame) ||
      Item("spill stores", F.SpillStores) || Item("spill loads", F.SpillLoads);
}

/// The "N bytes X" items of a comma-separated list ("Used 32 registers,
/// used 1 barriers, 8 bytes smem", "0 bytes stack frame, 0 bytes spill
/// stores, ..."), stored into F.
void storeItems(StringRef List, PtxasFunction &F) {
  SmallVector<StringRef, 8> Items;
  List.split(Items, ',');
  for (StringRef Item : Items) {
    Item = Item.trim();
    // "Used 32 registers", "used 0 barriers"
    if (Item.consume_front("Used ") || Item.consume_front("used "))
      Item = Item.trim();
    StringRef Num = Item.take_while(isDigit);
    uint64_t N;
    if (Num.empty() || Num.getAsInteger(10, N))
      continue;
    StringRef What = Item.drop_front(Num.size()).trim();
    What.consume_front("bytes ");
    storeItem(F, What.trim(), N);
  }
}

} // namespace

Expected<PtxasLog> parsePtxasLog(StringRef Text) {
  PtxasLog Log;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  std::string CurrentArch;
  // The function whose report lines follow.
  PtxasFunction *Current = nullptr;
  // Entries are announced by "Compiling entry function"; their
  // "Function properties" line follows.
  std::optional<std::pair<std::string, std::string>> Announced;
  bool SawPtxasInfo = false, AwaitingProperties = false;

  for (StringRef Raw : Lines) {
    StringRef L = Raw.rtrim("\r").trim();
    if (L.empty())
      continue;
    if (L.starts_with("ptxas info")) {
      SawPtxasInfo = true;
      StringRef Msg = L.drop_front(StringRef("ptxas info").size()).ltrim();
      if (!Msg.consume_front(":"))
        continue;
      Msg = Msg.trim();
      AwaitingProperties = false;
      if (Msg.consume_front("Compiling entry function")) {
        // 'name' for 'sm_80'
        StringRef Name = quoted(Msg);
        StringRef AfterName =
            Msg.drop_front(Msg.find('\'', Msg.find('\'') + 1) + 1);
        StringRef Arch;
        if (AfterName.contains("for"))
          Arch = quoted(AfterName.substr(AfterName.find("for") + 3));
        CurrentArch = Arch.str();
        Announced = std::make_pair(Name.str(), Arch.str());
        Current = nullptr;
        continue;
      }
      if (Msg.consume_front("Function properties for")) {
        StringRef Name = Msg.trim();
        PtxasFunction F;
        F.Name = Name.str();
        if (Announced && Announced->first == F.Name) {
          F.IsEntry = true;
          F.Arch = Announced->second;
          Announced.reset();
        } else {
          F.Arch = CurrentArch;
        }
        Log.Functions.push_back(std::move(F));
        Current = &Log.Functions.back();
        AwaitingProperties = true;
        continue;
      }
      if (Msg.starts_with("Used ")) {
        // Belongs to the entry announced or described last.
        if (Announced) {
          // No "Function properties" line came (not seen in 13.0, but
          // cheap to accept).
          PtxasFunction F;
          F.Name = Announced->first;
          F.Arch = Announced->second;
          F.IsEntry = true;
          Announced.reset();
          Log.Functions.push_back(std::move(F));
          Current = &Log.Functions.back();
        }
        if (!Current)
          continue;
        Current->HasUsage = true;
        storeItems(Msg, *Current);
        Current = nullptr;
        continue;
      }
      // Module lines, compile times, register-limit overrides.
      continue;
    }
    if (AwaitingProperties && Current &&
        (L.contains("bytes stack frame") || L.contains("spill stores"))) {
      storeItems(L, *Current);
      AwaitingProperties = false;
      continue;
    }
    AwaitingProperties = false;
    if (L.starts_with("ptxas warning")) {
      Log.Warnings.push_back(L.str());
      continue;
    }
    if (L.starts_with("ptxas error") || L.starts_with("ptxas fatal") ||
        L.starts_with("nvcc fatal") || L.starts_with("nvcc error") ||
        L.contains(": error:") || L.contains("): error") ||
        L.contains(" fatal error"))
      Log.Errors.push_back(L.str());
  }
  if (!SawPtxasInfo && Log.Errors.empty())
    return createStringError(
        inconvertibleErrorCode(),
        "not a ptxas -v / nvcc --resource-usage log (no 'ptxas info' line)");
  return Log;
}

bool isPtxasReportLine(StringRef Line) {
  StringRef T = Line.ltrim();
  return Line.starts_with("ptxas info") ||
         (Line.starts_with("    ") && T.contains("bytes stack frame"));
}

} // namespace cudalint
