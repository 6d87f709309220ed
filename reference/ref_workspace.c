/* ref_workspace.c - per-thread MPFR storage, precision levels, constants and
 * the exponent range.
 *
 * Everything is allocated once per thread at the largest precision and then
 * re-precisioned (mpfr_set_prec keeps the allocation), so an evaluation does
 * no malloc.  C99 has no thread-exit hook, so the storage (a few dozen KiB)
 * lives until gpuact_ref_thread_release() (gpuact_ref.c) is called. */
#include <stdio.h>
#include <stdlib.h>
#include "ref_internal.h"

/* Ziv levels.  64 bits already hold any binary64 argument exactly; each step
 * doubles.  4096 bits is the cap.  In the self-test 99.4% of the calls end at
 * 64 bits; the deepest is 2048 bits: gelu_erf / silu at the smallest binary64
 * subnormal x, whose value x/2 + O(x^2) is 2^-1073 (relative) from a tie.
 * That is the worst kind of case for any double input (see README.md). */
const mpfr_prec_t gpuact_refi_level_prec[GREF_NLEVELS] = {64, 128, 256, 512, 1024, 2048, 4096};

static GREF_TLS gref_ws *tls_ws;

gref_ws *gpuact_refi_ws(void)
{
    gref_ws *w = tls_ws;
    int i;
    if (w != NULL)
        return w;
    w = (gref_ws *)calloc(1, sizeof *w);
    if (w == NULL) {
        fprintf(stderr, "gpuact_ref: out of memory\n");
        abort();
    }
    for (i = 0; i < GREF_STACK; i++) {
        mpfr_init2(w->stack[i].lo, GREF_MAX_PREC);
        mpfr_init2(w->stack[i].hi, GREF_MAX_PREC);
    }
    mpfr_init2(w->x, 64);
    mpfr_init2(w->xb, 2200);
    w->level = -1;
    tls_ws = w;
    return w;
}

void gpuact_refi_begin(gref_ws *w, int level)
{
    mpfr_prec_t p = gpuact_refi_level_prec[level];
    int i;
    w->top = 0;
    w->force = (level == GREF_NLEVELS - 1);
    if (w->level == level)
        return;
    for (i = 0; i < GREF_STACK; i++) {
        mpfr_set_prec(w->stack[i].lo, p);
        mpfr_set_prec(w->stack[i].hi, p);
    }
    gpuact_refi_iv_scratch_prec(p);
    w->level = level;
    w->prec = p;
}

gref_iv *gpuact_refi_tmp(gref_ws *w)
{
    if (w->top >= GREF_STACK) {
        fprintf(stderr, "gpuact_ref: interval stack exhausted\n");
        abort();
    }
    return &w->stack[w->top++];
}

static void iv_init(gref_iv *r, mpfr_prec_t p)
{
    mpfr_init2(r->lo, p);
    mpfr_init2(r->hi, p);
}

static void iv_clear(gref_iv *r)
{
    mpfr_clear(r->lo);
    mpfr_clear(r->hi);
}

/* this thread's workspace (gpuact_ref_thread_release in gpuact_ref.c frees
 * the other modules' storage too) */
void gpuact_refi_ws_release(void)
{
    gref_ws *w = tls_ws;
    int i;
    if (w != NULL) {
        for (i = 0; i < GREF_STACK; i++)
            iv_clear(&w->stack[i]);
        mpfr_clear(w->x);
        mpfr_clear(w->xb);
        for (i = 0; i < GREF_NLEVELS; i++) {
            gref_consts *k = &w->k[i];
            if (!w->consts_ready[i])
                continue;
            iv_clear(&k->inv_sqrt2);
            iv_clear(&k->inv_sqrt_2pi);
            iv_clear(&k->inv_sqrt_pi);
            iv_clear(&k->sqrt_2_over_pi);
            iv_clear(&k->c044715);
            iv_clear(&k->c3x044715);
            iv_clear(&k->c1702);
            iv_clear(&k->selu_lambda);
            iv_clear(&k->selu_alpha);
            iv_clear(&k->selu_lambda_alpha);
        }
        free(w);
        tls_ws = NULL;
    }
}

/* Enclosures of the constants at precision p.  The scratch of ref_interval.c
 * is at p too (called from inside an evaluation at this level). */
