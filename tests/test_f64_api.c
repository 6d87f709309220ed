/* The fp64 host entry points (GPUACT_F64): statuses (fast mode, the gated
   and bias forms, an unknown dtype, NULLs, overlaps), nothing written on
   error, every result equal to the fp64 core's scalar functions (whose
   accuracy tests/accuracy/f64_error.c measures against MPFR) bit for bit
   at every byte offset and in place, and the backward from the output
   (elu, selu) against MPFR: dx = dy (y + lambda alpha) of the given y, the
   exact product rounded once to binary64 (2400 bits: the sum and product
   are exact; emin -1073, subnormalized).
   Ends with "N passed, M failed". */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "tests/common/bits.h"
#include "tests/common/ref_f64.h"
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long passed, failed;
static void check(int ok, const char *what) {
    if (ok) passed++;
    else if (++failed <= 20) printf("FAIL %s\n", what);
}
static uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static int same(double a, double b) { return d2u(a) == d2u(b); }
/* values over the whole range, both signs, dense near 0 and [-40, 40] */
static double rnd(uint64_t *s) {
    const uint64_t h = tu_mix64(++*s * 0x9e3779b97f4a7c15ull);
    switch (h & 3) {
    case 0: return u2d(tu_mix64(h)); /* any bits (NaN and inf too) */
    case 1: return ldexp((double)(int64_t)(h >> 8) / 36028797018963968.0, (int)((h >> 2) & 63) - 40);
    default: return (double)(int64_t)(h >> 2) / 4611686018427387904.0 * 40.0 * (double)((h >> 4) & 1 ? 1 : -1);
    }
}

