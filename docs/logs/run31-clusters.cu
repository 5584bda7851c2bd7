// Run 31 probe: how many thread-block clusters of 2, 4 and 8 CTAs this GPU holds at once at
// one CTA per SM (cudaOccupancyMaxActiveClusters), for the shared memory of mosaic's lone
// grids (214112 bytes, 256 threads). nvcc -arch=sm_90a -o clusters run31-clusters.cu
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(int *p) { extern __shared__ int s[]; if (p) p[0] = s[threadIdx.x]; }
int main() {
  cudaDeviceProp d; cudaGetDeviceProperties(&d, 0);
  int smem = 214112;
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  printf("%s, %d SMs\n", d.name, d.multiProcessorCount);
  for (int c : {1, 2, 4, 8, 16}) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(c * 64); cfg.blockDim = dim3(256); cfg.dynamicSmemBytes = smem;
    cudaLaunchAttribute a; a.id = cudaLaunchAttributeClusterDimension;
    a.val.clusterDim.x = c; a.val.clusterDim.y = 1; a.val.clusterDim.z = 1;
    cfg.attrs = &a; cfg.numAttrs = 1;
    int n = -1; cudaError_t e = cudaOccupancyMaxActiveClusters(&n, (void *)k, &cfg);
    printf("cluster %2d: %d clusters (%d CTAs) %s\n", c, n, n * c, cudaGetErrorString(e));
  }
}
