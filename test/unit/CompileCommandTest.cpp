//===- CompileCommandTest.cpp - nvcc/clang command translation -----------===//
//
// One test per nvcc flag family (docs/nvcc-flags.md), the response and
// options files, the wrappers, Clang commands and the errors. The recurring
// check is that the source file survives: a flag given the wrong arity eats
// the argument after it.
//
//===----------------------------------------------------------------------===//

#include "cudalint/CompileCommands/CompileCommand.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace cudalint;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

constexpr const char *Cwd = "/work/proj/build";

TranslatedCommand translate(std::vector<std::string> Argv,
                            llvm::StringRef WorkingDir = Cwd) {
  llvm::Expected<TranslatedCommand> T =
      translateCompileCommand(Argv, WorkingDir);
  if (!T) {
    ADD_FAILURE() << "unexpected error: " << llvm::toString(T.takeError());
    return {};
  }
  return std::move(*T);
}

std::string translateError(std::vector<std::string> Argv,
                           llvm::StringRef WorkingDir = Cwd) {
  llvm::Expected<TranslatedCommand> T =
      translateCompileCommand(Argv, WorkingDir);
  if (T) {
    ADD_FAILURE() << "expected an error";
    return "";
  }
  return llvm::toString(T.takeError());
}

/// nvcc ARGS k.cu: the source must come out as the only input.
TranslatedCommand nvcc(std::vector<std::string> Args) {
  Args.insert(Args.begin(), "/usr/local/cuda/bin/nvcc");
  Args.push_back("k.cu");
  TranslatedCommand T = translate(Args);
  EXPECT_THAT(T.SourceFiles, ElementsAre("k.cu"));
  return T;
}

