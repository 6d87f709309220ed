/* layout_probe.cu - how close a streaming kernel's loop layout gets to the
   device-to-device copy, with and without arithmetic in the loop.

   Not gpuact's kernels: stand-ins with the same memory traffic (16-byte
   vectors, 1 or 2 inputs, 1 output) and W dependent FMAs per fp32 word, in
   three layouts:
     persist   a grid of blocks-per-SM x SMs, grid-stride, U vectors a lane
               a pass, the next pass's vectors loaded before this pass's
               math (gpuact__k_vec_fast's layout)
     plain     the same grid, grid-stride, load U, compute, store
     chunk     one block per 256 U vectors (PyTorch's elementwise layout):
               no loop, many waves
   Prints, per layout, GB/s and % of cudaMemcpyAsync's (same run, same
   bytes). Data: random floats (never zeros).
   Build from the repository root: nvcc -O3 -arch=sm_90 -I. bench/layout_probe.cu -o layout_probe
   usage: layout_probe [--log2n 28] [--reps 20] [--chunks | --dyn | --order]
   (--dyn: a persistent grid taking work from an atomic counter)
   (--order: a persistent grid kept in address order by a block-level
   ticket counter, with a block barrier a pass (dynb) or gpuact's ring of
   tickets and no barrier (ring; -DGPUACT__RING=N for N slots); with --coop also by a grid barrier every P
   passes (coopP); the W = 0 rows check their output against the input)
   (--chunks: the chunk layout with a loop of K passes a block, and with a
   16 KB shared-memory table copied by each block) */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <algorithm>
#include <vector>

#include <cooperative_groups.h>

#include "gpuact_kernels.cuh" /* the ring of pass tickets (k_ring) */
#include "tests/common/cuda_check.h"

template <int W> __device__ __forceinline__ float work(float x, float y) {
    float r = x;
#pragma unroll
    for (int i = 0; i < W; i++) r = fmaf(r, 0.999f, y);
    return W ? r : x + 0.0f * y;
}
template <int W, int IN> __device__ __forceinline__ uint4 op(uint4 a, uint4 b) {
    uint4 r;
    r.x = __float_as_uint(work<W>(__uint_as_float(a.x), IN == 2 ? __uint_as_float(b.x) : 0.5f));
    r.y = __float_as_uint(work<W>(__uint_as_float(a.y), IN == 2 ? __uint_as_float(b.y) : 0.5f));
    r.z = __float_as_uint(work<W>(__uint_as_float(a.z), IN == 2 ? __uint_as_float(b.z) : 0.5f));
    r.w = __float_as_uint(work<W>(__uint_as_float(a.w), IN == 2 ? __uint_as_float(b.w) : 0.5f));
    return r;
}

/* one pass of a lane: U vectors at base, base + STEP, ... (those below
   nvec) loaded, then computed and stored */
template <int U, int W, int IN, int STEP>
__device__ __forceinline__ void lane_pass(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec,
                                          size_t base) {
    uint4 ca[U], cb[U];
#pragma unroll
    for (int u = 0; u < U; u++) {
        const size_t i = base + (size_t)STEP * u;
        ca[u] = i < nvec ? a[i] : make_uint4(0, 0, 0, 0);
        cb[u] = IN == 2 && i < nvec ? b[i] : make_uint4(0, 0, 0, 0);
    }
#pragma unroll
    for (int u = 0; u < U; u++) {
        const size_t i = base + (size_t)STEP * u;
        if (i < nvec) o[i] = op<W, IN>(ca[u], cb[u]);
    }
}

