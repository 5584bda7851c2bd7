// Run 23-c: where a TMA load puts a box whose inner extent (64 bytes) is narrower than its
// swizzle span (128 bytes). cuBLAS's decode kernel with a row-major B loads its 96-column B
// tile as a 64-column box and a 32-column box, both with 128-byte swizzle (23-b). If the
// engine packs the 32-column box's rows at 64 bytes, the result is not a wgmma layout; if it
// keeps a 128-byte row pitch, the box fills the left half of a 128-byte-swizzled chunk, which
// wgmma.m64n96 reads as the third 32 columns (run 22-d found that a partial chunk reads
// right). The global tensor is 64 x 64 f16 holding row * 64 + col; shared memory is poisoned
// with 0xffff before the copy; each 16-byte chunk of the result is printed as the (row, col)
// of its first element.
//   nvcc -arch=sm_90a -o boxlayout run23-boxlayout.cu -lcuda && ./boxlayout
#include <cuda.h>
#include <cstdio>
#include <cstdint>

__global__ void load_box(const __grid_constant__ CUtensorMap map, uint16_t *out, int bytes) {
  __shared__ alignas(1024) uint16_t tile[8192];  // 16 KB
  __shared__ alignas(8) uint64_t bar;
  for (int i = threadIdx.x; i < 8192; i += blockDim.x) tile[i] = 0xffff;
  __syncthreads();
  uint32_t s_tile = static_cast<uint32_t>(__cvta_generic_to_shared(tile));
  uint32_t s_bar = static_cast<uint32_t>(__cvta_generic_to_shared(&bar));
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(s_bar));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(s_bar), "r"(bytes) : "memory");
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
            s_tile),
        "l"(&map), "r"(0), "r"(0), "r"(s_bar)
        : "memory");
  }
  __syncthreads();
  asm volatile(
      "{\n .reg .pred p;\n W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n @!p bra W;\n}" ::"r"(s_bar)
      : "memory");
  for (int i = threadIdx.x; i < 8192; i += blockDim.x) out[i] = tile[i];
}

int main() {
  cuInit(0);
  CUdevice dev;
  CUcontext ctx;
  cuDeviceGet(&dev, 0);
  cuDevicePrimaryCtxRetain(&ctx, dev);
  cuCtxSetCurrent(ctx);
  uint16_t host[64 * 64], res[8192];
  for (int i = 0; i < 64 * 64; i++) host[i] = static_cast<uint16_t>(i);
  uint16_t *g, *o;
  cudaMalloc(&g, sizeof host);
  cudaMalloc(&o, sizeof res);
  cudaMemcpy(g, host, sizeof host, cudaMemcpyHostToDevice);
  struct Case { unsigned box0, box1; CUtensorMapSwizzle swz; const char *name; } cases[] = {
      {32, 32, CU_TENSOR_MAP_SWIZZLE_128B, "box 32 cols x 32 rows, 128B swizzle (cuBLAS's third chunk)"},
      {64, 32, CU_TENSOR_MAP_SWIZZLE_128B, "box 64 cols x 32 rows, 128B swizzle (reference)"},
      {32, 32, CU_TENSOR_MAP_SWIZZLE_64B, "box 32 cols x 32 rows, 64B swizzle (reference)"},
  };
  for (auto &c : cases) {
    CUtensorMap map;
    cuuint64_t dims[2] = {64, 64}, strides[1] = {128};
    cuuint32_t box[2] = {c.box0, c.box1}, es[2] = {1, 1};
    CUresult r = cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, g, dims, strides, box, es,
                                        CU_TENSOR_MAP_INTERLEAVE_NONE, c.swz, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                        CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    printf("== %s: encode %d\n", c.name, (int)r);
    if (r != CUDA_SUCCESS) continue;
    load_box<<<1, 128>>>(map, o, c.box0 * c.box1 * 2);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("kernel: %s\n", cudaGetErrorString(e)); return 1; }
    cudaMemcpy(res, o, sizeof res, cudaMemcpyDeviceToHost);
    // One line per 128-byte smem line: the (row, col) of each 16-byte chunk's first element.
    int last = 0;
    for (int i = 0; i < 8192; i++) if (res[i] != 0xffff) last = i;
    for (int line = 0; line <= last / 64 && line < 40; line++) {
      printf("line %2d:", line);
      for (int ch = 0; ch < 8; ch++) {
        uint16_t v = res[line * 64 + ch * 8];
        if (v == 0xffff) printf("   ----"); else printf(" %2d,%-2d ", v / 64, v % 64);
      }
      printf("\n");
    }
    printf("bytes written: through offset %d\n", (last + 1) * 2);
  }
  return 0;
}
