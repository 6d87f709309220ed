/* gpuact.h - v0.1.0 - accurate activation functions for C and CUDA
   GELU (erf, tanh and sigmoid forms), ELU, SELU, SiLU and the fused
   swish -> /2 -> clamp -> tanh -> clamp chain, forward and backward.

   DO THIS in exactly one C, C++ or CUDA file:
       #define GPUACT_IMPLEMENTATION
       #include "gpuact.h"
   and include "gpuact.h" without the define everywhere else. gpuact.h
   includes gpuact_kernels.cuh (the scalar math core and the kernels), which
   includes gpuact_tables.h (its generated tables); single_include/gpuact.h
   is the three in one, for projects that want to copy a single file.
   CUDA code that only wants the device functions includes
   gpuact_kernels.cuh alone.

   QUICK START (host arrays)
       float x[4] = {-6, -1, 0, 2}, y[4];
       gpuact_status s = gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, y, 4);
       if (s != GPUACT_SUCCESS) fprintf(stderr, "%s\n", gpuact_status_string(s));
   or one value: float g = gpuact_gelu_erf(-6.0f);   (-5.9205e-09, not 0)

   THE FUNCTIONS (f, and f' = the derivative used by backward: dx = dy f'(x))
     GPUACT_OP_GELU_ERF      x Phi(x) = x erfc(-x/sqrt2)/2        (torch GELU())
     GPUACT_OP_GELU_TANH     0.5 x (1 + tanh(sqrt(2/pi)(x + 0.044715 x^3)))
                                                                  (torch GELU('tanh'))
     GPUACT_OP_GELU_SIGMOID  x sigmoid(1.702 x)                   ("quick GELU")
     GPUACT_OP_ELU           x > 0 ? x : alpha expm1(x)           (alpha: any finite)
     GPUACT_OP_SELU          lambda (x > 0 ? x : alpha expm1(x)), torch's constants
     GPUACT_OP_SILU          x sigmoid(x)
     GPUACT_OP_SWISH_TANH    clamp(tanh(clamp(silu(x) s, lo, hi)), lo, hi)
                                                                  (s = 1/2, [-1, 1] by default)
   Kinks follow PyTorch: elu/selu take the x <= 0 branch at 0; a clamp
   passes the gradient where lo <= value <= hi (inclusive).
   GATED FORMS (GEGLU, SwiGLU): y = f(a) b, da = dy b f'(a), db = dy f(a),
   each the exact product rounded once (gpuact_gated_host / _device,
   gpuact_gated_backward_*; a and b as two arrays or the halves of one
   [rows, 2 cols] tensor; special values by IEEE multiplication of the
   exact factors).
   BIAS + ACTIVATION: y = f(x + b), dx = dy f'(x + b), dbias = column sums
   of dx, b broadcast along the rows of a [rows, cols] x; f of the exact
   sum x + b, rounded once (gpuact_bias_forward_host / _device,
   gpuact_bias_backward_*; every op).
   FP64: dtype GPUACT_F64 (double arrays) in every single-op entry point
   and direction (forward, f', backward, both, backward from y), accurate
   mode only (fast mode answers GPUACT_ERROR_UNSUPPORTED, as the gated and
   bias forms do for fp64): each result the exact value rounded once to
   binary64 by double-double arithmetic (gpuact_f64.h), measured within
   0.5x ULP of MPFR (tests/accuracy/f64_error.c); the same bits on host
   and device. Device kernels with GPUACT_F64_KERNELS.

   SPECIAL VALUES (every function, every format, forward and backward)
     NaN in x or dy           -> NaN (canonical quiet NaN: 0x7fc00000, 0x7e00, 0x7fc0)
     gelu*, silu at -inf      -> -0, f' = -0 (the derivative approaches 0 from below)
     gelu*, silu at +inf      -> +inf, f' = 1
     elu(-inf) = -alpha, f' = alpha * (+0);  elu(+inf) = +inf, f' = 1
     selu(-inf) = -lambda alpha, f' = +0;   selu(+inf) = +inf, f' = lambda
     swish_tanh at +-inf      -> w = lim silu(x) s, then clamp/tanh/clamp as usual
     f(-0) = -0, f(+0) = +0 (IEEE sign of alpha * expm1(+-0) for elu)
     subnormal inputs and outputs are exact: nothing is flushed to zero;
     no intermediate overflows anywhere in the finite range (x^3 is never
     formed beyond |x| = 11), so gelu_tanh'(1e30) = 1, not NaN.

   ACCURACY (accurate mode, the default)
     Each result is computed in double-float (about 2^-36 relative or
     better) and rounded once to the output format. Measured against MPFR:
     fp32 f and f' within 0.5x ULP (bars: 1 and 2 ULP), fp16 and bf16 f
     correctly rounded for all 65536 inputs. docs/ACCURACY.md has the tables.
     f, f' and dy f' of every op (swish_tanh where lo <= 0 <= hi), in
     every format, first try a shorter evaluation with an error bound
     (derived, and checked over all 2^32 fp32 inputs on the GPU) and keep
     it only when a
     rounding test shows it is the correctly rounded result; otherwise the
     full one runs. Either way the result is a fixed function of the inputs,
     the same on host and GPU.

   FAST MODE (opt-in)
       gpuact_params p = {0};  p.set = GPUACT_SET_MODE;  p.mode = GPUACT_MODE_FAST;
   or the scalar functions gpuact_gelu_erf_fast(x), gpuact_gelu_erf_grad_fast(x),
   ... (the accurate ones' signatures plus _fast). Short fp32 evaluations:
   f and f' within 2^-16 relative where the result is normal (2^-142
   absolute below); the same NaN/inf/signed-zero rules as above. Built from
   exact fp32 operations only, so the host entry points give the device's
   fast-mode bits (a portable model); inputs it cannot decide exactly (a
   result next to the overflow threshold, swish_tanh's clamp edges) take
   accurate mode's result. The entry points compute these functions for
   fp32 elu, selu and silu; for every fp16 and bf16 call and for fp32
   gelu_erf, gelu_tanh, gelu_sigmoid and swish_tanh they give accurate mode's
   results (accurate mode's kernels were the faster there), on the host
   and on the device alike. The *_device entry points take fast mode
   where the implementation defines GPUACT_FAST_KERNELS (below).
   docs/ACCURACY.md, "Fast mode", has the errors measured on every input;
   docs/BENCHMARKS.md its speed.

   ONE MATH CORE
     The same source gives bit-identical results on the host (gcc, clang, C
     and C++, any -ffp-contract) and on the GPU (nvcc). It uses fp32 only
     (fma, IEEE division), no libm or CUDA transcendental; fp64 results
     alone take double arithmetic (gpuact_f64.h: double and fma, in
     double-double where 53 bits are not enough).

   CONFIGURATION MACROS
     GPUACT_IMPLEMENTATION    emit the function bodies in this translation unit
     GPUACT_STATIC            make the API functions static (private copy per TU)
     GPUACT_DEF               override the linkage of the API functions
     GPUACT_ALLOW_FAST_MATH   build even under -ffast-math (results then unspecified)
     GPUACT_ONLY_OPS          CUDA: build the kernels of these ops only, a mask of
                              GPUACT_BIT(op), e.g. before the include
                                #define GPUACT_ONLY_OPS (GPUACT_BIT(GPUACT_OP_GELU_ERF) | GPUACT_BIT(GPUACT_OP_SILU))
                              or -DGPUACT_ONLY_OPS='GPUACT_BIT(GPUACT_OP_SILU)'
                              (default: all). The *_device entry points answer
                              GPUACT_ERROR_UNSUPPORTED for the others; the host
                              entry points and the scalar functions keep every op.
     GPUACT_ONLY_TYPES        the same for the element types of the kernels:
                                #define GPUACT_ONLY_TYPES (GPUACT_BIT(GPUACT_F32) | GPUACT_BIT(GPUACT_BF16))
     GPUACT_FAST_KERNELS      CUDA: also build the 14 fast-mode kernels (fp32 elu, selu and silu;
                              the rest of fast mode runs accurate mode's kernels). The
                              implementation's nvcc build then takes about 1.2 times as long
                              (their rare inputs call accurate mode); without it the
                              *_device entry points answer GPUACT_ERROR_UNSUPPORTED in fast
                              mode (the host entry points and the scalar functions have it).
     GPUACT_GATED_OPS         CUDA: the ops whose gated-form kernels are built (gpuact_gated_device,
                             gpuact_gated_backward_device), a mask as GPUACT_ONLY_OPS; default
                               (GPUACT_BIT(GPUACT_OP_GELU_ERF) | GPUACT_BIT(GPUACT_OP_GELU_TANH) | GPUACT_BIT(GPUACT_OP_SILU))
                             (GEGLU in both GELU forms, SwiGLU). Each further op adds about
                             1.3 s to the nvcc build; the others answer GPUACT_ERROR_UNSUPPORTED
                             there (the host entry points and the scalar functions have all).
     GPUACT_BIAS_OPS          CUDA: the ops whose bias + activation kernels are built
                             (gpuact_bias_forward_device, gpuact_bias_backward_device), a mask
                             as GPUACT_ONLY_OPS; default none (each op adds about 3.5 s to the
                             nvcc build); the others answer GPUACT_ERROR_UNSUPPORTED there (the
                             host entry points and the scalar functions have every op).
                             GEGLU/SwiGLU MLPs want
                               (GPUACT_BIT(GPUACT_OP_GELU_ERF) | GPUACT_BIT(GPUACT_OP_GELU_TANH) | GPUACT_BIT(GPUACT_OP_SILU))
                             and seed 002's Linear -> swish chain GPUACT_BIT(GPUACT_OP_SWISH_TANH).
     GPUACT_F64_KERNELS       CUDA: build the fp64 kernel (one, for every op and direction);
                             without it the *_device entry points answer
                             GPUACT_ERROR_UNSUPPORTED for GPUACT_F64 (the host entry points have it).
     GPUACT_NO_TICKETS        CUDA: large backward launches keep the kernels' grid-stride order
                             (below) and make no event calls; results are the same either way.
     GPUACT_NO_FWD_TABLES     CUDA: no 16-bit tables (below): no static device memory for
                             them, and fp16 / bf16 kernels compute each element.
    Only the translation unit with GPUACT_IMPLEMENTATION reads these eight.

   PASS TICKETS (CUDA)
     A backward launch (and elu's and selu's forward+backward) of 16 MB of
     input or more hands its blocks their passes from a counter, in address
     order, instead of in grid-stride order: f32 96-98.5% and bf16
     99-100% of the copy's bandwidth where grid-stride order gave 91-94
     (H100, randn; docs/BENCHMARKS.md). The counter is a pair of words in a static __device__
     array of 16 pairs, one pair to a launch at a time: the device entry
     points take a pair last used on the same stream, or one whose last
     launch has finished (a CUDA event recorded after it, created on first
     use and kept for the life of the process); a launch that finds none,
     or runs on a capturing stream, keeps grid-stride order. No allocation,
     no synchronization: a few host calls (cudaStreamIsCapturing,
     cudaStreamGetId, cudaEventRecord) per such launch, the pool's made in
     relaxed capture mode, so that they cannot invalidate a graph another
     stream is capturing.

   16-BIT TABLES (CUDA)
     An fp16 or bf16 input has 65,536 values, so the forward reads its
     result from a table of them: 97-99% of the copy's bandwidth for every
     op, on any data, where computing each element gave 17-94 (H100;
     docs/BENCHMARKS.md); fast mode's 16-bit forward is accurate mode's and
     reads the same tables. The fp16 forward copies the entries of |x| in
     [2^-7, 2^5) into each block's shared memory (48 KB of dynamic shared
     memory a block; H200, randn: 74 -> 84% of copy). Beside each bf16
     table sits the op's fp32 f' at the 6,144 inputs of |x| in
     [2^-16, 2^8): the bf16 backward and
     forward+backward copy it into each block's shared memory (24 KB of
     dynamic shared memory a block, asked for by the launch) and take dy f'
     from it behind a rounding test (gpuact_kernels.cuh section 9.0), y
     from the forward's table: H200, randn, backward 74.9 -> 94.0% of copy,
     forward+backward 67.6 -> 95.3 (docs/BENCHMARKS.md). A table is 128 KB
     (fp16) or 152 KB (bf16) of static __device__ memory per op (1.9 MB for
     the 14), in the implementation's module. The first 16-bit forward call
     of an op and type on a device, or its first bf16 backward or
     forward+backward call, launches the table's build kernel on its
     stream (its results from the same code as every other path, so the
     bits are unchanged), records an event after it (created then, kept for
     the life of the process) and reads the table; later calls read it once
     that event has completed. A table holds the results for the
     parameters of that first call (elu's alpha, swish_tanh's s, lo and
     hi): calls with others compute each element. A first call on a
     capturing stream builds nothing. No allocation, no synchronization;
     the event calls are made in relaxed capture mode. A table whose memory
     was cleared (cudaDeviceReset) is not read: those calls compute each
     element, correct and slower.

   COMPILE COST
     The implementation file compiled by nvcc holds 148 kernels (7 ops x 3
     element types x forward, f', backward and both at once, backward from
     y for elu and selu, swish_tanh's table-tier kernels, the gated forms'
     18, and the 16-bit forward tables' 28): built as README.md's "From
     CUDA" says (SASS for sm_90 alone, compressed, --split-compile=0) on a
     2-core machine about 48 s and a 2.6 MB object; one op in one type
     about 3 s and 1 MB
     (docs/BENCHMARKS.md, "Compile cost"; scripts/compile-cost.sh measures
     it on your machine). The host-only implementation takes about 1 s.

   BUILD FLAGS THAT BREAK EXACTNESS (docs/BUILD_FLAGS.md)
     -ffast-math, -Ofast, -ffinite-math-only: refused with #error.
     x87 arithmetic (FLT_EVAL_METHOD != 0): refused with #error.
     FTZ/DAZ or a rounding mode other than to-nearest set at run time: the
     host entry points return GPUACT_ERROR_FP_ENVIRONMENT.

   CHANGELOG
     0.1.0 (2026-11)  math core, host entry points, fp32/fp16/bf16.
                      fp32 fast tier for silu, gelu_sigmoid, elu, selu
                      (2.7-3.5x on an H200; results unchanged or now
                      correctly rounded where they were not).
                      gelu_erf and gelu_tanh join the fast tier.
                      swish_tanh joins it where lo <= 0 <= hi (results
                      unchanged or now correctly rounded).
                      fp16 and bf16 use the fast tier too (results
                      unchanged).
                      gelu_erf and gelu_tanh: a table tier ahead of the
                      fast tier (one Taylor row of f/x or f' per element,
                      from shared memory in the kernels); results
                      unchanged or now correctly rounded.
                      gelu_sigmoid and silu join the table tier.
                      fp16 and bf16: a 16-bit tier ahead of the others
                      (plain fp32 from the table rows, or e^x - 1 for elu
                      and selu, and a one-midpoint rounding test);
                      results unchanged, bf16 kernels 2-4x faster.
                      Fast mode (GPUACT_SET_MODE, GPUACT_MODE_FAST): short
                      exact-fp32 evaluations, fp32 within 2^-16, 16-bit
                      within 1 ULP, the same bits on host and device;
                      device kernels with GPUACT_FAST_KERNELS. Launches ask
                      the runtime for the SM count and occupancy once per
                      device.
                      Gated forms (GEGLU, SwiGLU), forward and backward,
                      each result rounded once: fp32 within 0.501 ULP,
                      fp16/bf16 correctly rounded (MPFR); device kernels
                      for the ops of GPUACT_GATED_OPS.
                      Pass tickets: large backward launches take their
                      passes in address order (fp32 backward 90.8-93.1% of
                      copy -> 96.0-98.5, bf16 93.5-94.3 -> 99.4-100.2 on an
                      H100, swish_tanh unchanged); GPUACT_NO_TICKETS.
                      16-bit forward tables: fp16 / bf16 forwards read
                      their results, in both modes (H100: 17-94% of copy
                      -> 97-99); results unchanged; GPUACT_NO_FWD_TABLES.
                      Bias + activation: f(x + b) and dy f'(x + b) of
                      the exact sum, dbias by a fixed-order double-float
                      sum; fp32 within 0.501 ULP, fp16/bf16 correctly
                      rounded (MPFR); device kernels for GPUACT_BIAS_OPS.
                      fp64 (GPUACT_F64): every op and direction, host and
                      device (GPUACT_F64_KERNELS), rounded once from
                      double-double, within 0.5x ULP of MPFR.
                      Fast mode's entry points: fast mode's own functions
                      for fp32 elu, selu and silu; accurate mode's results
                      and kernels for the other fp32 ops and every fp16 /
                      bf16 call, where those were the faster (H200: fast
                      mode within 1 point of accurate mode or ahead in 60
                      of 63 cells, 24 before); 14 fast-mode kernels.
                      16-bit tier tails (gelu_tanh, gelu_sigmoid, silu,
                      swish_tanh past the table rows), run for the
                      vectors that hold such inputs; results unchanged
                      (H200, bench mix data: gelu_tanh bf16 backward
                      25.1 -> 54.6% of copy; randn: up to -5.9 points).
                      The tails retry only the rejected inputs past the
                      rows, one at a time (compile 69.1 -> 61.2-64.3 s).
                      Fixes: elu's gated da with a huge alpha below
                      a = -300 (K54); the binary32 bias forward at the
                      overflow midpoint x + b = 2^128 - 2^103 (K55);
                      fp64 swish_tanh where s silu(x) passes the
                      doubles (K56).
                      bf16 backward and forward+backward read f' from a
                      table in shared memory (H200, randn: 74.9 -> 94.0%
                      and 67.6 -> 95.3% of copy); results unchanged.
                      fp16 forward: a window of its table in shared
                      memory (H200: 74 -> 84% of copy); results unchanged.

   LICENSE: MIT or public domain (Unlicense), your choice; see the end of this file.
*/
#ifndef GPUACT_H
#define GPUACT_H

