/* fuzz_special.c - special values and the places where results overflow or
   underflow, every op, format and direction, and the gated forms.

   Input (little-endian, 42 bytes; missing bytes read as 0):
     0 op (1 + b % 7)   1 format (b % 3)   2 direction (b % 4; 3 = dx from y,
     elu with alpha >= 0 and selu only, else 2)   3 set (b & 0xf, plus an
     unknown bit when b >= 0xf0)
     then six fields, x, dy, alpha, scale, lo, hi, of 5 bytes each:
       sel, v (u32)
       sel >= 0xc0: raw bits v (every pattern reachable)
       sel <  0xc0: entry sel % N of the field's table, moved by k ulps in
                    the format's bit space: k = 0, (int8)v, (int8)v >> 4 or
                    (int16)(v >> 16) for (v >> 8) & 3 = 0..3; negated when
                    (v >> 10) & 1.
     34 mode: fz_read_mode (fuzz_core.h; 0 or absent: accurate as before,
        b & 7 = 1..5 fast mode)
     35 gated: b & 3: 0 (or absent) the single op, as before; 1 y = f(x) b,
        2 da = dy b f'(x), 3 db = dy f(x) (x is a; byte 2 unused; a valid
        mode byte evaluates in accurate mode, the gated forms' only one)
     36..40 b: a field like the others (gated and bias forms)
     41 bias: b % 3: 0 (or absent) as above; where byte 35 chose no gated
        form, 1 y = f(x + b), 2 dx = dy f'(x + b) (accurate mode;
        swish_tanh's sums from its clamp edges too). x then names the sum: bit 2 of
        byte 41 set, x is the field at 36 (the gated forms' b and dy
        table: extremes, specials) and b = t - x rounded to the format,
        with t the x field's entry (so x + b lands next to t, which need
        not be a float: fp32 x + b then has a rounding error e != 0);
        clear, x is t and b the field at 36. dy as for the single ops,
        its product-edge entries from f'(t).
   Tables: NaNs (quiet, signalling, payloads, negative), +-0, +-inf, the
   smallest/largest subnormals, the smallest normal, the largest finite
   value, 1, 2^-60 and 2^-40 (the core's tiny-argument thresholds), the
   core's cut-offs per op (-14.5, -19.875, 10 ...), the zeros of f' and their
   windows, and, solved per op and format in double precision, the x where
   |f| and |f'| cross the smallest normal, the smallest subnormal and half of
   it (the underflow-to-zero edge), where selu overflows, where elu saturates;
   for swish_tanh the x where s silu(x) meets lo, hi, atanh(lo), atanh(hi),
   +-20 and +-2^-40 (computed per input); for dy, the values that put
   dy f'(x) at those edges and at the overflow threshold.
   Gated forms: x from the same table plus the gated path's own cut-offs
   (where f(a) = a (1 - q) begins: 10, 9, 47, 80; the ends of its negative
   tails: -8, -19.875, -24.25, -14, -15.6, -120, -170; elu/selu: expm1's
   split at |x| = 0.0054 and -42) and the a where |f|
   or |f'| reach 2^-126, 2^-152, 2^-280, 2^-406 (what a product with a huge
   b or dy can still lift into the floats); b and dy from the special
   values plus extremes (1e30, 2^-64, 2^64, largest finite, smallest
   subnormal) and entries solved per input that put the product at the
   edges above: y's b = t / f(a), db's dy = t / f(a), da's b = t / f'(a)
   and dy = t / (b f'(a)), with f, f' of the exact a in double (the
   reference's binary64).
   Bias forms: the sum's targets t are the gated table's a (above).
   Check: the result must be bit-equal to the correctly rounded reference
   (sign of zero, canonical NaN) when that is NaN, inf, zero or subnormal;
   otherwise the usual bars (fuzz_ref.h; gated forms: binary32 0.501 ulp,
   16-bit correctly rounded). Fast mode: NaN (canonical), inf
   and zero signs exactly, exact zeros bit-equal, the fast-mode bounds
   otherwise (fz_check_fast). */
#include "fuzz_ref.h"

