/* ref_interval.c - rigorous interval arithmetic on MPFR numbers.
 *
 * Invariant: every gref_iv [lo, hi] produced here contains the exact real
 * result, given that the operands contain theirs.  This holds because each
 * endpoint is computed with MPFR's correctly rounded operations in the
 * directed mode that moves it outward (lo: MPFR_RNDD, hi: MPFR_RNDU), and each
 * function is applied on the side where it is monotone.  Overflow and
 * underflow keep the invariant too: in directed modes MPFR returns +-inf /
 * the largest finite number, resp. 0 / the smallest positive number, which
 * are still valid bounds.
 *
 * A point operand (lo == hi) lets a monotone function be evaluated once: the
 * RNDD result and its ternary value give the RNDU result (the next number up
 * when inexact), by the definition of correct rounding.
 */
#include "ref_internal.h"

#define RD MPFR_RNDD
#define RU MPFR_RNDU

static GREF_TLS int scr_ready;
static GREF_TLS mpfr_t scr[4]; /* working precision */
static GREF_TLS mpfr_t lip;    /* 32-bit: Lipschitz bounds */

void gpuact_refi_iv_scratch_prec(mpfr_prec_t p)
{
    int i;
    if (!scr_ready) {
        for (i = 0; i < 4; i++)
            mpfr_init2(scr[i], GREF_MAX_PREC);
        mpfr_init2(lip, 32);
        scr_ready = 1;
    }
    for (i = 0; i < 4; i++)
        mpfr_set_prec(scr[i], p);
}

void gpuact_refi_iv_release(void)
{
    int i;
    if (!scr_ready)
        return;
    for (i = 0; i < 4; i++)
        mpfr_clear(scr[i]);
    mpfr_clear(lip);
    scr_ready = 0;
}

void gpuact_refi_iv_set_mpfr(gref_iv *r, mpfr_srcptr x)
{
    mpfr_set(r->lo, x, RD);
    mpfr_set(r->hi, x, RU);
}

void gpuact_refi_iv_set_d(gref_iv *r, double d)
{
    mpfr_set_d(r->lo, d, RD);
    mpfr_set_d(r->hi, d, RU);
}

void gpuact_refi_iv_set_str(gref_iv *r, const char *dec)
{
    mpfr_set_str(r->lo, dec, 10, RD);
    mpfr_set_str(r->hi, dec, 10, RU);
}

void gpuact_refi_iv_set(gref_iv *r, const gref_iv *a)
{
    if (r == a)
        return;
    mpfr_set(r->lo, a->lo, RD);
    mpfr_set(r->hi, a->hi, RU);
}

int gpuact_refi_iv_is_point(const gref_iv *a)
{
    return mpfr_equal_p(a->lo, a->hi);
}

void gpuact_refi_iv_mid(mpfr_ptr m, const gref_iv *a)
{
    mpfr_add(m, a->lo, a->hi, MPFR_RNDN);
    mpfr_div_2ui(m, m, 1, MPFR_RNDN);
}

void gpuact_refi_iv_neg(gref_iv *r, const gref_iv *a)
{
    mpfr_neg(scr[0], a->lo, RU); /* new hi */
    mpfr_neg(r->lo, a->hi, RD);
    mpfr_set(r->hi, scr[0], RU);
}

void gpuact_refi_iv_add(gref_iv *r, const gref_iv *a, const gref_iv *b)
{
    /* each endpoint reads only the same endpoint of a and b: aliasing safe */
    mpfr_add(r->lo, a->lo, b->lo, RD);
    mpfr_add(r->hi, a->hi, b->hi, RU);
}

void gpuact_refi_iv_add_si(gref_iv *r, const gref_iv *a, long b)
{
    mpfr_add_si(r->lo, a->lo, b, RD);
    mpfr_add_si(r->hi, a->hi, b, RU);
}

void gpuact_refi_iv_si_sub(gref_iv *r, long a, const gref_iv *b)
{
    mpfr_si_sub(scr[0], a, b->hi, RD);
    mpfr_si_sub(r->hi, a, b->lo, RU);
    mpfr_set(r->lo, scr[0], RD);
}

void gpuact_refi_iv_mul_2si(gref_iv *r, const gref_iv *a, long e)
{
    mpfr_mul_2si(r->lo, a->lo, e, RD);
    mpfr_mul_2si(r->hi, a->hi, e, RU);
}

