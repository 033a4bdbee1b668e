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
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

namespace {
constexpr StringLiteral RemarkTag = " [-Rpass-analysis=kernel-resource-usage]";
constexpr StringLiteral RemarkMarker = ": remark: ";

enum class Field {
  Unknown,
  SGPRs,
  VGPRs,
  AGPRs,
  Scratch,
  DynamicStack,
  Occupancy,
  SGPRSpills,
  VGPRSpills,
  LDS
};

Field fieldNamed(StringRef Name) {
  return StringSwitch<Field>(Name)
      .Case("SGPRs", Field::SGPRs)
      .Case("VGPRs", Field::VGPRs)
      .Case("AGPRs", Field::AGPRs)
      .Case("ScratchSize [bytes/lane]", Field::Scratch)
      .Case("Dynamic Stack", Field::DynamicStack)
      .Case("Occupancy [waves/SIMD]", Field::Occupancy)
      .Case("SGPRs Spill", Field::SGPRSpills)
      .Case("VGPRs Spill", Field::VGPRSpills)
      .Case("LDS Size [bytes/block]", Field::LDS)
      .Default(Field::Unknown);
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

/// Stores Value into the field Which of K; an error for a value that is not
/// what the field holds or a field given twice.
Error storeField(AmdKernelUsage &K, Field Which, StringRef Name,
                 StringRef Value, unsigned LineNo) {
  auto Number = [&](auto &Slot) -> Error {
    if (Slot)
      return lineError(LineNo,
                       "'" + Name + "' given twice for kernel " + K.Name);
    std::remove_reference_t<decltype(*Slot)> N;
    if (Value.getAsInteger(10, N))
      return lineError(LineNo,
                       "'" + Name + "' is not a number: '" + Value + "'");
    Slot = N;
    return Error::success();
  };
  switch (Which) {
  case Field::SGPRs:
    return Number(K.SGPRs);
  case Field::VGPRs:
    return Number(K.VGPRs);
  case Field::AGPRs:
    return Number(K.AGPRs);
  case Field::Scratch:
    return Number(K.ScratchBytesPerLane);
  case Field::Occupancy:
    return Number(K.Occupancy);
  case Field::SGPRSpills:
    return Number(K.SGPRSpills);
  case Field::VGPRSpills:
    return Number(K.VGPRSpills);
  case Field::LDS:
    return Number(K.LDSBytes);
  case Field::DynamicStack:
    if (K.DynamicStack)
      return lineError(LineNo,
                       "'" + Name + "' given twice for kernel " + K.Name);
    if (Value != "True" && Value != "False")
      return lineError(LineNo,
                       "'" + Name + "' is not True or False: '" + Value + "'");
    K.DynamicStack = Value == "True";
    return Error::success();
  case Field::Unknown:
    return Error::success();
  }
  llvm_unreachable("unknown remark field");
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
    size_t Marker = Line.find(RemarkMarker);
    if (Marker == StringRef::npos)
      continue;
    StringRef Where = Line.take_front(Marker);
    StringRef Text = Line.drop_front(Marker + RemarkMarker.size()).trim();
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
    if (Error E =
            storeField(Kernels.back(), fieldNamed(Name), Name, Value, LineNo))
      return std::move(E);
  }
  return Kernels;
}

} // namespace cudalint