/// A scratch directory that removes itself.
class TempDir {
public:
  TempDir() {
    std::error_code EC =
        llvm::sys::fs::createUniqueDirectory("cudalint-cc", Path);
    EXPECT_FALSE(EC) << EC.message();
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> File(Path);
    llvm::sys::path::append(File, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    EXPECT_FALSE(EC) << EC.message();
    OS << Text;
    return std::string(File);
  }
  std::string path() const { return std::string(Path); }

private:
  llvm::SmallString<128> Path;
};

TEST(CompileCommandTest, RecognisesCompilers) {
  EXPECT_EQ(translate({"nvcc", "-c", "k.cu"}).Kind, CompilerKind::Nvcc);
  EXPECT_EQ(translate({"/usr/local/cuda-13.0/bin/nvcc", "k.cu"}).Kind,
            CompilerKind::Nvcc);
  EXPECT_EQ(translate({"C:\\CUDA\\v13.0\\bin\\nvcc.exe", "k.cu"}).Kind,
            CompilerKind::Nvcc);
  EXPECT_EQ(translate({"clang++", "k.cu"}).Kind, CompilerKind::Clang);
  EXPECT_EQ(translate({"/usr/bin/clang-19", "k.cu"}).Kind, CompilerKind::Clang);
  EXPECT_EQ(translate({"clang++-19", "k.cu"}).Kind, CompilerKind::Clang);
  EXPECT_EQ(translate({"x86_64-linux-gnu-clang++", "k.cu"}).Kind,
            CompilerKind::Clang);
  EXPECT_EQ(translate({"/usr/bin/g++", "k.cpp"}).Kind, CompilerKind::Other);
  EXPECT_EQ(translate({"clang-cl", "k.cpp"}).Kind, CompilerKind::Other);
  EXPECT_EQ(translate({"nvcc-wrapper", "k.cu"}).Kind, CompilerKind::Other);
}

TEST(CompileCommandTest, ObjectAndDepfile) {
  // Where the build put the object (--resource-usage=objects reads it).
  TranslatedCommand N = nvcc({"-c", "-MD", "-MT", "k.o", "-MF", "k.o.d", "-o",
                              "CMakeFiles/k.dir/k.cu.o"});
  EXPECT_EQ(N.OutputFile, "CMakeFiles/k.dir/k.cu.o");
  EXPECT_EQ(N.DependencyFile, "k.o.d");
  EXPECT_EQ(nvcc({"-c", "--output-file=out/k.o"}).OutputFile, "out/k.o");
  EXPECT_EQ(nvcc({"-c", "--output-file", "k2.o"}).OutputFile, "k2.o");
  TranslatedCommand C =
      translate({"clang++", "-c", "k.cu", "-MD", "-MF", "k.d", "-o", "k.o"});
  EXPECT_EQ(C.OutputFile, "k.o");
  EXPECT_EQ(C.DependencyFile, "k.d");
  EXPECT_EQ(translate({"clang++", "-c", "k.cu", "-ok2.o"}).OutputFile, "k2.o");
  EXPECT_TRUE(nvcc({"-c"}).OutputFile.empty());
}

TEST(CompileCommandTest, CompilerCacheWrapper) {
  TranslatedCommand T =
      translate({"/usr/bin/ccache", "/usr/local/cuda/bin/nvcc", "-arch=sm_80",
                 "-c", "k.cu", "-o", "k.o"});
  EXPECT_EQ(T.Kind, CompilerKind::Nvcc);
  EXPECT_EQ(T.Compiler, "/usr/local/cuda/bin/nvcc");
  EXPECT_THAT(T.SourceFiles, ElementsAre("k.cu"));
  EXPECT_THAT(T.TargetArchs, ElementsAre("sm_80"));
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_EQ(T.Original.size(), 7u);

  TranslatedCommand S = translate({"sccache", "nvcc", "-gencode",
                                   "arch=compute_90,code=sm_90", "-c", "k.cu"});
  EXPECT_EQ(S.Kind, CompilerKind::Nvcc);
  EXPECT_THAT(S.TargetArchs, ElementsAre("sm_90"));

  EXPECT_EQ(translate({"ccache", "clang++", "-c", "k.cu"}).Kind,
            CompilerKind::Clang);
}

TEST(CompileCommandTest, GenerateCodeSpellings) {
  TranslatedCommand T =
      nvcc({"-gencode", "arch=compute_70,code=sm_70",
            "-gencode=arch=compute_75,code=[compute_75,sm_75]",
            "--generate-code", "arch=compute_86,code=sm_86", "-gencode",
            "arch=compute_89,code=\"sm_89,compute_89\"", "-c"});
  EXPECT_THAT(T.TargetArchs, ElementsAre("sm_70", "sm_75", "sm_86", "sm_89"));
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_THAT(T.Warnings, IsEmpty());

  // What CMake writes for CUDA_ARCHITECTURES 80.
  TranslatedCommand CMake =
      nvcc({"--generate-code=arch=compute_80,code=[compute_80,sm_80]", "-c"});
  EXPECT_THAT(CMake.TargetArchs, ElementsAre("sm_80"));

  // Without code=, the arch itself.
  EXPECT_THAT(nvcc({"-gencode", "arch=compute_90a"}).TargetArchs,
              ElementsAre("sm_90a"));
}

TEST(CompileCommandTest, GpuArchitectureAndCode) {
  EXPECT_THAT(nvcc({"-arch=sm_80"}).TargetArchs, ElementsAre("sm_80"));
  EXPECT_THAT(nvcc({"-arch", "sm_86"}).TargetArchs, ElementsAre("sm_86"));
  EXPECT_THAT(nvcc({"--gpu-architecture=compute_75"}).TargetArchs,
              ElementsAre("sm_75"));
  EXPECT_THAT(nvcc({"--gpu-architecture", "sm_120"}).TargetArchs,
              ElementsAre("sm_120"));
  // -code names what is built; -arch only the virtual architecture.
  EXPECT_THAT(nvcc({"-arch=compute_80", "-code=sm_86,compute_80"}).TargetArchs,
              ElementsAre("sm_86", "sm_80"));
  EXPECT_THAT(nvcc({"-code", "sm_89", "-arch", "compute_89"}).TargetArchs,
              ElementsAre("sm_89"));
  EXPECT_THAT(
      nvcc({"--gpu-code", "sm_90a", "--gpu-architecture", "compute_90a"})
          .TargetArchs,
      ElementsAre("sm_90a"));

  for (const char *Special : {"native", "all", "all-major"}) {
    TranslatedCommand T = nvcc({std::string("-arch=") + Special});
    EXPECT_TRUE(T.ArchIsNativeOrAll) << Special;
    EXPECT_THAT(T.TargetArchs, IsEmpty()) << Special;
    EXPECT_THAT(T.Warnings, IsEmpty()) << Special;
  }
  EXPECT_FALSE(nvcc({"-arch=sm_80"}).ArchIsNativeOrAll);
}

TEST(CompileCommandTest, ArchsDeduplicatedInOrderWithSuffixes) {
  TranslatedCommand T = nvcc(
      {"-gencode", "arch=compute_90a,code=sm_90a", "-arch=sm_80", "-gencode",
       "arch=compute_100f,code=[sm_100f,compute_100f]", "-gencode",
       "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90a,code=sm_90a",
       "-gencode", "arch=compute_100a,code=lto_100a"});
  EXPECT_THAT(T.TargetArchs,
              ElementsAre("sm_90a", "sm_80", "sm_100f", "sm_100a"));
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, UnusableArchsWarn) {
  TranslatedCommand T =
      nvcc({"-arch=bogus", "-gencode", "arch=compute_99,code=sm_99"});
  EXPECT_THAT(T.TargetArchs, ElementsAre("sm_99"));
  EXPECT_THAT(T.Warnings,
              ElementsAre("unknown GPU architecture 'bogus' in '-arch' "
                          "ignored"));
}

TEST(CompileCommandTest, NormalizeGpuArch) {
  EXPECT_EQ(normalizeGpuArch("sm_80"), "sm_80");
  EXPECT_EQ(normalizeGpuArch("compute_90a"), "sm_90a");
  EXPECT_EQ(normalizeGpuArch("lto_100f"), "sm_100f");
  EXPECT_EQ(normalizeGpuArch("sm_"), std::nullopt);
  EXPECT_EQ(normalizeGpuArch("sm_90x"), std::nullopt);
  EXPECT_EQ(normalizeGpuArch("gfx90a"), "gfx90a");
  EXPECT_EQ(normalizeGpuArch("native"), std::nullopt);
}

TEST(CompileCommandTest, NormalizeAmdArch) {
  EXPECT_EQ(normalizeAmdArch("gfx90a"), "gfx90a");
  EXPECT_EQ(normalizeAmdArch("gfx1100"), "gfx1100");
  // A target ID's feature settings are dropped.
  EXPECT_EQ(normalizeAmdArch("gfx90a:sramecc+:xnack-"), "gfx90a");
  EXPECT_EQ(normalizeAmdArch("gfx10-3-generic"), "gfx10-3-generic");
  EXPECT_EQ(normalizeAmdArch("gfx"), std::nullopt);
  EXPECT_EQ(normalizeAmdArch("gfxabc"), std::nullopt);
  EXPECT_EQ(normalizeAmdArch("gfx90a-special"), std::nullopt);
  EXPECT_EQ(normalizeAmdArch("sm_80"), std::nullopt);
  llvm::Expected<std::vector<std::string>> List =
      parseGpuArchList("gfx90a, gfx942,sm_80");
  ASSERT_TRUE(bool(List));
  EXPECT_THAT(*List, ElementsAre("gfx90a", "gfx942", "sm_80"));
  llvm::Expected<std::vector<std::string>> Bad = parseGpuArchList("gfx9z");
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            "'gfx9z' is not a GPU architecture (sm_XY or gfxNNN)");
}

