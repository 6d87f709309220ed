/* gpuact_ref.c - public entry points: Ziv's loop around one evaluation.
 *
 * At each precision level the exact result is enclosed in [lo, hi]
 * (ref_enclose.c and the families, rigorous interval arithmetic).  Rounding to
 * nearest is monotone, so if lo and hi round to the same number, so does
 * every value between them, the exact one included: the result is proven
 * correctly rounded.  Otherwise the precision doubles, up to the cap; at the
 * cap the midpoint is rounded, a warning printed and counted (never observed
 * in the self-test). */
#include <math.h>
#include <stdio.h>
#include "ref_internal.h"

gpuact_ref_params gpuact_ref_default_params(void)
{
    gpuact_ref_params p;
    p.alpha = 1.0f;
    p.scale = 0.5f;
    p.lo = -1.0f;
    p.hi = 1.0f;
    return p;
}

/* Each module's per-thread storage, freed here, above them all: the next
 * evaluation on this thread allocates it again. */
void gpuact_ref_thread_release(void)
{
    gpuact_refi_ws_release();
    gpuact_refi_iv_release();
    gpuact_refi_erfc_release();
    gpuact_refi_format_release();
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
}

int gpuact_refi_start_level(int fmt, int for_ulp)
{
    return (for_ulp && fmt == GPUACT_REF_F64) ? 1 : 0;
}

int gpuact_refi_try_round(const gref_val *v, int fmt, double *out)
{
    double a, b;
    switch (v->kind) {
    case GREF_NAN:
        *out = NAN;
        return 1;
    case GREF_INF:
        *out = v->neg ? -INFINITY : INFINITY;
        return 1;
    case GREF_ZERO:
        *out = v->neg ? -0.0 : 0.0;
        return 1;
    default:
        break;
    }
    a = gpuact_refi_round(v->iv->lo, v->neg, fmt);
    b = gpuact_refi_round(v->iv->hi, v->neg, fmt);
    if (a != b) /* equal values round to equal zeros: sign is v->neg for both */
        return 0;
    *out = a;
    return 1;
}

/* At the top precision, for f, f' and the products dy f'(x) and dy f(x): an enclosure
 * [lo, hi] that is not a point holds a value that is not a rational number
 * (f and f' are transcendental wherever the families do not return an exact
 * point), so the value is not lo or hi themselves. When hi (lo) is exactly
 * a rounding boundary of fmt, which a rational dy times a value that
 * approaches a dyadic from one side gives (gelu_erf(x) = x (1 - Q(x)) with
 * Q(x) below 2^-4096: dy x a midpoint), [lo, hi) ((lo, hi]) rounds to
 * one number: the result, decided. */
int gpuact_refi_try_round_open(gref_ws *w, const gref_val *v, int fmt, double *out)
{
    /* u and v: a quarter of an ulp (of the working precision) inside each
     * end. Every rounding boundary of fmt (a midpoint, exactly
     * representable at the working precision) in (lo, hi) lies in [u, v],
     * and none is u or v themselves; so if u and v round alike, the whole
     * open interval, and the value in it, rounds to that number. An
     * enclosure one ulp wide whose lo is a tie thus rounds away from lo. */
    mpfr_t u, t;
    double a, b;
    if (v->kind != GREF_NUM || gpuact_refi_iv_is_point(v->iv))
        return 0;
    mpfr_init2(u, w->prec + 2);
    mpfr_init2(t, w->prec + 2);
    mpfr_set(u, v->iv->lo, MPFR_RNDN); /* exact: more precision */
    mpfr_nextabove(u);
    mpfr_set(t, v->iv->hi, MPFR_RNDN);
    mpfr_nextbelow(t);
    a = gpuact_refi_round(u, v->neg, fmt);
    b = gpuact_refi_round(t, v->neg, fmt);
    mpfr_clear(u);
    mpfr_clear(t);
    if (a != b)
        return 0;
    *out = a;
    return 1;
}

void gpuact_refi_note_forced(gref_ws *w, int op, int mode, double x)
{
    w->undecided++;
    fprintf(stderr, "gpuact_ref: warning: result not proven at %ld bits (op %d, mode %d, x = %a)\n",
            (long)w->prec, op, mode, x);
}

mpfr_srcptr gpuact_refi_arg(gref_ws *w, double x, double b)
{
    if (b == 0) { /* the single ops pass b = -0: x + -0 is x, -0 included */
        mpfr_set_d(w->x, x + b, MPFR_RNDN); /* exact: 64 bits; -0 + +0 = +0 */
        return w->x;
    }
    mpfr_set_d(w->xb, x, MPFR_RNDN);
    mpfr_add_d(w->xb, w->xb, b, MPFR_RNDN); /* exact: 2200 bits */
    return w->xb;
}

static double eval_mode(int op, int mode, double x, double b, double dy, const gpuact_ref_params *p, int fmt)
{
    gpuact_ref_params dp;
    gref_range saved;
    gref_ws *w;
    gref_val v;
    double r = NAN;
    int level;
    if (gpuact_refi_fmt(fmt) == NULL)
        return NAN;
    if (p == NULL) {
        dp = gpuact_ref_default_params();
        p = &dp;
    }
    gpuact_refi_range_wide(&saved);
    w = gpuact_refi_ws();
    w->forced = 0;
    for (level = gpuact_refi_start_level(fmt, 0); level < GREF_NLEVELS; level++) {
        gpuact_refi_begin(w, level);
        if (gpuact_refi_value(w, op, mode, gpuact_refi_arg(w, x, b), dy, p, &v) != GREF_OK)
            continue;
        if (gpuact_refi_try_round(&v, fmt, &r))
            break;
        if (w->force && gpuact_refi_try_round_open(w, &v, fmt, &r))
            break;
        if (w->force) { /* cap reached: best effort */
            mpfr_t m;
            mpfr_init2(m, w->prec + 1);
            gpuact_refi_iv_mid(m, v.iv);
            r = gpuact_refi_round(m, v.neg, fmt);
            mpfr_clear(m);
            w->forced = 1;
        }
    }
    if (w->forced)
        gpuact_refi_note_forced(w, op, mode, x);
    gpuact_refi_range_restore(&saved);
    return r;
}

double gpuact_ref_eval(int op, int deriv, double x, const gpuact_ref_params *p,
                       gpuact_ref_format fmt)
{
    if (deriv != 0 && deriv != 1)
        return NAN;
    return eval_mode(op, deriv, x, -0.0, 0.0, p, (int)fmt);
}

double gpuact_ref_backward(int op, double x, double dy, const gpuact_ref_params *p,
                           gpuact_ref_format fmt)
{
    return eval_mode(op, 2, x, -0.0, dy, p, (int)fmt);
}

double gpuact_ref_gated(int op, double a, double s, const gpuact_ref_params *p,
                        gpuact_ref_format fmt)
{
    return eval_mode(op, 3, a, -0.0, s, p, (int)fmt);
}

double gpuact_ref_bias(int op, int deriv, double x, double b, double dy, const gpuact_ref_params *p,
                       gpuact_ref_format fmt)
{
    if (deriv < 0 || deriv > 2)
        return NAN;
    return eval_mode(op, deriv, x, b, dy, p, (int)fmt);
}

unsigned long gpuact_ref_undecided_count(void)
{
    return gpuact_refi_ws()->undecided;
}