#include <stddef.h>
#include "gpuact_kernels.cuh"

#ifndef GPUACT_DEF
#ifdef GPUACT_STATIC
#if defined(__GNUC__) || defined(__clang__)
#define GPUACT_DEF static __attribute__((unused))
#else
#define GPUACT_DEF static
#endif
#else
#define GPUACT_DEF extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Every entry point returns one of these; none prints or exits. On an
   error nothing is written. gpuact_status_string() names each one. */
typedef enum gpuact_status {
    GPUACT_SUCCESS = 0,
    GPUACT_ERROR_NULL_POINTER = 1,     /* a required pointer is NULL and n > 0 */
    GPUACT_ERROR_INVALID_OP = 2,       /* op is not a gpuact_op */
    GPUACT_ERROR_INVALID_DTYPE = 3,    /* dtype is not a gpuact_dtype */
    GPUACT_ERROR_INVALID_PARAMS = 4,   /* NaN/inf alpha or scale, NaN bound, lo > hi, unknown set bits or mode */
    GPUACT_ERROR_OVERLAP = 5,          /* an output partially overlaps an input or another output */
    GPUACT_ERROR_UNSUPPORTED = 6,      /* backward-from-output for an op other than elu/selu, or elu alpha < 0 there;
                                          *_device: an op or type left out by GPUACT_ONLY_OPS / GPUACT_ONLY_TYPES
                                          (or GPUACT_GATED_OPS for the gated forms, GPUACT_BIAS_OPS for the
                                          bias forms), or fast mode without GPUACT_FAST_KERNELS; the gated
                                          and bias forms in fast mode; GPUACT_F64 in
                                          fast mode, in the gated and bias forms, and *_device without
                                          GPUACT_F64_KERNELS */
    GPUACT_ERROR_FP_ENVIRONMENT = 7,   /* host FTZ/DAZ, a non-nearest rounding mode, or reassociating compile flags */
    GPUACT_ERROR_NOT_DEVICE_POINTER = 8, /* *_device: a pointer is not device or managed memory of the current device */
    GPUACT_ERROR_CUDA = 9              /* *_device: a CUDA runtime call or the kernel launch failed */
} gpuact_status;

