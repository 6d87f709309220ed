/* lut_probe.cu - how fast a 16-bit forward can read its result from a
   table of 16-bit results indexed by the input's bits, against the
   device-to-device copy of the same bytes and gpuact's forward today.

   Not gpuact's kernels: stand-ins with a forward's memory traffic (16-byte
   vectors of 8 fp16 / bf16, one input, one output) whose element is one
   table read:
     copy      identity, grid-stride over SMs x 8 blocks (the layout's floor)
     gfull     the whole 65,536-entry table (128 KB) in global memory, read
               through the L1 (ld.global.nc), one block a chunk (no loop)
     gfullp    the same, grid-stride over SMs x 8 blocks
     srange    the entries of |x| in [2^lo, 2^hi) for both signs in shared
               memory, copied by each block of a grid of SMs x (what fits)
               blocks, grid-stride; an x outside takes a stand-in (x itself)
     sfull     the whole table in shared memory (128 KB), one block of 1024
               threads an SM, grid-stride
   The table's contents are random (timing only). Data: randn and mix as in
   bench/bench.cu (mix: uniform in [-8, 8], 1/32 of it in the tails), never
   zeros. Prints ms, % of copy, and the fraction of elements outside the
   shared range. With -DPROBE_GPUACT it also times gpuact_forward_device
   for the ops built (GPUACT_ONLY_OPS) on the same data.
   Build: nvcc -O3 -arch=sm_90 -I. bench/lut_probe.cu -o lut_probe
   usage: lut_probe [--log2n 28] [--reps 20] */
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef PROBE_GPUACT
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#endif
#include "bench/timing.h"

#define NB 256

/* one 32-bit word of two 16-bit inputs through lookup L */
template <class L> __device__ __forceinline__ uint32_t word2(const L &l, uint32_t w) { return l(w & 0xffffu) | (l(w >> 16) << 16); }
template <class L> __device__ __forceinline__ uint4 vec8(const L &l, uint4 v) {
    return make_uint4(word2(l, v.x), word2(l, v.y), word2(l, v.z), word2(l, v.w));
}
struct ident {
    __device__ __forceinline__ uint32_t operator()(uint32_t b) const { return b; }
};
struct gtab {
    const uint16_t *__restrict__ t;
    __device__ __forceinline__ uint32_t operator()(uint32_t b) const { return __ldg(t + b); }
};
struct stab_range {
    const uint16_t *t;
    uint32_t lo, span;
    __device__ __forceinline__ uint32_t operator()(uint32_t b) const {
        const uint32_t i = (b & 0x7fffu) - lo;
        return i < span ? (uint32_t)t[i + (b >> 15) * span] : b;
    }
};
struct stab_full {
    const uint16_t *t;
    __device__ __forceinline__ uint32_t operator()(uint32_t b) const { return t[b]; }
};

/* grid-stride, U vectors a lane a pass */
template <int U, class L> __device__ __forceinline__ void stride_loop(const L &l, const uint4 *__restrict__ a, uint4 *__restrict__ o, size_t nvec) {
    const size_t stride = (size_t)gridDim.x * blockDim.x * U;
    for (size_t base = (size_t)blockIdx.x * blockDim.x * U + threadIdx.x; base < nvec; base += stride) {
        uint4 c[U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            const size_t i = base + (size_t)blockDim.x * u;
            c[u] = i < nvec ? a[i] : make_uint4(0, 0, 0, 0);
        }
#pragma unroll
        for (int u = 0; u < U; u++) {
            const size_t i = base + (size_t)blockDim.x * u;
            if (i < nvec) o[i] = vec8(l, c[u]);
        }
    }
}
template <int U> __global__ void __launch_bounds__(NB) k_copy(const uint4 *__restrict__ a, uint4 *__restrict__ o, size_t nvec) {
    stride_loop<U>(ident(), a, o, nvec);
}
template <int U> __global__ void __launch_bounds__(NB) k_gfull(const uint4 *__restrict__ a, uint4 *__restrict__ o, size_t nvec, const uint16_t *t) {
    gtab l = {t};
    const size_t base = (size_t)blockIdx.x * NB * U + threadIdx.x;
    uint4 c[U];
#pragma unroll
    for (int u = 0; u < U; u++) {
        const size_t i = base + (size_t)NB * u;
        c[u] = i < nvec ? a[i] : make_uint4(0, 0, 0, 0);
    }
#pragma unroll
    for (int u = 0; u < U; u++) {
        const size_t i = base + (size_t)NB * u;
        if (i < nvec) o[i] = vec8(l, c[u]);
    }
}
template <int U> __global__ void __launch_bounds__(NB) k_gfullp(const uint4 *__restrict__ a, uint4 *__restrict__ o, size_t nvec, const uint16_t *t) {
    gtab l = {t};
    stride_loop<U>(l, a, o, nvec);
}
template <int U>
__global__ void __launch_bounds__(NB) k_srange(const uint4 *__restrict__ a, uint4 *__restrict__ o, size_t nvec, const uint16_t *t, uint32_t lo,
                                               uint32_t span) {
    extern __shared__ uint4 sm[];
    const uint4 *src = reinterpret_cast<const uint4 *>(t);
    for (uint32_t i = threadIdx.x; i < span / 4; i += NB) sm[i] = src[i]; /* 2 span entries of 2 bytes */
    __syncthreads();
    stab_range l = {reinterpret_cast<const uint16_t *>(sm), lo, span};
    stride_loop<U>(l, a, o, nvec);
}
template <int U> __global__ void __launch_bounds__(1024) k_sfull(const uint4 *__restrict__ a, uint4 *__restrict__ o, size_t nvec, const uint16_t *t) {
    extern __shared__ uint4 sm[];
    const uint4 *src = reinterpret_cast<const uint4 *>(t);
    for (uint32_t i = threadIdx.x; i < 65536 / 8; i += 1024) sm[i] = src[i];
    __syncthreads();
    stab_full l = {reinterpret_cast<const uint16_t *>(sm)};
    stride_loop<U>(l, a, o, nvec);
}

