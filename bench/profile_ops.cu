/* bench/profile_ops.cu - one launch of every fp32 forward and backward kernel,
   for a profiler (ncu) to read counters of; checks every CUDA and gpuact status.

   Build: nvcc -O3 -arch=sm_90 -I. bench/profile_ops.cu -o profile_ops
   Run:   ncu --clock-control none -k regex:k_eltwise --section SpeedOfLight ./profile_ops [log2n]
   Data as in bench/bench.cu's main body: x uniform in [-8, 8], dy in +-[1/64, 2]. */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void fill(float *x, float *dy, size_t n) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint64_t z = i * 0x9e3779b97f4a7c15ull + 12345u;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        uint32_t h = (uint32_t)((z ^ (z >> 31)) >> 32);
        float u = ((h >> 8) + 0.5f) * (1.0f / 16777216.0f);
        x[i] = -8.0f + 16.0f * u;
        dy[i] = (h & 1u) ? -(0.015625f + u) : (0.015625f + u);
    }
}

int main(int argc, char **argv) {
    int log2n = argc > 1 ? atoi(argv[1]) : 24;
    size_t n = (size_t)1 << log2n;
    float *x, *dy, *y;
    cudaStream_t s;
    if (cudaMalloc(&x, n * 4) || cudaMalloc(&dy, n * 4) || cudaMalloc(&y, n * 4) || cudaStreamCreate(&s)) {
        fprintf(stderr, "profile_ops: CUDA setup failed\n");
        return 1;
    }
    fill<<<1024, 256, 0, s>>>(x, dy, n);
    for (int op = 1; op <= GPUACT_OP_COUNT; op++) {
        gpuact_status a = gpuact_forward_device((gpuact_op)op, GPUACT_F32, NULL, x, y, n, s);
        gpuact_status b = gpuact_backward_device((gpuact_op)op, GPUACT_F32, NULL, x, dy, y, n, s);
        if (a != GPUACT_SUCCESS || b != GPUACT_SUCCESS) {
            fprintf(stderr, "profile_ops: op %d: %s / %s\n", op, gpuact_status_string(a), gpuact_status_string(b));
            return 1;
        }
    }
    cudaError_t e = cudaStreamSynchronize(s);
    if (e != cudaSuccess) { fprintf(stderr, "profile_ops: %s\n", cudaGetErrorString(e)); return 1; }
    printf("profile_ops: %d ops x {forward, backward}, n = 2^%d, ok\n", GPUACT_OP_COUNT, log2n);
    return 0;
}
