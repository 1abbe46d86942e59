"""Every call gives the C API's values for the same seed and offset, bit for
bit, through NumPy arrays (new and out=) and CPU PyTorch tensors (DLPack),
and moves the position as the C generator does."""
import ctypes

import numpy
import pytest

import rocdist
from conftest import C, c_fill, c_generator

SEED, OFFSET, N = 20261128, 17, 1001
f32, f64, u32 = ctypes.c_float, ctypes.c_double, ctypes.c_uint

# (Python call on a generator, C function, NumPy dtype of the C output, C parameters)
FILLS = [
    (lambda g, **k: g.random(N, dtype="float32", **k), "rocdist_generate_uniform", numpy.float32, ()),
    (lambda g, **k: g.random(N, **k), "rocdist_generate_uniform_double", numpy.float64, ()),
    (lambda g, **k: g.random(N, dtype="float16", **k), "rocdist_generate_uniform_half", numpy.uint16, ()),
    (lambda g, **k: g.standard_normal(N, dtype=numpy.float32, **k), "rocdist_generate_normal", numpy.float32,
     (f32(0), f32(1))),
    (lambda g, **k: g.standard_normal(N, **k), "rocdist_generate_normal_double", numpy.float64, (f64(0), f64(1))),
    (lambda g, **k: g.normal(1.5, 2.0, N, dtype="float16", **k), "rocdist_generate_normal_half", numpy.uint16,
     (f32(1.5), f32(2.0))),
    (lambda g, **k: g.normal(-1.0, 0.5, N, dtype="float32", **k), "rocdist_generate_normal", numpy.float32,
     (f32(-1.0), f32(0.5))),
    (lambda g, **k: g.lognormal(0.5, 0.25, N, **k), "rocdist_generate_log_normal_double", numpy.float64,
     (f64(0.5), f64(0.25))),
    (lambda g, **k: g.lognormal(0.5, 0.25, N, dtype="float32", **k), "rocdist_generate_log_normal",
     numpy.float32, (f32(0.5), f32(0.25))),
    (lambda g, **k: g.standard_gamma(0.5, N, dtype="float32", **k), "rocdist_generate_gamma", numpy.float32,
     (f32(0.5), f32(1))),
    (lambda g, **k: g.gamma(2.5, 3.0, N, **k), "rocdist_generate_gamma_double", numpy.float64, (f64(2.5), f64(3))),
    (lambda g, **k: g.beta(2.5, 1.5, N, dtype="float32", **k), "rocdist_generate_beta", numpy.float32,
     (f32(2.5), f32(1.5))),
    (lambda g, **k: g.beta(0.2, 0.3, N, **k), "rocdist_generate_beta_double", numpy.float64, (f64(0.2), f64(0.3))),
    (lambda g, **k: g.poisson(3.5, N, **k), "rocdist_generate_poisson", numpy.uint32, (f64(3.5),)),
    (lambda g, **k: g.poisson(1e5, N, **k), "rocdist_generate_poisson", numpy.uint32, (f64(1e5),)),
    (lambda g, **k: g.binomial(20, 0.3, N, **k), "rocdist_generate_binomial", numpy.uint32, (u32(20), f64(0.3))),
    (lambda g, **k: g.binomial(2**32 - 1, 0.75, N, **k), "rocdist_generate_binomial", numpy.uint32,
     (u32(2**32 - 1), f64(0.75))),
    # rate = 1 / scale in double, rounded to float for float32
    (lambda g, **k: g.exponential(3.0, N, dtype="float32", **k), "rocdist_generate_exponential", numpy.float32,
     (f32(1 / 3.0),)),
    (lambda g, **k: g.exponential(0.3, N, **k), "rocdist_generate_exponential_double", numpy.float64,
     (f64(1 / 0.3),)),
    (lambda g, **k: g.exponential(size=N, **k), "rocdist_generate_exponential_double", numpy.float64, (f64(1),)),
]
IDS = ["uniform32", "uniform64", "uniform16", "normal32", "normal64", "normal16", "normal32_loc", "lognormal64",
       "lognormal32", "gamma32", "gamma64", "beta32", "beta64", "poisson_small", "poisson_large", "binomial",
       "binomial_huge_n", "exponential32", "exponential64", "exponential_default"]


@pytest.mark.parametrize("call,name,dtype,parameters", FILLS, ids=IDS)
def test_new_arrays_hold_the_c_values(call, name, dtype, parameters):
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = numpy.asarray(call(g))
    expected = c_fill(name, dtype, N, *parameters, seed=SEED, offset=OFFSET)
    assert got.view(dtype).tobytes() == expected.tobytes()
    assert g.offset == OFFSET + N


