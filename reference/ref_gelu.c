/* ref_gelu.c - enclosures of gelu_erf, gelu_tanh, gelu_sigmoid, silu and their
 * derivatives (the "x times a CDF" family).
 *
 * All four share the special values: f(-inf) = -0, f(+inf) = +inf,
 * f'(-inf) = -0 (f' tends to 0 from below), f'(+inf) = 1, f(+-0) = +-0,
 * f'(+-0) = 1/2.  For finite nonzero x the exact value is nonzero, so the
 * result is a GREF_NUM enclosure whose sign the caller decides.
 *
 * Sigmoids are evaluated as 1/(1 + e^{-z}) and 1 - sigma as its own
 * enclosure (ref_interval.c), so no bound ever comes from 1 - (something
 * close to 1); the cancellation that remains (f' near its zero) shows up as a
 * wide relative enclosure and is resolved by the caller raising precision. */
#include "ref_internal.h"

int gpuact_refi_planted_bug = GREF_BUG_NONE;

static int special(int deriv, mpfr_srcptr x, gref_val *v)
{
    if (mpfr_inf_p(x)) {
        if (mpfr_sgn(x) > 0) {
            if (deriv) {
                v->kind = GREF_NUM;
                iv_set_d(v->iv, 1.0);
            } else {
                v->kind = GREF_INF;
            }
            v->neg = 0;
        } else {
            v->kind = GREF_ZERO;
            v->neg = 1;
        }
        return 1;
    }
    if (mpfr_zero_p(x)) {
        if (deriv) {
            v->kind = GREF_NUM;
            v->neg = 0;
            iv_set_d(v->iv, 0.5);
        } else {
            v->kind = GREF_ZERO;
            v->neg = mpfr_signbit(x) != 0;
        }
        return 1;
    }
    return 0;
}

/* x Phi(x) = x erfc(-x/sqrt2)/2;  Phi(x) + x phi(x), phi(x) = e^{-x^2/2}/sqrt(2pi) */
static void gelu_erf(gref_ws *w, const gref_consts *k, const gref_iv *X, int deriv, gref_iv *R)
{
    gref_iv *E = gpuact_refi_tmp(w), *Q = gpuact_refi_tmp(w);
    iv_mul(E, X, &k->inv_sqrt2);
    iv_neg(E, E);
    iv_erfc(E, E, &k->inv_sqrt_pi); /* 2 Phi(x) */
    iv_mul_2si(E, E, -1);   /* Phi(x) */
    if (!deriv) {
        iv_mul(R, X, E);
        return;
    }
    iv_sqr(Q, X);
    iv_mul_2si(Q, Q, gpuact_refi_planted_bug == GREF_BUG_GELU_ERF_D_PHI ? 0 : -1);
    iv_neg(Q, Q);
    iv_exp(Q, Q);
    iv_mul(Q, Q, &k->inv_sqrt_2pi); /* phi(x) */
    iv_mul(Q, Q, X);
    iv_add(R, E, Q);
    /* For x < -1 both terms can underflow even MPFR's range (x = -1e30), which
     * would leave [-tiny, +tiny] and an undecidable sign.  But there
     * f'(x) < 0: Phi(x) = int_{|x|}^inf phi < int (s/|x|) phi(s) ds = phi(x)/|x|,
     * so f'(x) < phi(x) (1/|x| - |x|) < 0.  Clip the upper bound at 0. */
    if (mpfr_cmp_si(X->hi, -1) < 0 && mpfr_sgn(R->hi) > 0)
        mpfr_set_zero(R->hi, -1);
}

/* z = 2u = 2 sqrt(2/pi) (x + 0.044715 x^3):  f = x sigma(z),
 * f' = sigma(z) (1 + x (1 - sigma(z)) z'),  z' = 2 sqrt(2/pi) (1 + 3*0.044715 x^2) */
