/* tests/accuracy/audit_svg.c - the audit's plots: hand-written SVG, no plotting library.

   One file per function configuration: ULP error of fp32 results against
   MPFR on a log axis, gpuact (accurate mode) next to the textbook fp32
   formula, f on the top row and f' on the bottom row; on the left x in
   [-20, 8] (linear), on the right |x| from 1e-12 to 1 on a log axis for both
   signs. Each drawn point is the max over the inputs of one bin; an "inf"
   band on top marks bins where an implementation returned NaN, an infinity,
   or 0 for a nonzero value. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tests/accuracy/audit.h"

/* geometry */
#define W 1200
#define H 940
#define LX 80    /* left panel */
#define LW 640
#define RX 790   /* right panel */
#define RW 380
#define RGAP 16  /* gap at x = 0 in the right panel */
#define PH 300   /* panel height, the inf band included */
#define BAND 22  /* the inf band */
#define ROW0 150 /* top of row 0 */
#define ROWSTEP 400
#define YMIN_EXP (-3)
#define YMAX_EXP 9

#define C_LIB "#1f5fbf"
#define C_NAIVE "#d62728"

static const char *const NAIVE[AUDIT_NCONF][2] = {
    {"0.5f*x*(1+erff(x*M_SQRT1_2))", "0.5f*(1+erff(x*M_SQRT1_2)) + x*expf(-0.5f*x*x)*0.3989422804f"},
    {"0.5f*x*(1+tanhf(0.7978845608f*(x+0.044715f*x*x*x)))",
     "PyTorch: 0.5f*(1+t) + 0.5f*x*(1-t*t)*k*(1+3*0.044715f*x*x), t = tanhf(k*(x+0.044715f*x*x*x))"},
    {"x/(1+expf(-1.702f*x))", "s*(1+1.702f*x*(1-s)), s = 1/(1+expf(-1.702f*x))"},
    {"x > 0 ? x : expf(x)-1", "x > 0 ? 1 : expf(x)"},
    {"x > 0 ? x : 0.3f*(expf(x)-1)", "x > 0 ? 1 : 0.3f*expf(x)"},
    {"x > 0 ? λ*x : λ*α*(expf(x)-1)", "x > 0 ? λ : λ*α*expf(x)"},
    {"x/(1+expf(-x))", "s*(1+x*(1-s)), s = 1/(1+expf(-x))"},
    {"clamp(tanhf(clamp(silu(x)*0.5f, -1, 1)), -1, 1), silu(x) = x/(1+expf(-x))",
     "[gates] (1-t*t)*0.5f*silu'(x), t = tanhf(w), silu' = s*(1+x*(1-s))"},
    {"clamp(tanhf(clamp(silu(x)*1.5f, -0.2f, 0.8f)), -0.2f, 0.8f), silu(x) = x/(1+expf(-x))",
     "[gates] (1-t*t)*1.5f*silu'(x), t = tanhf(w), silu' = s*(1+x*(1-s))"},
};
const char *audit_naive_formula(int ci, int deriv) { return NAIVE[ci][deriv ? 1 : 0]; }

static void esc(FILE *f, const char *s) {
    for (; *s; s++) {
        if (*s == '&') fputs("&amp;", f);
        else if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else fputc(*s, f);
    }
}

static double ypos(int top, double v) { /* v > 0 finite; clipped into the log area */
    double lo = top + PH, hi = top + BAND + 6;
    double e = v > 0 ? log10(v) : YMIN_EXP;
    if (e < YMIN_EXP) e = YMIN_EXP;
    if (e > YMAX_EXP) e = YMAX_EXP;
    return lo - (e - YMIN_EXP) / (YMAX_EXP - YMIN_EXP) * (lo - hi);
}
/* x position of bin b's centre */
static double xpos_bin(int b) {
    if (b < AUDIT_LIN_BINS) return LX + (b + 0.5) * LW / (double)AUDIT_LIN_BINS;
    b -= AUDIT_LIN_BINS;
    {
        int half = AUDIT_LOG_BINS / 2;
        double hw = (RW - RGAP) / 2.0;
        if (b < half) return RX + (b + 0.5) * hw / half;
        return RX + hw + RGAP + (b - half + 0.5) * hw / half;
    }
}
static double xpos_lin(double x) { return LX + (x - AUDIT_LIN_LO) / (AUDIT_LIN_HI - AUDIT_LIN_LO) * LW; }
/* right panel: |x| = 10^e, e in [-12, 0] */
static double xpos_log(double e, int neg) {
    double hw = (RW - RGAP) / 2.0, u = (e + AUDIT_LOG_DECADES) / AUDIT_LOG_DECADES; /* 0 at 1e-12, 1 at 1 */
    return neg ? RX + hw * (1.0 - u) : RX + hw + RGAP + hw * u;
}

