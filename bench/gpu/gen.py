#!/usr/bin/env python3
"""Generate the GPU harness suite: CUDA files of constant launches, one
kernel and one host function per case, and a manifest (cases.json) with each
case's place in the sources and the outcome the generator means it to have.

    gen.py --arch sm_90 --sms 132 --out DIR
    gen.py --from-cases CASES.json --out DIR

--from-cases writes the sources of an existing manifest again (a recording's
cases.json, made by this or an earlier generator version) and checks that
every case keeps its lines: a recording is replayed against what it ran.

The expected outcome is the generator's own arithmetic from the documented
limits (docs/arch-model.md's sources, DESIGN.md's H100 facts), written here
independently of the tool: a case whose expectation the tool does not share
is a finding about one of the two, and test/lit/gpu-harness reports it.
Needs no GPU and no toolkit.
"""
import argparse
import json
import os
import sys

VERSION = 3
# The wave probe's blocks spin these long on %globaltimer (version 2; version 1 spun
# 200,000 clock64 cycles, about 0.1 ms, too short to show a whole extra wave).
SPIN_NS = (1000000, 4000000)

# Per arch (from docs/arch-model.md): threads/SM, blocks/SM, shared memory per
# SM at the largest carveout, opt-in maximum per block, reserved per block,
# allocation granularity, cluster sizes (portable, non-portable) or None.
ARCHS = {
    "sm_75": (1024, 16, 64 << 10, 64 << 10, 0, 256, None),
    "sm_80": (2048, 32, 164 << 10, 163 << 10, 1024, 128, None),
    "sm_86": (1536, 16, 100 << 10, 99 << 10, 1024, 128, None),
    "sm_87": (1536, 16, 164 << 10, 163 << 10, 1024, 128, None),
    "sm_89": (1536, 24, 100 << 10, 99 << 10, 1024, 128, None),
    "sm_90": (2048, 32, 228 << 10, 227 << 10, 1024, 128, (8, 16)),
    "sm_100": (2048, 32, 228 << 10, 227 << 10, 1024, 128, (8, 16)),
    "sm_103": (2048, 32, 228 << 10, 227 << 10, 1024, 128, (8, 16)),
    "sm_110": (1536, 24, 228 << 10, 227 << 10, 1024, 128, (8, 16)),
    "sm_120": (1536, 24, 100 << 10, 99 << 10, 1024, 128, (8, 8)),
    "sm_121": (1536, 24, 100 << 10, 99 << 10, 1024, 128, (8, 8)),
}
DEFAULT_SMEM = 48 << 10
GRID_X_MAX = (1 << 31) - 1

# Errors, in the order the tool lists several at one launch (lib/Checks/Checks.def).
ERROR_ORDER = [
    "cuda-launch-bounds-exceeded", "cuda-block-size-invalid", "cuda-grid-size-invalid",
    "cuda-shared-memory-exceeded", "cuda-too-many-resources", "cuda-cluster-dims-mismatch",
    "cuda-grid-sync-needs-cooperative-launch", "cuda-cooperative-launch-too-large",
]
ERROR_CHECKS = ERROR_ORDER + ["cuda-func-attribute-refused"]
# The cudaError_t measured on an H100 and an H200 (DESIGN.md); None: not measured yet.
RUNTIME_ERROR = {
    "cuda-launch-bounds-exceeded": "cudaErrorInvalidValue",
    "cuda-block-size-invalid": "cudaErrorInvalidValue",
    "cuda-grid-size-invalid": "cudaErrorInvalidValue",
    "cuda-shared-memory-exceeded": "cudaErrorInvalidValue",
    "cuda-too-many-resources": "cudaErrorLaunchOutOfResources",
    "cuda-cluster-dims-mismatch": "cudaErrorInvalidClusterSize",
    "cuda-grid-sync-needs-cooperative-launch": None,
    "cuda-cooperative-launch-too-large": "cudaErrorCooperativeLaunchTooLarge",
}
# Launch errors that leave no block resident on an SM.
NOT_RESIDENT = ("cuda-shared-memory-exceeded", "cuda-too-many-resources")
API_ORDER = ["<<<>>>", "cudaLaunchKernel", "cudaLaunchKernelEx", "cudaLaunchCooperativeKernel"]
# The launch forms of the forms family (generator version 3), by the API that launches.
# "entry:" calls through a PFN_* pointer (cudaTypedefs.h) filled by cudaGetDriverEntryPoint,
# "proc:" through one filled by cuGetProcAddress; the driver's launches get their
# CUfunction from cudaGetFuncBySymbol. "spaced<<<>>>" is nvcc's k<< <g, b>> >(...).
DRIVER_FORMS = ["cuLaunchKernel", "cuLaunchKernelEx", "cuLaunchCooperativeKernel",
                "entry:cuLaunchKernel", "entry:cuLaunchKernelEx", "entry:cuLaunchCooperativeKernel",
                "proc:cuLaunchKernel"]
RUNTIME_FORMS = ["spaced<<<>>>", "cudaLaunchKernelExC", "cudaLaunchCooperativeKernel",
                 "cudaGraphAddKernelNode"]
COOPERATIVE_APIS = ("cudaLaunchCooperativeKernel", "cuLaunchCooperativeKernel",
                    "entry:cuLaunchCooperativeKernel")
# The forms that take a launch attribute list (cluster shape, cooperative flag).
ATTRIBUTE_FORMS = ("cudaLaunchKernelEx", "cudaLaunchKernelExC", "cuLaunchKernelEx", "entry:cuLaunchKernelEx")
# A driver API launch returns a CUresult: the cudaError_t of the same number
# (driver_types.h and cuda.h give these four the same values: 1, 701, 720, 912).
DRIVER_ERROR = {
    "cudaSuccess": "CUDA_SUCCESS",
    "cudaErrorInvalidValue": "CUDA_ERROR_INVALID_VALUE",
    "cudaErrorLaunchOutOfResources": "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
    "cudaErrorCooperativeLaunchTooLarge": "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
    "cudaErrorInvalidClusterSize": "CUDA_ERROR_INVALID_CLUSTER_SIZE",
}