static void consts_init(gref_consts *k, mpfr_prec_t p)
{
    gref_iv pi, t;
    iv_init(&pi, p);
    iv_init(&t, p);
    iv_init(&k->inv_sqrt2, p);
    iv_init(&k->inv_sqrt_2pi, p);
    iv_init(&k->inv_sqrt_pi, p);
    iv_init(&k->sqrt_2_over_pi, p);
    iv_init(&k->c044715, p);
    iv_init(&k->c3x044715, p);
    iv_init(&k->c1702, p);
    iv_init(&k->selu_lambda, p);
    iv_init(&k->selu_alpha, p);
    iv_init(&k->selu_lambda_alpha, p);

    mpfr_const_pi(pi.lo, MPFR_RNDD);
    mpfr_const_pi(pi.hi, MPFR_RNDU);

    /* 1/sqrt(2): one correctly rounded call per direction */
    mpfr_set_ui(t.lo, 2, MPFR_RNDN);
    mpfr_rec_sqrt(k->inv_sqrt2.lo, t.lo, MPFR_RNDD);
    mpfr_rec_sqrt(k->inv_sqrt2.hi, t.lo, MPFR_RNDU);

    /* sqrt(2/pi): 2/pi decreases in pi, sqrt increases */
    mpfr_ui_div(t.lo, 2, pi.hi, MPFR_RNDD);
    mpfr_ui_div(t.hi, 2, pi.lo, MPFR_RNDU);
    mpfr_sqrt(k->sqrt_2_over_pi.lo, t.lo, MPFR_RNDD);
    mpfr_sqrt(k->sqrt_2_over_pi.hi, t.hi, MPFR_RNDU);

    /* 1/sqrt(2 pi): rec_sqrt decreases */
    mpfr_mul_2ui(t.lo, pi.lo, 1, MPFR_RNDD);
    mpfr_mul_2ui(t.hi, pi.hi, 1, MPFR_RNDU);
    mpfr_rec_sqrt(k->inv_sqrt_2pi.lo, t.hi, MPFR_RNDD);
    mpfr_rec_sqrt(k->inv_sqrt_2pi.hi, t.lo, MPFR_RNDU);

    /* 1/sqrt(pi) */
    mpfr_rec_sqrt(k->inv_sqrt_pi.lo, pi.hi, MPFR_RNDD);
    mpfr_rec_sqrt(k->inv_sqrt_pi.hi, pi.lo, MPFR_RNDU);

    /* decimal constants of the spec, as exact decimals */
    iv_set_str(&k->c044715, "0.044715");
    mpfr_mul_ui(k->c3x044715.lo, k->c044715.lo, 3, MPFR_RNDD);
    mpfr_mul_ui(k->c3x044715.hi, k->c044715.hi, 3, MPFR_RNDU);
    iv_set_str(&k->c1702, "1.702");
    iv_set_str(&k->selu_lambda, "1.0507009873554804934193349852946");
    iv_set_str(&k->selu_alpha, "1.6732632423543772848170429916717");
    iv_mul(&k->selu_lambda_alpha, &k->selu_lambda, &k->selu_alpha);

    mpfr_clear(pi.lo);
    mpfr_clear(pi.hi);
    mpfr_clear(t.lo);
    mpfr_clear(t.hi);
}

const gref_consts *gpuact_refi_consts(gref_ws *w)
{
    if (!w->consts_ready[w->level]) {
        consts_init(&w->k[w->level], w->prec);
        w->consts_ready[w->level] = 1;
    }
    return &w->k[w->level];
}

/* The evaluation needs MPFR's widest exponent range (x^3 for |x| ~ 1e308,
 * exp(-1e30)); the caller's range is restored afterwards.  The range is
 * thread-local in MPFR builds with TLS (checked at first use). */
void gpuact_refi_range_wide(gref_range *saved)
{
    static GREF_TLS int checked;
    if (!checked) {
        if (!mpfr_buildopt_tls_p())
            fprintf(stderr, "gpuact_ref: warning: MPFR built without TLS; "
                            "do not call from several threads\n");
        checked = 1;
    }
    saved->emin = mpfr_get_emin();
    saved->emax = mpfr_get_emax();
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
}

void gpuact_refi_range_restore(const gref_range *saved)
{
    mpfr_set_emin(saved->emin);
    mpfr_set_emax(saved->emax);
}