template <int U, int W, int IN>
__global__ void __launch_bounds__(256) k_persist(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec) {
    const size_t stride = (size_t)gridDim.x * blockDim.x * U;
    size_t base = ((size_t)blockIdx.x * blockDim.x + (threadIdx.x & ~31u)) * U + (threadIdx.x & 31u);
    uint4 na[U], nb[U];
#pragma unroll
    for (int u = 0; u < U; u++) {
        const size_t i = base + 32 * u;
        na[u] = i < nvec ? a[i] : make_uint4(0, 0, 0, 0);
        nb[u] = IN == 2 && i < nvec ? b[i] : make_uint4(0, 0, 0, 0);
    }
    for (; base < nvec; base += stride) {
        uint4 ca[U], cb[U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            ca[u] = na[u];
            cb[u] = nb[u];
            const size_t i = base + stride + 32 * u;
            if (i < nvec) {
                na[u] = a[i];
                if (IN == 2) nb[u] = b[i];
            }
        }
#pragma unroll
        for (int u = 0; u < U; u++) {
            const size_t i = base + 32 * u;
            if (i < nvec) o[i] = op<W, IN>(ca[u], cb[u]);
        }
    }
}
template <int U, int W, int IN>
__global__ void __launch_bounds__(256) k_plain(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec) {
    const size_t stride = (size_t)gridDim.x * blockDim.x * U;
    for (size_t base = ((size_t)blockIdx.x * blockDim.x + (threadIdx.x & ~31u)) * U + (threadIdx.x & 31u); base < nvec; base += stride)
        lane_pass<U, W, IN, 32>(a, b, o, nvec, base);
}
template <int U, int W, int IN, int B>
__global__ void __launch_bounds__(B) k_chunk(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec) {
    lane_pass<U, W, IN, B>(a, b, o, nvec, (size_t)blockIdx.x * B * U + threadIdx.x);
}

/* chunk with a loop: one block per 256 U K vectors (K passes over its own
   contiguous region); TAB: the block first copies a 16 KB table to shared
   memory and each word adds one gather from it (as the table tier does) */
template <int U, int W, int IN, int K, int TAB>
__global__ void __launch_bounds__(256) k_chunkloop(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec,
                                                   const uint4 *__restrict__ tab) {
    __shared__ uint4 st[TAB ? 1024 : 1];
    if (TAB) {
        for (int i = threadIdx.x; i < 1024; i += 256) st[i] = tab[i];
        __syncthreads();
    }
    const size_t start = (size_t)blockIdx.x * 256 * U * K + threadIdx.x;
#pragma unroll 1
    for (int k = 0; k < K; k++) {
        const size_t base = start + (size_t)k * 256 * U;
        uint4 ca[U], cb[U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            const size_t i = base + (size_t)256 * u;
            ca[u] = i < nvec ? a[i] : make_uint4(0, 0, 0, 0);
            cb[u] = IN == 2 && i < nvec ? b[i] : make_uint4(0, 0, 0, 0);
        }
#pragma unroll
        for (int u = 0; u < U; u++) {
            const size_t i = base + (size_t)256 * u;
            uint4 r = op<W, IN>(ca[u], cb[u]);
            if (TAB) {
                r.x = __float_as_uint(fmaf(__uint_as_float(st[ca[u].x & 1023].x), 0.0f, __uint_as_float(r.x)));
                r.y = __float_as_uint(fmaf(__uint_as_float(st[ca[u].y & 1023].y), 0.0f, __uint_as_float(r.y)));
                r.z = __float_as_uint(fmaf(__uint_as_float(st[ca[u].z & 1023].z), 0.0f, __uint_as_float(r.z)));
                r.w = __float_as_uint(fmaf(__uint_as_float(st[ca[u].w & 1023].w), 0.0f, __uint_as_float(r.w)));
            }
            if (i < nvec) o[i] = r;
        }
    }
}

/* persistent grid whose warps take their next 32 U vectors from a global
   counter (zeroed before each launch): work handed out in address order and
   to whichever warp is free, as the block scheduler does for chunk */
template <int U, int W, int IN>
__global__ void __launch_bounds__(256) k_dyn(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec,
                                             unsigned long long *ctr) {
    const unsigned lane = threadIdx.x & 31u;
    for (;;) {
        unsigned long long w = 0;
        if (lane == 0) w = atomicAdd(ctr, 32ull * U);
        w = __shfl_sync(0xffffffffu, w, 0);
        if (w >= nvec) break;
        lane_pass<U, W, IN, 32>(a, b, o, nvec, w + lane);
    }
}

/* persistent grid whose blocks take their next 256 U vectors from a global
   counter, one atomic a block a pass, fetched a pass ahead: the chunk
   layout's address order with no per-block start-up */
