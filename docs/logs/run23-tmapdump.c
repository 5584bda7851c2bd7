/* Run 23-a: a CUPTI injection library (CUDA_INJECTION64_PATH) that prints every
 * cuTensorMapEncodeTiled call of the process (cuBLAS's and mosaic's): data type, rank, global
 * dims and strides, box, element strides, interleave, swizzle, L2 promotion and OOB fill,
 * with the kernel name of the next launch. Run 18-c's parameter dump showed that cuBLAS's
 * nvjet kernels take tensor maps as parameters; this shows how cuBLAS shapes them (the box
 * of a row-major B at decode shapes, the C box of its epilogue). If cuBLAS encodes its maps
 * without the driver call, nothing of it prints, and the raw 128-byte parameters of its
 * first nvjet launch are dumped instead. Built and run on the device by run23-a.sh. */
#include <cuda.h>
#include <cupti.h>
#include <stdio.h>
#include <string.h>

static int maps, launches;
static void print_map(const cuTensorMapEncodeTiled_params *p) {
  if (maps++ >= 40) return;
  printf("TMAP %d: dtype %d rank %u addr %p dims", maps, (int)p->tensorDataType, p->tensorRank,
         p->globalAddress);
  for (unsigned i = 0; i < p->tensorRank; i++) printf(" %llu", (unsigned long long)p->globalDim[i]);
  printf(" strides(bytes)");
  for (unsigned i = 0; i + 1 < p->tensorRank; i++) printf(" %llu", (unsigned long long)p->globalStrides[i]);
  printf(" box");
  for (unsigned i = 0; i < p->tensorRank; i++) printf(" %u", p->boxDim[i]);
  printf(" estrides");
  for (unsigned i = 0; i < p->tensorRank; i++) printf(" %u", p->elementStrides[i]);
  printf(" interleave %d swizzle %d l2promo %d oob %d\n", (int)p->interleave, (int)p->swizzle,
         (int)p->l2Promotion, (int)p->oobFill);
  fflush(stdout);
}
static void on_launch(CUfunction f, const void *grid) {
  const char *name = 0;
  (void)grid;
  if (launches >= 12) return;
  if (cuFuncGetName(&name, f) != CUDA_SUCCESS) cuKernelGetName(&name, (CUkernel)f);
  launches++;
  printf("LAUNCH %d %s\n", launches, name ? name : "?");
  fflush(stdout);
}
static void CUPTIAPI on_api(void *ud, CUpti_CallbackDomain dom, CUpti_CallbackId id, const void *data) {
  const CUpti_CallbackData *d = data;
  (void)ud; (void)dom;
  if (d->callbackSite != CUPTI_API_ENTER) return;
  if (id == CUPTI_DRIVER_TRACE_CBID_cuTensorMapEncodeTiled) {
    print_map(d->functionParams);
  } else if (id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx || id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz) {
    const cuLaunchKernelEx_params *p = d->functionParams;
    on_launch(p->f, p->config);
    if (p->config)
      for (unsigned i = 0; i < p->config->numAttrs && launches <= 12; i++)
        if (p->config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
          printf("  grid %u %u %u block %u cluster %u %u %u smem %u\n", p->config->gridDimX,
                 p->config->gridDimY, p->config->gridDimZ, p->config->blockDimX,
                 p->config->attrs[i].value.clusterDim.x, p->config->attrs[i].value.clusterDim.y,
                 p->config->attrs[i].value.clusterDim.z, p->config->sharedMemBytes);
  } else if (id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel || id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz) {
    const cuLaunchKernel_params *p = d->functionParams;
    on_launch(p->f, 0);
  }
}
int InitializeInjection(void) {
  CUpti_SubscriberHandle s;
  if (cuptiSubscribe(&s, on_api, 0) != CUPTI_SUCCESS) { printf("cupti subscribe failed\n"); return 0; }
  cuptiEnableDomain(1, s, CUPTI_CB_DOMAIN_DRIVER_API);
  printf("injection: driver API callbacks on\n");
  return 1;
}
