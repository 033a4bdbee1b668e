# lit configuration for cuda-launch-lint. The build writes lit.site.cfg.py
# with the tool paths; CTest passes it as a parameter so any folder of this
# suite can be run on its own.
import glob
import os
import shlex
import shutil

import lit.formats

config.name = "cuda-launch-lint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".cu", ".hip"]
config.excludes = ["Inputs"]
# Data files next to a test (foo.test.json) are not tests.
config.test_source_root = os.path.dirname(__file__)

site = lit_config.params.get("cudalint_site_config")
if not site:
    lit_config.fatal("run through CTest, or pass --param cudalint_site_config=<build>/test/lit/lit.site.cfg.py")
exec(open(site).read())

config.test_exec_root = os.path.join(config.cudalint_obj_root, "test", "lit-out")
config.substitutions.append(("%cuda-launch-lint", config.cudalint_tool))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%not", config.not_tool))
config.substitutions.append(("%python", config.python))
config.environment["LC_ALL"] = "C"

config.substitutions.append(("%cuda-path", config.cuda_path or "/nonexistent"))

# Features tests can REQUIRE.
if config.cuda_path and os.path.exists(os.path.join(config.cuda_path, "include", "cuda_runtime.h")):
    config.available_features.add("cuda-toolkit")
if config.cuda_path and os.path.exists(os.path.join(config.cuda_path, "bin", "ptxas")):
    config.available_features.add("ptxas")
if config.cuda_path and os.path.exists(os.path.join(config.cuda_path, "bin", "nvcc")):
    config.available_features.add("nvcc")
# The ROCm HIP headers (Debian's libamdhip64-dev), where the tool looks for
# them without --rocm-path.
for rocm in [os.environ.get("ROCM_PATH"), os.environ.get("HIP_PATH"), "/opt/rocm", "/usr"]:
    if rocm and os.path.exists(os.path.join(rocm, "include", "hip", "hip_runtime.h")):
        config.available_features.add("hip-headers")
        break
# The AMDGPU device libraries a HIP device compile links (rocm-device-libs).
for libs in ["/usr/lib/x86_64-linux-gnu/amdgcn/bitcode", "/opt/rocm/amdgcn/bitcode"]:
    if os.path.exists(os.path.join(libs, "ocml.bc")):
        config.available_features.add("hip-device-libs")
        config.substitutions.append(("%rocm-device-libs", libs))
        break
# A full HIP compile (`clang++ -x hip -c`) links each device code object with
# lld 19 from Clang's own directory (Debian's lld-19); the default ld.lld
# (lld 14) has no AMDGPU emulation.
if os.path.exists(os.path.join(config.llvm_bin, "lld")):
    config.available_features.add("hip-link")

# %expect-exit N cmd...: the command must exit with status N exactly.
config.substitutions.append(
    ("%expect-exit", "%s %s" % (config.python,
                                os.path.join(os.path.dirname(__file__), "..", "tools", "expect-exit.py"))))
if shutil.which("clang-apply-replacements-19"):
    config.available_features.add("clang-apply-replacements")

# The integrations (clang-tidy module, compiler plugin, pre-commit, CMake).
config.substitutions.append(("%cuda-tidy-module", config.cudalint_tidy_module))
config.substitutions.append(("%cuda-plugin", config.cudalint_plugin))
config.substitutions.append(("%cuda-support", os.path.join(config.cudalint_src_root, "share", "cuda-launch-lint")))
config.substitutions.append(("%src-root", config.cudalint_src_root))
config.substitutions.append(("%{obj-root}", config.cudalint_obj_root))
module_host_bin = getattr(config, "module_host_bin", "")
for name, program in [("%run-clang-tidy", "run-clang-tidy"), ("%clang-tidy", "clang-tidy"),
                      ("%clangxx", "clang++"), ("%clangd", "clangd")]:
    path = os.path.join(config.llvm_bin, program)
    # Sanitizer builds: the programs that load the module or the plugin run
    # through wrappers that preload the runtime (clangd loads neither).
    if module_host_bin and program in ("clang-tidy", "clang++"):
        path = os.path.join(module_host_bin, program)
    config.substitutions.append((name, path if os.path.exists(path) else "/nonexistent/" + program))
if os.path.exists(config.cudalint_tidy_module) and os.path.exists(os.path.join(config.llvm_bin, "clang-tidy")):
    config.available_features.add("clang-tidy")
if os.path.exists(os.path.join(config.llvm_bin, "run-clang-tidy")):
    config.available_features.add("run-clang-tidy")
if os.path.exists(os.path.join(config.llvm_bin, "clangd")):
    config.available_features.add("clangd")
if os.path.exists(config.cudalint_plugin):
    config.available_features.add("plugin")
for tool in ["pre-commit", "git", "cmake", "ninja", "dpkg-deb", "chromium", "ccache", "nvim"]:
    if shutil.which(tool):
        config.available_features.add(tool)
# The Clang flags a CUDA 13 + Clang 19 parse needs (README, "Clang and CUDA 13").
config.substitutions.append(("%cuda13-flags",
    "--cuda-path=%s -nocudalib -Wno-unknown-cuda-version -idirafter %s -Xclang -target-sdk-version=12.5"
    % (config.cuda_path or "/nonexistent", os.path.join(config.cudalint_src_root, "share", "cuda-launch-lint", "stub"))))
config.substitutions.append(("%{cudalint_bin}", os.path.dirname(config.cudalint_tool)))
config.substitutions.append(("%{path-with-tool}", os.path.dirname(config.cudalint_tool) + os.pathsep + os.environ.get("PATH", "")))
# GCC's own headers (omp.h), which nvcc's host compiler finds.
import glob
if glob.glob("/usr/lib/gcc/*/*/include/omp.h"):
    config.available_features.add("host-gcc-omp")

# Sanitizer builds (scripts/sanitize.sh). A unit that crashed and was
# recovered leaves its memory behind by design: %{no-leak-check} runs a
# command without LeakSanitizer there, and is empty in other builds.
no_leak_check = ""
if getattr(config, "sanitizers", ""):
    config.available_features.add("sanitizers")
    options = os.environ.get("ASAN_OPTIONS", "")
    no_leak_check = "env " + shlex.quote(
        "ASAN_OPTIONS=" + (options + ":" if options else "") + "detect_leaks=0")
config.substitutions.append(("%{no-leak-check}", no_leak_check))
