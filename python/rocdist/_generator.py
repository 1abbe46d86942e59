"""rocdist.Generator: a C generator handle with NumPy's Generator names."""
import contextlib
import ctypes
import math
import numbers
import threading

import numpy

from . import _arrays, _errors, _tokens
from ._library import check, lib

ORDERINGS = {"reproducible": 0, "fast": 1}
NORMAL_METHODS = {"box_muller": 0, "polar": 1, "inverse_cdf": 2, "inverse_cdf_fast": 3, "ziggurat": 4,
                  "box_muller_fast": 5}
_STREAM_END = 1 << 64

# The C call of each (distribution, dtype).
_UNIFORM = {"float32": lib.rocdist_generate_uniform, "float64": lib.rocdist_generate_uniform_double,
            "float16": lib.rocdist_generate_uniform_half, "bfloat16": lib.rocdist_generate_uniform_bfloat16}
_NORMAL = {"float32": lib.rocdist_generate_normal, "float64": lib.rocdist_generate_normal_double,
           "float16": lib.rocdist_generate_normal_half, "bfloat16": lib.rocdist_generate_normal_bfloat16}
_LOG_NORMAL = {"float32": lib.rocdist_generate_log_normal, "float64": lib.rocdist_generate_log_normal_double,
               "float16": lib.rocdist_generate_log_normal_half,
               "bfloat16": lib.rocdist_generate_log_normal_bfloat16}
_GAMMA = {"float32": lib.rocdist_generate_gamma, "float64": lib.rocdist_generate_gamma_double}
_GAMMA_SHAPES = {"float32": lib.rocdist_generate_gamma_shapes, "float64": lib.rocdist_generate_gamma_shapes_double}
_BETA = {"float32": lib.rocdist_generate_beta, "float64": lib.rocdist_generate_beta_double}
_DIRICHLET = {"float32": lib.rocdist_generate_dirichlet, "float64": lib.rocdist_generate_dirichlet_double}
_ROWS = {"float32": lib.rocdist_generate_categorical_rows, "float64": lib.rocdist_generate_categorical_rows_double}
_EXPONENTIAL = {"float32": lib.rocdist_generate_exponential, "float64": lib.rocdist_generate_exponential_double}
_FLOAT_NAMES = ("float32", "float64", "float16", "bfloat16")
# Categories and counts are unsigned ints; int32 arrays take them where
# every value fits.
INTEGER_DTYPES = ("uint32", "int32")
_LAMBDA_MAX = 2**31
_TRIALS_MAX = 2**32 - 1
# Counts fit int32 where binomial trials do (a count never exceeds them), and
# where every lambda is at most 2^31 - 2^22: a count of 2^31 is then over 90
# standard deviations (sqrt(lambda) < 2^15.5) above it, a probability below
# e^-4000.
_INT32_TRIALS = 2**31 - 1
_INT32_LAMBDA = 2**31 - 2**22


def dtype_name(dtype):
    """'float32', 'float64', 'float16' or 'bfloat16' for a dtype given as a
    name, a NumPy dtype or scalar type, or a framework's dtype object."""
    if type(dtype) is str and dtype in _FLOAT_NAMES:
        return dtype
    if isinstance(dtype, str):
        name = dtype
    else:
        name = str(dtype).rsplit(".", 1)[-1].strip("'>")
        try:
            name = numpy.dtype(dtype).name
        except TypeError:
            pass
    aliases = {"float": "float64", "double": "float64", "single": "float32", "half": "float16"}
    return aliases.get(name, name)


def _shape_of(size):
    if size is None:
        return ()
    if isinstance(size, (int, numpy.integer)):
        return (int(size),)
    return tuple(int(s) for s in size)


def _positive_finite(value, name):
    if not (math.isfinite(value) and value > 0):
        raise _errors.InvalidValueError(f"{name} must be finite and greater than 0, not {value}")


