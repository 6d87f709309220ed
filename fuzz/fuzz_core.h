/* fuzz_core.h - the library as the fuzz harnesses see it, plus what every
   harness shares (input reader, failure reporting, bit helpers).

   Every harness includes the library through this header and nothing else:
   it is one translation unit per harness, with the implementation compiled
   in (GPUACT_IMPLEMENTATION + GPUACT_STATIC).

   Planted bugs (test-only; proves the harnesses bite, fuzz/plant_test.sh):
   built with -DGPUACT_FUZZ_PLANT=N, fz_lib() below returns a deliberately
   wrong value for one op instead of the library's result (finite x and dy
   only: NaN/inf keep the library's handling, so that only the formula's
   inaccuracy can give the plant away). gpuact.h and
   gpuact_kernels.cuh are not touched; only the scalar evaluations made
   through fz_lib() and fz_lib_gated() change (the host entry points in fuzz_api.c and the
   fused-array check of fuzz_deriv.c still run the real code).
     1  gelu_erf forward as the textbook 0.5f*x*(1+erff(x/sqrtf(2))) in fp32
     2  elu forward with expf(x)-1 in place of expm1
     3  gelu_tanh derivative with x^3 where x^2 belongs:
        0.5(1+t) + 0.5x(1-t^2) sqrt(2/pi) (1 + 3*0.044715*x^3)   (fp32)
     4  fast mode: gelu_tanh f' (and dy f') 2^-10 relative too large
        (fast mode's bound is 2^-16 fp32, 1 ULP 16-bit)
     5  fast mode: silu f with the sign of a zero lost (-0 -> +0)
     6  gated y = f(a) b and db = dy f(a) with f(a) rounded to the format
        first, then multiplied and rounded again (PyTorch's GEGLU/SwiGLU:
        two roundings where the spec has one)
     7  gated da = dy b f'(a) as RN(RN(dy b) f'(a)): dy b rounded to the
        format first (PyTorch's autograd through the product)

   Failure reporting: FZ_FAIL-style messages go to stderr, then fz_trap():
   abort() under libFuzzer (it saves the input as a crash file), a counter
   under the standalone driver (built with -DFUZZ_STANDALONE), which keeps
   going and reports "N passed, M failed". */
#ifndef GPUACT_FUZZ_CORE_H
#define GPUACT_FUZZ_CORE_H

#define GPUACT_IMPLEMENTATION
#define GPUACT_STATIC
#include "gpuact.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/common/bits.h"

#ifndef GPUACT_FUZZ_PLANT
#define GPUACT_FUZZ_PLANT 0
#endif

#if defined(__GNUC__) || defined(__clang__)
#define FZ_UNUSED __attribute__((unused))
#else
#define FZ_UNUSED
#endif
#define FZ_FN static FZ_UNUSED

/* ---- failures ----------------------------------------------------------- */
/* inputs (or checks) that failed, for the standalone driver; defined once in
   each harness's translation unit (one harness per program) */
#ifdef __cplusplus
extern "C" {
#endif
int fz_fail_count = 0;
#ifdef __cplusplus
}
#endif

FZ_FN void fz_trap(void) {
    fflush(stdout);
    fflush(stderr);
#ifdef FUZZ_STANDALONE
    fz_fail_count++;
#else
    abort();
#endif
}
/* print one line to stderr, then trap */
FZ_FN void fz_failf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fz_trap();
}

/* ---- input reader: past the end every byte reads as 0 --------------------- */
typedef struct fz_in {
    const uint8_t *p;
    size_t n, i;
} fz_in;
FZ_FN fz_in fz_in_make(const uint8_t *p, size_t n) {
    fz_in r;
    r.p = p; r.n = n; r.i = 0;
    return r;
}
FZ_FN uint8_t fz_u8(fz_in *r) {
    uint8_t b = r->i < r->n ? r->p[r->i] : 0;
    r->i++;
    return b;
}
FZ_FN uint16_t fz_u16(fz_in *r) {
    uint16_t lo = fz_u8(r);
    return (uint16_t)(lo | ((uint16_t)fz_u8(r) << 8));
}
FZ_FN uint32_t fz_u32(fz_in *r) {
    uint32_t lo = fz_u16(r);
    return lo | ((uint32_t)fz_u16(r) << 16);
}
FZ_FN uint64_t fz_u64(fz_in *r) {
    const uint64_t lo = fz_u32(r);
    return lo | ((uint64_t)fz_u32(r) << 32);
}

