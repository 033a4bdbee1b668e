//===- AmdResourceRemarks.cpp - AMDGPU kernel-resource-usage remarks ------===//
//
// The remark text is LLVM 19's AMDGPUAsmPrinter::emitResourceUsageRemarks:
// "Function Name: <symbol>" opens a kernel's block and each further remark
// is "<indent><Field>: <value>". Lines that are not this pass's remarks
// (the source snippets under each remark, warnings, other passes) are
// skipped; a field this parser does not know is skipped too, so that a
// newer backend's extra fields do not break the read.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/AmdResourceRemarks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace cudalint {

namespace {
constexpr StringLiteral RemarkTag = " [-Rpass-analysis=kernel-resource-usage]";
constexpr StringLiteral RemarkMarker = ": remark: ";

/// A remark line (its tag removed) into where it points and its text. Clang
/// prints "f.hip:3:1: remark: <text>" when the backend runs in the compile,
/// and "remark: f.hip:3:0: <text>" when it runs on bitcode (-save-temps,
/// -fgpu-rdc): the location then follows the word.
bool splitRemark(StringRef Line, StringRef &Where, StringRef &Text) {
  if (size_t Marker = Line.find(RemarkMarker); Marker != StringRef::npos) {
    Where = Line.take_front(Marker);
    Text = Line.drop_front(Marker + RemarkMarker.size()).trim();
    return true;
  }
  if (!Line.consume_front("remark: "))
    return false;
  static const Regex Located("^(.*:[0-9]+:[0-9]+): (.*)$");
  SmallVector<StringRef, 3> Parts;
  if (!Located.match(Line, &Parts))
    return false;
  Where = Parts[1];
  Text = Parts[2].trim();
  return true;
}

/// "f.hip:3:1" into its parts; a path may itself hold colons.
void readLocation(StringRef Where, AmdKernelUsage &K) {
  auto [Rest, Col] = Where.rsplit(':');
  auto [File, Line] = Rest.rsplit(':');
  if (Line.getAsInteger(10, K.Line) || Col.getAsInteger(10, K.Column)) {
    K.Line = K.Column = 0;
    K.File = Where.str();
    return;
  }
  K.File = File.str();
}

Error lineError(unsigned LineNo, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "kernel-resource-usage remarks, line " +
                               Twine(LineNo) + ": " + Why);
}

/// Stores Value into K's field Name; an error for a value that is not what
/// the field holds or a field given twice.
Error storeField(AmdKernelUsage &K, StringRef Name, StringRef Value,
                 unsigned LineNo) {
  auto GivenTwice = [&] {
    return lineError(LineNo, "'" + Name + "' given twice for kernel " + K.Name);
  };
  auto Number = [&](auto &Slot) -> Error {
    if (Slot)
      return GivenTwice();
    std::remove_reference_t<decltype(*Slot)> N;
    if (Value.getAsInteger(10, N))
      return lineError(LineNo,
                       "'" + Name + "' is not a number: '" + Value + "'");
    Slot = N;
    return Error::success();
  };
  // The fields that hold a count; others are skipped (a newer backend may
  // print more), but for "Dynamic Stack".
  std::optional<Error> Stored;
  auto Count = [&](StringRef FieldName, auto &Slot) {
    if (Name != FieldName)
      return false;
    Stored.emplace(Number(Slot));
    return true;
  };
  if ((Count("SGPRs", K.SGPRs) || Count("VGPRs", K.VGPRs) ||
       Count("AGPRs", K.AGPRs) ||
       Count("ScratchSize [bytes/lane]", K.ScratchBytesPerLane) ||
       Count("Occupancy [waves/SIMD]", K.Occupancy) ||
       Count("SGPRs Spill", K.SGPRSpills) ||
       Count("VGPRs Spill", K.VGPRSpills) ||
       Count("LDS Size [bytes/block]", K.LDSBytes)) &&
      Stored) // (a Count that holds has stored its result)
    return std::move(*Stored);
  if (Name != "Dynamic Stack")
    return Error::success();
  if (K.DynamicStack)
    return GivenTwice();
  if (Value != "True" && Value != "False")
    return lineError(LineNo,
                     "'" + Name + "' is not True or False: '" + Value + "'");
  K.DynamicStack = Value == "True";
  return Error::success();
}
} // namespace

Expected<std::vector<AmdKernelUsage>> parseAmdResourceRemarks(StringRef Log) {
  std::vector<AmdKernelUsage> Kernels;
  SmallVector<StringRef, 0> Lines;
  Log.split(Lines, '\n');
  for (auto [Index, RawLine] : enumerate(Lines)) {
    const unsigned LineNo = unsigned(Index) + 1;
    StringRef Line = RawLine.rtrim("\r");
    if (!Line.consume_back(RemarkTag))
      continue;
    StringRef Where, Text;
    if (!splitRemark(Line, Where, Text))
      continue;
    auto [Name, Value] = Text.split(": ");
    Name = Name.trim();
    Value = Value.trim();
    if (Name == "Function Name") {
      if (Value.empty())
        return lineError(LineNo, "a 'Function Name' without a name");
      AmdKernelUsage K;
      K.Name = Value.str();
      readLocation(Where, K);
      Kernels.push_back(std::move(K));
      continue;
    }
    if (Kernels.empty())
      return lineError(LineNo, "'" + Name + "' before any 'Function Name'");
    if (Error E = storeField(Kernels.back(), Name, Value, LineNo))
      return std::move(E);
  }
  return Kernels;
}

} // namespace cudalint
