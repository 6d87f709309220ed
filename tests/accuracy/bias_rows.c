/* tests/accuracy/bias_rows.c - the bound gpuact__bias_tt1 (gpuact_kernels.cuh
   9.3) takes for the derivative of a table-tier row: g'(t) from
   gpuact__tt_poly_d within 2^-16 |g'| + 2^-30 of the true derivative, for
   the four table ops' f rows (Q = f/x at -t) and f' rows (A = f' at -t), on
   every 32nd fp32 t in [2^-40, T] (the rows' whole range), against long
   double (expl: within a few units of 2^-64). Prints the largest excess
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
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
