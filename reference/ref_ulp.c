/* ref_ulp.c - gpuact_ref_ulp: error of a result in ulps of the exact value.
 *
 * Same loop as gpuact_ref_eval, with two more conditions before a level is
 * accepted: the enclosure must fix the exponent used by the ulp (it may not
 * straddle a power of two above the subnormal range) and be narrower than
 * 2^-32 ulp, so the reported error is exact to ~1e-9 ulp. */
#include <math.h>
#include "ref_internal.h"

/* max(floor(log2|v|), emin_normal); a zero bound counts as tiny */
static long clamped_exp(mpfr_srcptr v, long emin_normal)
{
    long e;
    if (mpfr_zero_p(v))
        return emin_normal;
    e = (long)mpfr_get_exp(v) - 1;
    return e > emin_normal ? e : emin_normal;
}

static double ulp_of(int op, int deriv, int bias, double x, double b, double dy, const gpuact_ref_params *p,
                     gpuact_ref_format fmt, double got, double *ref, int *sign_mismatch)
{
    const gref_fmt *f = gpuact_refi_fmt((int)fmt);
    gpuact_ref_params dp;
    gref_range saved;
    gref_ws *w;
    gref_val v;
    double r = NAN, err = NAN;
    int level, sm = 0;
    if (f == NULL || deriv < 0 || deriv > 3) {
        if (ref)
            *ref = NAN;
        if (sign_mismatch)
            *sign_mismatch = 0;
        return NAN;
    }
    if (p == NULL) {
        dp = gpuact_ref_default_params();
        p = &dp;
    }
    gpuact_refi_range_wide(&saved);
    w = gpuact_refi_ws();
    w->forced = 0;
    for (level = gpuact_refi_start_level((int)fmt, 1); level < GREF_NLEVELS; level++) {
        gpuact_refi_begin(w, level);
        if (gpuact_refi_value(w, op, deriv, gpuact_refi_arg(w, x, b), dy, p, &v) != GREF_OK)
            continue;
        if (!gpuact_refi_try_round(&v, (int)fmt, &r)) {
            gref_iv *m = gpuact_refi_tmp(w);
            if (!w->force)
                continue;
            /* open rounding for the products and for the bias forms, whose sums
             * can put f(x + b) = (x + b)(1 - q) next to a midpoint */
            if ((deriv < 2 && !bias) || !gpuact_refi_try_round_open(w, &v, (int)fmt, &r)) {
                gpuact_refi_iv_mid(m->lo, v.iv);
                r = gpuact_refi_round(m->lo, v.neg, (int)fmt);
                w->forced = 1;
            }
        }
        sm = 0;
        if (v.kind == GREF_NAN) {
            err = isnan(got) ? 0.0 : INFINITY;
        } else if (v.kind == GREF_INF) {
            err = got == r ? 0.0 : INFINITY;
        } else if (isnan(got)) {
            err = INFINITY;
        } else if (isinf(got)) {
            err = got == r ? 0.0 : INFINITY; /* exact finite but beyond the range */
        } else if (v.kind == GREF_ZERO) {
            err = ldexp(fabs(got), -(int)(f->emin_normal - f->p + 1));
            sm = got == 0 && (signbit(got) != 0) != (v.neg != 0);
        } else {
            long elo = clamped_exp(v.iv->lo, f->emin_normal);
            long ehi = clamped_exp(v.iv->hi, f->emin_normal);
            long ue = (elo > ehi ? elo : ehi) - (long)f->p + 1;
            gref_iv *t = gpuact_refi_tmp(w);
            if (elo != ehi && !w->force)
                continue;
            /* the products' values are not rational (gpuact_refi_try_round_open):
             * an enclosure that ends exactly at a power of two holds a value
             * below it, in the binade of lo */
            if (elo != ehi && (deriv >= 2 || bias) && !gpuact_refi_iv_is_point(v.iv)) {
                mpfr_srcptr outer = elo > ehi ? v.iv->lo : v.iv->hi;
                long eo = elo > ehi ? elo : ehi, ei = elo > ehi ? ehi : elo;
                gref_iv *pw = gpuact_refi_tmp(w);
                mpfr_set_si_2exp(pw->lo, 1, eo, MPFR_RNDN);
                if (mpfr_cmpabs(outer, pw->lo) == 0) {
                    elo = ehi = ei;
                    ue = ei - (long)f->p + 1;
                }
            }
            mpfr_sub(t->hi, v.iv->hi, v.iv->lo, MPFR_RNDU);
            if (mpfr_cmp_si_2exp(t->hi, 1, ue - 32) > 0 && !w->force)
                continue;
            if (elo != ehi || mpfr_cmp_si_2exp(t->hi, 1, ue - 32) > 0)
                w->forced = 1;
            gpuact_refi_iv_mid(t->lo, v.iv);
            mpfr_d_sub(t->lo, got, t->lo, MPFR_RNDN);
            mpfr_abs(t->lo, t->lo, MPFR_RNDN);
            mpfr_mul_2si(t->lo, t->lo, -ue, MPFR_RNDN);
            err = mpfr_get_d(t->lo, MPFR_RNDN);
            sm = got == 0 && r == 0 && (signbit(got) != 0) != (v.neg != 0);
        }
        break;
    }
    if (w->forced)
        gpuact_refi_note_forced(w, op, deriv, x);
    gpuact_refi_range_restore(&saved);
    if (ref)
        *ref = r;
    if (sign_mismatch)
        *sign_mismatch = sm;
    return err;
}

double gpuact_ref_ulp(int op, int deriv, double x, double dy, const gpuact_ref_params *p,
                      gpuact_ref_format fmt, double got, double *ref, int *sign_mismatch)
{
    return ulp_of(op, deriv, 0, x, -0.0, dy, p, fmt, got, ref, sign_mismatch);
}

double gpuact_ref_bias_ulp(int op, int deriv, double x, double b, double dy, const gpuact_ref_params *p,
                           gpuact_ref_format fmt, double got, double *ref, int *sign_mismatch)
{
    if (deriv == 3) { /* no dy f(x + b) */
        if (ref)
            *ref = NAN;
        if (sign_mismatch)
            *sign_mismatch = 0;
        return NAN;
    }
    return ulp_of(op, deriv, 1, x, b, dy, p, fmt, got, ref, sign_mismatch);
}
