/* bench/data.h - benchmark data made on the device: standard normal values
   (never 0) of any element type, reproducible from (index, seed). CUDA. */
#ifndef GPUACT_BENCH_DATA_H
#define GPUACT_BENCH_DATA_H
#include "gpuact_kernels.cuh"

/* standard normal by Box-Muller from a hash of the index; 0 becomes 0.5 */
__device__ float randn_at(unsigned long long i, unsigned long long seed) {
    unsigned long long z = i * 0x9e3779b97f4a7c15ull + seed;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    const float u1 = ((float)(z >> 40) + 0.5f) / 16777216.0f, u2 = (float)((z >> 16) & 0xffffff) / 16777216.0f;
    const float v = sqrtf(-2.0f * logf(u1)) * cospif(2.0f * u2);
    return v == 0.0f ? 0.5f : v;
}
__global__ void fill(unsigned char *p, size_t n, int dt, unsigned long long seed) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const float v = randn_at(i, seed);
        if (dt == GPUACT_F32) reinterpret_cast<float *>(p)[i] = v;
        else {
            uint16_t h = dt == GPUACT_F16 ? gpuact_f32_to_f16(v) : gpuact_f32_to_bf16(v);
            if ((h & 0x7fff) == 0) h = dt == GPUACT_F16 ? 0x3800 : 0x3f00; /* 0.5 */
            reinterpret_cast<uint16_t *>(p)[i] = h;
        }
    }
}

#endif
