"""gpuact: accurate activation functions. The PyTorch interface is
gpuact.torch (import it explicitly: it loads the compiled extension)."""
__version__ = "0.1.0"
