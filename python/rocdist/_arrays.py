"""Arrays across the boundary: where an array's elements are, checked before
a call, and new arrays made by NumPy or by the framework a user names.

An array is taken, in this order, as a NumPy array, through
__cuda_array_interface__ (CuPy, Numba, PyTorch on CUDA), through
__dlpack__ (PyTorch, JAX, CuPy, NumPy), or through the buffer protocol.
"""
import contextlib
import ctypes

import numpy

from . import _errors

# DLPack's device types and dtype codes (dlpack.h).
_DL_CPU, _DL_CUDA, _DL_CUDA_HOST, _DL_ROCM, _DL_ROCM_HOST, _DL_CUDA_MANAGED = 1, 2, 3, 10, 11, 13
_DL_HOST_DEVICES = (_DL_CPU, _DL_CUDA_HOST, _DL_ROCM_HOST)
_DL_CODES = {(0, 32): "int32", (1, 32): "uint32", (0, 64): "int64", (1, 64): "uint64", (2, 16): "float16",
             (2, 32): "float32", (2, 64): "float64", (4, 16): "bfloat16"}
# __cuda_array_interface__ and buffer-protocol type strings.
_TYPESTRS = {"<i4": "int32", "<u4": "uint32", "<i8": "int64", "<u8": "uint64", "<f2": "float16", "<f4": "float32",
             "<f8": "float64"}
ITEMSIZE = {"int32": 4, "uint32": 4, "int64": 8, "uint64": 8, "float16": 2, "bfloat16": 2, "float32": 4,
            "float64": 8}


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = (ctypes.py_object, ctypes.c_char_p)


class Array:
    """Where an array's elements are: address, element count, dtype name,
    shape, and whether they are in GPU memory (gpu) with the producer's
    stream where it says (stream, an int or None). `owner` keeps alive what
    the address belongs to for as long as this object lives."""

    __slots__ = ("ptr", "size", "dtype", "shape", "gpu", "stream", "owner")

    def __init__(self, ptr, size, dtype, shape, gpu, stream, owner):
        self.ptr, self.size, self.dtype, self.shape = ptr, size, dtype, shape
        self.gpu, self.stream, self.owner = gpu, stream, owner


def _contiguous(shape, strides, itemsize):
    """Whether strides (in elements, or None) are a C-contiguous layout."""
    if strides is None:
        return True
    expected = 1
    for extent, stride in zip(reversed(shape), reversed(strides)):
        if extent != 1 and stride != expected:
            return False
        expected *= extent
    return True


def _size(shape):
    size = 1
    for extent in shape:
        size *= extent
    return size


# NumPy dtypes by object: a dict lookup costs less than dtype.name.
_NUMPY_DTYPES = {numpy.dtype(name): name for name in ("int32", "uint32", "float16", "float32", "float64")}


def _from_numpy(a, writable):
    flags = a.flags
    if not flags.c_contiguous:
        raise _errors.InvalidPointerError("the array is not C-contiguous")
    if writable and not flags.writeable:
        raise _errors.InvalidPointerError("the array is read-only")
    dtype = _NUMPY_DTYPES.get(a.dtype) or a.dtype.name
    return Array(a.ctypes.data, a.size, dtype, a.shape, False, None, a)


