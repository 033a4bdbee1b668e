//===- LintConfig.cpp - .cuda-launch-lint.yaml ----------------------------===//

#include "cudalint/Lint/LintConfig.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

using namespace llvm;

namespace cudalint {

namespace {

/// Errors are one line (the driver's contract), but a YAML value may hold
/// line breaks and other control characters: those are shown escaped.
std::string oneLine(StringRef Message) {
  std::string Out;
  for (char C : Message) {
    if (C == '\n')
      Out += "\\n";
    else if (C == '\r')
      Out += "\\r";
    else if (C == '\t')
      Out += "\\t";
    else if (isPrint(C) || static_cast<unsigned char>(C) >= 0x80)
      Out += C;
    else
      Out += formatv("\\x{0:x-2}", static_cast<unsigned char>(C)).str();
  }
  return Out;
}

class Parser {
public:
  Parser(StringRef Path, StringRef Text) : Path(Path), Text(Text) {}

  Expected<LintConfig> parse();

private:
  StringRef Path, Text;
  SourceMgr SM;
  /// ":<line>:<col>: invalid YAML: ...": the first syntax error, if any.
  std::string YamlError;

  Error yamlFailure() const {
    return createStringError(inconvertibleErrorCode(),
                             oneLine((Path + YamlError).str()));
  }

  Error errorAt(const yaml::Node *N, const Twine &Msg) {
    // After a syntax error the YAML parser hands out placeholder nodes
    // (null, or without a location): the syntax error is what to report.
    if (!YamlError.empty())
      return yamlFailure();
    SMLoc Loc = N ? N->getSourceRange().Start : SMLoc();
    if (!Loc.isValid() || !SM.FindBufferContainingLoc(Loc))
      return createStringError(inconvertibleErrorCode(),
                               oneLine((Path + ": " + Msg).str()));
    auto [Line, Col] = SM.getLineAndColumn(Loc);
    return createStringError(
        inconvertibleErrorCode(),
        oneLine(formatv("{0}:{1}:{2}: {3}", Path, Line, Col, Msg.str()).str()));
  }

  Expected<std::string> scalar(yaml::Node *N, const Twine &What) {
    if (auto *S = dyn_cast_or_null<yaml::ScalarNode>(N)) {
      SmallString<64> Storage;
      return S->getValue(Storage).str();
    }
    if (auto *B = dyn_cast_or_null<yaml::BlockScalarNode>(N))
      return B->getValue().str();
    if (!N || isa<yaml::NullNode>(N))
      return errorAt(N ? N : Root, What + " has no value");
    return errorAt(N, What + " must be a single value");
  }

  // A YAML list of scalars, or one scalar split at commas; blanks dropped.
  // Each value comes with the node it was read from.
  using ListItem = std::pair<std::string, yaml::Node *>;
  Expected<std::vector<ListItem>> list(yaml::Node *N, const Twine &What) {
    std::vector<ListItem> Out;
    if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N)) {
      for (yaml::Node &Item : *Seq) {
        Expected<std::string> S = scalar(&Item, What + " entry");
        if (!S)
          return S.takeError();
        if (!StringRef(*S).trim().empty())
          Out.push_back({StringRef(*S).trim().str(), &Item});
      }
      return Out;
    }
    Expected<std::string> S = scalar(N, What);
    if (!S)
      return S.takeError();
    SmallVector<StringRef, 8> Parts;
    StringRef(*S).split(Parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef P : Parts)
      if (!P.trim().empty())
        Out.push_back({P.trim().str(), N});
    return Out;
  }

  /// SMCount's value: a number of SMs from 1 to MaxSMCount, trimmed.
  Expected<std::string> smCount(yaml::Node *N) {
    Expected<std::string> Count = scalar(N, "SMCount");
    if (!Count)
      return Count.takeError();
    unsigned SMs = 0;
    StringRef Trimmed = StringRef(*Count).trim();
    if (Trimmed.getAsInteger(10, SMs) || SMs == 0 || SMs > MaxSMCount)
      return errorAt(N, formatv("SMCount: '{0}' is not a number of SMs from "
                                "1 to {1}",
                                *Count, MaxSMCount));
    return Trimmed.str();
  }

  Error checkOption(yaml::Node *KeyNode, StringRef Key, StringRef Value);
  Error checkOptions(yaml::Node *N, LintConfig &C);
  yaml::Node *Root = nullptr;
};

