"""The five models gpuact was made for (../../../shared/seeds/ in the
project's workspace): each as the original `Model` and as `ModelNew`, the
same model with gpuact in place of its activation. Two lines change.

    seed  what                                          shape of x
    000   GELU, PyTorch's tanh form (F.gelu 'tanh')     8192 x 8192
    001   GELU written out with pow and tanh            8192 x 8192
    002   Linear -> swish -> /2 -> clamp -> tanh -> clamp   1024 x 8192 (Linear 8192 -> 8192)
    003   ELU(alpha)                                    4096 x 393216
    004   SELU                                          4096 x 393216
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

import gpuact.torch as ga


# 000: GELU (tanh form) ---------------------------------------------------
class GeluTanhModel(nn.Module):
    def forward(self, x):
        return F.gelu(x, approximate="tanh")


class GeluTanhModelNew(nn.Module):
    def forward(self, x):
        return ga.gelu(x, approximate="tanh")


# 001: GELU via pow and tanh ----------------------------------------------
class GeluPowTanhModel(nn.Module):
    def forward(self, x):
        return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


class GeluPowTanhModelNew(nn.Module):
    def forward(self, x):
        return ga.gelu(x, approximate="tanh")  # the same function, in one correctly rounded kernel


# 002: Linear -> swish -> /2 -> clamp -> tanh -> clamp --------------------
class ChainModel(nn.Module):
    def __init__(self, in_features=8192, out_features=8192):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)

    def forward(self, x):
        x = self.gemm(x)
        return chain_eager(x)


def chain_eager(x):
    x = x * torch.sigmoid(x)
    x = x / 2.0
    x = torch.clamp(x, min=-1.0, max=1.0)
    x = torch.tanh(x)
    return torch.clamp(x, min=-1.0, max=1.0)


class ChainModelNew(ChainModel):
    def forward(self, x):
        return ga.swish_tanh(self.gemm(x))  # scale 0.5, clamp to [-1, 1]: the defaults


# 003: ELU(alpha) ---------------------------------------------------------
class EluModel(nn.Module):
    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha

    def forward(self, x):
        return F.elu(x, alpha=self.alpha)


class EluModelNew(EluModel):
    def forward(self, x):
        return ga.elu(x, alpha=self.alpha)


# 004: SELU ---------------------------------------------------------------
class SeluModel(nn.Module):
    def forward(self, x):
        return torch.selu(x)


class SeluModelNew(nn.Module):
    def forward(self, x):
        return ga.selu(x)


# name -> (Model, ModelNew, shape of x, gpuact op of the activation)
SEEDS = {
    "000 gelu (tanh form)": (GeluTanhModel, GeluTanhModelNew, (8192, 8192), "gelu_tanh"),
    "001 gelu via pow/tanh": (GeluPowTanhModel, GeluPowTanhModelNew, (8192, 8192), "gelu_tanh"),
    "002 linear + swish_tanh chain": (ChainModel, ChainModelNew, (1024, 8192), "swish_tanh"),
    "003 elu(alpha=1)": (EluModel, EluModelNew, (4096, 393216), "elu"),
    "004 selu": (SeluModel, SeluModelNew, (4096, 393216), "selu"),
}
