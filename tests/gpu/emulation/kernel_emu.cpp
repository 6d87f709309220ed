/* kernel_emu.cpp - gpuact's kernels and device entry points run by the CPU
   emulation of emulation/cuda_runtime.h, against the host entry points:
   every access mode (vector with head/tail, scalar, bytes), element offsets
   0..15 of every pointer, n around the vector width, every direction, in
   place, all 16-bit inputs, the statuses (bad pointers, failed launch, no
   device, n = 0 makes no CUDA call) and the plan for n = 2^31 + 17.
       g++ -std=c++17 -O1 -pthread -fsanitize=alignment,undefined -fno-sanitize-recover=all \
           -D__CUDACC__ -include tests/gpu/emulation/cuda_runtime.h -Itests/gpu/emulation -I. \
           tests/gpu/emulation/kernel_emu.cpp -o kernel_emu && ./kernel_emu
   With -fsanitize=alignment a misaligned 16-byte vector or element access
   aborts, as it would fault on a GPU. No GPU is involved: this checks the
   logic, tests/gpu/test_device.cu checks the real thing.
   Pass tickets (gpuact__kargs tick) are taken from 2 KB of input here
   (ticket_bytes), not 16 MB, so that the sections below run both orders. */
#include <stddef.h>
static size_t ticket_bytes = 2048;
#define GPUACT__TICKET_BYTES ticket_bytes
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "emu_impl.h"
#include "tests/common/entry.h"
#include "tests/common/test_util.h"
#include <stdio.h>
#include <string>
#include <vector>

static long mode_count[3], vec_items, ticket_launches;
static void on_launch(const gpuact__kargs *k) {
    mode_count[k->mode]++;
    if (k->mode == GPUACT__MODE_VEC) vec_items += (long)k->nvec;
    ticket_launches += k->tick != NULL;
}
/* every pair of ticket words zero (each launch leaves its pair so) */
static bool tickets_zero(void) {
    for (int i = 0; i < GPUACT__TICKET_SLOTS; i++)
        if (gpuact__tickets[i][0] || gpuact__tickets[i][1]) return false;
    return true;
}
static unsigned char *dalloc(size_t b) {
    void *p = NULL;
    if (cudaMalloc(&p, b) != cudaSuccess) abort();
    return (unsigned char *)p;
}
enum { FWD = TU_FWD, GRAD = TU_GRAD, BWD = TU_BWD, FWDBWD = TU_FWDBWD, BWDOUT = TU_BWDOUT };
static gpuact_status call(bool dev, int dir, gpuact_op op, gpuact_dtype t, const gpuact_params *p, const void *in0,
                          const void *in1, void *o0, void *o1, size_t n) {
    return tu_call(dev, dir, op, t, p, in0, in1, o0, o1, n, 0);
}
static void fill(unsigned char *p, size_t bytes, uint64_t seed, gpuact_dtype t) {
    for (size_t i = 0; i < bytes / 4; i++) {
        const uint64_t r = tu_mix64(i + (seed << 32));
        uint32_t u = (uint32_t)r;
        if (t == GPUACT_F32 && (i & 1)) {
            const float v = ((float)(r >> 40) / 16777216.0f - 0.5f) * 24.0f;
            memcpy(&u, &v, 4);
        }
        memcpy(p + 4 * i, &u, 4);
    }
}
static const gpuact_dtype DTS[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};

template <int OP, int DT> static void far4_one() {
    long bad = 0;
    for (uint32_t b = 0; b < 65536u; b++) {
        const float x = DT == GPUACT_BF16 ? gpuact_bf16_to_f32((uint16_t)b) : gpuact_f16_to_f32((uint16_t)b);
        for (int j = 0; j < 8; j++) {
            uint32_t w[4] = {0u, 0u, 0u, 0u};
            w[j / 2] = b << (16 * (j % 2));
            const int got = gpuact__h_far4<OP, DT>(w);
            /* the element's own bit, which picks it for the tails' retry */
            const int bit = (int)((gpuact__h_past2<OP, DT>(w[j / 2]) >> (16 * (j % 2) + 15)) & 1u);
            /* a second input, not past the rows, in the word's other half
               (its bits must not reach this one's) */
            uint32_t w2 = w[j / 2] | (0x3c00u << (16 * (1 - j % 2)));
            const int bit2 = (int)((gpuact__h_past2<OP, DT>(w2) >> (16 * (j % 2) + 15)) & 1u);
            const int ref = gpuact__h_far(OP, x);
            if (x == x ? got != ref || bit != ref || bit2 != ref : 0) bad++;
        }
    }
    TU_CHECK(bad == 0, "h_far4 op %d dtype %d: %ld inputs differ from h_far", OP, DT, bad);
}
template <int OP> static void far4_all() {
    far4_one<OP, GPUACT_F16>();
    far4_one<OP, GPUACT_BF16>();
}