@pytest.mark.parametrize("call,name,dtype,parameters", FILLS, ids=IDS)
def test_out_arrays_hold_the_c_values_and_the_calls_chain(call, name, dtype, parameters):
    g = rocdist.Generator(SEED, offset=OFFSET)
    first = numpy.asarray(call(g))
    out = numpy.empty_like(first)
    assert call(g, out=out) is out
    expected = c_fill(name, dtype, 2 * N, *parameters, seed=SEED, offset=OFFSET)
    assert numpy.concatenate([first, out]).view(dtype).tobytes() == expected.tobytes()
    assert g.offset == OFFSET + 2 * N


@pytest.mark.parametrize("method", sorted(rocdist.NORMAL_METHODS))
@pytest.mark.parametrize("ordering", sorted(rocdist.ORDERINGS))
def test_every_normal_method_and_ordering(method, ordering):
    g = rocdist.Generator(SEED, offset=OFFSET, normal_method=method, ordering=ordering)
    got = g.standard_normal(N, dtype="float32")
    expected = c_fill("rocdist_generate_normal", numpy.float32, N, f32(0), f32(1), seed=SEED, offset=OFFSET,
                      method=rocdist.NORMAL_METHODS[method], ordering=rocdist.ORDERINGS[ordering])
    assert got.tobytes() == expected.tobytes()


def test_torch_tensors_through_dlpack(torch):
    g = rocdist.Generator(SEED, offset=OFFSET)
    for dtype, name, bits in [(torch.float32, "rocdist_generate_normal", numpy.float32),
                              (torch.bfloat16, "rocdist_generate_normal_bfloat16", numpy.uint16),
                              (torch.float16, "rocdist_generate_normal_half", numpy.uint16)]:
        g.offset = OFFSET
        out = torch.empty(N, dtype=dtype)
        assert g.standard_normal(out=out, dtype=dtype) is out
        expected = c_fill(name, bits, N, f32(0), f32(1), seed=SEED, offset=OFFSET)
        assert out.view(torch.int16 if dtype != torch.float32 else torch.int32).numpy().tobytes() \
            == expected.tobytes()
    made = g.random(5, like=torch)
    assert isinstance(made, torch.Tensor) and made.dtype == torch.float64


def test_jax_arrays_hold_the_c_values():
    jax = pytest.importorskip("jax", reason="JAX is not installed")
    g = rocdist.Generator(SEED, offset=OFFSET)
    made = g.standard_normal(N, dtype="float32", like=jax)
    assert isinstance(made, jax.Array) and made.dtype == numpy.float32
    assert {d.platform for d in made.devices()} == {"cpu"}
    expected = c_fill("rocdist_generate_normal", numpy.float32, N, f32(0), f32(1), seed=SEED, offset=OFFSET)
    assert numpy.asarray(made).tobytes() == expected.tobytes()
    categories = g.categorical(numpy.ones(4), samples=3, like=jax)
    assert categories.dtype == numpy.int32 and categories.shape == (3,)
    counts = g.poisson(4.0, 5, like=jax)
    assert counts.dtype == numpy.uint32 and numpy.asarray(counts).tobytes() == \
        c_fill("rocdist_generate_poisson", numpy.uint32, 5, f64(4.0), seed=SEED, offset=OFFSET + N + 3).tobytes()
    # float64 needs JAX's x64 mode; without it nothing runs and the position stays.
    x64 = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", False)
    try:
        with pytest.raises(rocdist.UnknownTypeError, match="jax_enable_x64"):
            g.random(4, like=jax)
    finally:
        jax.config.update("jax_enable_x64", x64)
    assert g.offset == OFFSET + N + 8


def test_gamma_with_an_array_of_shapes():
    shapes = numpy.linspace(0.1, 20, N)
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.gamma(shapes, 2.0)
    handle = c_generator(SEED, OFFSET)
    expected = numpy.empty(N)
    assert C.rocdist_generate_gamma_shapes_double(handle, expected.ctypes.data_as(ctypes.c_void_p),
                                                  ctypes.c_size_t(N), shapes.ctypes.data_as(ctypes.c_void_p),
                                                  f64(2.0)) == 0
    C.rocdist_destroy_generator(handle)
    assert got.tobytes() == expected.tobytes()
    assert g.standard_gamma(shapes.astype(numpy.float32)).dtype == numpy.float64  # dtype decides, shapes follow