TEST(CompileCommandTest, HipCommands) {
  // CMake's HIP language: clang++ -x hip --offload-arch=...
  TranslatedCommand Cmake =
      translate({"/usr/bin/clang++", "-x", "hip", "--offload-arch=gfx90a",
                 "--offload-arch=gfx942:xnack+", "-O3", "-c", "k.hip.cpp"});
  EXPECT_EQ(Cmake.Kind, CompilerKind::Clang);
  EXPECT_TRUE(Cmake.Hip);
  EXPECT_THAT(Cmake.TargetArchs, ElementsAre("gfx90a", "gfx942"));
  EXPECT_THAT(Cmake.Warnings, IsEmpty());
  // hipcc builds a .cu file as HIP.
  TranslatedCommand Hipcc = translate(
      {"/opt/rocm/bin/hipcc", "--offload-arch=gfx1100", "-c", "k.cu"});
  EXPECT_EQ(Hipcc.Kind, CompilerKind::Clang);
  EXPECT_TRUE(Hipcc.Hip);
  EXPECT_THAT(Hipcc.TargetArchs, ElementsAre("gfx1100"));
  EXPECT_THAT(Hipcc.SourceFiles, ElementsAre("k.cu"));
  EXPECT_TRUE(translate({"ccache", "amdclang++-17", "-c", "k.cpp"}).Hip);
  // A .hip source, or a gfx arch, makes any clang command HIP.
  EXPECT_TRUE(translate({"clang++", "-c", "k.hip"}).Hip);
  EXPECT_TRUE(translate({"clang++", "--offload-arch", "gfx906", "k.cu"}).Hip);
  EXPECT_FALSE(translate({"clang++", "--offload-arch=sm_80", "k.cu"}).Hip);
  EXPECT_FALSE(nvcc({"-arch=sm_80"}).Hip);
  EXPECT_TRUE(isHipCommand({"clang++", "-xhip", "a.cpp"}));
  EXPECT_FALSE(isHipCommand({"clang++", "-x", "cuda", "a.cu"}));
  EXPECT_TRUE(isHipCompilerName("hipcc"));
  EXPECT_TRUE(isHipCompilerName("amdclang++-17"));
  EXPECT_FALSE(isHipCompilerName("clang++"));
}

TEST(CompileCommandTest, CompilerOptionsKeepWhatClangKnows) {
  TranslatedCommand T =
      nvcc({"-Xcompiler=-fPIC,-Wall", "-Xcompiler", "-fno-gnu-unique",
            "--compiler-options", "-Wextra -O2", "-Xcompiler",
            "-isystem,third_party/inc", "-Xcompiler", "-Werror,-pthread",
            "-Xcompiler", "-fvisibility=hidden,-march=native", "-Xcompiler",
            "-ffunction-sections,-rdynamic,-static-libstdc++"});
  EXPECT_THAT(T.ClangArgs,
              ElementsAre("-fPIC", "-Wall", "-Wextra", "-O2", "-isystem",
                          "/work/proj/build/third_party/inc", "-pthread",
                          "-fvisibility=hidden", "-march=native",
                          "-ffunction-sections"));
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, HostStdYieldsToNvccStd) {
  EXPECT_THAT(nvcc({"-Xcompiler", "-std=gnu++14", "-std=c++17"}).ClangArgs,
              ElementsAre("-std=c++17"));
  EXPECT_THAT(nvcc({"-Xcompiler", "-std=gnu++20"}).ClangArgs,
              ElementsAre("-std=gnu++20"));
}

TEST(CompileCommandTest, PtxasOptions) {
  TranslatedCommand T =
      nvcc({"-Xptxas", "-v,-warn-spills", "-Xptxas=-O3", "--ptxas-options",
            "--warn-on-local-memory-usage"});
  EXPECT_THAT(T.PtxasOptions, ElementsAre("-v", "-warn-spills", "-O3",
                                          "--warn-on-local-memory-usage"));
  EXPECT_FALSE(T.MaxRegCount);
  EXPECT_THAT(T.ClangArgs, IsEmpty());

  EXPECT_EQ(nvcc({"-Xptxas", "--maxrregcount=40"}).MaxRegCount, 40u);
  EXPECT_EQ(nvcc({"-Xptxas", "-maxrregcount,48"}).MaxRegCount, 48u);
  // nvcc's own flag wins over the ptxas pass-through.
  EXPECT_EQ(
      nvcc({"-Xptxas", "--maxrregcount=40", "-maxrregcount=32"}).MaxRegCount,
      32u);
}

