"""rocdist from Python: normal, log-normal, gamma, beta, Dirichlet,
exponential and categorical variates and Poisson and binomial counts into
NumPy, PyTorch, CuPy and JAX arrays, on the host and on GPUs, with the C
library's streams (the same bits for the same seed and offset).

    import rocdist
    g = rocdist.Generator(1234)                 # host; device="gpu" for a GPU
    z = g.standard_normal(10, dtype="float32")  # NumPy's names and arguments
"""
from ._categorical import Categorical
from ._errors import (AllocationError, Error, InternalError, InvalidHandleError, InvalidPointerError,
                      InvalidValueError, LaunchError, NoDeviceError, OutOfRangeError, UnknownTypeError,
                      WrongMemoryError)
from ._generator import NORMAL_METHODS, ORDERINGS, Generator
from ._library import version

__version__ = "0.1.0"
__all__ = ["Generator", "Categorical", "Error", "InvalidHandleError", "InvalidPointerError", "InvalidValueError",
           "UnknownTypeError", "NoDeviceError", "WrongMemoryError", "OutOfRangeError", "AllocationError",
           "LaunchError", "InternalError", "ORDERINGS", "NORMAL_METHODS", "version"]