/* 1: all >= 0, -1: all <= 0, 0: contains both signs */
static int cls(const gref_iv *a)
{
    if (mpfr_sgn(a->lo) >= 0)
        return 1;
    if (mpfr_sgn(a->hi) <= 0)
        return -1;
    return 0;
}

void gpuact_refi_iv_mul(gref_iv *r, const gref_iv *a, const gref_iv *b)
{
    mpfr_ptr L = scr[0], H = scr[1];
    int ca = cls(a), cb = cls(b);
    /* the extreme products for each sign pattern (standard table) */
    if (ca > 0 && cb > 0) {
        mpfr_mul(L, a->lo, b->lo, RD);
        mpfr_mul(H, a->hi, b->hi, RU);
    } else if (ca > 0 && cb < 0) {
        mpfr_mul(L, a->hi, b->lo, RD);
        mpfr_mul(H, a->lo, b->hi, RU);
    } else if (ca < 0 && cb > 0) {
        mpfr_mul(L, a->lo, b->hi, RD);
        mpfr_mul(H, a->hi, b->lo, RU);
    } else if (ca < 0 && cb < 0) {
        mpfr_mul(L, a->hi, b->hi, RD);
        mpfr_mul(H, a->lo, b->lo, RU);
    } else if (ca > 0) { /* b straddles */
        mpfr_mul(L, a->hi, b->lo, RD);
        mpfr_mul(H, a->hi, b->hi, RU);
    } else if (cb > 0) { /* a straddles */
        mpfr_mul(L, a->lo, b->hi, RD);
        mpfr_mul(H, a->hi, b->hi, RU);
    } else if (ca < 0) { /* b straddles */
        mpfr_mul(L, a->lo, b->hi, RD);
        mpfr_mul(H, a->lo, b->lo, RU);
    } else if (cb < 0) { /* a straddles */
        mpfr_mul(L, a->hi, b->lo, RD);
        mpfr_mul(H, a->lo, b->lo, RU);
    } else { /* both straddle */
        mpfr_mul(L, a->lo, b->hi, RD);
        mpfr_mul(scr[2], a->hi, b->lo, RD);
        mpfr_min(L, L, scr[2], RD);
        mpfr_mul(H, a->lo, b->lo, RU);
        mpfr_mul(scr[2], a->hi, b->hi, RU);
        mpfr_max(H, H, scr[2], RU);
    }
    mpfr_set(r->lo, L, RD);
    mpfr_set(r->hi, H, RU);
}

void gpuact_refi_iv_sqr(gref_iv *r, const gref_iv *a)
{
    int c = cls(a);
    if (c > 0) {
        mpfr_sqr(scr[0], a->lo, RD);
        mpfr_sqr(r->hi, a->hi, RU);
    } else if (c < 0) {
        mpfr_sqr(scr[0], a->hi, RD);
        mpfr_sqr(r->hi, a->lo, RU);
    } else {
        mpfr_sqr(scr[0], a->lo, RU);
        mpfr_sqr(scr[1], a->hi, RU);
        mpfr_max(r->hi, scr[0], scr[1], RU);
        mpfr_set_zero(scr[0], 1);
    }
    mpfr_set(r->lo, scr[0], RD);
}

