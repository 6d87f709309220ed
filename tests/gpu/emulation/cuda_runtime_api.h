/* see emulation/cuda_runtime.h */
#include "cuda_runtime.h"
