"""make_db.py DIR SOURCE COMPILER FLAGS...: writes DIR/compile_commands.json
with one command compiling SOURCE (run from DIR)."""
import json
import sys

out, source, compiler, flags = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
args = [compiler] + [f for flag in flags for f in flag.split()] + ["-c", source, "-o", source + ".o"]
with open(out + "/compile_commands.json", "w") as f:
    json.dump([{"directory": out, "file": source, "arguments": args}], f, indent=1)
