/* tests/accuracy/sweep_f32.cu - exhaustive fp32 accuracy sweep of the gpuact math core.

   For every function (the 7 ops with default parameters, elu alpha = 0.3,
   swish_tanh s = 1.5 on [-0.2, 0.8]) and both directions (f = gpuact_forward_f32,
   f' = gpuact_grad_f32), over all 2^32 fp32 bit patterns, compares the
   library with the double reference tests/accuracy/ref_double.h (validated against
   MPFR to <= 0.01 fp32 ULP by tests/accuracy/check_ref_double.c) and reports:
     max ULP    max |got - ref| / ulp32(ref), ulp32(v) = 2^(max(floor(log2|v|), -126) - 23)
                (the error in ULPs of the exact value, to within the reference's
                0.01), with the x where it occurs (the largest x bits on a tie)
     not-CR     results that differ from the double reference rounded to fp32
                (not correctly rounded as far as the double reference can tell);
                "near-tie": of those, the ones whose error is within 1e-5 of 0.5,
                i.e. the double reference lies within 1e-5 ULP of an fp32 midpoint:
                there the verdict rests on its last bits (it is ~5e-7 ULP accurate
                as measured against MPFR, 0.01 as guaranteed by check_ref_double,
                and structurally exact about the side of the midpoint for tiny x,
                see gpuact_refd__small); confirm such cases with MPFR (-v prints one)
     fast       results the table tier or the fast tier took (gpuact__tt_fwd /
                gpuact__tt_grad, gpuact__fast_fwd / gpuact__fast_grad);
                "fast!CR": of those, the ones that differ from the reference rounded
                to fp32. The tier's rounding test accepts a result only when its
                error bound puts the exact value at least ~2^-13 ULP from a
                midpoint, where the reference is certain: this must be 0.
     bound      f' only: max |G - ref| / err over the inputs the tier covers, G
                and err being the tier's double-float f' and its error bound
                (backward multiplies G by dy and trusts err): must be < 1; where
                the tier gives an exact +0 (err = 0: swish_tanh's clamps) G must
                equal the reference
     special    NaN, inf and signed-zero mismatches, counted apart from the ULP
                figures (never hidden in them): NaN where the reference is not
                NaN or vice versa, an infinity on one side only or of the other
                sign, +0 vs -0; and NaN results that are not the canonical
                0x7fc00000 (the library documents canonical NaNs)
   Exit status: 0 if every row is within the library's bars (f <= 1 ULP,
   f' <= 2 ULP) with no special mismatch, fast!CR = 0 and bound < 1, 1
   otherwise, 2 on a usage/CUDA error.

   Build:  nvcc -O3 -arch=sm_90 -I. tests/accuracy/sweep_f32.cu -o sweep_f32
   Run:    ./sweep_f32                      all 2^32 inputs on the GPU
           ./sweep_f32 --only gelu_erf      rows whose name contains the string
           ./sweep_f32 --host-threads 2 --sample 1000000
                                            the same on the CPU for a sample (K random bit
                                            patterns plus the points around the zeros of f',
                                            special values and thresholds); --sample all = 2^32
           ./sweep_f32 --crosscheck K       (GPU mode) also compute K sample inputs per row on the
                                            host: the core must agree bit for bit, the double
                                            reference (CUDA vs libm) within 1e-6 ULP, same sign
                                            and NaN-ness (default 262144; 0: off)
           -v                               also print one not-CR input per row (to confirm
                                            with MPFR: gpuact_ref_eval)
           --csv FILE                       also write the table as CSV (with "# key: value" header
                                            lines: device, date, command), for audit --gpu-sweep
   No -use_fast_math: the reference needs IEEE double and the core checks its flags.
*/
#include <cuda_runtime.h>

#include <math.h>
#include <cmath>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <time.h>
#include <vector>

#include "gpuact_kernels.cuh"
#include "tests/accuracy/configs.h"
#include "tests/accuracy/ref_double.h"
#include "tests/common/args.h"
#include "tests/common/bits.h"
#include "tests/common/cuda_check.h"

/* ---------------------------------------------------------------------------
   Configurations
   ------------------------------------------------------------------------ */
typedef acc_config Config;
static const Config kConfigs[] = {ACC_CONFIGS(ACC_CONFIG_ROW)};
static const int kNumConfigs = (int)(sizeof kConfigs / sizeof kConfigs[0]);