def is_driver_api(api):
    return api in DRIVER_FORMS


DEFINITION = ("family", "kernel", "api", "grid", "block", "dyn_smem", "settings", "cluster",
              "coop_attr", "reps")


def definition(c):
    """What a case runs: a recording's answers hold for a case whose definition is unchanged."""
    return {k: c[k] for k in DEFINITION}


def ceil_to(v, m):
    return (v + m - 1) // m * m


class Suite:
    def __init__(self, arch, sms):
        if arch not in ARCHS:
            sys.exit("gen.py: unknown arch %s (known: %s)" % (arch, ", ".join(ARCHS)))
        self.arch, self.sms = arch, sms
        (self.threads_sm, self.blocks_sm, self.smem_sm, self.optin, self.reserved,
         self.gran, self.clusters) = ARCHS[arch]
        self.cases = []
        self.n = {}

    # ---- the generator's model --------------------------------------------
    def regs_fail(self, regs, threads):
        warps = ceil_to((threads + 31) // 32, 4)
        return warps * ceil_to(regs * 32, 256) > 65536

    def blocks_per_sm(self, c):
        """Resident blocks per SM when the kernel's registers are known (pinned
        by __maxnreg__) or small; None when the model does not know."""
        k = c["kernel"]
        threads = c["threads"]
        warps = (threads + 31) // 32
        lim = [self.blocks_sm, (self.threads_sm // 32) // warps]
        regs = k.get("maxnreg") or (32 if not k.get("pressure") else None)
        if regs is None:
            return None
        per_warp = ceil_to(regs * 32, 256)
        lim.append((65536 // 4 // per_warp) * 4 // warps)
        smem = k.get("static_smem", 0) + c["dyn_smem"]
        if smem or self.reserved:
            lim.append(self.smem_sm // ceil_to(smem + self.reserved, self.gran))
        return min(lim)

    def expect(self, c):
        k, checks, refused = c["kernel"], [], []
        dyn_limit = DEFAULT_SMEM - k.get("static_smem", 0)
        nonportable = False
        for s in c["settings"]:
            if s[0] not in ("attr", "cuattr"):
                continue
            _, name, value = s
            if name == "MaxDynamicSharedMemorySize":
                if value < 0 or value + k.get("static_smem", 0) > self.optin:
                    refused.append(value)
                else:
                    dyn_limit = value
            elif name == "PreferredSharedMemoryCarveout":
                if not -1 <= value <= 100:
                    refused.append(value)
            elif name == "NonPortableClusterSizeAllowed":
                if self.clusters is None and value:
                    refused.append(value)
                else:
                    nonportable = bool(value)
        g, b = c["grid"], c["block"]
        threads = b[0] * b[1] * b[2]
        if k.get("bounds") and threads > k["bounds"][0]:
            checks.append("cuda-launch-bounds-exceeded")
        if 0 in b or b[0] > 1024 or b[1] > 1024 or b[2] > 64 or threads > 1024:
            checks.append("cuda-block-size-invalid")
        if 0 in g or g[0] > GRID_X_MAX or g[1] > 65535 or g[2] > 65535:
            checks.append("cuda-grid-size-invalid")
        if c["dyn_smem"] > dyn_limit:
            checks.append("cuda-shared-memory-exceeded")
        maybe = []
        regs = k.get("maxnreg")
        if regs and 0 < threads <= 1024 and self.regs_fail(regs, threads):
            checks.append("cuda-too-many-resources")
        elif k.get("pressure") and not regs and 0 < threads <= 1024 and self.regs_fail(k["pressure"], threads):
            # Registers the compiler chooses: enough live values may or may not
            # overflow the register file (ptxas for sm_75 gives 64 where sm_90 gets 200+).
            maybe.append("cuda-too-many-resources")
        cl = c.get("cluster") or k.get("cluster_dims")
        if cl and self.clusters is None:
            # Never run on a GPU before sm_90: the tool warns that it may fail.
            maybe.append("cuda-cluster-dims-mismatch")
        elif cl:
            size = cl[0] * cl[1] * cl[2]
            if (any(gi % ci for gi, ci in zip(g, cl))
                    or size > self.clusters[1]
                    or (size > self.clusters[0] and not nonportable)):
                checks.append("cuda-cluster-dims-mismatch")
        coop = c["api"] in COOPERATIVE_APIS or c.get("coop_attr")
        if k.get("grid_sync") and not coop:
            checks.append("cuda-grid-sync-needs-cooperative-launch")
        if coop and not checks:
            per_sm = self.blocks_per_sm(c)
            if per_sm is not None and g[0] * g[1] * g[2] > per_sm * self.sms:
                checks.append("cuda-cooperative-launch-too-large")
        checks.sort(key=ERROR_ORDER.index)
        runtime = RUNTIME_ERROR[checks[0]] if checks else None
        if coop and checks and checks[0] in NOT_RESIDENT:
            # No block can be resident: the cooperative launch says so first (an H200).
            runtime = "cudaErrorCooperativeLaunchTooLarge"
        launch_error = runtime if checks else "cudaSuccess"
        if is_driver_api(c["api"]) and launch_error:
            launch_error = DRIVER_ERROR[launch_error]
        return {"fails": bool(checks or refused), "launch_checks": checks, "maybe_checks": maybe,
                "refused_attrs": refused, "launch_error": launch_error}

    # ---- cases -------------------------------------------------------------
    def add(self, family, kernel, block, grid=None, api="<<<>>>", dyn_smem=0,
            settings=(), cluster=None, coop_attr=False, reps=1, note=""):
        self.n[family] = self.n.get(family, 0) + 1
        cid = "%s-%03d" % (family, self.n[family])
        block = tuple(block) + (1,) * (3 - len(block))
        grid = tuple(grid if grid is not None else (4 * self.sms,)) 
        grid = grid + (1,) * (3 - len(grid))
        c = {"id": cid, "family": family, "kernel": dict(kernel), "api": api,
             "grid": list(grid), "block": list(block), "dyn_smem": dyn_smem,
             "threads": block[0] * block[1] * block[2],
             "settings": [list(s) for s in settings], "cluster": list(cluster) if cluster else None,
             "coop_attr": coop_attr, "reps": reps, "note": note}
        c["expect"] = self.expect(c)
        self.cases.append(c)
        return c

    def generate(self):
        self.block_family()
        self.grid_family()
        self.bounds_family()
        self.regs_family()
        self.smem_family()
        self.cluster_family()
        self.coop_family()
        self.occupancy_family()
        self.mixed_family()
        self.wave_family()
        self.forms_family()
        self.gridsync_family()  # last: its failures may be sticky

    def block_family(self):
        shapes = [(32,), (1024,), (1025,), (0,), (2048,), (32, 32), (32, 33), (1, 1024), (1, 1025),
                  (1, 1, 64), (1, 1, 65), (16, 1, 64), (16, 1, 65), (8, 8, 16), (8, 8, 17),
                  (1, 0, 1), (1, 1, 0), (4, 4, 64), (33, 31), (96, 1, 1)]
        for api in API_ORDER:
            for b in shapes:
                self.add("block", {}, b, grid=(2,), api=api)

    def grid_family(self):
        grids = [(GRID_X_MAX,), (1 << 31,), (0,), (1, 65535), (1, 65536), (1, 1, 65535),
                 (1, 1, 65536), (1, 0), (1, 1, 0), (0xFFFFFFFF,), (256, 256, 2), (65536, 65535)]
        for api in API_ORDER:
            for g in grids:
                if api == "cudaLaunchCooperativeKernel" and 0 not in g and max(g) > 65535:
                    continue  # a valid cooperative grid of this size is too large, not invalid
                if g == (GRID_X_MAX,) and api != "<<<>>>":
                    continue  # 2^31-1 blocks run for seconds: once is enough
                if g == (65536, 65535) and api != "<<<>>>":
                    continue
                self.add("grid", {}, (32,), grid=g, api=api)

    def bounds_family(self):
        for bound in (64, 128, 200, 256, 384, 512, 1000, 1024):
            for minb in (None, 2):
                k = {"bounds": [bound] + ([minb] if minb else [])}
                for t in sorted({bound - 32, bound, bound + 1, bound + 32, 1024}):
                    if 0 < t:
                        api = API_ORDER[(t + bound) % 3]
                        self.add("bounds", k, (t,), api=api)
        # A launch over its bound and over the register file: the bound's error.
        self.add("bounds", {"bounds": [256], "pressure": 200}, (1024,))
        self.add("bounds", {"bounds": [1024, 1], "pressure": 40}, (1024,))

    def regs_family(self):
        for regs in (32, 40, 48, 64, 72, 80, 96, 128, 168, 200, 232, 255):
            for t in (128, 256, 384, 512, 640, 768, 800, 1024):
                self.add("regs", {"maxnreg": regs, "pressure": regs + 8}, (t,),
                         api=API_ORDER[(regs // 8 + t // 128) % 3])

    def smem_family(self):
        o = self.optin
        for static in (0, 16 << 10, 40 << 10, 48 << 10):
            k = {"static_smem": static}
            # Without an opt-in: the 48 KiB default.
            for dyn in sorted({0, (48 << 10) - static, (48 << 10) - static + 1, 64 << 10}):
                if dyn >= 0:
                    self.add("smem", k, (128,), dyn_smem=dyn, api=API_ORDER[dyn % 3])
            # Opt-ins: accepted at the arch maximum minus static, refused one byte over.
            for optin, dyn in [(o - static, o - static), (o - static, o - static + 1),
                               (o - static + 1, o - static), (o - static + 1, 40 << 10),
                               (96 << 10, 96 << 10), (96 << 10, (96 << 10) + 1),
                               (64 << 10, 50 << 10), (1 << 20, 48 << 10)]:
                if dyn < 0 or optin < 0:
                    continue
                self.add("smem", k, (256,), dyn_smem=dyn, api=API_ORDER[(dyn // 8) % 3],
                         settings=[("attr", "MaxDynamicSharedMemorySize", optin)])
            # An accepted opt-in, then a refused one: the first holds.
            self.add("smem", k, (128,), dyn_smem=(64 << 10),
                     settings=[("attr", "MaxDynamicSharedMemorySize", 80 << 10),
                               ("attr", "MaxDynamicSharedMemorySize", o + 4096)])
            self.add("smem", k, (128,), dyn_smem=(96 << 10),
                     settings=[("attr", "MaxDynamicSharedMemorySize", 80 << 10),
                               ("attr", "MaxDynamicSharedMemorySize", o + 4096)])
        # Carveouts the runtime may refuse.
        for carve in (-2, -1, 0, 50, 100, 101, 150):
            self.add("smem", {}, (256,), settings=[("attr", "PreferredSharedMemoryCarveout", carve)])

    def cluster_family(self):
        if self.clusters is None:
            # Before sm_90: any cluster fails, and so does the non-portable opt-in.
            for cl in ((2, 1, 1), (8, 1, 1)):
                self.add("cluster", {}, (128,), grid=(16,), api="cudaLaunchKernelEx", cluster=cl)
            self.add("cluster", {}, (128,), grid=(16,), api="cudaLaunchKernelEx", cluster=(2, 1, 1),
                     settings=[("attr", "NonPortableClusterSizeAllowed", 1)])
            return
        portable, most = self.clusters
        shapes = [(1, 1, 1), (2, 1, 1), (4, 1, 1), (8, 1, 1), (16, 1, 1), (32, 1, 1), (2, 2, 1),
                  (4, 2, 1), (4, 4, 1), (2, 2, 2), (3, 1, 1)]
        for cl in shapes:
            size = cl[0] * cl[1] * cl[2]
            for np_ in (0, 1):
                settings = [("attr", "NonPortableClusterSizeAllowed", 1)] if np_ else []
                for grid in [(cl[0] * 8, cl[1] * 2, cl[2]), (cl[0] * 8 + 1, cl[1] * 2, cl[2])]:
                    if size == 1 and grid[0] % 2:
                        continue
                    self.add("cluster", {}, (128,), grid=grid, api="cudaLaunchKernelEx",
                             cluster=cl, settings=settings)
                if size in (8, 16):
                    # Large blocks and shared memory in a cluster.
                    self.add("cluster", {}, (1024,), grid=(size * 4,), api="cudaLaunchKernelEx",
                             cluster=cl, settings=settings)
                    dyn = 200 << 10 if self.optin >= 200 << 10 else self.optin - 1024
                    self.add("cluster", {}, (256,), grid=(size * 4,), api="cudaLaunchKernelEx",
                             cluster=cl, dyn_smem=dyn,
                             settings=settings + [("attr", "MaxDynamicSharedMemorySize", dyn)])
        # Compile-time __cluster_dims__, launched with <<<>>>.
        for cl in ((2, 1, 1), (4, 1, 1), (8, 1, 1), (2, 2, 1)):
            for gx in (cl[0] * 16, cl[0] * 16 + 1):
                self.add("cluster", {"cluster_dims": list(cl)}, (128,), grid=(gx, cl[1]))

    def coop_family(self):
        configs = [  # (kernel, threads, dyn_smem, opt-in)
            ({"grid_sync": True}, 1024, 0, None),
            ({"grid_sync": True}, 512, 0, None),
            ({"grid_sync": True}, 256, 0, None),
            ({"grid_sync": True}, 128, 0, None),
            ({"grid_sync": True}, 32, 0, None),
            ({"grid_sync": True}, 128, 40000, None),
            ({"grid_sync": True}, 128, 20000, None),
            ({"grid_sync": True}, 128, 70000, 70000),
            ({"grid_sync": True}, 128, 100 << 10, 100 << 10),
            ({"grid_sync": True, "maxnreg": 128, "pressure": 136}, 256, 0, None),
            ({"grid_sync": True, "maxnreg": 64, "pressure": 72}, 256, 0, None),
            ({"grid_sync": True, "maxnreg": 168, "pressure": 176}, 128, 0, None),
            ({}, 256, 0, None),  # no grid sync: the limit holds all the same
        ]
        for k, t, dyn, optin in configs:
            if dyn + self.reserved > self.optin:
                continue
            probe = {"kernel": k, "threads": t, "dyn_smem": dyn}
            per_sm = self.blocks_per_sm(probe)
            settings = [("attr", "MaxDynamicSharedMemorySize", optin)] if optin else []
            for delta in (-1, 0, 1):
                blocks = per_sm * self.sms + delta
                self.add("coop", k, (t,), grid=(blocks,), api="cudaLaunchCooperativeKernel",
                         dyn_smem=dyn, settings=settings)
                self.add("coop", k, (t,), grid=(blocks,), api="cudaLaunchKernelEx",
                         coop_attr=True, dyn_smem=dyn, settings=settings)

    def occupancy_family(self):
        threads = (32, 64, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 1024)
        statics = (0, 1 << 10, 8 << 10, 24 << 10, 40 << 10)
        dyns = (0, 4 << 10, 16 << 10)
        carveouts = (None, 0, 25, 50, 100)
        caches = (None, "cudaFuncCachePreferShared", "cudaFuncCachePreferL1",
                  "cudaFuncCachePreferEqual")
        i = 0
        for t in threads:
            for s in statics:
                i += 1
                dyn = dyns[i % len(dyns)]
                if s + dyn > DEFAULT_SMEM:
                    dyn = 0
                carve = carveouts[i % len(carveouts)]
                cache = caches[(i // 5) % len(caches)]
                settings = []
                if carve is not None:
                    settings.append(("attr", "PreferredSharedMemoryCarveout", carve))
                if cache is not None:
                    settings.append(("cache", cache))
                self.add("occ", {"static_smem": s}, (t,), dyn_smem=dyn, settings=settings,
                         api=API_ORDER[i % 3])
        # Large opt-in shared memory against carveouts.
        for carve in (None, 0, 50, 100):
            for dyn in (60 << 10, 90 << 10):
                if dyn > self.optin:
                    continue
                settings = [("attr", "MaxDynamicSharedMemorySize", dyn)]
                if carve is not None:
                    settings.append(("attr", "PreferredSharedMemoryCarveout", carve))
                self.add("occ", {}, (256,), dyn_smem=dyn, settings=settings)
        # Barriers per block (sm_90 counts them) and a launch bound with minBlocks.
        for t in (128, 256, 512):
            self.add("occ", {"bounds": [t, 4]}, (t,))
            self.add("occ", {"bounds": [t, 3], "pressure": 64}, (t,))
        # Bounds the arch cannot honour (minBlocks over the threads per SM) and a
        # bound far over every launch whose register cap makes the kernel spill.
        self.add("occ", {"bounds": [1024, 3]}, (1024,))
        self.add("occ", {"bounds": [1024, 2], "pressure": 100}, (128,))
        self.add("occ", {"bounds": [1024], "pressure": 100}, (128,))

    def mixed_family(self):
        """Errors of one kind through the cooperative and cluster APIs, and two at once:
        which error the runtime returns then is what the tool's order claims."""
        big = 64 << 10
        for api, extra in (("cudaLaunchCooperativeKernel", {}), ("cudaLaunchKernelEx", {"coop_attr": True}),
                           ("cudaLaunchKernelEx", {"cluster": (2, 1, 1)} if self.clusters else {})):
            if not extra and api == "cudaLaunchKernelEx":
                continue
            grid = (self.sms,) if api != "cudaLaunchKernelEx" or extra.get("coop_attr") else (2 * self.sms,)
            self.add("mixed", {"bounds": [256]}, (512,), grid=grid, api=api, **extra)
            self.add("mixed", {}, (128,), grid=grid, api=api, dyn_smem=big, **extra)
            self.add("mixed", {"maxnreg": 128, "pressure": 136}, (1024,), grid=grid, api=api, **extra)
            self.add("mixed", {"maxnreg": 128, "pressure": 136}, (1024,), grid=grid, api=api,
                     dyn_smem=big, **extra)
            self.add("mixed", {"bounds": [256]}, (512,), grid=grid, api=api, dyn_smem=big, **extra)
        # Shared memory over the default and a block over 1024 threads at once.
        self.add("mixed", {}, (2048,), dyn_smem=big)
        self.add("mixed", {"bounds": [128]}, (256,), grid=(0,), dyn_smem=big)

    def wave_family(self):
        for t in (128, 256, 1024):
            # Blocks of equal duration, long enough (1 ms) that dispatching a wave costs
            # nothing against it: shorter blocks (20 us) measure x1.65-1.84 for one block
            # past a full wave where the model says x2.00 (DESIGN.md, tail calibration).
            per_sm = self.blocks_per_sm({"kernel": {}, "threads": t, "dyn_smem": 0})
            wave = per_sm * self.sms
            for spin_ns in SPIN_NS:
                k = {"spin_ns": spin_ns, "bounds": [t]}
                for mult in (1, 2, 3, 4):
                    for extra in (0, 1):
                        self.add("wave", k, (t,), grid=(mult * wave + extra,), reps=4,
                                 note="%d full waves of %d blocks%s, %d us blocks"
                                 % (mult, wave, " + 1" if extra else "", spin_ns // 1000))

    def forms_family(self):
        """Failing and passing launches through each launch form the tool reads
        (docs/launch-forms.md): nvcc's spaced chevrons, cudaLaunchKernelExC, the cooperative
        APIs, a graph kernel node, and the driver API, called directly and through entry
        points, whose errors are CUresults."""
        big = 64 << 10
        for api in RUNTIME_FORMS + DRIVER_FORMS:
            coop = api in COOPERATIVE_APIS
            # The same launch shapes through every form: one that runs, invalid blocks and
            # grids, a launch bound, the register file, shared memory with and without an opt-in.
            self.add("forms", {}, (256,), api=api)
            self.add("forms", {}, (1025,), grid=(2,), api=api)
            self.add("forms", {}, (1, 1, 65), grid=(2,), api=api)
            if not coop:  # a valid cooperative grid of this size is too large, not invalid
                self.add("forms", {}, (32,), grid=(1, 65536), api=api)
            self.add("forms", {}, (32,), grid=(0,), api=api)
            self.add("forms", {"bounds": [256]}, (512,), grid=(2,), api=api)
            self.add("forms", {"bounds": [256]}, (256,), grid=(2,), api=api)
            self.add("forms", {"maxnreg": 128, "pressure": 136}, (1024,), grid=(2,), api=api)
            self.add("forms", {"maxnreg": 64, "pressure": 72}, (1024,), grid=(2,), api=api)
            self.add("forms", {}, (128,), grid=(2,), api=api, dyn_smem=big)
            self.add("forms", {}, (128,), grid=(2,), api=api, dyn_smem=big,
                     settings=[("attr", "MaxDynamicSharedMemorySize", big)])
            if is_driver_api(api):
                # The opt-in on the CUfunction itself (cuFuncSetAttribute).
                self.add("forms", {}, (128,), grid=(2,), api=api, dyn_smem=big,
                         settings=[("cuattr", "MaxDynamicSharedMemorySize", big)])
            self.add("forms", {}, (128,), grid=(2,), api=api, dyn_smem=self.optin + 1)
            if coop or api in ATTRIBUTE_FORMS:
                self.forms_cooperative(api, coop_attr=not coop)
            if api in ATTRIBUTE_FORMS and self.clusters:
                self.forms_cluster(api)

    def forms_cooperative(self, api, coop_attr):
        """A cooperative grid at the co-residency limit and one block over it; blocks that
        cannot be resident at all; a launch bound."""
        extra = {"coop_attr": True} if coop_attr else {}
        per_sm = self.blocks_per_sm({"kernel": {}, "threads": 256, "dyn_smem": 0})
        for blocks in (per_sm * self.sms, per_sm * self.sms + 1):
            self.add("forms", {}, (256,), grid=(blocks,), api=api, **extra)
        self.add("forms", {}, (128,), grid=(self.sms,), api=api, dyn_smem=64 << 10, **extra)
        self.add("forms", {"maxnreg": 128, "pressure": 136}, (1024,), grid=(self.sms,), api=api, **extra)
        self.add("forms", {"bounds": [256]}, (512,), grid=(self.sms,), api=api, **extra)

    def forms_cluster(self, api):
        """Clusters through a launch attribute: whole and partial grids, over the portable
        size with and without the non-portable attribute, over the largest."""
        portable, most = self.clusters
        nonportable = [("attr", "NonPortableClusterSizeAllowed", 1)]
        self.add("forms", {}, (128,), grid=(16,), api=api, cluster=(2, 1, 1))
        self.add("forms", {}, (128,), grid=(17,), api=api, cluster=(2, 1, 1))
        self.add("forms", {}, (128,), grid=(4 * most,), api=api, cluster=(most, 1, 1))
        self.add("forms", {}, (128,), grid=(4 * most,), api=api, cluster=(most, 1, 1), settings=nonportable)
        self.add("forms", {}, (128,), grid=(4 * most,), api=api, cluster=(2 * most, 1, 1), settings=nonportable)
        if is_driver_api(api):
            self.add("forms", {}, (128,), grid=(4 * most,), api=api, cluster=(most, 1, 1),
                     settings=[("cuattr", "NonPortableClusterSizeAllowed", 1)])

    def gridsync_family(self):
        for api in ("<<<>>>", "cudaLaunchKernel", "cudaLaunchKernelEx"):
            for t in (128, 1024):
                self.add("gridsync", {"grid_sync": True}, (t,), grid=(self.sms,), api=api)


# ---- CUDA source -------------------------------------------------------------
HEADER = """// Generated by bench/gpu/gen.py (version %d) for %s with %d SMs: do not edit.
// Each case is a kernel and a host function case_<id>; the launch and every
// cudaFuncSetAttribute / cudaFuncSetCacheConfig of the case use constants.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include "harness.h"
namespace cg = cooperative_groups;
"""


def kname(c):
    return "k_" + c["id"].replace("-", "_")


def kernel_source(c):
    k = c["kernel"]
    attrs = []
    if k.get("bounds"):
        attrs.append("__launch_bounds__(%s)" % ", ".join(map(str, k["bounds"])))
    if k.get("maxnreg"):
        attrs.append("__maxnreg__(%d)" % k["maxnreg"])
    if k.get("cluster_dims"):
        attrs.append("__cluster_dims__(%s)" % ", ".join(map(str, k["cluster_dims"])))
    body = ["  unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);",
            "  float v = p[t & 1023];"]
    if k.get("static_smem"):
        body.append("  __shared__ float st[%d];" % (k["static_smem"] // 4))
        body.append("  if (v == 12345.0f) { st[t %% %d] = v; __syncthreads(); v += st[(t + 1) %% %d]; }"
                    % (k["static_smem"] // 4, k["static_smem"] // 4))
    if c["dyn_smem"] or any(s[1] == "MaxDynamicSharedMemorySize" for s in c["settings"] if s[0] == "attr"):
        body.append("  extern __shared__ float dyn[];")
        body.append("  if (v == 12345.0f) { dyn[t] = v; __syncthreads(); v += dyn[t ^ 1]; }")
    if k.get("pressure"):
        n = k["pressure"]
        body += ["  float a[%d];" % n,
                 "#pragma unroll",
                 "  for (int i = 0; i < %d; ++i) a[i] = p[(t + i * 7) & 1023] + v;" % n,
                 "#pragma unroll",
                 "  for (int r = 0; r < 4; ++r) {",
                 "#pragma unroll",
                 "    for (int i = 0; i < %d; ++i) a[i] = fmaf(a[i], a[(i + 1) %% %d], 1.0f);" % (n, n),
                 "  }",
                 "#pragma unroll",
                 "  for (int i = 0; i < %d; ++i) v += a[i];" % n]
    if k.get("spin"):
        # Generator version 1 (kept to replay its recordings).
        body += ["  long long t0 = clock64();",
                 "  while (clock64() - t0 < 200000) {}"]
    if k.get("spin_ns"):
        # %globaltimer counts nanoseconds whatever the SM clock does; clock64 cycles
        # shrink and stretch with boost clocks.
        body += ["  unsigned long long t0, t1;",
                 '  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));',
                 '  do { asm volatile("mov.u64 %%0, %%%%globaltimer;" : "=l"(t1)); } while (t1 - t0 < %dull);'
                 % k["spin_ns"]]
    if k.get("grid_sync"):
        body.append("  cg::this_grid().sync();")
    body.append("  if (v == 12345.0f) p[1] = v;")
    return "__global__ void %s%s(float *p) {\n%s\n}\n" % (
        "".join(a + " " for a in attrs), kname(c), "\n".join(body))


def dim3(v):
    return "dim3(%s)" % ", ".join("%du" % x for x in v)


def host_source(c):
    k = kname(c)
    lines = ["static void case_%s(Rec &r) {" % c["id"].replace("-", "_"), "  float *p = r.p;"]
    for s in c["settings"]:
        if s[0] == "attr":
            lines.append("  cudaError_t e%d = cudaFuncSetAttribute(%s, cudaFuncAttribute%s, %d);"
                         % (len(lines), k, s[1], s[2]))
            lines.append('  r.attr("cudaFuncSetAttribute", "%s", %d, e%d);' % (s[1], s[2], len(lines) - 1))
        else:
            lines.append("  cudaError_t e%d = cudaFuncSetCacheConfig(%s, %s);" % (len(lines), k, s[1]))
            lines.append('  r.attr("cudaFuncSetCacheConfig", "%s", 0, e%d);' % (s[1], len(lines) - 1))
    g, b, dyn, api = dim3(c["grid"]), dim3(c["block"]), c["dyn_smem"], c["api"]
    lines.append("  r.begin();")
    if api == "<<<>>>":
        lines.append("  %s<<<%s, %s, %d>>>(p); // CASE %s" % (k, g, b, dyn, c["id"]))
        lines.append("  r.launched(cudaSuccess);")
    elif api in ("cudaLaunchKernel", "cudaLaunchCooperativeKernel"):
        lines.append("  void *args[] = {&p};")
        lines.append("  cudaError_t e = %s((const void *)%s, %s, %s, args, %d, 0); // CASE %s"
                     % (api, k, g, b, dyn, c["id"]))
        lines.append("  r.launched(e);")
    else:
        attrs = []
        if c.get("cluster"):
            cl = c["cluster"]
            attrs.append(["cudaLaunchAttributeClusterDimension",
                          "  attr[%%d].val.clusterDim.x = %d;\n  attr[%%d].val.clusterDim.y = %d;\n"
                          "  attr[%%d].val.clusterDim.z = %d;" % tuple(cl)])
        if c.get("coop_attr"):
            attrs.append(["cudaLaunchAttributeCooperative", "  attr[%d].val.cooperative = 1;"])
        lines.append("  cudaLaunchConfig_t cfg = {%s, %s, %d};" % (g, b, dyn))
        if attrs:
            lines.append("  cudaLaunchAttribute attr[%d];" % len(attrs))
            for i, (aid, sets) in enumerate(attrs):
                lines.append("  attr[%d].id = %s;" % (i, aid))
                lines.extend((sets.replace("%d", str(i))).split("\n"))
            lines.append("  cfg.attrs = attr;")
            lines.append("  cfg.numAttrs = %d;" % len(attrs))
        lines.append("  cudaError_t e = cudaLaunchKernelEx(&cfg, %s, p); // CASE %s" % (k, c["id"]))
        lines.append("  r.launched(e);")
    lines.append("}")
    return "\n".join(lines) + "\n"


# The forms family's file also calls the driver API and its entry points
# (cudaGetDriverEntryPoint is deprecated in CUDA 13, and still what code calls).
FORMS_PRELUDE = """#include <cuda.h>
#include <cudaTypedefs.h>
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
"""
# The PFN_* type of each driver launch API (cudaTypedefs.h) and the attributes
# cuFuncSetAttribute sets.
PFN_TYPE = {"cuLaunchKernel": "PFN_cuLaunchKernel_v4000", "cuLaunchKernelEx": "PFN_cuLaunchKernelEx_v11060",
            "cuLaunchCooperativeKernel": "PFN_cuLaunchCooperativeKernel_v9000"}
CU_FUNC_ATTRIBUTE = {"MaxDynamicSharedMemorySize": "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES",
                     "NonPortableClusterSizeAllowed": "CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED"}


def launch_attributes(c, driver):
    """The statements that fill a launch attribute array (cluster shape, cooperative flag)
    and hang it on cfg; none when the case has no attribute."""
    attrs = []
    if c.get("cluster"):
        attrs.append(("CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION" if driver else "cudaLaunchAttributeClusterDimension",
                      ["clusterDim.%s = %d" % xy for xy in zip("xyz", c["cluster"])]))
    if c.get("coop_attr"):
        attrs.append(("CU_LAUNCH_ATTRIBUTE_COOPERATIVE" if driver else "cudaLaunchAttributeCooperative",
                      ["cooperative = 1"]))
    if not attrs:
        return []
    lines = ["  %s attr[%d];" % ("CUlaunchAttribute" if driver else "cudaLaunchAttribute", len(attrs))]
    for i, (aid, sets) in enumerate(attrs):
        lines.append("  attr[%d].id = %s;" % (i, aid))
        lines += ["  attr[%d].%s.%s;" % (i, "value" if driver else "val", x) for x in sets]
    return lines + ["  cfg.attrs = attr;", "  cfg.numAttrs = %d;" % len(attrs)]


def forms_host_source(c):
    """The host function of a forms case: its settings, then the launch through its form.
    A driver launch's CUfunction comes from cudaGetFuncBySymbol, an entry point from
    cudaGetDriverEntryPoint or cuGetProcAddress; each such step is recorded (Rec::step)."""
    k, cid, api = kname(c), c["id"], c["api"]
    driver = is_driver_api(api)
    lines = ["static void case_%s(Rec &r) {" % cid.replace("-", "_"), "  float *p = r.p;"]
    if api != "spaced<<<>>>":
        lines.append("  void *args[] = {&p};")
    if driver:
        lines += ["  CUfunction f = nullptr;",
                  '  r.step("cudaGetFuncBySymbol", cudaGetFuncBySymbol(&f, (const void *)%s));' % k]
    for s in c["settings"]:
        n = len(lines)
        if s[0] == "attr":
            lines.append("  cudaError_t e%d = cudaFuncSetAttribute(%s, cudaFuncAttribute%s, %d);" % (n, k, s[1], s[2]))
            lines.append('  r.attr("cudaFuncSetAttribute", "%s", %d, e%d);' % (s[1], s[2], n))
        else:
            lines.append("  CUresult e%d = cuFuncSetAttribute(f, %s, %d);" % (n, CU_FUNC_ATTRIBUTE[s[1]], s[2]))
            lines.append('  r.attr("cuFuncSetAttribute", "%s", %d, e%d);' % (s[1], s[2], n))
    base = api.split(":")[-1]
    call = base
    if api.startswith(("entry:", "proc:")):
        call = "launch"
        lines.append("  %s launch = nullptr;" % PFN_TYPE[base])
        if api.startswith("entry:"):
            lines += ["  cudaDriverEntryPointQueryResult found;",
                      '  r.step("cudaGetDriverEntryPoint", cudaGetDriverEntryPoint("%s", (void **)&launch, '
                      "cudaEnableDefault, &found));" % base]
        else:
            lines += ["  CUdriverProcAddressQueryResult found;",
                      '  r.step("cuGetProcAddress", cuGetProcAddress("%s", (void **)&launch, 12000, '
                      "CU_GET_PROC_ADDRESS_DEFAULT, &found));" % base]
        lines.append("  if (!launch) {\n    r.launched(CUDA_ERROR_NOT_FOUND);\n    return;\n  }")
    (gx, gy, gz), (bx, by, bz), dyn = c["grid"], c["block"], c["dyn_smem"]
    dims = "%du, %du, %du, %du, %du, %du, %du" % (gx, gy, gz, bx, by, bz, dyn)
    g, b = dim3(c["grid"]), dim3(c["block"])
    tail = " // CASE %s" % cid
    if base == "cuLaunchKernel":
        lines += ["  r.begin();", "  CUresult e = %s(f, %s, nullptr, args, nullptr);%s" % (call, dims, tail)]
    elif base == "cuLaunchCooperativeKernel":
        lines += ["  r.begin();", "  CUresult e = %s(f, %s, nullptr, args);%s" % (call, dims, tail)]
    elif base == "cuLaunchKernelEx":
        lines.append("  CUlaunchConfig cfg = {%s, nullptr, nullptr, 0};" % dims)
        lines += launch_attributes(c, True)
        lines += ["  r.begin();", "  CUresult e = %s(&cfg, f, args, nullptr);%s" % (call, tail)]
    elif api == "spaced<<<>>>":
        lines += ["  r.begin();", "  %s<< <%s, %s, %d>> >(p);%s" % (k, g, b, dyn, tail),
                  "  cudaError_t e = cudaSuccess;"]
    elif api == "cudaLaunchKernelExC":
        lines.append("  cudaLaunchConfig_t cfg = {%s, %s, %d};" % (g, b, dyn))
        lines += launch_attributes(c, False)
        lines += ["  r.begin();", "  cudaError_t e = cudaLaunchKernelExC(&cfg, (const void *)%s, args);%s"
                  % (k, tail)]
    elif api == "cudaLaunchCooperativeKernel":
        lines += ["  r.begin();", "  cudaError_t e = cudaLaunchCooperativeKernel((const void *)%s, %s, %s, args, %d, 0);%s"
                  % (k, g, b, dyn, tail)]
    elif api == "cudaGraphAddKernelNode":
        # The node is added, the graph instantiated and launched: the first of the three
        # that fails is the launch's error; each is recorded.
        lines += ["  cudaGraph_t graph = nullptr;", "  cudaGraphExec_t exec = nullptr;",
                  "  cudaGraphNode_t node;", "  cudaGraphCreate(&graph, 0);",
                  "  cudaKernelNodeParams kp = {};", "  kp.func = (void *)%s;" % k,
                  "  kp.gridDim = %s;" % g, "  kp.blockDim = %s;" % b,
                  "  kp.sharedMemBytes = %d;" % dyn, "  kp.kernelParams = args;",
                  "  r.begin();", "  cudaError_t e = cudaGraphAddKernelNode(&node, graph, nullptr, 0, &kp);" + tail,
                  '  r.step("cudaGraphAddKernelNode", e);',
                  "  if (e == cudaSuccess)\n    r.step(\"cudaGraphInstantiate\", e = cudaGraphInstantiate(&exec, graph, 0));",
                  "  if (e == cudaSuccess)\n    r.step(\"cudaGraphLaunch\", e = cudaGraphLaunch(exec, 0));"]
    else:
        raise ValueError("gen.py: no source for the launch form %s" % api)
    lines.append("  r.launched(e);")
    if api == "cudaGraphAddKernelNode":
        lines += ["  if (exec)\n    cudaGraphExecDestroy(exec);", "  cudaGraphDestroy(graph);"]
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_suite(suite, out, version=VERSION):
    os.makedirs(out, exist_ok=True)
    families = []
    for c in suite.cases:
        if c["family"] not in families:
            families.append(c["family"])
    for fam in families:
        cases = [c for c in suite.cases if c["family"] == fam]
        name = "suite-%s.cu" % fam
        text = HEADER % (version, suite.arch, suite.sms) + (FORMS_PRELUDE if fam == "forms" else "")
        line = text.count("\n") + 1
        for c in cases:
            chunk = "\n" + kernel_source(c) + (forms_host_source(c) if fam == "forms" else host_source(c))
            c["file"] = name
            c["first_line"] = line + 1
            c["last_line"] = line + chunk.count("\n") - 1
            c["kernel_name"] = kname(c)
            for i, l in enumerate(chunk.split("\n")):
                if "// CASE " in l:
                    c["launch_line"] = line + i
                if "cudaFuncSetAttribute(" in l or "cudaFuncSetCacheConfig(" in l or "cuFuncSetAttribute(" in l:
                    c.setdefault("settings_lines", []).append(line + i)
            text += chunk
            line += chunk.count("\n")
        text += "\nstatic const Case cases[] = {\n"
        for c in cases:
            text += '  {"%s", case_%s, (const void *)%s, %d, %d, %d},\n' % (
                c["id"], c["id"].replace("-", "_"), kname(c), c["threads"], c["dyn_smem"], c["reps"])
        text += "};\n\nint main(int argc, char **argv) {\n" \
                "  return run_cases(cases, sizeof cases / sizeof cases[0], argc, argv);\n}\n"
        with open(os.path.join(out, name), "w") as f:
            f.write(text)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "harness.h")) as src, open(os.path.join(out, "harness.h"), "w") as dst:
        dst.write(src.read())
    manifest = {"generator_version": version, "arch": suite.arch, "sm_count": suite.sms,
                "files": ["suite-%s.cu" % f for f in families], "cases": suite.cases}
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


PLACE = ("file", "first_line", "last_line", "kernel_name", "launch_line", "settings_lines")


def write_from_cases(path, out):
    """The sources of the manifest at path, written into out with the manifest itself
    (byte for byte); exits 2 when the manifest cannot be read or a case would not keep
    its lines."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
        manifest = json.loads(raw)
        cases = manifest["cases"]
        suite = argparse.Namespace(arch=manifest["arch"], sms=manifest["sm_count"],
                                   cases=[{k: v for k, v in c.items() if k not in PLACE} for c in cases])
        version = manifest["generator_version"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.stderr.write("gen.py: cannot read the manifest %s: %s\n" % (path, e))
        sys.exit(2)
    written = write_suite(suite, out, version)
    for old, new in zip(cases, written["cases"]):
        moved = [k for k in PLACE if old.get(k) != new.get(k)]
        if moved:
            sys.stderr.write("gen.py: case %s of %s would not keep its %s: this generator cannot "
                             "write that manifest's sources\n" % (old["id"], path, ", ".join(moved)))
            sys.exit(2)
    if written["files"] != manifest["files"]:
        sys.stderr.write("gen.py: %s lists files %s, the cases give %s\n"
                         % (path, manifest["files"], written["files"]))
        sys.exit(2)
    with open(os.path.join(out, "cases.json"), "wb") as f:
        f.write(raw)
    print("gen.py: %d cases of %s (generator version %s) in %d files -> %s"
          % (len(cases), path, version, len(written["files"]), out))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--from-cases", metavar="CASES_JSON",
                    help="write the sources of this manifest instead of generating a suite")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--sms", type=int, default=132, help="the GPU's SM count (default: H100 SXM's 132)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--min-cases", type=int, default=0,
                    help="exit 1 unless there are this many cases and every error check is meant to fire")
    a = ap.parse_args()
    if a.from_cases:
        return write_from_cases(a.from_cases, a.out)
    s = Suite(a.arch, a.sms)
    s.generate()
    m = write_suite(s, a.out)
    fails = sum(c["expect"]["fails"] for c in m["cases"])
    print("gen.py: %d cases (%d meant to fail) in %d files for %s, %d SMs -> %s"
          % (len(m["cases"]), fails, len(m["files"]), a.arch, a.sms, a.out))
    meant = {}
    for c in m["cases"]:
        for check in c["expect"]["launch_checks"] + (["cuda-func-attribute-refused"] if c["expect"]["refused_attrs"] else []):
            meant[check] = meant.get(check, 0) + 1
    for check in ERROR_CHECKS:
        print("  %-42s %4d cases" % (check, meant.get(check, 0)))
    # Before sm_90 a cluster launch is a warning (no hardware fact yet).
    missing = [x for x in ERROR_CHECKS if x not in meant
               and not (x == "cuda-cluster-dims-mismatch" and s.clusters is None)]
    if a.min_cases and (len(m["cases"]) < a.min_cases or missing):
        print("gen.py: fewer than %d cases, or no case for %s" % (a.min_cases, ", ".join(missing) or "-"))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