int main(void) {
    enum { N = 257 };
    static unsigned char buf[8 * N + 16], in1[8 * N + 16], o0[8 * N + 16], o1[8 * N + 16];
    gpuact_cfg c = gpuact_cfg_default();
    gpuact_params fast = {0}, neg = {0};
    uint64_t seed = 1;
    char what[256];
    int op, off, i;
    fast.set = GPUACT_SET_MODE;
    fast.mode = GPUACT_MODE_FAST;
    neg.set = GPUACT_SET_ALPHA;
    neg.alpha = -1.0f;

    /* statuses */
    {
        double x[4] = {1, 2, 3, 4}, y[4], d[4];
        const double keep = u2d(0x7ff4000000000123ull);
        for (i = 0; i < 4; i++) y[i] = keep;
        check(gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F64, &fast, x, y, 4) == GPUACT_ERROR_UNSUPPORTED, "fast mode: unsupported");
        check(gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F64, &fast, x, y, 0) == GPUACT_ERROR_UNSUPPORTED, "fast mode, n = 0: unsupported");
        check(gpuact_forward_host(GPUACT_OP_GELU_ERF, (gpuact_dtype)5, NULL, x, y, 4) == GPUACT_ERROR_INVALID_DTYPE, "dtype 5: invalid");
        check(gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F64, NULL, NULL, y, 4) == GPUACT_ERROR_NULL_POINTER, "NULL x");
        check(gpuact_backward_host(GPUACT_OP_GELU_ERF, GPUACT_F64, NULL, x, NULL, d, 4) == GPUACT_ERROR_NULL_POINTER, "NULL dy");
        check(gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F64, NULL, x, (unsigned char *)x + 8, 3) == GPUACT_ERROR_OVERLAP, "partial overlap");
        check(gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F64, NULL, x, y, 0) == GPUACT_SUCCESS, "n = 0");
        check(gpuact_gated_host(GPUACT_OP_GELU_ERF, GPUACT_F64, NULL, x, x, 0, y, 1, 4) == GPUACT_ERROR_UNSUPPORTED, "gated f64: unsupported");
        check(gpuact_bias_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F64, NULL, x, x, y, 1, 4) == GPUACT_ERROR_UNSUPPORTED, "bias f64: unsupported");
        check(gpuact_backward_from_output_host(GPUACT_OP_ELU, GPUACT_F64, &neg, x, x, d, 4) == GPUACT_ERROR_UNSUPPORTED, "elu alpha < 0 from y");
        check(gpuact_backward_from_output_host(GPUACT_OP_SILU, GPUACT_F64, NULL, x, x, d, 4) == GPUACT_ERROR_UNSUPPORTED, "silu from y");
        for (i = 0; i < 4; i++) check(d2u(y[i]) == d2u(keep), "nothing written on error");
    }

    /* a NaN result is the canonical quiet NaN, whatever the operand's payload */
    for (op = 1; op <= 7; op++) {
        const double pn = u2d(0x7ff4000000000123ull), qn = u2d(0xfff8000000abc000ull), one = 1.0;
        int ok = 1;
        ok &= d2u(gpuact__f64_fwd(op, pn, &c)) == 0x7ff8000000000000ull && d2u(gpuact__f64_fwd(op, qn, &c)) == 0x7ff8000000000000ull;
        ok &= d2u(gpuact__f64_deriv(op, qn, &c)) == 0x7ff8000000000000ull;
        ok &= d2u(gpuact__f64_bwd(op, one, qn, &c)) == 0x7ff8000000000000ull && d2u(gpuact__f64_bwd(op, pn, one, &c)) == 0x7ff8000000000000ull;
        if (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU)
            ok &= d2u(gpuact__f64_bwd_out(op, one, qn, &c)) == 0x7ff8000000000000ull && d2u(gpuact__f64_bwd_out(op, qn, one, &c)) == 0x7ff8000000000000ull;
        snprintf(what, sizeof what, "op %d: NaN operands give the canonical NaN", op);
        check(ok, what);
    }

    /* dx from y = dy (y + alpha) where y + alpha is not a double: the
       product of a double-double and a few-bit dy meets ties that only its
       low part decides (K43: y = -(1 + 2^-52) 2^512, dy = 1.5) */
    {
        long bad = 0;
        for (i = 0; i < 4000; i++) {
            const double y = -ldexp(1.0 + (double)((i % 50) | 1) * 0x1p-52, 60 + (i / 50) * 11); /* odd: 1 and 3 mod 4 */
            const double dy = (i & 2) ? 1.5 : -1.25;
            const double got = gpuact__f64_bwd_out(GPUACT_OP_ELU, y, dy, &c), want = tu_ref_bwd_out64(GPUACT_OP_ELU, y, dy, c.alpha);
            if (!same(got, want) && ++bad <= 3) printf("FAIL elu dx from y=%a dy=%a: %a, MPFR %a\n", y, dy, got, want);
        }
        check(bad == 0, "elu dx from y next to ties, against MPFR");
    }

    /* every entry point and op = the scalar core, at every byte offset, and in place */
    for (op = 1; op <= 7; op++)
        for (off = 0; off < 8; off++) {
            double x[N], g[N];
            for (i = 0; i < N; i++) { x[i] = rnd(&seed); g[i] = rnd(&seed); }
            if (off == 3) { x[0] = 0.0; x[1] = -0.0; x[2] = INFINITY; x[3] = -INFINITY; x[4] = NAN; x[5] = 4.9e-324; x[6] = -1.7976931348623157e308; }
            memcpy(buf + off, x, 8 * N);
            memcpy(in1 + off, g, 8 * N);
            for (int dir = 0; dir < 5; dir++) {
                gpuact_status s;
                int ok = 1;
                if (dir == 4 && op != GPUACT_OP_ELU && op != GPUACT_OP_SELU) continue;
                memset(o0, 0x5a, sizeof o0);
                memset(o1, 0xa5, sizeof o1);
                s = dir == 0 ? gpuact_forward_host((gpuact_op)op, GPUACT_F64, NULL, buf + off, o0 + off, N)
                  : dir == 1 ? gpuact_grad_host((gpuact_op)op, GPUACT_F64, NULL, buf + off, o0 + off, N)
                  : dir == 2 ? gpuact_backward_host((gpuact_op)op, GPUACT_F64, NULL, buf + off, in1 + off, o0 + off, N)
                  : dir == 3 ? gpuact_forward_backward_host((gpuact_op)op, GPUACT_F64, NULL, buf + off, in1 + off, o0 + off, o1 + off, N)
                             : gpuact_backward_from_output_host((gpuact_op)op, GPUACT_F64, NULL, buf + off, in1 + off, o0 + off, N);
                for (i = 0; i < N && ok; i++) {
                    double r0, r1 = 0.0, w0, w1 = 0.0;
                    memcpy(&r0, o0 + off + 8 * i, 8);
                    if (dir == 3) memcpy(&r1, o1 + off + 8 * i, 8);
                    w0 = dir == 0 ? gpuact__f64_fwd(op, x[i], &c)
                       : dir == 1 ? gpuact__f64_deriv(op, x[i], &c)
                       : dir == 2 ? gpuact__f64_bwd(op, x[i], g[i], &c)
                       : dir == 3 ? gpuact__f64_fwd(op, x[i], &c)
                                  : gpuact__f64_bwd_out(op, x[i], g[i], &c);
                    if (dir == 3) w1 = gpuact__f64_bwd(op, x[i], g[i], &c);
                    ok = same(r0, w0) && same(r1, w1);
                    if (!ok) snprintf(what, sizeof what, "op %d dir %d offset %d element %d x=%a: %a vs the core's %a", op, dir, off, i, x[i], r0, w0);
                }
                if (s != GPUACT_SUCCESS) snprintf(what, sizeof what, "op %d dir %d offset %d: %s", op, dir, off, gpuact_status_string(s));
                check(s == GPUACT_SUCCESS && ok, what);
                /* in place: y = x (and dx = dy) */
                if (off == 5) {
                    unsigned char a[8 * N], b[8 * N];
                    memcpy(a, x, sizeof a);
                    memcpy(b, g, sizeof b);
                    s = dir == 0 ? gpuact_forward_host((gpuact_op)op, GPUACT_F64, NULL, a, a, N)
                      : dir == 1 ? gpuact_grad_host((gpuact_op)op, GPUACT_F64, NULL, a, a, N)
                      : dir == 2 ? gpuact_backward_host((gpuact_op)op, GPUACT_F64, NULL, a, b, b, N)
                      : dir == 3 ? gpuact_forward_backward_host((gpuact_op)op, GPUACT_F64, NULL, a, b, a, b, N)
                                 : gpuact_backward_from_output_host((gpuact_op)op, GPUACT_F64, NULL, a, b, b, N);
                    ok = s == GPUACT_SUCCESS && memcmp(dir == 2 || dir == 4 ? b : a, o0 + off, 8 * N) == 0 && (dir != 3 || memcmp(b, o1 + off, 8 * N) == 0);
                    snprintf(what, sizeof what, "op %d dir %d in place", op, dir);
                    check(ok, what);
                }
            }
        }

    /* backward from the output against MPFR: y = f(x) of random x, y next to
       -lambda alpha (the cancellation), and specials */
    {
        static const float alphas[4] = {1.0f, 0.5f, 2.0f, 0.0f};
        long n = 0;
        for (op = GPUACT_OP_ELU; op <= GPUACT_OP_SELU; op++)
            for (int ai = 0; ai < (op == GPUACT_OP_ELU ? 4 : 1); ai++) {
                gpuact_cfg cc = c;
                cc.alpha = alphas[ai];
                for (i = 0; i < 40000; i++) {
                    uint64_t h = tu_mix64(++seed);
                    double x = -(double)(h >> 11) / 9007199254740992.0 * 40.0, y, dy = rnd(&seed), got, want;
                    const double L = op == GPUACT_OP_SELU ? 1.7580993408473766 : (double)cc.alpha;
                    y = gpuact__f64_fwd(op, x, &cc);
                    if (i % 4 == 1) y = u2d(d2u(-L) + (uint64_t)(h % 64) - 32); /* next to -L */
                    if (i % 4 == 2) y = rnd(&seed);
                    if (i % 97 == 0) dy = ldexp(1.0 + (double)(h & 0xffff) / 65536.0, (int)(h >> 48) % 2100 - 1050);
                    got = gpuact__f64_bwd_out(op, y, dy, &cc);
                    want = tu_ref_bwd_out64(op, y, dy, cc.alpha);
                    n++;
                    if (!(same(got, want) || (isnan(got) && isnan(want) && d2u(got) == 0x7ff8000000000000ull))) {
                        snprintf(what, sizeof what, "FAIL op=%d alpha=%g dir=bwd_out y=%a dy=%a ref=%a got=%a", op, (double)cc.alpha, y, dy, want, got);
                        check(0, what);
                    } else passed++;
                }
            }
        printf("backward from the output: %ld results against MPFR\n", n);
    }
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