static gpuact_cfg make_cfg(const Config &c) {
    gpuact_cfg g;
    g.alpha = c.alpha; g.scale = c.scale; g.lo = c.lo; g.hi = c.hi;
    return g;
}
static gpuact_refd_params make_refp(const Config &c) {
    gpuact_refd_params p;
    p.alpha = c.alpha; p.scale = c.scale; p.lo = c.lo; p.hi = c.hi;
    return p;
}

/* ---------------------------------------------------------------------------
   Statistics of one row, and the judgement of one result (host and device)
   ------------------------------------------------------------------------ */
struct Stats {
    unsigned long long max_packed; /* (err as float bits) << 32 | x bits: ordered like err */
    unsigned long long n;          /* results judged */
    unsigned long long not_cr, near_tie;
    unsigned long long nan_mis, inf_mis, zsign_mis, nan_noncanon;
    unsigned long long over1, over2; /* results with err > 1 and > 2 ULP */
    unsigned long long special_x;    /* x bits of one special mismatch + 1 (0: none) */
    unsigned long long notcr_x;      /* x bits of one not-CR result + 1 (0: none) */
    unsigned long long fast, fast_bad; /* taken by the fast tier; of those, not CR */
    unsigned long long fastbad_x;      /* x bits of one fast_bad + 1 (0: none) */
    unsigned long long bound_packed;   /* f': (|G - ref| / err as float bits) << 32 | x bits, max */
};

#define NEAR_TIE_EPS 1e-5

GPUACT_HD static inline uint64_t d2u(double d) {
#if defined(__CUDA_ARCH__)
    return (uint64_t)__double_as_longlong(d);
#else
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
#endif
}
GPUACT_HD static inline double u2d(uint64_t u) {
#if defined(__CUDA_ARCH__)
    return __longlong_as_double((long long)u);
#else
    double d;
    memcpy(&d, &u, 8);
    return d;
#endif
}
/* ulp of v in binary32, subnormals included; v finite (v = 0: 2^-149) */
GPUACT_HD static inline double ulp32(double v) {
    int e = (int)((d2u(v) >> 52) & 0x7ff) - 1023; /* double subnormals give -1023: clamped below */
    if (e < -126) e = -126;
    return u2d((uint64_t)(e - 23 + 1023) << 52);
}

struct Local { /* per-thread accumulators */
    unsigned long long max_packed, n, not_cr, near_tie, nan_mis, inf_mis, zsign_mis, nan_noncanon, over1, over2, special_x,
        notcr_x, fast, fast_bad, fastbad_x, bound_packed;
};
GPUACT_HD static inline void local_init(Local &l) {
    l.max_packed = 0; l.n = 0; l.not_cr = 0; l.near_tie = 0; l.nan_mis = 0; l.inf_mis = 0;
    l.zsign_mis = 0; l.nan_noncanon = 0; l.over1 = 0; l.over2 = 0; l.special_x = 0; l.notcr_x = 0;
    l.fast = 0; l.fast_bad = 0; l.fastbad_x = 0; l.bound_packed = 0;
}

GPUACT_HD static inline void judge(uint32_t xb, float got, double ref, Local &l) {
    uint32_t gb = gpuact__f2u(got);
    int got_nan = gpuact__isnan(got), ref_nan = ref != ref;
    l.n++;
    if (got_nan || ref_nan) {
        if (got_nan != ref_nan) { l.nan_mis++; l.special_x = (unsigned long long)xb + 1; }
        else if (gb != 0x7fc00000u) { l.nan_noncanon++; l.special_x = (unsigned long long)xb + 1; }
        return;
    }
    float r32 = (float)ref; /* round to nearest even, overflow to inf */
    if (gpuact__isinf(got) || gpuact__isinf(r32)) {
        if (got != r32) { l.inf_mis++; l.special_x = (unsigned long long)xb + 1; }
        return;
    }
    if (got == 0.0f && r32 == 0.0f && gpuact__signbit(got) != (int)(d2u(ref) >> 63)) {
        l.zsign_mis++;
        l.special_x = (unsigned long long)xb + 1;
    }
    double err = fabs((double)got - ref) / ulp32(ref);
    if (got != r32) {
        l.not_cr++;
        l.notcr_x = (unsigned long long)xb + 1;
        if (err < 0.5 + NEAR_TIE_EPS) l.near_tie++;
    }
    if (err > 1.0) l.over1++;
    if (err > 2.0) l.over2++;
    float ef = (float)err;
    unsigned long long packed = ((unsigned long long)gpuact__f2u(ef) << 32) | xb;
    if (packed > l.max_packed) l.max_packed = packed;
}

