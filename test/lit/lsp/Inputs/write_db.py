"""Writes <dir>/build/compile_commands.json for <dir>/kernels.cu, as CMake
writes it for an nvcc build: write_db.py <dir> <nvcc> [<arch>...]"""
import json
import os
import sys

root, nvcc, archs = sys.argv[1], sys.argv[2], sys.argv[3:] or ["80"]
gencode = []
for a in archs:
    gencode += ["--generate-code=arch=compute_%s,code=[compute_%s,sm_%s]" % (a, a, a)]
command = [nvcc, "-forward-unknown-to-host-compiler", "-O3"] + gencode + [
    "-Xcompiler=-fPIC", "-x", "cu", "-c", os.path.join(root, "kernels.cu"),
    "-o", "CMakeFiles/demo.dir/kernels.cu.o"]
os.makedirs(os.path.join(root, "build"), exist_ok=True)
with open(os.path.join(root, "build", "compile_commands.json"), "w") as f:
    json.dump([{"directory": os.path.join(root, "build"),
                "command": " ".join(command),
                "file": os.path.join(root, "kernels.cu"),
                "output": "CMakeFiles/demo.dir/kernels.cu.o"}], f, indent=2)
