/* ref_erfc.c - rigorous enclosure of erfc(t) at a point, faster than MPFR.
 *
 * MPFR's erfc costs 35-190 us at 64 bits for t in [2.5, 7] (it is the
 * bottleneck of gelu_erf), so:
 *  - |t| < 0.5: mpfr_erfc (fast there);
 *  - 0.5 <= |t| and the continued fraction below would be long: mpfr_erf and
 *    erfc(t) = 1 - erf(t) (t > 0; loses log2(1/erfc(t)) bits, which is kept
 *    below P/4 by the choice of method) or 1 + erf(|t|) (t < 0, no loss);
 *  - otherwise Laplace's continued fraction, for s = |t| > 0:
 *      erfc(s) = e^{-s^2}/sqrt(pi) * K(s),
 *      K(s) = 1/(s + (1/2)/(s + (2/2)/(s + (3/2)/(s + ...)))).
 *    All partial numerators and denominators are positive, so the
 *    convergents alternate around K: by the determinant formula
 *    A_n B_{n-1} - A_{n-1} B_n = (-1)^(n-1) prod a_i, consecutive convergents
 *    differ by alternating signs with shrinking size, and since the CF
 *    converges to sqrt(pi) e^{s^2} erfc(s) for s > 0 (Laplace; classical, see
 *    Jones & Thron, Continued Fractions, 1980), K_1 = 1/s > K_3 > ... > K >
 *    ... > K_4 > K_2.  K_m is evaluated from the tail (r_m = s,
 *    r_k = s + (k/2)/r_{k+1}, K_m = 1/r_1) with the rounding direction
 *    alternating level by level (r -> s + c/r is decreasing), which yields a
 *    proven upper bound of an odd convergent and a proven lower bound of an
 *    even one.  For t < 0, erfc(t) = 2 - erfc(s).
 *  test_ref.c checks that these enclosures contain mpfr_erfc's value. */
#include <math.h>
#include "ref_internal.h"

#define RD MPFR_RNDD
#define RU MPFR_RNDU

static GREF_TLS int ready;
static GREF_TLS mpfr_prec_t cur;
static GREF_TLS mpfr_t s, s2, r, q, elo, ehi, klo, khi;

static void set_prec(mpfr_prec_t p)
{
    if (!ready) {
        mpfr_init2(s, GREF_MAX_PREC);
        mpfr_init2(s2, 2 * GREF_MAX_PREC + 64);
        mpfr_init2(r, GREF_MAX_PREC);
        mpfr_init2(q, GREF_MAX_PREC);
        mpfr_init2(elo, GREF_MAX_PREC);
        mpfr_init2(ehi, GREF_MAX_PREC);
        mpfr_init2(klo, GREF_MAX_PREC);
        mpfr_init2(khi, GREF_MAX_PREC);
        ready = 1;
    }
    if (cur == p)
        return;
    mpfr_set_prec(r, p);
    mpfr_set_prec(q, p);
    mpfr_set_prec(elo, p);
    mpfr_set_prec(ehi, p);
    mpfr_set_prec(klo, p);
    mpfr_set_prec(khi, p);
    cur = p;
}

void gpuact_refi_erfc_release(void)
{
    if (!ready)
        return;
    mpfr_clears(s, s2, r, q, elo, ehi, klo, khi, (mpfr_ptr)0);
    ready = 0;
    cur = 0;
}

/* Bound of the m-th convergent K_m of s: upper if up, else lower. */
static void convergent(mpfr_ptr out, long m, int up)
{
    long k;
    mpfr_set(r, s, ((m & 1) != 0) == (up != 0) ? RD : RU); /* r_m = s */
    for (k = m - 1; k >= 1; k--) {
        /* r_k must be a lower bound when (k odd) == up */
        mpfr_rnd_t d = ((k & 1) != 0) == (up != 0) ? RD : RU;
        mpfr_mul_2ui(q, r, 1, d); /* exact */
        mpfr_ui_div(q, (unsigned long)k, q, d);
        mpfr_add(r, s, q, d);
    }
    mpfr_ui_div(out, 1, r, up ? RU : RD);
}

