/* basic.cu - GELU (erf form) forward and backward on a device array with
   gpuact's stream-ordered device entry points, checked bit for bit against
   the host entry points.
       nvcc -O2 -arch=sm_90 -I. examples/basic.cu -o basic && ./basic
   CHECK_CUDA / CHECK_GPUACT show the error handling to copy: report where
   and why, then return non-zero. */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_CUDA(call)                                                                       \
    do {                                                                                       \
        cudaError_t err_ = (call);                                                             \
        if (err_ != cudaSuccess) {                                                             \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(err_)); \
            return 1;                                                                          \
        }                                                                                      \
    } while (0)
#define CHECK_GPUACT(call)                                                                     \
    do {                                                                                       \
        gpuact_status st_ = (call);                                                            \
        if (st_ != GPUACT_SUCCESS) {                                                           \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, gpuact_status_string(st_)); \
            return 1;                                                                          \
        }                                                                                      \
    } while (0)

static int run(float *h_x, float *h_dy, float *h_y, float *h_dx, float *ref_y, float *ref_dx, size_t n) {
    const size_t bytes = n * sizeof(float);
    float *d_x = NULL, *d_dy = NULL, *d_y = NULL, *d_dx = NULL;
    cudaStream_t stream;
    size_t i, diff_y = 0, diff_dx = 0;

    CHECK_CUDA(cudaStreamCreate(&stream));
    CHECK_CUDA(cudaMalloc((void **)&d_x, bytes));
    CHECK_CUDA(cudaMalloc((void **)&d_dy, bytes));
    CHECK_CUDA(cudaMalloc((void **)&d_y, bytes));
    CHECK_CUDA(cudaMalloc((void **)&d_dx, bytes));
    CHECK_CUDA(cudaMemcpyAsync(d_x, h_x, bytes, cudaMemcpyHostToDevice, stream));
    CHECK_CUDA(cudaMemcpyAsync(d_dy, h_dy, bytes, cudaMemcpyHostToDevice, stream));

    /* y = gelu(x); dx = dy * gelu'(x). Both are enqueued on `stream`. */
    CHECK_GPUACT(gpuact_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, d_x, d_y, n, stream));
    CHECK_GPUACT(gpuact_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, d_x, d_dy, d_dx, n, stream));

    CHECK_CUDA(cudaMemcpyAsync(h_y, d_y, bytes, cudaMemcpyDeviceToHost, stream));
    CHECK_CUDA(cudaMemcpyAsync(h_dx, d_dx, bytes, cudaMemcpyDeviceToHost, stream));
    CHECK_CUDA(cudaStreamSynchronize(stream)); /* also reports a failed kernel */

    /* the same on the host */
    CHECK_GPUACT(gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, h_x, ref_y, n));
    CHECK_GPUACT(gpuact_backward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, h_x, h_dy, ref_dx, n));
    for (i = 0; i < n; i++) {
        diff_y += memcmp(&h_y[i], &ref_y[i], sizeof(float)) != 0;
        diff_dx += memcmp(&h_dx[i], &ref_dx[i], sizeof(float)) != 0;
    }

    CHECK_CUDA(cudaFree(d_x));
    CHECK_CUDA(cudaFree(d_dy));
    CHECK_CUDA(cudaFree(d_y));
    CHECK_CUDA(cudaFree(d_dx));
    CHECK_CUDA(cudaStreamDestroy(stream));
    printf("gelu_erf on %zu floats: forward %zu, backward %zu elements differ from the host (bit for bit): %s\n", n,
           diff_y, diff_dx, diff_y == 0 && diff_dx == 0 ? "OK" : "MISMATCH");
    return diff_y == 0 && diff_dx == 0 ? 0 : 1;
}

int main(void) {
    const size_t n = (size_t)1 << 20;
    float *buf = (float *)malloc(6 * n * sizeof(float));
    uint32_t s = 12345u;
    size_t i;
    int rc;
    if (!buf) {
        fprintf(stderr, "out of host memory\n");
        return 1;
    }
    for (i = 0; i < n; i++) { /* x spread over [-8, 8) with a pseudo-random part, dy in [-2, 2) */
        s = s * 1664525u + 1013904223u;
        buf[i] = -8.0f + 16.0f * (float)i / (float)n + (float)(s >> 8) * 5.9604645e-08f * 0.01f;
        s = s * 1664525u + 1013904223u;
        buf[n + i] = (float)(s >> 8) * 5.9604645e-08f * 4.0f - 2.0f;
    }
    rc = run(buf, buf + n, buf + 2 * n, buf + 3 * n, buf + 4 * n, buf + 5 * n, n);
    free(buf);
    return rc;
}
