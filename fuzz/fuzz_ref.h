/* fuzz_ref.h - the accuracy oracle side of the harnesses: the MPFR reference
   (reference/gpuact_ref.h) for f, f' and dy f', plain MPFR for backward from
   the output, and the one check every accuracy harness applies.

   Bars (what a finding is):
     binary32   f <= 1 ulp, f' <= 2 ulp, dy f' <= 2.5 ulp, dx from y <= 2.5 ulp
     16-bit     f correctly rounded (bit-equal to the reference), f' <= 1 ulp,
                dy f' <= 1 ulp, dx from y <= 1 ulp
     binary64   (fz_check_f64, GPUACT_F64) every direction <= 0.5001 ulp,
                NaN, inf, zero and subnormal results bit-equal
   ulps against the exact value (gpuact_ref_ulp's definition). Everywhere:
   NaN, inf and the sign of a zero must match the correctly rounded value
   exactly, and a NaN result must be the canonical quiet NaN. With
   `special_exact` (fuzz_special) a result whose correctly rounded value is
   NaN, inf, zero or subnormal must be bit-equal to it, except a subnormal or
   zero whose exact value is within the core's documented 2^-36 (relative)
   of a rounding midpoint, but not within 2^-60 (fz_sub_within_contract).

   Fast mode (cfg.mode == GPUACT_MODE_FAST; fz_check_fast): the bounds of
   tests/accuracy/fast_bounds.h against the correctly rounded value: binary32
   f, f', dy f' and dx from y within FAST_F32_REL (2^-16) relative where that
   value is a normal float, FAST_F32_ABS (2^-142) absolute where it is
   subnormal or zero; 16-bit f, f', dy f', dx from y within FAST_H16_ULP (1)
   ULP of it. Special values exactly: NaN <-> NaN (canonical), inf <-> the
   same inf, a zero result with the sign of the correctly rounded value, and
   an exact zero (f(+-0), a clamp that acts, alpha = 0 ...) bit-equal.

   The gated forms (fz_case.gated: y = f(a) b, da = dy b f'(a), db = dy f(a),
   each the exact product rounded once; accurate mode only): binary32 within
   0.501 ulp (FZ_GATED_BAR32: the double-float core's 2^-36 relative on top of
   the correct rounding), binary16/bfloat16 correctly rounded; the same NaN,
   inf, sign-of-zero and special_exact rules. Reference: gpuact_ref_gated
   (s f(a), gpuact_ref_ulp mode 3) for y and db; gpuact_ref_backward with
   dy * b (exact in double: two floats) for da. */
#ifndef GPUACT_FUZZ_REF_H
#define GPUACT_FUZZ_REF_H

#include "fuzz_core.h"
#include "gpuact_ref.h"
#include "tests/common/formats.h"
#include "tests/common/ref_util.h"
#include "tests/common/ref_f64.h"
#include "tests/accuracy/fast_bounds.h"
#include <mpfr.h>

static FZ_UNUSED const double FZ_BAR[3][4] = {{1.0, 2.0, 2.5, 2.5}, {0.5, 1.0, 1.0, 1.0}, {0.5, 1.0, 1.0, 1.0}};
#define FZ_GATED_BAR32 0.501

/* ---- formats: bit patterns as doubles by the reference's decoders (tu_ref_dec,
   tests/common/ref_util.h), ulps and ranges in tests/common/formats.h -------- */
/* bit pattern of v rounded to the format (NaN -> the canonical NaN) */
FZ_FN uint32_t fz_enc(int fmt, double v) {
    if (v != v) return fz_canon_nan(fmt);
    if (fmt == 0) return tu_f2u((float)v);
    return fmt == 1 ? gpuact_ref_double_to_f16(v) : gpuact_ref_double_to_bf16(v);
}
/* value special in the format: NaN, inf, zero or subnormal */
FZ_FN int fz_is_special_val(int fmt, double v) {
    return v != v || isinf(v) || v == 0 || fabs(v) < tu_min_normal(fmt);
}

/* ---- backward from the output, exactly, with plain MPFR --------------------
   dx = dy (y + L) where y <= 0 (L = alpha for elu, lambda alpha_s for selu),
   dy lambda where y > 0 (lambda = 1 for elu), as real numbers from the
   given y and dy, rounded once to the format (subnormals, overflow). IEEE
   rules for the special operands: NaN in -> NaN; inf * 0 = NaN; y = -inf
   gives d = -inf; an exact zero d = y + alpha has the IEEE sign of the sum
   (+0 unless both are -0). lambda, alpha_s: the decimal constants of the
   reference README; their enclosures and Ziv's loop make the rounding
   proven (lambda alpha_s is not dyadic, so no exact tie exists for selu;
   elu's value is dyadic and computed exactly). */
#define FZ_SELU_LAMBDA "1.0507009873554804934193349852946"
#define FZ_SELU_ALPHA "1.6732632423543772848170429916717"
static int fz_m_ready;
static mpfr_t fz_m_y[3], fz_m_a, fz_m_b, fz_m_lo, fz_m_hi, fz_m_c1, fz_m_c2, fz_m_t;
FZ_FN void fz_m_init(void) {
    int i;
    if (fz_m_ready) return;
    for (i = 0; i < 3; i++) mpfr_init2(fz_m_y[i], tu_prec(i));
    mpfr_inits2(2400, fz_m_a, fz_m_b, fz_m_lo, fz_m_hi, fz_m_c1, fz_m_c2, fz_m_t, (mpfr_ptr)0);
    fz_m_ready = 1;
}
/* RN of v (finite, nonzero, current wide range) to the format, as a double */
FZ_FN double fz_m_round(mpfr_srcptr v, int fmt) {
    static const long emin[3] = {-148, -23, -132}, emax[3] = {128, 16, 128}; /* MPFR convention */
    mpfr_exp_t e0 = mpfr_get_emin(), e1 = mpfr_get_emax();
    int inex = mpfr_set(fz_m_y[fmt], v, MPFR_RNDN);
    double d;
    mpfr_set_emin(emin[fmt]);
    mpfr_set_emax(emax[fmt]);
    inex = mpfr_check_range(fz_m_y[fmt], inex, MPFR_RNDN);
    mpfr_subnormalize(fz_m_y[fmt], inex, MPFR_RNDN);
    mpfr_set_emin(e0);
    mpfr_set_emax(e1);
    d = mpfr_get_d(fz_m_y[fmt], MPFR_RNDN);
    if (d == 0) d = mpfr_signbit(v) ? -0.0 : 0.0;
    return d;
}
/* |got - v| / ulp_fmt(v) for a finite nonzero exact v (given in fz_m_t) */
FZ_FN double fz_m_ulp_err(double got, int fmt) {
    long e = (long)mpfr_get_exp(fz_m_t) - 1; /* |v| in [2^e, 2^(e+1)) */
    if (e < tu_emin(fmt)) e = tu_emin(fmt);
    mpfr_d_sub(fz_m_c1, got, fz_m_t, MPFR_RNDN);
    mpfr_abs(fz_m_c1, fz_m_c1, MPFR_RNDN);
    mpfr_mul_2si(fz_m_c1, fz_m_c1, -(e - tu_prec(fmt) + 1), MPFR_RNDN);
    return mpfr_get_d(fz_m_c1, MPFR_RNDN);
}
/* Same contract as gpuact_ref_ulp (error of got in ulps of the exact value,
   *ref the correctly rounded value, *sm a sign-of-zero mismatch) for
   backward from the output. op: GPUACT_OP_ELU or GPUACT_OP_SELU. */