template <int OP, int DERIV>
GPUACT_HD static inline void eval_one(uint32_t xb, const gpuact_cfg &c, const gpuact_refd_params &p, Local &l) {
    float x = gpuact__u2f(xb);
    float got = DERIV ? gpuact_grad_f32((gpuact_op)OP, x, &c) : gpuact_forward_f32((gpuact_op)OP, x, &c);
    double ref = gpuact_refd(OP, DERIV, (double)x, &p);
    judge(xb, got, ref, l);
    /* the table tier and the fast tier, each on its own: a result either
       takes must be the correctly rounded one */
    float fy = 0.0f, ty = 0.0f;
    const int fok = DERIV ? gpuact__fast_grad(OP, x, &c, GPUACT__FMT_F32, &fy) : gpuact__fast_fwd(OP, x, &c, GPUACT__FMT_F32, &fy);
    const int tok = gpuact__tt_has(OP, &c) &&
                    (DERIV ? gpuact__tt_grad(OP, x, &c, gpuact__tt_tab(OP, 1), GPUACT__FMT_F32, &ty)
                           : gpuact__tt_fwd(OP, x, &c, gpuact__tt_tab(OP, 0), GPUACT__FMT_F32, &ty));
    if (fok || tok) {
        l.fast++;
        const uint32_t rb = gpuact__f2u((float)ref), gb = gpuact__f2u(got);
        if ((fok && (gpuact__f2u(fy) != rb || gpuact__f2u(fy) != gb)) || (tok && (gpuact__f2u(ty) != rb || gpuact__f2u(ty) != gb))) {
            l.fast_bad++;
            l.fastbad_x = (unsigned long long)xb + 1;
        }
    }
    if (DERIV) {
        for (int tier = 0; tier < 2; tier++) {
            gpuact__df g = gpuact__df_make(0.0f, 0.0f);
            float err = 0.0f;
            const int in = tier ? (gpuact__tt_has(OP, &c) && gpuact__tt_grad_df(OP, x, &c, gpuact__tt_tab(OP, 1), &g, &err))
                                : gpuact__fast_grad_df(OP, x, &c, &g, &err);
            if (in && ref == ref) {
                /* err = 0: an exact +0 (swish_tanh's clamps), which must be the reference */
                const double d = fabs(((double)g.h + (double)g.l) - ref);
                const float q = err > 0.0f ? (float)(d / (double)err) : d == 0.0 ? 0.0f : 3.0e38f;
                const unsigned long long pk = ((unsigned long long)gpuact__f2u(q) << 32) | xb;
                if (pk > l.bound_packed) l.bound_packed = pk;
            }
        }
    }
}

/* ---------------------------------------------------------------------------
   GPU
   ------------------------------------------------------------------------ */
__device__ static inline unsigned long long warp_sum(unsigned long long v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
__device__ static inline unsigned long long warp_max(unsigned long long v) {
    for (int o = 16; o > 0; o >>= 1) {
        unsigned long long w = __shfl_xor_sync(0xffffffffu, v, o);
        v = w > v ? w : v;
    }
    return v;
}

template <int OP, int DERIV>
__global__ void __launch_bounds__(256) sweep_kernel(gpuact_cfg c, gpuact_refd_params p, unsigned long long begin,
                                                    unsigned long long end, Stats *out) {
    Local l;
    local_init(l);
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = begin + (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < end; i += stride)
        eval_one<OP, DERIV>((uint32_t)i, c, p, l);
    /* every thread reaches here: full-warp shuffles are safe */
    unsigned long long v;
    int lane = threadIdx.x & 31;
    v = warp_max(l.max_packed); if (lane == 0 && v) atomicMax(&out->max_packed, v);
#define RED(field) v = warp_sum(l.field); if (lane == 0 && v) atomicAdd(&out->field, v);
    RED(n) RED(not_cr) RED(near_tie) RED(nan_mis) RED(inf_mis) RED(zsign_mis) RED(nan_noncanon) RED(over1) RED(over2)
    RED(fast) RED(fast_bad)
#undef RED
    v = warp_max(l.special_x); if (lane == 0 && v) atomicMax(&out->special_x, v);
    v = warp_max(l.notcr_x); if (lane == 0 && v) atomicMax(&out->notcr_x, v);
    v = warp_max(l.fastbad_x); if (lane == 0 && v) atomicMax(&out->fastbad_x, v);
    v = warp_max(l.bound_packed); if (lane == 0 && v) atomicMax(&out->bound_packed, v);
}

/* f or f' of K given inputs, and the double reference, for the host/device cross-check */
template <int OP, int DERIV>
__global__ void values_kernel(gpuact_cfg c, gpuact_refd_params p, const uint32_t *x, uint32_t *y, double *yr, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float xf = __uint_as_float(x[i]);
        y[i] = __float_as_uint(DERIV ? gpuact_grad_f32((gpuact_op)OP, xf, &c) : gpuact_forward_f32((gpuact_op)OP, xf, &c));
        yr[i] = gpuact_refd(OP, DERIV, (double)xf, &p);
    }
}
/* the device (CUDA libdevice) and host (libm) double references must agree:
   same NaN-ness, same sign, and within REF_TOL fp32 ULP (both are ~1e-16
   relative; check_ref_double.c validated the host one against MPFR) */
