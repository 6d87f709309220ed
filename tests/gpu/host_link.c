/* host_link.c - C code calling the device entry points, linked against an
   object built by nvcc (host_link_impl.cu defines GPUACT_IMPLEMENTATION).
       nvcc -I. -c tests/gpu/host_link_impl.cu -o impl.o
       gcc -std=c99 -DGPUACT_CUDA -I. -I/usr/local/cuda/include -c tests/gpu/host_link.c
       gcc host_link.o impl.o -L/usr/local/cuda/lib64 -lcudart -lstdc++ -lm
   (-lstdc++: the nvcc-built object is C++; its kernel launch stubs use
   function-local statics, __cxa_guard_*.)
   It passes plain host memory on purpose: with a GPU the call must return
   GPUACT_ERROR_NOT_DEVICE_POINTER, without one (or without a driver)
   GPUACT_ERROR_CUDA. Any other status, or a crash, is a failure. */
#ifndef GPUACT_CUDA
#define GPUACT_CUDA
#endif
#include "gpuact.h"
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    float *x = (float *)malloc(64 * sizeof(float)), *y = (float *)malloc(64 * sizeof(float));
    gpuact_status s, s0;
    int i, ok;
    if (!x || !y) return 2;
    for (i = 0; i < 64; i++) x[i] = (float)i / 8.0f - 4.0f;
    s = gpuact_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, y, 64, (cudaStream_t)0);
    s0 = gpuact_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, NULL, NULL, 0, (cudaStream_t)0); /* no CUDA call */
    ok = (s == GPUACT_ERROR_CUDA || s == GPUACT_ERROR_NOT_DEVICE_POINTER) && s0 == GPUACT_SUCCESS;
    printf("host_link: gpuact_forward_device(host memory) -> %d (%s); n = 0 -> %d: %s\n", (int)s,
           gpuact_status_string(s), (int)s0, ok ? "ok" : "FAIL");
    free(x);
    free(y);
    return ok ? 0 : 1;
}