/* ---- double-precision models, only to locate thresholds ------------------ */
static double sig_d(double z) { return z >= 0 ? 1.0 / (1.0 + exp(-z)) : exp(z) / (1.0 + exp(z)); }
static double sig_c(double z) { return z >= 0 ? exp(-z) / (1.0 + exp(-z)) : 1.0 / (1.0 + exp(z)); } /* 1 - sigma */
static double model(int op, int deriv, double x) {
    const double k = 0.79788456080286535588; /* sqrt(2/pi) */
    double z, s;
    switch (op) {
    case GPUACT_OP_GELU_ERF:
        if (!deriv) return 0.5 * x * erfc(-x / sqrt(2.0));
        return 0.5 * erfc(-x / sqrt(2.0)) + x * exp(-0.5 * x * x) / 2.5066282746310002;
    case GPUACT_OP_GELU_TANH:
        z = 2.0 * k * (x + 0.044715 * x * x * x);
        s = sig_d(z);
        if (!deriv) return x * s;
        return s * (1.0 + x * sig_c(z) * 2.0 * k * (1.0 + 3.0 * 0.044715 * x * x));
    case GPUACT_OP_GELU_SIGMOID:
    case GPUACT_OP_SILU:
        z = op == GPUACT_OP_SILU ? x : 1.702 * x;
        if (!deriv) return x * sig_d(z);
        return sig_d(z) * (1.0 + z * sig_c(z));
    default: return 0;
    }
}
/* x in [a, b] with |F(x)| = t, |F| increasing from a to b */
static double solve_tail(int op, int deriv, double t, double a, double b) {
    int i;
    for (i = 0; i < 200 && a < b; i++) {
        double m = 0.5 * (a + b);
        if (m <= a || m >= b) break;
        if (fabs(model(op, deriv, m)) < t) a = m;
        else b = m;
    }
    return 0.5 * (a + b);
}
static double silu_d(double x) { return x * sig_d(x); }
#define SILU_XMIN (-1.2784645427610738) /* argmin of silu */
/* x with silu(x) = t on the branch right (1) or left (0) of SILU_XMIN; NaN if none */
static double solve_silu(double t, int right) {
    double a, b;
    int i;
    if (!(t > silu_d(SILU_XMIN)) || fabs(t) > 1e38) return NAN;
    if (right) { a = SILU_XMIN; b = (t > 0 ? t : 0) + 1.0; }
    else { if (t >= 0) return NAN; a = -1000.0; b = SILU_XMIN; }
    for (i = 0; i < 200; i++) {
        double m = 0.5 * (a + b), v = silu_d(m);
        if (m <= a || m >= b) break;
        if ((v < t) == (right != 0)) a = m;
        else b = m;
    }
    return 0.5 * (a + b);
}

/* ---- format bits ----------------------------------------------------------- */
static uint32_t sign_bit(int fmt) { return fmt == 0 ? 0x80000000u : 0x8000u; }
static uint32_t move_ulps(int fmt, uint32_t b, long k) {
    uint32_t s = sign_bit(fmt), m = b & ~s & fz_mask(fmt);
    int64_t o = (b & s) ? -(int64_t)m : (int64_t)m;
    if (k == 0) return b;
    o += k;
    if (o < 0) return (s | (uint32_t)(-o)) & fz_mask(fmt);
    return (uint32_t)o & fz_mask(fmt);
}
static uint32_t enc_val(int fmt, double v) { return fz_enc(fmt, v); }

