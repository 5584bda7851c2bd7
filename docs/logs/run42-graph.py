"""Run 42: does cuBLAS launch its GEMM kernels as programmatic dependents? Captures two
back-to-back matmuls (preallocated outputs; M = 128 and 16 decode shapes; f16, bf16) into a
CUDA graph with the driver API (stream capture on PyTorch's stream) and prints each edge's
dependency type (`cuGraphGetEdges_v2`: 0 default, 1 programmatic, 2 launch completion) and
the kernels' names; writes the graph's verbose DOT dump (`cuGraphDebugDotPrint`, every flag).
A kernel launched with programmatic stream serialization after another is captured with a
programmatic edge from it.
  python3 docs/logs/run42-graph.py OUTDIR"""
import ctypes, re, sys
import torch

out = sys.argv[1]
cu = ctypes.CDLL("libcuda.so.1")


def ok(r, what):
    if r != 0:
        raise RuntimeError(f"{what}: CUresult {r}")


class Edge(ctypes.Structure):
    _fields_ = [("from_port", ctypes.c_ubyte), ("to_port", ctypes.c_ubyte),
                ("type", ctypes.c_ubyte), ("reserved", ctypes.c_ubyte * 5)]


for dt in (torch.float16, torch.bfloat16):
    for m, n, k in ((128, 2144, 1368), (16, 4096, 4096)):
        a = torch.randn(m, k, device="cuda", dtype=dt)
        b = torch.randn(k, n, device="cuda", dtype=dt)
        c1 = torch.empty(m, n, device="cuda", dtype=dt)
        c2 = torch.empty_like(c1)
        s = torch.cuda.Stream()
        with torch.cuda.stream(s):
            for _ in range(3):
                torch.matmul(a, b, out=c1)
            s.synchronize()
            h = ctypes.c_void_p(s.cuda_stream)
            ok(cu.cuStreamBeginCapture_v2(h, 2), "begin capture")  # relaxed
            torch.matmul(a, b, out=c1)
            torch.matmul(a, b, out=c2)
            g = ctypes.c_void_p()
            ok(cu.cuStreamEndCapture(h, ctypes.byref(g)), "end capture")
        path = f"{out}/graph-{str(dt)[6:]}-{m}x{n}x{k}.dot"
        ok(cu.cuGraphDebugDotPrint(g, path.encode(), ctypes.c_uint(0xFFFF)), "dot print")
        cnt = ctypes.c_size_t(0)
        ok(cu.cuGraphGetEdges_v2(g, None, None, None, ctypes.byref(cnt)), "edge count")
        fr = (ctypes.c_void_p * max(cnt.value, 1))()
        to = (ctypes.c_void_p * max(cnt.value, 1))()
        ed = (Edge * max(cnt.value, 1))()
        ok(cu.cuGraphGetEdges_v2(g, fr, to, ed, ctypes.byref(cnt)), "edges")
        text = open(path).read()
        names = sorted(set(re.findall(r"(nvjet\w+|sm90_\w+|cutlass\w+)", text)))[:4]
        print(f"{dt} {m}x{n}x{k}: {cnt.value} edges, types {[ed[i].type for i in range(cnt.value)]}; "
              f"kernels {names}; DOT lines naming 'programmatic': "
              f"{sum('rogrammatic' in l for l in text.splitlines())}")
        for l in sorted(set(l.strip()[:200] for l in text.splitlines() if "rogrammatic" in l))[:4]:
            print("   ", l)
