/* ref_swish.c - swish_tanh(x) = clamp(tanh(clamp(w, lo, hi)), lo, hi),
 * w = silu(x) * s, and its gated derivative
 *   f'(x) = [lo <= w <= hi] [lo <= tanh(w) <= hi] s (1 - tanh(w)^2) silu'(x)
 * (a gate that is off gives +0).  clamp(v, lo, hi) = v < lo ? lo : v > hi ? hi : v.
 *
 * The branch decisions compare an enclosure with a float.  They are proved,
 * not guessed: "w < c" is decided only when the whole enclosure is on one
 * side of c (or the value is exact); otherwise the evaluation reports
 * GREF_UNDECIDED and the caller retries at a higher precision.  This
 * terminates because w and tanh(w) are never equal to a float c for finite
 * nonzero x and s (w is transcendental by Lindemann-Weierstrass; tanh(w) = c
 * would need e^{2w} algebraic, not excluded by a theorem but not expected;
 * the precision cap and gpuact_ref_undecided_count() report it if it ever
 * happened).  Comparisons with c = +-0 use the known sign of the value.
 *
 * x = +-inf uses the limit w_inf of the spec: +inf: s > 0 -> +inf,
 * s < 0 -> -inf, s = +-0 -> s;  -inf: (-0) * s;  tanh(+-inf) = +-1,
 * tanh'(+-inf) = +0, tanh'(+-0) = 1, silu'(+inf) = 1, silu'(-inf) = -0. */
#include <math.h>
#include "ref_internal.h"

static void val_from_double(gref_ws *w, double c, gref_val *v)
{
    v->neg = signbit(c) != 0;
    if (isinf(c)) {
        v->kind = GREF_INF;
    } else if (c == 0) {
        v->kind = GREF_ZERO;
    } else {
        v->kind = GREF_NUM;
        v->iv = gpuact_refi_tmp(w);
        iv_set_d(v->iv, c);
    }
}

/* *res = -1, 0, +1 as v <, ==, > c (c not NaN).  v->neg must be decided. */
static int cmp(gref_ws *w, const gref_val *v, double c, int *res)
{
    if (v->kind == GREF_INF) {
        *res = (isinf(c) && (c < 0) == (v->neg != 0)) ? 0 : (v->neg ? -1 : 1);
        return GREF_OK;
    }
    if (v->kind == GREF_ZERO) {
        *res = c > 0 ? -1 : c < 0 ? 1 : 0;
        return GREF_OK;
    }
    if (isinf(c)) {
        *res = c > 0 ? -1 : 1;
        return GREF_OK;
    }
    if (c == 0) { /* the exact value is nonzero with a known sign */
        *res = v->neg ? -1 : 1;
        return GREF_OK;
    }
    if (iv_is_point(v->iv)) { /* exact */
        int r = mpfr_cmp_d(v->iv->lo, c);
        *res = r < 0 ? -1 : r > 0 ? 1 : 0;
        return GREF_OK;
    }
    if (mpfr_cmp_d(v->iv->hi, c) < 0) {
        *res = -1;
        return GREF_OK;
    }
    if (mpfr_cmp_d(v->iv->lo, c) > 0) {
        *res = 1;
        return GREF_OK;
    }
    if (!w->force)
        return GREF_UNDECIDED;
    {   /* top precision: trust the midpoint (counted as undecided) */
        mpfr_t m;
        int r;
        mpfr_init2(m, w->prec + 1);
        gpuact_refi_iv_mid(m, v->iv);
        r = mpfr_cmp_d(m, c);
        mpfr_clear(m);
        w->forced = 1;
        *res = r < 0 ? -1 : 1;
        return GREF_OK;
    }
}

/* cmp, with two facts no enclosure can show where the gap is below the
   precision: open1, v is tanh of a finite nonzero value, so |v| < 1 and a
   bound of magnitude 1 or more is decided by its sign (tanh(w) = 1 -
   2e^-2|w|); sx (else NaN), v is s silu(x) for finite nonzero x and s with
   s x = sx exactly, and |silu(x)| < |x| with silu(x) of x's sign, so v lies
   strictly between 0 and sx (silu(x) = x (1 - e^-x ...) at large x) */