FZ_FN double fz_bwdout_ulp(int op, double y, double dy, float alpha, int fmt, double got, double *ref, int *sm) {
    double r;
    int kind; /* 0 NaN, 1 inf, 2 exact zero, 3 number */
    int neg = 0;
    fz_m_init();
    *sm = 0;
    if (y != y || dy != dy) {
        kind = 0;
    } else {
        int dneg, dzero = 0, dinf = 0;
        if (y > 0) {
            dneg = 0; /* d = lambda > 0 */
        } else if (isinf(y)) {
            dneg = 1; dinf = 1; /* d = -inf */
        } else if (op == GPUACT_OP_ELU) {
            mpfr_set_d(fz_m_a, y, MPFR_RNDN);
            mpfr_set_d(fz_m_b, (double)alpha, MPFR_RNDN);
            mpfr_add(fz_m_a, fz_m_a, fz_m_b, MPFR_RNDN); /* exact at 2400 bits */
            if (mpfr_zero_p(fz_m_a)) {
                dzero = 1;
                dneg = signbit(y) && signbit(alpha); /* IEEE: -0 only for -0 + -0 */
            } else {
                dneg = mpfr_sgn(fz_m_a) < 0;
            }
        } else {
            /* y + lambda alpha_s: never zero; sign from a 200-bit enclosure
               (y is a float, so |y + la| > 2^-200 unless la had a float's
               expansion, which it has not) */
            mpfr_set_prec(fz_m_c1, 256);
            mpfr_set_prec(fz_m_c2, 256);
            mpfr_set_str(fz_m_c1, FZ_SELU_LAMBDA, 10, MPFR_RNDN);
            mpfr_set_str(fz_m_c2, FZ_SELU_ALPHA, 10, MPFR_RNDN);
            mpfr_mul(fz_m_c1, fz_m_c1, fz_m_c2, MPFR_RNDN);
            mpfr_add_d(fz_m_c1, fz_m_c1, y, MPFR_RNDN);
            dneg = mpfr_sgn(fz_m_c1) < 0;
            mpfr_set_prec(fz_m_c1, 2400);
            mpfr_set_prec(fz_m_c2, 2400);
        }
        if (dzero) {
            if (isinf(dy)) kind = 0;
            else { kind = 2; neg = dneg != (signbit(dy) != 0); }
        } else if (dinf) {
            if (dy == 0) kind = 0;
            else { kind = 1; neg = dneg != (signbit(dy) != 0); }
        } else if (isinf(dy)) {
            kind = 1; neg = dneg != (signbit(dy) != 0);
        } else if (dy == 0) {
            kind = 2; neg = dneg != (signbit(dy) != 0);
        } else {
            kind = 3;
        }
    }
    if (kind == 0) {
        *ref = NAN;
        return got != got ? 0.0 : INFINITY;
    }
    if (kind == 1) {
        *ref = neg ? -INFINITY : INFINITY;
        return got == *ref ? 0.0 : INFINITY;
    }
    if (kind == 2) {
        *ref = neg ? -0.0 : 0.0;
        if (got != got) return INFINITY;
        if (isinf(got)) return INFINITY;
        *sm = got == 0 && (signbit(got) != 0) != neg;
        return fabs(got) / tu_min_sub(fmt);
    }
    /* a finite nonzero number */
    if (op == GPUACT_OP_ELU || y > 0) {
        int exact = op == GPUACT_OP_ELU;
        if (exact) {
            if (y > 0) mpfr_set_d(fz_m_t, dy, MPFR_RNDN);
            else {
                mpfr_set_d(fz_m_a, y, MPFR_RNDN);
                mpfr_set_d(fz_m_b, (double)alpha, MPFR_RNDN);
                mpfr_add(fz_m_a, fz_m_a, fz_m_b, MPFR_RNDN);
                mpfr_mul_d(fz_m_t, fz_m_a, dy, MPFR_RNDN); /* exact: < 2400 bits */
            }
            r = fz_m_round(fz_m_t, fmt);
            *ref = r;
            if (got != got) return INFINITY;
            if (isinf(got)) return got == r ? 0.0 : INFINITY;
            *sm = got == 0 && r == 0 && (signbit(got) != 0) != (signbit(r) != 0);
            return fz_m_ulp_err(got, fmt);
        }
    }
    {
        /* selu: d = lambda (y > 0) or y + lambda alpha_s, enclosed; Ziv */
        mpfr_prec_t prec;
        for (prec = 128; prec <= 2048; prec *= 2) {
            double rlo, rhi;
            mpfr_set_prec(fz_m_c1, prec);
            mpfr_set_prec(fz_m_c2, prec);
            mpfr_set_prec(fz_m_lo, prec);
            mpfr_set_prec(fz_m_hi, prec);
            /* lower bound of d */
            mpfr_set_str(fz_m_c1, FZ_SELU_LAMBDA, 10, MPFR_RNDD);
            if (y > 0) mpfr_set(fz_m_lo, fz_m_c1, MPFR_RNDD);
            else {
                mpfr_set_str(fz_m_c2, FZ_SELU_ALPHA, 10, MPFR_RNDD);
                mpfr_mul(fz_m_lo, fz_m_c1, fz_m_c2, MPFR_RNDD);
                mpfr_add_d(fz_m_lo, fz_m_lo, y, MPFR_RNDD);
            }
            /* upper bound of d */
            mpfr_set_str(fz_m_c1, FZ_SELU_LAMBDA, 10, MPFR_RNDU);
            if (y > 0) mpfr_set(fz_m_hi, fz_m_c1, MPFR_RNDU);
            else {
                mpfr_set_str(fz_m_c2, FZ_SELU_ALPHA, 10, MPFR_RNDU);
                mpfr_mul(fz_m_hi, fz_m_c1, fz_m_c2, MPFR_RNDU);
                mpfr_add_d(fz_m_hi, fz_m_hi, y, MPFR_RNDU);
            }
            if (mpfr_sgn(fz_m_lo) != mpfr_sgn(fz_m_hi) || mpfr_zero_p(fz_m_lo)) continue;
            /* times dy: bounds swap for dy < 0 */
            if (dy > 0) {
                mpfr_mul_d(fz_m_lo, fz_m_lo, dy, MPFR_RNDD);
                mpfr_mul_d(fz_m_hi, fz_m_hi, dy, MPFR_RNDU);
            } else {
                mpfr_mul_d(fz_m_c1, fz_m_hi, dy, MPFR_RNDD);
                mpfr_mul_d(fz_m_hi, fz_m_lo, dy, MPFR_RNDU);
                mpfr_set(fz_m_lo, fz_m_c1, MPFR_RNDN);
            }
            rlo = fz_m_round(fz_m_lo, fmt);
            rhi = fz_m_round(fz_m_hi, fmt);
            if (!(rlo == rhi && signbit(rlo) == signbit(rhi)) && prec < 2048) continue;
            r = rlo;
            *ref = r;
            /* the exact value: the midpoint, 2^-(prec - 8) relative */
            mpfr_set_prec(fz_m_t, prec + 8);
            mpfr_add(fz_m_t, fz_m_lo, fz_m_hi, MPFR_RNDN);
            mpfr_div_2ui(fz_m_t, fz_m_t, 1, MPFR_RNDN);
            {
                double err;
                if (got != got) err = INFINITY;
                else if (isinf(got)) err = got == r ? 0.0 : INFINITY;
                else {
                    *sm = got == 0 && r == 0 && (signbit(got) != 0) != (signbit(r) != 0);
                    err = fz_m_ulp_err(got, fmt);
                }
                mpfr_set_prec(fz_m_t, 2400);
                return err;
            }
        }
    }
    *ref = NAN; /* not reached */
    return NAN;
}