def test_dirichlet_rows_and_position():
    alpha = numpy.array([0.5, 1.5, 2.5, 3.5], numpy.float32)
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.dirichlet(alpha, (3, 5), dtype="float32")
    assert got.shape == (3, 5, 4)
    handle = c_generator(SEED, OFFSET)
    expected = numpy.empty((15, 4), numpy.float32)
    assert C.rocdist_generate_dirichlet(handle, expected.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(15),
                                       alpha.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(4)) == 0
    C.rocdist_destroy_generator(handle)
    assert got.tobytes() == expected.tobytes()
    assert g.offset == OFFSET + 15  # Dirichlet's position counts rows


def c_counts(name, n, *arrays, seed=SEED, offset=OFFSET):
    """What the per-element C call `name` writes reading the NumPy arrays."""
    handle = c_generator(seed, offset)
    out = numpy.full(n, 0x5A5A5A5A, numpy.uint32)
    assert getattr(C, name)(handle, out.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(n),
                            *(a.ctypes.data_as(ctypes.c_void_p) for a in arrays)) == 0
    C.rocdist_destroy_generator(handle)
    return out


def test_poisson_with_an_array_of_lambdas():
    lam = numpy.linspace(0, 2.0**31, N).reshape(7, 143)  # 0, inversion and PTRS
    lam[0, 1:40] = numpy.arange(39) / 4
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.poisson(lam)
    assert got.shape == (7, 143) and got.dtype == numpy.uint32
    expected = c_counts("rocdist_generate_poisson_lambdas", N, lam)
    assert got.tobytes() == expected.tobytes()
    assert g.offset == OFFSET + N
    out = numpy.empty((7, 143), numpy.uint32)
    assert g.poisson(lam.tolist(), size=(7, 143), out=out) is out  # host values of any kind become float64
    assert out.tobytes() == c_counts("rocdist_generate_poisson_lambdas", N, lam, offset=OFFSET + N).tobytes()
    # Element i is the scalar call's element i for that lambda.
    assert numpy.asarray(g.poisson(numpy.full(3, 7.5))).tobytes() == \
        c_fill("rocdist_generate_poisson", numpy.uint32, 3, f64(7.5), seed=SEED, offset=OFFSET + 2 * N).tobytes()
    with pytest.raises(ValueError, match="size"):
        g.poisson(lam, size=N)
    assert g.offset == OFFSET + 2 * N + 3


def test_binomial_broadcasts_arrays_of_n_and_p():
    n = numpy.array([[0], [1], [30], [2**31], [2**32 - 1]])
    p = numpy.array([0.0, 0.01, 0.5, 0.99, 1.0, 0.3])
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.binomial(n, p)
    assert got.shape == (5, 6) and got.dtype == numpy.uint32
    trials, probabilities = (numpy.ascontiguousarray(a) for a in numpy.broadcast_arrays(n.astype(numpy.uint32), p))
    assert got.tobytes() == c_counts("rocdist_generate_binomial_parameters", 30, trials, probabilities).tobytes()
    assert numpy.all(got <= trials) and numpy.all(got[:, 0] == 0) and numpy.array_equal(got[:, 4], trials[:, 4])
    # An array with a scalar, into out=.
    out = numpy.empty(4, numpy.uint32)
    assert g.binomial([5, 50, 500, 5000], 0.25, out=out) is out
    expected = c_counts("rocdist_generate_binomial_parameters", 4, numpy.array([5, 50, 500, 5000], numpy.uint32),
                        numpy.full(4, 0.25), offset=OFFSET + 30)
    assert out.tobytes() == expected.tobytes()
    assert g.offset == OFFSET + 34