static int cmp1(gref_ws *w, const gref_val *v, double c, int open1, double sx, int *res)
{
    if (open1 && v->kind == GREF_NUM && !isinf(c) && fabs(c) >= 1.0) {
        *res = c > 0 ? -1 : 1;
        return GREF_OK;
    }
    if (v->kind == GREF_NUM && c == sx && c != 0) {
        *res = c > 0 ? -1 : 1;
        return GREF_OK;
    }
    return cmp(w, v, c, res);
}

/* out = clamp(v, lo, hi); open1, sx: cmp1 */
static int clamp(gref_ws *w, const gref_val *v, double lo, double hi, int open1, double sx, gref_val *out)
{
    int c;
    if (cmp1(w, v, lo, open1, sx, &c) != GREF_OK)
        return GREF_UNDECIDED;
    if (c < 0) {
        val_from_double(w, lo, out);
        return GREF_OK;
    }
    if (cmp1(w, v, hi, open1, sx, &c) != GREF_OK)
        return GREF_UNDECIDED;
    if (c > 0)
        val_from_double(w, hi, out);
    else
        *out = *v;
    return GREF_OK;
}

/* *on = (lo <= v <= hi); open1, sx: cmp1 */
static int gate(gref_ws *w, const gref_val *v, double lo, double hi, int open1, double sx, int *on)
{
    int c1, c2;
    if (cmp1(w, v, lo, open1, sx, &c1) != GREF_OK || cmp1(w, v, hi, open1, sx, &c2) != GREF_OK)
        return GREF_UNDECIDED;
    *on = c1 >= 0 && c2 <= 0;
    return GREF_OK;
}

static void tanh_val(gref_ws *w, const gref_val *v, gref_val *out)
{
    if (v->kind == GREF_INF) {
        val_from_double(w, v->neg ? -1.0 : 1.0, out);
    } else if (v->kind == GREF_ZERO) {
        *out = *v;
    } else { /* tanh keeps the sign */
        out->kind = GREF_NUM;
        out->neg = v->neg;
        out->iv = gpuact_refi_tmp(w);
        iv_tanh(out->iv, v->iv);
    }
}

/* s x, for cmp1, where it is a double exactly (always for a float x: 48
   bits); else NaN, and then no bound equals it. NaN where x is infinite (w
   is then its limit), and where x is not a double (the bias forms' exact
   sum x + b: K51, x + b = 2^60 + 2^-123 with s = 2^-60 gave s x = 1 from
   the rounded sum, so a bound of 1 passed for w = 1 + 2^-184). */
static double s_x(mpfr_srcptr x, double s)
{
    double xd, d;
    if (!mpfr_number_p(x))
        return NAN;
    xd = mpfr_get_d(x, MPFR_RNDN);
    if (mpfr_cmp_d(x, xd) != 0)
        return NAN;
    d = xd * s;
    return isfinite(d) && fma(xd, s, -d) == 0 ? d : NAN;
}

/* w = silu(x) * s (or its limit at x = +-inf) */
static int make_w(gref_ws *w, mpfr_srcptr x, double s, gref_val *wv)
{
    int xneg = mpfr_signbit(x) != 0, sneg = signbit(s) != 0;
    wv->neg = xneg ^ sneg;
    if (mpfr_inf_p(x)) {
        if (xneg) {
            wv->kind = GREF_ZERO; /* (-0) * s */
        } else if (s == 0) {
            wv->kind = GREF_ZERO;
            wv->neg = sneg;
        } else {
            wv->kind = GREF_INF;
        }
        return GREF_OK;
    }
    if (mpfr_zero_p(x) || s == 0) { /* silu(+-0) = +-0; silu(x) has the sign of x */
        wv->kind = GREF_ZERO;
        return GREF_OK;
    }
    {
        gref_val sv;
        gref_iv *S;
        sv.iv = gpuact_refi_tmp(w);
        gpuact_refi_gelu_family(w, GPUACT_REF_OP_SILU, 0, x, &sv);
        S = gpuact_refi_tmp(w);
        iv_set_d(S, s);
        wv->kind = GREF_NUM;
        wv->iv = sv.iv;
        iv_mul(wv->iv, wv->iv, S);
    }
    return GREF_OK;
}

