/* ref_sign.c - the sign of an enclosed value: asked by the dispatcher
 * (ref_enclose.c) of every result and by swish_tanh (ref_swish.c) of its
 * clamps' decisions, so that neither calls into the other. */
#include "ref_internal.h"

/* The sign of a NUM value.  A bound may be a zero from underflow (e.g.
 * [-tiny, -0] for x erfc(-x/sqrt2) at x = -1e38); since the exact value is
 * nonzero, a zero bound still decides the sign. */
int gpuact_refi_decide_sign(gref_ws *w, gref_val *v)
{
    int slo, shi;
    if (v->kind != GREF_NUM)
        return GREF_OK;
    slo = mpfr_sgn(v->iv->lo);
    shi = mpfr_sgn(v->iv->hi);
    if (slo >= 0 && shi > 0) {
        v->neg = 0;
    } else if (shi <= 0 && slo < 0) {
        v->neg = 1;
    } else if (!w->force) {
        return GREF_UNDECIDED; /* [-a, b]: more precision needed */
    } else {
        mpfr_t m;
        mpfr_init2(m, w->prec + 1);
        gpuact_refi_iv_mid(m, v->iv);
        v->neg = mpfr_sgn(m) < 0;
        mpfr_clear(m);
        w->forced = 1;
    }
    return GREF_OK;
}