def _from_cuda_interface(obj, interface, writable):
    dtype = _TYPESTRS.get(interface["typestr"])
    if dtype is None:
        raise _errors.UnknownTypeError(f"arrays of {interface['typestr']} are not rocdist's")
    ptr, readonly = interface["data"]
    shape = tuple(interface["shape"])
    strides = interface.get("strides")
    itemsize = ITEMSIZE[dtype]
    if strides is not None and any(s % itemsize for s in strides):
        raise _errors.InvalidPointerError("the array's strides are not whole elements")
    if not _contiguous(shape, None if strides is None else [s // itemsize for s in strides], itemsize):
        raise _errors.InvalidPointerError("the array is not C-contiguous")
    if writable and readonly:
        raise _errors.InvalidPointerError("the array is read-only")
    stream = interface.get("stream")
    if stream is None:
        stream = _framework_stream(obj)
    return Array(ptr or 0, _size(shape), dtype, shape, True, stream, obj)


def _framework_stream(obj):
    """The current stream (an int) of the framework whose GPU array obj is,
    where it is PyTorch's or CuPy's; else None (the default stream)."""
    root = type(obj).__module__.split(".")[0]
    if root == "torch":
        import torch

        return torch.cuda.current_stream(obj.device).cuda_stream
    if root == "cupy":
        import cupy

        return cupy.cuda.get_current_stream().ptr
    return None


def _from_dlpack(obj, writable, stream):
    device_type, _ = obj.__dlpack_device__()
    gpu = device_type not in _DL_HOST_DEVICES
    # The handshake: the producer makes the data ready for the consumer's
    # stream (a GPU's), or for the host.
    capsule = obj.__dlpack__(stream=stream) if gpu and stream is not None else obj.__dlpack__()
    # The capsule stays unconsumed: when it goes, its destructor hands the
    # tensor back to the producer, who still owns the memory.
    t = _DLTensor.from_address(_capsule_pointer(capsule, b"dltensor"))
    if t.dtype.lanes != 1 or (t.dtype.code, t.dtype.bits) not in _DL_CODES:
        raise _errors.UnknownTypeError(f"DLPack dtype (code {t.dtype.code}, {t.dtype.bits} bits, "
                                       f"{t.dtype.lanes} lanes) is not rocdist's")
    dtype = _DL_CODES[(t.dtype.code, t.dtype.bits)]
    shape = tuple(t.shape[i] for i in range(t.ndim))
    strides = None if not t.strides else [t.strides[i] for i in range(t.ndim)]
    if not _contiguous(shape, strides, ITEMSIZE[dtype]):
        raise _errors.InvalidPointerError("the array is not C-contiguous")
    return Array((t.data or 0) + t.byte_offset, _size(shape), dtype, shape, gpu, stream, (obj, capsule))


def take(obj, *, writable, stream=None):
    """The Array of obj (see the module's docstring for the order)."""
    if isinstance(obj, numpy.ndarray):
        return _from_numpy(obj, writable)
    interface = getattr(obj, "__cuda_array_interface__", None)
    if interface is not None:
        return _from_cuda_interface(obj, interface, writable)
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        return _from_dlpack(obj, writable, stream)
    try:
        view = memoryview(obj)
    except TypeError:
        raise TypeError(f"{type(obj).__name__} is no array: rocdist takes NumPy arrays, objects with "
                        "__cuda_array_interface__ or __dlpack__, and buffers") from None
    return _from_numpy(numpy.asarray(view), writable)


def framework_of(like):
    """'numpy', 'torch', 'cupy' or 'jax' for a module or an array of one."""
    name = getattr(like, "__name__", None) or type(like).__module__
    root = name.split(".")[0]
    if root in ("numpy", "torch", "cupy", "jax", "jaxlib"):
        return "jax" if root == "jaxlib" else root
    raise TypeError(f"like= names {name}: rocdist allocates with numpy, torch, cupy or jax")


def category_dtype(like):
    """The dtype of new categories: int32 for PyTorch (whose uint32 is
    partial) and JAX (whose categorical gives int32), else uint32."""
    return "int32" if like is not None and framework_of(like) in ("torch", "jax") else "uint32"


def count_dtype(like):
    """The dtype of new Poisson and binomial counts: int32 for PyTorch (which
    has no uint32 before 2.3, and few operations on it since), else uint32,
    the C API's type (JAX holds uint32 without jax_enable_x64)."""
    return "int32" if like is not None and framework_of(like) == "torch" else "uint32"


def in_gpu_memory(obj):
    """Whether obj is an array whose elements are in GPU memory (through
    __cuda_array_interface__, or a DLPack device other than the host)."""
    if hasattr(obj, "__cuda_array_interface__"):
        return True
    device = getattr(obj, "__dlpack_device__", None)
    return device is not None and device()[0] not in _DL_HOST_DEVICES


def empty(shape, dtype, *, gpu, device_index, like):
    """A new C-contiguous array of the framework `like` names (NumPy on the
    host when like is None), on the GPU of device_index when gpu."""
    framework = "numpy" if like is None and not gpu else (framework_of(like) if like is not None else None)
    if framework is None:
        raise TypeError("a GPU generator's result needs like= (torch, cupy or jax) or out=")
    if framework == "numpy":
        if gpu:
            raise TypeError("NumPy arrays live on the host: give a GPU generator like=torch, cupy or jax")
        if dtype == "bfloat16":
            raise TypeError("NumPy has no bfloat16: give like=torch (or jax), or out=")
        return numpy.empty(shape, dtype)
    if framework == "torch":
        import torch

        device = torch.device("cuda", device_index) if gpu else torch.device("cpu")
        return torch.empty(shape, dtype=getattr(torch, dtype), device=device)
    if framework == "cupy":
        import cupy

        if not gpu:
            raise TypeError("CuPy arrays live on a GPU: a host generator's result is NumPy's")
        with cupy.cuda.Device(device_index):
            return cupy.empty(shape, dtype)
    return _empty_for_jax(shape, dtype, gpu, device_index)


def _empty_for_jax(shape, dtype, gpu, device_index):
    """Memory that becomes a JAX array after the call (handed_over). JAX
    arrays are immutable, so the elements are written into an array of a
    framework that allows writes: NumPy's on the host (with JAX's bfloat16),
    PyTorch's or else CuPy's on a GPU."""
    import jax

    wanted = numpy.dtype(getattr(jax.numpy, dtype))
    if jax.dtypes.canonicalize_dtype(wanted) != wanted:
        raise _errors.UnknownTypeError(f"JAX holds {dtype} only with jax_enable_x64 set")
    if not gpu:
        return numpy.empty(shape, wanted)
    try:
        import torch

        if torch.cuda.is_available() and hasattr(torch, dtype):  # uint32 from PyTorch 2.3 on
            return torch.empty(shape, dtype=getattr(torch, dtype), device=torch.device("cuda", device_index))
    except ImportError:
        pass
    try:
        import cupy
    except ImportError:
        raise TypeError(f"like=jax on a GPU writes into PyTorch's or CuPy's memory first, and neither is "
                        f"installed with {dtype}: give out=, or install one") from None
    if dtype == "bfloat16":
        raise TypeError("like=jax on a GPU with CuPy (PyTorch has no GPU here) has no bfloat16: give out=")
    with cupy.cuda.Device(device_index):
        return cupy.empty(shape, dtype)


def handed_over(array, like, stream):
    """A new array written by a call, as the framework `like` names wants it:
    for JAX, the same memory taken through DLPack, with no copy. The DLPack
    stream handshake makes JAX's work wait for the call's on the GPU; the
    call ran on `stream` (an int), else on the framework's current stream."""
    if like is None or framework_of(like) != "jax":
        return array
    import jax

    if isinstance(array, numpy.ndarray):
        return jax.device_put(array, jax.devices("cpu")[0])
    with _current_stream(array, stream):
        return jax.dlpack.from_dlpack(array)


def _current_stream(array, stream):
    """A context in which `stream` is the current stream of array's
    framework, so that its DLPack export waits for the work queued there."""
    if stream is None:
        return contextlib.nullcontext()
    if type(array).__module__.split(".")[0] == "torch":
        import torch

        return torch.cuda.stream(torch.cuda.ExternalStream(stream, device=array.device))
    import cupy

    return cupy.cuda.ExternalStream(stream)
