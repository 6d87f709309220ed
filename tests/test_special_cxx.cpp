// The special-values test compiled as C++: the header must mean the same in both languages.
#include "test_special.c"
