/* tests/common/cuda_check.h - CK(call): a CUDA runtime call that must
   succeed; otherwise file:line, the call and the error on stderr, exit
   status 2 (the environment failed, not the code under test). */
#ifndef GPUACT_TEST_CUDA_CHECK_H
#define GPUACT_TEST_CUDA_CHECK_H
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(call)                                                                                  \
    do {                                                                                          \
        cudaError_t e_ = (call);                                                                  \
        if (e_ != cudaSuccess) {                                                                  \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            exit(2);                                                                              \
        }                                                                                         \
    } while (0)
#endif
