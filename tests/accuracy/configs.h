/* tests/accuracy/configs.h - the configurations every accuracy check measures
   (the audit, check_ref_double, the GPU sweep), in one list: the audit
   matches the rows of the three by name.
   X(name, slug, label, op, alpha, scale, lo, hi): slug names the audit's plot
   (docs/accuracy/<slug>.svg), label titles it. */
#ifndef GPUACT_ACC_CONFIGS_H
#define GPUACT_ACC_CONFIGS_H
#define ACC_CONFIGS(X)                                                                                          \
    X("gelu_erf", "gelu_erf", "gelu_erf", 1, 1.0f, 0.5f, -1.0f, 1.0f)                                           \
    X("gelu_tanh", "gelu_tanh", "gelu_tanh", 2, 1.0f, 0.5f, -1.0f, 1.0f)                                        \
    X("gelu_sigmoid", "gelu_sigmoid", "gelu_sigmoid", 3, 1.0f, 0.5f, -1.0f, 1.0f)                               \
    X("elu", "elu", "elu (alpha = 1)", 4, 1.0f, 0.5f, -1.0f, 1.0f)                                              \
    X("elu(a=0.3)", "elu_a0.3", "elu (alpha = 0.3)", 4, 0.3f, 0.5f, -1.0f, 1.0f)                                \
    X("selu", "selu", "selu", 5, 1.0f, 0.5f, -1.0f, 1.0f)                                                       \
    X("silu", "silu", "silu", 6, 1.0f, 0.5f, -1.0f, 1.0f)                                                       \
    X("swish_tanh", "swish_tanh", "swish_tanh (s = 0.5, [-1, 1])", 7, 1.0f, 0.5f, -1.0f, 1.0f)                  \
    X("swish_tanh(1.5,-.2,.8)", "swish_tanh_s1.5", "swish_tanh (s = 1.5, [-0.2, 0.8])", 7, 1.0f, 1.5f, -0.2f, 0.8f)
#define ACC_NCONF 9
/* one row of ACC_CONFIGS as data: static const acc_config rows[] = {ACC_CONFIGS(ACC_CONFIG_ROW)}; */
typedef struct acc_config {
    const char *name;
    int op;
    float alpha, scale, lo, hi;
} acc_config;
#define ACC_CONFIG_ROW(name, slug, label, op, alpha, scale, lo, hi) {name, op, alpha, scale, lo, hi},
#endif
