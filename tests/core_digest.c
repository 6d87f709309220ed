/* Prints a 64-bit digest of the math core's results over a fixed input set:
   all 65536 binary16 and bfloat16 patterns, 2^18 + specials binary32
   patterns and 2^14 binary64 values, every op, forward, derivative and
   backward, 2^13 inputs of the bias and gated forms (tiny sums and swish_tanh's
   clamp edge among them), with default and non-default parameters. Built with different compilers and flags
   (tests/bit_identity.sh) the digests must agree: that is the host half of
   "one math core, bit-identical everywhere". Compiles as C and C++. */
#include "gpuact_kernels.cuh"
#include "tests/common/bits.h"
#include <stdio.h>

static uint64_t h = 1469598103934665603ull;
static void mix(uint32_t v) {
    int i;
    for (i = 0; i < 4; i++) { h ^= (v >> (8 * i)) & 0xffu; h *= 1099511628211ull; }
}

int main(void) {
    gpuact_cfg cfgs[3];
    int ci, op;
    uint32_t i;
    cfgs[0] = gpuact_cfg_default();
    cfgs[1] = cfgs[0]; cfgs[1].alpha = 0.3f; cfgs[1].scale = 1.75f; cfgs[1].lo = -0.6f; cfgs[1].hi = 0.9f;
    cfgs[2] = cfgs[0]; cfgs[2].alpha = -2.5f; cfgs[2].scale = -3.0f; cfgs[2].lo = -tu_u2f(0x7f800000u); cfgs[2].hi = 0.25f;
    for (ci = 0; ci < 3; ci++) {
        const gpuact_cfg *c = &cfgs[ci];
        for (op = 1; op <= 7; op++) {
            gpuact_op o = (gpuact_op)op;
            if (ci > 0 && op != GPUACT_OP_ELU && op != GPUACT_OP_SWISH_TANH) continue;
            for (i = 0; i < 65536; i++) {
                uint16_t x = (uint16_t)i, dy = (uint16_t)(i * 40503u + 1u);
                mix(gpuact_forward_f16(o, x, c)); mix(gpuact_grad_f16(o, x, c)); mix(gpuact_backward_f16(o, x, dy, c));
                mix(gpuact_forward_bf16(o, x, c)); mix(gpuact_grad_bf16(o, x, c)); mix(gpuact_backward_bf16(o, x, dy, c));
                if (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) {
                    mix(gpuact_backward_from_output_f16(o, x, dy, c)); mix(gpuact_backward_from_output_bf16(o, x, dy, c));
                }
            }
            for (i = 0; i < (1u << 18) + 64; i++) {
                uint32_t b = i < (1u << 18) ? i * 16384u + (i * 2654435761u >> 18) : 0x7f7fffe0u + (i & 63) * 0x01000000u;
                float x = tu_u2f(b), dy = tu_u2f(b * 2654435761u);
                mix(tu_f2u(gpuact_forward_f32(o, x, c))); mix(tu_f2u(gpuact_grad_f32(o, x, c))); mix(tu_f2u(gpuact_backward_f32(o, x, dy, c)));
                if (op == GPUACT_OP_ELU || op == GPUACT_OP_SELU) mix(tu_f2u(gpuact_backward_from_output_f32(o, x, dy, c)));
            }
            /* the bias forms (x + b exact: a b far below ulp(x), tiny sums, random
               pairs) and the gated forms, 2^13 inputs each, every format */
            for (i = 0; i < (1u << 13); i++) {
                const uint64_t hh = tu_mix64(i + 7919u * (uint32_t)op + 104729u * (uint32_t)ci), kk = tu_mix64(hh);
                /* every product exact or through gpuact__mul: a contracting build must make the same inputs */
                const float x = (i & 3) == 0   ? tu_u2f((uint32_t)hh)
                                : (i & 3) == 1 ? ldexpf((float)(int32_t)(hh >> 32), -28)
                                : (i & 3) == 2 ? ldexpf(1.0f + ldexpf((float)(hh & 0xffff), -16), -41 - (int)((hh >> 20) % 40)) *
                                                     ((hh >> 30) & 1 ? -1.0f : 1.0f)
                                               : 2.2177f + ldexpf((float)(int32_t)(hh >> 40), -30);
                const float b = (i & 4) ? tu_u2f((uint32_t)kk)
                                        : gpuact__mul(gpuact__mul(x, x), ldexpf((float)(int32_t)(kk >> 32), -31)) +
                                              (i & 8 ? 0.0f : ldexpf(x, -26));
                const float dy = ldexpf((float)(int32_t)(kk >> 8), -20);
                float da, db;
                uint16_t ha, hb;
                mix(tu_f2u(gpuact_bias_forward_f32(o, x, b, c))); mix(tu_f2u(gpuact_bias_backward_f32(o, x, b, dy, c)));
                mix(gpuact_bias_forward_f16(o, (uint16_t)hh, (uint16_t)kk, c));
                mix(gpuact_bias_backward_f16(o, (uint16_t)hh, (uint16_t)kk, (uint16_t)(kk >> 16), c));
                mix(gpuact_bias_forward_bf16(o, gpuact_f32_to_bf16(x), gpuact_f32_to_bf16(b), c));
                mix(gpuact_bias_backward_bf16(o, gpuact_f32_to_bf16(x), gpuact_f32_to_bf16(b), (uint16_t)(kk >> 16), c));
                mix(tu_f2u(gpuact_gated_f32(o, x, b, c)));
                gpuact_gated_backward_f32(o, x, b, dy, c, &da, &db);
                mix(tu_f2u(da)); mix(tu_f2u(db));
                mix(gpuact_gated_bf16(o, gpuact_f32_to_bf16(x), gpuact_f32_to_bf16(b), c));
                gpuact_gated_backward_f16(o, (uint16_t)hh, (uint16_t)kk, (uint16_t)(kk >> 16), c, &ha, &hb);
                mix(ha); mix(hb);
            }
            /* fp64: doubles of every magnitude and [-40, 40], the double-double core */
            for (i = 0; i < (1u << 14); i++) {
                const uint64_t hh = tu_mix64(i + 977u * (uint32_t)op), kk = tu_mix64(hh);
                double x, dy, r[4];
                int k;
                if (i & 1) memcpy(&x, &hh, 8);
                else x = ((double)(hh >> 11) / 9007199254740992.0 - 0.5) * 80.0;
                memcpy(&dy, &kk, 8);
                if (i & 2) dy = (double)(int64_t)kk / 9.2e18;
                r[0] = gpuact__f64_fwd(op, x, c); r[1] = gpuact__f64_deriv(op, x, c); r[2] = gpuact__f64_bwd(op, x, dy, c);
                r[3] = op == GPUACT_OP_ELU || op == GPUACT_OP_SELU ? gpuact__f64_bwd_out(op, x, dy, c) : 0.0;
                for (k = 0; k < 4; k++) {
                    uint64_t u;
                    memcpy(&u, &r[k], 8);
                    mix((uint32_t)u); mix((uint32_t)(u >> 32));
                }
            }
        }
    }
    printf("%016llx\n", (unsigned long long)h);
    return 0;
}