Error Parser::checkOption(yaml::Node *KeyNode, StringRef Key, StringRef Value) {
  if (Error E = validateCheckOption(Key, Value))
    return errorAt(KeyNode, "CheckOptions: " + toString(std::move(E)));
  return Error::success();
}

Error Parser::checkOptions(yaml::Node *N, LintConfig &C) {
  auto Add = [&](yaml::Node *KeyNode, StringRef Key,
                 yaml::Node *ValueNode) -> Error {
    Expected<std::string> Value =
        scalar(ValueNode, "CheckOptions '" + Key + "'");
    if (!Value)
      return Value.takeError();
    if (Error E = checkOption(KeyNode, Key, *Value))
      return E;
    if (!C.CheckOptions.emplace(Key.str(), *Value).second)
      return errorAt(KeyNode, "duplicate CheckOptions key '" + Key + "'");
    return Error::success();
  };
  // The map form: {check.Option: value, ...}.
  if (auto *Map = dyn_cast_or_null<yaml::MappingNode>(N)) {
    for (yaml::KeyValueNode &KV : *Map) {
      Expected<std::string> Key = scalar(KV.getKey(), "CheckOptions key");
      if (!Key)
        return Key.takeError();
      if (Error E = Add(KV.getKey(), *Key, KV.getValue()))
        return E;
    }
    return Error::success();
  }
  // clang-tidy's list form: [{key: check.Option, value: v}, ...].
  if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N)) {
    for (yaml::Node &Item : *Seq) {
      auto *Map = dyn_cast<yaml::MappingNode>(&Item);
      if (!Map)
        return errorAt(&Item, "CheckOptions list entries must be "
                              "{key: <check>.<Option>, value: <value>}");
      yaml::Node *KeyNode = nullptr, *ValueNode = nullptr;
      std::optional<std::string> Key;
      for (yaml::KeyValueNode &KV : *Map) {
        Expected<std::string> Name =
            scalar(KV.getKey(), "CheckOptions entry key");
        if (!Name)
          return Name.takeError();
        if (*Name == "key" && !KeyNode) {
          Expected<std::string> K = scalar(KV.getValue(), "CheckOptions 'key'");
          if (!K)
            return K.takeError();
          Key = *K;
          KeyNode = KV.getValue();
        } else if (*Name == "value" && !ValueNode) {
          ValueNode = KV.getValue();
          // Parse now: YAML nodes are read once, in order.
          if (!isa_and_nonnull<yaml::ScalarNode, yaml::BlockScalarNode>(
                  ValueNode))
            return errorAt(KV.getKey(),
                           "CheckOptions 'value' must be a single value");
          if (Error E = scalar(ValueNode, "value").takeError())
            return E;
        } else {
          return errorAt(KV.getKey(), "unexpected '" + *Name +
                                          "' in a CheckOptions entry "
                                          "(expected 'key' and 'value')");
        }
      }
      if (!KeyNode || !ValueNode || !Key) // (Key is set with KeyNode)
        return errorAt(&Item,
                       "CheckOptions entry needs both 'key' and 'value'");
      if (Error E = Add(KeyNode, *Key, ValueNode))
        return E;
    }
    return Error::success();
  }
  if (!N || isa<yaml::NullNode>(N))
    return Error::success(); // "CheckOptions:" with nothing under it
  return errorAt(N, "CheckOptions must be a map of '<check>.<Option>: value' "
                    "or a list of {key, value}");
}