/* Optional parameters. Zero-initialise and set only what you change:
       gpuact_params p = {0};  p.set = GPUACT_SET_ALPHA;  p.alpha = 0.5f;
   A field is read only when its bit is in `set`; otherwise its default is
   used. A NULL gpuact_params* means all defaults. */
#define GPUACT_SET_ALPHA 0x1u /* alpha: ELU's alpha, default 1.0, any finite value */
#define GPUACT_SET_SCALE 0x2u /* scale: swish_tanh's s, default 0.5, any finite value */
#define GPUACT_SET_LO 0x4u    /* lo: swish_tanh's lower clamp bound, default -1 (may be -inf) */
#define GPUACT_SET_HI 0x8u    /* hi: swish_tanh's upper clamp bound, default +1 (may be +inf) */
#define GPUACT_SET_MODE 0x10u /* mode: GPUACT_MODE_ACCURATE (default) or GPUACT_MODE_FAST, a gpuact_mode */
typedef struct gpuact_params {
    unsigned set;
    float alpha;
    float scale;
    float lo, hi;
    int mode;
} gpuact_params;

GPUACT_DEF const char *gpuact_status_string(gpuact_status status);

/* Checks op and p and fills the resolved parameters used by the scalar
   functions of gpuact_kernels.cuh (for your own kernels). */
GPUACT_DEF gpuact_status gpuact_resolve(gpuact_op op, const gpuact_params *p, gpuact_cfg *out);

/* Host arrays. x, y, dy, dx point to n elements of dtype (float, or the
   uint16_t bit patterns of binary16 / bfloat16), any alignment. An output
   may be the very same array as an input (in place); any other overlap is
   GPUACT_ERROR_OVERLAP. n = 0 succeeds without touching the pointers.
   Results are bit-identical to the scalar functions. */
GPUACT_DEF gpuact_status gpuact_forward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                             const void *x, void *y, size_t n);
/* d[i] = f'(x[i]) */
GPUACT_DEF gpuact_status gpuact_grad_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                          const void *x, void *d, size_t n);
/* dx[i] = dy[i] f'(x[i]), rounded once */
GPUACT_DEF gpuact_status gpuact_backward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                              const void *x, const void *dy, void *dx, size_t n);
/* y = f(x) and dx = dy f'(x) in one pass (recomputation in backward) */
GPUACT_DEF gpuact_status gpuact_forward_backward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                      const void *x, const void *dy, void *y, void *dx, size_t n);
/* elu/selu only: dx from the forward output y (PyTorch's in-place form),
   dx = dy (y + alpha lambda) where y <= 0, dy lambda elsewhere; needs alpha >= 0. */
GPUACT_DEF gpuact_status gpuact_backward_from_output_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                          const void *y, const void *dy, void *dx, size_t n);

/* Gated forms (GEGLU: gelu_erf or gelu_tanh, SwiGLU: silu; every op), on
   rows x cols elements, each result the exact product rounded once:
       y  = f(a) b                       (gpuact_gated_host)
       da = dy b f'(a),  db = dy f(a)    (gpuact_gated_backward_host)
   Row r of a, b, da and db starts r * ld elements after the pointer (ld >=
   cols; ld is read only when rows > 1); y and dy are dense rows x cols.
       two arrays of n:            a, b, ld = n, rows = 1, cols = n
       one [rows, 2 cols] tensor:  a = ab, b = ab + cols, ld = 2 cols
                                   (da = dab, db = dab + cols: dab has ab's layout;
                                   swap a and b for the other half order)
   An output may be exactly an input with the same row pitch (y = a where
   ld = cols, da = a, db = b: in place); any other shared byte is
   GPUACT_ERROR_OVERLAP (operands with different pitches are judged by their
   whole extents). ld < cols with rows > 1, or fast mode, is
   GPUACT_ERROR_INVALID_PARAMS resp. GPUACT_ERROR_UNSUPPORTED. The scalar
   forms are gpuact_gated_f32 / _f16 / _bf16 and gpuact_gated_backward_*. */
GPUACT_DEF gpuact_status gpuact_gated_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                           const void *b, size_t ld, void *y, size_t rows, size_t cols);
GPUACT_DEF gpuact_status gpuact_gated_backward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                                    const void *b, size_t ld, const void *dy, void *da, void *db,
                                                    size_t rows, size_t cols);

/* Bias + activation (a Linear layer's bias add and its activation), on a
   dense row-major [rows, cols] x and a bias of cols elements added to every
   row, each result f of the exact sum, rounded once:
       y  = f(x + bias)                          (gpuact_bias_forward_host)
       dx = dy f'(x + bias),  dbias = column sums of dx
                                                 (gpuact_bias_backward_host)
   dbias may be NULL (not computed). Otherwise dbias[j] sums column j of dx
   (the rounded values, as autograd sums them) in double-float:
   GPUACT_BIAS_CHUNK (128) rows to a partial in row order, the partials in
   order, each from +0, rounded once to the type: the same bits on every
   run and on host and device. y may be x, dx may be x or dy, dbias may be
   bias (in place); any other shared byte is GPUACT_ERROR_OVERLAP. Every op,
   accurate mode only (fast mode: GPUACT_ERROR_UNSUPPORTED). rows = 0 writes +0 to dbias. The
   scalar forms are gpuact_bias_forward_f32 / _f16 / _bf16 and
   gpuact_bias_backward_*. */
GPUACT_DEF gpuact_status gpuact_bias_forward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *x,
                                                  const void *bias, void *y, size_t rows, size_t cols);
GPUACT_DEF gpuact_status gpuact_bias_backward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *x,
                                                   const void *bias, const void *dy, void *dx, void *dbias, size_t rows,
                                                   size_t cols);

/* GPUACT_SUCCESS if the calling thread's floating-point environment gives
   the documented results: round to nearest, no FTZ, no DAZ. */
GPUACT_DEF gpuact_status gpuact_check_host_fp_environment(void);

#ifdef __cplusplus
}
#endif

/* ---------------------------------------------------------------------------
   CUDA device entry points (declarations)
   Declared in CUDA code, and in C or C++ code compiled with -DGPUACT_CUDA
   that links against a .cu file holding the implementation (the .cu defines
   GPUACT_IMPLEMENTATION; the bodies need nvcc).
       gpuact_forward_device(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, d_x, d_y, n, stream);
   The same functions, arguments, checks and statuses as the *_host entry
   points, on device arrays, plus a stream; results are bit-identical to the
   host entry points. Stream-ordered: each call checks its arguments, then
   enqueues one kernel on `stream` and returns; it never synchronizes,
   allocates or prints, and may be captured into a CUDA graph.
   n = 0 succeeds without any CUDA call. The host floating-point environment
   does not matter here (no GPUACT_ERROR_FP_ENVIRONMENT). Every non-NULL
   pointer must be device memory of the current device, or managed memory
   (else GPUACT_ERROR_NOT_DEVICE_POINTER: plain host memory, pinned host
   memory, another device's memory); a failing CUDA call or launch gives
   GPUACT_ERROR_CUDA (its non-sticky error is cleared). Any alignment; 16-byte
   vector access when all the call's pointers share their offset modulo 16.
   ------------------------------------------------------------------------ */
#if defined(__CUDACC__) || defined(GPUACT_CUDA)
#include <cuda_runtime_api.h>
#ifdef __cplusplus
extern "C" {
#endif
GPUACT_DEF gpuact_status gpuact_forward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                               const void *x, void *y, size_t n, cudaStream_t stream);
/* d[i] = f'(x[i]) */
GPUACT_DEF gpuact_status gpuact_grad_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                            const void *x, void *d, size_t n, cudaStream_t stream);
/* dx[i] = dy[i] f'(x[i]), rounded once */
GPUACT_DEF gpuact_status gpuact_backward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                const void *x, const void *dy, void *dx, size_t n,
                                                cudaStream_t stream);
/* y = f(x) and dx = dy f'(x) in one pass */
GPUACT_DEF gpuact_status gpuact_forward_backward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                        const void *x, const void *dy, void *y, void *dx, size_t n,
                                                        cudaStream_t stream);
/* elu/selu only: dx from the forward output y */
GPUACT_DEF gpuact_status gpuact_backward_from_output_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                            const void *y, const void *dy, void *dx, size_t n,
                                                            cudaStream_t stream);
/* the gated forms (gpuact_gated_host, gpuact_gated_backward_host) */
GPUACT_DEF gpuact_status gpuact_gated_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                             const void *b, size_t ld, void *y, size_t rows, size_t cols, cudaStream_t stream);
GPUACT_DEF gpuact_status gpuact_gated_backward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                                      const void *b, size_t ld, const void *dy, void *da, void *db,
                                                      size_t rows, size_t cols, cudaStream_t stream);
/* bias + activation (gpuact_bias_forward_host, gpuact_bias_backward_host).
   With dbias, the backward needs a workspace of device memory, 8-byte
   aligned, of gpuact_bias_workspace_size(rows, cols) bytes (0 when rows or
   cols is 0; NULL is fine then, and when dbias is NULL); a smaller one or a
   misaligned one is GPUACT_ERROR_INVALID_PARAMS. Two launches then (dx and
   the partial sums; the partials' sum), both on `stream`. */
GPUACT_DEF size_t gpuact_bias_workspace_size(size_t rows, size_t cols);
GPUACT_DEF gpuact_status gpuact_bias_forward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *x,
                                                    const void *bias, void *y, size_t rows, size_t cols, cudaStream_t stream);
GPUACT_DEF gpuact_status gpuact_bias_backward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *x,
                                                     const void *bias, const void *dy, void *dx, void *dbias, void *workspace,
                                                     size_t workspace_bytes, size_t rows, size_t cols, cudaStream_t stream);
#ifdef __cplusplus
}
#endif
#endif /* __CUDACC__ || GPUACT_CUDA */
/* ---------------------- end of the device declarations ------------------- */

#endif /* GPUACT_H */

/* ======================================================================== */
#ifdef GPUACT_IMPLEMENTATION
#ifndef GPUACT__IMPLEMENTED
#define GPUACT__IMPLEMENTED

