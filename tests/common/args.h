/* tests/common/args.h - command-line options of the test programs, written
   "--name value": tu_arg is the value when argv[*i] is `name` and a value
   follows (stepping *i onto it), else NULL, so that an option without its
   value falls through to the program's usage message. */
#ifndef GPUACT_TEST_ARGS_H
#define GPUACT_TEST_ARGS_H
#include <string.h>

static inline const char *tu_arg(int argc, char **argv, int *i, const char *name) {
    if (strcmp(argv[*i], name) != 0 || *i + 1 >= argc) return NULL;
    return argv[++*i];
}
#endif