/* ---- one evaluation, checked -------------------------------------------- */
typedef struct fz_case {
    int op, fmt, dir;
    uint32_t xb, db; /* bit patterns in the format */
    gpuact_cfg c;
    int gated;   /* 0 the single op (dir); FZ_GATED_Y, _DA, _DB a gated form, x is a */
    uint32_t bb; /* the gated forms' b, the bias forms' b */
    int bias;    /* 0; FZ_BIAS_Y y = f(x + b), FZ_BIAS_DX dx = dy f'(x + b) (gated is 0) */
} fz_case;

/* the bar of case k in ulps, and whether it must be correctly rounded */
FZ_FN int fz_must_cr(const fz_case *k) { return k->fmt != 0 && (k->dir == 0 || k->gated || k->bias); }
FZ_FN double fz_bar(const fz_case *k) {
    if (k->gated || k->bias) return k->fmt == 0 ? FZ_GATED_BAR32 : 0.5;
    return FZ_BAR[k->fmt][k->dir];
}
/* the gated forms' scale of f(a) (y: b, db: dy) and of f'(a) (da: dy b, exact in double) */
FZ_FN double fz_gated_s(const fz_case *k) {
    double b = tu_ref_dec(k->fmt, k->bb), dy = tu_ref_dec(k->fmt, k->db);
    return k->gated == FZ_GATED_Y ? b : k->gated == FZ_GATED_DB ? dy : dy * b;
}

/* the correctly rounded value of case k (*undecided: the reference could not
   prove its rounding and rounded its midpoint) */
FZ_FN double fz_ref_value(const fz_case *k, int *undecided) {
    double x = tu_ref_dec(k->fmt, k->xb), dy = tu_ref_dec(k->fmt, k->db), r;
    unsigned long u0 = gpuact_ref_undecided_count();
    gpuact_ref_params rp = tu_refp(&k->c);
    if (k->bias) {
        r = gpuact_ref_bias(k->op, k->bias == FZ_BIAS_Y ? 0 : 2, x, tu_ref_dec(k->fmt, k->bb), dy, &rp, (gpuact_ref_format)k->fmt);
    } else if (k->gated == FZ_GATED_DA) {
        r = gpuact_ref_backward(k->op, x, fz_gated_s(k), &rp, (gpuact_ref_format)k->fmt);
    } else if (k->gated) {
        r = gpuact_ref_gated(k->op, x, fz_gated_s(k), &rp, (gpuact_ref_format)k->fmt);
    } else if (k->dir == 3) {
        int sm;
        fz_bwdout_ulp(k->op, x, dy, k->c.alpha, k->fmt, 0.0, &r, &sm);
    } else if (k->dir == 2) {
        r = gpuact_ref_backward(k->op, x, dy, &rp, (gpuact_ref_format)k->fmt);
    } else {
        r = gpuact_ref_eval(k->op, k->dir, x, &rp, (gpuact_ref_format)k->fmt);
    }
    *undecided = gpuact_ref_undecided_count() != u0;
    return r;
}
/* error of got against the exact value; *ref the correctly rounded value */
FZ_FN double fz_ref_ulp(const fz_case *k, double got, double *ref, int *sm, int *undecided) {
    double x = tu_ref_dec(k->fmt, k->xb), dy = tu_ref_dec(k->fmt, k->db), e;
    unsigned long u0 = gpuact_ref_undecided_count();
    if (k->bias) {
        gpuact_ref_params rp = tu_refp(&k->c);
        e = gpuact_ref_bias_ulp(k->op, k->bias == FZ_BIAS_Y ? 0 : 2, x, tu_ref_dec(k->fmt, k->bb), dy, &rp,
                                (gpuact_ref_format)k->fmt, got, ref, sm);
    } else if (k->gated) {
        gpuact_ref_params rp = tu_refp(&k->c);
        e = gpuact_ref_ulp(k->op, k->gated == FZ_GATED_DA ? 2 : 3, x, fz_gated_s(k), &rp, (gpuact_ref_format)k->fmt, got,
                           ref, sm);
    } else if (k->dir == 3) e = fz_bwdout_ulp(k->op, x, dy, k->c.alpha, k->fmt, got, ref, sm);
    else {
        gpuact_ref_params rp = tu_refp(&k->c);
        e = gpuact_ref_ulp(k->op, k->dir, x, dy, &rp, (gpuact_ref_format)k->fmt, got, ref, sm);
    }
    *undecided = gpuact_ref_undecided_count() != u0;
    return e;
}

