"""The GPU path: a GPU generator writes device memory given through
__cuda_array_interface__ (and PyTorch's CUDA tensors), with the C API's
values. Device memory comes from PyTorch on a GPU, or from the emulated
platform's hipMalloc (library/emulator, reached through ctypes) where the
library was built for it; without either the tests skip, saying why."""
import ctypes

import numpy
import pytest

import rocdist
from conftest import C, c_generator


class DeviceArray:
    """n elements of device memory (ptr) shown through
    __cuda_array_interface__; `to_host` copies them back. As with any
    framework's array, it must outlive the GPU work that writes it."""

    def __init__(self, memory, n, typestr):
        self.memory, self.n = memory, n
        self.nbytes = n * int(typestr[2:])
        self.ptr = memory.allocate(self.nbytes)
        self.__cuda_array_interface__ = {"shape": (n,), "typestr": typestr, "data": (self.ptr, False),
                                         "version": 3, "strides": None, "stream": None}

    def to_host(self, dtype):
        return numpy.frombuffer(self.memory.to_host(self.ptr, self.nbytes), dtype)

    def __del__(self):
        self.memory.free(self.ptr)


class EmulatorMemory:
    def __init__(self):
        self.hip = ctypes.CDLL("librocdist_emulator.so")  # the library rocdist loaded, by its SONAME
        self.hip.hipMalloc.argtypes = (ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t)
        self.hip.hipFree.argtypes = (ctypes.c_void_p,)
        self.hip.hipMemcpy.argtypes = (ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)

    def allocate(self, nbytes):
        p = ctypes.c_void_p()
        assert self.hip.hipMalloc(ctypes.byref(p), nbytes) == 0
        return p.value

    def free(self, ptr):
        self.hip.hipFree(ptr)

    def to_host(self, ptr, nbytes):
        host = ctypes.create_string_buffer(nbytes)
        assert self.hip.hipMemcpy(host, ptr, nbytes, 2) == 0  # hipMemcpyDeviceToHost
        return host.raw


def device_memory():
    try:
        return EmulatorMemory()
    except OSError:
        pass
    try:
        import torch

        if torch.cuda.is_available():
            return None  # the tests below use PyTorch's own tensors
    except ImportError:
        pass
    pytest.skip("no GPU memory: neither a GPU with PyTorch nor the emulated platform's library")


@pytest.fixture
def gpu():
    try:
        return rocdist.Generator(7, offset=3, device="gpu")
    except rocdist.NoDeviceError as e:
        pytest.skip(f"GPU generator unavailable: {e}")


def c_gpu_normal(memory, n, seed, offset):
    """The C API's float normals on a GPU generator, copied to the host, in
    the emulated platform's memory or else in PyTorch's."""
    if memory is None:
        import torch

        out = torch.empty(n, dtype=torch.float32, device="cuda")
        ptr = out.data_ptr()
    else:
        out = DeviceArray(memory, n, "<f4")
        ptr = out.ptr
    handle = c_generator(seed, offset, gpu=True)
    assert C.rocdist_generate_normal(handle, ctypes.c_void_p(ptr), ctypes.c_size_t(n), ctypes.c_float(0),
                                     ctypes.c_float(1)) == 0
    C.rocdist_destroy_generator(handle)  # waits for the generator's work
    return out.cpu().numpy() if memory is None else out.to_host(numpy.float32)


def test_gpu_generator_writes_device_arrays_with_the_c_values(gpu):
    memory = device_memory()
    n = 4099
    if memory is None:
        import torch

        out = torch.empty(n, dtype=torch.float32, device="cuda")
        gpu.standard_normal(out=out, dtype="float32")
        got = out.cpu().numpy()
    else:
        out = DeviceArray(memory, n, "<f4")
        assert gpu.standard_normal(out=out, dtype="float32") is out
        gpu.close()  # waits for the generator's work
        got = out.to_host(numpy.float32)
    assert got.tobytes() == c_gpu_normal(memory, n, 7, 3).tobytes()