int main() {
    emu_on_launch = on_launch;
    /* 1. offsets x n x dtype x direction, sentinels all around, every op in rotation */
    const size_t cap = 4 * (4099 + 64);
    unsigned char *dx = dalloc(cap), *ddy = dalloc(cap), *d0 = dalloc(cap), *d1 = dalloc(cap);
    std::vector<unsigned char> hx(cap), hdy(cap), e0(cap), e1(cap);
    const size_t ns[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 33, 1000, 4099};
    const size_t nns = sizeof ns / sizeof ns[0];
    for (int ti = 0; ti < 3; ti++) {
        const gpuact_dtype t = DTS[ti];
        const size_t e = t == GPUACT_F32 ? 4 : 2;
        fill(dx, cap, 1 + ti, t);
        fill(ddy, cap, 7 + ti, t);
        memcpy(hx.data(), dx, cap);
        memcpy(hdy.data(), ddy, cap);
        for (int dir = FWD; dir <= BWDOUT; dir++)
            for (size_t xo = 0; xo < 16; xo++)
                for (size_t yo = 0; yo < 16; yo++)
                    for (size_t ni = 0; ni < nns; ni++) {
                        if (ns[ni] > 100 && (xo + yo) % 5) continue; /* keep it quick */
                        const size_t n = ns[ni];
                        const size_t dyo = (xo + yo + ni) % 3 == 0 ? xo : (xo + 3) % 16;
                        const size_t o1o = dir == FWDBWD && (xo + ni) % 2 ? yo : (yo + 5) % 16;
                        int op = 1 + (int)((xo * 16 + yo + ni) % 7);
                        if (dir == BWDOUT) op = (xo + ni) % 2 ? GPUACT_OP_ELU : GPUACT_OP_SELU;
                        memset(d0, 0xA5, cap);
                        memset(d1, 0xA5, cap);
                        memset(e0.data(), 0xA5, cap);
                        memset(e1.data(), 0xA5, cap);
                        const bool in1 = dir >= BWD;
                        const gpuact_status sd = call(true, dir, (gpuact_op)op, t, NULL, dx + xo * e, in1 ? ddy + dyo * e : NULL,
                                                      d0 + yo * e, dir == FWDBWD ? d1 + o1o * e : NULL, n);
                        const gpuact_status sh = call(false, dir, (gpuact_op)op, t, NULL, hx.data() + xo * e,
                                                      in1 ? hdy.data() + dyo * e : NULL, e0.data() + yo * e,
                                                      dir == FWDBWD ? e1.data() + o1o * e : NULL, n);
                        TU_CHECK(sd == 0 && sh == 0 && !memcmp(d0, e0.data(), cap) && !memcmp(d1, e1.data(), cap) &&
                                     !memcmp(dx, hx.data(), cap) && !memcmp(ddy, hdy.data(), cap),
                                 "dtype %d dir %d op %d xo %zu yo %zu dyo %zu n %zu status %d %d", t, dir, op, xo, yo, dyo, n, sd, sh);
                    }
        /* byte offsets (pointers not aligned to their element) */
        for (int dir = FWD; dir <= FWDBWD; dir++)
            for (size_t xo = 0; xo < 5; xo++)
                for (size_t yo = 0; yo < 5; yo++)
                    for (size_t ni = 0; ni < 8; ni++) {
                        const size_t n = ns[ni], dyo = (xo + 1) % 5, o1o = (yo + 2) % 7;
                        const int op = 1 + (int)((xo * 5 + yo + ni) % 7);
                        memset(d0, 0xA5, cap);
                        memset(d1, 0xA5, cap);
                        memset(e0.data(), 0xA5, cap);
                        memset(e1.data(), 0xA5, cap);
                        const bool in1 = dir >= BWD;
                        const gpuact_status sd = call(true, dir, (gpuact_op)op, t, NULL, dx + xo, in1 ? ddy + dyo : NULL, d0 + yo,
                                                      dir == FWDBWD ? d1 + o1o : NULL, n);
                        const gpuact_status sh = call(false, dir, (gpuact_op)op, t, NULL, hx.data() + xo, in1 ? hdy.data() + dyo : NULL,
                                                      e0.data() + yo, dir == FWDBWD ? e1.data() + o1o : NULL, n);
                        TU_CHECK(sd == 0 && sh == 0 && !memcmp(d0, e0.data(), cap) && !memcmp(d1, e1.data(), cap),
                                 "bytes dtype %d dir %d xo %zu yo %zu n %zu", t, dir, xo, yo, n);
                    }
        /* in place: y == x, d == x, dx == dy, dx == x, fwd+bwd both ways, from-y both ways */
        for (int v = 0; v < 8; v++)
            for (size_t off = 0; off < 9; off++)
                for (size_t ni = 0; ni < nns; ni++) {
                    static const int vd[8] = {FWD, GRAD, BWD, BWD, FWDBWD, FWDBWD, BWDOUT, BWDOUT};
                    static const char vo0[8] = {'A', 'A', 'B', 'A', 'A', 'B', 'B', 'A'}, vo1[8] = {0, 0, 0, 0, 'B', 'A', 0, 0};
                    const int dir = vd[v];
                    const size_t n = ns[ni];
                    const int op = dir == BWDOUT ? (ni % 2 ? GPUACT_OP_ELU : GPUACT_OP_SELU) : 1 + (int)((off + ni) % 7);
                    std::vector<unsigned char> ha(hx), hb(hdy);
                    memcpy(d0, hx.data(), cap);
                    memcpy(d1, hdy.data(), cap);
                    unsigned char *A = d0 + off * e, *B = d1 + off * e, *a = ha.data() + off * e, *b = hb.data() + off * e;
                    const gpuact_status sd = call(true, dir, (gpuact_op)op, t, NULL, A, dir >= BWD ? B : NULL, vo0[v] == 'A' ? A : B,
                                                  vo1[v] ? (vo1[v] == 'A' ? A : B) : NULL, n);
                    const gpuact_status sh = call(false, dir, (gpuact_op)op, t, NULL, a, dir >= BWD ? b : NULL, vo0[v] == 'A' ? a : b,
                                                  vo1[v] ? (vo1[v] == 'A' ? a : b) : NULL, n);
                    TU_CHECK(sd == 0 && sh == 0 && !memcmp(d0, ha.data(), cap) && !memcmp(d1, hb.data(), cap),
                             "in place dtype %d variant %d offset %zu n %zu status %d %d", t, v, off, n, sd, sh);
                }
    }

    /* 2. all 16-bit inputs, with and without parameters */
    {
        const size_t n = 65536;
        unsigned char *x = dalloc(2 * n), *dy = dalloc(2 * n), *o0 = dalloc(2 * n), *o1 = dalloc(2 * n);
        std::vector<unsigned char> r0(2 * n), r1(2 * n);
        for (size_t i = 0; i < n; i++) {
            const uint16_t v = (uint16_t)i, w = (uint16_t)(tu_mix64(i) >> 40);
            memcpy(x + 2 * i, &v, 2);
            memcpy(dy + 2 * i, &w, 2);
        }
        gpuact_params ps[3];
        memset(ps, 0, sizeof ps);
        ps[1].set = GPUACT_SET_ALPHA;
        ps[1].alpha = 0.3f;
        ps[2].set = GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI;
        ps[2].scale = 1.5f;
        ps[2].lo = -0.2f;
        ps[2].hi = 0.8f;
        for (int ti = 1; ti < 3; ti++)
            for (int op = 1; op <= 7; op++)
                for (int pi = 0; pi < 3; pi++) {
                    if (pi == 1 && op != GPUACT_OP_ELU) continue;
                    if (pi == 2 && op != GPUACT_OP_SWISH_TANH) continue;
                    for (int dir = FWD; dir <= BWDOUT; dir++) {
                        if (dir == BWDOUT && op != GPUACT_OP_ELU && op != GPUACT_OP_SELU) continue;
                        memset(o0, 0, 2 * n);
                        memset(o1, 0, 2 * n);
                        memset(r0.data(), 1, 2 * n);
                        memset(r1.data(), 0, 2 * n);
                        const gpuact_status sd = call(true, dir, (gpuact_op)op, DTS[ti], pi ? &ps[pi] : NULL, x, dy, o0, dir == FWDBWD ? o1 : NULL, n);
                        const gpuact_status sh = call(false, dir, (gpuact_op)op, DTS[ti], pi ? &ps[pi] : NULL, x, dy, r0.data(),
                                                      dir == FWDBWD ? r1.data() : NULL, n);
                        TU_CHECK(sd == 0 && sh == 0 && !memcmp(o0, r0.data(), 2 * n) && !memcmp(o1, r1.data(), 2 * n),
                                 "16-bit dtype %d op %d params %d dir %d", DTS[ti], op, pi, dir);
                    }
                }
    }

    /* 2a. the 16-bit forward's tables (section 2 made each op and type's
       first forward, which built its table for the default parameters):
       a forward with those reads the table in one launch (gpuact__k_lut),
       one with other parameters runs gpuact__k_eltwise; both the host's bits */
    {
        const size_t n = 4099;
        unsigned char *x = dalloc(2 * n + 2), *o0 = dalloc(2 * n + 2);
        std::vector<unsigned char> r0(2 * n);
        for (size_t i = 0; i < n; i++) {
            const uint16_t v = (uint16_t)(tu_mix64(i ^ 0x1234u) >> 48);
            memcpy(x + 2 + 2 * i, &v, 2);
        }
        gpuact_params pa;
        memset(&pa, 0, sizeof pa);
        pa.set = GPUACT_SET_ALPHA;
        pa.alpha = 0.3f;
        for (int ti = 1; ti < 3; ti++)
            for (int op = 1; op <= 7; op++)
                for (int other = 0; other < (op == GPUACT_OP_ELU ? 2 : 1); other++) {
                    const gpuact_params *p = other ? &pa : NULL;
                    const long l0 = emu_launches;
                    const gpuact_status sd = call(true, FWD, (gpuact_op)op, DTS[ti], p, x + 2, NULL, o0 + 2, NULL, n);
                    const gpuact_status sh = call(false, FWD, (gpuact_op)op, DTS[ti], p, x + 2, NULL, r0.data(), NULL, n);
                    const void *lut = NULL;
                    switch (op * 4 + ti) {
#define LUT_K(OP, TI, DT) case OP * 4 + TI: lut = (const void *)gpuact__k_lut<OP, DT>; break;
                        LUT_K(1, 1, GPUACT_F16) LUT_K(1, 2, GPUACT_BF16) LUT_K(2, 1, GPUACT_F16) LUT_K(2, 2, GPUACT_BF16)
                        LUT_K(3, 1, GPUACT_F16) LUT_K(3, 2, GPUACT_BF16) LUT_K(4, 1, GPUACT_F16) LUT_K(4, 2, GPUACT_BF16)
                        LUT_K(5, 1, GPUACT_F16) LUT_K(5, 2, GPUACT_BF16) LUT_K(6, 1, GPUACT_F16) LUT_K(6, 2, GPUACT_BF16)
                        LUT_K(7, 1, GPUACT_F16) LUT_K(7, 2, GPUACT_BF16)
#undef LUT_K
                    }
                    TU_CHECK(sd == 0 && sh == 0 && emu_launches == l0 + 1 && (emu_last_kernel == lut) == !other &&
                                 !memcmp(o0 + 2, r0.data(), 2 * n),
                             "16-bit table: dtype %d op %d other parameters %d: status %d %d, launches %ld, the table's kernel %d",
                             DTS[ti], op, other, sd, sh, emu_launches - l0, emu_last_kernel == lut);
                }
    }

    /* 2b. the fp32 kernels that run the table tier (and elu and selu, whose
       kernels run the fast tier, with one queue): its rejections go to the
       fast tier 32 at a time, and what that rejects to a second queue for the
       full path. Every few elements one outside the table tier's range
       (patterns: mostly ones the fast tier takes, mostly ones only the full
       path takes, both, runs of 40 of them) so that both queues fill past 32
       mid-pass and hold leftovers at the end. */
    {
        const size_t n = 6151;
        unsigned char *x = dalloc(4 * n), *dy = dalloc(4 * n), *o0 = dalloc(4 * n);
        std::vector<unsigned char> r0(4 * n);
        /* swish_tanh twice: the default configuration (the table tier's
           kernels) and one the tier does not take (the fast tier's) */
        static const int tops[8] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_GELU_SIGMOID, GPUACT_OP_SILU,
                                    GPUACT_OP_ELU, GPUACT_OP_SELU, GPUACT_OP_SWISH_TANH, GPUACT_OP_SWISH_TANH};
        gpuact_params sp;
        memset(&sp, 0, sizeof sp);
        sp.set = GPUACT_SET_HI;
        sp.hi = 0.9f;
        for (int pat = 0; pat < 8; pat++) {
            ticket_bytes = pat < 4 ? 2048 : (size_t)1 << 40; /* tickets, then grid-stride order */
            for (size_t i = 0; i < n; i++) {
                const uint64_t r = tu_mix64(i * 4 + (uint64_t)(pat % 4));
                float v = ((float)(r >> 40) / 16777216.0f - 0.5f) * 6.0f;
                const bool odd = pat % 4 == 3 ? (i / 40) % 3 == 1 : (r & 7u) == 0u;
                if (odd) {
                    const int kind = pat % 4 == 0 ? 0 : pat % 4 == 1 ? 1 : (int)((r >> 3) & 1u);
                    v = kind ? -1.0e4f - (float)(r >> 52) : -(9.0f + (float)((r >> 44) & 7u)) - 8.0f * (float)((r >> 47) & 1u);
                    if (kind && ((r >> 5) & 7u) == 0u) v = -v * 1.0e30f; /* +-inf, huge */
                }
                const float g = ((float)(r >> 16 & 0xffffffu) / 16777216.0f - 0.5f) * 4.0f;
                memcpy(x + 4 * i, &v, 4);
                memcpy(dy + 4 * i, &g, 4);
            }
            for (int oi = 0; oi < 8; oi++)
                for (int dir = FWD; dir <= BWD; dir++) {
                    const gpuact_params *pp = oi == 7 ? &sp : NULL;
                    memset(o0, 0, 4 * n);
                    memset(r0.data(), 1, 4 * n);
                    const gpuact_status sd = call(true, dir, (gpuact_op)tops[oi], GPUACT_F32, pp, x, dy, o0, NULL, n);
                    const gpuact_status sh = call(false, dir, (gpuact_op)tops[oi], GPUACT_F32, pp, x, dy, r0.data(), NULL, n);
                    TU_CHECK(sd == 0 && sh == 0 && !memcmp(o0, r0.data(), 4 * n) && tickets_zero(), "table tier queues op %d (#%d) dir %d pattern %d", tops[oi], oi, dir, pat);
                    if (oi >= 6) { /* the kernel the configuration chose */
                        const void *tt = dir == FWD ? (const void *)gpuact__k_eltwise<GPUACT__OP_SWISH_TT, GPUACT_F32, GPUACT__DIR_FWD>
                                       : dir == GRAD ? (const void *)gpuact__k_eltwise<GPUACT__OP_SWISH_TT, GPUACT_F32, GPUACT__DIR_GRAD>
                                                     : (const void *)gpuact__k_eltwise<GPUACT__OP_SWISH_TT, GPUACT_F32, GPUACT__DIR_BWD>;
                        const void *ft = dir == FWD ? (const void *)gpuact__k_eltwise<GPUACT_OP_SWISH_TANH, GPUACT_F32, GPUACT__DIR_FWD>
                                       : dir == GRAD ? (const void *)gpuact__k_eltwise<GPUACT_OP_SWISH_TANH, GPUACT_F32, GPUACT__DIR_GRAD>
                                                     : (const void *)gpuact__k_eltwise<GPUACT_OP_SWISH_TANH, GPUACT_F32, GPUACT__DIR_BWD>;
                        TU_CHECK(emu_last_kernel == (oi == 6 ? tt : ft), "swish_tanh kernel choice (#%d) dir %d", oi, dir);
                    }
                }
        }
    }

    /* 2c. pass tickets: which launches take them, on which streams, and
       their results. A launch takes a pair from 2 KB of input (ticket_bytes)
       in accurate mode, with 16-byte vectors, for every direction but
       backward from y, unless its stream is capturing; the pair is zero
       again after it; the pool (GPUACT__TICKET_SLOTS pairs) serves any
       number of streams. */
    {
        ticket_bytes = 2048;
        const size_t n = 3000, nbig = (size_t)1 << 17; /* nbig: dozens of tickets a launch, each block's ring refilled */
        const size_t cap = 4 * nbig + 16;
        unsigned char *x = dalloc(cap), *dy = dalloc(cap), *o0 = dalloc(cap), *o1 = dalloc(cap);
        std::vector<unsigned char> r0(cap), r1(cap);
        fill(x, cap, 11, GPUACT_F32);
        fill(dy, cap, 12, GPUACT_F32);
        gpuact_params fastp;
        memset(&fastp, 0, sizeof fastp);
        fastp.set = GPUACT_SET_MODE;
        fastp.mode = GPUACT_MODE_FAST;
        struct Case {
            int dir, op;
            gpuact_dtype t;
            size_t n, off0, off1;
            const gpuact_params *p;
            bool tick;
        } cases[] = {
            {BWD, GPUACT_OP_GELU_ERF, GPUACT_F32, n, 0, 0, NULL, true},     /* the table tier's, U = 2 */
            {BWD, GPUACT_OP_ELU, GPUACT_F32, n, 0, 0, NULL, false},         /* one pass a block (gpuact__kt PASS) */
            {FWDBWD, GPUACT_OP_SELU, GPUACT_F32, n, 4, 4, NULL, true},      /* U = 1, a head of 3 */
            {BWD, GPUACT_OP_GELU_SIGMOID, GPUACT_BF16, 2 * n, 2, 2, NULL, true},
            {FWDBWD, GPUACT_OP_SELU, GPUACT_F16, 2 * n, 0, 0, NULL, true},
            {FWD, GPUACT_OP_GELU_ERF, GPUACT_F32, n, 0, 0, NULL, false},    /* kernels without (gpuact__kt TICK) */
            {GRAD, GPUACT_OP_SILU, GPUACT_F32, n, 0, 0, NULL, false},
            {BWD, GPUACT_OP_SWISH_TANH, GPUACT_F32, n, 0, 0, NULL, false},
            {FWDBWD, GPUACT_OP_GELU_TANH, GPUACT_F16, 2 * n, 0, 0, NULL, false},
            {FWDBWD, GPUACT_OP_SWISH_TANH, GPUACT_BF16, 2 * n, 0, 0, NULL, false},
            {FWDBWD, GPUACT_OP_GELU_TANH, GPUACT_BF16, 2 * n, 0, 0, NULL, true}, /* the bfloat16 kernels that read the table of f' (gpuact__kt GT) */
            {BWD, GPUACT_OP_SWISH_TANH, GPUACT_BF16, 2 * n, 0, 0, NULL, true},
            {BWD, GPUACT_OP_GELU_ERF, GPUACT_F32, 500, 0, 0, NULL, false},  /* under 2 KB */
            {BWD, GPUACT_OP_GELU_ERF, GPUACT_F32, n, 0, 4, NULL, false},    /* offsets differ: scalar */
            {BWDOUT, GPUACT_OP_ELU, GPUACT_F32, n, 0, 0, NULL, false},
            {BWD, GPUACT_OP_SILU, GPUACT_F32, nbig - 5, 4, 4, NULL, true},
            {FWDBWD, GPUACT_OP_ELU, GPUACT_BF16, 2 * nbig, 0, 0, NULL, true},
            {BWD, GPUACT_OP_GELU_TANH, GPUACT_F16, 2 * nbig - 3, 6, 6, NULL, true},
        };
        /* fast mode's kernels (this build has none) take none either */
        gpuact_cfg fc;
        TU_CHECK(gpuact_resolve(GPUACT_OP_SILU, &fastp, &fc) == 0 &&
                     !gpuact__eltwise_wants_tick(GPUACT__DIR_BWD, GPUACT_OP_SILU, GPUACT_F32, &fc, x, dy, o0, NULL, n) &&
                     gpuact_resolve(GPUACT_OP_SILU, NULL, &fc) == 0 &&
                     gpuact__eltwise_wants_tick(GPUACT__DIR_BWD, GPUACT_OP_SILU, GPUACT_F32, &fc, x, dy, o0, NULL, n),
                 "fast mode takes no tickets");
        cudaStream_t ss[GPUACT__TICKET_SLOTS + 4];
        for (size_t i = 0; i < sizeof ss / sizeof ss[0]; i++) TU_CHECK(cudaStreamCreate(&ss[i]) == cudaSuccess, "stream");
        for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++)
            for (size_t si = 0; si < sizeof ss / sizeof ss[0] + 1; si++) {
                const Case &c = cases[ci];
                if (c.n > n && si % 7) continue; /* keep it quick */
                const size_t e = c.t == GPUACT_F32 ? 4 : 2;
                cudaStream_t st = si ? ss[si - 1] : 0;
                memset(o0, 0xA5, cap);
                memset(o1, 0xA5, cap);
                memset(r0.data(), 0xA5, cap);
                memset(r1.data(), 0xA5, cap);
                const long t0 = ticket_launches, ev0 = emu_event_records;
                const gpuact_status sd = tu_call(true, c.dir, (gpuact_op)c.op, c.t, c.p, x + c.off0, c.dir >= BWD ? dy + c.off0 : NULL,
                                                 o0 + c.off1, c.dir == FWDBWD ? o1 + c.off1 : NULL, c.n, st);
                const bool took = ticket_launches > t0;
                const gpuact_status sh = call(false, c.dir, (gpuact_op)c.op, c.t, c.p, x + c.off0, c.dir >= BWD ? dy + c.off0 : NULL,
                                              r0.data() + c.off1, c.dir == FWDBWD ? r1.data() + c.off1 : NULL, c.n);
                TU_CHECK(sd == 0 && sh == 0 && !memcmp(o0, r0.data(), cap) && !memcmp(o1, r1.data(), cap) && took == c.tick &&
                             (emu_event_records > ev0) == c.tick && tickets_zero(),
                         "tickets: case %zu (dir %d op %d dtype %d n %zu, %zu-byte elements), stream %zu: status %d %d, took %d", ci, c.dir,
                         c.op, c.t, c.n, e, si, sd, sh, (int)took);
            }
        /* a capturing stream: no ticket (a graph's launch may run beside
           anything); the replay's results are the host's */
        {
            cudaGraph_t g;
            cudaGraphExec_t ge;
            memset(o0, 0xA5, cap);
            memset(r0.data(), 0xA5, cap);
            const long t0 = ticket_launches;
            TU_CHECK(cudaStreamBeginCapture(ss[0], cudaStreamCaptureModeGlobal) == cudaSuccess, "begin capture");
            const gpuact_status sd = gpuact_backward_device(GPUACT_OP_GELU_TANH, GPUACT_F32, NULL, x, dy, o0, n, ss[0]);
            TU_CHECK(cudaStreamEndCapture(ss[0], &g) == cudaSuccess && cudaGraphInstantiateWithFlags(&ge, g, 0) == cudaSuccess &&
                         cudaGraphLaunch(ge, ss[0]) == cudaSuccess,
                     "capture");
            TU_CHECK(gpuact_backward_host(GPUACT_OP_GELU_TANH, GPUACT_F32, NULL, x, dy, r0.data(), n) == 0, "host");
            TU_CHECK(sd == 0 && ticket_launches == t0 && !memcmp(o0, r0.data(), cap) && cudaPeekAtLastError() == cudaSuccess,
                     "captured launch: status %d, tickets %ld", sd, ticket_launches - t0);
            cudaGraphExecDestroy(ge);
            cudaGraphDestroy(g);
        }
        /* a launch that takes tickets while another stream captures in
           global mode: the pool's calls (relaxed mode) leave the capture
           valid */
        {
            cudaGraph_t g = NULL;
            memset(o0, 0xA5, cap);
            memset(o1, 0xA5, cap);
            memset(r0.data(), 0xA5, cap);
            const long t0 = ticket_launches;
            cudaStream_t fresh; /* no pair was last used on it: the pool queries the events */
            TU_CHECK(cudaStreamCreate(&fresh) == cudaSuccess, "stream");
            TU_CHECK(cudaStreamBeginCapture(ss[0], cudaStreamCaptureModeGlobal) == cudaSuccess, "begin capture");
            const gpuact_status s1 = gpuact_backward_device(GPUACT_OP_SILU, GPUACT_F32, NULL, x, dy, o1, n, fresh);
            const gpuact_status s0 = gpuact_forward_device(GPUACT_OP_SILU, GPUACT_F32, NULL, x, o0, 64, ss[0]);
            const cudaError_t ec = cudaStreamEndCapture(ss[0], &g);
            TU_CHECK(gpuact_backward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, x, dy, r0.data(), n) == 0, "host");
            TU_CHECK(s0 == 0 && s1 == 0 && ticket_launches == t0 + 1 && ec == cudaSuccess && !memcmp(o1, r0.data(), cap),
                     "a ticket launch beside a global capture: statuses %d %d, tickets %ld, end capture %d", s0, s1, ticket_launches - t0, (int)ec);
            if (g) cudaGraphDestroy(g);
            (void)cudaGetLastError();
            cudaStreamDestroy(fresh);
        }
        /* the rows with PASS run gpuact__k_pass, a block a pass (elu's
           fp32 forward: 1024 floats a block), with the host's bits */
        {
            const size_t nn[] = {1, 3, 4096, 4096 * 3 + 7, nbig - 1};
            for (size_t ni = 0; ni < sizeof nn / sizeof nn[0]; ni++)
                for (int dir = FWD; dir <= BWD; dir++) {
                    if (dir == GRAD) continue;
                    const gpuact_op op = ni % 2 ? GPUACT_OP_SELU : GPUACT_OP_ELU;
                    memset(o0, 0xA5, cap);
                    memset(r0.data(), 0xA5, cap);
                    const long l0 = emu_launches;
                    const gpuact_status sd = call(true, dir, op, GPUACT_F32, NULL, x + 4 * (ni % 4), dir == BWD ? dy + 4 * (ni % 4) : NULL, o0 + 4 * (ni % 4), NULL, nn[ni]);
                    const gpuact_status sh = call(false, dir, op, GPUACT_F32, NULL, x + 4 * (ni % 4), dir == BWD ? dy + 4 * (ni % 4) : NULL, r0.data() + 4 * (ni % 4), NULL, nn[ni]);
                    const void *want = op == GPUACT_OP_ELU ? (dir == FWD ? (const void *)gpuact__k_pass<GPUACT_OP_ELU, GPUACT_F32, GPUACT__DIR_FWD>
                                                                          : (const void *)gpuact__k_pass<GPUACT_OP_ELU, GPUACT_F32, GPUACT__DIR_BWD>)
                                                           : (dir == FWD ? (const void *)gpuact__k_pass<GPUACT_OP_SELU, GPUACT_F32, GPUACT__DIR_FWD>
                                                                          : (const void *)gpuact__k_pass<GPUACT_OP_SELU, GPUACT_F32, GPUACT__DIR_BWD>);
                    TU_CHECK(sd == 0 && sh == 0 && emu_launches == l0 + 1 && emu_last_kernel == want && !memcmp(o0, r0.data(), cap),
                             "one-pass kernel: op %d dir %d n %zu: status %d %d", (int)op, dir, nn[ni], sd, sh);
                }
        }
        for (size_t i = 0; i < sizeof ss / sizeof ss[0]; i++) cudaStreamDestroy(ss[i]);
        TU_CHECK(ticket_launches > 100, "tickets taken: %ld launches", ticket_launches);
    }

    /* 3. statuses and pointer checks */
    {
        unsigned char *dv = dalloc(1024), *dv2 = dalloc(1024), *pinned = NULL, *man = NULL, *other = NULL;
        unsigned char *plain = (unsigned char *)malloc(1024);
        TU_CHECK(cudaMallocHost((void **)&pinned, 1024) == cudaSuccess, "pinned alloc");
        TU_CHECK(cudaMallocManaged((void **)&man, 1024) == cudaSuccess, "managed alloc");
        TU_CHECK(cudaSetDevice(1) == cudaSuccess && cudaMalloc((void **)&other, 1024) == cudaSuccess && cudaSetDevice(0) == cudaSuccess, "other");
        memset(dv, 0, 1024);
        memset(man, 0, 1024);
        const long l0 = emu_launches;
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, plain, dv2, 16, 0) == GPUACT_ERROR_NOT_DEVICE_POINTER, "pageable x");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, plain, 16, 0) == GPUACT_ERROR_NOT_DEVICE_POINTER, "pageable y");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, pinned, dv2, 16, 0) == GPUACT_ERROR_NOT_DEVICE_POINTER, "pinned x");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, other, dv2, 16, 0) == GPUACT_ERROR_NOT_DEVICE_POINTER, "other x");
        TU_CHECK(gpuact_backward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, pinned, dv2, 16, 0) == GPUACT_ERROR_NOT_DEVICE_POINTER, "pinned dy");
        TU_CHECK(gpuact_forward_backward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, dv + 512, dv2, other, 16, 0) ==
                     GPUACT_ERROR_NOT_DEVICE_POINTER,
                 "other dx");
        TU_CHECK(emu_launches == l0, "launched despite a bad pointer");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, man, dv2, 16, 0) == GPUACT_SUCCESS, "managed");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv + 4, dv2 + 8, 16, 0) == GPUACT_SUCCESS, "interior pointers");
        const long l1 = emu_launches;
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, plain, plain, 0, 0) == GPUACT_SUCCESS, "n = 0, host pointers");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, NULL, NULL, 0, 0) == GPUACT_SUCCESS, "n = 0, NULL");
        emu_no_device = 1; /* any CUDA call would fail now */
        TU_CHECK(gpuact_backward_from_output_device(GPUACT_OP_SELU, GPUACT_F32, NULL, NULL, NULL, NULL, 0, 0) == GPUACT_SUCCESS, "n = 0: no CUDA call");
        emu_no_device = 0;
        TU_CHECK(emu_launches == l1 && cudaPeekAtLastError() == cudaSuccess, "n = 0 launched or left an error");
        TU_CHECK(gpuact_backward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, NULL, dv2, 4, 0) == GPUACT_ERROR_NULL_POINTER, "NULL dy");
        TU_CHECK(gpuact_forward_backward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, dv + 64, dv2, dv2, 4, 0) == GPUACT_ERROR_OVERLAP, "y == dx");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, dv + 4, 4, 0) == GPUACT_ERROR_OVERLAP, "overlap");
        TU_CHECK(gpuact_forward_device((gpuact_op)0, GPUACT_F32, NULL, dv, dv2, 4, 0) == GPUACT_ERROR_INVALID_OP, "op");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, (gpuact_dtype)5, NULL, dv, dv2, 4, 0) == GPUACT_ERROR_INVALID_DTYPE, "dtype");
        TU_CHECK(gpuact_backward_from_output_device(GPUACT_OP_SILU, GPUACT_F32, NULL, dv, dv, dv2, 0, 0) == GPUACT_ERROR_UNSUPPORTED, "unsupported");
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, dv2, (size_t)-1 / 2, 0) == GPUACT_ERROR_OVERLAP, "wraps");
        emu_fail_launch = 1;
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, dv2, 16, 0) == GPUACT_ERROR_CUDA &&
                     cudaPeekAtLastError() == cudaSuccess,
                 "failed launch: GPUACT_ERROR_CUDA, error cleared");
        emu_fail_launch = 0;
        emu_no_device = 1;
        TU_CHECK(gpuact_forward_device(GPUACT_OP_ELU, GPUACT_F32, NULL, dv, dv2, 16, 0) == GPUACT_ERROR_CUDA && cudaPeekAtLastError() == cudaSuccess,
                 "no device: GPUACT_ERROR_CUDA, error cleared");
        emu_no_device = 0;
        TU_CHECK(strcmp(gpuact_status_string(GPUACT_ERROR_CUDA), "unknown status") &&
                     strcmp(gpuact_status_string(GPUACT_ERROR_NOT_DEVICE_POINTER), "unknown status"),
                 "status strings");
        free(plain);
    }

    /* 4. the plan for n = 2^31 + 17 (no launch) */
    {
        gpuact__kargs k;
        memset(&k, 0, sizeof k);
        const size_t n = ((size_t)1 << 31) + 17;
        k.in0 = (const unsigned char *)(uintptr_t)0x10000000ull;
        k.out0 = (unsigned char *)(uintptr_t)0x30000000ull;
        gpuact__eltwise_plan(&k, 2, n);
        TU_CHECK(k.mode == GPUACT__MODE_VEC && k.head == 0 && k.nvec == n / 8 && k.items == n / 8 + 1, "big vector plan");
        k.out0 += 2;
        gpuact__eltwise_plan(&k, 2, n);
        TU_CHECK(k.mode == GPUACT__MODE_SCALAR && k.items == n, "big scalar plan");
        k.in0 += 6;
        k.out0 += 4; /* both at offset 6 */
        gpuact__eltwise_plan(&k, 2, n);
        TU_CHECK(k.mode == GPUACT__MODE_VEC && k.head == 5 && k.nvec == (n - 5) / 8 && k.items == 5 + k.nvec + (n - 5 - 8 * k.nvec),
                 "plan with head %zu %zu", k.head, k.nvec);
        gpuact__eltwise_plan(&k, 4, 3); /* offset 6 for f32: not element-aligned */
        TU_CHECK(k.mode == GPUACT__MODE_BYTES, "bytes plan");
        k.in0 = (const unsigned char *)(uintptr_t)0x1000000cull;
        k.out0 = (unsigned char *)(uintptr_t)0x3000000cull;
        gpuact__eltwise_plan(&k, 4, 2);
        TU_CHECK(k.mode == GPUACT__MODE_VEC && k.head == 1 && k.nvec == 0 && k.items == 2, "head longer than n");
    }
    /* 5. the test that sends a 16-bit vector's rejected inputs to the
       tier's tails (gpuact__h_far4 a vector, gpuact__h_past2's bit an
       input, on the inputs' bits) against gpuact__h_far on every input,
       in each of a vector's eight places, alone and beside an input that
       is not past: the same but for NaN, which may count as past */
    far4_all<GPUACT_OP_GELU_ERF>();
    far4_all<GPUACT_OP_GELU_TANH>();
    far4_all<GPUACT_OP_GELU_SIGMOID>();
    far4_all<GPUACT_OP_SILU>();
    far4_all<GPUACT_OP_SWISH_TANH>();
    printf("launches by mode: vector %ld, scalar %ld, bytes %ld; vector items %ld\n", mode_count[0], mode_count[1], mode_count[2],
           vec_items);
    TU_CHECK(mode_count[0] > 1000 && mode_count[1] > 1000 && mode_count[2] > 100, "every mode exercised");
    return tu_finish();
}