FZ_FN void fz_report(const fz_case *k, double ref, double got, double ulp, uint32_t gotb, const char *why) {
    double x = tu_ref_dec(k->fmt, k->xb), dy = tu_ref_dec(k->fmt, k->db);
    const int fast = k->c.mode == GPUACT_MODE_FAST;
    char bar[128];
    if (k->gated || k->bias) {
        double b = tu_ref_dec(k->fmt, k->bb);
        if (k->fmt) snprintf(bar, sizeof bar, "16-bit %s forms correctly rounded", k->bias ? "bias" : "gated");
        else snprintf(bar, sizeof bar, "bar %g ulp", fz_bar(k));
        fprintf(stderr, "FAIL fn=%s fmt=%s dir=%s x=%a b=%a dy=%a alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n",
                fz_op_name(k->op), FZ_FMT_NAME[k->fmt], k->bias ? FZ_BIAS_NAME[k->bias] : FZ_GATED_NAME[k->gated], x, b, dy,
                (double)k->c.alpha,
                (double)k->c.scale, (double)k->c.lo, (double)k->c.hi, ref, got, ulp);
        fz_failf("  why: %s (bits: a=0x%0*x b=0x%0*x dy=0x%0*x alpha=0x%08x s=0x%08x lo=0x%08x hi=0x%08x got=0x%0*x ref=0x%0*x; %s)",
                 why, k->fmt ? 4 : 8, k->xb, k->fmt ? 4 : 8, k->bb, k->fmt ? 4 : 8, k->db, tu_f2u(k->c.alpha),
                 tu_f2u(k->c.scale), tu_f2u(k->c.lo), tu_f2u(k->c.hi), k->fmt ? 4 : 8, gotb, k->fmt ? 4 : 8,
                 fz_enc(k->fmt, ref), bar);
        return;
    }
    if (!fast) snprintf(bar, sizeof bar, "bar %g ulp", FZ_BAR[k->fmt][k->dir]);
    else if (k->fmt == 0) snprintf(bar, sizeof bar, "fast bound 2^-16 relative, 2^-142 absolute; error is relative or absolute");
    else snprintf(bar, sizeof bar, "fast bound %d ULP of the correctly rounded value", FAST_H16_ULP);
    fprintf(stderr, "FAIL fn=%s fmt=%s dir=%s%s x=%a dy=%a alpha=%a s=%a lo=%a hi=%a ref=%a got=%a %s=%g\n",
            fz_op_name(k->op), FZ_FMT_NAME[k->fmt], FZ_DIR_NAME[k->dir], fast ? " mode=fast" : "", x, dy, (double)k->c.alpha,
            (double)k->c.scale, (double)k->c.lo, (double)k->c.hi, ref, got, fast ? "err" : "ulp", ulp);
    fz_failf("  why: %s (bits: x=0x%0*x dy=0x%0*x alpha=0x%08x s=0x%08x lo=0x%08x hi=0x%08x got=0x%0*x ref=0x%0*x; %s)", why,
             k->fmt ? 4 : 8, k->xb, k->fmt ? 4 : 8, k->db, tu_f2u(k->c.alpha), tu_f2u(k->c.scale), tu_f2u(k->c.lo),
             tu_f2u(k->c.hi), k->fmt ? 4 : 8, gotb, k->fmt ? 4 : 8, fz_enc(k->fmt, ref), bar);
}

/* Known findings, skipped only when the environment sets FUZZ_SKIP_KNOWN=1
   (long campaigns, to get past a finding that is already reported; the
   inputs in fuzz/regressions/ keep reproducing them without the variable).
   ulp: the measured error of the result. Returns the finding's id or NULL.
   fuzz/regressions/README.md describes each. */