static void panel_frame(FILE *f, int top, int x0, int w) {
    int e;
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fff4f4\" stroke=\"none\"/>\n", x0, top, w, BAND);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\" stroke-width=\"1\"/>\n", x0, top, w, PH);
    for (e = YMIN_EXP; e <= YMAX_EXP; e++) {
        double y = ypos(top, pow(10.0, e));
        fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1\"/>\n", x0, y, x0 + w, y,
                e == 0 ? "#bbb" : "#e6e6e6");
    }
}
static void y_labels(FILE *f, int top, int x0) {
    int e;
    for (e = YMIN_EXP; e <= YMAX_EXP; e++) {
        double y = ypos(top, pow(10.0, e));
        const char *lbl[] = {"≤0.001", "0.01", "0.1", "1", "10", "100", "1e3", "1e4", "1e5", "1e6", "1e7", "1e8", "≥1e9"};
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" class=\"t\">%s</text>\n", x0 - 6, y + 4, lbl[e - YMIN_EXP]);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" class=\"t\" fill=\"%s\">inf</text>\n", x0 - 6, top + BAND / 2 + 4, C_NAIVE);
}
static void hline(FILE *f, int top, int x0, int w, double v, const char *dash, const char *label, int label_right) {
    double y = ypos(top, v);
    fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1\" stroke-dasharray=\"%s\"/>\n", x0,
            y, x0 + w, y, dash);
    if (label)
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"%s\" class=\"s\">%s</text>\n", label_right ? x0 + w - 4 : x0 + 4,
                y - 3, label_right ? "end" : "start", label);
}

/* one series over bins [b0, b1) */
static void series(FILE *f, const audit_bin *bins, int b0, int b1, int k, int top, const char *color, double width) {
    int b, pen = 0;
    fprintf(f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"round\" d=\"", color, width);
    for (b = b0; b < b1; b++) {
        const audit_bin *B = &bins[b];
        int finite = B->n - B->inf[k];
        if (B->n == 0 || finite <= 0) { pen = 0; continue; }
        fprintf(f, "%s%.1f,%.1f", pen ? " L" : " M", xpos_bin(b), ypos(top, B->max_ulp[k]));
        pen = 1;
    }
    fprintf(f, "\"/>\n");
    for (b = b0; b < b1; b++) { /* inf markers */
        const audit_bin *B = &bins[b];
        if (B->inf[k] > 0)
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"2.2\" height=\"%d\" fill=\"%s\"/>\n", xpos_bin(b) - 1.1, top + 3 + (k ? 0 : 9),
                    BAND - 12, color);
    }
}

