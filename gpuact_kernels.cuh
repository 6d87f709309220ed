/* gpuact_kernels.cuh - the scalar math core of gpuact (and, later, its CUDA kernels).

   Every function here is `static inline` and compiles as C99, as C++ and as
   CUDA (__host__ __device__). The same source gives the same bits on the CPU
   and on the GPU: the core uses fp32 arithmetic only, every product that feeds
   an addition goes through gpuact__mul (never contracted into an fma), every
   fma is explicit, division is IEEE round-to-nearest, and no libm or CUDA
   transcendental is called. Where fp32 is not enough the core carries a
   double-float (hi + lo) and a separate power-of-two exponent, and rounds once
   at the end to the requested format (binary32, binary16 or bfloat16).

   Use it alone in CUDA code that only wants the device functions:
       #include "gpuact_kernels.cuh"
       __global__ void epilogue(float *t) { t[i] = gpuact_gelu_erf(t[i]); }

   Flags that break bit-exactness (see docs/BUILD_FLAGS.md):
     host:   -ffast-math / -Ofast / -ffinite-math-only  -> #error below
             -funsafe-math-optimizations, -fassociative-math -> #error (GCC);
                                                            clang defines no macro: the
                                                            host entry points detect it
             x87 excess precision (FLT_EVAL_METHOD != 0) -> #error below
             FTZ/DAZ set at run time (crtfastmath.o)     -> host entry points
                                                            return GPUACT_ERROR_FP_ENVIRONMENT
     device: -use_fast_math, -ftz=true                   -> no macro tells; checked
                                                            statically: scripts/gpu-build-check.sh
                                                            finds no .ftz in the kernels' PTX
   Contraction (-ffp-contract=fast, nvcc --fmad=true) is harmless: the core
   is written so that no contractible a*b+c exists.
*/
/* Contents. Each section starts with a marker line, `grep -n '^/\* == '
   gpuact_kernels.cuh` lists them. Every op is computed by up to three
   tiers, tried in this order, each keeping a result only when it is the
   correctly rounded one (so the order changes no result):
     table tier  Taylor rows of f/x or f' at fixed centres, a rounding test;
     fast tier   a shorter double-float evaluation, the same rounding test;
     full path   the xf evaluation (about 2^-36) and the single rounding.
   Sections 5-6 are the pieces several ops share, section 7 one op each
   (formula, special values, then its table tier, fast tier and full path
   with the derivative), section 8 the switches over op that pick them.

     1    Set-up: flags that break bit-exactness, GPUACT_HD
     2    Public types: gpuact_op, gpuact_dtype, gpuact_cfg
     3    Tables: generated constants, host and device copies
     4    Primitives
     4.1    Bits and fp32 operations
     4.2    Table rows
     4.3    Double-float (df) and scaled double-float (xf)
     4.4    The single rounding (gpuact__round)
     4.5    binary16 and bfloat16
     5    Shared pieces of the full path
     5.1    exp and expm1
     5.2    sigmoid
     5.3    erfc
     5.4    tanh
     5.5    Full-path helpers: comparison, near a zero of f', tiny x, tails
     6    Shared pieces of the tiers
     6.1    The rounding test
     6.2    Fast exp, expm1, reciprocal, sigmoid
     6.3    Double-float products and sums, Taylor rows
     6.4    The table tier's rows
     7    The ops
     7.1    gelu_erf
     7.2    gelu_tanh
     7.3    gelu_sigmoid
     7.4    elu and selu
     7.5    silu
     7.6    swish_tanh
     8    Dispatch: the switches over op
     8.1    The tiers' ranges and tables
     8.2    The table tier
     8.3    The 16-bit tier
     8.4    The fast tier
     8.5    The full path
     9    Tier chain and public scalar functions
     9.1    Fast mode (cfg->mode == GPUACT_MODE_FAST)
     9.2    Gated forms: f(a) b (GEGLU, SwiGLU)
     10   CUDA kernels (CUDA only)
     10.1   One-pass kernels: fast mode's, and accurate mode's (gpuact__kt PASS)
     10.2   The 16-bit forward from a table
     10.3   Gated kernels
     10.4   Launch
*/

/* == 1 Set-up: flags that break bit-exactness, GPUACT_HD == */
#ifndef GPUACT_KERNELS_CUH
#define GPUACT_KERNELS_CUH

#include <float.h>
#include <stdint.h>
#include <string.h>
#include <math.h> /* fmaf only: an exact IEEE operation, not a transcendental */

#if (defined(__FAST_MATH__) || defined(__ASSOCIATIVE_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__)) && \
    !defined(GPUACT_ALLOW_FAST_MATH)
#error "gpuact: -ffast-math/-funsafe-math-optimizations/-fassociative-math/-ffinite-math-only break double-float arithmetic, NaN/inf/signed-zero handling and bit-exactness; define GPUACT_ALLOW_FAST_MATH to build anyway"
#endif
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0 && FLT_EVAL_METHOD != -1 && !defined(__CUDA_ARCH__)
#error "gpuact: float expressions are evaluated in excess precision (FLT_EVAL_METHOD != 0); build with SSE2 (-mfpmath=sse)"
#endif

#if defined(__CUDACC__)
#define GPUACT_HD __host__ __device__
#else
#define GPUACT_HD
#endif
#define GPUACT__FN static inline GPUACT_HD

/* == 2 Public types: gpuact_op, gpuact_dtype, gpuact_cfg == */
/* ---------------------------------------------------------------------------
   Public scalar interface
   ------------------------------------------------------------------------ */

/* Operations. The numeric values are part of the ABI. */
typedef enum gpuact_op {
    GPUACT_OP_GELU_ERF = 1,     /* x Phi(x)                                  */
    GPUACT_OP_GELU_TANH = 2,    /* 0.5 x (1 + tanh(sqrt(2/pi)(x + 0.044715 x^3))) */
    GPUACT_OP_GELU_SIGMOID = 3, /* x sigmoid(1.702 x)                        */
    GPUACT_OP_ELU = 4,          /* x > 0 ? x : alpha expm1(x)                */
    GPUACT_OP_SELU = 5,         /* lambda (x > 0 ? x : alpha expm1(x))       */
    GPUACT_OP_SILU = 6,         /* x sigmoid(x)                              */
    GPUACT_OP_SWISH_TANH = 7    /* clamp(tanh(clamp(silu(x) s, lo, hi)), lo, hi) */
} gpuact_op;
#define GPUACT_OP_COUNT 7

/* Element formats. f16 and bf16 travel as their bit patterns (uint16_t); f64 as double. */
typedef enum gpuact_dtype { GPUACT_F32 = 1, GPUACT_F16 = 2, GPUACT_BF16 = 3, GPUACT_F64 = 4 } gpuact_dtype;

/* Modes (gpuact.h: gpuact_params.mode, GPUACT_SET_MODE). Fast mode: section 9.1. */
typedef enum gpuact_mode { GPUACT_MODE_ACCURATE = 0, GPUACT_MODE_FAST = 1 } gpuact_mode;

/* Resolved parameters (no defaults inside; gpuact.h's gpuact_params has those).
   alpha: ELU alpha. scale, lo, hi: swish_tanh's s and clamp bounds.
   mode: a gpuact_mode; the scalar functions of sections 8-9 are accurate
   mode whatever it holds, section 9.1 is fast mode. */
typedef struct gpuact_cfg {
    float alpha, scale, lo, hi;
    int mode;
} gpuact_cfg;

/* == 3 Tables: generated constants, host and device copies == */
/* ---------------------------------------------------------------------------
   Generated constants (gpuact_tables.h, written whole by tools/gen/gen_tables.py)
   ------------------------------------------------------------------------ */
#include "gpuact_tables.h"

/* ---------------------------------------------------------------------------
   Tables: one copy for the host, one in device global memory.
   The host copy is a function-local static behind an accessor, not a
   file-scope static const: GCC emits unused file-scope static consts at -O0
   (-fkeep-static-consts), so a file that only includes the header would carry
   every table; an accessor nobody calls is not emitted, nor is its table.
   ------------------------------------------------------------------------ */
static inline const uint32_t *gpuact__exp2_tab_h(void) { static const uint32_t t[128] = GPUACT__EXP2_TABLE; return t; }
static inline const uint32_t *gpuact__exp2_ll_tab_h(void) { static const uint32_t t[64] = GPUACT__EXP2_TABLE_LL; return t; }
static inline const uint32_t *gpuact__erfc_tab_h(void) { static const uint32_t t[GPUACT__ERFC_NI * 16] = GPUACT__ERFC_TABLE; return t; }
static inline const uint32_t *gpuact__phi_tab_h(void) { static const uint32_t t[GPUACT__PHI_NS * 8] = GPUACT__PHI_TABLE; return t; }
static inline const uint32_t *gpuact__tanh_tab_h(void) { static const uint32_t t[GPUACT__TANH_NG * 8] = GPUACT__TANH_TABLE; return t; }
static inline const uint32_t *gpuact__tt_erf_q_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_ERF_Q; return t; }
static inline const uint32_t *gpuact__tt_erf_a_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_ERF_A; return t; }
static inline const uint32_t *gpuact__tt_gt_q_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_GT_Q; return t; }
static inline const uint32_t *gpuact__tt_gt_a_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_GT_A; return t; }
static inline const uint32_t *gpuact__tt_gs_q_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_GS_Q; return t; }
static inline const uint32_t *gpuact__tt_gs_a_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_GS_A; return t; }
static inline const uint32_t *gpuact__tt_silu_q_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_SILU_Q; return t; }
static inline const uint32_t *gpuact__tt_silu_a_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_SILU_A; return t; }
static inline const uint32_t *gpuact__tt_st_q_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_ST_Q; return t; }
static inline const uint32_t *gpuact__tt_st_a_h(void) { static const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_ST_A; return t; }
#if defined(__CUDACC__)
/* aligned for the 16-byte loads of a row (erfc, phi, tanh) or of the copy to shared memory (exp);
   function-local statics, as the host's: a CUDA file that includes the header
   without calling them carries none of them (a file-scope static __device__
   array is registered with the runtime, so kept: 760 KB in every object) */
static inline __device__ const uint32_t *gpuact__exp2_tab_d(void) { static __device__ __align__(16) const uint32_t t[128] = GPUACT__EXP2_TABLE; return t; }
static inline __device__ const uint32_t *gpuact__exp2_ll_tab_d(void) { static __device__ const uint32_t t[64] = GPUACT__EXP2_TABLE_LL; return t; }
static inline __device__ const uint32_t *gpuact__erfc_tab_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__ERFC_NI * 16] = GPUACT__ERFC_TABLE; return t; }
static inline __device__ const uint32_t *gpuact__phi_tab_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__PHI_NS * 8] = GPUACT__PHI_TABLE; return t; }
static inline __device__ const uint32_t *gpuact__tanh_tab_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TANH_NG * 8] = GPUACT__TANH_TABLE; return t; }
static inline __device__ const uint32_t *gpuact__tt_erf_q_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_ERF_Q; return t; }
static inline __device__ const uint32_t *gpuact__tt_erf_a_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_ERF_A; return t; }
static inline __device__ const uint32_t *gpuact__tt_gt_q_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_GT_Q; return t; }
static inline __device__ const uint32_t *gpuact__tt_gt_a_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_GT_A; return t; }
static inline __device__ const uint32_t *gpuact__tt_gs_q_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_GS_Q; return t; }
static inline __device__ const uint32_t *gpuact__tt_gs_a_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_GS_A; return t; }
static inline __device__ const uint32_t *gpuact__tt_silu_q_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_SILU_Q; return t; }
static inline __device__ const uint32_t *gpuact__tt_silu_a_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_SILU_A; return t; }
static inline __device__ const uint32_t *gpuact__tt_st_q_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_ST_Q; return t; }
static inline __device__ const uint32_t *gpuact__tt_st_a_d(void) { static __device__ __align__(16) const uint32_t t[GPUACT__TT_N * 8] = GPUACT__TT_ST_A; return t; }
#endif

/* == 4 Primitives == */
/* == 4.1 Bits and fp32 operations == */
/* ---------------------------------------------------------------------------
   Bits, and arithmetic that means the same thing on every compiler
   ------------------------------------------------------------------------ */
GPUACT__FN float gpuact__u2f(uint32_t u) {
#if defined(__CUDA_ARCH__)
    return __uint_as_float(u);
#else
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
#endif
}
GPUACT__FN uint32_t gpuact__f2u(float f) {
#if defined(__CUDA_ARCH__)
    return __float_as_uint(f);
#else
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
#endif
}
#define GPUACT__K(bits) gpuact__u2f(bits)

/* A product the compiler may not fuse with a following add. On the device
   __fmul_rn is documented never to be contracted; on the host an empty asm
   makes the rounded product opaque (GCC contracts across statements with
   -ffp-contract=fast, its default for GNU C on FMA targets). */
#if !defined(__CUDA_ARCH__) && (defined(__GNUC__) || defined(__clang__))
#if defined(__x86_64__) || (defined(__i386__) && defined(__SSE__))
#define GPUACT__OPAQUE(v) __asm__("" : "+x"(v))
#elif defined(__aarch64__)
#define GPUACT__OPAQUE(v) __asm__("" : "+w"(v))
#else
#define GPUACT__OPAQUE(v) __asm__("" : "+m"(v))
#endif
#else
#define GPUACT__OPAQUE(v) ((void)0) /* MSVC: /fp:precise does not contract */
#endif

GPUACT__FN float gpuact__mul(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fmul_rn(a, b);
#else
    float p = a * b;
    GPUACT__OPAQUE(p);
    return p;
#endif
}
GPUACT__FN float gpuact__fma(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
    return __fmaf_rn(a, b, c);
#else
    return fmaf(a, b, c);
#endif
}
GPUACT__FN float gpuact__div(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fdiv_rn(a, b);
#else
    return a / b;
#endif
}
GPUACT__FN float gpuact__abs(float x) { return gpuact__u2f(gpuact__f2u(x) & 0x7fffffffu); }
/* |x| for the fast tier, where a NaN's bits never reach a result: on the
   device fabsf folds into the next instruction's operand (no LOP3) */
GPUACT__FN float gpuact__absv(float x) {
#if defined(__CUDA_ARCH__)
    return fabsf(x);
#else
    return gpuact__abs(x);
#endif
}
GPUACT__FN float gpuact__copysign(float x, float s) {
    return gpuact__u2f((gpuact__f2u(x) & 0x7fffffffu) | (gpuact__f2u(s) & 0x80000000u));
}
GPUACT__FN int gpuact__isnan(float x) { return (gpuact__f2u(x) & 0x7fffffffu) > 0x7f800000u; }
GPUACT__FN int gpuact__isinf(float x) { return (gpuact__f2u(x) & 0x7fffffffu) == 0x7f800000u; }
GPUACT__FN int gpuact__isfinite(float x) { return (gpuact__f2u(x) & 0x7f800000u) != 0x7f800000u; }
GPUACT__FN int gpuact__signbit(float x) { return (int)(gpuact__f2u(x) >> 31); }
/* 2^k for -126 <= k <= 127 */
GPUACT__FN float gpuact__pow2(int k) { return gpuact__u2f((uint32_t)(k + 127) << 23); }
/* x * 2^k for |k| <= 350: exact when the result is normal, one rounding when
   it is subnormal (the first step keeps the value 2^100 away from underflow). */
GPUACT__FN float gpuact__ldexp(float x, int k) {
    if (k > 127) {
        int k1 = k - 100 > 127 ? 127 : k - 100;
        return gpuact__mul(gpuact__mul(x, gpuact__pow2(k1)), gpuact__pow2(100));
    }
    if (k < -126) {
        int k1 = k + 100 < -126 ? -126 : k + 100;
        return gpuact__mul(gpuact__mul(x, gpuact__pow2(k1)), gpuact__pow2(-100));
    }
    return gpuact__mul(x, gpuact__pow2(k));
}
/* round to integer, ties to even, for |x| < 2^23 */
GPUACT__FN float gpuact__rint(float x) {
    float a = gpuact__abs(x);
    if (!(a < 8388608.0f)) return x;
    a = (a + 8388608.0f) - 8388608.0f;
    return gpuact__copysign(a, x);
}

/* == 4.2 Table rows == */
/* Table reads. On the device each lookup is a gather whose lanes hit
   different cache lines, so an exp entry (h, l) is one 8-byte load and an
   erfc row one 64-byte row in four 16-byte loads: per-lane loads of the same
   values cost the L1 one pass per load instruction (gelu_erf was bound by
   them). The erfc table is stored quarter-major, so one load instruction's
   lanes, which mostly read nearby centres, touch fewer cache lines. The
   values, and so the results, are the same on host and device. */
GPUACT__FN void gpuact__exp2tab(int j, float *h, float *l) {
#if defined(__CUDA_ARCH__)
    /* the entry's address as one wide multiply-add: from the indexed form the
       compiler made a shift, a mask and a 64-bit add */
    const uint2 *q;
    asm("mad.wide.u32 %0, %1, 8, %2;" : "=l"(q) : "r"((unsigned)j), "l"(gpuact__exp2_tab_d()));
    const uint2 v = __ldg(q);
    *h = __uint_as_float(v.x);
    *l = __uint_as_float(v.y);
#else
    const uint32_t *t = gpuact__exp2_tab_h();
    *h = gpuact__u2f(t[2 * j]);
    *l = gpuact__u2f(t[2 * j + 1]);
#endif
}
/* the same from a copy of the table at tab (the elu and selu forward
   kernels keep one in shared memory: gpuact__k_eltwise) */
GPUACT__FN void gpuact__exp2tab_at(const uint32_t *tab, int j, float *h, float *l) {
#if defined(__CUDA_ARCH__)
    const uint2 v = reinterpret_cast<const uint2 *>(tab)[j];
    *h = __uint_as_float(v.x);
    *l = __uint_as_float(v.y);
#else
    *h = gpuact__u2f(tab[2 * j]);
    *l = gpuact__u2f(tab[2 * j + 1]);
#endif
}
/* centre i of the erfc table: r[k], k < 16, from quarter k / 4 (see
   GPUACT__ERFC_TABLE) */
GPUACT__FN void gpuact__erfcrow(int i, float r[16]) {
#if defined(__CUDA_ARCH__)
    const uint4 *p = reinterpret_cast<const uint4 *>(gpuact__erfc_tab_d()) + i;
    int q;
    for (q = 0; q < 4; q++) {
        const uint4 v = p[q * GPUACT__ERFC_NI];
        r[4 * q] = __uint_as_float(v.x);
        r[4 * q + 1] = __uint_as_float(v.y);
        r[4 * q + 2] = __uint_as_float(v.z);
        r[4 * q + 3] = __uint_as_float(v.w);
    }
#else
    const uint32_t *t = gpuact__erfc_tab_h();
    int k;
    for (k = 0; k < 16; k++) r[k] = gpuact__u2f(t[4 * GPUACT__ERFC_NI * (k >> 2) + 4 * i + (k & 3)]);
#endif
}

/* centre i of a Taylor table laid out as GPUACT__PHI_TABLE (n centres, two
   16-byte halves): c0 hi, lo, c1 hi, lo, c2..c5. The caller passes kb, the
   bits of 1.5 2^23 + i (the fma that rounded to the centre), and the device
   folds the bias 0x4b400000 into the table's base address, so the row's
   address is one wide multiply-add. */
#if defined(__CUDA_ARCH__)
#define GPUACT__TAYLOR_ROW(tab_h, tab_d, n, kb, r) gpuact__taylorrow(tab_d, n, kb, r)
#else
#define GPUACT__TAYLOR_ROW(tab_h, tab_d, n, kb, r) gpuact__taylorrow(tab_h(), n, kb, r)
#endif
GPUACT__FN void gpuact__taylorrow(const uint32_t *tab, int n, uint32_t kb, float r[8]) {
#if defined(__CUDA_ARCH__)
    const uint4 *p = reinterpret_cast<const uint4 *>(reinterpret_cast<uintptr_t>(tab) - (uintptr_t)0x4b400000u * 16u + (uintptr_t)kb * 16u);
    const uint4 v = __ldg(p), w = __ldg(p + n);
    r[0] = __uint_as_float(v.x);
    r[1] = __uint_as_float(v.y);
    r[2] = __uint_as_float(v.z);
    r[3] = __uint_as_float(v.w);
    r[4] = __uint_as_float(w.x);
    r[5] = __uint_as_float(w.y);
    r[6] = __uint_as_float(w.z);
    r[7] = __uint_as_float(w.w);
#else
    int k;
    const int i = (int)(kb - 0x4b400000u);
    for (k = 0; k < 8; k++) r[k] = gpuact__u2f(tab[4 * (n * (k >> 2) + i) + (k & 3)]);
#endif
}

/* == 4.3 Double-float (df) and scaled double-float (xf) == */
/* ---------------------------------------------------------------------------
   Double-float arithmetic: a value is h + l with |l| <= ulp(h)/2.
   xf adds a power-of-two exponent: value = (h + l) * 2^e. It keeps tiny and
   huge intermediates (silu(-100), 1/(1+e^-x) tails) away from under/overflow
   until the single final rounding.
   ------------------------------------------------------------------------ */
typedef struct gpuact__df { float h, l; } gpuact__df;
typedef struct gpuact__xf { float h, l; int e; } gpuact__xf;

GPUACT__FN gpuact__df gpuact__df_make(float h, float l) { gpuact__df r; r.h = h; r.l = l; return r; }
GPUACT__FN gpuact__xf gpuact__xf_make(gpuact__df d, int e) { gpuact__xf r; r.h = d.h; r.l = d.l; r.e = e; return r; }
GPUACT__FN gpuact__xf gpuact__xf_f(float f) { gpuact__xf r; r.h = f; r.l = 0.0f; r.e = 0; return r; }
/* |a| >= |b| or a == 0 */
GPUACT__FN gpuact__df gpuact__fast2sum(float a, float b) {
    float s = a + b;
    return gpuact__df_make(s, b - (s - a));
}
GPUACT__FN gpuact__df gpuact__2sum(float a, float b) {
    float s = a + b, bb = s - a;
    return gpuact__df_make(s, (a - (s - bb)) + (b - bb));
}
GPUACT__FN gpuact__df gpuact__2prod(float a, float b) {
    float p = gpuact__mul(a, b);
    return gpuact__df_make(p, gpuact__fma(a, b, -p));
}
GPUACT__FN gpuact__df gpuact__dd_mul(gpuact__df a, gpuact__df b) {
    float p = gpuact__mul(a.h, b.h);
    float e = gpuact__fma(a.h, b.h, -p);
    e = gpuact__fma(a.h, b.l, e);
    e = gpuact__fma(a.l, b.h, e);
    return gpuact__fast2sum(p, e);
}
GPUACT__FN gpuact__df gpuact__dd_mulf(gpuact__df a, float b) {
    float p = gpuact__mul(a.h, b);
    float e = gpuact__fma(a.h, b, -p);
    e = gpuact__fma(a.l, b, e);
    return gpuact__fast2sum(p, e);
}
GPUACT__FN gpuact__df gpuact__dd_add(gpuact__df a, gpuact__df b) {
    gpuact__df s = gpuact__2sum(a.h, b.h);
    return gpuact__fast2sum(s.h, s.l + (a.l + b.l));
}
GPUACT__FN gpuact__df gpuact__dd_addf(gpuact__df a, float b) {
    gpuact__df s = gpuact__2sum(a.h, b);
    return gpuact__fast2sum(s.h, s.l + a.l);
}
GPUACT__FN gpuact__df gpuact__dd_neg(gpuact__df a) { return gpuact__df_make(-a.h, -a.l); }
/* a / b, one IEEE division; relative error about 2^-46 */
GPUACT__FN gpuact__df gpuact__dd_div(gpuact__df a, gpuact__df b) {
    float inv = gpuact__div(1.0f, b.h);
    float q = gpuact__mul(a.h, inv);
    gpuact__df p = gpuact__2prod(q, b.h);
    float r = ((a.h - p.h) - p.l + a.l) - gpuact__mul(q, b.l);
    return gpuact__fast2sum(q, gpuact__mul(r, inv));
}
/* half an ulp of a normal float h, 2^(exponent of h - 24) */
GPUACT__FN float gpuact__half_ulp(float h) { return gpuact__mul(gpuact__u2f(gpuact__f2u(h) & 0x7f800000u), 5.96046448e-08f); }
/* v is exactly a normal power of two times 2^e (l = 0) */
GPUACT__FN int gpuact__xf_is_pow2(gpuact__xf v) {
    uint32_t u = gpuact__f2u(v.h);
    return v.l == 0.0f && (u & 0x007fffffu) == 0u && (u & 0x7f800000u) != 0u;
}
/* E + t for a double-float E (|E.l| <= ulp(E.h)/2) and a tail t that is
   exact in sign, keeping the side convention of gpuact__tiny_tie: where E.l
   is exactly half an ulp of E.h (E a midpoint) and t too small to move
   RN(E.l + t), t's sign still says which neighbour of the midpoint RN(E + t)
   is; h becomes that one and l points back at the midpoint. E is not
   renormalised then: fast2sum would round the midpoint to even. */
GPUACT__FN gpuact__df gpuact__df_add_tail(gpuact__df E, float t) {
    float l = E.l + t;
    if (l != E.l) return gpuact__fast2sum(E.h, l);
    if (E.l != 0.0f && t != 0.0f && (E.l < 0.0f) == (t < 0.0f) &&
        gpuact__abs(E.l) == gpuact__half_ulp(E.h)) {
        E.h = E.h + (E.l + E.l); /* the neighbour beyond the midpoint */
        E.l = -E.l;
    }
    return E;
}
/* gpuact__df_add_tail, and also where E.h is a normal power of two (above the
   smallest) and E.l points towards 0 by half an ulp of the binade below:
   that midpoint too is decided by t's sign. (Apart from df_add_tail, whose
   callers in the backward kernels keep their registers.) */
GPUACT__FN gpuact__df gpuact__df_add_tail_p2(gpuact__df E, float t) {
    if (t != 0.0f && E.l + t == E.l && (E.l < 0.0f) == (t < 0.0f) && (E.l < 0.0f) != (E.h < 0.0f) &&
        (gpuact__f2u(E.h) & 0x007fffffu) == 0u && (gpuact__f2u(E.h) & 0x7f800000u) > 0x00800000u &&
        gpuact__abs(E.l) == gpuact__mul(gpuact__half_ulp(E.h), 0.5f)) {
        E.h = E.h + (E.l + E.l); /* the neighbour below the midpoint */
        E.l = -E.l;
        return E;
    }
    return gpuact__df_add_tail(E, t);
}
GPUACT__FN gpuact__xf gpuact__xx_mul(gpuact__xf a, gpuact__xf b) {
    if (a.h == 0.0f || b.h == 0.0f || !gpuact__isfinite(a.h) || !gpuact__isfinite(b.h))
        return gpuact__xf_f(gpuact__mul(a.h, b.h)); /* IEEE sign of zero, inf, NaN */
    if (gpuact__xf_is_pow2(b)) { gpuact__xf t = a; a = b; b = t; }
    if (gpuact__xf_is_pow2(a)) {
        /* a power of two (sech^2 = 1, say): b scaled exactly, with its side
           convention (gpuact__tiny_tie), which dd_mul's fast2sum would undo */
        b.e += a.e + (int)((gpuact__f2u(a.h) >> 23) & 0xffu) - 127;
        if (a.h < 0.0f) { b.h = -b.h; b.l = -b.l; }
        return b;
    }
    return gpuact__xf_make(gpuact__dd_mul(gpuact__df_make(a.h, a.l), gpuact__df_make(b.h, b.l)), a.e + b.e);
}
/* v * f for any float f: the exponent of f goes into e so the product of the
   significands neither overflows nor underflows. */
GPUACT__FN gpuact__xf gpuact__xf_mulf(gpuact__xf v, float f) {
    uint32_t u = gpuact__f2u(f) & 0x7fffffffu;
    if (u == 0 || u >= 0x7f800000u || v.h == 0.0f || !gpuact__isfinite(v.h)) {
        return gpuact__xf_f(gpuact__mul(v.h, f));
    }
    int k = 0;
    if (u < 0x00800000u) { f = gpuact__mul(f, 18446744073709551616.0f); k = -64; u = gpuact__f2u(f) & 0x7fffffffu; }
    k += (int)(u >> 23) - 127;
    float m = gpuact__u2f((gpuact__f2u(f) & 0x807fffffu) | 0x3f800000u);
    /* and v.h's: with both significands in [1, 2) the product can't overflow (silu(3e38) * 1.5) */
    uint32_t uv = gpuact__f2u(v.h) & 0x7f800000u;
    if (uv == 0u) { v.h = gpuact__mul(v.h, 18446744073709551616.0f); v.l = gpuact__mul(v.l, 18446744073709551616.0f); v.e -= 64; uv = gpuact__f2u(v.h) & 0x7f800000u; }
    {
        int kv = (int)(uv >> 23) - 127;
        v.h = gpuact__u2f((gpuact__f2u(v.h) & 0x807fffffu) | 0x3f800000u); /* v.h 2^-kv */
        float ls = gpuact__ldexp(v.l, -kv);
        if (ls == 0.0f && v.l != 0.0f) ls = gpuact__copysign(7.88860905e-31f, v.l); /* 2^-100: keeps the side */
        v.l = ls;
        v.e += kv;
    }
    {
        /* (v.h + v.l) m exactly, as P.h + A.h + C.h + C.l (each 2prod and 2sum is
           exact), then rounded to a double-float whose h is the right neighbour
           of any midpoint, however close the product comes to it: products of
           few-bit operands land on or within 2^-70 of midpoints (K18), and
           v.l may be only a side (gpuact__tiny_tie's convention). */
        gpuact__df P = gpuact__2prod(v.h, m); /* P.h in [1, 4) */
        gpuact__df Q = gpuact__2prod(v.l, m);
        gpuact__df A = gpuact__2sum(P.l, Q.h);
        gpuact__df C = gpuact__2sum(A.l, Q.l);
        const float tail = C.h + C.l;
        /* P.h + A.h rounded to even, then the tail says the side of a
           midpoint, also of the one below a power of two, where the ulp
           halves (K52: silu bias dx, P.h = -2, A.h = 2^-23 and a tail of
           2^-69 is -0x1.fffffe, not a midpoint; a midpoint kept unrounded
           took it for one). For m = +-1 (tail 0), v's own convention (an l
           of half an ulp is a side, not a tie) keeps v as it is. Written
           out, not as gpuact__df_add_tail_p2, whose extra registers gave
           the swish_tanh fp32 forward and f' kernels a stack frame. */
        if (gpuact__abs(m) == 1.0f) /* tail = 0 */
            return gpuact__xf_make(gpuact__abs(A.h) == gpuact__half_ulp(P.h) ? gpuact__df_make(P.h, A.h) : gpuact__fast2sum(P.h, A.h), v.e + k);
        {
            gpuact__df H = gpuact__fast2sum(P.h, A.h);
            const float l = H.l + tail;
            if (l != H.l) return gpuact__xf_make(gpuact__fast2sum(H.h, l), v.e + k);
            /* H.l a midpoint's offset: 2^-24 of H.h's binade, or 2^-25 below a power of two */
            if (tail != 0.0f && (tail < 0.0f) == (H.l < 0.0f)) {
                const uint32_t uh = gpuact__f2u(H.h), d = (uh & 0x7f800000u) - (gpuact__f2u(H.l) & 0x7fffffffu);
                if (d == 0x0c000000u || (d == 0x0c800000u && (uh & 0x007fffffu) == 0u && (H.l < 0.0f) != (H.h < 0.0f)))
                    H = gpuact__df_make(H.h + (H.l + H.l), -H.l);
            }
            return gpuact__xf_make(H, v.e + k);
        }
    }
}
/* |a| >= |b| for finite nonzero xf values */
GPUACT__FN int gpuact__xf_absge(gpuact__xf a, gpuact__xf b) {
    a = gpuact__xf_mulf(a, 1.0f); /* h in [1, 2) */
    b = gpuact__xf_mulf(b, 1.0f);
    if (a.e != b.e) return a.e > b.e;
    if (gpuact__abs(a.h) != gpuact__abs(b.h)) return gpuact__abs(a.h) > gpuact__abs(b.h);
    return gpuact__copysign(a.l, a.h) >= gpuact__copysign(b.l, b.h);
}
/* the value of an xf as a df at scale 2^0 (exact unless it underflows) */
GPUACT__FN gpuact__df gpuact__xf_unscale(gpuact__xf v) {
    if (v.e == 0) return gpuact__df_make(v.h, v.l);
    return gpuact__df_make(gpuact__ldexp(v.h, v.e), gpuact__ldexp(v.l, v.e));
}

/* c1 x + c2 x^2 for |x| < 2^-60, given r = c1 x exactly (h + l) with the
   exponent of x factored out (r.h in [1, 4)). c2 x^2 is below any float's
   reach but still decides rounding ties (x an odd subnormal, x/2 exactly
   half-way; s x/2 exactly half-way between floats): it is folded in as the
   side of the tie it picks. */
GPUACT__FN gpuact__xf gpuact__tiny_tie(gpuact__xf r, int c2_negative) {
    if (r.h == 0.0f || !gpuact__isfinite(r.h)) return r;
    r = gpuact__xf_mulf(r, 1.0f); /* h in [1, 2): a lo of 2^-60 is below half an ulp */
    if (r.l == 0.0f) {
        r.l = c2_negative ? -8.67361738e-19f : 8.67361738e-19f;
    } else { /* c1 x exactly half-way between two floats (l = +-ulp/2): c2 x^2 picks the side */
        float half_ulp = gpuact__half_ulp(r.h); /* 2^-24 */
        if (gpuact__abs(r.l) == half_ulp && (r.l < 0.0f) == (c2_negative != 0)) {
            r.h = r.h + (r.l + r.l); /* the neighbour beyond the midpoint; |r.h| stays in [1, 4] */
            r.l = -r.l;             /* h is RN(value) again and l points back at it */
        }
    }
    return r;
}
/* == 4.4 The single rounding (gpuact__round) == */
#define GPUACT__NAN gpuact__u2f(0x7fc00000u)
/* ---------------------------------------------------------------------------
   The single rounding: (h + l) 2^e to binary32, binary16 or bfloat16, round
   to nearest even, with the target's subnormals and overflow. The result is
   returned as the fp32 value, exactly representable in the target.
   Method: scale h to n = h 2^(e - Q), Q the target quantum's exponent, so the
   target values are the integers; round n to an integer; where n is exactly
   half-way, the sign of l decides (l is below n's own ulp, so it can only
   matter there).
   ------------------------------------------------------------------------ */
#define GPUACT__FMT_F32 0
#define GPUACT__FMT_F16 1
#define GPUACT__FMT_BF16 2
GPUACT__FN float gpuact__round(gpuact__xf v, int fmt) {
    float h = v.h;
    if (h == 0.0f) return h;
    if (!gpuact__isfinite(h)) return gpuact__isnan(h) ? GPUACT__NAN : h;
    uint32_t bits = gpuact__f2u(h);
    if (fmt == GPUACT__FMT_F32 && v.e == 0 && (bits & 0x7f800000u) != 0u) return h; /* already RN(h + l) */
    int e = v.e;
    float l = v.l;
    if ((bits & 0x7f800000u) == 0u) { /* subnormal h */
        h = gpuact__mul(h, 18446744073709551616.0f);
        l = gpuact__mul(l, 18446744073709551616.0f);
        e -= 64;
        bits = gpuact__f2u(h);
    }
    int E = (int)((bits >> 23) & 0xffu) - 127 + e;       /* exponent of the value */
    int p = fmt == GPUACT__FMT_F32 ? 24 : (fmt == GPUACT__FMT_F16 ? 11 : 8);
    int emin = fmt == GPUACT__FMT_F16 ? -14 : -126;
    int Q = (E > emin ? E : emin) - (p - 1);
    if (E < Q - 2) return gpuact__copysign(0.0f, h);     /* below a quarter quantum */
    if (E > 200) return gpuact__copysign(gpuact__u2f(0x7f800000u), h);
    float n = gpuact__ldexp(h, e - Q);                    /* exact, |n| < 2^p */
    float r = gpuact__rint(n);
    float t = n - r;                                      /* exact, |t| <= 1/2 */
    if ((t == 0.5f || t == -0.5f) && l != 0.0f && ((l > 0.0f) == (t > 0.0f))) r = r + (t + t);
    float res = gpuact__ldexp(r, Q);                      /* exact, or +-inf */
    if (fmt == GPUACT__FMT_F16 && gpuact__abs(res) > 65504.0f) res = gpuact__copysign(gpuact__u2f(0x7f800000u), h);
    return res;
}

/* == 4.5 binary16 and bfloat16 == */
/* ---------------------------------------------------------------------------
   binary16 / bfloat16 bit patterns
   ------------------------------------------------------------------------ */
GPUACT__FN float gpuact_f16_to_f32(uint16_t b) {
    uint32_t s = (uint32_t)(b & 0x8000u) << 16, ex = (b >> 10) & 0x1fu, m = b & 0x3ffu;
    if (ex == 0x1fu) return gpuact__u2f(s | 0x7f800000u | (m << 13));
    if (ex == 0u) return gpuact__copysign(gpuact__mul((float)m, 5.96046448e-08f), gpuact__u2f(s)); /* m 2^-24 */
    return gpuact__u2f(s | ((ex + 112u) << 23) | (m << 13));
}
GPUACT__FN float gpuact_bf16_to_f32(uint16_t b) { return gpuact__u2f((uint32_t)b << 16); }
/* f must be exactly representable in binary16 (or +-inf, NaN) */
GPUACT__FN uint16_t gpuact__f32_to_f16_exact(float f) {
    uint32_t u = gpuact__f2u(f), s = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return (uint16_t)0x7e00u;
    if (a >= 0x47800000u) return (uint16_t)(s | 0x7c00u);
    if (a >= 0x38800000u) return (uint16_t)(s | (((a >> 23) - 112u) << 10) | ((a >> 13) & 0x3ffu));
    return (uint16_t)(s | (uint32_t)gpuact__mul(gpuact__abs(f), 16777216.0f)); /* |f| 2^24 */
}
GPUACT__FN uint16_t gpuact__f32_to_bf16_exact(float f) {
    uint32_t u = gpuact__f2u(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)0x7fc0u;
    return (uint16_t)(u >> 16);
}
/* round-to-nearest-even conversions of any float, for callers' convenience */
GPUACT__FN uint16_t gpuact_f32_to_f16(float f) { return gpuact__f32_to_f16_exact(gpuact__round(gpuact__xf_f(f), GPUACT__FMT_F16)); }
GPUACT__FN uint16_t gpuact_f32_to_bf16(float f) { return gpuact__f32_to_bf16_exact(gpuact__round(gpuact__xf_f(f), GPUACT__FMT_BF16)); }

/* == 5 Shared pieces of the full path == */
/* == 5.1 exp and expm1 == */
/* ---------------------------------------------------------------------------
   exp: e^(xh + xl) = 2^k T_j (1 + p), |xh| <= 300.
   Reduction x = (64k + j) ln2/64 + r, |r| <= ln2/128, with ln2/64 split in two
   (fma makes xh - m*C1 exact); e^r - 1 = r + r^2/2 + r^3/6 + r^4/24 (the
   dropped r^5/120 is < 2^-44 relative). Relative error about 2^-39.
   ------------------------------------------------------------------------ */
/* e^r - 1 - rh for r = rh + rl, |r| <= ln2/128: rl (1 + rh) + rh^2 (1/2 + rh/6 + rh^2/24)
   (rl rh matters: rl reaches 2^-22 when |x| ~ 100) */
GPUACT__FN float gpuact__expm1_tail(float rh, float rl) {
    float q = gpuact__fma(rh, 0.0416666679f, 0.166666672f);
    q = gpuact__fma(rh, q, 0.5f);
    return gpuact__fma(gpuact__mul(rh, rh), q, gpuact__fma(rl, rh, rl));
}
GPUACT__FN gpuact__xf gpuact__exp(float xh, float xl) {
    float t = gpuact__mul(xh, GPUACT__K(GPUACT__C_64_LN2));
    float m = (t + 12582912.0f) - 12582912.0f; /* rint, |t| < 2^22 */
    float rh = gpuact__fma(-m, GPUACT__K(GPUACT__C_LN2_64_H), xh);
    float rl = gpuact__fma(-m, GPUACT__K(GPUACT__C_LN2_64_L), xl);
    float q = gpuact__expm1_tail(rh, rl); /* e^r = 1 + rh + q */
    int mi = (int)m;
    int j = mi & 63;
    int k = (mi - j) / 64;
    float th, tl;
    gpuact__exp2tab(j, &th, &tl);
    /* T (1 + p) = T + T rh + T q */
    gpuact__df tp = gpuact__2prod(th, rh);
    float lo = gpuact__fma(th, q, tp.l);
    lo = gpuact__fma(tl, rh, lo) + tl;
    gpuact__df s = gpuact__2sum(th, tp.h);
    return gpuact__xf_make(gpuact__fast2sum(s.h, s.l + lo), k);
}
/* e^x - 1 for 0.0054 <= |x| < 1, where the df e^x's error (2^-39 of 1)
   would be 2^-31.5 of the result: (T - 1) + T (e^r - 1), T = 2^k T_j (k in
   -2..1: T - 1 is a 2sum), e^r - 1 = r + r^2/2 (exact 2prod) + r^3/6 +
   r^4/24 + r^5/120 (float: 2^-49 of 1; the next term 2^-59), T (e^r - 1)
   and the sum in double-float (T - 1 and T (e^r - 1) have one sign or
   the second is at most half the first: cancellation at most 2x). About
   2^-44 relative. */
GPUACT__FN gpuact__df gpuact__expm1_mid(float xh, float xl) {
    const float t = gpuact__mul(xh, GPUACT__K(GPUACT__C_64_LN2));
    const float m = (t + 12582912.0f) - 12582912.0f;
    const float rh = gpuact__fma(-m, GPUACT__K(GPUACT__C_LN2_64_H), xh);
    const float rl = gpuact__fma(-m, GPUACT__K(GPUACT__C_LN2_64_L), xl);
    const int mi = (int)m, j = mi & 63, k = (mi - j) / 64;
    float th, tl;
    gpuact__exp2tab(j, &th, &tl);
    {
        const float sc = gpuact__pow2(k);
        const gpuact__df T = gpuact__df_make(gpuact__mul(th, sc), gpuact__mul(tl, sc));
        const gpuact__df d0 = gpuact__2sum(T.h, -1.0f);
        const gpuact__df D = gpuact__fast2sum(d0.h, d0.l + T.l); /* T - 1 */
        const gpuact__df r2 = gpuact__2prod(rh, rh);
        float q = gpuact__fma(rh, 8.33333377e-03f, 4.16666679e-02f);
        q = gpuact__fma(rh, q, 0.166666672f);
        const float tail = gpuact__fma(gpuact__mul(r2.h, rh), q, gpuact__fma(rl, rh, rl) + gpuact__mul(r2.l, 0.5f));
        const gpuact__df s0 = gpuact__fast2sum(rh, gpuact__mul(r2.h, 0.5f));
        const gpuact__df Er = gpuact__fast2sum(s0.h, s0.l + tail); /* e^r - 1 */
        return gpuact__dd_add(D, gpuact__dd_mul(T, Er));
    }
}
/* e^x - 1 for -200 <= x <= 40. Near 0 the reduction is the identity (m = 0,
   T = 1), so e^x - 1 = rh + q keeps full relative precision; up to |x| = 1
   gpuact__expm1_mid; beyond, |e^x - 1| > 0.63 and the subtraction from the
   df e^x is exact. */
GPUACT__FN gpuact__df gpuact__expm1(float xh, float xl) {
    if (xh < -42.0f) return gpuact__df_make(-1.0f, 2.16840434e-19f); /* -1 + e^x, e^x < 2^-60: keeps the side */
    if (gpuact__abs(xh) < 0.0054f) { /* x + x^2/2 (exact) + the rest */
        gpuact__df x2 = gpuact__2prod(xh, xh);
        float c = gpuact__fma(xh, 0.0416666679f, 0.166666672f);
        float tail = gpuact__fma(gpuact__mul(x2.h, xh), c, gpuact__fma(xl, xh, xl) + gpuact__mul(x2.l, 0.5f));
        gpuact__df s = gpuact__fast2sum(xh, gpuact__mul(x2.h, 0.5f));
        return gpuact__fast2sum(s.h, s.l + tail);
    }
    if (gpuact__abs(xh) < 1.0f) return gpuact__expm1_mid(xh, xl);
    return gpuact__dd_addf(gpuact__xf_unscale(gpuact__exp(xh, xl)), -1.0f);
}

/* == 5.2 sigmoid == */
/* ---------------------------------------------------------------------------
   Sigmoid, both halves: for z = zh + zl, with E = e^-|z|,
     big   = sigma(|z|)  = 1 / (1 + E)       (a df in [1/2, 1])
     small = sigma(-|z|) = E / (1 + E)       (an xf: it may be far below 2^-126)
   so sigma(z) and 1 - sigma(z) are both available without cancellation.
   ------------------------------------------------------------------------ */
typedef struct gpuact__sig { gpuact__df big; gpuact__xf small; } gpuact__sig;
GPUACT__FN gpuact__sig gpuact__sigmoid2(gpuact__df z) {
    float ah = gpuact__abs(z.h), al = z.h < 0.0f ? -z.l : z.l;
    if (ah > 300.0f) { ah = 300.0f; al = 0.0f; } /* callers keep |z| <= 300 where it matters */
    gpuact__xf E = gpuact__exp(-ah, -al);
    gpuact__df eu = gpuact__xf_unscale(E);
    gpuact__df d = gpuact__dd_addf(eu, 1.0f); /* 1 + E in [1, 2] */
    gpuact__sig r;
    r.big = gpuact__dd_div(gpuact__df_make(1.0f, 0.0f), d);
    r.small = gpuact__xf_make(gpuact__dd_mul(gpuact__df_make(E.h, E.l), r.big), E.e);
    return r;
}

/* == 5.3 erfc == */
/* ---------------------------------------------------------------------------
   erfc(a) for 0 <= a <= 10.5 as E R(a), E = exp(-a^2) (returned in *Eout),, R(a) = e^(a^2) erfc(a)
   expanded in Taylor series about c = i/8 (|a - c| <= 1/16): the first three
   coefficients are double-float, r3..r10 fp32 (their terms are < 2^-12.5 of
   R, so their rounding costs < 2^-36). R' = 2aR - 2/sqrt(pi) gives the
   coefficients (tools/gen/gen_tables.py). Relative error about 2^-36.
   ------------------------------------------------------------------------ */
/* R(a) alone (shared with the fast tier) */
GPUACT__FN gpuact__df gpuact__erfc_R(gpuact__df a) {
    int i = (int)(gpuact__mul(a.h, 8.0f) + 0.5f);
    if (i > GPUACT__ERFC_NI - 1) i = GPUACT__ERFC_NI - 1;
    float c[16];
    gpuact__erfcrow(i, c);
    gpuact__df d = gpuact__df_make(a.h - gpuact__mul((float)i, 0.125f), a.l); /* exact (Sterbenz) */
    float T = c[13];
    T = gpuact__fma(T, d.h, c[12]);
    T = gpuact__fma(T, d.h, c[11]);
    T = gpuact__fma(T, d.h, c[10]);
    T = gpuact__fma(T, d.h, c[9]);
    T = gpuact__fma(T, d.h, c[8]);
    T = gpuact__fma(T, d.h, c[7]);
    T = gpuact__fma(T, d.h, c[6]); /* r3 + d (r4 + ...) */
    gpuact__df p = gpuact__2prod(d.h, T);
    p.l = gpuact__fma(d.l, T, p.l);
    gpuact__df S = gpuact__dd_add(gpuact__df_make(c[4], c[5]), p);
    S = gpuact__dd_add(gpuact__df_make(c[2], c[3]), gpuact__dd_mul(d, S));
    return gpuact__dd_add(gpuact__df_make(c[0], c[1]), gpuact__dd_mul(d, S));
}
GPUACT__FN gpuact__xf gpuact__erfc_r(gpuact__df a, gpuact__xf *Eout) {
    gpuact__df a2 = gpuact__2prod(a.h, a.h);
    a2 = gpuact__fast2sum(a2.h, gpuact__fma(a.h + a.h, a.l, a2.l));
    *Eout = gpuact__exp(-a2.h, -a2.l);
    return gpuact__xf_make(gpuact__erfc_R(a), 0);
}

/* == 5.4 tanh == */
/* ---------------------------------------------------------------------------
   tanh(w) and 1 - tanh(w)^2 for an xf w, via E = e^(-2|w|):
     tanh|w| = -M / (2 + M),   sech^2 w = 4(1 + M) / (2 + M)^2,  M = E - 1 = expm1(-2|w|).
   |w| < 2^-40: tanh w = w, sech^2 = 1 (the next terms are below 2^-80);
   |w| < 2^-24: tanh w = w - w^3/3, sech^2 = 1 - w^2 in double-float;
   (gpuact__tanh_value: |w| < 2^-16: tanh w = w - w^3/3, for the forward.)
   |w| > 20:    tanh w = +-1 to all the precision a float can hold.
   ------------------------------------------------------------------------ */
GPUACT__FN float gpuact__xf_approx(gpuact__xf v) { return gpuact__ldexp(v.h, v.e); }
GPUACT__FN gpuact__xf gpuact__tanh(gpuact__xf w, gpuact__xf *sech2) {
    float a = gpuact__abs(gpuact__xf_approx(w));
    if (!(a >= 9.09494702e-13f)) { /* 2^-40: tanh w = w - w^3/3 */
        if (sech2) *sech2 = gpuact__xf_f(1.0f);
        /* the cubic only picks the side of a tie, and only an exact w (l = 0) can
           sit on one: a nonzero l already says on which side w is, by far more
           (but for the bias form's w: gpuact__tanh_tiny_side) */
        return w.l == 0.0f ? gpuact__tiny_tie(w, w.h > 0.0f) : w;
    }
    if (a < 5.96046448e-08f) { /* 2^-40 <= |w| < 2^-24: w - w^3/3 (the next term is 2^-96 of w) */
        gpuact__df u = gpuact__xf_unscale(w);
        float u2 = gpuact__mul(u.h, u.h);
        float d = gpuact__mul(gpuact__mul(u2, u.h), -0.333333343f);
        if (sech2) *sech2 = gpuact__xf_make(gpuact__df_make(1.0f, -u2), 0);
        return gpuact__xf_make(gpuact__fast2sum(u.h, u.l + d), 0);
    }
    if (a > 20.0f) { /* tanh w = +-(1 - 2e^-2|w| ...): 1 as far as rounding goes, but below it for the clamps */
        if (sech2) { /* 4 e^-2|w| (1 - 2 e^-2|w| ...: below 2^-57, dropped) */
            gpuact__xf E;
            if (a <= 186.0f) {
                gpuact__df u = gpuact__xf_unscale(w);
                if (u.h < 0.0f) u = gpuact__dd_neg(u);
                if (a <= 150.0f) {
                    E = gpuact__exp(-(u.h + u.h), -(u.l + u.l));
                } else { /* e^-|w| squared: gpuact__exp takes |x| <= 300 */
                    E = gpuact__exp(-u.h, -u.l);
                    E = gpuact__xx_mul(E, E);
                }
            } else {
                /* below 4e^-372 = 2^-534: times the largest product of the
                   other factors (s b dy in the gated forms' da, below 2^385)
                   it rounds to 0, and 2^-1000 keeps the signs (and inf
                   times it stays inf) */
                E.h = 1.0f; E.l = 0.0f; E.e = -1000;
            }
            E.e += 2;
            *sech2 = E;
        }
        {
            gpuact__xf t = gpuact__xf_f(gpuact__copysign(1.0f, w.h));
            if (gpuact__isfinite(w.h)) t.l = gpuact__copysign(8.67361738e-19f, -w.h); /* |t| = 1 - tiny */
            return t;
        }
    }
    gpuact__df u = gpuact__xf_unscale(w);
    if (u.h < 0.0f) u = gpuact__dd_neg(u);
    gpuact__df M = gpuact__expm1(-(u.h + u.h), -(u.l + u.l)); /* E - 1, E = e^-2|w| */
    gpuact__df one_p = gpuact__dd_addf(M, 2.0f);               /* 1 + E */
    gpuact__df t = gpuact__dd_div(gpuact__dd_neg(M), one_p);
    if (sech2) { /* 4E / (1 + E)^2 with E from exp itself: 1 + M keeps only a float of E once E < 2^-24 */
        gpuact__xf E = gpuact__exp(-(u.h + u.h), -(u.l + u.l));
        gpuact__df q = gpuact__dd_div(gpuact__df_make(E.h, E.l), gpuact__dd_mul(one_p, one_p));
        *sech2 = gpuact__xf_make(q, E.e + 2);
    }
    if (w.h < 0.0f) t = gpuact__dd_neg(t);
    return gpuact__xf_make(t, 0);
}
/* tanh(w) alone, for the forward: gpuact__tanh but for 2^-24 <= |w| < 2^-16,
   apart from it so that the backward's kernels (which need sech^2 too) do
   not carry this branch (it cost swish_tanh's fp32 backward a stack frame). */
GPUACT__FN gpuact__xf gpuact__tanh_value(gpuact__xf w) {
    float a = gpuact__abs(gpuact__xf_approx(w));
    if (!(a >= 5.96046448e-08f && a < 1.52587891e-05f)) return gpuact__tanh(w, 0);
    /* 2^-24 <= |w| < 2^-16: w - w^3/3 (2w^5/15 is below 2^-66 of w). The
       quotient below errs by about w^3/3 near 2^-24, and an exact w half-way
       between two 16-bit values (swish_tanh's s x/2 for a tiny x) then took
       the wrong side (K37). Here w^3/3 is kept to 2^-46 of itself and summed
       without losing its side (sech^2 keeps the quotient: its w^2 is three
       times as large, and the backward was right there). */
    gpuact__df u = gpuact__xf_unscale(w);
    const float u2 = gpuact__mul(u.h, u.h);
    gpuact__df q = gpuact__2prod(u2, u.h); /* u.h^3 but the rounding of u2, which ql adds with 3 u.h^2 u.l */
    float ql = gpuact__fma(gpuact__fma(u.h, u.h, -u2), u.h, gpuact__fma(gpuact__mul(3.0f, u2), u.l, q.l));
    gpuact__df d = gpuact__2prod(q.h, -0.333333343f); /* -1/3 = -0.333333343 + 9.93410746e-09 */
    float dl = gpuact__fma(q.h, 9.93410746e-09f, gpuact__fma(ql, -0.333333343f, d.l));
    gpuact__df s1 = gpuact__2sum(u.l, d.h);
    gpuact__df H = gpuact__fast2sum(u.h, s1.h);
    gpuact__df L = gpuact__2sum(H.l, s1.l + dl);
    return gpuact__xf_make(gpuact__df_add_tail_p2(gpuact__fast2sum(H.h, L.h), L.l), 0);
}

/* == 5.5 Full-path helpers: comparison, near a zero of f', tiny x, tails == */
/* Compare an xf (finite) with a float bound (may be +-inf): -1, 0, +1. */
GPUACT__FN int gpuact__xf_cmp(gpuact__xf v, float b) {
    if (gpuact__isinf(b)) return b > 0.0f ? -1 : 1;
    if (v.h == 0.0f) return 0.0f < b ? -1 : (0.0f > b ? 1 : 0);
    if ((gpuact__f2u(v.h) & 0x7f800000u) == 0u) { /* subnormal h: renormalise */
        v.h = gpuact__mul(v.h, 18446744073709551616.0f);
        v.l = gpuact__mul(v.l, 18446744073709551616.0f);
        v.e -= 64;
    }
    if (b == 0.0f) return v.h > 0.0f ? 1 : -1;
    if ((v.h > 0.0f) != (b > 0.0f)) return v.h > 0.0f ? 1 : -1;
    /* same sign, both nonzero: compare exponents, then significands */
    int ev = (int)((gpuact__f2u(v.h) >> 23) & 0xff) + v.e; /* v.h is normal */
    float bb = b;
    int eb = (int)((gpuact__f2u(bb) >> 23) & 0xff);
    if (eb == 0) { bb = gpuact__mul(bb, 18446744073709551616.0f); eb = (int)((gpuact__f2u(bb) >> 23) & 0xff) - 64; }
    int sgn = v.h > 0.0f ? 1 : -1;
    if (ev > eb + 1) return sgn;
    if (ev < eb - 1) return -sgn;
    float bs = gpuact__ldexp(b, -v.e); /* within a factor 4 of v.h: exact */
    if (v.h != bs) return v.h > bs ? 1 : -1;
    return v.l > 0.0f ? 1 : (v.l < 0.0f ? -1 : 0);
}

/* f'(x) near its zero x0, as (x - x0) (c1 + c2 d + ... + c7 d^6) with x0 in
   triple-float and c1 in double-float: d = x - x0 is exact to ~2^-72, so the
   result keeps full relative precision where the general formula cancels. */
#define GPUACT__ZERO_WINDOW 0.0078125f /* |x - x0| < 1/128 */
GPUACT__FN gpuact__xf gpuact__near_zero_at(gpuact__df d, float c1h, float c1l, float c2h, float c2l, float c3h,
                                           float c3l, float c4, float c5, float c6, float c7) {
    /* c4.. in floats (d^3 c4 / c1 < 2^-20: their rounding stays below 2^-44);
       c3, c2, c1 in double-float */
    float q = gpuact__fma(c7, d.h, c6);
    q = gpuact__fma(q, d.h, c5);
    q = gpuact__fma(q, d.h, c4);
    gpuact__df P = gpuact__fast2sum(c3h, gpuact__mul(d.h, q));
    P.l = P.l + c3l;
    P = gpuact__dd_add(gpuact__df_make(c2h, c2l), gpuact__dd_mul(d, P));
    P = gpuact__dd_add(gpuact__df_make(c1h, c1l), gpuact__dd_mul(d, P));
    return gpuact__xf_make(gpuact__dd_mul(d, P), 0);
}
GPUACT__FN gpuact__xf gpuact__near_zero(float x, float x0h, float x0l, float x0ll, float c1h, float c1l, float c2h,
                                        float c2l, float c3h, float c3l, float c4, float c5, float c6, float c7) {
    gpuact__df d = gpuact__2sum(x - x0h, -x0l); /* x - x0h exact: Sterbenz */
    d.l = d.l - x0ll;
    return gpuact__near_zero_at(d, c1h, c1l, c2h, c2l, c3h, c3l, c4, c5, c6, c7);
}

/* ---------------------------------------------------------------------------
   The functions. Each returns an xf holding the exact-to-~2^-36 value; the
   caller rounds it once (gpuact__round). Thresholds are where the rounded
   result no longer changes (checked against MPFR in tests/).
   ------------------------------------------------------------------------ */
#define GPUACT__TINY 8.67361738e-19f /* 2^-60 */
/* Below 2^-40 gelu_erf, gelu_tanh, gelu_sigmoid and silu are f = x/2 + c2
   x^2 (c2 > 0) and f' = 1/2 + 2 c2 x up to terms of relative size below
   2^-39: x/2 and 1/2 are exact (or x/2 a subnormal midpoint), the rest far
   below half an ulp of any target format, so only its side decides a
   rounding (gpuact__tiny_tie) -- and for dy f' too, since dy/2 is exact.
   The full path returns them so: evaluated, their products' tails went
   subnormal, which cost the host 200-1100 ns an element (microcode
   assists) against 15 elsewhere. */
#define GPUACT__TINY_HALF 9.09494702e-13f /* 2^-40 */

GPUACT__FN gpuact__xf gpuact__sig_of(gpuact__sig s, int positive) {
    return positive ? gpuact__xf_make(s.big, 0) : s.small;
}
GPUACT__FN gpuact__xf gpuact__sig_compl(gpuact__sig s, int positive) {
    return positive ? s.small : gpuact__xf_make(s.big, 0);
}
/* f'(x) beyond the last threshold of the negative tail. At x = -inf it is the
   limit, an exact signed zero. For finite x the exact f'(x) is tiny but not
   zero, so it is returned as +-2^-1000 (an xf): rounded alone, or times any
   finite dy, it gives the right signed zero, and times an infinite dy the
   right infinity rather than inf * 0 = NaN. */
GPUACT__FN gpuact__xf gpuact__grad_tail(float x, int negative) {
    gpuact__xf r;
    if (gpuact__isinf(x)) return gpuact__xf_f(negative ? -0.0f : 0.0f);
    r.h = negative ? -1.0f : 1.0f; r.l = 0.0f; r.e = -1000;
    return r;
}
/* x sigma(z), z ~ c x with c > 0 */
GPUACT__FN gpuact__xf gpuact__x_sigmoid(float x, gpuact__df z) {
    gpuact__sig s = gpuact__sigmoid2(z);
    return gpuact__xf_mulf(gpuact__sig_of(s, x >= 0.0f), x);
}
/* d/dz [z sigma(z)] = sigma(z) (1 + z (1 - sigma(z))) */
GPUACT__FN gpuact__xf gpuact__silu_grad_z(gpuact__df z) {
    gpuact__sig s = gpuact__sigmoid2(z);
    int pos = z.h >= 0.0f;
    gpuact__df zc = gpuact__dd_mul(gpuact__xf_unscale(gpuact__sig_compl(s, pos)), z);
    gpuact__df one = gpuact__dd_addf(zc, 1.0f);
    return gpuact__xx_mul(gpuact__sig_of(s, pos), gpuact__xf_make(one, 0));
}

/* == 6 Shared pieces of the tiers == */
/* == 6.1 The rounding test == */
/* ---------------------------------------------------------------------------
   Fast tier (fp32, fp16 and bf16 results).
   For the common inputs, f, f' and dy f' are first evaluated as a
   double-float v = h + l with a proven relative error bound (a few 2^-37,
   derived below each function), and RN(v) (to the output format: the
   16-bit formats get the same evaluation) is returned only when every value
   within that bound rounds to the same float (a rounding test, as in Ziv's
   method). Then it is the correctly rounded result. Otherwise, and outside
   the fast ranges, the paths above run. The composite is one deterministic
   function of the inputs, the same on host and device.
   The evaluation is the paths above without the generality that costs
   instructions: no xf exponent (ranges are limited so nothing under- or
   overflows), no midpoint sides (the test rejects anything near a
   midpoint), selects instead of branches between the two signs of x.
   tests/gpu checks, for all 2^32 inputs of f and f', that every result
   the test accepts equals the correctly rounded one, and audits the error
   bounds of f' (which backward multiplies by dy) against the reference.
   ------------------------------------------------------------------------ */

/* RN(h + l) when every value within err of h + l rounds to the same float.
   With a = RN(l + err) and b = RN(l - err), h + b <= exact <= h + a: err
   leaves room for those two roundings in every caller (each bound below is
   stated with room, and |l| is at most 2^-15 |h| there). RN is monotone, so
   RN(h + a) == RN(h + b) pins RN(exact) to that float: ties (rejected, as
   err > 0), the smaller gap below a power of two and overflow to inf need no
   case of their own. NaN (an inf that met an fma tail) fails the comparison.
   Results below 2^-88 are rejected: the tier's products stop being exact near
   the subnormals, and there err >= 2^-37 |h| stays a normal number, so a
   caller's FTZ/DAZ mode cannot zero it. */
#define GPUACT__FAST_RMIN 3.23117427e-27f /* 2^-88 */
/* RN of an fp32 value to binary16 (for |v| in [2^-14, 65504] only: the
   caller rejects the rest) or bfloat16 (everywhere but NaN), as an fp32
   value: the carry of the dropped bits' rounding runs into the kept ones
   (into the exponent too, up to inf for bfloat16). */
GPUACT__FN float gpuact__fast_round16(float v, int fmt) {
    uint32_t u = gpuact__f2u(v);
    if (fmt == GPUACT__FMT_BF16) return gpuact__u2f((u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u);
    return gpuact__u2f((u + 0xfffu + ((u >> 13) & 1u)) & 0xffffe000u);
}
/* chkmin = 0: the caller's results are known to lie above 2^-88 (fp32 only) */
GPUACT__FN int gpuact__fast_rn_min(float h, float l, float err, int fmt, float *out, int chkmin) {
    if (fmt == GPUACT__FMT_F32) {
        const float s1 = h + (l + err);
        const float s2 = h + (l - err);
        *out = s1;
        return (s1 == s2) & (!chkmin | (gpuact__absv(s1) >= GPUACT__FAST_RMIN));
    } else {
        /* 16-bit results: the 16-bit roundings of two fp32 endpoints. err is
           widened by 2^-22 |h| (> an fp32 ulp of the endpoints), so the fp32
           endpoints s2 < exact < s1 hold strictly; if both round to the same
           16-bit value r, both lie in r's rounding interval, so exact lies
           strictly inside it (not on a midpoint): RN16(exact) = r. */
        const float e = gpuact__fma(gpuact__absv(h), 2.38418579e-07f, err); /* 2^-22 */
        const float r1 = gpuact__fast_round16(h + (l + e), fmt);
        const float r2 = gpuact__fast_round16(h + (l - e), fmt);
        const float a = gpuact__absv(r1);
        *out = r1;
        return (r1 == r2) & (a >= GPUACT__FAST_RMIN) &
               (fmt == GPUACT__FMT_BF16 || (a >= 6.10351562e-05f && a <= 65504.0f)); /* f16: normal, finite */
    }
}
GPUACT__FN int gpuact__fast_rn(float h, float l, float err, int fmt, float *out) {
    return gpuact__fast_rn_min(h, l, err, fmt, out, 1);
}
/* The same with err = |a| b (b >= 0): |h| eps for a relative bound, |dy|
   times f's bound for backward. For fp32 each endpoint is one fma, l + a b
   and l - a b rounded once: they lie at least as far out as RN(l +-
   RN(|a| b)) does (RN(|a| b) is up to 2^-24 of itself short), so the room
   above covers them; which endpoint is which follows the sign of a, and
   the test is symmetric. One instruction fewer than forming err. */
GPUACT__FN int gpuact__fast_rn_ab(float h, float l, float a, float b, int fmt, float *out, int chkmin) {
    if (fmt == GPUACT__FMT_F32) {
        const float s1 = h + gpuact__fma(a, b, l);
        const float s2 = h + gpuact__fma(-a, b, l);
        *out = s1;
        return (s1 == s2) & (!chkmin | (gpuact__absv(s1) >= GPUACT__FAST_RMIN));
    }
    return gpuact__fast_rn_min(h, l, gpuact__mul(gpuact__absv(a), b), fmt, out, chkmin);
}

#define GPUACT__FAST_XMIN 9.09494702e-13f /* 2^-40 */

/* == 6.2 Fast exp, expm1, reciprocal, sigmoid == */
/* 2^k for m = 64 k + j, from the bits tb of t = 1.5 2^23 + m (the fma that
   rounds to an integer; |m| < 2^22), without forming m: 0x4b400000's bits
   all sit at 2^20 and above, so tb & 63 = j (the caller's table index) and
   tb << 17 = m << 17 (mod 2^32); adding 127 << 23 and dropping the 23
   fraction bits (j's, which carry nothing past them) leaves 2^k's
   exponent. Two integer instructions fewer per exp than m - 0x4b400000 first. */
GPUACT__FN float gpuact__exp2k(uint32_t tb) {
    return gpuact__u2f(((tb << 17) + 0x3f800000u) & 0xff800000u);
}
/* e^z for -64 <= z = zh + zl <= 0, |zl| <= 2^-17, as (h, l) with |l| < 2^-21 h.
   gpuact__exp's reduction z = (64k + j) ln2/64 + r, |r| <= 0.00542 (rint by
   the 1.5 2^23 shift inside an fma; rh = zh - m C1 is exact as there), with
   the scale 2^k >= 2^-93 applied to the table entry (exact: normal).
   q = e^r - 1 - rh = rh^2 (1/2 + rh/6 + rh^2/24) + rl (1 + rh + rh^2/2 + rl/2).
   Error, absolute in units of 2^k T: the reduced argument 2^-45.5 (C2's and
   rl's roundings; zl's 2^-41 where |zl| is large), q's three roundings of
   2^-24 |q| <= 2^-40.05 each and its dropped terms 2^-42.5, the two
   roundings of the assembly 2^-39.5 each, the table 2^-49: relative error
   below 2^-37.3. */
GPUACT__FN gpuact__df gpuact__fexp_u(float zh, float zl) {
    const float t = gpuact__fma(zh, GPUACT__K(GPUACT__C_64_LN2), 12582912.0f);
    const float m = t - 12582912.0f;
    const float rh = gpuact__fma(-m, GPUACT__K(GPUACT__C_LN2_64_H), zh);
    const float rl = gpuact__fma(-m, GPUACT__K(GPUACT__C_LN2_64_L), zl);
    const float rr = gpuact__mul(rh, rh);
    float p = gpuact__fma(rh, 0.0416666679f, 0.166666672f);
    p = gpuact__fma(rh, p, 0.5f);
    float u = gpuact__fma(rl, 0.5f, rh);
    u = gpuact__fma(rr, 0.5f, u);
    const float q = gpuact__fma(rr, p, gpuact__fma(rl, u, rl));
    const uint32_t tb = gpuact__f2u(t);
    const float sc = gpuact__exp2k(tb); /* 2^k */
    float th, tl;
    gpuact__exp2tab((int)(tb & 63u), &th, &tl);
    th = gpuact__mul(th, sc);
    tl = gpuact__mul(tl, sc);
    const gpuact__df tp = gpuact__2prod(th, rh);
    const float lo = gpuact__fma(th, q, tp.l + gpuact__fma(tl, rh, tl));
    const float s = th + tp.h; /* fast2sum: th >= |tp.h| */
    return gpuact__df_make(s, (tp.h - (s - th)) + lo); /* |l| < 2^-16 h */
}
/* the same, normalised: lo holds th q ~ 2^-16 th, and 1/D.h must be close to 1/D */
GPUACT__FN gpuact__df gpuact__fexp(float zh, float zl) {
    const gpuact__df e = gpuact__fexp_u(zh, zl);
    return gpuact__fast2sum(e.h, e.l);
}

/* e^x - 1 for x = xh + xl, -64 <= xh <= -2^-40, |xl| <= 2^-24 |xh|, as (h, l)
   with |l| < 2^-16 |h| (not normalised).
   With e^x = 2^k T e^r as in gpuact__fexp (T' = T 2^k = th + tl):
     e^x - 1 = (th - 1) + th rh + th rh^2/2 + [th q' + tl (1 + rh + rh^2/2)],
   q' = e^r - 1 - rh - rh^2/2 to r^5/120 plus rh^2's 2prod tail, every term
   before the bracket exact (fast2sum with -1: th <= 1; two 2prods) and added
   exactly (|th - 1| >= 0.0108 > |th rh| where m != 0, and th - 1 = 0 where
   m = 0, so both fast2sums hold). No cancellation is left to amplify an
   error: the bracket's roundings, q' and the table give a relative error
   below 2^-38.5 (largest at |x| ~ 0.006, where |e^x - 1| is smallest with
   m != 0). The tail xl enters rl (exactly where m = 0) to first order; the
   dropped rl^2/2 is below 2^-49 |e^x - 1| for |xl| <= 2^-24 |xh|, and
   rl's rounding below 2^-45 of it. */
GPUACT__FN gpuact__df gpuact__fexpm1_sel(float x, float xl, const uint32_t *tab, int at) {
    const float t = gpuact__fma(x, GPUACT__K(GPUACT__C_64_LN2), 12582912.0f);
    const float m = t - 12582912.0f;
    const float rh = gpuact__fma(-m, GPUACT__K(GPUACT__C_LN2_64_H), x);
    const float rl = gpuact__fma(-m, GPUACT__K(GPUACT__C_LN2_64_L), xl);
    const gpuact__df rr = gpuact__2prod(rh, rh);
    float p = gpuact__fma(rh, 0.00833333377f, 0.0416666679f);
    p = gpuact__fma(rh, p, 0.166666672f);                  /* 1/6 + rh/24 + rh^2/120 */
    const float w = gpuact__fma(rr.h, 0.5f, rh);            /* rh + rh^2/2 */
    const float ql = gpuact__fma(gpuact__mul(rr.h, rh), p, gpuact__fma(rr.l, 0.5f, gpuact__fma(rl, w, rl)));
    const float qh = gpuact__mul(rr.h, 0.5f);               /* exact */
    const uint32_t tb = gpuact__f2u(t);
    const float sc = gpuact__exp2k(tb);
    float th, tl;
    if (at) gpuact__exp2tab_at(tab, (int)(tb & 63u), &th, &tl);
    else gpuact__exp2tab((int)(tb & 63u), &th, &tl);
    th = gpuact__mul(th, sc);
    tl = gpuact__mul(tl, sc);
    const gpuact__df A = gpuact__fast2sum(-1.0f, th);
    const gpuact__df B = gpuact__2prod(th, rh);
    const gpuact__df C = gpuact__2prod(th, qh);
    const gpuact__df S1 = gpuact__fast2sum(A.h, B.h);
    const gpuact__df S2 = gpuact__fast2sum(S1.h, C.h);
    const float lo = gpuact__fma(th, ql, gpuact__fma(tl, w, tl));
    return gpuact__df_make(S2.h, (((S1.l + S2.l) + (A.l + B.l)) + C.l) + lo);
}
/* the table: the built-in one (gpuact__fexpm1) or a copy of
   GPUACT__EXP2_TABLE at tab (gpuact__fexpm1_at). `at` is a constant at both,
   so no pointer test is left in the kernels: the kernel that passed its
   shared copy as a pointer that might be 0 paid five issue slots an element
   for the test and the untaken branch's predicated instructions. */
GPUACT__FN gpuact__df gpuact__fexpm1(float x, float xl) { return gpuact__fexpm1_sel(x, xl, 0, 0); }
GPUACT__FN gpuact__df gpuact__fexpm1_at(float x, float xl, const uint32_t *tab) { return gpuact__fexpm1_sel(x, xl, tab, 1); }

/* 1/d for 1 <= d <= 2 within 2^-22 relative: the minimax quadratic seed
   (210 - 144 d + 32 d^2)/99 (|1 - d y| <= 1/99) and two Newton steps
   (1/99^4 = 2^-26.5, and their roundings), fmas only: no branch, no MUFU,
   the same bits on every IEEE machine. tests/accuracy/tier_error.c checks every fp32
   d in [1, 2]: 2^-23.77 at most. (The callers correct the quotient with a
   residual, so this is all the accuracy they need.) */
GPUACT__FN float gpuact__fast_rcp12(float d) {
    float y = gpuact__fma(gpuact__fma(d, 0.323232323f, -1.45454550f), d, 2.12121201f);
    y = gpuact__fma(y, gpuact__fma(-d, y, 1.0f), y);
    return gpuact__fma(y, gpuact__fma(-d, y, 1.0f), y);
}
/* Shared by silu and gelu_sigmoid, for z = zh + zl, 2^-40 <= |zh| <= 64:
   E = e^-|z|, D = 1 + E (fast2sum), ih ~ 1/D.h within 2^-22. Callers clamp
   z > 64 to 64 first (gpuact__fast_zclamp). Outside that range (NaN, inf,
   z < -64) the results are garbage but nothing traps or reads outside the
   table: callers compute first and reject after, without a branch. */
typedef struct gpuact__fsig { gpuact__df E, D; float ih; } gpuact__fsig;
/* E given, 0 <= E <= 1 (also swish_tanh's sech^2, with E = e^-2|w|) */
GPUACT__FN gpuact__fsig gpuact__fsig_of(gpuact__df E) {
    gpuact__fsig r;
    const float dh = 1.0f + E.h;
    r.E = E;
    r.D = gpuact__df_make(dh, (E.h - (dh - 1.0f)) + E.l);
    r.ih = gpuact__fast_rcp12(dh);
    return r;
}
/* (0 - zl, not -zl: they differ only for zl = +0, and fexp's results do
   not depend on the sign of a zero tail; with zl = 0 this saves a select) */
GPUACT__FN gpuact__fsig gpuact__fsigmoid(float zh, float zl) {
    const int neg = zh < 0.0f;
    return gpuact__fsig_of(gpuact__fexp(neg ? zh : -zh, neg ? zl : 0.0f - zl));
}
/* the tail il of I = 1/D = ih + il: the residual 1 - ih D times ih (2^-45) */
GPUACT__FN float gpuact__fsig_il(const gpuact__fsig *s) {
    return gpuact__mul(gpuact__fma(-s->ih, s->D.l, gpuact__fma(-s->ih, s->D.h, 1.0f)), s->ih);
}
/* (nh + nl) / D as a df, ih ~ 1/D.h within 2^-22: q0 = nh ih and the
   rounded residual times ih (the correction's error 2^-43) */
GPUACT__FN gpuact__df gpuact__fast_div(float nh, float nl, gpuact__df D, float ih) {
    const float q0 = gpuact__mul(nh, ih);
    const float r = gpuact__fma(-q0, D.l, gpuact__fma(-q0, D.h, nh) + nl);
    return gpuact__df_make(q0, gpuact__mul(r, ih));
}
/* x sigma(z) = x N / D, N = 1 (z >= 0) or E (z < 0): N and D carry at most
   1.5 times fexp's error (D's share is E/(1+E) <= 1/2 of it), the quotient's
   correction (rounded residual times ih, itself within 2^-22) 2^-43: below
   2^-36.6. */
#define GPUACT__FAST_EPS_SIG 1.2e-11f /* 2^-36.28 */
/* z > 64 (inf too) -> 64: sigma(z), z sigma_c(z) and sigma(z) (1 + z sigma_c(z))
   move by less than 2^-85 relative, far inside every bound here */
GPUACT__FN void gpuact__fast_zclamp(float *zh, float *zl) {
    if (*zh > 64.0f) { *zh = 64.0f; *zl = 0.0f; }
}
GPUACT__FN gpuact__df gpuact__fast_x_sigmoid_df(float x, float zh, float zl) {
    gpuact__fast_zclamp(&zh, &zl);
    const gpuact__fsig s = gpuact__fsigmoid(zh, zl);
    const int neg = zh < 0.0f;
    const float nh = neg ? s.E.h : 1.0f, nl = neg ? s.E.l : 0.0f;
    const float ph = gpuact__mul(x, nh);
    const float pl = gpuact__fma(x, nl, gpuact__fma(x, nh, -ph));
    return gpuact__fast_div(ph, pl, s.D, s.ih);
}
/* chkmin as in gpuact__fast_rn_min */
GPUACT__FN int gpuact__fast_x_sigmoid(float x, float zh, float zl, float eps, int fmt, float *y, int chkmin) {
    const gpuact__df q = gpuact__fast_x_sigmoid_df(x, zh, zl);
    return gpuact__fast_rn_ab(q.h, q.l, q.h, eps, fmt, y, chkmin);
}
/* G = sigma(z) (1 + m sigma_c(z)), sigma_c = 1 - sigma, as a df with an
   absolute bound *err: silu'(z) with m = z (silu, gelu_sigmoid), and
   gelu_tanh' with m = x (K1 + 3 K3 x^2). With I = 1/D (df) and A = E I:
   z >= 0: sigma = I, sigma_c = A; z < 0: sigma = A, sigma_c = I.
   sigma and sigma_c carry <= 1.5 fexp's error + 2^-45 (I's correction, A's
   product), P = m sigma_c that plus m's own 2^-47; B = 1 + P is a 2sum
   (exact) plus 2^-47 of the tail; G = sigma B one more dd_mul (2^-46). As
   |sigma| <= |G| + |sigma P|, all of it is below 2^-36.6 (|G| + |sigma P|);
   eps (GPUACT__FAST_EPS_SIG, or more where z and m carry errors of their
   own) times that is *err, with room for its own roundings. Near the zero
   of G (z ~ -1.278 for silu) *err stays that size, so the test there
   rejects. z > 64 -> 64 with m -> 64 as well: the true m sigma_c(z) is then
   below 3 z e^-z < 2^-84 (m <= 3 z in both uses), as is the clamped one.
   sig, if not 0, receives sigma (within 1.5 fexp's error + 2^-45).
   mtail = 0 where m is exact (ml = 0: silu's m = x): m's tail term ml ch,
   which adds nothing there (ch is finite in the fast range), is left out;
   the compiler cannot drop fma(0, ch, .) itself. (swish_tanh's m = x too,
   but its bf16 backward spilled at 4 blocks without the term.) */
GPUACT__FN gpuact__df gpuact__fast_sig_grad(float zh, float zl, float mh, float ml, int mtail, float eps, float *err, gpuact__df *sig) {
    if (zh > 64.0f) { zh = 64.0f; zl = 0.0f; mh = 64.0f; ml = 0.0f; }
    const gpuact__fsig s = gpuact__fsigmoid(zh, zl);
    const int neg = zh < 0.0f;
    const float ih = s.ih;
    const float il = gpuact__fsig_il(&s);
    /* A = E I */
    const float ah = gpuact__mul(s.E.h, ih);
    const float al = gpuact__fma(s.E.l, ih, gpuact__fma(s.E.h, il, gpuact__fma(s.E.h, ih, -ah)));
    const float sh = neg ? ah : ih, sl = neg ? al : il; /* sigma */
    const float ch = neg ? ih : ah, cl = neg ? il : al; /* sigma_c */
    /* P = m sigma_c */
    const float ph = gpuact__mul(mh, ch);
    float pl = gpuact__fma(mh, cl, gpuact__fma(mh, ch, -ph));
    if (mtail) pl = gpuact__fma(ml, ch, pl);
    /* B = 1 + P (2sum) */
    const gpuact__df b1 = gpuact__2sum(1.0f, ph);
    const float bh = b1.h, bl = b1.l + pl;
    /* G = sigma B */
    const float gh = gpuact__mul(sh, bh);
    const float gl = gpuact__fma(sl, bh, gpuact__fma(sh, bl, gpuact__fma(sh, bh, -gh)));
    *err = gpuact__mul(gpuact__fma(gpuact__absv(sh), gpuact__absv(ph), gpuact__absv(gh)), eps);
    if (sig) *sig = gpuact__df_make(sh, sl);
    return gpuact__df_make(gh, gl);
}

/* == 6.3 Double-float products and sums, Taylor rows == */
/* dy (gh + gl) with |gh + gl - g| <= err: the 2prod is exact, the tail's two
   roundings (2^-47 of the result) fit in err's room. */
GPUACT__FN int gpuact__fast_scale(float dy, gpuact__df g, float err, int fmt, float *y) {
    const float ph = gpuact__mul(dy, g.h);
    const float pl = gpuact__fma(dy, g.l, gpuact__fma(dy, g.h, -ph));
    return gpuact__fast_rn_ab(ph, pl, dy, err, fmt, y, 1);
}
/* a + b as a df (unnormalised): 2sum of the heads (either may be larger),
   the tails added to its error */
GPUACT__FN gpuact__df gpuact__fast_add(gpuact__df a, gpuact__df b) {
    const gpuact__df s = gpuact__2sum(a.h, b.h);
    return gpuact__df_make(s.h, s.l + (a.l + b.l));
}
/* (ah + al)(bh + bl) as a df (unnormalised): relative error below
   2^-24 |al/ah| + 2^-45, the first from rounding al bh with the tail */
GPUACT__FN gpuact__df gpuact__fast_mul(float ah, float al, float bh, float bl) {
    const float p = gpuact__mul(ah, bh);
    return gpuact__df_make(p, gpuact__fma(al, bh, gpuact__fma(ah, bl, gpuact__fma(ah, bh, -p))));
}

/* (ah + al)(bh + bl) as a df (unnormalised), al bl kept: for two factors
   whose tails are both large (2^-16 and 2^-13 of their heads), where
   gpuact__fast_mul's dropped al bl would cost 2^-29. Relative error 2^-24
   (|al/ah| + |bl/bh|) + 2^-45. */
GPUACT__FN gpuact__df gpuact__fast_mul_full(float ah, float al, float bh, float bl) {
    const float p = gpuact__mul(ah, bh);
    return gpuact__df_make(p, gpuact__fma(al, bl, gpuact__fma(al, bh, gpuact__fma(ah, bl, gpuact__fma(ah, bh, -p)))));
}

/* (ah + al) b as a df, b exact: gpuact__fast_mul with bl = 0 less its
   fma(ah, 0, .), which adds nothing (a zero's sign at most; and where ah is
   inf or NaN the tail is NaN either way): the same results, one fma fewer */
GPUACT__FN gpuact__df gpuact__fast_mul1(float ah, float al, float b) {
    const float p = gpuact__mul(ah, b);
    return gpuact__df_make(p, gpuact__fma(al, b, gpuact__fma(ah, b, -p)));
}

/* c0 + c1 (d + wl) + (d + wl)^2 (c2 + c3 d + c4 d^2 + c5 d^3) as a df
   (unnormalised) from a row of a Taylor table laid out as GPUACT__PHI_TABLE
   (c0, c1 double-floats), with wl to first order (c1 wl, and (d + wl)^2 as
   d (d + 2 wl)); tail = 0: wl = 0, and those terms are left out. The
   callers' comments bound its error. */
GPUACT__FN gpuact__df gpuact__taylor_sum(const float r[8], float d, float wl, int tail) {
    float P = gpuact__fma(r[7], d, r[6]);
    P = gpuact__fma(P, d, r[5]);
    P = gpuact__fma(P, d, r[4]);
    const gpuact__df p = gpuact__2prod(d, r[2]);
    const float d2 = tail ? gpuact__mul(d, gpuact__fma(wl, 2.0f, d)) : gpuact__mul(d, d);
    const float lo = gpuact__fma(d, r[3], r[1]) + (tail ? gpuact__fma(wl, r[2], p.l) : p.l);
    const gpuact__df h = gpuact__fast2sum(r[0], p.h); /* |c1 d| < c0 in both tables */
    return gpuact__df_make(h.h, h.l + gpuact__fma(d2, P, lo));
}
/* == 6.4 The table tier's rows == */
/* ---------------------------------------------------------------------------
   Table tier (fp32, fp16 and bf16 results): gelu_erf, gelu_tanh,
   gelu_sigmoid and silu, ahead of the fast tier. All four are f = x P(x)
   with P(x) + P(-x) = 1, so f(x) - f(-x) = x and f'(x) + f'(-x) = 1; with
   t = |x|, Q(t) = P(-t) and A(t) = f'(-t):
       f(x)  = x Q(t) (x < 0),   x (1 - Q(t)) (x >= 0)
       f'(x) = A(t)   (x < 0),   1 - A(t)     (x >= 0)
   Q and A come from one row each of a Taylor table (GPUACT__TT_*: centres
   c = i/S, i = 0..512, so |d| = |t - c| <= 1/(2S); S = 64 for the GELUs,
   32 for silu, whose Q falls slowest: GPUACT__TT_S_*): no exp, no
   division, about half the fast tier's instructions. The kernels read the
   rows from a copy of the table in shared memory, everything else from
   global memory; the values, the test and so the results are the same on
   host and device. What the tier rejects goes on to the fast tier, then to
   the full path (gpuact__fwd_fmt): every result a tier accepts is the
   correctly rounded one, so the order of the tiers changes no result.
   Error of gpuact__tt_eval: g0 + g1 d in double-float (the table's 2^-48
   relative, the 2prod exact, the tails' two roundings 2^-24 of a value
   below 2^-20 g), d^2 (g2 + g3 d + g4 d^2 + g5 d^3) in fp32: its four
   roundings (P's last fma, d^2, the fma into the tails, the final add) cost
   2^-24 |d^2 P| each, and the series' cut g6 d^6. For the Gaussian tails
   both grow with t (|g2/g0| is about t^2/2 for gelu_erf's Q, and the cut
   about (z'(t)/128)^6/6!), so the relative bound is eps(t) = E0 + E1
   min(t, T)^2 (GPUACT__TT_E0*, _E1_*, T = 512/S, the last centre); for the
   exponential tails of gelu_sigmoid and silu |g2/g0| tends to k^2/2
   (k = 1.702, 1), and silu's wider rows (S = 32) need a larger E0 and E2.
   The constants are the measured maxima with room (tier_error's ratios
   stay below 0.75). A crosses zero
   (f' = 0 at x = -0.75 for the GELUs, -1.28 for silu): its c0 + g1 d is a
   2sum and its bound has an absolute part E2 |g2| (GPUACT__TT_E2*; the
   roundings of the d^2 term do not shrink with A). tests/accuracy/tier_error.c
   measures the tier against long double on every fp32 t it takes and
   fails if the error reaches these bounds.
   gelu_erf and gelu_tanh take t > 8 as 8: Q(8) < 2^-50 and |A(8)| < 2^-44
   move f and f' by less than that relatively. The tier takes
   -GPUACT__TT_XNEG_* <= x <= GPUACT__TT_XPOS_* (the bound is measured up
   to there; gelu_sigmoid and silu stop at their last centre, 8 and 16,
   where Q is still 2^-20 and 2^-23), |x| >= 2^-40 and x finite.
   elu's and selu's forward keep the fast tier: a table tier for them (E(t)
   = e^-t - 1 from rows at i/32 up to 16, in place of gpuact__fexpm1) made
   their fp32 forward slower (H100, n = 2^28, randn, % of copy: elu 85.6
   against 89.8, selu 86.4 against 89.3). */
/* the op's constant among gelu_erf's, gelu_tanh's, gelu_sigmoid's and silu's */
GPUACT__FN float gpuact__tt_k(int op, float erf, float gt, float gs, float silu) {
    return op == GPUACT_OP_GELU_ERF ? erf : op == GPUACT_OP_GELU_TANH ? gt : op == GPUACT_OP_GELU_SIGMOID ? gs : silu;
}
/* the op's centres a unit (S) */
GPUACT__FN float gpuact__tt_s(int op) {
    return gpuact__tt_k(op, (float)GPUACT__TT_S_ERF, (float)GPUACT__TT_S_GT, (float)GPUACT__TT_S_GS, (float)GPUACT__TT_S_SILU);
}
/* d = t - c for the centre c = rint(S min(t, T)) / S (T = 512/S; NaN -> T:
   the row stays inside the table), *kb the bits of 1.5 2^23 + S c, *tc =
   min(t, T). S is a power of two: T, 1/S and the products are exact. */
GPUACT__FN float gpuact__tt_d(float t, float S, uint32_t *kb, float *tc) {
    const float T = (float)(GPUACT__TT_N - 1) / S;
    const float c = t < T ? t : T;
    const float k = gpuact__fma(c, S, 12582912.0f);
    *kb = gpuact__f2u(k);
    *tc = c;
    return gpuact__fma(k - 12582912.0f, -1.0f / S, c); /* exact: Sterbenz */
}
/* the row of kb (layout of GPUACT__PHI_TABLE, GPUACT__TT_N centres) */
GPUACT__FN void gpuact__tt_row(const uint32_t *tab, uint32_t kb, float r[8]) {
    const uint32_t i = kb - 0x4b400000u;
#if defined(__CUDA_ARCH__)
    const uint4 *p = reinterpret_cast<const uint4 *>(tab) + i;
    const uint4 v = p[0], w = p[GPUACT__TT_N];
    r[0] = __uint_as_float(v.x); r[1] = __uint_as_float(v.y); r[2] = __uint_as_float(v.z); r[3] = __uint_as_float(v.w);
    r[4] = __uint_as_float(w.x); r[5] = __uint_as_float(w.y); r[6] = __uint_as_float(w.z); r[7] = __uint_as_float(w.w);
#else
    uint32_t k;
    for (k = 0; k < 4; k++) {
        r[k] = gpuact__u2f(tab[4 * i + k]);
        r[4 + k] = gpuact__u2f(tab[4 * (GPUACT__TT_N + i) + k]);
    }
#endif
}
/* g(c + d) as an unnormalised df from the row of kb; two = 1 where g0 + g1 d
   may cancel (A: 2sum), else fast2sum (Q: |g1 d| < g0). *g2 = the row's g2. */
GPUACT__FN gpuact__df gpuact__tt_poly(const uint32_t *tab, uint32_t kb, float d, int two, float *g2) {
    float r[8];
    gpuact__tt_row(tab, kb, r);
    float P = gpuact__fma(r[7], d, r[6]);
    P = gpuact__fma(P, d, r[5]);
    P = gpuact__fma(P, d, r[4]);
    const gpuact__df p = gpuact__2prod(d, r[2]);
    const float d2 = gpuact__mul(d, d);
    const float lo = gpuact__fma(d, r[3], r[1]) + p.l;
    const gpuact__df h = two ? gpuact__2sum(r[0], p.h) : gpuact__fast2sum(r[0], p.h);
    *g2 = r[4];
    return gpuact__df_make(h.h, h.l + gpuact__fma(d2, P, lo));
}
/* g(t) from its row (centres i/S) */
GPUACT__FN gpuact__df gpuact__tt_eval(const uint32_t *tab, float t, float S, int two, float *g2, float *tc) {
    uint32_t kb;
    const float d = gpuact__tt_d(t, S, &kb, tc);
    return gpuact__tt_poly(tab, kb, d, two, g2);
}
/* == 7 The ops == */
/* Each op's table tier, fast tier and full path are functions here, and
   section 8's switches pick them by op. Left there: the fast tier's input
   ranges (one switch, 8.1) and the 16-bit tier (8.3), whose few lines per
   op share one description and one set of bounds. */
GPUACT__FN int gpuact__fast_range(int op, int deriv, float x);
/* == 7.1 gelu_erf == */
/* gelu_erf(x) = x Phi(x) = x erfc(-x/sqrt2)/2 (PyTorch's GELU(), approximate='none').
   gelu_erf'(x) = Phi(x) + x phi(x), phi(x) = e^(-x^2/2)/sqrt(2 pi); f' = 0 at x = -0.75.
   Special values: NaN -> NaN; -inf -> -0, f' = -0 (f' approaches 0 from below);
   +inf -> +inf, f' = 1; f(+-0) = +-0. The full path returns x for x >= 10 and -0
   below -14.5, f' = 1 for x >= 10 and the signed tail (5.5) below -19.875.
   Tiers: table -8 <= x (t > 8 taken as 8), fast -11.25 <= x, both |x| >= 2^-40. */
/* table tier */
#define GPUACT__TT_E0 4.0e-12f      /* 2^-37.86 (gelu_erf, gelu_tanh) */
#define GPUACT__TT_E1_ERF 1.0e-11f  /* 2^-36.54, times t^2 */
#define GPUACT__TT_E2 1.5e-11f      /* 2^-36.0, times |g2| */
#define GPUACT__TT_XNEG_ERF 8.0f

/* fast tier */
/* gelu_erf: f = x Phi(x), f' = Phi(x) + x phi(x). With t = |x|,
   E = e^(-x^2/2) and S(t) = e^(t^2/2) Phi(-t): Q = Phi(-t) = E S, Phi(x) = Q
   (x < 0) or P = 1 - Q (x > 0, Q <= 1/2: fast2sum), phi(x) = E / sqrt(2 pi).
   -x^2/2 is a 2prod of x and -x/2, so E = fexp_u(-x^2/2) (2^-37.3; its tail
   is left unnormalised, below 2^-16 of its head). S comes from a table of
   Taylor coefficients at c = i/32 (gpuact__fast_phi_S): |s2 d^2| < 2^-12.98
   S, so each of the five roundings that touch that term (s2's own, P's last
   fma, d^2, the tail's fma and its final add) costs at most 2^-36.97 S, and
   the series' cut 2^-41.5: S within 2^-34.6. Q = E S keeps all four
   partial products (both tails are large), its tail's roundings 2^-36.8.
   Phi within 2^-34.2 (P's error is Q's times Q/P <= 1); x Phi, x E and
   x E / sqrt(2 pi) are gpuact__fast_mul (2^-45 each, constants 2^-48): f
   within 2^-34.15, f' within that times |Phi| + |x phi| (the two terms are
   added by a 2sum, which may cancel near the zero of f' at x = -0.75: err
   is absolute, so the test rejects there). GPUACT__FAST_EPS_ERF leaves room
   for the test's own roundings. Measured over every fp32 t in [0, 11.25]
   and x in the range (tests/accuracy/tier_error.c): S within 2^-35.79, Phi
   within 2^-35.04; the all-2^32 GPU sweep checks fast!CR and f''s bound.
   x > 11.25 is taken as 11.25 in Phi and x phi (both move by less than
   2^-90 relative); x < -11.25 is outside (x^2/2 <= 63.3 keeps fexp's
   range). */
#define GPUACT__FAST_EPS_ERF 6.0e-11f   /* 2^-33.96 */
#define GPUACT__FAST_ERF_XMAX 11.25f
typedef struct gpuact__ferf { gpuact__df phi_x, E; float xc; } gpuact__ferf;
/* P = Q (x < 0) or 1 - Q (x >= 0) from Q(|x|) (|Q| <= 1/2): 1 - Q a
   fast2sum with Q's tail subtracted. The tiers' rows hold Q, the function
   of t = |x| that stays small (Phi(-t), sigma(-t), ...) */
GPUACT__FN gpuact__df gpuact__tt_side(gpuact__df q, float x) {
    const gpuact__df p = gpuact__fast2sum(1.0f, -q.h);
    return x < 0.0f ? q : gpuact__df_make(p.h, p.l - q.l);
}
/* S(t) = e^(t^2/2) Phi(-t) for 0 <= t <= 11.25 as a df (unnormalised):
   the Taylor series at the centre c = i/32 nearest t (d = t - c, |d| <=
   1/64, exact: Sterbenz), s0 + s1 d in double-float, d^2 (s2 + s3 d + s4 d^2
   + s5 d^3) in fp32 (it is below 2^-12.9 S). */
GPUACT__FN gpuact__df gpuact__fast_phi_S(float t) {
    const float k = gpuact__fma(t, 32.0f, 12582912.0f); /* 1.5 2^23 + rint(32 t) */
    const float d = gpuact__fma(k - 12582912.0f, -0.03125f, t);
    float r[8];
    GPUACT__TAYLOR_ROW(gpuact__phi_tab_h, gpuact__phi_tab_d(), GPUACT__PHI_NS, gpuact__f2u(k), r);
    return gpuact__taylor_sum(r, d, 0.0f, 0); /* |d s1| < 2^-6.3 S(c) */
}
/* phi_x = Phi(x) (with x cut to 11.25), E as above */
GPUACT__FN gpuact__ferf gpuact__fast_erf_parts(float x) {
    gpuact__ferf r;
    float xc = x < GPUACT__FAST_ERF_XMAX ? x : GPUACT__FAST_ERF_XMAX; /* NaN too */
    xc = xc > -GPUACT__FAST_ERF_XMAX ? xc : -GPUACT__FAST_ERF_XMAX;       /* keeps S's row in the table */
    const gpuact__df z = gpuact__2prod(xc, gpuact__mul(xc, -0.5f)); /* -x^2/2 */
    r.E = gpuact__fexp_u(z.h, z.l);
    const gpuact__df S = gpuact__fast_phi_S(gpuact__absv(xc));
    r.phi_x = gpuact__tt_side(gpuact__fast_mul_full(r.E.h, r.E.l, S.h, S.l), xc); /* Q = Phi(-|x|) = E S */
    r.xc = xc;
    return r;
}

/* the fast tier's f (1 and *y = RN(f), or 0; 0 outside the tier's range,
   8.1's gpuact__fast_range) and f' (a df and its absolute bound in *err,
   inside that range) */
GPUACT__FN int gpuact__gelu_erf_fast_fwd(float x, int fmt, float *y) {
    const gpuact__ferf e = gpuact__fast_erf_parts(x);
    /* (not fast_mul1: with it the fp32 forward kernel spilled at its 64 registers) */
    const gpuact__df v = gpuact__fast_mul(x, 0.0f, e.phi_x.h, e.phi_x.l);
    return gpuact__fast_range(GPUACT_OP_GELU_ERF, 0, x) & gpuact__fast_rn_ab(v.h, v.l, v.h, GPUACT__FAST_EPS_ERF, fmt, y, 1);
}
GPUACT__FN gpuact__df gpuact__gelu_erf_fast_grad(float x, float *err) {
    const gpuact__ferf e = gpuact__fast_erf_parts(x);
    const gpuact__df xe = gpuact__fast_mul1(e.E.h, e.E.l, e.xc);
    const gpuact__df b = gpuact__fast_mul(xe.h, xe.l, GPUACT__K(GPUACT__C_INV_SQRT2PI_H), GPUACT__K(GPUACT__C_INV_SQRT2PI_L));
    const gpuact__df g = gpuact__fast_add(e.phi_x, b);
    *err = gpuact__mul(gpuact__absv(e.phi_x.h) + gpuact__absv(b.h), GPUACT__FAST_EPS_ERF);
    return g;
}
/* full path and derivative */
/* gelu_erf(x) = x Phi(x) = x erfc(-x/sqrt2)/2.
   x < 0:  x E R / 2 with erfc(a) = E R, a = |x|/sqrt2 (no cancellation);
   x >= 0: x (1 - E R / 2).
   gelu_erf'(x) = Phi(x) + x phi(x), phi(x) = E/sqrt(2 pi):
   x < 0:  E (R/2 + x/sqrt(2pi));  x >= 0: 1 + E (x/sqrt(2pi) - R/2).   */
typedef struct gpuact__erfc_parts { gpuact__xf E; gpuact__df R; } gpuact__erfc_parts;
GPUACT__FN gpuact__erfc_parts gpuact__erfc_split(float x) {
    gpuact__df a = gpuact__dd_mulf(gpuact__df_make(GPUACT__K(GPUACT__C_INV_SQRT2_H), GPUACT__K(GPUACT__C_INV_SQRT2_L)),
                                   gpuact__abs(x));
    gpuact__erfc_parts p;
    gpuact__xf er = gpuact__erfc_r(a, &p.E);
    p.R = gpuact__df_make(er.h, er.l);
    return p;
}
GPUACT__FN gpuact__xf gpuact__gelu_erf_f(float x) {
    if (x >= 10.0f) return gpuact__xf_f(x);
    if (x < -14.5f) return gpuact__xf_f(-0.0f);
    gpuact__erfc_parts p = gpuact__erfc_split(x);
    gpuact__xf ec = gpuact__xx_mul(p.E, gpuact__xf_make(p.R, 0));
    ec.e -= 1; /* erfc / 2 */
    if (x < 0.0f) return gpuact__xf_mulf(ec, x);
    gpuact__df phi = gpuact__dd_addf(gpuact__dd_neg(gpuact__xf_unscale(ec)), 1.0f);
    return gpuact__xf_make(gpuact__dd_mulf(phi, x), 0);
}
/* gelu_erf'(x) = phi(x) (x + m(-x)) for -24.25 <= x < -19.875 (the gated
   forms' da, where dy b reaches 2^256 and f' matters down to 2^-406; the
   erfc table ends at -19.875): m(t) = Phi(-t) / phi(t), Mills' ratio, by its
   asymptotic series 1/t (1 - u + 3 u^2 - 15 u^3 ... - 135135 u^7), u = 1/t^2,
   whose error is below the first term left out (2^-48 of m at t = 19.875);
   s1 = m t - 1 (about -u) in fp32 costs 2^-31 of m, and m is 2^-8 of
   x + m: 2^-39. phi(x) = e^(-x^2/2) / sqrt(2 pi) by gpuact__exp. */
GPUACT__FN gpuact__xf gpuact__gelu_erf_d_far(float x) {
    const float t = -x;
    const float u = gpuact__div(1.0f, gpuact__mul(t, t));
    float s1 = gpuact__fma(u, -135135.0f, 10395.0f);
    s1 = gpuact__fma(u, s1, -945.0f);
    s1 = gpuact__fma(u, s1, 105.0f);
    s1 = gpuact__fma(u, s1, -15.0f);
    s1 = gpuact__fma(u, s1, 3.0f);
    s1 = gpuact__fma(u, s1, -1.0f);
    s1 = gpuact__mul(u, s1);
    {
        const gpuact__df inv = gpuact__dd_div(gpuact__df_make(1.0f, 0.0f), gpuact__df_make(t, 0.0f));
        const gpuact__df m = gpuact__dd_add(inv, gpuact__dd_mulf(inv, s1));
        const gpuact__df w = gpuact__dd_addf(m, x);
        const gpuact__df x2 = gpuact__2prod(x, x);
        const gpuact__xf E = gpuact__exp(gpuact__mul(x2.h, -0.5f), gpuact__mul(x2.l, -0.5f));
        const gpuact__df k = gpuact__df_make(GPUACT__K(GPUACT__C_INV_SQRT2PI_H), GPUACT__K(GPUACT__C_INV_SQRT2PI_L));
        return gpuact__xx_mul(E, gpuact__xf_make(gpuact__dd_mul(k, w), 0));
    }
}
GPUACT__FN gpuact__xf gpuact__gelu_erf_d(float x) {
    if (x >= 10.0f) return gpuact__xf_f(1.0f);
    if (x < -19.875f) return gpuact__grad_tail(x, 1); /* |f'| < 2^-281 */
    if (gpuact__abs(x - GPUACT__K(0xbf407569u)) < GPUACT__ZERO_WINDOW) return gpuact__near_zero(x, GPUACT__Z_GELU_ERF);
    gpuact__erfc_parts p = gpuact__erfc_split(x);
    gpuact__df xp = gpuact__dd_mulf(gpuact__df_make(GPUACT__K(GPUACT__C_INV_SQRT2PI_H), GPUACT__K(GPUACT__C_INV_SQRT2PI_L)), x);
    gpuact__df r2 = gpuact__df_make(gpuact__mul(p.R.h, 0.5f), gpuact__mul(p.R.l, 0.5f));
    if (x < 0.0f) return gpuact__xx_mul(p.E, gpuact__xf_make(gpuact__dd_add(r2, xp), 0));
    gpuact__xf t = gpuact__xx_mul(p.E, gpuact__xf_make(gpuact__dd_add(xp, gpuact__dd_neg(r2)), 0));
    return gpuact__xf_make(gpuact__dd_addf(gpuact__xf_unscale(t), 1.0f), 0);
}

/* == 7.2 gelu_tanh == */
/* gelu_tanh(x) = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) (PyTorch's
   GELU(approximate='tanh')) = x sigma(2u), 2u = x (K1 + K3 x^2), K1 = 2 sqrt(2/pi),
   K3 = 0.044715 K1. gelu_tanh'(x) = sigma(2u) (1 + x (1 - sigma(2u)) (K1 + 3 K3 x^2)).
   Special values: as gelu_erf's (NaN -> NaN, -inf -> -0 with f' = -0, +inf ->
   +inf with f' = 1, f(+-0) = +-0). No x^3 overflows, so f'(1e30) = 1, not NaN:
   the full path returns x for x >= 9 and -0 below -11, f' = 1 for x >= 9 and the
   signed tail below -14; the fast tier cuts x to 16.
   Tiers: table -6 <= x (t > 8 taken as 8), fast -8.84375 <= x, both |x| >= 2^-40. */
/* table tier (E0 and E2 as gelu_erf's) */
#define GPUACT__TT_E1_GT 2.0e-11f   /* 2^-35.54 */
#define GPUACT__TT_XNEG_GT 6.0f

/* fast tier */
/* gelu_tanh's z = x (K1 + K3 x^2) and, if m, m = x (K1 + 3 K3 x^2) (so
   f = x sigma(z), f' = sigma(z) (1 + m sigma_c(z))), both as dfs, for
   -8.84375 <= x: z >= -63.6 (-64 at x = -8.87). x is cut to 16 first, which
   keeps x^3 finite and still gives z > 64 (z(16) = 318), which the callers
   clamp. x^2 is a 2prod (exact); K3 x^2 and the products by x are
   gpuact__fast_mul (2^-45 each, with the constants' 2^-48), the sums with
   K1 2sums of positive terms (2^-47): z and m within 2^-43.5 relative.
   In x sigma(z) that moves the result by sigma_c(z) |dz| <= 64 2^-43.5 =
   2^-37.5 relative (z < 0; below 2^-45 for z > 0), in G by 2^-37.5
   (|G| + |sigma P|) (d sigma = sigma sigma_c dz, d sigma_c = -sigma sigma_c
   dz) plus m's 2^-43.5 |sigma P|: with fast_x_sigmoid's and fast_sig_grad's
   2^-36.6 both stay below 2^-35.97, GPUACT__FAST_EPS_GT with room. */
#define GPUACT__FAST_EPS_GT 1.7e-11f   /* 2^-35.78 */
#define GPUACT__FAST_GT_XNEG 8.84375f  /* z(-8.84375) = -63.5 */
GPUACT__FN gpuact__df gpuact__fast_gt_z(float x, gpuact__df *m) {
    const float xc = x < 16.0f ? x : 16.0f;
    const gpuact__df x2 = gpuact__2prod(xc, xc);
    const gpuact__df w = gpuact__fast_add(gpuact__df_make(GPUACT__K(GPUACT__C_GT_K1_H), GPUACT__K(GPUACT__C_GT_K1_L)),
        gpuact__fast_mul(GPUACT__K(GPUACT__C_GT_K3_H), GPUACT__K(GPUACT__C_GT_K3_L), x2.h, x2.l));
    if (m) {
        const gpuact__df v = gpuact__fast_add(gpuact__df_make(GPUACT__K(GPUACT__C_GT_K1_H), GPUACT__K(GPUACT__C_GT_K1_L)),
            gpuact__fast_mul(GPUACT__K(GPUACT__C_GT_3K3_H), GPUACT__K(GPUACT__C_GT_3K3_L), x2.h, x2.l));
        *m = gpuact__fast_mul1(v.h, v.l, xc);
    }
    return gpuact__fast_mul1(w.h, w.l, xc);
}

/* the fast tier's f and f' (as gelu_erf's, 7.1): x sigma(z), z = 2 k (x + c x^3) */
GPUACT__FN int gpuact__gelu_tanh_fast_fwd(float x, int fmt, float *y) {
    const gpuact__df z = gpuact__fast_gt_z(x, 0);
    return gpuact__fast_range(GPUACT_OP_GELU_TANH, 0, x) & gpuact__fast_x_sigmoid(x, z.h, z.l, GPUACT__FAST_EPS_GT, fmt, y, 1);
}
GPUACT__FN gpuact__df gpuact__gelu_tanh_fast_grad(float x, float *err) {
    gpuact__df m;
    const gpuact__df z = gpuact__fast_gt_z(x, &m);
    return gpuact__fast_sig_grad(z.h, z.l, m.h, m.l, 1, GPUACT__FAST_EPS_GT, err, 0);
}
/* full path and derivative */
/* gelu_tanh(x) = x sigma(2u), 2u = x (K1 + K3 x^2); its derivative is
   sigma(2u) (1 + x (1 - sigma(2u)) (K1 + 3 K3 x^2)). |x| is kept <= 11 so
   x^3 never overflows (the result is x or -0 beyond). */
GPUACT__FN gpuact__df gpuact__gelu_tanh_z(float x, gpuact__df *x2out) {
    gpuact__df x2 = gpuact__2prod(x, x);
    if (x2out) *x2out = x2;
    gpuact__df w = gpuact__dd_add(gpuact__df_make(GPUACT__K(GPUACT__C_GT_K1_H), GPUACT__K(GPUACT__C_GT_K1_L)),
                                  gpuact__dd_mul(gpuact__df_make(GPUACT__K(GPUACT__C_GT_K3_H), GPUACT__K(GPUACT__C_GT_K3_L)), x2));
    return gpuact__dd_mulf(w, x);
}
GPUACT__FN gpuact__xf gpuact__gelu_tanh_f(float x) {
    if (x >= 9.0f) return gpuact__xf_f(x);
    if (x < -11.0f) return gpuact__xf_f(-0.0f);
    return gpuact__x_sigmoid(x, gpuact__gelu_tanh_z(x, 0));
}
GPUACT__FN gpuact__xf gpuact__gelu_tanh_d_at(float x);
GPUACT__FN gpuact__xf gpuact__gelu_tanh_d(float x) {
    if (x >= 9.0f) return gpuact__xf_f(1.0f);
    if (x < -14.0f) return gpuact__grad_tail(x, 1); /* |f'| < 2^-300 */
    if (gpuact__abs(x - GPUACT__K(0xbf40a150u)) < GPUACT__ZERO_WINDOW) return gpuact__near_zero(x, GPUACT__Z_GELU_TANH);
    return gpuact__gelu_tanh_d_at(x);
}
/* the derivative's formula, for -15.6 <= x < 9 away from its zero (|z| <= 300) */
GPUACT__FN gpuact__xf gpuact__gelu_tanh_d_at(float x) {
    gpuact__df x2;
    gpuact__df z = gpuact__gelu_tanh_z(x, &x2);
    gpuact__sig s = gpuact__sigmoid2(z);
    int pos = x >= 0.0f;
    gpuact__df v = gpuact__dd_add(gpuact__df_make(GPUACT__K(GPUACT__C_GT_K1_H), GPUACT__K(GPUACT__C_GT_K1_L)),
                                  gpuact__dd_mul(gpuact__df_make(GPUACT__K(GPUACT__C_GT_3K3_H), GPUACT__K(GPUACT__C_GT_3K3_L)), x2));
    gpuact__df g = gpuact__xf_unscale(gpuact__xf_mulf(gpuact__sig_compl(s, pos), x));
    g = gpuact__dd_mul(g, v);
    return gpuact__xx_mul(gpuact__sig_of(s, pos), gpuact__xf_make(gpuact__dd_addf(g, 1.0f), 0));
}

/* == 7.3 gelu_sigmoid == */
/* gelu_sigmoid(x) = x sigma(1.702 x) ("quick GELU"); gelu_sigmoid'(x) = silu'(z),
   z = 1.702 x (silu' of 7.5 at z: d/dz [z sigma(z)] = sigma(z) (1 + z (1 - sigma(z)))).
   Special values: as gelu_erf's. The full path returns x above 70 and -0 below
   -70, f' = 1 above 70 and the signed tail below -120.
   Tiers: table -8 <= x <= 8, fast -37.5 <= x (z >= -64), both |x| >= 2^-40. */
/* table tier (E2 as gelu_erf's) */
#define GPUACT__TT_E0_GS 1.6e-11f   /* 2^-35.86 */
#define GPUACT__TT_E1_GS 2.0e-12f   /* 2^-38.86 */
#define GPUACT__TT_XNEG_GS 8.0f
#define GPUACT__TT_XPOS_GS 8.0f

/* fast tier: silu's x sigma(z) and sigma(z) (1 + z sigma_c(z)) (6.2) at z = 1.702 x */
GPUACT__FN int gpuact__gelu_sig_fast_fwd(float x, int fmt, float *y) {
    const gpuact__df z = gpuact__fast_mul1(GPUACT__K(GPUACT__C_GS_K_H), GPUACT__K(GPUACT__C_GS_K_L), x);
    return gpuact__fast_range(GPUACT_OP_GELU_SIGMOID, 0, x) & gpuact__fast_x_sigmoid(x, z.h, z.l, GPUACT__FAST_EPS_SIG, fmt, y, 0);
}
GPUACT__FN gpuact__df gpuact__gelu_sig_fast_grad(float x, float *err) {
    const gpuact__df z = gpuact__fast_mul1(GPUACT__K(GPUACT__C_GS_K_H), GPUACT__K(GPUACT__C_GS_K_L), x);
    return gpuact__fast_sig_grad(z.h, z.l, z.h, z.l, 1, GPUACT__FAST_EPS_SIG, err, 0);
}
#define GPUACT__FAST_GS_XNEG 37.5f        /* 1.702 x >= -64 */

/* full path and derivative */
/* gelu_sigmoid(x) = x sigma(z), z = 1.702 x; its derivative is silu'(z). */
GPUACT__FN gpuact__df gpuact__gelu_sig_z(float x) {
    return gpuact__dd_mulf(gpuact__df_make(GPUACT__K(GPUACT__C_GS_K_H), GPUACT__K(GPUACT__C_GS_K_L)), x);
}
GPUACT__FN gpuact__xf gpuact__gelu_sig_f(float x) {
    if (x > 70.0f) return gpuact__xf_f(x);
    if (x < -70.0f) return gpuact__xf_f(-0.0f);
    return gpuact__x_sigmoid(x, gpuact__gelu_sig_z(x));
}
GPUACT__FN gpuact__xf gpuact__gelu_sig_d(float x) {
    if (x > 70.0f) return gpuact__xf_f(1.0f);
    if (x < -120.0f) return gpuact__grad_tail(x, 1); /* |f'| < 2^-286 */
    if (gpuact__abs(x - GPUACT__K(0xbf404ba5u)) < GPUACT__ZERO_WINDOW) return gpuact__near_zero(x, GPUACT__Z_GELU_SIG);
    return gpuact__silu_grad_z(gpuact__gelu_sig_z(x));
}

/* == 7.4 elu and selu == */
/* elu(x) = x > 0 ? x : alpha expm1(x) (any finite alpha); selu(x) = lambda elu(x)
   with PyTorch's lambda and alpha (GPUACT__C_SELU_*). The kink follows PyTorch:
   x = 0 takes the x <= 0 branch. elu'(x) = 1 (x > 0), alpha e^x (x <= 0); selu'
   is lambda times that.
   Special values: NaN -> NaN; elu(-inf) = -alpha, f' = alpha (+0); elu(+inf) =
   +inf, f' = 1; selu(-inf) = -lambda alpha, f' = +0; selu(+inf) = +inf, f' =
   lambda; f(+-0) = the IEEE sign of alpha expm1(+-0). f' below x = -300 is the
   signed tail (5.5), times alpha for elu. The backward from the output y (PyTorch's
   in-place form) is gpuact__bwd_out_fmt (9).
   Tiers: no table tier; fast forward x > 0 or x <= -2^-40 (elu), |x| >= 2^-40
   (selu), with x < -64 taken as -64 in expm1; fast f' -64 <= x. */
/* (no table tier: see 6.4) */
/* fast tier */
/* elu / selu: v = (x > 0 ? x : alpha expm1(x)) * lam, lam = 1 or SELU's lambda
   (alpha = lambda alpha for selu): expm1's 2^-38.5 and the product's 2^-45 */
#define GPUACT__FAST_EPS_EXP 6.0e-12f /* 2^-37.28 */

/* elu's and selu's forward by the fast tier (gpuact__fast_fwd), given
   e = e^xe - 1 for xe = gpuact__fast_elu_xe(x) */
GPUACT__FN float gpuact__fast_elu_xe(float x) {
    /* below -64, e^x - 1 = -1 + (less than 2^-92): -64's value is as good (-inf too) */
    return x > 0.0f ? -1.0f : (x < -64.0f ? -64.0f : x);
}
GPUACT__FN int gpuact__fast_elu_fin(int op, float x, gpuact__df e, const gpuact_cfg *c, int fmt, float *y) {
    const int selu = op == GPUACT_OP_SELU;
    const int pos = x > 0.0f;
    const int in = gpuact__fast_range(op, 0, x);
    if (!selu) { /* x > 0: x itself, selected rather than branched to (a warp takes both sides anyway) */
        const gpuact__df v = gpuact__fast_mul1(e.h, e.l, c->alpha);
        float r;
        const int ok = gpuact__fast_rn_ab(v.h, v.l, v.h, GPUACT__FAST_EPS_EXP, fmt, &r, 1);
        *y = pos ? x : r;
        return pos | (in & ok);
    }
    const float vh = pos ? x : e.h, vl = pos ? 0.0f : e.l;
    const float kh = pos ? GPUACT__K(GPUACT__C_SELU_L_H) : GPUACT__K(GPUACT__C_SELU_LA_H);
    const float kl = pos ? GPUACT__K(GPUACT__C_SELU_L_L) : GPUACT__K(GPUACT__C_SELU_LA_L);
    const gpuact__df v = gpuact__fast_mul(vh, vl, kh, kl);
    /* |f| > 2^-40 in selu's fast range (lambda x, x >= 2^-40; lambda alpha |e^x - 1|,
       x <= -2^-40), so no 2^-88 test */
    return in & gpuact__fast_rn_ab(v.h, v.l, v.h, GPUACT__FAST_EPS_EXP, fmt, y, 0);
}
/* the same with the 2^(j/64) table read from a copy at e2 */
GPUACT__FN int gpuact__fast_elu_fwd_at(int op, float x, const gpuact_cfg *c, int fmt, float *y, const uint32_t *e2) {
    return gpuact__fast_elu_fin(op, x, gpuact__fexpm1_at(gpuact__fast_elu_xe(x), 0.0f, e2), c, fmt, y);
}
GPUACT__FN int gpuact__fast_elu_fwd(int op, float x, const gpuact_cfg *c, int fmt, float *y) {
    return gpuact__fast_elu_fin(op, x, gpuact__fexpm1(gpuact__fast_elu_xe(x), 0.0f), c, fmt, y);
}
/* f' by the fast tier, a df and its absolute bound: x > 0: 1 or lambda;
   x <= 0: alpha e^x or lambda alpha e^x. 1 where the tier takes it (in:
   inside the range), else 0. */
GPUACT__FN int gpuact__elu_fast_grad(int op, float x, const gpuact_cfg *c, int in, gpuact__df *g, float *err) {
    const int selu = op == GPUACT_OP_SELU;
    const int pos = x > 0.0f;
    const gpuact__df e = gpuact__fexp(pos ? 0.0f : x, 0.0f);
    const float vh = pos ? 1.0f : e.h, vl = pos ? 0.0f : e.l;
    const float kh = selu ? (pos ? GPUACT__K(GPUACT__C_SELU_L_H) : GPUACT__K(GPUACT__C_SELU_LA_H)) : (pos ? 1.0f : c->alpha);
    const float kl = selu ? (pos ? GPUACT__K(GPUACT__C_SELU_L_L) : GPUACT__K(GPUACT__C_SELU_LA_L)) : 0.0f;
    *g = selu ? gpuact__fast_mul(vh, vl, kh, kl) : gpuact__fast_mul1(vh, vl, kh);
    *err = gpuact__mul(gpuact__absv(g->h), GPUACT__FAST_EPS_EXP);
    /* alpha e^x below 2^-100 would make dy's 2prod inexact */
    return in & (gpuact__absv(g->h) >= 7.88860905e-31f) & (gpuact__absv(g->h) <= 3.40282347e38f);
}
/* full path and derivative */
/* elu(x) = x > 0 ? x : alpha expm1(x); selu = lambda elu with SELU's alpha.
   Below x = -42 expm1(x) is -1 + (a side: see gpuact__expm1); the derivative
   alpha e^x is kept down to x = -380 since backward multiplies it by dy
   (and the gated da by b). */
GPUACT__FN gpuact__xf gpuact__elu_neg_f(float x, float alpha) {
    if (gpuact__isinf(x)) return gpuact__xf_f(-alpha);
    return gpuact__xf_mulf(gpuact__xf_make(gpuact__expm1(x, 0.0f), 0), alpha);
}
GPUACT__FN gpuact__xf gpuact__elu_neg_d(float x, float alpha) {
    /* alpha e^x is multiplied by dy, and in the gated da by b too: alpha dy
       b reaches 2^384, so down to x = -380 (e^x > 2^-549, the product
       above 2^-165) it is e^x, as (e^(x/2))^2 below -300 (gpuact__exp
       takes |x| <= 300; K54); below that the signed tail */
    if (x < -380.0f) return gpuact__xf_mulf(gpuact__grad_tail(x, 0), alpha);
    {
        const int sq = x < -300.0f; /* one inlined exp for both */
        gpuact__xf e = gpuact__exp(sq ? gpuact__mul(x, 0.5f) : x, 0.0f);
        if (sq) e = gpuact__xx_mul(e, e);
        return gpuact__xf_mulf(e, alpha);
    }
}
#define GPUACT__SELU_L gpuact__df_make(GPUACT__K(GPUACT__C_SELU_L_H), GPUACT__K(GPUACT__C_SELU_L_L))
#define GPUACT__SELU_LA gpuact__df_make(GPUACT__K(GPUACT__C_SELU_LA_H), GPUACT__K(GPUACT__C_SELU_LA_L))
/* f(x) and f'(x), unrounded (x not NaN). Below |x| = GPUACT__TINY:
   alpha (x + x^2/2), and lambda alpha x with the side of x^2/2 */
GPUACT__FN gpuact__xf gpuact__elu_f(float x, float alpha) {
    const int tiny = gpuact__abs(x) < GPUACT__TINY;
    if (x > 0.0f) return gpuact__xf_f(x);
    if (tiny) /* alpha (x + x^2/2) */
        return gpuact__tiny_tie(gpuact__xf_mulf(gpuact__xf_mulf(gpuact__xf_f(1.0f), x), alpha), alpha < 0.0f);
    return gpuact__elu_neg_f(x, alpha);
}
GPUACT__FN gpuact__xf gpuact__selu_f(float x) {
    const int tiny = gpuact__abs(x) < GPUACT__TINY;
    if (x > 0.0f) return gpuact__xf_mulf(gpuact__xf_make(GPUACT__SELU_L, 0), x);
    if (tiny) {
        gpuact__xf r = gpuact__xf_mulf(gpuact__xf_f(1.0f), x);
        if (r.h != 0.0f) r = gpuact__xf_make(gpuact__dd_mulf(GPUACT__SELU_LA, r.h), r.e);
        return gpuact__tiny_tie(r, 0);
    }
    if (gpuact__isinf(x)) return gpuact__xf_make(gpuact__dd_neg(GPUACT__SELU_LA), 0);
    return gpuact__xx_mul(gpuact__xf_make(gpuact__expm1(x, 0.0f), 0), gpuact__xf_make(GPUACT__SELU_LA, 0));
}
GPUACT__FN gpuact__xf gpuact__elu_d(float x, float alpha) {
    if (x > 0.0f) return gpuact__xf_f(1.0f);
    return gpuact__elu_neg_d(x, alpha);
}
GPUACT__FN gpuact__xf gpuact__selu_d(float x) {
    if (x > 0.0f) return gpuact__xf_make(GPUACT__SELU_L, 0);
    if (x < -300.0f) return gpuact__grad_tail(x, 0);
    return gpuact__xx_mul(gpuact__exp(x, 0.0f), gpuact__xf_make(GPUACT__SELU_LA, 0));
}

/* == 7.5 silu == */
/* silu(x) = x sigma(x) (PyTorch's SiLU); silu'(x) = sigma(x) (1 + x (1 - sigma(x))),
   zero at x = -1.278.
   Special values: as gelu_erf's. The full path returns x (with the side of the
   tiny difference, for swish_tanh's clamps) above 120 and the signed tail below
   -300, f' = 1 above 120; 2^-60 <= |x| < 2^-10 by Taylor series.
   Tiers: table -16 <= x <= 16, fast -64 <= x, both |x| >= 2^-40. */
/* table tier (its wider rows: larger E0 and E2) */
#define GPUACT__TT_E0_SILU 3.0e-11f /* 2^-34.96 */
#define GPUACT__TT_E1_SILU 1.0e-12f /* 2^-39.9 */
#define GPUACT__TT_E2_SILU 6.0e-11f /* 2^-34.0 */
#define GPUACT__TT_XNEG_SILU 16.0f
#define GPUACT__TT_XPOS_SILU 16.0f

/* fast tier: gpuact__fast_x_sigmoid and gpuact__fast_sig_grad (6.2) at z = x */
GPUACT__FN int gpuact__silu_fast_fwd(float x, int fmt, float *y) {
    return gpuact__fast_range(GPUACT_OP_SILU, 0, x) & gpuact__fast_x_sigmoid(x, x, 0.0f, GPUACT__FAST_EPS_SIG, fmt, y, 0);
}
GPUACT__FN gpuact__df gpuact__silu_fast_grad(float x, float *err) {
    return gpuact__fast_sig_grad(x, 0.0f, x, 0.0f, 0, GPUACT__FAST_EPS_SIG, err, 0);
}

/* full path and derivative */
/* silu and silu' for 2^-60 <= |x| < 2^-10 by their Taylor series
       silu(x)  = x/2 + x^2/4 - x^4/48 + ...   silu'(x) = 1/2 + x/2 - x^3/12 + x^5/80 - ...
   with the rational leading part x/2 + x^2/4 (1/2 + x/2) kept exactly where
   it fits in the double-float. There, times a float (s, dy), it can sit
   exactly on a rounding midpoint that only the tail decides, 2^-60 of the
   value or less. The sigmoid's double-float (about 2^-46) could not tell the
   side (K18: dy silu'(1.5 2^-22), dy = 2^-126). Where the leading part does
   not fit in one float, it has more than 25 significant bits and no product
   with a float is a midpoint: the tail is then just added. The dropped terms
   are below 2^-55 of the value. */
GPUACT__FN gpuact__xf gpuact__silu_small_f(float x) {
    /* below 2^-40 work with X = x 2^64 so that the error of X^2 stays exact */
    const int k = gpuact__abs(x) < 9.09494702e-13f ? 64 : 0;
    const float sc = k ? 5.42101086e-20f : 1.0f; /* 2^-k */
    const float X = k ? gpuact__mul(x, 18446744073709551616.0f) : x;
    gpuact__df x2 = gpuact__2prod(X, X);                                     /* X^2, exact */
    float b = gpuact__mul(gpuact__mul(x2.h, 0.25f), sc);                     /* exact */
    float bl = gpuact__mul(gpuact__mul(x2.l, 0.25f), sc);                    /* exact (>= 2^-108) */
    gpuact__df E = gpuact__fast2sum(gpuact__mul(X, 0.5f), b);                /* X/2 + b, exact */
    float t = -gpuact__mul(gpuact__mul(gpuact__mul(b, b), sc), 0.333333343f); /* -X^4 2^-3k / 48 */
    if (t == 0.0f) t = -gpuact__mul(gpuact__abs(E.h), 7.88860905e-31f);     /* underflow: keep the side (2^-100) */
    /* bl != 0: X^2 has more than 24 bits, the leading part more than 25: no midpoint */
    if (bl != 0.0f) return gpuact__xf_make(gpuact__fast2sum(E.h, (E.l + bl) + t), -k);
    return gpuact__xf_make(gpuact__df_add_tail(E, t), -k);
}
GPUACT__FN gpuact__xf gpuact__silu_small_d(float x) {
    gpuact__df E = gpuact__fast2sum(0.5f, gpuact__mul(x, 0.5f)); /* 1/2 + x/2, exact */
    float x2 = gpuact__mul(x, x);
    float t = gpuact__mul(gpuact__mul(x2, x), gpuact__fma(x2, 0.0125f, -0.0833333358f)); /* x^3 (x^2/80 - 1/12) */
    if (t == 0.0f) t = gpuact__copysign(3.94430453e-31f, -x); /* underflow: keep the side (2^-101) */
    return gpuact__xf_make(gpuact__df_add_tail(E, t), 0);
}
/* 2^-60 <= |x| < 2^-10: the range of silu_small_f / _d */
GPUACT__FN int gpuact__silu_is_small(float x) { return gpuact__abs(x) < 9.765625e-4f && gpuact__abs(x) >= GPUACT__TINY; }

/* silu(x) = x sigma(x) */
GPUACT__FN gpuact__xf gpuact__silu_f(float x) {
    /* beyond the thresholds silu(x) = x (1 - e^-x) and x e^x: the rounded result
       is x resp. -0, but swish_tanh compares s silu(x) with its bounds and
       rounds it again, so the direction of the tiny difference is kept */
    if (gpuact__isinf(x)) return gpuact__xf_f(x > 0.0f ? x : -0.0f);
    if (x > 120.0f) { gpuact__xf r; r.h = x; r.l = -gpuact__mul(x, 8.67361738e-19f); r.e = 0; return r; }
    if (x < -300.0f) return gpuact__grad_tail(x, 1);
    if (gpuact__silu_is_small(x)) return gpuact__silu_small_f(x);
    return gpuact__x_sigmoid(x, gpuact__df_make(x, 0.0f));
}
GPUACT__FN gpuact__xf gpuact__silu_d(float x) {
    if (x > 120.0f) return gpuact__xf_f(1.0f);
    if (x < -300.0f) {
        /* |f'| < 2^-424: a signed zero times any one float. swish_tanh's f'
           multiplies it by s, and its gated da by dy b too (up to 2^384 in
           all), so down to x = -380 (|f'| > 2^-539) it is e^x (1 + x) (the
           rest is e^2x x, below 2^-420 of it), e^x as (e^(x/2))^2 */
        if (x < -380.0f) return gpuact__grad_tail(x, 1);
        {
            gpuact__xf e = gpuact__exp(gpuact__mul(x, 0.5f), 0.0f);
            return gpuact__xx_mul(gpuact__xx_mul(e, e), gpuact__xf_make(gpuact__2sum(x, 1.0f), 0));
        }
    }
    if (gpuact__abs(x - GPUACT__K(0xbfa3a4bau)) < GPUACT__ZERO_WINDOW) return gpuact__near_zero(x, GPUACT__Z_SILU);
    if (gpuact__silu_is_small(x)) return gpuact__silu_small_d(x);
    return gpuact__silu_grad_z(gpuact__df_make(x, 0.0f));
}

/* == 7.6 swish_tanh == */
/* swish_tanh(x) = clamp(tanh(clamp(w, lo, hi)), lo, hi), w = s silu(x) (s = 1/2,
   [lo, hi] = [-1, 1] by default). f' = s sech^2(w) silu'(x) where both clamps pass
   (inclusive, as PyTorch's clamp passes the gradient), else +0.
   Special values: NaN -> NaN; at +-inf, w is the limit of s silu(x) (+-0 s or
   +-inf), then clamp, tanh and clamp as usual; f' at +-inf is the signed zero of
   s tanh'(w) silu'(x) in the limit.
   Tiers: table for s = 1/2, lo < -0.14, hi >= 1 (-13.75 <= x <= 2.2177, and
   x >= 2.2178 where hi = 1); fast where lo <= 0 <= hi, -64 <= x, |x| >= 2^-40. */
/* table tier */
/* swish_tanh's table tier, for the configurations with s = 1/2, lo < -0.14
   and hi >= 1 (the default among them): there w = x sigma(x)/2 >= -0.1392
   never meets lo, and tanh(w) lies in (-0.14, 1), so only the first clamp
   at hi can act, and not for x <= 2.2177 (w = 0.999992; w = 1 at
   x = 2.21771511). With no clamp, f = tanh(w) = x Q(x) and f' = A(x),
   from rows of Q and A (GPUACT__TT_ST_Q / _A at c = i/32 - 13.75,
   i = 0..512; d = x - c is exact: Sterbenz, or c = 0). (Rows of f itself
   save the product by x, but near x = 0 the fp32 terms d^2 (f2 + ...)
   are 1% of f there, and their roundings 2^-31 of it: tests/accuracy/tier_error.c
   measured 33 times F's bound.)
   The tier takes -13.75 <= x <= 2.2177 (|x| >= 2^-40), and, where hi = 1,
   every finite x >= 2.2178 (as fp32 2.21779990: w = 1.0000466 > 1, the
   clamp acts, f = RN(tanh 1), f' = +0 exactly). The rest goes on to the
   fast tier (a wider gap, 2.2 to 2.25, held 0.17% of randn inputs: the
   forward then rejected 0.26% of them, silu's tier 0.08%). Bounds as the
   other ops' (gpuact__tt_poly's error terms): Q falls like e^x/2 on the
   left, as silu's Q does, its rows are as wide, so one relative bound serves
   all of Q (E0_ST) and of A (E0_STA) with A's absolute part E2_ST |g2| at
   its zero (x = -1.278); tests/accuracy/tier_error.c measures them on every input. */
#define GPUACT__TT_ST_XLO (-13.75f)
#define GPUACT__TT_ST_XTOP 2.2177f
#define GPUACT__TT_ST_XCLAMP 2.2178f
#define GPUACT__TT_ST_XEND 2.25f /* the last centre */
#define GPUACT__TT_E0_ST 4.0e-11f  /* 2^-34.54 */
#define GPUACT__TT_E0_STA 3.0e-11f /* 2^-34.96 */
#define GPUACT__TT_E2_ST 6.0e-11f  /* 2^-34.0, times |g2| */
GPUACT__FN int gpuact__tt_st_cfg(const gpuact_cfg *c) {
    return (c->scale == 0.5f) & (c->lo < -0.14f) & (c->hi >= 1.0f);
}
/* d = x - c for the centre c = rint(32 x)/32 of x's row, *kb the row's bits
   (as gpuact__tt_d's: 1.5 2^23 + rint(32 x) + 440, the row of c = -13.75
   being 0); x within the table */
GPUACT__FN float gpuact__tt_st_d(float x, uint32_t *kb) {
    const float k = gpuact__fma(x, 32.0f, 12582912.0f); /* 1.5 2^23 + rint(32 x) */
    *kb = gpuact__f2u(k) + 440u;
    return gpuact__fma(k - 12582912.0f, -0.03125f, x);
}
/* Q(x) (two = 0) or A(x) (two = 1) from their rows; x outside the table
   (NaN too) is taken as its nearest end, keeping the row inside */
GPUACT__FN gpuact__df gpuact__tt_st_eval(const uint32_t *tab, float x, int two, float *g2) {
    const float xc = x > GPUACT__TT_ST_XLO ? (x < GPUACT__TT_ST_XEND ? x : GPUACT__TT_ST_XEND) : GPUACT__TT_ST_XLO;
    uint32_t kb;
    const float d = gpuact__tt_st_d(xc, &kb);
    return gpuact__tt_poly(tab, kb, d, two, g2);
}
/* the inputs of swish_tanh's tier: 1 for the table, 2 where the clamp
   acts (f = tanh(1), f' = +0), 0 for the rest */
GPUACT__FN int gpuact__tt_st_class(float x, const gpuact_cfg *c) {
    const int in = (x >= GPUACT__TT_ST_XLO) & (x <= GPUACT__TT_ST_XTOP) & (gpuact__absv(x) >= GPUACT__FAST_XMIN);
    const int clamped = (x >= GPUACT__TT_ST_XCLAMP) & (x <= 3.40282347e38f) & (c->hi == 1.0f);
    return in | (clamped << 1);
}
/* f(x) by the table tier (gpuact__tt_fwd): 1 and *y = RN(f(x)), or 0;
   the clamped tanh(1) is a double-float within 2^-48 of it */
GPUACT__FN int gpuact__st_tt_fwd(float x, const gpuact_cfg *c, const uint32_t *tab, int fmt, float *y) {
    float g2;
    const int cls = gpuact__tt_st_class(x, c);
    const gpuact__df q = gpuact__tt_st_eval(tab, x, 0, &g2);
    const gpuact__df v = gpuact__fast_mul1(q.h, q.l, x);
    const int cl = cls >> 1;
    const float vh = cl ? GPUACT__K(GPUACT__C_TANH1_H) : v.h, vl = cl ? GPUACT__K(GPUACT__C_TANH1_L) : v.l;
    return (cls != 0) & gpuact__fast_rn_ab(vh, vl, vh, cl ? 1.0e-13f : GPUACT__TT_E0_ST, fmt, y, 0);
}
/* f'(x) as a df and its absolute bound (gpuact__tt_grad_df): the class */
GPUACT__FN int gpuact__st_tt_grad_df(float x, const gpuact_cfg *c, const uint32_t *tab, gpuact__df *g, float *err) {
    float g2;
    const int cls = gpuact__tt_st_class(x, c);
    const gpuact__df a = gpuact__tt_st_eval(tab, x, 1, &g2);
    const int cl = cls >> 1;
    *g = cl ? gpuact__df_make(0.0f, 0.0f) : a;
    *err = cl ? 0.0f : gpuact__fma(gpuact__absv(g2), GPUACT__TT_E2_ST, gpuact__mul(gpuact__absv(a.h), GPUACT__TT_E0_STA));
    return cls;
}
/* fast tier */
/* swish_tanh: f = clamp(tanh(w), lo, hi), w = clamp(s silu(x), lo, hi), and
   f' = s sech^2(w) silu'(x) where neither clamp acts, else +0. The tier
   takes configurations with lo <= 0 <= hi (the default [-1, 1] among them):
   there tanh(w) lies between 0 and w, so the second clamp never acts. For
   x in silu's fast range (gpuact__fast_range):
   W = s silu(x) as a normalised df within GPUACT__FAST_EPS_W relative: silu
   from fast_x_sigmoid_df (2^-36.6) or as x sigma from fast_sig_grad
   (1.5 fexp + 2^-45 + 2^-45 = 2^-36.68), times s by fast_mul (2^-44.2, the
   tail being at most 2^-21.5 of the head): below 2^-36.58. The first clamp
   is decided only where W's bound keeps lo and hi strictly outside (or
   strictly inside) it, so the decision is the exact one; otherwise, or for
   |W| outside [2^-80, 2^100] (products stop being exact, s = 0), reject. */
#define GPUACT__FAST_EPS_W 1.05e-11f  /* 2^-36.47 */
#define GPUACT__ST_PASS 1 /* lo < w < hi */
#define GPUACT__ST_CLAMPED 2 /* w < lo or w > hi: w is that bound, exactly */
GPUACT__FN int gpuact__fast_st_w(gpuact__df S, const gpuact_cfg *c, gpuact__df *w) {
    const gpuact__df p = gpuact__fast_mul1(S.h, S.l, c->scale);
    const gpuact__df W = gpuact__fast2sum(p.h, p.l);
    const float e = gpuact__mul(gpuact__absv(W.h), GPUACT__FAST_EPS_W);
    const float wlo = W.h + (W.l - e), whi = W.h + (W.l + e); /* as in fast_rn: RN is monotone */
    const int above = wlo > c->hi, below = whi < c->lo;
    const int pass = (wlo > c->lo) & (whi < c->hi);
    const float aw = gpuact__absv(W.h);
    const int in = (aw >= 8.27180613e-25f) & (aw <= 1.26765060e30f) & (c->lo <= 0.0f) & (c->hi >= 0.0f); /* 2^-80, 2^100 */
    *w = above ? gpuact__df_make(c->hi, 0.0f) : below ? gpuact__df_make(c->lo, 0.0f) : W;
    return in * (pass ? GPUACT__ST_PASS : (above | below) ? GPUACT__ST_CLAMPED : 0);
}
/* tanh(w) = w g(w) for w = wh + wl, 0 <= wh <= 18.5, |wl| <= 2^-24 wh, as a
   df: g = tanh(w)/w from its Taylor series at the centre c = i/64 nearest
   wh (GPUACT__TANH_TABLE; d = wh - c, |d| <= 1/128, exact: Sterbenz), with
   wl entering to first order (g1 wl, and (d + wl)^2 as d (d + 2 wl)).
   g0 + g1 d is double-float (|g1 d| < 2^-8 g0); the rest is below 2^-15.58
   g, and each of the five roundings that touch it (its coefficient's, P's
   last fma, d (d + 2 wl), the tail's fma and its add) costs at most
   2^-39.58 g; the series' cut and wl's dropped terms 2^-46. w g keeps all
   four partial products (g's tail is large): 2^-39.6. In all, below 2^-36.9
   relative (tests/accuracy/tier_error.c measures it on every fp32 wh: 2^-37.46). */
GPUACT__FN gpuact__df gpuact__fast_tanh(float wh, float wl) {
    const float k = gpuact__fma(wh, 64.0f, 12582912.0f); /* 1.5 2^23 + rint(64 wh) */
    const float d = gpuact__fma(k - 12582912.0f, -0.015625f, wh);
    float r[8];
    GPUACT__TAYLOR_ROW(gpuact__tanh_tab_h, gpuact__tanh_tab_d(), GPUACT__TANH_NG, gpuact__f2u(k), r);
    const gpuact__df g = gpuact__taylor_sum(r, d, wl, 1);
    return gpuact__fast_mul_full(wh, wl, g.h, g.l);
}
/* f = tanh(w) (the second clamp does not act, above): gpuact__fast_tanh's
   2^-36.9 and W's 2^-36.58, which moves tanh by at most 2|w|/sinh(2|w|) <=
   1 of it relatively: below 2^-35.73; GPUACT__FAST_EPS_ST leaves room for
   the test's roundings (2^-39). |w| > 18.5 is taken as 18.5 (tanh moves by
   less than 2^-52); |w| < 2^-41 is rejected. */
#define GPUACT__FAST_EPS_ST 2.0e-11f /* 2^-35.54 */
GPUACT__FN int gpuact__fast_st_fwd(float x, const gpuact_cfg *c, int fmt, float *y) {
    gpuact__df w;
    const int cls = gpuact__fast_st_w(gpuact__fast_x_sigmoid_df(x, x, 0.0f), c, &w);
    const int neg = w.h < 0.0f;
    const int in = gpuact__absv(w.h) <= 18.5f; /* NaN (garbage outside the fast range) too: keeps the row in the table */
    const float ah = in ? gpuact__absv(w.h) : 18.5f, al = in ? (neg ? -w.l : w.l) : 0.0f;
    const gpuact__df t = gpuact__fast_tanh(ah, al);
    return (cls != 0) & (ah >= 4.54747351e-13f) & /* 2^-41 */
           gpuact__fast_rn_ab(neg ? -t.h : t.h, neg ? -t.l : t.l, t.h, GPUACT__FAST_EPS_ST, fmt, y, 1);
}
/* f' = s sech^2(w) G, G = silu'(x) from fast_sig_grad (absolute bound eg),
   sech^2(w) = 4 E I (I), E = e^-2|w| (fexp, 2^-37.3), I = 1/(1 + E) (as in
   fast_sig_grad: D's 2^-38.3 and the correction's 2^-45): E I and I^2 put
   sech^2 within 2^-36.27. W's error moves sech^2 by 2 |tanh w| |dw| <=
   2 |w| GPUACT__FAST_EPS_W relatively; the three fast_muls add 2^-45 each.
   *err = |s sech^2| eg + |f'| (1.5e-11 + 2.2e-11 |w|) (1.5e-11 > 2^-36.27 +
   3 2^-45 with room for the bound's own roundings). Passing W needs
   |w| <= 32 (fexp's range); the products' heads stay above 2^-100 (exact
   tails, dy's 2prod too). Returns GPUACT__ST_CLAMPED with f' = +0 exactly
   where the first clamp certainly acts. */
GPUACT__FN int gpuact__fast_st_grad_df(float x, const gpuact_cfg *c, gpuact__df *g, float *err) {
    gpuact__df sig, w;
    float eg;
    const gpuact__df G = gpuact__fast_sig_grad(x, 0.0f, x, 0.0f, 1, GPUACT__FAST_EPS_SIG, &eg, &sig);
    const int cls = gpuact__fast_st_w(gpuact__fast_mul1(sig.h, sig.l, x), c, &w);
    const float ah = gpuact__absv(w.h), al = w.h < 0.0f ? -w.l : w.l;
    const gpuact__fsig s = gpuact__fsig_of(gpuact__fexp(gpuact__mul(ah, -2.0f), gpuact__mul(al, -2.0f)));
    const float ih = s.ih, il = gpuact__fsig_il(&s);
    const gpuact__df C = gpuact__fast_mul(gpuact__mul(s.E.h, 4.0f), gpuact__mul(s.E.l, 4.0f), ih, il); /* 4 E I */
    const gpuact__df H = gpuact__fast_mul(C.h, C.l, ih, il);                                        /* sech^2 */
    const gpuact__df P = gpuact__fast_mul(H.h, H.l, G.h, G.l);
    const gpuact__df F = gpuact__fast_mul1(P.h, P.l, c->scale);
    const float ap = gpuact__absv(P.h), af = gpuact__absv(F.h);
    const int pass = (cls == GPUACT__ST_PASS) & (ah <= 32.0f) & (ap >= 7.88860905e-31f) & /* 2^-100 */
                     (af >= 7.88860905e-31f) & (af <= 3.40282347e38f);
    const int zero = cls == GPUACT__ST_CLAMPED;
    *g = zero ? gpuact__df_make(0.0f, 0.0f) : F;
    *err = zero ? 0.0f : gpuact__fma(af, gpuact__fma(ah, 2.2e-11f, 1.5e-11f),
                                     gpuact__mul(gpuact__absv(gpuact__mul(c->scale, H.h)), eg));
    return pass | (zero << 1);
}

/* full path and derivative */
/* swish_tanh(x) = clamp(tanh(clamp(w, lo, hi)), lo, hi), w = silu(x) s.
   Its derivative: s sech^2(w) silu'(x) where both clamps pass (inclusive),
   else +0. At x = +-inf, w is the limit of silu(x) s. */
GPUACT__FN gpuact__xf gpuact__clamp(gpuact__xf v, float lo, float hi, int *passed) {
    if (gpuact__xf_cmp(v, lo) < 0) { *passed = 0; return gpuact__xf_f(lo); }
    if (gpuact__xf_cmp(v, hi) > 0) { *passed = 0; return gpuact__xf_f(hi); }
    *passed = 1;
    return v;
}
GPUACT__FN gpuact__xf gpuact__swish_w(float x, const gpuact_cfg *c) {
    if (gpuact__isinf(x)) {
        if (x < 0.0f) return gpuact__xf_f(gpuact__mul(-0.0f, c->scale));
        return gpuact__xf_f(c->scale == 0.0f ? c->scale : gpuact__copysign(gpuact__u2f(0x7f800000u), c->scale));
    }
    if (gpuact__abs(x) < GPUACT__TINY) { /* s (x/2 + x^2/4) */
        gpuact__xf r = gpuact__xf_mulf(gpuact__xf_mulf(gpuact__xf_f(1.0f), x), c->scale);
        r.e -= 1;
        return gpuact__tiny_tie(r, c->scale < 0.0f);
    }
    return gpuact__xf_mulf(gpuact__silu_f(x), c->scale);
}
/* s^2 |x| >= c, exactly, for finite nonzero s, x and c = 4 or 6: the 72-bit
   product of the integer significands Ms^2 Mx against c 2^-(2 es + ex). */
GPUACT__FN int gpuact__s2x_ge(float s, float x, uint32_t c) {
    uint32_t bs = gpuact__f2u(s) & 0x7fffffffu, bx = gpuact__f2u(x) & 0x7fffffffu;
    int es = bs < 0x00800000u ? -149 : (int)(bs >> 23) - 150;
    int ex = bx < 0x00800000u ? -149 : (int)(bx >> 23) - 150;
    uint64_t ms = bs < 0x00800000u ? bs : (bs & 0x7fffffu) | 0x800000u;
    uint64_t mx = bx < 0x00800000u ? bx : (bx & 0x7fffffu) | 0x800000u;
    uint64_t m2 = ms * ms; /* < 2^48 */
    uint64_t q = m2 * (mx >> 12) + ((m2 * (mx & 0xfffu)) >> 12); /* P = q 2^12 + r, 0 <= r < 2^12 */
    int j = -(2 * es + ex);                                       /* P 2^-j against c */
    if (j <= 0) return 1;          /* P >= 2^46 > c */
    if (j >= 72) return 0;         /* P < 2^72 <= c 2^j */
    if (j >= 12) return q >= ((uint64_t)c << (j - 12));
    if (q >= 4u) return 1;         /* P >= 2^14 > c 2^j */
    return (q << 12) + ((m2 * (mx & 0xfffu)) & 0xfffu) >= ((uint64_t)c << j);
}
/* s x/2 for |x| < 2^-60, exact, with the side of the terms below it that decides
   ties. swish_tanh(x) = s x/2 (1 + x/2 - w^2/3 + ...) (silu's x^2/4, tanh's
   -w^3/3), so |value| is below |s x/2| iff x < 0 or w^2 >= 3x/2, i.e. s^2 x >= 6;
   swish_tanh'(x) = s/2 (1 + x - w^2 + ...), below s/2 iff x < 0 or s^2 x >= 4 (at
   equality the next terms, -4x^2/3 and -x^2 (1 - 4/3 ...), point down too). */
GPUACT__FN gpuact__xf gpuact__swish_tiny_side(gpuact__xf r, float x, float s, uint32_t c) {
    int below = x < 0.0f || gpuact__s2x_ge(s, x, c);
    return gpuact__tiny_tie(r, below != (r.h < 0.0f));
}
/* w = clamp(s silu(x), lo, hi) as tanh takes it. For |x| < 2^-60 and |w| < 2^-24,
   w is s x/2 exactly and its side is then that of tanh(w): tanh's -w^3/3 can
   outweigh silu's x^2/4 (whose side swish_w marks for the clamp on w itself),
   for the clamp on tanh(w) and for ties (K14). */
GPUACT__FN gpuact__xf gpuact__swish_tanh_w(float x, const gpuact_cfg *c, int *pass) {
    gpuact__xf w = gpuact__clamp(gpuact__swish_w(x, c), c->lo, c->hi, pass);
    if (*pass && gpuact__abs(x) < GPUACT__TINY && x != 0.0f && c->scale != 0.0f &&
        gpuact__abs(gpuact__xf_approx(w)) < 5.96046448e-08f) {
        gpuact__xf r = gpuact__xf_mulf(gpuact__xf_mulf(gpuact__xf_f(1.0f), x), c->scale);
        r.e -= 1;
        w = gpuact__swish_tiny_side(r, x, c->scale, 6u);
    }
    return w;
}
GPUACT__FN gpuact__xf gpuact__swish_tanh_f(float x, const gpuact_cfg *c) {
    int pass;
    gpuact__xf w = gpuact__swish_tanh_w(x, c, &pass);
    return gpuact__clamp(gpuact__tanh_value(w), c->lo, c->hi, &pass);
}
/* swish_tanh's f' = s sech^2(w) silu'(z) where |w| < 2^-24, sech^2 = 1 - w^2
   (+ ...) below the double-float's reach; shared by the single op
   (gpuact__swish_tanh_d_t, z = x) and the bias form (gpuact__bias_st_xf,
   z = s + e, taken at s: e moves neither side).
   gpuact__st_d_bigz, for z > 50 and |w| < 2^-40: silu'(z) = 1 + (z - 1)
   e^-z (+ below 2^-200 of it), so s times 1 with the side of (z - 1) e^-z -
   w^2. Above z = 300, e^-z z < 2^-420 < w^2 (w >= 300 s, s >= 2^-149). */
GPUACT__FN gpuact__xf gpuact__st_d_bigz(float z, gpuact__xf w, float scale) {
    const int up = z <= 300.0f && gpuact__xf_absge(gpuact__xf_mulf(gpuact__exp(-z, 0.0f), z - 1.0f), gpuact__xx_mul(w, w));
    gpuact__xf g = gpuact__xf_f(1.0f);
    g.l = up ? 8.67361738e-19f : -8.67361738e-19f;
    return gpuact__xf_mulf(g, scale);
}
/* gpuact__st_d_w2: s (g - w^2 g), g = silu'(z): w^2 g is a term below the
   double-float's reach that still decides a tie of g (1/2 + x/2 at x =
   -2^-25 is the midpoint below 1/2; times dy b = 2^130 it was the one below
   2^128, and inf came out for FLT_MAX; K47: bf16, z = 2^64 + x, scale =
   0x1.03p-141, dy = 2^55) */
GPUACT__FN gpuact__xf gpuact__st_d_w2(gpuact__xf g, gpuact__xf w, float scale) {
    const float wa = gpuact__xf_approx(w);
    const float w2g = -gpuact__mul(g.h, gpuact__mul(wa, wa));
    return gpuact__xf_mulf(gpuact__xf_make(gpuact__df_add_tail_p2(gpuact__df_make(g.h, g.l), w2g), g.e), scale);
}
/* tail (a constant): keep the side of sech^2's -w^2 for |w| < 2^-24 (below). The
   gated da takes it (K39); the single ops' kernels do not (the branch cost the
   fp32 backward kernel a stack frame), where such a tie is a 0.5000 ulp error
   within their bars. */
GPUACT__FN gpuact__xf gpuact__swish_tanh_d_t(float x, const gpuact_cfg *c, int tail) {
    int pass1, pass2;
    gpuact__xf sech2;
    gpuact__xf w = gpuact__swish_tanh_w(x, c, &pass1);
    gpuact__xf t = gpuact__tanh(w, &sech2);
    gpuact__clamp(t, c->lo, c->hi, &pass2);
    if (!pass1 || !pass2) return gpuact__xf_f(0.0f);
    if (gpuact__isinf(x)) {
        /* s tanh'(w) silu'(x) in the limit, a signed zero: at +inf tanh'(w) = +0
           (or w = s = +-0 and silu' = 1), at -inf silu' = -0. Built from the sign
           bits: nvcc was seen to lose this sign through the zero products. */
        uint32_t sign = (gpuact__f2u(c->scale) & 0x80000000u) ^ (x < 0.0f ? 0x80000000u : 0u);
        return gpuact__xf_f(gpuact__u2f(sign));
    }
    if (gpuact__abs(gpuact__xf_approx(w)) < 5.96046448e-08f && w.h != 0.0f) {
        /* |w| < 2^-24: f' = s sech^2(w) silu'(x) with sech^2 = 1 - w^2 (+ ...); where
           both are below the double-float's reach, their sum still decides ties (K5) */
        if (gpuact__abs(x) < GPUACT__TINY && x != 0.0f)
            return gpuact__swish_tiny_side(gpuact__xf_mulf(gpuact__xf_f(0.5f), c->scale), x, c->scale, 4u);
        if (x > 50.0f && gpuact__abs(gpuact__xf_approx(w)) < 9.09494702e-13f) return gpuact__st_d_bigz(x, w, c->scale);
        if (tail) return gpuact__st_d_w2(gpuact__silu_d(x), w, c->scale);
    }
    return gpuact__xf_mulf(gpuact__xx_mul(sech2, gpuact__silu_d(x)), c->scale);
}

/* == 8 Dispatch: the switches over op == */
/* == 8.1 The tiers' ranges and tables == */
/* The input ranges of the fast tier (deriv: f' and dy f'), 0 outside (NaN
   too): the tier's functions below reject outside them, and the composites
   (gpuact__fwd_fmt ...) skip the tier's work there (the tier computes
   whole, then rejects; the kernels run it without that branch). +inf is
   inside for the sigmoid family and gelu_erf: the z clamp takes it or the
   rounding test rejects it. */
GPUACT__FN int gpuact__fast_range(int op, int deriv, float x) {
    const int mid = gpuact__absv(x) >= GPUACT__FAST_XMIN;
    switch (op) {
    case GPUACT_OP_SILU:
    case GPUACT_OP_SWISH_TANH: return mid & (x >= -64.0f);
    case GPUACT_OP_GELU_SIGMOID: return mid & (x >= -GPUACT__FAST_GS_XNEG);
    case GPUACT_OP_GELU_TANH: return mid & (x >= -GPUACT__FAST_GT_XNEG);
    case GPUACT_OP_GELU_ERF: return mid & (x >= -GPUACT__FAST_ERF_XMAX);
    case GPUACT_OP_ELU: return deriv ? x >= -64.0f : (x > 0.0f) | (x <= -GPUACT__FAST_XMIN);
    case GPUACT_OP_SELU: return deriv ? x >= -64.0f : mid; /* there |f| > 2^-40 (gpuact__fast_fwd) */
    default: return 0;
    }
}
/* the table tier's ops (swish_tanh with gpuact__tt_st_cfg's configurations),
   and their host / device tables (Q: forward, A: f') */
GPUACT__FN int gpuact__tt_has(int op, const gpuact_cfg *c) {
    return op == GPUACT_OP_GELU_ERF || op == GPUACT_OP_GELU_TANH || op == GPUACT_OP_GELU_SIGMOID || op == GPUACT_OP_SILU ||
           (op == GPUACT_OP_SWISH_TANH && gpuact__tt_st_cfg(c));
}
#if defined(__CUDA_ARCH__)
#define GPUACT__TT_TAB(name) gpuact__tt_##name##_d()
#else
#define GPUACT__TT_TAB(name) gpuact__tt_##name##_h()
#endif
GPUACT__FN const uint32_t *gpuact__tt_tab(int op, int deriv) {
    switch (op) {
    case GPUACT_OP_GELU_ERF: return deriv ? GPUACT__TT_TAB(erf_a) : GPUACT__TT_TAB(erf_q);
    case GPUACT_OP_GELU_TANH: return deriv ? GPUACT__TT_TAB(gt_a) : GPUACT__TT_TAB(gt_q);
    case GPUACT_OP_GELU_SIGMOID: return deriv ? GPUACT__TT_TAB(gs_a) : GPUACT__TT_TAB(gs_q);
    case GPUACT_OP_SWISH_TANH: return deriv ? GPUACT__TT_TAB(st_a) : GPUACT__TT_TAB(st_q);
    default: return deriv ? GPUACT__TT_TAB(silu_a) : GPUACT__TT_TAB(silu_q);
    }
}
#undef GPUACT__TT_TAB
/* the inputs the tier takes (NaN and infinities not) */
GPUACT__FN int gpuact__tt_range(int op, float x) {
    const float xneg = gpuact__tt_k(op, GPUACT__TT_XNEG_ERF, GPUACT__TT_XNEG_GT, GPUACT__TT_XNEG_GS, GPUACT__TT_XNEG_SILU);
    const float xpos = gpuact__tt_k(op, 3.40282347e38f, 3.40282347e38f, GPUACT__TT_XPOS_GS, GPUACT__TT_XPOS_SILU);
    return (x >= -xneg) & (x <= xpos) & (gpuact__absv(x) >= GPUACT__FAST_XMIN);
}
/* whether the tier can take x (op, configuration and input): the scalar
   paths test it before evaluating the tier. The tier's own result for any
   other x is a rejection, so this changes no result; it keeps the host
   from evaluating the tier on the inputs it rejects, where tiny x made its
   products subnormal (each a slow microcode assist on x86: 1e-19 took
   ~400 ns an element rather than ~15). */
GPUACT__FN int gpuact__tt_takes(int op, float x, const gpuact_cfg *c) {
    if (!gpuact__tt_has(op, c)) return 0;
    return op == GPUACT_OP_SWISH_TANH ? gpuact__tt_st_class(x, c) != 0 : gpuact__tt_range(op, x);
}
/* relative bound eps(t) = E0 + E1 t^2 */
GPUACT__FN float gpuact__tt_eps(int op, float tc) {
    const float e1 = gpuact__tt_k(op, GPUACT__TT_E1_ERF, GPUACT__TT_E1_GT, GPUACT__TT_E1_GS, GPUACT__TT_E1_SILU);
    return gpuact__fma(gpuact__mul(tc, tc), e1, gpuact__tt_k(op, GPUACT__TT_E0, GPUACT__TT_E0, GPUACT__TT_E0_GS, GPUACT__TT_E0_SILU));
}
/* the absolute part of f''s bound, times |g2| */
GPUACT__FN float gpuact__tt_e2(int op) { return op == GPUACT_OP_SILU ? GPUACT__TT_E2_SILU : GPUACT__TT_E2; }
/* P(x) (deriv = 0: Q or 1 - Q) or f'(x) (A or 1 - A) as a df; 1 - g is a
   fast2sum (|g| <= 1/2) with g's tail subtracted */
GPUACT__FN gpuact__df gpuact__tt_g(int op, float x, const uint32_t *tab, int deriv, float *g2, float *tc) {
    return gpuact__tt_side(gpuact__tt_eval(tab, gpuact__absv(x), gpuact__tt_s(op), deriv, g2, tc), x);
}
/* g2 + g3 d + g4 d^2 + g5 d^3 of Q's row kb (forward: gelu_erf, gelu_sigmoid
   and silu) from the row's first half alone: g1 and the centre c fix the
   others, so the forward gathers 16 bytes a row where the table holds 32
   (the table-tier kernels are bound by those gathers: the L1's data pipe at
   98% of its wavefronts, H200, bench/results/2026-11-29-h200-probes).
   gelu_erf, Q(t) = Phi(-t): Q^(k) = -He_(k-1)(-t) phi(t) with phi = -g1, so
   g2 = c phi/2, g3 = (1 - c^2) phi/6, g4 = (c^3 - 3c) phi/24,
   g5 = (6c^2 - c^4 - 3) phi/120. silu, Q(t) = sigma(-t), and gelu_sigmoid,
   Q(t) = sigma(-K t) (K = 1.702): with s = g0, p = s(1 - s) = -g1/K and
   u = 1 - 2s, g2 = K^2 p u/2, g3 = K^3 p (p - 1/6), g4 = -K^4 u p (p/2 -
   1/24), g5 = -K^5 p (p^2 - p/4 + 1/120) (K = 1 for silu). Each from fp32
   heads within a few units of 2^-24 of itself (u near s = 1/2: 2^-24
   absolute); tests/accuracy/tier_error.c measures the forward built on it
   against the tier's bound (eps(t)) on every input. */
GPUACT__FN float gpuact__tt_p16(int op, float c, float d, float g0, float g1) {
    if (op == GPUACT_OP_GELU_ERF) {
        const float m = gpuact__mul(c, c), phi = -g1;
        const float b5 = gpuact__fma(m, gpuact__fma(m, -8.33333377e-03f, 5.00000007e-02f), -2.50000004e-02f);
        const float b4 = gpuact__mul(c, gpuact__fma(m, 4.16666679e-02f, -0.125f));
        const float b3 = gpuact__fma(m, -0.166666672f, 0.166666672f);
        const float P = gpuact__fma(gpuact__fma(gpuact__fma(b5, d, b4), d, b3), d, gpuact__mul(c, 0.5f));
        return gpuact__mul(phi, P);
    } else {
        const int gs = op == GPUACT_OP_GELU_SIGMOID;
        const float k = gs ? 1.70200002f : 1.0f, p = gs ? gpuact__mul(g1, -0.587544084f) : -g1; /* 1/1.702 */
        const float u = gpuact__fma(g0, -2.0f, 1.0f), kd = gpuact__mul(k, d);
        const float b5 = -gpuact__fma(p, gpuact__fma(p, 1.0f, -0.25f), 8.33333377e-03f);
        const float b4 = gpuact__mul(-u, gpuact__fma(p, 0.5f, -4.16666679e-02f));
        const float b3 = gpuact__fma(p, 1.0f, -0.166666672f);
        const float P = gpuact__fma(gpuact__fma(gpuact__fma(b5, kd, b4), kd, b3), kd, gpuact__mul(u, 0.5f));
        return gpuact__mul(gpuact__mul(p, gpuact__mul(k, k)), P);
    }
}
/* gpuact__tt_poly for those rows, with gpuact__tt_p16 in place of the
   second half: Q(c + d) as an unnormalised df (c = the row's centre) */
GPUACT__FN gpuact__df gpuact__tt_poly16(int op, const uint32_t *tab, uint32_t kb, float c, float d) {
    float r[4];
    const uint32_t i = kb - 0x4b400000u;
#if defined(__CUDA_ARCH__)
    const uint4 v = reinterpret_cast<const uint4 *>(tab)[i];
    r[0] = __uint_as_float(v.x); r[1] = __uint_as_float(v.y); r[2] = __uint_as_float(v.z); r[3] = __uint_as_float(v.w);
#else
    r[0] = gpuact__u2f(tab[4 * i]); r[1] = gpuact__u2f(tab[4 * i + 1]); r[2] = gpuact__u2f(tab[4 * i + 2]); r[3] = gpuact__u2f(tab[4 * i + 3]);
#endif
    {
        const float P = gpuact__tt_p16(op, c, d, r[0], r[2]);
        const gpuact__df p = gpuact__2prod(d, r[2]);
        const float lo = gpuact__fma(d, r[3], r[1]) + p.l;
        const gpuact__df h = gpuact__fast2sum(r[0], p.h);
        return gpuact__df_make(h.h, h.l + gpuact__fma(gpuact__mul(d, d), P, lo));
    }
}
/* x P(x) (f) of gelu_erf, gelu_sigmoid and silu from 16-byte rows (the
   first GPUACT__TT_N uint4 of Q's table, or a copy of them), and the
   clamped t for eps: gpuact__tt_g's value with gpuact__tt_poly16 */
GPUACT__FN gpuact__df gpuact__tt_v16(int op, float x, const uint32_t *tab, float *tc) {
    uint32_t kb;
    const float S = gpuact__tt_s(op);
    const float d = gpuact__tt_d(gpuact__absv(x), S, &kb, tc);
    const gpuact__df p = gpuact__tt_side(gpuact__tt_poly16(op, tab, kb, gpuact__mul(gpuact__u2f(kb) - 12582912.0f, 1.0f / S), d), x);
    return gpuact__fast_mul1(p.h, p.l, x);
}
/* gpuact__tt_fwd from 16-byte rows: its bound eps(t) 5/4 (the derived
   coefficients' roundings: tier_error measures these values against
   eps(t) itself, up to 0.93 of it for gelu_sigmoid), so a result where
   gpuact__tt_fwd's is, or the rejection */
#define GPUACT__TT16_EPS_K 1.25f
GPUACT__FN float gpuact__tt_eps16(int op, float tc) { return gpuact__mul(gpuact__tt_eps(op, tc), GPUACT__TT16_EPS_K); }
GPUACT__FN int gpuact__tt_fwd16(int op, float x, const uint32_t *tab, int fmt, float *y) {
    float tc;
    const gpuact__df v = gpuact__tt_v16(op, x, tab, &tc);
    return gpuact__tt_range(op, x) & gpuact__fast_rn_ab(v.h, v.l, v.h, gpuact__tt_eps16(op, tc), fmt, y, 0);
}
/* == 8.2 The table tier == */
/* f(x) by the table tier: 1 and *y = RN(f(x)), or 0 (gelu_erf,
   gelu_sigmoid and silu from the rows' first halves: gpuact__tt_fwd16,
   tab may then be a copy of those alone). |f| > 2^-88 where
   the tier takes x (|x| >= 2^-40: |f| >= |x| Q(7) > 2^-80; swish_tanh:
   |f| >= |x| Q(-13.75) > 2^-62), so no 2^-88 test. x P as
   gpuact__fast_mul1 (2^-45). swish_tanh's: 7.6. */
GPUACT__FN int gpuact__tt_fwd(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int fmt, float *y) {
    float g2, tc = 0.0f;
    if (op == GPUACT_OP_SWISH_TANH) return gpuact__st_tt_fwd(x, c, tab, fmt, y);
    if (op != GPUACT_OP_GELU_TANH) return gpuact__tt_fwd16(op, x, tab, fmt, y);
    {
        const gpuact__df g = gpuact__tt_g(op, x, tab, 0, &g2, &tc);
        const gpuact__df v = gpuact__fast_mul1(g.h, g.l, x);
        return gpuact__tt_range(op, x) & gpuact__fast_rn_ab(v.h, v.l, v.h, gpuact__tt_eps(op, tc), fmt, y, 0);
    }
}
/* f'(x) as a df and its absolute bound: 1, or 2 where f' is +0 exactly
   (swish_tanh's clamp: *g = 0, *err = 0), 0 outside the tier's inputs */
GPUACT__FN int gpuact__tt_grad_df(int op, float x, const gpuact_cfg *c, const uint32_t *tab, gpuact__df *g, float *err) {
    float g2, tc;
    if (op == GPUACT_OP_SWISH_TANH) return gpuact__st_tt_grad_df(x, c, tab, g, err);
    *g = gpuact__tt_g(op, x, tab, 1, &g2, &tc);
    *err = gpuact__fma(gpuact__absv(g2), gpuact__tt_e2(op), gpuact__mul(gpuact__absv(g->h), gpuact__tt_eps(op, tc)));
    return gpuact__tt_range(op, x);
}
/* as gpuact__fast_grad and gpuact__fast_bwd: an exact +0 is taken as it is
   (dy * +0 for finite dy) */
GPUACT__FN int gpuact__tt_grad(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int fmt, float *y) {
    gpuact__df g;
    float err;
    const int in = gpuact__tt_grad_df(op, x, c, tab, &g, &err);
    const int ok = gpuact__fast_rn(g.h, g.l, err, fmt, y);
    if (in == 2) *y = 0.0f;
    return (in & ok) | (in >> 1);
}
GPUACT__FN int gpuact__tt_bwd(int op, float x, float dy, const gpuact_cfg *c, const uint32_t *tab, int fmt, float *y) {
    gpuact__df g;
    float err;
    const int in = gpuact__tt_grad_df(op, x, c, tab, &g, &err);
    const int ok = gpuact__fast_scale(dy, g, err, fmt, y);
    if (in == 2) *y = gpuact__mul(dy, 0.0f);
    return (in & ok) | ((in >> 1) & (gpuact__absv(dy) <= 3.40282347e38f));
}

/* == 8.3 The 16-bit tier == */
/* ---------------------------------------------------------------------------
   The 16-bit tier (fp16 and bf16 results only), ahead of the others there.
   A 16-bit result needs about 2^-12 of accuracy where an fp32 one needs
   2^-25, so the evaluation here is plain fp32, each op's value v with an
   absolute bound err on |v - exact|; RN16(v) is returned when the one
   16-bit rounding midpoint near v (gpuact__h_rn) is farther than err from
   it, which then pins RN16(exact) to RN16(v). It rejects a few inputs in
   2^10 (fp16) to 2^13 (bf16); the other tiers take those.
     gelu_erf, gelu_tanh, gelu_sigmoid, silu, and swish_tanh where the table
       tier takes its configuration: the table tier's rows (Q, A at c + d,
       its centres and ranges), to third order in d, Horner in fp32:
       v = x P(x) (P = Q or 1 - Q), f' = A or 1 - A (swish_tanh: x Q, A);
     elu, selu: e^x - 1 = 2^k (e^r - 1) + (2^k - 1), k = rint(x/ln2),
       |r| <= ln2/2, e^r - 1 to degree 7 (its cut below 2^-26 relative),
       the sum one fma (it cancels by at most 2.4 times, at k = -1); f' is
       2^k e^r the same way.
   Bounds: err = |v| GPUACT__H_F* for f; for f' (and dy f', which adds the
   product's rounding) |g| GPUACT__H_G* plus GPUACT__H_A* times the row's
   |g2| (f' = A crosses zero, and there the roundings of g0 + g1 d do not
   shrink with A; in the tails g2 shrinks as A does). The constants are the
   measured maxima with room: tests/accuracy/tier_error.c measures v and f'
   against long double on every fp32 x the tier takes, and fails if an
   error reaches its bound (a larger set than the 16-bit inputs that reach
   the tier). Measured maxima are in the comments beside each constant.
   The kernels read the rows from a copy in shared memory holding only the
   four values a row this tier uses (gpuact__h_row, compact): one 16-byte
   load an element. The values are the same as the full rows', so host and
   device results are the same.
   Tails (tails = 1): past the rows, where the other tiers took inputs at
   hundreds of instructions each, plain-fp32 formulas (gpuact__h_tail,
   gpuact__h_st_tail), gelu_tanh's rows down to -8 and t taken as the
   rows' end above gelu_sigmoid's and silu's (the bounds GPUACT__H_*_FAR),
   and zero tails for bfloat16. The kernels of gelu_tanh, gelu_sigmoid,
   silu and swish_tanh run them for the inputs there that their loop
   without them rejected (gpuact__kt TAILS); the host's chain does not (the same bits: every
   result this tier returns is the correctly rounded one).
   ------------------------------------------------------------------------ */
#define GPUACT__H_F_ERF 1.1e-6f  /* 2^-19.79: measured 2^-20.4 (at x = -7.85, the cut g4 d^4 grows with t) */
#define GPUACT__H_F_GT 1.6e-6f   /* 2^-19.25: measured 2^-19.8 (x = -6) */
#define GPUACT__H_F_GS 2.8e-7f   /* 2^-21.77: measured 2^-22.3 */
#define GPUACT__H_F_SILU 2.8e-7f /* measured 2^-22.3 */
#define GPUACT__H_F_ST 2.8e-7f   /* measured 2^-22.3 */
#define GPUACT__H_F_GT8 1.4e-5f  /* gelu_tanh on the rows below the table tier's, -8 <= x < -6: measured 2^-16.84 (x = -7.99) */
/* above the rows' end T (gelu_sigmoid 8, silu 16), where the tier takes t
   as T: f's relative bound adds Q(T) (Q falls with t), f' absolute
   |A(T)| (|1 - f'| falls with t: gelu_sigmoid 1.54e-5, silu 1.69e-6) */
#define GPUACT__H_F_GS_FAR 1.6e-6f   /* Q(8) = sigma(-13.616) = 1.22e-6, plus GPUACT__H_F_GS */
#define GPUACT__H_F_SILU_FAR 4.2e-7f /* sigma(-16) = 1.13e-7, plus GPUACT__H_F_SILU */
#define GPUACT__H_G_GS_FAR 1.7e-5f   /* measured 0.90 of it with GPUACT__H_G's part */
#define GPUACT__H_G_SILU_FAR 2.0e-6f /* measured 0.72 of it */
#define GPUACT__H_F_EM 2.8e-7f   /* elu, selu: measured 2^-22.3 (elu at x = -0.35, k = -1) */
#define GPUACT__H_G 2.8e-7f      /* f' of the table ops, with GPUACT__H_A |g2|: measured at most 0.49 of the bound */
#define GPUACT__H_A 1.0e-7f      /* 2^-23.25, times |g2| */
#define GPUACT__H_G_EM 2.8e-7f   /* elu, selu f': measured 2^-22.3 */
/* RN16(v) when every value within err of v rounds to the same 16-bit
   value; *out its fp32 value, *bits its 16 bits. The one 16-bit rounding
   midpoint m in v's binade and 16-bit interval ((u & keep) | half) is
   farther than err from v: v - m is then exact (Sterbenz), every value
   within err of v lies on v's side of m, and the next midpoints are a
   16-bit ulp away (err is below 2^-12 |v| wherever the tests pass); the
   result is v's bits rounded at the 16-bit point (no tie: v is not m).
   Results that are normal in the format only: bfloat16 from 2^-126 (below,
   the callers' relative bounds do not hold), binary16 in [2^-14, 65504]
   (its subnormals are spaced apart differently); callers whose |v| cannot
   leave the format's range on the side being tested pass edge = 0 and skip
   that test (bfloat16: 2^-126; binary16: 65504). Where v is +-inf or NaN,
   m is NaN, and NaN fails every comparison; the bfloat16 rounding of a
   finite v may carry to inf, which is then RN16's overflow. (A form that
   took binary16's subnormals too, as |v| + 2^-14, cost 6 instructions an
   element, 8 to 12 points of copy bandwidth in fp16 forward on the H100;
   its zero tails, gpuact__h_zf, keep the inputs whose results are
   subnormal or zero from the slower tiers where f is tiny.) */
GPUACT__FN uint32_t gpuact__h_f16_bits(float r) {
#if defined(__CUDA_ARCH__)
    unsigned short h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(r)); /* r is a binary16 number: exact */
    return h;
#else
    return gpuact__f32_to_f16_exact(r);
#endif
}
/* gpuact__h_rn's binary16 test and rounding, without the lower bound of
   the normal range (its callers add it, or round below it) */
GPUACT__FN int gpuact__h_rn16(float v, float err, int edge, float *out) {
    const float a = gpuact__absv(v);
    const uint32_t u = gpuact__f2u(v);
    const float m = gpuact__u2f((u & 0xffffe000u) | 0x1000u);
    *out = gpuact__u2f((u + 0x1000u) & 0xffffe000u);
    return (gpuact__absv(v - m) > err) & (!edge | (a <= 65504.0f));
}
GPUACT__FN int gpuact__h_rn(float v, float err, int fmt, int edge, float *out, uint32_t *bits) {
    const float a = gpuact__absv(v);
    const uint32_t u = gpuact__f2u(v);
    if (fmt == GPUACT__FMT_BF16) {
        const float m = gpuact__u2f((u & 0xffff0000u) | 0x8000u);
        const uint32_t r = (u + 0x8000u) & 0xffff0000u;
        *out = gpuact__u2f(r);
        *bits = r >> 16;
        return (gpuact__absv(v - m) > err) & (!edge | (a >= 1.17549435e-38f));
    }
    const int ok = gpuact__h_rn16(v, err, edge, out) & (a >= 6.10351562e-05f);
    *bits = gpuact__h_f16_bits(*out);
    return ok;
}
/* RN16 of a binary16 result below 2^-14 (subnormal or zero, multiples of
   2^-24) when every value within err of v rounds alike: v 2^24 is exact,
   n its nearest integer, and the midpoints n +- 1/2 must be farther than
   err 2^24. A zero keeps v's sign (an fp32 v that underflowed has the
   exact product's sign; a caller whose v may have the other sign than
   the exact value checks that |v| > err). Products of randn-like data
   land there often enough (1-2%) that sending them to the full path cost
   half the gated fp16 kernels' speed. */
GPUACT__FN int gpuact__h_rn_sub16(float v, float err, float *out) {
    const float q = gpuact__mul(v, 16777216.0f);
    const float n = (q + 12582912.0f) - 12582912.0f;
    *out = gpuact__copysign(gpuact__mul(n, 5.96046448e-08f), v);
    return 0.5f - gpuact__absv(q - n) > gpuact__mul(err, 16777216.0f);
}
/* gpuact__h_rn, and binary16's results below 2^-14 by gpuact__h_rn_sub16
   (a zero only where v's sign is the exact value's: |v| > err) */
GPUACT__FN int gpuact__h_rn_sub(float v, float err, int fmt, int edge, float *out, uint32_t *bits) {
    if (fmt == GPUACT__FMT_BF16) return gpuact__h_rn(v, err, fmt, edge, out, bits);
    /* one conversion to the 16 bits for both ranges */
    const float a = gpuact__absv(v);
    float o;
    int ok = gpuact__h_rn16(v, err, edge, &o);
    if (a < 6.10351562e-05f) ok = gpuact__h_rn_sub16(v, err, &o) & ((o != 0.0f) | (a > err));
    *out = o;
    *bits = gpuact__h_f16_bits(o);
    return ok;
}
/* keeps the compiler from evaluating v only on the path that uses it (a
   branch around the table row where a select of two ready values costs
   less) */
#if defined(__CUDA_ARCH__)
#define GPUACT__KEEP(v) asm volatile("" ::"f"(v))
#else
#define GPUACT__KEEP(v) ((void)0)
#endif
/* g0, g1, g2, g3 of row i: from the table tier's rows (two uint4 a row:
   g0h g0l g1h g1l | g2 g3 g4 g5) or, where compact, from a copy that holds
   those four (gpuact__h_compact) */
GPUACT__FN void gpuact__h_row(const uint32_t *tab, uint32_t i, int compact, float r[4]) {
#if defined(__CUDA_ARCH__)
    if (compact) {
        const uint4 v = reinterpret_cast<const uint4 *>(tab)[i];
        r[0] = __uint_as_float(v.x); r[1] = __uint_as_float(v.y); r[2] = __uint_as_float(v.z); r[3] = __uint_as_float(v.w);
        return;
    }
#endif
    if (compact) {
        r[0] = gpuact__u2f(tab[4 * i]); r[1] = gpuact__u2f(tab[4 * i + 1]);
        r[2] = gpuact__u2f(tab[4 * i + 2]); r[3] = gpuact__u2f(tab[4 * i + 3]);
    } else {
        r[0] = gpuact__u2f(tab[4 * i]); r[1] = gpuact__u2f(tab[4 * i + 2]);
        r[2] = gpuact__u2f(tab[4 * (GPUACT__TT_N + i)]); r[3] = gpuact__u2f(tab[4 * (GPUACT__TT_N + i) + 1]);
    }
}
/* word j of row i of the compact copy, from the full rows */
GPUACT__FN uint32_t gpuact__h_compact(const uint32_t *tab, uint32_t i, uint32_t j) {
    return tab[j < 2u ? 4u * i + 2u * j : 4u * (GPUACT__TT_N + i) + (j - 2u)];
}
/* Q or A (the table's function) at x, third order, and the row's g2 */
GPUACT__FN float gpuact__h_eval(int op, const uint32_t *tab, int compact, float x, float *g2) {
    float d;
    uint32_t i;
    if (op == GPUACT_OP_SWISH_TANH) {
        const float xc = x > GPUACT__TT_ST_XLO ? (x < GPUACT__TT_ST_XEND ? x : GPUACT__TT_ST_XEND) : GPUACT__TT_ST_XLO;
        uint32_t kb;
        d = gpuact__tt_st_d(xc, &kb);
        i = kb - 0x4b400000u;
    } else {
        uint32_t kb;
        float tc;
        d = gpuact__tt_d(gpuact__absv(x), gpuact__tt_s(op), &kb, &tc);
        i = kb - 0x4b400000u;
    }
    float r[4];
    gpuact__h_row(tab, i, compact, r);
    *g2 = r[2];
    return gpuact__fma(gpuact__fma(gpuact__fma(r[3], d, r[2]), d, r[1]), d, r[0]);
}
/* the table ops' inputs in the kernels' loops: the table tier's, written
   with fewer tests (gelu_sigmoid's and silu's are symmetric; +inf for
   gelu_erf and gelu_tanh makes v infinite, which gpuact__h_rn rejects) */
GPUACT__FN int gpuact__h_range(int op, float x) {
    const float xneg = gpuact__tt_k(op, GPUACT__TT_XNEG_ERF, GPUACT__TT_XNEG_GT, GPUACT__TT_XNEG_GS, GPUACT__TT_XNEG_SILU);
    const float a = gpuact__absv(x);
    const int sym = op == GPUACT_OP_GELU_SIGMOID || op == GPUACT_OP_SILU;
    return (sym ? a <= xneg : x >= -xneg) & (a >= GPUACT__FAST_XMIN);
}
/* With the tails (tails = 1: the chain, after the kernels' loops have
   rejected x; a branch to them in the loops cost 8-18 points of copy in
   the 16-bit backward on randn data, H200): x >= -GPUACT__H_XLO_* and
   |x| >= 2^-40. Between the rows' negative end -GPUACT__H_XNEG_* (the
   table tier's, but gelu_tanh's rows serve down to the table's end, -8)
   and -GPUACT__H_XLO_*, gpuact__h_tail gives v; above the rows' positive
   end (gelu_sigmoid 8, silu 16) t is taken as the end, within the bounds
   GPUACT__H_*_FAR. f'(+inf) is 1 within the far bound. */
#define GPUACT__H_XNEG_GT 8.0f
GPUACT__FN float gpuact__h_xneg(int op) {
    return gpuact__tt_k(op, GPUACT__TT_XNEG_ERF, GPUACT__H_XNEG_GT, GPUACT__TT_XNEG_GS, GPUACT__TT_XNEG_SILU);
}
/* the tail's lower end: gelu_erf t^2/2 <= 84.5, the sigmoid forms z >= -87
   (e^z normal: gelu_tanh z(-9.9375) = -86.0, gelu_sigmoid z(-51) = -86.8) */
GPUACT__FN float gpuact__h_xlo(int op) { return gpuact__tt_k(op, 13.0f, 9.9375f, 51.0f, 87.0f); }
GPUACT__FN int gpuact__h_range_t(int op, float x) {
    const float xlo = gpuact__h_xlo(op);
    return (x >= -xlo) & (gpuact__absv(x) >= GPUACT__FAST_XMIN);
}
/* x past the rows of the kernels' loops, where only the tails take it:
   below the table tier's negative end (swish_tanh: its rows' first
   centre), above gelu_sigmoid's and silu's positive end; NaN is not */
GPUACT__FN int gpuact__h_far(int op, float x) {
    if (op == GPUACT_OP_SWISH_TANH) return x < GPUACT__TT_ST_XLO;
    const float xneg = gpuact__tt_k(op, GPUACT__TT_XNEG_ERF, GPUACT__TT_XNEG_GT, GPUACT__TT_XNEG_GS, GPUACT__TT_XNEG_SILU);
    const int sym = op == GPUACT_OP_GELU_SIGMOID || op == GPUACT_OP_SILU;
    return (x < -xneg) | (sym && x > xneg);
}
/* whether the tier takes x: the table ops' gpuact__h_range (with the
   tails, gpuact__h_range_t), swish_tanh's table configurations in its
   classes (with the tails, its tail too: gpuact__h_st_tail), elu's and
   selu's finite x (f' and dy f': x >= -87, where 2^k stays normal) */
GPUACT__FN int gpuact__h_takes_t(int op, int deriv, float x, const gpuact_cfg *c, int tails) {
    if (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU)
        return (x <= 3.40282347e38f) & (x >= (deriv ? -87.0f : -3.40282347e38f));
    if (op == GPUACT_OP_SWISH_TANH) {
        if (!tails) return gpuact__tt_takes(op, x, c);
        const int cls = gpuact__tt_st_class(x, c);
        return gpuact__tt_has(op, c) & ((cls != 0) | ((x < GPUACT__TT_ST_XLO) & (x >= -87.0f)));
    }
    return tails ? gpuact__h_range_t(op, x) : gpuact__h_range(op, x);
}
GPUACT__FN int gpuact__h_takes(int op, int deriv, float x, const gpuact_cfg *c) { return gpuact__h_takes_t(op, deriv, x, c, 0); }
/* e^x - 1 (em = 0) or e^x (em = 1) for -87 <= x <= 0 in fp32 (x below -87
   is taken as -87: e^x - 1 moves by less than 2^-125) */
GPUACT__FN float gpuact__h_expm1(float x, int e) {
    const float xc = x > -87.0f ? x : -87.0f;
    const float t = gpuact__fma(xc, GPUACT__K(GPUACT__C_64_LN2) * 0.015625f, 12582912.0f);
    const float k = t - 12582912.0f;
    float r = gpuact__fma(-k, GPUACT__K(GPUACT__C_LN2_64_H) * 64.0f, xc);
    r = gpuact__fma(-k, GPUACT__K(GPUACT__C_LN2_64_L) * 64.0f, r);
    float p = gpuact__fma(r, 1.98412698e-04f, 1.38888889e-03f);
    p = gpuact__fma(r, p, 8.33333377e-03f);
    p = gpuact__fma(r, p, 4.16666679e-02f);
    p = gpuact__fma(r, p, 1.66666672e-01f);
    p = gpuact__fma(r, p, 0.5f);
    const float q = gpuact__fma(gpuact__mul(r, r), p, r); /* e^r - 1 */
    const float sc = gpuact__u2f((gpuact__f2u(t) << 23) + 0x3f800000u); /* 2^k */
    return gpuact__fma(sc, q, e ? sc : sc - 1.0f);
}
/* The table ops below their rows, -GPUACT__H_XLO_* <= x < -GPUACT__H_XNEG_*:
   f (deriv = 0) or f' (1) in plain fp32 into *v, with its bound *err.
     sigmoid forms, P = sigma(z) with z <= -13.6 (e^z <= 2^-19.6):
       P = e^z (1 - e^z) (the next term e^3z), f = x P,
       f' = P (1 + x z' (1 - P)), z' = 1 (silu), 1.702 (gelu_sigmoid),
       K1 + 3 K3 x^2 (gelu_tanh); z is rounded relatively (2^-23), so e^z
       carries up to |z| 2^-23 <= 2^-16.6 (silu: z exact, e^z's own
       2^-22.3); the bounds are measured (tests/accuracy/tier_error.c);
     gelu_erf, t = -x > 8, u = 1/t^2: Phi(x) = phi(t) R(u) / t with R's
       asymptotic series 1 - u + 3u^2 - 15u^3 + 105u^4 - 945u^5 (the first
       term left out, 10395 u^6 <= 2^-22.7, bounds the error: the series
       alternates), so f = -phi R and f' = Phi + x phi = phi t (u R - 1);
       phi = e^(-t^2/2)/sqrt(2 pi) with t^2 a 2prod (h, l):
       e^(-h/2) (1 - l/2).
   Every result is a normal fp32 number there (|f|, |f'| >= 2^-123). */
#define GPUACT__H_T_ERF 4.0e-7f  /* 2^-21.25: measured 2^-21.64 (x = -8.03) */
#define GPUACT__H_T_GT 1.6e-5f   /* 2^-15.93: measured 2^-16.26 (x = -9.89) */
#define GPUACT__H_T_GS 5.5e-6f   /* 2^-17.47: measured 2^-17.94 */
#define GPUACT__H_T_SILU 4.0e-7f /* 2^-21.25: measured 2^-22.40 (z = x is exact) */
GPUACT__FN void gpuact__h_tail(int op, float x, int deriv, float *v, float *err) {
    if (op == GPUACT_OP_GELU_ERF) {
        const gpuact__df t2 = gpuact__2prod(x, x);
        const float E = gpuact__h_expm1(gpuact__mul(t2.h, -0.5f), 1);
        const float phi = gpuact__mul(gpuact__fma(E, gpuact__mul(t2.l, -0.5f), E), GPUACT__K(GPUACT__C_INV_SQRT2PI_H));
        const float u = gpuact__div(1.0f, t2.h);
        float R = gpuact__fma(u, -945.0f, 105.0f);
        R = gpuact__fma(u, R, -15.0f);
        R = gpuact__fma(u, R, 3.0f);
        R = gpuact__fma(u, R, -1.0f);
        R = gpuact__fma(u, R, 1.0f);
        *v = deriv ? gpuact__mul(gpuact__mul(phi, -x), gpuact__fma(u, R, -1.0f)) : gpuact__mul(-phi, R);
        *err = gpuact__mul(gpuact__absv(*v), GPUACT__H_T_ERF);
        return;
    }
    float z, zp;
    if (op == GPUACT_OP_SILU) {
        z = x;
        zp = 1.0f;
    } else if (op == GPUACT_OP_GELU_SIGMOID) {
        z = gpuact__fma(GPUACT__K(GPUACT__C_GS_K_H), x, gpuact__mul(GPUACT__K(GPUACT__C_GS_K_L), x));
        zp = GPUACT__K(GPUACT__C_GS_K_H);
    } else {
        const float x2 = gpuact__mul(x, x);
        z = gpuact__mul(x, gpuact__fma(GPUACT__K(GPUACT__C_GT_K3_H), x2, GPUACT__K(GPUACT__C_GT_K1_H)));
        zp = gpuact__fma(GPUACT__K(GPUACT__C_GT_3K3_H), x2, GPUACT__K(GPUACT__C_GT_K1_H));
    }
    const float e = gpuact__h_expm1(z, 1);
    const float P = gpuact__fma(-e, e, e);
    *v = deriv ? gpuact__mul(P, gpuact__fma(gpuact__mul(x, zp), 1.0f - P, 1.0f)) : gpuact__mul(x, P);
    *err = gpuact__mul(gpuact__absv(*v), gpuact__tt_k(op, GPUACT__H_T_ERF, GPUACT__H_T_GT, GPUACT__H_T_GS, GPUACT__H_T_SILU));
}
/* swish_tanh below its rows (-87 <= x < -13.75), in the table's
   configurations (s = 1/2, lo < -0.14, hi >= 1): w = silu(x)/2 lies in
   (-2^-17.8, 0), inside both clamps, so f = tanh(w) = w (1 - w^2/3 ...)
   and f' = sech^2(w) silu'(x)/2 are silu's tail halved within w^2 <
   2^-35 relatively. 1 where it takes x. */
GPUACT__FN int gpuact__h_st_tail(float x, int deriv, float *v, float *err) {
    gpuact__h_tail(GPUACT_OP_SILU, x, deriv, v, err);
    *v = gpuact__mul(*v, 0.5f);
    *err = gpuact__mul(*err, 0.5f);
    return x >= -87.0f;
}
/* f(x): v and its bound; 0 outside the tier's inputs */
GPUACT__FN int gpuact__h_fwd_vt(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int compact, int tails, float *v, float *err) {
    if (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) {
        const int pos = x > 0.0f, selu = op == GPUACT_OP_SELU;
        const float k = selu ? (pos ? GPUACT__K(GPUACT__C_SELU_L_H) : GPUACT__K(GPUACT__C_SELU_LA_H)) : (pos ? 1.0f : c->alpha);
        const float em = gpuact__h_expm1(x, 0);
        GPUACT__KEEP(em);
        *v = gpuact__mul(k, pos ? x : em);
        *err = gpuact__mul(gpuact__absv(*v), GPUACT__H_F_EM);
        return gpuact__h_takes(op, 0, x, c);
    }
    float g2;
    const float q = gpuact__h_eval(op, tab, compact, x, &g2);
    if (op == GPUACT_OP_SWISH_TANH) {
        const int cls = gpuact__tt_st_class(x, c);
        const float xq = gpuact__mul(x, q);
        GPUACT__KEEP(xq);
        *v = (cls >> 1) ? GPUACT__K(GPUACT__C_TANH1_H) : xq;
        *err = gpuact__mul(gpuact__absv(*v), GPUACT__H_F_ST);
        if (tails && x < GPUACT__TT_ST_XLO) return gpuact__h_st_tail(x, 0, v, err);
        return cls != 0;
    }
    *v = gpuact__mul(x, x < 0.0f ? q : 1.0f - q);
    if (!tails) {
        *err = gpuact__mul(gpuact__absv(*v), gpuact__tt_k(op, GPUACT__H_F_ERF, GPUACT__H_F_GT, GPUACT__H_F_GS, GPUACT__H_F_SILU));
        return gpuact__h_range(op, x);
    }
    const float xneg = gpuact__h_xneg(op);
    const float k = op == GPUACT_OP_GELU_ERF      ? GPUACT__H_F_ERF
                    : op == GPUACT_OP_GELU_TANH   ? (x < -GPUACT__TT_XNEG_GT ? GPUACT__H_F_GT8 : GPUACT__H_F_GT)
                    : op == GPUACT_OP_GELU_SIGMOID ? (x > xneg ? GPUACT__H_F_GS_FAR : GPUACT__H_F_GS)
                                                  : (x > xneg ? GPUACT__H_F_SILU_FAR : GPUACT__H_F_SILU);
    *err = gpuact__mul(gpuact__absv(*v), k);
    if (x < -xneg) gpuact__h_tail(op, x, 0, v, err);
    return gpuact__h_range_t(op, x);
}
GPUACT__FN int gpuact__h_fwd_v(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int compact, float *v, float *err) {
    return gpuact__h_fwd_vt(op, x, c, tab, compact, 0, v, err);
}
/* f'(x): g and its bound; 1, or 2 where f' is +0 exactly (swish_tanh's
   clamp), 0 outside the tier's inputs */
GPUACT__FN int gpuact__h_grad_vt(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int compact, int tails, float *g, float *err) {
    if (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) {
        const int pos = x > 0.0f, selu = op == GPUACT_OP_SELU;
        const float k = selu ? (pos ? GPUACT__K(GPUACT__C_SELU_L_H) : GPUACT__K(GPUACT__C_SELU_LA_H)) : (pos ? 1.0f : c->alpha);
        const float ex = gpuact__h_expm1(x, 1);
        GPUACT__KEEP(ex);
        *g = pos ? k : gpuact__mul(k, ex);
        *err = gpuact__mul(gpuact__absv(*g), GPUACT__H_G_EM);
        /* a subnormal alpha e^x rounds with an absolute error that the
           relative bound does not cover, and dy (bfloat16 up to 2^128) can
           make the product a normal number (K22) */
        return gpuact__h_takes(op, 1, x, c) & (gpuact__absv(*g) >= 1.17549435e-38f);
    }
    float g2;
    const float a = gpuact__h_eval(op, tab, compact, x, &g2);
    if (op == GPUACT_OP_SWISH_TANH) {
        const int cls = gpuact__tt_st_class(x, c);
        GPUACT__KEEP(a);
        *g = (cls >> 1) ? 0.0f : a;
        *err = gpuact__fma(gpuact__absv(g2), GPUACT__H_A, gpuact__mul(gpuact__absv(*g), GPUACT__H_G));
        if (tails && x < GPUACT__TT_ST_XLO) return gpuact__h_st_tail(x, 1, g, err);
        return cls;
    }
    *g = x < 0.0f ? a : 1.0f - a;
    *err = gpuact__fma(gpuact__absv(g2), GPUACT__H_A, gpuact__mul(gpuact__absv(*g), GPUACT__H_G));
    if (!tails) return gpuact__h_range(op, x);
    const float xneg = gpuact__h_xneg(op);
    if (op == GPUACT_OP_GELU_SIGMOID || op == GPUACT_OP_SILU)
        *err += x > xneg ? (op == GPUACT_OP_SILU ? GPUACT__H_G_SILU_FAR : GPUACT__H_G_GS_FAR) : 0.0f;
    if (x < -xneg) gpuact__h_tail(op, x, 1, g, err);
    return gpuact__h_range_t(op, x);
}
GPUACT__FN int gpuact__h_grad_v(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int compact, float *g, float *err) {
    return gpuact__h_grad_vt(op, x, c, tab, compact, 0, g, err);
}
/* Zero tails: below these x the 16-bit result is zero.
   binary16: |f| < 2^-26 (forward) and |f'| 65504 < 2^-26 (f' and dy f'
   for |dy| <= 65504), so RN16 is -0 (f) and -0 or dy's opposite zero
   (f' < 0 there); |f| and |f'| fall from there on (mpmath: gelu_erf
   f(-8) = -5.0e-15, f'(-8) 65504 = 2.6e-9; gelu_tanh f(-6) = -8.4e-11,
   f'(-7) 65504 = 1.8e-9; gelu_sigmoid f(-12.5) = -7.2e-9, f'(-20) 65504 =
   3.6e-9; silu f(-22) = -6.1e-9; swish_tanh (s = 1/2) f(-21) = -8.0e-9).
   bfloat16 (past the tail's lower end, gpuact__h_xlo): |f| and |f'| below
   2^-150, so f, f' and dy f' for |dy| < 2^15 are below 2^-135, under half
   bfloat16's least subnormal (mpmath, log2 |f| / |f'|: gelu_erf at -14.6
   -155.1 / -151.2, gelu_tanh at -11 -158.9 / -154.1, gelu_sigmoid at -65
   -153.6 / -152.8, silu at -110 -151.9 / -151.9); swish_tanh -inf only.
   -inf is inside (f = -0, f' = -0). */
GPUACT__FN float gpuact__h_zf(int op, int fmt) {
    if (fmt == GPUACT__FMT_BF16) return op == GPUACT_OP_SWISH_TANH ? -3.40282347e38f : -gpuact__tt_k(op, 14.6f, 11.0f, 65.0f, 110.0f);
    return op == GPUACT_OP_GELU_ERF ? -8.0f : op == GPUACT_OP_GELU_TANH ? -6.0f : op == GPUACT_OP_GELU_SIGMOID ? -12.5f
         : op == GPUACT_OP_SILU ? -22.0f : -21.0f;
}
GPUACT__FN float gpuact__h_zg(int op, int fmt) {
    if (fmt == GPUACT__FMT_BF16) return gpuact__h_zf(op, fmt);
    return op == GPUACT_OP_GELU_ERF ? -8.0f : op == GPUACT_OP_GELU_TANH ? -7.0f : op == GPUACT_OP_GELU_SIGMOID ? -20.0f
         : -3.40282347e38f; /* silu, swish_tanh: none */
}
/* the tails apply to 16-bit results of the table ops (swish_tanh: s = 1/2,
   which its table configurations have) */
GPUACT__FN int gpuact__h_ztail(int op, float x, float z) {
    return (op != GPUACT_OP_ELU) & (op != GPUACT_OP_SELU) & (x < z);
}
/* the dy that the zero tail of dy f' takes: finite (binary16), below 2^15 (bfloat16) */
GPUACT__FN int gpuact__h_zdy(float dy, int fmt) {
    return gpuact__absv(dy) <= (fmt == GPUACT__FMT_BF16 ? 32767.0f : 3.40282347e38f);
}
/* The tier's functions: 1 and RN16 of f, f' or dy f' into *y (its bits
   into *bits), or 0. sub: binary16 results below 2^-14 as well
   (gpuact__h_rn_sub; dy f' always); without it only normal ones. */
GPUACT__FN int gpuact__h_fwd_t(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int compact, int fmt, int sub, int tails, float *y, uint32_t *bits) {
    float v, err;
    const int in = gpuact__h_fwd_vt(op, x, c, tab, compact, tails, &v, &err);
    /* else |x| Q(xneg) <= |f| <= |x|, and 2^-123 <= |f| in the tails */
    const int edge = op == GPUACT_OP_ELU || op == GPUACT_OP_SELU;
    const int ok = in & (sub ? gpuact__h_rn_sub(v, err, fmt, edge, y, bits) : gpuact__h_rn(v, err, fmt, edge, y, bits));
    const int z = (tails || fmt == GPUACT__FMT_F16) && gpuact__h_ztail(op, x, gpuact__h_zf(op, fmt));
    if (z) { *y = -0.0f; *bits = 0x8000u; }
    return ok | z;
}
GPUACT__FN int gpuact__h_grad_t(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int compact, int fmt, int sub, int tails, float *y, uint32_t *bits) {
    float g, err;
    const int in = gpuact__h_grad_vt(op, x, c, tab, compact, tails, &g, &err);
    const int ok = sub ? gpuact__h_rn_sub(g, err, fmt, 1, y, bits) : gpuact__h_rn(g, err, fmt, 1, y, bits);
    const int z = (tails || fmt == GPUACT__FMT_F16) && gpuact__h_ztail(op, x, gpuact__h_zg(op, fmt));
    if (in == 2) { *y = 0.0f; *bits = 0u; }
    if (z) { *y = -0.0f; *bits = 0x8000u; }
    return (in & ok) | (in >> 1) | z;
}
/* dy f'(x): the product's rounding (2^-24) taken into err with room */
GPUACT__FN int gpuact__h_bwd_t(int op, float x, float dy, const gpuact_cfg *c, const uint32_t *tab, int compact, int fmt, int tails, float *y, uint32_t *bits) {
    float g, err;
    const int in = gpuact__h_grad_vt(op, x, c, tab, compact, tails, &g, &err);
    const float p = gpuact__mul(dy, g);
    /* binary16 products below 2^-14 too: the tails of f' (gelu_erf's
       x in [-8, -4]) and small dy put up to a fifth of the bench's mix data
       there, each one a call of the rest of the chain where this tier
       rejected it */
    const int ok = gpuact__h_rn_sub(p, gpuact__fma(gpuact__absv(p), 1.2e-7f, gpuact__mul(gpuact__absv(dy), err)), fmt, 1, y, bits);
    const int fin = gpuact__absv(dy) <= 3.40282347e38f;
    const int z = (tails || fmt == GPUACT__FMT_F16) && (gpuact__h_ztail(op, x, gpuact__h_zg(op, fmt)) & gpuact__h_zdy(dy, fmt));
    if (in == 2 || z) { /* dy times +0 (the clamp) or times a negative f' that rounds to -0 */
        *y = gpuact__mul(dy, z ? -0.0f : 0.0f);
        *bits = (gpuact__f2u(*y) >> 16) & 0x8000u;
    }
    return (in & ok) | ((in >> 1) & fin) | z;
}
/* without the tails: the host's chain, and the kernels' loop (which
   retries its rejected inputs past the rows, gpuact__h_far, with them) */
GPUACT__FN int gpuact__h_fwd(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int compact, int fmt, int sub, float *y, uint32_t *bits) {
    return gpuact__h_fwd_t(op, x, c, tab, compact, fmt, sub, 0, y, bits);
}
GPUACT__FN int gpuact__h_grad(int op, float x, const gpuact_cfg *c, const uint32_t *tab, int compact, int fmt, int sub, float *y, uint32_t *bits) {
    return gpuact__h_grad_t(op, x, c, tab, compact, fmt, sub, 0, y, bits);
}
GPUACT__FN int gpuact__h_bwd(int op, float x, float dy, const gpuact_cfg *c, const uint32_t *tab, int compact, int fmt, float *y, uint32_t *bits) {
    return gpuact__h_bwd_t(op, x, dy, c, tab, compact, fmt, 0, y, bits);
}

/* == 8.4 The fast tier == */
/* f(x) in fp32 by the fast tier: 1 and *y = RN(f(x)), or 0. */
GPUACT__FN int gpuact__fast_fwd(int op, float x, const gpuact_cfg *c, int fmt, float *y) {
    switch (op) {
    /* silu and gelu_sigmoid: |f| > 2^-87 in the fast range (the smallest
       at its negative end: 64 sigma(-64) = 2^-86.3, 37.5 sigma(-63.8) =
       2^-86.8; near 0, |x| / 2 >= 2^-41), so the 2^-88 test is left out */
    case GPUACT_OP_SILU: return gpuact__silu_fast_fwd(x, fmt, y);
    case GPUACT_OP_GELU_SIGMOID: return gpuact__gelu_sig_fast_fwd(x, fmt, y);
    case GPUACT_OP_GELU_ERF: return gpuact__gelu_erf_fast_fwd(x, fmt, y);
    case GPUACT_OP_GELU_TANH: return gpuact__gelu_tanh_fast_fwd(x, fmt, y);
    case GPUACT_OP_ELU:
    case GPUACT_OP_SELU: return gpuact__fast_elu_fwd(op, x, c, fmt, y);
    case GPUACT_OP_SWISH_TANH: return gpuact__fast_range(op, 0, x) & gpuact__fast_st_fwd(x, c, fmt, y);
    default: return 0;
    }
}
/* f'(x) as a df and its absolute error bound, for the ops and ranges the
   fast tier covers; 0 elsewhere; GPUACT__ST_CLAMPED (swish_tanh) where
   f'(x) is +0 exactly (*g = 0, *err = 0). */
GPUACT__FN int gpuact__fast_grad_df(int op, float x, const gpuact_cfg *c, gpuact__df *g, float *err) {
    switch (op) {
    case GPUACT_OP_SILU: *g = gpuact__silu_fast_grad(x, err); return gpuact__fast_range(op, 1, x);
    case GPUACT_OP_GELU_SIGMOID: *g = gpuact__gelu_sig_fast_grad(x, err); return gpuact__fast_range(op, 1, x);
    case GPUACT_OP_GELU_ERF: *g = gpuact__gelu_erf_fast_grad(x, err); return gpuact__fast_range(op, 1, x);
    case GPUACT_OP_GELU_TANH: *g = gpuact__gelu_tanh_fast_grad(x, err); return gpuact__fast_range(op, 1, x);
    case GPUACT_OP_ELU:
    case GPUACT_OP_SELU: return gpuact__elu_fast_grad(op, x, c, gpuact__fast_range(op, 1, x), g, err);
    case GPUACT_OP_SWISH_TANH: return gpuact__fast_range(op, 1, x) * gpuact__fast_st_grad_df(x, c, g, err);
    default: return 0;
    }
}
/* (computed whole, then rejected: no branch between the two). An exact +0
   (GPUACT__ST_CLAMPED) is taken as it is: f' = +0, dy f' = dy * +0 for
   finite dy (the full path's NaN for infinite dy stays its own). */
GPUACT__FN int gpuact__fast_grad(int op, float x, const gpuact_cfg *c, int fmt, float *y) {
    gpuact__df g = gpuact__df_make(0.0f, 0.0f);
    float err = 0.0f;
    const int in = gpuact__fast_grad_df(op, x, c, &g, &err);
    const int ok = gpuact__fast_rn(g.h, g.l, err, fmt, y);
    if (in == GPUACT__ST_CLAMPED) *y = 0.0f;
    return (in & ok) | (in >> 1);
}
GPUACT__FN int gpuact__fast_bwd(int op, float x, float dy, const gpuact_cfg *c, int fmt, float *y) {
    gpuact__df g = gpuact__df_make(0.0f, 0.0f);
    float err = 0.0f;
    const int in = gpuact__fast_grad_df(op, x, c, &g, &err);
    const int ok = gpuact__fast_scale(dy, g, err, fmt, y);
    if (in == GPUACT__ST_CLAMPED) *y = gpuact__mul(dy, 0.0f);
    return (in & ok) | ((in >> 1) & (gpuact__absv(dy) <= 3.40282347e38f));
}

/* == 8.5 The full path == */
/* Forward, unrounded. */
GPUACT__FN gpuact__xf gpuact__forward_xf(int op, float x, const gpuact_cfg *c) {
    if (gpuact__isnan(x)) return gpuact__xf_f(GPUACT__NAN);
    switch (op) {
    case GPUACT_OP_GELU_ERF:
    case GPUACT_OP_GELU_TANH:
    case GPUACT_OP_GELU_SIGMOID:
    case GPUACT_OP_SILU:
        if (gpuact__abs(x) < GPUACT__TINY_HALF) { /* x/2 + c2 x^2, c2 > 0 */
            gpuact__xf r = gpuact__xf_mulf(gpuact__xf_f(1.0f), x);
            r.e -= 1;
            return gpuact__tiny_tie(r, 0);
        }
        if (op == GPUACT_OP_GELU_ERF) return gpuact__gelu_erf_f(x);
        if (op == GPUACT_OP_GELU_TANH) return gpuact__gelu_tanh_f(x);
        if (op == GPUACT_OP_GELU_SIGMOID) return gpuact__gelu_sig_f(x);
        return gpuact__silu_f(x);
    case GPUACT_OP_ELU: return gpuact__elu_f(x, c->alpha);
    case GPUACT_OP_SELU: return gpuact__selu_f(x);
    case GPUACT_OP_SWISH_TANH: return gpuact__swish_tanh_f(x, c);
    default: return gpuact__xf_f(GPUACT__NAN);
    }
}

/* Derivative f'(x), unrounded, before the tiny-x side (below). */
GPUACT__FN gpuact__xf gpuact__grad_xf0(int op, float x, const gpuact_cfg *c, int tail) {
    if (gpuact__isnan(x)) return gpuact__xf_f(GPUACT__NAN);
    switch (op) {
    case GPUACT_OP_GELU_ERF: return gpuact__gelu_erf_d(x);
    case GPUACT_OP_GELU_TANH: return gpuact__gelu_tanh_d(x);
    case GPUACT_OP_GELU_SIGMOID: return gpuact__gelu_sig_d(x);
    case GPUACT_OP_SILU: return gpuact__silu_d(x);
    case GPUACT_OP_ELU: return gpuact__elu_d(x, c->alpha);
    case GPUACT_OP_SELU: return gpuact__selu_d(x);
    case GPUACT_OP_SWISH_TANH: return gpuact__swish_tanh_d_t(x, c, tail);
    default: return gpuact__xf_f(GPUACT__NAN);
    }
}

/* Derivative f'(x), unrounded. Near 0, f'(x) = f'(0) (1 + c x) with c > 0 for
   every op (swish_tanh: s/2 (1 + x)); below |x| = 2^-60 the double-float can't
   hold c x next to f'(0), but its side still decides ties of dy f'(x). */
GPUACT__FN gpuact__xf gpuact__grad_xf_t(int op, float x, const gpuact_cfg *c, int tail) {
    if ((op == GPUACT_OP_GELU_ERF || op == GPUACT_OP_GELU_TANH || op == GPUACT_OP_GELU_SIGMOID || op == GPUACT_OP_SILU) &&
        gpuact__abs(x) < GPUACT__TINY_HALF && x != 0.0f) /* 1/2 + 2 c2 x: GPUACT__TINY_HALF */
        return gpuact__tiny_tie(gpuact__xf_f(0.5f), x < 0.0f);
    gpuact__xf g = gpuact__grad_xf0(op, x, c, tail);
    if (gpuact__abs(x) < GPUACT__TINY && x != 0.0f && g.l == 0.0f &&
        !((op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) && x > 0.0f))
        g = gpuact__tiny_tie(g, (g.h < 0.0f) != (x < 0.0f));
    return g;
}
/* tail: gpuact__swish_tanh_d_t's (a constant; 1 for the gated da) */
GPUACT__FN gpuact__xf gpuact__grad_xf(int op, float x, const gpuact_cfg *c) { return gpuact__grad_xf_t(op, x, c, 0); }

/* == 9 Tier chain and public scalar functions == */
/* ---------------------------------------------------------------------------
   Public scalar functions. NaN in -> the canonical quiet NaN out (0x7fc00000,
   0x7e00, 0x7fc0); see the table in gpuact.h for infinities and zeros.
   ------------------------------------------------------------------------ */
GPUACT__FN gpuact_cfg gpuact_cfg_default(void) {
    gpuact_cfg c;
    c.alpha = 1.0f; c.scale = 0.5f; c.lo = -1.0f; c.hi = 1.0f; c.mode = GPUACT_MODE_ACCURATE;
    return c;
}
/* The tier chain: f(x) (dir GPUACT__CHAIN_FWD), f'(x) (_GRAD) or dy f'(x)
   (_BWD) rounded to fmt by the 16-bit tier (fp16 and bf16 results), the
   table tier, the fast tier and the full path, each where it applies and
   the one before rejected. skip leaves out tiers that have just rejected x
   (GPUACT__SKIP_*, a mask; the kernels run one tier in their loop and the
   chain for what it rejects); as every accepted result is the correctly
   rounded one, all give the same results. dir and skip are constants at
   every call, so each caller compiles to its own straight chain. */
#define GPUACT__CHAIN_FWD 0
#define GPUACT__CHAIN_GRAD 1
#define GPUACT__CHAIN_BWD 2
#define GPUACT__SKIP_NONE 0
#define GPUACT__SKIP_TT 1
#define GPUACT__SKIP_FAST 2
#define GPUACT__SKIP_H16 4
/* dy f'(x) by the full path alone */
GPUACT__FN float gpuact__bwd_full_fmt(int op, float x, float dy, const gpuact_cfg *c, int fmt) {
    if (gpuact__isnan(dy)) return GPUACT__NAN;
    return gpuact__round(gpuact__xf_mulf(gpuact__grad_xf(op, x, c), dy), fmt);
}
GPUACT__FN float gpuact__chain(int dir, int skip, int op, float x, float dy, const gpuact_cfg *c, int fmt) {
    float y;
    uint32_t hb;
    if (!(skip & GPUACT__SKIP_H16) && fmt != GPUACT__FMT_F32 && gpuact__h_takes(op, dir != GPUACT__CHAIN_FWD, x, c) &&
        (dir == GPUACT__CHAIN_FWD    ? gpuact__h_fwd(op, x, c, gpuact__tt_tab(op, 0), 0, fmt, 1, &y, &hb)
         : dir == GPUACT__CHAIN_GRAD ? gpuact__h_grad(op, x, c, gpuact__tt_tab(op, 1), 0, fmt, 1, &y, &hb)
                                     : gpuact__h_bwd(op, x, dy, c, gpuact__tt_tab(op, 1), 0, fmt, &y, &hb)))
        return y;
    if (!(skip & GPUACT__SKIP_TT) && gpuact__tt_takes(op, x, c) &&
        (dir == GPUACT__CHAIN_FWD    ? gpuact__tt_fwd(op, x, c, gpuact__tt_tab(op, 0), fmt, &y)
         : dir == GPUACT__CHAIN_GRAD ? gpuact__tt_grad(op, x, c, gpuact__tt_tab(op, 1), fmt, &y)
                                     : gpuact__tt_bwd(op, x, dy, c, gpuact__tt_tab(op, 1), fmt, &y)))
        return y;
    if (!(skip & GPUACT__SKIP_FAST) && gpuact__fast_range(op, dir != GPUACT__CHAIN_FWD, x) &&
        (dir == GPUACT__CHAIN_FWD    ? gpuact__fast_fwd(op, x, c, fmt, &y)
         : dir == GPUACT__CHAIN_GRAD ? gpuact__fast_grad(op, x, c, fmt, &y)
                                     : gpuact__fast_bwd(op, x, dy, c, fmt, &y)))
        return y;
    if (dir == GPUACT__CHAIN_FWD) return gpuact__round(gpuact__forward_xf(op, x, c), fmt);
    if (dir == GPUACT__CHAIN_GRAD) return gpuact__round(gpuact__grad_xf(op, x, c), fmt);
    return gpuact__bwd_full_fmt(op, x, dy, c, fmt);
}
/* the chain by name, as the kernels call it: _fmt all three tiers, _after_tt
   the fast tier and the full path, _after_fast the table tier and the full path */
GPUACT__FN float gpuact__fwd_fmt(int op, float x, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_FWD, GPUACT__SKIP_NONE, op, x, 0.0f, c, fmt);
}
GPUACT__FN float gpuact__fwd_after_tt(int op, float x, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_FWD, GPUACT__SKIP_TT, op, x, 0.0f, c, fmt);
}
GPUACT__FN float gpuact__fwd_after_fast(int op, float x, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_FWD, GPUACT__SKIP_FAST, op, x, 0.0f, c, fmt);
}
GPUACT__FN float gpuact__grad_fmt(int op, float x, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_GRAD, GPUACT__SKIP_NONE, op, x, 0.0f, c, fmt);
}
GPUACT__FN float gpuact__grad_after_tt(int op, float x, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_GRAD, GPUACT__SKIP_TT, op, x, 0.0f, c, fmt);
}
GPUACT__FN float gpuact__grad_after_fast(int op, float x, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_GRAD, GPUACT__SKIP_FAST, op, x, 0.0f, c, fmt);
}
GPUACT__FN float gpuact__bwd_fmt(int op, float x, float dy, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_BWD, GPUACT__SKIP_NONE, op, x, dy, c, fmt);
}
GPUACT__FN float gpuact__bwd_after_tt(int op, float x, float dy, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_BWD, GPUACT__SKIP_TT, op, x, dy, c, fmt);
}
GPUACT__FN float gpuact__bwd_after_fast(int op, float x, float dy, const gpuact_cfg *c, int fmt) {
    return gpuact__chain(GPUACT__CHAIN_BWD, GPUACT__SKIP_FAST, op, x, dy, c, fmt);
}
/* f(x), f'(x) and dy f'(x) in fp32, each rounded once */
GPUACT__FN float gpuact_forward_f32(gpuact_op op, float x, const gpuact_cfg *c) {
    return gpuact__fwd_fmt((int)op, x, c, GPUACT__FMT_F32);
}
GPUACT__FN float gpuact_grad_f32(gpuact_op op, float x, const gpuact_cfg *c) {
    return gpuact__grad_fmt((int)op, x, c, GPUACT__FMT_F32);
}
GPUACT__FN float gpuact_backward_f32(gpuact_op op, float x, float dy, const gpuact_cfg *c) {
    return gpuact__bwd_fmt((int)op, x, dy, c, GPUACT__FMT_F32);
}
/* elu/selu backward from the output y (PyTorch's in-place form):
   dx = dy (y + alpha lambda) where y <= 0, dy lambda elsewhere (lambda = 1 for elu). */
GPUACT__FN float gpuact__bwd_out_fmt(int op, float y, float dy, const gpuact_cfg *c, int fmt) {
    if (gpuact__isnan(dy) || gpuact__isnan(y)) return GPUACT__NAN;
    gpuact__df lam = op == GPUACT_OP_SELU ? GPUACT__SELU_L : gpuact__df_make(1.0f, 0.0f);
    gpuact__df d;
    if (y > 0.0f) d = lam;
    else if (gpuact__isinf(y)) d = gpuact__df_make(y, 0.0f);
    else if (op == GPUACT_OP_SELU) /* y + lambda alpha cancels near y = -lambda alpha: triple-float constant */
        d = gpuact__dd_addf(gpuact__dd_addf(GPUACT__SELU_LA, y), GPUACT__K(GPUACT__C_SELU_LA_LL));
    else /* the larger first: fast2sum's s - a is exact, so it cannot overflow (alpha = FLT_MAX: K11; y = -FLT_MAX: K20) */
        d = gpuact__abs(c->alpha) >= gpuact__abs(y) ? gpuact__fast2sum(c->alpha, y) : gpuact__fast2sum(y, c->alpha);
    return gpuact__round(gpuact__xf_mulf(gpuact__xf_make(d, 0), dy), fmt);
}
GPUACT__FN float gpuact_backward_from_output_f32(gpuact_op op, float y, float dy, const gpuact_cfg *c) {
    return gpuact__bwd_out_fmt((int)op, y, dy, c, GPUACT__FMT_F32);
}
/* the same through bit patterns of binary16 (f16) and bfloat16 (bf16) */
GPUACT__FN uint16_t gpuact_forward_f16(gpuact_op op, uint16_t x, const gpuact_cfg *c) {
    return gpuact__f32_to_f16_exact(gpuact__fwd_fmt((int)op, gpuact_f16_to_f32(x), c, GPUACT__FMT_F16));
}
GPUACT__FN uint16_t gpuact_grad_f16(gpuact_op op, uint16_t x, const gpuact_cfg *c) {
    return gpuact__f32_to_f16_exact(gpuact__grad_fmt((int)op, gpuact_f16_to_f32(x), c, GPUACT__FMT_F16));
}
GPUACT__FN uint16_t gpuact_backward_f16(gpuact_op op, uint16_t x, uint16_t dy, const gpuact_cfg *c) {
    return gpuact__f32_to_f16_exact(gpuact__bwd_fmt((int)op, gpuact_f16_to_f32(x), gpuact_f16_to_f32(dy), c, GPUACT__FMT_F16));
}
GPUACT__FN uint16_t gpuact_backward_from_output_f16(gpuact_op op, uint16_t y, uint16_t dy, const gpuact_cfg *c) {
    return gpuact__f32_to_f16_exact(gpuact__bwd_out_fmt((int)op, gpuact_f16_to_f32(y), gpuact_f16_to_f32(dy), c, GPUACT__FMT_F16));
}
GPUACT__FN uint16_t gpuact_forward_bf16(gpuact_op op, uint16_t x, const gpuact_cfg *c) {
    return gpuact__f32_to_bf16_exact(gpuact__fwd_fmt((int)op, gpuact_bf16_to_f32(x), c, GPUACT__FMT_BF16));
}
GPUACT__FN uint16_t gpuact_grad_bf16(gpuact_op op, uint16_t x, const gpuact_cfg *c) {
    return gpuact__f32_to_bf16_exact(gpuact__grad_fmt((int)op, gpuact_bf16_to_f32(x), c, GPUACT__FMT_BF16));
}
GPUACT__FN uint16_t gpuact_backward_bf16(gpuact_op op, uint16_t x, uint16_t dy, const gpuact_cfg *c) {
    return gpuact__f32_to_bf16_exact(gpuact__bwd_fmt((int)op, gpuact_bf16_to_f32(x), gpuact_bf16_to_f32(dy), c, GPUACT__FMT_BF16));
}
GPUACT__FN uint16_t gpuact_backward_from_output_bf16(gpuact_op op, uint16_t y, uint16_t dy, const gpuact_cfg *c) {
    return gpuact__f32_to_bf16_exact(gpuact__bwd_out_fmt((int)op, gpuact_bf16_to_f32(y), gpuact_bf16_to_f32(dy), c, GPUACT__FMT_BF16));
}

/* Named fp32 shorthands with the default parameters (alpha 1, s 1/2, [-1, 1]). */
#define GPUACT__NAMED(name, OP)                                                                              \
    GPUACT__FN float gpuact_##name(float x) { gpuact_cfg c = gpuact_cfg_default(); return gpuact_forward_f32(OP, x, &c); } \
    GPUACT__FN float gpuact_##name##_grad(float x) { gpuact_cfg c = gpuact_cfg_default(); return gpuact_grad_f32(OP, x, &c); }
GPUACT__NAMED(gelu_erf, GPUACT_OP_GELU_ERF)
GPUACT__NAMED(gelu_tanh, GPUACT_OP_GELU_TANH)
GPUACT__NAMED(gelu_sigmoid, GPUACT_OP_GELU_SIGMOID)
GPUACT__NAMED(selu, GPUACT_OP_SELU)
GPUACT__NAMED(silu, GPUACT_OP_SILU)
#undef GPUACT__NAMED
GPUACT__FN float gpuact_elu(float x, float alpha) { gpuact_cfg c = gpuact_cfg_default(); c.alpha = alpha; return gpuact_forward_f32(GPUACT_OP_ELU, x, &c); }
GPUACT__FN float gpuact_elu_grad(float x, float alpha) { gpuact_cfg c = gpuact_cfg_default(); c.alpha = alpha; return gpuact_grad_f32(GPUACT_OP_ELU, x, &c); }
GPUACT__FN float gpuact_swish_tanh(float x, float s, float lo, float hi) {
    gpuact_cfg c; c.alpha = 1.0f; c.scale = s; c.lo = lo; c.hi = hi; c.mode = GPUACT_MODE_ACCURATE;
    return gpuact_forward_f32(GPUACT_OP_SWISH_TANH, x, &c);
}
GPUACT__FN float gpuact_swish_tanh_grad(float x, float s, float lo, float hi) {
    gpuact_cfg c; c.alpha = 1.0f; c.scale = s; c.lo = lo; c.hi = hi; c.mode = GPUACT_MODE_ACCURATE;
    return gpuact_grad_f32(GPUACT_OP_SWISH_TANH, x, &c);
}

/* == 9.0 The 16-bit backward from a table of f' == */
/* ---------------------------------------------------------------------------
   dy f'(x) rounded to bfloat16 or binary16 from G, the op's fp32 f' at
   each 16-bit x of a window: bfloat16 |x| in [2^-16, 2^8) (3072
   magnitudes, both signs: 24 KB), binary16 |x| in [2^-6, 2^4) (10240: 80
   KB). The 16-bit backward and forward+backward kernels read it from
   shared memory where a table is built for the call's parameters (section
   10.2); an element is then a load, a product and a test where the 16-bit
   tier spends about fifty instructions. The rest goes to the tiers as
   before.
   p = dy G, one fp32 rounding. Where G is normal, G is the full path's
   fp32 f' (within 0.5 + 2^-12 ulp), so |dy| |G - f'| <= 0.51 |dy G| 2^-23
   < 1.03 ulp(p) and |p - dy f'| < 1.53 ulp(p) (p subnormal: ulp 2^-149 and
   the same bound). No 16-bit rounding midpoint lies between p and dy f'
   when p's bits below the 16-bit point are 3 or more ulps from the
   midpoint's (bfloat16: the low 16 bits against 0x8000; binary16, in its
   normal range: the low 13 against 0x1000): RN16(p) is then RN16(dy f'),
   p's bits rounded at the 16-bit point (not a tie), carrying into the
   exponent and to inf as RN does. A p of +-0 is RN16's zero (dy zero, a
   zero entry, or |dy G| below 2^-150). Rejected: p within 2 ulps of a
   midpoint, p inf or NaN (a product past FLT_MAX, dy inf or NaN, a NaN
   entry), a binary16 p outside [2^-14, 65504] but zero, x outside the
   window (NaN and inf are).
   Entries where the full path's fp32 f' is not normal: the signed zero
   RN16(M f'), M the format's largest finite value, when it is zero (every
   dy f' rounds to zero then, with the sign of dy f', as dy times that zero:
   swish_tanh's clamped x, where f' = 0; far tails), else NaN (such x go to
   the tiers). */
#define GPUACT__GT_N_BF16 0x1800u /* bfloat16: 2 x 3072 magnitudes, |x| in [2^-16, 2^8) */
#define GPUACT__GT_N_F16 0x5000u  /* binary16: 2 x 10240 magnitudes, |x| in [2^-6, 2^4) */
#define GPUACT__GT_N(fmt) ((fmt) == GPUACT__FMT_BF16 ? GPUACT__GT_N_BF16 : GPUACT__GT_N_F16)
/* the window of fmt: the bits of its least magnitude */
GPUACT__FN uint32_t gpuact__gt_lo(int fmt) { return fmt == GPUACT__FMT_BF16 ? 0x3780u : 0x2400u; }
/* the entry from g, the full path's fp32 f'(x), and z, the format's
   correctly rounded dy f'(x) at its largest dy */
GPUACT__FN float gpuact__gt_entry(float g, float z) {
    const float a = gpuact__absv(g);
    if (a >= 1.17549435e-38f && a <= 3.40282347e38f) return g;
    return z == 0.0f ? z : GPUACT__NAN;
}
/* 16-bit bits b's entry (positive x first); 0 where b is outside the window */
GPUACT__FN int gpuact__gt_index(uint32_t b, int fmt, uint32_t *i) {
    const uint32_t span = GPUACT__GT_N(fmt) / 2u, m = (b & 0x7fffu) - gpuact__gt_lo(fmt);
    const int in = m < span;
    *i = in ? m + (b >> 15) * span : 0u;
    return in;
}
/* RN16 of p = dy G: 1 and its bits, or 0 (above). bfloat16: p's bits
   rounded at bit 16, its low 16 bits 3 or more from 0x8000, p finite.
   binary16: |p| in its normal range [2^-14, 65504], p's low 13 bits 3 or
   more from 0x1000 (the midpoint's), the bits rounded at bit 13 and
   rebiased; or p = +-0 (dy zero, a zero entry, or |dy G| under 2^-150:
   RN16 is then that zero). */
GPUACT__FN int gpuact__gt_round(float p, int fmt, uint32_t *bits) {
    const uint32_t u = gpuact__f2u(p);
    if (fmt == GPUACT__FMT_BF16) {
        *bits = (u + 0x8000u) >> 16;
        return (((u - 0x7ffeu) & 0xffffu) > 4u) & ((u & 0x7f800000u) != 0x7f800000u);
    }
    const uint32_t a = u & 0x7fffffffu, s = (u >> 16) & 0x8000u;
    *bits = a == 0u ? s : s | (((a + 0x1000u) >> 13) - 0x1c000u);
    return (a == 0u) | ((a - 0x38800000u <= 0x0effe000u) & (((u - 0x0ffeu) & 0x1fffu) > 4u));
}
/* dy f'(x) for 16-bit bits xb and dy (the float of the format's bits) from
   the table tab: 1 and its bits, or 0 */
GPUACT__FN int gpuact__gt_bwd(const float *tab, uint32_t xb, float dy, int fmt, uint32_t *bits) {
    uint32_t i;
    const int in = gpuact__gt_index(xb, fmt, &i);
    return gpuact__gt_round(gpuact__mul(dy, tab[i]), fmt, bits) & in;
}
/* the format's float of bits b */
GPUACT__FN float gpuact__gt_x(uint32_t b, int fmt) {
    return fmt == GPUACT__FMT_BF16 ? gpuact_bf16_to_f32((uint16_t)b) : gpuact_f16_to_f32((uint16_t)b);
}
/* entry i, as the device's build kernel computes it: g from the full path
   alone (within 0.5 + 2^-12 ulp), which is cheaper to build than the chain */
GPUACT__FN float gpuact__gt_entry_at(int op, uint32_t i, const gpuact_cfg *c, int fmt) {
    const uint32_t span = GPUACT__GT_N(fmt) / 2u, b = gpuact__gt_lo(fmt) + i % span + (i / span) * 0x8000u;
    const float x = gpuact__gt_x(b, fmt);
    return gpuact__gt_entry(gpuact__round(gpuact__grad_xf(op, x, c), GPUACT__FMT_F32),
                            gpuact__bwd_fmt(op, x, gpuact__gt_x(fmt == GPUACT__FMT_BF16 ? 0x7f7fu : 0x7bffu, fmt), c, fmt));
}

/* == 9.1 Fast mode == */
/* ---------------------------------------------------------------------------
   Fast mode (cfg->mode == GPUACT_MODE_FAST): short fp32 evaluations with a
   stated error, for kernels where every instruction counts (a GEMM
   epilogue). Accurate mode (the tiers above) is untouched by it.

   The portable model of the device arithmetic: the code below uses only
   fp32 operations that are exact IEEE operations and give the same bits on
   the host and on the GPU: fma (gpuact__fma), products that may not be
   contracted (gpuact__mul, as in 4.1), +, -, comparisons and integer/bit
   operations. No division (reciprocals are a quadratic seed or a bit-trick
   seed refined by Newton steps in fma), no libm, no CUDA intrinsic and no
   approximate instruction (tanh.approx, ex2.approx, rcp.approx). The same
   GPUACT_HD code therefore runs on both sides and the CPU tests and fuzzers
   check the device's fast-mode results bit for bit.

   Bounds (tests/accuracy/fast_error.c asserts them, against accurate mode,
   which is within 0.501 ULP of MPFR): fp32 f and f' within 2^-16 relative
   wherever the accurate result is a normal float; where it is subnormal or
   zero, within 2^-142 (= 2^-16 2^-126) absolute, zeros keeping their sign
   where the accurate result is an exact +-0 of the special-value table.
   fp16 and bf16: the entry points give accurate mode's results, correctly
   rounded (GPUACT__FM_OWN, below, says where and why). Backward dy f'(x):
   f'(x) in fp32, the exact product with dy rounded once; where the fp32 f'
   is subnormal or zero, it is formed again as P 2^N and multiplied before
   the rounding (gpuact__fm_bwd_tail), so a large |dy| keeps the bound.
   Measured maxima: docs/ACCURACY.md ("Fast mode") and the table below.

   Special values exactly as accurate mode: NaN -> canonical quiet NaN,
   the limits at +-inf (inputs are clamped where the result has already
   rounded to its limit, so no x^3, x^2 or exp overflows), signs of zeros,
   elu/selu's alpha and swish_tanh's s, lo, hi rules; a result (f, f',
   dy f', dx from y) within fast mode's error of the format's overflow
   threshold is accurate mode's (gpuact__fm_near_ovf: +-inf and the largest
   finite value exactly where accurate mode has them); so is swish_tanh's
   where the fast w cannot decide a clamp's side or a zero's sign (its
   gate within 2^-17 of a bound, x = +-inf, a subnormal
   silu or sech^2 times |s| > 1: gpuact__fm_st_edge).

   Pieces: e^z as p 2^n (n = rint(z log2 e), r = z - n ln2 in two fma,
   e^r - 1 = r P(r), P of degree 4, 2^-20.9); 1/d on [1, 2] (quadratic seed,
   two Newton steps); sigma(z) = q = 1/(1 + e^-|z|) for z >= 0 and
   p q 2^n for z < 0 (no 1 - sigma cancels: 1 - sigma(z) is the other one);
   x sigma(z) as one product scaled once by 2^n (gpuact__ldexp, so a
   subnormal result is rounded once). Every f' of the gelu family and silu
   has a zero on the negative side (x near -0.75, silu at -1.2785), where
   sigma (1 + z (1 - sigma)) cancels: within 0.25 of it f' = d H(d), d the
   distance to the zero in two floats, H of degree 5 (2^-23).

   Cost: SASS instructions (static count without NOPs, sm_90, nvcc 13.0 -O3
   -cubin, of a kernel out[i] = f(in[i]) with its load, store, indexing and
   EXIT, 14 for a copy, and the rarely taken subnormal-scaling branches),
   fp32 fast / accurate:
     gelu_erf 84 / 721, f' 95 / 775;   gelu_tanh 87 / 762, f' 106 / 990;
     gelu_sigmoid 75 / 727, f' 94 / 824;   elu 46 / 647, f' 80 / 490;
     selu 45 / 558, f' 77 / 343;   silu 72 / 778, f' 88 / 846;
     swish_tanh 126, f' 221 (accurate: calls, not counted).
   Measured error (tests/accuracy/fast_error.c, CPU, sampled fp32), log2 of
   the max relative error, f / f': gelu_erf -19.6 / -19.2, gelu_tanh -18.8 /
   -18.7, gelu_sigmoid -21.3 / -20.6, elu -20.7 / -21.9, selu -20.6 / -21.7,
   silu -21.4 / -20.6, swish_tanh -19.9 / -20.4 (s = 2, [-1/2, inf]: f' -17.6);
   fp32 dy f' with |dy| up to 2^120: at most 2^-17.6 (gelu_tanh, swish_tanh),
   before gpuact__fm_bwd_tail 1 (all bits lost).
   ------------------------------------------------------------------------ */
/* Accurate mode's results, for the rare inputs fast mode hands to it (a
   result near the overflow threshold, swish_tanh's clamp edges, ...): out
   of line on the device, where inlined at each of those places they
   tripled the fast-mode kernels' code and build time (silu alone: 8.8 s ->
   28.5 s, 1.9 -> 5.6 MB). The cfg goes by value: a pointer to it gave the
   kernels a stack frame. */
#if defined(__CUDACC__)
#define GPUACT__FN_COLD static __noinline__ GPUACT_HD
#else
#define GPUACT__FN_COLD static inline
#endif
/* Where the entry points (host and device) compute fast mode's own
   functions: fp32 elu, selu and silu. Everywhere else (every op in fp16
   and bf16; gelu_erf, gelu_tanh, gelu_sigmoid and swish_tanh in fp32) fast
   mode's entry points give accurate mode's results, through accurate
   mode's kernels: those ran faster than fast mode's there, in the 16-bit
   backward and forward+backward by up to 15x (fp16 and bf16 at 48-51
   thread instructions an element in accurate mode's 16-bit tier against
   59-91 in fast mode's, swish_tanh's 179 stalled on instruction fetch:
   H200, ncu), in fp32 by up to 14 points of copy (gelu_erf's forward,
   H200; swish_tanh's backward 4x), and their 16-bit forwards tie (the
   tables): bench/results/2026-11-29-h200-fast-cells. The choice is per op
   and format, the same for every direction, so forward+backward stays the
   separate calls' bits. The
   scalar functions (gpuact_gelu_erf_fast ...) are fast mode's own
   functions for every op. f32: the format is fp32. */
#define GPUACT__FM_OWN(op, f32)                                                                                  \
    ((f32) && ((int)(op) == (int)GPUACT_OP_ELU || (int)(op) == (int)GPUACT_OP_SELU || (int)(op) == (int)GPUACT_OP_SILU))
/* one out-of-line function per op (a kernel then holds its own op's
   accurate mode only), and a switch that folds where op is a constant */
#define GPUACT__FM_ACC_DEF(N)                                                                                       \
    GPUACT__FN_COLD float gpuact__fm_acc_fwd_##N(float x, gpuact_cfg c, int fmt) { return gpuact__fwd_fmt(N, x, &c, fmt); } \
    GPUACT__FN_COLD float gpuact__fm_acc_grad_##N(float x, gpuact_cfg c, int fmt) {                                \
        return gpuact__grad_fmt(N, x, &c, fmt);                                                                     \
    }                                                                                                               \
    GPUACT__FN_COLD float gpuact__fm_acc_bwd_##N(float x, float dy, gpuact_cfg c, int fmt) {                       \
        return gpuact__bwd_fmt(N, x, dy, &c, fmt);                                                                  \
    }
GPUACT__FM_ACC_DEF(1)
GPUACT__FM_ACC_DEF(2)
GPUACT__FM_ACC_DEF(3)
GPUACT__FM_ACC_DEF(4)
GPUACT__FM_ACC_DEF(5)
GPUACT__FM_ACC_DEF(6)
GPUACT__FM_ACC_DEF(7)
#undef GPUACT__FM_ACC_DEF
#define GPUACT__FM_ACC_SWITCH(fn, ...)                                  \
    switch (op) {                                                       \
    case 1: return fn##_1(__VA_ARGS__);                                 \
    case 2: return fn##_2(__VA_ARGS__);                                 \
    case 3: return fn##_3(__VA_ARGS__);                                 \
    case 4: return fn##_4(__VA_ARGS__);                                 \
    case 5: return fn##_5(__VA_ARGS__);                                 \
    case 6: return fn##_6(__VA_ARGS__);                                 \
    default: return fn##_7(__VA_ARGS__);                                \
    }
GPUACT__FN float gpuact__fm_acc_fwd(int op, float x, const gpuact_cfg *c, int fmt) { GPUACT__FM_ACC_SWITCH(gpuact__fm_acc_fwd, x, *c, fmt) }
GPUACT__FN float gpuact__fm_acc_grad(int op, float x, const gpuact_cfg *c, int fmt) { GPUACT__FM_ACC_SWITCH(gpuact__fm_acc_grad, x, *c, fmt) }
GPUACT__FN float gpuact__fm_acc_bwd(int op, float x, float dy, const gpuact_cfg *c, int fmt) {
    GPUACT__FM_ACC_SWITCH(gpuact__fm_acc_bwd, x, dy, *c, fmt)
}
#undef GPUACT__FM_ACC_SWITCH
/* backward from y exists for elu and selu */
GPUACT__FN_COLD float gpuact__fm_acc_bwd_out_4(float y, float dy, gpuact_cfg c, int fmt) { return gpuact__bwd_out_fmt(4, y, dy, &c, fmt); }
GPUACT__FN_COLD float gpuact__fm_acc_bwd_out_5(float y, float dy, gpuact_cfg c, int fmt) { return gpuact__bwd_out_fmt(5, y, dy, &c, fmt); }
GPUACT__FN float gpuact__fm_acc_bwd_out(int op, float y, float dy, const gpuact_cfg *c, int fmt) {
    return op == GPUACT_OP_SELU ? gpuact__fm_acc_bwd_out_5(y, dy, *c, fmt) : gpuact__fm_acc_bwd_out_4(y, dy, *c, fmt);
}
#define GPUACT__FM_LN2_H 0.693145752f   /* 0x3f317200: n ln2_h is exact */
#define GPUACT__FM_LN2_L 1.42860677e-06f
#define GPUACT__FM_L2E 1.44269502f
#define GPUACT__FM_MAGIC 12582912.0f    /* 1.5 2^23: rint by an add */

/* e^(zh + zl) = p 2^n, -350 < zh log2 e < 1, |zl| <= 2^-20 |zh|;
   p = e^r (r = zh - n ln2 + zl, |r| <= 0.3467), *m = e^r - 1 */
GPUACT__FN float gpuact__fm_exp(float zh, float zl, int *n, float *m) {
    const float k = gpuact__fma(zh, GPUACT__FM_L2E, GPUACT__FM_MAGIC);
    const float kf = k - GPUACT__FM_MAGIC;
    float r = gpuact__fma(kf, -GPUACT__FM_LN2_H, zh);
    r = gpuact__fma(kf, -GPUACT__FM_LN2_L, r) + zl;
    float p = gpuact__fma(r, 0.00836334564f, 0.0418768562f); /* (e^r - 1)/r, 2^-20.9 relative */
    p = gpuact__fma(r, p, 0.166665763f);
    p = gpuact__fma(r, p, 0.499993652f);
    p = gpuact__fma(r, p, 1.0f);
    *n = (int)gpuact__f2u(k) - 0x4b400000;
    *m = gpuact__mul(r, p);
    return gpuact__fma(r, p, 1.0f);
}
/* 1/d, 1 <= d <= 2: quadratic seed (2^-6.6), two Newton steps (2^-24) */
GPUACT__FN float gpuact__fm_rcp12(float d) {
    float r = gpuact__fma(gpuact__fma(d, 0.323232323f, -1.45454550f), d, 2.12121201f);
    r = gpuact__fma(r, gpuact__fma(-d, r, 1.0f), r);
    return gpuact__fma(r, gpuact__fma(-d, r, 1.0f), r);
}
/* 1/d, 1 <= d <= 2^126: bit-trick seed (12%), three Newton steps */
GPUACT__FN float gpuact__fm_rcp(float d) {
    float r = gpuact__u2f(0x7ef311c3u - gpuact__f2u(d));
    r = gpuact__fma(r, gpuact__fma(-d, r, 1.0f), r);
    r = gpuact__fma(r, gpuact__fma(-d, r, 1.0f), r);
    return gpuact__fma(r, gpuact__fma(-d, r, 1.0f), r);
}
/* p 2^n as a float for n <= 0, only where it is added to 1 (n < -126:
   p 2^-126, as 1 + that is 1 all the same) */
GPUACT__FN float gpuact__fm_small(float p, int n) { return gpuact__mul(p, gpuact__pow2(n > -126 ? n : -126)); }

/* sigma(z), z = zh + zl, |zh| <= 150: e^-|z| = p 2^n, q = 1/(1 + e^-|z|) */
typedef struct gpuact__fm_sig {
    float p, q, e; /* e = e^-|z| as fm_small */
    int n;
} gpuact__fm_sig;
GPUACT__FN gpuact__fm_sig gpuact__fm_sigmoid(float zh, float zl) {
    gpuact__fm_sig s;
    float m;
    const int neg = zh < 0.0f;
    s.p = gpuact__fm_exp(neg ? zh : -zh, neg ? zl : -zl, &s.n, &m);
    s.e = gpuact__fm_small(s.p, s.n);
    s.q = gpuact__fm_rcp12(1.0f + s.e);
    return s;
}
/* x sigma(z) (x and z of one sign, -0 included): x q, or x p q 2^n */
GPUACT__FN float gpuact__fm_xsig(float x, float zh, float zl) {
    const gpuact__fm_sig s = gpuact__fm_sigmoid(zh, zl);
    if (!(zh < 0.0f)) return gpuact__mul(x, s.q);
    return gpuact__ldexp(gpuact__mul(x, gpuact__mul(s.p, s.q)), s.n);
}
/* sigma(z) (1 + w (1 - sigma(z))): silu'(z) with w = z, gelu_tanh' with
   w = x z'(x). z >= 0: q (1 + w e q); z < 0: p q (1 + w q) 2^n. */
GPUACT__FN float gpuact__fm_dsig(float zh, float zl, float w) {
    const gpuact__fm_sig s = gpuact__fm_sigmoid(zh, zl);
    if (!(zh < 0.0f)) return gpuact__fma(s.q, gpuact__mul(gpuact__mul(w, s.e), s.q), s.q);
    return gpuact__ldexp(gpuact__mul(gpuact__mul(s.p, s.q), gpuact__fma(w, s.q, 1.0f)), s.n);
}
/* near the zero x0 = x0h + x0l of f': f' = d H(d), d = x - x0, |d| <= 0.25,
   H of degree 5 (coefficients c5..c0) */
GPUACT__FN float gpuact__fm_root(float x, float xl, float x0h, float x0l, const float *c) {
    const float d = ((x - x0h) - x0l) + xl; /* x - x0h exact (Sterbenz) */
    float h = gpuact__fma(d, c[0], c[1]);
    h = gpuact__fma(d, h, c[2]);
    h = gpuact__fma(d, h, c[3]);
    h = gpuact__fma(d, h, c[4]);
    h = gpuact__fma(d, h, c[5]);
    return gpuact__mul(d, h);
}
#define GPUACT__FM_NEAR(x, x0h) (gpuact__absv((x) - (x0h)) <= 0.25f)
#define GPUACT__FM_X0_SILU_H (-1.27846456f)
#define GPUACT__FM_X0_SILU_L 1.29792825e-08f
#define GPUACT__FM_X0_GE_H (-0.751791537f)
#define GPUACT__FM_X0_GE_L 1.21144499e-08f
#define GPUACT__FM_X0_GT_H (-0.752461433f)
#define GPUACT__FM_X0_GT_L 1.13396279e-08f
GPUACT__FN float gpuact__fm_root_silu(float z, float zl) {
    const float c[6] = {0.000143842452f, -0.00653199852f, -0.015223057f, 0.0188730676f, 0.146648794f, 0.217811719f};
    return gpuact__fm_root(z, zl, GPUACT__FM_X0_SILU_H, GPUACT__FM_X0_SILU_L, c);
}

/* silu(x) = x sigma(x); silu'(x) = sigma(x) (1 + x (1 - sigma(x))).
   Clamped to |x| <= 120 inside (silu(-120) rounds to -0, silu'(-120) to -0,
   silu'(120) to 1). */
GPUACT__FN float gpuact__fm_silu(float x) {
    const float xm = x < -120.0f ? -120.0f : x;
    return gpuact__fm_xsig(xm, xm > 120.0f ? 120.0f : xm, 0.0f);
}
/* silu' at z = zh + zl (gelu_sigmoid: z = 1.702 x) */
GPUACT__FN float gpuact__fm_dsilu(float zh, float zl) {
    zh = zh < -120.0f ? -120.0f : (zh > 120.0f ? 120.0f : zh);
    if (GPUACT__FM_NEAR(zh, GPUACT__FM_X0_SILU_H)) return gpuact__fm_root_silu(zh, zl);
    return gpuact__fm_dsig(zh, zl, zh);
}
/* gelu_sigmoid: z = 1.702 x in two floats */
GPUACT__FN float gpuact__fm_gs_zl(float x, float zh) {
    return gpuact__fma(x, -2.19345093e-08f, gpuact__fma(x, 1.70200002f, -zh));
}
GPUACT__FN float gpuact__fm_gelu_sigmoid(float x) {
    const float xm = x < -71.0f ? -71.0f : x, xz = xm > 71.0f ? 71.0f : xm;
    const float zh = gpuact__mul(xz, 1.70200002f);
    return gpuact__fm_xsig(xm, zh, gpuact__fm_gs_zl(xz, zh));
}
GPUACT__FN float gpuact__fm_gelu_sigmoid_grad(float x) {
    const float xz = x < -71.0f ? -71.0f : (x > 71.0f ? 71.0f : x);
    const float zh = gpuact__mul(xz, 1.70200002f);
    return gpuact__fm_dsilu(zh, gpuact__fm_gs_zl(xz, zh));
}

/* gelu_tanh(x) = x sigma(z), z = 2u = x (A + B x^2), A = 2 sqrt(2/pi),
   B = 0.044715 A; z in two floats (its error is multiplied by |z| <= 100
   in the negative tail): x^2 = t + tl exactly, A + B x^2 by a Fast2Sum,
   times x exactly. |x| <= 12 inside (gelu_tanh(-12) rounds to -0). */
GPUACT__FN float gpuact__fm_gt_z(float x, float *zl) {
    const float A = 1.59576917f, B = 0.0713548139f;
    const float t = gpuact__mul(x, x), tl = gpuact__fma(x, x, -t);
    const float bt = gpuact__mul(B, t), btl = gpuact__fma(B, t, -bt);
    const float q = A + bt;
    const float e = bt >= A ? A - (q - bt) : bt - (q - A);
    const float ql = gpuact__fma(B, tl, e + btl);
    const float zh = gpuact__mul(x, q);
    *zl = gpuact__fma(x, ql, gpuact__fma(x, q, -zh));
    return zh;
}
GPUACT__FN float gpuact__fm_gelu_tanh(float x) {
    const float xm = x < -12.0f ? -12.0f : x, xz = xm > 12.0f ? 12.0f : xm;
    float zl;
    const float zh = gpuact__fm_gt_z(xz, &zl);
    return gpuact__fm_xsig(xm, zh, zl);
}
/* gelu_tanh'(x) = sigma(z) (1 + x z'(x) (1 - sigma(z))), z' = A + 3B x^2 */
GPUACT__FN float gpuact__fm_gelu_tanh_grad(float x) {
    const float xz = x < -12.0f ? -12.0f : (x > 12.0f ? 12.0f : x);
    float zl;
    if (GPUACT__FM_NEAR(xz, GPUACT__FM_X0_GT_H)) {
        const float c[6] = {0.0194569044f, -0.0161321666f, -0.113939211f, -0.0157942306f, 0.387518436f, 0.430400133f};
        return gpuact__fm_root(xz, 0.0f, GPUACT__FM_X0_GT_H, GPUACT__FM_X0_GT_L, c);
    }
    {
        const float zh = gpuact__fm_gt_z(xz, &zl);
        const float w = gpuact__mul(xz, gpuact__fma(gpuact__mul(xz, xz), 0.214064449f, 1.59576917f));
        return gpuact__fm_dsig(zh, zl, w);
    }
}

/* gelu_erf(x) = x Phi(x). Phi(-t) = e^(-t^2/2) Q(t), t = |x|, with
   Q(t) = r R(r), r = 1/(t + 3), R of degree 7 (2^-20.1 relative on
   0 <= t <= 15); e^(-t^2/2) from t^2 in two floats. Phi(x) = 1 - Phi(-t)
   for x > 0. |x| <= 15 inside (gelu_erf(-15) rounds to -0).
   f' = Phi(x) + x phi(x) = e^(-t^2/2) D (x < 0) or 1 - e^(-t^2/2) D,
   D = Q(t) - t/sqrt(2 pi); near its zero (x = -0.7518) d H(d). */
typedef struct gpuact__fm_phi {
    float q, p; /* Q(t), e^r of e^(-t^2/2) = p 2^n */
    int n;
} gpuact__fm_phi;
GPUACT__FN gpuact__fm_phi gpuact__fm_phi_tail(float t) {
    gpuact__fm_phi f;
    float m, r, R;
    const float h = gpuact__mul(t, t), l = gpuact__fma(t, t, -h);
    f.p = gpuact__fm_exp(gpuact__mul(h, -0.5f), gpuact__mul(l, -0.5f), &f.n, &m);
    r = gpuact__fm_rcp(t + 3.0f);
    R = gpuact__fma(r, 153.674683f, -136.841934f);
    R = gpuact__fma(r, R, -4.29608345f);
    R = gpuact__fma(r, R, 22.1450405f);
    R = gpuact__fma(r, R, 5.1413765f);
    R = gpuact__fma(r, R, 3.38685489f);
    R = gpuact__fma(r, R, 1.18763566f);
    R = gpuact__fma(r, R, 0.399111718f);
    f.q = gpuact__mul(r, R);
    return f;
}
GPUACT__FN float gpuact__fm_gelu_erf(float x) {
    const float xm = x < -15.0f ? -15.0f : x, t = gpuact__absv(xm) < 15.0f ? gpuact__absv(xm) : 15.0f;
    const gpuact__fm_phi f = gpuact__fm_phi_tail(t);
    if (xm < 0.0f) return gpuact__ldexp(gpuact__mul(xm, gpuact__mul(f.q, f.p)), f.n);
    return gpuact__mul(xm, 1.0f - gpuact__mul(f.q, gpuact__fm_small(f.p, f.n)));
}
GPUACT__FN float gpuact__fm_gelu_erf_grad(float x) {
    const float xm = x < -15.0f ? -15.0f : x, t = gpuact__absv(xm) < 15.0f ? gpuact__absv(xm) : 15.0f;
    if (GPUACT__FM_NEAR(xm, GPUACT__FM_X0_GE_H)) {
        const float c[6] = {0.0192129463f, -0.0143508436f, -0.114003353f, -0.018209504f, 0.388284951f, 0.431494027f};
        return gpuact__fm_root(xm, 0.0f, GPUACT__FM_X0_GE_H, GPUACT__FM_X0_GE_L, c);
    }
    {
        const gpuact__fm_phi f = gpuact__fm_phi_tail(t);
        const float D = gpuact__fma(t, -0.398942292f, f.q);
        if (xm < 0.0f) return gpuact__ldexp(gpuact__mul(D, f.p), f.n);
        return gpuact__fma(-D, gpuact__fm_small(f.p, f.n), 1.0f);
    }
}

/* elu and selu: f = lam x (x > 0), lam a expm1(x) (x <= 0); f' = lam, or
   lam a e^x. expm1(x) = 2^n (e^r - 1) + (2^n - 1), exact in sign at -0;
   x >= -30 inside (expm1 rounds to -1). e^x: x >= -200 inside (below it
   |a| e^x < 2^-160 rounds to a signed zero), a e^x as (a/2) p 2^(n+1):
   a/2 p cannot overflow; the scaling in two steps, each exact or, where the
   first is already subnormal, the result below 2^-126 (error <= 2^-149). */
GPUACT__FN float gpuact__fm_expm1(float x) {
    int n;
    float m;
    const float xm = x < -30.0f ? -30.0f : x;
    (void)gpuact__fm_exp(xm, 0.0f, &n, &m);
    {
        const float pw = gpuact__pow2(n);
        return gpuact__copysign(gpuact__fma(pw, m, pw - 1.0f), x);
    }
}
GPUACT__FN float gpuact__fm_aexp(float a, float x) {
    int n;
    float m;
    const float p = gpuact__fm_exp(x < -200.0f ? -200.0f : x, 0.0f, &n, &m);
    const int n1 = (n + 1) / 2; /* gpuact__ldexp reaches 2^-226: |a| e^x with |a| ~ 2^128 needs 2^-289 */
    return gpuact__ldexp(gpuact__ldexp(gpuact__mul(gpuact__mul(a, 0.5f), p), n1), n + 1 - n1);
}
#define GPUACT__FM_SELU_L 1.05070102f
#define GPUACT__FM_SELU_LA 1.75809932f
#define GPUACT__FM_SELU_LA_L 2.32967174e-08f
GPUACT__FN float gpuact__fm_elu(float x, float alpha) { return x > 0.0f ? x : gpuact__mul(alpha, gpuact__fm_expm1(x)); }
GPUACT__FN float gpuact__fm_elu_grad(float x, float alpha) { return x > 0.0f ? 1.0f : gpuact__fm_aexp(alpha, x); }
GPUACT__FN float gpuact__fm_selu(float x) {
    return x > 0.0f ? gpuact__mul(x, GPUACT__FM_SELU_L) : gpuact__mul(GPUACT__FM_SELU_LA, gpuact__fm_expm1(x));
}
GPUACT__FN float gpuact__fm_selu_grad(float x) { return x > 0.0f ? GPUACT__FM_SELU_L : gpuact__fm_aexp(GPUACT__FM_SELU_LA, x); }

/* swish_tanh: w = s silu(x) (x <= FLT_MAX inside: the limit's clamp and
   tanh are those of FLT_MAX s), v = clamp(w, lo, hi), f = clamp(tanh v, lo, hi);
   tanh a = -m/(2 + m), m = expm1(-2a), a = |v| <= 120 inside;
   f' = s sech^2(w) silu'(x) = s 4 e/(2 + m)^2 silu'(x), e = e^-2a, where
   lo <= w <= hi and lo <= tanh w <= hi, else +0. */
GPUACT__FN float gpuact__fm_st_w(float x, float s) {
    /* |x| < 2^-60: silu(x) = x/2 to fp32 precision, and s/2 x is rounded
       once (silu(x) alone may be subnormal, and s up to 2^128) */
    if (gpuact__absv(x) < 8.67361738e-19f) return gpuact__mul(gpuact__mul(s, 0.5f), x);
    return gpuact__mul(s, gpuact__fm_silu(x > 3.40282347e38f ? 3.40282347e38f : x));
}
/* tanh(v) and, in *sech2, sech^2(v) */
GPUACT__FN float gpuact__fm_tanh(float v, float *sech2) {
    int n;
    float m;
    const float a = gpuact__absv(v) < 120.0f ? gpuact__absv(v) : 120.0f;
    const float p = gpuact__fm_exp(gpuact__mul(a, -2.0f), 0.0f, &n, &m);
    const float pw = gpuact__pow2(n > -126 ? n : -126);
    const float em = gpuact__fma(pw, m, pw - 1.0f);
    const float ri = gpuact__fm_rcp12(2.0f + em);
    *sech2 = gpuact__mul(gpuact__mul(gpuact__ldexp(p, n + 2), ri), ri);
    return gpuact__copysign(gpuact__mul(-em, ri), v);
}
/* Where the fast w cannot be trusted to pick the side of a clamp or the
   sign of a zero, accurate mode decides (the same code on host and device,
   so the results stay bit-identical; rare on real data, so its cost does
   not count): x = +-inf (the clamp of x to FLT_MAX makes s x finite),
   silu(x) subnormal (x < -90) times |s| > 1 (its absolute error becomes a
   relative one in w), and, in f, w within 2^-140 of a bound (a tiny w that
   underflowed to a signed zero against a zero or subnormal bound). f' also
   where w or tanh(w) lies within rel |b| + 2^-140 of a bound b (the gate
   is a step: the fast w's error, 2^-20, can cross it) and where sech^2(w)
   is subnormal with |s| > 1. */
GPUACT__FN gpuact_cfg gpuact__fm_st_cfg(float s, float lo, float hi) {
    gpuact_cfg c = gpuact_cfg_default();
    c.scale = s;
    c.lo = lo;
    c.hi = hi;
    return c;
}
GPUACT__FN float gpuact__fm_st_acc(int grad, float x, float s, float lo, float hi, int fmt) {
    const gpuact_cfg c = gpuact__fm_st_cfg(s, lo, hi);
    if (!grad) return gpuact__fm_acc_fwd(GPUACT_OP_SWISH_TANH, x, &c, fmt);
    return gpuact__fm_acc_grad(GPUACT_OP_SWISH_TANH, x, &c, fmt);
}
/* x = +-inf, or a subnormal silu(x) times |s| > 1 */
GPUACT__FN int gpuact__fm_st_wild(float x, float s) {
    return !gpuact__isfinite(x) || (x < -90.0f && gpuact__absv(s) > 1.0f);
}
/* |v - b| <= rel |b| + 2^-140, b finite */
GPUACT__FN int gpuact__fm_st_near(float v, float b, float rel) {
    return gpuact__absv(b) <= 3.40282347e38f && gpuact__absv(v - b) <= gpuact__fma(gpuact__absv(b), rel, 7.17464814e-43f);
}
/* f' needs accurate mode: w = s silu(x), t its tanh, s2 its sech^2 */
GPUACT__FN int gpuact__fm_st_edge(float x, float w, float t, float s2, float s, float lo, float hi, float rel) {
    return gpuact__fm_st_wild(x, s) || gpuact__fm_st_near(w, lo, rel) || gpuact__fm_st_near(w, hi, rel) ||
           gpuact__fm_st_near(t, lo, rel) || gpuact__fm_st_near(t, hi, rel) ||
           (s2 < 1.17549435e-38f && gpuact__absv(s) > 1.0f && w >= lo && w <= hi);
}
GPUACT__FN float gpuact__fm_swish_tanh(float x, float s, float lo, float hi) {
    float s2;
    const float w = gpuact__fm_st_w(x, s);
    const float v = w < lo ? lo : (w > hi ? hi : w);
    const float t = gpuact__fm_tanh(v, &s2);
    if (x == x && (gpuact__fm_st_wild(x, s) || gpuact__absv(w - lo) <= 7.17464814e-43f || gpuact__absv(w - hi) <= 7.17464814e-43f))
        return gpuact__fm_st_acc(0, x, s, lo, hi, GPUACT__FMT_F32);
    return t < lo ? lo : (t > hi ? hi : t);
}
/* both clamps pass w (and tanh w); a w that underflowed to 0 is still
   nonzero, with the sign of x s: it is compared as the least subnormal */
GPUACT__FN int gpuact__fm_st_pass(float x, float w, float t, float s, float lo, float hi) {
    if (w == 0.0f && x != 0.0f && s != 0.0f && gpuact__isfinite(x)) {
        w = gpuact__u2f(1u | ((gpuact__f2u(x) ^ gpuact__f2u(s)) & 0x80000000u));
        t = w;
    }
    return w >= lo && w <= hi && t >= lo && t <= hi;
}
GPUACT__FN float gpuact__fm_swish_tanh_grad(float x, float s, float lo, float hi) {
    float s2;
    const float w = gpuact__fm_st_w(x, s);
    const float t = gpuact__fm_tanh(w, &s2);
    const float xs = x > 3.40282347e38f ? 3.40282347e38f : x;
    if (x == x && gpuact__fm_st_edge(x, w, t, s2, s, lo, hi, 7.62939453e-06f)) return gpuact__fm_st_acc(1, x, s, lo, hi, 0);
    if (!gpuact__fm_st_pass(x, w, t, s, lo, hi)) return 0.0f;
    return gpuact__mul(gpuact__mul(s, s2), gpuact__fm_dsilu(xs, 0.0f));
}

/* |v| (an fp32 value, inf included) within fast mode's error of fmt's
   overflow threshold (fp32 2^128 (1 - 2^-25): |v| >= 2^128 (1 - 2^-15);
   binary16 65520: |v| >= 65488; bfloat16 2^128 (1 - 2^-9): |v| >=
   0x1.fecp127): the side of the threshold, inf or the largest finite
   value, is then accurate mode's to decide (rare on real data) */
GPUACT__FN int gpuact__fm_near_ovf(float v, int fmt) {
    return gpuact__absv(v) >= (fmt == GPUACT__FMT_F32 ? 3.40271982e38f : fmt == GPUACT__FMT_F16 ? 65488.0f : 3.39451599e38f);
}
/* The switches over op that the host entry points and the kernels call:
   f(x) and f'(x) in fp32, NaN -> the canonical NaN. */
GPUACT__FN float gpuact__fast_mode_fwd(int op, float x, const gpuact_cfg *c) {
    float v;
    if (gpuact__isnan(x)) return GPUACT__NAN;
    switch (op) {
    case GPUACT_OP_GELU_ERF: v = gpuact__fm_gelu_erf(x); break;
    case GPUACT_OP_GELU_TANH: v = gpuact__fm_gelu_tanh(x); break;
    case GPUACT_OP_GELU_SIGMOID: v = gpuact__fm_gelu_sigmoid(x); break;
    case GPUACT_OP_ELU: v = gpuact__fm_elu(x, c->alpha); break;
    case GPUACT_OP_SELU: v = gpuact__fm_selu(x); break;
    case GPUACT_OP_SILU: v = gpuact__fm_silu(x); break;
    default: v = gpuact__fm_swish_tanh(x, c->scale, c->lo, c->hi); break;
    }
    if (gpuact__fm_near_ovf(v, GPUACT__FMT_F32) && gpuact__isfinite(x)) return gpuact__fm_acc_fwd(op, x, c, GPUACT__FMT_F32);
    return v;
}
GPUACT__FN float gpuact__fast_mode_grad(int op, float x, const gpuact_cfg *c) {
    float v;
    if (gpuact__isnan(x)) return GPUACT__NAN;
    switch (op) {
    case GPUACT_OP_GELU_ERF: v = gpuact__fm_gelu_erf_grad(x); break;
    case GPUACT_OP_GELU_TANH: v = gpuact__fm_gelu_tanh_grad(x); break;
    case GPUACT_OP_GELU_SIGMOID: v = gpuact__fm_gelu_sigmoid_grad(x); break;
    case GPUACT_OP_ELU: v = gpuact__fm_elu_grad(x, c->alpha); break;
    case GPUACT_OP_SELU: v = gpuact__fm_selu_grad(x); break;
    case GPUACT_OP_SILU: v = gpuact__fm_dsilu(x, 0.0f); break;
    default: v = gpuact__fm_swish_tanh_grad(x, c->scale, c->lo, c->hi); break;
    }
    if (gpuact__fm_near_ovf(v, GPUACT__FMT_F32) && gpuact__isfinite(x)) return gpuact__fm_acc_grad(op, x, c, GPUACT__FMT_F32);
    return v;
}
/* dy g rounded once to fmt (NaN -> canonical) */
GPUACT__FN float gpuact__fm_dyg(float g, float dy, int fmt) {
    if (gpuact__isnan(dy) || gpuact__isnan(g)) return GPUACT__NAN;
    if (fmt == GPUACT__FMT_F32) {
        const float v = gpuact__mul(dy, g);
        return gpuact__isnan(v) ? GPUACT__NAN : v;
    }
    return gpuact__round(gpuact__xf_mulf(gpuact__xf_f(g), dy), fmt);
}
/* Fast mode's entry points, one element in fmt (section 9.1's head says
   where they compute fast mode's functions, GPUACT__FM_OWN, and where they
   give accurate mode's results) */
GPUACT__FN float gpuact__fast_mode_fwd_fmt(int op, float x, const gpuact_cfg *c, int fmt) {
    if (!GPUACT__FM_OWN(op, fmt == GPUACT__FMT_F32)) return gpuact__fm_acc_fwd(op, x, c, fmt);
    return gpuact__fast_mode_fwd(op, x, c);
}
GPUACT__FN float gpuact__fast_mode_grad_fmt(int op, float x, const gpuact_cfg *c, int fmt) {
    if (!GPUACT__FM_OWN(op, fmt == GPUACT__FMT_F32)) return gpuact__fm_acc_grad(op, x, c, fmt);
    return gpuact__fast_mode_grad(op, x, c);
}
/* dy f'(x) where f'(x) is subnormal or zero in fp32 (silu's negative
   tail, elu's and selu's, elu's tiny alpha; the ops whose backward fast
   mode computes, GPUACT__FM_OWN): its fp32 value has lost bits (up to all
   of them, 2^-149 absolute) that a large |dy| brings back into the normal
   range (dy = 2^100, f' = 2^-140: 2^-40). There f' is formed again as P 2^N, P normal, with the fp32
   pieces above (wider clamps: e^z down to z = -240, where f' 2^128 is
   below 2^-200) and multiplied by dy exactly before the one rounding. Only
   the backward takes it; f' itself rounds to the same subnormal either way. */
/* z < 0: sigma(z) (1 + w (1 - sigma(z))) = P 2^n, -240 <= z */
GPUACT__FN float gpuact__fm_dsig_pn(float zh, float zl, float w, int *n) {
    const gpuact__fm_sig s = gpuact__fm_sigmoid(zh, zl);
    *n = s.n;
    return gpuact__mul(gpuact__mul(s.p, s.q), gpuact__fma(w, s.q, 1.0f));
}
GPUACT__FN gpuact__xf gpuact__fm_xf_pn(float p, int n) {
    gpuact__xf v;
    v.h = p;
    v.l = 0.0f;
    v.e = n;
    return v;
}
/* silu'(x) for x < -2 as P 2^n */
GPUACT__FN gpuact__xf gpuact__fm_dsilu_tail(float x) {
    int n;
    const float z = x < -240.0f ? -240.0f : x;
    const float p = gpuact__fm_dsig_pn(z, 0.0f, z, &n);
    return gpuact__fm_xf_pn(p, n);
}
/* f'(x) as an xf, where the caller has found its fp32 value tiny: x < -2
   for silu, x <= 0 for elu and selu */
GPUACT__FN gpuact__xf gpuact__fm_grad_tail(int op, float x, const gpuact_cfg *c) {
    int n;
    float p, m;
    if (op == GPUACT_OP_SILU) return gpuact__fm_dsilu_tail(x);
    p = gpuact__fm_exp(x < -240.0f ? -240.0f : x, 0.0f, &n, &m);
    return gpuact__xf_mulf(gpuact__fm_xf_pn(p, n), op == GPUACT_OP_ELU ? c->alpha : GPUACT__FM_SELU_LA);
}
/* is x where f' can be tiny and nonzero (see gpuact__fm_grad_tail)? */
GPUACT__FN int gpuact__fm_tail_at(int op, float x, const gpuact_cfg *c) {
    if (!gpuact__isfinite(x)) return 0;
    switch (op) {
    case GPUACT_OP_ELU: return x <= 0.0f && c->alpha != 0.0f;
    case GPUACT_OP_SELU: return x <= 0.0f;
    default: return x < -2.0f;
    }
}
/* the backward where f' (fp32 value g) is subnormal or zero, or dy g near
   the overflow */
GPUACT__FN int gpuact__fm_bwd_tiny(int op, float x, float g, float dy, const gpuact_cfg *c) {
    if (gpuact__fm_near_ovf(gpuact__mul(dy, g), GPUACT__FMT_F32)) return gpuact__isfinite(dy);
    return gpuact__absv(g) < 1.17549435e-38f && gpuact__isfinite(dy) && dy != 0.0f && gpuact__fm_tail_at(op, x, c);
}
GPUACT__FN float gpuact__fm_bwd_tail(int op, float x, float dy, const gpuact_cfg *c) {
    return gpuact__round(gpuact__xf_mulf(gpuact__fm_grad_tail(op, x, c), dy), GPUACT__FMT_F32);
}
/* dy f'(x). Where f'(x) is nonzero but its fp32 value underflowed to a
   signed zero (a tail), an infinite dy gives the signed infinity that
   accurate mode's exact product gives, not 0 inf; f' is exactly zero only
   at x = +-inf and for elu's alpha = +-0. Elsewhere than GPUACT__FM_OWN,
   accurate mode's result. */
GPUACT__FN float gpuact__fast_mode_bwd_fmt(int op, float x, float dy, const gpuact_cfg *c, int fmt) {
    float g;
    int slow;
    if (!GPUACT__FM_OWN(op, fmt == GPUACT__FMT_F32)) return gpuact__fm_acc_bwd(op, x, dy, c, fmt);
    g = gpuact__fast_mode_grad(op, x, c);
    slow = (g == 0.0f && gpuact__isinf(dy)) || gpuact__fm_bwd_tiny(op, x, g, dy, c);
    /* (the kernels come here on the same test; the rest of them is dy g) */
    if (!slow) return gpuact__fm_dyg(g, dy, fmt);
    /* dy g near the overflow, or elu below the tail's reach (x < -240: e^x
       under fm_exp's range, where |alpha dy| up to 2^256 still makes dy f'
       nonzero): accurate mode */
    if ((gpuact__fm_near_ovf(gpuact__mul(dy, g), fmt) && gpuact__isfinite(dy)) || (op == GPUACT_OP_ELU && x < -240.0f))
        return gpuact__fm_acc_bwd(op, x, dy, c, fmt);
    if (g == 0.0f && gpuact__isinf(dy) && gpuact__isfinite(x) && !(op == GPUACT_OP_ELU && c->alpha == 0.0f))
        return gpuact__copysign(dy, gpuact__u2f(gpuact__f2u(dy) ^ gpuact__f2u(g)));
    if (gpuact__fm_bwd_tiny(op, x, g, dy, c)) return gpuact__fm_bwd_tail(op, x, dy, c);
    return gpuact__fm_dyg(g, dy, fmt);
}
/* elu/selu from y: dx = dy (y + lam alpha) (y <= 0) or dy lam; selu's
   lam alpha in two floats (y + its head is exact near y = -lam alpha) */
GPUACT__FN float gpuact__fast_mode_bwd_out_fmt(int op, float y, float dy, const gpuact_cfg *c, int fmt) {
    float d;
    if (!GPUACT__FM_OWN(op, fmt == GPUACT__FMT_F32)) return gpuact__fm_acc_bwd_out(op, y, dy, c, fmt);
    if (gpuact__isnan(y)) return GPUACT__NAN;
    if (op == GPUACT_OP_SELU)
        d = y > 0.0f ? GPUACT__FM_SELU_L : (gpuact__isinf(y) ? y : (y + GPUACT__FM_SELU_LA) + GPUACT__FM_SELU_LA_L);
    else
        d = y > 0.0f ? 1.0f : y + c->alpha;
    /* dy d near the overflow (selu's lambda in fp32 is 2^-24.8 large): accurate mode */
    if (gpuact__fm_near_ovf(gpuact__mul(dy, d), fmt) && gpuact__isfinite(dy)) return gpuact__fm_acc_bwd_out(op, y, dy, c, fmt);
    return gpuact__fm_dyg(d, dy, fmt);
}

/* Public fast scalar functions: the accurate ones' signatures, fp32; the
   switches above with a constant op (the same bits as the entry points) */
#define GPUACT__NAMED_FAST(name, OP)                                                   \
    GPUACT__FN float gpuact_##name##_fast(float x) {                                  \
        const gpuact_cfg c = gpuact_cfg_default();                                    \
        return gpuact__fast_mode_fwd(OP, x, &c);                                      \
    }                                                                                 \
    GPUACT__FN float gpuact_##name##_grad_fast(float x) {                             \
        const gpuact_cfg c = gpuact_cfg_default();                                    \
        return gpuact__fast_mode_grad(OP, x, &c);                                     \
    }
GPUACT__NAMED_FAST(gelu_erf, GPUACT_OP_GELU_ERF)
GPUACT__NAMED_FAST(gelu_tanh, GPUACT_OP_GELU_TANH)
GPUACT__NAMED_FAST(gelu_sigmoid, GPUACT_OP_GELU_SIGMOID)
GPUACT__NAMED_FAST(selu, GPUACT_OP_SELU)
GPUACT__NAMED_FAST(silu, GPUACT_OP_SILU)
#undef GPUACT__NAMED_FAST
GPUACT__FN float gpuact_elu_fast(float x, float alpha) {
    gpuact_cfg c = gpuact_cfg_default();
    c.alpha = alpha;
    return gpuact__fast_mode_fwd(GPUACT_OP_ELU, x, &c);
}
GPUACT__FN float gpuact_elu_grad_fast(float x, float alpha) {
    gpuact_cfg c = gpuact_cfg_default();
    c.alpha = alpha;
    return gpuact__fast_mode_grad(GPUACT_OP_ELU, x, &c);
}
GPUACT__FN float gpuact_swish_tanh_fast(float x, float s, float lo, float hi) {
    const gpuact_cfg c = gpuact__fm_st_cfg(s, lo, hi);
    return gpuact__fast_mode_fwd(GPUACT_OP_SWISH_TANH, x, &c);
}
GPUACT__FN float gpuact_swish_tanh_grad_fast(float x, float s, float lo, float hi) {
    const gpuact_cfg c = gpuact__fm_st_cfg(s, lo, hi);
    return gpuact__fast_mode_grad(GPUACT_OP_SWISH_TANH, x, &c);
}

/* == 9.2 Gated forms: f(a) b == */
/* ---------------------------------------------------------------------------
   Gated forms (GEGLU: gelu(a) b, SwiGLU: silu(a) b; any op):
       y  = f(a) b
       da = dy b f'(a)
       db = dy f(a)
   Each result is the exact product rounded once to the output format: f(a)
   is never rounded on its own (so silu(-100) b is a normal float for large
   b even though silu(-100) alone is 0 in binary16). Special values follow
   IEEE multiplication of the exact factors, f(a) and f'(a) taken as the
   single ops define them at +-0 and +-inf: NaN in any input gives the
   canonical NaN; a zero factor times an infinite one is NaN (gelu_erf(-inf)
   = -0, so f(-inf) inf = NaN); signs of zeros multiply. db is the forward
   with dy in b's place. Accurate mode only (the array entry points answer
   GPUACT_ERROR_UNSUPPORTED in fast mode).
   Evaluation: for fp16 and bf16 results first the 16-bit tier (plain fp32
   with a bound), then the table tier where the op has one (f as x P(x), f'
   as A(x), each a double-float with its bound), times the other factors as a
   double-float, then the rounding test; f' also by the fast tier; the rest
   by the full path (the xf values of section 8.5 times the factors by
   gpuact__xf_mulf, which keeps their exponent, then gpuact__round). The
   product of the factors adds below 2^-44 of the result to the tier's
   bound (gpuact__fast_mul: 2^-45), taken with room.
   ------------------------------------------------------------------------ */
#define GPUACT__G_EPS 5.68434189e-14f /* 2^-44: the product's own error */
/* f(a) and f'(a) for a product: section 8.5's values, except where those
   stand for the rounded result of f alone. gelu_erf, gelu_tanh and
   gelu_sigmoid return x at large x and -0 in the negative tail; but
   f(x) = x (1 - q) with 0 < q < 2^-76 there, and s x can be a rounding
   midpoint (s x f(x) then rounds toward zero; section 8.5 also drops q
   where its sigmoid's e^-z falls below the floats, silu beyond x = 103),
   and s f(x) is a normal float
   for f(x) down to 2^-254. So: large x gives x with a tail that keeps the
   side (as silu's), and f'(x) = 1 + q' (q' > 0) likewise; the negative tail
   is evaluated down to where |f| < 2^-280 (|s f| < 2^-152 for every finite
   s: a signed zero), and below that the sign (gpuact__grad_tail's
   -2^-1000). silu, elu and selu keep their sides already. */
/* from here up, f(x) = x (1 - q) and f'(x) = 1 + q' with 0 < q, q' < 2^-60,
   and below it section 8.5 keeps q and q' (their sigmoid's e^-z is a
   normal float up to z = 87): the side tail of 2^-60 takes over */
GPUACT__FN float gpuact__gated_big(int op) {
    return op == GPUACT_OP_GELU_ERF ? 10.0f : op == GPUACT_OP_GELU_TANH ? 9.0f : op == GPUACT_OP_GELU_SIGMOID ? 47.0f : 80.0f;
}
GPUACT__FN gpuact__xf gpuact__gated_f_xf(int op, float a, const gpuact_cfg *c) {
    const int gf = op == GPUACT_OP_GELU_ERF || op == GPUACT_OP_GELU_TANH || op == GPUACT_OP_GELU_SIGMOID;
    if (op == GPUACT_OP_SILU && a >= gpuact__gated_big(op) && gpuact__isfinite(a)) {
        gpuact__xf r;
        r.h = a; r.l = -gpuact__mul(a, 8.67361738e-19f); r.e = 0;
        return r;
    }
    if (gf && gpuact__isfinite(a)) {
        const float lim = op == GPUACT_OP_GELU_ERF ? -19.875f : op == GPUACT_OP_GELU_TANH ? -14.0f : -120.0f;
        if (a >= gpuact__gated_big(op)) {
            gpuact__xf r;
            r.h = a; r.l = -gpuact__mul(a, 8.67361738e-19f); r.e = 0; /* 2^-60 */
            return r;
        }
        if (a < lim) return gpuact__grad_tail(a, 1);
        if (a < -8.0f) {
            if (op == GPUACT_OP_GELU_ERF) {
                const gpuact__erfc_parts p = gpuact__erfc_split(a);
                gpuact__xf ec = gpuact__xx_mul(p.E, gpuact__xf_make(p.R, 0));
                ec.e -= 1;
                return gpuact__xf_mulf(ec, a);
            }
            return gpuact__x_sigmoid(a, op == GPUACT_OP_GELU_TANH ? gpuact__gelu_tanh_z(a, 0) : gpuact__gelu_sig_z(a));
        }
    }
    return gpuact__forward_xf(op, a, c);
}
GPUACT__FN gpuact__xf gpuact__gated_d_xf(int op, float a, const gpuact_cfg *c) {
    if ((op == GPUACT_OP_GELU_ERF || op == GPUACT_OP_GELU_TANH || op == GPUACT_OP_GELU_SIGMOID || op == GPUACT_OP_SILU) &&
        a >= gpuact__gated_big(op) && gpuact__isfinite(a)) {
        gpuact__xf r;
        r.h = 1.0f; r.l = 8.67361738e-19f; r.e = 0;
        return r;
    }
    /* the negative tails down to |f'| < 2^-406 (|dy b| < 2^256) */
    if (op == GPUACT_OP_GELU_ERF && a < -19.875f && a >= -24.25f) return gpuact__gelu_erf_d_far(a);
    if (op == GPUACT_OP_GELU_TANH && a < -14.0f && a >= -15.6f) return gpuact__gelu_tanh_d_at(a);
    if (op == GPUACT_OP_GELU_SIGMOID && a < -120.0f && a >= -170.0f) return gpuact__silu_grad_z(gpuact__gelu_sig_z(a));
    return gpuact__grad_xf_t(op, a, c, 1); /* swish_tanh: sech^2's side (K39) */
}
/* s f(a) by the full path */
GPUACT__FN float gpuact__gated_full(int op, float a, float s, const gpuact_cfg *c, int fmt) {
    if (gpuact__isnan(a) || gpuact__isnan(s)) return GPUACT__NAN;
    return gpuact__round(gpuact__xf_mulf(gpuact__gated_f_xf(op, a, c), s), fmt);
}
/* f's significand in [1, 2) with f's sign, and its exponent (f finite, nonzero) */
GPUACT__FN float gpuact__signif(float f, int *e) {
    uint32_t u = gpuact__f2u(f) & 0x7fffffffu;
    int k = 0;
    if (u < 0x00800000u) { f = gpuact__mul(f, 18446744073709551616.0f); k = -64; u = gpuact__f2u(f) & 0x7fffffffu; }
    *e = k + (int)(u >> 23) - 127;
    return gpuact__u2f((gpuact__f2u(f) & 0x807fffffu) | 0x3f800000u);
}
/* s t f'(a) by the full path (IEEE: any zero times any infinity is NaN,
   whatever the order, and no intermediate under- or overflows in an xf).
   Where the significands' product of s and t is a float (every pair of
   16-bit values, and few-bit fp32 ones), one exact product of f'(a) and
   it: two products round the first to a double-float, and a first
   product 2^-70 off a midpoint of the result's precision can land on it
   exactly (a subnormal result; K42). */
GPUACT__FN float gpuact__gated_da_full(int op, float a, float s, float t, const gpuact_cfg *c, int fmt) {
    gpuact__xf d;
    if (gpuact__isnan(a) || gpuact__isnan(s) || gpuact__isnan(t)) return GPUACT__NAN;
    d = gpuact__gated_d_xf(op, a, c);
    if (d.h != 0.0f && gpuact__isfinite(d.h) && s != 0.0f && t != 0.0f && gpuact__isfinite(s) && gpuact__isfinite(t)) {
        int es, et;
        const float ms = gpuact__signif(s, &es), mt = gpuact__signif(t, &et), pm = gpuact__mul(ms, mt);
        if (gpuact__fma(ms, mt, -pm) == 0.0f) { /* exact: |ms mt| in [1, 4) */
            gpuact__xf v = gpuact__xf_mulf(d, pm);
            v.e += es + et;
            return gpuact__round(v, fmt);
        }
    }
    return gpuact__round(gpuact__xf_mulf(gpuact__xf_mulf(d, s), t), fmt);
}
/* s f(a) by the table tier: 1 and *y, or 0. f(a) = a P(a) as in
   gpuact__tt_fwd, then times s; results below 2^-88 (zeros included) and
   non-finite ones are rejected (the 2prods stay exact above it). */
GPUACT__FN int gpuact__tt_gated(int op, float a, float s, const gpuact_cfg *c, const uint32_t *tab, int fmt, float *y) {
    float g2, tc = 0.0f, vh, vl, eps;
    int in;
    if (op == GPUACT_OP_SWISH_TANH) {
        const int cls = gpuact__tt_st_class(a, c);
        const gpuact__df q = gpuact__tt_st_eval(tab, a, 0, &g2);
        const gpuact__df v = gpuact__fast_mul1(q.h, q.l, a);
        const int cl = cls >> 1;
        vh = cl ? GPUACT__K(GPUACT__C_TANH1_H) : v.h;
        vl = cl ? GPUACT__K(GPUACT__C_TANH1_L) : v.l;
        eps = cl ? 1.0e-13f : GPUACT__TT_E0_ST;
        in = cls != 0;
    } else {
        const gpuact__df g = gpuact__tt_g(op, a, tab, 0, &g2, &tc);
        const gpuact__df v = gpuact__fast_mul1(g.h, g.l, a);
        vh = v.h;
        vl = v.l;
        eps = gpuact__tt_eps(op, tc);
        in = gpuact__tt_range(op, a);
    }
    {
        const gpuact__df w = gpuact__fast_mul1(vh, vl, s);
        return in & gpuact__fast_rn_ab(w.h, w.l, w.h, eps + GPUACT__G_EPS, fmt, y, 1);
    }
}
/* s t (gh + gl), |gh + gl - f'(a)| <= err: s t as an exact 2prod (|s t| in
   [2^-80, 2^100]), times g; the bound scaled by |s t| (rounded up) plus the
   product's own 2^-44 */
GPUACT__FN int gpuact__gated_scale2(float s, float t, gpuact__df g, float err, int fmt, float *y) {
    const gpuact__df p = gpuact__2prod(s, t);
    const gpuact__df w = gpuact__fast_mul(p.h, p.l, g.h, g.l);
    const float ap = gpuact__absv(p.h);
    const float e = gpuact__fma(gpuact__absv(w.h), GPUACT__G_EPS, gpuact__mul(gpuact__mul(ap, err), 1.00000095f));
    const int ok = gpuact__fast_rn(w.h, w.l, e, fmt, y);
    return (ap >= 8.27180613e-25f) & (ap <= 1.26765060e30f) & ok;
}
/* s t f'(a) by the table tier (an exact +0 f', swish_tanh's clamp, is left
   to the full path) */
GPUACT__FN int gpuact__tt_gated_da(int op, float a, float s, float t, const gpuact_cfg *c, const uint32_t *tab, int fmt, float *y) {
    gpuact__df g;
    float err;
    const int in = gpuact__tt_grad_df(op, a, c, tab, &g, &err);
    return (in == 1) & gpuact__gated_scale2(s, t, g, err, fmt, y);
}
/* s t f'(a) by the fast tier */
GPUACT__FN int gpuact__fast_gated_da(int op, float a, float s, float t, const gpuact_cfg *c, int fmt, float *y) {
    gpuact__df g = gpuact__df_make(0.0f, 0.0f);
    float err = 0.0f;
    const int in = gpuact__fast_grad_df(op, a, c, &g, &err);
    return (in == 1) & gpuact__gated_scale2(s, t, g, err, fmt, y);
}
/* RN16 of a product v with absolute bound err: gpuact__h_rn, and binary16's
   subnormal range by gpuact__h_rn_sub16 */
GPUACT__FN int gpuact__h_rn_prod(float v, float err, int fmt, float *y) {
    uint32_t bits;
    float ys;
    const int ok = gpuact__h_rn(v, err, fmt, 1, y, &bits);
    const int sub = (fmt == GPUACT__FMT_F16) & (gpuact__absv(v) < 6.10351562e-05f);
    const int oks = gpuact__h_rn_sub16(v, err, &ys);
    if (sub) *y = ys;
    return sub ? oks : ok;
}
/* fp16 and bf16 results: the 16-bit tier (8.3), as its dy f' with f in
   f''s place: s v in fp32, whose rounding (2^-24) the bound takes with
   room (2^-22.9), plus |s| times v's bound; the product may be anything,
   so both range tests of gpuact__h_rn apply (edge). */
GPUACT__FN int gpuact__h_gated(int op, float a, float s, const gpuact_cfg *c, const uint32_t *tab, int fmt, float *y) {
    float v, err;
    const int in = gpuact__h_fwd_v(op, a, c, tab, 0, &v, &err);
    const float p = gpuact__mul(s, v);
    /* v's bound is relative: v must be a normal float (elu's 0.3 e^x - 1
       at a subnormal x is not, and b can make the product normal) */
    const int ok = gpuact__h_rn_prod(p, gpuact__fma(gpuact__absv(p), 1.2e-7f, gpuact__mul(gpuact__absv(s), err)), fmt, y);
    const float av = gpuact__absv(v);
    return in & (av >= 1.17549435e-38f) & ok;
}
/* s t f'(a): two fp32 roundings (s t and f' must be normal floats: a
   subnormal one's error is not relative), 2^-21.8 with room */
GPUACT__FN int gpuact__h_gated_da(int op, float a, float s, float t, const gpuact_cfg *c, const uint32_t *tab, int fmt, float *y) {
    float g, err;
    const int in = gpuact__h_grad_v(op, a, c, tab, 0, &g, &err);
    const float st = gpuact__mul(s, t), p = gpuact__mul(st, g);
    const float e = gpuact__fma(gpuact__absv(p), 2.4e-7f, gpuact__mul(gpuact__absv(st), err));
    const int ok = gpuact__h_rn_prod(p, e, fmt, y);
    const float ast = gpuact__absv(st), ag = gpuact__absv(g);
    return (in == 1) & (ast >= 1.17549435e-38f) & (ag >= 1.17549435e-38f) & ok;
}
/* the chains: s f(a) (y = f(a) b, db = dy f(a)) and s t f'(a) (da = dy b
   f'(a)); the kernels run the same ones (gpuact__g_fwd, gpuact__g_da) */
GPUACT__FN float gpuact__gated_fmt(int op, float a, float s, const gpuact_cfg *c, int fmt) {
    float y;
    if (fmt != GPUACT__FMT_F32 && gpuact__h_takes(op, 0, a, c) && gpuact__h_gated(op, a, s, c, gpuact__tt_tab(op, 0), fmt, &y)) return y;
    if (gpuact__tt_takes(op, a, c) && gpuact__tt_gated(op, a, s, c, gpuact__tt_tab(op, 0), fmt, &y)) return y;
    return gpuact__gated_full(op, a, s, c, fmt);
}
GPUACT__FN float gpuact__gated_da_fmt(int op, float a, float s, float t, const gpuact_cfg *c, int fmt) {
    float y;
    if (fmt != GPUACT__FMT_F32 && gpuact__h_takes(op, 1, a, c) && gpuact__h_gated_da(op, a, s, t, c, gpuact__tt_tab(op, 1), fmt, &y))
        return y;
    if (gpuact__tt_takes(op, a, c) && gpuact__tt_gated_da(op, a, s, t, c, gpuact__tt_tab(op, 1), fmt, &y)) return y;
    if (gpuact__fast_range(op, 1, a) && gpuact__fast_gated_da(op, a, s, t, c, fmt, &y)) return y;
    return gpuact__gated_da_full(op, a, s, t, c, fmt);
}
/* Public scalar forms: y = f(a) b; da = dy b f'(a), db = dy f(a) */
GPUACT__FN float gpuact_gated_f32(gpuact_op op, float a, float b, const gpuact_cfg *c) {
    return gpuact__gated_fmt((int)op, a, b, c, GPUACT__FMT_F32);
}
GPUACT__FN void gpuact_gated_backward_f32(gpuact_op op, float a, float b, float dy, const gpuact_cfg *c, float *da, float *db) {
    *da = gpuact__gated_da_fmt((int)op, a, b, dy, c, GPUACT__FMT_F32);
    *db = gpuact__gated_fmt((int)op, a, dy, c, GPUACT__FMT_F32);
}
GPUACT__FN uint16_t gpuact_gated_f16(gpuact_op op, uint16_t a, uint16_t b, const gpuact_cfg *c) {
    return gpuact__f32_to_f16_exact(gpuact__gated_fmt((int)op, gpuact_f16_to_f32(a), gpuact_f16_to_f32(b), c, GPUACT__FMT_F16));
}
GPUACT__FN void gpuact_gated_backward_f16(gpuact_op op, uint16_t a, uint16_t b, uint16_t dy, const gpuact_cfg *c, uint16_t *da, uint16_t *db) {
    const float x = gpuact_f16_to_f32(a), g = gpuact_f16_to_f32(dy);
    *da = gpuact__f32_to_f16_exact(gpuact__gated_da_fmt((int)op, x, gpuact_f16_to_f32(b), g, c, GPUACT__FMT_F16));
    *db = gpuact__f32_to_f16_exact(gpuact__gated_fmt((int)op, x, g, c, GPUACT__FMT_F16));
}
GPUACT__FN uint16_t gpuact_gated_bf16(gpuact_op op, uint16_t a, uint16_t b, const gpuact_cfg *c) {
    return gpuact__f32_to_bf16_exact(gpuact__gated_fmt((int)op, gpuact_bf16_to_f32(a), gpuact_bf16_to_f32(b), c, GPUACT__FMT_BF16));
}
GPUACT__FN void gpuact_gated_backward_bf16(gpuact_op op, uint16_t a, uint16_t b, uint16_t dy, const gpuact_cfg *c, uint16_t *da, uint16_t *db) {
    const float x = gpuact_bf16_to_f32(a), g = gpuact_bf16_to_f32(dy);
    *da = gpuact__f32_to_bf16_exact(gpuact__gated_da_fmt((int)op, x, gpuact_bf16_to_f32(b), g, c, GPUACT__FMT_BF16));
    *db = gpuact__f32_to_bf16_exact(gpuact__gated_fmt((int)op, x, g, c, GPUACT__FMT_BF16));
}

/* == 9.3 Bias + activation: f(x + b) == */
/* ---------------------------------------------------------------------------
   Bias + activation (a Linear layer's bias add and its activation in one):
       y  = f(x + b)
       dx = dy f'(x + b)
   of the exact sum x + b, each result rounded once. (Rounding x + b first,
   as a composition does, moves f by up to |x f'(x)/f(x)| half-ulps: 50 ulp
   of gelu_erf at x = -10, more further out.) s + e = x + b exactly (2sum).
   Where e = 0 (every sum of two 16-bit values of nearby exponents) or s is
   not finite, the single op's chain at s: the bits of f(s). Otherwise:
     - where f has an exact form: x (1 - q) with 0 < q < 2^-60 (gelu family
       and silu from gpuact__gated_big up: s + e with q's side; e is then
       either below ulp(s)/2 or exactly half of it, or, for 16-bit values,
       s itself a 16-bit number, so q's size never decides), x and lambda x
       (elu, selu at s > 0), c1 x with the side of c2 x^2 (below the tiny
       thresholds of section 7);
     - f' of the gelu family and silu within 1/128 of its zero x0: section
       7's series in d = s + e - x0, d formed exactly from x0 as four floats
       (d >= 2^-53 for every pair of floats, so the fourth is needed);
     - elsewhere the quadratic through f (or f') at s - u, s, s + u, u =
       ulp(s) (t = e/u in [-1/2, 1/2]), each section 9.2's xf value (accurate
       down to 2^-280 and 2^-406): the Lagrange weights' absolute sum is at
       most 1.25 and the remainder below (u f'''/f')^3 / 16, 2^-47 at the
       steepest tail (gelu_tanh' near -15.6, u = 2^-20). So the result
       carries the full path's error, about 2^-36, as the single ops.
   A value below 2^-200 (forward) or 2^-280 (f', times a finite dy) rounds
   to a signed zero in every format: f(s) gives it. swish_tanh: silu's
   forms give w = scale silu(s + e), and the single op's clamps and tanh
   take it from there (gpuact__bias_st_xf: its clamp edges fall between
   floats, where a quadratic through f itself would be wrong).
   Ahead of all that, as the single ops, shorter evaluations with a bound
   and the rounding test: the table tier's f(s) + e f'(s) from one row
   (gpuact__bias_tt1), or its values at s and at s's neighbour joined by a
   line (gpuact__bias_tt); where e = 0 the single op's tiers (the kernels
   also the 16-bit tier). On normal data they take all but 1 element in
   200 to 1000 (x, b standard normal, fp32).
   ------------------------------------------------------------------------ */
/* the exponent of |v| (v.h nonzero and finite) */
GPUACT__FN int gpuact__xf_ilogb(gpuact__xf v) {
    uint32_t u = gpuact__f2u(v.h) & 0x7fffffffu;
    int k = 0;
    if (u < 0x00800000u) { u = gpuact__f2u(gpuact__mul(gpuact__abs(v.h), 18446744073709551616.0f)); k = -64; }
    return (int)(u >> 23) - 127 + k + v.e;
}
/* v 2^-K as a df (|v| < 2^(K+1); much smaller values lose their low bits) */
GPUACT__FN gpuact__df gpuact__xf_at(gpuact__xf v, int K) {
    int k = v.e - K;
    if (v.h == 0.0f) return gpuact__df_make(0.0f, 0.0f);
    if (k < -340) k = -340;
    return gpuact__df_make(gpuact__ldexp(v.h, k), gpuact__ldexp(v.l, k));
}
/* f(s + t u) from fm = f(s - u), f0 = f(s) (nonzero), fp = f(s + u):
   f0 + (t/2) ((fp - fm) + t (fp + fm - 2 f0)), in df at the largest one's scale */
GPUACT__FN gpuact__xf gpuact__interp3(gpuact__xf fm, gpuact__xf f0, gpuact__xf fp, float t) {
    const int km = fm.h != 0.0f ? gpuact__xf_ilogb(fm) : -100000, k0 = gpuact__xf_ilogb(f0);
    const int kp = fp.h != 0.0f ? gpuact__xf_ilogb(fp) : -100000;
    const int K = km > k0 ? (km > kp ? km : kp) : (k0 > kp ? k0 : kp);
    const gpuact__df dm = gpuact__xf_at(fm, K), d0 = gpuact__xf_at(f0, K), dp = gpuact__xf_at(fp, K);
    const gpuact__df D1 = gpuact__dd_add(dp, gpuact__dd_neg(dm));
    const gpuact__df D2 = gpuact__dd_add(gpuact__dd_add(dp, dm), gpuact__df_make(-2.0f * d0.h, -2.0f * d0.l));
    const gpuact__df corr = gpuact__dd_mulf(gpuact__dd_add(D1, gpuact__dd_mulf(D2, t)), gpuact__mul(t, 0.5f));
    return gpuact__xf_make(gpuact__dd_add(d0, corr), K);
}
/* f'(s + e) near its zero x0 = x0h + x0l + x0ll + x0lll: d = (s - x0h) + e -
   x0l - x0ll - x0lll as an exact expansion (grow-expansion: ten 2sums),
   rounded to a df (h: the float sum of its parts; l: of the parts less h,
   again exact before that one rounding), then section 7's series */
GPUACT__FN gpuact__xf gpuact__bias_near_zero(float s, float e, float x0lll, float x0h, float x0l, float x0ll, float c1h,
                                             float c1l, float c2h, float c2l, float c3h, float c3l, float c4, float c5,
                                             float c6, float c7) {
    float c[5], q, h, l;
    int i, j;
    c[0] = -x0lll;
    for (i = 1; i < 5; i++) {
        q = i == 1 ? -x0ll : i == 2 ? -x0l : i == 3 ? e : s - x0h; /* s - x0h exact: Sterbenz */
        for (j = 0; j < i; j++) {
            const gpuact__df t = gpuact__2sum(q, c[j]);
            q = t.h;
            c[j] = t.l;
        }
        c[i] = q;
    }
    h = c[0];
    for (i = 1; i < 5; i++) h = h + c[i];
    q = -h;
    for (j = 0; j < 5; j++) {
        const gpuact__df t = gpuact__2sum(q, c[j]);
        q = t.h;
        c[j] = t.l;
    }
    l = q;
    for (i = 0; i < 5; i++) l = l + c[i];
    return gpuact__near_zero_at(gpuact__2sum(h, l), c1h, c1l, c2h, c2l, c3h, c3l, c4, c5, c6, c7);
}
/* the f' zero's nearest float, as in section 7 (the first of GPUACT__Z_*) */
GPUACT__FN float gpuact__bias_x0(int op) {
    return GPUACT__K(op == GPUACT_OP_GELU_ERF ? 0xbf407569u : op == GPUACT_OP_GELU_TANH ? 0xbf40a150u
                     : op == GPUACT_OP_GELU_SIGMOID ? 0xbf404ba5u : 0xbfa3a4bau);
}
/* s + e = x + b exactly, x and b not NaN. A sum beyond the floats: above
   them +inf (f and f' round there as at +inf), below them -FLT_MAX (as at
   the exact sum: gelu'(-2^128) is a negative tiny, not -0). */
/* x + b exactly as a df: the larger first and fast2sum, whose one
   intermediate is the smaller operand (2sum's s - a overflowed for x =
   -1.5e38, b = FLT_MAX: a NaN low part, K49) */
GPUACT__FN gpuact__df gpuact__sum2(float x, float b) {
    return gpuact__abs(x) >= gpuact__abs(b) ? gpuact__fast2sum(x, b) : gpuact__fast2sum(b, x);
}
GPUACT__FN gpuact__df gpuact__bias_sum(float x, float b) {
    gpuact__df t = gpuact__sum2(x, b);
    if (!gpuact__isfinite(t.h)) {
        t.l = 0.0f;
        if (t.h < 0.0f && gpuact__isfinite(x) && gpuact__isfinite(b)) t.h = -3.40282347e38f;
    }
    return t;
}
/* Loops of the cold paths kept rolled on the device: unrolled, their arrays
   became registers, and every kernel that can reach them paid for that
   register count around its calls (the bias forward spilled 112 bytes) */
#if defined(__CUDA_ARCH__)
#define GPUACT__ROLLED _Pragma("unroll 1")
#else
#define GPUACT__ROLLED
#endif
/* The exact sum of q[0..n-1] (Shewchuk's grow-expansion, every 2sum exact;
   the parts stay below 2^127): its sign (-1, 0, 1), and in *v the sum to
   about a float's precision with that sign, from the nonoverlapping
   expansion the parts become. */
GPUACT__FN_COLD int gpuact__exp_sign(float *q, int n, float *v) {
    int i, j, sg = 0;
    float r = 0.0f;
    GPUACT__ROLLED
    for (i = 1; i < n; i++) {
        float a = q[i];
        GPUACT__ROLLED
        for (j = 0; j < i; j++) {
            const gpuact__df t = gpuact__2sum(a, q[j]);
            a = t.h;
            q[j] = t.l;
        }
        q[i] = a;
    }
    GPUACT__ROLLED
    for (i = 0; i < n; i++) r = r + q[i];
    /* increasing magnitude: the last nonzero part has the sum's sign (a loop
       apart: gcc 12 -O3 vectorized it inside the one above and took the sign
       of the wrong part) */
    GPUACT__ROLLED
    for (i = n - 1; i >= 0; i--)
        if (q[i] != 0.0f) {
            sg = q[i] > 0.0f ? 1 : -1;
            break;
        }
    if (sg != 0 && (r == 0.0f || (r > 0.0f) != (sg > 0))) r = sg > 0 ? 1.17549435e-38f : -1.17549435e-38f;
    *v = r;
    return sg;
}
/* The parts of (V - m) 2^K for gpuact__bias_tiny (V = f(s + e) 2^-k, s =
   sig 2^k, e = ep 2^k; m = mh + ml): c1 (sig + ep) 2^K - m 2^K + c2/4 (sig^2
   + 2 sig ep + ep^2) + c3/4 2^k sig^3, 2^(k + K) = 1/4. Exact (2prod) down to
   c2 (2 sig ep)'s head where c1 and c2 are (their l 0); rounded below. */
GPUACT__FN_COLD int gpuact__bias_tiny_parts(float *q, float sig, float ep, int k, int K, gpuact__df c1, gpuact__df c2q, float c3q,
                                       float mh, float ml) {
    const float sK = gpuact__ldexp(sig, K), eK = gpuact__ldexp(ep, K);
    const gpuact__df S = gpuact__2prod(sig, sig), R = gpuact__2prod(sig + sig, ep);
    gpuact__df t;
    int n = 0;
    t = gpuact__2prod(c1.h, sK); q[n++] = t.h; q[n++] = t.l;
    q[n++] = -gpuact__ldexp(mh, K); q[n++] = -gpuact__ldexp(ml, K);
    t = gpuact__2prod(c1.h, eK); q[n++] = t.h; q[n++] = t.l;
    t = gpuact__2prod(c1.l, sK); q[n++] = t.h; q[n++] = t.l;
    q[n++] = gpuact__mul(c1.l, eK);
    t = gpuact__2prod(c2q.h, S.h); q[n++] = t.h; q[n++] = t.l;
    t = gpuact__2prod(c2q.h, S.l); q[n++] = t.h; q[n++] = t.l;
    t = gpuact__2prod(c2q.h, R.h); q[n++] = t.h; q[n++] = t.l;
    q[n++] = gpuact__mul(c2q.h, R.l);
    q[n++] = gpuact__mul(c2q.l, S.h);
    q[n++] = gpuact__mul(c2q.l, R.h);
    q[n++] = gpuact__mul(c2q.h, gpuact__mul(ep, ep));
    q[n++] = gpuact__mul(c3q, gpuact__ldexp(gpuact__mul(gpuact__mul(sig, sig), sig), k));
    return n;
}
/* f(s + e) at a tiny s with e != 0 (the gelu family and silu at |s| <
   2^-40, elu and selu at -2^-60 < s < 0): f(z) = c1 z + c2 z^2 + c3 z^3 +
   ..., z = s + e. The single ops' form (c1 z rounded, c2 z^2 only the side
   of a tie) fails here: e can be as small as c2 s^2 or smaller (b far below
   ulp(x)), and then the two compete (K44: elu at alpha = 0x1.03p+0, x =
   -2^-64, b = -2^-133, where alpha x is a bf16 midpoint). So V - m is
   summed exactly for the floats m next to a first guess, which settles h =
   RN(V) at every midpoint, and l = V - h with its sign exact. The parts
   (gpuact__bias_tiny_parts) are exact to c2's 2 s e where c1 and c2 are
   dyadic (elu's alpha and alpha/2, silu's 1/2 and 1/4): the sum cancels
   exactly only where e is a non-dyadic function of s, so a rounded part
   below decides only a sum that cancels to within 2^-40 of it by chance,
   as irrational constants (c2 = 1/sqrt(2 pi) for gelu_erf and gelu_tanh,
   1.702/4, selu's lambda alpha) may anyway. */
GPUACT__FN_COLD gpuact__xf gpuact__bias_tiny(int op, float s, float e, gpuact_cfg c) {
    const int k = (int)((gpuact__f2u(s) >> 23) & 0xffu) - 127; /* s normal: e != 0 */
    const int K = -k - 2;                                       /* c1 s 2^K < 2^125 */
    const float sig = gpuact__ldexp(s, -k), ep = gpuact__ldexp(e, -k);
    gpuact__df c1 = gpuact__df_make(0.5f, 0.0f), c2q;
    float c3q = 0.0f, q[24], t, h, l, side = -1.0f; /* side: z^4's term, the gelu family's next */
    int ka = 0, i, n;
    if (op == GPUACT_OP_ELU) {
        uint32_t u = gpuact__f2u(c.alpha) & 0x7fffffffu;
        float a = c.alpha;
        if (u < 0x00800000u) { a = gpuact__mul(a, 18446744073709551616.0f); ka = -64; u = gpuact__f2u(a) & 0x7fffffffu; }
        ka += (int)(u >> 23) - 127;
        c1.h = gpuact__u2f((gpuact__f2u(a) & 0x807fffffu) | 0x3f800000u); /* alpha 2^-ka */
        c2q = gpuact__df_make(gpuact__mul(c1.h, 0.125f), 0.0f);
        c3q = gpuact__mul(c1.h, 0.0416666679f); /* alpha/24 */
        side = gpuact__copysign(1.0f, gpuact__mul(c1.h, s));
    } else if (op == GPUACT_OP_SELU) {
        c1 = GPUACT__SELU_LA;
        c2q = gpuact__df_make(gpuact__mul(c1.h, 0.125f), gpuact__mul(c1.l, 0.125f));
        c3q = gpuact__mul(c1.h, 0.0416666679f);
        side = s;
    } else if (op == GPUACT_OP_SILU) {
        c2q = gpuact__df_make(0.0625f, 0.0f);
    } else if (op == GPUACT_OP_GELU_SIGMOID) { /* c2 = 1.702/4 */
        c2q = gpuact__df_make(gpuact__mul(GPUACT__K(GPUACT__C_GS_K_H), 0.0625f), gpuact__mul(GPUACT__K(GPUACT__C_GS_K_L), 0.0625f));
    } else { /* gelu_erf, gelu_tanh: c2 = 1/sqrt(2 pi) */
        c2q = gpuact__df_make(gpuact__mul(GPUACT__K(GPUACT__C_INV_SQRT2PI_H), 0.25f), gpuact__mul(GPUACT__K(GPUACT__C_INV_SQRT2PI_L), 0.25f));
    }
    n = gpuact__bias_tiny_parts(q, sig, ep, k, K, c1, c2q, c3q, 0.0f, 0.0f);
    gpuact__exp_sign(q, n, &t);
    h = gpuact__ldexp(t, -K); /* within an ulp or two of V */
    GPUACT__ROLLED
    for (i = 0; i < 4; i++) { /* the midpoints next to h: V beyond one moves h */
        const float hu = gpuact__half_ulp(h), p2 = (gpuact__f2u(h) & 0x007fffffu) == 0u ? 0.5f : 1.0f;
        const float up = h < 0.0f ? gpuact__mul(hu, p2) : hu, dn = h > 0.0f ? gpuact__mul(hu, p2) : hu;
        n = gpuact__bias_tiny_parts(q, sig, ep, k, K, c1, c2q, c3q, h, up);
        if (gpuact__exp_sign(q, n, &t) > 0) { h = h + (up + up); continue; }
        n = gpuact__bias_tiny_parts(q, sig, ep, k, K, c1, c2q, c3q, h, -dn);
        if (gpuact__exp_sign(q, n, &t) < 0) { h = h - (dn + dn); continue; }
        break;
    }
    n = gpuact__bias_tiny_parts(q, sig, ep, k, K, c1, c2q, c3q, h, 0.0f);
    l = gpuact__exp_sign(q, n, &t) == 0 ? gpuact__copysign(7.88860905e-31f, side) : gpuact__ldexp(t, -K);
    if (l == 0.0f) l = gpuact__copysign(7.88860905e-31f, t); /* 2^-100: keeps the side */
    return gpuact__xf_make(gpuact__df_make(h, l), k + ka);
}
/* the exact forms: 1 and f(s + e) or f'(s + e) in *v where s is in one of
   them (e may be 0: s need not be a number of the output format) */
GPUACT__FN int gpuact__bias_exact(int deriv, int op, float s, float e, const gpuact_cfg *c, gpuact__xf *v) {
    const int gf = op == GPUACT_OP_GELU_ERF || op == GPUACT_OP_GELU_TANH || op == GPUACT_OP_GELU_SIGMOID || op == GPUACT_OP_SILU;
    const float as = gpuact__abs(s);
    gpuact__xf r;
    if (op == GPUACT_OP_SWISH_TANH) return 0; /* gpuact__bias_st_xf */
    if (gf && s >= gpuact__gated_big(op)) { /* (s + e)(1 - q); f' = 1 + q' */
        float tail = -gpuact__mul(s, 8.67361738e-19f); /* q's side: 0 < q < 2^-60 */
        if (!deriv && op == GPUACT_OP_SILU && e != 0.0f) {
            /* swish_tanh scales silu(z) into other binades, where a tie of
               s + e can fall on a midpoint and e against q z decides it (K48:
               bf16, z = 97.5 + 2^-132, scale 2^-133): q z = z e^-z itself
               (a float from s = 80 to 103, where e^-s s < 2^-116 s), else a
               side 2^-40 below |e| */
            const float ae = gpuact__abs(e), qz = s <= 110.0f ? gpuact__xf_approx(gpuact__xf_mulf(gpuact__exp(-s, 0.0f), s)) : 0.0f;
            tail = -(qz > gpuact__mul(ae, 9.09494702e-13f) ? qz : gpuact__mul(ae, 9.09494702e-13f));
        }
        *v = deriv ? gpuact__gated_d_xf(op, s, c) : gpuact__xf_make(gpuact__df_add_tail(gpuact__df_make(s, e), tail), 0);
        return 1;
    }
    if (!(gf ? as < GPUACT__TINY_HALF : (as < GPUACT__TINY || s > 0.0f))) return 0;
    if (deriv) { /* constant, or f'(0) with the side of s (and of s + e) */
        *v = gpuact__gated_d_xf(op, s, c);
        return 1;
    }
    r = gpuact__xf_mulf(gpuact__xf_make(gpuact__df_make(s, e), 0), 1.0f); /* s + e, h in [1, 2) */
    if (!gf && s > 0.0f) { /* elu, selu: x, lambda x */
        *v = op == GPUACT_OP_ELU ? gpuact__xf_make(gpuact__df_make(s, e), 0) : gpuact__xx_mul(gpuact__xf_make(GPUACT__SELU_L, 0), r);
        return 1;
    }
    if (e != 0.0f && (gf || c->alpha != 0.0f || op == GPUACT_OP_SELU)) {
        *v = gpuact__bias_tiny(op, s, e, *c);
        return 1;
    }
    if (gf) { /* c1 s and the side of c2 s^2 */
        r.e -= 1;
        *v = gpuact__tiny_tie(r, 0);
    } else {
        *v = op == GPUACT_OP_ELU ? gpuact__tiny_tie(gpuact__xf_mulf(r, c->alpha), c->alpha < 0.0f)
                                 : gpuact__tiny_tie(gpuact__xx_mul(r, gpuact__xf_make(GPUACT__SELU_LA, 0)), 0);
    }
    return 1;
}
/* section 9.2's f (deriv 0) or f' (1) at a float, out of line on the device:
   the interpolation's three points share one copy (inlined, each kernel
   held three of the full path, and the build took 20 s longer an op) */
#define GPUACT__BIAS_VAL_DEF(N)                                                                                    \
    GPUACT__FN_COLD gpuact__xf gpuact__bias_val_##N(int deriv, float a, gpuact_cfg c) {                           \
        return deriv ? gpuact__gated_d_xf(N, a, &c) : gpuact__gated_f_xf(N, a, &c);                               \
    }
GPUACT__BIAS_VAL_DEF(1)
GPUACT__BIAS_VAL_DEF(2)
GPUACT__BIAS_VAL_DEF(3)
GPUACT__BIAS_VAL_DEF(4)
GPUACT__BIAS_VAL_DEF(5)
GPUACT__BIAS_VAL_DEF(6)
#undef GPUACT__BIAS_VAL_DEF
GPUACT__FN gpuact__xf gpuact__bias_val(int deriv, int op, float a, const gpuact_cfg *c) {
    switch (op) {
    case 1: return gpuact__bias_val_1(deriv, a, *c);
    case 2: return gpuact__bias_val_2(deriv, a, *c);
    case 3: return gpuact__bias_val_3(deriv, a, *c);
    case 4: return gpuact__bias_val_4(deriv, a, *c);
    case 5: return gpuact__bias_val_5(deriv, a, *c);
    default: return gpuact__bias_val_6(deriv, a, *c);
    }
}
/* f(s + e) (deriv 0) or f'(s + e) (deriv 1), unrounded, outside the exact
   forms: s = RN(x + b) finite, e its nonzero error, op not swish_tanh */
GPUACT__FN gpuact__xf gpuact__bias_xf_lim(int deriv, int op, float s, float e, const gpuact_cfg *c, int lim);
GPUACT__FN gpuact__xf gpuact__bias_xf(int deriv, int op, float s, float e, const gpuact_cfg *c) {
    return gpuact__bias_xf_lim(deriv, op, s, e, c, deriv ? -280 : -200);
}
/* gpuact__bias_xf with f(s) returned alone below 2^lim (a signed zero in
   every format after the rounding: -200 for f, -280 for f' times a float) */
GPUACT__FN gpuact__xf gpuact__bias_xf_lim(int deriv, int op, float s, float e, const gpuact_cfg *c, int lim) {
    const int gf = op == GPUACT_OP_GELU_ERF || op == GPUACT_OP_GELU_TANH || op == GPUACT_OP_GELU_SIGMOID || op == GPUACT_OP_SILU;
    if (!gf && !deriv && s < -64.0f) return gpuact__gated_f_xf(op, s, c); /* alpha (e^x - 1): e^x only a side */
    if (deriv && gf && gpuact__abs(s - gpuact__bias_x0(op)) < GPUACT__ZERO_WINDOW) {
        if (op == GPUACT_OP_GELU_ERF) return gpuact__bias_near_zero(s, e, GPUACT__Z4_GELU_ERF, GPUACT__Z_GELU_ERF);
        if (op == GPUACT_OP_GELU_TANH) return gpuact__bias_near_zero(s, e, GPUACT__Z4_GELU_TANH, GPUACT__Z_GELU_TANH);
        if (op == GPUACT_OP_GELU_SIGMOID) return gpuact__bias_near_zero(s, e, GPUACT__Z4_GELU_SIG, GPUACT__Z_GELU_SIG);
        return gpuact__bias_near_zero(s, e, GPUACT__Z4_SILU, GPUACT__Z_SILU);
    }
    {
        /* ulp(s): s is normal (a sum of floats below 2^-125 is exact) */
        const float u = gpuact__mul(gpuact__pow2((int)((gpuact__f2u(gpuact__abs(s)) >> 23) & 0xffu) - 127), 1.1920929e-07f);
        const gpuact__xf f0 = gpuact__bias_val(deriv, op, s, c);
        gpuact__xf fm, fp;
        if (f0.h == 0.0f || gpuact__xf_ilogb(f0) < lim) return f0;
        fm = gpuact__bias_val(deriv, op, s - u, c);
        fp = gpuact__bias_val(deriv, op, s + u, c);
        return gpuact__interp3(fm, f0, fp, gpuact__div(e, u));
    }
}
/* silu (deriv 0) or silu' (1) at s + e, e != 0, unrounded: the exact forms,
   else the quadratic through three points (as the silu bias form itself) */
GPUACT__FN gpuact__xf gpuact__bias_silu_xf(int deriv, float s, float e, const gpuact_cfg *c) {
    gpuact__xf v;
    if (gpuact__bias_exact(deriv, GPUACT_OP_SILU, s, e, c, &v)) return v;
    /* swish_tanh's scale (up to 2^128) brings silu(z) back from below 2^-200
       (K50: z = -143.8, scale -1.8e21: a subnormal y 4.6 ulp off), so the
       quadratic down to the values' own floors */
    return gpuact__bias_xf_lim(deriv, GPUACT_OP_SILU, s, e, c, deriv ? -406 : -280);
}
/* w for gpuact__tanh where |w| < 2^-40: there tanh(w) = w - w^3/3 keeps w's
   tail l as the side of a tie, and the cubic's only where l = 0. A sum
   x + b far below its ulp, carried by a tiny scale, leaves an l smaller
   than w^3/3: a side of 2^-100 of w (gpuact__xf_mulf) or its own tiny size
   (K48 b). Then l goes, and the cubic picks the side. (The single op's w
   carries silu's double-float tail, far above w^3/3; kept out of
   gpuact__tanh, where it cost the swish_tanh fp32 f' kernel a stack.) */
GPUACT__FN gpuact__xf gpuact__tanh_tiny_side(gpuact__xf w) {
    if (w.l != 0.0f && w.h != 0.0f && gpuact__isfinite(w.h) && gpuact__abs(gpuact__xf_approx(w)) < 9.09494702e-13f) {
        gpuact__xf l = w;
        const gpuact__xf c3 = gpuact__xf_mulf(gpuact__xx_mul(w, gpuact__xx_mul(w, w)), 0.333333343f);
        l.h = w.l;
        l.l = 0.0f;
        if (!gpuact__xf_absge(l, c3)) w.l = 0.0f;
    }
    return w;
}
/* == The clamp's side at a sum near a clamp edge (K45) ==
   swish_tanh's gate at a bias sum z = s + e: scale silu(z) against a bound c
   where the double-float w (about 2^-46) cannot tell. An exact sum of floats
   (an expansion) and e^-|z| in triple-float (2^-66) decide it to about 2^-64
   of c. Out of line: only sums within 2^-40 of an edge get here. */

/* 2^(j/64)'s third parts (GPUACT__EXP2_TABLE_LL) */
GPUACT__FN const uint32_t *gpuact__exp2_ll_tab(void) {
#if defined(__CUDA_ARCH__)
    return gpuact__exp2_ll_tab_d();
#else
    return gpuact__exp2_ll_tab_h();
#endif
}
/* the expansion x[0..n) (nonoverlapping, smallest first) plus b, exactly:
   Shewchuk's Grow-Expansion with zero elimination; returns the new length
   (at most n + 1) */
GPUACT__FN int gpuact__xp_add(float *x, int n, float b) {
    int i, k = 0;
    for (i = 0; i < n; i++) {
        const gpuact__df t = gpuact__2sum(b, x[i]);
        if (t.l != 0.0f) x[k++] = t.l;
        b = t.h;
    }
    if (b != 0.0f) x[k++] = b;
    return k;
}
/* an expansion's value as a triple-float t[0] + t[1] + t[2] (the rest
   within 2^-69 of it): each part the float sum of what is left, smallest
   first (within an ulp or two of it), then taken off exactly. (Its top
   three components would not do: they may hold few bits each.) x is
   consumed. */
GPUACT__FN void gpuact__xp_top3(float *x, int n, float *t) {
    int k, i;
    for (k = 0; k < 3; k++) {
        float a = 0.0f;
        for (i = 0; i < n; i++) a += x[i];
        t[k] = a;
        n = gpuact__xp_add(x, n, -a);
    }
}
/* a (three floats, a[0] largest) times b (three), the products below 2^-48
   of the whole rounded (2^-72), into the expansion x[0..n); returns n */
GPUACT__FN int gpuact__xp_mul3(float *x, int n, const float *a, const float *b) {
    const gpuact__df p = gpuact__2prod(a[0], b[0]), q = gpuact__2prod(a[0], b[1]), r = gpuact__2prod(a[1], b[0]);
    n = gpuact__xp_add(x, n, p.h);
    n = gpuact__xp_add(x, n, p.l);
    n = gpuact__xp_add(x, n, q.h);
    n = gpuact__xp_add(x, n, r.h);
    n = gpuact__xp_add(x, n, q.l + r.l);
    return gpuact__xp_add(x, n, gpuact__fma(a[0], b[2], gpuact__fma(a[1], b[1], gpuact__mul(a[2], b[0]))));
}
/* e^(xh + xl) for -88 <= xh <= 0, |xl| <= 2^-17, as a triple-float t[0] +
   t[1] + t[2] within 2^-66 of it (relative) and 2^-148 (absolute: below
   e^-54 the parts fall among the subnormals): x = m ln(2)/64 + r with
   ln(2)/64 in four parts (m times the first, of 11 bits, exact), r an
   expansion; e^r = 1 + r + r^2/2 + T, T = r^3 (1/6 + r (1/24 + r (1/120 +
   r (1/720 + r/5040)))) in double-float (|T| < 2^-25, the next term
   2^-75.5); times 2^(j/64) in three parts (tools/gen/gen_tables.py), and
   2^k (m = 64 k + j). */
GPUACT__FN void gpuact__exp3(float xh, float xl, float *t) {
    const float mf = gpuact__rint(gpuact__mul(xh, GPUACT__K(GPUACT__C_64_LN2)));
    const int mi = (int)mf, j = mi & 63, k = (mi - j) / 64;
    float r[8], e[16], rt[3], T[3], E[3];
    int n = 0, ne = 0;
    {
        /* xh - m A exact (Sterbenz, or m = 0); m A, m B, m C exact (|m| < 2^13) */
        const gpuact__df b = gpuact__2prod(mf, GPUACT__K(GPUACT__C_LN2_64_E3B)), c = gpuact__2prod(mf, GPUACT__K(GPUACT__C_LN2_64_E3C));
        n = gpuact__xp_add(r, n, gpuact__fma(-mf, GPUACT__K(GPUACT__C_LN2_64_E3A), xh));
        n = gpuact__xp_add(r, n, -b.h);
        n = gpuact__xp_add(r, n, -b.l);
        n = gpuact__xp_add(r, n, -c.h);
        n = gpuact__xp_add(r, n, -c.l);
        n = gpuact__xp_add(r, n, -gpuact__mul(mf, GPUACT__K(GPUACT__C_LN2_64_E3D)));
        n = gpuact__xp_add(r, n, xl);
        gpuact__xp_top3(r, n, rt);
    }
    {
        const gpuact__df u = gpuact__df_make(rt[0], rt[1]);
        gpuact__df q = gpuact__df_make(gpuact__fma(rt[0], 1.98412701e-04f, 1.38888892e-03f), 0.0f); /* 1/5040, 1/720 */
        q = gpuact__dd_addf(gpuact__dd_mul(u, q), 8.33333377e-03f);                                 /* 1/120 */
        q = gpuact__dd_add(gpuact__dd_mul(u, q), gpuact__df_make(4.16666679e-02f, -1.24176040e-09f)); /* 1/24 */
        q = gpuact__dd_add(gpuact__dd_mul(u, q), gpuact__df_make(0.166666672f, -4.96705160e-09f));    /* 1/6 */
        q = gpuact__dd_mul(gpuact__dd_mul(gpuact__dd_mul(u, u), u), q);
        {
            const gpuact__df s2 = gpuact__2prod(rt[0], rt[0]), hm = gpuact__2prod(rt[0], rt[1]);
            ne = gpuact__xp_add(e, ne, 1.0f);
            ne = gpuact__xp_add(e, ne, rt[2]);
            ne = gpuact__xp_add(e, ne, rt[1]);
            ne = gpuact__xp_add(e, ne, rt[0]);
            ne = gpuact__xp_add(e, ne, gpuact__mul(s2.h, 0.5f));
            ne = gpuact__xp_add(e, ne, gpuact__mul(s2.l, 0.5f));
            ne = gpuact__xp_add(e, ne, hm.h);
            ne = gpuact__xp_add(e, ne, hm.l);
            ne = gpuact__xp_add(e, ne, gpuact__fma(rt[1], gpuact__mul(rt[1], 0.5f), gpuact__mul(rt[0], rt[2])));
            ne = gpuact__xp_add(e, ne, q.h);
            ne = gpuact__xp_add(e, ne, q.l);
            gpuact__xp_top3(e, ne, E);
        }
    }
    {
        const uint32_t *tl = gpuact__exp2_ll_tab();
        float th, tm;
        gpuact__exp2tab(j, &th, &tm);
        T[0] = th;
        T[1] = tm;
        T[2] = gpuact__u2f(tl[j]);
        ne = gpuact__xp_mul3(e, 0, T, E);
        gpuact__xp_top3(e, ne, t);
        t[0] = gpuact__ldexp(t[0], k);
        t[1] = gpuact__ldexp(t[1], k);
        t[2] = gpuact__ldexp(t[2], k);
    }
}
/* The side of w = scale silu(z) against a bound c = c0 + c1 (c1 a
   double-float below 2^-16 c0, within cerr of the bound) at z = s + e (|e|
   <= ulp(s)/2, s != 0): 1 above, -1 below, 0 where it cannot tell (beyond
   its range: s below -40 or above 88, |s| below 2^-60, scale and c apart
   by more than 2^+-100; or within its error bound, about 2^-64 of c, and
   cerr). With F = e^-|z|, silu(z) = z/(1 + F) (z > 0) or z F/(1 + F) (z <
   0), so w - c has the sign of G = scale z - c (1 + F) or scale z F - c (1
   + F); everything scaled by c0's binade. scale z is four exact floats, F
   a triple-float within 2^-66 (and 2^-148 absolute, which for z > 40 is far
   below c F's other terms; for z < -40 it would not be), G's terms an
   expansion (exactly summed), and its error bound counts what is not
   exact. Exactly on a float bound never: e^-z would be algebraic. */
GPUACT__FN_COLD int gpuact__st_w_side_c(float s, float e, float scale, float c0, gpuact__df c1, float cerr) {
    const float as = gpuact__abs(s);
    if (!(s >= -40.0f && s <= 88.0f && as >= 8.67361738e-19f) || c0 == 0.0f || !gpuact__isfinite(c0) || scale == 0.0f || !gpuact__isfinite(scale))
        return 0;
    {
        int ec;
        const float cn = gpuact__signif(c0, &ec), sn = gpuact__ldexp(scale, -ec); /* c0 2^-ec in [1, 2) */
        const float C[3] = {-cn, -gpuact__ldexp(c1.h, -ec), -gpuact__ldexp(c1.l, -ec)};
        float F[3], x[32], Z[3], z[8];
        int n = 0, nz = 0;
        if (!(gpuact__abs(sn) >= 7.88860905e-31f && gpuact__abs(sn) <= 1.26765060e+30f)) return 0; /* 2^-100, 2^100 */
        gpuact__exp3(-as, s > 0.0f ? -e : e, F);
        {
            /* scale z exactly (but for a product below the normals: 2^-150) */
            const gpuact__df a = gpuact__2prod(sn, s), b = gpuact__2prod(sn, e);
            nz = gpuact__xp_add(z, nz, a.h);
            nz = gpuact__xp_add(z, nz, a.l);
            nz = gpuact__xp_add(z, nz, b.h);
            nz = gpuact__xp_add(z, nz, b.l);
        }
        if (s > 0.0f) {
            int i;
            for (i = 0; i < nz; i++) n = gpuact__xp_add(x, n, z[i]);
            Z[0] = nz > 0 ? z[nz - 1] : 0.0f;
        } else {
            gpuact__xp_top3(z, nz, Z); /* the rest below 2^-69 of scale z */
            n = gpuact__xp_mul3(x, n, Z, F);
        }
        n = gpuact__xp_add(x, n, C[2]);
        n = gpuact__xp_add(x, n, C[1]);
        n = gpuact__xp_add(x, n, C[0]);
        n = gpuact__xp_mul3(x, n, C, F);
        {
            /* G's error: F's 2^-66 and the products' 2^-72 of c F (and of
               scale z F, with the 2^-69 of scale z dropped), and the parts
               among the subnormals (F's 2^-148, scale e's 2^-150), times c
               (>= 1) and scale z; the bound's own cerr times 1 + F. Where z
               > 0 and c1 = 0, scale z - c is exact: the sums nearest an edge
               at a float c/scale are decided there. */
            const float top = n > 0 ? x[n - 1] : 0.0f, az = gpuact__abs(Z[0]);
            float err = gpuact__mul(gpuact__mul(F[0], cn + (s > 0.0f ? 0.0f : az)), 2.71050543e-20f); /* 2^-65 */
            err = gpuact__fma(cn + az, 1.12103877e-44f, err);                                                 /* 2^-146 */
            err = gpuact__fma(gpuact__ldexp(cerr, -ec), 1.0f + F[0], err);
            if (gpuact__abs(top) <= err) return 0;
            return top > 0.0f ? 1 : -1;
        }
    }
}
/* the first clamp: w against a float bound c */
GPUACT__FN int gpuact__st_w_side(float s, float e, float scale, float c) {
    return gpuact__st_w_side_c(s, e, scale, c, gpuact__df_make(0.0f, 0.0f), 0.0f);
}
/* The second clamp: the side of tanh(w) against a bound b, |b| < 1, that
   is of w against atanh(b) (1, -1, or 0 where it cannot tell). y0, a
   float next to atanh(|b|) (the double-float w, which is next to the edge
   here), and d = atanh(|b|) - y0 = ln(1 + u)/2 = u/2 - u^2/4 + u^3/6 (the
   next term 2^-83 for |u| <= 2^-20) with u = ((1 + |b|) e^-2y0 - (1 -
   |b|))/(1 - |b|): 1 +- |b| exact as double-floats, e^-2y0 by
   gpuact__exp3, the numerator an expansion, the quotient in double-float
   (2^-47 of u): d within 2^-66 (absolute). */
GPUACT__FN_COLD int gpuact__st_t_side(float s, float e, float scale, float b, float y0) {
    const float ab = gpuact__abs(b);
    float E[3], x[12], N[3];
    int n = 0;
    y0 = gpuact__abs(y0);
    if (!(ab > 0.0f && ab < 1.0f) || !(y0 > 0.0f && y0 <= 40.0f)) return 0;
    gpuact__exp3(-2.0f * y0, 0.0f, E);
    {
        const gpuact__df p = gpuact__2sum(1.0f, ab), m = gpuact__2sum(1.0f, -ab);
        const float P[3] = {p.h, p.l, 0.0f};
        gpuact__df u, d;
        n = gpuact__xp_mul3(x, n, P, E);
        n = gpuact__xp_add(x, n, -m.l);
        n = gpuact__xp_add(x, n, -m.h);
        gpuact__xp_top3(x, n, N);
        u = gpuact__dd_div(gpuact__df_make(N[0], N[1]), m);
        if (!(gpuact__abs(u.h) <= 9.53674316e-07f)) return 0; /* 2^-20: y0 too far */
        /* d = u/2 - u^2/4 + u^3/6 */
        d = gpuact__dd_mul(u, gpuact__dd_addf(gpuact__dd_mul(u, gpuact__df_make(gpuact__fma(u.h, 0.166666672f, -0.25f), 0.0f)), 0.5f));
        if (b < 0.0f) { y0 = -y0; d = gpuact__df_make(-d.h, -d.l); }
        return gpuact__st_w_side_c(s, e, scale, y0, d, 1.35525272e-20f); /* 2^-66 */
    }
}
/* swish_tanh at z = s + e, e != 0 (deriv 0: f, 1: f'), unrounded: w = scale
   silu(z) from silu's bias forms (so w carries their error, about 2^-36 at
   most, and at a tiny z the exact sign of w - RN(w)), then the single op's
   clamps and tanh on that w. A clamp edge lies between floats here (z is
   not one), where silu's quadratic through s - u, s, s + u is still right:
   silu itself has no kink; w(z) equals a bound only where e^-z is
   algebraic, so never for z != 0, and the inclusive or exclusive reading of
   a bound cannot matter. */
GPUACT__FN gpuact__xf gpuact__bias_st_xf(int deriv, float s, float e, const gpuact_cfg *c) {
    int pass1, pass2;
    gpuact__xf sech2, t;
    const gpuact__xf sz = gpuact__bias_silu_xf(0, s, e, c); /* silu(z) */
    const gpuact__xf w0 = gpuact__xf_mulf(sz, c->scale);
    gpuact__xf w = gpuact__tanh_tiny_side(gpuact__clamp(w0, c->lo, c->hi, &pass1));
    if (w.l != 0.0f && sz.l != 0.0f && gpuact__abs(w.l) <= gpuact__mul(gpuact__abs(w.h), 8.07793567e-28f) &&
        gpuact__abs(gpuact__xf_approx(w)) < 9.09494702e-13f) {
        /* w's tail below 2^-90 of it holds only silu(z)'s (a product's own
           low part would be 2^-47 of it or more), and below 2^-149
           gpuact__xf_mulf leaves only its side (a mark 2^-100 of w): so
           silu(z)'s tail itself against w^3/3 says which is tanh's tie side
           (K48 b: x = 0x1.bp-124, b = 0x1.8p+60, scale 0x1.fcp-136: the
           tail 2^-183 of w, w^2/3 2^-148.4) */
        gpuact__xf a = gpuact__xf_f(sz.l), q = sz;
        q.l = 0.0f;
        a.e += sz.e;
        if (!gpuact__xf_absge(gpuact__xf_mulf(a, 3.0f), gpuact__xx_mul(q, gpuact__xx_mul(w, w)))) w.l = 0.0f;
    }
    if (!deriv) return gpuact__clamp(gpuact__tanh_value(w), c->lo, c->hi, &pass2);
    {
        /* f' jumps to 0 at a clamp edge: within 2^-40 of one, the side from
           gpuact__st_w_side where it can tell (K45), and below from
           gpuact__st_t_side for the second clamp */
        const float wa = gpuact__xf_approx(w0);
        const float b = gpuact__abs(wa - c->lo) < gpuact__abs(wa - c->hi) ? c->lo : c->hi;
        if (gpuact__abs(wa - b) <= gpuact__mul(gpuact__abs(b), 9.09494702e-13f)) {
            const int side = gpuact__st_w_side(s, e, c->scale, b);
            if (side != 0) {
                /* b may be both bounds (lo = hi: then never inside) */
                pass1 = (b == c->lo ? side > 0 : gpuact__xf_cmp(w0, c->lo) >= 0) && (b == c->hi ? side < 0 : gpuact__xf_cmp(w0, c->hi) <= 0);
                if (pass1) w = gpuact__tanh_tiny_side(w0);
            }
        }
    }
    t = gpuact__tanh(w, &sech2);
    gpuact__clamp(t, c->lo, c->hi, &pass2);
    if (pass1) {
        /* the second clamp likewise, at a bound inside (-1, 1) */
        const float ta = gpuact__xf_approx(t);
        const float b = gpuact__abs(ta - c->lo) < gpuact__abs(ta - c->hi) ? c->lo : c->hi;
        if (gpuact__abs(b) < 1.0f && gpuact__abs(ta - b) <= gpuact__mul(gpuact__abs(b), 9.09494702e-13f)) {
            const int side = gpuact__st_t_side(s, e, c->scale, b, gpuact__xf_approx(w));
            if (side != 0) pass2 = (b == c->lo ? side > 0 : gpuact__xf_cmp(t, c->lo) >= 0) && (b == c->hi ? side < 0 : gpuact__xf_cmp(t, c->hi) <= 0);
        }
    }
    if (!pass1 || !pass2) return gpuact__xf_f(0.0f);
    if (gpuact__abs(s) < GPUACT__TINY && w.h != 0.0f && gpuact__abs(gpuact__xf_approx(w)) < 5.96046448e-08f) {
        /* f' = scale/2 (1 + z - w^2 + ...), w = scale z/2 (1 + ...): below
           scale/2 iff z < 0 or scale^2 z > 4 (never equal: z = s + e is not
           a float). Where scale^2 s and scale^2 n (n: s's neighbour toward z)
           fall on one side of 4, z does too (scale^2 s = 4 exactly with n
           below it is not such a case); else scale^2 z against 4 in
           double-float decides (4/scale^2 is a float only for a
           power-of-two scale, and then s or n, a float at least 2^-25 of z
           away from it). */
        const float n = gpuact__u2f((e < 0.0f) == (s < 0.0f) ? gpuact__f2u(s) + 1u : gpuact__f2u(s) - 1u);
        const int gs = gpuact__s2x_ge(c->scale, s, 4u), gn = gpuact__s2x_ge(c->scale, n, 4u);
        int above4;
        if (gs == gn) {
            above4 = gs;
        } else {
            const gpuact__xf s2 = gpuact__xf_mulf(gpuact__xf_mulf(gpuact__xf_f(1.0f), c->scale), c->scale);
            above4 = gpuact__xf_cmp(gpuact__xx_mul(s2, gpuact__xf_make(gpuact__df_make(s, e), 0)), 4.0f) > 0;
        }
        {
            const int below = s < 0.0f || above4;
            gpuact__xf r = gpuact__xf_mulf(gpuact__xf_f(0.5f), c->scale);
            return gpuact__tiny_tie(r, below != (r.h < 0.0f));
        }
    }
    if (w.h != 0.0f && gpuact__abs(gpuact__xf_approx(w)) < 5.96046448e-08f) {
        /* |w| < 2^-24: sech^2 = 1 - w^2 as the single op takes it, at s */
        if (s > 50.0f && gpuact__abs(gpuact__xf_approx(w)) < 9.09494702e-13f) return gpuact__st_d_bigz(s, w, c->scale);
        if (s > 50.0f) {
            /* silu'(z) = 1 + (z - 1) e^-z with that term itself in the tail
               (silu's bias form marks it as a side of 2^-60, which outweighs
               w^2 from 2^-80 up: K48 b); below 2^-149 (or z > 300) it is far
               below w^2 >= 2^-80 */
            const float d = s <= 300.0f ? gpuact__xf_approx(gpuact__xf_mulf(gpuact__exp(-s, 0.0f), s - 1.0f)) : 0.0f;
            return gpuact__st_d_w2(gpuact__xf_make(gpuact__df_make(1.0f, d), 0), w, c->scale);
        }
        return gpuact__st_d_w2(gpuact__bias_silu_xf(1, s, e, c), w, c->scale);
    }
    return gpuact__xf_mulf(gpuact__xx_mul(sech2, gpuact__bias_silu_xf(1, s, e, c)), c->scale);
}
/* swish_tanh at a sum x + b above the floats (x, b finite): silu(z) = z (1 -
   e^-z) and silu'(z) = 1 + (z - 1) e^-z, e^-z below 2^-10^38, so w = scale
   z, with silu(z) a hair below z and sech^2 w (1 - w^2, or less) the larger
   of the two departures from 1 in f'. A small scale brings w back among the
   floats (K46: x = FLT_MAX, b = 0x1.00ffp+127, scale = 0x1.f8p-128: w =
   7.5, not the +inf the sum's float gives). z/2 = x/2 + b/2 exactly. */
GPUACT__FN gpuact__xf gpuact__bias_st_big(int deriv, float x, float b, const gpuact_cfg *c) {
    int pass1, pass2;
    gpuact__xf sech2, t;
    const gpuact__df h = gpuact__2sum(gpuact__mul(x, 0.5f), gpuact__mul(b, 0.5f));
    const gpuact__xf z = gpuact__xf_make(gpuact__df_add_tail(h, gpuact__mul(h.h, -8.67361738e-19f)), 1);
    const gpuact__xf w = gpuact__clamp(gpuact__xf_mulf(z, c->scale), c->lo, c->hi, &pass1);
    if (!deriv) return gpuact__clamp(gpuact__tanh_value(w), c->lo, c->hi, &pass2);
    t = gpuact__tanh(w, &sech2);
    gpuact__clamp(t, c->lo, c->hi, &pass2);
    if (!pass1 || !pass2) return gpuact__xf_f(0.0f);
    if (w.h != 0.0f && gpuact__abs(gpuact__xf_approx(w)) < 5.96046448e-08f)
        sech2 = gpuact__xf_make(gpuact__df_make(1.0f, -8.67361738e-19f), 0); /* 1 - w^2: below 1 */
    return gpuact__xf_mulf(sech2, c->scale);
}
/* The bias tier (gelu family and silu, e != 0): f (or f') at s and at its
   neighbour n = s + d toward s + e by the table tier (section 8.2), and the
   line through the two at s + e, t = e/d in (0, 1/2] (d a power of two: t
   exact). The line is off by t (1 - t) d^2/2 max |f''| <= d^2/8 times 0.86
   for f (max |f''| = 0.851 for these four ops) and 0.9 for f' (max |f'''|
   = 0.893; mpmath on [-20, 20], both decaying beyond); the two values'
   bounds weigh (1 - t) and t; the difference v1 - v0 (heads: Sterbenz) and
   t times it cost 2^-22 of it, its sum with v0's tail 2^-23 of the two,
   and 2^-45 of the result leaves the rounding test its room. Then the
   rounding test (times dy for dx): 1 and *y where it decides, else 0. */
GPUACT__FN int gpuact__bias_tt(int deriv, int op, float s, float e, float dy, const gpuact_cfg *c, int fmt, float *y) {
    const uint32_t *tab = gpuact__tt_tab(op, deriv);
    const uint32_t us = gpuact__f2u(s);
    const float n = gpuact__u2f((e < 0.0f) == (s < 0.0f) ? us + 1u : us - 1u);
    const float d = n - s, t = gpuact__div(e, d);
    gpuact__df v0, v1;
    float err0, err1, g2, tc;
    int in;
    if (!deriv) {
        const gpuact__df g0 = gpuact__tt_g(op, s, tab, 0, &g2, &tc);
        v0 = gpuact__fast_mul1(g0.h, g0.l, s);
        err0 = gpuact__mul(gpuact__absv(v0.h), gpuact__tt_eps(op, tc));
        {
            const gpuact__df g1 = gpuact__tt_g(op, n, tab, 0, &g2, &tc);
            v1 = gpuact__fast_mul1(g1.h, g1.l, n);
            err1 = gpuact__mul(gpuact__absv(v1.h), gpuact__tt_eps(op, tc));
        }
        in = gpuact__tt_range(op, s) & gpuact__tt_range(op, n);
    } else {
        const int in0 = gpuact__tt_grad_df(op, s, c, tab, &v0, &err0), in1 = gpuact__tt_grad_df(op, n, c, tab, &v1, &err1);
        in = (in0 == 1) & (in1 == 1);
    }
    {
        const float D = (v1.h - v0.h) + (v1.l - v0.l), corr = gpuact__mul(t, D);
        const float l = v0.l + corr;
        float err = gpuact__fma(gpuact__mul(d, d), deriv ? 0.1125f : 0.1075f, err0 > err1 ? err0 : err1);
        err = gpuact__fma(gpuact__absv(D), 2.38418579e-07f, err);                          /* 2^-22 */
        err = gpuact__fma(gpuact__absv(v0.l) + gpuact__absv(corr), 1.19209290e-07f, err); /* 2^-23 */
        err = gpuact__fma(gpuact__absv(v0.h), 2.84217094e-14f, err);                       /* 2^-45 */
        if (!deriv) return in & gpuact__fast_rn(v0.h, l, err, fmt, y);
        return in & gpuact__fast_scale(dy, gpuact__df_make(v0.h, l), err, fmt, y);
    }
}
/* g(c + d) as gpuact__tt_poly does, and g'(c + d) in fp32 (the row's
   polynomial differentiated: g1 + d (2 g2 + 3 g3 d + 4 g4 d^2 + 5 g5 d^3)) */
GPUACT__FN gpuact__df gpuact__tt_poly_d(const uint32_t *tab, uint32_t kb, float d, int two, float *g2, float *g1) {
    float r[8];
    gpuact__tt_row(tab, kb, r);
    {
        float D = gpuact__fma(gpuact__mul(r[7], 5.0f), d, gpuact__mul(r[6], 4.0f));
        D = gpuact__fma(D, d, gpuact__mul(r[5], 3.0f));
        D = gpuact__fma(D, d, gpuact__mul(r[4], 2.0f));
        *g1 = gpuact__fma(D, d, r[2]);
    }
    return gpuact__tt_poly(tab, kb, d, two, g2);
}
/* The bias tiers' last step: f(s + e) (or f') = v + e f1 + R from v = f(s)
   within err, f1 = f'(s) within f1err and |R| <= r2 e^2, then the rounding
   test (times dy for dx): 1 and *y where it decides, else 0. The sum's
   roundings cost 2^-23 of its tail parts and 2^-45 of the result. */
GPUACT__FN int gpuact__bias_first(int deriv, gpuact__df v, float err, float e, float f1, float f1err, float r2, float dy, int fmt, float *y) {
    const float corr = gpuact__mul(e, f1), l = v.l + corr, ae = gpuact__absv(e);
    err = gpuact__fma(ae, f1err, err);
    err = gpuact__fma(gpuact__mul(ae, ae), r2, err);
    err = gpuact__fma(gpuact__absv(v.l) + gpuact__absv(corr), 1.19209290e-07f, err); /* 2^-23 */
    err = gpuact__fma(gpuact__absv(v.h), 2.84217094e-14f, err);                      /* 2^-45 */
    if (!deriv) return gpuact__fast_rn(v.h, l, err, fmt, y);
    return gpuact__fast_scale(dy, gpuact__df_make(v.h, l), err, fmt, y);
}
/* The bias tier's first form (gelu family and silu, e != 0, |s| within the
   table: t = |s| not clamped): f(s) (or f'(s)) by the table tier and its
   derivative from the same row, f(s + e) = f(s) + e f'(s) + R with |R| <=
   e^2/2 max |f''| (0.86, or 0.9 for f': see gpuact__bias_tt). The row's
   P = Q or 1 - Q (f/x; for f', A or 1 - A = f') has P'(x) = -g'(t) on both
   sides, so f' = P - x g'(t) and f'' = -g'(t); the differentiated Taylor
   row (degree 5, |d| <= 1/64) in fp32 is within 2^-16 |g'| + 2^-30 of g'
   (tests/accuracy/bias_rows.c measures it against long double on every
   32nd t: within 2^-16 |g'| + 2^-33.7; the absolute part where f'' = 0).
   One row where gpuact__bias_tt reads two. tab: gpuact__tt_tab(op, deriv)'s
   rows (or a copy of them). 1 and *y where the rounding test decides,
   else 0. */
GPUACT__FN int gpuact__bias_tt1(int deriv, int op, const uint32_t *tab, float s, float e, float dy, int fmt, float *y) {
    const float t = gpuact__absv(s);
    uint32_t kb;
    float tc, g2, q1;
    const float d = gpuact__tt_d(t, gpuact__tt_s(op), &kb, &tc);
    const gpuact__df p = gpuact__tt_side(gpuact__tt_poly_d(tab, kb, d, deriv, &g2, &q1), s);
    const float eps = gpuact__tt_eps(op, tc);
    gpuact__df v;
    float err, f1, f1err;
    if (!deriv) {
        v = gpuact__fast_mul1(p.h, p.l, s);
        err = gpuact__mul(gpuact__absv(v.h), eps);
        f1 = gpuact__fma(-s, q1, p.h);
        f1err = gpuact__fma(gpuact__absv(p.h) + gpuact__absv(gpuact__mul(s, q1)), 1.52587891e-05f,     /* 2^-16 */
                            gpuact__mul(gpuact__absv(s), 9.31322575e-10f));                          /* 2^-30 */
    } else {
        v = p;
        err = gpuact__fma(gpuact__absv(g2), gpuact__tt_e2(op), gpuact__mul(gpuact__absv(p.h), eps));
        f1 = -q1;
        f1err = gpuact__fma(gpuact__absv(q1), 1.52587891e-05f, 9.31322575e-10f);
    }
    {
        const int in = gpuact__tt_range(op, s) & (tc == t);
        return in & gpuact__bias_first(deriv, v, err, e, f1, f1err, deriv ? 0.45f : 0.43f, dy, fmt, y);
    }
}
/* The bias tier of swish_tanh (e != 0, the table tier's configurations:
   gpuact__tt_st_cfg). Where the clamp acts for s (class 2: s >= 2.2178)
   it acts for s + e too (w = 1 at x = 2.21771511, |e| <= 2^-23), so f and
   f' are those at s (tanh(1), +0): the single op's tier at s. Where it
   does not (class 1: -13.75 <= s <= 2.2177, |s| >= 2^-40), f = x Q(x) and
   f' = A(x) from their rows as gpuact__bias_tt1 takes them: f(s + e) =
   f(s) + e f'(s) + R, f' = Q + x Q' (Q' from the row differentiated) or
   f'' = A', |R| <= e^2/2 max |f''| (0.2512, at x = -0.074) or e^2/2 max
   |f'''| (0.3786, at 0.924: mpmath on the class-1 range). The rows'
   derivatives are within 2^-16 |g'| + 2^-30 (tests/accuracy/bias_rows.c
   measures swish_tanh's Q and A rows with the others'). tab as for
   gpuact__bias_tt1. 1 and *y where the rounding test decides, else 0. */
GPUACT__FN int gpuact__bias_st_tt1(int deriv, const uint32_t *tab, float s, float e, float dy, const gpuact_cfg *c, int fmt, float *y) {
    const int cls = gpuact__tt_st_class(s, c);
    if (cls != 1) {
        /* class 2: f(s + e) = f(s), f'(s + e) = f'(s) = +0 */
        return cls == 2 && (deriv ? gpuact__tt_bwd(GPUACT_OP_SWISH_TANH, s, dy, c, tab, fmt, y)
                                  : gpuact__tt_fwd(GPUACT_OP_SWISH_TANH, s, c, tab, fmt, y));
    }
    {
        uint32_t kb;
        const float d = gpuact__tt_st_d(s, &kb); /* s lies inside the table (class 1) */
        float g2, q1, err, f1, f1err;
        const gpuact__df q = gpuact__tt_poly_d(tab, kb, d, deriv, &g2, &q1);
        gpuact__df v;
        if (!deriv) {
            v = gpuact__fast_mul1(q.h, q.l, s);
            err = gpuact__mul(gpuact__absv(v.h), GPUACT__TT_E0_ST);
            f1 = gpuact__fma(s, q1, q.h);
            f1err = gpuact__fma(gpuact__absv(q.h) + gpuact__absv(gpuact__mul(s, q1)), 1.52587891e-05f, /* 2^-16 */
                                gpuact__mul(gpuact__absv(s), 9.31322575e-10f));                      /* 2^-30 */
        } else {
            v = q;
            err = gpuact__fma(gpuact__absv(g2), GPUACT__TT_E2_ST, gpuact__mul(gpuact__absv(q.h), GPUACT__TT_E0_STA));
            f1 = q1;
            f1err = gpuact__fma(gpuact__absv(q1), 1.52587891e-05f, 9.31322575e-10f);
        }
        return gpuact__bias_first(deriv, v, err, e, f1, f1err, deriv ? 0.19f : 0.126f, dy, fmt, y);
    }
}
/* y = f(x + b) and dx = dy f'(x + b), rounded to fmt. fp32 with e = 0 is
   the single op's chain at s; a 16-bit result from an s that need not be a
   16-bit number skips the 16-bit tier (it takes x as one) and the exact
   forms, whose sides a midpoint s needs (for fp32 results that chain is
   the single op's: the 16-bit tier takes 16-bit results only). */
GPUACT__FN float gpuact__bias_chain(int bwd, int op, float x, float b, float dy, const gpuact_cfg *c, int fmt) {
    const int dir = bwd ? GPUACT__CHAIN_BWD : GPUACT__CHAIN_FWD;
    gpuact__df t;
    gpuact__xf v;
    float y;
    if (gpuact__isnan(x) || gpuact__isnan(b) || (bwd && gpuact__isnan(dy))) return GPUACT__NAN;
    t = gpuact__bias_sum(x, b);
    if (t.h > 3.40282347e38f && gpuact__isfinite(x) && gpuact__isfinite(b)) { /* a sum z above the floats */
        if (op == GPUACT_OP_SWISH_TANH) {
            v = gpuact__bias_st_big(bwd, x, b, c);
            return gpuact__round(bwd ? gpuact__xf_mulf(v, dy) : v, fmt);
        }
        /* z >= 2^128 - 2^103, the midpoint between FLT_MAX and 2^128, and a
           larger one exceeds it by 2^80 or more. The gelu family's and
           silu's f(z) = z (1 - q), 0 < q < 2^-60, so at the midpoint itself
           binary32 rounds it to FLT_MAX, not to f(+inf) = inf (K55); past
           it, and in 16 bits, inf. (Its side lies below the double-float
           z / 2 = 2^127 - 2^102: tested on z / 2, not rounded.) elu and
           selu (z, lambda z) and every f' round as at +inf, below. */
        if (!bwd && op != GPUACT_OP_ELU && op != GPUACT_OP_SELU) {
            const gpuact__df h = gpuact__2sum(gpuact__mul(x, 0.5f), gpuact__mul(b, 0.5f));
            const int mid = h.h == 1.70141183e38f && h.l == -5.07060240e30f; /* 2^127, -2^102 */
            return fmt == GPUACT__FMT_F32 && mid ? 3.40282347e38f : t.h;
        }
    }
    if ((t.l == 0.0f && fmt == GPUACT__FMT_F32) || !gpuact__isfinite(t.h)) return gpuact__chain(dir, GPUACT__SKIP_H16, op, t.h, dy, c, fmt);
    if (op == GPUACT_OP_SWISH_TANH && t.l != 0.0f) {
        if (gpuact__tt_takes(op, t.h, c) && gpuact__bias_st_tt1(bwd, gpuact__tt_tab(op, bwd), t.h, t.l, dy, c, fmt, &y)) return y;
        v = gpuact__bias_st_xf(bwd, t.h, t.l, c);
        return gpuact__round(bwd ? gpuact__xf_mulf(v, dy) : v, fmt);
    }
    if (gpuact__bias_exact(bwd, op, t.h, t.l, c, &v)) return gpuact__round(bwd ? gpuact__xf_mulf(v, dy) : v, fmt);
    if (t.l == 0.0f) return gpuact__chain(dir, GPUACT__SKIP_H16, op, t.h, dy, c, fmt);
    if (gpuact__tt_takes(op, t.h, c) &&
        (gpuact__bias_tt1(bwd, op, gpuact__tt_tab(op, bwd), t.h, t.l, dy, fmt, &y) || gpuact__bias_tt(bwd, op, t.h, t.l, dy, c, fmt, &y)))
        return y;
    v = gpuact__bias_xf(bwd, op, t.h, t.l, c);
    return gpuact__round(bwd ? gpuact__xf_mulf(v, dy) : v, fmt);
}
GPUACT__FN float gpuact__bias_fmt(int op, float x, float b, const gpuact_cfg *c, int fmt) {
    return gpuact__bias_chain(0, op, x, b, 0.0f, c, fmt);
}
GPUACT__FN float gpuact__bias_bwd_fmt(int op, float x, float b, float dy, const gpuact_cfg *c, int fmt) {
    return gpuact__bias_chain(1, op, x, b, dy, c, fmt);
}
/* dbias: each column's dx summed in double-float, GPUACT_BIAS_CHUNK rows to a
   partial in row order (from +0), the partials in order (from +0), rounded
   once; host and device alike, so the result is the same on every run and
   on both. An infinity or NaN (or an overflowing sum) takes the float sum's
   IEEE value from there on. */
#define GPUACT_BIAS_CHUNK 128
GPUACT__FN gpuact__df gpuact__db_add(gpuact__df a, gpuact__df b) {
    gpuact__df s;
    if (!gpuact__isfinite(a.h) || !gpuact__isfinite(b.h)) return gpuact__df_make(a.h + b.h, 0.0f);
    s = gpuact__dd_add(a, b);
    if (!gpuact__isfinite(s.h)) return gpuact__df_make(a.h + b.h, 0.0f);
    return s;
}
/* Public scalar forms: y = f(x + b), dx = dy f'(x + b) */
GPUACT__FN float gpuact_bias_forward_f32(gpuact_op op, float x, float b, const gpuact_cfg *c) {
    return gpuact__bias_fmt((int)op, x, b, c, GPUACT__FMT_F32);
}
GPUACT__FN float gpuact_bias_backward_f32(gpuact_op op, float x, float b, float dy, const gpuact_cfg *c) {
    return gpuact__bias_bwd_fmt((int)op, x, b, dy, c, GPUACT__FMT_F32);
}
GPUACT__FN uint16_t gpuact_bias_forward_f16(gpuact_op op, uint16_t x, uint16_t b, const gpuact_cfg *c) {
    return gpuact__f32_to_f16_exact(gpuact__bias_fmt((int)op, gpuact_f16_to_f32(x), gpuact_f16_to_f32(b), c, GPUACT__FMT_F16));
}
GPUACT__FN uint16_t gpuact_bias_backward_f16(gpuact_op op, uint16_t x, uint16_t b, uint16_t dy, const gpuact_cfg *c) {
    return gpuact__f32_to_f16_exact(
        gpuact__bias_bwd_fmt((int)op, gpuact_f16_to_f32(x), gpuact_f16_to_f32(b), gpuact_f16_to_f32(dy), c, GPUACT__FMT_F16));
}
GPUACT__FN uint16_t gpuact_bias_forward_bf16(gpuact_op op, uint16_t x, uint16_t b, const gpuact_cfg *c) {
    return gpuact__f32_to_bf16_exact(gpuact__bias_fmt((int)op, gpuact_bf16_to_f32(x), gpuact_bf16_to_f32(b), c, GPUACT__FMT_BF16));
}
GPUACT__FN uint16_t gpuact_bias_backward_bf16(gpuact_op op, uint16_t x, uint16_t b, uint16_t dy, const gpuact_cfg *c) {
    return gpuact__f32_to_bf16_exact(
        gpuact__bias_bwd_fmt((int)op, gpuact_bf16_to_f32(x), gpuact_bf16_to_f32(b), gpuact_bf16_to_f32(dy), c, GPUACT__FMT_BF16));
}

/* == 9.4 fp64 == */
/* ---------------------------------------------------------------------------
   binary64: every op, f, f' and dy f' (gpuact_f64.h: the exact value rounded
   once, max 0.5x ULP against MPFR, in double and double-double arithmetic:
   no fp32 core can give 53 bits), the backward from the output below, and
   one element of an entry point's direction.
   ------------------------------------------------------------------------ */
#include "gpuact_f64.h"
/* dx = dy f'(x) from y = f(x), elu (alpha >= 0) and selu: f' = lambda for
   y > 0, else y + lambda alpha (lambda = 1 for elu), that sum exact (elu:
   2sum of two doubles; selu: lambda alpha in three doubles, as y + lambda
   alpha cancels to 2^-53 of it next to y = -lambda alpha) and its product
   with dy rounded once (gpuact__f64_mul_round) */
GPUACT__FN double gpuact__f64_bwd_out(int op, double y, double dy, const gpuact_cfg *c) {
    gpuact__f64dd d;
    int e = 0;
    if (gpuact__f64_isnan(y) || gpuact__f64_isnan(dy)) return gpuact__f64_u2d(0x7ff8000000000000ull);
    if (y > 0.0) {
        if (op != GPUACT_OP_SELU) return gpuact__f64_canon(dy); /* dy 1 */
        d = gpuact__f64_mk(1.0507009873554805, 3.9874847667154144e-17); /* lambda */
    } else if (!gpuact__f64_isfinite(y)) {
        return gpuact__f64_canon(gpuact__f64_dmul(y, dy)); /* -inf: IEEE (times 0: NaN) */
    } else if (op == GPUACT_OP_SELU) {
        /* lambda alpha in three doubles (mpmath; the rest under 2^-162) */
        d = gpuact__f64_add(gpuact__f64_two_sum(1.7580993408473768, y), gpuact__f64_two_sum(1.41535193800845e-17, -1.1763708922383827e-33));
    } else {
        const double a = (double)c->alpha; /* the larger first: s - a is exact, so it cannot overflow */
        d = gpuact__f64_abs(a) >= gpuact__f64_abs(y) ? gpuact__f64_fast_two_sum(a, y) : gpuact__f64_fast_two_sum(y, a);
    }
    if (d.h == 0.0) return gpuact__f64_canon(gpuact__f64_dmul(d.h, dy)); /* y = -alpha: dy (+0), IEEE */
    /* the scaled value's h well inside the normal range (gpuact__f64xd) */
    if (gpuact__f64_abs(d.h) < gpuact__f64_pow2(-900)) e = -1000;
    else if (gpuact__f64_abs(d.h) > gpuact__f64_pow2(900)) e = 200;
    if (e) d = gpuact__f64_mk(gpuact__f64_dmul(d.h, gpuact__f64_pow2(-e)), gpuact__f64_dmul(d.l, gpuact__f64_pow2(-e)));
    return gpuact__f64_canon(gpuact__f64_mul_round(gpuact__f64_xmk(d, e, 0), dy));
}
/* the directions of an entry point (the values of section 10's GPUACT__DIR_*) */
enum { GPUACT__F64_FWD = 0, GPUACT__F64_GRAD = 1, GPUACT__F64_BWD = 2, GPUACT__F64_FWDBWD = 3, GPUACT__F64_BWDOUT = 4 };
/* one element: in0 = x (y for BWDOUT), in1 = dy; out0, and out1 for FWDBWD */
GPUACT__FN void gpuact__f64_elem(int dir, int op, double a, double b, const gpuact_cfg *c, double *r0, double *r1) {
    switch (dir) {
    case GPUACT__F64_FWD: *r0 = gpuact__f64_fwd(op, a, c); break;
    case GPUACT__F64_GRAD: *r0 = gpuact__f64_deriv(op, a, c); break;
    case GPUACT__F64_BWD: *r0 = gpuact__f64_bwd(op, a, b, c); break;
    case GPUACT__F64_FWDBWD: *r0 = gpuact__f64_fwd(op, a, c); *r1 = gpuact__f64_bwd(op, a, b, c); break;
    default: *r0 = gpuact__f64_bwd_out(op, a, b, c); break;
    }
}

/* == 10 CUDA kernels (CUDA only) == */
/* ===========================================================================
   CUDA kernels (CUDA only; gpuact.h's gpuact_*_device entry points launch
   them through gpuact__eltwise_device below).

   One kernel template, gpuact__k_eltwise<OP, DT, DIR>, for each operation,
   element type and direction, so every instantiation is straight-line code
   for one function. Each element gets exactly the results of the calls the
   host entry points make (fp32 kernels with a fast tier run the tier, then
   the full path on what it rejects: the same composite, split in two):
       forward    gpuact__fwd_fmt(OP, x, &cfg, fmt)
       grad       gpuact__grad_fmt(OP, x, &cfg, fmt)
       backward   gpuact__bwd_fmt(OP, x, dy, &cfg, fmt)
       from y     gpuact__bwd_out_fmt(OP, y, dy, &cfg, fmt)
   loaded with gpuact_f16_to_f32 / gpuact_bf16_to_f32 and stored with
   gpuact__f32_to_f16_exact / gpuact__f32_to_bf16_exact, so the results are
   bit-identical to the host entry points.

   Memory access, chosen per call on the host (gpuact__eltwise_plan):
     VEC     every pointer of the call has the same offset modulo 16 bytes
             (a multiple of the element size): a scalar head up to the first
             16-byte boundary, then 16-byte vectors (4 floats or 8 halves),
             then a scalar tail;
     SCALAR  the offsets differ: one element per thread, grid-stride
             (consecutive threads, consecutive elements: still coalesced);
     BYTES   some pointer is not even aligned to its element size: as
             SCALAR, with byte loads and stores.
   A thread reads every input of its element or vector before it writes, so
   an output may be the very same array as an input (in place); an element
   the fast tier rejects in a VEC call is finished later by some lane of the
   same warp from a copy of its inputs (gpuact__k_vec_fast); in the
   one-pass kernels (gpuact__k_pass, fast mode's gpuact__k_fm) by a call
   where the tier rejects it.
   Indexing is 64-bit throughout and the loops are grid-stride: over a grid
   clamped to GPUACT__BLOCKS_PER_SM blocks per multiprocessor
   (gpuact__k_eltwise), or over one block a pass up to 2^31 - 1 blocks (the
   one-pass kernels): any n works.
   ======================================================================== */
#if defined(__CUDACC__)
#include <cuda_runtime.h>

#define GPUACT__DIR_FWD 0    /* out0 = f(in0)                               */
#define GPUACT__DIR_GRAD 1   /* out0 = f'(in0)                              */
#define GPUACT__DIR_BWD 2    /* out0 = in1 f'(in0)                          */
#define GPUACT__DIR_FWDBWD 3 /* out0 = f(in0), out1 = in1 f'(in0)           */
#define GPUACT__DIR_BWDOUT 4 /* out0 = dx from y = in0 and dy = in1 (elu, selu) */

#define GPUACT__MODE_VEC 0
#define GPUACT__MODE_SCALAR 1
#define GPUACT__MODE_BYTES 2

#define GPUACT__BLOCK 256       /* threads per block */
#define GPUACT__BLOCKS_PER_SM 8 /* the grid is at most multiprocessors x this */

/* Element storage: size in bytes, rounding format, word <-> fp32 value. */
template <int DT> struct gpuact__elt;
template <> struct gpuact__elt<GPUACT_F32> {
    enum { ESZ = 4, FMT = GPUACT__FMT_F32 };
    static __device__ __forceinline__ float load(uint32_t w) { return gpuact__u2f(w); }
    static __device__ __forceinline__ uint32_t store(float v) { return gpuact__f2u(v); }
};
template <> struct gpuact__elt<GPUACT_F16> {
    enum { ESZ = 2, FMT = GPUACT__FMT_F16 };
    /* the conversion instruction: exact for every binary16 number as
       gpuact_f16_to_f32 is (subnormals included), and NaN stays a NaN
       (every path returns the canonical NaN for it, whatever its
       payload); one instruction where the branches took about eight, which
       held the fp16 kernels at 50-60% of copy bandwidth (H100) */
    static __device__ __forceinline__ float load(uint32_t w) {
#if defined(__CUDA_ARCH__)
        float f;
        asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"((unsigned short)w));
        return f;
#else
        return gpuact_f16_to_f32((uint16_t)w); /* tests/gpu/emulation */
#endif
    }
    static __device__ __forceinline__ uint32_t store(float v) { return gpuact__f32_to_f16_exact(v); }
};
template <> struct gpuact__elt<GPUACT_BF16> {
    enum { ESZ = 2, FMT = GPUACT__FMT_BF16 };
    static __device__ __forceinline__ float load(uint32_t w) { return gpuact_bf16_to_f32((uint16_t)w); }
    static __device__ __forceinline__ uint32_t store(float v) { return gpuact__f32_to_bf16_exact(v); }
};

/* One element by what follows the kernel's tier (gpuact__k_fast) in the
   composites: a = the in0 bits, b = the in1 bits (low ESZ bytes); the
   results' bits in *r0 (and *r1 for forward+backward). Called where that
   tier has just rejected the element (it is deterministic: it would reject
   again) or does not apply (and would reject), so forward, grad and
   backward skip it: the fast tier and the full path after the table tier,
   the table tier (gelu_erf, gelu_tanh, gelu_sigmoid, silu) and the full
   path after the fast tier. Forward plus backward keeps the composites: the tier may have taken
   one of the two. */
template <int OP, int DT, int DIR> struct gpuact__kt; /* the kernel traits (below) */
/* A kernel's OP is an op, or GPUACT__OP_SWISH_TT: swish_tanh's fp32
   forward, f' and backward kernels that run its table tier, launched for
   the configurations it takes (gpuact__tt_st_cfg); the others keep the
   fast tier. gpuact__op_of gives the op the scalar functions see. */
#define GPUACT__OP_SWISH_TT 64
template <int OP> struct gpuact__op_of {
    enum { value = OP == GPUACT__OP_SWISH_TT ? (int)GPUACT_OP_SWISH_TANH : OP };
};
template <int OP1, int DT, int DIR, int SKIP>
__device__ __forceinline__ void gpuact__k_elem_skip(const gpuact_cfg *c, uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) {
    typedef gpuact__elt<DT> E;
    const int fmt = (int)E::FMT;
    const float x = E::load(a);
    if (DIR == GPUACT__DIR_FWD) {
        *r0 = E::store(gpuact__chain(GPUACT__CHAIN_FWD, SKIP, OP1, x, 0.0f, c, fmt));
    } else if (DIR == GPUACT__DIR_GRAD) {
        *r0 = E::store(gpuact__chain(GPUACT__CHAIN_GRAD, SKIP, OP1, x, 0.0f, c, fmt));
    } else if (DIR == GPUACT__DIR_BWD) {
        *r0 = E::store(gpuact__chain(GPUACT__CHAIN_BWD, SKIP, OP1, x, E::load(b), c, fmt));
    } else if (DIR == GPUACT__DIR_FWDBWD) {
        const float g = E::load(b);
        *r0 = E::store(gpuact__fwd_fmt(OP1, x, c, fmt));
        *r1 = E::store(gpuact__bwd_fmt(OP1, x, g, c, fmt));
    } else {
        *r0 = E::store(gpuact__bwd_out_fmt(OP1, x, E::load(b), c, fmt));
    }
}
/* the tiers the kernel's own tier leaves: all but the 16-bit tier (H16),
   the table tier (TT) or the fast tier (the rest) */
template <int OP, int DT, int DIR> struct gpuact__k_skip {
    enum {
        value = DIR != GPUACT__DIR_FWD && DIR != GPUACT__DIR_GRAD && DIR != GPUACT__DIR_BWD ? 0 /* (no chain there) */
                : gpuact__kt<OP, DT, DIR>::H16 ? GPUACT__SKIP_H16
                : gpuact__kt<OP, DT, DIR>::TT  ? GPUACT__SKIP_TT
                                               : GPUACT__SKIP_FAST
    };
};
template <int OP, int DT, int DIR>
__device__ __forceinline__ void gpuact__k_elem(const gpuact_cfg *c, uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) {
    gpuact__k_elem_skip<gpuact__op_of<OP>::value, DT, DIR, gpuact__k_skip<OP, DT, DIR>::value>(c, a, b, r0, r1);
}

/* One element through the kernel's tier: the table tier where
   TT (gpuact__kt; its rows at tt, the block's copy in shared memory), else
   the fast tier. The results' bits in *r0 (*r1), 1 if the tier took the
   element, else 0 (the caller runs gpuact__k_elem for it; forward plus
   backward falls back as a pair). */
template <int OP, int DT, int DIR, int TL = 0>
__device__ __forceinline__ int gpuact__k_fast(const gpuact_cfg *c, const uint32_t *tt, uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1,
                                              int cmp = 1) {
    const int op = gpuact__op_of<OP>::value;
    typedef gpuact__elt<DT> E;
    const int fmt = (int)E::FMT;
    const float x = E::load(a), dy = E::load(b);
    float y0 = 0.0f, y1 = 0.0f;
    int ok = 0;
    if (gpuact__kt<OP, DT, DIR>::H16) {
        /* tt: the compact rows of Q (forward), of A (f', backward), or of
           both, A's GPUACT__TT_N rows after Q's (forward+backward); cmp = 0:
           none (tt NULL), the full rows from global memory (the kernels
           that read section 9.0's table of f' keep no rows) */
        const uint32_t *ta = !cmp ? gpuact__tt_tab(op, 1) : DIR == GPUACT__DIR_FWDBWD ? tt + 4 * GPUACT__TT_N : tt;
        if (!cmp && DIR != GPUACT__DIR_BWD && DIR != GPUACT__DIR_GRAD) tt = gpuact__tt_tab(op, 0);
        uint32_t b0 = 0u, b1 = 0u;
        /* binary16 results below 2^-14 (gpuact__h_rn_sub) in backward and
           forward+backward; not in forward (which reads its table) and f',
           where they cost a resident block (64 -> 74-78 registers, 4
           blocks -> 3) */
        /* TL: with the tails (the vectors with an input past the rows) */
        if (DIR == GPUACT__DIR_FWD) ok = gpuact__h_fwd_t(op, x, c, tt, cmp, fmt, 0, TL, &y0, &b0);
        else if (DIR == GPUACT__DIR_GRAD) ok = gpuact__h_grad_t(op, x, c, ta, cmp, fmt, 0, TL, &y0, &b0);
        else if (DIR == GPUACT__DIR_BWD) ok = gpuact__h_bwd_t(op, x, dy, c, ta, cmp, fmt, TL, &y0, &b0);
        else ok = gpuact__h_fwd_t(op, x, c, tt, cmp, fmt, 1, TL, &y0, &b0) & gpuact__h_bwd_t(op, x, dy, c, ta, cmp, fmt, TL, &y1, &b1);
        *r0 = b0;
        *r1 = b1;
        return ok;
    } else if (gpuact__kt<OP, DT, DIR>::TT) {
        /* forward+backward: Q's rows from shared memory, A's from global
           memory (both and the queue pass the 48 KB of static shared memory) */
        if (DIR == GPUACT__DIR_FWD) ok = gpuact__tt_fwd(op, x, c, tt, fmt, &y0);
        else if (DIR == GPUACT__DIR_GRAD) ok = gpuact__tt_grad(op, x, c, tt, fmt, &y0);
        else if (DIR == GPUACT__DIR_BWD) ok = gpuact__tt_bwd(op, x, dy, c, tt, fmt, &y0);
        else ok = gpuact__tt_fwd(op, x, c, tt, fmt, &y0) & gpuact__tt_bwd(op, x, dy, c, gpuact__tt_tab(op, 1), fmt, &y1);
    } else if (gpuact__kt<OP, DT, DIR>::E2S) ok = gpuact__fast_elu_fwd_at(op, x, c, fmt, &y0, tt);
    else if (DIR == GPUACT__DIR_FWD) ok = gpuact__fast_fwd(op, x, c, fmt, &y0);
    else if (DIR == GPUACT__DIR_GRAD) ok = gpuact__fast_grad(op, x, c, fmt, &y0);
    else if (DIR == GPUACT__DIR_BWD) ok = gpuact__fast_bwd(op, x, dy, c, fmt, &y0);
    else if (DIR == GPUACT__DIR_FWDBWD) ok = gpuact__fast_fwd(op, x, c, fmt, &y0) & gpuact__fast_bwd(op, x, dy, c, fmt, &y1);
    /* (a rejected result may be anything: its store is overwritten) */
    *r0 = E::store(y0);
    *r1 = E::store(y1);
    return ok;
}
/* The block's copy of its table tier's table (16 KB), filled at the
   kernel's start: the rows are gathers (each lane its own row), which
   shared memory serves at about the copy's speed and the L1 did not (a
   test kernel with two 16-byte row loads an element ran at 88-90% of copy
   bandwidth from global memory, 93.5-95% from shared, H100, fp32 randn). */
template <int N> struct gpuact__tt_smem { uint4 v[N]; };
/* __launch_bounds__' minimum of resident blocks, which caps the registers.
   The fast-tier kernels' time goes to issuing arithmetic, so they want many
   warps to choose from, and registers enough for the vectors loaded a pass
   ahead (gpuact__k_vec_fast) without spilling. fp32 (elu's and selu's
   forward and backward run gpuact__k_pass, with no such bound):
   6 blocks (40 registers, 48 warps) for gelu_tanh's forward and for f';
   5 (48) for the f' of gelu_sigmoid, selu and gelu_tanh, for swish_tanh
   and for gelu_erf's forward and f'; 4 (64) for the backward of the
   sigmoid family and gelu_erf (two vectors of x and dy a lane), and for
   forward+backward (there 3 for gelu_erf and swish_tanh, and no bound for
   gelu_tanh, which spills even at 80). The fp32 forward, f' and backward
   of gelu_erf, gelu_tanh, gelu_sigmoid and silu run the table tier instead
   (GPUACT__TT_*_BLOCKS below). No kernel spills (gpu-build-check's
   kernel_resources).
   At 8 blocks (32 registers) the vectors spill right after their loads;
   with no bound the compiler took 40-54 registers (gelu_erf 111-126).
   Measured on the H200 (fp32, n = 2^28, randn, % of copy) with the loads a
   pass ahead at 6 / at 8 blocks, and without them and without a bound:
   silu fwd 57.8 / 52.1 / 51.0, silu bwd 63.1 / 40.6 / 57.6, elu bwd
   89.9 / 46.6 / 82.4; gelu_erf at 4 / 5 blocks: 25.1 / 24.5 forward,
   35.9 / 35.0 backward (with its earlier tier; with the S table, U = 2,
   H100: forward 68.4 / 70.5). Loading two passes ahead, or asking the L2
   for the pass after (prefetch.global.L2), made no row faster by more than 0.8
   points and some slower by up to 4.8 (H100): the kernels are bound by
   issue, not by memory latency.
   Capped at what the architecture holds (1024 threads on sm_75). The
   kernels without a tier keep the compiler's choice.
   The 16-bit kernels hold 8 elements a lane (two vectors for backward):
   4 blocks (64 registers), gelu_tanh and the forward of elu and selu 3,
   gelu_erf 2; forward+backward 3, gelu_erf, gelu_tanh and swish_tanh no
   bound (fewer spill). */
#ifndef GPUACT__FAST_MIN_BLOCKS
#define GPUACT__FAST_MIN_BLOCKS 6
#endif
#ifndef GPUACT__SWISH_MIN_BLOCKS
#define GPUACT__SWISH_MIN_BLOCKS 5
#endif
/* threads a multiprocessor holds: 1024 on sm_75, 1536 on sm_86/87/89 */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
#define GPUACT__SM_BLOCKS 4
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890)
#define GPUACT__SM_BLOCKS 6
#else
#define GPUACT__SM_BLOCKS 8
#endif
/* The kernels with the table tier in their loop: forward and f' at 4
   blocks, backward at 3 (85 registers). Backward, H100, fp32, n = 2^28,
   % of copy, three runs of each on one machine, randn (mix): at 4 / at 3
   blocks, silu 89.9-90.1 / 90.8 (81.7 / 84.3-85.1), gelu_sigmoid
   90.7-91.0 / 91.3-91.6 (80.1 / 83.5-83.6), gelu_erf 91.1-91.8 /
   91.0-92.3 (79.1 / 82.0-82.5), gelu_tanh 90.6-90.9 / 91.7-91.8 (76.5 /
   79.0-79.1); at 5 blocks (51 registers) 72-77. */
#ifndef GPUACT__TT_FWD_BLOCKS
#define GPUACT__TT_FWD_BLOCKS 4
#endif
#ifndef GPUACT__PASS_FWD_U /* vectors a thread in the one-pass forward (gpuact__kt PU) */
#define GPUACT__PASS_FWD_U 4
#endif
#ifndef GPUACT__TT_GRAD_BLOCKS
#define GPUACT__TT_GRAD_BLOCKS 4
#endif
#ifndef GPUACT__TT_BWD_BLOCKS
#define GPUACT__TT_BWD_BLOCKS 3
#endif
#ifndef GPUACT__TT_FWD_U
#define GPUACT__TT_FWD_U 4
#endif
/* forward+backward with the table tier (fp32): Q's table in shared
   memory, A's read from global memory, what the tier rejects (one of the
   pair is enough) to the composites as one call (gpuact__k_elem_call) */
#ifndef GPUACT__TT_FB_BLOCKS
#define GPUACT__TT_FB_BLOCKS 3
#endif
#ifndef GPUACT__TT_FB_U
#define GPUACT__TT_FB_U 1
#endif
#ifndef GPUACT__TT_BWD_U
#define GPUACT__TT_BWD_U 2
#endif
/* swish_tanh's kernels with the table tier (GPUACT__OP_SWISH_TT): forward
   at 3 blocks with U = 2, backward at 3 with U = 1, and its fast tier and
   full path for the tier's rejections as calls (GPUACT__ST_FAST_CALL and
   gpuact__k_full_call, below) rather than inlined. H100, fp32, n = 2^28, randn, % of copy, forward /
   backward: inlined, forward 3 blocks U = 4 / backward 3 blocks U = 2:
   87.9-88.0 / 84.2-84.4; forward U = 2 / backward U = 1: 88.7-89.8 /
   89.2-89.8; with both calls: 90.0-90.5 / 90.8-91.1 (at 4 blocks the
   forward 89.1-90.3); forward 4 or 5 blocks with U = 1: 86.2-88.4. Inlined
   with U = 4 the forward spilled at 4 blocks (64 registers), and f' spills
   12 bytes there with the calls, so it runs at 3 as well. */
#ifndef GPUACT__TT_ST_FWD_BLOCKS
#define GPUACT__TT_ST_FWD_BLOCKS 3
#endif
#ifndef GPUACT__TT_ST_FWD_U
#define GPUACT__TT_ST_FWD_U 2
#endif
#ifndef GPUACT__TT_ST_GRAD_BLOCKS
#define GPUACT__TT_ST_GRAD_BLOCKS 3
#endif
#ifndef GPUACT__TT_ST_BWD_BLOCKS
#define GPUACT__TT_ST_BWD_BLOCKS 3
#endif
#ifndef GPUACT__TT_ST_BWD_U
#define GPUACT__TT_ST_BWD_U 1
#endif
/* The 16-bit tier's kernels (gpuact__kt H16): resident blocks and
   vectors a lane a pass. H100, bf16, n = 2^28, randn, % of copy, forward /
   backward / forward+backward, U and blocks: silu 1, 4: 87.4 / 93.1 /
   91.9; 2, 4: 91.8 / 92.9 / 89.5; 1, 6: 89.7 / 92.9 / 75.9; 2, 3: 92.0 /
   93.7 / 93.1; gelu_erf 1, 4: 83.5 / 93.7 / 88.5; 2, 3: 87.2 / 93.0 /
   88.6 (with the earlier, longer form of the queue's votes). */
#ifndef GPUACT__H16_BLOCKS
#define GPUACT__H16_BLOCKS 3
#endif
#ifndef GPUACT__H16_U
#define GPUACT__H16_U 2
#endif
#ifndef GPUACT__H16_FB_U /* forward+backward: at U = 2 five of them spilled */
#define GPUACT__H16_FB_U 1
#endif
/* an element's storage word */
template <int ESZ> struct gpuact__word { typedef uint32_t type; };
template <> struct gpuact__word<2> { typedef uint16_t type; };
/* 128-bit queues of elements held in four words (element 0 in the low bits
   of q[0]). pop: drop element 0. push: drop element 0 and append w at the
   top, so after 16/ESZ pushes the first value pushed is element 0. */
template <int ESZ> __device__ __forceinline__ void gpuact__q_push(uint32_t q[4], uint32_t w) {
    if (ESZ == 4) {
        q[0] = q[1]; q[1] = q[2]; q[2] = q[3]; q[3] = w;
    } else {
        q[0] = __funnelshift_r(q[0], q[1], 16);
        q[1] = __funnelshift_r(q[1], q[2], 16);
        q[2] = __funnelshift_r(q[2], q[3], 16);
        q[3] = __funnelshift_r(q[3], w, 16);
    }
}
template <int ESZ> __device__ __forceinline__ void gpuact__q_pop(uint32_t q[4]) { gpuact__q_push<ESZ>(q, 0u); }

/* One element at p: ESZ-byte access, or byte by byte (little-endian). */
template <int ESZ> __device__ __forceinline__ uint32_t gpuact__k_ld1(const unsigned char *p, int bytes) {
    if (bytes) {
        uint32_t w = (uint32_t)p[0] | ((uint32_t)p[1] << 8);
        if (ESZ == 4) w |= ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
        return w;
    }
    if (ESZ == 4) return *reinterpret_cast<const uint32_t *>(p);
    return *reinterpret_cast<const uint16_t *>(p);
}
template <int ESZ> __device__ __forceinline__ void gpuact__k_st1(unsigned char *p, uint32_t w, int bytes) {
    if (bytes) {
        p[0] = (unsigned char)w;
        p[1] = (unsigned char)(w >> 8);
        if (ESZ == 4) { p[2] = (unsigned char)(w >> 16); p[3] = (unsigned char)(w >> 24); }
    } else if (ESZ == 4) {
        *reinterpret_cast<uint32_t *>(p) = w;
    } else {
        *reinterpret_cast<uint16_t *>(p) = (uint16_t)w;
    }
}

/* Arguments of one element-wise launch (passed by value). Items: in VEC mode
   `head` scalars, then `nvec` vectors, then the scalar tail; otherwise
   `items` = n single elements. */
typedef struct gpuact__kargs {
    gpuact_cfg cfg;
    const unsigned char *in0, *in1; /* x (y for from-output), dy */
    unsigned char *out0, *out1;     /* y / d / dx, dx (forward+backward) */
    size_t head, nvec, items;
    int mode;
    /* NULL: the vectors in grid-stride order; else two zeroed words of
       device memory this launch alone uses (the pass tickets below; the
       kernel zeroes them again when it ends) */
    unsigned long long *tick;
    /* 1: the op's tables (section 10.2) hold this call's parameters'
       results (gpuact.h's gpuact__lut_take): a 16-bit forward reads them
       (gpuact__k_lut), a bfloat16 backward or forward+backward too
       (gpuact__kt GT) */
    int lut;
} gpuact__kargs;
/* T name[] in the block's dynamic shared memory (n: the most a launch
   gives; the CPU emulation of tests/gpu has none and takes a static array) */
#if defined(GPUACT_EMU_CUDA_RUNTIME_H)
#define GPUACT__DYN_SHARED(T, name, n) static thread_local T name[n]
#else
#define GPUACT__DYN_SHARED(T, name, n) extern __shared__ T name[]
#endif
/* GPUACT__GT_F16: binary16 reads its table too. Measured, not kept (H200,
   n = 2^28, % of copy, means over the 7 ops, randn / mix): backward 59.2 /
   47.3 -> 54.9 / 39.5, forward+backward 26.0 / 20.8 where the kernels
   without the table ran at 34.1-67.1 / 21.4-61.8 a op. Its window takes 80
   KB a block: two resident blocks, an L1 of about 40 KB for the forward's
   table, and the 1.2% of randn x below 2^-6 in the rolled retry
   (bench/results/2026-11-30-h200-bf16-grad-table) */
#ifndef GPUACT__GT_F16
#define GPUACT__GT_F16 0
#endif
/* The op's tables of section 10.2, one per op and 16-bit type: 16-bit
   results (forward) and f' over section 9.0's window (bfloat16; binary16
   with GPUACT__GT_F16) */
#define GPUACT__LUT_SLOTS (2 * GPUACT_OP_COUNT) /* op x {fp16, bf16} */
#define GPUACT__LUT_MARK 0x6c757431u           /* "lut1": the table is filled */
#define GPUACT__LUT_S(op, dt) (2 * ((op) - 1) + ((dt) == GPUACT_BF16))
static inline int gpuact__lut_slot(int op, int dt) { return GPUACT__LUT_S(op, dt); }
/* table S (gpuact__lut_slot): a static of a function template, so that it
   exists only in the modules whose kernels read it (the implementation's),
   not in every CUDA file that includes this header */
typedef struct __align__(16) gpuact__lut_t {
    uint16_t tab[65536];
    unsigned mark; /* GPUACT__LUT_MARK once filled (with gpuact__gt_d<S>'s) */
} gpuact__lut_t;
template <int S> __device__ __forceinline__ gpuact__lut_t *gpuact__lut_d() {
    static gpuact__lut_t t;
    return &t;
}
/* table S's f' over section 9.0's window (GPUACT__GT_N floats of its format) */
template <int S> __device__ __forceinline__ float *gpuact__gt_d() {
    static __align__(16) float g[S % 2 ? GPUACT__GT_N_BF16 : GPUACT__GT_F16 ? GPUACT__GT_N_F16 : 4];
    return g;
}

/* Pass tickets. A grid-stride loop hands block b the vectors of passes b,
   b + G, b + 2G, ... fixed in advance; the blocks drift apart, and the
   addresses in flight spread over a window that widens as the kernel runs:
   H100, a stand-in kernel (bench/layout_probe.cu --order, 1 input, 1
   output, 16-byte vectors), 93-95% of the copy's bandwidth, where the same
   loop taking each block-pass's vectors from a counter, in address order
   as the hardware hands out blocks, reached 99-101% (2 inputs: 96-97 and
   100-102). So where the caller passes a counter (gpuact__kargs tick) and
   the kernel takes it (gpuact__kt TICK: backward, by measurement), the
   first warp of a block to need the next ticket takes it from tick[0]
   with one atomic (256 U KP vectors, 8-16 KB) and leaves it in a ring of
   GPUACT__RING slots in shared memory for the block's other warps: no
   block barrier, and the warps of a block stay within GPUACT__RING
   tickets of each other (a slot is refilled once all 8 have read it; 8
   slots measured no faster than 4: H100, backward, mix, f16 45.9 against
   46.1% of copy, bf16 68.2 against 68.6). Every block adds one to tick[1]
   when its warps are done; the last one zeroes both words for the next
   launch (gpuact.h hands a pair to one launch at a time). */
#ifndef GPUACT__RING
#define GPUACT__RING 4
#endif
struct gpuact__ring {
    unsigned long long t[GPUACT__RING]; /* the vectors' first index of a block-pass */
    unsigned st[GPUACT__RING];          /* q + GPUACT__RING: the slot holds pass q's; ~0u: being fetched */
    unsigned rd[GPUACT__RING];          /* warps that have read it */
    unsigned long long w[GPUACT__BLOCK / 32]; /* each warp's copy, for its lanes */
};
__device__ __forceinline__ void gpuact__ring_init(gpuact__ring &r) {
    if (threadIdx.x < GPUACT__RING) {
        r.st[threadIdx.x] = threadIdx.x; /* pass threadIdx.x - GPUACT__RING, read by every warp */
        r.rd[threadIdx.x] = GPUACT__BLOCK / 32;
    }
    __syncthreads();
}
/* ticket q's first vector (warp-uniform; every lane of the warp calls it,
   for q = 0, 1, 2, ... in turn): lane 0 finds it in slot q % GPUACT__RING,
   or, if no warp of the block has fetched it yet and the slot's last ticket
   (q - GPUACT__RING) has been read by all 8 warps, fetches it with one
   atomic on tick; and copies it to the warp's word. (Fetching a ticket
   ahead, at the end of the pass before, measured no faster: H100, bf16
   forward 76.1 against 76.8% of copy, f16 backward 80.8 against 87.7.) */
__device__ __forceinline__ unsigned long long gpuact__ring_get(gpuact__ring &r, unsigned q, unsigned long long *tick, unsigned long long chunk) {
    const unsigned warp = threadIdx.x >> 5;
    __syncwarp(); /* every lane has read the warp's last ticket (gpuact__ring_at) */
    if ((threadIdx.x & 31u) == 0u) {
        const unsigned s = q % GPUACT__RING;
        volatile unsigned *st = r.st, *rd = r.rd;
        volatile unsigned long long *t = r.t;
        for (;;) {
            const unsigned v = st[s];
            if (v == q + GPUACT__RING) break;
            if (v == q && rd[s] == GPUACT__BLOCK / 32 && atomicCAS(&r.st[s], q, ~0u) == q) {
                __threadfence_block(); /* the 8 reads of the slot's last ticket before it is overwritten */
                t[s] = atomicAdd(tick, chunk);
                rd[s] = 0u;
                __threadfence_block();
                st[s] = q + GPUACT__RING;
                break;
            }
            __nanosleep(32);
        }
        __threadfence_block();
        r.w[warp] = t[s];
        __threadfence_block();
        atomicAdd(&r.rd[s], 1u);
    }
    __syncwarp();
    return ((volatile unsigned long long *)r.w)[warp];
}
/* the first vector of the block's pass `pass` where a ticket holds KP
   passes, from the warp's copy of its ticket (so that the loop need not
   keep it in registers) */
__device__ __forceinline__ unsigned long long gpuact__ring_at(gpuact__ring &r, unsigned pass, unsigned KP, unsigned long long chunk) {
    return ((volatile unsigned long long *)r.w)[threadIdx.x >> 5] + (pass % KP) * chunk;
}

/* Elements the fast tier rejected, parked per warp (in shared memory) and
   run through the full path 32 at a time, one per lane: a rejection then
   costs the warp 1/32 of a full-path evaluation instead of all of it (one
   lane in 128 needing it used to hold up the other 31 for its length).
   Each entry keeps the element's input bits with its byte offset: in place,
   the vector store has overwritten them by then. Room for 31 waiting plus
   one whole pass's 32 V (V = 4 fp32 or 8 16-bit elements a vector):
   20 KB a block for fp32, 27 KB for 16-bit. The kernels that run the table
   tier in their loop (EXTRA = 63) keep a second queue at the other end of
   the array, growing down: what the fast tier then rejects in turn, for the
   full path (at most 31 waiting plus one batch's 32; 28 KB a block). */
template <int ESZ, int EXTRA = 0> struct gpuact__defer {
    enum { CAP = 31 + 32 * (16 / ESZ) + 1 + EXTRA };
    typedef typename gpuact__word<ESZ>::type word;
    size_t at[CAP];
    word a[CAP], b[CAP];
};

/* What a kernel runs for the elements its tier rejected.

   The rest of the chain is a call (gpuact__k_rest_call), one body per
   (op, element type, direction, tiers skipped), which the kernels of that
   op and type share: swish_tanh's and GPUACT__OP_SWISH_TT's, and the 16-bit
   forward+backward kernels, whose rejected pairs take the forward's and
   the backward's calls. What the calls reach is rare (the tiers reject a
   few inputs in 2^10), so the calls cost no speed (H100, n = 2^28, all
   ops, types and directions, randn and mix, within the run-to-run spread:
   bench/results/2026-11-28-h100-rest-call). Inlined into each fp32 kernel
   and called once per kernel by the 16-bit ones, the same code made
   632,000 lines of PTX where there are 476,000 now, and took 87 s of cicc
   and ptxas (one thread) where it takes 59 s. A kernel that spilled
   around the call at its register cap keeps the code inlined (gpuact__kt
   RINL).

   gpuact__k_elem_call: the rest of the chain after the kernel's own tier
   (gpuact__k_elem's results); gpuact__k_full_call: the full path alone,
   for the table-tier kernels' second queue, whose elements the fast tier
   has rejected; gpuact__k_after_tt: the fast tier, then the full path, for
   their single elements at the ends. Each runs the chain's tiers in its
   order from where the element was rejected, so each result is the
   chain's; a 16-bit forward+backward pair that its tier rejected may hold
   one result that tier would have taken, which the chain's next tiers give
   as well: they keep only correctly rounded results, and the chain's 16-bit
   results are all correctly rounded (docs/ACCURACY.md; test_device checks
   every 16-bit input on the GPU against the host). */
template <int OP1, int DT, int DIR, int SKIP>
__device__ __noinline__ uint64_t gpuact__k_rest_call(const gpuact_cfg c, uint32_t a, uint32_t b) {
    uint32_t r0 = 0u, r1 = 0u;
    gpuact__k_elem_skip<OP1, DT, DIR, SKIP>(&c, a, b, &r0, &r1);
    return ((uint64_t)r1 << 32) | r0;
}
template <int OP, int DT, int DIR>
__device__ __forceinline__ uint64_t gpuact__k_elem_call(const gpuact_cfg c, uint32_t a, uint32_t b) {
    const int OP1 = gpuact__op_of<OP>::value;
    if (DT != GPUACT_F32 && DIR == GPUACT__DIR_FWDBWD)
        return (uint32_t)gpuact__k_rest_call<OP1, DT, GPUACT__DIR_FWD, gpuact__k_skip<OP, DT, GPUACT__DIR_FWD>::value>(c, a, 0u) |
               (gpuact__k_rest_call<OP1, DT, GPUACT__DIR_BWD, gpuact__k_skip<OP, DT, GPUACT__DIR_BWD>::value>(c, a, b) << 32);
    return gpuact__k_rest_call<OP1, DT, DIR, gpuact__k_skip<OP, DT, DIR>::value>(c, a, b);
}
template <int OP, int DT, int DIR>
__device__ __forceinline__ uint32_t gpuact__k_full_call(const gpuact_cfg c, uint32_t a, uint32_t b) {
    return (uint32_t)gpuact__k_rest_call<gpuact__op_of<OP>::value, DT, DIR, GPUACT__SKIP_H16 | GPUACT__SKIP_TT | GPUACT__SKIP_FAST>(c, a, b);
}
/* the full path alone, inlined (RINL) */
template <int OP, int DT, int DIR>
__device__ __forceinline__ uint32_t gpuact__k_full_inl(const gpuact_cfg *c, uint32_t a, uint32_t b) {
    uint32_t r0 = 0u, r1 = 0u;
    gpuact__k_elem_skip<gpuact__op_of<OP>::value, DT, DIR, GPUACT__SKIP_H16 | GPUACT__SKIP_TT | GPUACT__SKIP_FAST>(c, a, b, &r0, &r1);
    return r0;
}
/* The fast tier alone, for the fp32 forward, f' and backward kernels that
   run the table tier in their loop: 1 and *r0, or 0 */
template <int OP, int DT, int DIR>
__device__ __forceinline__ int gpuact__k_fast_only(const gpuact_cfg *c, uint32_t a, uint32_t b, uint32_t *r0) {
    const int op = gpuact__op_of<OP>::value;
    typedef gpuact__elt<DT> E;
    const int fmt = (int)E::FMT;
    const float x = E::load(a);
    float y = 0.0f;
    const int ok = DIR == GPUACT__DIR_FWD ? gpuact__fast_fwd(op, x, c, fmt, &y)
                 : DIR == GPUACT__DIR_GRAD ? gpuact__fast_grad(op, x, c, fmt, &y)
                 : gpuact__fast_bwd(op, x, E::load(b), c, fmt, &y);
    *r0 = E::store(y);
    return ok;
}
/* GPUACT__OP_SWISH_TT's kernels call the fast tier for the table tier's
   rejections: swish_tanh's is long, and inlined it cost the hot loop
   registers (above) */
#ifndef GPUACT__ST_FAST_CALL
#define GPUACT__ST_FAST_CALL 1
#endif
template <int OP, int DT, int DIR>
__device__ __noinline__ uint64_t gpuact__k_fast_call(const gpuact_cfg c, uint32_t a, uint32_t b) {
    uint32_t r0 = 0u;
    const int ok = gpuact__k_fast_only<OP, DT, DIR>(&c, a, b, &r0);
    return ((uint64_t)(unsigned)ok << 32) | r0;
}
/* the fast tier (1 and *r0, or 0) as the kernel runs it */
template <int OP, int DT, int DIR>
__device__ __forceinline__ int gpuact__k_fast_tier(const gpuact_cfg *c, uint32_t a, uint32_t b, uint32_t *r0) {
    if (OP == GPUACT__OP_SWISH_TT && GPUACT__ST_FAST_CALL) {
        const uint64_t v = gpuact__k_fast_call<OP, DT, DIR>(*c, a, b);
        *r0 = (uint32_t)v;
        return (int)(v >> 32);
    }
    return gpuact__k_fast_only<OP, DT, DIR>(c, a, b, r0);
}
template <int OP, int DT, int DIR>
__device__ __forceinline__ uint32_t gpuact__k_after_tt(const gpuact_cfg *c, uint32_t a, uint32_t b) {
    uint32_t r0 = 0u;
    return gpuact__k_fast_tier<OP, DT, DIR>(c, a, b, &r0) ? r0 : gpuact__k_full_call<OP, DT, DIR>(*c, a, b);
}
/* While 32 elements wait in the warp's second queue (with `all`, while any
   does), the warp evaluates up to 32 of them by the full path, one per
   lane, and stores their results. */
template <int OP, int DT, int DIR, class Q>
__device__ __forceinline__ void gpuact__k_flush_full(const gpuact__kargs &k, const gpuact_cfg *c, Q &q, unsigned &cnt2, bool all) {
    const int ESZ = (int)gpuact__elt<DT>::ESZ;
    const unsigned lane = threadIdx.x & 31u;
    while (cnt2 >= 32u || (all && cnt2)) {
        const unsigned m = cnt2 < 32u ? cnt2 : 32u;
        cnt2 -= m;
        __syncwarp();
        if (lane < m) {
            const unsigned slot = (unsigned)Q::CAP - 1u - (cnt2 + lane);
            gpuact__k_st1<ESZ>(k.out0 + q.at[slot],
                               gpuact__kt<OP, DT, DIR>::RINL ? gpuact__k_full_inl<OP, DT, DIR>(c, q.a[slot], q.b[slot])
                                                             : gpuact__k_full_call<OP, DT, DIR>(*c, q.a[slot], q.b[slot]), 0);
        }
        __syncwarp();
    }
}

/* While 32 elements wait in the warp's queue q (with `all`, while any
   does), the warp evaluates up to 32 of them, one per lane, and stores
   their results: by the full path (after the fast tier), or where the
   kernel runs the table tier, by the fast tier, passing what it rejects to
   the second queue (flushed by 32, and whole with `all`). A full-path
   evaluation then costs the warp once for 32 elements there too, where a
   batch of the table tier's rejections (of inputs beyond its range, say)
   mostly needs only the fast tier. Warp-uniform (cnt, cnt2 are the same in
   every lane). The queues' regions never meet (cnt + cnt2 < CAP). */
template <int OP, int DT, int DIR, class Q>
__device__ __forceinline__ void gpuact__k_flush(const gpuact__kargs &k, const gpuact_cfg *c, Q &q, unsigned &cnt, unsigned &cnt2, bool all) {
    const int ESZ = (int)gpuact__elt<DT>::ESZ;
    const bool OUT1 = DIR == GPUACT__DIR_FWDBWD;
    const bool TT = gpuact__kt<OP, DT, DIR>::Q2;
    const unsigned lane = threadIdx.x & 31u;
    while (cnt >= 32u || (all && cnt)) {
        const unsigned m = cnt < 32u ? cnt : 32u;
        cnt -= m;
        __syncwarp();
        if (!TT) {
            if (lane < m) {
                const unsigned slot = cnt + lane;
                uint32_t r0 = 0u, r1 = 0u;
                if (gpuact__kt<OP, DT, DIR>::RINL) gpuact__k_elem<OP, DT, DIR>(c, q.a[slot], q.b[slot], &r0, &r1);
                else {
                    const uint64_t r = gpuact__k_elem_call<OP, DT, DIR>(*c, q.a[slot], q.b[slot]);
                    r0 = (uint32_t)r;
                    r1 = (uint32_t)(r >> 32);
                }
                gpuact__k_st1<ESZ>(k.out0 + q.at[slot], r0, 0);
                if (OUT1) gpuact__k_st1<ESZ>(k.out1 + q.at[slot], r1, 0);
            }
        } else {
            bool rej = false;
            size_t at = 0;
            typename Q::word a = 0, b = 0;
            if (lane < m) {
                const unsigned slot = cnt + lane;
                at = q.at[slot];
                a = q.a[slot];
                b = q.b[slot];
                uint32_t r0 = 0u;
                if (gpuact__k_fast_tier<OP, DT, DIR>(c, a, b, &r0)) gpuact__k_st1<ESZ>(k.out0 + at, r0, 0);
                else rej = true;
            }
            const unsigned br = __ballot_sync(0xffffffffu, rej);
            if (rej) {
                const unsigned slot = (unsigned)Q::CAP - 1u - (cnt2 + __popc(br & ((1u << lane) - 1u)));
                q.at[slot] = at;
                q.a[slot] = a;
                q.b[slot] = b;
            }
            cnt2 += __popc(br);
        }
        __syncwarp();
        if (TT) gpuact__k_flush_full<OP, DT, DIR>(k, c, q, cnt2, false);
    }
    if (TT && all) gpuact__k_flush_full<OP, DT, DIR>(k, c, q, cnt2, true);
}

/* The OR of every lane's v (v < 2^V): one instruction from sm_80 on, else
   V votes (and in tests/gpu/emulation) */
template <int V> __device__ __forceinline__ unsigned gpuact__warp_or(unsigned v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    return __reduce_or_sync(0xffffffffu, v);
#else
    unsigned r = 0u;
#pragma unroll
    for (int j = 0; j < V; j++) r |= __any_sync(0xffffffffu, (v >> j) & 1u) ? 1u << j : 0u;
    return r;
#endif
}
/* Vectors a lane takes per pass (gpuact__k_vec_fast): the pass's
   bookkeeping (bounds, addresses, the loads of the next pass) is then
   shared by U V elements. fp32: 2 for the forwards, for f' of the
   sigmoid family, elu, selu and gelu_erf and for the backward of the
   sigmoid family and gelu_erf, else 1.
   Measured on the H100 (fp32, n = 2^28, randn, % of copy), U = 1 / 2:
   silu fwd 80.9 / 87.1, bwd 88.6 / 89.6; elu fwd 82.5 / 87.9; selu fwd
   81.9 / 89.4; gelu_sigmoid fwd 75.3 / 80.7, bwd 86.6 / 89.3; gelu_tanh
   fwd 67.8 / 72.4, bwd 72.5 / 74.8. Backward of elu and selu at U = 2
   fell from 92-93 to 55-62 (6 blocks, spilling) and 75-80 (5 blocks).
   gelu_erf, U = 1 / 2 at 4 blocks (with a form of its tier that derived
   s2..s5 from s0 and s1): fwd 60.7 / 65.5, bwd 72.9 / 78.0.
   Forward, U = 2 at 6 blocks (5 for selu and gelu_erf) / U = 4 at 4
   blocks, the range over two runs of each build that had it: silu
   88.3-88.7 / 88.6-90.4, elu 87.9-90.0 / 89.8-89.9, selu 88.3-89.7 /
   89.7-90.2, gelu_erf 71.5-71.9 / 71.1-72.1; swish_tanh, U = 1 / 2 at 5
   blocks: 50.6-51.2 / 52.0-52.9. gelu_tanh's forward gained 1.4 points at
   U = 4 (randn), but gelu_tanh and gelu_erf lost 8.6 and 7.0 points on the
   bench's mix data (more inputs for the full path), so they keep U = 2.
   In the loop as it was before its bookkeeping was cut (8b905b7), an
   identity in silu's place ran at 91.3-93.9% with U = 1 or 2 at 6 blocks,
   but at 63% with U = 4 at 6 blocks and 72% with U = 2 at 8. */
/* The ops and element types whose kernels are built (GPUACT_ONLY_OPS,
   GPUACT_ONLY_TYPES: gpuact.h's top comment); the others launch nothing
   (the device entry points answer GPUACT_ERROR_UNSUPPORTED first). */
#ifndef GPUACT_BIT
#define GPUACT_BIT(x) (1u << (unsigned)(x))
#endif
#ifndef GPUACT_ONLY_OPS
#define GPUACT_ONLY_OPS 0xffffffffu
#endif
#ifndef GPUACT_ONLY_TYPES
#define GPUACT_ONLY_TYPES 0xffffffffu
#endif
static inline int gpuact__device_built(int op, int dtype) {
    return (int)((((unsigned)(GPUACT_ONLY_OPS) >> (unsigned)op) & ((unsigned)(GPUACT_ONLY_TYPES) >> (unsigned)dtype)) & 1u);
}
/* fast mode's kernels, with GPUACT_FAST_KERNELS (gpuact.h) */
#ifdef GPUACT_FAST_KERNELS
#define GPUACT__FAST_KERNELS 1
#else
#define GPUACT__FAST_KERNELS 0
#endif
template <int OP, int DT> struct gpuact__k_built {
    enum { value = (((unsigned)(GPUACT_ONLY_OPS) >> OP) & ((unsigned)(GPUACT_ONLY_TYPES) >> DT) & 1u) != 0 };
};
/* The bfloat16 kernels that read the table of f' (gpuact__kt GT): pass
   tickets (but swish_tanh's forward+backward), vectors a lane a pass, and
   resident blocks. H200, n = 2^28, % of copy, means over the 7 ops, randn /
   mix, forward+backward: U = 1 without tickets 88.0 / 76.7, U = 2 91.8 /
   82.3, U = 2 with tickets 94.6 / 83.0 (swish_tanh's 88.1 -> 84.4 with
   them, at its U = 1: U = 2 spilled); backward, U = 2: 92.2 / 83.5, with
   swish_tanh's tickets 93.4 / 83.6 (swish_tanh 87.6 -> 91.8); U = 4
   spilled and ran at 78.4 / 50.5, 4 blocks (64 registers) spilled and ran
   at 84.6 / 80.0 (bench/results/2026-11-30-h200-bf16-grad-table) */
#ifndef GPUACT__GT_TICK
#define GPUACT__GT_TICK 1
#endif
#ifndef GPUACT__GT_FB_U
#define GPUACT__GT_FB_U 2
#endif
#ifndef GPUACT__GT_U
#define GPUACT__GT_U 2
#endif
#ifndef GPUACT__GT_BLOCKS
#define GPUACT__GT_BLOCKS 3
#endif
/* == the kernel traits: one row per accurate-mode kernel <OP, DT, DIR> ==
   What each kernel's loop runs and how it is tuned, in one place (the
   measurements behind the numbers are with their macros above and with
   gpuact__k_vec_fast). The launchers instantiate exactly the rows with OK,
   as gpuact__k_pass where PASS, else as gpuact__k_eltwise, and
   scripts/gpu-build-check.sh checks that the PTX holds GPUACT__NKERNELS of
   them (GPUACT__NPASS one-pass ones) and GPUACT__NFAST fast-mode kernels
   (gpuact__kt_count, below). */
template <int OP, int DT, int DIR> struct gpuact__kt {
    enum {
        /* a tier in the loop (gpuact__k_vec_fast): every op and direction
           but backward from y */
        FAST = DIR != GPUACT__DIR_BWDOUT &&
               (OP == GPUACT_OP_SILU || OP == GPUACT_OP_GELU_SIGMOID || OP == GPUACT_OP_GELU_TANH || OP == GPUACT_OP_GELU_ERF ||
                OP == GPUACT_OP_ELU || OP == GPUACT_OP_SELU || OP == GPUACT_OP_SWISH_TANH || OP == GPUACT__OP_SWISH_TT),
        /* the table tier in the loop: fp32 forward, f' and backward of
           gelu_erf, gelu_tanh, gelu_sigmoid, silu and swish_tanh (as
           GPUACT__OP_SWISH_TT), and forward+backward of gelu_erf, gelu_tanh
           and swish_tanh (the 16-bit kernels run the 16-bit tier there, and
           the table tier for what it rejects). Forward+backward, H100,
           n = 2^28, % of copy, randn / mix, fast tier -> table tier:
           gelu_erf 76.4 / 69.5 -> 85.7 / 68.6, gelu_tanh 67.3 / 59.1 ->
           85.4 / 52.6, swish_tanh 41.7 / 31.8 -> 77.7 / 53.0; gelu_sigmoid
           87.0 / 77.6 -> 85.5 / 69.6 and silu 88.2 / 82.6 -> 83.3 / 70.4
           keep the fast tier. */
        TT = DT == GPUACT_F32 && DIR != GPUACT__DIR_BWDOUT &&
             (DIR != GPUACT__DIR_FWDBWD || OP == GPUACT_OP_GELU_ERF || OP == GPUACT_OP_GELU_TANH || OP == GPUACT__OP_SWISH_TT) &&
             (OP == GPUACT_OP_GELU_ERF || OP == GPUACT_OP_GELU_TANH || OP == GPUACT_OP_GELU_SIGMOID || OP == GPUACT_OP_SILU ||
              OP == GPUACT__OP_SWISH_TT),
        /* table-tier kernels whose queue flush runs the fast tier first and
           keeps a second queue for the full path (gpuact__k_flush): all but
           forward+backward, which sends what the tier rejects to the
           composites */
        Q2 = TT && DIR != GPUACT__DIR_FWDBWD,
        /* the table tier's forward from 16-byte rows (gpuact__tt_fwd's
           gpuact__tt_fwd16: half the gathers, the block's copy half as
           large): gelu_erf, gelu_sigmoid and silu, forward and (gelu_erf)
           forward+backward.
           Those kernels are bound by the rows' gathers (H200, gelu_erf fp32
           forward: the L1's data pipe 98% busy, issue 56%;
           bench/results/2026-11-29-h200-probes) */
        TT16 = TT && (DIR == GPUACT__DIR_FWD || DIR == GPUACT__DIR_FWDBWD) &&
               (OP == GPUACT_OP_GELU_ERF || OP == GPUACT_OP_GELU_SIGMOID || OP == GPUACT_OP_SILU),
        /* the 16-bit tier in the loop: fp16 and bf16 forward, f', backward
           and forward+backward of the table tier's ops (swish_tanh as
           GPUACT__OP_SWISH_TT) and of elu and selu */
        H16 = DT != GPUACT_F32 && DIR != GPUACT__DIR_BWDOUT &&
              (OP == GPUACT_OP_GELU_ERF || OP == GPUACT_OP_GELU_TANH || OP == GPUACT_OP_GELU_SIGMOID || OP == GPUACT_OP_SILU ||
               OP == GPUACT__OP_SWISH_TT || OP == GPUACT_OP_ELU || OP == GPUACT_OP_SELU),
        /* the 16-bit tier's tails (gpuact__h_tail) in the loop, for the
           inputs past the rows that the tier without them rejected
           (gpuact__h_far4, three operations a word, then one element a
           turn in a rolled loop; the other vectors run the loop without
           them): gelu_tanh, gelu_sigmoid, silu and swish_tanh. In every element's code they
           cost 4-18 points of copy in the 16-bit backward on randn (H200,
           bench/results/2026-11-29-h200-tier16-tails); gelu_erf keeps them
           out (its fp16 zero tail takes x < -8; with them in every
           element's code its fp16 backward on mix went 56.5 -> 37.1) */
        TAILS = H16 && (OP == GPUACT_OP_GELU_TANH || OP == GPUACT_OP_GELU_SIGMOID || OP == GPUACT_OP_SILU || OP == GPUACT__OP_SWISH_TT),
        /* bfloat16 backward and forward+backward: dy f'(x) from the op's
           table of f' (section 9.0) in dynamic shared memory, and y from its
           forward table, where the call's parameters have them
           (gpuact__kargs lut); what the table rejects then takes the 16-bit
           tier (with the tails) in the rolled loop, and the queue after that */
        GT = (DT == GPUACT_BF16 || (DT == GPUACT_F16 && GPUACT__GT_F16)) && H16 && (DIR == GPUACT__DIR_BWD || DIR == GPUACT__DIR_FWDBWD),
        /* rows of the 16-bit tier's compact tables a block copies: Q's
           (forward), A's (f', backward) or both; none for elu and selu */
        ROWS = !H16 || OP == GPUACT_OP_ELU || OP == GPUACT_OP_SELU ? 0 : DIR == GPUACT__DIR_FWDBWD ? 2 * GPUACT__TT_N : GPUACT__TT_N,
        /* the fast tier reads the 2^(j/64) table (1 KB) one entry an
           element (gpuact__fast_elu_fwd_at): fp32 forward of elu and selu,
           a gpuact__k_pass kernel, through the L1 */
        E2S = DT == GPUACT_F32 && DIR == GPUACT__DIR_FWD && (OP == GPUACT_OP_ELU || OP == GPUACT_OP_SELU),
        /* one pass a block (gpuact__k_pass in place of gpuact__k_eltwise):
           fp32 forward and backward of elu and selu. H100, n = 2^28, % of
           copy, randn / mix, gpuact__k_eltwise -> gpuact__k_pass: forward
           elu 89.8 / 90.1 -> 93.3 / 93.0, selu 90.6 / 90.5 -> 92.9 / 93.1
           (PU = 4); backward elu 97.2 / 94.0 -> 100.4 / 97.0, selu
           97.8 / 94.5 -> 100.1 / 99.8 (PU = 2). Not the ops whose tier reads a
           16 KB table (forward 92.8 -> 85-87) or rejects more on the mix
           (silu backward 92.1 -> 66.6, swish_tanh 83.8 -> 28.0), nor elu's
           and selu's forward+backward (randn +3 to +6 points, mix -1 to -7):
           bench/results/2026-11-27-h100-onepass */
        PASS = FAST && DT == GPUACT_F32 && (OP == GPUACT_OP_ELU || OP == GPUACT_OP_SELU) &&
               (DIR == GPUACT__DIR_FWD || DIR == GPUACT__DIR_BWD),
        /* the rest of the chain inlined into the queue's flush (else a
           call, gpuact__k_elem_call or gpuact__k_full_call, one body per
           op, direction and tiers skipped that every kernel shares): where
           the call spilled (32-64 bytes saved around it) at the kernel's
           register cap: the fp32 forward of the table tier's ops but
           swish_tanh, elu's fp32 f', and the fp32 forward and backward of
           swish_tanh with other parameters than the table tier's */
        RINL = DT == GPUACT_F32 && ((TT && DIR == GPUACT__DIR_FWD && OP != GPUACT__OP_SWISH_TT) ||
                                    (OP == GPUACT_OP_ELU && DIR == GPUACT__DIR_GRAD) ||
                                    (OP == GPUACT_OP_SWISH_TANH && (DIR == GPUACT__DIR_FWD || DIR == GPUACT__DIR_BWD))),
        /* its vectors a thread */
        PU = DIR == GPUACT__DIR_FWD ? GPUACT__PASS_FWD_U : 2,
        /* pass tickets (gpuact__kargs tick) taken where the caller gives
           them: backward of every op but swish_tanh, forward+backward of
           elu and selu. H100, n = 2^28, randn, % of copy, grid-stride
           order / tickets, means over the ops: backward f32 92.1 / 97.2,
           f16 82.6 / 87.7 (swish_tanh 48.6 / 46.8), bf16 93.0 / 98.1
           (swish_tanh 87.6 / 86.6); forward+backward of elu and selu
           +3.0 to +6.4 points in each type. Not the forwards (f32 92.4 /
           87.2, bf16 86.8 / 76.8; elu's and selu's f32 forward +5.1 and
           +1.4 in one run, none in another) nor the other ops'
           forward+backward (gelu_erf f32 85.9 / 82.9): a loop of one input
           stream that takes tickets needs more loads in flight than these
           kernels hold (bench/layout_probe.cu --order, a stand-in with 64
           FMAs a word: 87.4% at U = 2, 3 blocks, 99.8% at U = 4). And the
           bfloat16 kernels that read the table of f' (GT: GPUACT__GT_TICK),
           swish_tanh's backward among them, but its forward+backward. */
        TICK = FAST && !PASS &&
               ((GT && GPUACT__GT_TICK && !(OP == GPUACT__OP_SWISH_TT && DIR == GPUACT__DIR_FWDBWD)) ||
                (OP != GPUACT_OP_SWISH_TANH && OP != GPUACT__OP_SWISH_TT &&
                 (DIR == GPUACT__DIR_BWD || (DIR == GPUACT__DIR_FWDBWD && (OP == GPUACT_OP_ELU || OP == GPUACT_OP_SELU))))),

        /* the ops whose tier is x sigma(z) */
        SIG = OP == GPUACT_OP_SILU || OP == GPUACT_OP_GELU_SIGMOID || OP == GPUACT_OP_GELU_TANH,
        /* __launch_bounds__' minimum of resident blocks (GPUACT__FAST_MIN_BLOCKS above) */
        BLOCKS_WANT = !FAST ? 1
                      : GT ? GPUACT__GT_BLOCKS
                      : H16 ? GPUACT__H16_BLOCKS
                      : TT && DIR == GPUACT__DIR_FWDBWD ? GPUACT__TT_FB_BLOCKS
                      : TT ? (DIR == GPUACT__DIR_FWD ? (OP == GPUACT__OP_SWISH_TT ? GPUACT__TT_ST_FWD_BLOCKS : GPUACT__TT_FWD_BLOCKS)
                              : DIR == GPUACT__DIR_GRAD ? (OP == GPUACT__OP_SWISH_TT ? GPUACT__TT_ST_GRAD_BLOCKS : GPUACT__TT_GRAD_BLOCKS)
                              : OP == GPUACT__OP_SWISH_TT ? GPUACT__TT_ST_BWD_BLOCKS : GPUACT__TT_BWD_BLOCKS)
                      : DT != GPUACT_F32 ? (DIR == GPUACT__DIR_FWDBWD ? (OP == GPUACT_OP_GELU_TANH || OP == GPUACT_OP_GELU_ERF ? 1
                                                                        : OP == GPUACT_OP_SWISH_TANH ? 1 : 3)
                                           : OP == GPUACT_OP_GELU_ERF ? 2
                                           : OP == GPUACT_OP_GELU_TANH || ((OP == GPUACT_OP_SELU || OP == GPUACT_OP_ELU) && DIR == GPUACT__DIR_FWD) ? 3 : 4)
                      : DIR == GPUACT__DIR_FWDBWD ? (OP == GPUACT_OP_GELU_ERF || OP == GPUACT_OP_SWISH_TANH ? 3 : OP == GPUACT_OP_GELU_TANH ? 1 : 4)
                      : OP == GPUACT_OP_GELU_ERF ? (DIR == GPUACT__DIR_BWD ? 4 : 5)
                      : DIR == GPUACT__DIR_BWD && SIG ? 4
                      : OP == GPUACT_OP_GELU_SIGMOID || OP == GPUACT_OP_SELU || (OP == GPUACT_OP_GELU_TANH && DIR == GPUACT__DIR_GRAD) ? 5
                      : OP == GPUACT_OP_SWISH_TANH ? GPUACT__SWISH_MIN_BLOCKS
                      : GPUACT__FAST_MIN_BLOCKS,
        BLOCKS = BLOCKS_WANT < GPUACT__SM_BLOCKS ? BLOCKS_WANT : GPUACT__SM_BLOCKS,
        /* resident blocks at most (0: as many as fit, the launcher's
           occupancy query): swish_tanh's fp32 backward with the table tier
           runs at 3 (its registers let 4 fit; H100, n = 2^28, % of copy,
           randn / mix: 3 blocks 90.5 / 84.8, 4 blocks 90.0 / 82.3) */
        MAXB = DT == GPUACT_F32 && OP == GPUACT__OP_SWISH_TT && DIR == GPUACT__DIR_BWD ? GPUACT__TT_ST_BWD_BLOCKS : 0,
        /* vectors a lane takes per pass (gpuact__k_vec_fast, the comment above) */
        U = DT != GPUACT_F32 ? (H16 ? (DIR == GPUACT__DIR_FWDBWD ? (GT && OP != GPUACT__OP_SWISH_TT ? GPUACT__GT_FB_U : GPUACT__H16_FB_U)
                                       : GT ? GPUACT__GT_U : GPUACT__H16_U) : 1)
            : TT && DIR == GPUACT__DIR_FWDBWD ? GPUACT__TT_FB_U
            : TT ? (DIR == GPUACT__DIR_FWD ? (OP == GPUACT__OP_SWISH_TT ? GPUACT__TT_ST_FWD_U : GPUACT__TT_FWD_U)
                    : DIR == GPUACT__DIR_BWD && OP == GPUACT__OP_SWISH_TT ? GPUACT__TT_ST_BWD_U : GPUACT__TT_BWD_U)
            : DIR == GPUACT__DIR_FWD ? 2
            : DIR == GPUACT__DIR_GRAD ? ((SIG || OP == GPUACT_OP_ELU || OP == GPUACT_OP_SELU || OP == GPUACT_OP_GELU_ERF) ? 2 : 1)
            : DIR == GPUACT__DIR_BWD ? ((SIG || OP == GPUACT_OP_GELU_ERF) ? 2 : 1)
            : 1,
        /* instantiated: built (GPUACT_ONLY_OPS, GPUACT_ONLY_TYPES), backward
           from y for elu and selu only, GPUACT__OP_SWISH_TT where it runs a
           tier of its own; with it, the fast-mode kernel of the op (one for
           OP and GPUACT__OP_SWISH_TT's op) */
        OK = gpuact__k_built<gpuact__op_of<OP>::value, DT>::value && (DIR != GPUACT__DIR_BWDOUT || OP == GPUACT_OP_ELU || OP == GPUACT_OP_SELU) &&
             (OP != GPUACT__OP_SWISH_TT || TT || H16)
    };
};
/* The count of the rows with OK: accurate-mode kernels (GPUACT__NKERNELS,
   GPUACT__NPASS of them gpuact__k_pass) and fast-mode kernels
   (GPUACT__NFAST: one per op, not per OP, for the fp32 rows of the ops
   of GPUACT__FM_OWN, none without GPUACT_FAST_KERNELS). P = 1 counts only
   the rows with PASS. */
template <int OP, int DT, int DIR, int P> struct gpuact__kt_row {
    enum { value = gpuact__kt<OP, DT, DIR>::OK && (!P || gpuact__kt<OP, DT, DIR>::PASS) };
};
template <int OP, int DT, int P> struct gpuact__kt_dirs {
    enum { value = gpuact__kt_row<OP, DT, 0, P>::value + gpuact__kt_row<OP, DT, 1, P>::value + gpuact__kt_row<OP, DT, 2, P>::value +
                   gpuact__kt_row<OP, DT, 3, P>::value + gpuact__kt_row<OP, DT, 4, P>::value };
};
template <int OP, int P = 0> struct gpuact__kt_count {
    enum { value = gpuact__kt_dirs<OP, GPUACT_F32, P>::value + gpuact__kt_dirs<OP, GPUACT_F16, P>::value + gpuact__kt_dirs<OP, GPUACT_BF16, P>::value };
};
template <int P> struct gpuact__kt_ops {
    enum { value = gpuact__kt_count<GPUACT_OP_GELU_ERF, P>::value + gpuact__kt_count<GPUACT_OP_GELU_TANH, P>::value +
                   gpuact__kt_count<GPUACT_OP_GELU_SIGMOID, P>::value + gpuact__kt_count<GPUACT_OP_ELU, P>::value +
                   gpuact__kt_count<GPUACT_OP_SELU, P>::value + gpuact__kt_count<GPUACT_OP_SILU, P>::value +
                   gpuact__kt_count<GPUACT_OP_SWISH_TANH, P>::value };
};
/* fast mode's kernels of op OP (gpuact__k_fm): its fp32 rows where fast
   mode computes its own functions (GPUACT__FM_OWN) */
template <int OP> struct gpuact__kt_fm {
    enum { value = GPUACT__FM_OWN(OP, 1) ? (int)gpuact__kt_dirs<OP, GPUACT_F32, 0>::value : 0 };
};
/* gpuact__k_lut kernels (section 10.2): one per op and 16-bit type built */
template <int OP> struct gpuact__lut_count {
    enum { value = (int)gpuact__k_built<OP, GPUACT_F16>::value + (int)gpuact__k_built<OP, GPUACT_BF16>::value };
};
#if defined(GPUACT_NO_FWD_TABLES)
#define GPUACT__FWD_TABLES 0
#else
#define GPUACT__FWD_TABLES 1
#endif
enum {
    GPUACT__NLUT = GPUACT__FWD_TABLES * (gpuact__lut_count<GPUACT_OP_GELU_ERF>::value + gpuact__lut_count<GPUACT_OP_GELU_TANH>::value +
                                         gpuact__lut_count<GPUACT_OP_GELU_SIGMOID>::value + gpuact__lut_count<GPUACT_OP_ELU>::value +
                                         gpuact__lut_count<GPUACT_OP_SELU>::value + gpuact__lut_count<GPUACT_OP_SILU>::value +
                                         gpuact__lut_count<GPUACT_OP_SWISH_TANH>::value),
    GPUACT__NOP_ROWS = gpuact__kt_ops<0>::value,
    GPUACT__NKERNELS = GPUACT__NOP_ROWS + gpuact__kt_count<GPUACT__OP_SWISH_TT>::value,
    GPUACT__NPASS = gpuact__kt_ops<1>::value + gpuact__kt_count<GPUACT__OP_SWISH_TT, 1>::value,
    GPUACT__NFAST = GPUACT__FAST_KERNELS ? gpuact__kt_fm<GPUACT_OP_ELU>::value + gpuact__kt_fm<GPUACT_OP_SELU>::value +
                                               gpuact__kt_fm<GPUACT_OP_SILU>::value
                                         : 0
};
/* gpuact__h_far on the bits of two 16-bit inputs (a word): |x|'s 15 bits
   m exceed those of the rows' end T where m + (0x7fff - T) reaches bit 15
   (no carry into the next half: both are below 2^15), and x is negative
   where bit 15 of the half is set; a NaN may count as past (the tails
   reject it). Bits 15 and 31: the word's low and high input past the
   rows. Three operations a word, where decoding each input and comparing
   cost twice that. */
template <int OP, int DT> __device__ __forceinline__ uint32_t gpuact__h_past2(uint32_t w) {
    const int bf = DT == GPUACT_BF16;
    /* T's bits: gelu_erf 8, gelu_tanh 6, gelu_sigmoid 8, silu 16, swish_tanh 13.75 */
    const uint32_t T = OP == GPUACT_OP_SWISH_TANH ? (bf ? 0x415cu : 0x4ae0u)
                       : OP == GPUACT_OP_GELU_TANH ? (bf ? 0x40c0u : 0x4600u)
                       : OP == GPUACT_OP_SILU      ? (bf ? 0x4180u : 0x4c00u)
                                                   : (bf ? 0x4100u : 0x4800u);
    const uint32_t K = (0x7fffu - T) * 0x10001u;
    const int sym = OP == GPUACT_OP_GELU_SIGMOID || OP == GPUACT_OP_SILU;
    const uint32_t past = (w & 0x7fff7fffu) + K;
    return (sym ? past : past & w) & 0x80008000u;
}
/* whether any of a vector's eight 16-bit inputs (four words) is past the rows */
template <int OP, int DT> __device__ __forceinline__ int gpuact__h_far4(const uint32_t w[4]) {
    uint32_t acc = 0u;
#pragma unroll
    for (int i = 0; i < 4; i++) acc |= gpuact__h_past2<OP, DT>(w[i]);
    return acc != 0u;
}
/* word i of four, i not known at compile time (selects: an indexed array
   would go to local memory) */
__device__ __forceinline__ uint32_t gpuact__pick4(const uint32_t w[4], int i) {
    return i < 2 ? (i == 0 ? w[0] : w[1]) : (i == 2 ? w[2] : w[3]);
}
/* the 16-bit value r into bits sh..sh+15 of word i of four */
__device__ __forceinline__ void gpuact__put4(uint32_t w[4], int i, int sh, uint32_t r) {
    const uint32_t m = 0xffffu << sh, v = (r & 0xffffu) << sh;
#pragma unroll
    for (int k = 0; k < 4; k++) w[k] = k == i ? (w[k] & ~m) | v : w[k];
}
/* The vectors of a VEC-mode call, for kernels with a fast tier: the loop is
   warp-uniform (a warp takes 32 U consecutive vectors a pass, lane l the
   vectors l, l + 32, ...) so the votes below see every lane. Each lane runs
   the tier on its V elements of a vector and stores them; the warp appends
   the rejected ones to its queue (ballot + popc give each its slot) and,
   once 32 wait (or at the end), evaluates 32 by the full path and
   overwrites their outputs. __syncwarp orders the queue's writes before its
   reads, and the vector stores before the corrected ones. */
template <int OP, int DT, int DIR>
__device__ __forceinline__ void gpuact__k_vec_fast(const gpuact__kargs &k, const gpuact_cfg *c, const uint32_t *tt, const float *gs,
                                                   const uint16_t *ys) {
    const int ESZ = (int)gpuact__elt<DT>::ESZ, V = 16 / ESZ;
    const bool IN1 = DIR == GPUACT__DIR_BWD || DIR == GPUACT__DIR_FWDBWD;
    const int U = gpuact__kt<OP, DT, DIR>::U;
    const bool OUT1 = DIR == GPUACT__DIR_FWDBWD;
    const bool GT = gpuact__kt<OP, DT, DIR>::GT;
    const uint32_t MASK = ESZ == 4 ? 0xffffffffu : 0xffffu;
    typedef gpuact__defer<ESZ, gpuact__kt<OP, DT, DIR>::Q2 ? 63 : 0> defer;
    typedef typename defer::word word;
    __shared__ defer qs[GPUACT__BLOCK / 32];
    defer &q = qs[threadIdx.x >> 5];
    const unsigned lane = threadIdx.x & 31u, below = (1u << lane) - 1u;
    const size_t chunk = (size_t)blockDim.x * U;          /* vectors a block takes a pass */
    const size_t stride = (size_t)gridDim.x * chunk;      /* and the grid, in grid-stride order */
    const size_t wofs = (size_t)(threadIdx.x & ~31u) * U; /* the warp's first vector in its block's */
    __shared__ gpuact__ring ring;
    unsigned long long *const tick = gpuact__kt<OP, DT, DIR>::TICK ? k.tick : (unsigned long long *)0;
    if (tick) gpuact__ring_init(ring);
    /* a ticket holds KP block-passes: 8 KB or more (at 4 KB a ticket, U = 1,
       its atomic's latency showed: 72-93% of copy in the stand-in) */
    const unsigned KP = U == 1 ? 2u : 1u;
    const int spass = (int)stride;
    const size_t sbytes = stride * 16u;
    unsigned pass = 0; /* the block's pass */
    /* Per pass: the byte offset of the lane's first vector, and the
       vectors from the warp's first to the end (wl) and from the lane's
       (rem, cut to 2^30, more than a pass holds, so that each vector's
       bounds test is one 32-bit compare). In grid-stride order they grow
       by a pass of the grid (spass, sbytes); with tickets they follow from
       the pass's first vector. */
    size_t at0;
    long long wl;
    {
        const size_t T = tick ? (size_t)gpuact__ring_get(ring, 0u, tick, chunk * KP) : (size_t)blockIdx.x * chunk;
        at0 = (k.head + (T + wofs + lane) * V) * ESZ;
        wl = (long long)k.nvec - (long long)(T + wofs);
    }
    unsigned cnt = 0, cnt2 = 0; /* entries waiting in the queues: the same in every lane */
    /* the next pass's vectors are loaded before this pass's math: the loads
       of all warps then overlap their arithmetic instead of coming in waves */
    uint4 na[U], nb[U];
    {
        const long long l = wl - (long long)lane;
        const int rem = l > (1 << 30) ? (1 << 30) : (int)l;
#pragma unroll
        for (int u = 0; u < U; u++) {
            na[u] = nb[u] = make_uint4(0u, 0u, 0u, 0u);
            if (rem > 32 * u) {
                na[u] = *reinterpret_cast<const uint4 *>(k.in0 + at0 + 512u * u); /* 32 vectors are 512 bytes */
                if (IN1) nb[u] = *reinterpret_cast<const uint4 *>(k.in1 + at0 + 512u * u);
            }
        }
    }
    for (;;) {
        const bool more = wl > 0; /* warp-uniform */
        if (more) {
            const long long l = wl - (long long)lane;
            const int rem = l > (1 << 30) ? (1 << 30) : (int)l; /* vector u of the pass is in range iff rem > 32 u */
            /* the next pass's loads */
            ++pass;
            uint4 ca[U], cb[U];
            {
                size_t nat0 = at0 + sbytes;
                int nrem = rem - spass; /* (rem > spass + 32 u as in grid-stride order) */
                if (tick) {
                    const size_t T = (size_t)(pass % KP ? gpuact__ring_at(ring, pass, KP, chunk) : gpuact__ring_get(ring, pass / KP, tick, chunk * KP));
                    const long long nl = (long long)k.nvec - (long long)(T + wofs + lane);
                    nat0 = (k.head + (T + wofs + lane) * V) * ESZ;
                    nrem = nl > (1 << 30) ? (1 << 30) : (int)nl;
                }
#pragma unroll
                for (int u = 0; u < U; u++) {
                    ca[u] = na[u];
                    cb[u] = nb[u];
                    if (nrem > 32 * u) {
                        const size_t nat = nat0 + 512u * u;
                        na[u] = *reinterpret_cast<const uint4 *>(k.in0 + nat);
                        if (IN1) nb[u] = *reinterpret_cast<const uint4 *>(k.in1 + nat);
                    }
                }
            }
#pragma unroll
            for (int u = 0; u < U; u++) {
                const size_t at = at0 + 512u * u;
                const uint32_t a4[4] = {ca[u].x, ca[u].y, ca[u].z, ca[u].w}, b4[4] = {cb[u].x, cb[u].y, cb[u].z, cb[u].w};
                uint32_t o[4] = {0u, 0u, 0u, 0u}, p[4] = {0u, 0u, 0u, 0u};
                unsigned fail = 0u;
                if (rem > 32 * u) {
                    if (GT && gs) {
                        /* dy f' from the table of f' (section 9.0), y from the
                           forward's table */
#pragma unroll
                        for (int j = 0; j < V; j++) {
                            const int wi = j >> 1, sh = (j & 1) << 4;
                            const uint32_t xb = (a4[wi] >> sh) & 0xffffu;
                            uint32_t r;
                            if (!gpuact__gt_bwd(gs, xb, gpuact__elt<DT>::load((b4[wi] >> sh) & 0xffffu), (int)gpuact__elt<DT>::FMT, &r))
                                fail |= 1u << j;
                            if (OUT1) {
                                o[wi] |= (uint32_t)__ldg(ys + xb) << sh;
                                p[wi] |= (r & 0xffffu) << sh;
                            } else o[wi] |= (r & 0xffffu) << sh;
                        }
                    } else {
#pragma unroll
                        for (int j = 0; j < V; j++) {
                            /* element j: word j / (V / 4), its bits at 8 ESZ (j % (V / 4)) */
                            const int wi = j / (V / 4), sh = 8 * ESZ * (j % (V / 4));
                            uint32_t r0, r1;
                            if (!gpuact__k_fast<OP, DT, DIR>(c, tt, (a4[wi] >> sh) & MASK, (b4[wi] >> sh) & MASK, &r0, &r1)) fail |= 1u << j;
                            o[wi] |= (r0 & MASK) << sh;
                            p[wi] |= (r1 & MASK) << sh;
                        }
                    }
                    /* again, one a turn: the table's rejections by the 16-bit
                       tier (with the tails where the kernel has them), else
                       the rejected inputs past the rows with the tails
                       (TL = 1). A rolled loop holds that code once a kernel,
                       where a second unrolled loop over the vector held it
                       V U times (compile time) */
                    if ((GT && gs && fail != 0u) ||
                        (gpuact__kt<OP, DT, DIR>::TAILS && fail != 0u && gpuact__h_far4<gpuact__op_of<OP>::value, DT>(a4))) {
                        unsigned f = fail;
#pragma unroll 1
                        while (f != 0u) {
                            const int j = __ffs((int)f) - 1, wi = j >> 1, sh = (j & 1) << 4;
                            const uint32_t wa = gpuact__pick4(a4, wi), wb = gpuact__pick4(b4, wi);
                            uint32_t r0, r1;
                            f &= f - 1u;
                            if (((GT && gs) || ((gpuact__h_past2<gpuact__op_of<OP>::value, DT>(wa) >> (sh + 15)) & 1u)) &&
                                gpuact__k_fast<OP, DT, DIR, gpuact__kt<OP, DT, DIR>::TAILS>(c, tt, (wa >> sh) & 0xffffu, (wb >> sh) & 0xffffu, &r0, &r1,
                                                                                            tt != 0)) {
                                fail &= ~(1u << j);
                                gpuact__put4(o, wi, sh, r0);
                                if (OUT1) gpuact__put4(p, wi, sh, r1);
                            }
                        }
                    }
                    *reinterpret_cast<uint4 *>(k.out0 + at) = make_uint4(o[0], o[1], o[2], o[3]);
                    if (OUT1) *reinterpret_cast<uint4 *>(k.out1 + at) = make_uint4(p[0], p[1], p[2], p[3]);
                }
                /* the elements j that some lane rejected go to the queue: a
                   ballot each. 16-bit: usually none or one j, so those
                   only, a warp-uniform branch each (fp32 votes for every j:
                   its swish_tanh backward spilled with the branches) */
                const unsigned anyf = ESZ == 2 ? gpuact__warp_or<V>(fail) : (unsigned)__any_sync(0xffffffffu, fail);
                if (anyf) {
#pragma unroll
                    for (int j = 0; j < V; j++) {
                        if (ESZ == 2 && !((anyf >> j) & 1u)) continue;
                        const int wi = j / (V / 4), sh = 8 * ESZ * (j % (V / 4));
                        const unsigned bj = __ballot_sync(0xffffffffu, (fail >> j) & 1u);
                        if ((fail >> j) & 1u) {
                            const unsigned slot = cnt + __popc(bj & below);
                            q.at[slot] = at + (size_t)(ESZ * j);
                            q.a[slot] = (word)(a4[wi] >> sh);
                            q.b[slot] = (word)(b4[wi] >> sh);
                        }
                        cnt += __popc(bj);
                    }
                    /* (the queue holds one vector's rejections beyond 31) */
                    if (U > 1) gpuact__k_flush<OP, DT, DIR>(k, c, q, cnt, cnt2, false);
                }
            }
        }
        /* one call site where U = 1: a second inlined full path costs the
           hot loop registers (swish_tanh's backward spilled) */
        if (U == 1) gpuact__k_flush<OP, DT, DIR>(k, c, q, cnt, cnt2, !more);
        if (!more) {
            if (U > 1) gpuact__k_flush<OP, DT, DIR>(k, c, q, cnt, cnt2, true);
            break;
        }
        if (tick) {
            const size_t T = (size_t)gpuact__ring_at(ring, pass, KP, chunk);
            at0 = (k.head + (T + wofs + lane) * V) * ESZ;
            wl = (long long)k.nvec - (long long)(T + wofs);
        } else {
            at0 += sbytes;
            wl -= (long long)stride;
        }
    }
    if (tick) {
        /* the block's warps have taken their last tickets: the last block
           to get here zeroes the pair for the next launch */
        __syncthreads();
        if (threadIdx.x == 0 && atomicAdd(&tick[1], 1ull) == (unsigned long long)gridDim.x - 1ull) {
            atomicExch(&tick[0], 0ull);
            atomicExch(&tick[1], 0ull);
        }
    }
}

/* gpuact__k_eltwise<OP, DT, DIR>: the element-wise kernel. Grid-stride over
   the items of gpuact__kargs; a vector item is loaded with 16-byte loads,
   its elements go one at a time (a rolled loop: one copy of the math per
   kernel) through the queues above, and the results are stored with 16-byte
   stores. The vectors of kernels with a fast tier go to gpuact__k_vec_fast
   instead, and this loop takes only their scalars. */
template <int OP, int DT, int DIR>
static __global__ void __launch_bounds__(GPUACT__BLOCK, (gpuact__kt<OP, DT, DIR>::BLOCKS)) gpuact__k_eltwise(const gpuact__kargs k) {
    const int ESZ = (int)gpuact__elt<DT>::ESZ, V = 16 / ESZ;
    const bool IN1 = DIR == GPUACT__DIR_BWD || DIR == GPUACT__DIR_FWDBWD || DIR == GPUACT__DIR_BWDOUT;
    const bool OUT1 = DIR == GPUACT__DIR_FWDBWD;
    const uint32_t MASK = ESZ == 4 ? 0xffffffffu : 0xffffu;
    const gpuact_cfg cfg = k.cfg;
    const int bytes = k.mode == GPUACT__MODE_BYTES;
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const bool fastvec = gpuact__kt<OP, DT, DIR>::FAST && k.mode == GPUACT__MODE_VEC;
    const bool TT = gpuact__kt<OP, DT, DIR>::TT;
    const bool GT = gpuact__kt<OP, DT, DIR>::GT;
    const int HR = gpuact__kt<OP, DT, DIR>::ROWS;
    const int TTN = gpuact__kt<OP, DT, DIR>::TT16 ? GPUACT__TT_N : 2 * GPUACT__TT_N; /* uint4 of the rows it reads */
    /* the rows in static shared memory, but for GT kernels: those hold
       either the rows or the table of f' (below) in their dynamic shared
       memory, whose GPUACT__GT_N floats hold 2 GPUACT__TT_N rows */
    __shared__ gpuact__tt_smem<TT ? TTN : HR && !GT ? HR : 1> tts;
    uint4 *rows = tts.v;
    const uint32_t *tt = 0;
    const float *gs = 0;
    const uint16_t *ys = 0;
    const int GTN = (int)GPUACT__GT_N((int)gpuact__elt<DT>::FMT); /* floats */
    static_assert(!GT || HR <= GTN / 4, "the rows fit the table's place");
    if (GT) {
        GPUACT__DYN_SHARED(uint4, gdyn, GPUACT__GT_N_F16 / 4);
        rows = gdyn;
        /* the op's f' over section 9.0's window (the launcher gives the
           block GPUACT__GT_N floats), and the forward's table, where this
           call's parameters have them; the tier's retries then read the
           full rows from global memory (gpuact__k_fast cmp = 0) */
        if (fastvec && k.lut) {
            const int S = GPUACT__LUT_S(gpuact__op_of<OP>::value, DT);
            const gpuact__lut_t *t = gpuact__lut_d<S>();
            if (__ldg(&t->mark) == GPUACT__LUT_MARK) { /* (block-uniform) */
                const uint4 *src = reinterpret_cast<const uint4 *>(gpuact__gt_d<S>());
                for (int i = (int)threadIdx.x; i < GTN / 4; i += (int)blockDim.x) gdyn[i] = __ldg(src + i);
                __syncthreads();
                gs = reinterpret_cast<const float *>(gdyn);
                ys = t->tab;
            }
        }
    }
    if (HR && !gs) {
        /* the 16-bit tier's compact rows: Q's, A's or Q's then A's */
        const int op = gpuact__op_of<OP>::value;
        for (int i = (int)threadIdx.x; i < HR; i += (int)blockDim.x) {
            const int a = DIR == GPUACT__DIR_GRAD || DIR == GPUACT__DIR_BWD || i >= GPUACT__TT_N;
            const uint32_t *src = gpuact__tt_tab(op, a);
            const uint32_t r = (uint32_t)(i >= GPUACT__TT_N ? i - GPUACT__TT_N : i);
            rows[i] = make_uint4(gpuact__h_compact(src, r, 0u), gpuact__h_compact(src, r, 1u), gpuact__h_compact(src, r, 2u),
                                 gpuact__h_compact(src, r, 3u));
        }
        __syncthreads();
        tt = reinterpret_cast<const uint32_t *>(rows);
    }
    if (TT) {
        /* every thread of the block gets here (no return above) */
        const uint4 *src = reinterpret_cast<const uint4 *>(gpuact__tt_tab(gpuact__op_of<OP>::value, DIR == GPUACT__DIR_GRAD || DIR == GPUACT__DIR_BWD));
        for (int i = (int)threadIdx.x; i < TTN; i += (int)blockDim.x) tts.v[i] = src[i];
        __syncthreads();
        tt = reinterpret_cast<const uint32_t *>(tts.v);
    }
    if (fastvec) {
        /* the vectors by gpuact__k_vec_fast; the loop below then takes the
           (at most 2 (V - 1)) scalars of the head and tail, one per thread, in the
           first threads of the grid */
        gpuact__k_vec_fast<OP, DT, DIR>(k, &cfg, tt, gs, ys);
        if (first >= k.head) first += k.nvec;
    }
    for (size_t it = first; it < k.items; it += stride) {
        size_t e = it; /* first element of the item */
        bool vec = false;
        if (k.mode == GPUACT__MODE_VEC && it >= k.head) {
            const size_t v = it - k.head;
            if (v < k.nvec) { e = k.head + v * V; vec = true; }
            else e = k.head + k.nvec * V + (v - k.nvec);
        }
        const size_t at = e * ESZ; /* byte offset */
        uint32_t a[4] = {0u, 0u, 0u, 0u}, b[4] = {0u, 0u, 0u, 0u};
        uint32_t o[4] = {0u, 0u, 0u, 0u}, p[4] = {0u, 0u, 0u, 0u};
        if (vec) {
            const uint4 va = *reinterpret_cast<const uint4 *>(k.in0 + at);
            a[0] = va.x; a[1] = va.y; a[2] = va.z; a[3] = va.w;
            if (IN1) {
                const uint4 vb = *reinterpret_cast<const uint4 *>(k.in1 + at);
                b[0] = vb.x; b[1] = vb.y; b[2] = vb.z; b[3] = vb.w;
            }
        } else {
            a[0] = gpuact__k_ld1<ESZ>(k.in0 + at, bytes);
            if (IN1) b[0] = gpuact__k_ld1<ESZ>(k.in1 + at, bytes);
        }
        const int cnt = vec ? V : 1;
        if (gpuact__kt<OP, DT, DIR>::FAST) {
            /* single elements (the vectors went to gpuact__k_vec_fast):
               the fast tier, then the full path if it rejected */
            if (!gpuact__k_fast<OP, DT, DIR>(&cfg, tt, a[0], b[0], &o[0], &p[0], tt != 0)) {
                if (gpuact__kt<OP, DT, DIR>::Q2) o[0] = gpuact__k_after_tt<OP, DT, DIR>(&cfg, a[0], b[0]);
                else {
                    const uint64_t r = gpuact__k_elem_call<OP, DT, DIR>(cfg, a[0], b[0]);
                    o[0] = (uint32_t)r;
                    p[0] = (uint32_t)(r >> 32);
                }
            }
            gpuact__k_st1<ESZ>(k.out0 + at, o[0], bytes);
            if (OUT1) gpuact__k_st1<ESZ>(k.out1 + at, p[0], bytes);
        } else {
#pragma unroll 1
            for (int j = 0; j < cnt; j++) {
                uint32_t r0 = 0u, r1 = 0u;
                gpuact__k_elem<OP, DT, DIR>(&cfg, a[0] & MASK, b[0] & MASK, &r0, &r1);
                gpuact__q_pop<ESZ>(a);
                if (IN1) gpuact__q_pop<ESZ>(b);
                gpuact__q_push<ESZ>(o, r0);
                if (OUT1) gpuact__q_push<ESZ>(p, r1);
            }
            if (vec) {
                *reinterpret_cast<uint4 *>(k.out0 + at) = make_uint4(o[0], o[1], o[2], o[3]);
                if (OUT1) *reinterpret_cast<uint4 *>(k.out1 + at) = make_uint4(p[0], p[1], p[2], p[3]);
            } else { /* the one value pushed sits at the top of the queue */
                gpuact__k_st1<ESZ>(k.out0 + at, o[3] >> (32 - 8 * ESZ), bytes);
                if (OUT1) gpuact__k_st1<ESZ>(k.out1 + at, p[3] >> (32 - 8 * ESZ), bytes);
            }
        }
        if (fastvec) break; /* one scalar each */
    }
}

/* == 10.1 One-pass kernels: fast mode's, and accurate mode's (gpuact__kt PASS) == */
/* Fast mode (gpuact_cfg.mode == GPUACT_MODE_FAST): each element through
   section 9.1's fast functions, rounded once to the element format. No
   tiers and no queues: nothing is deferred, so these kernels take the
   layout that reaches the copy's speed (bench/results/2026-11-25-h100-layout:
   99-101% of copy for a stand-in, against 91-95% for a grid-stride loop):
   one short pass a block, GPUACT__FM_U 16-byte vectors a thread, every
   load issued before any math, and as many blocks as there are chunks
   (the block scheduler hands them out in address order to whichever
   multiprocessor is free). A grid-stride over the chunks covers grids past
   2^31 - 1 blocks. The U vectors go through one rolled loop, and the V
   elements of each are unrolled (a rolled loop over the words of a 16-bit
   vector, two elements a pass, built in 62.7 s for 64.4 s and ran 4-7 points of copy
   slower, H100 bf16). The head and tail
   scalars of a VEC call (fewer than 2 V) go to
   the first threads of the grid; SCALAR and BYTES calls run grid-stride, one
   element a thread. */
#ifndef GPUACT__FM_U
#define GPUACT__FM_U 2
#endif
/* dy f'(x) as gpuact__fast_mode_bwd_fmt gives it, as a call: its rare
   cases (an infinite dy where f' underflowed, a tiny f' times a large dy)
   rebuild f' from its pieces, code the element loop need not carry */
template <int OP, int DT>
__device__ __noinline__ uint32_t gpuact__fm_bwd_call(const gpuact_cfg c, float x, float dy) {
    return gpuact__elt<DT>::store(gpuact__fast_mode_bwd_fmt(OP, x, dy, &c, (int)gpuact__elt<DT>::FMT));
}
/* dy f'(x): dy g rounded once in fp32 (gpuact__fm_dyg), or, for a
   superset of gpuact__fast_mode_bwd_fmt's rare cases (f' subnormal or zero,
   an infinite dy, dy g near the overflow), that function as a call */
template <int OP, int DT> __device__ __forceinline__ uint32_t gpuact__fm_bwd(float x, float dy, const gpuact_cfg *c) {
    const float g = gpuact__fast_mode_grad(OP, x, c), h = gpuact__mul(g, dy);
    if ((gpuact__abs(g) < 1.17549435e-38f || gpuact__isinf(dy) || gpuact__fm_near_ovf(h, GPUACT__FMT_F32)) &&
        (gpuact__isinf(dy) || gpuact__fm_bwd_tiny(OP, x, g, dy, c)))
        return gpuact__fm_bwd_call<OP, DT>(*c, x, dy);
    return gpuact__f2u(gpuact__fm_dyg(g, dy, GPUACT__FMT_F32));
}
/* one element: a = the in0 bits, b = the in1 bits; results in *r0 (*r1).
   Fast mode's kernels are fp32's (GPUACT__FM_OWN): DT is GPUACT_F32. */
template <int OP, int DT, int DIR>
__device__ __forceinline__ void gpuact__fm_elem(const gpuact_cfg *c, uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) {
    const float x = gpuact__u2f(a);
    if (DIR == GPUACT__DIR_FWD) *r0 = gpuact__f2u(gpuact__fast_mode_fwd(OP, x, c));
    else if (DIR == GPUACT__DIR_GRAD) *r0 = gpuact__f2u(gpuact__fast_mode_grad(OP, x, c));
    else if (DIR == GPUACT__DIR_BWD) *r0 = gpuact__fm_bwd<OP, DT>(x, gpuact__u2f(b), c);
    else if (DIR == GPUACT__DIR_FWDBWD) {
        *r0 = gpuact__f2u(gpuact__fast_mode_fwd(OP, x, c));
        *r1 = gpuact__fm_bwd<OP, DT>(x, gpuact__u2f(b), c);
    } else *r0 = gpuact__f2u(gpuact__fast_mode_bwd_out_fmt(OP, x, gpuact__u2f(b), c, GPUACT__FMT_F32));
}
/* gpuact__fm_elem as a call (r1 << 32 | r0), for the scalars: a second
   inlined copy of the math doubled the kernels' code */
template <int OP, int DT, int DIR>
__device__ __noinline__ uint64_t gpuact__fm_elem_call(const gpuact_cfg c, uint32_t a, uint32_t b) {
    uint32_t r0 = 0u, r1 = 0u;
    gpuact__fm_elem<OP, DT, DIR>(&c, a, b, &r0, &r1);
    return ((uint64_t)r1 << 32) | r0;
}
/* The one-pass loop of gpuact__k_fm and gpuact__k_pass: the block's U
   vectors a thread loaded first, then a rolled loop over them, each one's
   V elements through F::vec (unrolled); the head and tail scalars through
   F::one, one a thread of the grid. */
template <int DT, int DIR, int U, class F> __device__ __forceinline__ void gpuact__onepass(const gpuact__kargs &k, const F &fn) {
    const int ESZ = (int)gpuact__elt<DT>::ESZ, V = 16 / ESZ;
    const bool IN1 = DIR == GPUACT__DIR_BWD || DIR == GPUACT__DIR_FWDBWD || DIR == GPUACT__DIR_BWDOUT;
    const bool OUT1 = DIR == GPUACT__DIR_FWDBWD;
    const uint32_t MASK = ESZ == 4 ? 0xffffffffu : 0xffffu;
    const size_t gthreads = (size_t)gridDim.x * GPUACT__BLOCK;
    size_t first = (size_t)blockIdx.x * GPUACT__BLOCK + threadIdx.x, nscalar = k.items;
    if (k.mode == GPUACT__MODE_VEC) {
        const size_t per = (size_t)GPUACT__BLOCK * U, nch = (k.nvec + per - 1) / per;
        for (size_t ch = blockIdx.x; ch < nch; ch += gridDim.x) {
            const size_t v0 = ch * per + threadIdx.x;
            uint4 va[U], vb[U];
#pragma unroll
            for (int u = 0; u < U; u++) {
                const size_t v = v0 + (size_t)GPUACT__BLOCK * u, at = (k.head + v * V) * ESZ;
                va[u] = vb[u] = make_uint4(0u, 0u, 0u, 0u);
                if (v < k.nvec) {
                    va[u] = *reinterpret_cast<const uint4 *>(k.in0 + at);
                    if (IN1) vb[u] = *reinterpret_cast<const uint4 *>(k.in1 + at);
                }
            }
            /* rolled: vector 0 of va / vb, then the others move down */
#pragma unroll 1
            for (int u = 0; u < U; u++) {
                const size_t v = v0 + (size_t)GPUACT__BLOCK * u, at = (k.head + v * V) * ESZ;
                if (v >= k.nvec) break;
                uint32_t a[4] = {va[0].x, va[0].y, va[0].z, va[0].w}, b[4] = {vb[0].x, vb[0].y, vb[0].z, vb[0].w};
#pragma unroll
                for (int w = 0; w + 1 < U; w++) {
                    va[w] = va[w + 1];
                    vb[w] = vb[w + 1];
                }
                uint32_t o[4] = {0u, 0u, 0u, 0u}, p[4] = {0u, 0u, 0u, 0u};
#pragma unroll
                for (int j = 0; j < V; j++) {
                    /* element j: word j / (V / 4), its bits at 8 ESZ (j % (V / 4)) */
                    const int wi = j / (V / 4), sh = 8 * ESZ * (j % (V / 4));
                    uint32_t r0 = 0u, r1 = 0u;
                    fn.vec((a[wi] >> sh) & MASK, (b[wi] >> sh) & MASK, &r0, &r1);
                    o[wi] |= (r0 & MASK) << sh;
                    p[wi] |= (r1 & MASK) << sh;
                }
                *reinterpret_cast<uint4 *>(k.out0 + at) = make_uint4(o[0], o[1], o[2], o[3]);
                if (OUT1) *reinterpret_cast<uint4 *>(k.out1 + at) = make_uint4(p[0], p[1], p[2], p[3]);
            }
        }
        nscalar = k.items - k.nvec; /* the head, then the tail */
    }
    const int bytes = k.mode == GPUACT__MODE_BYTES;
    for (size_t s = first; s < nscalar; s += gthreads) {
        const size_t e = k.mode != GPUACT__MODE_VEC || s < k.head ? s : k.head + k.nvec * V + (s - k.head);
        const size_t at = e * ESZ;
        uint32_t r0 = 0u, r1 = 0u;
        fn.one(gpuact__k_ld1<ESZ>(k.in0 + at, bytes), IN1 ? gpuact__k_ld1<ESZ>(k.in1 + at, bytes) : 0u, &r0, &r1);
        gpuact__k_st1<ESZ>(k.out0 + at, r0, bytes);
        if (OUT1) gpuact__k_st1<ESZ>(k.out1 + at, r1, bytes);
    }
}
/* fast mode's elements: inlined for the vectors, a call for the scalars */
template <int OP, int DT, int DIR> struct gpuact__fm_fn {
    gpuact_cfg c;
    __device__ __forceinline__ void vec(uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) const { gpuact__fm_elem<OP, DT, DIR>(&c, a, b, r0, r1); }
    __device__ __forceinline__ void one(uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) const {
        const uint64_t r = gpuact__fm_elem_call<OP, DT, DIR>(c, a, b);
        *r0 = (uint32_t)r;
        *r1 = (uint32_t)(r >> 32);
    }
};
template <int OP, int DT, int DIR>
static __global__ void __launch_bounds__(GPUACT__BLOCK) gpuact__k_fm(const gpuact__kargs k) {
    static_assert(DT == GPUACT_F32, "fast mode's kernels are fp32's (GPUACT__FM_OWN)");
    gpuact__fm_fn<OP, DT, DIR> fn;
    fn.c = k.cfg;
    gpuact__onepass<DT, DIR, GPUACT__FM_U>(k, fn);
}
/* Launches a one-pass kernel fn (gpuact__k_fm, gpuact__k_pass) of u
   vectors a thread: a block a chunk of GPUACT__BLOCK u vectors (VEC), or a
   thread an element (SCALAR, BYTES); past 2^31 - 1 blocks the grid-stride
   loop takes the rest. */
static inline cudaError_t gpuact__onepass_launch(const void *fn, const gpuact__kargs &k, size_t u, cudaStream_t stream) {
    const size_t per = (size_t)GPUACT__BLOCK * u;
    size_t g = (k.items - k.nvec + GPUACT__BLOCK - 1) / GPUACT__BLOCK;
    if (k.mode == GPUACT__MODE_VEC && (k.nvec + per - 1) / per > g) g = (k.nvec + per - 1) / per;
    if (g < 1) g = 1;
    if (g > 0x7fffffffu) g = 0x7fffffffu;
    void *args[1];
    args[0] = const_cast<gpuact__kargs *>(&k);
    return cudaLaunchKernel(fn, dim3((unsigned)g), dim3(GPUACT__BLOCK), args, 0, stream);
}
/* Launcher of gpuact__k_fm<OP, DT, DIR> (GPUACT__FM_U vectors a thread),
   built where fast mode computes its own functions (GPUACT__FM_OWN) */
template <int OP, int DT, int DIR, bool BUILT = GPUACT__FAST_KERNELS && GPUACT__FM_OWN(OP, DT == GPUACT_F32)> struct gpuact__fm_launcher {
    static cudaError_t run(const gpuact__kargs &k, cudaStream_t stream) {
        return gpuact__onepass_launch((const void *)gpuact__k_fm<OP, DT, DIR>, k, GPUACT__FM_U, stream);
    }
};
template <int OP, int DT, int DIR> struct gpuact__fm_launcher<OP, DT, DIR, false> {
    static cudaError_t run(const gpuact__kargs &, cudaStream_t) { return cudaErrorInvalidValue; }
};

/* Accurate mode's one-pass kernels (gpuact__kt PASS): fast mode's layout,
   each element through the kernel's tier (elu's and selu's: the fast tier;
   the fp32 forward's 2^(j/64) table read through the L1, where
   gpuact__k_eltwise copies it to shared memory) and, where the tier rejects
   it, through the rest of the chain as a call (gpuact__k_elem_call) in
   place of gpuact__k_vec_fast's queue: these tiers reject few elements of
   any data (elu and selu: an x near 0 or past the tier's range). The bits
   are gpuact__k_eltwise's: the same calls on each element. */
template <int OP, int DT, int DIR>
__device__ __forceinline__ void gpuact__pass_elem(const gpuact_cfg *c, const uint32_t *tt, uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) {
    if (!gpuact__k_fast<OP, DT, DIR>(c, tt, a, b, r0, r1)) {
        const uint64_t r = gpuact__k_elem_call<OP, DT, DIR>(*c, a, b);
        *r0 = (uint32_t)r;
        *r1 = (uint32_t)(r >> 32);
    }
}
template <int OP, int DT, int DIR> struct gpuact__pass_fn {
    gpuact_cfg c;
    const uint32_t *tt;
    __device__ __forceinline__ void vec(uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) const { gpuact__pass_elem<OP, DT, DIR>(&c, tt, a, b, r0, r1); }
    __device__ __forceinline__ void one(uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) const { gpuact__pass_elem<OP, DT, DIR>(&c, tt, a, b, r0, r1); }
};
template <int OP, int DT, int DIR>
static __global__ void __launch_bounds__(GPUACT__BLOCK) gpuact__k_pass(const gpuact__kargs k) {
    gpuact__pass_fn<OP, DT, DIR> fn;
    fn.c = k.cfg;
    fn.tt = gpuact__kt<OP, DT, DIR>::E2S ? gpuact__exp2_tab_d() : (const uint32_t *)0;
    gpuact__onepass<DT, DIR, gpuact__kt<OP, DT, DIR>::PU>(k, fn);
}

/* Answers of the runtime that do not change while the process runs (a
   device's multiprocessor count, a kernel's resident blocks per
   multiprocessor), kept per device so that a launch asks each only once:
   the two queries cost more host time than a small launch itself. 0 = not
   asked yet; relaxed atomics, since threads may launch at once (they store
   the same value). Devices from GPUACT__CACHED_DEVICES on ask every time. */
#define GPUACT__CACHED_DEVICES 64
static inline int gpuact__cache_get(const int *slot) {
#if defined(_MSC_VER) && !defined(__clang__)
    return *(const volatile int *)slot;
#else
    return __atomic_load_n(slot, __ATOMIC_RELAXED);
#endif
}
static inline void gpuact__cache_put(int *slot, int v) {
#if defined(_MSC_VER) && !defined(__clang__)
    *(volatile int *)slot = v;
#else
    __atomic_store_n(slot, v, __ATOMIC_RELAXED);
#endif
}
/* == 10.2 The 16-bit forward from a table == */
/* ---------------------------------------------------------------------------
   gpuact__k_lut<OP, DT>: the fp16 / bf16 forward (accurate mode) as one
   read of a table of the op's 65,536 results, indexed by the input's bits.
   An element then costs one load through the L1, whatever the op and the
   data, where the 16-bit tier spends tens of instructions on it and hands
   a few inputs in 2^10 to the rest of the chain. The layout is the one-pass
   kernels' (a block a pass of GPUACT__LUT_U vectors a lane): H100, n =
   2^28, stand-ins (bench/lut_probe.cu), % of copy, randn / mix: this layout
   with the table in global memory 97.9 / 98.3 (f16) and 98.5 / 99.0
   (bf16); the same loop grid-stride over 8 blocks a multiprocessor 90-93,
   and the table in shared memory (whole, or the entries of |x| in
   [2^-8, 2^8)) 93-94, as a plain copy is in that loop.
   The tables: static device memory of the module that instantiates these
   kernels, 128 KB per op and type (GPUACT__LUT_SLOTS of them; fast mode's
   16-bit forward is accurate mode's, GPUACT__FM_OWN). gpuact__k_lut_build
   fills one, each entry (one a thread) by the call that the op's 16-bit
   forward kernel makes for what its tier rejects (gpuact__k_elem_call: the
   chain after that tier; every tier keeps only correctly rounded 16-bit
   results, so these are the chain's); test_device checks every entry
   against the host. Then it sets the
   table's mark. gpuact.h (gpuact__lut_take) launches it on the stream of
   the first 16-bit forward call of the op and type on the device,
   and records an event after it; that call and every later one whose
   parameters are the table's (elu's alpha, swish_tanh's s, lo, hi; the
   other ops have none) once the event has completed read the table;
   others run the computing kernel (gpuact__k_eltwise). A kernel
   boundary lies between the table's writes and its reads, so the reads
   may take the read-only path (__ldg). A table whose mark is missing (the
   device was reset since) is not read: each element then goes through the
   call. GPUACT_NO_FWD_TABLES: no tables, the computing kernels for every
   16-bit forward.
   ------------------------------------------------------------------------ */
/* (the tables' type and storage: after gpuact__kargs, section 10) */
#ifndef GPUACT__LUT_U
#define GPUACT__LUT_U 4 /* 16-byte vectors a lane: H100, n = 2^28, fp16 randn / mix, % of copy: U = 2 93.2-94.1 / 94.2-95.2, U = 4 97.0-97.3 / 97.5-98.1 */
#endif

#if !defined(GPUACT_NO_FWD_TABLES)
/* an element's forward: the rest of the chain after the 16-bit tier */
template <int OP, int DT> __device__ __forceinline__ uint32_t gpuact__lut_entry(const gpuact_cfg &c, uint32_t a) {
    return (uint32_t)gpuact__k_elem_call<OP, DT, GPUACT__DIR_FWD>(c, a, 0u);
}
/* fills a table for k.cfg (k's other fields unused: one parameter type for
   every element-wise kernel): grid 65536 / GPUACT__BLOCK, an entry a thread */
template <int OP, int DT> static __global__ void __launch_bounds__(GPUACT__BLOCK) gpuact__k_lut_build(const gpuact__kargs k) {
    gpuact__lut_t *t = gpuact__lut_d<GPUACT__LUT_S(OP, DT)>();
    const uint32_t e = blockIdx.x * GPUACT__BLOCK + threadIdx.x;
    t->tab[e] = (uint16_t)gpuact__lut_entry<OP, DT>(k.cfg, e);
    uint32_t i;
    typedef gpuact__elt<DT> E;
    if ((DT == GPUACT_BF16 || GPUACT__GT_F16) && gpuact__gt_index(e, (int)E::FMT, &i)) /* f' over the window, as gpuact__gt_entry_at */
        gpuact__gt_d<GPUACT__LUT_S(OP, DT)>()[i] =
            gpuact__gt_entry(gpuact__u2f(gpuact__k_full_call<OP, GPUACT_F32, GPUACT__DIR_GRAD>(k.cfg, gpuact__f2u(E::load(e)), 0u)),
                             E::load((uint32_t)gpuact__k_elem_call<OP, DT, GPUACT__DIR_BWD>(k.cfg, e, DT == GPUACT_BF16 ? 0x7f7fu : 0x7bffu)));
    if (e == 0) t->mark = GPUACT__LUT_MARK;
}
/* an element: the table's entry */
template <int DT> struct gpuact__lut_fn {
    const uint16_t *tab;
    __device__ __forceinline__ void vec(uint32_t a, uint32_t, uint32_t *r0, uint32_t *) const { *r0 = (uint32_t)__ldg(tab + a); }
    __device__ __forceinline__ void one(uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) const { vec(a, b, r0, r1); }
};
/* without the table's mark: each of the n elements through the call, one
   a thread of the grid (a call, not inlined code: the kernel keeps the
   registers of the lookup alone, 38-40 where the call inlined into the loop
   took 48, and 5 resident blocks a multiprocessor lost 12 points of fp16) */
template <int OP, int DT>
__device__ __noinline__ void gpuact__lut_unbuilt(const gpuact_cfg c, const unsigned char *in, unsigned char *out, size_t n, int bytes) {
    for (size_t i = (size_t)blockIdx.x * GPUACT__BLOCK + threadIdx.x; i < n; i += (size_t)gridDim.x * GPUACT__BLOCK)
        gpuact__k_st1<2>(out + 2 * i, gpuact__lut_entry<OP, DT>(c, gpuact__k_ld1<2>(in + 2 * i, bytes)), bytes);
}
/* binary16: the entries of |x| in [2^-7, 2^5) (both signs, 48 KB) in the
   block's shared memory, the rest read through the L1 as above; a grid of
   the blocks that are resident at once (4 a multiprocessor), each a
   grid-stride over the chunks (gpuact__lut_launcher). The L1's gathers held
   the binary16 forward at 75% of copy: randn's x spread over eight times as
   many 128-byte lines of the table as bfloat16's. H200, n = 2^28, % of
   copy, means over the 7 ops, randn / mix (two runs each): through the L1
   74.2 / 77.1; this window, U = 4: 83.3-84.5 / 81.4-82.4; U = 8: 83.2-83.8
   / 83.7-84.4; |x| in [2^-6, 2^4) (40 KB, 5 blocks), U = 4: 77.6-78.2 /
   76.6-76.9, U = 8: 83.3-83.6 / 83.9-84.5
   (bench/results/2026-11-30-h200-f16-fwd-window) */
#ifndef GPUACT__LUT_WIN
#define GPUACT__LUT_WIN 1
#endif
#ifndef GPUACT__LUT_WIN_U
#define GPUACT__LUT_WIN_U 8
#endif
#ifndef GPUACT__LUT_WIN_LO
#define GPUACT__LUT_WIN_LO 0x2000u   /* binary16 bits of 2^-7 */
#define GPUACT__LUT_WIN_SPAN 0x3000u /* 12 binades: up to |x| < 2^5 */
#endif
struct gpuact__lut_win_fn {
    const uint16_t *win, *tab;
    __device__ __forceinline__ void vec(uint32_t a, uint32_t, uint32_t *r0, uint32_t *) const {
        const uint32_t i = (a & 0x7fffu) - GPUACT__LUT_WIN_LO;
        *r0 = i < GPUACT__LUT_WIN_SPAN ? (uint32_t)win[i + (a >> 15) * GPUACT__LUT_WIN_SPAN] : (uint32_t)__ldg(tab + a);
    }
    __device__ __forceinline__ void one(uint32_t a, uint32_t b, uint32_t *r0, uint32_t *r1) const { vec(a, b, r0, r1); }
};
template <int OP, int DT> static __global__ void __launch_bounds__(GPUACT__BLOCK) gpuact__k_lut(const gpuact__kargs k) {
    const gpuact__lut_t *t = gpuact__lut_d<GPUACT__LUT_S(OP, DT)>();
    if (__ldg(&t->mark) != GPUACT__LUT_MARK) {
        gpuact__lut_unbuilt<OP, DT>(k.cfg, k.in0, k.out0, k.mode == GPUACT__MODE_VEC ? k.items + k.nvec * 7 : k.items, k.mode == GPUACT__MODE_BYTES);
        return;
    }
    if (DT == GPUACT_F16 && GPUACT__LUT_WIN) {
        GPUACT__DYN_SHARED(uint4, wdyn, GPUACT__LUT_WIN_SPAN / 4);
        const uint4 *pos = reinterpret_cast<const uint4 *>(t->tab + GPUACT__LUT_WIN_LO),
                    *neg = reinterpret_cast<const uint4 *>(t->tab + 0x8000u + GPUACT__LUT_WIN_LO);
        for (int i = (int)threadIdx.x; i < (int)(GPUACT__LUT_WIN_SPAN / 8); i += GPUACT__BLOCK) {
            wdyn[i] = __ldg(pos + i);
            wdyn[GPUACT__LUT_WIN_SPAN / 8 + i] = __ldg(neg + i);
        }
        __syncthreads();
        gpuact__lut_win_fn fn;
        fn.win = reinterpret_cast<const uint16_t *>(wdyn);
        fn.tab = t->tab;
        gpuact__onepass<DT, GPUACT__DIR_FWD, GPUACT__LUT_WIN_U>(k, fn);
        return;
    }
    gpuact__lut_fn<DT> fn;
    fn.tab = t->tab;
    gpuact__onepass<DT, GPUACT__DIR_FWD, GPUACT__LUT_U>(k, fn);
}
#endif
/* Launcher of gpuact__k_lut<OP, DT> where the op and type are built (else
   cudaErrorInvalidValue: the caller checked) */
template <int OP, int DT, bool BUILT = gpuact__k_built<OP, DT>::value && DT != GPUACT_F32>
struct gpuact__lut_launcher {
    static cudaError_t run(const gpuact__kargs &k, int sms, int device, cudaStream_t stream) {
#if !defined(GPUACT_NO_FWD_TABLES)
        const void *fn = (const void *)gpuact__k_lut<OP, DT>;
        if (DT == GPUACT_F16 && GPUACT__LUT_WIN) {
            /* GPUACT__LUT_WIN: the blocks resident at once (48 KB of dynamic shared memory each), grid-stride */
            const size_t dyn = GPUACT__LUT_WIN_SPAN * 4u, per = (size_t)GPUACT__BLOCK * GPUACT__LUT_WIN_U;
            static int cache[GPUACT__CACHED_DEVICES];
            int per_sm = device >= 0 && device < GPUACT__CACHED_DEVICES ? gpuact__cache_get(&cache[device]) : 0;
            if (!per_sm) {
                const cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, GPUACT__BLOCK, dyn);
                if (e != cudaSuccess) return e;
                if (per_sm > 0 && device >= 0 && device < GPUACT__CACHED_DEVICES) gpuact__cache_put(&cache[device], per_sm);
            }
            if (per_sm < 1) per_sm = 1;
            size_t g = (k.items - k.nvec + GPUACT__BLOCK - 1) / GPUACT__BLOCK, cap = (size_t)sms * (size_t)per_sm;
            if (k.mode == GPUACT__MODE_VEC && (k.nvec + per - 1) / per > g) g = (k.nvec + per - 1) / per;
            if (g > cap) g = cap;
            if (g < 1) g = 1;
            void *args[1];
            args[0] = const_cast<gpuact__kargs *>(&k);
            return cudaLaunchKernel(fn, dim3((unsigned)g), dim3(GPUACT__BLOCK), args, dyn, stream);
        }
        (void)sms; (void)device;
        return gpuact__onepass_launch(fn, k, GPUACT__LUT_U, stream);
#else
        (void)k; (void)sms; (void)device; (void)stream;
        return cudaErrorInvalidValue;
#endif
    }
    /* gpuact__k_lut_build on `stream` */
    static cudaError_t build(const gpuact__kargs &k, cudaStream_t stream) {
#if !defined(GPUACT_NO_FWD_TABLES)
        void *args[1];
        args[0] = const_cast<gpuact__kargs *>(&k);
        return cudaLaunchKernel((const void *)gpuact__k_lut_build<OP, DT>, dim3(65536 / GPUACT__BLOCK), dim3(GPUACT__BLOCK), args, 0, stream);
#else
        (void)k; (void)stream;
        return cudaErrorInvalidValue;
#endif
    }
};
template <int OP, int DT> struct gpuact__lut_launcher<OP, DT, false> {
    static cudaError_t run(const gpuact__kargs &, int, int, cudaStream_t) { return cudaErrorInvalidValue; }
    static cudaError_t build(const gpuact__kargs &, cudaStream_t) { return cudaErrorInvalidValue; }
};
/* runtime op -> template: the lookup kernel for k (build = 0), or the
   table's build kernel for k's parameters (build = 1) */
template <int DT>
static inline cudaError_t gpuact__lut_launch_op(int op, int build, const gpuact__kargs &k, int sms, int device, cudaStream_t stream) {
#define GPUACT__LUT_CASE(OP) \
    case OP: return build ? gpuact__lut_launcher<OP, DT>::build(k, stream) : gpuact__lut_launcher<OP, DT>::run(k, sms, device, stream);
    switch (op) {
        GPUACT__LUT_CASE(GPUACT_OP_GELU_ERF)
        GPUACT__LUT_CASE(GPUACT_OP_GELU_TANH)
        GPUACT__LUT_CASE(GPUACT_OP_GELU_SIGMOID)
        GPUACT__LUT_CASE(GPUACT_OP_ELU)
        GPUACT__LUT_CASE(GPUACT_OP_SELU)
        GPUACT__LUT_CASE(GPUACT_OP_SILU)
        GPUACT__LUT_CASE(GPUACT_OP_SWISH_TANH)
    default: return cudaErrorInvalidValue;
    }
#undef GPUACT__LUT_CASE
}
/* runtime dtype -> template (a template only so that the kernels are
   instantiated where it is called, as gpuact__eltwise_device); sms, device:
   the grid's size for GPUACT__LUT_WIN's kernels */
template <int UNUSED = 0>
static inline cudaError_t gpuact__lut_launch(int op, int dtype, int build, const gpuact__kargs &k, int sms, int device, cudaStream_t stream) {
    return dtype == GPUACT_F16 ? gpuact__lut_launch_op<GPUACT_F16>(op, build, k, sms, device, stream)
                               : gpuact__lut_launch_op<GPUACT_BF16>(op, build, k, sms, device, stream);
}
/* Launches the build kernel of (op, dtype)'s table for cfg on `stream`
   (gpuact.h's gpuact__lut_take; op and dtype built, dtype 16-bit) */
template <int UNUSED = 0> static inline cudaError_t gpuact__lut_build_device(int op, int dtype, const gpuact_cfg *cfg, cudaStream_t stream) {
    gpuact__kargs k;
    memset(&k, 0, sizeof k);
    k.cfg = *cfg;
    return gpuact__lut_launch(op, dtype, 1, k, 1, -1, stream);
}

/* == 10.3 Gated kernels == */
/* ---------------------------------------------------------------------------
   gpuact__k_gated<OP, DT, BWD>: the gated forms of section 9.2 on rows x
   cols elements, row r of a, b (and da, db) at r * pitch bytes, y and dy
   dense. Forward: y = f(a) b; backward: da = dy b f'(a), db = dy f(a). Each
   element: the table tier (its rows read from global memory, through the
   L1), for da the fast tier next, then the full path as a call (one copy
   in each kernel; it is rare: the tiers take all but a few inputs in 2^10
   on random data). The bits equal the host entry points'.
   Layout: a 2-D grid, y over rows (stride gridDim.y), x over a row's units
   (a 16-byte vector of V elements when every pointer, the row's bytes and
   the pitch are multiples of 16; else single elements, byte by byte where
   a pointer is not even aligned to its element), one unit per thread and
   pass, so that a block's accesses are one contiguous stretch of a row.
   ------------------------------------------------------------------------ */
typedef struct gpuact__gargs {
    gpuact_cfg cfg;
    const unsigned char *a, *b, *dy; /* dy: backward only */
    unsigned char *o0, *o1;          /* y; or da, db */
    size_t rows, units, pitch;       /* units a row (vectors or elements); pitch: bytes, a / b / da / db */
    int mode;                        /* GPUACT__MODE_VEC, _SCALAR, _BYTES */
} gpuact__gargs;
/* resident blocks the gated kernels are built for (__launch_bounds__: at
   most 64 registers); with the compiler's own choice (45-58 registers)
   gelu_erf's bf16 forward and f32 backward spilled 4-8 bytes around the
   full path's call */
#ifndef GPUACT__GATED_BLOCKS
#define GPUACT__GATED_BLOCKS 4
#endif
/* the full path, out of line: s f(a) and s t f'(a) */
template <int OP>
__device__ __noinline__ float gpuact__g_full_call(const gpuact_cfg c, float a, float s, int fmt) {
    return gpuact__gated_full(OP, a, s, &c, fmt);
}
template <int OP>
__device__ __noinline__ float gpuact__g_full_da_call(const gpuact_cfg c, float a, float s, float t, int fmt) {
    return gpuact__gated_da_full(OP, a, s, t, &c, fmt);
}
/* the three chains of section 9.2 with the full path as the call above */
template <int OP>
__device__ __forceinline__ float gpuact__g_fwd(const gpuact_cfg *c, float a, float s, int fmt) {
    float y;
    if (fmt != GPUACT__FMT_F32 && gpuact__h_takes(OP, 0, a, c) && gpuact__h_gated(OP, a, s, c, gpuact__tt_tab(OP, 0), fmt, &y)) return y;
    if (gpuact__tt_takes(OP, a, c) && gpuact__tt_gated(OP, a, s, c, gpuact__tt_tab(OP, 0), fmt, &y)) return y;
    return gpuact__g_full_call<OP>(*c, a, s, fmt);
}
template <int OP>
__device__ __forceinline__ float gpuact__g_da(const gpuact_cfg *c, float a, float s, float t, int fmt) {
    float y;
    if (fmt != GPUACT__FMT_F32 && gpuact__h_takes(OP, 1, a, c) && gpuact__h_gated_da(OP, a, s, t, c, gpuact__tt_tab(OP, 1), fmt, &y))
        return y;
    if (gpuact__tt_takes(OP, a, c) && gpuact__tt_gated_da(OP, a, s, t, c, gpuact__tt_tab(OP, 1), fmt, &y)) return y;
    if (gpuact__fast_range(OP, 1, a) && gpuact__fast_gated_da(OP, a, s, t, c, fmt, &y)) return y;
    return gpuact__g_full_da_call<OP>(*c, a, s, t, fmt);
}
template <int OP, int DT, int BWD>
static __global__ void __launch_bounds__(GPUACT__BLOCK, GPUACT__GATED_BLOCKS) gpuact__k_gated(const gpuact__gargs k) {
    typedef gpuact__elt<DT> E;
    const int ESZ = (int)E::ESZ, V = 16 / ESZ, fmt = (int)E::FMT;
    const uint32_t MASK = ESZ == 4 ? 0xffffffffu : 0xffffu;
    const gpuact_cfg cfg = k.cfg;
    const size_t ustride = (size_t)gridDim.x * blockDim.x;
    const size_t ubytes = k.mode == GPUACT__MODE_VEC ? 16u : (size_t)ESZ; /* a unit's bytes */
    const size_t dpitch = k.units * ubytes;                                 /* y's and dy's row */
    const int bytes = k.mode == GPUACT__MODE_BYTES;
    for (size_t r = blockIdx.y; r < k.rows; r += gridDim.y) {
        for (size_t u = (size_t)blockIdx.x * blockDim.x + threadIdx.x; u < k.units; u += ustride) {
            const size_t at = r * k.pitch + u * ubytes, dat = r * dpitch + u * ubytes;
            if (k.mode == GPUACT__MODE_VEC) {
                const uint4 va = *reinterpret_cast<const uint4 *>(k.a + at), vb = *reinterpret_cast<const uint4 *>(k.b + at);
                const uint4 vg = BWD ? *reinterpret_cast<const uint4 *>(k.dy + dat) : make_uint4(0u, 0u, 0u, 0u);
                uint32_t a4[4] = {va.x, va.y, va.z, va.w}, b4[4] = {vb.x, vb.y, vb.z, vb.w}, g4[4] = {vg.x, vg.y, vg.z, vg.w};
                uint32_t o[4] = {0u, 0u, 0u, 0u}, p[4] = {0u, 0u, 0u, 0u};
                /* a rolled loop over the vector's elements, taken from and
                   put into 128-bit queues: one copy of the tiers a kernel
                   (unrolled, V copies made the backward kernels 60-150 KB) */
#pragma unroll 1
                for (int j = 0; j < V; j++) {
                    const float x = E::load(a4[0] & MASK), bv = E::load(b4[0] & MASK);
                    if (!BWD) {
                        gpuact__q_push<ESZ>(o, E::store(gpuact__g_fwd<OP>(&cfg, x, bv, fmt)));
                    } else {
                        const float g = E::load(g4[0] & MASK);
                        gpuact__q_push<ESZ>(o, E::store(gpuact__g_da<OP>(&cfg, x, bv, g, fmt)));
                        gpuact__q_push<ESZ>(p, E::store(gpuact__g_fwd<OP>(&cfg, x, g, fmt)));
                        gpuact__q_pop<ESZ>(g4);
                    }
                    gpuact__q_pop<ESZ>(a4);
                    gpuact__q_pop<ESZ>(b4);
                }
                if (!BWD) {
                    *reinterpret_cast<uint4 *>(k.o0 + dat) = make_uint4(o[0], o[1], o[2], o[3]);
                } else { /* a, b and dy are all read: da may be a, db b */
                    *reinterpret_cast<uint4 *>(k.o0 + at) = make_uint4(o[0], o[1], o[2], o[3]);
                    *reinterpret_cast<uint4 *>(k.o1 + at) = make_uint4(p[0], p[1], p[2], p[3]);
                }
            } else {
                const float x = E::load(gpuact__k_ld1<ESZ>(k.a + at, bytes)), bv = E::load(gpuact__k_ld1<ESZ>(k.b + at, bytes));
                if (!BWD) {
                    gpuact__k_st1<ESZ>(k.o0 + dat, E::store(gpuact__g_fwd<OP>(&cfg, x, bv, fmt)), bytes);
                } else {
                    const float g = E::load(gpuact__k_ld1<ESZ>(k.dy + dat, bytes));
                    const uint32_t da = E::store(gpuact__g_da<OP>(&cfg, x, bv, g, fmt)), db = E::store(gpuact__g_fwd<OP>(&cfg, x, g, fmt));
                    gpuact__k_st1<ESZ>(k.o0 + at, da, bytes);
                    gpuact__k_st1<ESZ>(k.o1 + at, db, bytes);
                }
            }
        }
    }
}
/* the gated kernels built: the ops of GPUACT_GATED_OPS (gpuact.h; by
   default gelu_erf, gelu_tanh and silu: GEGLU and SwiGLU) and of
   GPUACT_ONLY_OPS, the types of GPUACT_ONLY_TYPES. The other four ops'
   would add about 5 s to the implementation's nvcc build. */
#ifndef GPUACT_GATED_OPS
#define GPUACT_GATED_OPS (GPUACT_BIT(GPUACT_OP_GELU_ERF) | GPUACT_BIT(GPUACT_OP_GELU_TANH) | GPUACT_BIT(GPUACT_OP_SILU))
#endif
static inline int gpuact__gated_built(int op, int dtype) {
    return gpuact__device_built(op, dtype) && (((unsigned)(GPUACT_GATED_OPS) >> (unsigned)op) & 1u);
}
template <int OP, int DT> struct gpuact__g_built {
    enum { value = gpuact__k_built<OP, DT>::value && (((unsigned)(GPUACT_GATED_OPS) >> OP) & 1u) != 0 };
};
template <int OP, int DT, int BWD, bool OK = gpuact__g_built<OP, DT>::value>
struct gpuact__g_launcher {
    static cudaError_t run(const gpuact__gargs &k, dim3 grid, cudaStream_t stream) {
        void *args[1];
        args[0] = const_cast<gpuact__gargs *>(&k);
        return cudaLaunchKernel((const void *)gpuact__k_gated<OP, DT, BWD>, grid, dim3(GPUACT__BLOCK), args, 0, stream);
    }
};
template <int OP, int DT, int BWD> struct gpuact__g_launcher<OP, DT, BWD, false> {
    static cudaError_t run(const gpuact__gargs &, dim3, cudaStream_t) { return cudaErrorInvalidValue; }
};
/* the gated kernels' count (forward and backward, three types, the ops
   built): scripts/gpu-build-check.sh checks the PTX against it */
template <int OP> struct gpuact__g_count {
    enum { value = 2 * (gpuact__g_built<OP, GPUACT_F32>::value + gpuact__g_built<OP, GPUACT_F16>::value + gpuact__g_built<OP, GPUACT_BF16>::value) };
};
enum {
    GPUACT__NGATED = gpuact__g_count<GPUACT_OP_GELU_ERF>::value + gpuact__g_count<GPUACT_OP_GELU_TANH>::value +
                     gpuact__g_count<GPUACT_OP_GELU_SIGMOID>::value + gpuact__g_count<GPUACT_OP_ELU>::value +
                     gpuact__g_count<GPUACT_OP_SELU>::value + gpuact__g_count<GPUACT_OP_SILU>::value +
                     gpuact__g_count<GPUACT_OP_SWISH_TANH>::value
};
template <int DT, int BWD>
static inline cudaError_t gpuact__g_launch_op(int op, const gpuact__gargs &k, dim3 grid, cudaStream_t stream) {
    switch (op) {
    case GPUACT_OP_GELU_ERF: return gpuact__g_launcher<GPUACT_OP_GELU_ERF, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_GELU_TANH: return gpuact__g_launcher<GPUACT_OP_GELU_TANH, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_GELU_SIGMOID: return gpuact__g_launcher<GPUACT_OP_GELU_SIGMOID, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_ELU: return gpuact__g_launcher<GPUACT_OP_ELU, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_SELU: return gpuact__g_launcher<GPUACT_OP_SELU, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_SILU: return gpuact__g_launcher<GPUACT_OP_SILU, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_SWISH_TANH: return gpuact__g_launcher<GPUACT_OP_SWISH_TANH, DT, BWD>::run(k, grid, stream);
    default: return cudaErrorInvalidValue;
    }
}
/* Plans and launches one gated call (arguments checked by the caller; rows,
   cols > 0; pitch in bytes, rows == 1 or pitch >= the row's bytes). A
   template for the reason gpuact__eltwise_device is one. */
template <int UNUSED = 0>
static inline cudaError_t gpuact__gated_device(int bwd, int op, int dtype, const gpuact_cfg *cfg, const void *a, const void *b,
                                               const void *dy, void *o0, void *o1, size_t rows, size_t cols, size_t pitch,
                                               cudaStream_t stream) {
    gpuact__gargs k;
    const size_t esz = dtype == GPUACT_F32 ? 4u : 2u, row = cols * esz;
    const void *ptrs[5];
    size_t i, blocks;
    int aligned16 = row % 16 == 0 && (rows == 1 || pitch % 16 == 0), elem = 1;
    ptrs[0] = a; ptrs[1] = b; ptrs[2] = dy; ptrs[3] = o0; ptrs[4] = o1;
    for (i = 0; i < 5; i++) {
        if (!ptrs[i]) continue;
        if ((uintptr_t)ptrs[i] % 16u) aligned16 = 0;
        if ((uintptr_t)ptrs[i] % esz) elem = 0;
    }
    k.cfg = *cfg;
    k.a = (const unsigned char *)a;
    k.b = (const unsigned char *)b;
    k.dy = (const unsigned char *)dy;
    k.o0 = (unsigned char *)o0;
    k.o1 = (unsigned char *)o1;
    k.rows = rows;
    k.pitch = rows == 1 ? row : pitch;
    k.mode = aligned16 ? GPUACT__MODE_VEC : elem ? GPUACT__MODE_SCALAR : GPUACT__MODE_BYTES;
    k.units = aligned16 ? row / 16 : cols;
    blocks = k.units / GPUACT__BLOCK + (k.units % GPUACT__BLOCK != 0);
    if (blocks > 0x7fffffffu) blocks = 0x7fffffffu;
    const dim3 grid((unsigned)blocks, (unsigned)(rows < 65535u ? rows : 65535u));
    switch (dtype) {
    case GPUACT_F32: return bwd ? gpuact__g_launch_op<GPUACT_F32, 1>(op, k, grid, stream) : gpuact__g_launch_op<GPUACT_F32, 0>(op, k, grid, stream);
    case GPUACT_F16: return bwd ? gpuact__g_launch_op<GPUACT_F16, 1>(op, k, grid, stream) : gpuact__g_launch_op<GPUACT_F16, 0>(op, k, grid, stream);
    case GPUACT_BF16: return bwd ? gpuact__g_launch_op<GPUACT_BF16, 1>(op, k, grid, stream) : gpuact__g_launch_op<GPUACT_BF16, 0>(op, k, grid, stream);
    default: return cudaErrorInvalidValue;
    }
}

/* == 10.3b Bias + activation kernels == */
/* ---------------------------------------------------------------------------
   gpuact__k_bias<OP, DT, BWD>: section 9.3 on a dense [rows, cols] x, the
   bias broadcast along the rows. Forward: y = f(x + b); backward: dx = dy
   f'(x + b). A 2-D grid: y over chunks of GPUACT_BIAS_CHUNK rows (stride
   gridDim.y), x over a row's units (16 bytes: V columns, where every
   pointer and the row's bytes are multiples of 16; else one column). Each
   element: for 16-bit results of an exact sum the 16-bit tier, then the
   table tier (of f(s), or 9.3's first-order form where x + b is not a
   float), then, where they decline, 9.3's whole chain as a call (the one
   gpuact__bias_fmt the host runs: an accepted tier result is the correctly
   rounded one, which every path gives, so the bits agree). VEC: a warp
   takes 32 units down the chunk and queues the declined elements for the
   call, 32 at a time (H200, n = 2^28, fp32: 5.6 warp instructions an
   element without the queue, 4.2 with it); dbias's partials then come from
   dx by gpuact__k_bias_part. Else one unit a thread, which sums its
   column's dx over the chunk in row order (double-float) as it goes, for
   gpuact__k_bias_db: the host's order either way.
   ------------------------------------------------------------------------ */
typedef struct gpuact__bargs {
    gpuact_cfg cfg;
    const unsigned char *x, *b, *dy; /* dy: backward only */
    unsigned char *o0;               /* y or dx */
    float *ws;                       /* backward: the partials, [chunks][cols] (h, l), or NULL */
    size_t rows, cols, units;        /* units a row */
    int mode;                        /* GPUACT__MODE_VEC, _SCALAR, _BYTES */
} gpuact__bargs;
template <int OP>
__device__ __noinline__ float gpuact__bias_fwd_call(const gpuact_cfg c, float x, float b, int fmt) {
    return gpuact__bias_fmt(OP, x, b, &c, fmt);
}
template <int OP>
__device__ __noinline__ float gpuact__bias_bwd_call(const gpuact_cfg c, float x, float b, float dy, int fmt) {
    return gpuact__bias_bwd_fmt(OP, x, b, dy, &c, fmt);
}
/* the tiers of one element: 1 and *y where one took it, else 0 */
template <int OP, int BWD>
__device__ __forceinline__ int gpuact__b_tier(const gpuact_cfg *c, const uint32_t *tab, float x, float b, float g, int fmt, float *y) {
    const gpuact__df t = gpuact__sum2(x, b);
    uint32_t bits;
    if (OP == GPUACT_OP_SWISH_TANH && !gpuact__isfinite(t.h)) return 0; /* a sum above the floats: gpuact__bias_st_big */
    /* 16-bit results of an exact sum: the 16-bit tier (its bounds hold for
       every fp32 x it takes: tests/accuracy/tier_error.c) */
    if (fmt != GPUACT__FMT_F32 && t.l == 0.0f && gpuact__h_takes(OP, BWD, t.h, c) &&
        (BWD ? gpuact__h_bwd(OP, t.h, g, c, tab, 0, fmt, y, &bits) : gpuact__h_fwd(OP, t.h, c, tab, 0, fmt, 1, y, &bits)))
        return 1;
    if (gpuact__tt_takes(OP, t.h, c)) {
        const int ok = t.l != 0.0f ? (OP == GPUACT_OP_SWISH_TANH ? gpuact__bias_st_tt1(BWD, tab, t.h, t.l, g, c, fmt, y)
                                                              : gpuact__bias_tt1(BWD, OP, tab, t.h, t.l, g, fmt, y))
                       : BWD       ? gpuact__tt_bwd(OP, t.h, g, c, tab, fmt, y)
                                   : gpuact__tt_fwd(OP, t.h, c, tab, fmt, y);
        if (ok) return 1;
    }
    return 0;
}
/* the element's whole chain as a call (what the tiers decline) */
template <int OP, int BWD>
__device__ __forceinline__ float gpuact__b_call(const gpuact_cfg *c, float x, float b, float g, int fmt) {
    return BWD ? gpuact__bias_bwd_call<OP>(*c, x, b, g, fmt) : gpuact__bias_fwd_call<OP>(*c, x, b, fmt);
}
template <int OP, int BWD>
__device__ __forceinline__ float gpuact__b_elem(const gpuact_cfg *c, const uint32_t *tab, float x, float b, float g, int fmt) {
    float y;
    if (gpuact__b_tier<OP, BWD>(c, tab, x, b, g, fmt, &y)) return y;
    return gpuact__b_call<OP, BWD>(c, x, b, g, fmt);
}
/* Elements the tiers declined, parked per warp in shared memory and run
   through the chain 32 at a time, one a lane (gpuact__defer's reason: one
   element in 128 needing the call held up the warp for its whole length).
   Room for 31 waiting and one row's 32 V. Without dbias only: its sums
   take each column's values in row order as they come. */
template <int ESZ> struct gpuact__bq {
    enum { CAP = 31 + 32 * (16 / ESZ) + 1 };
    typedef typename gpuact__word<ESZ>::type word;
    size_t at[CAP];
    word x[CAP], b[CAP], g[CAP];
};
/* while 32 wait (with all, while any does): 32 of them, one a lane */
template <int OP, int DT, int BWD>
__device__ __forceinline__ void gpuact__b_flush(const gpuact__bargs &k, const gpuact_cfg *c, gpuact__bq<(int)gpuact__elt<DT>::ESZ> &q,
                                                unsigned &cnt, bool all) {
    typedef gpuact__elt<DT> E;
    const unsigned lane = threadIdx.x & 31u;
    while (cnt >= 32u || (all && cnt)) {
        const unsigned m = cnt < 32u ? cnt : 32u;
        cnt -= m;
        __syncwarp();
        if (lane < m) {
            const unsigned slot = cnt + lane;
            const float v = gpuact__b_call<OP, BWD>(c, E::load(q.x[slot]), E::load(q.b[slot]), BWD ? E::load(q.g[slot]) : 0.0f, (int)E::FMT);
            gpuact__k_st1<(int)E::ESZ>(k.o0 + q.at[slot], E::store(v), 0);
        }
        __syncwarp();
    }
}
template <int OP, int DT, int BWD>
static __global__ void __launch_bounds__(GPUACT__BLOCK) gpuact__k_bias(const gpuact__bargs k) {
    typedef gpuact__elt<DT> E;
    const int ESZ = (int)E::ESZ, V = 16 / ESZ, fmt = (int)E::FMT;
    const uint32_t MASK = ESZ == 4 ? 0xffffffffu : 0xffffu;
    const gpuact_cfg cfg = k.cfg;
    const uint32_t *tab = gpuact__tt_has(OP, &cfg) ? gpuact__tt_tab(OP, BWD) : (const uint32_t *)0;
    /* fp32 of the table ops: the block's copy of the rows (16 KB), as
       gpuact__k_eltwise keeps one (its gathers, one row an element, run
       from shared memory faster than through the L1); the 16-bit queue
       leaves no room for it under 48 KB */
    enum { SH = ESZ == 4 && (OP == GPUACT_OP_GELU_ERF || OP == GPUACT_OP_GELU_TANH || OP == GPUACT_OP_GELU_SIGMOID ||
                             OP == GPUACT_OP_SILU || OP == GPUACT_OP_SWISH_TANH) };
    __shared__ gpuact__tt_smem<SH ? 2 * GPUACT__TT_N : 1> tts;
    if (SH && tab) { /* (tab is the same in every thread) */
        const uint4 *src = reinterpret_cast<const uint4 *>(tab);
        for (int i = (int)threadIdx.x; i < 2 * GPUACT__TT_N; i += (int)blockDim.x) tts.v[i] = src[i];
        __syncthreads();
        tab = reinterpret_cast<const uint32_t *>(tts.v);
    }
    const size_t nch = (k.rows + GPUACT_BIAS_CHUNK - 1) / GPUACT_BIAS_CHUNK, ustride = (size_t)gridDim.x * blockDim.x;
    const int vec = k.mode == GPUACT__MODE_VEC, bytes = k.mode == GPUACT__MODE_BYTES;
    const size_t ub = vec ? 16u : (size_t)ESZ, pitch = k.cols * ESZ;
    if (vec) {
        /* warp-uniform loops (the votes see every lane): a warp takes 32
           consecutive units down the chunk's rows, the next row's vectors
           loaded before this row's math; the tiers' results stored as a
           vector, what they declined queued (ballot + popc give each its
           slot) and, 32 at a time, put in its place */
        __shared__ gpuact__bq<ESZ> bqs[GPUACT__BLOCK / 32];
        gpuact__bq<ESZ> &q = bqs[threadIdx.x >> 5];
        typedef typename gpuact__bq<ESZ>::word word;
        const unsigned lane = threadIdx.x & 31u, below = (1u << lane) - 1u;
        unsigned cnt = 0;
        for (size_t ch = blockIdx.y; ch < nch; ch += gridDim.y) {
            const size_t r0 = ch * GPUACT_BIAS_CHUNK, r1 = r0 + GPUACT_BIAS_CHUNK < k.rows ? r0 + GPUACT_BIAS_CHUNK : k.rows;
            for (size_t wu = (size_t)blockIdx.x * blockDim.x + (threadIdx.x & ~31u); wu < k.units; wu += ustride) {
                const size_t u = wu + lane, ub16 = u * 16;
                const bool act = u < k.units;
                const uint4 z = make_uint4(0u, 0u, 0u, 0u);
                const uint4 vb = act ? *reinterpret_cast<const uint4 *>(k.b + ub16) : z;
                const uint32_t b4[4] = {vb.x, vb.y, vb.z, vb.w};
                uint4 nx = act ? *reinterpret_cast<const uint4 *>(k.x + r0 * pitch + ub16) : z;
                uint4 ng = act && BWD ? *reinterpret_cast<const uint4 *>(k.dy + r0 * pitch + ub16) : z;
                for (size_t r = r0; r < r1; r++) {
                    const size_t at = r * pitch + ub16;
                    const uint32_t x4[4] = {nx.x, nx.y, nx.z, nx.w}, g4[4] = {ng.x, ng.y, ng.z, ng.w};
                    if (act && r + 1 < r1) {
                        nx = *reinterpret_cast<const uint4 *>(k.x + at + pitch);
                        if (BWD) ng = *reinterpret_cast<const uint4 *>(k.dy + at + pitch);
                    }
                    unsigned fail = 0u;
                    if (act) {
                        uint32_t o[4] = {0u, 0u, 0u, 0u};
#pragma unroll
                        for (int j = 0; j < V; j++) {
                            const int w = j * ESZ / 4, sh = (j * ESZ % 4) * 8;
                            float v = 0.0f;
                            if (!gpuact__b_tier<OP, BWD>(&cfg, tab, E::load((x4[w] >> sh) & MASK), E::load((b4[w] >> sh) & MASK),
                                                         BWD ? E::load((g4[w] >> sh) & MASK) : 0.0f, fmt, &v))
                                fail |= 1u << j;
                            o[w] |= E::store(v) << sh;
                        }
                        *reinterpret_cast<uint4 *>(k.o0 + at) = make_uint4(o[0], o[1], o[2], o[3]);
                    }
                    if (__any_sync(0xffffffffu, fail)) {
#pragma unroll
                        for (int j = 0; j < V; j++) {
                            const int w = j * ESZ / 4, sh = (j * ESZ % 4) * 8;
                            const unsigned bj = __ballot_sync(0xffffffffu, (fail >> j) & 1u);
                            if ((fail >> j) & 1u) {
                                const unsigned slot = cnt + __popc(bj & below);
                                q.at[slot] = at + (size_t)(ESZ * j);
                                q.x[slot] = (word)(x4[w] >> sh);
                                q.b[slot] = (word)(b4[w] >> sh);
                                q.g[slot] = (word)(g4[w] >> sh);
                            }
                            cnt += __popc(bj);
                        }
                        gpuact__b_flush<OP, DT, BWD>(k, &cfg, q, cnt, false);
                    }
                }
            }
        }
        gpuact__b_flush<OP, DT, BWD>(k, &cfg, q, cnt, true);
        return;
    }
    for (size_t ch = blockIdx.y; ch < nch; ch += gridDim.y) {
        const size_t r0 = ch * GPUACT_BIAS_CHUNK, r1 = r0 + GPUACT_BIAS_CHUNK < k.rows ? r0 + GPUACT_BIAS_CHUNK : k.rows;
        for (size_t u = (size_t)blockIdx.x * blockDim.x + threadIdx.x; u < k.units; u += ustride) {
            const float bv = E::load(gpuact__k_ld1<ESZ>(k.b + u * ub, bytes));
            gpuact__df part = gpuact__df_make(0.0f, 0.0f);
            for (size_t r = r0; r < r1; r++) {
                const size_t at = r * pitch + u * ub;
                const float x = E::load(gpuact__k_ld1<ESZ>(k.x + at, bytes));
                const float g = BWD ? E::load(gpuact__k_ld1<ESZ>(k.dy + at, bytes)) : 0.0f;
                const float v = gpuact__b_elem<OP, BWD>(&cfg, tab, x, bv, g, fmt);
                gpuact__k_st1<ESZ>(k.o0 + at, E::store(v), bytes);
                if (BWD && k.ws) part = gpuact__db_add(part, gpuact__df_make(v, 0.0f));
            }
            if (BWD && k.ws) {
                k.ws[2 * (ch * k.cols + u)] = part.h;
                k.ws[2 * (ch * k.cols + u) + 1] = part.l;
            }
        }
    }
}
/* dbias's partials of a VEC call, from dx as the bias kernel wrote it (its
   queue puts the declined elements in place out of row order): a thread
   one 16-byte unit (V columns) down a chunk, in row order as the host
   sums, GPUACT__BIAS_PART_R rows' loads in flight. The values are dx's,
   so the sums are the ones the element loop would have made. */
#ifndef GPUACT__BIAS_PART_R
#define GPUACT__BIAS_PART_R 4
#endif
template <int DT>
static __global__ void __launch_bounds__(GPUACT__BLOCK) gpuact__k_bias_part(const unsigned char *dx, float *ws, size_t rows, size_t cols,
                                                                            size_t units) {
    typedef gpuact__elt<DT> E;
    const int ESZ = (int)E::ESZ, V = 16 / ESZ, R = GPUACT__BIAS_PART_R;
    const uint32_t MASK = ESZ == 4 ? 0xffffffffu : 0xffffu;
    const size_t nch = (rows + GPUACT_BIAS_CHUNK - 1) / GPUACT_BIAS_CHUNK, pitch = cols * ESZ;
    for (size_t ch = blockIdx.y; ch < nch; ch += gridDim.y) {
        const size_t r0 = ch * GPUACT_BIAS_CHUNK, r1 = r0 + GPUACT_BIAS_CHUNK < rows ? r0 + GPUACT_BIAS_CHUNK : rows;
        for (size_t u = (size_t)blockIdx.x * blockDim.x + threadIdx.x; u < units; u += (size_t)gridDim.x * blockDim.x) {
            float ph[V], pl[V];
#pragma unroll
            for (int j = 0; j < V; j++) { ph[j] = 0.0f; pl[j] = 0.0f; }
            for (size_t r = r0; r < r1; r += R) {
                uint4 v[R];
#pragma unroll
                for (int q = 0; q < R; q++)
                    v[q] = r + q < r1 ? *reinterpret_cast<const uint4 *>(dx + (r + q) * pitch + u * 16) : make_uint4(0u, 0u, 0u, 0u);
#pragma unroll
                for (int q = 0; q < R; q++) {
                    if (r + q >= r1) break;
                    const uint32_t w4[4] = {v[q].x, v[q].y, v[q].z, v[q].w};
#pragma unroll
                    for (int j = 0; j < V; j++) {
                        const gpuact__df a = gpuact__db_add(gpuact__df_make(ph[j], pl[j]),
                                                            gpuact__df_make(E::load((w4[j * ESZ / 4] >> ((j * ESZ % 4) * 8)) & MASK), 0.0f));
                        ph[j] = a.h;
                        pl[j] = a.l;
                    }
                }
            }
#pragma unroll
            for (int j = 0; j < V; j++) {
                const size_t i = 2 * (ch * cols + u * V + j);
                ws[i] = ph[j];
                ws[i + 1] = pl[j];
            }
        }
    }
}
/* dbias[j]: the partials of column j in chunk order, rounded once */
template <int DT>
static __global__ void __launch_bounds__(GPUACT__BLOCK) gpuact__k_bias_db(const float *ws, unsigned char *db, size_t nch,
                                                                          size_t cols, int bytes) {
    typedef gpuact__elt<DT> E;
    const int ESZ = (int)E::ESZ;
    for (size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x; j < cols; j += (size_t)gridDim.x * blockDim.x) {
        gpuact__df tot = gpuact__df_make(0.0f, 0.0f);
        for (size_t ch = 0; ch < nch; ch++) tot = gpuact__db_add(tot, gpuact__df_make(ws[2 * (ch * cols + j)], ws[2 * (ch * cols + j) + 1]));
        gpuact__k_st1<ESZ>(db + j * ESZ, E::store(gpuact__round(gpuact__xf_make(tot, 0), (int)E::FMT)), bytes);
    }
}
/* the bias kernels built: the ops of GPUACT_BIAS_OPS (gpuact.h; by default
   none: each op adds about 3.5 s to the implementation's nvcc build on 2
   cores) and of GPUACT_ONLY_OPS, the types of GPUACT_ONLY_TYPES; never
   swish_tanh */
#ifndef GPUACT_BIAS_OPS
#define GPUACT_BIAS_OPS 0u
#endif
static inline int gpuact__bias_built(int op, int dtype) {
    return gpuact__device_built(op, dtype) && (((unsigned)(GPUACT_BIAS_OPS) >> (unsigned)op) & 1u);
}
template <int OP, int DT> struct gpuact__b_built {
    enum { value = gpuact__k_built<OP, DT>::value && (((unsigned)(GPUACT_BIAS_OPS) >> OP) & 1u) != 0 };
};
template <int OP, int DT, int BWD, bool OK = gpuact__b_built<OP, DT>::value>
struct gpuact__b_launcher {
    static cudaError_t run(const gpuact__bargs &k, dim3 grid, cudaStream_t stream) {
        void *args[1];
        args[0] = const_cast<gpuact__bargs *>(&k);
        return cudaLaunchKernel((const void *)gpuact__k_bias<OP, DT, BWD>, grid, dim3(GPUACT__BLOCK), args, 0, stream);
    }
};
template <int OP, int DT, int BWD> struct gpuact__b_launcher<OP, DT, BWD, false> {
    static cudaError_t run(const gpuact__bargs &, dim3, cudaStream_t) { return cudaErrorInvalidValue; }
};
/* the bias kernels' count (forward and backward, the types and ops built;
   the three dbias sums are counted apart): scripts/gpu-build-check.sh */
template <int OP> struct gpuact__b_count {
    enum { value = 2 * (gpuact__b_built<OP, GPUACT_F32>::value + gpuact__b_built<OP, GPUACT_F16>::value + gpuact__b_built<OP, GPUACT_BF16>::value) };
};
enum {
    GPUACT__NBIAS = gpuact__b_count<GPUACT_OP_GELU_ERF>::value + gpuact__b_count<GPUACT_OP_GELU_TANH>::value +
                    gpuact__b_count<GPUACT_OP_GELU_SIGMOID>::value + gpuact__b_count<GPUACT_OP_ELU>::value +
                    gpuact__b_count<GPUACT_OP_SELU>::value + gpuact__b_count<GPUACT_OP_SILU>::value +
                    gpuact__b_count<GPUACT_OP_SWISH_TANH>::value
};
/* the dbias sum of a type, built where some op's bias kernels are */
template <int DT> struct gpuact__b_any {
    enum { value = (gpuact__b_built<GPUACT_OP_GELU_ERF, DT>::value | gpuact__b_built<GPUACT_OP_GELU_TANH, DT>::value |
                    gpuact__b_built<GPUACT_OP_GELU_SIGMOID, DT>::value | gpuact__b_built<GPUACT_OP_ELU, DT>::value |
                    gpuact__b_built<GPUACT_OP_SELU, DT>::value | gpuact__b_built<GPUACT_OP_SILU, DT>::value |
                    gpuact__b_built<GPUACT_OP_SWISH_TANH, DT>::value) != 0 };
};
template <int DT, bool OK = gpuact__b_any<DT>::value> struct gpuact__b_db_launcher {
    static cudaError_t run(const float *ws, unsigned char *db, size_t nch, size_t cols, int bytes, dim3 grid, cudaStream_t stream) {
        void *args[5];
        args[0] = (void *)&ws; args[1] = (void *)&db; args[2] = (void *)&nch; args[3] = (void *)&cols; args[4] = (void *)&bytes;
        return cudaLaunchKernel((const void *)gpuact__k_bias_db<DT>, grid, dim3(GPUACT__BLOCK), args, 0, stream);
    }
};
template <int DT, bool OK = gpuact__b_any<DT>::value> struct gpuact__b_part_launcher {
    static cudaError_t run(const unsigned char *dx, float *ws, size_t rows, size_t cols, size_t units, dim3 grid, cudaStream_t stream) {
        void *args[5];
        args[0] = (void *)&dx; args[1] = (void *)&ws; args[2] = (void *)&rows; args[3] = (void *)&cols; args[4] = (void *)&units;
        return cudaLaunchKernel((const void *)gpuact__k_bias_part<DT>, grid, dim3(GPUACT__BLOCK), args, 0, stream);
    }
};
template <int DT> struct gpuact__b_part_launcher<DT, false> {
    static cudaError_t run(const unsigned char *, float *, size_t, size_t, size_t, dim3, cudaStream_t) { return cudaErrorInvalidValue; }
};
template <int DT> struct gpuact__b_db_launcher<DT, false> {
    static cudaError_t run(const float *, unsigned char *, size_t, size_t, int, dim3, cudaStream_t) { return cudaErrorInvalidValue; }
};
template <int DT, int BWD>
static inline cudaError_t gpuact__b_launch_op(int op, const gpuact__bargs &k, dim3 grid, cudaStream_t stream) {
    switch (op) {
    case GPUACT_OP_GELU_ERF: return gpuact__b_launcher<GPUACT_OP_GELU_ERF, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_GELU_TANH: return gpuact__b_launcher<GPUACT_OP_GELU_TANH, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_GELU_SIGMOID: return gpuact__b_launcher<GPUACT_OP_GELU_SIGMOID, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_ELU: return gpuact__b_launcher<GPUACT_OP_ELU, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_SELU: return gpuact__b_launcher<GPUACT_OP_SELU, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_SILU: return gpuact__b_launcher<GPUACT_OP_SILU, DT, BWD>::run(k, grid, stream);
    case GPUACT_OP_SWISH_TANH: return gpuact__b_launcher<GPUACT_OP_SWISH_TANH, DT, BWD>::run(k, grid, stream);
    default: return cudaErrorInvalidValue;
    }
}
/* Plans and launches one bias call (arguments checked by the caller; cols
   > 0; rows = 0 only with dbias, which then becomes +0). ws: the caller's
   workspace when dbias is wanted. A template for the reason
   gpuact__eltwise_device is one. */
template <int UNUSED = 0>
static inline cudaError_t gpuact__bias_device(int bwd, int op, int dtype, const gpuact_cfg *cfg, const void *x, const void *b,
                                              const void *dy, void *o0, void *db, float *ws, size_t rows, size_t cols,
                                              cudaStream_t stream) {
    gpuact__bargs k;
    const size_t esz = dtype == GPUACT_F32 ? 4u : 2u, nch = (rows + GPUACT_BIAS_CHUNK - 1) / GPUACT_BIAS_CHUNK;
    const void *ptrs[5];
    size_t i, blocks;
    cudaError_t e = cudaSuccess;
    int elem = 1, aligned16 = (cols * esz) % 16 == 0;
    ptrs[0] = x; ptrs[1] = b; ptrs[2] = dy; ptrs[3] = o0; ptrs[4] = db;
    for (i = 0; i < 5; i++) {
        if (!ptrs[i]) continue;
        if ((uintptr_t)ptrs[i] % esz) elem = 0;
        if ((uintptr_t)ptrs[i] % 16u && i < 4) aligned16 = 0; /* dbias: written by the sum, element by element */
    }
    k.cfg = *cfg;
    k.x = (const unsigned char *)x;
    k.b = (const unsigned char *)b;
    k.dy = (const unsigned char *)dy;
    k.o0 = (unsigned char *)o0;
    k.ws = db ? ws : (float *)0;
    k.rows = rows;
    k.cols = cols;
    k.mode = aligned16 ? GPUACT__MODE_VEC : elem ? GPUACT__MODE_SCALAR : GPUACT__MODE_BYTES;
    k.units = aligned16 ? cols * esz / 16 : cols;
    blocks = k.units / GPUACT__BLOCK + (k.units % GPUACT__BLOCK != 0);
    if (blocks > 0x7fffffffu) blocks = 0x7fffffffu;
    if (rows > 0) {
        const dim3 grid((unsigned)blocks, (unsigned)(nch < 65535u ? nch : 65535u));
        switch (dtype) {
        case GPUACT_F32: e = bwd ? gpuact__b_launch_op<GPUACT_F32, 1>(op, k, grid, stream) : gpuact__b_launch_op<GPUACT_F32, 0>(op, k, grid, stream); break;
        case GPUACT_F16: e = bwd ? gpuact__b_launch_op<GPUACT_F16, 1>(op, k, grid, stream) : gpuact__b_launch_op<GPUACT_F16, 0>(op, k, grid, stream); break;
        case GPUACT_BF16: e = bwd ? gpuact__b_launch_op<GPUACT_BF16, 1>(op, k, grid, stream) : gpuact__b_launch_op<GPUACT_BF16, 0>(op, k, grid, stream); break;
        default: return cudaErrorInvalidValue;
        }
        if (e != cudaSuccess) return e;
        if (bwd && db && k.mode == GPUACT__MODE_VEC) {
            /* the partials from dx (the VEC kernel leaves k.ws alone) */
            const unsigned char *dxp = (const unsigned char *)o0;
            switch (dtype) {
            case GPUACT_F32: e = gpuact__b_part_launcher<GPUACT_F32>::run(dxp, ws, rows, cols, k.units, grid, stream); break;
            case GPUACT_F16: e = gpuact__b_part_launcher<GPUACT_F16>::run(dxp, ws, rows, cols, k.units, grid, stream); break;
            default: e = gpuact__b_part_launcher<GPUACT_BF16>::run(dxp, ws, rows, cols, k.units, grid, stream); break;
            }
            if (e != cudaSuccess) return e;
        }
    }
    if (bwd && db) {
        size_t gb = cols / GPUACT__BLOCK + (cols % GPUACT__BLOCK != 0);
        unsigned char *dbp = (unsigned char *)db;
        const int by = (uintptr_t)db % esz != 0;
        if (gb > 0x7fffffffu) gb = 0x7fffffffu;
        const dim3 grid((unsigned)gb);
        switch (dtype) {
        case GPUACT_F32: return gpuact__b_db_launcher<GPUACT_F32>::run(ws, dbp, nch, cols, by, grid, stream);
        case GPUACT_F16: return gpuact__b_db_launcher<GPUACT_F16>::run(ws, dbp, nch, cols, by, grid, stream);
        default: return gpuact__b_db_launcher<GPUACT_BF16>::run(ws, dbp, nch, cols, by, grid, stream);
        }
    }
    return e;
}

/* == 10.3c fp64 kernels == */
/* gpuact__k_f64: section 9.4's element over n doubles, grid-stride, one
   element a thread a pass; one kernel for every op and direction (runtime
   arguments: the arithmetic, not the memory, bounds it, and a template per
   op and direction would cost the build 35 instances of the double-double
   code). bytes: some pointer is not 8-byte aligned, so elements move
   byte by byte. Built where the implementation defines GPUACT_F64_KERNELS
   (gpuact.h). */
#ifndef GPUACT_F64_KERNELS
#define GPUACT_F64_KERNELS 0
#endif
#if GPUACT_F64_KERNELS
__device__ __forceinline__ double gpuact__k_ld8(const unsigned char *p, int bytes) {
    if (!bytes) return *reinterpret_cast<const double *>(p);
    uint64_t u = 0;
    for (int k = 0; k < 8; k++) u |= (uint64_t)p[k] << (8 * k);
    return __longlong_as_double((long long)u);
}
__device__ __forceinline__ void gpuact__k_st8(unsigned char *p, double v, int bytes) {
    if (!bytes) { *reinterpret_cast<double *>(p) = v; return; }
    const uint64_t u = (uint64_t)__double_as_longlong(v);
    for (int k = 0; k < 8; k++) p[k] = (unsigned char)(u >> (8 * k));
}
static __global__ void __launch_bounds__(GPUACT__BLOCK) gpuact__k_f64(const gpuact_cfg c, int op, int dir, const unsigned char *in0,
                                                                     const unsigned char *in1, unsigned char *out0, unsigned char *out1,
                                                                     size_t n, int bytes) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const double a = gpuact__k_ld8(in0 + 8 * i, bytes), b = in1 ? gpuact__k_ld8(in1 + 8 * i, bytes) : 0.0;
        double r0 = 0.0, r1 = 0.0;
        gpuact__f64_elem(dir, op, a, b, &c, &r0, &r1);
        gpuact__k_st8(out0 + 8 * i, r0, bytes);
        if (out1) gpuact__k_st8(out1 + 8 * i, r1, bytes);
    }
}
#endif
/* Launches gpuact__k_f64 (arguments checked; n > 0; built) */
template <int UNUSED = 0>
static inline cudaError_t gpuact__f64_device(int dir, int op, const gpuact_cfg *c, const void *in0, const void *in1, void *out0, void *out1,
                                             size_t n, cudaStream_t stream) {
#if GPUACT_F64_KERNELS
    const void *ptrs[4];
    int bytes = 0, i;
    size_t blocks = n / GPUACT__BLOCK + (n % GPUACT__BLOCK != 0);
    ptrs[0] = in0; ptrs[1] = in1; ptrs[2] = out0; ptrs[3] = out1;
    for (i = 0; i < 4; i++)
        if (ptrs[i] && (uintptr_t)ptrs[i] % 8u) bytes = 1;
    if (blocks > 65535u * 8u) blocks = 65535u * 8u; /* grid-stride beyond */
    {
        const gpuact_cfg cc = *c;
        const unsigned char *a = (const unsigned char *)in0, *b = (const unsigned char *)in1;
        unsigned char *o = (unsigned char *)out0, *p = dir == GPUACT__DIR_FWDBWD ? (unsigned char *)out1 : (unsigned char *)0;
        void *args[9];
        args[0] = (void *)&cc; args[1] = (void *)&op; args[2] = (void *)&dir; args[3] = (void *)&a; args[4] = (void *)&b;
        args[5] = (void *)&o; args[6] = (void *)&p; args[7] = (void *)&n; args[8] = (void *)&bytes;
        return cudaLaunchKernel((const void *)gpuact__k_f64, dim3((unsigned)blocks), dim3(GPUACT__BLOCK), args, 0, stream);
    }
#else
    (void)dir; (void)op; (void)c; (void)in0; (void)in1; (void)out0; (void)out1; (void)n; (void)stream;
    return cudaErrorInvalidValue;
#endif
}

/* == 10.4 Launch == */

/* (the runtime answers' cache, gpuact__cache_get / _put: before section 10.2) */
/* cudaDevAttrMultiProcessorCount of `device`, cached */
static inline cudaError_t gpuact__sm_count(int device, int *sms) {
    static int cache[GPUACT__CACHED_DEVICES];
    const int cached = device >= 0 && device < GPUACT__CACHED_DEVICES ? gpuact__cache_get(&cache[device]) : 0;
    if (cached > 0) {
        *sms = cached;
        return cudaSuccess;
    }
    const cudaError_t e = cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, device);
    if (e == cudaSuccess && *sms > 0 && device >= 0 && device < GPUACT__CACHED_DEVICES) gpuact__cache_put(&cache[device], *sms);
    return e;
}

/* Launcher of gpuact__k_eltwise<OP, DT, DIR> on `stream`; returns the
   status of the occupancy query or the launch. The grid is `blocks` (at most
   sms x GPUACT__BLOCKS_PER_SM), cut to the blocks that are resident at once
   (the kernel's registers decide how many fit): the grid-stride loop then
   runs in one wave, where a second one would be part-empty (at 6 resident
   blocks of 8 it doubled the time). Backward-from-output exists for elu and
   selu only: the other combinations are not instantiated. */
template <int OP, int DT, int DIR, bool OK = gpuact__kt<OP, DT, DIR>::OK, bool PASS = gpuact__kt<OP, DT, DIR>::PASS>
struct gpuact__launcher {
    static cudaError_t run(const gpuact__kargs &k, size_t blocks, int sms, int device, cudaStream_t stream) {
        if (k.cfg.mode == GPUACT_MODE_FAST) return gpuact__fm_launcher<gpuact__op_of<OP>::value, DT, DIR>::run(k, stream);
        const void *fn = (const void *)gpuact__k_eltwise<OP, DT, DIR>;
        static int cache[GPUACT__CACHED_DEVICES]; /* per instantiation: this kernel's answer per device */
        const int cached = device >= 0 && device < GPUACT__CACHED_DEVICES ? gpuact__cache_get(&cache[device]) : 0;
        /* GT: the table of f' in dynamic shared memory, whether the call reads it or not */
        const size_t dyn = gpuact__kt<OP, DT, DIR>::GT ? GPUACT__GT_N((int)gpuact__elt<DT>::FMT) * sizeof(float) : 0u;
        int per_sm = cached;
        if (!cached) {
            cudaError_t e = dyn ? cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)dyn) : cudaSuccess;
            if (e == cudaSuccess) e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, GPUACT__BLOCK, dyn);
            if (e != cudaSuccess) return e;
            if (per_sm > 0 && device >= 0 && device < GPUACT__CACHED_DEVICES) gpuact__cache_put(&cache[device], per_sm);
        }
        if (per_sm < 1) per_sm = 1;
        if (per_sm > GPUACT__BLOCKS_PER_SM) per_sm = GPUACT__BLOCKS_PER_SM;
        if ((int)gpuact__kt<OP, DT, DIR>::MAXB > 0 && per_sm > (int)gpuact__kt<OP, DT, DIR>::MAXB) per_sm = (int)gpuact__kt<OP, DT, DIR>::MAXB;
        const size_t cap = (size_t)sms * (size_t)per_sm;
        void *args[1];
        args[0] = const_cast<gpuact__kargs *>(&k);
        return cudaLaunchKernel(fn, dim3((unsigned)(blocks < cap ? blocks : cap)), dim3(GPUACT__BLOCK), args, dyn, stream);
    }
};
/* the rows with PASS: gpuact__k_pass, whose grid is its passes */
template <int OP, int DT, int DIR> struct gpuact__launcher<OP, DT, DIR, true, true> {
    static cudaError_t run(const gpuact__kargs &k, size_t, int, int, cudaStream_t stream) {
        if (k.cfg.mode == GPUACT_MODE_FAST) return gpuact__fm_launcher<gpuact__op_of<OP>::value, DT, DIR>::run(k, stream);
        return gpuact__onepass_launch((const void *)gpuact__k_pass<OP, DT, DIR>, k, gpuact__kt<OP, DT, DIR>::PU, stream);
    }
};
template <int OP, int DT, int DIR, bool PASS> struct gpuact__launcher<OP, DT, DIR, false, PASS> {
    static cudaError_t run(const gpuact__kargs &, size_t, int, int, cudaStream_t) { return cudaErrorInvalidValue; }
};

/* swish_tanh: the table tier's kernel where there is one for the direction
   and dtype and the configuration is one it takes, else the fast tier's */
template <int DT, int DIR, bool TT = gpuact__kt<GPUACT__OP_SWISH_TT, DT, DIR>::OK>
struct gpuact__launch_st {
    static cudaError_t run(const gpuact__kargs &k, size_t blocks, int sms, int device, cudaStream_t stream) {
        if (k.cfg.mode != GPUACT_MODE_FAST && gpuact__tt_st_cfg(&k.cfg))
            return gpuact__launcher<GPUACT__OP_SWISH_TT, DT, DIR>::run(k, blocks, sms, device, stream);
        return gpuact__launcher<GPUACT_OP_SWISH_TANH, DT, DIR>::run(k, blocks, sms, device, stream);
    }
};
template <int DT, int DIR> struct gpuact__launch_st<DT, DIR, false> {
    static cudaError_t run(const gpuact__kargs &k, size_t blocks, int sms, int device, cudaStream_t stream) {
        return gpuact__launcher<GPUACT_OP_SWISH_TANH, DT, DIR>::run(k, blocks, sms, device, stream);
    }
};
/* runtime op -> template */
template <int DT, int DIR>
static inline cudaError_t gpuact__launch_op(int op, const gpuact__kargs &k, size_t blocks, int sms, int device, cudaStream_t stream) {
    switch (op) {
    case GPUACT_OP_GELU_ERF: return gpuact__launcher<GPUACT_OP_GELU_ERF, DT, DIR>::run(k, blocks, sms, device, stream);
    case GPUACT_OP_GELU_TANH: return gpuact__launcher<GPUACT_OP_GELU_TANH, DT, DIR>::run(k, blocks, sms, device, stream);
    case GPUACT_OP_GELU_SIGMOID: return gpuact__launcher<GPUACT_OP_GELU_SIGMOID, DT, DIR>::run(k, blocks, sms, device, stream);
    case GPUACT_OP_ELU: return gpuact__launcher<GPUACT_OP_ELU, DT, DIR>::run(k, blocks, sms, device, stream);
    case GPUACT_OP_SELU: return gpuact__launcher<GPUACT_OP_SELU, DT, DIR>::run(k, blocks, sms, device, stream);
    case GPUACT_OP_SILU: return gpuact__launcher<GPUACT_OP_SILU, DT, DIR>::run(k, blocks, sms, device, stream);
    case GPUACT_OP_SWISH_TANH: return gpuact__launch_st<DT, DIR>::run(k, blocks, sms, device, stream);
    default: return cudaErrorInvalidValue;
    }
}
/* runtime direction -> template */
template <int DT>
static inline cudaError_t gpuact__launch_dir(int dir, int op, const gpuact__kargs &k, size_t blocks, int sms, int device, cudaStream_t stream) {
    switch (dir) {
    case GPUACT__DIR_FWD: return gpuact__launch_op<DT, GPUACT__DIR_FWD>(op, k, blocks, sms, device, stream);
    case GPUACT__DIR_GRAD: return gpuact__launch_op<DT, GPUACT__DIR_GRAD>(op, k, blocks, sms, device, stream);
    case GPUACT__DIR_BWD: return gpuact__launch_op<DT, GPUACT__DIR_BWD>(op, k, blocks, sms, device, stream);
    case GPUACT__DIR_FWDBWD: return gpuact__launch_op<DT, GPUACT__DIR_FWDBWD>(op, k, blocks, sms, device, stream);
    case GPUACT__DIR_BWDOUT: return gpuact__launch_op<DT, GPUACT__DIR_BWDOUT>(op, k, blocks, sms, device, stream);
    default: return cudaErrorInvalidValue;
    }
}

/* Chooses the access mode for the call's non-NULL pointers (see the top of
   this section) and fills head / nvec / items of k. */
static inline void gpuact__eltwise_plan(gpuact__kargs *k, size_t esz, size_t n) {
    const void *ptrs[4];
    size_t i, np = 0, off;
    int same = 1, elem_aligned = 1;
    ptrs[np++] = k->in0;
    if (k->in1) ptrs[np++] = k->in1;
    ptrs[np++] = k->out0;
    if (k->out1) ptrs[np++] = k->out1;
    off = (size_t)((uintptr_t)ptrs[0] & 15u);
    for (i = 0; i < np; i++) {
        size_t o = (size_t)((uintptr_t)ptrs[i] & 15u);
        if (o != off) same = 0;
        if (o % esz != 0) elem_aligned = 0;
    }
    k->head = 0;
    k->nvec = 0;
    k->items = n;
    if (!elem_aligned) {
        k->mode = GPUACT__MODE_BYTES;
    } else if (!same) {
        k->mode = GPUACT__MODE_SCALAR;
    } else {
        const size_t v = 16 / esz;
        size_t head = ((16 - off) & 15u) / esz;
        if (head > n) head = n;
        k->mode = GPUACT__MODE_VEC;
        k->head = head;
        k->nvec = (n - head) / v;
        k->items = n - k->nvec * (v - 1); /* head + nvec + tail */
    }
}

/* Whether a call would use pass tickets (gpuact__kargs tick): accurate
   mode, a kernel that takes them (gpuact__kt TICK), 16-byte vectors, and
   GPUACT__TICKET_BYTES of input or more (a grid-stride loop of few passes
   drifts little, and the launch then skips gpuact.h's bookkeeping). */
#ifndef GPUACT__TICKET_BYTES
#define GPUACT__TICKET_BYTES (16u << 20)
#endif
/* gpuact__kt<op, dtype, dir>::TICK at run time (swish_tanh: either of its
   kernels': one that does not take tickets leaves the pair as it found it) */
template <int DT, int DIR> static inline int gpuact__kt_tick_op(int op) {
    switch (op) {
    case GPUACT_OP_GELU_ERF: return gpuact__kt<GPUACT_OP_GELU_ERF, DT, DIR>::TICK;
    case GPUACT_OP_GELU_TANH: return gpuact__kt<GPUACT_OP_GELU_TANH, DT, DIR>::TICK;
    case GPUACT_OP_GELU_SIGMOID: return gpuact__kt<GPUACT_OP_GELU_SIGMOID, DT, DIR>::TICK;
    case GPUACT_OP_ELU: return gpuact__kt<GPUACT_OP_ELU, DT, DIR>::TICK;
    case GPUACT_OP_SELU: return gpuact__kt<GPUACT_OP_SELU, DT, DIR>::TICK;
    case GPUACT_OP_SILU: return gpuact__kt<GPUACT_OP_SILU, DT, DIR>::TICK;
    case GPUACT_OP_SWISH_TANH: return gpuact__kt<GPUACT_OP_SWISH_TANH, DT, DIR>::TICK || gpuact__kt<GPUACT__OP_SWISH_TT, DT, DIR>::TICK;
    default: return 0;
    }
}
template <int DT> static inline int gpuact__kt_tick_dir(int dir, int op) {
    switch (dir) {
    case GPUACT__DIR_FWD: return gpuact__kt_tick_op<DT, GPUACT__DIR_FWD>(op);
    case GPUACT__DIR_GRAD: return gpuact__kt_tick_op<DT, GPUACT__DIR_GRAD>(op);
    case GPUACT__DIR_BWD: return gpuact__kt_tick_op<DT, GPUACT__DIR_BWD>(op);
    case GPUACT__DIR_FWDBWD: return gpuact__kt_tick_op<DT, GPUACT__DIR_FWDBWD>(op);
    default: return 0;
    }
}
static inline int gpuact__eltwise_wants_tick(int dir, int op, int dtype, const gpuact_cfg *cfg, const void *in0, const void *in1,
                                             const void *out0, const void *out1, size_t n) {
    gpuact__kargs k;
    const size_t esz = dtype == GPUACT_F32 ? 4u : 2u;
    if (cfg->mode != GPUACT_MODE_ACCURATE || n < GPUACT__TICKET_BYTES / esz) return 0;
    if (!(dtype == GPUACT_F32 ? gpuact__kt_tick_dir<GPUACT_F32>(dir, op)
          : dtype == GPUACT_F16 ? gpuact__kt_tick_dir<GPUACT_F16>(dir, op)
                                : gpuact__kt_tick_dir<GPUACT_BF16>(dir, op)))
        return 0;
    memset(&k, 0, sizeof k);
    k.in0 = (const unsigned char *)in0;
    k.in1 = (const unsigned char *)in1;
    k.out0 = (unsigned char *)out0;
    k.out1 = (unsigned char *)out1;
    gpuact__eltwise_plan(&k, esz, n);
    return k.mode == GPUACT__MODE_VEC;
}

/* Plans and launches one element-wise call on `stream`. dir: GPUACT__DIR_*;
   op, dtype: valid (checked by the caller); in0/out0 non-NULL, in1/out1 as
   the direction needs (else NULL), all on `device`; n > 0. `device` only
   sizes the grid (its multiprocessor count). Returns cudaSuccess or the
   error of cudaDeviceGetAttribute, the occupancy query (each made once per
   device, and per kernel: gpuact__sm_count) or the launch. Makes no other
   CUDA call (none of these is a stream operation): legal during stream
   capture. tick: NULL, or a zeroed pair of device words this launch alone
   uses (gpuact__kargs; gpuact.h's gpuact__ticket_take). lut: the op's tables hold these
   parameters' results (gpuact.h's gpuact__lut_take): a 16-bit forward in
   accurate mode may run gpuact__k_lut, a bfloat16 backward or
   forward+backward reads them (gpuact__kargs lut). A template only so
   that the kernels are instantiated in the translation units that call it
   (gpuact.h's implementation), not in every CUDA file including this
   header. */
template <int UNUSED = 0>
static inline cudaError_t gpuact__eltwise_device(int dir, int op, int dtype, const gpuact_cfg *cfg, const void *in0,
                                                 const void *in1, void *out0, void *out1, size_t n, int device,
                                                 cudaStream_t stream, unsigned long long *tick, int lut) {
    gpuact__kargs k;
    int sms = 0;
    size_t blocks, max_blocks;
    cudaError_t e = gpuact__sm_count(device, &sms);
    if (e != cudaSuccess) return e;
    if (sms < 1) sms = 1;
    k.cfg = *cfg;
    k.in0 = (const unsigned char *)in0;
    k.in1 = (const unsigned char *)in1;
    k.out0 = (unsigned char *)out0;
    k.out1 = (unsigned char *)out1;
    k.tick = tick;
    k.lut = lut;
    gpuact__eltwise_plan(&k, dtype == GPUACT_F32 ? 4u : 2u, n);
    if (lut && dir == GPUACT__DIR_FWD && dtype != GPUACT_F32) return gpuact__lut_launch(op, dtype, 0, k, sms, device, stream);
    blocks = k.items / GPUACT__BLOCK + (k.items % GPUACT__BLOCK != 0);
    max_blocks = (size_t)sms * GPUACT__BLOCKS_PER_SM;
    if (blocks > max_blocks) blocks = max_blocks;
    if (blocks > 0x7fffffffu) blocks = 0x7fffffffu;
    switch (dtype) {
    case GPUACT_F32: return gpuact__launch_dir<GPUACT_F32>(dir, op, k, blocks, sms, device, stream);
    case GPUACT_F16: return gpuact__launch_dir<GPUACT_F16>(dir, op, k, blocks, sms, device, stream);
    case GPUACT_BF16: return gpuact__launch_dir<GPUACT_BF16>(dir, op, k, blocks, sms, device, stream);
    default: return cudaErrorInvalidValue;
    }
}

#endif /* __CUDACC__ */
/* ======================== end of the CUDA kernels ======================== */

#endif /* GPUACT_KERNELS_CUH */
