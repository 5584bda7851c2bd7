/* Run 18-c: a CUPTI injection library (CUDA_INJECTION64_PATH) that prints the kernel
 * parameters of cuBLAS's nvjet kernels. cuBLAS's 4096^3 kernel reads a byte table indexed by
 * its cluster index (SASS: `ULDC.U8 UR5, c[0x0][UR5+0x240]`, run 15-b); this shows the
 * table. A driver-API callback on cuLaunchKernel / cuLaunchKernelEx dumps the parameter
 * bytes (cuFuncGetParamInfo gives each parameter's offset and size). An LD_PRELOAD shim of
 * cuGetProcAddress saw nothing: the CUDA runtime inside cuBLAS takes libcuda's symbols with
 * dlopen + dlsym. Built and run on the device by run18-c.sh. */
#include <cuda.h>
#include <cupti.h>
#include <stdio.h>
#include <string.h>

static int dumped;
static void dump(CUfunction f, void **params, void **extra) {
  const char *name = 0;
  static int seen;
  /* The CUDA runtime launches library kernels: `f` is then a CUkernel, not a CUfunction. */
  int lib = 0;
  CUresult r = cuFuncGetName(&name, f);
  if (r != CUDA_SUCCESS) { lib = 1; r = cuKernelGetName(&name, (CUkernel)f); }
  if (seen++ < 4) printf("launch %d: cuFuncGetName %d %s\n", seen, (int)r, name ? name : "?");
  if (r != CUDA_SUCCESS || !name || !strstr(name, "nvjet") || dumped >= 2) return;
  dumped++;
  printf("PARAMS %s\n", name);
  /* The CUDA runtime passes the packed parameter buffer through `extra`. */
  for (void **e = extra; e && *e != CU_LAUNCH_PARAM_END; e += 2)
    if (*e == CU_LAUNCH_PARAM_BUFFER_POINTER) {
      const unsigned char *p = e[1];
      size_t size = 0;
      for (void **g = extra; *g != CU_LAUNCH_PARAM_END; g += 2)
        if (*g == CU_LAUNCH_PARAM_BUFFER_SIZE) size = *(size_t *)g[1];
      printf("param buffer (c[0x0][0x210] on) size %zu:", size);
      for (size_t j = 0; j < size; j++) printf("%s%02x", j % 16 ? " " : "\n  ", p[j]);
      printf("\n");
    }
  for (size_t i = 0; params; i++) {
    size_t off, size;
    if ((lib ? cuKernelGetParamInfo((CUkernel)f, i, &off, &size) : cuFuncGetParamInfo(f, i, &off, &size)) != CUDA_SUCCESS) break;
    const unsigned char *p = params[i];
    printf("param %zu offset 0x%zx (c[0x0][0x%zx]) size %zu:", i, off, off + 0x210, size);
    for (size_t j = 0; j < size; j++) printf("%s%02x", j % 16 ? " " : "\n  ", p[j]);
    printf("\n");
  }
  fflush(stdout);
}
static void CUPTIAPI on_api(void *ud, CUpti_CallbackDomain dom, CUpti_CallbackId id, const void *data) {
  const CUpti_CallbackData *d = data;
  (void)ud; (void)dom;
  if (d->callbackSite != CUPTI_API_ENTER) return;
  if (strstr(d->functionName, "aunch")) { static int n; if (n++ < 6) printf("api %s (id %d)\n", d->functionName, (int)id); }
  if (id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx || id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz) {
    const cuLaunchKernelEx_params *p = d->functionParams;
    dump(p->f, p->kernelParams, p->extra);
  } else if (id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel || id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz) {
    const cuLaunchKernel_params *p = d->functionParams;
    dump(p->f, p->kernelParams, p->extra);
  }
}
int InitializeInjection(void) {
  CUpti_SubscriberHandle s;
  if (cuptiSubscribe(&s, on_api, 0) != CUPTI_SUCCESS) { printf("cupti subscribe failed\n"); return 0; }
  cuptiEnableDomain(1, s, CUPTI_CB_DOMAIN_DRIVER_API);
  printf("injection: driver API callbacks on\n");
  return 1;
}