def test_gpu_generator_makes_jax_arrays_with_the_c_values(gpu):
    jax = pytest.importorskip("jax", reason="JAX is not installed")
    if not [d for d in jax.devices() if d.platform == "gpu"]:
        pytest.skip("JAX has no GPU here")
    n = 4099
    made = gpu.standard_normal(n, dtype="float32", like=jax)
    assert isinstance(made, jax.Array) and {d.platform for d in made.devices()} == {"gpu"}
    # A JAX computation on the array sees the call's values: the handshake ordered it after the call.
    assert numpy.asarray(made * 1).tobytes() == c_gpu_normal(device_memory(), n, 7, 3).tobytes()


def test_gpu_generator_refuses_host_arrays_and_needs_a_framework(gpu):
    out = numpy.full(8, -1.0)
    with pytest.raises(rocdist.WrongMemoryError):
        gpu.random(out=out)
    assert gpu.offset == 3 and numpy.all(out == -1.0)
    with pytest.raises(TypeError, match="like="):
        gpu.random(8)


def test_gpu_categories_match_the_host_generator(gpu):
    memory = device_memory()
    if memory is None:
        pytest.skip("covered on a GPU by the C tests; this one needs the emulated platform's memory")
    out = DeviceArray(memory, 1000, "<u4")
    first = DeviceArray(memory, 16, "<f4")  # freed after the generator's work ends (close)
    gpu.random(out=first)
    host = rocdist.Generator(7, offset=3 + 16)
    weights_host = numpy.arange(1.0, 6.0)
    # Batched categorical on the GPU reads device weights.
    weights = DeviceArray(memory, 5, "<f8")
    assert memory.hip.hipMemcpy(weights.ptr, weights_host.ctypes.data, 40, 1) == 0  # hipMemcpyHostToDevice
    gpu.categorical(weights, samples=1000, out=out)
    gpu.close()
    assert numpy.array_equal(out.to_host(numpy.uint32), host.categorical(weights_host, samples=1000))


def test_gpu_tokens_match_the_host_generator(gpu):
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    if not torch.cuda.is_available():
        pytest.skip("sample_tokens copies its per-row arguments with PyTorch or CuPy: needs PyTorch on a GPU")
    rng = numpy.random.default_rng(4)
    logits = torch.from_numpy(rng.normal(0, 3, (9, 32000)).astype(numpy.float32)).to(torch.bfloat16)
    arguments = {"temperature": [0.0, 0.5, 1.0] * 3, "top_k": 50, "top_p": 0.9, "min_p": [0.0, 0.05, 0.0] * 3}
    host = rocdist.Generator(7, offset=3).sample_tokens(logits, **arguments)
    got = gpu.sample_tokens(logits.cuda(), **arguments)
    assert got.is_cuda and torch.equal(got.cpu(), host) and gpu.offset == 3 + 9
    # The rows' own streams, as host lists and as device tensors.
    seeds, positions = list(range(100, 109)), [5] * 9
    host = rocdist.Generator(7).sample_tokens(logits, seeds=seeds, positions=positions, **arguments)
    from_lists = gpu.sample_tokens(logits.cuda(), seeds=seeds, positions=positions, **arguments)
    from_tensors = gpu.sample_tokens(logits.cuda(), seeds=torch.tensor(seeds, device="cuda"),
                                     positions=torch.tensor(positions, device="cuda"), **arguments)
    assert torch.equal(from_lists.cpu(), host) and torch.equal(from_tensors.cpu(), host) and gpu.offset == 3 + 9
    bad = logits.cuda()
    bad[3, 17] = float("nan")
    assert gpu.sample_tokens(bad, **arguments)[3].item() == -1
    with pytest.raises(rocdist.InvalidValueError):
        gpu.check_deferred()
    gpu.check_deferred()
