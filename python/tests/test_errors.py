"""Bad arguments: the exception that says what is wrong (rocdist.Error, and
the built-in class a Python user catches), nothing written, the position
unchanged."""
import math

import numpy
import pytest

import rocdist

POISON = -12345.0


def poisoned(n=64, dtype=numpy.float64):
    return numpy.full(n, POISON, dtype)


def unchanged(g, out, offset=0):
    return g.offset == offset and bool(numpy.all(out == POISON))


class CudaArray:
    """An object exposing __cuda_array_interface__ at an address no host
    generator may write."""

    def __init__(self, n, typestr="<f8"):
        self.__cuda_array_interface__ = {"shape": (n,), "typestr": typestr, "data": (4096, False), "version": 3,
                                         "strides": None}


@pytest.mark.parametrize("call,error", [
    (lambda g, out: g.normal(0.0, -1.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.normal(0.0, 0.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.normal(math.nan, 1.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.lognormal(0.0, math.inf, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.gamma(0.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.gamma(1.0, -2.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.gamma(numpy.r_[1.0, -1.0, 2.0].repeat(64 // 3 + 1)[:64], out=out), rocdist.InvalidValueError),
    (lambda g, out: g.beta(math.nan, 1.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.dirichlet([1.0, 0.0], out=out.reshape(32, 2)), rocdist.InvalidValueError),
    (lambda g, out: g.random(out=out.astype(numpy.int64)), rocdist.UnknownTypeError),
    (lambda g, out: g.random(out=out[::2]), rocdist.InvalidPointerError),
    (lambda g, out: g.random(10, out=out), ValueError),
    (lambda g, out: g.random(out=CudaArray(64)), rocdist.WrongMemoryError),
    (lambda g, out: g.exponential(0.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.exponential(-1.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.exponential(math.inf, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.exponential(math.nan, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.exponential(5e-324, out=out), rocdist.InvalidValueError),  # rate 1 / scale is infinite
    (lambda g, out: g.exponential(numpy.ones(64), out=out), TypeError),
    (lambda g, out: g.poisson(1.0, out=out), rocdist.UnknownTypeError),  # counts are integers
])
def test_bad_arguments_raise_and_write_nothing(call, error):
    g = rocdist.Generator(3)
    out = poisoned()
    with pytest.raises(error):
        call(g, out)
    assert unchanged(g, out)


def test_float32_exponential_checks_the_rounded_rate():
    g = rocdist.Generator(3)
    out = poisoned(dtype=numpy.float32)
    for scale in (1e-39, 1e46):  # 1 / scale is beyond float, or below its subnormals
        with pytest.raises(rocdist.InvalidValueError, match="rate"):
            g.exponential(scale, out=out)
    assert unchanged(g, out)
    g.exponential(1e-39, out=poisoned())  # a double rate of 1e39 is finite


COUNT_POISON = 0xA5A5A5A5


@pytest.mark.parametrize("call,error", [
    (lambda g, out: g.poisson(-1.0, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.poisson(math.nan, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.poisson(2.0**31 + 1, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.poisson(numpy.r_[1.0, math.nan].repeat(32), out=out), rocdist.InvalidValueError),  # C's check
    (lambda g, out: g.poisson(numpy.r_[1.0, -1e-300].repeat(32), out=out), rocdist.InvalidValueError),
    (lambda g, out: g.poisson(numpy.ones(63), out=out), ValueError),
    (lambda g, out: g.poisson(numpy.ones(64), size=32, out=out), ValueError),
    (lambda g, out: g.binomial(10, 1.5, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.binomial(10, -0.0001, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.binomial(10, math.nan, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.binomial(-1, 0.5, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.binomial(2.5, 0.5, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.binomial(2**32, 0.5, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.binomial(numpy.r_[4, -4].repeat(32), 0.5, out=out), rocdist.InvalidValueError),
    (lambda g, out: g.binomial(10, numpy.r_[0.5, 1.5].repeat(32), out=out), rocdist.InvalidValueError),  # C's check
    (lambda g, out: g.binomial(10, numpy.r_[0.5, math.nan].repeat(32), out=out), rocdist.InvalidValueError),
    (lambda g, out: g.binomial([1, 2], [0.5, 0.5, 0.5], out=out), ValueError),
    (lambda g, out: g.binomial(10, 0.5, out=out.view(numpy.float32)), rocdist.UnknownTypeError),
    (lambda g, out: g.poisson(2.0**31, out=out.view(numpy.int32)), rocdist.UnknownTypeError),  # int32 too narrow
    (lambda g, out: g.binomial(numpy.full(64, 2**31), 0.5, out=out.view(numpy.int32)), rocdist.UnknownTypeError),
    (lambda g, out: g.poisson(1.0, out=out[::2]), rocdist.InvalidPointerError),
    (lambda g, out: g.poisson(1.0, out=CudaArray(64, "<u4")), rocdist.WrongMemoryError),
])
def test_bad_count_arguments_raise_and_write_nothing(call, error):
    g = rocdist.Generator(3)
    out = numpy.full(64, COUNT_POISON, numpy.uint32)
    with pytest.raises(error):
        call(g, out)
    assert g.offset == 0 and bool(numpy.all(out == COUNT_POISON))


def test_exceptions_are_rocdist_errors_and_builtins():
    assert issubclass(rocdist.InvalidValueError, rocdist.Error) and issubclass(rocdist.InvalidValueError, ValueError)
    assert issubclass(rocdist.WrongMemoryError, TypeError)
    assert issubclass(rocdist.AllocationError, MemoryError)
    g = rocdist.Generator()
    with pytest.raises(rocdist.Error) as info:
        g.beta(-1.0, 1.0, 3)
    assert info.value.status == 3


def test_the_c_api_checks_reach_python():
    g = rocdist.Generator(3)
    bad = numpy.ones((2, 8), numpy.float32)
    bad[1, 3] = -1.0
    out = numpy.full((2, 4), 7, numpy.uint32)
    with pytest.raises(rocdist.InvalidValueError, match="status 3"):
        g.categorical(bad, samples=4, out=out)
    assert g.offset == 0 and numpy.all(out == 7)
    misaligned = numpy.frombuffer(bytearray(8 * 65), numpy.uint8)[1:1 + 8 * 64].view(numpy.float64)
    with pytest.raises(rocdist.InvalidPointerError):
        g.random(out=misaligned)
    with pytest.raises(rocdist.InvalidValueError):
        g.categorical(logits=numpy.full(5, -numpy.inf, numpy.float32))
    with pytest.raises(rocdist.OutOfRangeError):
        g.offset = 2**64
    g.offset = 2**64 - 10
    with pytest.raises(rocdist.OutOfRangeError):
        g.random(out=poisoned(11))
    assert g.offset == 2**64 - 10


def test_read_only_and_unknown_settings():
    g = rocdist.Generator()
    read_only = poisoned()
    read_only.flags.writeable = False
    with pytest.raises(rocdist.InvalidPointerError):
        g.random(out=read_only)
    with pytest.raises(rocdist.UnknownTypeError):
        g.normal_method = "icdf"
    with pytest.raises(rocdist.UnknownTypeError):
        rocdist.Generator(ordering="fastest")
    with pytest.raises(ValueError):
        rocdist.Generator(device="tpu")
    with pytest.raises(rocdist.UnknownTypeError):
        g.random(4, dtype="int8")
    with pytest.raises(TypeError, match="bfloat16"):
        g.random(4, dtype="bfloat16")  # NumPy has none: like=torch or out=
    with pytest.raises(rocdist.InvalidValueError):
        g.stream = 1  # a host generator has no stream


def test_a_closed_generator_is_an_invalid_handle():
    g = rocdist.Generator()
    g.close()
    with pytest.raises(rocdist.Error):
        g.random(3)