/* convergents needed for a relative gap of 2^-b, fitted to measurements
 * (an underestimate only costs a retry) */
static long cf_terms(double sd, long b)
{
    double qd = (double)b / sd;
    return (long)(0.065 * qd * qd + 1.2 * qd + 4);
}

/* [lo, hi] contains K(s); returns 0 if the gap target was not met */
static int cf_enclose(long b, long n)
{
    long m = n | 1; /* odd: upper bound from K_m, lower from K_{m+1} */
    convergent(khi, m, 1);
    convergent(klo, m + 1, 0);
    mpfr_sub(q, khi, klo, RU);
    mpfr_div(q, q, klo, RU);
    return mpfr_cmp_si_2exp(q, 1, -b) <= 0;
}

static void erfc_cf(mpfr_ptr lo, mpfr_ptr hi, int neg, double sd, mpfr_prec_t p, const gref_iv *inv_sqrt_pi)
{
    long b = (long)p - 8, n = cf_terms(sd, b);
    int inex;
    while (!cf_enclose(b, n) && n < 100000)
        n += n / 2 + 1;
    /* e^{-s^2}: s^2 is exact at 2P bits */
    mpfr_set_prec(s2, 2 * mpfr_get_prec(s) + 2);
    mpfr_sqr(s2, s, MPFR_RNDN);
    mpfr_neg(s2, s2, MPFR_RNDN);
    inex = mpfr_exp(elo, s2, RD);
    mpfr_set(ehi, elo, RU);
    if (inex != 0)
        mpfr_nextabove(ehi);
    /* erfc(s) in [elo klo / sqrt(pi), ehi khi / sqrt(pi)] (all positive) */
    mpfr_mul(klo, klo, elo, RD);
    mpfr_mul(klo, klo, inv_sqrt_pi->lo, RD);
    mpfr_mul(khi, khi, ehi, RU);
    mpfr_mul(khi, khi, inv_sqrt_pi->hi, RU);
    if (!neg) {
        mpfr_set(lo, klo, RD);
        mpfr_set(hi, khi, RU);
    } else {
        mpfr_ui_sub(lo, 2, khi, RD);
        mpfr_ui_sub(hi, 2, klo, RU);
    }
}

void gpuact_refi_erfc_point(mpfr_ptr lo, mpfr_ptr hi, mpfr_srcptr t, const gref_iv *inv_sqrt_pi)
{
    mpfr_prec_t p = mpfr_get_prec(lo);
    double sd;
    int neg = mpfr_sgn(t) < 0, inex;
    set_prec(p);
    mpfr_set_prec(s, mpfr_get_prec(t));
    mpfr_abs(s, t, MPFR_RNDN); /* exact */
    sd = mpfr_get_d(s, MPFR_RNDN);
    if (sd < 0.5 || mpfr_inf_p(t) || mpfr_nan_p(t)) {
        inex = mpfr_erfc(lo, t, RD);
        mpfr_set(hi, lo, RU);
        if (inex != 0)
            mpfr_nextabove(hi);
        return;
    }
    /* the CF when short, or when 1 - erf would cancel more than P/4 bits
     * (log2(1/erfc(s)) ~ 1.4427 s^2) */
    if (cf_terms(sd, (long)p - 8) <= 64 || 1.4427 * sd * sd > (double)p / 4) {
        erfc_cf(lo, hi, neg, sd, p, inv_sqrt_pi);
        return;
    }
    inex = mpfr_erf(elo, s, RD);
    mpfr_set(ehi, elo, RU);
    if (inex != 0)
        mpfr_nextabove(ehi);
    if (!neg) {
        mpfr_ui_sub(lo, 1, ehi, RD);
        mpfr_ui_sub(hi, 1, elo, RU);
    } else {
        mpfr_add_ui(lo, elo, 1, RD);
        mpfr_add_ui(hi, ehi, 1, RU);
    }
}
