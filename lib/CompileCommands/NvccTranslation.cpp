//===- NvccTranslation.cpp - nvcc command -> Clang CUDA parse -------------===//
//
// Walks an nvcc command with nvcc's own syntax rules (NvccOptions.cpp) and
// turns each flag into what a Clang 19 host-side CUDA parse needs, or into
// a fact about device code generation (archs, -maxrregcount, -rdc, ...).
// docs/nvcc-flags.md lists what happens to every family.
//
//===----------------------------------------------------------------------===//

#include "CommandTranslation.h"
#include "NvccOptions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint::cmdline {

namespace {

using A = NvAction;

/// "arch=compute_80,code=[compute_80,sm_80]", "arch=compute_80,code=sm_80",
/// "arch=compute_80,code=\"sm_80,compute_80\"" (CMake and hand-written
/// spellings), possibly several specs in one value.
void addGenerateCode(StringRef Value, StringRef Flag, Collector &C) {
  SmallVector<StringRef, 8> Items;
  Value.split(Items, ',', -1, /*KeepEmpty=*/false);
  std::string Arch;
  std::vector<std::string> Codes;
  bool InCode = false;
  auto Finish = [&] {
    std::vector<std::string> Group;
    if (!Codes.empty()) {
      for (const std::string &Code : Codes)
        C.addArch(Code, Flag, Group);
    } else if (!Arch.empty()) {
      C.addArch(Arch, Flag, Group);
    }
    C.ArchGroups.push_back(std::move(Group));
    Arch.clear();
    Codes.clear();
    InCode = false;
  };
  for (StringRef Item : Items) {
    Item = Item.trim().trim("\"'");
    if (Item.consume_front("arch=")) {
      if (!Arch.empty() || !Codes.empty())
        Finish();
      Arch = Item.str();
    } else if (Item.consume_front("code=")) {
      InCode = true;
      Codes.push_back(Item.str());
    } else if (InCode) {
      Codes.push_back(Item.str());
    } else {
      C.warnOnce(("gencode:" + Item).str(),
                 formatv("unexpected '{0}' in '{1}' ignored", Item, Flag));
    }
  }
  if (!Arch.empty() || !Codes.empty())
    Finish();
}

Expected<bool> parseNvccBool(StringRef Value, StringRef Flag) {
  std::string Lower = Value.lower();
  if (Lower == "true")
    return true;
  if (Lower == "false")
    return false;
  return makeError(
      formatv("nvcc flag '{0}' expects true or false, not '{1}'", Flag, Value));
}

Expected<unsigned> parseUnsigned(StringRef Value, StringRef Flag) {
  unsigned N;
  if (Value.trim().getAsInteger(10, N))
    return makeError(
        formatv("nvcc flag '{0}' expects a number, not '{1}'", Flag, Value));
  return N;
}

/// One nvcc command's translation: the state that spans its arguments.
class NvccTranslator {
public:
  explicit NvccTranslator(Collector &C) : C(C), Out(C.Out) {}

  Error run(ArrayRef<std::string> Args);

private:
  /// The forwarding flags apply to the whole command, wherever they are.
  void findForwarding(ArrayRef<std::string> Args);
  void unknownFlag(StringRef Arg);
  /// What the flag O (spelled FlagName, with its Value) does.
  Error apply(const NvccOption &O, StringRef FlagName,
              const std::string &Value);
  void language(const std::string &Value);
  void archOrCode(NvAction Action, StringRef FlagName,
                  const std::string &Value);
  void flushHostFlags() {
    addHostFlags(HostFlags, C, HostStd);
    HostFlags.clear();
  }
  /// What only the whole command decides: the -arch/-code pair, -std.
  void finish();

