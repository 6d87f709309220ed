/* test_util.h - tiny assertion helpers shared by the CPU tests.
   Each test program ends by printing "N passed, M failed" and exits
   non-zero if anything failed. */
#ifndef GPUACT_TEST_UTIL_H
#define GPUACT_TEST_UTIL_H
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static long tu_pass, tu_fail;
static int tu_verbose_fails = 50; /* print the first failures only */

#define TU_CHECK(cond, ...)                                                    \
    do {                                                                       \
        if (cond) {                                                            \
            tu_pass++;                                                         \
        } else {                                                               \
            tu_fail++;                                                         \
            if (tu_verbose_fails-- > 0) {                                      \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                    \
                printf(__VA_ARGS__);                                           \
                printf("\n");                                                  \
            }                                                                  \
        }                                                                      \
    } while (0)

static inline int tu_finish(void) {
    printf("%ld passed, %ld failed\n", tu_pass, tu_fail);
    return tu_fail ? 1 : 0;
}

static inline uint32_t tu_f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float tu_u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline int tu_isnan(float f) { return (tu_f2u(f) & 0x7fffffffu) > 0x7f800000u; }
/* identical including the sign of zero; any NaN matches any NaN */
static inline int tu_same(float a, float b) { return (tu_isnan(a) && tu_isnan(b)) || tu_f2u(a) == tu_f2u(b); }

/* splitmix64 */
static uint64_t tu_rng = 0x9e3779b97f4a7c15ull;
static inline uint64_t tu_next(void) {
    uint64_t z = (tu_rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline const char *tu_op_name(int op) {
    static const char *n[] = {"?", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};
    return op >= 1 && op <= 7 ? n[op] : "?";
}
#endif

/* Independent decoders for the 16-bit formats (not the library's). */
static inline float tu_f16(uint16_t h) {
    int s = h >> 15, e = (h >> 10) & 31, m = h & 1023, k;
    float v;
    if (e == 31) return m ? tu_u2f(0x7fc00000u) : (s ? -tu_u2f(0x7f800000u) : tu_u2f(0x7f800000u));
    if (e == 0) { v = (float)m; k = -24; }          /* m 2^-24 */
    else { v = (float)(1024 + m); k = e - 25; }      /* (1024 + m) 2^(e-25) */
    for (; k > 0; k--) v *= 2.0f;
    for (; k < 0; k++) v *= 0.5f;                    /* exact: v stays >= 2^-24 */
    return s ? -v : v;
}
static inline float tu_bf16(uint16_t b) { return tu_u2f((uint32_t)b << 16); }
