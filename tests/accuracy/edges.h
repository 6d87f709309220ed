/* tests/accuracy/edges.h - where swish_tanh's clamps start to bite: the x at
   which g(x, s, b, which) changes sign, g = s silu(x) - b (which = 0) or
   tanh(s silu(x)) - b (which = 1), for b = lo and hi. Each caller brings its
   own g (the silu it trusts); the scan and the bisection are the same. */
#ifndef GPUACT_ACC_EDGES_H
#define GPUACT_ACC_EDGES_H
#include <math.h>

typedef double (*acc_edge_fn)(double x, double s, double b, int which);
/* the crossings in [-64, 64), scanned at 1/256 and bisected in double; at most max */
static inline int acc_swish_edges(acc_edge_fn g, double scale, double lo, double hi, double *out, int max) {
    int n = 0, which, bi;
    double bounds[2];
    bounds[0] = lo; bounds[1] = hi;
    for (which = 0; which < 2; which++)
        for (bi = 0; bi < 2; bi++) {
            double b = bounds[bi], x, step = 1.0 / 256;
            if (isinf(b)) continue;
            if (which && fabs(b) >= 1.0) continue; /* |tanh| < 1: only double rounding would "cross" */
            for (x = -64.0; x < 64.0; x += step) {
                double ga = g(x, scale, b, which), gb = g(x + step, scale, b, which);
                if ((ga < 0) != (gb < 0) && n < max) {
                    double l = x, r = x + step;
                    int it;
                    for (it = 0; it < 200; it++) {
                        double m = 0.5 * (l + r);
                        if (m == l || m == r) break;
                        if ((g(m, scale, b, which) < 0) == (ga < 0)) l = m; else r = m;
                    }
                    out[n++] = 0.5 * (l + r);
                }
            }
        }
    return n;
}
#endif
