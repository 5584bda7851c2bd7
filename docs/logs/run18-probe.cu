// Run 18-b probe: where the hardware puts the CTAs of a cluster launch (which SM, and which
// SMs share a GPC), to learn which mosaic clusters can have their TMA reads merged by a
// GPC's L2 request coalescer. Built and run on the device by run18-b.sh.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void where(int *out, int spin) {
  unsigned sm, cid, rank;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  if (threadIdx.x == 0) { out[3 * blockIdx.x] = sm; out[3 * blockIdx.x + 1] = cid; out[3 * blockIdx.x + 2] = rank; }
  long long t0 = clock64(); while (clock64() - t0 < spin) {}
}
static void run(int grid, int cluster, int smem, const char *tag) {
  int *d; cudaMalloc(&d, 3 * grid * sizeof(int)); cudaMemset(d, 0xff, 3 * grid * sizeof(int));
  cudaFuncSetAttribute(where, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(where, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = grid; cfg.blockDim = 128; cfg.dynamicSmemBytes = smem;
  cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = cluster; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
  cfg.attrs = at; cfg.numAttrs = 1;
  int active = 0; cudaOccupancyMaxActiveClusters(&active, where, &cfg);
  cudaError_t e = cudaLaunchKernelEx(&cfg, where, d, 2000000);
  cudaDeviceSynchronize();
  int *h = new int[3 * grid]; cudaMemcpy(h, d, 3 * grid * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%s grid %d cluster %d smem %d active_clusters %d err %s\n", tag, grid, cluster, smem, active, cudaGetErrorString(e));
  printf("%s sm_of_block:", tag); for (int i = 0; i < grid; i++) printf(" %d", h[3 * i]); printf("\n");
  delete[] h; cudaFree(d);
}
int main() {
  int smem = 200 * 1024;
  for (int r = 0; r < 3; r++) run(132, 2, smem, "c2");
  run(132, 1, smem, "c1");
  for (int c : {16, 8, 4}) { int active = 0; (void)active; run(c == 16 ? 128 : (c == 8 ? 128 : 132), c, smem, c == 16 ? "c16" : (c == 8 ? "c8" : "c4")); }
  return 0;
}
