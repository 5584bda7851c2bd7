// Measures mma.sync and FFMA throughput in FMA per clock per SM (clock64 cycles, so the
// result does not depend on the boost clock). One CTA of 512 threads (16 warps, 4 per SMSP)
// per SM (threads per CTA: first argument, default 512), 8 independent accumulators per
// warp, operands in registers.
// Build and run (from the repository root):
//   nvcc -O3 -arch=sm_90a -o /tmp/mma_rate hw-models/bench/mma_sync_rate.cu && /tmp/mma_rate 512
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cuda_runtime.h>

#define ITERS 4096
#define CHAINS 8

__global__ void mma_f16_f32(float* out, long long* cyc) {
  unsigned a[4] = {threadIdx.x, 1u, 2u, 3u}, b[2] = {5u, 7u};
  float d[CHAINS][4] = {};
  __syncthreads();
  long long t0 = clock64();
  for (int i = 0; i < ITERS; ++i) {
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                   : "+f"(d[c][0]), "+f"(d[c][1]), "+f"(d[c][2]), "+f"(d[c][3])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
  __syncthreads();
  long long t1 = clock64();
  float s = 0; for (int c = 0; c < CHAINS; ++c) s += d[c][0] + d[c][1] + d[c][2] + d[c][3];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) cyc[blockIdx.x] = t1 - t0;
}

__global__ void mma_f16_f16(float* out, long long* cyc) {
  unsigned a[4] = {threadIdx.x, 1u, 2u, 3u}, b[2] = {5u, 7u};
  unsigned d[CHAINS][2] = {};
  __syncthreads();
  long long t0 = clock64();
  for (int i = 0; i < ITERS; ++i) {
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
                   : "+r"(d[c][0]), "+r"(d[c][1])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
  __syncthreads();
  long long t1 = clock64();
  unsigned s = 0; for (int c = 0; c < CHAINS; ++c) s += d[c][0] + d[c][1];
  out[blockIdx.x * blockDim.x + threadIdx.x] = (float)s;
  if (threadIdx.x == 0) cyc[blockIdx.x] = t1 - t0;
}

__global__ void mma_tf32(float* out, long long* cyc) {
  unsigned a[4] = {threadIdx.x, 1u, 2u, 3u}, b[2] = {5u, 7u};
  float d[CHAINS][4] = {};
  __syncthreads();
  long long t0 = clock64();
  for (int i = 0; i < ITERS; ++i) {
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
      asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                   : "+f"(d[c][0]), "+f"(d[c][1]), "+f"(d[c][2]), "+f"(d[c][3])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
  __syncthreads();
  long long t1 = clock64();
  float s = 0; for (int c = 0; c < CHAINS; ++c) s += d[c][0] + d[c][1] + d[c][2] + d[c][3];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) cyc[blockIdx.x] = t1 - t0;
}

__global__ void ffma(float* out, long long* cyc) {
  float x[CHAINS]; for (int c = 0; c < CHAINS; ++c) x[c] = threadIdx.x * 0.001f + c;
  float y = 0.999f, z = 0.001f;
  __syncthreads();
  long long t0 = clock64();
  for (int i = 0; i < ITERS * 8; ++i) {
#pragma unroll
    for (int c = 0; c < CHAINS; ++c) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x[c]) : "f"(y), "f"(z));
  }
  __syncthreads();
  long long t1 = clock64();
  float s = 0; for (int c = 0; c < CHAINS; ++c) s += x[c];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) cyc[blockIdx.x] = t1 - t0;
}

typedef void (*K)(float*, long long*);

static int threads = 512;

static void run(const char* name, K k, double fma_per_warp_iter, int sms, float* out, long long* cyc) {
  k<<<sms, threads>>>(out, cyc);  // warm-up
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaEventRecord(e0);
  k<<<sms, threads>>>(out, cyc);
  cudaEventRecord(e1);
  cudaEventSynchronize(e1);
  float ms; cudaEventElapsedTime(&ms, e0, e1);
  long long h[1024]; cudaMemcpy(h, cyc, sms * sizeof(long long), cudaMemcpyDeviceToHost);
  double mean = 0; for (int i = 0; i < sms; ++i) mean += h[i]; mean /= sms;
  double fmas_per_sm = fma_per_warp_iter * (threads / 32);
  double rate = fmas_per_sm / mean;
  double tflops = 2.0 * fmas_per_sm * sms / (ms * 1e-3) / 1e12;
  printf("%-22s %8.1f FMA/clk/SM   %7.1f TFLOP/s   implied clock %6.0f MHz   err=%s\n", name, rate, tflops,
         tflops * 1e12 / (2.0 * rate * sms) / 1e6, cudaGetErrorString(cudaGetLastError()));
}

int main(int argc, char** argv) {
  if (argc > 1) threads = atoi(argv[1]);
  cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
  int sms = p.multiProcessorCount;
  printf("%s, %d SMs, cc %d.%d, %d threads per CTA\n", p.name, sms, p.major, p.minor, threads);
  float* out; long long* cyc;
  cudaMalloc(&out, sms * 1024 * sizeof(float)); cudaMalloc(&cyc, sms * sizeof(long long));
  for (int rep = 0; rep < 2; ++rep) {
    run("mma.sync f16 acc f32", mma_f16_f32, (double)ITERS * CHAINS * 16 * 8 * 16, sms, out, cyc);
    run("mma.sync f16 acc f16", mma_f16_f16, (double)ITERS * CHAINS * 16 * 8 * 16, sms, out, cyc);
    run("mma.sync tf32", mma_tf32, (double)ITERS * CHAINS * 16 * 8 * 8, sms, out, cyc);
    run("ffma", ffma, (double)ITERS * 8 * CHAINS * 32, sms, out, cyc);
  }
  return 0;
}