TEST(CompileCommandTest, OtherToolOptionsAreDroppedWithTheirValues) {
  // Each value starts with '-' or looks like a file: a flag that forgot its
  // value would leave it behind as an input or an unknown flag.
  TranslatedCommand T =
      nvcc({"-Xlinker", "-rpath,/opt/lib", "-Xcudafe", "--diag_suppress=177",
            "-Xnvlink", "--verbose", "-Xarchive", "-x", "-Xcicc", "-O2",
            "-Xfatbin", "-compress-all", "--linker-options=-z,defs"});
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, HostCompilerAndDriverFlagsAreConsumed) {
  TranslatedCommand T = nvcc({"-ccbin",
                              "/usr/bin/g++-12",
                              "--compiler-bindir=/usr/bin/g++-12",
                              "-cudart",
                              "static",
                              "--cudart=shared",
                              "--default-stream",
                              "legacy",
                              "--threads",
                              "4",
                              "-t",
                              "0",
                              "-t4",
                              "--diag-suppress",
                              "177,550",
                              "-diag-suppress=20012",
                              "--display-error-number",
                              "--keep",
                              "--keep-dir",
                              "tmp",
                              "-res-usage",
                              "--resource-usage",
                              "-Wno-deprecated-gpu-targets",
                              "-Werror",
                              "all-warnings",
                              "-Werror=cross-execution-space-call",
                              "--Werror",
                              "reorder",
                              "-static-global-template-stub=false",
                              "--expt-relaxed-constexpr",
                              "--expt-extended-lambda",
                              "--extended-lambda",
                              "-ftz=true",
                              "--prec-div",
                              "false",
                              "-Ofc",
                              "max",
                              "-hls",
                              "use-lcs",
                              "-qpp-config",
                              "8.3.0,gcc_ntox86_64",
                              "-split-compile",
                              "0",
                              "-allow-unsupported-compiler",
                              "-dlink",
                              "-dlto"});
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, OutputPhaseAndDependencyFlags) {
  TranslatedCommand T =
      nvcc({"-c", "-o", "CMakeFiles/k.dir/k.cu.o", "-MD", "-MT",
            "CMakeFiles/k.dir/k.cu.o", "-MF", "CMakeFiles/k.dir/k.cu.o.d",
            "-MMD", "-MP", "-M", "--output-file=k.o", "-E", "-ptx"});
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, RelocatableDeviceCode) {
  EXPECT_FALSE(nvcc({"-c"}).RelocatableDeviceCode);
  EXPECT_TRUE(nvcc({"-rdc=true"}).RelocatableDeviceCode);
  EXPECT_TRUE(nvcc({"-rdc", "true"}).RelocatableDeviceCode);
  EXPECT_TRUE(
      nvcc({"--relocatable-device-code", "true"}).RelocatableDeviceCode);
  EXPECT_TRUE(nvcc({"--relocatable-device-code=TRUE"}).RelocatableDeviceCode);
  EXPECT_TRUE(nvcc({"-dc"}).RelocatableDeviceCode);
  EXPECT_FALSE(nvcc({"-rdc=true", "-rdc=false"}).RelocatableDeviceCode);
  EXPECT_FALSE(nvcc({"-dc", "-dw"}).RelocatableDeviceCode);
  // The host parse needs it too (`extern __shared__ S s;`), once.
  EXPECT_THAT(nvcc({"-dc"}).ClangArgs, ElementsAre("-fgpu-rdc"));
  EXPECT_THAT(nvcc({"-rdc", "true", "-rdc=true"}).ClangArgs,
              ElementsAre("-fgpu-rdc"));
  EXPECT_THAT(nvcc({"-rdc=true", "-rdc=false"}).ClangArgs, IsEmpty());
  EXPECT_EQ(translateError({"nvcc", "-rdc=maybe", "k.cu"}),
            "nvcc flag '-rdc' expects true or false, not 'maybe'");
}

TEST(CompileCommandTest, LanguageAndStandard) {
  EXPECT_THAT(nvcc({"-x", "cu"}).ClangArgs, ElementsAre("-x", "cuda"));
  EXPECT_THAT(nvcc({"--x=cu"}).ClangArgs, ElementsAre("-x", "cuda"));
  EXPECT_THAT(nvcc({"-x", "c++"}).ClangArgs, ElementsAre("-x", "c++"));
  EXPECT_THAT(nvcc({"-std=c++17"}).ClangArgs, ElementsAre("-std=c++17"));
  EXPECT_THAT(nvcc({"--std", "c++20"}).ClangArgs, ElementsAre("-std=c++20"));
  EXPECT_THAT(nvcc({"-std", "c++14"}).ClangArgs, ElementsAre("-std=c++14"));
  EXPECT_THAT(nvcc({"--std=c++03"}).ClangArgs, ElementsAre("-std=c++03"));
  // -x applies to a file without the .cu suffix.
  TranslatedCommand T = translate({"nvcc", "-x", "cu", "-c", "kernels.cpp"});
  EXPECT_THAT(T.SourceFiles, ElementsAre("kernels.cpp"));
  EXPECT_THAT(T.ClangArgs, ElementsAre("-x", "cuda"));
}