template <int U, int W, int IN>
__global__ void __launch_bounds__(256) k_dynb(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec,
                                              unsigned long long *ctr) {
    __shared__ unsigned long long tk[2];
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    if (threadIdx.x == 0) tk[0] = atomicAdd(ctr, 256ull * U);
    __syncthreads();
    for (unsigned k = 0;; k++) {
        const unsigned long long w = tk[k & 1u];
        if (w >= nvec) break;
        if (threadIdx.x == 0) tk[(k + 1u) & 1u] = atomicAdd(ctr, 256ull * U);
        lane_pass<U, W, IN, 32>(a, b, o, nvec, w + (size_t)warp * 32 * U + lane);
        __syncthreads();
    }
}
/* ring: dynb's order with no block barrier, by gpuact's own ring
   (gpuact_kernels.cuh, "Pass tickets": GPUACT__RING slots in shared
   memory, a ticket fetched by the first warp of the block to need it, each
   warp taking 32 U vectors of it), the next pass's vectors loaded a pass
   ahead (as persist). */
template <int U, int W, int IN>
__global__ void __launch_bounds__(256) k_ring(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec,
                                              unsigned long long *ctr) {
    __shared__ gpuact__ring rs;
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    gpuact__ring_init(rs);
    unsigned q = 0;
    unsigned long long t = gpuact__ring_get(rs, q, ctr, 256ull * U);
    size_t base = t + (size_t)warp * 32 * U + lane;
    uint4 na[U], nb[U];
#pragma unroll
    for (int u = 0; u < U; u++) {
        const size_t i = base + 32 * u;
        na[u] = i < nvec ? a[i] : make_uint4(0, 0, 0, 0);
        nb[u] = IN == 2 && i < nvec ? b[i] : make_uint4(0, 0, 0, 0);
    }
    while (t < nvec) {
        const unsigned long long tn = gpuact__ring_get(rs, ++q, ctr, 256ull * U);
        const size_t nbase = tn + (size_t)warp * 32 * U + lane;
        uint4 ca[U], cb[U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            ca[u] = na[u];
            cb[u] = nb[u];
            const size_t i = nbase + 32 * u;
            if (i < nvec) {
                na[u] = a[i];
                if (IN == 2) nb[u] = b[i];
            }
        }
#pragma unroll
        for (int u = 0; u < U; u++) {
            const size_t i = base + 32 * u;
            if (i < nvec) o[i] = op<W, IN>(ca[u], cb[u]);
        }
        t = tn;
        base = nbase;
    }
}
/* the plain grid-stride loop with a grid barrier every P passes (a
   cooperative launch): no block runs more than P passes ahead of another */
template <int U, int W, int IN, int P>
__global__ void __launch_bounds__(256) k_coop(const uint4 *__restrict__ a, const uint4 *__restrict__ b, uint4 *__restrict__ o, size_t nvec) {
    const size_t stride = (size_t)gridDim.x * blockDim.x * U;
    const size_t passes = (nvec + stride - 1) / stride;
    size_t base = ((size_t)blockIdx.x * blockDim.x + (threadIdx.x & ~31u)) * U + (threadIdx.x & 31u);
    for (size_t t = 0; t < passes; t++, base += stride) {
        lane_pass<U, W, IN, 32>(a, b, o, nvec, base);
        if ((t + 1) % P == 0) cooperative_groups::this_grid().sync();
    }
}

