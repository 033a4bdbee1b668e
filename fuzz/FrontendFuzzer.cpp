//===- FrontendFuzzer.cpp - the front end on broken CUDA sources ----------===//
//
// Clang recovers from code it cannot parse and hands the analysis an AST with
// invalid declarations, null types and error expressions: the front end must
// collect what it can from any source, and the checks and reports must take
// whatever facts come out. The input is the text of one .cu file.
//
// The mutator works on tokens (deletes, duplicates, truncates, swaps, inserts
// CUDA punctuation) so that most inputs stay close to real code and get deep
// into the AST; one time in four it leaves the bytes to libFuzzer.
//
// By default the file is parsed with the built-in CUDA declarations (fast);
// CUDALINT_FUZZ_CUDA_PATH=<toolkit> parses with the real toolkit headers.
// scripts/fuzz.sh runs it with ASAN_OPTIONS=allow_user_segv_handler=0 and
// handle_abort=1 (and the other deadly signals), so that the front end's
// crash recovery context cannot hide a crash from the fuzzer.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Arch/Arch.h"
#include "cudalint/Checks/Checks.h"
#include "cudalint/Frontend/Frontend.h"
#include "cudalint/Report/FactsReport.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace llvm;

extern "C" size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

namespace {

std::string SourcePath; // <temp dir>/fuzz.cu, rewritten for every input
cudalint::FrontendOptions Options;

/// Identifiers and numbers, single punctuation characters, whitespace runs.
std::vector<StringRef> tokenize(StringRef Text) {
  std::vector<StringRef> Tokens;
  size_t I = 0;
  while (I < Text.size()) {
    size_t J = I + 1;
    auto Word = [](char C) { return isalnum((unsigned char)C) || C == '_'; };
    auto Space = [](char C) { return isspace((unsigned char)C); };
    if (Word(Text[I]))
      while (J < Text.size() && Word(Text[J]))
        ++J;
    else if (Space(Text[I]))
      while (J < Text.size() && Space(Text[J]))
        ++J;
    Tokens.push_back(Text.slice(I, J));
    I = J;
  }
  return Tokens;
}

size_t tokenMutate(uint8_t *Data, size_t Size, size_t MaxSize, unsigned Seed) {
  std::minstd_rand Rng(Seed);
  auto Pick = [&](size_t N) { return N ? size_t(Rng() % N) : 0; };
  std::string Copy(reinterpret_cast<const char *>(Data), Size);
  std::vector<StringRef> T = tokenize(Copy);
  if (T.empty() || Pick(4) == 0)
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  static const char *const Inserts[] = {
      "{",  "}",          "(",        ")",        "<<<",  ">>>",     ";",
      ",",  "<",          ">",        "dim3",     "[",    "]",       "0",
      "-1", "__global__", "template", "typename", "auto", "#if 1\n", "#endif\n",
      "*",  "&",          "::",       "=",        "...",  "sizeof",  "\n"};
  size_t A = Pick(T.size()), Len = 1 + Pick(8);
  size_t B = std::min(T.size(), A + Len);
  std::vector<StringRef> Out;
  switch (Pick(5)) {
  case 0: // delete tokens [A, B)
    Out.insert(Out.end(), T.begin(), T.begin() + A);
    Out.insert(Out.end(), T.begin() + B, T.end());
    break;
  case 1: // duplicate tokens [A, B)
    Out.insert(Out.end(), T.begin(), T.begin() + B);
    Out.insert(Out.end(), T.begin() + A, T.end());
    break;
  case 2: // truncate at A
    Out.insert(Out.end(), T.begin(), T.begin() + A);
    break;
  case 3: // swap two tokens
    Out = T;
    std::swap(Out[A], Out[Pick(T.size())]);
    break;
  default: // insert CUDA punctuation
    Out.insert(Out.end(), T.begin(), T.begin() + A);
    Out.push_back(Inserts[Pick(std::size(Inserts))]);
    Out.insert(Out.end(), T.begin() + A, T.end());
    break;
  }
  size_t N = 0;
  for (StringRef S : Out) {
    size_t K = std::min(S.size(), MaxSize - N);
    memcpy(Data + N, S.data(), K);
    N += K;
  }
  return N;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  SmallString<128> Dir;
  if (sys::fs::createUniqueDirectory("cudalint-fuzz", Dir))
    abort();
  SmallString<128> Path(Dir);
  sys::path::append(Path, "fuzz.cu");
  SourcePath = Path.str().str();
  if (const char *Cuda = getenv("CUDALINT_FUZZ_CUDA_PATH")) {
    std::string Why;
    Options.Toolkit = cudalint::findCudaToolkit(Cuda, Why);
    if (!Options.Toolkit) {
      errs() << "CUDALINT_FUZZ_CUDA_PATH: " << Why << "\n";
      abort();
    }
  }
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size,
                                          size_t MaxSize, unsigned Seed) {
  return tokenMutate(Data, Size, MaxSize, Seed);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  {
    std::error_code EC;
    raw_fd_ostream File(SourcePath, EC);
    if (EC)
      abort();
    File.write(reinterpret_cast<const char *>(Bytes), Size);
  }
  SmallString<128> Dir(SourcePath);
  sys::path::remove_filename(Dir);
  // What `cuda-launch-lint fuzz.cu -- -std=c++17 --cuda-gpu-arch=sm_80` does.
  auto DB = cudalint::translateNvccCommands(
      std::make_unique<clang::tooling::FixedCompilationDatabase>(
          Dir, std::vector<std::string>{"-std=c++17", "--cuda-gpu-arch=sm_80"}),
      nulls());
  std::vector<cudalint::TranslationUnitFacts> Facts =
      cudalint::collectFacts(*DB, {SourcePath}, Options, nulls());

  // The facts of broken code go through the checks and the reports.
  cudalint::CheckRun Run;
  Run.Units = Facts;
  Run.DefaultArchs = {"sm_80", "sm_90"};
  Run.Options.Gpu = cudalint::findGpuPreset("H100-SXM"); // every check runs
  std::vector<cudalint::Diagnostic> Diagnostics = cudalint::runChecks(Run);
  cudalint::writeFactsJSON(nulls(), Facts, nullptr, Diagnostics);
  cudalint::printLaunchList(nulls(), Facts);
  return 0;
}
