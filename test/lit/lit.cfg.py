# lit configuration for cuda-launch-lint. The build writes lit.site.cfg.py
# with the tool paths; CTest passes it as a parameter so any folder of this
# suite can be run on its own.
import os
import shutil

import lit.formats

config.name = "cuda-launch-lint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".cu"]
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

# %expect-exit N cmd...: the command must exit with status N exactly.
config.substitutions.append(
    ("%expect-exit", "%s %s" % (config.python,
                                os.path.join(os.path.dirname(__file__), "..", "tools", "expect-exit.py"))))
if shutil.which("clang-apply-replacements-19"):
    config.available_features.add("clang-apply-replacements")