static float time_ms(cudaEvent_t e0, cudaEvent_t e1, int reps, void (*f)(void *), void *ctx) {
    for (int i = 0; i < 3; i++) f(ctx);
    std::vector<float> t;
    for (int r = 0; r < reps; r++) {
        CK(cudaEventRecord(e0));
        f(ctx);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        t.push_back(ms);
    }
    CK(cudaGetLastError());
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

struct Ctx {
    uint4 *a, *b, *o, *tab;
    unsigned long long *ctr;
    size_t nvec;
    int grid;
    void (*launch)(Ctx *);
};
static void run_ctx(void *p) { Ctx *c = (Ctx *)p; c->launch(c); }
static void do_copy(void *p) {
    Ctx *c = (Ctx *)p;
    CK(cudaMemcpyAsync(c->o, c->a, c->nvec * 16, cudaMemcpyDeviceToDevice, 0));
}

template <int U, int W, int IN> static void l_persist(Ctx *c) { k_persist<U, W, IN><<<c->grid, 256>>>(c->a, c->b, c->o, c->nvec); }
template <int U, int W, int IN> static void l_plain(Ctx *c) { k_plain<U, W, IN><<<c->grid, 256>>>(c->a, c->b, c->o, c->nvec); }
template <int U, int W, int IN, int B> static void l_chunk(Ctx *c) {
    const size_t g = (c->nvec + (size_t)B * U - 1) / ((size_t)B * U);
    k_chunk<U, W, IN, B><<<(unsigned)g, B>>>(c->a, c->b, c->o, c->nvec);
}

template <int U, int W, int IN, int K, int TAB> static void l_chunkloop(Ctx *c) {
    const size_t g = (c->nvec + (size_t)256 * U * K - 1) / ((size_t)256 * U * K);
    k_chunkloop<U, W, IN, K, TAB><<<(unsigned)g, 256>>>(c->a, c->b, c->o, c->nvec, c->tab);
}
template <int U, int W, int IN> static void l_dyn(Ctx *c) {
    CK(cudaMemsetAsync(c->ctr, 0, 8, 0));
    k_dyn<U, W, IN><<<c->grid, 256>>>(c->a, c->b, c->o, c->nvec, c->ctr);
}
template <int U, int W, int IN> static void l_dynb(Ctx *c) {
    CK(cudaMemsetAsync(c->ctr, 0, 8, 0));
    k_dynb<U, W, IN><<<c->grid, 256>>>(c->a, c->b, c->o, c->nvec, c->ctr);
}
template <int U, int W, int IN> static void l_ring(Ctx *c) {
    CK(cudaMemsetAsync(c->ctr, 0, 8, 0));
    k_ring<U, W, IN><<<c->grid, 256>>>(c->a, c->b, c->o, c->nvec, c->ctr);
}
template <int U, int W, int IN, int P> static void l_coop(Ctx *c) {
    const uint4 *a = c->a, *b = c->b;
    uint4 *o = c->o;
    size_t nvec = c->nvec;
    void *args[] = {(void *)&a, (void *)&b, (void *)&o, (void *)&nvec};
    int fit = 0, sms = 0, dev = 0;
    CK(cudaGetDevice(&dev));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, k_coop<U, W, IN, P>, 256, 0));
    if (c->grid > fit * sms) {
        fprintf(stderr, "coop: grid %d > %d co-resident blocks\n", c->grid, fit * sms);
        exit(2);
    }
    CK(cudaLaunchCooperativeKernel((const void *)k_coop<U, W, IN, P>, dim3(c->grid), dim3(256), args, 0, 0));
}
static cudaEvent_t E0, E1;
static int REPS = 20, SMS = 0, COOP = 0;
static double COPY_GBS = 0;

static void row(const char *name, int in, int w, int u, int bps, void (*launch)(Ctx *), Ctx base) {
    Ctx c = base;
    c.launch = launch;
    c.grid = SMS * bps;
    const float ms = time_ms(E0, E1, REPS, run_ctx, &c);
    const double gbs = (double)c.nvec * 16.0 * (in + 1) / (ms * 1e6);
    printf("%-8s in=%d W=%-3d U=%d bps=%-2d %8.3f ms %8.1f GB/s %6.1f %%\n", name, in, w, u, bps, ms, gbs, 100.0 * gbs / COPY_GBS);
}

template <int W, int IN> static void sweep(Ctx base) {
    row("persist", IN, W, 1, 4, l_persist<1, W, IN>, base);
    row("persist", IN, W, 2, 3, l_persist<2, W, IN>, base);
    row("persist", IN, W, 2, 4, l_persist<2, W, IN>, base);
    row("persist", IN, W, 2, 6, l_persist<2, W, IN>, base);
    row("persist", IN, W, 2, 8, l_persist<2, W, IN>, base);
    row("persist", IN, W, 4, 4, l_persist<4, W, IN>, base);
    row("persist", IN, W, 4, 8, l_persist<4, W, IN>, base);
    row("plain", IN, W, 1, 8, l_plain<1, W, IN>, base);
    row("plain", IN, W, 2, 8, l_plain<2, W, IN>, base);
    row("plain", IN, W, 4, 8, l_plain<4, W, IN>, base);
    row("plain", IN, W, 4, 16, l_plain<4, W, IN>, base);
    row("chunk", IN, W, 1, 0, l_chunk<1, W, IN, 256>, base);
    row("chunk", IN, W, 2, 0, l_chunk<2, W, IN, 256>, base);
    row("chunk", IN, W, 4, 0, l_chunk<4, W, IN, 256>, base);
    row("chunk128", IN, W, 4, 0, l_chunk<4, W, IN, 128>, base);
    row("chunk", IN, W, 8, 0, l_chunk<8, W, IN, 256>, base);
}