static void row(FILE *f, int ci, int deriv, const audit_plot *p, int top) {
    const audit_bin *bins = p->bins[deriv];
    const char *fn = deriv ? "f'(x)" : "f(x)";
    double bar = deriv ? 2.0 : 1.0;
    int xi;
    /* row header: which function, and the legend */
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"h\">%s %s</text>\n", LX, top - 34, deriv ? "derivative" : "forward",
            deriv ? "f'(x)" : "f(x)");
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>\n", LX + 150, top - 38, LX + 180,
            top - 38, C_LIB);
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"l\">gpuact %s, fp32</text>\n", LX + 186, top - 34, AUDIT_MODE);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.4\"/>\n", LX + 340, top - 38, LX + 370,
            top - 38, C_NAIVE);
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"l\">textbook fp32 (libm)</text>\n", LX + 376, top - 34);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\" stroke-dasharray=\"5,3\"/>\n", LX + 530, top - 38,
            LX + 560, top - 38);
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"l\">0.5 ULP (correctly rounded)</text>\n", LX + 566, top - 34);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\" stroke-dasharray=\"2,3\"/>\n", LX + 770, top - 38,
            LX + 800, top - 38);
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"l\">bar: %g ULP</text>\n", LX + 806, top - 34, bar);
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"f\">textbook %s: ", LX, top - 14, fn);
    esc(f, NAIVE[ci][deriv]);
    fprintf(f, "</text>\n");

    /* left panel: linear x */
    panel_frame(f, top, LX, LW);
    for (xi = (int)AUDIT_LIN_LO; xi <= (int)AUDIT_LIN_HI; xi += 2) {
        double X = xpos_lin(xi);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n", X, top + BAND, X, top + PH,
                xi == 0 ? "#bbb" : "#f0f0f0");
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" class=\"t\">%d</text>\n", X, top + PH + 15, xi);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" class=\"a\">x</text>\n", LX + LW / 2, top + PH + 32);
    y_labels(f, top, LX);
    hline(f, top, LX, LW, 0.5, "5,3", NULL, 0);
    hline(f, top, LX, LW, bar, "2,3", NULL, 1);
    series(f, bins, 0, AUDIT_LIN_BINS, 0, top, C_LIB, 3.0);
    series(f, bins, 0, AUDIT_LIN_BINS, 1, top, C_NAIVE, 1.4);
    fprintf(f, "<text x=\"%d\" y=\"%d\" transform=\"rotate(-90 %d %d)\" text-anchor=\"middle\" class=\"a\">ULP error of %s</text>\n",
            LX - 52, top + PH / 2 + 10, LX - 52, top + PH / 2 + 10, fn);

    /* right panel: |x| on a log axis, both signs */
    panel_frame(f, top, RX, RW);
    {
        double hw = (RW - RGAP) / 2.0;
        int e;
        fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\"/>\n", RX + hw, top + 1, RGAP, PH - 1);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" class=\"t\">0</text>\n", RX + hw + RGAP / 2.0, top + PH + 15);
        for (e = -AUDIT_LOG_DECADES; e <= 0; e++) {
            int neg;
            for (neg = 0; neg < 2; neg++) {
                double X = xpos_log(e, neg);
                fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n", X, top + PH, X,
                        top + PH + (e % 3 ? 3 : 6), "#444");
                if (e % 3 == 0 && e > -AUDIT_LOG_DECADES) {
                    char lb[16];
                    if (e == 0) snprintf(lb, sizeof lb, "%s1", neg ? "−" : "");
                    else snprintf(lb, sizeof lb, "%s1e%d", neg ? "−" : "", e);
                    fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" class=\"t\">%s</text>\n", X, top + PH + 15, lb);
                }
            }
        }
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" class=\"a\">x near 0 (log scale of |x|, from 1e-12 to 1)</text>\n",
                RX + RW / 2, top + PH + 32);
    }
    hline(f, top, RX, RW, 0.5, "5,3", NULL, 0);
    hline(f, top, RX, RW, bar, "2,3", NULL, 1);
    series(f, bins, AUDIT_LIN_BINS, AUDIT_LIN_BINS + AUDIT_LOG_BINS / 2, 0, top, C_LIB, 3.0);
    series(f, bins, AUDIT_LIN_BINS + AUDIT_LOG_BINS / 2, AUDIT_PLOT_BINS, 0, top, C_LIB, 3.0);
    series(f, bins, AUDIT_LIN_BINS, AUDIT_LIN_BINS + AUDIT_LOG_BINS / 2, 1, top, C_NAIVE, 1.4);
    series(f, bins, AUDIT_LIN_BINS + AUDIT_LOG_BINS / 2, AUDIT_PLOT_BINS, 1, top, C_NAIVE, 1.4);
}

int audit_write_svg(const char *path, int ci, const audit_plot *p, int samples_per_bin) {
    FILE *f = fopen(path, "w");
    const audit_config *k = &AUDIT_CONFIGS[ci];
    if (!f) return 1;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n", W, H, W, H);
    fprintf(f, "<style>.T{font-size:20px;font-weight:bold}.S{font-size:13px;fill:#333}.h{font-size:15px;font-weight:bold}"
               ".l{font-size:13px}.f{font-size:12px;fill:#555;font-family:DejaVu Sans Mono,monospace}.t{font-size:11px;fill:#333}"
               ".s{font-size:11px;fill:#333}.a{font-size:12px;fill:#222}</style>\n");
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H);
    fprintf(f, "<text x=\"%d\" y=\"32\" class=\"T\">", LX);
    esc(f, k->label);
    fprintf(f, ": error of fp32 results against MPFR</text>\n");
    fprintf(f, "<text x=\"%d\" y=\"54\" class=\"S\">ULP error (log scale) of gpuact and of the textbook fp32 formula; each point is the "
               "max over %d inputs in a bin.</text>\n", LX, samples_per_bin);
    fprintf(f, "<text x=\"%d\" y=\"72\" class=\"S\">'inf' band: a bin where the formula returned NaN, an infinity, or 0 for a nonzero "
               "value (upper ticks: textbook, lower: gpuact). Errors above 1e9 ULP are drawn at 1e9.</text>\n", LX);
    row(f, ci, 0, p, ROW0);
    row(f, ci, 1, p, ROW0 + ROWSTEP);
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"s\" fill=\"#777\">generated by tests/accuracy/audit.c (bash scripts/audit.sh)</text>\n", LX,
            H - 10);
    fprintf(f, "</svg>\n");
    return fclose(f) != 0;
}