def test_counts_for_torch_are_int32_with_the_c_bits(torch):
    g = rocdist.Generator(SEED, offset=OFFSET)
    made = g.poisson(40.0, N, like=torch)
    assert isinstance(made, torch.Tensor) and made.dtype == torch.int32
    expected = c_fill("rocdist_generate_poisson", numpy.uint32, N, f64(40.0), seed=SEED, offset=OFFSET)
    assert made.numpy().tobytes() == expected.tobytes()
    out = torch.empty(N, dtype=torch.int32)
    assert g.binomial(torch.full((N,), 2**31 - 1), torch.full((N,), 0.5, dtype=torch.float64), out=out) is out
    expected = c_counts("rocdist_generate_binomial_parameters", N, numpy.full(N, 2**31 - 1, numpy.uint32),
                        numpy.full(N, 0.5), offset=OFFSET + N)
    assert out.numpy().tobytes() == expected.tobytes()
    # Counts that int32 could not hold: nothing runs.
    for call in (lambda: g.poisson(2.0**31 - 2**22 + 1, 4, like=torch),
                 lambda: g.poisson(torch.tensor([1.0, 2.0**31]), like=torch),
                 lambda: g.binomial(2**31, 0.5, 4, like=torch),
                 lambda: g.binomial(torch.tensor([1, 2**31]), 0.5, out=torch.zeros(2, dtype=torch.int32))):
        with pytest.raises(rocdist.UnknownTypeError, match="int32"):
            call()
    assert g.offset == OFFSET + 2 * N
    assert g.exponential(2.0, 3, like=torch).dtype == torch.float64


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_categorical_rows_of_weights(dtype):
    weights = numpy.random.default_rng(5).random((7, 300)).astype(dtype)
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.categorical(weights, samples=9)
    assert got.shape == (7, 9) and got.dtype == numpy.uint32
    handle = c_generator(SEED, OFFSET)
    expected = numpy.empty((7, 9), numpy.uint32)
    rows = C.rocdist_generate_categorical_rows if dtype == numpy.float32 else \
        C.rocdist_generate_categorical_rows_double
    assert rows(handle, weights.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(7), ctypes.c_size_t(300),
                expected.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(9)) == 0
    C.rocdist_destroy_generator(handle)
    assert numpy.array_equal(got, expected)
    assert g.offset == OFFSET + 63


def test_categorical_logits_and_one_row():
    logits = numpy.random.default_rng(6).standard_normal((5, 1000)).astype(numpy.float32)
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.categorical(logits=logits, temperature=0.7, samples=3)
    handle = c_generator(SEED, OFFSET)
    expected = numpy.empty((5, 3), numpy.uint32)
    assert C.rocdist_generate_categorical_logits(handle, logits.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(5),
                                                 ctypes.c_size_t(1000), f32(0.7),
                                                 expected.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(3)) == 0
    C.rocdist_destroy_generator(handle)
    assert numpy.array_equal(got, expected)
    one = rocdist.Generator(SEED, offset=OFFSET).categorical(logits=logits[0], temperature=0.7, samples=3)
    assert one.shape == (3,) and numpy.array_equal(one, expected[0])


def test_half_and_bfloat16_logits_give_their_float_values_categories(torch):
    logits = numpy.random.default_rng(7).standard_normal((4, 5000)).astype(numpy.float16)
    as_floats = rocdist.Generator(SEED).categorical(logits=logits.astype(numpy.float32), temperature=0.6, samples=5)
    assert numpy.array_equal(rocdist.Generator(SEED).categorical(logits=logits, temperature=0.6, samples=5),
                             as_floats)
    bfloat16 = torch.from_numpy(logits.astype(numpy.float32)).to(torch.bfloat16)
    got = rocdist.Generator(SEED).categorical(logits=bfloat16, temperature=0.6, samples=5, like=torch)
    expected = rocdist.Generator(SEED).categorical(logits=bfloat16.float(), temperature=0.6, samples=5, like=torch)
    assert got.dtype == torch.int32 and torch.equal(got, expected)


def test_alias_table_sampling():
    weights = numpy.arange(1, 11, dtype=numpy.float64)
    g = rocdist.Generator(SEED, offset=OFFSET)
    table = rocdist.Categorical(weights, g)
    got = table.sample((20, 50))
    handle = c_generator(SEED, OFFSET)
    c_table = ctypes.c_void_p()
    assert C.rocdist_create_categorical_double(handle, weights.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(10),
                                               ctypes.byref(c_table)) == 0
    expected = numpy.empty(1000, numpy.uint32)
    assert C.rocdist_generate_categorical(handle, c_table, expected.ctypes.data_as(ctypes.c_void_p),
                                          ctypes.c_size_t(1000)) == 0
    C.rocdist_destroy_categorical(c_table)
    C.rocdist_destroy_generator(handle)
    assert got.tobytes() == expected.tobytes()
    assert g.offset == OFFSET + 1000


def test_size_none_is_a_scalar_as_in_numpy():
    g = rocdist.Generator(SEED)
    x = g.standard_normal()
    assert numpy.ndim(x) == 0
    assert x == c_fill("rocdist_generate_normal_double", numpy.float64, 1, f64(0), f64(1), seed=SEED)[0]


def test_seed_resets_the_position_and_offset_is_a_shift():
    g = rocdist.Generator(1)
    whole = g.random(100)
    g.seed = 1
    assert g.offset == 0
    g.offset = 40
    assert numpy.array_equal(g.random(60), whole[40:])
    g.offset = 2**64 - 3
    g.random(3)
    assert g.offset == 0  # the position wraps after the stream's last element