#define REF_TOL 1e-6
static bool refs_agree(double dv, double hv, double *diff) {
    *diff = 0;
    if ((dv != dv) || (hv != hv)) return (dv != dv) && (hv != hv);
    if (std::signbit(dv) != std::signbit(hv)) return false;
    if (std::isinf(dv) || std::isinf(hv)) return dv == hv;
    *diff = fabs(dv - hv) / ulp32(hv);
    return *diff <= REF_TOL;
}

/* dispatch a runtime (op, deriv) to the template instance */
#define DISPATCH(op, deriv, MACRO)                                      \
    switch ((op) * 2 + (deriv)) {                                       \
    case 2: MACRO(1, 0); break;  case 3: MACRO(1, 1); break;            \
    case 4: MACRO(2, 0); break;  case 5: MACRO(2, 1); break;            \
    case 6: MACRO(3, 0); break;  case 7: MACRO(3, 1); break;            \
    case 8: MACRO(4, 0); break;  case 9: MACRO(4, 1); break;            \
    case 10: MACRO(5, 0); break; case 11: MACRO(5, 1); break;           \
    case 12: MACRO(6, 0); break; case 13: MACRO(6, 1); break;           \
    case 14: MACRO(7, 0); break; case 15: MACRO(7, 1); break;           \
    default: fprintf(stderr, "bad op\n"); exit(2);                      \
    }

/* ---------------------------------------------------------------------------
   Host
   ------------------------------------------------------------------------ */
static uint64_t g_rng = 0x243f6a8885a308d3ull;
static uint64_t rnd64() { return tu_xorshift64s(&g_rng); }
static void around(std::vector<uint32_t> &v, double c, int k) {
    int64_t o = tu_f2ord((float)c);
    for (int64_t q = o - k; q <= o + k; q++)
        if (q >= tu_f2ord(-INFINITY) && q <= tu_f2ord(INFINITY)) v.push_back(gpuact__f2u(tu_ord2f(q)));
}
/* the sample of --sample K: K random bit patterns plus fixed points of interest */
static std::vector<uint32_t> make_sample(uint64_t k) {
    std::vector<uint32_t> v;
    v.reserve(k + 100000);
    for (uint64_t i = 0; i < k; i++) v.push_back((uint32_t)(rnd64() >> 32));
    const double x0s[] = {GPUACT_REFD__X0(GPUACT_REFD_Z_GELU_ERF), GPUACT_REFD__X0(GPUACT_REFD_Z_GELU_TANH),
                          GPUACT_REFD__X0(GPUACT_REFD_Z_GELU_SIG), GPUACT_REFD__X0(GPUACT_REFD_Z_SILU)};
    for (double x0 : x0s) { /* the zero, and the edges of the core's Taylor window |x - x0| < 1/128 */
        around(v, x0, 2000);
        around(v, x0 - 0.0078125, 20000);
        around(v, x0 + 0.0078125, 20000);
    }
    const double marks[] = {0, 1e-45, 0x1p-126, 0x1p-60, 8.67361738e-19, 0.0054, 0.5, 1, 2, 2.2177151, 9, 10, 11,
                            14.5, 14.75, 20, 70, 120, 200, 3.4e38, 0.7782458, 0.316266, 3.1035318};
    for (double m : marks) { around(v, m, 300); around(v, -m, 300); }
    const uint32_t sp[] = {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xffffffffu, 0x7f7fffffu, 0xff7fffffu};
    for (uint32_t s : sp) v.push_back(s);
    return v;
}