/* ---- tables ------------------------------------------------------------------ */
#define TMAX 160
typedef struct { uint32_t v[TMAX]; int n; } table;
static void tput(table *t, uint32_t b) { if (t->n < TMAX) t->v[t->n++] = b; }
static void tputd(table *t, int fmt, double v) { if (v == v) tput(t, enc_val(fmt, v)); }
static void base_specials(table *t, int fmt) {
    static const uint32_t nan32[4] = {0x7fc00000u, 0x7f800001u, 0x7fffffffu, 0xffc00000u};
    static const uint32_t nan16[4] = {0x7e00u, 0x7c01u, 0x7fffu, 0xfe00u};
    static const uint32_t nanb[4] = {0x7fc0u, 0x7f81u, 0x7fffu, 0xffc0u};
    const uint32_t *nans = fmt == 0 ? nan32 : fmt == 1 ? nan16 : nanb;
    int i;
    for (i = 0; i < 4; i++) tput(t, nans[i]);
    tput(t, 0); tput(t, sign_bit(fmt));
    tputd(t, fmt, INFINITY); tputd(t, fmt, -INFINITY);
    tputd(t, fmt, tu_min_sub(fmt)); tputd(t, fmt, tu_min_normal(fmt) - tu_min_sub(fmt));
    tputd(t, fmt, tu_min_normal(fmt)); tputd(t, fmt, tu_max_finite(fmt));
    tputd(t, fmt, 1.0); tputd(t, fmt, 0.5); tputd(t, fmt, 2.0); tputd(t, fmt, 3.0);
}
static table XT[8][3];
static int xt_ready;
static void build_x_tables(void) {
    static const double tiny[] = {0x1p-60, 0x1p-40, 0x1p-24, 0x1p-12, 0x1p-3, 1.0 / 128};
    static const double cut[8][12] = {
        {0},
        {-14.5, -19.875, 10.0, -5.0, -13.3, -14.2, -0.75179156, 0, 0, 0, 0, 0},
        {-11.0, -14.0, 9.0, 11.0, -5.0, -10.0, -0.75246142, 0, 0, 0, 0, 0},
        {70.0, -70.0, -120.0, -60.0, -0.75115426, 0, 0, 0, 0, 0, 0, 0},
        {-200.0, -300.0, -17.3, -25.0, -103.5, -1.0, 0, 0, 0, 0, 0, 0},
        {-200.0, -300.0, -17.3, -25.0, -103.5, -1.0, 0, 0, 0, 0, 0, 0},
        {120.0, -300.0, -87.3, -103.9, -80.0, -105.0, -1.2784645, 0, 0, 0, 0, 0},
        {120.0, -300.0, -87.3, -103.9, -1.2784645, 20.0, 40.0, 0, 0, 0, 0, 0},
    };
    static const uint32_t zeros[8] = {0, 0xbf407569u, 0xbf40a150u, 0xbf404ba5u, 0, 0, 0xbfa3a4bau, 0xbfa3a4bau};
    int op, fmt, i, d;
    for (op = 1; op <= 7; op++)
        for (fmt = 0; fmt < 3; fmt++) {
            table *t = &XT[op][fmt];
            base_specials(t, fmt);
            for (i = 0; i < (int)(sizeof tiny / sizeof tiny[0]); i++) tputd(t, fmt, tiny[i]);
            for (i = 0; i < 12 && cut[op][i] != 0; i++) tputd(t, fmt, cut[op][i]);
            if (zeros[op]) {
                double z = (double)tu_u2f(zeros[op]);
                tputd(t, fmt, z); tputd(t, fmt, z - 1.0 / 128); tputd(t, fmt, z + 1.0 / 128);
            }
            /* tails: |f|, |f'| at the smallest normal, smallest subnormal, half of it, 1.5 of it */
            if (op <= 3 || op >= 6) {
                int mop = op == 7 ? GPUACT_OP_SILU : op;
                double ts[4];
                ts[0] = tu_min_normal(fmt); ts[1] = tu_min_sub(fmt); ts[2] = tu_min_sub(fmt) / 2; ts[3] = 1.5 * tu_min_sub(fmt);
                for (d = 0; d < 2; d++)
                    for (i = 0; i < 4; i++) tputd(t, fmt, solve_tail(mop, d, ts[i], -1000.0, d ? -3.0 : -1.5));
            }
            if (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) {
                double la = op == GPUACT_OP_SELU ? 1.0507009873554805 * 1.6732632423543772 : 1.0;
                double ts[4];
                ts[0] = tu_min_normal(fmt); ts[1] = tu_min_sub(fmt); ts[2] = tu_min_sub(fmt) / 2; ts[3] = 1.5 * tu_min_sub(fmt);
                for (i = 0; i < 4; i++) tputd(t, fmt, log(ts[i] / la));          /* f' underflow */
                tputd(t, fmt, -(tu_prec(fmt) + 1) * 0.69314718055994531);                       /* f saturates at -la */
                tputd(t, fmt, -(tu_prec(fmt) + 2) * 0.69314718055994531);
                tputd(t, fmt, -la);                                               /* y = -lambda alpha (from-y) */
                if (op == GPUACT_OP_SELU) {
                    double lam = 1.0507009873554805;
                    tputd(t, fmt, tu_max_finite(fmt) / lam);                     /* overflow edges */
                    tputd(t, fmt, (tu_max_finite(fmt) + tu_ulp(fmt, tu_max_finite(fmt)) / 2) / lam);
                    tputd(t, fmt, 3.2e38); tputd(t, fmt, 3.3e38);
                    tputd(t, fmt, 65504.0 / lam); tputd(t, fmt, 65520.0 / lam);
                }
            }
        }
    xt_ready = 1;
}

