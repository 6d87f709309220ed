/* epilogue.cu - a toy "GEMM epilogue": each block loads a 64x64 tile of
   accumulators into shared memory, applies gpuact_gelu_erf (the scalar
   device function of gpuact_kernels.cuh, nothing else from gpuact), and
   writes the tile out. The host checks every element bit for bit against
   the same function run on the host.
       nvcc -O2 -arch=sm_90 -I. examples/epilogue.cu -o epilogue && ./epilogue */
#include "gpuact_kernels.cuh"
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

#define TILE 64
#define ROWS 256 /* a 256 x 320 output: 4 x 5 tiles */
#define COLS 320

/* one 64x64 tile per block of 64x4 threads: a coalesced row-wise load into
   shared memory (the GEMM's accumulators would already be there), the
   activation, a coalesced store */
__global__ void __launch_bounds__(256) gelu_epilogue(const float *acc, float *out, int ld) {
    __shared__ float tile[TILE][TILE + 1];
    const int r0 = blockIdx.y * TILE, c0 = blockIdx.x * TILE;
    for (int r = threadIdx.y; r < TILE; r += blockDim.y) tile[r][threadIdx.x] = acc[(size_t)(r0 + r) * ld + c0 + threadIdx.x];
    __syncthreads();
#pragma unroll 1 /* the math is large: keep one copy of it even where the trip count is a constant */
    for (int r = threadIdx.y; r < TILE; r += blockDim.y) tile[r][threadIdx.x] = gpuact_gelu_erf(tile[r][threadIdx.x]);
    __syncthreads();
    for (int r = threadIdx.y; r < TILE; r += blockDim.y) out[(size_t)(r0 + r) * ld + c0 + threadIdx.x] = tile[r][threadIdx.x];
}

int main(void) {
    const size_t n = (size_t)ROWS * COLS, bytes = n * sizeof(float);
    float *h_acc = (float *)malloc(bytes), *h_out = (float *)malloc(bytes);
    float *d_acc = NULL, *d_out = NULL;
    size_t i, diff = 0;
    uint32_t s = 2024u;
    if (!h_acc || !h_out) {
        fprintf(stderr, "out of host memory\n");
        return 1;
    }
    for (i = 0; i < n; i++) { /* accumulator-like values in [-12, 12) */
        s = s * 1664525u + 1013904223u;
        h_acc[i] = (float)(s >> 8) * 5.9604645e-08f * 24.0f - 12.0f;
    }
    CHECK_CUDA(cudaMalloc((void **)&d_acc, bytes));
    CHECK_CUDA(cudaMalloc((void **)&d_out, bytes));
    CHECK_CUDA(cudaMemcpy(d_acc, h_acc, bytes, cudaMemcpyHostToDevice));
    gelu_epilogue<<<dim3(COLS / TILE, ROWS / TILE), dim3(TILE, 4)>>>(d_acc, d_out, COLS);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
    for (i = 0; i < n; i++) {
        float ref = gpuact_gelu_erf(h_acc[i]); /* the same function on the host */
        diff += memcmp(&ref, &h_out[i], sizeof ref) != 0;
    }
    CHECK_CUDA(cudaFree(d_acc));
    CHECK_CUDA(cudaFree(d_out));
    printf("gelu epilogue on a %dx%d output (%d tiles of %dx%d): %zu of %zu elements differ from the host: %s\n", ROWS,
           COLS, (ROWS / TILE) * (COLS / TILE), TILE, TILE, diff, n, diff == 0 ? "OK" : "MISMATCH");
    free(h_acc);
    free(h_out);
    return diff == 0 ? 0 : 1;
}
