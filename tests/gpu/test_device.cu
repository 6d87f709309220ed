/* test_device.cu - gpuact's device entry points (gpuact_*_device) against its
   host entry points, bit for bit, on a CUDA GPU.

       nvcc -O2 -arch=sm_90 -I. tests/gpu/test_device.cu -o test_device
       ./test_device                    tests 1, 3-9 (about a minute on an H100 + 16 cores)
       ./test_device --exhaustive-f32   test 2 alone (all 2^32 floats; minutes, progress on stderr)
       ./test_device --exhaustive-f32 --op elu --op selu   test 2 for those ops only
       ./test_device --all              everything
       ./test_device --quick            tests 1, 3, 5-8 at small sizes (for compute-sanitizer)
       ./test_device --tickets          test 9 alone

   1. 16-bit exhaustive: all 65536 f16 / bf16 inputs, every op (defaults, elu
      alpha 0.3, swish_tanh s 1.5 [-0.2, 0.8]), forward, grad, backward (a
      fixed pseudo-random dy), forward+backward, backward-from-output (elu/selu);
      then (1b) the forward again, from the tables test 1's first launches
      filled, 4 x 65536 + 7 inputs, off 16-byte alignment, and the bfloat16
      tables' f' entries against the host's; (1c) backward
      and forward+backward, every x with 48 dy (zeros, subnormals, the
      largest finite values, infinities, NaN, random).
   2. fp32 exhaustive: all 2^32 bit patterns, forward and grad, every op
      (chunks of 2^28 on the GPU; the host side on every CPU core).
   3. fp32 random: 2^26 random (x, dy) bit patterns per op: backward;
      2^24 forward+backward; backward-from-output for elu/selu.
   4. bf16, n = 2^31 + 17: forward aligned (vector path), y one element off
      (scalar path, > 2^31 items), in place; the last 1041 elements and 2^20
      random ones against the host scalar function; the bytes past the end.
   5. Misalignment: x and y offsets 0..15 elements, n in {1, 7, 1000, 4099},
      f32/f16/bf16, forward and backward (dy offset x + 3, and x); sentinel
      bytes around the output; pointers not even aligned to their element.
   6. In place: y == x, d == x, dx == dy, dx == x, fwd+bwd both ways, from-y.
   7. CUDA graph: three calls captured in global mode (required) and in
      relaxed mode, each graph replayed 3 times.
   8. Bad input: pageable / pinned host memory, another device's memory,
      NULL, bad op / dtype / params, overlaps, unsupported, n = 0, managed
      memory; nothing written; the context still works afterwards.
   9. Pass tickets (the backward launches of 16 MB or more take their
      passes from a counter, gpuact.h's gpuact__ticket_take): 24 streams
      (more than the pairs of counter words) and 4 host threads launching at
      once, each result against the same call made in 4 MB pieces
      (grid-stride order); every pair of counter words zero afterwards;
      a launch that takes tickets while another stream captures a graph
      in global mode (the capture stays valid). ./test_device --tickets
      runs it alone.
   One row per check; the last line is "N passed, M failed" (exit 1 if M > 0).
   Nothing is timed here. */
#define GPUACT_IMPLEMENTATION
#define GPUACT_FAST_KERNELS /* fast mode on the device too */
#include "gpuact.h"
#include "tests/common/bits.h"
#include "tests/common/entry.h"
#include "tests/common/test_util.h"

#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

/* kernel<<<grid, block, 0, stream>>>(args): a macro only so that the CPU
   emulation build (tests/gpu/emulation/test_device_emu.cpp) can compile this
   file without nvcc */
#ifdef GPUACT_TEST_EMULATION
#define LAUNCH(k, grid, block, stream, ...) emu_launch(k, dim3(grid), dim3(block), stream, __VA_ARGS__)
#else
#define LAUNCH(k, grid, block, stream, ...) k<<<(grid), (block), 0, (stream)>>>(__VA_ARGS__)
#endif

/* ------------------------------------------------------------------------ */
/* bookkeeping                                                              */

static long g_pass, g_fail, g_skip;
static cudaStream_t g_stream;
static int g_sms = 1;
static bool g_quick = false; /* --quick: small sizes (for compute-sanitizer) */

