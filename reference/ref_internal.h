/* ref_internal.h - declarations shared by the reference's .c files (not API).
 *
 * Linked names carry the gpuact_refi_ prefix; the short macros below keep the
 * formula code readable. */
#ifndef GPUACT_REF_INTERNAL_H
#define GPUACT_REF_INTERNAL_H

#include <mpfr.h>
#include "gpuact_ref.h"

/* Thread-local storage: C11 keyword when available, else the GNU spelling
 * (gcc and clang accept it in -std=c99). */
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define GREF_TLS _Thread_local
#else
#define GREF_TLS __thread
#endif

/* ---- working precision levels (Ziv) ------------------------------------ */
#define GREF_NLEVELS 7
#define GREF_MAX_PREC 4096
extern const mpfr_prec_t gpuact_refi_level_prec[GREF_NLEVELS]; /* 64 .. 4096 */

/* ---- intervals: [lo, hi] always contains the exact real value ---------- */
typedef struct {
    mpfr_t lo, hi;
} gref_iv;

void gpuact_refi_iv_scratch_prec(mpfr_prec_t p);
void gpuact_refi_iv_release(void);
void gpuact_refi_iv_set_mpfr(gref_iv *r, mpfr_srcptr x);
void gpuact_refi_iv_set_d(gref_iv *r, double d);
void gpuact_refi_iv_set_str(gref_iv *r, const char *dec);
void gpuact_refi_iv_set(gref_iv *r, const gref_iv *a);
int gpuact_refi_iv_is_point(const gref_iv *a);
void gpuact_refi_iv_neg(gref_iv *r, const gref_iv *a);
void gpuact_refi_iv_add(gref_iv *r, const gref_iv *a, const gref_iv *b);
void gpuact_refi_iv_add_si(gref_iv *r, const gref_iv *a, long b);
void gpuact_refi_iv_si_sub(gref_iv *r, long a, const gref_iv *b);
void gpuact_refi_iv_mul(gref_iv *r, const gref_iv *a, const gref_iv *b);
void gpuact_refi_iv_sqr(gref_iv *r, const gref_iv *a);
void gpuact_refi_iv_mul_2si(gref_iv *r, const gref_iv *a, long e);
void gpuact_refi_iv_exp(gref_iv *r, const gref_iv *a);
void gpuact_refi_iv_expm1(gref_iv *r, const gref_iv *a);
void gpuact_refi_iv_tanh(gref_iv *r, const gref_iv *a);
void gpuact_refi_iv_sech(gref_iv *r, const gref_iv *a);
void gpuact_refi_iv_erfc(gref_iv *r, const gref_iv *a, const gref_iv *inv_sqrt_pi);
void gpuact_refi_iv_sigmoid(gref_iv *s, gref_iv *c, const gref_iv *z);
void gpuact_refi_iv_mid(mpfr_ptr m, const gref_iv *a);
/* erfc(t) enclosed in [lo, hi] at lo's precision (ref_erfc.c); inv_sqrt_pi
 * encloses 1/sqrt(pi) at that precision (the level's gref_consts: passed in,
 * so that erfc needs no workspace) */
void gpuact_refi_erfc_point(mpfr_ptr lo, mpfr_ptr hi, mpfr_srcptr t, const gref_iv *inv_sqrt_pi);
void gpuact_refi_erfc_release(void);

#define iv_set_mpfr gpuact_refi_iv_set_mpfr
#define iv_set_d gpuact_refi_iv_set_d
#define iv_set_str gpuact_refi_iv_set_str
#define iv_set gpuact_refi_iv_set
#define iv_is_point gpuact_refi_iv_is_point
#define iv_neg gpuact_refi_iv_neg
#define iv_add gpuact_refi_iv_add
#define iv_add_si gpuact_refi_iv_add_si
#define iv_si_sub gpuact_refi_iv_si_sub
#define iv_mul gpuact_refi_iv_mul
#define iv_sqr gpuact_refi_iv_sqr
#define iv_mul_2si gpuact_refi_iv_mul_2si
#define iv_exp gpuact_refi_iv_exp
#define iv_expm1 gpuact_refi_iv_expm1
#define iv_tanh gpuact_refi_iv_tanh
#define iv_sech gpuact_refi_iv_sech
#define iv_erfc gpuact_refi_iv_erfc
#define iv_sigmoid gpuact_refi_iv_sigmoid

/* ---- constants, enclosed at the level's precision ---------------------- */
typedef struct {
    gref_iv inv_sqrt2;      /* 1/sqrt(2) */
    gref_iv inv_sqrt_2pi;   /* 1/sqrt(2 pi) */
    gref_iv inv_sqrt_pi;    /* 1/sqrt(pi) */
    gref_iv sqrt_2_over_pi; /* sqrt(2/pi) */
    gref_iv c044715;        /* 0.044715 (decimal) */
    gref_iv c3x044715;      /* 3 * 0.044715 */
    gref_iv c1702;          /* 1.702 (decimal) */
    gref_iv selu_lambda;    /* decimal constants of the spec */
    gref_iv selu_alpha;
    gref_iv selu_lambda_alpha;
} gref_consts;

/* ---- values: what an evaluation produced ------------------------------- */
enum { GREF_NAN, GREF_INF, GREF_ZERO, GREF_NUM };
typedef struct {
    int kind;   /* GREF_NAN / GREF_INF / GREF_ZERO (exact) or GREF_NUM */
    int neg;    /* sign (INF, ZERO; NUM once decided) */
    gref_iv *iv; /* NUM: encloses the exact value, which is nonzero */
} gref_val;