static long fz_known_hits[64];
FZ_FN void fz_known_report(void) {
    int i;
    fprintf(stderr, "known findings skipped (FUZZ_SKIP_KNOWN):");
    for (i = 1; i <= 12; i++) fprintf(stderr, " K%d %ld,", i, fz_known_hits[i]);
    for (i = 23; i <= 29; i++) fprintf(stderr, " K%d %ld,", i, fz_known_hits[i]);
    for (i = 33; i <= 35; i++) fprintf(stderr, " K%d %ld%s", i, fz_known_hits[i], i < 35 ? "," : "\n");
}
FZ_FN const char *fz_known_issue_id(const fz_case *k, double ulp, double got, double ref, const char *list);
/* FUZZ_SKIP_KNOWN=1: skip them all; FUZZ_SKIP_KNOWN=K5,K9: only those */
FZ_FN int fz_listed(const char *list, const char *id) {
    const char *p = list;
    size_t n = strlen(id);
    if (strcmp(list, "1") == 0) return 1;
    while ((p = strstr(p, id)) != NULL) {
        if (!(p[n] >= '0' && p[n] <= '9')) return 1;
        p += n;
    }
    return 0;
}
FZ_FN const char *fz_known_issue(const fz_case *k, double ulp, double got, double ref) {
    static int env = -1;
    static const char *list;
    const char *id;
    if (env < 0) {
        list = getenv("FUZZ_SKIP_KNOWN");
        env = list && list[0] && strcmp(list, "0") != 0;
        if (env) atexit(fz_known_report);
    }
    if (!env) return NULL;
    id = fz_known_issue_id(k, ulp, got, ref, list);
    if (id) fz_known_hits[atoi(id + 1) % 64]++;
    return id;
}
/* the first listed finding whose signature matches (several may) */
#define FZ_K(id) do { if (fz_listed(list, id)) return id; } while (0)
FZ_FN const char *fz_known_fast_id(const fz_case *k, double got, double ref, const char *list);
FZ_FN const char *fz_known_issue_id(const fz_case *k, double ulp, double got, double ref, const char *list) {
    double x = tu_ref_dec(k->fmt, k->xb), dy = tu_ref_dec(k->fmt, k->db);
    int tie;
    /* fast mode has its own (K23..); the ones below are accurate mode's */
    if (k->c.mode == GPUACT_MODE_FAST) return fz_known_fast_id(k, got, ref, list);
    /* the gated and bias forms': none of the single ops' signatures applies to them */
    if (k->bias) {
        /* K44 (fixed) had its signature here: regressions/README.md */
        /* K45 (open, narrowed): swish_tanh dx at a sum next to a clamp edge, one of got
           and ref zero: open where gpuact__st_w_side (the first clamp) or gpuact__st_t_side
           (the second, at a bound inside (-1, 1)) cannot tell the side: s below -40 or
           above 88, scale and the bound 2^100 apart, or within about 2^-64 of it */
        if (k->op == GPUACT_OP_SWISH_TANH && k->bias == FZ_BIAS_DX && (got == 0) != (ref == 0) && ref == ref) {
            const gpuact__df t = gpuact__bias_sum((float)x, (float)tu_ref_dec(k->fmt, k->bb));
            const float lo = k->c.lo, hi = k->c.hi;
            int open = gpuact__st_w_side(t.h, t.l, k->c.scale, lo) == 0 || gpuact__st_w_side(t.h, t.l, k->c.scale, hi) == 0;
            if (fabsf(lo) < 1.0f) open |= gpuact__st_t_side(t.h, t.l, k->c.scale, lo, (float)atanh((double)lo)) == 0;
            if (fabsf(hi) < 1.0f) open |= gpuact__st_t_side(t.h, t.l, k->c.scale, hi, (float)atanh((double)hi)) == 0;
            if (open) FZ_K("K45");
        }
        /* K51 (fixed, the reference's) had its signature here: regressions/README.md */
        /* K48 (fixed) had its signature here: regressions/README.md */
        return NULL;
    }
    if (k->gated) {
        /* K33..K35 (fixed) had their signatures here: regressions/README.md */
        return NULL;
    }
    tie = ulp >= 0.5 && ulp <= 0.5 + 0x1p-20 && got != ref; /* misrounded at an exact tie */
    /* ... or at the overflow threshold's tie: inf where the largest finite value is right,
       the exact value half an ulp above it */
    if (!tie && isinf(got) && !isinf(ref) && fabs(ref) == tu_max_finite(k->fmt)) {
        double r2;
        int sm2, und2;
        double u2 = fz_ref_ulp(k, ref, &r2, &sm2, &und2);
        tie = u2 >= 0.5 - 0x1p-20 && u2 <= 0.5 + 0x1p-20;
    }
    /* K1: swish_tanh, a clamp bound is +-0, x < -300: the core's silu
       returns -0 there, and -0 passes a zero bound that the exact (tiny,
       negative) w does not: wrong sign of zero in f, f', dy f'. */
    if (k->op == GPUACT_OP_SWISH_TANH && k->dir <= 2 && (k->c.lo == 0.0f || k->c.hi == 0.0f) && x < -300.0 && !isinf(x))
        FZ_K("K1");
    /* K2: swish_tanh f' and dy f' where |w| = |s silu(x)| > 20 and the clamps
       let it through: gpuact__tanh takes sech^2(w) = 4 e^-2|w| from the
       float approximation of w (its low part dropped): about |w| ulp. */
    if (k->op == GPUACT_OP_SWISH_TANH && (k->dir == 1 || k->dir == 2) && x == x && !isinf(x)) {
        double w = (double)k->c.scale * (x / (1.0 + exp(-x)));
        if (fabs(w) > 19.0 && w >= (double)k->c.lo - 1.0 && w <= (double)k->c.hi + 1.0) FZ_K("K2");
    }
    /* K3: dy f' with dy = +-inf and a finite x in a tail where the core
       returns f' as an exact +-0 (gelu_erf x < -19.875, gelu_tanh x < -14,
       gelu_sigmoid x < -120, silu x < -300, elu/selu x < -300): inf * 0 =
       NaN, while f'(x) is a nonzero real and dy f' = +-inf. */
    if (k->dir == 2 && isinf(dy) && x < -13.0 && !isinf(x) && got != got && isinf(ref)) FZ_K("K3");
    /* K4: selu backward from the output at y = -inf: NaN (the double-float
       sum lambda alpha + (-inf) makes NaN), exact (-inf) dy = -+inf. */
    if (k->dir == 3 && k->op == GPUACT_OP_SELU && isinf(x) && x < 0 && got != got) FZ_K("K4");
    /* K5: f', dy f' or dx from y exactly at a rounding tie of the format
       (or at the overflow threshold's), decided by a term the core lost:
       f' = 1/2 + c x at tiny x (c x below the double-float's reach) times
       an odd subnormal dy or s; sech^2(w) = 1 - w^2 taken as 1 (|w| ~ 1e-10)
       times a tie-making dy s; elu from y, dy (y + alpha) with alpha's part
       underflowing in the rescaling of gpuact__xf_mulf. The core rounds the
       tie to even: 0.5 ulp, within the bars, but subnormal results must be
       bit-exact and an overflow must be an exact inf. */
    if ((k->dir == 1 || k->dir == 2 || k->dir == 3) && tie) FZ_K("K5");
    /* K6: swish_tanh forward where |w| < 2^-40 is exactly a tie of the
       format: tanh(w) = w drops -w^3/3, which decides it (16-bit forward
       must be correctly rounded). */
    if (k->op == GPUACT_OP_SWISH_TANH && k->dir == 0 && tie) FZ_K("K6");
    /* K7: swish_tanh f', dy f': the gradient gate left open at a clamp
       bound that equals a tiny w (|w| < 2^-20): the core takes tanh(w) = w
       for |w| < 2^-40 (and cannot resolve tanh(w) < w much above), so
       tanh(w) >= lo passes where the exact tanh(w) < w = lo closes it; for
       x > 120 its silu(x) = x also makes w = s x the bound exactly, where
       the exact w = s silu(x) is beyond it. Exact f' = 0; the core's is not
       (and dy = inf then gives inf, not inf * 0 = NaN). */
    if (k->op == GPUACT_OP_SWISH_TANH && (k->dir == 1 || k->dir == 2) && x == x && !isinf(x)) {
        double w = (double)k->c.scale * (x > 120.0 ? x : x / (1.0 + exp(-x)));
        if (fabs(w) < 0x1p-20 && (fabs(w - k->c.lo) <= 0x1p-20 * fabs(w) || fabs(w - k->c.hi) <= 0x1p-20 * fabs(w)))
            FZ_K("K7");
    }
    /* K8: elu forward, 16-bit format, alpha exactly halfway between two
       values of the format, x <~ -104: the core returns -alpha exactly and
       the tie goes to even, while |alpha expm1(x)| < alpha makes the correct
       rounding the neighbour toward zero. */
    if (k->op == GPUACT_OP_ELU && k->dir == 0 && k->fmt != 0 && x < -100.0 && tie)
        FZ_K("K8"); /* (also: -alpha exactly halfway to the overflow, the tie going to inf) */
    /* K10: swish_tanh f', dy f' with a bound of exactly +-1 on the side
       tanh(w) tends to, |w| > 20: gpuact__tanh returns +-1 exactly there,
       which passes lo = 1 (hi = -1); the exact |tanh(w)| < 1 does not, so
       the exact f' is +0 (the core: s sech^2(w) silu'(x), ~1e-17). */
    if (k->op == GPUACT_OP_SWISH_TANH && (k->dir == 1 || k->dir == 2) && x == x && !isinf(x) &&
        (k->c.lo == 1.0f || k->c.hi == -1.0f)) {
        double w = (double)k->c.scale * (x > 1e3 ? x : x / (1.0 + exp(-x)));
        if (fabs(w) > 19.0 || isinf(w)) FZ_K("K10");
    }
    /* K11: elu backward from the output with |y| and alpha near FLT_MAX:
       gpuact__2sum(y, alpha) overflows in s - a (FLT_MAX + 3e32 -> inf)
       and the low part becomes inf - inf = NaN. */
    if (k->op == GPUACT_OP_ELU && k->dir == 3 && got != got && ref == ref && fabs((double)k->c.alpha) > 1e36) FZ_K("K11");
    /* K12: swish_tanh f', dy f' for 8 < |w| <= 20: M = expm1(-2|w|) = E - 1
       is a double-float (-1, l) whose l holds only a float of E, so
       sech^2 = 4 (1 + M) / (2 + M)^2 keeps 24 bits: up to 1.25 ulp in
       binary32 (bar 2), misrounded subnormal results (must be exact). */
    if (k->op == GPUACT_OP_SWISH_TANH && (k->dir == 1 || k->dir == 2) && x == x && !isinf(x) && ulp <= FZ_BAR[k->fmt][k->dir]) {
        double w = (double)k->c.scale * (x > 1e3 ? x : x / (1.0 + exp(-x)));
        if (fabs(w) > 7.5 && fabs(w) <= 20.5) FZ_K("K12");
    }
    /* K9: selu backward from the output at y ~ -lambda alpha: d = y +
       lambda alpha cancels, and the core's double-float lambda alpha (off by
       2.4e-16) leaves d a relative error up to ~1e-8: results within the bar
       but not always correctly rounded (seen at subnormal results, which
       must be bit-exact). */
    if (k->op == GPUACT_OP_SELU && k->dir == 3 && fabs(x + 1.7580993408473768) < 1e-4 && ulp < 1.0) FZ_K("K9");
    return NULL;
}
/* fast mode's known findings */
FZ_FN const char *fz_known_fast_id(const fz_case *k, double got, double ref, const char *list) {
    (void)k;
    (void)got;
    (void)ref;
    (void)list;
    /* none open (K23..K29 fixed) */
    return NULL;
}