static void fatal(const char *file, int line, const char *expr, const char *msg) {
    printf("FATAL %s:%d: %s: %s\n", file, line, expr, msg);
    printf("%ld passed, %ld failed\n", g_pass, g_fail + 1);
    fflush(stdout);
    exit(1);
}
#define CK(call)                                                                                                   \
    do {                                                                                                           \
        cudaError_t e_ = (call);                                                                                   \
        if (e_ != cudaSuccess) fatal(__FILE__, __LINE__, #call, cudaGetErrorString(e_));                           \
    } while (0)

static std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static std::string fmt(const char *f, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

static void row(const char *test, const std::string &what, unsigned long long checked, unsigned long long bad,
                const std::string &note = std::string()) {
    const bool ok = bad == 0;
    printf("%-20s %-46s %13llu %10llu  %-4s %s\n", test, what.c_str(), checked, bad, ok ? "ok" : "FAIL", note.c_str());
    fflush(stdout);
    if (ok) g_pass++;
    else g_fail++;
}
static void skip_row(const char *test, const std::string &what, const std::string &why) {
    printf("%-20s %-46s %13s %10s  %-4s %s\n", test, what.c_str(), "-", "-", "skip", why.c_str());
    fflush(stdout);
    g_skip++;
}

/* device and pinned buffers that free themselves */
struct DevBuf {
    unsigned char *p = nullptr;
    size_t bytes = 0;
    explicit DevBuf(size_t b) : bytes(b) { CK(cudaMalloc((void **)&p, b)); }
    ~DevBuf() { CK(cudaFree(p)); }
    DevBuf(const DevBuf &) = delete;
    DevBuf &operator=(const DevBuf &) = delete;
};
struct PinBuf {
    unsigned char *p = nullptr;
    explicit PinBuf(size_t b) { CK(cudaMallocHost((void **)&p, b)); }
    ~PinBuf() { CK(cudaFreeHost(p)); }
    PinBuf(const PinBuf &) = delete;
    PinBuf &operator=(const PinBuf &) = delete;
};

static void h2d(void *d, const void *h, size_t b) { CK(cudaMemcpyAsync(d, h, b, cudaMemcpyHostToDevice, g_stream)); }
static void d2h(void *h, const void *d, size_t b) {
    CK(cudaMemcpyAsync(h, d, b, cudaMemcpyDeviceToHost, g_stream));
    CK(cudaStreamSynchronize(g_stream));
}

/* f(begin, end) over [0, n) on every core, dynamically scheduled */
template <class F> static void par_for(size_t n, const F &f, size_t grain = 1u << 14) {
    unsigned nt = std::thread::hardware_concurrency();
    const size_t nblk = (n + grain - 1) / grain;
    if (nt == 0) nt = 1;
    if (nt > nblk) nt = (unsigned)nblk;
    if (nt <= 1) {
        if (n) f((size_t)0, n);
        return;
    }
    std::atomic<size_t> next(0);
    std::vector<std::thread> th;
    for (unsigned t = 0; t < nt; t++)
        th.emplace_back([&] {
            for (;;) {
                const size_t k = next.fetch_add(1);
                if (k >= nblk) break;
                f(k * grain, std::min(n, (k + 1) * grain));
            }
        });
    for (auto &t : th) t.join();
}

/* a varied fp32 input: any bit pattern, [-32, 32), [-2, 2), subnormals, [-20, 0) */
static float var_f32(uint64_t i) {
    const uint64_t r = tu_mix64(i * 7919u + 17u);
    float v;
    uint32_t u;
    switch (i % 5) {
    case 0: u = (uint32_t)r; memcpy(&v, &u, 4); break;
    case 1: v = (float)((int64_t)(r >> 40) - (1 << 23)) / 262144.0f; break;
    case 2: v = ((float)(r >> 40) / 16777216.0f - 0.5f) * 4.0f; break;
    case 3: u = (uint32_t)(r & 0x807fffffu); memcpy(&v, &u, 4); break;
    default: v = -(float)(r >> 40) / 16777216.0f * 20.0f; break;
    }
    return v;
}
/* n elements of type t at p, varied; seed separates the arrays */
static void fill_var(gpuact_dtype t, unsigned char *p, size_t n, uint64_t seed) {
    for (size_t i = 0; i < n; i++) {
        if (t == GPUACT_F32) {
            const float v = var_f32(i + (seed << 40));
            memcpy(p + 4 * i, &v, 4);
        } else {
            const uint16_t h = (uint16_t)(tu_mix64(i + (seed << 40)) >> 17); /* every pattern is a valid input */
            memcpy(p + 2 * i, &h, 2);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* the entry points, by direction                                           */

enum { FWD = TU_FWD, GRAD = TU_GRAD, BWD = TU_BWD, FWDBWD = TU_FWDBWD, BWDOUT = TU_BWDOUT };
static const char *const DIRN[] = {"forward", "grad", "backward", "fwd+bwd", "bwd-from-y"};
static const gpuact_dtype DTS[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};
static const char *dtn(gpuact_dtype t) { return t == GPUACT_F32 ? "f32" : (t == GPUACT_F16 ? "f16" : "bf16"); }
static size_t esz(gpuact_dtype t) { return t == GPUACT_F32 ? 4 : 2; }
static const char *const OPN[8] = {"?", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};
static bool has_in1(int dir) { return dir == BWD || dir == FWDBWD || dir == BWDOUT; }

/* dir's entry point: on the device (on stream s) or on the host */
static gpuact_status call(bool dev, int dir, gpuact_op op, gpuact_dtype t, const gpuact_params *p, const void *in0,
                          const void *in1, void *o0, void *o1, size_t n, cudaStream_t s = g_stream) {
    return tu_call(dev, dir, op, t, p, in0, in1, o0, o1, n, s);
}
/* the host entry point over [0, n) on every core (element-wise, so slices are exact) */
static gpuact_status host_par(int dir, gpuact_op op, gpuact_dtype t, const gpuact_params *p, const void *in0,
                              const void *in1, void *o0, void *o1, size_t n) {
    const size_t e = esz(t);
    std::atomic<int> bad(0);
    par_for(n, [&](size_t b, size_t end) {
        const gpuact_status s =
            call(false, dir, op, t, p, (const unsigned char *)in0 + b * e, in1 ? (const unsigned char *)in1 + b * e : NULL,
                 (unsigned char *)o0 + b * e, o1 ? (unsigned char *)o1 + b * e : NULL, end - b);
        if (s != GPUACT_SUCCESS) bad = (int)s;
    });
    return (gpuact_status)bad.load();
}

struct Diff {
    unsigned long long bad;
    size_t first;
};
static Diff diff(const void *a, const void *b, size_t n, size_t e) {
    Diff d = {0, 0};
    if (memcmp(a, b, n * e) == 0) return d;
    for (size_t i = 0; i < n; i++)
        if (memcmp((const unsigned char *)a + i * e, (const unsigned char *)b + i * e, e) != 0) {
            if (d.bad == 0) d.first = i;
            d.bad++;
        }
    return d;
}

struct OpCfg {
    gpuact_op op;
    gpuact_params p;
    std::string name;
    const gpuact_params *params() const { return p.set ? &p : NULL; }
};
static std::vector<OpCfg> op_cfgs(bool extras) {
    std::vector<OpCfg> v;
    for (int op = 1; op <= GPUACT_OP_COUNT; op++) {
        OpCfg c;
        memset(&c.p, 0, sizeof c.p);
        c.op = (gpuact_op)op;
        c.name = OPN[op];
        v.push_back(c);
    }
    if (extras) {
        OpCfg c;
        memset(&c.p, 0, sizeof c.p);
        c.op = GPUACT_OP_ELU;
        c.p.set = GPUACT_SET_ALPHA;
        c.p.alpha = 0.3f;
        c.name = "elu(alpha=0.3)";
        v.push_back(c);
        memset(&c.p, 0, sizeof c.p);
        c.op = GPUACT_OP_SWISH_TANH;
        c.p.set = GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI;
        c.p.scale = 1.5f;
        c.p.lo = -0.2f;
        c.p.hi = 0.8f;
        c.name = "swish_tanh(s=1.5,[-0.2,0.8])";
        v.push_back(c);
    }
    return v;
}
/* the same configurations in fast mode */
static gpuact_params fast_of(gpuact_params p) {
    p.set |= GPUACT_SET_MODE;
    p.mode = GPUACT_MODE_FAST;
    return p;
}
static std::vector<OpCfg> with_fast(std::vector<OpCfg> v) {
    const size_t n = v.size();
    for (size_t i = 0; i < n; i++) {
        OpCfg c = v[i];
        c.p = fast_of(c.p);
        c.name += " fast";
        v.push_back(c);
    }
    return v;
}

/* ------------------------------------------------------------------------ */
/* 1. 16-bit exhaustive                                                     */

static void test_16bit(void) {
    const size_t n = 65536, b = 2 * n;
    std::vector<uint16_t> hx(n), hdy(n), r0(n), r1(n), e0(n), e1(n);
    for (size_t i = 0; i < n; i++) {
        hx[i] = (uint16_t)i;
        hdy[i] = (uint16_t)(tu_mix64(i ^ 0x5eedu) >> 40);
    }
    DevBuf dx(b), ddy(b), d0(b), d1(b);
    h2d(dx.p, hx.data(), b);
    h2d(ddy.p, hdy.data(), b);
    for (int ti = 1; ti < 3; ti++) {
        const gpuact_dtype t = DTS[ti];
        for (const OpCfg &c : with_fast(op_cfgs(true))) {
            unsigned long long checked = 0, bad = 0;
            std::string note;
            for (int dir = FWD; dir <= BWDOUT; dir++) {
                if (dir == BWDOUT && c.op != GPUACT_OP_ELU && c.op != GPUACT_OP_SELU) continue;
                CK(cudaMemsetAsync(d0.p, 0xA5, b, g_stream));
                CK(cudaMemsetAsync(d1.p, 0xA5, b, g_stream));
                const gpuact_status sd = call(true, dir, c.op, t, c.params(), dx.p, has_in1(dir) ? ddy.p : NULL, d0.p,
                                              dir == FWDBWD ? d1.p : NULL, n);
                d2h(r0.data(), d0.p, b);
                d2h(r1.data(), d1.p, b);
                const gpuact_status sh = host_par(dir, c.op, t, c.params(), hx.data(), hdy.data(), e0.data(),
                                                  dir == FWDBWD ? e1.data() : NULL, n);
                Diff d = diff(r0.data(), e0.data(), n, 2);
                checked += n;
                if (dir == FWDBWD) {
                    const Diff d2 = diff(r1.data(), e1.data(), n, 2);
                    if (d.bad == 0) d.first = d2.first;
                    d.bad += d2.bad;
                    checked += n;
                }
                if (sd != GPUACT_SUCCESS || sh != GPUACT_SUCCESS) {
                    note += fmt("%s: status device %d host %d; ", DIRN[dir], (int)sd, (int)sh);
                    d.bad += n;
                } else if (d.bad) {
                    const size_t i = d.first;
                    if (dir == FWDBWD)
                        note += fmt("%s: %llu differ, first x=0x%04x dy=0x%04x dev=0x%04x,0x%04x host=0x%04x,0x%04x; ",
                                    DIRN[dir], d.bad, hx[i], hdy[i], r0[i], r1[i], e0[i], e1[i]);
                    else
                        note += fmt("%s: %llu differ, first x=0x%04x dy=0x%04x dev=0x%04x host=0x%04x; ", DIRN[dir], d.bad,
                                    hx[i], hdy[i], r0[i], e0[i]);
                }
                bad += d.bad;
            }
            row("16-bit exhaustive", std::string(dtn(t)) + " " + c.name, checked, bad, note);
        }
    }
}

#if !defined(GPUACT_NO_FWD_TABLES)
/* the tables' marks: every one into out; table S's set to v (S < 0: none) */
template <int S> __device__ void marks_into(unsigned *out) {
    out[S] = gpuact__lut_d<S>()->mark;
    marks_into<S - 1>(out);
}
template <> __device__ void marks_into<-1>(unsigned *) {}
__global__ void k_marks(unsigned *out, int s, unsigned v) {
    marks_into<GPUACT__LUT_SLOTS - 1>(out);
    if (s == 0) gpuact__lut_d<0>()->mark = v;
    if (s == 1) gpuact__lut_d<1>()->mark = v;
}
/* the tables' f' (section 9.0) of one format (bf = 1: the odd tables S):
   table S's into out + (S / 2) GPUACT__GT_N */
template <int S> __device__ void gtabs_into(float *out, unsigned i, int bf) {
    const unsigned n = S % 2 ? GPUACT__GT_N_BF16 : GPUACT__GT_N_F16;
    if (S % 2 == bf && i < n) out[(S / 2) * n + i] = gpuact__gt_d<S>()[i];
    gtabs_into<S - 1>(out, i, bf);
}
template <> __device__ void gtabs_into<-1>(float *, unsigned, int) {}
__global__ void k_gtabs(float *out, int bf) {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < GPUACT__GT_N_F16; i += gridDim.x * blockDim.x)
        gtabs_into<GPUACT__LUT_SLOTS - 1>(out, i, bf);
}
/* the marks before; with s = 0 or 1 (gelu_erf f16 / bf16), that one set to v */
static std::vector<unsigned> lut_marks(int s = -1, unsigned v = 0) {
    DevBuf d(4 * GPUACT__LUT_SLOTS);
    LAUNCH(k_marks, 1, 1, g_stream, (unsigned *)d.p, s, v);
    CK(cudaGetLastError());
    std::vector<unsigned> m(GPUACT__LUT_SLOTS);
    d2h(m.data(), d.p, 4 * GPUACT__LUT_SLOTS);
    return m;
}
#endif
/* 1b. The 16-bit forward's tables (gpuact_kernels.cuh section 10.2): test 1's
   first forward of each op and type built the table of its default
   parameters (its mark, read from the device, says so), so these forwards
   read it, in accurate and in fast mode (whose 16-bit forward is accurate
   mode's, from the same table): all 65,536 inputs 4 times over
   (in a different order each time) and 7 more, one element past a 16-byte
   boundary (a scalar head and tail around the vectors), against the host. Test 1 checked the first
   launches and the parameters that have no table (elu alpha 0.3,
   swish_tanh s 1.5). Then a table whose mark is gone. */
static void test_16bit_tables(void) {
#if defined(GPUACT_NO_FWD_TABLES)
    skip_row("16-bit tables", "all", "GPUACT_NO_FWD_TABLES");
#else
    const size_t n = 4 * 65536 + 7, b = 2 * (n + 1);
    std::vector<uint16_t> hx(n), r0(n), e0(n);
    for (size_t i = 0; i < n; i++) hx[i] = (uint16_t)((i * (2 * (i >> 16) + 40503u)) & 0xffffu); /* odd multipliers: a permutation a block */
    DevBuf dx(b), d0(b);
    h2d(dx.p + 2, hx.data(), 2 * n);
    /* r0 (the device's) against e0 (the host's): the differing count (all
       n where a status failed) and what to say of it in *note */
    auto compare = [&](gpuact_status sd, gpuact_status sh, std::string *note) {
        Diff d = diff(r0.data(), e0.data(), n, 2);
        if (sd != GPUACT_SUCCESS || sh != GPUACT_SUCCESS) {
            *note = fmt("status device %d host %d", (int)sd, (int)sh);
            d.bad += n;
        } else if (d.bad) {
            *note = fmt("first x=0x%04x dev=0x%04x host=0x%04x", hx[d.first], r0[d.first], e0[d.first]);
        }
        return d.bad;
    };
    for (int ti = 1; ti < 3; ti++) {
        const gpuact_dtype t = DTS[ti];
        for (int k = 0; k < 2 * GPUACT_OP_COUNT; k++) {
            const int op = 1 + k / 2, fast = k % 2;
            gpuact_params fp;
            memset(&fp, 0, sizeof fp);
            const gpuact_params *p = fast ? &(fp = fast_of(fp)) : NULL;
            CK(cudaMemsetAsync(d0.p, 0xA5, b, g_stream));
            const gpuact_status sd = call(true, FWD, (gpuact_op)op, t, p, dx.p + 2, NULL, d0.p + 2, NULL, n);
            d2h(r0.data(), d0.p + 2, 2 * n);
            const std::vector<unsigned> mark = lut_marks();
            const gpuact_status sh = host_par(FWD, (gpuact_op)op, t, p, hx.data(), NULL, e0.data(), NULL, n);
            std::string note;
            unsigned long long bad = compare(sd, sh, &note);
            if (mark[gpuact__lut_slot(op, t)] != GPUACT__LUT_MARK) {
                note += " the table was never built";
                bad++;
            }
            row("16-bit tables", std::string(dtn(t)) + " " + OPN[op] + (fast ? " fast" : "") + " forward", n, bad, note);
        }
        /* a table without its mark (as after a device reset, which zeroes
           the module's memory) is not read: the kernel computes each element
           through the chain; 16-byte vectors with a head, and every pointer
           one byte off (byte loads and stores) */
        const int slot = gpuact__lut_slot(GPUACT_OP_GELU_ERF, t);
        const std::vector<unsigned> mark = lut_marks(slot, 0u);
        const gpuact_status sh = host_par(FWD, GPUACT_OP_GELU_ERF, t, NULL, hx.data(), NULL, e0.data(), NULL, n);
        for (int off = 2; off >= 1; off--) {
            if (off == 1) h2d(dx.p + 1, hx.data(), 2 * n);
            CK(cudaMemsetAsync(d0.p, 0xA5, b, g_stream));
            const gpuact_status sd = call(true, FWD, GPUACT_OP_GELU_ERF, t, NULL, dx.p + off, NULL, d0.p + off, NULL, n);
            d2h(r0.data(), d0.p + off, 2 * n);
            std::string note;
            const unsigned long long bad = compare(sd, sh, &note);
            row("16-bit tables", std::string(dtn(t)) + " gelu_erf, no mark, " + (off == 2 ? "vectors" : "bytes"), n, bad, note);
        }
        (void)lut_marks(slot, mark[slot]);
        h2d(dx.p + 2, hx.data(), 2 * n);
    }
    /* the tables' f' over the window (section 9.0), built with the
       forward's for the default parameters: every entry the host's
       gpuact__gt_entry_at, bit for bit */
    for (int bf = GPUACT__GT_F16 ? 0 : 1; bf < 2; bf++) {
        const int gfmt = bf ? GPUACT__FMT_BF16 : GPUACT__FMT_F16;
        const uint32_t nt = GPUACT__GT_N(gfmt);
        const size_t ng = (size_t)nt * GPUACT_OP_COUNT;
        DevBuf dg(4 * ng);
        LAUNCH(k_gtabs, 24, 256, g_stream, (float *)dg.p, bf);
        CK(cudaGetLastError());
        std::vector<float> g(ng);
        d2h(g.data(), dg.p, 4 * ng);
        const gpuact_cfg c = gpuact_cfg_default();
        for (int op = 1; op <= GPUACT_OP_COUNT; op++) {
            unsigned long long bad = 0;
            std::string note;
            for (uint32_t i = 0; i < nt; i++) {
                const float want = gpuact__gt_entry_at(op, i, &c, gfmt), got = g[(size_t)(op - 1) * nt + i];
                uint32_t wb, gb;
                memcpy(&wb, &want, 4);
                memcpy(&gb, &got, 4);
                if (wb != gb && !(want != want && got != got)) {
                    if (!bad) note = fmt("first entry %u dev=%a host=%a", i, got, want);
                    bad++;
                }
            }
            row("16-bit tables", std::string(bf ? "bf16 " : "f16 ") + OPN[op] + " f' entries", nt, bad, note);
        }
    }
#endif
}

/* 1c. The 16-bit backward with a set of dy that test 1's one pseudo-random
   dy per x does not reach: every 16-bit x with each of 48 dy (both zeros,
   the least subnormal and the largest finite value of each sign, both
   infinities, a NaN, +-1, +-2^-10, and 37 pseudo-random bit patterns),
   backward and forward+backward, default parameters, against the host;
   one element past a 16-byte boundary (a scalar head and tail). */
static void test_16bit_dy_set(void) {
    const size_t ND = 48, n = 65536 * ND, b = 2 * (n + 1);
    std::vector<uint16_t> hx(n), hdy(n), r0(n), r1(n), e0(n), e1(n);
    DevBuf dx(b), ddy(b), d0(b), d1(b);
    for (int ti = 1; ti < 3; ti++) {
        const gpuact_dtype t = DTS[ti];
        const bool h16 = t == GPUACT_F16;
        const uint16_t sp[11] = {0x0000u, 0x8000u, 0x0001u, 0x8001u, (uint16_t)(h16 ? 0x7bffu : 0x7f7fu), (uint16_t)(h16 ? 0xfbffu : 0xff7fu),
                                 (uint16_t)(h16 ? 0x7c00u : 0x7f80u), (uint16_t)(h16 ? 0xfc00u : 0xff80u), (uint16_t)(h16 ? 0x7e00u : 0x7fc0u),
                                 (uint16_t)(h16 ? 0x3c00u : 0x3f80u), (uint16_t)(h16 ? 0x1400u : 0x3a80u)};
        for (size_t i = 0; i < n; i++) {
            const size_t k = i >> 16;
            hdy[i] = k < 11 ? sp[k] : k == 11 ? (uint16_t)(sp[9] | 0x8000u) : k == 12 ? (uint16_t)(sp[10] | 0x8000u)
                                                                           : (uint16_t)(tu_mix64(i * 7919u + 13u) >> 48);
            hx[i] = (uint16_t)((i * 40503u) & 0xffffu); /* every x once per dy */
        }
        h2d(dx.p + 2, hx.data(), 2 * n);
        h2d(ddy.p + 2, hdy.data(), 2 * n);
        for (int op = 1; op <= GPUACT_OP_COUNT; op++)
            for (int dir : {BWD, FWDBWD}) {
                const bool two = dir == FWDBWD;
                CK(cudaMemsetAsync(d0.p, 0xA5, b, g_stream));
                CK(cudaMemsetAsync(d1.p, 0xA5, b, g_stream));
                std::fill(r1.begin(), r1.end(), 0);
                std::fill(e1.begin(), e1.end(), 0);
                const gpuact_status sd = call(true, dir, (gpuact_op)op, t, NULL, dx.p + 2, ddy.p + 2, d0.p + 2, two ? d1.p + 2 : NULL, n);
                d2h(r0.data(), d0.p + 2, 2 * n);
                if (two) d2h(r1.data(), d1.p + 2, 2 * n);
                const gpuact_status sh = host_par(dir, (gpuact_op)op, t, NULL, hx.data(), hdy.data(), e0.data(), two ? e1.data() : NULL, n);
                Diff d = diff(r0.data(), e0.data(), n, 2);
                if (two) {
                    const Diff d2 = diff(r1.data(), e1.data(), n, 2);
                    if (!d.bad && d2.bad) d = d2;
                    else d.bad += d2.bad;
                }
                std::string note;
                if (sd != GPUACT_SUCCESS || sh != GPUACT_SUCCESS) {
                    note = fmt("status device %d host %d", (int)sd, (int)sh);
                    d.bad += n;
                } else if (d.bad) {
                    note = fmt("first x=0x%04x dy=0x%04x dev=0x%04x/0x%04x host=0x%04x/0x%04x", hx[d.first], hdy[d.first], r0[d.first],
                               r1[d.first], e0[d.first], e1[d.first]);
                }
                row("16-bit dy set", std::string(dtn(t)) + " " + OPN[op] + (two ? " forward+backward" : " backward"), n, d.bad, note);
            }
    }
}

/* ------------------------------------------------------------------------ */
/* 2. fp32 exhaustive (--exhaustive-f32)                                    */

__global__ void k_iota32(uint32_t *x, uint32_t base, size_t n) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        x[i] = base + (uint32_t)i;
}

static unsigned g_exh_ops = ~0u; /* bit op: the ops test 2 covers (--op) */
static void test_f32_exhaustive(void) {
#ifdef GPUACT_TEST_EMULATION
    const size_t chunk = (size_t)1 << 20, nchunks = 4, blk = 4096; /* a sample, spread over the range */
#else
    const size_t chunk = (size_t)1 << 28, nchunks = 16, blk = 4096; /* all of it */
#endif
    const uint64_t stride = ((uint64_t)1 << 32) / nchunks;
    DevBuf dx(4 * chunk), dy(4 * chunk);
    PinBuf hy(4 * chunk);
    unsigned long long bad[8][2] = {{0}};
    std::string first[8][2];
    for (size_t c = 0; c < nchunks; c++) {
        const uint32_t base = (uint32_t)(c * stride);
        LAUNCH(k_iota32, g_sms * 8, 256, g_stream, (uint32_t *)dx.p, base, chunk);
        CK(cudaGetLastError());
        for (int op = 1; op <= GPUACT_OP_COUNT; op++) {
            if (!((g_exh_ops >> op) & 1u)) continue;
            for (int dir = FWD; dir <= GRAD; dir++) {
                const gpuact_status sd = call(true, dir, (gpuact_op)op, GPUACT_F32, NULL, dx.p, NULL, dy.p, NULL, chunk);
                if (sd != GPUACT_SUCCESS) {
                    bad[op][dir] += chunk;
                    if (first[op][dir].empty()) first[op][dir] = fmt("device status %d", (int)sd);
                    continue;
                }
                d2h(hy.p, dy.p, 4 * chunk);
                std::atomic<unsigned long long> nbad(0);
                std::atomic<uint32_t> firstbits(0xffffffffu);
                const uint32_t *dev = (const uint32_t *)hy.p;
                par_for(chunk, [&](size_t b, size_t e) {
                    uint32_t xs[blk], ys[blk];
                    unsigned long long local = 0;
                    for (size_t i = b; i < e; i += blk) {
                        const size_t m = std::min(blk, e - i);
                        for (size_t k = 0; k < m; k++) xs[k] = base + (uint32_t)(i + k);
                        if (call(false, dir, (gpuact_op)op, GPUACT_F32, NULL, xs, NULL, ys, NULL, m) != GPUACT_SUCCESS) {
                            local += m;
                            continue;
                        }
                        for (size_t k = 0; k < m; k++)
                            if (ys[k] != dev[i + k]) {
                                if (local == 0) {
                                    uint32_t cur = firstbits.load();
                                    while (xs[k] < cur && !firstbits.compare_exchange_weak(cur, xs[k])) {
                                    }
                                }
                                local++;
                            }
                    }
                    nbad += local;
                }, 1u << 16);
                if (nbad.load()) {
                    bad[op][dir] += nbad.load();
                    if (first[op][dir].empty()) {
                        const uint32_t xb = firstbits.load();
                        float xf, r;
                        memcpy(&xf, &xb, 4);
                        gpuact_cfg cfg = gpuact_cfg_default();
                        r = dir == FWD ? gpuact_forward_f32((gpuact_op)op, xf, &cfg) : gpuact_grad_f32((gpuact_op)op, xf, &cfg);
                        uint32_t rb;
                        memcpy(&rb, &r, 4);
                        first[op][dir] = fmt("e.g. x=0x%08x dev=0x%08x host=0x%08x", xb, dev[xb - base], rb);
                    }
                }
            }
        }
        {
            /* the mismatches so far, so that a run cut short still says what it saw */
            unsigned long long sofar = 0;
            for (int op = 1; op <= GPUACT_OP_COUNT; op++) sofar += bad[op][FWD] + bad[op][GRAD];
            fprintf(stderr, "fp32 exhaustive: chunk %zu/%zu done, %llu differing so far\n", c + 1, nchunks, sofar);
        }
    }
    for (int op = 1; op <= GPUACT_OP_COUNT; op++)
        for (int dir = FWD; dir <= GRAD; dir++)
            if ((g_exh_ops >> op) & 1u)
                row("fp32 exhaustive", std::string(OPN[op]) + " " + DIRN[dir], (unsigned long long)chunk * nchunks,
                    bad[op][dir], first[op][dir]);
}

/* ------------------------------------------------------------------------ */
/* 3. fp32 random bit patterns                                              */

/* swish_tanh with a configuration its fp32 table tier does not take
   (gpuact__tt_st_cfg), so its other kernels meet the random tests too */
static gpuact_params swish_off_tier(void) {
    gpuact_params sw;
    memset(&sw, 0, sizeof sw);
    sw.set = GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI;
    sw.scale = 1.5f;
    sw.lo = -0.2f;
    sw.hi = 0.8f;
    return sw;
}
static void test_f32_random(void) {
    const int lg = g_quick ? 20 : 26; /* 2^lg backward pairs, 2^(lg-2) forward+backward */
    const size_t n = (size_t)1 << lg, b = 4 * n, nfb = n >> 2;
    std::vector<uint32_t> hx(n), hdy(n), r0(n), r1(n), e0(n), e1(n);
    par_for(n, [&](size_t lo, size_t hi) {
        for (size_t i = lo; i < hi; i++) {
            hx[i] = (uint32_t)tu_mix64(i * 2 + 0x1000000000ull);
            hdy[i] = (uint32_t)tu_mix64(i * 2 + 0x1000000001ull);
        }
    });
    DevBuf dx(b), ddy(b), d0(b), d1(b);
    h2d(dx.p, hx.data(), b);
    h2d(ddy.p, hdy.data(), b);
    struct Job {
        int dir;
        gpuact_op op;
        size_t n;
        const gpuact_params *p;
    };
    /* its fp32 forward and f' kernels there are not the exhaustive test's */
    const gpuact_params sw = swish_off_tier();
    std::vector<Job> jobs;
    for (int op = 1; op <= GPUACT_OP_COUNT; op++) jobs.push_back(Job{BWD, (gpuact_op)op, n, NULL});
    for (int op = 1; op <= GPUACT_OP_COUNT; op++) jobs.push_back(Job{FWDBWD, (gpuact_op)op, nfb, NULL});
    jobs.push_back(Job{BWDOUT, GPUACT_OP_ELU, n, NULL});
    jobs.push_back(Job{BWDOUT, GPUACT_OP_SELU, n, NULL});
    for (int dir = FWD; dir <= BWD; dir++) jobs.push_back(Job{dir, GPUACT_OP_SWISH_TANH, n, &sw});
    /* fast mode: every op and direction, host and device bit for bit */
    static gpuact_params fastp[GPUACT_OP_COUNT + 1];
    const gpuact_params none = {0, 0.0f, 0.0f, 0.0f, 0.0f, 0};
    for (int op = 1; op <= GPUACT_OP_COUNT; op++) {
        fastp[op] = fast_of(none);
        for (int dir = FWD; dir <= BWDOUT; dir++)
            if (dir != BWDOUT || op == GPUACT_OP_ELU || op == GPUACT_OP_SELU)
                jobs.push_back(Job{dir, (gpuact_op)op, dir == FWDBWD ? nfb : n, &fastp[op]});
    }
    for (const Job &j : jobs) {
        const gpuact_status sd =
            call(true, j.dir, j.op, GPUACT_F32, j.p, dx.p, has_in1(j.dir) ? ddy.p : NULL, d0.p, j.dir == FWDBWD ? d1.p : NULL, j.n);
        d2h(r0.data(), d0.p, 4 * j.n);
        if (j.dir == FWDBWD) d2h(r1.data(), d1.p, 4 * j.n);
        const gpuact_status sh = host_par(j.dir, j.op, GPUACT_F32, j.p, hx.data(), has_in1(j.dir) ? hdy.data() : NULL, e0.data(),
                                          j.dir == FWDBWD ? e1.data() : NULL, j.n);
        Diff d = diff(r0.data(), e0.data(), j.n, 4);
        unsigned long long checked = j.n;
        if (j.dir == FWDBWD) {
            const Diff d2 = diff(r1.data(), e1.data(), j.n, 4);
            if (d.bad == 0) d.first = d2.first;
            d.bad += d2.bad;
            checked += j.n;
        }
        std::string note;
        if (sd != GPUACT_SUCCESS || sh != GPUACT_SUCCESS) {
            note = fmt("status device %d host %d", (int)sd, (int)sh);
            d.bad += j.n;
        } else if (d.bad) {
            const size_t i = d.first;
            if (j.dir == FWDBWD)
                note = fmt("first x=0x%08x dy=0x%08x dev=0x%08x,0x%08x host=0x%08x,0x%08x", hx[i], hdy[i], r0[i], r1[i],
                           e0[i], e1[i]);
            else
                note = fmt("first x=0x%08x dy=0x%08x dev=0x%08x host=0x%08x", hx[i], hdy[i], r0[i], e0[i]);
        }
        const bool fast = j.p && (j.p->set & GPUACT_SET_MODE);
        row("fp32 random", std::string(j.p && !fast ? "swish_tanh(s=1.5,[-0.2,0.8])" : OPN[j.op]) + (fast ? " fast" : "") + " " + DIRN[j.dir] +
                               fmt(" (2^%d)", j.n == n ? lg : lg - 2),
            checked, d.bad, note);
    }
}

/* ------------------------------------------------------------------------ */
/* 4. bf16, n = 2^31 + 17                                                   */

/* element i of the big input: nonzero, mostly in [-16, 16), a quarter any pattern */
__host__ __device__ static inline uint16_t big_pat(uint64_t i) {
    const uint64_t h = tu_mix64(i ^ 0xb16b16ull);
    uint16_t v;
    if ((h & 3u) == 0) {
        v = (uint16_t)(h >> 16);
    } else {
        const uint32_t e = 119u + (uint32_t)((h >> 8) % 12u); /* 2^-8 .. 2^3 */
        v = (uint16_t)((((h >> 2) & 1u) << 15) | (e << 7) | ((h >> 20) & 0x7fu));
    }
    if ((v & 0x7fffu) == 0) v = 0x3f80u;
    return v;
}
__global__ void k_fill_big(uint16_t *x, size_t n) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        x[i] = big_pat(i);
}
__global__ void k_gather16(const uint16_t *src, const unsigned long long *idx, uint16_t *dst, size_t m) {
    for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < m; k += (size_t)gridDim.x * blockDim.x)
        dst[k] = src[idx[k]];
}

static void test_big(void) {
    if (g_quick) {
        skip_row("bf16 n=2^31+17", "all", "--quick");
        return;
    }
    const size_t n = ((size_t)1 << 31) + 17, cap = n + 8, bytes = 2 * cap;
    const gpuact_op op = GPUACT_OP_GELU_ERF;
    size_t freeb = 0, totalb = 0;
#ifdef GPUACT_TEST_EMULATION
    if (!getenv("GPUACT_EMU_BIG")) {
        skip_row("bf16 n=2^31+17", "all", "CPU emulation: set GPUACT_EMU_BIG=1 to run it");
        return;
    }
#endif
    CK(cudaMemGetInfo(&freeb, &totalb));
    if (freeb < 2 * bytes + ((size_t)256 << 20)) {
        skip_row("bf16 n=2^31+17", "all", fmt("needs %.1f GiB of free device memory", (2.0 * bytes) / (1 << 30)));
        return;
    }
    /* indices: the last 1041 elements and 2^20 random ones */
    std::vector<unsigned long long> idx;
    for (size_t i = ((size_t)1 << 31) - 1024; i < n; i++) idx.push_back(i);
    for (size_t k = 0; k < ((size_t)1 << 20); k++) idx.push_back(tu_mix64(k + 0xabcdefull) % n);
    const size_t m = idx.size();
    std::vector<uint16_t> expect(m), got(m);
    const gpuact_cfg cfg = gpuact_cfg_default();
    for (size_t k = 0; k < m; k++) expect[k] = gpuact_forward_bf16(op, big_pat(idx[k]), &cfg);

    DevBuf X(bytes), Y(bytes), I(8 * m), G(2 * m);
    h2d(I.p, idx.data(), 8 * m);
    LAUNCH(k_fill_big, g_sms * 8, 256, g_stream, (uint16_t *)X.p, n);
    CK(cudaGetLastError());
    CK(cudaMemsetAsync(Y.p, 0xA5, bytes, g_stream));
    uint16_t *x = (uint16_t *)X.p, *y = (uint16_t *)Y.p;

    auto check = [&](const std::string &what, gpuact_status st, const uint16_t *out, const uint16_t *sentinel_at,
                     size_t nsentinel, const uint16_t *sentinel2) {
        LAUNCH(k_gather16, g_sms * 8, 256, g_stream, out, (const unsigned long long *)I.p, (uint16_t *)G.p, m);
        CK(cudaGetLastError());
        d2h(got.data(), G.p, 2 * m);
        unsigned long long bad = 0;
        size_t first = 0;
        for (size_t k = 0; k < m; k++)
            if (got[k] != expect[k]) {
                if (!bad) first = k;
                bad++;
            }
        uint16_t s[9];
        d2h(s, sentinel_at, 2 * nsentinel);
        unsigned long long sbad = 0;
        for (size_t k = 0; k < nsentinel; k++) sbad += s[k] != 0xA5A5u;
        if (sentinel2) {
            d2h(s + 8, sentinel2, 2);
            sbad += s[8] != 0xA5A5u;
        }
        std::string note;
        if (st != GPUACT_SUCCESS) note = fmt("status %d (%s); ", (int)st, gpuact_status_string(st));
        if (bad) note += fmt("first i=%llu x=0x%04x dev=0x%04x host=0x%04x; ", idx[first], big_pat(idx[first]), got[first], expect[first]);
        if (sbad) note += fmt("%llu sentinel elements overwritten", sbad);
        row("bf16 n=2^31+17", what, m + nsentinel + (sentinel2 ? 1 : 0), bad + sbad + (st != GPUACT_SUCCESS), note);
    };
    gpuact_status st = gpuact_forward_device(op, GPUACT_BF16, NULL, x, y, n, g_stream);
    check("gelu_erf forward, aligned (vector path)", st, y, y + n, 8, NULL);
    {
        /* fast mode's kernel (one chunk a block: 2^22 blocks here) */
        const gpuact_params none = {0, 0.0f, 0.0f, 0.0f, 0.0f, 0}, fp = fast_of(none);
        const std::vector<uint16_t> acc = expect;
        for (size_t k = 0; k < m; k++) {
            const uint16_t xb = big_pat(idx[k]);
            if (gpuact_forward_host(op, GPUACT_BF16, &fp, &xb, &expect[k], 1) != GPUACT_SUCCESS) expect[k] = 0xdeadu;
        }
        CK(cudaMemsetAsync(Y.p, 0xA5, bytes, g_stream));
        st = gpuact_forward_device(op, GPUACT_BF16, &fp, x, y, n, g_stream);
        check("gelu_erf fast forward, aligned", st, y, y + n, 8, NULL);
        expect = acc;
    }
    CK(cudaMemsetAsync(Y.p, 0xA5, bytes, g_stream));
    st = gpuact_forward_device(op, GPUACT_BF16, NULL, x, y + 1, n, g_stream);
    check("gelu_erf forward, y+1 (scalar path, 2^31+ items)", st, y + 1, y + n + 1, 7, y);
    st = gpuact_forward_device(op, GPUACT_BF16, NULL, x, x, n, g_stream);
    check("gelu_erf forward, in place", st, x, y + n + 1, 0, NULL);
}

/* ------------------------------------------------------------------------ */
/* 5. misalignment                                                          */

static void test_misaligned(void) {
    const gpuact_params none = {0, 0.0f, 0.0f, 0.0f, 0.0f, 0}, fastp = fast_of(none);
    const size_t maxn = 4099, cap = 4 * (maxn + 64);
    const size_t ns[4] = {1, 7, 1000, 4099};
    std::vector<unsigned char> hx(cap), hdy(cap), ho(cap), he(cap);
    DevBuf bx(cap), bdy(cap), bo(cap);
    for (int ti = 0; ti < 3; ti++) {
        const gpuact_dtype t = DTS[ti];
        const size_t e = esz(t);
        fill_var(t, hx.data(), cap / e, 11 + ti);
        fill_var(t, hdy.data(), cap / e, 21 + ti);
        h2d(bx.p, hx.data(), cap);
        h2d(bdy.p, hdy.data(), cap);
        /* kind 0: forward; 1: backward, dy offset = x offset + 3 (mod 16); 2: backward, dy offset = x offset */
        for (int kind = 0; kind < 3; kind++) {
            const int dir = kind == 0 ? FWD : BWD;
            unsigned long long combos = 0, bad = 0;
            std::string note;
            for (size_t xo = 0; xo < 16; xo++)
                for (size_t yo = 0; yo < 16; yo++)
                    for (int ni = 0; ni < 4; ni++) {
                        const size_t n = ns[ni], dyo = kind == 1 ? (xo + 3) % 16 : xo;
                        const gpuact_op op = (gpuact_op)(1 + (xo * 16 + yo + (size_t)ni) % GPUACT_OP_COUNT);
                        /* every other combination in fast mode (its own kernels) */
                        const gpuact_params *P = (xo + yo + (size_t)ni) & 1u ? &fastp : NULL;
                        CK(cudaMemsetAsync(bo.p, 0xA5, cap, g_stream));
                        const gpuact_status sd = call(true, dir, op, t, P, bx.p + xo * e, dir == BWD ? bdy.p + dyo * e : NULL,
                                                      bo.p + yo * e, NULL, n);
                        d2h(ho.data(), bo.p, cap);
                        memset(he.data(), 0xA5, cap);
                        const gpuact_status sh = call(false, dir, op, t, P, hx.data() + xo * e,
                                                      dir == BWD ? hdy.data() + dyo * e : NULL, he.data() + yo * e, NULL, n);
                        combos++;
                        if (sd != GPUACT_SUCCESS || sh != GPUACT_SUCCESS || memcmp(ho.data(), he.data(), cap) != 0) {
                            if (!bad) {
                                const Diff d = diff(ho.data(), he.data(), cap / e, e);
                                note = fmt("first: %s%s x+%zu dy+%zu y+%zu n=%zu: status %d/%d, %llu elements differ (first at %td)",
                                           OPN[op], P ? " fast" : "", xo, dyo, yo, n, (int)sd, (int)sh, d.bad,
                                           (ptrdiff_t)d.first - (ptrdiff_t)yo);
                            }
                            bad++;
                        }
                    }
            row("misalignment", std::string(dtn(t)) + (kind == 0 ? " forward" : (kind == 1 ? " backward, dy off x+3" : " backward, dy off x")),
                combos, bad, note);
        }
        /* pointers not aligned to their element size (byte offsets) */
        {
            static const size_t offs[6][3] = {{1, 1, 0}, {0, 0, 3}, {1, 1, 1}, {2, 2, 2}, {3, 1, 2}, {2, 0, 1}}; /* x, dy, y */
            unsigned long long combos = 0, bad = 0;
            std::string note;
            for (int k = 0; k < 6; k++)
                for (int ni = 0; ni < 4; ni++)
                    for (int dir = FWD; dir <= BWD; dir += BWD - FWD) {
                        const size_t n = ns[ni], xo = offs[k][0], dyo = offs[k][1], yo = offs[k][2];
                        if (xo % e == 0 && dyo % e == 0 && yo % e == 0) continue;
                        const gpuact_op op = (gpuact_op)(1 + (k + ni) % GPUACT_OP_COUNT);
                        CK(cudaMemsetAsync(bo.p, 0xA5, cap, g_stream));
                        const gpuact_status sd = call(true, dir, op, t, NULL, bx.p + xo, dir == BWD ? bdy.p + dyo : NULL, bo.p + yo, NULL, n);
                        d2h(ho.data(), bo.p, cap);
                        memset(he.data(), 0xA5, cap);
                        const gpuact_status sh = call(false, dir, op, t, NULL, hx.data() + xo, dir == BWD ? hdy.data() + dyo : NULL,
                                                      he.data() + yo, NULL, n);
                        combos++;
                        if (sd != GPUACT_SUCCESS || sh != GPUACT_SUCCESS || memcmp(ho.data(), he.data(), cap) != 0) {
                            if (!bad)
                                note = fmt("first: %s %s bytes x+%zu dy+%zu y+%zu n=%zu, status %d/%d", OPN[op], DIRN[dir], xo, dyo,
                                           yo, n, (int)sd, (int)sh);
                            bad++;
                        }
                    }
            row("misalignment", std::string(dtn(t)) + " byte offsets (not element-aligned)", combos, bad, note);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* 6. in place                                                              */

static void test_inplace(void) {
    const size_t n = g_quick ? 4099 : 100003, cap = 4 * (n + 8);
    /* A = x or y (input 0), B = dy; which arrays each output goes to */
    struct V {
        const char *name;
        int dir;
        char o0, o1; /* 'A' or 'B' */
    };
    static const V vs[] = {{"forward, y == x", FWD, 'A', 0},
                           {"grad, d == x", GRAD, 'A', 0},
                           {"backward, dx == dy", BWD, 'B', 0},
                           {"backward, dx == x", BWD, 'A', 0},
                           {"fwd+bwd, y == x, dx == dy", FWDBWD, 'A', 'B'},
                           {"fwd+bwd, y == dy, dx == x", FWDBWD, 'B', 'A'},
                           {"bwd-from-y, dx == dy", BWDOUT, 'B', 0},
                           {"bwd-from-y, dx == y", BWDOUT, 'A', 0}};
    std::vector<unsigned char> ha(cap), hb(cap), ea(cap), eb(cap), ra(cap), rb(cap);
    DevBuf A(cap), B(cap);
    for (int ti = 0; ti < 3; ti++) {
        const gpuact_dtype t = DTS[ti];
        const size_t e = esz(t);
        fill_var(t, ha.data(), cap / e, 31 + ti);
        fill_var(t, hb.data(), cap / e, 41 + ti);
        for (const V &v : vs) {
            unsigned long long runs = 0, bad = 0;
            std::string note;
            for (int op = 1; op <= GPUACT_OP_COUNT; op++) {
                if (v.dir == BWDOUT && op != GPUACT_OP_ELU && op != GPUACT_OP_SELU) continue;
                for (size_t off = 0; off < 2; off++) { /* element offset 0 and 1: head peeling too */
                    h2d(A.p, ha.data(), cap);
                    h2d(B.p, hb.data(), cap);
                    ea = ha;
                    eb = hb;
                    unsigned char *da = A.p + off * e, *db = B.p + off * e, *pa = ea.data() + off * e, *pb = eb.data() + off * e;
                    const gpuact_status sd = call(true, v.dir, (gpuact_op)op, t, NULL, da, has_in1(v.dir) ? db : NULL,
                                                  v.o0 == 'A' ? da : db, v.o1 ? (v.o1 == 'A' ? da : db) : NULL, n);
                    const gpuact_status sh = call(false, v.dir, (gpuact_op)op, t, NULL, pa, has_in1(v.dir) ? pb : NULL,
                                                  v.o0 == 'A' ? pa : pb, v.o1 ? (v.o1 == 'A' ? pa : pb) : NULL, n);
                    d2h(ra.data(), A.p, cap);
                    d2h(rb.data(), B.p, cap);
                    runs++;
                    if (sd != GPUACT_SUCCESS || sh != GPUACT_SUCCESS || ra != ea || rb != eb) {
                        if (!bad) {
                            const Diff da2 = diff(ra.data(), ea.data(), cap / e, e), db2 = diff(rb.data(), eb.data(), cap / e, e);
                            note = fmt("first: %s offset %zu: status %d/%d, %llu + %llu elements differ", OPN[op], off, (int)sd,
                                       (int)sh, da2.bad, db2.bad);
                        }
                        bad++;
                    }
                }
            }
            row("in place", std::string(dtn(t)) + " " + v.name, runs, bad, note);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* 7. CUDA graph                                                            */

/* Capture forward+backward (f32), forward and backward (bf16) on a fresh
   stream in `mode`, check the graph, replay it 3 times against the host. */
static void test_graph_mode(enum cudaStreamCaptureMode mode, const char *mname) {
    const size_t n = ((size_t)1 << (g_quick ? 14 : 20)) + 3, b32 = 4 * n, b16 = 2 * n;
    std::vector<unsigned char> hx(b32), hdy(b32), hxb(b16), hdyb(b16);
    std::vector<unsigned char> ey(b32), edx(b32), eyb(b16), edxb(b16), ry(b32), rdx(b32), ryb(b16), rdxb(b16);
    fill_var(GPUACT_F32, hx.data(), n, 51);
    fill_var(GPUACT_F32, hdy.data(), n, 52);
    fill_var(GPUACT_BF16, hxb.data(), n, 53);
    fill_var(GPUACT_BF16, hdyb.data(), n, 54);
    const gpuact_params sw = swish_off_tier();
    /* expected, on the host */
    gpuact_status s = gpuact_forward_backward_host(GPUACT_OP_GELU_TANH, GPUACT_F32, NULL, hx.data(), hdy.data(), ey.data(),
                                                   edx.data(), n);
    if (s == GPUACT_SUCCESS) s = gpuact_forward_host(GPUACT_OP_SILU, GPUACT_BF16, NULL, hxb.data(), eyb.data(), n);
    if (s == GPUACT_SUCCESS) s = gpuact_backward_host(GPUACT_OP_SWISH_TANH, GPUACT_BF16, &sw, hxb.data(), hdyb.data(), edxb.data(), n);
    if (s != GPUACT_SUCCESS) {
        row("CUDA graph", "host reference", 1, 1, gpuact_status_string(s));
        return;
    }
    DevBuf x(b32), dy(b32), y(b32), dx(b32), xb(b16), dyb(b16), yb(b16), dxb(b16);
    h2d(x.p, hx.data(), b32);
    h2d(dy.p, hdy.data(), b32);
    h2d(xb.p, hxb.data(), b16);
    h2d(dyb.p, hdyb.data(), b16);
    CK(cudaStreamSynchronize(g_stream));

    cudaStream_t cs;
    CK(cudaStreamCreateWithFlags(&cs, cudaStreamNonBlocking));
    cudaGraph_t graph = NULL;
    CK(cudaStreamBeginCapture(cs, mode));
    const gpuact_status s1 = gpuact_forward_backward_device(GPUACT_OP_GELU_TANH, GPUACT_F32, NULL, x.p, dy.p, y.p, dx.p, n, cs);
    const gpuact_status s2 = gpuact_forward_device(GPUACT_OP_SILU, GPUACT_BF16, NULL, xb.p, yb.p, n, cs);
    const gpuact_status s3 = gpuact_backward_device(GPUACT_OP_SWISH_TANH, GPUACT_BF16, &sw, xb.p, dyb.p, dxb.p, n, cs);
    const cudaError_t ec = cudaStreamEndCapture(cs, &graph);
    row("CUDA graph", fmt("%s capture of 3 calls", mname), 4,
        (s1 != GPUACT_SUCCESS) + (s2 != GPUACT_SUCCESS) + (s3 != GPUACT_SUCCESS) + (ec != cudaSuccess),
        fmt("statuses %d %d %d, end capture: %s", (int)s1, (int)s2, (int)s3, cudaGetErrorString(ec)));
    if (ec != cudaSuccess || graph == NULL) {
        (void)cudaGetLastError();
        if (graph) CK(cudaGraphDestroy(graph));
        CK(cudaStreamDestroy(cs));
        return;
    }
    size_t nn = 0;
    CK(cudaGraphGetNodes(graph, NULL, &nn));
    std::vector<cudaGraphNode_t> nodes(nn);
    if (nn) CK(cudaGraphGetNodes(graph, nodes.data(), &nn));
    unsigned long long kernels = 0;
    for (size_t i = 0; i < nn; i++) {
        cudaGraphNodeType ty;
        CK(cudaGraphNodeGetType(nodes[i], &ty));
        kernels += ty == cudaGraphNodeTypeKernel;
    }
    row("CUDA graph", fmt("%s: graph holds exactly 3 kernel nodes", mname), 1, !(nn == 3 && kernels == 3),
        fmt("%zu nodes, %llu kernels", nn, kernels));
    cudaGraphExec_t exec;
    CK(cudaGraphInstantiateWithFlags(&exec, graph, 0));
    for (int rep = 0; rep < 3; rep++) {
        CK(cudaMemsetAsync(y.p, 0, b32, cs));
        CK(cudaMemsetAsync(dx.p, 0, b32, cs));
        CK(cudaMemsetAsync(yb.p, 0, b16, cs));
        CK(cudaMemsetAsync(dxb.p, 0, b16, cs));
        CK(cudaGraphLaunch(exec, cs));
        CK(cudaMemcpyAsync(ry.data(), y.p, b32, cudaMemcpyDeviceToHost, cs));
        CK(cudaMemcpyAsync(rdx.data(), dx.p, b32, cudaMemcpyDeviceToHost, cs));
        CK(cudaMemcpyAsync(ryb.data(), yb.p, b16, cudaMemcpyDeviceToHost, cs));
        CK(cudaMemcpyAsync(rdxb.data(), dxb.p, b16, cudaMemcpyDeviceToHost, cs));
        CK(cudaStreamSynchronize(cs));
        const unsigned long long bad = diff(ry.data(), ey.data(), n, 4).bad + diff(rdx.data(), edx.data(), n, 4).bad +
                                       diff(ryb.data(), eyb.data(), n, 2).bad + diff(rdxb.data(), edxb.data(), n, 2).bad;
        row("CUDA graph", fmt("%s: replay %d equals the host", mname, rep + 1), 4 * n, bad);
    }
    CK(cudaGraphExecDestroy(exec));
    CK(cudaGraphDestroy(graph));
    CK(cudaStreamDestroy(cs));
}
/* global mode is the strictest (and what "capturable" means here); relaxed
   runs too, so that a failure in global mode is easy to place */
static void test_graph(void) {
    test_graph_mode(cudaStreamCaptureModeGlobal, "global mode");
    test_graph_mode(cudaStreamCaptureModeRelaxed, "relaxed mode");
}

/* ------------------------------------------------------------------------ */
/* 8. bad input                                                             */

enum { P_NULL, P_X, P_DY, P_Y, P_DX, P_X1, P_DY1, P_Y1, P_HOST, P_PINNED, P_OTHER };
struct BadCase {
    const char *name;
    int dir, op, dtype;
    int par; /* 0 defaults, 1 unknown bit, 2 alpha NaN, 3 alpha inf, 4 scale NaN, 5 lo > hi, 6 hi NaN, 7 elu alpha -1,
                8 mode 2 */
    int in0, in1, o0, o1;
    int n; /* 0: 0, 1: 64, 2: SIZE_MAX / 2 */
    gpuact_status expect;
};

static void test_bad_input(int ndev) {
    const size_t n = 64, cap = 4 * (n + 16);
    std::vector<unsigned char> hx(cap), hdy(cap), hy(cap), hdx(cap), hpage(cap), ref(cap), got(cap);
    fill_var(GPUACT_F32, hx.data(), cap / 4, 61);
    fill_var(GPUACT_F32, hdy.data(), cap / 4, 62);
    DevBuf x(cap), dy(cap), y(cap), dx(cap);
    PinBuf pin(cap);
    h2d(x.p, hx.data(), cap);
    h2d(dy.p, hdy.data(), cap);
    CK(cudaMemsetAsync(y.p, 0xA5, cap, g_stream));
    CK(cudaMemsetAsync(dx.p, 0xA5, cap, g_stream));
    memset(pin.p, 0xA5, cap);
    memset(hpage.data(), 0xA5, cap);
    CK(cudaStreamSynchronize(g_stream));
    unsigned char *other = NULL;
    if (ndev > 1) {
        CK(cudaSetDevice(1));
        CK(cudaMalloc((void **)&other, cap));
        CK(cudaMemset(other, 0xA5, cap));
        CK(cudaDeviceSynchronize());
        CK(cudaSetDevice(0));
    }
    const float nan = gpuact__u2f(0x7fc00000u), inf = gpuact__u2f(0x7f800000u);
    static const BadCase cases[] = {
        {"pageable host x, forward", FWD, 1, 1, 0, P_HOST, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"pageable host y, forward", FWD, 1, 1, 0, P_X, P_NULL, P_HOST, P_NULL, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"pageable host dy, backward", BWD, 2, 2, 0, P_X, P_HOST, P_DX, P_NULL, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"pageable host dx, fwd+bwd", FWDBWD, 6, 3, 0, P_X, P_DY, P_Y, P_HOST, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"pinned host x, forward", FWD, 1, 1, 0, P_PINNED, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"pinned host dx, backward", BWD, 3, 1, 0, P_X, P_DY, P_PINNED, P_NULL, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"pinned host y, bwd-from-y", BWDOUT, 4, 1, 0, P_PINNED, P_DY, P_DX, P_NULL, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"pinned host dy, fwd+bwd", FWDBWD, 5, 2, 0, P_X, P_PINNED, P_Y, P_DX, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"another device's memory as x", FWD, 1, 1, 0, P_OTHER, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"another device's memory as dx", BWD, 1, 1, 0, P_X, P_DY, P_OTHER, P_NULL, 1, GPUACT_ERROR_NOT_DEVICE_POINTER},
        {"NULL x, n > 0", FWD, 1, 1, 0, P_NULL, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_NULL_POINTER},
        {"NULL y, n > 0", FWD, 1, 1, 0, P_X, P_NULL, P_NULL, P_NULL, 1, GPUACT_ERROR_NULL_POINTER},
        {"NULL d, grad", GRAD, 1, 2, 0, P_X, P_NULL, P_NULL, P_NULL, 1, GPUACT_ERROR_NULL_POINTER},
        {"NULL dy, backward", BWD, 1, 1, 0, P_X, P_NULL, P_DX, P_NULL, 1, GPUACT_ERROR_NULL_POINTER},
        {"NULL dx, fwd+bwd", FWDBWD, 1, 1, 0, P_X, P_DY, P_Y, P_NULL, 1, GPUACT_ERROR_NULL_POINTER},
        {"NULL dy, bwd-from-y", BWDOUT, 4, 1, 0, P_X, P_NULL, P_DX, P_NULL, 1, GPUACT_ERROR_NULL_POINTER},
        {"op 0", FWD, 0, 1, 0, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_OP},
        {"op 8", GRAD, 8, 1, 0, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_OP},
        {"op 0 with n = 0", FWD, 0, 1, 0, P_NULL, P_NULL, P_NULL, P_NULL, 0, GPUACT_ERROR_INVALID_OP},
        {"dtype 0", FWD, 1, 0, 0, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_DTYPE},
        {"dtype 5", BWD, 1, 5, 0, P_X, P_DY, P_DX, P_NULL, 1, GPUACT_ERROR_INVALID_DTYPE},
        {"params: unknown set bit", FWD, 7, 1, 1, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_PARAMS},
        {"params: mode 2", FWD, 6, 3, 8, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_PARAMS},
        {"params: alpha NaN", FWD, 4, 1, 2, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_PARAMS},
        {"params: alpha inf", BWD, 4, 1, 3, P_X, P_DY, P_DX, P_NULL, 1, GPUACT_ERROR_INVALID_PARAMS},
        {"params: scale NaN", FWD, 7, 1, 4, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_PARAMS},
        {"params: lo > hi", GRAD, 7, 3, 5, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_PARAMS},
        {"params: hi NaN", FWD, 7, 2, 6, P_X, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_INVALID_PARAMS},
        {"overlap: y = x + 1 element", FWD, 1, 1, 0, P_X, P_NULL, P_X1, P_NULL, 1, GPUACT_ERROR_OVERLAP},
        {"overlap: x = y + 1 element", FWD, 1, 1, 0, P_Y1, P_NULL, P_Y, P_NULL, 1, GPUACT_ERROR_OVERLAP},
        {"overlap: dx = dy + 1 element", BWD, 2, 2, 0, P_X, P_DY, P_DY1, P_NULL, 1, GPUACT_ERROR_OVERLAP},
        {"overlap: fwd+bwd y == dx", FWDBWD, 1, 1, 0, P_X, P_DY, P_Y, P_Y, 1, GPUACT_ERROR_OVERLAP},
        {"overlap: fwd+bwd dx = y + 1", FWDBWD, 1, 3, 0, P_X, P_DY, P_Y, P_Y1, 1, GPUACT_ERROR_OVERLAP},
        {"n * size wraps the address space", FWD, 1, 1, 0, P_X, P_NULL, P_Y, P_NULL, 2, GPUACT_ERROR_OVERLAP},
        {"bwd-from-y of gelu_erf", BWDOUT, 1, 1, 0, P_X, P_DY, P_DX, P_NULL, 1, GPUACT_ERROR_UNSUPPORTED},
        {"bwd-from-y of silu, n = 0", BWDOUT, 6, 1, 0, P_NULL, P_NULL, P_NULL, P_NULL, 0, GPUACT_ERROR_UNSUPPORTED},
        {"bwd-from-y of elu, alpha = -1", BWDOUT, 4, 1, 7, P_X, P_DY, P_DX, P_NULL, 1, GPUACT_ERROR_UNSUPPORTED},
        {"n = 0, NULL pointers", FWDBWD, 1, 1, 0, P_NULL, P_NULL, P_NULL, P_NULL, 0, GPUACT_SUCCESS},
        {"n = 0, host pointers (no CUDA call)", BWD, 1, 1, 0, P_HOST, P_PINNED, P_HOST, P_NULL, 0, GPUACT_SUCCESS},
    };
    for (const BadCase &c : cases) {
        const bool needs_other = c.in0 == P_OTHER || c.in1 == P_OTHER || c.o0 == P_OTHER || c.o1 == P_OTHER;
        if (needs_other && !other) {
            skip_row("bad input", c.name, "needs a second GPU");
            continue;
        }
        gpuact_params p;
        memset(&p, 0, sizeof p);
        switch (c.par) {
        case 1: p.set = 0x80u; break;
        case 8: p.set = GPUACT_SET_MODE; p.mode = 2; break;
        case 2: p.set = GPUACT_SET_ALPHA; p.alpha = nan; break;
        case 3: p.set = GPUACT_SET_ALPHA; p.alpha = inf; break;
        case 4: p.set = GPUACT_SET_SCALE; p.scale = nan; break;
        case 5: p.set = GPUACT_SET_LO | GPUACT_SET_HI; p.lo = 0.5f; p.hi = 0.25f; break;
        case 6: p.set = GPUACT_SET_HI; p.hi = nan; break;
        case 7: p.set = GPUACT_SET_ALPHA; p.alpha = -1.0f; break;
        default: break;
        }
        const size_t cn = c.n == 0 ? 0 : (c.n == 1 ? n : (size_t)-1 / 2);
        /* device pointers, and the host analog with the same layout where there is one */
        bool host_analog = true;
        auto ptr = [&](int w, bool dev) -> unsigned char * {
            switch (w) {
            case P_X: return dev ? x.p : hx.data();
            case P_DY: return dev ? dy.p : hdy.data();
            case P_Y: return dev ? y.p : hy.data();
            case P_DX: return dev ? dx.p : hdx.data();
            case P_X1: return (dev ? x.p : hx.data()) + 4;
            case P_DY1: return (dev ? dy.p : hdy.data()) + 4;
            case P_Y1: return (dev ? y.p : hy.data()) + 4;
            case P_HOST: host_analog = false; return hpage.data();
            case P_PINNED: host_analog = false; return pin.p;
            case P_OTHER: host_analog = false; return other;
            default: return NULL;
            }
        };
        const gpuact_status sd = call(true, c.dir, (gpuact_op)c.op, (gpuact_dtype)c.dtype, c.par ? &p : NULL, ptr(c.in0, true),
                                      ptr(c.in1, true), ptr(c.o0, true), ptr(c.o1, true), cn);
        gpuact_status sh = c.expect;
        if (host_analog)
            sh = call(false, c.dir, (gpuact_op)c.op, (gpuact_dtype)c.dtype, c.par ? &p : NULL, ptr(c.in0, false), ptr(c.in1, false),
                      ptr(c.o0, false), ptr(c.o1, false), cn);
        const cudaError_t le = cudaPeekAtLastError();
        row("bad input", c.name, 1, (sd != c.expect) + (sh != c.expect) + (le != cudaSuccess),
            fmt("device %d, host %s, expected %d (%s)%s", (int)sd, host_analog ? fmt("%d", (int)sh).c_str() : "-", (int)c.expect,
                gpuact_status_string(c.expect), le != cudaSuccess ? fmt("; pending CUDA error %s", cudaGetErrorString(le)).c_str() : ""));
    }
    /* nothing was written by any of them */
    {
        CK(cudaDeviceSynchronize());
        unsigned long long bad = 0;
        std::vector<unsigned char> s(cap, 0xA5);
        d2h(got.data(), y.p, cap);
        bad += got != s;
        d2h(got.data(), dx.p, cap);
        bad += got != s;
        bad += memcmp(pin.p, s.data(), cap) != 0;
        bad += hpage != s;
        if (other) {
            CK(cudaMemcpy(got.data(), other, cap, cudaMemcpyDeviceToHost));
            bad += got != s;
        }
        row("bad input", "no output written by any of them", other ? 5 : 4, bad);
    }
    /* managed memory is accepted */
    {
        unsigned char *man = NULL;
        CK(cudaMallocManaged((void **)&man, cap));
        memcpy(man, hx.data(), cap);
        const gpuact_status st = gpuact_forward_device(GPUACT_OP_SILU, GPUACT_F32, NULL, man, y.p, n, g_stream);
        d2h(got.data(), y.p, 4 * n);
        const gpuact_status sh = gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, NULL, hx.data(), ref.data(), n);
        row("bad input", "managed memory as x: accepted, right results", n + 1,
            (st != GPUACT_SUCCESS) + (sh != GPUACT_SUCCESS) + diff(got.data(), ref.data(), n, 4).bad, fmt("status %d", (int)st));
        CK(cudaFree(man));
    }
    /* the context is still usable */
    {
        const gpuact_status st = gpuact_backward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x.p, dy.p, dx.p, n, g_stream);
        const cudaError_t le = cudaGetLastError();
        const cudaError_t se = cudaStreamSynchronize(g_stream);
        d2h(got.data(), dx.p, 4 * n);
        const gpuact_status sh = gpuact_backward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, hx.data(), hdy.data(), ref.data(), n);
        row("bad input", "afterwards: a normal call works, no CUDA error", n + 3,
            (st != GPUACT_SUCCESS) + (le != cudaSuccess) + (se != cudaSuccess) + (sh != GPUACT_SUCCESS) +
                diff(got.data(), ref.data(), n, 4).bad,
            fmt("status %d, cudaGetLastError %s, sync %s", (int)st, cudaGetErrorString(le), cudaGetErrorString(se)));
    }
    if (other) {
        CK(cudaSetDevice(1));
        CK(cudaFree(other));
        CK(cudaSetDevice(0));
    }
}

/* ------------------------------------------------------------------------ */
/* 9. pass tickets                                                          */

/* differing words (of e bytes) between a and b, added to *bad */
__global__ void k_count_diff(const unsigned char *a, const unsigned char *b, size_t n, size_t e, unsigned long long *bad) {
    unsigned long long m = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        m += e == 4 ? ((const uint32_t *)a)[i] != ((const uint32_t *)b)[i] : ((const uint16_t *)a)[i] != ((const uint16_t *)b)[i];
    if (m) atomicAdd(bad, m);
}

static void test_tickets(bool alone) {
    if (g_quick && !alone) {
        /* compute-sanitizer's racecheck cannot follow the tickets' ring (flags
           in shared memory, volatile with fences, no barrier): it reports
           each of its accesses as a potential hazard. memcheck runs it as
           --tickets in a build with -DGPUACT__TICKET_BYTES=65536. */
        skip_row("tickets", "all", "--quick (run it as --tickets)");
        return;
    }
    struct Case {
        int dir;
        gpuact_op op;
        gpuact_dtype t;
        size_t n, off;
    };
    /* 4 times the bytes from which a launch takes tickets (fp32 and 16-bit
       alike): 64 MB, or 256 KB in builds that lower GPUACT__TICKET_BYTES
       (test_device_emu.cpp; -DGPUACT__TICKET_BYTES=65536 for
       compute-sanitizer, with --tickets) */
    const size_t nf = (size_t)GPUACT__TICKET_BYTES + 13;
    const Case cases[] = {
        {BWD, GPUACT_OP_GELU_ERF, GPUACT_F32, nf, 0},    /* the table tier's kernel, U = 2 */
        {FWDBWD, GPUACT_OP_ELU, GPUACT_F32, nf, 0},      /* U = 1: two block-passes a ticket */
        {FWDBWD, GPUACT_OP_SELU, GPUACT_F32, nf, 1},     /* U = 1, two outputs, a 3-element head */
        {BWD, GPUACT_OP_SILU, GPUACT_BF16, 2 * nf, 0},   /* the 16-bit tier's, U = 2 */
        {BWD, GPUACT_OP_GELU_TANH, GPUACT_F16, 2 * nf, 3},
        {FWDBWD, GPUACT_OP_ELU, GPUACT_BF16, 2 * nf, 0},
    };
    const int S = 24, R = 3, TH = 4;
    for (const Case &c : cases) {
        const size_t e = esz(c.t), bytes = (c.n + c.off + 8) * e, piece = (GPUACT__TICKET_BYTES / 4) / e * 4; /* under the bytes that take tickets */
        DevBuf X(bytes), DY(bytes), REF0(bytes), REF1(bytes), BAD(8);
        std::vector<unsigned char> h(bytes);
        fill_var(c.t, h.data(), bytes / e, 901);
        h2d(X.p, h.data(), bytes);
        fill_var(c.t, h.data(), bytes / e, 902);
        h2d(DY.p, h.data(), bytes);
        const unsigned char *x = X.p + c.off * e, *dy = DY.p + c.off * e;
        const bool two = c.dir == FWDBWD;
        gpuact_status st = GPUACT_SUCCESS;
        CK(cudaMemsetAsync(REF0.p, 0xA5, bytes, g_stream));
        CK(cudaMemsetAsync(REF1.p, 0xA5, bytes, g_stream));
        for (size_t b = 0; b < c.n && st == GPUACT_SUCCESS; b += piece) {
            const size_t m = std::min(piece, c.n - b);
            st = call(true, c.dir, c.op, c.t, NULL, x + b * e, has_in1(c.dir) ? dy + b * e : NULL, REF0.p + (c.off + b) * e,
                      two ? REF1.p + (c.off + b) * e : NULL, m);
        }
        CK(cudaStreamSynchronize(g_stream));
        /* the outputs of S streams, then of TH threads with 2 streams each */
        std::vector<cudaStream_t> ss(S + 2 * TH);
        for (auto &q : ss) CK(cudaStreamCreateWithFlags(&q, cudaStreamNonBlocking));
        std::vector<DevBuf *> o0, o1;
        for (int i = 0; i < S + 2 * TH; i++) {
            o0.push_back(new DevBuf(bytes));
            o1.push_back(new DevBuf(two ? bytes : 8));
        }
        std::atomic<int> bad_status(st == GPUACT_SUCCESS ? 0 : (int)st);
        auto one = [&](int i) {
            CK(cudaMemsetAsync(o0[i]->p, 0xA5, bytes, ss[i]));
            if (two) CK(cudaMemsetAsync(o1[i]->p, 0xA5, bytes, ss[i]));
            const gpuact_status s2 = call(true, c.dir, c.op, c.t, NULL, x, has_in1(c.dir) ? dy : NULL, o0[i]->p + c.off * e,
                                          two ? o1[i]->p + c.off * e : NULL, c.n, ss[i]);
            if (s2 != GPUACT_SUCCESS) bad_status = (int)s2;
        };
        for (int r = 0; r < R; r++)
            for (int i = 0; i < S; i++) one(i);
        std::vector<std::thread> th;
        for (int t = 0; t < TH; t++)
            th.emplace_back([&, t] {
                for (int r = 0; r < R; r++) {
                    one(S + 2 * t);
                    one(S + 2 * t + 1);
                }
            });
        for (auto &t : th) t.join();
        CK(cudaDeviceSynchronize());
        unsigned long long bad = 0;
        CK(cudaMemsetAsync(BAD.p, 0, 8, g_stream));
        for (int i = 0; i < S + 2 * TH; i++) {
            LAUNCH(k_count_diff, g_sms * 4, 256, g_stream, (const unsigned char *)o0[i]->p, (const unsigned char *)REF0.p, bytes / e, e,
                   (unsigned long long *)BAD.p);
            if (two)
                LAUNCH(k_count_diff, g_sms * 4, 256, g_stream, (const unsigned char *)o1[i]->p, (const unsigned char *)REF1.p, bytes / e, e,
                       (unsigned long long *)BAD.p);
        }
        CK(cudaGetLastError());
        d2h(&bad, BAD.p, 8);
        unsigned long long tk[GPUACT__TICKET_SLOTS][2];
        CK(cudaMemcpyFromSymbol(tk, gpuact__tickets, sizeof tk));
        int nonzero = 0, used = 0;
        for (int i = 0; i < GPUACT__TICKET_SLOTS; i++) {
            nonzero += tk[i][0] != 0 || tk[i][1] != 0;
            used += gpuact__ticket_pool[0][i].state == 1;
        }
        if (bad_status.load() != 0) bad += 1;
        if (used == 0) bad += 1; /* no launch took tickets: the test tested nothing */
        row("tickets", fmt("%s %s %s, %d streams + %d threads", OPN[c.op], dtn(c.t), DIRN[c.dir], S, TH),
            (unsigned long long)(S + 2 * TH) * (two ? 2 : 1) * c.n, bad + (unsigned long long)nonzero,
            fmt("status %d, counter pairs used %d of %d, left nonzero %d", bad_status.load(), used, GPUACT__TICKET_SLOTS, nonzero));
        for (size_t i = 0; i < o0.size(); i++) {
            delete o0[i];
            delete o1[i];
        }
        for (auto &q : ss) CK(cudaStreamDestroy(q));
    }
    /* a launch that takes tickets on a new stream (the pool queries its
       events) while another stream captures a graph in global mode: the
       pool's calls, made in relaxed mode, leave the capture valid */
    {
        const size_t n = (size_t)GPUACT__TICKET_BYTES / 4 + 13, bytes = 4 * n;
        DevBuf X(bytes), DY(bytes), O(bytes), R(bytes), S(256);
        std::vector<unsigned char> h(bytes);
        fill_var(GPUACT_F32, h.data(), n, 903);
        h2d(X.p, h.data(), bytes);
        fill_var(GPUACT_F32, h.data(), n, 904);
        h2d(DY.p, h.data(), bytes);
        gpuact_status st = call(true, BWD, GPUACT_OP_SILU, GPUACT_F32, NULL, X.p, DY.p, R.p, NULL, n / 2);
        if (st == GPUACT_SUCCESS)
            st = call(true, BWD, GPUACT_OP_SILU, GPUACT_F32, NULL, X.p + 4 * (n / 2), DY.p + 4 * (n / 2), R.p + 4 * (n / 2), NULL, n - n / 2);
        CK(cudaStreamSynchronize(g_stream));
        cudaStream_t cap, fresh;
        CK(cudaStreamCreateWithFlags(&cap, cudaStreamNonBlocking));
        CK(cudaStreamCreateWithFlags(&fresh, cudaStreamNonBlocking));
        cudaGraph_t g = NULL;
        CK(cudaStreamBeginCapture(cap, cudaStreamCaptureModeGlobal));
        const gpuact_status s1 = call(true, BWD, GPUACT_OP_SILU, GPUACT_F32, NULL, X.p, DY.p, O.p, NULL, n, fresh);
        const gpuact_status s0 = call(true, FWD, GPUACT_OP_SILU, GPUACT_F32, NULL, X.p, NULL, S.p, NULL, 64, cap);
        const cudaError_t ec = cudaStreamEndCapture(cap, &g);
        if (ec != cudaSuccess) (void)cudaGetLastError();
        CK(cudaDeviceSynchronize());
        unsigned long long bad = 0;
        DevBuf BAD(8);
        CK(cudaMemsetAsync(BAD.p, 0, 8, g_stream));
        LAUNCH(k_count_diff, g_sms * 4, 256, g_stream, (const unsigned char *)O.p, (const unsigned char *)R.p, n, (size_t)4,
               (unsigned long long *)BAD.p);
        CK(cudaGetLastError());
        d2h(&bad, BAD.p, 8);
        row("tickets", "backward beside a global-mode capture", n, bad + (ec != cudaSuccess) + (st != 0) + (s0 != 0) + (s1 != 0),
            fmt("statuses %d %d %d, end capture: %s", (int)st, (int)s0, (int)s1, cudaGetErrorString(ec)));
        if (g) CK(cudaGraphDestroy(g));
        CK(cudaStreamDestroy(cap));
        CK(cudaStreamDestroy(fresh));
    }
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
    bool run_default = true, run_exh = false, run_tickets = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--exhaustive-f32")) {
            run_default = false;
            run_exh = true;
        } else if (!strcmp(argv[i], "--quick")) {
            g_quick = true;
        } else if (!strcmp(argv[i], "--all")) {
            run_default = run_exh = true;
        } else if (!strcmp(argv[i], "--tickets")) {
            run_default = false;
            run_tickets = true;
        } else if (!strcmp(argv[i], "--op") && i + 1 < argc) {
            int op = 0;
            for (int o = 1; o <= GPUACT_OP_COUNT; o++)
                if (!strcmp(argv[i + 1], OPN[o])) op = o;
            if (!op) {
                fprintf(stderr, "test_device: unknown op %s\n", argv[i + 1]);
                return 2;
            }
            g_exh_ops = (g_exh_ops == ~0u ? 0u : g_exh_ops) | (1u << op);
            i++;
        } else {
            fprintf(stderr, "usage: %s [--quick] [--exhaustive-f32 | --all | --tickets] [--op NAME ...]\n", argv[0]);
            return 2;
        }
    }
    int ndev = 0;
    CK(cudaGetDeviceCount(&ndev));
    CK(cudaSetDevice(0));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    g_sms = prop.multiProcessorCount;
    printf("gpuact device tests: %s (sm_%d%d, %d SMs), %d device(s), %u host threads\n", prop.name, prop.major, prop.minor,
           g_sms, ndev, std::thread::hardware_concurrency());
    CK(cudaStreamCreateWithFlags(&g_stream, cudaStreamNonBlocking));
    printf("%-20s %-46s %13s %10s  %s\n", "test", "case", "checked", "differing", "result");
    if (run_default) {
        test_16bit();
        test_16bit_tables();
        test_16bit_dy_set();
    }
    if (run_exh) test_f32_exhaustive();
    if (run_default) {
        test_f32_random();
        test_big();
        test_misaligned();
        test_inplace();
        test_graph();
        test_bad_input(ndev);
        test_tickets(false);
    }
    if (run_tickets) test_tickets(true);
    CK(cudaStreamDestroy(g_stream));
    if (g_skip) printf("(%ld skipped)\n", g_skip);
    return tu_summary(g_pass, g_fail);
}