Expected<LintConfig> Parser::parse() {
  LintConfig C;
  C.Path = Path.str();
  // The parser reports problems through the SourceMgr; keep the first one.
  SM.setDiagHandler(
      [](const SMDiagnostic &D, void *Ctx) {
        auto &Out = *static_cast<std::string *>(Ctx);
        if (Out.empty())
          Out = formatv("{0}:{1}:{2}: invalid YAML: {3}", "", D.getLineNo(),
                        D.getColumnNo() + 1, D.getMessage())
                    .str();
      },
      &YamlError);
  yaml::Stream S(Text, SM, /*ShowColors=*/false);
  yaml::document_iterator Doc = S.begin();
  if (Doc == S.end())
    return C; // an empty file
  Root = Doc->getRoot();
  if (S.failed())
    return yamlFailure();

  if (auto *Map = dyn_cast_or_null<yaml::MappingNode>(Root)) {
    StringSet<> Seen;
    for (yaml::KeyValueNode &KV : *Map) {
      if (S.failed())
        return yamlFailure();
      yaml::Node *KeyNode = KV.getKey();
      if (S.failed())
        return yamlFailure();
      Expected<std::string> Key = scalar(KeyNode, "key");
      if (!Key)
        return Key.takeError();
      if (!Seen.insert(*Key).second)
        return errorAt(KeyNode, "duplicate key '" + *Key + "'");
      yaml::Node *Value = KV.getValue();
      if (S.failed())
        return yamlFailure();

      if (*Key == "Checks" || *Key == "WarningsAsErrors") {
        Expected<std::vector<ListItem>> Globs = list(Value, *Key);
        if (!Globs)
          return Globs.takeError();
        std::vector<std::string> Items;
        for (ListItem &G : *Globs)
          Items.push_back(std::move(G.first));
        (*Key == "Checks" ? C.Checks : C.WarningsAsErrors) = join(Items, ",");
      } else if (*Key == "CheckOptions") {
        if (Error E = checkOptions(Value, C))
          return E;
      } else if (*Key == "Archs") {
        Expected<std::vector<ListItem>> Archs = list(Value, "Archs");
        if (!Archs)
          return Archs.takeError();
        for (const auto &[A, Node] : *Archs) {
          Expected<const ArchInfo &> Info = lookupArch(A);
          if (!Info)
            return errorAt(Node, toString(Info.takeError()));
          C.Archs.push_back(A);
        }
      } else if (*Key == "Gpu") {
        Expected<std::string> Name = scalar(Value, "Gpu");
        if (!Name)
          return Name.takeError();
        Expected<const GpuPreset &> G =
            lookupGpuPreset(StringRef(*Name).trim());
        if (!G)
          return errorAt(Value, toString(G.takeError()));
        C.Gpu = &*G;
        C.GpuName = StringRef(*Name).trim().str();
      } else if (*Key == "SMCount") {
        Expected<std::string> Count = smCount(Value);
        if (!Count)
          return Count.takeError();
        C.SMCount = *Count;
      } else if (*Key == "HeaderFilterRegex") {
        Expected<std::string> R = scalar(Value, "HeaderFilterRegex");
        if (!R)
          return R.takeError();
        std::string Why;
        if (!Regex(*R).isValid(Why))
          return errorAt(Value,
                         "HeaderFilterRegex '" + *R +
                             "' is not a valid regular expression: " + Why);
        C.HeaderFilterRegex = *R;
      } else {
        return errorAt(KeyNode,
                       "unknown key '" + *Key +
                           "' (known: Checks, WarningsAsErrors, CheckOptions, "
                           "Archs, Gpu, SMCount, HeaderFilterRegex)");
      }
      if (S.failed())
        return yamlFailure();
    }
  } else if (Root && !isa<yaml::NullNode>(Root)) {
    if (S.failed())
      return yamlFailure();
    return errorAt(Root, "the configuration must be a map of keys "
                         "(Checks, CheckOptions, Archs, ...)");
  }
  if (S.failed())
    return yamlFailure();
  if (C.Gpu && C.SMCount)
    return errorAt(Root, "give Gpu (a preset) or SMCount, not both");
  if (++Doc != S.end()) {
    if (S.failed())
      return yamlFailure();
    return errorAt(Doc->getRoot(), "only one YAML document is allowed");
  }
  if (S.failed())
    return yamlFailure();
  return C;
}

} // namespace

void LintConfig::applyCheckOptions(cudalint::CheckOptions &Options) const {
  for (const auto &[Key, Value] : CheckOptions)
    Options.Values.try_emplace(Key, Value);
  if (!Options.Gpu)
    Options.Gpu = Gpu;
}

Expected<LintConfig> parseLintConfig(StringRef Text, StringRef Path) {
  return Parser(Path, Text).parse();
}

Expected<LintConfig> loadLintConfig(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: cannot read: %s",
                             Path.str().c_str(),
                             Buf.getError().message().c_str());
  return parseLintConfig((*Buf)->getBuffer(), Path);
}

std::optional<std::string> findLintConfig(StringRef SourceFile) {
  SmallString<256> Abs(SourceFile);
  if (sys::fs::make_absolute(Abs))
    return std::nullopt;
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  for (StringRef Dir = sys::path::parent_path(Abs); !Dir.empty();
       Dir = sys::path::parent_path(Dir)) {
    SmallString<256> Candidate(Dir);
    sys::path::append(Candidate, LintConfigFileName);
    if (sys::fs::is_regular_file(Candidate))
      return std::string(Candidate);
  }
  return std::nullopt;
}

} // namespace cudalint
