// Run 52-c: can TMA read a 16-bit row-major B whose row pitch is not a multiple of 16 bytes
// (the lead of docs/BENCHMARKS.md run 52) without a pad copy? One tensor map per residue j of
// the k-row mod q (q = 16 / gcd(pitch, 16)): base B + j*pitch rounded down to 16 bytes, row
// stride q*pitch, width n + o_j (o_j: the elements the rounding moved), each stage's 64 x 64
// chunk loaded as q boxes of 64 / q rows to rows j*(64/q).. of the stage, 128-byte swizzle.
// (1) Every element of every tile lands where the design says (swizzled row s = j*(64/q) + i
//     holds k-row q*i + j), and past n and k reads as zero.
// (2) Streaming B through a 4-stage ring, one CTA per 64-column strip: q boxes of 64/q rows
//     against one 64 x 64 box over an aligned copy (and q small boxes over it), GB/s.
//   nvcc -O2 -arch=sm_90a -o /tmp/rm docs/logs/run52-c-residue-maps.cu -lcuda && /tmp/rm
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CK(x) do { auto e = (x); if (e != 0) { printf("%s:%d error %d\n", __FILE__, __LINE__, (int)e); exit(1); } } while (0)

struct Maps { CUtensorMap m[8]; };

__device__ __forceinline__ uint32_t sa(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void bar_init(uint64_t* b) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sa(b)));
}
__device__ __forceinline__ void bar_expect(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(sa(b)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bar_wait(uint64_t* b, uint32_t parity) {
  asm volatile("{ .reg .pred p; W%=: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W%=; }"
               ::"r"(sa(b)), "r"(parity) : "memory");
}
__device__ __forceinline__ void tma(void* dst, const CUtensorMap* m, int x, int y, uint64_t* b) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
               ::"r"(sa(dst)), "l"(m), "r"(x), "r"(y), "r"(sa(b)) : "memory");
}

__host__ __device__ inline float val(int k, int n) { return (float)((k * 7 + n * 3) % 2039 - 1019); }

// (1): one 64 x 64 tile per CTA through q residue maps; mismatches counted.
__global__ void check(const __grid_constant__ Maps maps, int q, const int* o, int K, int N, unsigned* bad) {
  __shared__ __align__(1024) unsigned char tile[64 * 128];
  __shared__ uint64_t bar;
  int n0 = blockIdx.x * 64, k0 = blockIdx.y * 64, rows = 64 / q;
  if (threadIdx.x == 0) {
    bar_init(&bar);
    asm volatile("fence.proxy.async.shared::cta;");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    bar_expect(&bar, 64 * 128);
    for (int j = 0; j < q; j++) tma(tile + j * rows * 128, &maps.m[j], n0 + o[j], k0 / q, &bar);
  }
  bar_wait(&bar, 0);
  for (int e = threadIdx.x; e < 64 * 64; e += blockDim.x) {
    int s = e / 64, c = e % 64, j = s / rows, i = s % rows;
    int k = k0 + q * i + j, n = n0 + c;
    int off = s * 128 + (((c / 8) ^ (s % 8)) * 16) + (c % 8) * 2;
    float got = __half2float(*(const __half*)(tile + off));
    float want = (k < K && n < N) ? val(k, n) : 0.f;
    if (got != want) atomicAdd(bad, 1u);
  }
}

// (2): each CTA streams its 64-column strip over all of K through a 4-stage ring, `boxes`
// boxes of 64/boxes rows a stage (map j for box j, or map 0 for every box where one map).
__global__ void stream(const __grid_constant__ Maps maps, int boxes, int one_map, const int* o, int K) {
  constexpr int S = 4;
  __shared__ __align__(1024) unsigned char ring[S][64 * 128];
  __shared__ uint64_t full[S];
  if (threadIdx.x != 0) return;
  for (int s = 0; s < S; s++) bar_init(&full[s]);
  asm volatile("fence.proxy.async.shared::cta;");
  int n0 = blockIdx.x * 64, tiles = (K + 63) / 64, rows = 64 / boxes;
  auto issue = [&](int t) {
    int s = t % S;
    bar_expect(&full[s], 64 * 128);
    for (int j = 0; j < boxes; j++) {
      if (one_map)
        tma(ring[s] + j * rows * 128, &maps.m[0], n0, t * 64 + j * rows, &full[s]);
      else
        tma(ring[s] + j * rows * 128, &maps.m[j], n0 + o[j], t * 64 / boxes, &full[s]);
    }
  };
  for (int t = 0; t < S && t < tiles; t++) issue(t);
  for (int t = 0; t < tiles; t++) {
    bar_wait(&full[t % S], (t / S) & 1);
    if (t + S < tiles) issue(t + S);
  }
}