TEST(CompileCommandTest, PreprocessorFlags) {
  TranslatedCommand T = nvcc({"-DFOO",
                              "-D",
                              "BAR=2",
                              "-DLIST=1,OTHER",
                              "--define-macro=X,Y=3",
                              "--define-macro",
                              "Z",
                              "-D=EQ",
                              "-UBAZ",
                              "-U",
                              "QUX",
                              "--undefine-macro=OLD",
                              "-I",
                              "inc",
                              "-Iinc2",
                              "-I/abs/inc",
                              "--include-path=a,../b",
                              "-isystem",
                              "/opt/sys",
                              "-isystem=rel/sys",
                              "--system-include",
                              "sys2",
                              "-include",
                              "/abs/pre.h",
                              "--pre-include=missing-here.h"});
  EXPECT_THAT(T.ClangArgs,
              ElementsAre("-DFOO", "-DBAR=2", "-DLIST=1", "-DOTHER", "-DX",
                          "-DY=3", "-DZ", "-DEQ", "-UBAZ", "-UQUX", "-UOLD",
                          "-I/work/proj/build/inc", "-I/work/proj/build/inc2",
                          "-I/abs/inc", "-I/work/proj/build/a",
                          "-I/work/proj/build/../b", "-isystem", "/opt/sys",
                          "-isystem", "/work/proj/build/rel/sys", "-isystem",
                          "/work/proj/build/sys2", "-include", "/abs/pre.h",
                          "-include", "missing-here.h"));
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, PreIncludeFoundInWorkingDirBecomesAbsolute) {
  TempDir Dir;
  Dir.write("config.h", "#define X 1\n");
  TranslatedCommand T =
      translate({"nvcc", "-include", "config.h", "k.cu"}, Dir.path());
  EXPECT_THAT(T.ClangArgs, ElementsAre("-include", Dir.path() + "/config.h"));
}

TEST(CompileCommandTest, HostMappingsAndDeviceFacts) {
  TranslatedCommand T = nvcc(
      {"-O3", "-g", "-m64", "-G", "-lineinfo", "--use_fast_math",
       "-maxrregcount=32", "-noeh", "--default-stream", "per-thread", "-w",
       "-ftemplate-depth", "512", "-Wreorder", "-Wno-deprecated-declarations"});
  EXPECT_THAT(T.ClangArgs,
              ElementsAre("-O3", "-g", "-m64", "-fno-exceptions",
                          "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1", "-w",
                          "-ftemplate-depth=512", "-Wreorder",
                          "-Wno-deprecated-declarations"));
  EXPECT_TRUE(T.DeviceDebug);
  EXPECT_TRUE(T.LineInfo);
  EXPECT_TRUE(T.FastMath);
  EXPECT_EQ(T.MaxRegCount, 32u);

  EXPECT_THAT(nvcc({"--optimize", "2"}).ClangArgs, ElementsAre("-O2"));
  EXPECT_THAT(nvcc({"-O=1"}).ClangArgs, ElementsAre("-O1"));
  EXPECT_THAT(nvcc({"--machine", "64"}).ClangArgs, ElementsAre("-m64"));
  EXPECT_TRUE(nvcc({"--device-debug"}).DeviceDebug);
  EXPECT_TRUE(nvcc({"--generate-line-info"}).LineInfo);
  EXPECT_EQ(nvcc({"--maxrregcount", "64"}).MaxRegCount, 64u);
  EXPECT_EQ(nvcc({"-maxrregcount", "128"}).MaxRegCount, 128u);
  EXPECT_EQ(translateError({"nvcc", "-maxrregcount=lots", "k.cu"}),
            "nvcc flag '-maxrregcount' expects a number, not 'lots'");
}

TEST(CompileCommandTest, ForwardUnknownToHostCompiler) {
  TranslatedCommand T =
      nvcc({"-forward-unknown-to-host-compiler", "-fopenmp", "-Wall",
            "-fno-gnu-unique", "-march=native", "-Wshadow"});
  EXPECT_THAT(T.ClangArgs,
              ElementsAre("-fopenmp", "-Wall", "-march=native", "-Wshadow"));
  EXPECT_THAT(T.Warnings, IsEmpty());

  // The flag applies to the whole command, as in nvcc.
  TranslatedCommand After =
      nvcc({"-Wall", "--forward-unknown-to-host-compiler"});
  EXPECT_THAT(After.ClangArgs, ElementsAre("-Wall"));
  EXPECT_THAT(After.Warnings, IsEmpty());

  EXPECT_THAT(nvcc({"-forward-unknown-opts", "-fopenmp"}).ClangArgs,
              ElementsAre("-fopenmp"));
}

TEST(CompileCommandTest, ForwardUnknownToHostLinker) {
  TranslatedCommand T =
      nvcc({"-forward-unknown-to-host-linker", "-Wl,--as-needed", "-fopenmp"});
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, UnknownFlagsWarnOncePerSpelling) {
  TranslatedCommand T =
      nvcc({"--frobnicate=1", "-Wall", "--frobnicate=2", "-Wall",
            "--frobnicate", "-fPIC", "--arch=sm_80"});
  EXPECT_THAT(T.Warnings,
              ElementsAre("unknown nvcc flag '--frobnicate' dropped",
                          "unknown nvcc flag '-Wall' dropped",
                          "unknown nvcc flag '-fPIC' dropped",
                          "unknown nvcc flag '--arch' dropped"));
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_THAT(T.TargetArchs, IsEmpty());
}

