/* tests/accuracy/bias_rows.c - the bound gpuact__bias_tt1 (gpuact_kernels.cuh
   9.3) takes for the derivative of a table-tier row: g'(t) from
   gpuact__tt_poly_d within 2^-16 |g'| + 2^-30 of the true derivative, for
   the four table ops' f rows (Q = f/x at -t) and f' rows (A = f' at -t), on
   every 32nd fp32 t in [2^-40, T] (the rows' whole range), and for
   swish_tanh's (gpuact__bias_st_tt1: Q = f/x and A = f' at x, s = 1/2, no
   clamp) on every 32nd fp32 x of the tier's class 1, against long double
   (expl: within a few units of 2^-64). Prints the largest excess
   over 2^-16 |g'| per row kind (the absolute part needed where f'' = 0) and
   fails if any reaches 2^-30: FAIL x=%a ref=%a got=%a. */
#include "gpuact_kernels.cuh"
#include <math.h>
#include <stdio.h>

static long double sig(long double z) { return 1 / (1 + expl(-z)); }
static long double phi(long double x) { return expl(-x * x / 2) / sqrtl(2 * 3.14159265358979323846264338327950288L); }

/* the derivative wrt t of the row function at t (x = -t): Q(t) = P(x), P = f/x, so Q' = -P'(x); A(t) = f'(x), A' = -f''(x) */
static long double truth(int op, int deriv, long double x) {
    if (op == GPUACT_OP_GELU_ERF) return deriv ? -(phi(x) * (2 - x * x)) : -phi(x);
    {
        const long double C = 0.79788456080286535587989211986876L, K = 0.044715L;
        long double z, z1, z2, s, sp;
        if (op == GPUACT_OP_GELU_TANH) { z = 2 * C * (x + K * x * x * x); z1 = 2 * C * (1 + 3 * K * x * x); z2 = 12 * C * K * x; }
        else if (op == GPUACT_OP_GELU_SIGMOID) { z = 1.702L * x; z1 = 1.702L; z2 = 0; }
        else { z = x; z1 = 1; z2 = 0; }
        s = sig(z);
        sp = s * (1 - s);
        return deriv ? -(2 * sp * z1 + x * (sp * (1 - 2 * s) * z1 * z1 + sp * z2)) : -(sp * z1);
    }
}

/* swish_tanh, s = 1/2, no clamp: f = tanh(w), w = x sig(x)/2. Q = f/x =
   sig(x)/2 G(w) with G(w) = tanh(w)/w (a series below |w| = 2^-7, where the
   quotient would cancel); Q' = sig'/2 G + sig/2 G'(w) w'; A' = f'' =
   sech^2(w) (w'' - 2 tanh(w) w'^2). */
static long double st_truth(int deriv, long double x) {
    const long double s = sig(x), sp = s * (1 - s), w = x * s / 2, w1 = (s + x * sp) / 2;
    const long double w2 = (2 * sp + x * sp * (1 - 2 * s)) / 2, th = tanhl(w), se = 1 - th * th;
    long double G, G1;
    if (deriv) return se * (w2 - 2 * th * w1 * w1);
    if (fabsl(w) < 0x1p-7L) {
        const long double u = w * w;
        G = 1 + u * (-1.0L / 3 + u * (2.0L / 15 + u * (-17.0L / 315 + u * (62.0L / 2835))));
        G1 = w * (-2.0L / 3 + u * (8.0L / 15 + u * (-102.0L / 315 + u * (496.0L / 2835))));
    } else {
        G = th / w;
        G1 = (se * w - th) / (w * w);
    }
    return sp / 2 * G + s / 2 * G1 * w1;
}

/* swish_tanh's rows over class 1 (x in [-13.75, 2.2177], |x| >= 2^-40) */
static void st_rows(long *passed, long *failed) {
    const gpuact_cfg c = gpuact_cfg_default();
    int deriv, side;
    for (deriv = 0; deriv < 2; deriv++) {
        const uint32_t *tab = gpuact__tt_tab(GPUACT_OP_SWISH_TANH, deriv);
        double worst = 0.0;
        long n = 0;
        for (side = 0; side < 2; side++) {
            uint32_t u;
            for (u = gpuact__f2u(9.09494702e-13f); u < 0x7f800000u; u += 32) {
                const float x = side ? gpuact__u2f(u) : -gpuact__u2f(u);
                if (gpuact__tt_st_class(x, &c) != 1) {
                    if (side ? x > GPUACT__TT_ST_XTOP : x < GPUACT__TT_ST_XLO) break;
                    continue;
                }
                {
                    uint32_t kb;
                    const float d = gpuact__tt_st_d(x, &kb);
                    float g2, q1;
                    const long double tr = st_truth(deriv, x);
                    double ex;
                    (void)gpuact__tt_poly_d(tab, kb, d, deriv, &g2, &q1);
                    ex = (double)(fabsl((long double)q1 - tr) - 0x1p-16L * fabsl((long double)q1));
                    n++;
                    if (ex > worst) worst = ex;
                    if (ex >= 0x1p-30) {
                        if ((*failed)++ < 10) printf("FAIL swish_tanh %s x=%a ref=%a got=%a\n", deriv ? "f'" : "f", x, (double)tr, q1);
                    } else {
                        (*passed)++;
                    }
                }
            }
        }
        printf("%-13s %-2s row derivative: %ld x, largest |err| - 2^-16 |g'| = %s2^%.1f (bound 2^-30)\n", "swish_tanh",
               deriv ? "f'" : "f", n, worst > 0 ? "" : "<= 0, ", worst > 0 ? log2(worst) : -INFINITY);
    }
}

int main(void) {
    static const int ops[4] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_GELU_SIGMOID, GPUACT_OP_SILU};
    static const char *names[8] = {"", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "", "", "silu", ""};
    long passed = 0, failed = 0;
    int oi, deriv;
    for (oi = 0; oi < 4; oi++)
        for (deriv = 0; deriv < 2; deriv++) {
            const int op = ops[oi];
            const uint32_t *tab = gpuact__tt_tab(op, deriv);
            const float S = gpuact__tt_s(op), T = (float)(GPUACT__TT_N - 1) / S;
            double worst = 0.0;
            long n = 0;
            uint32_t u;
            for (u = gpuact__f2u(9.09494702e-13f); gpuact__u2f(u) <= T; u += 32) {
                const float t = gpuact__u2f(u);
                uint32_t kb;
                float tc, g2, q1;
                const float d = gpuact__tt_d(t, S, &kb, &tc);
                const long double tr = truth(op, deriv, -(long double)t);
                double ex;
                (void)gpuact__tt_poly_d(tab, kb, d, deriv, &g2, &q1);
                ex = (double)(fabsl((long double)q1 - tr) - 0x1p-16L * fabsl((long double)q1));
                n++;
                if (ex > worst) worst = ex;
                if (ex >= 0x1p-30) {
                    if (failed++ < 10) printf("FAIL %s %s x=%a ref=%a got=%a\n", names[op], deriv ? "f'" : "f", -t, (double)tr, q1);
                } else {
                    passed++;
                }
            }
            printf("%-13s %-2s row derivative: %ld t, largest |err| - 2^-16 |g'| = %s2^%.1f (bound 2^-30)\n", names[op],
                   deriv ? "f'" : "f", n, worst > 0 ? "" : "<= 0, ", worst > 0 ? log2(worst) : -INFINITY);
        }
    st_rows(&passed, &failed);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
