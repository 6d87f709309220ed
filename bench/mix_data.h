/* bench/mix_data.h - the benchmarks' two data sets, made on the device and
   reproducible from the index: randn (standard normal, like torch.randn)
   and mix (x mostly uniform in [-8, 8] with 1/32 in the tails, dy uniform
   in +-[1/64, 2]); neither holds a zero. CUDA; include after gpuact.h. */
#ifndef GPUACT_BENCH_MIX_DATA_H
#define GPUACT_BENCH_MIX_DATA_H
#include <stdint.h>

__device__ static inline uint32_t hash32(uint64_t i, uint32_t seed) {
    uint64_t z = i * 0x9e3779b97f4a7c15ull + seed;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}
__device__ static inline float u01(uint32_t h) { return ((h >> 8) + 0.5f) * (1.0f / 16777216.0f); } /* (0, 1) */

/* x: uniform in [-8, 8] (never 0); 1/32 tails: +-(8 + 92 u^2), 1/1024 of those to +-1e4 */
__device__ static inline float gen_x(uint64_t i) {
    uint32_t h = hash32(i, 0x1234567u), g = hash32(i, 0x89abcdefu);
    float u = u01(h);
    float v;
    if ((g & 31u) == 0u) {
        float t = u01(hash32(i, 0x5555u));
        v = 8.0f + 92.0f * t * t;
        if ((g >> 5 & 1023u) == 0u) v = 100.0f + 9900.0f * t;
        if (g & 0x80000000u) v = -v;
    } else {
        v = -8.0f + 16.0f * u;
    }
    return v == 0.0f ? 0.5f : v;
}
/* standard normal (Box-Muller) */
__device__ static inline float gen_randn(uint64_t i, uint32_t seed) {
    const float u = u01(hash32(i, seed)), v = u01(hash32(i, seed ^ 0x2545f491u));
    const float r = sqrtf(-2.0f * logf(u)) * cospif(2.0f * v);
    return r == 0.0f ? 0.5f : r;
}
/* dy: uniform magnitude in [1/64, 2], random sign */
__device__ static inline float gen_dy(uint64_t i) {
    uint32_t h = hash32(i, 0xdeadbeefu);
    float m = 0.015625f + 1.984375f * u01(h);
    return (h & 1u) ? -m : m;
}
__global__ void fill_kernel(void *dst, size_t n, int dtype, int which, int randn) {
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float v = randn ? gen_randn(i, which ? 0x7777u : 0x3333u) : (which ? gen_dy(i) : gen_x(i));
        if (dtype == GPUACT_F32) ((float *)dst)[i] = v;
        else if (dtype == GPUACT_F16) {
            uint16_t b = gpuact_f32_to_f16(v);
            if ((b & 0x7fffu) == 0u) b = 0x3800u; /* never zero after rounding (0.5) */
            ((uint16_t *)dst)[i] = b;
        } else {
            uint16_t b = gpuact_f32_to_bf16(v);
            if ((b & 0x7fffu) == 0u) b = 0x3f00u; /* never zero after rounding (0.5) */
            ((uint16_t *)dst)[i] = b;
        }
    }
}

#endif