/* the gated forms' a: XT's entries, then the gated path's cut-offs
   (gpuact_kernels.cuh 9.2) and the a where |f|, |f'| reach what a product
   with an extreme b still lifts into the floats */
static table XG[8][3];
static int xg_ready;
static void build_gated_tables(void) {
    static const double cut[8][8] = {
        {0},
        {10.0, -8.0, -19.875, -24.25, 8.0, 0, 0, 0},
        {9.0, -8.0, -14.0, -15.6, 8.0, 0, 0, 0},
        {47.0, -8.0, -120.0, -170.0, 46.0, 0, 0, 0},
        {-0.0054, -0.0055, -0.01, -0.1, -42.0, -87.3, -103.9, 0}, /* expm1's split at 0.0054, -42 */
        {-0.0054, -0.0055, -0.01, -0.1, -42.0, -87.3, -103.9, 0},
        {80.0, -80.0, -87.3, -103.97, -150.0, -188.0, 0, 0},
        {80.0, -80.0, -87.3, -103.97, -150.0, 0, 0, 0},
    };
    static const double lev[4] = {0x1p-126, 0x1p-152, 0x1p-280, 0x1p-406};
    int op, fmt, i, d;
    for (op = 1; op <= 7; op++)
        for (fmt = 0; fmt < 3; fmt++) {
            table *t = &XG[op][fmt];
            *t = XT[op][fmt];
            for (i = 0; i < 8 && cut[op][i] != 0; i++) tputd(t, fmt, cut[op][i]);
            if (op <= 3 || op >= 6) {
                int mop = op == 7 ? GPUACT_OP_SILU : op;
                for (d = 0; d < 2; d++)
                    for (i = 0; i < 4; i++) tputd(t, fmt, solve_tail(mop, d, lev[i], -1000.0, d ? -3.0 : -1.5));
            } else {
                double la = op == GPUACT_OP_SELU ? 1.0507009873554805 * 1.6732632423543772 : 1.0;
                for (i = 0; i < 4; i++) tputd(t, fmt, log(lev[i] / la)); /* f' = la e^x */
            }
        }
    xg_ready = 1;
}

/* a field: table entry or raw bits. extra(i) gives the dynamic entries. */
typedef uint32_t (*dyn_fn)(int i, int fmt, void *ctx);
static uint32_t read_field(fz_in *in, int fmt, const table *t, int ndyn, dyn_fn dyn, void *ctx) {
    uint8_t sel = fz_u8(in);
    uint32_t v = fz_u32(in), b;
    long k;
    int n = t->n + ndyn, idx;
    if (sel >= 0xc0 || n == 0) return v & fz_mask(fmt);
    idx = sel % n;
    b = idx < t->n ? t->v[idx] : dyn(idx - t->n, fmt, ctx);
    switch ((v >> 8) & 3) {
    case 0: k = 0; break;
    case 1: k = (int8_t)(v & 0xff); break;
    case 2: k = ((int8_t)(v & 0xff)) / 16; break;
    default: k = (int16_t)(v >> 16); break;
    }
    if ((v >> 10) & 1) b ^= sign_bit(fmt);
    return move_ulps(fmt, b, k);
}