static void merge(Stats &s, const Local &l) {
    s.max_packed = std::max(s.max_packed, l.max_packed);
    s.n += l.n; s.not_cr += l.not_cr; s.near_tie += l.near_tie; s.nan_mis += l.nan_mis; s.inf_mis += l.inf_mis;
    s.zsign_mis += l.zsign_mis; s.nan_noncanon += l.nan_noncanon; s.over1 += l.over1; s.over2 += l.over2;
    s.special_x = std::max(s.special_x, l.special_x);
    s.notcr_x = std::max(s.notcr_x, l.notcr_x);
    s.fast += l.fast; s.fast_bad += l.fast_bad;
    s.fastbad_x = std::max(s.fastbad_x, l.fastbad_x);
    s.bound_packed = std::max(s.bound_packed, l.bound_packed);
}

/* the host run of one row: over `sample`, or over all 2^32 patterns if it is empty */
static Stats host_row(const Config &cf, int deriv, int nthreads, const std::vector<uint32_t> &sample) {
    gpuact_cfg c = make_cfg(cf);
    gpuact_refd_params p = make_refp(cf);
    std::vector<Local> loc(nthreads);
    std::vector<std::thread> th;
    bool all = sample.empty();
    uint64_t total = all ? (1ull << 32) : sample.size();
    for (int t = 0; t < nthreads; t++) {
        th.emplace_back([&, t]() {
            Local &l = loc[t];
            local_init(l);
            uint64_t chunk = 4096;
            for (uint64_t b = (uint64_t)t * chunk; b < total; b += (uint64_t)nthreads * chunk) {
                uint64_t e = std::min(total, b + chunk);
                for (uint64_t i = b; i < e; i++) {
                    uint32_t xb = all ? (uint32_t)i : sample[i];
#define HOST_EVAL(O, D) eval_one<O, D>(xb, c, p, l)
                    DISPATCH(cf.op, deriv, HOST_EVAL)
#undef HOST_EVAL
                }
            }
        });
    }
    for (auto &t : th) t.join();
    Stats s;
    memset(&s, 0, sizeof s);
    for (auto &l : loc) merge(s, l);
    return s;
}

/* ---------------------------------------------------------------------------
   Report
   ------------------------------------------------------------------------ */
struct Row {
    const char *name;
    int deriv;
    Stats s;
    double seconds;
    long long cross_diff; /* -1: not run */
    long long ref_bad;    /* device/host double references that disagree */
    double ref_maxdiff;   /* max |device - host| reference, fp32 ULPs */
};

static float packed_err(unsigned long long p) { return gpuact__u2f((uint32_t)(p >> 32)); }
static float packed_x(unsigned long long p) { return gpuact__u2f((uint32_t)p); }

