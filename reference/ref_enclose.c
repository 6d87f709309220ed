/* ref_enclose.c - one evaluation at the current working precision: dispatch
 * to the function families, the sign of the result (ref_sign.c), the products
 * dy * f'(x) (backward) and dy * f(x) (the gated forms).
 *
 * Contract of a GREF_NUM result: the exact value is nonzero and lies in
 * [lo, hi].  Exact zeros (and their IEEE signs) are always reported as
 * GREF_ZERO by the families, never as a NUM enclosure. */
#include <math.h>
#include "ref_internal.h"

static int enclose(gref_ws *w, int op, int deriv, mpfr_srcptr x, const gpuact_ref_params *p,
                   gref_val *v)
{
    int rc;
    v->iv = gpuact_refi_tmp(w);
    v->neg = 0;
    if (mpfr_nan_p(x)) {
        v->kind = GREF_NAN;
        return GREF_OK;
    }
    switch (op) {
    case GPUACT_REF_OP_GELU_ERF:
    case GPUACT_REF_OP_GELU_TANH:
    case GPUACT_REF_OP_GELU_SIGMOID:
    case GPUACT_REF_OP_SILU:
        rc = gpuact_refi_gelu_family(w, op, deriv, x, v);
        break;
    case GPUACT_REF_OP_ELU:
        rc = gpuact_refi_elu(w, deriv, x, p->alpha, v);
        break;
    case GPUACT_REF_OP_SELU:
        rc = gpuact_refi_selu(w, deriv, x, v);
        break;
    case GPUACT_REF_OP_SWISH_TANH:
        rc = gpuact_refi_swish_tanh(w, deriv, x, p, v);
        break;
    default:
        v->kind = GREF_NAN;
        return GREF_OK;
    }
    if (rc != GREF_OK)
        return rc;
    return gpuact_refi_decide_sign(w, v);
}

/* dy * d with d = f'(x) or f(x) exact: IEEE product rules for the special cases */
static int times_dy(gref_ws *w, double dy, gref_val *v)
{
    int dneg = signbit(dy) != 0;
    if (isnan(dy) || v->kind == GREF_NAN) {
        v->kind = GREF_NAN;
        return GREF_OK;
    }
    if (isinf(dy)) {
        v->kind = v->kind == GREF_ZERO ? GREF_NAN : GREF_INF; /* inf * 0 = NaN */
    } else if (dy == 0) {
        v->kind = v->kind == GREF_INF ? GREF_NAN : GREF_ZERO;
    } else if (v->kind == GREF_NUM) {
        gref_iv *D = gpuact_refi_tmp(w);
        iv_set_d(D, dy);
        iv_mul(v->iv, v->iv, D);
    }
    v->neg ^= dneg;
    return GREF_OK;
}

int gpuact_refi_value(gref_ws *w, int op, int mode, mpfr_srcptr x, double dy,
                      const gpuact_ref_params *p, gref_val *v)
{
    int rc = enclose(w, op, mode == 1 || mode == 2, x, p, v);
    if (rc != GREF_OK || mode < 2)
        return rc;
    return times_dy(w, dy, v);
}