/* swish_tanh's dynamic x entries: roots of s silu(x) = c */
typedef struct { const gpuact_cfg *c; } swish_ctx;
#define SWISH_NDYN 24
static uint32_t swish_dyn(int i, int fmt, void *vctx) {
    const gpuact_cfg *c = ((swish_ctx *)vctx)->c;
    double targets[12], t, s = c->scale, r;
    int nt = 0;
    targets[nt++] = c->lo; targets[nt++] = c->hi;
    targets[nt++] = fabs(c->lo) < 1 ? atanh(c->lo) : NAN;
    targets[nt++] = fabs(c->hi) < 1 ? atanh(c->hi) : NAN;
    targets[nt++] = 20.0; targets[nt++] = -20.0;
    targets[nt++] = 0x1p-40; targets[nt++] = -0x1p-40;
    targets[nt++] = 150.0; targets[nt++] = -150.0;
    targets[nt++] = 0.5 * c->lo; targets[nt++] = 0.5 * c->hi;
    t = targets[(i / 2) % 12];
    if (s == 0 || t != t || isinf(t)) return 0;
    r = solve_silu(t / s, i & 1);
    return r == r ? enc_val(fmt, r) : 0;
}
/* elu's dynamic x entry: -alpha (y that zeroes y + alpha for dx from y) */
static uint32_t elu_dyn(int i, int fmt, void *vctx) {
    const gpuact_cfg *c = ((swish_ctx *)vctx)->c;
    (void)i;
    return enc_val(fmt, -(double)c->alpha);
}

/* dy entries that put dy * d at the edges; d = f'(x) (library, as double) */
typedef struct { double d; } dy_ctx;
static uint32_t dy_dyn(int i, int fmt, void *vctx) {
    double d = ((dy_ctx *)vctx)->d, t[6];
    t[0] = tu_min_sub(fmt); t[1] = tu_min_sub(fmt) / 2; t[2] = 1.5 * tu_min_sub(fmt);
    t[3] = tu_min_normal(fmt); t[4] = tu_max_finite(fmt);
    t[5] = tu_max_finite(fmt) + tu_ulp(fmt, tu_max_finite(fmt)) / 2;
    if (!(d == d) || d == 0 || isinf(d)) return enc_val(fmt, 1.0);
    return enc_val(fmt, t[i % 6] / d);
}

/* the gated forms' b and dy entries that put the product d * v at the edges
   (d: f(a), f'(a) or b f'(a) in double; as dy_dyn) */
typedef struct { double d; } gd_ctx;
static uint32_t gated_dyn(int i, int fmt, void *vctx) {
    double d = ((gd_ctx *)vctx)->d, t[8];
    t[0] = tu_min_sub(fmt); t[1] = tu_min_sub(fmt) / 2; t[2] = 1.5 * tu_min_sub(fmt);
    t[3] = tu_min_normal(fmt); t[4] = tu_max_finite(fmt);
    t[5] = tu_max_finite(fmt) + tu_ulp(fmt, tu_max_finite(fmt)) / 2;
    t[6] = 1.0; t[7] = tu_min_normal(fmt) - tu_min_sub(fmt) / 2;
    if (!(d == d) || d == 0 || isinf(d)) return enc_val(fmt, 1.0);
    return enc_val(fmt, t[i % 8] / d);
}
#define GATED_NDYN 8

static table AT, ST, LT, HT, DT[3], GT[3];
static void build_param_tables(void) {
    static const double a[] = {1, 0, -0.0, 0.5, 2, -1, -0.5, 0x1p-149, 3.4028234663852886e38, 1e-30, 1e30,
                               -3.4028234663852886e38, 1 + 3.0 / 256, 1 + 1.0 / 2048, 1.6732632423543772, NAN, INFINITY, -INFINITY};
    static const double s[] = {0.5, -0.5, 0, -0.0, 1, 1.3, 2, -2, 1e-30, 1e30, 3.4028234663852886e38,
                               -3.4028234663852886e38, 0x1p-149, 0x1p-140, 20, 1000, NAN, INFINITY};
    static const double lo[] = {-1, 0, -0.0, -INFINITY, -0.5, -0.76159415595576489, -20, -3.4028234663852886e38,
                                0.25, 1, NAN, INFINITY, -0x1p-149};
    static const double hi[] = {1, 0, -0.0, INFINITY, 0.5, 0.76159415595576489, 20, 3.4028234663852886e38,
                                -0.25, -1, NAN, -INFINITY, 0x1p-149};
    unsigned i;
    int f;
    for (i = 0; i < sizeof a / sizeof a[0]; i++) tput(&AT, tu_f2u((float)a[i]));
    for (i = 0; i < sizeof s / sizeof s[0]; i++) tput(&ST, tu_f2u((float)s[i]));
    for (i = 0; i < sizeof lo / sizeof lo[0]; i++) tput(&LT, tu_f2u((float)lo[i]));
    for (i = 0; i < sizeof hi / sizeof hi[0]; i++) tput(&HT, tu_f2u((float)hi[i]));
    for (f = 0; f < 3; f++) {
        base_specials(&DT[f], f);
        tputd(&DT[f], f, -1.0); tputd(&DT[f], f, 0x1p-20); tputd(&DT[f], f, 1e30);
        /* the gated forms' b and dy: extremes of either sign, huge and tiny products */
        base_specials(&GT[f], f);
        tputd(&GT[f], f, -1.0); tputd(&GT[f], f, 0x1p-20); tputd(&GT[f], f, 1e30); tputd(&GT[f], f, -1e30);
        tputd(&GT[f], f, 0x1p-64); tputd(&GT[f], f, 0x1p64); tputd(&GT[f], f, -tu_max_finite(f));
        tputd(&GT[f], f, -tu_min_sub(f)); tputd(&GT[f], f, 1.0 + tu_ulp(f, 1.0)); tputd(&GT[f], f, 1.5);
    }
}
static uint32_t no_dyn(int i, int fmt, void *ctx) { (void)i; (void)fmt; (void)ctx; return 0; }