/* ---- bits (tu_f2u, tu_u2f, tu_isnan: tests/common/bits.h) ---------------- */
FZ_FN int fz_f32_isfinite(float f) { return (tu_f2u(f) & 0x7f800000u) != 0x7f800000u; }
FZ_FN double fz_b2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
FZ_FN uint64_t fz_d2b(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

/* formats: 0 binary32, 1 binary16, 2 bfloat16 (the reference's numbering;
   the library's gpuact_dtype is fmt + 1) */
static FZ_UNUSED const char *const FZ_FMT_NAME[3] = {"f32", "f16", "bf16"};
static FZ_UNUSED const char *const FZ_DIR_NAME[4] = {"fwd", "grad", "bwd", "bwd_out"};
FZ_FN const char *fz_op_name(int op) {
    static const char *const n[8] = {"?", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};
    return op >= 1 && op <= 7 ? n[op] : "?";
}
FZ_FN uint32_t fz_canon_nan(int fmt) { return fmt == 0 ? 0x7fc00000u : fmt == 1 ? 0x7e00u : 0x7fc0u; }
FZ_FN uint32_t fz_mask(int fmt) { return fmt == 0 ? 0xffffffffu : 0xffffu; }
FZ_FN int fz_isnan_bits(int fmt, uint32_t b) {
    if (fmt == 0) return (b & 0x7fffffffu) > 0x7f800000u;
    if (fmt == 1) return (b & 0x7fffu) > 0x7c00u;
    return (b & 0x7fffu) > 0x7f80u;
}
/* the library's own decoders (used only to feed the planted formulas) */
FZ_FN float fz_lib_dec(int fmt, uint32_t b) {
    if (fmt == 0) return tu_u2f(b);
    return fmt == 1 ? gpuact_f16_to_f32((uint16_t)b) : gpuact_bf16_to_f32((uint16_t)b);
}

/* ---- parameters ------------------------------------------------------------ */
/* validity per gpuact.h (gpuact_params comment and GPUACT_ERROR_INVALID_PARAMS):
   alpha and scale finite, lo and hi not NaN (may be infinite), lo <= hi,
   mode 0 or 1 where its bit (0x10) is set, no unknown bits in `set`. Computed here from the rules, not by the library. */
FZ_FN int fz_params_expected(const gpuact_params *p, gpuact_cfg *out) {
    gpuact_cfg c;
    c.alpha = 1.0f; c.scale = 0.5f; c.lo = -1.0f; c.hi = 1.0f; c.mode = 0;
    if (p) {
        if (p->set & ~0x1fu) return 0;
        if (p->set & 0x10u) { /* mode: 0 accurate, 1 fast */
            if (p->mode != 0 && p->mode != 1) return 0;
            c.mode = p->mode;
        }
        if (p->set & 1u) c.alpha = p->alpha;
        if (p->set & 2u) c.scale = p->scale;
        if (p->set & 4u) c.lo = p->lo;
        if (p->set & 8u) c.hi = p->hi;
    }
    if (out) *out = c;
    if (!fz_f32_isfinite(c.alpha) || !fz_f32_isfinite(c.scale)) return 0;
    if (tu_isnan(c.lo) || tu_isnan(c.hi)) return 0;
    if (c.lo > c.hi) return 0;
    return 1;
}

/* the mode from one input byte b (the accuracy harnesses read it after the
   parameters, past the end of the older layouts, so that an input without it
   reads 0 and means what it did before: accurate mode, GPUACT_SET_MODE
   unset). b = 0: no mode bit; b & 7 = 1..5 fast; 6 mode bit with accurate;
   7 mode bit with an invalid mode (must be rejected); 0 with b != 0: no mode
   bit but a nonzero mode field (must be ignored). */
FZ_FN void fz_read_mode(uint8_t b, gpuact_params *p) {
    static const int bad[4] = {2, -1, 0x7fffffff, (int)0x80000000u};
    if (b == 0) return;
    switch (b & 7) {
    case 0: p->mode = bad[(b >> 3) & 3]; break;
    case 6: p->set |= 0x10u; p->mode = GPUACT_MODE_ACCURATE; break;
    case 7: p->set |= 0x10u; p->mode = bad[(b >> 3) & 3]; break;
    default: p->set |= 0x10u; p->mode = GPUACT_MODE_FAST; break;
    }
}

/* the accuracy harnesses' params from the input: `set` from the byte setb
   (b & 0xf, plus an unknown bit when b >= 0xf0), then alpha, scale, lo, hi
   as raw bits */
FZ_FN void fz_read_params(fz_in *in, uint8_t setb, gpuact_params *p) {
    memset(p, 0, sizeof *p);
    p->set = (unsigned)(setb & 0xfu) | (setb >= 0xf0 ? 0x100u : 0u);
    p->alpha = tu_u2f(fz_u32(in));
    p->scale = tu_u2f(fz_u32(in));
    p->lo = tu_u2f(fz_u32(in));
    p->hi = tu_u2f(fz_u32(in));
}

/* ---- the scalar evaluation every accuracy harness goes through -------------
   dir 0 f(x), 1 f'(x), 2 dy f'(x), 3 dx from y (elu/selu); x and dy are bit
   patterns of the format (low 16 bits for the 16-bit formats); returns the
   result's bit pattern. */
/* fast mode (c->mode == GPUACT_MODE_FAST): what the host entry points
   compute per element (gpuact.h's gpuact__h_*_mode: gpuact_kernels.cuh 9.1) */
FZ_FN uint32_t fz_lib_fast(int dir, int op, int fmt, uint32_t xb, uint32_t db, const gpuact_cfg *c) {
    float x = fz_lib_dec(fmt, xb), dy = fz_lib_dec(fmt, db), r;
    if (dir == 0) r = gpuact__fast_mode_fwd_fmt(op, x, c, fmt);
    else if (dir == 1) r = gpuact__fast_mode_grad_fmt(op, x, c, fmt);
    else if (dir == 2) r = gpuact__fast_mode_bwd_fmt(op, x, dy, c, fmt);
    else r = gpuact__fast_mode_bwd_out_fmt(op, x, dy, c, fmt);
    if (fmt == 0) return tu_f2u(r);
    return fmt == 1 ? gpuact__f32_to_f16_exact(r) : gpuact__f32_to_bf16_exact(r);
}
/* the public fast scalar functions (fp32 f and f'), for the same op and
   parameters: the epilogue's functions must give the entry points' bits
   where those compute fast mode's own functions (GPUACT__FM_OWN) */
FZ_FN float fz_public_fast(int dir, int op, float x, const gpuact_cfg *c) {
    switch (op) {
    case GPUACT_OP_GELU_ERF: return dir ? gpuact_gelu_erf_grad_fast(x) : gpuact_gelu_erf_fast(x);
    case GPUACT_OP_GELU_TANH: return dir ? gpuact_gelu_tanh_grad_fast(x) : gpuact_gelu_tanh_fast(x);
    case GPUACT_OP_GELU_SIGMOID: return dir ? gpuact_gelu_sigmoid_grad_fast(x) : gpuact_gelu_sigmoid_fast(x);
    case GPUACT_OP_ELU: return dir ? gpuact_elu_grad_fast(x, c->alpha) : gpuact_elu_fast(x, c->alpha);
    case GPUACT_OP_SELU: return dir ? gpuact_selu_grad_fast(x) : gpuact_selu_fast(x);
    case GPUACT_OP_SILU: return dir ? gpuact_silu_grad_fast(x) : gpuact_silu_fast(x);
    default:
        return dir ? gpuact_swish_tanh_grad_fast(x, c->scale, c->lo, c->hi) : gpuact_swish_tanh_fast(x, c->scale, c->lo, c->hi);
    }
}

FZ_FN uint32_t fz_lib_real(int dir, int op, int fmt, uint32_t xb, uint32_t db, const gpuact_cfg *c) {
    gpuact_op o = (gpuact_op)op;
    if (c->mode == GPUACT_MODE_FAST) return fz_lib_fast(dir, op, fmt, xb, db, c);
    if (fmt == 0) {
        float x = tu_u2f(xb), dy = tu_u2f(db), r;
        if (dir == 0) r = gpuact_forward_f32(o, x, c);
        else if (dir == 1) r = gpuact_grad_f32(o, x, c);
        else if (dir == 2) r = gpuact_backward_f32(o, x, dy, c);
        else r = gpuact_backward_from_output_f32(o, x, dy, c);
        return tu_f2u(r);
    } else {
        uint16_t x = (uint16_t)xb, dy = (uint16_t)db;
        if (fmt == 1) {
            if (dir == 0) return gpuact_forward_f16(o, x, c);
            if (dir == 1) return gpuact_grad_f16(o, x, c);
            if (dir == 2) return gpuact_backward_f16(o, x, dy, c);
            return gpuact_backward_from_output_f16(o, x, dy, c);
        }
        if (dir == 0) return gpuact_forward_bf16(o, x, c);
        if (dir == 1) return gpuact_grad_bf16(o, x, c);
        if (dir == 2) return gpuact_backward_bf16(o, x, dy, c);
        return gpuact_backward_from_output_bf16(o, x, dy, c);
    }
}

#if GPUACT_FUZZ_PLANT
/* an fp32 value rounded to the format (the planted formulas work in fp32) */
FZ_FN uint32_t fz_plant_store(int fmt, float v) {
    if (fmt == 0) return tu_f2u(v);
    return fmt == 1 ? gpuact_f32_to_f16(v) : gpuact_f32_to_bf16(v);
}
/* 1 and *out when the planted bug replaces this evaluation */
FZ_FN int fz_plant(int dir, int op, int fmt, uint32_t xb, uint32_t db, const gpuact_cfg *c, uint32_t *out) {
    float x = fz_lib_dec(fmt, xb), dy = fz_lib_dec(fmt, db);
    (void)dy; (void)c;
    /* the plants are numerical: NaN, inf (and dy) special values keep the
       library's handling, so only the formula's accuracy can give it away */
    if (!fz_f32_isfinite(x) || !fz_f32_isfinite(dy)) return 0;
#if GPUACT_FUZZ_PLANT == 1
    if (op == GPUACT_OP_GELU_ERF && dir == 0) {
        *out = fz_plant_store(fmt, 0.5f * x * (1.0f + erff(x / sqrtf(2.0f))));
        return 1;
    }
#elif GPUACT_FUZZ_PLANT == 2
    if (op == GPUACT_OP_ELU && dir == 0) {
        *out = fz_plant_store(fmt, x > 0.0f ? x : c->alpha * (expf(x) - 1.0f));
        return 1;
    }
#elif GPUACT_FUZZ_PLANT == 3
    if (op == GPUACT_OP_GELU_TANH && (dir == 1 || dir == 2)) {
        const float k = 0.797884561f; /* sqrt(2/pi) */
        float x3 = x * x * x;
        float t = tanhf(k * (x + 0.044715f * x3));
        float d = 0.5f * (1.0f + t) + 0.5f * x * (1.0f - t * t) * k * (1.0f + 3.0f * 0.044715f * x3); /* x^3: the bug */
        if (dir == 2) d = d * dy;
        *out = fz_plant_store(fmt, d);
        return 1;
    }
#elif GPUACT_FUZZ_PLANT == 4
    if (c->mode == GPUACT_MODE_FAST && op == GPUACT_OP_GELU_TANH && (dir == 1 || dir == 2)) {
        float g = gpuact__fast_mode_grad(op, x, c) * (1.0f + 0x1p-10f);
        *out = fz_plant_store(fmt, dir == 2 ? g * dy : g);
        return 1;
    }
#elif GPUACT_FUZZ_PLANT == 5
    if (c->mode == GPUACT_MODE_FAST && op == GPUACT_OP_SILU && dir == 0) {
        float y = gpuact__fast_mode_fwd(op, x, c);
        *out = fz_plant_store(fmt, y == 0.0f ? 0.0f : y);
        return 1;
    }
#elif GPUACT_FUZZ_PLANT == 6 || GPUACT_FUZZ_PLANT == 7
    (void)dir; (void)op; (void)fmt; (void)out; /* plants in the gated forms: fz_plant_gated */
#else
#error "GPUACT_FUZZ_PLANT must be 0 .. 7"
#endif
    return 0;
}
#endif

FZ_FN uint32_t fz_lib(int dir, int op, int fmt, uint32_t xb, uint32_t db, const gpuact_cfg *c) {
#if GPUACT_FUZZ_PLANT
    uint32_t r;
    if (fz_plant(dir, op, fmt, xb, db, c, &r)) return r;
#endif
    return fz_lib_real(dir, op, fmt, xb, db, c);
}

/* ---- the gated forms (gpuact_kernels.cuh 9.2; accurate mode only) ----------
   form 1 y = f(a) b (gpuact_gated_*), 2 da = dy b f'(a), 3 db = dy f(a)
   (gpuact_gated_backward_*); a, b, dy bit patterns of the format; returns
   the result's bit pattern. The public scalar functions, as the host entry
   points must match them. */
#define FZ_GATED_Y 1
#define FZ_GATED_DA 2
#define FZ_GATED_DB 3
static FZ_UNUSED const char *const FZ_GATED_NAME[4] = {"", "gated_y", "gated_da", "gated_db"};
FZ_FN uint32_t fz_lib_gated_real(int form, int op, int fmt, uint32_t ab, uint32_t bb, uint32_t db, const gpuact_cfg *c) {
    gpuact_op o = (gpuact_op)op;
    if (fmt == 0) {
        float da, dbo;
        if (form == FZ_GATED_Y) return tu_f2u(gpuact_gated_f32(o, tu_u2f(ab), tu_u2f(bb), c));
        gpuact_gated_backward_f32(o, tu_u2f(ab), tu_u2f(bb), tu_u2f(db), c, &da, &dbo);
        return tu_f2u(form == FZ_GATED_DA ? da : dbo);
    } else {
        uint16_t da, dbo;
        if (fmt == 1) {
            if (form == FZ_GATED_Y) return gpuact_gated_f16(o, (uint16_t)ab, (uint16_t)bb, c);
            gpuact_gated_backward_f16(o, (uint16_t)ab, (uint16_t)bb, (uint16_t)db, c, &da, &dbo);
        } else {
            if (form == FZ_GATED_Y) return gpuact_gated_bf16(o, (uint16_t)ab, (uint16_t)bb, c);
            gpuact_gated_backward_bf16(o, (uint16_t)ab, (uint16_t)bb, (uint16_t)db, c, &da, &dbo);
        }
        return form == FZ_GATED_DA ? da : dbo;
    }
}
#if GPUACT_FUZZ_PLANT == 6 || GPUACT_FUZZ_PLANT == 7
/* 1 and *out when the planted bug replaces this gated evaluation (finite
   operands only, as fz_plant) */
FZ_FN int fz_plant_gated(int form, int op, int fmt, uint32_t ab, uint32_t bb, uint32_t db, const gpuact_cfg *c, uint32_t *out) {
    float a = fz_lib_dec(fmt, ab), b = fz_lib_dec(fmt, bb), dy = fz_lib_dec(fmt, db);
    if (!fz_f32_isfinite(a) || !fz_f32_isfinite(b) || !fz_f32_isfinite(dy)) return 0;
#if GPUACT_FUZZ_PLANT == 6
    if (form == FZ_GATED_Y || form == FZ_GATED_DB) { /* RN(RN(f(a)) s): f(a) stored in the format first */
        float f = fz_lib_dec(fmt, fz_lib_real(0, op, fmt, ab, 0, c));
        *out = fz_plant_store(fmt, f * (form == FZ_GATED_Y ? b : dy));
        return 1;
    }
#else
    if (form == FZ_GATED_DA) { /* RN(RN(dy b) f'(a)): the product dy b stored in the format first */
        *out = fz_lib_real(2, op, fmt, ab, fz_plant_store(fmt, dy * b), c);
        return 1;
    }
#endif
    return 0;
}
#endif
FZ_FN uint32_t fz_lib_gated(int form, int op, int fmt, uint32_t ab, uint32_t bb, uint32_t db, const gpuact_cfg *c) {
#if GPUACT_FUZZ_PLANT == 6 || GPUACT_FUZZ_PLANT == 7
    uint32_t r;
    if (fz_plant_gated(form, op, fmt, ab, bb, db, c, &r)) return r;
#endif
    return fz_lib_gated_real(form, op, fmt, ab, bb, db, c);
}

/* ---- the bias forms (gpuact_kernels.cuh 9.3; accurate mode, not swish_tanh) --
   form 1 y = f(x + b) (gpuact_bias_forward_*), 2 dx = dy f'(x + b)
   (gpuact_bias_backward_*); bit patterns of the format */
#define FZ_BIAS_Y 1
#define FZ_BIAS_DX 2
static FZ_UNUSED const char *const FZ_BIAS_NAME[3] = {"", "bias_y", "bias_dx"};
FZ_FN uint32_t fz_lib_bias(int form, int op, int fmt, uint32_t xb, uint32_t bb, uint32_t db, const gpuact_cfg *c) {
    gpuact_op o = (gpuact_op)op;
    if (fmt == 0)
        return tu_f2u(form == FZ_BIAS_Y ? gpuact_bias_forward_f32(o, tu_u2f(xb), tu_u2f(bb), c)
                                        : gpuact_bias_backward_f32(o, tu_u2f(xb), tu_u2f(bb), tu_u2f(db), c));
    if (fmt == 1)
        return form == FZ_BIAS_Y ? gpuact_bias_forward_f16(o, (uint16_t)xb, (uint16_t)bb, c)
                                 : gpuact_bias_backward_f16(o, (uint16_t)xb, (uint16_t)bb, (uint16_t)db, c);
    return form == FZ_BIAS_Y ? gpuact_bias_forward_bf16(o, (uint16_t)xb, (uint16_t)bb, c)
                             : gpuact_bias_backward_bf16(o, (uint16_t)xb, (uint16_t)bb, (uint16_t)db, c);
}

#endif /* GPUACT_FUZZ_CORE_H */
