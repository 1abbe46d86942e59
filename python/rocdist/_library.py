"""librocdist.so.0 through ctypes: the library, each function's prototype, and
the exception a status becomes."""
import ctypes
import os

from . import _errors

_status = ctypes.c_int
_gen = ctypes.c_void_p
_size = ctypes.c_size_t
_ptr = ctypes.c_void_p
_float = ctypes.c_float
_double = ctypes.c_double

# name: argument types (every function returns rocdist_status, an int).
_PROTOTYPES = {
    "rocdist_create_generator": (ctypes.POINTER(_gen), ctypes.c_int),
    "rocdist_create_generator_host": (ctypes.POINTER(_gen), ctypes.c_int),
    "rocdist_destroy_generator": (_gen,),
    "rocdist_set_seed": (_gen, ctypes.c_ulonglong),
    "rocdist_set_offset": (_gen, ctypes.c_ulonglong),
    "rocdist_set_stream": (_gen, _ptr),
    "rocdist_set_ordering": (_gen, ctypes.c_int),
    "rocdist_set_normal_method": (_gen, ctypes.c_int),
    "rocdist_generate": (_gen, _ptr, _size),
    "rocdist_generate_uniform": (_gen, _ptr, _size),
    "rocdist_generate_uniform_double": (_gen, _ptr, _size),
    "rocdist_generate_uniform_half": (_gen, _ptr, _size),
    "rocdist_generate_uniform_bfloat16": (_gen, _ptr, _size),
    "rocdist_generate_normal": (_gen, _ptr, _size, _float, _float),
    "rocdist_generate_normal_double": (_gen, _ptr, _size, _double, _double),
    "rocdist_generate_normal_half": (_gen, _ptr, _size, _float, _float),
    "rocdist_generate_normal_bfloat16": (_gen, _ptr, _size, _float, _float),
    "rocdist_generate_log_normal": (_gen, _ptr, _size, _float, _float),
    "rocdist_generate_log_normal_double": (_gen, _ptr, _size, _double, _double),
    "rocdist_generate_log_normal_half": (_gen, _ptr, _size, _float, _float),
    "rocdist_generate_log_normal_bfloat16": (_gen, _ptr, _size, _float, _float),
    "rocdist_generate_gamma": (_gen, _ptr, _size, _float, _float),
    "rocdist_generate_gamma_double": (_gen, _ptr, _size, _double, _double),
    "rocdist_generate_gamma_shapes": (_gen, _ptr, _size, _ptr, _float),
    "rocdist_generate_gamma_shapes_double": (_gen, _ptr, _size, _ptr, _double),
    "rocdist_generate_beta": (_gen, _ptr, _size, _float, _float),
    "rocdist_generate_beta_double": (_gen, _ptr, _size, _double, _double),
    "rocdist_generate_dirichlet": (_gen, _ptr, _size, _ptr, _size),
    "rocdist_generate_dirichlet_double": (_gen, _ptr, _size, _ptr, _size),
    "rocdist_generate_poisson": (_gen, _ptr, _size, _double),
    "rocdist_generate_poisson_lambdas": (_gen, _ptr, _size, _ptr),
    "rocdist_generate_binomial": (_gen, _ptr, _size, ctypes.c_uint, _double),
    "rocdist_generate_binomial_parameters": (_gen, _ptr, _size, _ptr, _ptr),
    "rocdist_generate_exponential": (_gen, _ptr, _size, _float),
    "rocdist_generate_exponential_double": (_gen, _ptr, _size, _double),
    "rocdist_create_categorical": (_gen, _ptr, _size, ctypes.POINTER(_ptr)),
    "rocdist_create_categorical_double": (_gen, _ptr, _size, ctypes.POINTER(_ptr)),
    "rocdist_destroy_categorical": (_ptr,),
    "rocdist_generate_categorical": (_gen, _ptr, _ptr, _size),
    "rocdist_generate_categorical_rows": (_gen, _ptr, _size, _size, _ptr, _size),
    "rocdist_generate_categorical_rows_double": (_gen, _ptr, _size, _size, _ptr, _size),
    "rocdist_generate_categorical_logits": (_gen, _ptr, _size, _size, _float, _ptr, _size),
    "rocdist_generate_categorical_logits_typed": (_gen, _ptr, ctypes.c_int, _size, _size, _float, _ptr, _size),
    "rocdist_sample_tokens": (_gen, _ptr, ctypes.c_int, _size, _size, _ptr, _ptr, _ptr, _ptr),
    "rocdist_reserve_token_scratch": (_gen, _size, _size),
    "rocdist_get_deferred_status": (_gen, ctypes.POINTER(_status)),
    "rocdist_get_version": (ctypes.POINTER(ctypes.c_int),),
}


def _load():
    # ROCDIST_LIBRARY names the file (a build tree's, say); else the system
    # loader finds the installed runtime by its SONAME.
    lib = ctypes.CDLL(os.environ.get("ROCDIST_LIBRARY") or "librocdist.so.0")
    for name, argtypes in _PROTOTYPES.items():
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = _status
    lib.rocdist_get_status_string.argtypes = (ctypes.c_int,)
    lib.rocdist_get_status_string.restype = ctypes.c_char_p
    return lib


lib = _load()


def check(status):
    """Raises the exception of a status other than success."""
    if status != 0:
        raise _errors.from_status(status, lib.rocdist_get_status_string(status).decode())


def version():
    """The library's version as (major, minor, patch)."""
    v = ctypes.c_int()
    check(lib.rocdist_get_version(ctypes.byref(v)))
    return v.value // 10000, v.value // 100 % 100, v.value % 100