/* data: hashed uniforms; randn by Box-Muller; mix as bench.cu's */
__device__ __forceinline__ uint32_t hash32(uint64_t i) {
    uint64_t z = i * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}
__device__ __forceinline__ float unif(uint64_t i) { return ((hash32(i) >> 8) + 0.5f) * (1.0f / 16777216.0f); }
__global__ void k_fill(uint16_t *x, size_t n, int mix, int bf) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        float v;
        if (!mix) {
            const float u1 = unif(2 * i), u2 = unif(2 * i + 1);
            v = sqrtf(-2.0f * logf(u1)) * cospif(2.0f * u2);
        } else {
            const float u = unif(2 * i), w = unif(2 * i + 1);
            if ((hash32(i ^ 0x5555) & 31u) == 0u) v = (u < 0.5f ? -1.0f : 1.0f) * (8.0f + 92.0f * w);
            else v = 16.0f * u - 8.0f;
        }
        if (v == 0.0f) v = 1.0f;
        uint32_t b;
        if (bf) {
            const uint32_t f = __float_as_uint(v);
            b = (f + 0x7fffu + ((f >> 16) & 1u)) >> 16;
        } else {
            const __half h = __float2half_rn(v);
            b = *reinterpret_cast<const uint16_t *>(&h);
        }
        x[i] = (uint16_t)b;
    }
}
__global__ void k_count_out(const uint16_t *x, size_t n, uint32_t lo, uint32_t span, unsigned long long *cnt) {
    unsigned long long c = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        c += ((uint32_t)(x[i] & 0x7fffu) - lo) >= span;
    atomicAdd(cnt, c);
}