enum { GREF_OK = 0, GREF_UNDECIDED = 1 };

/* ---- per-thread workspace ---------------------------------------------- */
#define GREF_STACK 64
typedef struct {
    int level;
    mpfr_prec_t prec;
    int top;                  /* interval stack, reset per evaluation */
    gref_iv stack[GREF_STACK];
    mpfr_t x;                 /* the argument (64 bits: any double exactly) */
    mpfr_t xb;                /* x + b of the bias forms (2200 bits: any two doubles' sum exactly) */
    int force;                /* last level: decide undecidable cases by midpoint */
    int forced;               /* ... and remember that we did */
    unsigned long undecided;  /* calls that ended forced (public counter) */
    int consts_ready[GREF_NLEVELS];
    gref_consts k[GREF_NLEVELS];
} gref_ws;

gref_ws *gpuact_refi_ws(void);
void gpuact_refi_ws_release(void);
void gpuact_refi_begin(gref_ws *w, int level);
gref_iv *gpuact_refi_tmp(gref_ws *w);
const gref_consts *gpuact_refi_consts(gref_ws *w);

/* ---- exponent range ------------------------------------------------------ */
typedef struct {
    mpfr_exp_t emin, emax;
} gref_range;
void gpuact_refi_range_wide(gref_range *saved);
void gpuact_refi_range_restore(const gref_range *saved);

/* ---- formats ------------------------------------------------------------ */
typedef struct {
    mpfr_prec_t p;      /* significand bits incl. the implicit one */
    mpfr_exp_t emin;    /* MPFR convention: smallest subnormal is 2^(emin-1) */
    mpfr_exp_t emax;    /* MPFR convention: values < 2^emax are finite */
    long emin_normal;   /* IEEE minimum normal exponent (ulp definition) */
} gref_fmt;
const gref_fmt *gpuact_refi_fmt(int fmt);
double gpuact_refi_round(mpfr_srcptr v, int neg_if_zero, int fmt);
double gpuact_refi_round_d(double v, int fmt);
void gpuact_refi_format_release(void);

/* ---- evaluation ---------------------------------------------------------- */
/* mode 0: f(x), 1: f'(x), 2: dy * f'(x), 3: dy * f(x).  x must be exact at its precision.
 * On GREF_OK, v->kind is decided and, for GREF_NUM, v->neg is the sign. */
int gpuact_refi_value(gref_ws *w, int op, int mode, mpfr_srcptr x, double dy,
                      const gpuact_ref_params *p, gref_val *v);
int gpuact_refi_decide_sign(gref_ws *w, gref_val *v);
/* 1 and *out set when every value of the enclosure rounds to the same fmt
 * number (always for NaN/INF/ZERO), else 0 */
int gpuact_refi_try_round(const gref_val *v, int fmt, double *out);
/* first Ziv level: 64 bits (level 0) for eval, also for binary64 since a
 * 64-bit enclosure already decides most binary64 roundings; the ulp helper
 * needs 2^-32 ulp and starts binary64 at 128 bits */
int gpuact_refi_start_level(int fmt, int for_ulp);
/* the top precision's decision for modes 2 and 3 (gpuact_ref.c) */
int gpuact_refi_try_round_open(gref_ws *w, const gref_val *v, int fmt, double *out);
void gpuact_refi_note_forced(gref_ws *w, int op, int mode, double x);
/* the argument x + b, exact, in w->x (b = 0: x + b in double, IEEE signed zero) or w->xb */
mpfr_srcptr gpuact_refi_arg(gref_ws *w, double x, double b);

/* the families (fill v->kind / v->neg / *v->iv; sign decided by the caller) */
int gpuact_refi_gelu_family(gref_ws *w, int op, int deriv, mpfr_srcptr x, gref_val *v);
int gpuact_refi_elu(gref_ws *w, int deriv, mpfr_srcptr x, float alpha, gref_val *v);
int gpuact_refi_selu(gref_ws *w, int deriv, mpfr_srcptr x, gref_val *v);
int gpuact_refi_swish_tanh(gref_ws *w, int deriv, mpfr_srcptr x, const gpuact_ref_params *p,
                           gref_val *v);

/* Test-only fault injection (0 = none).  Lets the self-test prove that its
 * checks catch a wrong formula; never set it outside test_ref.c. */
enum {
    GREF_BUG_NONE = 0,
    GREF_BUG_GELU_TANH_D_X3,     /* x^3 instead of x^2 in (2u)' */
    GREF_BUG_GELU_ERF_D_PHI,     /* exp(-x^2) instead of exp(-x^2/2) in phi */
    GREF_BUG_GELU_SIGMOID_D_Z,   /* x instead of z = 1.702x in the bracket */
    GREF_BUG_SELU_D_LAMBDA,      /* alpha e^x instead of lambda alpha e^x */
    GREF_BUG_SWISH_D_TANH,       /* 1 - tanh(w) instead of 1 - tanh(w)^2 */
    GREF_BUG_GELU_TANH_CONST     /* forward uses 0.0447 instead of 0.044715 */
};
extern int gpuact_refi_planted_bug;

#endif /* GPUACT_REF_INTERNAL_H */