static int forward(gref_ws *w, mpfr_srcptr x, const gpuact_ref_params *p, gref_val *v)
{
    gref_val wv, wc, t, r;
    if (make_w(w, x, p->scale, &wv) != GREF_OK || clamp(w, &wv, p->lo, p->hi, 0, s_x(x, p->scale), &wc) != GREF_OK)
        return GREF_UNDECIDED;
    tanh_val(w, &wc, &t);
    if (clamp(w, &t, p->lo, p->hi, wc.kind == GREF_NUM, NAN, &r) != GREF_OK)
        return GREF_UNDECIDED;
    v->kind = r.kind;
    v->neg = r.neg;
    if (r.kind == GREF_NUM)
        iv_set(v->iv, r.iv);
    return GREF_OK;
}

static int derivative(gref_ws *w, mpfr_srcptr x, const gpuact_ref_params *p, gref_val *v)
{
    gref_val wv, t, tp, sp;
    int on, neg;
    if (make_w(w, x, p->scale, &wv) != GREF_OK || gate(w, &wv, p->lo, p->hi, 0, s_x(x, p->scale), &on) != GREF_OK)
        return GREF_UNDECIDED;
    if (on) { /* w is not clamped, so tanh(clamp(w)) = tanh(w) */
        tanh_val(w, &wv, &t);
        if (gate(w, &t, p->lo, p->hi, wv.kind == GREF_NUM, NAN, &on) != GREF_OK)
            return GREF_UNDECIDED;
    }
    if (!on) {
        v->kind = GREF_ZERO;
        v->neg = 0;
        return GREF_OK;
    }
    /* tanh'(w) = sech(w)^2 > 0 */
    if (wv.kind == GREF_INF) {
        val_from_double(w, 0.0, &tp);
    } else if (wv.kind == GREF_ZERO) {
        val_from_double(w, 1.0, &tp);
    } else {
        tp.kind = GREF_NUM;
        tp.neg = 0;
        tp.iv = gpuact_refi_tmp(w);
        if (gpuact_refi_planted_bug == GREF_BUG_SWISH_D_TANH) {
            iv_tanh(tp.iv, wv.iv);
            iv_si_sub(tp.iv, 1, tp.iv);
        } else {
            iv_sech(tp.iv, wv.iv);
            iv_sqr(tp.iv, tp.iv);
        }
    }
    /* silu'(x), nonzero for finite x; its sign matters even when a zero factor
     * makes the product a zero */
    sp.iv = gpuact_refi_tmp(w);
    gpuact_refi_gelu_family(w, GPUACT_REF_OP_SILU, 1, x, &sp);
    if (gpuact_refi_decide_sign(w, &sp) != GREF_OK)
        return GREF_UNDECIDED;
    neg = (signbit(p->scale) != 0) ^ tp.neg ^ sp.neg;
    if (p->scale == 0 || tp.kind == GREF_ZERO || sp.kind == GREF_ZERO) {
        v->kind = GREF_ZERO;
        v->neg = neg;
        return GREF_OK;
    }
    iv_set_d(v->iv, p->scale);
    iv_mul(v->iv, v->iv, tp.iv);
    iv_mul(v->iv, v->iv, sp.iv);
    v->kind = GREF_NUM;
    v->neg = neg;
    return GREF_OK;
}

int gpuact_refi_swish_tanh(gref_ws *w, int deriv, mpfr_srcptr x, const gpuact_ref_params *p,
                           gref_val *v)
{
    if (!isfinite(p->scale) || isnan(p->lo) || isnan(p->hi)) {
        v->kind = GREF_NAN;
        return GREF_OK;
    }
    return deriv ? derivative(w, x, p, v) : forward(w, x, p, v);
}