int main(int argc, char **argv) {
    int log2n = 28, reps = 20;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--log2n") && i + 1 < argc) log2n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    }
    const size_t n = (size_t)1 << log2n, nvec = n / 8, bytes = n * 2;
    int dev = 0, sms = 0;
    CK(cudaGetDevice(&dev));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, dev));
    printf("device %s, %d SMs, n = 2^%d, median of %d\n", prop.name, sms, log2n, reps);
    uint16_t *x, *y, *x2, *tab;
    CK(cudaMalloc(&x, bytes));
    CK(cudaMalloc(&x2, bytes));
    CK(cudaMalloc(&y, bytes));
    CK(cudaMalloc(&tab, 65536 * 2));
    unsigned long long *cnt;
    CK(cudaMalloc(&cnt, sizeof *cnt));
    {
        uint16_t *h = (uint16_t *)malloc(65536 * 2);
        for (int i = 0; i < 65536; i++) h[i] = (uint16_t)(i * 40503u + 12345u);
        CK(cudaMemcpy(tab, h, 65536 * 2, cudaMemcpyHostToDevice));
        free(h);
    }
    cudaStream_t st;
    CK(cudaStreamCreate(&st));
    const uint4 *a = reinterpret_cast<const uint4 *>(x);
    uint4 *o = reinterpret_cast<uint4 *>(y);
    CK(cudaFuncSetAttribute(k_sfull<2>, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536 * 2));
    CK(cudaFuncSetAttribute(k_sfull<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536 * 2));
    CK(cudaFuncSetAttribute(k_srange<2>, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
    CK(cudaFuncSetAttribute(k_srange<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
    auto copy = [&]() { CK(cudaMemcpyAsync(x2, x, bytes, cudaMemcpyDeviceToDevice, st)); };
    printf("%-5s %-5s %-26s %9s %8s %9s\n", "type", "data", "kernel", "ms", "% copy", "outside");
    for (int bf = 0; bf < 2; bf++)
        for (int mix = 0; mix < 2; mix++) {
            k_fill<<<sms * 16, 256, 0, st>>>(x, n, mix, bf);
            CK(cudaGetLastError());
            const char *tn = bf ? "bf16" : "f16", *dn = mix ? "mix" : "randn";
            auto row = [&](const char *name, double km, double cm, double outside) {
                printf("%-5s %-5s %-26s %9.4f %8.1f %9.2e\n", tn, dn, name, km, 100.0 * cm / km, outside);
                fflush(stdout);
            };
            double km, cm;
#define TIME(name, launch, outside)                                  \
    do {                                                             \
        bench_alternating(st, 3, reps, [&]() { launch; CK(cudaGetLastError()); }, copy, &km, &cm); \
        row(name, km, cm, outside);                                  \
    } while (0)
            TIME("copy U2", (k_copy<2><<<sms * 8, NB, 0, st>>>(a, o, nvec)), 0.0);
            TIME("copy U4", (k_copy<4><<<sms * 8, NB, 0, st>>>(a, o, nvec)), 0.0);
            TIME("gfull U2 chunk", (k_gfull<2><<<(unsigned)((nvec + NB * 2 - 1) / (NB * 2)), NB, 0, st>>>(a, o, nvec, tab)), 0.0);
            TIME("gfull U4 chunk", (k_gfull<4><<<(unsigned)((nvec + NB * 4 - 1) / (NB * 4)), NB, 0, st>>>(a, o, nvec, tab)), 0.0);
            TIME("gfullp U2", (k_gfullp<2><<<sms * 8, NB, 0, st>>>(a, o, nvec, tab)), 0.0);
            TIME("gfullp U4", (k_gfullp<4><<<sms * 8, NB, 0, st>>>(a, o, nvec, tab)), 0.0);
            TIME("sfull U2 (1024 thr)", (k_sfull<2><<<sms, 1024, 65536 * 2, st>>>(a, o, nvec, tab)), 0.0);
            TIME("sfull U4 (1024 thr)", (k_sfull<4><<<sms, 1024, 65536 * 2, st>>>(a, o, nvec, tab)), 0.0);
            /* ranges: [2^e0, 2^e1) */
            const int ranges[][2] = {{-8, 8}, {-6, 4}, {-10, 8}, {-4, 4}};
            for (int r = 0; r < 4; r++) {
                const int e0 = ranges[r][0], e1 = ranges[r][1];
                const uint32_t mant = bf ? 128u : 1024u, bias = bf ? 127u : 15u;
                const uint32_t lo = (bias + e0) * mant, span = (uint32_t)(e1 - e0) * mant;
                const size_t smem = (size_t)span * 2 * 2;
                if (smem > 100 * 1024) continue;
                CK(cudaMemsetAsync(cnt, 0, sizeof *cnt, st));
                k_count_out<<<sms * 8, 256, 0, st>>>(x, n, lo, span, cnt);
                CK(cudaGetLastError());
                unsigned long long c = 0;
                CK(cudaMemcpyAsync(&c, cnt, sizeof c, cudaMemcpyDeviceToHost, st));
                CK(cudaStreamSynchronize(st));
                for (int U = 2; U <= 4; U += 2) {
                    int bps = 0;
                    if (U == 2) CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&bps, k_srange<2>, NB, smem));
                    else CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&bps, k_srange<4>, NB, smem));
                    if (bps > 8) bps = 8;
                    char name[64];
                    snprintf(name, sizeof name, "srange [2^%d,2^%d) %zuKB U%d b%d", e0, e1, smem / 1024, U, bps);
                    if (U == 2) TIME(name, (k_srange<2><<<sms * bps, NB, smem, st>>>(a, o, nvec, tab, lo, span)), (double)c / n);
                    else TIME(name, (k_srange<4><<<sms * bps, NB, smem, st>>>(a, o, nvec, tab, lo, span)), (double)c / n);
                }
            }
#ifdef PROBE_GPUACT
            for (int op = 1; op <= GPUACT_OP_COUNT; op++) {
                if (gpuact_forward_device((gpuact_op)op, bf ? GPUACT_BF16 : GPUACT_F16, NULL, x, y, n, st) != GPUACT_SUCCESS) continue;
                char name[64];
                snprintf(name, sizeof name, "gpuact fwd %d", op);
                TIME(name, GK(gpuact_forward_device((gpuact_op)op, bf ? GPUACT_BF16 : GPUACT_F16, NULL, x, y, n, st)), 0.0);
            }
#endif
        }
    CK(cudaStreamSynchronize(st));
    printf("done\n");
    return 0;
}
