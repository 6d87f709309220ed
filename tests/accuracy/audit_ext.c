/* tests/accuracy/audit_ext.c - the audit's external inputs: the exhaustive fp32 GPU
   sweep (tests/accuracy/sweep_f32.cu: its --csv file, or its printed output) and the
   validation of the double reference it uses (tests/accuracy/check_ref_double.c: its
   printed output, read from a file or from running the program). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/accuracy/audit.h"

static void scopy(char *d, size_t n, const char *s) {
    size_t l = strlen(s);
    if (l >= n) l = n - 1;
    memcpy(d, s, l);
    d[l] = 0;
}
static void chomp(char *s) {
    size_t l = strlen(s);
    while (l && (s[l - 1] == '\n' || s[l - 1] == '\r')) s[--l] = 0;
}
static int known_name(const char *n) {
    int i;
    for (i = 0; i < AUDIT_NCONF; i++)
        if (!strcmp(AUDIT_CONFIGS[i].name, n)) return 1;
    return 0;
}

/* one CSV field (optionally "quoted"); advances *p past the comma */
static void csv_field(char **p, char *out, size_t n) {
    char *s = *p;
    size_t k = 0;
    if (*s == '"') {
        s++;
        while (*s && *s != '"') { if (k + 1 < n) out[k++] = *s; s++; }
        if (*s == '"') s++;
    } else {
        while (*s && *s != ',') { if (k + 1 < n) out[k++] = *s; s++; }
    }
    out[k] = 0;
    if (*s == ',') s++;
    *p = s;
}

static int parse_csv_row(char *line, audit_sweep_row *r) {
    char fld[20][96];
    int n = 0;
    char *p = line;
    while (*p && n < 20) csv_field(&p, fld[n++], sizeof fld[0]);
    if (n < 14 || !known_name(fld[0])) return 0;
    memset(r, 0, sizeof *r);
    scopy(r->name, sizeof r->name, fld[0]);
    r->deriv = strcmp(fld[1], "f") != 0;
    r->n = strtoull(fld[2], NULL, 0);
    r->max_ulp = strtod(fld[3], NULL);
    {
        unsigned long b = strtoul(fld[4], NULL, 16);
        unsigned u = (unsigned)b;
        memcpy(&r->x, &u, 4);
    }
    r->not_cr = strtoull(fld[6], NULL, 0);
    r->near_tie = strtoull(fld[7], NULL, 0);
    r->over_bar = strtoull(fld[8], NULL, 0);
    r->nan_mis = strtoull(fld[9], NULL, 0);
    r->inf_mis = strtoull(fld[10], NULL, 0);
    r->zsign_mis = strtoull(fld[11], NULL, 0);
    r->nan_noncanon = strtoull(fld[12], NULL, 0);
    r->seconds = strtod(fld[13], NULL);
    r->cross_diff = n > 14 && fld[14][0] ? strtoll(fld[14], NULL, 0) : -1;
    r->ref_bad = n > 15 && fld[15][0] ? strtoll(fld[15], NULL, 0) : -1;
    r->ref_maxdiff = n > 16 ? strtod(fld[16], NULL) : 0;
    if (n > 17 && fld[17][0]) { unsigned u = (unsigned)strtoul(fld[17], NULL, 16); memcpy(&r->special_x, &u, 4); r->has_special_x = 1; }
    if (n > 18 && fld[18][0]) { unsigned u = (unsigned)strtoul(fld[18], NULL, 16); memcpy(&r->notcr_x, &u, 4); r->has_notcr_x = 1; }
    return 1;
}

/* a row of sweep_f32's printed table */
static int parse_printed_row(const char *line, audit_sweep_row *r) {
    char name[64], dir[8], xs[64];
    double e, xd, sec;
    unsigned long long ncr, nt, ob, sp;
    const char *c;
    if (line[0] == ' ' || sscanf(line, "%63s %7s %lf %63s %lf %llu %llu %llu %llu %lf", name, dir, &e, xs, &xd, &ncr, &nt, &ob, &sp,
                                 &sec) != 10)
        return 0;
    if (!known_name(name) || (strcmp(dir, "f") && strcmp(dir, "f'"))) return 0;
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    r->deriv = strcmp(dir, "f") != 0;
    r->n = 1ull << 32; /* GPU mode: all inputs (checked by the sweep itself) */
    r->max_ulp = e;
    r->x = (float)strtod(xs, NULL);
    r->not_cr = ncr; r->near_tie = nt; r->over_bar = ob;
    r->inf_mis = sp; /* refined by the "special mismatches:" line that follows when sp > 0 */
    r->seconds = sec;
    r->cross_diff = r->ref_bad = -1;
    c = strrchr(line, '/');
    if (c) { /* "  a/b (ref max c)" */
        const char *s = c;
        while (s > line && s[-1] != ' ') s--;
        r->cross_diff = atoll(s);
        r->ref_bad = atoll(c + 1);
        c = strstr(c, "ref max ");
        if (c) r->ref_maxdiff = strtod(c + 8, NULL);
    }
    return 1;
}