// Found by the compile command fuzzer: an empty argument (a compile
// database may hold one) made the flag matcher drop a dash it does not have.
TEST(CompileCommandTest, EmptyArgumentsAreNeitherFlagsNorSources) {
  TranslatedCommand T = nvcc({"", "-O2", "", "-c"});
  EXPECT_THAT(T.Warnings, IsEmpty());
  EXPECT_THAT(translate({"clang++", "", "k.cu"}).SourceFiles,
              ElementsAre("k.cu"));
}

TEST(CompileCommandTest, SourceFilesSkipObjectsAndLibraries) {
  TranslatedCommand T =
      translate({"nvcc", "a.cu", "b.cpp", "c.cc", "prebuilt.o", "-lfoo",
                 "-L/opt/lib", "libx.a", "kernel.ptx", "-o", "app"});
  EXPECT_THAT(T.SourceFiles, ElementsAre("a.cu", "b.cpp", "c.cc"));
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, GluedShortFlagsDoNotShadowLongerNames) {
  // -lineinfo is not "-l ineinfo", -time is not "-t ime", -Ofc is not "-O fc".
  TranslatedCommand T = nvcc({"-lineinfo", "-time", "t.csv", "-Ofc", "mid",
                              "-ldir", "/x", "-target-dir", "x86_64-linux"});
  EXPECT_TRUE(T.LineInfo);
  EXPECT_THAT(T.ClangArgs, IsEmpty());
  EXPECT_THAT(T.Warnings, IsEmpty());
}

TEST(CompileCommandTest, ResponseFile) {
  TempDir Dir;
  Dir.write("flags.rsp", "-DFROM_RSP \"-Iinc dir\" -arch=sm_90 @nested.rsp\n");
  Dir.write("nested.rsp", "-std=c++20\n");
  TranslatedCommand T =
      translate({"nvcc", "@flags.rsp", "-c", "k.cu"}, Dir.path());
  EXPECT_THAT(T.Original,
              ElementsAre("nvcc", "-DFROM_RSP", "-Iinc dir", "-arch=sm_90",
                          "-std=c++20", "-c", "k.cu"));
  EXPECT_THAT(
      T.ClangArgs,
      ElementsAre("-DFROM_RSP", "-I" + Dir.path() + "/inc dir", "-std=c++20"));
  EXPECT_THAT(T.TargetArchs, ElementsAre("sm_90"));
  EXPECT_THAT(T.SourceFiles, ElementsAre("k.cu"));

  // Clang commands expand them too.
  TranslatedCommand C =
      translate({"clang++", "@flags.rsp", "-c", "k.cu"}, Dir.path());
  EXPECT_THAT(C.SourceFiles, ElementsAre("k.cu"));
  EXPECT_THAT(C.TargetArchs, IsEmpty()); // -arch= is not Clang's CUDA flag
}

TEST(CompileCommandTest, OptionsFile) {
  TempDir Dir;
  // What CMake writes for the include directories of a CUDA target.
  Dir.write("includes_CUDA.rsp", "-I/src/include -isystem /opt/dep/include\n");
  Dir.write("defs.rsp", "-DA=1\n");
  Dir.write("more.rsp", "-DB=2 --options-file defs.rsp\n");
  TranslatedCommand T =
      translate({"nvcc", "--options-file", "includes_CUDA.rsp",
                 "-optf=more.rsp", "-c", "k.cu"},
                Dir.path());
  EXPECT_THAT(T.ClangArgs, ElementsAre("-I/src/include", "-isystem",
                                       "/opt/dep/include", "-DB=2", "-DA=1"));
  EXPECT_THAT(T.Original,
              ElementsAre("nvcc", "-I/src/include", "-isystem",
                          "/opt/dep/include", "-DB=2", "-DA=1", "-c", "k.cu"));
  EXPECT_THAT(T.SourceFiles, ElementsAre("k.cu"));

  TranslatedCommand List = translate(
      {"nvcc", "-optf", "defs.rsp,includes_CUDA.rsp", "k.cu"}, Dir.path());
  EXPECT_THAT(List.ClangArgs, ElementsAre("-DA=1", "-I/src/include", "-isystem",
                                          "/opt/dep/include"));
}

TEST(CompileCommandTest, UnreadableResponseFileIsAnError) {
  TempDir Dir;
  std::string Error =
      translateError({"nvcc", "@missing.rsp", "k.cu"}, Dir.path());
  EXPECT_EQ(Error.rfind("cannot read response file '" + Dir.path() +
                            "/missing.rsp': ",
                        0),
            0u)
      << Error;
  EXPECT_NE(
      translateError({"nvcc", "--options-file", "nope.rsp", "k.cu"}, Dir.path())
          .find("cannot read response file"),
      std::string::npos);
  EXPECT_NE(translateError({"clang++", "@" + Dir.path(), "k.cu"})
                .find("cannot read response file"),
            std::string::npos);

  Dir.write("loop.rsp", "-DX @loop.rsp\n");
  EXPECT_NE(translateError({"nvcc", "@loop.rsp", "k.cu"}, Dir.path())
                .find("nested more than"),
            std::string::npos);
}

