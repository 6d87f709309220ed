/* Fast mode keeps accurate mode's special values: at NaN, +-inf, +-0,
   subnormal and +-FLT_MAX inputs, under elu's and swish_tanh's parameter
   corners, every result that accurate mode gives as NaN (canonical), +-inf
   or (at x = +-0, +-inf) a signed zero is the same bits in fast mode, in fp32, fp16 and bf16,
   forward, f', dy f' (dy also special) and backward from y; other results
   there keep the fast-mode bound. And GPUACT_SET_MODE's validation. */
#define GPUACT_IMPLEMENTATION
#include "../gpuact.h"
#include "accuracy/fast_bounds.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static long passed, failed;
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static void expect(int ok, const char *what, int op, float x, float ref, float got) {
    if (ok) { passed++; return; }
    failed++;
    if (failed < 40) printf("FAIL %s op=%d x=%a ref=%a got=%a\n", what, op, x, ref, got);
}
/* the rule: exact where accurate gives NaN/inf/zero, else within the bound
   (16-bit: one ULP, checked as a relative 2^-7 on the fp32 value) */
static void cmp(const char *what, int op, float x, float ref, float got, double rel) {
    /* zeros of the special-value table (at +-0, +-inf) are exact; an underflowed zero keeps the absolute bound */
    if (isnan(ref) || isinf(ref) || (ref == 0.0f && (x == 0.0f || isinf(x)))) { expect(f2u(ref) == f2u(got), what, op, x, ref, got); return; }
    if (fabs(ref) < 1.1754943508222875e-38) { expect(fabs((double)got - ref) <= FAST_F32_ABS, what, op, x, ref, got); return; }
    expect(fabs((double)got / ref - 1.0) <= rel, what, op, x, ref, got);
}