typedef int (*gref_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/* f(x) rounded down into lo and up into hi, from one evaluation */
static void point_both(mpfr_ptr lo, mpfr_ptr hi, mpfr_srcptr x, gref_fn f)
{
    int inex = f(lo, x, RD);
    mpfr_set(hi, lo, RU);
    if (inex != 0)
        mpfr_nextabove(hi);
}

static void incr(gref_iv *r, const gref_iv *a, gref_fn f)
{
    if (iv_is_point(a)) {
        point_both(r->lo, r->hi, a->lo, f);
    } else {
        f(r->lo, a->lo, RD);
        f(r->hi, a->hi, RU);
    }
}

static void decr(gref_iv *r, const gref_iv *a, gref_fn f)
{
    if (iv_is_point(a)) {
        point_both(r->lo, r->hi, a->lo, f);
    } else {
        f(scr[0], a->hi, RD);
        f(r->hi, a->lo, RU);
        mpfr_set(r->lo, scr[0], RD);
    }
}

void gpuact_refi_iv_exp(gref_iv *r, const gref_iv *a) { incr(r, a, mpfr_exp); }
void gpuact_refi_iv_expm1(gref_iv *r, const gref_iv *a) { incr(r, a, mpfr_expm1); }
void gpuact_refi_iv_tanh(gref_iv *r, const gref_iv *a) { incr(r, a, mpfr_tanh); }

void gpuact_refi_iv_sech(gref_iv *r, const gref_iv *a)
{
    int c = cls(a);
    if (c > 0) {
        decr(r, a, mpfr_sech); /* sech decreases on [0, inf) */
    } else if (c < 0) {
        incr(r, a, mpfr_sech);
    } else { /* contains 0: maximum 1 */
        mpfr_sech(scr[2], a->lo, RD);
        mpfr_sech(scr[3], a->hi, RD);
        mpfr_min(r->lo, scr[2], scr[3], RD);
        mpfr_set_ui(r->hi, 1, RU);
    }
}

/* erfc decreases.  MPFR's erfc is the expensive call of the whole reference,
 * so a non-point interval costs one erfc, not two:
 *   erfc(hi) = erfc(lo) - int_lo^hi (2/sqrt(pi)) e^{-t^2} dt
 *           >= erfc(lo) - (hi - lo) * (2/sqrt(pi)) * e^{-m^2},
 * m = min |t| on [lo, hi]; 1.1284 > 2/sqrt(pi) = 1.12837916...; the bound is
 * evaluated with upward rounding at 32 bits (it only widens by ~1 ulp).
 * erfc > 0, so a negative lower bound is replaced by 0. */
void gpuact_refi_iv_erfc(gref_iv *r, const gref_iv *a, const gref_iv *inv_sqrt_pi)
{
    if (iv_is_point(a)) {
        gpuact_refi_erfc_point(r->lo, r->hi, a->lo, inv_sqrt_pi);
        return;
    }
    gpuact_refi_erfc_point(scr[0], scr[1], a->lo, inv_sqrt_pi); /* scr1 >= erfc(lo) >= erfc(t) */
    if (mpfr_sgn(a->lo) >= 0)
        mpfr_sqr(lip, a->lo, RD);
    else if (mpfr_sgn(a->hi) <= 0)
        mpfr_sqr(lip, a->hi, RD);
    else
        mpfr_set_zero(lip, 1);
    mpfr_neg(lip, lip, RU);
    mpfr_exp(lip, lip, RU);           /* >= e^{-m^2} */
    mpfr_mul_d(lip, lip, 1.1284, RU); /* >= max |erfc'| on [lo, hi] */
    mpfr_sub(scr[2], a->hi, a->lo, RU);
    mpfr_mul(scr[2], scr[2], lip, RU);
    mpfr_sub(scr[0], scr[0], scr[2], RD);
    if (mpfr_sgn(scr[0]) < 0)
        mpfr_set_zero(scr[0], 1);
    mpfr_set(r->lo, scr[0], RD);
    mpfr_set(r->hi, scr[1], RU);
}

/* s = sigma(z) = 1/(1 + e^{-z}) and c = 1 - sigma(z) = 1/(1 + 1/e^{-z})
 * (either may be NULL).  Both are monotone in E = e^{-z} (s decreasing, c
 * increasing), so E is enclosed once.  No cancellation, and no inf * 0:
 * E.hi = +inf (overflow) gives s.lo = 0, c.hi = 1; E.lo = 0 gives c.lo = 0. */
void gpuact_refi_iv_sigmoid(gref_iv *s, gref_iv *c, const gref_iv *z)
{
    mpfr_ptr elo = scr[0], ehi = scr[1], t = scr[2];
    if (iv_is_point(z)) {
        mpfr_neg(t, z->lo, RD);
        point_both(elo, ehi, t, mpfr_exp);
    } else {
        mpfr_neg(t, z->hi, RD);
        mpfr_exp(elo, t, RD);
        mpfr_neg(t, z->lo, RU);
        mpfr_exp(ehi, t, RU);
    }
    if (c != NULL) {
        mpfr_ui_div(t, 1, elo, RU);
        mpfr_add_ui(t, t, 1, RU);
        mpfr_ui_div(scr[3], 1, t, RD);
        mpfr_ui_div(t, 1, ehi, RD);
        mpfr_add_ui(t, t, 1, RD);
        mpfr_ui_div(c->hi, 1, t, RU);
        mpfr_set(c->lo, scr[3], RD);
    }
    if (s != NULL) {
        mpfr_add_ui(t, ehi, 1, RU);
        mpfr_ui_div(s->lo, 1, t, RD);
        mpfr_add_ui(t, elo, 1, RD);
        mpfr_ui_div(s->hi, 1, t, RU);
    }
}
