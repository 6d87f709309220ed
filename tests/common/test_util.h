/* tests/common/test_util.h - the CPU tests' checks and their count. Each test
   program ends with tu_finish(): "N passed, M failed", exit status 1 if
   anything failed (tu_summary for programs that count on their own). */
#ifndef GPUACT_TEST_UTIL_H
#define GPUACT_TEST_UTIL_H
#include <stdint.h>
#include <stdio.h>

#include "tests/common/bits.h"

static long tu_pass, tu_fail;
static int tu_verbose_fails = 50; /* print the first failures only */
static inline int tu_print_this_fail(void) { return tu_verbose_fails-- > 0; }

#define TU_CHECK(cond, ...)                                                    \
    do {                                                                       \
        if (cond) {                                                            \
            tu_pass++;                                                         \
        } else {                                                               \
            tu_fail++;                                                         \
            if (tu_print_this_fail()) {                                        \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                    \
                printf(__VA_ARGS__);                                           \
                printf("\n");                                                  \
            }                                                                  \
        }                                                                      \
    } while (0)

/* the last line of every test program, and its exit status */
static inline int tu_summary(long pass, long fail) {
    printf("%ld passed, %ld failed\n", pass, fail);
    return fail ? 1 : 0;
}
static inline int tu_finish(void) { return tu_summary(tu_pass, tu_fail); }

static uint64_t tu_rng = 0x9e3779b97f4a7c15ull;
static inline uint64_t tu_next(void) { return tu_splitmix64(&tu_rng); }

static inline const char *tu_op_name(int op) {
    static const char *n[] = {"?", "gelu_erf", "gelu_tanh", "gelu_sigmoid", "elu", "selu", "silu", "swish_tanh"};
    return op >= 1 && op <= 7 ? n[op] : "?";
}
#endif