static int print_table(const std::vector<Row> &rows, bool cross, bool verbose) {
    int bad = 0;
    double worst[2] = {0, 0};
    unsigned long long specials = 0, notcr = 0, n = 0;
    unsigned long long fastbad = 0;
    double worst_bound = 0;
    printf("\n%-24s %-3s %10s  %-16s %15s %12s %10s %8s %8s %6s %8s %7s %7s%s\n", "function", "dir", "max ULP", "at x (%a)",
           "x (decimal)", "not-CR", "near-tie", ">bar", "special", "fast", "fast!CR", "bound", "sec",
           cross ? "  host!=dev(core/ref)" : "");
    for (const Row &r : rows) {
        const Stats &s = r.s;
        unsigned long long sp = s.nan_mis + s.inf_mis + s.zsign_mis + s.nan_noncanon;
        unsigned long long overbar = r.deriv ? s.over2 : s.over1;
        float e = packed_err(s.max_packed), x = packed_x(s.max_packed);
        char crossbuf[64] = "";
        if (cross) snprintf(crossbuf, sizeof crossbuf, "  %lld/%lld (ref max %.1e)", r.cross_diff, r.ref_bad, r.ref_maxdiff);
        const double bound = packed_err(s.bound_packed);
        char bbuf[16] = "-";
        if (s.bound_packed) snprintf(bbuf, sizeof bbuf, "%.4f", bound);
        printf("%-24s %-3s %10.4f  %-16a %15.9g %12llu %10llu %8llu %8llu %5.1f%% %8llu %7s %7.1f%s\n", r.name,
               r.deriv ? "f'" : "f", e, x, x, s.not_cr, s.near_tie, overbar, sp, s.n ? 100.0 * s.fast / s.n : 0.0,
               s.fast_bad, bbuf, r.seconds, crossbuf);
        if (s.fast_bad) printf("    FAIL fast tier not CR, e.g. x = %a (0x%08x)\n", packed_x(s.fastbad_x - 1), (unsigned)(s.fastbad_x - 1));
        if (bound >= 1.0) printf("    FAIL f' error bound exceeded at x = %a\n", packed_x(s.bound_packed));
        if (sp)
            printf("    special mismatches: NaN %llu, inf %llu, signed zero %llu, non-canonical NaN %llu; e.g. x = %a (0x%08x)\n",
                   s.nan_mis, s.inf_mis, s.zsign_mis, s.nan_noncanon, packed_x(s.special_x - 1),
                   (unsigned)(s.special_x - 1));
        if (s.not_cr && verbose)
            printf("    not-CR e.g. x = %a (0x%08x)\n", packed_x(s.notcr_x - 1), (unsigned)(s.notcr_x - 1));
        bool fail = overbar > 0 || sp > 0 || s.fast_bad > 0 || bound >= 1.0 ||
                    (cross && (r.cross_diff != 0 || r.ref_bad != 0));
        fastbad += s.fast_bad;
        worst_bound = std::max(worst_bound, bound);
        if (fail) bad++;
        worst[r.deriv] = std::max(worst[r.deriv], (double)e);
        specials += sp;
        notcr += s.not_cr;
        n += s.n;
    }
    printf("\nbars: f <= 1 ULP, f' <= 2 ULP (\">bar\" counts results above them); ULP figures are against the double\n"
           "reference, itself within 0.01 ULP of the exact value (tests/accuracy/check_ref_double.c)\n");
    printf("fast: the share of results the fast tier took; fast!CR: of those, not correctly rounded (must be 0);\n"
           "bound: f', max |G - ref| / err of the tier's double-float f' (must be < 1)\n");
    printf("SWEEP SUMMARY: %llu results, max f %.4f ULP, max f' %.4f ULP, not-CR %llu, special mismatches %llu, "
           "fast!CR %llu, max bound %.4f, rows failing %d -> %s\n",
           n, worst[0], worst[1], notcr, specials, fastbad, worst_bound, bad, bad ? "FAIL" : "PASS");
    return bad;
}

/* the table as CSV, for tests/accuracy/audit.c (--gpu-sweep): "# key: value" lines, a header, one row per line */
static void write_csv(const char *path, const std::vector<Row> &rows, const std::string &device, const std::string &inputs,
                      int argc, char **argv) {
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "sweep_f32: cannot write %s\n", path);
        return;
    }
    char date[64];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    fprintf(f, "# sweep_f32: fp32 sweep of the gpuact math core against tests/accuracy/ref_double.h (tests/accuracy/sweep_f32.cu)\n");
    fprintf(f, "# device: %s\n# date: %s\n# inputs: %s\n# mode: accurate\n# command:", device.c_str(), date, inputs.c_str());
    for (int i = 0; i < argc; i++) fprintf(f, " %s", argv[i]);
    fprintf(f, "\nfunction,dir,inputs,max_ulp,x_at_max_bits,x_at_max,not_cr,near_tie,over_bar,nan_mismatch,inf_mismatch,"
               "zero_sign_mismatch,nan_noncanonical,seconds,host_device_core_diff,host_device_ref_bad,ref_maxdiff_ulp,"
               "special_x_bits,not_cr_x_bits,fast,fast_not_cr,fast_bound\n");
    for (const Row &r : rows) {
        const Stats &st = r.s;
        fprintf(f, "\"%s\",%s,%llu,%.6g,0x%08x,%.9g,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%.3f,", r.name, r.deriv ? "f'" : "f", st.n,
                (double)packed_err(st.max_packed), (unsigned)(st.max_packed & 0xffffffffu), (double)packed_x(st.max_packed),
                st.not_cr, st.near_tie, r.deriv ? st.over2 : st.over1, st.nan_mis, st.inf_mis, st.zsign_mis, st.nan_noncanon,
                r.seconds);
        if (r.cross_diff >= 0) fprintf(f, "%lld,%lld,%.3g,", r.cross_diff, r.ref_bad, r.ref_maxdiff);
        else fprintf(f, ",,,");
        if (st.special_x) fprintf(f, "0x%08x,", (unsigned)(st.special_x - 1)); else fprintf(f, ",");
        if (st.notcr_x) fprintf(f, "0x%08x,", (unsigned)(st.notcr_x - 1)); else fprintf(f, ",");
        fprintf(f, "%llu,%llu,%.6g\n", st.fast, st.fast_bad, (double)packed_err(st.bound_packed));
    }
    fclose(f);
}

