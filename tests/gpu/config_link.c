/* config_link.c - the device entry points of an implementation built with
   GPUACT_ONLY_OPS = silu and GPUACT_ONLY_TYPES = fp32 | bf16 (see
   scripts/gpu-build-check.sh, check config_subset): an op or element type
   left out answers GPUACT_ERROR_UNSUPPORTED before any CUDA call (so also
   without a GPU); one built goes on to the pointer checks and the launch
   (GPUACT_ERROR_NOT_DEVICE_POINTER for this host memory with a GPU,
   GPUACT_ERROR_CUDA without one). n = 0 succeeds either way. */
#ifndef GPUACT_CUDA
#define GPUACT_CUDA
#endif
#include "gpuact.h"
#include <stdio.h>

static int fails = 0;
static void expect(const char *what, gpuact_status s, int built) {
    int ok = built ? (s == GPUACT_ERROR_CUDA || s == GPUACT_ERROR_NOT_DEVICE_POINTER) : s == GPUACT_ERROR_UNSUPPORTED;
    if (!ok) fails++;
    printf("config_link: %-34s -> %d (%s): %s\n", what, (int)s, gpuact_status_string(s), ok ? "ok" : "FAIL");
}

int main(void) {
    float x[16] = {0}, y[16], d[16];
    cudaStream_t st = (cudaStream_t)0;
    expect("silu fp32 forward (built)", gpuact_forward_device(GPUACT_OP_SILU, GPUACT_F32, NULL, x, y, 16, st), 1);
    expect("silu bf16 backward (built)", gpuact_backward_device(GPUACT_OP_SILU, GPUACT_BF16, NULL, x, x, d, 16, st), 1);
    expect("silu fp16 forward (type left out)", gpuact_forward_device(GPUACT_OP_SILU, GPUACT_F16, NULL, x, y, 16, st), 0);
    expect("gelu_erf fp32 forward (op left out)", gpuact_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, y, 16, st), 0);
    expect("elu fp32 f' (op left out)", gpuact_grad_device(GPUACT_OP_ELU, GPUACT_F32, NULL, x, d, 16, st), 0);
    expect("selu bf16 from y (op left out)", gpuact_backward_from_output_device(GPUACT_OP_SELU, GPUACT_BF16, NULL, y, x, d, 16, st), 0);
    if (gpuact_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, y, 0, st) != GPUACT_SUCCESS) {
        fails++;
        printf("config_link: n = 0 of an op left out: FAIL\n");
    }
    printf("config_link: %s\n", fails ? "FAIL" : "ok");
    return fails ? 1 : 0;
}
