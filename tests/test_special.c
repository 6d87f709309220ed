/* Special values: NaN, infinities, signed zeros, subnormals, the overflow
   edges. Expected values come from the mathematics of each function (limits,
   IEEE sign rules), written out by hand; constants like lambda rounded to
   each format were computed once with mpmath (see the comments). */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"
#include "tests/common/test_util.h"
#include <math.h>

#define NAN_F tu_u2f(0x7fc00000u)
#define INF_F tu_u2f(0x7f800000u)

/* per-format roundings of the constants (mpmath, round to nearest even) */
static const float LAMBDA[3] = {1.05070102214813232421875f /* 0x3f867d5f */, 1.05078125f, 1.046875f};
static const float LAMBDA_ALPHA[3] = {1.75809932f /* 0x3fe10966 */, 1.7578125f, 1.7578125f};
static const float TANH1[3] = {0.761594176f /* 0x3f42f7d6 */, 0.76171875f, 0.76171875f};

/* evaluate through the public scalar API of each format */
static float ev(int kind, int op, int fmt, float x, float dy, const gpuact_cfg *c) {
    if (fmt == 0) {
        if (kind == 0) return gpuact_forward_f32((gpuact_op)op, x, c);
        if (kind == 1) return gpuact_grad_f32((gpuact_op)op, x, c);
        return gpuact_backward_f32((gpuact_op)op, x, dy, c);
    }
    if (fmt == 1) {
        uint16_t hx = gpuact_f32_to_f16(x), hd = gpuact_f32_to_f16(dy);
        uint16_t r = kind == 0 ? gpuact_forward_f16((gpuact_op)op, hx, c)
                   : kind == 1 ? gpuact_grad_f16((gpuact_op)op, hx, c) : gpuact_backward_f16((gpuact_op)op, hx, hd, c);
        return tu_f16(r);
    }
    {
        uint16_t bx = gpuact_f32_to_bf16(x), bd = gpuact_f32_to_bf16(dy);
        uint16_t r = kind == 0 ? gpuact_forward_bf16((gpuact_op)op, bx, c)
                   : kind == 1 ? gpuact_grad_bf16((gpuact_op)op, bx, c) : gpuact_backward_bf16((gpuact_op)op, bx, bd, c);
        return tu_bf16(r);
    }
}
static const char *FMT[3] = {"f32", "f16", "bf16"};
static const char *KIND[3] = {"f", "f'", "dy*f'"};

static void expect(int kind, int op, int fmt, float x, float dy, const gpuact_cfg *c, float want) {
    float got = ev(kind, op, fmt, x, dy, c);
    TU_CHECK(tu_same(got, want), "%s %s %s x=%a dy=%a: got %a want %a", tu_op_name(op), FMT[fmt], KIND[kind], x, dy, got, want);
}

