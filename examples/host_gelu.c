/* host_gelu.c - gpuact quick start: GELU (erf form) forward and backward on a
   host array.

       cc -std=c99 -Wall -Wextra -Werror -I. examples/host_gelu.c -lm && ./a.out

   (-lm: the core calls fmaf.) The same calls take GPUACT_F16 / GPUACT_BF16
   arrays of uint16_t bit patterns. */
#define GPUACT_IMPLEMENTATION /* in exactly one file of a program */
#include "gpuact.h"

#include <stdio.h>

#define N 7

static int ok(const char *what, gpuact_status s) {
    if (s == GPUACT_SUCCESS) return 1;
    fprintf(stderr, "%s: %s\n", what, gpuact_status_string(s));
    return 0;
}

int main(void) {
    /* -6: the far tail, where x * 0.5 * (1 + erf(x / sqrt2)) in fp32 gives 0 */
    const float x[N] = {-6.0f, -3.0f, -0.75f, 0.0f, 0.5f, 2.0f, 10.0f};
    const float dy[N] = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 0.5f}; /* upstream gradient */
    float y[N], dx[N];
    int i;

    /* NULL params: the defaults (GELU has none) */
    if (!ok("forward", gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, y, N))) return 1;
    /* dx = dy * gelu'(x), rounded once */
    if (!ok("backward", gpuact_backward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, dy, dx, N))) return 1;

    printf("%8s %16s %6s %16s\n", "x", "gelu(x)", "dy", "dx");
    for (i = 0; i < N; i++)
        printf("%8g %16.9g %6g %16.9g\n", (double)x[i], (double)y[i], (double)dy[i], (double)dx[i]);
    return 0;
}