TEST(CompileCommandTest, MissingValueIsAnError) {
  EXPECT_EQ(translateError({"nvcc", "k.cu", "-o"}),
            "nvcc flag '-o' is missing its value");
  EXPECT_EQ(translateError({"nvcc", "k.cu", "-gencode"}),
            "nvcc flag '-gencode' is missing its value");
  EXPECT_EQ(translateError({"nvcc", "k.cu", "--generate-code"}),
            "nvcc flag '--generate-code' is missing its value");
  EXPECT_EQ(translateError({"nvcc", "k.cu", "-Xcompiler"}),
            "nvcc flag '-Xcompiler' is missing its value");
  EXPECT_EQ(translateError({"nvcc", "k.cu", "-optf"}),
            "nvcc flag '-optf' is missing its value");
  EXPECT_EQ(translateError({"clang++", "k.cu", "-o"}),
            "clang flag '-o' is missing its value");
  EXPECT_EQ(translateError({"clang++", "k.cu", "--offload-arch"}),
            "clang flag '--offload-arch' is missing its value");
}

TEST(CompileCommandTest, EmptyCommandIsAnError) {
  EXPECT_EQ(translateError({}), "empty compile command");
  EXPECT_EQ(translateError({""}), "empty compile command");
}

TEST(CompileCommandTest, ClangCommand) {
  TranslatedCommand T = translate({"/usr/bin/clang++-19",
                                   "-x",
                                   "cuda",
                                   "--cuda-gpu-arch=sm_80",
                                   "--offload-arch=sm_90a,sm_80",
                                   "--offload-arch",
                                   "sm_100f",
                                   "-nocudalib",
                                   "--cuda-path=/usr/local/cuda",
                                   "-I",
                                   "inc",
                                   "-Iinc2",
                                   "-isystem",
                                   "/opt/inc",
                                   "-DX=1",
                                   "-std=c++17",
                                   "-O2",
                                   "-fgpu-rdc",
                                   "-Xcuda-ptxas",
                                   "-v",
                                   "--cuda-host-only",
                                   "-Wall",
                                   "-MD",
                                   "-MT",
                                   "k.o",
                                   "-MF",
                                   "k.o.d",
                                   "-c",
                                   "k.cu",
                                   "-o",
                                   "k.o",
                                   "--frobnicate",
                                   "--frobnicate"});
  EXPECT_EQ(T.Kind, CompilerKind::Clang);
  EXPECT_THAT(T.SourceFiles, ElementsAre("k.cu"));
  EXPECT_THAT(T.TargetArchs, ElementsAre("sm_80", "sm_90a", "sm_100f"));
  EXPECT_THAT(T.ClangArgs,
              ElementsAre("-x", "cuda", "-I/work/proj/build/inc",
                          "-I/work/proj/build/inc2", "-isystem", "/opt/inc",
                          "-DX=1", "-std=c++17", "-O2", "-fgpu-rdc",
                          "-Xcuda-ptxas", "-v", "-Wall"));
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_THAT(T.PtxasOptions, ElementsAre("-v"));
  EXPECT_THAT(T.Warnings,
              ElementsAre("unknown clang flag '--frobnicate' dropped"));
  // Both, each where it is in the command (two-argument spellings joined
  // before Clang's option table counts).
  EXPECT_THAT(T.DroppedArgs, ElementsAre(31, 32));
  EXPECT_EQ(T.Original[31], "--frobnicate");

  EXPECT_TRUE(translate({"clang++", "--offload-arch=native", "k.cu"})
                  .ArchIsNativeOrAll);
}

TEST(CompileCommandTest, DroppedFlagsAreNamedWhereTheyAre) {
  // A bare flag list after the placeholder compiler, with nvcc's lambda and
  // constexpr flags that Clang does not know; behind a ccache wrapper the
  // positions still count in Original.
  TranslatedCommand T =
      translate({"/tmp/clang-tool", "-std=c++17", "--extended-lambda", "-I",
                 "inc", "--expt-relaxed-constexpr", "k.cu"});
  EXPECT_THAT(T.DroppedArgs, ElementsAre(2, 5));
  TranslatedCommand W =
      translate({"ccache", "clang++", "--cuda-path", "/usr/local/cuda",
                 "--extended-lambda", "k.cu"});
  EXPECT_THAT(W.DroppedArgs, ElementsAre(4));
  EXPECT_EQ(W.Original[4], "--extended-lambda");
  // nvcc knows them: nothing is dropped, and nothing reaches Clang.
  TranslatedCommand N = nvcc({"--extended-lambda", "-expt-relaxed-constexpr"});
  EXPECT_THAT(N.DroppedArgs, IsEmpty());
  EXPECT_THAT(N.ClangArgs, IsEmpty());
}