int main(void) {
    gpuact_cfg d = gpuact_cfg_default();
    int op, f;
    for (f = 0; f < 3; f++) {
        for (op = 1; op <= 7; op++) {
            /* NaN in, NaN out, also through dy */
            expect(0, op, f, NAN_F, 1.0f, &d, NAN_F);
            expect(1, op, f, NAN_F, 1.0f, &d, NAN_F);
            expect(2, op, f, NAN_F, 1.0f, &d, NAN_F);
            expect(2, op, f, 1.0f, NAN_F, &d, NAN_F);
            expect(2, op, f, -INF_F, NAN_F, &d, NAN_F);
        }
        /* gelu*, silu: -inf -> -0 (f' -> -0), +inf -> +inf (f' = 1), f(+-0) = +-0, f'(0) = 1/2 */
        {
            int ops[4] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_GELU_SIGMOID, GPUACT_OP_SILU}, i;
            for (i = 0; i < 4; i++) {
                op = ops[i];
                expect(0, op, f, -INF_F, 0, &d, -0.0f);
                expect(0, op, f, INF_F, 0, &d, INF_F);
                expect(1, op, f, -INF_F, 0, &d, -0.0f);
                expect(1, op, f, INF_F, 0, &d, 1.0f);
                expect(0, op, f, -0.0f, 0, &d, -0.0f);
                expect(0, op, f, 0.0f, 0, &d, 0.0f);
                expect(1, op, f, -0.0f, 0, &d, 0.5f);
                expect(1, op, f, 0.0f, 0, &d, 0.5f);
                /* backward: IEEE products of dy and f' */
                expect(2, op, f, INF_F, 3.0f, &d, 3.0f);
                expect(2, op, f, -INF_F, 3.0f, &d, -0.0f);
                expect(2, op, f, -INF_F, -3.0f, &d, 0.0f);
                expect(2, op, f, -INF_F, INF_F, &d, NAN_F); /* inf * 0 */
                expect(2, op, f, 0.0f, INF_F, &d, INF_F);
                expect(2, op, f, 0.0f, -0.0f, &d, -0.0f);
                /* no spurious overflow or NaN from x^2, x^3 far out */
                expect(0, op, f, 57344.0f, 0, &d, 57344.0f);
                expect(1, op, f, 57344.0f, 0, &d, 1.0f);
                expect(0, op, f, -57344.0f, 0, &d, -0.0f);
                expect(1, op, f, -57344.0f, 0, &d, -0.0f);
                if (f != 1) { /* beyond binary16's range */
                    expect(0, op, f, 0x1p100f, 0, &d, 0x1p100f);
                    expect(1, op, f, 0x1p100f, 0, &d, 1.0f);
                    expect(1, op, f, -0x1p100f, 0, &d, -0.0f);
                    expect(1, op, f, 0x1.8p127f, 0, &d, 1.0f);
                    expect(1, op, f, -0x1.8p127f, 0, &d, -0.0f);
                    expect(0, op, f, 0x1.8p127f, 0, &d, 0x1.8p127f);
                    expect(0, op, f, -0x1.8p127f, 0, &d, -0.0f);
                }
            }
        }
        /* elu (alpha 1): -inf -> -1, f'(-inf) = +0; f(+-0) = +-0, f'(0) = alpha (x <= 0 branch) */
        op = GPUACT_OP_ELU;
        expect(0, op, f, -INF_F, 0, &d, -1.0f);
        expect(1, op, f, -INF_F, 0, &d, 0.0f);
        expect(0, op, f, INF_F, 0, &d, INF_F);
        expect(1, op, f, INF_F, 0, &d, 1.0f);
        expect(0, op, f, -0.0f, 0, &d, -0.0f);
        expect(0, op, f, 0.0f, 0, &d, 0.0f);
        expect(1, op, f, 0.0f, 0, &d, 1.0f);
        expect(0, op, f, -1000.0f, 0, &d, -1.0f);
        expect(0, op, f, 2.5f, 0, &d, 2.5f);
        {
            gpuact_cfg a = d;
            a.alpha = -2.0f; /* IEEE signs of alpha * expm1(+-0) and alpha * e^-inf */
            expect(0, op, f, -0.0f, 0, &a, 0.0f);
            expect(0, op, f, 0.0f, 0, &a, -0.0f);
            expect(1, op, f, -INF_F, 0, &a, -0.0f);
            expect(0, op, f, -INF_F, 0, &a, 2.0f);
            a.alpha = 0.5f;
            expect(1, op, f, 0.0f, 0, &a, 0.5f);
            expect(0, op, f, -INF_F, 0, &a, -0.5f);
        }
        /* selu */
        op = GPUACT_OP_SELU;
        expect(0, op, f, -INF_F, 0, &d, -LAMBDA_ALPHA[f]);
        expect(1, op, f, -INF_F, 0, &d, 0.0f);
        expect(0, op, f, INF_F, 0, &d, INF_F);
        expect(1, op, f, INF_F, 0, &d, LAMBDA[f]);
        expect(1, op, f, 1.0f, 0, &d, LAMBDA[f]);
        expect(0, op, f, 1.0f, 0, &d, LAMBDA[f]);
        expect(1, op, f, 0.0f, 0, &d, LAMBDA_ALPHA[f]);
        expect(0, op, f, -0.0f, 0, &d, -0.0f);
        expect(0, op, f, 0.0f, 0, &d, 0.0f);
        if (f == 1) expect(0, op, f, 65504.0f, 0, &d, INF_F); /* lambda * 65504 > 65520: overflows binary16 */
        else {
            expect(0, op, f, 3.3e38f, 0, &d, INF_F);      /* lambda * 3.3e38 > FLT_MAX */
            expect(2, op, f, 1.0f, 3.3e38f, &d, INF_F);
            expect(0, op, f, -3.3e38f, 0, &d, -LAMBDA_ALPHA[f]);
        }
        /* swish_tanh, defaults s = 1/2, [-1, 1] */
        op = GPUACT_OP_SWISH_TANH;
        expect(0, op, f, -INF_F, 0, &d, -0.0f);
        expect(0, op, f, INF_F, 0, &d, TANH1[f]);  /* w -> +inf, clamped to 1, tanh(1) */
        expect(1, op, f, INF_F, 0, &d, 0.0f);      /* the inner clamp cuts the gradient */
        expect(1, op, f, -INF_F, 0, &d, -0.0f);    /* s * tanh'(0) * silu'(-inf) = 0.5 * 1 * -0 */
        expect(0, op, f, -0.0f, 0, &d, -0.0f);
        expect(0, op, f, 0.0f, 0, &d, 0.0f);
        expect(1, op, f, 0.0f, 0, &d, 0.25f);      /* s * 1 * silu'(0) */
        expect(0, op, f, 100.0f, 0, &d, TANH1[f]);
        expect(1, op, f, 100.0f, 0, &d, 0.0f);
        {
            gpuact_cfg a = d;
            a.lo = 0.0f; /* clamp(-0, 0, 1) keeps -0: -0 < 0 is false */
            expect(0, op, f, -0.0f, 0, &a, -0.0f);
            expect(0, op, f, -5.0f, 0, &a, 0.0f);  /* w < 0 clamps to lo = 0, tanh(0) = 0 */
            expect(1, op, f, -5.0f, 0, &a, 0.0f);
            a = d;
            a.lo = -INF_F; a.hi = INF_F; a.scale = 1.0f; /* unbounded: tanh(silu(x)) */
            expect(0, op, f, INF_F, 0, &a, 1.0f);
            expect(1, op, f, INF_F, 0, &a, 0.0f);
        }
    }

    /* subnormals, fp32: the rounding ties of x/2 are decided by x^2 terms.
       gelu(x) = x/2 + x^2/sqrt(2 pi) + ..., so for x = +-k 2^-149, k odd:
       +: just above the tie -> rounds up; -: magnitude just below -> down. */
    {
        const float s = 1.40129846e-45f; /* 2^-149 */
        int ops[4] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_GELU_SIGMOID, GPUACT_OP_SILU}, i;
        for (i = 0; i < 4; i++) {
            op = ops[i];
            expect(0, op, 0, s, 0, &d, s);
            expect(0, op, 0, -s, 0, &d, -0.0f);
            expect(0, op, 0, 3 * s, 0, &d, 2 * s);
            expect(0, op, 0, -3 * s, 0, &d, -s);
            expect(0, op, 0, 4 * s, 0, &d, 2 * s);
            expect(0, op, 0, 1.17549421e-38f, 0, &d, 5.87747107e-39f); /* largest subnormal (2^23-1) 2^-149 -> 2^22 2^-149 (tie, up) */
            expect(1, op, 0, s, 0, &d, 0.5f);
        }
        /* elu: alpha expm1(x) = x + x^2/2 for tiny x: exact for alpha = 1 */
        expect(0, GPUACT_OP_ELU, 0, -s, 0, &d, -s);
        expect(0, GPUACT_OP_ELU, 0, -3 * s, 0, &d, -3 * s);
        {
            gpuact_cfg a = d;
            a.alpha = 0.5f; /* 0.5 (x + x^2/2): for x = -s the tie -2^-150 + tiny rounds to -0 */
            expect(0, GPUACT_OP_ELU, 0, -s, 0, &a, -0.0f);
            expect(0, GPUACT_OP_ELU, 0, -3 * s, 0, &a, -s);
        }
        /* backward with a subnormal product */
        expect(2, GPUACT_OP_ELU, 0, 1.0f, s, &d, s);
        expect(2, GPUACT_OP_SILU, 0, 0.0f, 3 * s, &d, 2 * s); /* 1.5 s: tie to even */
    }
    /* bf16 subnormal ties (bf16 has fp32's exponent range): 2^-133 is bf16's smallest subnormal */
    {
        uint16_t one = 0x0001, three = 0x0003, mone = 0x8001;
        TU_CHECK(gpuact_forward_bf16(GPUACT_OP_GELU_ERF, one, &d) == 0x0001, "bf16 gelu(2^-133) got %04x", gpuact_forward_bf16(GPUACT_OP_GELU_ERF, one, &d));
        TU_CHECK(gpuact_forward_bf16(GPUACT_OP_GELU_ERF, three, &d) == 0x0002, "bf16 gelu(3 2^-133)");
        TU_CHECK(gpuact_forward_bf16(GPUACT_OP_GELU_ERF, mone, &d) == 0x8000, "bf16 gelu(-2^-133)");
        /* binary16: smallest subnormal 2^-24 */
        TU_CHECK(gpuact_forward_f16(GPUACT_OP_SILU, 0x0001, &d) == 0x0001, "f16 silu(2^-24)");
        TU_CHECK(gpuact_forward_f16(GPUACT_OP_SILU, 0x8001, &d) == 0x8000, "f16 silu(-2^-24)");
        TU_CHECK(gpuact_forward_f16(GPUACT_OP_GELU_TANH, 0x0003, &d) == 0x0002, "f16 gelu_tanh(3 2^-24)");
    }
    /* far in the negative tails f' is tiny but not zero: times an infinite dy it
       is an infinity (the sign of f'), not inf * 0 = NaN; at x = -inf it is 0 */
    {
        int fmt2;
        for (fmt2 = 0; fmt2 < 3; fmt2++) {
            float far = fmt2 == 1 ? -60000.0f : -1e30f;
            int ops[4] = {GPUACT_OP_GELU_ERF, GPUACT_OP_GELU_TANH, GPUACT_OP_GELU_SIGMOID, GPUACT_OP_SILU}, i;
            gpuact_cfg a = d;
            for (i = 0; i < 4; i++) {
                expect(2, ops[i], fmt2, far, INF_F, &d, -INF_F);
                expect(2, ops[i], fmt2, far, -INF_F, &d, INF_F);
                expect(2, ops[i], fmt2, far, 1.0f, &d, -0.0f);
            }
            expect(2, GPUACT_OP_ELU, fmt2, far, INF_F, &d, INF_F);
            expect(2, GPUACT_OP_SELU, fmt2, far, -INF_F, &d, -INF_F);
            expect(2, GPUACT_OP_SWISH_TANH, fmt2, far, INF_F, &d, -INF_F); /* s tanh'(~0) silu'(far) < 0 */
            a.alpha = 0.0f; /* f' = 0 alpha e^x is exactly 0 */
            expect(2, GPUACT_OP_ELU, fmt2, far, INF_F, &a, NAN_F);
            a = d; a.lo = 0.5f; /* w ~ 0 < lo: the clamp gates the gradient off, exactly 0 */
            expect(2, GPUACT_OP_SWISH_TANH, fmt2, far, INF_F, &a, NAN_F);
        }
    }
    /* the negative tails are not zero (where 0.5 x (1 + erf) cancels) */
    TU_CHECK(gpuact_gelu_erf(-6.0f) < -5.9e-9f && gpuact_gelu_erf(-6.0f) > -6.0e-9f, "gelu_erf(-6) = %a", gpuact_gelu_erf(-6.0f));
    TU_CHECK(gpuact_gelu_erf(-13.0f) < 0.0f, "gelu_erf(-13) underflowed");
    TU_CHECK(gpuact_silu(-100.0f) < 0.0f, "silu(-100) underflowed");
    TU_CHECK(gpuact_gelu_tanh(-10.0f) < 0.0f, "gelu_tanh(-10) underflowed");
    return tu_finish();
}