  Collector &C;
  TranslatedCommand &Out;
  bool ForwardUnknownToCompiler = false, ForwardUnknownToLinker = false;
  std::optional<std::string> NvccStd, HostStd;
  std::vector<std::string> HostFlags;
  // -arch and -code describe one pair wherever they are; the pair takes the
  // place of the first of them.
  std::optional<size_t> ArchCodeSlot;
  std::string ArchValue, ArchFlag, CodeFlag;
  std::vector<std::string> CodeValues;
};

void NvccTranslator::findForwarding(ArrayRef<std::string> Args) {
  // Found first so that forwarded flags keep their place.
  for (size_t I = 0; I < Args.size(); ++I) {
    NvccMatch M = matchNvccOption(Args[I]);
    if (!M.Option || StringRef(Args[I]).size() < 2 || Args[I][0] != '-')
      continue;
    if (M.Option->TakesValue && !M.InlineValue)
      ++I;
    else if (M.Option->Action == A::ForwardToCompiler)
      ForwardUnknownToCompiler = true;
    else if (M.Option->Action == A::ForwardToLinker)
      ForwardUnknownToLinker = true;
    else if (M.Option->Action == A::ForwardToBoth)
      ForwardUnknownToCompiler = ForwardUnknownToLinker = true;
  }
}

Error NvccTranslator::run(ArrayRef<std::string> Args) {
  findForwarding(Args);
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg.size() < 2 || Arg.front() != '-') {
      if (Arg != "-" && isSourceFile(Arg))
        Out.SourceFiles.push_back(Arg.str());
      continue;
    }
    NvccMatch M = matchNvccOption(Arg);
    if (!M.Option) {
      unknownFlag(Arg);
      continue;
    }
    const NvccOption &O = *M.Option;
    // The flag without its value, for messages: "-D" for "-DX=1".
    StringRef FlagName =
        M.InlineValue ? Arg.drop_back(M.InlineValue->size()).rtrim('=') : Arg;
    std::string Value;
    if (O.TakesValue) {
      if (M.InlineValue) {
        Value = *M.InlineValue;
      } else {
        if (I + 1 == Args.size())
          return missingValue("nvcc", Arg);
        Value = Args[++I];
      }
    }
    if (Error Err = apply(O, FlagName, Value))
      return Err;
  }
  finish();
  return Error::success();
}

void NvccTranslator::unknownFlag(StringRef Arg) {
  if (ForwardUnknownToCompiler) {
    // nvcc forwards the one argument; a following plain argument is an
    // input again.
    HostFlags.push_back(Arg.str());
    flushHostFlags();
  } else if (!ForwardUnknownToLinker) {
    // The flag without its value is what the user should look up.
    StringRef Spelling = Arg.split('=').first;
    C.warnOnce(Spelling, formatv("unknown nvcc flag '{0}' dropped", Spelling));
  }
}

/// Stores a parsed flag value, or passes on why it did not parse.
template <typename T, typename Field>
Error storeParsed(Expected<T> Parsed, Field &Into) {
  if (!Parsed)
    return Parsed.takeError();
  Into = *Parsed;
  return Error::success();
}