/* A subnormal (or underflowing to zero) result that is the other neighbour of
   the correctly rounded one is within gpuact.h's contract ("about 2^-36
   relative or better, rounded once") when the exact value lies within 2^-36
   of itself of the rounding midpoint: |ulp - 0.5| <= 2^-36 |v| / ulp. Values
   within 2^-60 of a midpoint (exact ties, and ties moved by terms the core
   keeps as tie-breakers) must still round exactly. Finite nonzero values only;
   NaN, inf and the sign of zero are checked before. */
FZ_FN int fz_sub_within_contract(const fz_case *k, double ref, double got, double ulp) {
    double u = tu_min_sub(k->fmt), r;
    if (got != got || ref != ref || isinf(got) || isinf(ref)) return 0;
    if (fabs(got - ref) != u) return 0; /* not a neighbour */
    r = (fabs(ref) > fabs(got) ? fabs(ref) : fabs(got)) / u; /* |v| in units of the ulp */
    return ulp - 0.5 > r * 0x1p-60 && ulp - 0.5 <= r * 0x1p-36;
}

/* 1 when the table tier (gelu_erf, gelu_tanh, gelu_sigmoid, silu, swish_tanh) or the fast tier
   (gpuact_kernels.cuh) takes case k: its rounding test then proves the
   result correctly rounded, so anything else is a finding, whatever the
   bars allow. (fz_case's fmt 0/1/2 are GPUACT__FMT_F32/F16/BF16.) */
FZ_FN int fz_fast_took(const fz_case *k) {
    float x = (float)tu_ref_dec(k->fmt, k->xb), dy = (float)tu_ref_dec(k->fmt, k->db), y;
    if (k->bias) { /* gpuact__bias_fmt's tiers where x + b is not a float */
        const float b = (float)tu_ref_dec(k->fmt, k->bb);
        const gpuact__df t = gpuact__sum2(x, b);
        const int d = k->bias == FZ_BIAS_DX;
        const uint32_t *tab = gpuact__tt_tab(k->op, d);
        if (t.l == 0.0f || !gpuact__isfinite(t.h) || !gpuact__tt_takes(k->op, t.h, &k->c)) return 0;
        if (k->op == GPUACT_OP_SWISH_TANH) return gpuact__bias_st_tt1(d, tab, t.h, t.l, dy, &k->c, k->fmt, &y);
        return gpuact__bias_tt1(d, k->op, tab, t.h, t.l, dy, k->fmt, &y) || gpuact__bias_tt(d, k->op, t.h, t.l, dy, &k->c, k->fmt, &y);
    }
    if (k->gated) { /* gpuact__gated_fmt / gpuact__gated_da_fmt's tiers */
        const float b = (float)tu_ref_dec(k->fmt, k->bb);
        if (k->gated == FZ_GATED_DA)
            return (gpuact__tt_takes(k->op, x, &k->c) &&
                    gpuact__tt_gated_da(k->op, x, b, dy, &k->c, gpuact__tt_tab(k->op, 1), k->fmt, &y)) ||
                   (gpuact__fast_range(k->op, 1, x) && gpuact__fast_gated_da(k->op, x, b, dy, &k->c, k->fmt, &y));
        return gpuact__tt_takes(k->op, x, &k->c) &&
               gpuact__tt_gated(k->op, x, k->gated == FZ_GATED_Y ? b : dy, &k->c, gpuact__tt_tab(k->op, 0), k->fmt, &y);
    }
    if (gpuact__tt_has(k->op, &k->c)) {
        const uint32_t *tq = gpuact__tt_tab(k->op, 0), *ta = gpuact__tt_tab(k->op, 1);
        if (k->dir == 0 && gpuact__tt_fwd(k->op, x, &k->c, tq, k->fmt, &y)) return 1;
        if (k->dir == 1 && gpuact__tt_grad(k->op, x, &k->c, ta, k->fmt, &y)) return 1;
        if (k->dir == 2 && gpuact__tt_bwd(k->op, x, dy, &k->c, ta, k->fmt, &y)) return 1;
    }
    if (k->dir == 0) return gpuact__fast_fwd(k->op, x, &k->c, k->fmt, &y);
    if (k->dir == 1) return gpuact__fast_grad(k->op, x, &k->c, k->fmt, &y);
    if (k->dir == 2) return gpuact__fast_bwd(k->op, x, dy, &k->c, k->fmt, &y);
    return 0;
}