#ifdef __cplusplus
extern "C" {
#endif

GPUACT_DEF const char *gpuact_status_string(gpuact_status status) {
    switch (status) {
    case GPUACT_SUCCESS: return "success";
    case GPUACT_ERROR_NULL_POINTER: return "a required pointer is NULL";
    case GPUACT_ERROR_INVALID_OP: return "unknown operation";
    case GPUACT_ERROR_INVALID_DTYPE: return "unknown element type";
    case GPUACT_ERROR_INVALID_PARAMS: return "invalid parameters (NaN/inf alpha or scale, NaN bound, lo > hi, unknown flags or mode)";
    case GPUACT_ERROR_OVERLAP: return "an output partially overlaps another array";
    case GPUACT_ERROR_UNSUPPORTED: return "operation not supported for this entry point";
    case GPUACT_ERROR_FP_ENVIRONMENT: return "host floating-point environment is not round-to-nearest without FTZ/DAZ";
    case GPUACT_ERROR_NOT_DEVICE_POINTER: return "a pointer is not device or managed memory of the current CUDA device";
    case GPUACT_ERROR_CUDA: return "a CUDA runtime call or kernel launch failed";
    }
    return "unknown status";
}

/* an integer in the order of the (non-NaN) floats, +0 and -0 equal */
static long gpuact__float_order(float f) {
    uint32_t u = gpuact__f2u(f);
    return (u & 0x80000000u) ? -(long)(u & 0x7fffffffu) : (long)u;
}
/* elu's alpha < 0 for backward-from-output, by the bits (DAZ would read a
   negative subnormal as 0); -0 is not below 0 */
static int gpuact__alpha_negative(float a) { return gpuact__float_order(a) < 0; }

GPUACT_DEF gpuact_status gpuact_resolve(gpuact_op op, const gpuact_params *p, gpuact_cfg *out) {
    gpuact_cfg c = gpuact_cfg_default();
    if ((int)op < 1 || (int)op > GPUACT_OP_COUNT) return GPUACT_ERROR_INVALID_OP;
    if (p) {
        if (p->set & ~(GPUACT_SET_ALPHA | GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI | GPUACT_SET_MODE))
            return GPUACT_ERROR_INVALID_PARAMS;
        if (p->set & GPUACT_SET_ALPHA) c.alpha = p->alpha;
        if (p->set & GPUACT_SET_SCALE) c.scale = p->scale;
        if (p->set & GPUACT_SET_LO) c.lo = p->lo;
        if (p->set & GPUACT_SET_HI) c.hi = p->hi;
        if (p->set & GPUACT_SET_MODE) {
            if (p->mode != GPUACT_MODE_ACCURATE && p->mode != GPUACT_MODE_FAST) return GPUACT_ERROR_INVALID_PARAMS;
            c.mode = p->mode;
        }
    }
    if (!gpuact__isfinite(c.alpha) || !gpuact__isfinite(c.scale)) return GPUACT_ERROR_INVALID_PARAMS;
    /* lo > hi by the bits, so that a DAZ environment can't read a subnormal bound as 0 */
    if (gpuact__isnan(c.lo) || gpuact__isnan(c.hi) || gpuact__float_order(c.lo) > gpuact__float_order(c.hi))
        return GPUACT_ERROR_INVALID_PARAMS;
    if (out) *out = c;
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_check_host_fp_environment(void) {
    /* volatile: evaluated at run time, in the caller's environment */
    volatile float tiny = 1.17549435e-38f, sub = 1.40129846e-45f, half = 0.5f, two = 2.0f;
    volatile float one = 1.0f, e = 8.94069672e-08f; /* 1.5 * 2^-24 */
    if (tiny * half == 0.0f) return GPUACT_ERROR_FP_ENVIRONMENT;  /* FTZ */
    if (sub * two == 0.0f) return GPUACT_ERROR_FP_ENVIRONMENT;    /* DAZ */
    if (one + e != 1.00000012f || -one - e != -1.00000012f) return GPUACT_ERROR_FP_ENVIRONMENT; /* rounding */
    {   /* compiled with reassociation (clang -fassociative-math has no macro), the error term vanishes */
        gpuact__df s = gpuact__fast2sum(one, e);
        if (s.l == 0.0f) return GPUACT_ERROR_FP_ENVIRONMENT;
    }
    return GPUACT_SUCCESS;
}

static size_t gpuact__elem_size(gpuact_dtype t) { return t == GPUACT_F64 ? 8u : t == GPUACT_F32 ? 4u : 2u; }

/* 1 if [a, a + n) and [b, b + n) share a byte but do not start at the same place */
static int gpuact__bad_overlap(const void *a, const void *b, size_t bytes) {
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (x == y) return 0;
    return x < y ? y - x < bytes : x - y < bytes;
}
static int gpuact__same(const void *a, const void *b) { return (uintptr_t)a == (uintptr_t)b; }

/* The arguments' checks of every entry point, host and device, in this order:
   parameters, dtype, (n = 0: success), NULL pointers, a size that wraps the
   address space, overlaps between an input and an output other than exact
   aliasing (in place), and between the two outputs. */
static gpuact_status gpuact__check_args(gpuact_op op, gpuact_dtype t, const gpuact_params *p, gpuact_cfg *c,
                                        const void *in0, const void *in1, void *out0, void *out1, size_t n) {
    gpuact_status s = gpuact_resolve(op, p, c);
    if (s != GPUACT_SUCCESS) return s;
    if ((int)t < 1 || (int)t > 4) return GPUACT_ERROR_INVALID_DTYPE;
    if (t == GPUACT_F64 && c->mode != GPUACT_MODE_ACCURATE) return GPUACT_ERROR_UNSUPPORTED; /* fp64: accurate mode only */
    if (n == 0) return GPUACT_SUCCESS;
    if (!in0 || !out0) return GPUACT_ERROR_NULL_POINTER; /* in1/out1: checked by the caller */
    if (n > (size_t)-1 / gpuact__elem_size(t)) return GPUACT_ERROR_OVERLAP; /* wraps the address space */
    {
        size_t bytes = n * gpuact__elem_size(t);
        const void *ins[2];
        void *outs[2];
        int i, j;
        ins[0] = in0; ins[1] = in1; outs[0] = out0; outs[1] = out1;
        for (j = 0; j < 2; j++) {
            if (!outs[j]) continue;
            for (i = 0; i < 2; i++)
                if (ins[i] && gpuact__bad_overlap(ins[i], outs[j], bytes)) return GPUACT_ERROR_OVERLAP;
        }
        if (outs[1] && (gpuact__same(outs[0], outs[1]) || gpuact__bad_overlap(outs[0], outs[1], bytes)))
            return GPUACT_ERROR_OVERLAP;
    }
    return GPUACT_SUCCESS;
}

/* The host entry points' checks: the arguments', then (n > 0) the host's
   floating-point environment, which does not apply to the device. */
static gpuact_status gpuact__check(gpuact_op op, gpuact_dtype t, const gpuact_params *p, gpuact_cfg *c,
                                   const void *in0, const void *in1, void *out0, void *out1, size_t n) {
    gpuact_status s = gpuact__check_args(op, t, p, c, in0, in1, out0, out1, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    return gpuact_check_host_fp_environment();
}

/* element access at any alignment */
static float gpuact__load(gpuact_dtype t, const void *p, size_t i) {
    const unsigned char *b = (const unsigned char *)p;
    if (t == GPUACT_F32) { float f; memcpy(&f, b + 4 * i, 4); return f; }
    {
        uint16_t h;
        memcpy(&h, b + 2 * i, 2);
        return t == GPUACT_F16 ? gpuact_f16_to_f32(h) : gpuact_bf16_to_f32(h);
    }
}
static int gpuact__fmt(gpuact_dtype t) {
    return t == GPUACT_F32 ? GPUACT__FMT_F32 : (t == GPUACT_F16 ? GPUACT__FMT_F16 : GPUACT__FMT_BF16);
}
/* v is already rounded to t's format */
static void gpuact__store(gpuact_dtype t, void *p, size_t i, float v) {
    unsigned char *b = (unsigned char *)p;
    if (t == GPUACT_F32) { memcpy(b + 4 * i, &v, 4); return; }
    {
        uint16_t h = t == GPUACT_F16 ? gpuact__f32_to_f16_exact(v) : gpuact__f32_to_bf16_exact(v);
        memcpy(b + 2 * i, &h, 2);
    }
}

/* one element in the cfg's mode, rounded once to fmt */
static float gpuact__h_fwd_mode(int op, float x, const gpuact_cfg *c, int fmt) {
    return c->mode == GPUACT_MODE_FAST ? gpuact__fast_mode_fwd_fmt(op, x, c, fmt) : gpuact__fwd_fmt(op, x, c, fmt);
}
static float gpuact__h_grad_mode(int op, float x, const gpuact_cfg *c, int fmt) {
    return c->mode == GPUACT_MODE_FAST ? gpuact__fast_mode_grad_fmt(op, x, c, fmt) : gpuact__grad_fmt(op, x, c, fmt);
}
static float gpuact__h_bwd_mode(int op, float x, float dy, const gpuact_cfg *c, int fmt) {
    return c->mode == GPUACT_MODE_FAST ? gpuact__fast_mode_bwd_fmt(op, x, dy, c, fmt) : gpuact__bwd_fmt(op, x, dy, c, fmt);
}
static float gpuact__h_bwd_out_mode(int op, float y, float dy, const gpuact_cfg *c, int fmt) {
    return c->mode == GPUACT_MODE_FAST ? gpuact__fast_mode_bwd_out_fmt(op, y, dy, c, fmt)
                                       : gpuact__bwd_out_fmt(op, y, dy, c, fmt);
}

/* fp64 (section 9.4): each element of a direction, at any alignment; both
   inputs are read before either output is written (in place) */
static gpuact_status gpuact__f64_host(int dir, gpuact_op op, const gpuact_cfg *c, const void *in0, const void *in1, void *out0,
                                      void *out1, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        double a, b = 0.0, r0 = 0.0, r1 = 0.0;
        memcpy(&a, (const unsigned char *)in0 + 8 * i, 8);
        if (in1) memcpy(&b, (const unsigned char *)in1 + 8 * i, 8);
        gpuact__f64_elem(dir, (int)op, a, b, c, &r0, &r1);
        memcpy((unsigned char *)out0 + 8 * i, &r0, 8);
        if (out1) memcpy((unsigned char *)out1 + 8 * i, &r1, 8);
    }
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_forward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                             const void *x, void *y, size_t n) {
    gpuact_cfg c;
    size_t i;
    gpuact_status s = gpuact__check(op, dtype, p, &c, x, NULL, y, NULL, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    if (dtype == GPUACT_F64) return gpuact__f64_host(GPUACT__F64_FWD, op, &c, x, NULL, y, NULL, n);
    for (i = 0; i < n; i++)
        gpuact__store(dtype, y, i, gpuact__h_fwd_mode((int)op, gpuact__load(dtype, x, i), &c, gpuact__fmt(dtype)));
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_grad_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                          const void *x, void *d, size_t n) {
    gpuact_cfg c;
    size_t i;
    gpuact_status s = gpuact__check(op, dtype, p, &c, x, NULL, d, NULL, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    if (dtype == GPUACT_F64) return gpuact__f64_host(GPUACT__F64_GRAD, op, &c, x, NULL, d, NULL, n);
    for (i = 0; i < n; i++)
        gpuact__store(dtype, d, i, gpuact__h_grad_mode((int)op, gpuact__load(dtype, x, i), &c, gpuact__fmt(dtype)));
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_backward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                              const void *x, const void *dy, void *dx, size_t n) {
    gpuact_cfg c;
    size_t i;
    gpuact_status s = gpuact__check(op, dtype, p, &c, x, dy, dx, NULL, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    if (!dy) return GPUACT_ERROR_NULL_POINTER;
    if (dtype == GPUACT_F64) return gpuact__f64_host(GPUACT__F64_BWD, op, &c, x, dy, dx, NULL, n);
    for (i = 0; i < n; i++) {
        float xi = gpuact__load(dtype, x, i), g = gpuact__load(dtype, dy, i);
        gpuact__store(dtype, dx, i, gpuact__h_bwd_mode((int)op, xi, g, &c, gpuact__fmt(dtype)));
    }
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_forward_backward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                      const void *x, const void *dy, void *y, void *dx, size_t n) {
    gpuact_cfg c;
    size_t i;
    gpuact_status s;
    if (n > 0 && (!dy || !dx)) return GPUACT_ERROR_NULL_POINTER;
    s = gpuact__check(op, dtype, p, &c, x, dy, y, dx, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    if (dtype == GPUACT_F64) return gpuact__f64_host(GPUACT__F64_FWDBWD, op, &c, x, dy, y, dx, n);
    for (i = 0; i < n; i++) {
        int fmt = gpuact__fmt(dtype);
        float xi = gpuact__load(dtype, x, i), g = gpuact__load(dtype, dy, i);
        float yi = gpuact__h_fwd_mode((int)op, xi, &c, fmt);
        float di = gpuact__h_bwd_mode((int)op, xi, g, &c, fmt);
        gpuact__store(dtype, y, i, yi);
        gpuact__store(dtype, dx, i, di);
    }
    return GPUACT_SUCCESS;
}

/* The gated forms' operands: rows of cols elements, row r at p + r * pitch
   bytes. */
typedef struct gpuact__rows { const void *p; size_t pitch; } gpuact__rows;
/* 1 if two operands share a byte (exact aliasing with the same pitch is
   not sharing here: the caller decides whether it is allowed). Same pitch:
   row i of one meets row j of the other only where their distance d = k
   pitch + (under the width); otherwise the whole extents are compared. */
static int gpuact__rows_meet(gpuact__rows x, gpuact__rows y, size_t rows, size_t width) {
    uintptr_t u = (uintptr_t)x.p, v = (uintptr_t)y.p;
    size_t ext, d, k;
    if (u == v && x.pitch == y.pitch) return 0;
    if (x.pitch != y.pitch || rows == 1) {
        size_t ex = (rows - 1) * x.pitch + width, ey = (rows - 1) * y.pitch + width;
        return u < v ? v - u < ex : u - v < ey;
    }
    ext = (rows - 1) * x.pitch + width;
    d = u < v ? v - u : u - v;
    if (d >= ext) return 0;
    k = d / x.pitch; /* row k of the lower operand starts at or before the other's row 0 */
    if (d - k * x.pitch < width) return 1;
    return k + 1 < rows && (k + 1) * x.pitch - d < width;
}
/* The gated entry points' checks (host and device), in the order of
   gpuact__check_args: parameters (fast mode: unsupported), dtype, (empty:
   success), NULL pointers, ld, sizes that wrap the address space, overlaps.
   ins: a, b (, dy); outs: y, or da, db. */
static gpuact_status gpuact__check_gated(gpuact_op op, gpuact_dtype t, const gpuact_params *p, gpuact_cfg *c,
                                         const void *a, const void *b, const void *dy, void *o0, void *o1, size_t ld,
                                         size_t rows, size_t cols, int bwd) {
    gpuact_status s = gpuact_resolve(op, p, c);
    size_t esz, width, pitch;
    gpuact__rows ins[3], outs[2];
    int i, j, nin = bwd ? 3 : 2, nout = bwd ? 2 : 1;
    if (s != GPUACT_SUCCESS) return s;
    if (c->mode != GPUACT_MODE_ACCURATE) return GPUACT_ERROR_UNSUPPORTED;
    if ((int)t < 1 || (int)t > 4) return GPUACT_ERROR_INVALID_DTYPE;
    if (t == GPUACT_F64) return GPUACT_ERROR_UNSUPPORTED; /* the gated forms: fp32, fp16, bf16 */
    if (rows == 0 || cols == 0) return GPUACT_SUCCESS;
    if (!a || !b || !o0 || (bwd && (!dy || !o1))) return GPUACT_ERROR_NULL_POINTER;
    if (rows > 1 && ld < cols) return GPUACT_ERROR_INVALID_PARAMS;
    esz = gpuact__elem_size(t);
    if (rows == 1) ld = cols;
    if (cols > (size_t)-1 / esz || ld > (size_t)-1 / esz / rows) return GPUACT_ERROR_OVERLAP; /* wraps */
    width = cols * esz;
    pitch = ld * esz;
    ins[0].p = a; ins[0].pitch = pitch;
    ins[1].p = b; ins[1].pitch = pitch;
    ins[2].p = dy; ins[2].pitch = width;
    outs[0].p = o0; outs[0].pitch = bwd ? pitch : width;
    outs[1].p = o1; outs[1].pitch = pitch;
    for (j = 0; j < nout; j++) {
        for (i = 0; i < nin; i++)
            if (gpuact__rows_meet(ins[i], outs[j], rows, width)) return GPUACT_ERROR_OVERLAP;
    }
    if (bwd && (outs[0].p == outs[1].p || gpuact__rows_meet(outs[0], outs[1], rows, width))) return GPUACT_ERROR_OVERLAP;
    return GPUACT_SUCCESS;
}

/* Both gated host entry points: the checks, then each element (bwd: da and
   db from a, b and dy, both read before either is written, so that da may
   be a and db b; else y). */
static gpuact_status gpuact__gated_host(int bwd, gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                        const void *b, size_t ld, const void *dy, void *o0, void *o1, size_t rows, size_t cols) {
    gpuact_cfg c;
    size_t r, j;
    const int fmt = gpuact__fmt(dtype);
    gpuact_status s = gpuact__check_gated(op, dtype, p, &c, a, b, dy, o0, o1, ld, rows, cols, bwd);
    if (s != GPUACT_SUCCESS || rows == 0 || cols == 0) return s;
    if ((s = gpuact_check_host_fp_environment()) != GPUACT_SUCCESS) return s;
    if (rows == 1) ld = cols;
    for (r = 0; r < rows; r++)
        for (j = 0; j < cols; j++) {
            const size_t i = r * ld + j, d = r * cols + j;
            const float x = gpuact__load(dtype, a, i), bv = gpuact__load(dtype, b, i);
            if (bwd) {
                const float g = gpuact__load(dtype, dy, d);
                const float dav = gpuact__gated_da_fmt((int)op, x, bv, g, &c, fmt), dbv = gpuact__gated_fmt((int)op, x, g, &c, fmt);
                gpuact__store(dtype, o0, i, dav);
                gpuact__store(dtype, o1, i, dbv);
            } else {
                gpuact__store(dtype, o0, d, gpuact__gated_fmt((int)op, x, bv, &c, fmt));
            }
        }
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_gated_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                           const void *b, size_t ld, void *y, size_t rows, size_t cols) {
    return gpuact__gated_host(0, op, dtype, p, a, b, ld, NULL, y, NULL, rows, cols);
}

GPUACT_DEF gpuact_status gpuact_gated_backward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                                    const void *b, size_t ld, const void *dy, void *da, void *db,
                                                    size_t rows, size_t cols) {
    return gpuact__gated_host(1, op, dtype, p, a, b, ld, dy, da, db, rows, cols);
}

/* The bias entry points' checks (host and device), in the order of
   gpuact__check_args: parameters (fast mode: unsupported),
   dtype, (empty: success), NULL pointers, sizes that wrap the address
   space, overlaps (an output may be exactly one of its inputs: y = x, dx =
   x or dy, dbias = bias). ins: x, dy (dense), bias; outs: y or dx, dbias. */
static int gpuact__spans_meet(const void *a, size_t na, const void *b, size_t nb) {
    const uintptr_t u = (uintptr_t)a, v = (uintptr_t)b;
    return u < v ? v - u < na : u - v < nb;
}
static gpuact_status gpuact__check_bias(gpuact_op op, gpuact_dtype t, const gpuact_params *p, gpuact_cfg *c, const void *x,
                                        const void *bias, const void *dy, void *o0, void *db, size_t rows, size_t cols, int bwd) {
    gpuact_status s = gpuact_resolve(op, p, c);
    size_t esz, width, total;
    if (s != GPUACT_SUCCESS) return s;
    if (c->mode != GPUACT_MODE_ACCURATE) return GPUACT_ERROR_UNSUPPORTED;
    if ((int)t < 1 || (int)t > 4) return GPUACT_ERROR_INVALID_DTYPE;
    if (t == GPUACT_F64) return GPUACT_ERROR_UNSUPPORTED; /* the bias forms: fp32, fp16, bf16 */
    if (cols == 0 || (rows == 0 && !(bwd && db))) return GPUACT_SUCCESS;
    if (!bias || (rows > 0 && (!x || !o0 || (bwd && !dy)))) return GPUACT_ERROR_NULL_POINTER;
    esz = gpuact__elem_size(t);
    if (cols > (size_t)-1 / esz || (rows > 0 && rows > (size_t)-1 / esz / cols)) return GPUACT_ERROR_OVERLAP; /* wraps */
    width = cols * esz;
    total = rows * width;
    if (rows > 0) {
        if (o0 != x && gpuact__spans_meet(x, total, o0, total)) return GPUACT_ERROR_OVERLAP;
        if (bwd && o0 != dy && gpuact__spans_meet(dy, total, o0, total)) return GPUACT_ERROR_OVERLAP;
        if (gpuact__spans_meet(bias, width, o0, total)) return GPUACT_ERROR_OVERLAP;
    }
    if (bwd && db) {
        if (db != bias && gpuact__spans_meet(bias, width, db, width)) return GPUACT_ERROR_OVERLAP;
        if (rows > 0 && (gpuact__spans_meet(x, total, db, width) || gpuact__spans_meet(dy, total, db, width) ||
                         gpuact__spans_meet(o0, total, db, width)))
            return GPUACT_ERROR_OVERLAP;
    }
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_bias_forward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *x,
                                                  const void *bias, void *y, size_t rows, size_t cols) {
    gpuact_cfg c;
    size_t r, j;
    const int fmt = gpuact__fmt(dtype);
    gpuact_status s = gpuact__check_bias(op, dtype, p, &c, x, bias, NULL, y, NULL, rows, cols, 0);
    if (s != GPUACT_SUCCESS || rows == 0 || cols == 0) return s;
    if ((s = gpuact_check_host_fp_environment()) != GPUACT_SUCCESS) return s;
    for (r = 0; r < rows; r++)
        for (j = 0; j < cols; j++) {
            const size_t i = r * cols + j;
            gpuact__store(dtype, y, i, gpuact__bias_fmt((int)op, gpuact__load(dtype, x, i), gpuact__load(dtype, bias, j), &c, fmt));
        }
    return GPUACT_SUCCESS;
}

/* column by column (no storage for the partial sums), each in its order */
GPUACT_DEF gpuact_status gpuact_bias_backward_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *x,
                                                   const void *bias, const void *dy, void *dx, void *dbias, size_t rows,
                                                   size_t cols) {
    gpuact_cfg c;
    size_t r, j;
    const int fmt = gpuact__fmt(dtype);
    gpuact_status s = gpuact__check_bias(op, dtype, p, &c, x, bias, dy, dx, dbias, rows, cols, 1);
    if (s != GPUACT_SUCCESS || cols == 0 || (rows == 0 && !dbias)) return s;
    if ((s = gpuact_check_host_fp_environment()) != GPUACT_SUCCESS) return s;
    for (j = 0; j < cols; j++) {
        const float bj = gpuact__load(dtype, bias, j);
        gpuact__df tot = gpuact__df_make(0.0f, 0.0f), part = gpuact__df_make(0.0f, 0.0f);
        for (r = 0; r < rows; r++) {
            const size_t i = r * cols + j;
            const float d = gpuact__bias_bwd_fmt((int)op, gpuact__load(dtype, x, i), bj, gpuact__load(dtype, dy, i), &c, fmt);
            gpuact__store(dtype, dx, i, d);
            part = gpuact__db_add(part, gpuact__df_make(d, 0.0f));
            if ((r + 1) % GPUACT_BIAS_CHUNK == 0 || r + 1 == rows) {
                tot = gpuact__db_add(tot, part);
                part = gpuact__df_make(0.0f, 0.0f);
            }
        }
        if (dbias) gpuact__store(dtype, dbias, j, gpuact__round(gpuact__xf_make(tot, 0), fmt));
    }
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_backward_from_output_host(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                          const void *y, const void *dy, void *dx, size_t n) {
    gpuact_cfg c;
    size_t i;
    gpuact_status s = gpuact__check(op, dtype, p, &c, y, dy, dx, NULL, n);
    if (s != GPUACT_SUCCESS) return s;
    if (op != GPUACT_OP_ELU && op != GPUACT_OP_SELU) return GPUACT_ERROR_UNSUPPORTED;
    if (op == GPUACT_OP_ELU && gpuact__alpha_negative(c.alpha)) return GPUACT_ERROR_UNSUPPORTED;
    if (n == 0) return GPUACT_SUCCESS;
    if (!dy) return GPUACT_ERROR_NULL_POINTER;
    if (dtype == GPUACT_F64) return gpuact__f64_host(GPUACT__F64_BWDOUT, op, &c, y, dy, dx, NULL, n);
    for (i = 0; i < n; i++) {
        float yi = gpuact__load(dtype, y, i), g = gpuact__load(dtype, dy, i);
        gpuact__store(dtype, dx, i, gpuact__h_bwd_out_mode((int)op, yi, g, &c, gpuact__fmt(dtype)));
    }
    return GPUACT_SUCCESS;
}

#ifdef __cplusplus
}
#endif
#endif /* GPUACT__IMPLEMENTED */
#endif /* GPUACT_IMPLEMENTATION */

/* ---------------------------------------------------------------------------
   CUDA device entry points (implementation). Compiled only by nvcc, in the
   translation unit that defines GPUACT_IMPLEMENTATION; the kernels are in
   the "CUDA kernels" section of gpuact_kernels.cuh.
   ------------------------------------------------------------------------ */
#if defined(GPUACT_IMPLEMENTATION) && defined(__CUDACC__)
#ifndef GPUACT__DEVICE_IMPLEMENTED
#define GPUACT__DEVICE_IMPLEMENTED
#include <mutex>

/* Pass tickets for the large element-wise launches (gpuact_kernels.cuh,
   gpuact__kargs tick: the kernels then take their passes in address order,
   about 5 points of the copy's bandwidth over grid-stride order). Each
   launch that takes them needs a pair of device words that no launch
   running beside it uses; the kernel leaves the pair zeroed when it ends.
   GPUACT__TICKET_SLOTS pairs per device, in this translation unit's module,
   handed out here: a pair last used on the same stream (the stream orders
   the two launches), else one never used, else one whose last launch is
   done (an event recorded after it). A launch that finds none, a launch on
   a capturing stream (a graph's launches may run beside anything), CUDA
   before 12 (no cudaStreamGetId) and GPUACT_NO_TICKETS run in grid-stride
   order: the results are the same either way. The events are created on
   first use and kept for the life of the process. */
#ifndef GPUACT__TICKET_SLOTS
#define GPUACT__TICKET_SLOTS 16
#endif
#define GPUACT__TICKET_DEVICES 64
static __device__ unsigned long long gpuact__tickets[GPUACT__TICKET_SLOTS][2];
typedef struct gpuact__ticket_slot {
    cudaEvent_t done;         /* recorded on `stream` after the last launch that took the pair */
    unsigned long long stream; /* that launch's stream, cudaStreamGetId */
    int state;                /* 0: never used; 1: used (done recorded); 2: being launched with; 3: lost */
} gpuact__ticket_slot;
static std::mutex gpuact__ticket_mutex;
static gpuact__ticket_slot gpuact__ticket_pool[GPUACT__TICKET_DEVICES][GPUACT__TICKET_SLOTS];
static unsigned long long *gpuact__ticket_base[GPUACT__TICKET_DEVICES]; /* gpuact__tickets on the device */
static int gpuact__ticket_off[GPUACT__TICKET_DEVICES];                  /* the device's address query failed */

/* The pool's own CUDA calls (the events, the symbol's address) are made
   with the calling thread in relaxed capture mode: a graph that another
   stream (of any thread) is capturing in global mode then cannot be
   invalidated by them. */
struct gpuact__relaxed_capture {
    enum cudaStreamCaptureMode mode;
    int ok;
    gpuact__relaxed_capture() : mode(cudaStreamCaptureModeRelaxed), ok(cudaThreadExchangeStreamCaptureMode(&mode) == cudaSuccess) {
        if (!ok) (void)cudaGetLastError();
    }
    ~gpuact__relaxed_capture() {
        if (ok && cudaThreadExchangeStreamCaptureMode(&mode) != cudaSuccess) (void)cudaGetLastError();
    }
};
/* A pair for a launch on `stream` of `device`: its index (and *tick, *sid,
   *prev: the slot's state before), or -1. */
static int gpuact__ticket_take(int device, cudaStream_t stream, unsigned long long **tick, unsigned long long *sid, gpuact__ticket_slot *prev) {
#if !defined(GPUACT_NO_TICKETS) && defined(CUDART_VERSION) && CUDART_VERSION >= 12000
    enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
    gpuact__ticket_slot *pool;
    int i, pick = -1;
    if (device < 0 || device >= GPUACT__TICKET_DEVICES) return -1;
    if (cudaStreamIsCapturing(stream, &cs) != cudaSuccess || cudaStreamGetId(stream, sid) != cudaSuccess) {
        (void)cudaGetLastError();
        return -1;
    }
    if (cs != cudaStreamCaptureStatusNone) return -1;
    std::lock_guard<std::mutex> lock(gpuact__ticket_mutex);
    const gpuact__relaxed_capture relaxed;
    if (!relaxed.ok || gpuact__ticket_off[device]) return -1;
    if (!gpuact__ticket_base[device]) {
        void *p = NULL;
        if (cudaGetSymbolAddress(&p, gpuact__tickets) != cudaSuccess || !p) {
            (void)cudaGetLastError();
            gpuact__ticket_off[device] = 1;
            return -1;
        }
        gpuact__ticket_base[device] = (unsigned long long *)p;
    }
    pool = gpuact__ticket_pool[device];
    for (i = 0; i < GPUACT__TICKET_SLOTS && pick < 0; i++)
        if (pool[i].state == 1 && pool[i].stream == *sid) pick = i;
    for (i = 0; i < GPUACT__TICKET_SLOTS && pick < 0; i++)
        if (pool[i].state == 0) {
            if (cudaEventCreateWithFlags(&pool[i].done, cudaEventDisableTiming) != cudaSuccess) {
                (void)cudaGetLastError();
                return -1;
            }
            pick = i;
        }
    for (i = 0; i < GPUACT__TICKET_SLOTS && pick < 0; i++)
        if (pool[i].state == 1) {
            const cudaError_t e = cudaEventQuery(pool[i].done);
            if (e == cudaSuccess) pick = i;
            else if (e != cudaErrorNotReady) {
                (void)cudaGetLastError();
                pool[i].state = 3;
            }
        }
    if (pick < 0) return -1;
    *prev = pool[pick];
    pool[pick].state = 2;
    *tick = gpuact__ticket_base[device] + 2 * pick;
    return pick;
#else
    (void)device; (void)stream; (void)tick; (void)sid; (void)prev;
    return -1;
#endif
}
/* After the launch that took pair `i` (launched: whether it was made). */
static void gpuact__ticket_give(int device, int i, cudaStream_t stream, unsigned long long sid, const gpuact__ticket_slot *prev, int launched) {
    std::lock_guard<std::mutex> lock(gpuact__ticket_mutex);
    gpuact__ticket_slot *s = &gpuact__ticket_pool[device][i];
    if (!launched) {
        /* the kernel never ran: the pair is as it was (a new event made
           for it stays with it) */
        s->state = prev->state == 0 ? 1 : prev->state;
        if (prev->state == 0) s->stream = sid;
        return;
    }
    const gpuact__relaxed_capture relaxed;
    if (relaxed.ok && cudaEventRecord(s->done, stream) == cudaSuccess) {
        s->state = 1;
        s->stream = sid;
    } else {
        (void)cudaGetLastError();
        s->state = 3; /* when its launch ends is unknown: never used again */
    }
}

/* The op's tables (gpuact_kernels.cuh, section 10.2): one per device, op
   and 16-bit type in this translation unit's module, holding the 16-bit
   forward's results (and bfloat16's f' over a window of x, section 9.0)
   for the parameters of the first 16-bit forward call of the op and type
   on the device, or of its first bfloat16 backward or forward+backward
   call (the table's key). That call launches the table's build kernel on
   its stream and records an event after it; it and every later such call
   with the key's parameters, once that event has completed, read the
   table. Calls with other parameters, calls before the
   event completes and a first call on a capturing stream (which builds
   nothing) run without it. The event calls are made in relaxed capture
   mode, as the tickets' are. */
typedef struct gpuact__lut_state {
    gpuact_cfg key;    /* the parameters the op reads, the rest zero */
    cudaEvent_t built; /* recorded after the build kernel */
    int state;         /* 0: no key; 1: keyed, not built; 2: build launched; 3: built */
} gpuact__lut_state;
static gpuact__lut_state gpuact__lut_states[GPUACT__TICKET_DEVICES][GPUACT__LUT_SLOTS];
/* 1: this call may read the table (launching its build first on `stream`
   where none was), else 0 */
static int gpuact__lut_take(int device, int op, int dtype, const gpuact_cfg *c, cudaStream_t stream) {
#if !defined(GPUACT_NO_FWD_TABLES)
    gpuact_cfg key;
    enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
    cudaError_t e;
    if (device < 0 || device >= GPUACT__TICKET_DEVICES || dtype == GPUACT_F32) return 0;
    if (c->mode == GPUACT_MODE_FAST) return 0; /* (fast mode's 16-bit forward is accurate mode's: resolved before) */
    memset(&key, 0, sizeof key);
    if (op == GPUACT_OP_ELU) key.alpha = c->alpha;
    if (op == GPUACT_OP_SWISH_TANH) {
        key.scale = c->scale;
        key.lo = c->lo;
        key.hi = c->hi;
    }
    std::lock_guard<std::mutex> lock(gpuact__ticket_mutex);
    gpuact__lut_state *t = &gpuact__lut_states[device][gpuact__lut_slot(op, dtype)];
    if (t->state == 0) {
        t->key = key;
        t->state = 1;
    }
    if (memcmp(&t->key, &key, sizeof key) != 0) return 0;
    if (t->state == 3) return 1;
    const gpuact__relaxed_capture relaxed;
    if (!relaxed.ok) return 0;
    if (t->state == 2) {
        e = cudaEventQuery(t->built);
        if (e == cudaSuccess) t->state = 3;
        else if (e != cudaErrorNotReady) (void)cudaGetLastError();
        return t->state == 3;
    }
    /* state 1: build it on this stream, unless the stream is capturing */
    if (cudaStreamIsCapturing(stream, &cs) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    if (cs != cudaStreamCaptureStatusNone) return 0;
    if (!t->built && cudaEventCreateWithFlags(&t->built, cudaEventDisableTiming) != cudaSuccess) {
        (void)cudaGetLastError();
        t->built = NULL;
        return 0;
    }
    if (gpuact__lut_build_device(op, dtype, c, stream) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    if (cudaEventRecord(t->built, stream) != cudaSuccess) {
        (void)cudaGetLastError(); /* built, but when is unknown: built again by the next call */
        return 1;                 /* this call's launch follows the build on the same stream */
    }
    t->state = 2;
    return 1;
#else
    (void)device; (void)op; (void)dtype; (void)c; (void)stream;
    return 0;
#endif
}

#ifdef __cplusplus
extern "C" {
#endif

/* NULL, device memory of `device` or managed memory: GPUACT_SUCCESS. Host
   memory (pageable, pinned or registered) and other devices' memory:
   GPUACT_ERROR_NOT_DEVICE_POINTER. */
static gpuact_status gpuact__device_pointer(const void *ptr, int device) {
    struct cudaPointerAttributes a;
    cudaError_t e;
    if (!ptr) return GPUACT_SUCCESS;
    memset(&a, 0, sizeof a);
    e = cudaPointerGetAttributes(&a, ptr);
    if (e != cudaSuccess) {
        (void)cudaGetLastError(); /* clear the non-sticky error this call left */
        /* before CUDA 11 a pointer the runtime does not know (pageable host
           memory) was reported this way */
        return e == cudaErrorInvalidValue ? GPUACT_ERROR_NOT_DEVICE_POINTER : GPUACT_ERROR_CUDA;
    }
    if (a.type == cudaMemoryTypeManaged) return GPUACT_SUCCESS;
    if (a.type == cudaMemoryTypeDevice && a.device == device) return GPUACT_SUCCESS;
    return GPUACT_ERROR_NOT_DEVICE_POINTER;
}

/* the current device, and every non-NULL pointer on it */
static gpuact_status gpuact__device_pointers(const void *const *ptrs, int n, int *device) {
    int i;
    if (cudaGetDevice(device) != cudaSuccess) {
        (void)cudaGetLastError();
        return GPUACT_ERROR_CUDA;
    }
    for (i = 0; i < n; i++) {
        gpuact_status s = gpuact__device_pointer(ptrs[i], *device);
        if (s != GPUACT_SUCCESS) return s;
    }
    return GPUACT_SUCCESS;
}

/* Checked arguments, rows, cols > 0: the gated forms' pointers, then the launch. */
static gpuact_status gpuact__run_gated_device(int bwd, gpuact_op op, gpuact_dtype t, const gpuact_cfg *c, const void *a,
                                              const void *b, size_t ld, const void *dy, void *o0, void *o1, size_t rows,
                                              size_t cols, cudaStream_t stream) {
    const void *ptrs[5];
    int device = 0;
    gpuact_status s;
    if (!gpuact__gated_built((int)op, (int)t)) return GPUACT_ERROR_UNSUPPORTED; /* GPUACT_GATED_OPS, _ONLY_* */
    ptrs[0] = a; ptrs[1] = b; ptrs[2] = dy; ptrs[3] = o0; ptrs[4] = o1;
    if ((s = gpuact__device_pointers(ptrs, 5, &device)) != GPUACT_SUCCESS) return s;
    if (gpuact__gated_device(bwd, (int)op, (int)t, c, a, b, dy, o0, o1, rows, cols, ld * gpuact__elem_size(t), stream) !=
        cudaSuccess) {
        (void)cudaGetLastError();
        return GPUACT_ERROR_CUDA;
    }
    return GPUACT_SUCCESS;
}

/* Checked arguments, n > 0: checks the pointers, then launches. */
static gpuact_status gpuact__run_device(int dir, gpuact_op op, gpuact_dtype t, const gpuact_cfg *c, const void *in0,
                                        const void *in1, void *out0, void *out1, size_t n, cudaStream_t stream) {
    const void *ptrs[4];
    int device = 0, i;
    cudaError_t e;
    gpuact_cfg acc;
    if (!gpuact__device_built((int)op, (int)t)) return GPUACT_ERROR_UNSUPPORTED; /* GPUACT_ONLY_OPS / _TYPES */
    if (t == GPUACT_F64 && !GPUACT_F64_KERNELS) return GPUACT_ERROR_UNSUPPORTED;
    if (c->mode == GPUACT_MODE_FAST && !GPUACT__FAST_KERNELS) return GPUACT_ERROR_UNSUPPORTED; /* GPUACT_FAST_KERNELS */
    if (c->mode == GPUACT_MODE_FAST && !GPUACT__FM_OWN((int)op, t == GPUACT_F32)) {
        /* fast mode's results are accurate mode's here, and so are its kernels */
        acc = *c;
        acc.mode = GPUACT_MODE_ACCURATE;
        c = &acc;
    }
    e = cudaGetDevice(&device);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        return GPUACT_ERROR_CUDA;
    }
    ptrs[0] = in0; ptrs[1] = in1; ptrs[2] = out0; ptrs[3] = out1;
    for (i = 0; i < 4; i++) {
        gpuact_status s = gpuact__device_pointer(ptrs[i], device);
        if (s != GPUACT_SUCCESS) return s;
    }
    if (t == GPUACT_F64) {
        e = gpuact__f64_device(dir, (int)op, c, in0, in1, out0, out1, n, stream);
    } else {
        /* the op's tables: the 16-bit forward's results, bfloat16's f' too
           (binary16's with GPUACT__GT_F16) */
        const int tables = dir == GPUACT__DIR_FWD ||
                           ((t == GPUACT_BF16 || GPUACT__GT_F16) && (dir == GPUACT__DIR_BWD || dir == GPUACT__DIR_FWDBWD));
        const int lut = tables && gpuact__lut_take(device, (int)op, (int)t, c, stream);
        if (gpuact__eltwise_wants_tick(dir, (int)op, (int)t, c, in0, in1, out0, out1, n)) {
            gpuact__ticket_slot prev;
            unsigned long long *tick = NULL, sid = 0;
            const int slot = gpuact__ticket_take(device, stream, &tick, &sid, &prev);
            e = gpuact__eltwise_device(dir, (int)op, (int)t, c, in0, in1, out0, out1, n, device, stream, slot >= 0 ? tick : NULL, lut);
            if (slot >= 0) gpuact__ticket_give(device, slot, stream, sid, &prev, e == cudaSuccess);
        } else {
            e = gpuact__eltwise_device(dir, (int)op, (int)t, c, in0, in1, out0, out1, n, device, stream, NULL, lut);
        }
    }
    if (e != cudaSuccess) {
        (void)cudaGetLastError(); /* the launch's error, reported as GPUACT_ERROR_CUDA */
        return GPUACT_ERROR_CUDA;
    }
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_forward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                               const void *x, void *y, size_t n, cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s = gpuact__check_args(op, dtype, p, &c, x, NULL, y, NULL, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    return gpuact__run_device(GPUACT__DIR_FWD, op, dtype, &c, x, NULL, y, NULL, n, stream);
}

GPUACT_DEF gpuact_status gpuact_grad_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                            const void *x, void *d, size_t n, cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s = gpuact__check_args(op, dtype, p, &c, x, NULL, d, NULL, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    return gpuact__run_device(GPUACT__DIR_GRAD, op, dtype, &c, x, NULL, d, NULL, n, stream);
}

GPUACT_DEF gpuact_status gpuact_backward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                const void *x, const void *dy, void *dx, size_t n,
                                                cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s = gpuact__check_args(op, dtype, p, &c, x, dy, dx, NULL, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    if (!dy) return GPUACT_ERROR_NULL_POINTER;
    return gpuact__run_device(GPUACT__DIR_BWD, op, dtype, &c, x, dy, dx, NULL, n, stream);
}

GPUACT_DEF gpuact_status gpuact_forward_backward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                        const void *x, const void *dy, void *y, void *dx, size_t n,
                                                        cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s;
    if (n > 0 && (!dy || !dx)) return GPUACT_ERROR_NULL_POINTER;
    s = gpuact__check_args(op, dtype, p, &c, x, dy, y, dx, n);
    if (s != GPUACT_SUCCESS || n == 0) return s;
    return gpuact__run_device(GPUACT__DIR_FWDBWD, op, dtype, &c, x, dy, y, dx, n, stream);
}

GPUACT_DEF gpuact_status gpuact_backward_from_output_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p,
                                                            const void *y, const void *dy, void *dx, size_t n,
                                                            cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s = gpuact__check_args(op, dtype, p, &c, y, dy, dx, NULL, n);
    if (s != GPUACT_SUCCESS) return s;
    if (op != GPUACT_OP_ELU && op != GPUACT_OP_SELU) return GPUACT_ERROR_UNSUPPORTED;
    if (op == GPUACT_OP_ELU && gpuact__alpha_negative(c.alpha)) return GPUACT_ERROR_UNSUPPORTED;
    if (n == 0) return GPUACT_SUCCESS;
    if (!dy) return GPUACT_ERROR_NULL_POINTER;
    return gpuact__run_device(GPUACT__DIR_BWDOUT, op, dtype, &c, y, dy, dx, NULL, n, stream);
}

GPUACT_DEF gpuact_status gpuact_gated_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                             const void *b, size_t ld, void *y, size_t rows, size_t cols, cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s = gpuact__check_gated(op, dtype, p, &c, a, b, NULL, y, NULL, ld, rows, cols, 0);
    if (s != GPUACT_SUCCESS || rows == 0 || cols == 0) return s;
    return gpuact__run_gated_device(0, op, dtype, &c, a, b, ld, NULL, y, NULL, rows, cols, stream);
}

GPUACT_DEF gpuact_status gpuact_gated_backward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *a,
                                                      const void *b, size_t ld, const void *dy, void *da, void *db,
                                                      size_t rows, size_t cols, cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s = gpuact__check_gated(op, dtype, p, &c, a, b, dy, da, db, ld, rows, cols, 1);
    if (s != GPUACT_SUCCESS || rows == 0 || cols == 0) return s;
    return gpuact__run_gated_device(1, op, dtype, &c, a, b, ld, dy, da, db, rows, cols, stream);
}

GPUACT_DEF size_t gpuact_bias_workspace_size(size_t rows, size_t cols) {
    const size_t nch = rows / GPUACT_BIAS_CHUNK + (rows % GPUACT_BIAS_CHUNK != 0);
    if (cols != 0 && nch > (size_t)-1 / 8u / cols) return (size_t)-1;
    return nch * cols * 8u;
}

/* Checked arguments (cols > 0; rows = 0 only with dbias): the workspace,
   the pointers, then the launches. */
static gpuact_status gpuact__run_bias_device(int bwd, gpuact_op op, gpuact_dtype t, const gpuact_cfg *c, const void *x,
                                             const void *b, const void *dy, void *o0, void *db, void *ws, size_t wsb,
                                             size_t rows, size_t cols, cudaStream_t stream) {
    const void *ptrs[6];
    int device = 0;
    gpuact_status s;
    if (!gpuact__bias_built((int)op, (int)t)) return GPUACT_ERROR_UNSUPPORTED; /* GPUACT_BIAS_OPS, _ONLY_* */
    if (bwd && db && rows > 0) {
        const size_t need = gpuact_bias_workspace_size(rows, cols), total = rows * cols * gpuact__elem_size(t);
        const size_t width = cols * gpuact__elem_size(t);
        if (!ws || wsb < need || (uintptr_t)ws % 8u) return GPUACT_ERROR_INVALID_PARAMS;
        if (gpuact__spans_meet(ws, need, x, total) || gpuact__spans_meet(ws, need, dy, total) ||
            gpuact__spans_meet(ws, need, o0, total) || gpuact__spans_meet(ws, need, b, width) ||
            gpuact__spans_meet(ws, need, db, width))
            return GPUACT_ERROR_OVERLAP;
    } else {
        ws = NULL;
    }
    ptrs[0] = rows > 0 ? x : NULL; ptrs[1] = b; ptrs[2] = rows > 0 ? dy : NULL; ptrs[3] = rows > 0 ? o0 : NULL;
    ptrs[4] = db; ptrs[5] = ws;
    if ((s = gpuact__device_pointers(ptrs, 6, &device)) != GPUACT_SUCCESS) return s;
    if (gpuact__bias_device(bwd, (int)op, (int)t, c, x, b, dy, o0, db, (float *)ws, rows, cols, stream) != cudaSuccess) {
        (void)cudaGetLastError();
        return GPUACT_ERROR_CUDA;
    }
    return GPUACT_SUCCESS;
}

GPUACT_DEF gpuact_status gpuact_bias_forward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *x,
                                                    const void *bias, void *y, size_t rows, size_t cols, cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s = gpuact__check_bias(op, dtype, p, &c, x, bias, NULL, y, NULL, rows, cols, 0);
    if (s != GPUACT_SUCCESS || rows == 0 || cols == 0) return s;
    return gpuact__run_bias_device(0, op, dtype, &c, x, bias, NULL, y, NULL, NULL, 0, rows, cols, stream);
}

GPUACT_DEF gpuact_status gpuact_bias_backward_device(gpuact_op op, gpuact_dtype dtype, const gpuact_params *p, const void *x,
                                                     const void *bias, const void *dy, void *dx, void *dbias, void *workspace,
                                                     size_t workspace_bytes, size_t rows, size_t cols, cudaStream_t stream) {
    gpuact_cfg c;
    gpuact_status s = gpuact__check_bias(op, dtype, p, &c, x, bias, dy, dx, dbias, rows, cols, 1);
    if (s != GPUACT_SUCCESS || cols == 0 || (rows == 0 && !dbias)) return s;
    return gpuact__run_bias_device(1, op, dtype, &c, x, bias, dy, dx, dbias, workspace, workspace_bytes, rows, cols, stream);
}

#ifdef __cplusplus
}
#endif
#endif /* GPUACT__DEVICE_IMPLEMENTED */
#endif /* GPUACT_IMPLEMENTATION && __CUDACC__ */
/* ------------------- end of the device implementation -------------------- */

/*
------------------------------------------------------------------------------
This software is available under 2 licenses -- choose whichever you prefer.
------------------------------------------------------------------------------
ALTERNATIVE A - MIT License
Copyright (c) 2026 the gpuact authors
Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in
the Software without restriction, including without limitation the rights to
use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
of the Software, and to permit persons to whom the Software is furnished to do
so, subject to the following conditions:
The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.
THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
------------------------------------------------------------------------------
ALTERNATIVE B - Public Domain (www.unlicense.org)
This is free and unencumbered software released into the public domain.
Anyone is free to copy, modify, publish, use, compile, sell, or distribute this
software, either in source code form or as a compiled binary, for any purpose,
commercial or non-commercial, and by any means.
In jurisdictions that recognize copyright laws, the author or authors of this
software dedicate any and all copyright interest in the software to the public
domain. We make this dedication for the benefit of the public at large and to
the detriment of our heirs and successors. We intend this dedication to be an
overt act of relinquishment in perpetuity of all present and future rights to
this software under copyright law.
THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN
ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION
WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
------------------------------------------------------------------------------
*/