def _trial_counts(n):
    """n (a number or array) as a NumPy uint32 array of trial counts."""
    counts = numpy.asarray(n)
    if counts.dtype.kind not in "iuf" or not numpy.all((counts >= 0) & (counts <= _TRIALS_MAX)
                                                       & (numpy.floor(counts) == counts)):
        raise _errors.InvalidValueError("n holds whole numbers from 0 to 2^32 - 1"
                                        + ("" if counts.ndim else f", not {n}"))
    return counts.astype(numpy.uint32)


def _largest(values, array):
    """The largest of an array parameter's values (NaN where one is, 0 for
    none): NumPy's max on the host; on a GPU the array's own max()
    (PyTorch's, CuPy's, JAX's), which waits for the work queued on it."""
    if array.size == 0:
        return 0
    if not array.gpu:
        return float(numpy.max(numpy.asarray(values)))
    if not hasattr(values, "max"):
        raise _errors.UnknownTypeError("int32 counts need the parameters' largest value, and this GPU array has no "
                                       "max(): give out= a uint32 array")
    return float(values.max())


class Generator:
    """A Philox4x32-10 stream on the host ("cpu") or a GPU ("gpu", or a
    device index), with NumPy's Generator names.

    Element i of a call's output is element offset + i of the stream of
    rocdist's C API for the same seed: the same bits, whatever the array
    type. Every call checks its arguments first: on error nothing is
    written and the position does not move. A generator may be used from
    several threads; its calls are then serialised.
    """

    def __init__(self, seed=0, *, offset=0, device="cpu", ordering="reproducible", normal_method="box_muller"):
        self._lock = threading.Lock()
        self._device = device
        self._gpu, self._device_index = self._parse_device(device)
        handle = ctypes.c_void_p()
        if self._gpu:
            with self._current_device():
                check(lib.rocdist_create_generator(ctypes.byref(handle), 0))
        else:
            check(lib.rocdist_create_generator_host(ctypes.byref(handle), 0))
        self._handle = handle
        self._stream = None          # the stream the user gave, or None
        self._applied_stream = None  # the stream the C generator has now
        self.seed = seed
        self.offset = offset
        self.ordering = ordering
        self.normal_method = normal_method

    @staticmethod
    def _parse_device(device):
        if device == "cpu":
            return False, None
        if device == "gpu":
            return True, None
        if isinstance(device, int) and not isinstance(device, bool) and device >= 0:
            return True, device
        raise ValueError(f"device is 'cpu', 'gpu' or a GPU's index, not {device!r}")

    def _current_device(self):
        """A context in which the GPU of device_index is current (through
        PyTorch or CuPy, which set it for rocdist's runtime too)."""
        if self._device_index is None:
            return contextlib.nullcontext()
        try:
            import torch

            return torch.cuda.device(self._device_index)
        except ImportError:
            import cupy

            return cupy.cuda.Device(self._device_index)

    # ---- state ----

    def close(self):
        """Frees the C generator; later calls raise rocdist.Error."""
        handle, self._handle = getattr(self, "_handle", None), None
        if handle is not None and handle.value:
            lib.rocdist_destroy_generator(handle)

    def __del__(self):
        try:
            self.close()
        except Exception:  # at interpreter exit the library may be gone before the generator
            pass

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    @property
    def seed(self):
        """The Philox key; setting it moves the position to element 0."""
        return self._seed

    @seed.setter
    def seed(self, seed):
        seed = int(seed)
        if not 0 <= seed < _STREAM_END:
            raise _errors.InvalidValueError(f"seed is an unsigned 64-bit integer, not {seed}")
        with self._lock:
            check(lib.rocdist_set_seed(self._handle, seed))
            self._seed, self._offset = seed, 0

    @property
    def offset(self):
        """The stream element the next call starts at."""
        return self._offset

    @offset.setter
    def offset(self, offset):
        offset = int(offset)
        if not 0 <= offset < _STREAM_END:
            raise _errors.OutOfRangeError(f"offset is below 2^64, not {offset}")
        with self._lock:
            check(lib.rocdist_set_offset(self._handle, offset))
            self._offset = offset

    @property
    def ordering(self):
        return self._ordering

    @ordering.setter
    def ordering(self, ordering):
        if ordering not in ORDERINGS:
            raise _errors.UnknownTypeError(f"ordering is one of {', '.join(ORDERINGS)}, not {ordering!r}")
        with self._lock:
            check(lib.rocdist_set_ordering(self._handle, ORDERINGS[ordering]))
            self._ordering = ordering

    @property
    def normal_method(self):
        return self._normal_method

    @normal_method.setter
    def normal_method(self, method):
        if method not in NORMAL_METHODS:
            raise _errors.UnknownTypeError(f"normal_method is one of {', '.join(NORMAL_METHODS)}, not {method!r}")
        with self._lock:
            check(lib.rocdist_set_normal_method(self._handle, NORMAL_METHODS[method]))
            self._normal_method = method

    @property
    def device(self):
        return self._device

    @property
    def stream(self):
        """The GPU stream (a hipStream_t or cudaStream_t as an int) the
        generator's calls run on; None: the current stream of the framework
        whose array a call writes (PyTorch's, CuPy's), else the default."""
        return self._stream

    @stream.setter
    def stream(self, stream):
        if stream is not None and not self._gpu:
            raise _errors.InvalidValueError("a host generator has no stream")
        with self._lock:
            self._apply_stream(stream)
            self._stream = stream

    def _apply_stream(self, stream):
        if stream != self._applied_stream:
            check(lib.rocdist_set_stream(self._handle, stream))
            self._applied_stream = stream

    def __getstate__(self):
        return {"seed": self._seed, "offset": self._offset, "device": self._device, "ordering": self._ordering,
                "normal_method": self._normal_method}

    def __setstate__(self, state):
        self.__init__(state["seed"], offset=state["offset"], device=state["device"], ordering=state["ordering"],
                      normal_method=state["normal_method"])

    def __repr__(self):
        return (f"rocdist.Generator(seed={self._seed}, offset={self._offset}, device={self._device!r}, "
                f"ordering={self._ordering!r}, normal_method={self._normal_method!r})")

    # ---- the calls' plumbing ----

    def _output(self, out, shape, dtype, like, allowed):
        """The array to write: out, checked against shape (None: any) and
        the allowed dtypes, or a new one of shape and dtype."""
        if out is None:
            if dtype not in allowed:
                raise _errors.UnknownTypeError(f"dtype is one of {', '.join(allowed)} here, not {dtype}")
            out = _arrays.empty(shape, dtype, gpu=self._gpu, device_index=self._device_index, like=like)
            made = True
        else:
            made = False
        a = _arrays.take(out, writable=True, stream=self._stream)
        if a.dtype not in allowed:
            raise _errors.UnknownTypeError(f"out= holds {a.dtype}; this call writes {' or '.join(allowed)}")
        if shape is not None and tuple(a.shape) != tuple(shape):
            raise ValueError(f"out= has shape {tuple(a.shape)}; this call writes shape {tuple(shape)}")
        self._check_memory(a)
        return out, a, made

    def _input(self, values, dtype, name):
        """An array argument read by the call: host values become a
        contiguous NumPy array of dtype; arrays in GPU memory must be
        contiguous and of dtype already."""
        if isinstance(values, numpy.ndarray) or not (hasattr(values, "__cuda_array_interface__")
                                                      or hasattr(values, "__dlpack__")):
            values = numpy.ascontiguousarray(values, dtype=dtype)
        a = _arrays.take(values, writable=False, stream=self._stream)
        if a.dtype != dtype:
            if a.gpu:
                raise _errors.UnknownTypeError(f"{name} holds {a.dtype}; this call reads {dtype}")
            values = numpy.ascontiguousarray(numpy.asarray(values), dtype=dtype)
            a = _arrays.take(values, writable=False)
        self._check_memory(a)
        return a

    def _check_memory(self, a):
        if a.gpu != self._gpu:
            where = "GPU" if a.gpu else "host"
            raise _errors.WrongMemoryError(f"a {'GPU' if self._gpu else 'host'} generator cannot use {where} memory")

    def _run(self, function, args, elements, *arrays):
        """Calls function(handle, *args) with the generator locked and moves
        the position by elements on success."""
        with self._lock:
            if self._gpu and self._stream is None:
                self._apply_stream(next((a.stream for a in arrays if a.stream is not None), None))
            status = function(self._handle, *args)
            if status:
                check(status)
            self._offset = (self._offset + elements) % _STREAM_END

    def _result(self, out, made, shape, like):
        """What a call returns: out when it was given; else the new array,
        as the framework `like` names wants it (a scalar for shape (), as
        NumPy returns when size is None)."""
        if not made:
            return out
        if shape == () and isinstance(out, numpy.ndarray) and (like is None or _arrays.framework_of(like) == "numpy"):
            return out[()]
        # Without a stream of its own, the generator ran on out's framework's
        # current stream, which is current still.
        return _arrays.handed_over(out, like, self._stream)

    def _fill(self, table, size, dtype, out, like, *parameters):
        shape = _shape_of(size) if out is None or size is not None else None
        out, a, made = self._output(out, shape, dtype_name(dtype), like, table)
        self._run(table[a.dtype], (a.ptr, a.size, *parameters), a.size, a)
        return self._result(out, made, shape, like)

    def _counts(self, function, size, out, like, parameters, fits_int32, arrays=()):
        """Counts by function(handle, output, n, *parameters): of size's shape
        for scalar parameters, else of the parameter arrays' shape (which
        size, if given, must be). An int32 output needs fits_int32(): that no
        count can pass 2^31 - 1."""
        if not arrays:
            shape = result_shape = _shape_of(size) if out is None or size is not None else None
        else:
            shape, result_shape = tuple(arrays[0].shape), None
            if size is not None and _shape_of(size) != shape:
                raise ValueError(f"size {_shape_of(size)} is not the parameters' shape {shape}")
        out, a, made = self._output(out, shape, _arrays.count_dtype(like), like, INTEGER_DTYPES)
        if a.dtype == "int32" and not fits_int32():
            raise _errors.UnknownTypeError("int32 cannot hold every count of these parameters: give out= a uint32 "
                                           "array (NumPy's, CuPy's, JAX's)")
        self._run(function, (a.ptr, a.size, *parameters), a.size, a, *arrays)
        return self._result(out, made, result_shape, like)

    # ---- NumPy's distributions ----

    def random(self, size=None, dtype=numpy.float64, out=None, *, like=None):
        """Uniform variates in (0, 1] (float32, as cuRAND's) or (0, 1)
        (float64), or those floats rounded to float16 or bfloat16."""
        return self._fill(_UNIFORM, size, dtype, out, like)

    def standard_normal(self, size=None, dtype=numpy.float64, out=None, *, like=None):
        """Normal variates of mean 0 and standard deviation 1 by the
        generator's normal_method."""
        return self._fill(_NORMAL, size, dtype, out, like, 0.0, 1.0)

    def normal(self, loc=0.0, scale=1.0, size=None, *, dtype=numpy.float64, out=None, like=None):
        """Normal variates loc + scale z; loc finite, scale finite and > 0."""
        if not math.isfinite(loc):
            raise _errors.InvalidValueError(f"loc must be finite, not {loc}")
        _positive_finite(scale, "scale")
        return self._fill(_NORMAL, size, dtype, out, like, loc, scale)

    def lognormal(self, mean=0.0, sigma=1.0, size=None, *, dtype=numpy.float64, out=None, like=None):
        """exp(mean + sigma z): mean and sigma are those of the logarithm."""
        if not math.isfinite(mean):
            raise _errors.InvalidValueError(f"mean must be finite, not {mean}")
        _positive_finite(sigma, "sigma")
        return self._fill(_LOG_NORMAL, size, dtype, out, like, mean, sigma)

    def standard_gamma(self, shape, size=None, dtype=numpy.float64, out=None, *, like=None):
        """Gamma(shape, 1) variates (Marsaglia-Tsang); shape a number > 0, or
        an array of them: element i then has shape[i]."""
        return self.gamma(shape, 1.0, size, dtype=dtype, out=out, like=like)

    def gamma(self, shape, scale=1.0, size=None, *, dtype=numpy.float64, out=None, like=None):
        """Gamma(shape, scale) variates; shape a number > 0 or an array of
        them (element i has shape[i]), scale finite and > 0."""
        _positive_finite(scale, "scale")
        if isinstance(shape, numbers.Real):
            _positive_finite(float(shape), "shape")
            return self._fill(_GAMMA, size, dtype, out, like, float(shape), scale)
        name = dtype_name(dtype) if out is None else _arrays.take(out, writable=True).dtype
        if name not in _GAMMA_SHAPES:
            raise _errors.UnknownTypeError(f"gamma with an array of shapes writes float32 or float64, not {name}")
        shapes = self._input(shape, name, "shape")
        if size is not None and _shape_of(size) != tuple(shapes.shape):
            raise ValueError(f"size {_shape_of(size)} is not the shape of the shapes' array {tuple(shapes.shape)}")
        out, a, made = self._output(out, tuple(shapes.shape), name, like, (name,))
        self._run(_GAMMA_SHAPES[name], (a.ptr, a.size, shapes.ptr, scale), a.size, a, shapes)
        return self._result(out, made, None, like)

    def beta(self, a, b, size=None, *, dtype=numpy.float64, out=None, like=None):
        """Beta(a, b) variates, a and b finite and > 0."""
        _positive_finite(a, "a")
        _positive_finite(b, "b")
        return self._fill(_BETA, size, dtype, out, like, a, b)

    def exponential(self, scale=1.0, size=None, *, dtype=numpy.float64, out=None, like=None):
        """Exponential variates of mean scale (a number, finite and > 0):
        the values of rocdist_generate_exponential* at rate 1 / scale,
        computed in double (and rounded to float for float32)."""
        if not isinstance(scale, numbers.Real):
            raise TypeError(f"scale is a number (the C API takes one rate a call), not {type(scale).__name__}")
        _positive_finite(scale, "scale")
        rate = 1.0 / scale
        if (dtype_name(dtype) if out is None else _arrays.take(out, writable=True).dtype) == "float32":
            rate = ctypes.c_float(rate).value
        _positive_finite(rate, "the rate 1 / scale")  # an extreme scale's rate overflows or underflows
        return self._fill(_EXPONENTIAL, size, dtype, out, like, rate)

    def poisson(self, lam=1.0, size=None, *, out=None, like=None):
        """Poisson(lam) counts, exact at every lam; lam a number from 0 to
        2^31, or an array of them: element i then has mean lam[i], and the
        result has lam's shape (size, if given, must be it). New counts are
        uint32 (int32 for like=torch)."""
        if isinstance(lam, numbers.Real):
            lam = float(lam)
            if not 0 <= lam <= _LAMBDA_MAX:  # NaN too
                raise _errors.InvalidValueError(f"lam must be from 0 to 2^31, not {lam}")
            return self._counts(lib.rocdist_generate_poisson, size, out, like, (lam,), lambda: lam <= _INT32_LAMBDA)
        lambdas = self._input(lam, "float64", "lam")
        return self._counts(lib.rocdist_generate_poisson_lambdas, size, out, like, (lambdas.ptr,),
                            lambda: not _largest(lam, lambdas) > _INT32_LAMBDA, arrays=(lambdas,))

    def binomial(self, n, p, size=None, *, out=None, like=None):
        """Binomial(n, p) counts, exact for every (n, p); n whole numbers
        from 0 to 2^32 - 1 and p from 0 to 1, numbers or arrays: arrays are
        broadcast to one shape, the result's (size, if given, must be it),
        element i with n[i] and p[i]. In GPU memory n and p are uint32 and
        float64 arrays of one shape. New counts are uint32 (int32 for
        like=torch)."""
        if isinstance(n, numbers.Real) and isinstance(p, numbers.Real):
            trials = int(_trial_counts(n))
            if not 0 <= p <= 1:  # NaN too
                raise _errors.InvalidValueError(f"p must be from 0 to 1, not {p}")
            return self._counts(lib.rocdist_generate_binomial, size, out, like, (trials, float(p)),
                                lambda: trials <= _INT32_TRIALS)
        if not (_arrays.in_gpu_memory(n) or _arrays.in_gpu_memory(p)):
            n, p = numpy.broadcast_arrays(_trial_counts(n), numpy.asarray(p, numpy.float64))
        trials = self._input(n, "uint32", "n")
        probabilities = self._input(p, "float64", "p")
        if tuple(trials.shape) != tuple(probabilities.shape):
            raise ValueError(f"n and p in GPU memory are arrays of one shape, not {tuple(trials.shape)} and "
                             f"{tuple(probabilities.shape)}")
        return self._counts(lib.rocdist_generate_binomial_parameters, size, out, like,
                            (trials.ptr, probabilities.ptr), lambda: not _largest(n, trials) > _INT32_TRIALS,
                            arrays=(trials, probabilities))

    def dirichlet(self, alpha, size=None, *, dtype=numpy.float64, out=None, like=None):
        """Rows of Dirichlet(alpha) variates, each of len(alpha) values that
        sum to 1; the result's shape is size + (len(alpha),). The position
        counts rows."""
        name = dtype_name(dtype) if out is None else _arrays.take(out, writable=True).dtype
        if name not in _DIRICHLET:
            raise _errors.UnknownTypeError(f"dirichlet writes float32 or float64, not {name}")
        alpha = self._input(alpha, name, "alpha")
        if len(alpha.shape) != 1:
            raise ValueError("alpha is one-dimensional")
        k = alpha.size
        shape = _shape_of(size) + (k,) if out is None or size is not None else None
        out, a, made = self._output(out, shape, name, like, (name,))
        if k == 0 or a.size % k:
            raise _errors.InvalidValueError(f"out= holds {a.size} values, not rows of {k}")
        rows = a.size // k
        self._run(_DIRICHLET[name], (a.ptr, rows, alpha.ptr, k), rows, a, alpha)
        return self._result(out, made, None, like)

    # ---- beyond NumPy ----

    def categorical(self, weights=None, *, logits=None, temperature=1.0, samples=1, out=None, like=None):
        """Categories drawn from rows of weights (unnormalised, float32 or
        float64) or of logits (float32, float16 or bfloat16; probabilities
        softmax(logits / temperature)): a 2-D array gives one row per distribution and a
        result of shape (rows, samples); a 1-D array one distribution and
        shape (samples,). New categories are uint32 (int32 for like=torch or
        jax)."""
        if (weights is None) == (logits is None):
            raise TypeError("give weights= or logits=, one of them")
        values = weights if logits is None else logits
        if logits is None:
            name = "float32" if _element_dtype(values) == "float32" else "float64"
        else:
            name = _element_dtype(values) if _element_dtype(values) in _tokens.VALUE_TYPES else "float32"
            if not temperature > 0:  # NaN too
                raise _errors.InvalidValueError(f"temperature must be greater than 0, not {temperature}")
        rows_in = self._input(values, name, "logits" if logits is not None else "weights")
        if len(rows_in.shape) not in (1, 2):
            raise ValueError("weights and logits are one row (1-D) or rows (2-D)")
        rows, k = (1, rows_in.shape[0]) if len(rows_in.shape) == 1 else rows_in.shape
        samples = int(samples)
        if samples < 0:
            raise ValueError(f"samples must be 0 or more, not {samples}")
        shape = (samples,) if len(rows_in.shape) == 1 else (rows, samples)
        dtype = _arrays.category_dtype(like)
        out, a, made = self._output(out, shape, dtype, like, INTEGER_DTYPES)
        if a.dtype == "int32" and k > 2**31:
            raise _errors.UnknownTypeError(f"int32 cannot hold categories of k = {k}")
        if logits is None:
            self._run(_ROWS[name], (rows_in.ptr, rows, k, a.ptr, samples), rows * samples, a, rows_in)
        else:
            self._run(lib.rocdist_generate_categorical_logits_typed,
                      (rows_in.ptr, _tokens.VALUE_TYPES[name], rows, k, temperature, a.ptr, samples), rows * samples, a,
                      rows_in)
        return self._result(out, made, None, like)

    def sample_tokens(self, logits, *, temperature=1.0, top_k=0, top_p=1.0, min_p=0.0, seeds=None, positions=None,
                      out=None):
        """One token per row of logits (rows x vocab, or one row of vocab;
        float32, float16 or bfloat16) by rocdist_sample_tokens: temperature,
        then top_k, top_p and min_p, exactly (docs/token_sampling.md).

        Each parameter is a number or one value per row. seeds and positions,
        given together, are the rows' own streams (one whole number per row,
        host values or uint64/int64 arrays in the generator's memory): the
        generator's position then stays. Without them row r is element
        offset + r, and the position moves by the rows. New tokens are of
        the logits' framework: uint32, int32 for PyTorch and JAX.

        The call does not wait for a GPU. A row with a NaN or +inf logit, or
        no logit above -inf, gets the invalid token 0xFFFFFFFF (-1 as int32);
        check_deferred() then raises InvalidValueError. On a GPU the per-row
        arguments given as host values are copied by the logits' framework
        (PyTorch or CuPy) on the generator's stream.
        """
        a_logits = _arrays.take(logits, writable=False, stream=self._stream)
        self._check_memory(a_logits)
        if a_logits.dtype not in _tokens.VALUE_TYPES:
            raise _errors.UnknownTypeError(f"logits are float32, float16 or bfloat16, not {a_logits.dtype}")
        if len(a_logits.shape) not in (1, 2):
            raise ValueError("logits are one row (1-D) or rows (2-D)")
        rows, vocab = (1, a_logits.shape[0]) if len(a_logits.shape) == 1 else a_logits.shape
        table = _tokens.params_table(rows, temperature, top_k, top_p, min_p)
        seeds, positions = _tokens.row_streams(seeds, positions, rows)
        shape = () if len(a_logits.shape) == 1 else (rows,)
        like = None if isinstance(logits, numpy.ndarray) else logits
        out, a_out, made = self._output(out, shape, _arrays.category_dtype(like), like, INTEGER_DTYPES)
        # The stream the call runs on (_run): the copies below go there too.
        stream = self._stream if self._stream is not None else a_logits.stream
        if self._gpu:
            table = _tokens.to_device(table, logits, stream)
            seeds, positions = ((None, None) if seeds is None else
                                (v if _arrays.in_gpu_memory(v) else _tokens.to_device(v, logits, stream)
                                 for v in (seeds, positions)))
        a_table = _arrays.take(table, writable=False, stream=stream)
        streams = [] if seeds is None else [_tokens.stream_array(v, name, rows, stream)
                                             for v, name in ((seeds, "seeds"), (positions, "positions"))]
        for a in (a_table, *streams):
            self._check_memory(a)
        pointers = [a.ptr for a in streams] or [None, None]
        self._run(lib.rocdist_sample_tokens, (a_logits.ptr, _tokens.VALUE_TYPES[a_logits.dtype], rows, vocab,
                                              a_table.ptr, *pointers, a_out.ptr),
                  0 if streams else rows, a_logits, a_out)
        return self._result(out, made, shape, like)

    def reserve_token_scratch(self, rows, vocab):
        """Allocates now what sample_tokens needs for batches of up to rows x
        vocab, so that no later call allocates (for capture in a CUDA or HIP
        graph)."""
        with self._lock:
            check(lib.rocdist_reserve_token_scratch(self._handle, rows, vocab))

    def check_deferred(self):
        """Waits for the generator's queued work, then raises the error that
        a row's values set since the last check (InvalidValueError: a row
        got the invalid token), and clears it."""
        status = ctypes.c_int()
        with self._lock:
            check(lib.rocdist_get_deferred_status(self._handle, ctypes.byref(status)))
        if status.value:
            raise _errors.from_status(status.value, "a row given to sample_tokens since the last check held a NaN or "
                                      "+inf logit, or no logit above -inf: its token is 0xFFFFFFFF")


def _element_dtype(values):
    dtype = getattr(values, "dtype", None)
    return None if dtype is None else dtype_name(dtype)