/* a gated form: a from XG, b and dy from GT with the product-edge entries */
static int gated_case(fz_case *k, int gated, fz_in *xin, fz_in *bin) {
    swish_ctx sc;
    gd_ctx gc;
    gpuact_ref_params rp;
    double a, fa, ga;
    const table *xt;
    k->gated = gated;
    k->c.mode = GPUACT_MODE_ACCURATE;
    k->dir = gated == FZ_GATED_DA ? 2 : 0;
    sc.c = &k->c;
    xt = &XG[k->op][k->fmt];
    if (k->op == GPUACT_OP_SWISH_TANH) k->xb = read_field(xin, k->fmt, xt, SWISH_NDYN, swish_dyn, &sc);
    else if (k->op == GPUACT_OP_ELU) k->xb = read_field(xin, k->fmt, xt, 1, elu_dyn, &sc);
    else k->xb = read_field(xin, k->fmt, xt, 0, no_dyn, NULL);
    /* f(a), f'(a) of the exact a, in binary64 (targets only) */
    rp = tu_refp(&k->c);
    a = tu_ref_dec(k->fmt, k->xb);
    fa = gpuact_ref_eval(k->op, 0, a, &rp, GPUACT_REF_F64);
    ga = gpuact_ref_eval(k->op, 1, a, &rp, GPUACT_REF_F64);
    gc.d = gated == FZ_GATED_DA ? ga : fa;
    k->bb = read_field(bin, k->fmt, &GT[k->fmt], GATED_NDYN, gated_dyn, &gc);
    gc.d = gated == FZ_GATED_DA ? ga * tu_ref_dec(k->fmt, k->bb) : fa;
    k->db = read_field(xin, k->fmt, &GT[k->fmt], GATED_NDYN, gated_dyn, &gc);
    fz_check(k, fz_lib_gated(gated, k->op, k->fmt, k->xb, k->bb, k->db, &k->c), 1);
    return 0;
}