static void usage(const char *a0) {
    fprintf(stderr,
            "usage: %s [--only NAME] [--crosscheck K] [-v]          exhaustive, on the GPU\n"
            "       %s --host-threads N [--sample K|all] [--seed S] [--only NAME] [-v]   on the CPU\n"
            "       either with --csv FILE: also write the table as CSV\n",
            a0, a0);
    exit(2);
}

int main(int argc, char **argv) {
    int host_threads = 0;
    uint64_t sample = 1u << 20;
    bool sample_all = false;
    long long crosscheck = 262144;
    const char *only = NULL;
    bool verbose = false;
    const char *csv = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = tu_arg(argc, argv, &i, "--host-threads"))) host_threads = atoi(v);
        else if ((v = tu_arg(argc, argv, &i, "--sample"))) {
            if (!strcmp(v, "all")) sample_all = true;
            else sample = strtoull(v, NULL, 0);
        } else if ((v = tu_arg(argc, argv, &i, "--seed"))) g_rng ^= strtoull(v, NULL, 0) * 0x9e3779b97f4a7c15ull;
        else if ((v = tu_arg(argc, argv, &i, "--only"))) only = v;
        else if ((v = tu_arg(argc, argv, &i, "--crosscheck"))) crosscheck = atoll(v);
        else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose")) verbose = true;
        else if ((v = tu_arg(argc, argv, &i, "--csv"))) csv = v;
        else usage(argv[0]);
    }
    std::vector<Row> rows;
    auto t_all = std::chrono::steady_clock::now();

    if (host_threads > 0) {
        std::vector<uint32_t> smp;
        if (!sample_all) smp = make_sample(sample);
        printf("sweep_f32: host mode, %d thread(s), %s inputs per row\n", host_threads,
               sample_all ? "all 2^32" : std::to_string(smp.size()).c_str());
        for (int ci = 0; ci < kNumConfigs; ci++) {
            if (only && !strstr(kConfigs[ci].name, only)) continue;
            for (int d = 0; d < 2; d++) {
                auto t0 = std::chrono::steady_clock::now();
                Stats s = host_row(kConfigs[ci], d, host_threads, smp);
                double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                rows.push_back({kConfigs[ci].name, d, s, sec, -1, -1, 0.0});
                fprintf(stderr, "  %-24s %-2s done in %.1f s\n", kConfigs[ci].name, d ? "f'" : "f", sec);
            }
        }
        int bad = print_table(rows, false, verbose);
        printf("total %.1f s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - t_all).count());
        if (csv)
            write_csv(csv, rows, "host (" + std::to_string(host_threads) + " CPU threads)",
                      sample_all ? std::string("all 2^32 per row") : "a sample of " + std::to_string(smp.size()) + " per row",
                      argc, argv);
        return bad ? 1 : 0;
    }

    /* GPU mode */
    int dev = 0;
    cudaDeviceProp prop;
    CK(cudaGetDevice(&dev));
    CK(cudaGetDeviceProperties(&prop, dev));
    printf("sweep_f32: GPU mode on %s (sm_%d%d, %d SMs), all 2^32 inputs per row\n", prop.name, prop.major, prop.minor,
           prop.multiProcessorCount);
    Stats *d_stats = NULL;
    CK(cudaMalloc(&d_stats, sizeof(Stats)));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    int blocks = prop.multiProcessorCount * 16;
    const int threads = 256;

    uint32_t *d_x = NULL, *d_y = NULL;
    double *d_yr = NULL;
    std::vector<uint32_t> cx, cy;
    std::vector<double> cyr;
    if (crosscheck > 0) {
        cx = make_sample((uint64_t)crosscheck);
        cy.resize(cx.size());
        cyr.resize(cx.size());
        CK(cudaMalloc(&d_x, cx.size() * 4));
        CK(cudaMalloc(&d_y, cx.size() * 4));
        CK(cudaMalloc(&d_yr, cx.size() * 8));
        CK(cudaMemcpy(d_x, cx.data(), cx.size() * 4, cudaMemcpyHostToDevice));
    }

    for (int ci = 0; ci < kNumConfigs; ci++) {
        const Config &cf = kConfigs[ci];
        if (only && !strstr(cf.name, only)) continue;
        gpuact_cfg c = make_cfg(cf);
        gpuact_refd_params p = make_refp(cf);
        for (int d = 0; d < 2; d++) {
            CK(cudaMemset(d_stats, 0, sizeof(Stats)));
            CK(cudaEventRecord(e0));
            /* four launches of 2^30 patterns each (keeps any one launch short) */
            for (unsigned long long b = 0; b < (1ull << 32); b += (1ull << 30)) {
#define LAUNCH(O, D) sweep_kernel<O, D><<<blocks, threads>>>(c, p, b, b + (1ull << 30), d_stats)
                DISPATCH(cf.op, d, LAUNCH)
#undef LAUNCH
                CK(cudaGetLastError());
            }
            CK(cudaEventRecord(e1));
            CK(cudaEventSynchronize(e1));
            float ms = 0;
            CK(cudaEventElapsedTime(&ms, e0, e1));
            Row r;
            r.name = cf.name;
            r.deriv = d;
            r.seconds = ms / 1e3;
            CK(cudaMemcpy(&r.s, d_stats, sizeof(Stats), cudaMemcpyDeviceToHost));
            r.cross_diff = -1;
            r.ref_bad = -1;
            r.ref_maxdiff = 0;
            if (crosscheck > 0) { /* the same inputs on the host must give the same bits */
                int n = (int)cx.size();
#define VLAUNCH(O, D) values_kernel<O, D><<<(n + 255) / 256, 256>>>(c, p, d_x, d_y, d_yr, n)
                DISPATCH(cf.op, d, VLAUNCH)
#undef VLAUNCH
                CK(cudaGetLastError());
                CK(cudaMemcpy(cy.data(), d_y, cy.size() * 4, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(cyr.data(), d_yr, cyr.size() * 8, cudaMemcpyDeviceToHost));
                unsigned hw = std::thread::hardware_concurrency();
                int nt = hw ? (int)std::min(hw, 32u) : 4;
                std::vector<long long> diffs(nt, 0), rbad(nt, 0);
                std::vector<double> rmax(nt, 0.0);
                std::vector<std::thread> th;
                for (int t = 0; t < nt; t++)
                    th.emplace_back([&, t]() {
                        for (int i = t; i < n; i += nt) {
                            float xf = gpuact__u2f(cx[i]);
                            float h = d ? gpuact_grad_f32((gpuact_op)cf.op, xf, &c) : gpuact_forward_f32((gpuact_op)cf.op, xf, &c);
                            if (gpuact__f2u(h) != cy[i]) {
                                if (diffs[t] == 0)
                                    fprintf(stderr, "    host/device differ: %s %s x = %a: host %a (0x%08x), device 0x%08x\n",
                                            cf.name, d ? "f'" : "f", xf, h, gpuact__f2u(h), cy[i]);
                                diffs[t]++;
                            }
                            double hr = gpuact_refd(cf.op, d, (double)xf, &p), df;
                            if (!refs_agree(cyr[i], hr, &df)) {
                                if (rbad[t] == 0)
                                    fprintf(stderr, "    double references differ: %s %s x = %a: host %a, device %a\n",
                                            cf.name, d ? "f'" : "f", xf, hr, cyr[i]);
                                rbad[t]++;
                            }
                            rmax[t] = std::max(rmax[t], df);
                        }
                    });
                for (auto &t : th) t.join();
                r.cross_diff = 0;
                r.ref_bad = 0;
                for (int t = 0; t < nt; t++) {
                    r.cross_diff += diffs[t];
                    r.ref_bad += rbad[t];
                    r.ref_maxdiff = std::max(r.ref_maxdiff, rmax[t]);
                }
            }
            rows.push_back(r);
            printf("  %-24s %-2s %7.2f s  max %.4f ULP at %a%s\n", cf.name, d ? "f'" : "f", r.seconds,
                   packed_err(r.s.max_packed), packed_x(r.s.max_packed), r.s.n == (1ull << 32) ? "" : "  (COUNT WRONG)");
            fflush(stdout);
            if (r.s.n != (1ull << 32)) {
                fprintf(stderr, "sweep_f32: %s: judged %llu results, expected 2^32\n", cf.name, r.s.n);
                return 2;
            }
        }
    }
    int bad = print_table(rows, crosscheck > 0, verbose);
    printf("total %.1f s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - t_all).count());
    if (csv) {
        char dv[512];
        snprintf(dv, sizeof dv, "%s (sm_%d%d, %d SMs)", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
        write_csv(csv, rows, dv, "all 2^32 per row", argc, argv);
    }
    CK(cudaFree(d_stats));
    if (d_x) CK(cudaFree(d_x));
    if (d_y) CK(cudaFree(d_y));
    if (d_yr) CK(cudaFree(d_yr));
    return bad ? 1 : 0;
}