template <int W, int IN> static void dyn_sweep(Ctx base) {
    row("chunk", IN, W, 2, 0, l_chunk<2, W, IN, 256>, base);
    row("persist", IN, W, 2, 4, l_persist<2, W, IN>, base);
    row("dyn", IN, W, 1, 4, l_dyn<1, W, IN>, base);
    row("dyn", IN, W, 2, 4, l_dyn<2, W, IN>, base);
    row("dyn", IN, W, 4, 4, l_dyn<4, W, IN>, base);
    row("dyn", IN, W, 2, 8, l_dyn<2, W, IN>, base);
    row("dyn", IN, W, 4, 8, l_dyn<4, W, IN>, base);
}
/* o == a after a W = 0, 1-input row (o poisoned first) */
__global__ void k_diff(const uint32_t *a, const uint32_t *o, size_t n, unsigned long long *bad) {
    unsigned long long m = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) m += a[i] != o[i];
    if (m) atomicAdd(bad, m);
}
static void checked_row(const char *name, int in, int w, int u, int bps, void (*launch)(Ctx *), Ctx base) {
    if (w == 0 && in == 1) {
        CK(cudaMemsetAsync(base.o, 0xff, base.nvec * 16, 0));
        Ctx c = base;
        c.grid = SMS * bps;
        launch(&c);
        CK(cudaGetLastError());
        CK(cudaMemsetAsync(base.ctr + 1, 0, 8, 0));
        k_diff<<<1024, 256>>>((const uint32_t *)base.a, (const uint32_t *)base.o, base.nvec * 4, base.ctr + 1);
        unsigned long long bad = 0;
        CK(cudaMemcpy(&bad, base.ctr + 1, 8, cudaMemcpyDeviceToHost));
        if (bad) printf("%-8s U=%d bps=%d: FAIL, %llu words differ from the input\n", name, u, bps, bad);
    }
    row(name, in, w, u, bps, launch, base);
}
template <int W, int IN> static void order_sweep(Ctx base) {
    checked_row("chunk", IN, W, 2, 0, l_chunk<2, W, IN, 256>, base);
    checked_row("persist", IN, W, 2, 4, l_persist<2, W, IN>, base);
    checked_row("plain", IN, W, 2, 4, l_plain<2, W, IN>, base);
    checked_row("dynb", IN, W, 1, 4, l_dynb<1, W, IN>, base);
    checked_row("dynb", IN, W, 2, 3, l_dynb<2, W, IN>, base);
    checked_row("dynb", IN, W, 2, 4, l_dynb<2, W, IN>, base);
    checked_row("dynb", IN, W, 2, 8, l_dynb<2, W, IN>, base);
    checked_row("dynb", IN, W, 4, 4, l_dynb<4, W, IN>, base);
    checked_row("ring", IN, W, 1, 4, l_ring<1, W, IN>, base);
    checked_row("ring", IN, W, 2, 3, l_ring<2, W, IN>, base);
    checked_row("ring", IN, W, 2, 4, l_ring<2, W, IN>, base);
    checked_row("ring", IN, W, 2, 6, l_ring<2, W, IN>, base);
    checked_row("ring", IN, W, 4, 4, l_ring<4, W, IN>, base);
    checked_row("ring", IN, W, 4, 3, l_ring<4, W, IN>, base);
    if (COOP) {
        checked_row("coop16", IN, W, 2, 4, l_coop<2, W, IN, 16>, base);
        checked_row("coop64", IN, W, 2, 4, l_coop<2, W, IN, 64>, base);
    }
}
template <int W, int IN> static void chunks_sweep(Ctx base) {
    row("chunk", IN, W, 2, 0, l_chunk<2, W, IN, 256>, base);
    row("loop4", IN, W, 2, 0, l_chunkloop<2, W, IN, 4, 0>, base);
    row("loop16", IN, W, 2, 0, l_chunkloop<2, W, IN, 16, 0>, base);
    row("loop64", IN, W, 2, 0, l_chunkloop<2, W, IN, 64, 0>, base);
    row("loop1t", IN, W, 2, 0, l_chunkloop<2, W, IN, 1, 1>, base);
    row("loop4t", IN, W, 2, 0, l_chunkloop<2, W, IN, 4, 1>, base);
    row("loop16t", IN, W, 2, 0, l_chunkloop<2, W, IN, 16, 1>, base);
    row("loop64t", IN, W, 2, 0, l_chunkloop<2, W, IN, 64, 1>, base);
    row("loop16t", IN, W, 1, 0, l_chunkloop<1, W, IN, 16, 1>, base);
    row("loop8t", IN, W, 4, 0, l_chunkloop<4, W, IN, 8, 1>, base);
}

