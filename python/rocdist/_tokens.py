"""Token sampling's per-row arguments: the rocdist_token_params table and the
rows' own streams, packed on the host and, for a GPU generator, copied to
the device on the generator's stream by the logits' framework."""
import numbers

import numpy

from . import _arrays, _errors

# rocdist_value_type, by the logits' dtype.
VALUE_TYPES = {"float32": 0, "float16": 1, "bfloat16": 2}
# rocdist_token_params, 16 bytes a row.
PARAMS = numpy.dtype([("temperature", "<f4"), ("top_k", "<u4"), ("top_p", "<f4"), ("min_p", "<f4")])
_TOP_K_MAX = 2**32 - 1
_STREAM_WORDS = ("uint64", "int64")


def _per_row(value, rows, name, dtype):
    """value, a number or host values one per row, as rows values of dtype."""
    if _arrays.in_gpu_memory(value):
        raise TypeError(f"{name} is a number or host values, one per row: rocdist copies them to the GPU")
    a = numpy.asarray(value)
    if a.ndim == 0:
        a = numpy.full(rows, a)
    if a.shape != (rows,):
        raise ValueError(f"{name} holds a number or one value per row ({rows}), not shape {a.shape}")
    if a.dtype.kind not in "iuf":
        raise TypeError(f"{name} holds numbers, not {a.dtype}")
    return a.astype(dtype)


def params_table(rows, temperature, top_k, top_p, min_p):
    """The rows' rocdist_token_params, checked as the library checks them
    (on the float32 values it reads): temperature >= 0 (0: greedy), top_k a
    whole number below 2^32 (0: no limit), top_p in (0, 1], min_p in [0, 1)."""
    table = numpy.empty(rows, PARAMS)
    table["temperature"] = t = _per_row(temperature, rows, "temperature", numpy.float32)
    k = _per_row(top_k, rows, "top_k", numpy.float64)
    table["top_p"] = p = _per_row(top_p, rows, "top_p", numpy.float32)
    table["min_p"] = m = _per_row(min_p, rows, "min_p", numpy.float32)
    for bad, what in ((~(t >= 0), "temperature is 0 (greedy) or more"),
                      (~((k >= 0) & (k <= _TOP_K_MAX) & (numpy.floor(k) == k)),
                       "top_k is a whole number from 0 (no limit) to 2^32 - 1"),
                      (~((p > 0) & (p <= 1)), "top_p is in (0, 1]"), (~((m >= 0) & (m < 1)), "min_p is in [0, 1)")):
        if bad.any():
            row = int(numpy.argmax(bad))
            raise _errors.InvalidValueError(f"{what}; row {row} is not")
    table["top_k"] = k.astype(numpy.uint32)
    return table


def row_streams(seeds, positions, rows):
    """Host seeds and positions as NumPy uint64 arrays (an array in GPU
    memory is returned as it is: uint64, or int64 read as its bits)."""
    if (seeds is None) != (positions is None):
        raise TypeError("give seeds= and positions= together, or neither")
    if seeds is None:
        return None, None
    out = []
    for values, name in ((seeds, "seeds"), (positions, "positions")):
        if not _arrays.in_gpu_memory(values):
            if isinstance(values, (list, tuple)):  # Python ints up to 2^64 - 1, which NumPy may make floats
                if not all(isinstance(v, numbers.Integral) for v in values):
                    raise ValueError(f"{name} holds whole numbers")
                if not all(0 <= v < 2**64 for v in values):
                    raise _errors.InvalidValueError(f"{name} are from 0 to 2^64 - 1")
                values = numpy.array(values, dtype=numpy.uint64)
            values = numpy.asarray(values)
            if values.dtype.kind not in "iu" or values.shape != (rows,):
                raise ValueError(f"{name} holds one whole number per row ({rows}), not {values.dtype} of shape "
                                 f"{values.shape}")
            if values.dtype.kind == "i" and (values < 0).any():
                raise _errors.InvalidValueError(f"{name} are from 0 to 2^64 - 1")
            values = numpy.ascontiguousarray(values, numpy.uint64)
        out.append(values)
    return tuple(out)


def stream_array(values, name, rows, stream):
    """The Array of a rows' seeds or positions (uint64, or int64 read as
    its bits)."""
    a = _arrays.take(values, writable=False, stream=stream)
    if a.dtype not in _STREAM_WORDS or tuple(a.shape) != (rows,):
        raise _errors.UnknownTypeError(f"{name} in GPU memory is uint64 or int64 of shape ({rows},), not {a.dtype} "
                                       f"of shape {tuple(a.shape)}")
    return a


def to_device(host, like, stream):
    """host (a NumPy array) copied into GPU memory by the framework of the
    array `like` (PyTorch's or CuPy's), queued on `stream` (an int; None:
    the framework's current stream) without waiting for it. The framework's
    allocator then frees the copy in that stream's order, after the call
    that reads it."""
    framework = type(like).__module__.split(".")[0]
    # As 64-bit words: the parameter table's 16-byte records and the
    # streams' uint64s alike (neither framework has record dtypes, and
    # PyTorch no uint64).
    words = host.view(numpy.int64)
    if framework == "torch":
        import torch

        words = torch.from_numpy(words)
        context = (torch.cuda.stream(torch.cuda.ExternalStream(stream, device=like.device)) if stream is not None
                   else torch.cuda.device(like.device))
        with context:
            # From pinned memory, the copy is asynchronous; PyTorch's host
            # allocator keeps the pinned block until the copy has run.
            return words.pin_memory().to(like.device, non_blocking=True)
    if framework == "cupy":
        import cupy

        with like.device, (cupy.cuda.ExternalStream(stream) if stream is not None else cupy.cuda.get_current_stream()):
            return cupy.asarray(words)
    raise TypeError("on a GPU, sample_tokens copies its per-row arguments with the logits' framework: give "
                    "PyTorch or CuPy logits")