int main(void) {
    const float xs[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1.4e-45f, -1.4e-45f, 1.1754942e-38f, -1.1754942e-38f,
                        3.40282347e38f, -3.40282347e38f, 1.0e30f, -1.0e30f, 88.0f, -88.0f, 200.0f, -200.0f, 1.0f, -1.0f};
    const float dys[] = {1.0f, -2.0f, 0.0f, -0.0f, INFINITY, -INFINITY, NAN};
    const float alphas[] = {1.0f, 0.0f, -0.0f, -2.5f, 3.40282347e38f, -3.40282347e38f, 1.4e-45f};
    const float scales[] = {0.5f, 0.0f, -0.0f, -3.0f, 3.40282347e38f, 1.0e-30f};
    const float bounds[][2] = {{-1.0f, 1.0f}, {-INFINITY, INFINITY}, {0.0f, 0.0f}, {-0.0f, 0.5f}, {0.25f, INFINITY}, {-INFINITY, -0.5f}};
    const gpuact_dtype types[3] = {GPUACT_F32, GPUACT_F16, GPUACT_BF16};
    int op;
    unsigned ix, ia, is, ib, t, id;
    for (op = 1; op <= GPUACT_OP_COUNT; op++)
        for (ia = 0; ia < sizeof alphas / sizeof alphas[0]; ia++)
            for (is = 0; is < sizeof scales / sizeof scales[0]; is++)
                for (ib = 0; ib < sizeof bounds / sizeof bounds[0]; ib++) {
                    gpuact_params pa, pf;
                    if (op != GPUACT_OP_ELU && ia > 0) continue;
                    if (op != GPUACT_OP_SWISH_TANH && (is > 0 || ib > 0)) continue;
                    memset(&pa, 0, sizeof pa);
                    pa.set = GPUACT_SET_ALPHA | GPUACT_SET_SCALE | GPUACT_SET_LO | GPUACT_SET_HI;
                    pa.alpha = alphas[ia]; pa.scale = scales[is]; pa.lo = bounds[ib][0]; pa.hi = bounds[ib][1];
                    pf = pa;
                    pf.set |= GPUACT_SET_MODE;
                    pf.mode = GPUACT_MODE_FAST;
                    for (t = 0; t < 3; t++) {
                        double rel = t == 0 ? FAST_F32_REL : 1.0 / 128;
                        int h = t != 0;
                        for (ix = 0; ix < sizeof xs / sizeof xs[0]; ix++) {
                            uint16_t x16 = t == 1 ? gpuact_f32_to_f16(xs[ix]) : gpuact_f32_to_bf16(xs[ix]);
                            float xv = xs[ix], ya, yf, da, df;
                            uint16_t a16, b16;
                            const void *xp = h ? (const void *)&x16 : (const void *)&xv;
                            void *pa_out = h ? (void *)&a16 : (void *)&ya, *pf_out = h ? (void *)&b16 : (void *)&yf;
                            if (gpuact_forward_host((gpuact_op)op, types[t], &pa, xp, pa_out, 1) != GPUACT_SUCCESS ||
                                gpuact_forward_host((gpuact_op)op, types[t], &pf, xp, pf_out, 1) != GPUACT_SUCCESS) {
                                expect(0, "status", op, xv, 0, 0);
                                continue;
                            }
                            if (h) { ya = t == 1 ? gpuact_f16_to_f32(a16) : gpuact_bf16_to_f32(a16); yf = t == 1 ? gpuact_f16_to_f32(b16) : gpuact_bf16_to_f32(b16); }
                            cmp("f", op, xv, ya, yf, rel);
                            (void)gpuact_grad_host((gpuact_op)op, types[t], &pa, xp, pa_out, 1);
                            (void)gpuact_grad_host((gpuact_op)op, types[t], &pf, xp, pf_out, 1);
                            if (h) { ya = t == 1 ? gpuact_f16_to_f32(a16) : gpuact_bf16_to_f32(a16); yf = t == 1 ? gpuact_f16_to_f32(b16) : gpuact_bf16_to_f32(b16); }
                            cmp("f'", op, xv, ya, yf, op == GPUACT_OP_SWISH_TANH ? 1.0 : rel); /* clamp edges: sign/zero rules only */
                            for (id = 0; id < sizeof dys / sizeof dys[0]; id++) {
                                float dyv = dys[id];
                                uint16_t dy16 = t == 1 ? gpuact_f32_to_f16(dyv) : gpuact_f32_to_bf16(dyv);
                                const void *dp = h ? (const void *)&dy16 : (const void *)&dyv;
                                (void)gpuact_backward_host((gpuact_op)op, types[t], &pa, xp, dp, pa_out, 1);
                                (void)gpuact_backward_host((gpuact_op)op, types[t], &pf, xp, dp, pf_out, 1);
                                if (h) { da = t == 1 ? gpuact_f16_to_f32(a16) : gpuact_bf16_to_f32(a16); df = t == 1 ? gpuact_f16_to_f32(b16) : gpuact_bf16_to_f32(b16); }
                                else { da = ya; df = yf; }
                                if (!h) { da = *(float *)pa_out; df = *(float *)pf_out; }
                                cmp("dy f'", op, xv, da, df, op == GPUACT_OP_SWISH_TANH ? 1.0 : rel);
                                if (op == GPUACT_OP_SELU || (op == GPUACT_OP_ELU && !signbit(alphas[ia]))) {
                                    gpuact_status s1 = gpuact_backward_from_output_host((gpuact_op)op, types[t], &pa, xp, dp, pa_out, 1);
                                    gpuact_status s2 = gpuact_backward_from_output_host((gpuact_op)op, types[t], &pf, xp, dp, pf_out, 1);
                                    expect(s1 == s2, "bwd-from-y status", op, xv, (float)s1, (float)s2);
                                    if (h) { da = t == 1 ? gpuact_f16_to_f32(a16) : gpuact_bf16_to_f32(a16); df = t == 1 ? gpuact_f16_to_f32(b16) : gpuact_bf16_to_f32(b16); }
                                    else { da = *(float *)pa_out; df = *(float *)pf_out; }
                                    if (s1 == GPUACT_SUCCESS) cmp("bwd-from-y", op, xv, da, df, rel);
                                }
                            }
                        }
                    }
                }
    { /* the scalar functions: canonical NaN from any NaN */
        float n = u2f(0xffc12345u);
        expect(f2u(gpuact_gelu_erf_fast(n)) == 0x7fc00000u && f2u(gpuact_silu_grad_fast(n)) == 0x7fc00000u &&
                   f2u(gpuact_elu_fast(n, 1.0f)) == 0x7fc00000u && f2u(gpuact_swish_tanh_grad_fast(n, 0.5f, -1.0f, 1.0f)) == 0x7fc00000u,
               "scalar NaN", 0, n, 0, 0);
        expect(f2u(gpuact_silu_fast(-INFINITY)) == 0x80000000u && gpuact_gelu_tanh_grad_fast(1e30f) == 1.0f &&
                   gpuact_elu_fast(-INFINITY, 2.0f) == -2.0f && f2u(gpuact_gelu_sigmoid_grad_fast(-INFINITY)) == 0x80000000u,
               "scalar limits", 0, 0, 0, 0);
    }
    { /* GPUACT_SET_MODE */
        gpuact_params p;
        gpuact_cfg c;
        memset(&p, 0, sizeof p);
        p.set = GPUACT_SET_MODE;
        p.mode = 2;
        expect(gpuact_resolve(GPUACT_OP_SILU, &p, &c) == GPUACT_ERROR_INVALID_PARAMS, "mode 2", 0, 0, 0, 0);
        p.mode = -1;
        expect(gpuact_resolve(GPUACT_OP_SILU, &p, &c) == GPUACT_ERROR_INVALID_PARAMS, "mode -1", 0, 0, 0, 0);
        p.mode = GPUACT_MODE_FAST;
        expect(gpuact_resolve(GPUACT_OP_SILU, &p, &c) == GPUACT_SUCCESS && c.mode == GPUACT_MODE_FAST, "mode fast", 0, 0, 0, 0);
        p.set = 0; /* not set: the field is not read */
        p.mode = 7;
        expect(gpuact_resolve(GPUACT_OP_SILU, &p, &c) == GPUACT_SUCCESS && c.mode == GPUACT_MODE_ACCURATE, "mode unset", 0, 0, 0, 0);
        expect(gpuact_resolve(GPUACT_OP_SILU, NULL, &c) == GPUACT_SUCCESS && c.mode == GPUACT_MODE_ACCURATE, "mode default", 0, 0, 0, 0);
        {
            float x = 1.0f, y;
            p.set = GPUACT_SET_MODE;
            p.mode = 3;
            expect(gpuact_forward_host(GPUACT_OP_SILU, GPUACT_F32, &p, &x, &y, 1) == GPUACT_ERROR_INVALID_PARAMS, "host mode 3", 0, 0, 0, 0);
        }
    }
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
