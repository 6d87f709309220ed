/* tests/accuracy/audit_naive.h - the textbook fp32 formulas the audit's plots compare
   gpuact with: what one writes with libm (expf, erff, tanhf) in fp32, the
   way the frameworks' reference implementations write them. Deliberately
   naive: they cancel, underflow and overflow where gpuact does not.
   Part of the audit (tests/accuracy/audit.c); not used by the library. */
#ifndef GPUACT_AUDIT_NAIVE_H
#define GPUACT_AUDIT_NAIVE_H

#include <math.h>

#define AUDIT_SELU_LAMBDA 1.0507009873554805f
#define AUDIT_SELU_ALPHA 1.6732632423543772f

static inline float naive_sigmoid(float z) { return 1.0f / (1.0f + expf(-z)); }
static inline float naive_silu(float x) { return x / (1.0f + expf(-x)); }
static inline float naive_silu_grad(float x) {
    float s = naive_sigmoid(x);
    return s * (1.0f + x * (1.0f - s));
}
/* clamp as torch.clamp: NaN passes through */
static inline float naive_clamp(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

/* f(x) of op (1..7, the gpuact_op numbers) with parameters alpha, s, lo, hi */
static inline float naive_forward(int op, float x, float alpha, float s, float lo, float hi) {
    switch (op) {
    case 1: return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f /* M_SQRT1_2 */));
    case 2: return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
    case 3: return x / (1.0f + expf(-1.702f * x));
    case 4: return x > 0.0f ? x : alpha * (expf(x) - 1.0f);
    case 5: return x > 0.0f ? AUDIT_SELU_LAMBDA * x : AUDIT_SELU_LAMBDA * AUDIT_SELU_ALPHA * (expf(x) - 1.0f);
    case 6: return naive_silu(x);
    case 7: { /* the unfused chain: silu, * s, clamp, tanh, clamp */
        float w = naive_clamp(naive_silu(x) * s, lo, hi);
        return naive_clamp(tanhf(w), lo, hi);
    }
    default: return NAN;
    }
}

/* f'(x), as the frameworks' backward formulas write it */
static inline float naive_grad(int op, float x, float alpha, float s, float lo, float hi) {
    switch (op) {
    case 1: { /* PyTorch GeluBackward (none): cdf + x pdf */
        float cdf = 0.5f * (1.0f + erff(x * 0.70710678118654752f /* M_SQRT1_2 */));
        float pdf = expf(-0.5f * x * x) * 0.3989422804f;
        return cdf + x * pdf;
    }
    case 2: { /* PyTorch GeluBackward (tanh) */
        const float kBeta = 0.7978845608f, kKappa = 0.044715f;
        float x_sq = x * x, x_cube = x_sq * x;
        float inner = kBeta * (x + kKappa * x_cube);
        float t = tanhf(inner);
        float left = 0.5f * x, right = 1.0f + t;
        float left_derivative = 0.5f * right;
        float right_derivative = 1.0f - t * t;
        float inner_derivative = kBeta * (1.0f + 3.0f * kKappa * x_sq);
        return left_derivative + left * right_derivative * inner_derivative;
    }
    case 3: { /* s + 1.702 x s (1 - s) */
        float sg = naive_sigmoid(1.702f * x);
        return sg * (1.0f + 1.702f * x * (1.0f - sg));
    }
    case 4: return x > 0.0f ? 1.0f : alpha * expf(x);
    case 5: return x > 0.0f ? AUDIT_SELU_LAMBDA : AUDIT_SELU_LAMBDA * AUDIT_SELU_ALPHA * expf(x);
    case 6: return naive_silu_grad(x);
    case 7: { /* chain rule through the unfused chain; a clamp that bites gives 0 */
        float w = naive_silu(x) * s;
        int pass1 = w >= lo && w <= hi;
        float t = tanhf(naive_clamp(w, lo, hi));
        int pass2 = t >= lo && t <= hi;
        if (!pass1 || !pass2) return 0.0f;
        return (1.0f - t * t) * s * naive_silu_grad(x);
    }
    default: return NAN;
    }
}

#endif