static void gelu_tanh(gref_ws *w, const gref_consts *k, const gref_iv *X, int deriv, gref_iv *R)
{
    gref_iv *X2 = gpuact_refi_tmp(w), *X3 = gpuact_refi_tmp(w), *Z = gpuact_refi_tmp(w);
    gref_iv *S = gpuact_refi_tmp(w), *C = gpuact_refi_tmp(w), *D = gpuact_refi_tmp(w);
    iv_sqr(X2, X);
    iv_mul(X3, X2, X);
    if (gpuact_refi_planted_bug == GREF_BUG_GELU_TANH_CONST) {
        iv_set_str(Z, "0.0447");
        iv_mul(Z, X3, Z);
    } else {
        iv_mul(Z, X3, &k->c044715);
    }
    iv_add(Z, Z, X);
    iv_mul(Z, Z, &k->sqrt_2_over_pi);
    iv_mul_2si(Z, Z, 1);
    if (!deriv) {
        iv_sigmoid(S, NULL, Z);
        iv_mul(R, X, S);
        return;
    }
    iv_sigmoid(S, C, Z);
    iv_mul(D, gpuact_refi_planted_bug == GREF_BUG_GELU_TANH_D_X3 ? X3 : X2, &k->c3x044715);
    iv_add_si(D, D, 1);
    iv_mul(D, D, &k->sqrt_2_over_pi);
    iv_mul_2si(D, D, 1); /* z' */
    iv_mul(C, C, X);
    iv_mul(C, C, D);
    iv_add_si(C, C, 1);
    iv_mul(R, S, C);
}

/* z = c x (c = 1.702 for gelu_sigmoid, 1 for silu):  f = x sigma(z),
 * f' = sigma(z) (1 + z (1 - sigma(z))) */
static void x_sigmoid(gref_ws *w, const gref_iv *c, const gref_iv *X, int deriv, gref_iv *R)
{
    gref_iv *Z = gpuact_refi_tmp(w), *S = gpuact_refi_tmp(w), *C = gpuact_refi_tmp(w);
    if (c != NULL)
        iv_mul(Z, X, c);
    else
        iv_set(Z, X);
    if (!deriv) {
        iv_sigmoid(S, NULL, Z);
        iv_mul(R, X, S);
        return;
    }
    iv_sigmoid(S, C, Z);
    iv_mul(C, C, (c != NULL && gpuact_refi_planted_bug == GREF_BUG_GELU_SIGMOID_D_Z) ? X : Z);
    iv_add_si(C, C, 1);
    iv_mul(R, S, C);
}

int gpuact_refi_gelu_family(gref_ws *w, int op, int deriv, mpfr_srcptr x, gref_val *v)
{
    const gref_consts *k;
    gref_iv *X;
    if (special(deriv, x, v))
        return GREF_OK;
    k = gpuact_refi_consts(w);
    X = gpuact_refi_tmp(w);
    iv_set_mpfr(X, x);
    switch (op) {
    case GPUACT_REF_OP_GELU_ERF:
        gelu_erf(w, k, X, deriv, v->iv);
        break;
    case GPUACT_REF_OP_GELU_TANH:
        gelu_tanh(w, k, X, deriv, v->iv);
        break;
    case GPUACT_REF_OP_GELU_SIGMOID:
        x_sigmoid(w, &k->c1702, X, deriv, v->iv);
        break;
    default: /* GPUACT_REF_OP_SILU */
        x_sigmoid(w, NULL, X, deriv, v->iv);
        break;
    }
    /* For x >= 2: f(x) < x (Phi(x) < 1, sigma(z) < 1) and f'(x) > 1 (for
     * gelu_erf f' - 1 = x phi(x) - Q(x) > 0 as Q(x) < phi(x)/x; for the
     * sigmoid forms f' - 1 = (1 - sigma)(z' x sigma - 1) > 0 with z' x sigma
     * >= 1.5).  At large x the difference is far below any precision
     * (e^-x^2/2), and products s f(x) and s f'(x) (the gated forms) can put
     * s x or s on a rounding midpoint: the clipped enclosure, with the value
     * strictly inside it, lets gpuact_refi_try_round_open decide the side. */
    if (mpfr_cmp_si(x, 2) >= 0) {
        if (!deriv && mpfr_cmp(v->iv->hi, x) > 0)
            mpfr_set(v->iv->hi, x, MPFR_RNDU);
        if (deriv && mpfr_cmp_si(v->iv->lo, 1) < 0)
            mpfr_set_si(v->iv->lo, 1, MPFR_RNDD);
    }
    v->kind = GREF_NUM;
    return GREF_OK;
}
