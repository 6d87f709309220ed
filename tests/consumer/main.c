/* A program that uses gpuact the way a downstream project does: one
   translation unit holds the implementation, the build gets the include path
   and libm from the gpuact::gpuact target only (tests/consumer/run.cmake
   builds it against the source tree and against an installed copy). */
#define GPUACT_IMPLEMENTATION
#include "gpuact.h"

#include <stdio.h>

int main(void) {
    const float x[4] = {-6.0f, -1.0f, 0.0f, 2.0f};
    float y[4];
    double d;
    gpuact_status s = gpuact_forward_host(GPUACT_OP_GELU_ERF, GPUACT_F32, NULL, x, y, 4);
    if (s != GPUACT_SUCCESS) {
        fprintf(stderr, "consumer: gpuact_forward_host: %s\n", gpuact_status_string(s));
        return 1;
    }
    /* gelu_erf(-6) = -5.92e-9: a naive x * 0.5 * (1 + erf(x / sqrt2)) gives 0 */
    if (!(y[0] < 0.0f)) {
        fprintf(stderr, "consumer: gelu_erf(-6) = %g, want about -5.92e-09\n", (double)y[0]);
        return 1;
    }
    d = (double)y[3] - 1.9544997361036416; /* 2 Phi(2) */
    if (!(d >= -1e-6 && d <= 1e-6)) {
        fprintf(stderr, "consumer: gelu_erf(2) = %.9g, want 1.95449974\n", (double)y[3]);
        return 1;
    }
    printf("consumer: gelu_erf(-6) = %.6g, gelu_erf(2) = %.9g: ok\n", (double)y[0], (double)y[3]);
    return 0;
}