/* a bias form: the sum's target t from XG, x and b around it (byte 41) */
static int bias_case(fz_case *k, int form, int diff, fz_in *xin, fz_in *bin) {
    swish_ctx sc;
    dy_ctx dc;
    gpuact_ref_params rp;
    uint32_t tb, vb;
    double t, v, g;
    k->bias = form;
    k->c.mode = GPUACT_MODE_ACCURATE;
    k->dir = form == FZ_BIAS_DX ? 2 : 0;
    sc.c = &k->c;
    tb = k->op == GPUACT_OP_ELU          ? read_field(xin, k->fmt, &XG[k->op][k->fmt], 1, elu_dyn, &sc)
         : k->op == GPUACT_OP_SWISH_TANH ? read_field(xin, k->fmt, &XG[k->op][k->fmt], SWISH_NDYN, swish_dyn, &sc)
                                         : read_field(xin, k->fmt, &XG[k->op][k->fmt], 0, no_dyn, NULL);
    vb = read_field(bin, k->fmt, &GT[k->fmt], 0, no_dyn, NULL);
    t = tu_ref_dec(k->fmt, tb);
    v = tu_ref_dec(k->fmt, vb);
    if (diff) { k->xb = vb; k->bb = fz_enc(k->fmt, t - v); }
    else { k->xb = tb; k->bb = vb; }
    /* f'(x + b) of the sum in binary64 (dy's product-edge targets only) */
    rp = tu_refp(&k->c);
    g = gpuact_ref_eval(k->op, 1, tu_ref_dec(k->fmt, k->xb) + tu_ref_dec(k->fmt, k->bb), &rp, GPUACT_REF_F64);
    dc.d = g;
    k->db = form == FZ_BIAS_DX ? read_field(xin, k->fmt, &DT[k->fmt], 6, dy_dyn, &dc) : 0u;
    fz_check(k, fz_lib_bias(form, k->op, k->fmt, k->xb, k->bb, k->db, &k->c), 1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = fz_in_make(data, size);
    fz_case k;
    gpuact_params p;
    uint8_t setb;
    uint32_t xb, gotb;
    swish_ctx sc;
    dy_ctx dc;
    fz_in xin, bin;
    int gated, bias;
    memset(&k, 0, sizeof k);
    if (!xt_ready) { build_x_tables(); build_param_tables(); }
    if (!xg_ready) build_gated_tables();
    k.op = 1 + fz_u8(&in) % 7;
    k.fmt = fz_u8(&in) % 3;
    k.dir = fz_u8(&in) % 4;
    setb = fz_u8(&in);
    /* x and dy are decoded after the parameters (their tables depend on them) */
    xin = in;
    in.i += 10;
    memset(&p, 0, sizeof p);
    p.set = (unsigned)(setb & 0xfu) | (setb >= 0xf0 ? 0x100u : 0u);
    p.alpha = tu_u2f(read_field(&in, 0, &AT, 0, no_dyn, NULL));
    p.scale = tu_u2f(read_field(&in, 0, &ST, 0, no_dyn, NULL));
    p.lo = tu_u2f(read_field(&in, 0, &LT, 0, no_dyn, NULL));
    p.hi = tu_u2f(read_field(&in, 0, &HT, 0, no_dyn, NULL));
    fz_read_mode(fz_u8(&in), &p);
    gated = fz_u8(&in) & 3;
    bin = in; /* b: bytes 36..40 */
    in.i += 5;
    bias = fz_u8(&in);
    if (!fz_resolve_checked(k.op, &p, &k.c)) return 0;
    if (gated) return gated_case(&k, gated, &xin, &bin);
    if (bias % 3) return bias_case(&k, bias % 3, (bias >> 2) & 1, &xin, &bin);
    if (k.dir == 3 && (k.op != GPUACT_OP_ELU && k.op != GPUACT_OP_SELU)) k.dir = 2;
    if (k.dir == 3 && k.op == GPUACT_OP_ELU && k.c.alpha < 0.0f) k.dir = 2;
    sc.c = &k.c;
    if (k.op == GPUACT_OP_SWISH_TANH) xb = read_field(&xin, k.fmt, &XT[k.op][k.fmt], SWISH_NDYN, swish_dyn, &sc);
    else if (k.op == GPUACT_OP_ELU) xb = read_field(&xin, k.fmt, &XT[k.op][k.fmt], 1, elu_dyn, &sc);
    else xb = read_field(&xin, k.fmt, &XT[k.op][k.fmt], 0, no_dyn, NULL);
    k.xb = xb;
    /* d: what dy multiplies (f'(x), or y + L / lambda for dx from y) */
    if (k.dir == 3) {
        double y = tu_ref_dec(k.fmt, xb), L = k.op == GPUACT_OP_SELU ? 1.7580993408473768 : (double)k.c.alpha;
        dc.d = y > 0 ? (k.op == GPUACT_OP_SELU ? 1.0507009873554805 : 1.0) : y + L;
    } else {
        dc.d = tu_ref_dec(k.fmt, fz_lib_real(1, k.op, k.fmt, xb, 0, &k.c));
    }
    k.db = read_field(&xin, k.fmt, &DT[k.fmt], 6, dy_dyn, &dc);
    gotb = fz_lib(k.dir, k.op, k.fmt, k.xb, k.db, &k.c);
    fz_check(&k, gotb, 1);
    return 0;
}
