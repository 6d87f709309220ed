/* The documented bounds of fast mode (docs/ACCURACY.md, "Fast mode";
   gpuact_kernels.cuh section 9.1), in one place for the tests. */
#ifndef GPUACT_FAST_BOUNDS_H
#define GPUACT_FAST_BOUNDS_H
/* fp32 f and f': relative error where the accurate result is a normal float */
#define FAST_F32_REL 1.52587890625e-05          /* 2^-16 */
/* fp32, where the accurate result is subnormal or zero: absolute error */
#define FAST_F32_ABS 1.7516230804060213e-43     /* 2^-142 = 2^-16 2^-126 */
/* fp16 and bf16 f, f', dy f' and backward from y: ULPs from the correctly rounded result */
#define FAST_H16_ULP 1
#endif
