"""rocdist.Categorical: an alias table built once from k weights, sampled in
O(1) per category (rocdist_create_categorical)."""
import ctypes

from . import _arrays, _errors
from ._generator import INTEGER_DTYPES, Generator, _shape_of
from ._library import check, lib

_CREATE = {"float32": lib.rocdist_create_categorical, "float64": lib.rocdist_create_categorical_double}


class Categorical:
    """An alias table of k weights (float32 or float64, unnormalised, in
    memory of the generator's kind), built where the generator computes:
    category c has probability weights[c] / sum(weights), to within 2^-32.
    sample() draws from the generator's stream."""

    def __init__(self, weights, generator):
        if not isinstance(generator, Generator):
            raise TypeError("generator is a rocdist.Generator")
        self._generator = generator
        dtype = getattr(weights, "dtype", None)
        name = "float32" if dtype is not None and str(dtype).endswith("float32") else "float64"
        w = generator._input(weights, name, "weights")
        if len(w.shape) != 1:
            raise ValueError("weights is one-dimensional")
        self.k = w.size
        handle = ctypes.c_void_p()
        with generator._lock:
            check(_CREATE[name](generator._handle, w.ptr, w.size, ctypes.byref(handle)))
        self._handle = handle

    def sample(self, size=None, out=None, *, like=None):
        """size categories (new ones uint32; int32 for like=torch or jax)
        of the table, from the generator's position onwards."""
        g = self._generator
        shape = _shape_of(size) if out is None or size is not None else None
        dtype = _arrays.category_dtype(like)
        out, a, made = g._output(out, shape, dtype, like, INTEGER_DTYPES)
        if a.dtype == "int32" and self.k > 2**31:
            raise _errors.UnknownTypeError(f"int32 cannot hold categories of k = {self.k}")
        g._run(lib.rocdist_generate_categorical, (self._handle, a.ptr, a.size), a.size, a)
        return g._result(out, made, _shape_of(size), like)

    def close(self):
        handle, self._handle = getattr(self, "_handle", None), None
        if handle is not None and handle.value:
            lib.rocdist_destroy_categorical(handle)

    def __del__(self):
        try:
            self.close()
        except Exception:  # at interpreter exit the library may be gone first
            pass