__global__ void fill(uint32_t *p, size_t n, uint32_t seed) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint32_t h = (uint32_t)i * 2654435761u ^ seed;
        h ^= h >> 15; h *= 2246822519u; h ^= h >> 13;
        p[i] = 0x3f000000u | (h & 0x807fffffu); /* +-[0.5, 1) */
    }
}

int main(int argc, char **argv) {
    int log2n = 28, chunks = 0, dyn = 0, order = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--log2n") && i + 1 < argc) log2n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) REPS = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--chunks")) chunks = 1;
        else if (!strcmp(argv[i], "--dyn")) dyn = 1;
        else if (!strcmp(argv[i], "--order")) order = 1;
        else if (!strcmp(argv[i], "--coop")) COOP = 1;
    }
    const size_t n = (size_t)1 << log2n, nvec = n / 4;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    SMS = prop.multiProcessorCount;
    Ctx c;
    memset(&c, 0, sizeof c);
    CK(cudaMalloc(&c.a, n * 4));
    CK(cudaMalloc(&c.b, n * 4));
    CK(cudaMalloc(&c.o, n * 4));
    CK(cudaMalloc(&c.tab, 1024 * 16));
    CK(cudaMalloc(&c.ctr, 16));
    fill<<<16, 256>>>((uint32_t *)c.tab, 4096, 4u);
    fill<<<1024, 256>>>((uint32_t *)c.a, n, 1u);
    fill<<<1024, 256>>>((uint32_t *)c.b, n, 2u);
    fill<<<1024, 256>>>((uint32_t *)c.o, n, 3u);
    CK(cudaDeviceSynchronize());
    c.nvec = nvec;
    CK(cudaEventCreate(&E0));
    CK(cudaEventCreate(&E1));
    const float cms = time_ms(E0, E1, REPS, do_copy, &c);
    COPY_GBS = (double)n * 4 * 2 / (cms * 1e6);
    printf("%s, %d SMs, n = 2^%d fp32 words: cudaMemcpyAsync %.3f ms %.1f GB/s\n", prop.name, SMS, log2n, cms, COPY_GBS);
    if (order) {
        order_sweep<0, 1>(c);
        order_sweep<64, 1>(c);
        order_sweep<16, 2>(c);
    } else if (dyn) {
        dyn_sweep<0, 1>(c);
        dyn_sweep<64, 1>(c);
        dyn_sweep<16, 2>(c);
    } else if (chunks) {
        chunks_sweep<0, 1>(c);
        chunks_sweep<64, 1>(c);
        chunks_sweep<16, 2>(c);
    } else {
        sweep<0, 1>(c);
        sweep<16, 1>(c);
        sweep<64, 1>(c);
        sweep<0, 2>(c);
        sweep<16, 2>(c);
    }
    const float cms2 = time_ms(E0, E1, REPS, do_copy, &c);
    printf("cudaMemcpyAsync again %.3f ms %.1f GB/s\n", cms2, (double)n * 8 / (cms2 * 1e6));
    return 0;
}