int audit_read_sweep(const char *path, audit_sweep *s, char *err, size_t errlen) {
    FILE *f = fopen(path, "r");
    char line[2048];
    memset(s, 0, sizeof *s);
    snprintf(s->source, sizeof s->source, "%s", path);
    if (!f) { snprintf(err, errlen, "cannot open"); return 1; }
    while (fgets(line, sizeof line, f)) {
        audit_sweep_row r;
        chomp(line);
        if (line[0] == '#') { /* CSV header: "# key: value" */
            const char *v = line + 1;
            while (*v == ' ') v++;
            if (!strncmp(v, "device:", 7)) scopy(s->device, sizeof s->device, v + 7 + (v[7] == ' '));
            else if (!strncmp(v, "summary:", 8)) scopy(s->summary, sizeof s->summary, v + 8 + (v[8] == ' '));
            else if (strchr(v, ':') && s->nmeta < 16) scopy(s->meta[s->nmeta++], sizeof s->meta[0], v);
            continue;
        }
        if (!strncmp(line, "sweep_f32: GPU mode on ", 23)) { /* printed output */
            const char *v = line + 23, *e = strstr(v, ", all 2^32");
            snprintf(s->device, sizeof s->device, "%.*s", e ? (int)(e - v) : (int)strlen(v), v);
            continue;
        }
        if (!strncmp(line, "SWEEP SUMMARY: ", 15)) { scopy(s->summary, sizeof s->summary, line + 15); continue; }
        if (!strncmp(line, "    special mismatches: ", 24) && s->nrows > 0) {
            audit_sweep_row *p = &s->rows[s->nrows - 1];
            const char *e = strstr(line, "e.g. x = ");
            sscanf(line + 24, "NaN %llu, inf %llu, signed zero %llu, non-canonical NaN %llu", &p->nan_mis, &p->inf_mis, &p->zsign_mis,
                   &p->nan_noncanon);
            if (e) { p->special_x = (float)strtod(e + 9, NULL); p->has_special_x = 1; }
            continue;
        }
        if (s->nrows < 64 && (parse_csv_row(line, &r) || parse_printed_row(line, &r))) s->rows[s->nrows++] = r;
    }
    fclose(f);
    if (!s->nrows) { snprintf(err, errlen, "no sweep rows found (expected sweep_f32 --csv output or its printed table)"); return 1; }
    return 0;
}

int audit_parse_refd(const char *text, audit_refd *r) {
    const char *p = text;
    char line[2048];
    r->nrows = 0;
    r->passed = r->failed = -1;
    r->notes[0] = 0;
    while (*p) {
        size_t l = strcspn(p, "\n");
        audit_refd_row w;
        char name[64], dir[8], xs[64];
        long a, b;
        snprintf(line, sizeof line, "%.*s", (int)(l < sizeof line - 1 ? l : sizeof line - 1), p);
        p += l + (p[l] == '\n');
        chomp(line);
        if (line[0] != ' ' && sscanf(line, "%63s %7s %lu %lf %63s %lf %lu %lu %lu %lf", name, dir, &w.inputs, &w.max_ulp, xs, &w.x,
                                     &w.special, &w.rn_ne_cr, &w.fails, &w.seconds) == 10 &&
            known_name(name) && r->nrows < 64) {
            snprintf(w.name, sizeof w.name, "%s", name);
            w.deriv = strcmp(dir, "f") != 0;
            r->rows[r->nrows++] = w;
        } else if (sscanf(line, "%ld passed, %ld failed", &a, &b) == 2) {
            r->passed = a;
            r->failed = b;
        } else if (!strncmp(line, "note:", 5) || strstr(line, "FAIL")) {
            size_t k = strlen(r->notes);
            snprintf(r->notes + k, sizeof r->notes - k, "%s%s", k ? " " : "", line);
        }
    }
    return r->nrows ? 0 : 1;
}

int audit_read_refd_file(const char *path, audit_refd *r, char *err, size_t errlen) {
    FILE *f = fopen(path, "r");
    char *buf;
    long n;
    if (!f) { snprintf(err, errlen, "cannot open"); return 1; }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = (char *)malloc((size_t)n + 1);
    if (!buf) { fclose(f); snprintf(err, errlen, "out of memory"); return 1; }
    n = (long)fread(buf, 1, (size_t)n, f);
    buf[n] = 0;
    fclose(f);
    snprintf(r->source, sizeof r->source, "`%s`", path);
    if (audit_parse_refd(buf, r)) { free(buf); snprintf(err, errlen, "no check_ref_double rows found"); return 1; }
    free(buf);
    return 0;
}

int audit_run_refd(const char *prog, const char *args, audit_refd *r, char **log_out, char *err, size_t errlen) {
    char cmd[2400], line[2048];
    size_t cap = 1 << 16, len = 0;
    char *log = (char *)malloc(cap);
    FILE *f;
    int rc;
    if (!log) { snprintf(err, errlen, "out of memory"); return 1; }
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", prog, args);
    f = popen(cmd, "r");
    if (!f) { free(log); snprintf(err, errlen, "cannot run %s", prog); return 1; }
    log[0] = 0;
    while (fgets(line, sizeof line, f)) {
        size_t l = strlen(line);
        fprintf(stderr, "  check_ref_double: %s", line);
        if (len + l + 1 > cap) {
            char *nl;
            cap = 2 * (len + l + 1);
            nl = (char *)realloc(log, cap);
            if (!nl) { free(log); pclose(f); snprintf(err, errlen, "out of memory"); return 1; }
            log = nl;
        }
        memcpy(log + len, line, l + 1);
        len += l;
    }
    rc = pclose(f);
    snprintf(r->source, sizeof r->source, "run by the audit on this host (`check_ref_double %s`, exit status %d)", args,
             rc == -1 ? -1 : (rc >> 8) & 0xff);
    if (audit_parse_refd(log, r)) {
        snprintf(err, errlen, "%s produced no result rows (is it built? cmake --build build --target check_ref_double)", prog);
        free(log);
        return 1;
    }
    *log_out = log;
    return 0;
}
