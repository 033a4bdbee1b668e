"""One line per launch x arch of a --format json document's "occupancy":
kernel, line, arch, threads, blocks/SM, warps, occupancy, binding limits,
best block sizes, blocks per GPU and waves."""
import json
import sys

doc = json.load(sys.stdin)
print("VERSION", doc["version"])
for launch in doc["launches"]:
    entries = launch["occupancy"]
    if not entries:
        print(launch["kernel"], launch["line"], "none")
    for o in entries:
        waves = o.get("waves")
        print(launch["kernel"], launch["line"], o["arch"], "threads=%d" % o["threads"],
              "blocks/SM=%d" % o["active_blocks_per_sm"],
              "warps=%d/%d" % (o["active_warps_per_sm"], o["max_warps_per_sm"]),
              "occupancy=%.4g" % o["occupancy"],
              "binding=" + ",".join(o["binding"]),
              "best=" + ",".join(str(t) for t in o["suggestions"]["best_block_sizes"]),
              "gpu=%s" % o.get("active_blocks_per_gpu"),
              "waves=" + ("-" if waves is None else "%d/%d/%d/%d" % (
                  waves["grid_blocks"], waves["blocks_per_wave"], waves["waves"],
                  waves["last_wave_blocks"])))