Error NvccTranslator::apply(const NvccOption &O, StringRef FlagName,
                            const std::string &Value) {
  switch (O.Action) {
  case A::Ignore:
    break;
  case A::Define:
  case A::Undefine:
    for (const std::string &Def : splitListValue(Value, false))
      Out.ClangArgs.push_back((O.Action == A::Define ? "-D" : "-U") + Def);
    break;
  case A::IncludePath:
  case A::SystemInclude:
    for (const std::string &Dir : splitListValue(Value, false))
      C.addIncludeDir(O.Action == A::IncludePath ? "-I" : "-isystem", Dir);
    break;
  case A::PreInclude:
    for (const std::string &File : splitListValue(Value, false))
      C.addPreInclude(File);
    break;
  case A::Std:
    NvccStd = "-std=" + Value;
    break;
  case A::Language:
    language(Value);
    break;
  case A::PassSpelling:
    Out.ClangArgs.push_back(("-" + O.Short).str());
    break;
  case A::ClangFlag:
    Out.ClangArgs.push_back((O.ClangFlag + Value).str());
    break;
  case A::CompilerOptions: {
    // Parsed as one list so that "-Xcompiler -isystem,/opt/inc" keeps the
    // directory with its flag.
    std::vector<std::string> Items = splitListValue(Value, true);
    HostFlags.insert(HostFlags.end(), Items.begin(), Items.end());
    flushHostFlags();
    break;
  }
  case A::PtxasOptions: {
    std::vector<std::string> Items = splitListValue(Value, true);
    Out.PtxasOptions.insert(Out.PtxasOptions.end(), Items.begin(), Items.end());
    break;
  }
  case A::Arch:
  case A::Code:
    archOrCode(O.Action, FlagName, Value);
    break;
  case A::GenerateCode:
    addGenerateCode(Value, FlagName, C);
    break;
  case A::Rdc:
    return storeParsed(parseNvccBool(Value, FlagName),
                       Out.RelocatableDeviceCode);
  case A::DeviceCompile:
    Out.RelocatableDeviceCode = true;
    break;
  case A::DeviceWhole:
    Out.RelocatableDeviceCode = false;
    break;
  case A::MaxRegCount:
    return storeParsed(parseUnsigned(Value, FlagName), Out.MaxRegCount);
  case A::FastMath:
    Out.FastMath = true;
    break;
  case A::DeviceDebug:
    Out.DeviceDebug = true;
    break;
  case A::LineInfo:
    Out.LineInfo = true;
    break;
  case A::DefaultStream:
    // What nvcc itself passes to the host compiler: the runtime headers
    // then map the API to its per-thread-stream entry points.
    if (Value == "per-thread")
      Out.ClangArgs.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
    break;
  case A::ForwardToCompiler:
  case A::ForwardToLinker:
  case A::ForwardToBoth:
    break; // found before the loop
  case A::OutputFile:
    Out.OutputFile = Value;
    break;
  case A::DependencyFile:
    Out.DependencyFile = Value;
    break;
  }
  return Error::success();
}

void NvccTranslator::language(const std::string &Value) {
  if (Value == "cu") {
    Out.ClangArgs.push_back("-x");
    Out.ClangArgs.push_back("cuda");
  } else if (Value == "c++" || Value == "c") {
    Out.ClangArgs.push_back("-x");
    Out.ClangArgs.push_back(Value);
  } else {
    C.warnOnce(("-x " + Value),
               formatv("unknown nvcc language '-x {0}' dropped", Value));
  }
}

void NvccTranslator::archOrCode(NvAction Action, StringRef FlagName,
                                const std::string &Value) {
  if (!ArchCodeSlot) {
    ArchCodeSlot = C.ArchGroups.size();
    C.ArchGroups.emplace_back();
  }
  if (Action == A::Arch) {
    // A second -arch replaces the first, as in nvcc.
    ArchValue = Value;
    ArchFlag = FlagName.str();
  } else {
    CodeFlag = FlagName.str();
    for (std::string &Code : splitListValue(Value, false))
      CodeValues.push_back(std::move(Code));
  }
}

void NvccTranslator::finish() {
  if (ArchCodeSlot) {
    std::vector<std::string> &Group = C.ArchGroups[*ArchCodeSlot];
    if (!CodeValues.empty()) {
      for (const std::string &Code : CodeValues)
        C.addArch(Code, CodeFlag, Group);
    } else if (!ArchValue.empty()) {
      C.addArch(ArchValue, ArchFlag, Group);
    }
  }
  // nvcc's -std sets the dialect of the CUDA front end; a host -std only
  // reaches the host compiler.
  if (NvccStd)
    Out.ClangArgs.push_back(*NvccStd);
  else if (HostStd)
    Out.ClangArgs.push_back(*HostStd);
  if (!Out.MaxRegCount)
    Out.MaxRegCount = ptxasMaxRegCount(Out.PtxasOptions);
  // nvcc's relocatable device code (-rdc=true, -dc) is Clang's -fgpu-rdc,
  // and the host parse needs it too: without it Clang rejects every
  // `extern __shared__` variable that is not an unsized array.
  if (Out.RelocatableDeviceCode)
    Out.ClangArgs.push_back("-fgpu-rdc");
}

} // namespace

Error translateNvcc(ArrayRef<std::string> Args, Collector &C) {
  return NvccTranslator(C).run(Args);
}

} // namespace cudalint::cmdline