static CUtensorMap map2d(const void* base, uint64_t w, uint64_t h, uint64_t stride, uint32_t bw, uint32_t bh) {
  CUtensorMap m;
  cuuint64_t dims[2] = {w, h}, strides[1] = {stride};
  cuuint32_t box[2] = {bw, bh}, es[2] = {1, 1};
  CK(cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, (void*)base, dims, strides, box, es,
            CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
            CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  return m;
}

// The q residue maps of a K x N row-major B at `dev` (pitch 2N bytes), offsets o_j to `o`.
static int residue_maps(const __half* dev, int K, int N, Maps& maps, int* o) {
  uint64_t pitch = 2ull * N;
  int g = 16;
  while (pitch % g) g /= 2;
  int q = 16 / g;
  for (int j = 0; j < q; j++) {
    uint64_t at = (uint64_t)dev + j * pitch, base = at & ~15ull;
    o[j] = (int)((at - base) / 2);
    maps.m[j] = map2d((const void*)base, N + o[j], (K - j + q - 1) / q, q * pitch, 64, 64 / q);
  }
  return q;
}

int main(int argc, char**) {
  CK(cudaFree(0));
  unsigned* bad;
  int* od;
  CK(cudaMalloc(&bad, 4));
  CK(cudaMalloc(&od, 8 * 4));
  // (1) ragged shapes, pitches 2, 4, 6, 8, 10, 12, 14 (mod 16) and one aligned.
  int shapes[][2] = {{1000, 8193}, {333, 2050}, {200, 1027}, {777, 4100}, {129, 6029}, {64, 1030}, {517, 2047}, {300, 4096}};
  for (auto& s : shapes) {
    int K = s[0], N = s[1];
    std::vector<__half> h((size_t)K * N);
    for (int k = 0; k < K; k++)
      for (int n = 0; n < N; n++) h[(size_t)k * N + n] = __float2half(val(k, n));
    __half* d;
    CK(cudaMalloc(&d, h.size() * 2));
    CK(cudaMemcpy(d, h.data(), h.size() * 2, cudaMemcpyHostToDevice));
    Maps maps;
    int o[8];
    int q = residue_maps(d, K, N, maps, o);
    CK(cudaMemcpy(od, o, sizeof o, cudaMemcpyHostToDevice));
    CK(cudaMemset(bad, 0, 4));
    check<<<dim3((N + 63) / 64, (K + 63) / 64), 128>>>(maps, q, od, K, N, bad);
    CK(cudaGetLastError());
    unsigned nb;
    CK(cudaMemcpy(&nb, bad, 4, cudaMemcpyDeviceToHost));
    printf("check K=%d N=%d pitch%%16=%d q=%d: %u of %d elements wrong\n", K, N, (2 * N) % 16, q, nb,
           ((N + 63) / 64) * ((K + 63) / 64) * 4096);
    CK(cudaFree(d));
  }
  if (argc > 1) return 0;  // (1) only: under compute-sanitizer
  // (2) streaming: K = 16384, N = 8193 (pitch 16386, q = 8; 129 strips) against an aligned
  // copy of pitch 16400 bytes.
  int K = 16384, N = 8193;
  size_t alignedN = (N + 7) / 8 * 8;
  __half *d, *da;
  CK(cudaMalloc(&d, (size_t)K * N * 2));
  CK(cudaMalloc(&da, (size_t)K * alignedN * 2));
  CK(cudaMemset(d, 0, (size_t)K * N * 2));
  CK(cudaMemset(da, 0, (size_t)K * alignedN * 2));
  Maps res, one, small;
  int o[8], z[8] = {0};
  int q = residue_maps(d, K, N, res, o);
  one.m[0] = map2d(da, N, K, alignedN * 2, 64, 64);
  small.m[0] = map2d(da, N, K, alignedN * 2, 64, 64 / q);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  struct V { const char* name; Maps* m; int boxes, one_map; int* off; } vs[] = {
      {"residue maps (q boxes of 64/q rows)", &res, q, 0, o},
      {"aligned copy, one 64x64 box", &one, 1, 1, z},
      {"aligned copy, q boxes of 64/q rows", &small, q, 1, z}};
  for (int round = 0; round < 3; round++)
    for (auto& v : vs) {
      CK(cudaMemcpy(od, v.off, 8 * 4, cudaMemcpyHostToDevice));
      stream<<<(N + 63) / 64, 32>>>(*v.m, v.boxes, v.one_map, od, K);
      cudaEventRecord(e0);
      for (int it = 0; it < 20; it++) stream<<<(N + 63) / 64, 32>>>(*v.m, v.boxes, v.one_map, od, K);
      cudaEventRecord(e1);
      CK(cudaEventSynchronize(e1));
      float ms;
      cudaEventElapsedTime(&ms, e0, e1);
      double us = ms * 1000 / 20;
      printf("stream round %d, %-38s K=%d N=%d: %.1f us, %.0f GB/s of B\n", round, v.name, K, N, us,
             (double)K * N * 2 / us / 1e3);
    }
  CK(cudaGetLastError());
  return 0;
}
