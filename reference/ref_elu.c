/* ref_elu.c - enclosures of elu and selu and their derivatives.
 *
 * elu(x)  = x > 0 ? x : alpha expm1(x),     elu'(x)  = x > 0 ? 1 : alpha e^x
 * selu(x) = lambda elu_{alpha_s}(x),        selu'(x) = x > 0 ? lambda : lambda alpha_s e^x
 * The kink x = 0 takes the x <= 0 branch.  Zeros and infinities follow the
 * IEEE product of the formula's factors (alpha * expm1(+-0) = alpha * +-0,
 * alpha * expm1(-inf) = -alpha, alpha * e^-inf = alpha * +0), which is what
 * the spec asks for; the sign of a zero factor is the sign bit of x. */
#include <math.h>
#include "ref_internal.h"

static void set_zero(gref_val *v, int neg)
{
    v->kind = GREF_ZERO;
    v->neg = neg;
}

static void set_point(gref_val *v, double d)
{
    v->kind = GREF_NUM;
    v->neg = d < 0;
    iv_set_d(v->iv, d);
}

int gpuact_refi_elu(gref_ws *w, int deriv, mpfr_srcptr x, float alpha, gref_val *v)
{
    int xneg = mpfr_signbit(x) != 0, aneg = signbit(alpha) != 0;
    gref_iv *T;
    if (!isfinite(alpha)) {
        v->kind = GREF_NAN;
        return GREF_OK;
    }
    if (mpfr_sgn(x) > 0) { /* x > 0 branch, +inf included */
        if (deriv) {
            set_point(v, 1.0);
        } else if (mpfr_inf_p(x)) {
            v->kind = GREF_INF;
            v->neg = 0;
        } else {
            v->kind = GREF_NUM;
            v->neg = 0;
            iv_set_mpfr(v->iv, x);
        }
        return GREF_OK;
    }
    if (mpfr_inf_p(x)) { /* -inf: alpha * (-1), alpha * (+0) */
        if (deriv)
            set_zero(v, aneg);
        else if (alpha == 0)
            set_zero(v, !aneg);
        else
            set_point(v, -(double)alpha);
        return GREF_OK;
    }
    if (alpha == 0 || mpfr_zero_p(x)) {
        /* alpha * expm1(x): a zero factor, expm1(x) has the sign of x */
        if (!deriv)
            set_zero(v, aneg ^ xneg);
        else if (alpha == 0)
            set_zero(v, aneg); /* alpha * e^x, e^x > 0 */
        else
            set_point(v, alpha); /* alpha * e^0 */
        return GREF_OK;
    }
    T = gpuact_refi_tmp(w);
    iv_set_mpfr(T, x);
    if (deriv)
        iv_exp(T, T);
    else
        iv_expm1(T, T);
    iv_set_d(v->iv, alpha);
    iv_mul(v->iv, v->iv, T);
    v->kind = GREF_NUM;
    return GREF_OK;
}

int gpuact_refi_selu(gref_ws *w, int deriv, mpfr_srcptr x, gref_val *v)
{
    const gref_consts *k = gpuact_refi_consts(w);
    gref_iv *T;
    if (mpfr_sgn(x) > 0) { /* x > 0 branch, +inf included */
        v->kind = GREF_NUM;
        v->neg = 0;
        if (deriv) {
            iv_set(v->iv, &k->selu_lambda);
        } else if (mpfr_inf_p(x)) {
            v->kind = GREF_INF;
        } else {
            iv_set_mpfr(v->iv, x);
            iv_mul(v->iv, v->iv, &k->selu_lambda);
        }
        return GREF_OK;
    }
    if (mpfr_inf_p(x)) { /* -inf: -lambda alpha; lambda alpha * (+0) */
        if (deriv) {
            set_zero(v, 0);
        } else {
            v->kind = GREF_NUM;
            v->neg = 1;
            iv_neg(v->iv, &k->selu_lambda_alpha);
        }
        return GREF_OK;
    }
    if (mpfr_zero_p(x)) {
        if (deriv) {
            v->kind = GREF_NUM;
            v->neg = 0;
            iv_set(v->iv, &k->selu_lambda_alpha);
        } else {
            set_zero(v, mpfr_signbit(x) != 0);
        }
        return GREF_OK;
    }
    T = gpuact_refi_tmp(w);
    iv_set_mpfr(T, x);
    if (deriv)
        iv_exp(T, T);
    else
        iv_expm1(T, T);
    iv_mul(v->iv, T, gpuact_refi_planted_bug == GREF_BUG_SELU_D_LAMBDA && deriv
                         ? &k->selu_alpha : &k->selu_lambda_alpha);
    v->kind = GREF_NUM;
    return GREF_OK;
}