/* Checks the library's result bits `gotb` for case k. Returns 1 if it passed
   (or the case is a known finding being skipped). */
FZ_FN int fz_check_fast(const fz_case *k, uint32_t gotb);
FZ_FN int fz_check(const fz_case *k, uint32_t gotb, int special_exact) {
    double got = tu_ref_dec(k->fmt, gotb), ref = 0, ulp;
    int sm = 0, und = 0, und2 = 0;
    uint32_t refb;
    if (k->c.mode == GPUACT_MODE_FAST) return fz_check_fast(k, gotb); /* its own bounds; special values always exact */
    /* fast path: bit-equal to the correctly rounded value passes every bar
       (<= 0.5 ulp, same NaN/inf/zero) and every exactness rule */
    ref = fz_ref_value(k, &und);
    refb = fz_enc(k->fmt, ref);
    if (gotb == refb) return 1; /* (undecided: the reference's own choice of two neighbours) */
    ulp = fz_ref_ulp(k, got, &ref, &sm, &und2);
    if (fz_fast_took(k)) {
        fz_report(k, ref, got, ulp, gotb, "table or fast tier result not correctly rounded");
        return 0;
    }
    und = und || und2;
    refb = fz_enc(k->fmt, ref);
    if (fz_known_issue(k, ulp, got, ref)) return 1;
    if (und && got != got && ref != ref && gotb == fz_canon_nan(k->fmt)) return 1;
    if (und && (got == got) && (ref == ref) && !sm && ulp <= (fz_must_cr(k) ? 0.5 : fz_bar(k)) + 1e-6)
        return 1; /* the exact value is (within 2^-4000) a rounding midpoint the reference could not
                     resolve (its midpoint rounding may even be inf at the overflow threshold):
                     either neighbour is as good as proven */
    if (fz_isnan_bits(k->fmt, gotb) && gotb != fz_canon_nan(k->fmt)) {
        fz_report(k, ref, got, ulp, gotb, "NaN result is not the canonical quiet NaN");
        return 0;
    }
    if (sm) { fz_report(k, ref, got, ulp, gotb, "zero of the wrong sign"); return 0; }
    if ((got != got) != (ref != ref)) { fz_report(k, ref, got, ulp, gotb, "NaN mismatch"); return 0; }
    if (isinf(got) != isinf(ref) || (isinf(got) && got != ref)) { fz_report(k, ref, got, ulp, gotb, "infinity mismatch"); return 0; }
    if (ulp != ulp) { fz_report(k, ref, got, ulp, gotb, "reference returned no error (invalid case?)"); return 0; }
    if (isinf(ulp) && !(got != got && ref != ref)) { fz_report(k, ref, got, ulp, gotb, "special-value mismatch"); return 0; }
    if (und) {
        fz_report(k, ref, got, ulp, gotb, "error above the bar (reference undecided)");
        return 0;
    }
    if (fz_must_cr(k)) {
        if (gotb != refb) {
            fz_report(k, ref, got, ulp, gotb, k->gated ? "16-bit gated form not correctly rounded"
                                              : k->bias ? "16-bit bias form not correctly rounded" : "16-bit forward not correctly rounded");
            return 0;
        }
    } else if (ulp > fz_bar(k)) {
        fz_report(k, ref, got, ulp, gotb, "error above the bar");
        return 0;
    }
    if (special_exact && fz_is_special_val(k->fmt, ref) && gotb != refb && !fz_sub_within_contract(k, ref, got, ulp)) {
        fz_report(k, ref, got, ulp, gotb, "special result (NaN/inf/zero/subnormal) not bit-equal to the reference");
        return 0;
    }
    return 1;
}

/* 16-bit patterns as integers ordered like their values (+-0 both 0) */
FZ_FN long fz_key16(uint32_t b) { return (b & 0x8000u) ? -(long)(b & 0x7fffu) : (long)(b & 0x7fffu); }

/* Fast mode's check (the bounds in this file's header comment). The error
   it reports: relative (binary32, normal correctly rounded value), absolute
   (binary32, subnormal or zero), ULPs (16-bit). */
FZ_FN int fz_check_fast(const fz_case *k, uint32_t gotb) {
    double got = tu_ref_dec(k->fmt, gotb), ref, err, bound;
    int und = 0, exact_zero = 0;
    uint32_t refb;
    ref = fz_ref_value(k, &und);
    refb = fz_enc(k->fmt, ref);
    if (gotb == refb) return 1;
    if (ref == 0) { /* an exact zero (not an underflow): the error of a zero of ref's sign is 0 */
        double r2;
        int sm2 = 0, und2 = 0;
        exact_zero = fz_ref_ulp(k, ref, &r2, &sm2, &und2) == 0.0 && !und2;
    }
    if (got != got || ref != ref || isinf(got) || isinf(ref)) err = INFINITY;
    else if (k->fmt == 0) err = fabs(ref) < 0x1p-126 ? fabs(got - ref) : fabs(got - ref) / fabs(ref);
    else err = (double)labs(fz_key16(gotb) - fz_key16(refb));
    bound = k->fmt != 0 ? FAST_H16_ULP + (und ? 1 : 0) : fabs(ref) < 0x1p-126 ? FAST_F32_ABS : FAST_F32_REL;
    if (fz_known_issue(k, err, got, ref)) return 1;
    if (fz_isnan_bits(k->fmt, gotb) && gotb != fz_canon_nan(k->fmt)) {
        fz_report(k, ref, got, err, gotb, "NaN result is not the canonical quiet NaN");
        return 0;
    }
    if ((got != got) != (ref != ref)) { fz_report(k, ref, got, err, gotb, "NaN mismatch"); return 0; }
    if (got != got) return 1; /* both NaN, canonical */
    if (isinf(got) != isinf(ref) || (isinf(got) && got != ref)) { fz_report(k, ref, got, err, gotb, "infinity mismatch"); return 0; }
    if (exact_zero) { fz_report(k, ref, got, err, gotb, "exact zero (special value) not reproduced bit for bit"); return 0; }
    if (!(err <= bound)) { fz_report(k, ref, got, err, gotb, "error above the fast-mode bound"); return 0; }
    if (got == 0 && (signbit(got) != 0) != (signbit(ref) != 0)) { fz_report(k, ref, got, err, gotb, "zero of the wrong sign"); return 0; }
    return 1;
}