TEST(CompileCommandTest, CMakeCompileCommand) {
  // A command CMake 3.28 writes for a CUDA target with
  // CUDA_ARCHITECTURES 80, CUDA_SEPARABLE_COMPILATION and PIC.
  TranslatedCommand T =
      translate({"/usr/local/cuda/bin/nvcc",
                 "-forward-unknown-to-host-compiler",
                 "-DKERNELS_EXPORTS",
                 "-I/src/include",
                 "-isystem",
                 "/usr/local/cuda/include",
                 "-O3",
                 "-DNDEBUG",
                 "-std=c++17",
                 "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                 "-Xcompiler=-fPIC",
                 "--expt-relaxed-constexpr",
                 "-Wall",
                 "-rdc=true",
                 "-x",
                 "cu",
                 "-MD",
                 "-MT",
                 "CMakeFiles/k.dir/src/k.cu.o",
                 "-MF",
                 "CMakeFiles/k.dir/src/k.cu.o.d",
                 "-c",
                 "/src/src/k.cu",
                 "-o",
                 "CMakeFiles/k.dir/src/k.cu.o"});
  EXPECT_EQ(T.Kind, CompilerKind::Nvcc);
  EXPECT_THAT(T.SourceFiles, ElementsAre("/src/src/k.cu"));
  EXPECT_THAT(T.TargetArchs, ElementsAre("sm_80"));
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_THAT(T.ClangArgs,
              ElementsAre("-DKERNELS_EXPORTS", "-I/src/include", "-isystem",
                          "/usr/local/cuda/include", "-O3", "-DNDEBUG", "-fPIC",
                          "-Wall", "-x", "cuda", "-std=c++17", "-fgpu-rdc"));
  EXPECT_THAT(T.Warnings, IsEmpty());
}

} // namespace

// "-I." with a relative working directory "." must keep its value: a bare
// -I would swallow the next argument (found by the lint's fixed database).
TEST(CompileCommandTest, DotIncludeInDotWorkingDirectory) {
  auto T = cudalint::translateCompileCommand(
      {"nvcc", "-I.", "-DX", "-c", "k.cu"}, ".");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  auto It = std::find(T->ClangArgs.begin(), T->ClangArgs.end(), "-I");
  if (It != T->ClangArgs.end()) {
    ASSERT_NE(It + 1, T->ClangArgs.end());
    EXPECT_FALSE((It + 1)->empty());
    EXPECT_NE(*(It + 1), "-DX");
  } else {
    bool Found = false;
    for (const std::string &A : T->ClangArgs)
      Found |= A.size() > 2 && A.rfind("-I", 0) == 0;
    EXPECT_TRUE(Found);
  }
}

TEST(CompileCommandTest, NvccArchListAsNvccSpellsIt) {
  // nvcc --dryrun (CUDA 13.0): -gencode for 80, 75, 90a gives every phase
  // -D__CUDA_ARCH_LIST__=750,800,900; no arch gives 750.
  EXPECT_EQ(nvccArchList({"sm_80", "sm_75", "sm_90a"}), "750,800,900");
  EXPECT_EQ(nvccArchList({"sm_80", "sm_80"}), "800");
  EXPECT_EQ(nvccArchList({"sm_100f", "sm_120"}), "1000,1200");
  EXPECT_EQ(nvccArchList({}), "750");
  EXPECT_EQ(nvccArchList({"gfx90a"}), std::nullopt);
}

TEST(CompileCommandTest, PlaceholderDroppedBeforeANamedCompiler) {
  // `FILE -- <compiler> flags`: the compiler, not an input named after it.
  for (const char *Compiler :
       {"nvcc", "clang++-19", "/usr/bin/g++", "c++", "gcc-12",
        "x86_64-linux-gnu-g++-12", "mpicxx", "ccache", "hipcc"}) {
    std::vector<std::string> Argv = {"/tmp/clang-tool", Compiler, "-O2"};
    EXPECT_TRUE(dropPlaceholderCompiler(Argv)) << Compiler;
    EXPECT_EQ(Argv.front(), Compiler);
  }
  // A bare flag list keeps the placeholder; so does a name that is no
  // compiler's (a source file, an unknown tool).
  for (const char *First : {"-O2", "k.cu", "gccgo", "icc"}) {
    std::vector<std::string> Argv = {"/tmp/clang-tool", First};
    EXPECT_FALSE(dropPlaceholderCompiler(Argv)) << First;
    EXPECT_EQ(Argv.front(), "/tmp/clang-tool");
  }
}

TEST(CompileCommandTest, ABareFlagListInNvccsSpellingIsNvccs) {
  // `FILE -- -arch=sm_80 --machine 64`: Clang has neither flag, and would
  // read '64' as an input file; nvcc stands in for the placeholder.
  for (const char *Flag :
       {"-arch=sm_80", "-gencode=arch=compute_80,code=sm_80", "-Xcompiler",
        "--expt-relaxed-constexpr", "--extended-lambda", "--machine",
        "--default-stream", "-rdc=true", "-use_fast_math"}) {
    std::vector<std::string> Argv = {"/tmp/clang-tool", "-O2", Flag};
    EXPECT_TRUE(dropPlaceholderCompiler(Argv)) << Flag;
    EXPECT_EQ(Argv.front(), "nvcc") << Flag;
    EXPECT_EQ(Argv.size(), 3u);
  }
  // Flags Clang spells too stay Clang's.
  std::vector<std::string> Argv = {"/tmp/clang-tool", "-O2",  "-I.",
                                   "-DX=1",           "-m64", "-std=c++17"};
  EXPECT_FALSE(dropPlaceholderCompiler(Argv));
  EXPECT_FALSE(nvccOnlyFlag(llvm::ArrayRef(Argv).drop_front()));
}
