/* tests/accuracy/audit.h - declarations shared by the accuracy audit's sources
   (tests/accuracy/audit.c: the measurement and the reports; tests/accuracy/audit_svg.c: the
   plots; tests/accuracy/audit_ext.c: the GPU sweep and double-reference inputs).
   Not an API: the audit is one program. */
#ifndef GPUACT_AUDIT_H
#define GPUACT_AUDIT_H

#include <stdint.h>
#include <stdio.h>

#include "gpuact_kernels.cuh"
#include "tests/accuracy/configs.h"

/* ---- what is audited ---------------------------------------------------- */
typedef struct {
    const char *name;  /* row name (tests/accuracy/configs.h: the same in every check) */
    const char *slug;  /* file names: docs/accuracy/<slug>.svg */
    const char *label; /* human-readable, for titles */
    int op;            /* gpuact_op */
    gpuact_cfg c;
} audit_config;
#define AUDIT_NCONF ACC_NCONF
extern const audit_config AUDIT_CONFIGS[AUDIT_NCONF];

#define AUDIT_NFMT 3 /* 0 f32, 1 f16, 2 bf16: the gpuact_ref_format numbers */
#define AUDIT_NDIR 3 /* 0 f, 1 f', 2 dy*f' */
#define AUDIT_MODE "accurate"
extern const char *const AUDIT_FMT_NAME[AUDIT_NFMT];
extern const char *const AUDIT_DIR_NAME[AUDIT_NDIR];

/* ---- plots (tests/accuracy/audit_svg.c) ------------------------------------------- */
/* Panels of one plot row: 0 = linear x in [AUDIT_LIN_LO, AUDIT_LIN_HI],
   1 = "near 0": x = -10^t .. -10^-12 and 10^-12 .. 10^t on a log axis. */
#define AUDIT_LIN_LO (-20.0)
#define AUDIT_LIN_HI 8.0
#define AUDIT_LIN_BINS 560
#define AUDIT_LOG_DECADES 12 /* |x| from 1e-12 to 1 */
#define AUDIT_LOG_PER_DEC 10
#define AUDIT_LOG_BINS (2 * AUDIT_LOG_DECADES * AUDIT_LOG_PER_DEC) /* negative half, then positive */
#define AUDIT_PLOT_BINS (AUDIT_LIN_BINS + AUDIT_LOG_BINS)
#define AUDIT_ULP_CLIP 1e9
/* one bin: max error of each implementation (0 gpuact, 1 naive) over its inputs;
   inf[k]: inputs where implementation k gave NaN, an infinity, or 0 for a nonzero value */
typedef struct {
    double max_ulp[2];
    int inf[2];
    int n;
} audit_bin;
typedef struct {
    audit_bin bins[2][AUDIT_PLOT_BINS]; /* [f, f'][bin] */
    double worst_naive[2];              /* finite max of the naive form over the plot (for the caption) */
    long naive_inf[2];
} audit_plot;
/* bin geometry: the x range [*lo, *hi) of bin b; *logscale set for the near-0 panel */
void audit_bin_range(int b, double *lo, double *hi, int *logscale);
const char *audit_naive_formula(int ci, int deriv);
int audit_write_svg(const char *path, int ci, const audit_plot *p, int samples_per_bin);

/* ---- external inputs (tests/accuracy/audit_ext.c) -------------------------------- */
typedef struct {
    char name[64];
    int deriv;
    double max_ulp;
    float x;
    unsigned long long n, not_cr, near_tie, over_bar, nan_mis, inf_mis, zsign_mis, nan_noncanon;
    double seconds;
    long long cross_diff, ref_bad; /* -1: not run */
    double ref_maxdiff;
    int has_special_x, has_notcr_x;
    float special_x, notcr_x; /* one input with a special mismatch, one not correctly rounded */
} audit_sweep_row;
typedef struct {
    int nrows;
    audit_sweep_row rows[64];
    char device[256];   /* GPU name line */
    char meta[16][256]; /* "# key: value" header lines of a CSV, verbatim without "# " */
    int nmeta;
    char summary[512];  /* SWEEP SUMMARY line */
    char source[1024];  /* the file */
} audit_sweep;
int audit_read_sweep(const char *path, audit_sweep *s, char *err, size_t errlen);

typedef struct {
    char name[64];
    int deriv;
    unsigned long inputs, special, rn_ne_cr, fails;
    double max_ulp, x, seconds;
} audit_refd_row;
typedef struct {
    int nrows;
    audit_refd_row rows[64];
    long passed, failed; /* from "N passed, M failed"; -1 if absent */
    char source[1024];
    char notes[1024];
} audit_refd;
int audit_parse_refd(const char *text, audit_refd *r);
int audit_read_refd_file(const char *path, audit_refd *r, char *err, size_t errlen);
/* runs the check_ref_double program (path) with args, keeps its output; 0 on success */
int audit_run_refd(const char *prog, const char *args, audit_refd *r, char **log_out, char *err, size_t errlen);

#endif