/* The case's parameters as the library's gpuact_params and resolution.
   Returns 1 when valid. When invalid, checks that gpuact_resolve rejects
   them (GPUACT_ERROR_INVALID_PARAMS); when valid, that it accepts them and
   resolves to the same values, bit for bit. */
FZ_FN int fz_resolve_checked(int op, const gpuact_params *p, gpuact_cfg *c) {
    gpuact_cfg want, got;
    int valid = fz_params_expected(p, &want);
    gpuact_status s;
    memset(&got, 0x5a, sizeof got);
    s = gpuact_resolve((gpuact_op)op, p, &got);
    if (!valid) {
        if (s != GPUACT_ERROR_INVALID_PARAMS)
            fz_failf("FAIL gpuact_resolve accepted invalid params: op=%d set=0x%x alpha=%a s=%a lo=%a hi=%a status=%d", op,
                     p ? p->set : 0u, p ? (double)p->alpha : 0.0, p ? (double)p->scale : 0.0, p ? (double)p->lo : 0.0,
                     p ? (double)p->hi : 0.0, (int)s);
        return 0;
    }
    if (s != GPUACT_SUCCESS) {
        fz_failf("FAIL gpuact_resolve rejected valid params: op=%d set=0x%x alpha=%a s=%a lo=%a hi=%a status=%d", op,
                 p ? p->set : 0u, (double)want.alpha, (double)want.scale, (double)want.lo, (double)want.hi, (int)s);
        return 0;
    }
    if (tu_f2u(got.alpha) != tu_f2u(want.alpha) || tu_f2u(got.scale) != tu_f2u(want.scale) ||
        tu_f2u(got.lo) != tu_f2u(want.lo) || tu_f2u(got.hi) != tu_f2u(want.hi) || got.mode != want.mode) {
        fz_failf("FAIL gpuact_resolve: resolved params differ from the documented defaults/values (set=0x%x)", p ? p->set : 0u);
        return 0;
    }
    *c = want;
    return 1;
}

/* ---- binary64 (GPUACT_F64): one result against MPFR ------------------------
   The check of fuzz_f64 (its header comment), shared with fuzz_deriv's
   binary64 inputs: dir 0 f, 1 f', 2 dy f', 3 dx from y (elu with alpha >= 0,
   selu; x read as y); got the library's result. NaN, inf, zero and subnormal
   results bit-equal to the correctly rounded one (NaN: the canonical
   0x7ff8000000000000), others within FZ_F64_BAR ulp. Returns 1 on a pass;
   a finding prints the FAIL line and traps. */
#define FZ_F64_BAR 0.5001 /* measured: 0.5000005 (docs/ACCURACY.md, "fp64") */
FZ_FN int fz_d_special(double v) { return v != v || isinf(v) || v == 0 || fabs(v) < 2.2250738585072014e-308; }
FZ_FN int fz_check_f64(int op, int dir, double x, double dy, const gpuact_cfg *c, double got) {
    gpuact_ref_params rp;
    double ref = 0, ulp;
    int sm = 0;
    if (dir == 3) {
        ref = tu_ref_bwd_out64(op, x, dy, c->alpha);
        ulp = fz_d2b(got) == fz_d2b(ref) || (ref != ref && got != got) ? 0.0 : INFINITY;
        if (ulp != 0.0 && !fz_d_special(ref) && !fz_d_special(got)) {
            /* a normal result: its distance in ulps of the correctly rounded one */
            int e;
            frexp(ref, &e);
            ulp = fabs(got - ref) / ldexp(1.0, e - 53) + 0.5;
        }
    } else if (dir == 0 && isfinite(x) && ((op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) ? x < -1000.0 : op != GPUACT_OP_SWISH_TANH && x > 1000.0)) {
        /* f an exact double plus or minus e^-|x|, below MPFR's exponent range:
           gpuact_ref_ulp cannot narrow it (slow, "not proven"); the correctly
           rounded value is decided, so the bits must be it */
        rp = tu_refp(c);
        ref = gpuact_ref_eval(op, 0, x, &rp, GPUACT_REF_F64);
        ulp = fz_d2b(got) == fz_d2b(ref) ? 0.0 : INFINITY;
    } else {
        rp = tu_refp(c);
        ulp = gpuact_ref_ulp(op, dir, x, dy, &rp, GPUACT_REF_F64, got, &ref, &sm);
    }
    if (got != got && fz_d2b(got) != 0x7ff8000000000000ull) ulp = INFINITY; /* NaN: the canonical one */
    if ((fz_d_special(ref) || fz_d_special(got)) && fz_d2b(got) != fz_d2b(ref) && !(ref != ref && got != got)) ulp = INFINITY;
    if (sm) ulp = INFINITY;
    if (ulp <= FZ_F64_BAR) return 1;
    fz_failf("FAIL fn=%s fmt=f64 dir=%s x=%a dy=%a alpha=%a s=%a lo=%a hi=%a ref=%a got=%a ulp=%g\n"
             "  why: %s (bits: x=0x%016llx dy=0x%016llx got=0x%016llx ref=0x%016llx; bar %g ulp, NaN/inf/zero/subnormal exact)",
             fz_op_name(op), FZ_DIR_NAME[dir], x, dy, (double)c->alpha, (double)c->scale, (double)c->lo, (double)c->hi, ref, got,
             ulp, sm ? "sign of zero" : "error", (unsigned long long)fz_d2b(x), (unsigned long long)fz_d2b(dy),
             (unsigned long long)fz_d2b(got), (unsigned long long)fz_d2b(ref), FZ_F64_BAR);
    return 0;
}

#endif /* GPUACT_FUZZ_REF_H */
