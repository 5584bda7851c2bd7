"""Run 37: clusters of 1, 2, 4, 8 and 16 CTAs (one CTA per SM: 200 KiB of dynamic shared
memory each) that this GPU holds at once, `cuOccupancyMaxActiveClusters` (CUDA driver API,
"Occupancy") of an empty sm_90a kernel whose cluster size is compiled in (`.reqnctapercluster`);
16 with the non-portable cluster size allowed.

  python3 docs/logs/run37-clusters.py
"""
import ctypes

cu = ctypes.CDLL("libcuda.so.1")


def ok(r, what):
    if r != 0:
        raise SystemExit(f"{what}: CUresult {r}")


class LaunchConfig(ctypes.Structure):
    _fields_ = [("gx", ctypes.c_uint), ("gy", ctypes.c_uint), ("gz", ctypes.c_uint),
                ("bx", ctypes.c_uint), ("by", ctypes.c_uint), ("bz", ctypes.c_uint),
                ("smem", ctypes.c_uint), ("stream", ctypes.c_void_p),
                ("attrs", ctypes.c_void_p), ("nattrs", ctypes.c_uint)]


ok(cu.cuInit(0), "cuInit")
dev = ctypes.c_int()
ok(cu.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
ctx = ctypes.c_void_p()
ok(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "retain")
ok(cu.cuCtxSetCurrent(ctx), "set current")
sms = ctypes.c_int()
ok(cu.cuDeviceGetAttribute(ctypes.byref(sms), 16, dev), "SM count")  # MULTIPROCESSOR_COUNT
SMEM = 200 * 1024
for size in (1, 2, 4, 8, 16):
    ptx = (".version 8.0\n.target sm_90a\n.address_size 64\n"
           f".visible .entry k() .maxntid 128, 1, 1 .reqnctapercluster {size}, 1, 1\n{{ ret; }}\n")
    mod = ctypes.c_void_p()
    ok(cu.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(ptx.encode())), "load")
    f = ctypes.c_void_p()
    ok(cu.cuModuleGetFunction(ctypes.byref(f), mod, b"k"), "function")
    ok(cu.cuFuncSetAttribute(f, 8, SMEM), "max dynamic smem")  # MAX_DYNAMIC_SHARED_SIZE_BYTES
    if size > 8:
        ok(cu.cuFuncSetAttribute(f, 14, 1), "non-portable")  # NON_PORTABLE_CLUSTER_SIZE_ALLOWED
    cfg = LaunchConfig(size * 64, 1, 1, 128, 1, 1, SMEM, None, None, 0)
    n = ctypes.c_int()
    ok(cu.cuOccupancyMaxActiveClusters(ctypes.byref(n), f, ctypes.byref(cfg)), "occupancy")
    print(f"clusters of {size:2d} CTAs held at once: {n.value:3d} ({n.value * size} CTAs of {sms.value} SMs)")
