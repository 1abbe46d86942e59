"""The tests' reference: rocdist's C API called through ctypes directly, on
the library the package loads (ROCDIST_LIBRARY, else librocdist.so.0)."""
import ctypes
import os

import numpy
import pytest

C = ctypes.CDLL(os.environ.get("ROCDIST_LIBRARY") or "librocdist.so.0")


def c_generator(seed, offset=0, *, gpu=False, method=0, ordering=0):
    """A C generator handle at (seed, offset) with the normal method and
    ordering given by their C values."""
    handle = ctypes.c_void_p()
    create = C.rocdist_create_generator if gpu else C.rocdist_create_generator_host
    assert create(ctypes.byref(handle), 0) == 0
    assert C.rocdist_set_seed(handle, ctypes.c_ulonglong(seed)) == 0
    assert C.rocdist_set_offset(handle, ctypes.c_ulonglong(offset)) == 0
    assert C.rocdist_set_normal_method(handle, method) == 0
    assert C.rocdist_set_ordering(handle, ordering) == 0
    return handle


def c_fill(name, dtype, n, *parameters, seed, offset=0, method=0, ordering=0):
    """What the C call `name` writes at (seed, offset), as a NumPy array of
    dtype (uint16 for the 16-bit formats' bits)."""
    handle = c_generator(seed, offset, method=method, ordering=ordering)
    out = numpy.full(n, 0x5A, dtype=dtype)
    function = getattr(C, name)
    status = function(handle, out.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(n), *parameters)
    assert status == 0, name
    C.rocdist_destroy_generator(handle)
    return out


@pytest.fixture
def torch():
    return pytest.importorskip("torch", reason="PyTorch is not installed (apt-get install python3-torch)")
