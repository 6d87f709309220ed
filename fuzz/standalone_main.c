/* standalone_main.c - runs a harness without libFuzzer (any C compiler).

       fuzz_X_standalone [--random N [SEED]] [--quiet] PATH...

   Each PATH is a file (one input) or a directory (every file in it,
   recursively, in name order; names starting with '.', README* and *.md are
   skipped). Every input goes through LLVMFuzzerTestOneInput once; an input
   fails when the harness reported a FAIL (it keeps going: built with
   -DFUZZ_STANDALONE, the harness counts instead of aborting). A crash
   (signal) still ends the program, as it should.
   --random N: after the files, N more inputs made by mutating the loaded
   inputs (or random bytes if none): a poor man's fuzzer for machines without
   libFuzzer (the GPU machine), reproducible from SEED.
   Prints "<name>: N passed, M failed" and exits 1 if M > 0 (2 on usage or
   I/O errors). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/common/bits.h"

#ifdef __cplusplus
extern "C" {
#endif
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern int fz_fail_count;
#ifdef __cplusplus
}
#endif

typedef struct { unsigned char *p; size_t n; char *name; } blob;
static blob *inputs;
static size_t ninputs, cap;
static long passed, failed;
static int quiet, io_error;

static void add_input(const char *path) {
    FILE *f = fopen(path, "rb");
    blob b;
    long len;
    if (!f) { fprintf(stderr, "cannot open %s\n", path); io_error = 1; return; }
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    b.n = len > 0 ? (size_t)len : 0;
    b.p = (unsigned char *)malloc(b.n + 1);
    if (b.n && fread(b.p, 1, b.n, f) != b.n) { fprintf(stderr, "cannot read %s\n", path); io_error = 1; }
    fclose(f);
    b.name = (char *)malloc(strlen(path) + 1);
    strcpy(b.name, path);
    if (ninputs == cap) {
        cap = cap ? 2 * cap : 256;
        inputs = (blob *)realloc(inputs, cap * sizeof *inputs);
    }
    inputs[ninputs++] = b;
}
static int skip_name(const char *n) {
    size_t l = strlen(n);
    return n[0] == '.' || strncmp(n, "README", 6) == 0 || (l > 3 && strcmp(n + l - 3, ".md") == 0);
}
static int cmpstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static void add_path(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) { fprintf(stderr, "no such file or directory: %s\n", path); io_error = 1; return; }
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        struct dirent *e;
        char **names = NULL;
        size_t n = 0, c = 0, i;
        if (!d) { io_error = 1; return; }
        while ((e = readdir(d)) != NULL) {
            if (skip_name(e->d_name)) continue;
            if (n == c) { c = c ? 2 * c : 64; names = (char **)realloc(names, c * sizeof *names); }
            names[n] = (char *)malloc(strlen(path) + strlen(e->d_name) + 2);
            sprintf(names[n], "%s/%s", path, e->d_name);
            n++;
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmpstr);
        for (i = 0; i < n; i++) { add_path(names[i]); free(names[i]); }
        free(names);
    } else {
        add_input(path);
    }
}
static void run_one(const unsigned char *p, size_t n, const char *name) {
    int before = fz_fail_count;
    LLVMFuzzerTestOneInput(p, n);
    if (fz_fail_count != before) {
        failed++;
        fprintf(stderr, "FAILED INPUT: %s\n", name);
    } else {
        passed++;
        if (!quiet && name[0] != '<') fprintf(stderr, "ok %s\n", name);
    }
}

static uint64_t rng;
static uint64_t next(void) { return tu_splitmix64(&rng); }

int main(int argc, char **argv) {
    long nrandom = 0;
    size_t i;
    const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    rng = 12345;
    for (i = 1; i < (size_t)argc; i++) {
        if (strcmp(argv[i], "--random") == 0 && i + 1 < (size_t)argc) {
            nrandom = atol(argv[++i]);
            if (i + 1 < (size_t)argc && argv[i + 1][0] >= '0' && argv[i + 1][0] <= '9') rng = strtoull(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "--quiet") == 0) {
            quiet = 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [--random N [SEED]] [--quiet] PATH...\n", prog);
            return 2;
        } else {
            add_path(argv[i]);
        }
    }
    for (i = 0; i < ninputs; i++) run_one(inputs[i].p, inputs[i].n, inputs[i].name);
    if (nrandom > 0) {
        unsigned char buf[4096];
        long r;
        for (r = 0; r < nrandom; r++) {
            size_t n, j, edits;
            if (ninputs && (next() & 7) != 0) {
                const blob *b = &inputs[next() % ninputs];
                n = b->n < sizeof buf ? b->n : sizeof buf;
                memcpy(buf, b->p, n);
            } else {
                n = (size_t)(next() % 96);
                for (j = 0; j < n; j++) buf[j] = (unsigned char)next();
            }
            edits = 1 + next() % 4;
            for (j = 0; j < edits && n; j++) {
                size_t at = (size_t)(next() % n);
                switch (next() % 4) {
                case 0: buf[at] = (unsigned char)next(); break;
                case 1: buf[at] ^= (unsigned char)(1u << (next() % 8)); break;
                case 2: buf[at] = (unsigned char)(buf[at] + (next() % 5) - 2); break;
                default: if (at + 4 <= n) { uint32_t v = (uint32_t)next(); memcpy(buf + at, &v, 4); } break;
                }
            }
            {
                int before = fz_fail_count;
                LLVMFuzzerTestOneInput(buf, n);
                if (fz_fail_count != before) {
                    char name[64];
                    FILE *f;
                    failed++;
                    sprintf(name, "standalone-crash-%ld", r);
                    f = fopen(name, "wb");
                    if (f) { fwrite(buf, 1, n, f); fclose(f); }
                    fprintf(stderr, "FAILED INPUT: random #%ld, saved as %s\n", r, name);
                } else {
                    passed++;
                }
            }
        }
    }
    printf("%s: %ld passed, %ld failed\n", prog, passed, failed);
    for (i = 0; i < ninputs; i++) { free(inputs[i].p); free(inputs[i].name); }
    free(inputs);
    return io_error ? 2 : failed ? 1 : 0;
}
