"""Generator.sample_tokens: the C API's tokens (rocdist_sample_tokens called
through ctypes with the same arguments), per-row parameters and streams,
half and bfloat16 logits, the invalid token and its deferred status, and
every bad argument answered with nothing written."""
import ctypes
import math

import numpy
import pytest

import rocdist
from conftest import C, c_generator

SEED, OFFSET, ROWS, VOCAB = 20261129, 5, 6, 3000
PARAMS = numpy.dtype([("temperature", "<f4"), ("top_k", "<u4"), ("top_p", "<f4"), ("min_p", "<f4")])
FLOAT, HALF, BFLOAT16 = 0, 1, 2
INVALID = 0xFFFFFFFF
# Per-row parameters: greedy, top-k alone, top-p alone, min-p alone, all four, none.
TEMPERATURE = [0.0, 0.7, 1.0, 1.3, 0.8, 1.0]
TOP_K = [0, 50, 0, 0, 40, 0]
TOP_P = [1.0, 1.0, 0.9, 1.0, 0.95, 1.0]
MIN_P = [0.0, 0.0, 0.0, 0.05, 0.02, 0.0]


def logits_rows(rows=ROWS, vocab=VOCAB, seed=1):
    rng = numpy.random.default_rng(seed)
    logits = rng.normal(0, 3, (rows, vocab)).astype(numpy.float32)
    logits[:, 7] = logits[:, 11] = logits.max(axis=1) + 1  # a tie at the top: the lower index wins greedy
    logits[:, 100:200] = -numpy.inf
    return logits


def c_tokens(logits, table, *, value_type=FLOAT, seeds=None, positions=None, seed=SEED, offset=OFFSET):
    """The C API's tokens for rows of logits (a NumPy array of their bits)
    and a PARAMS table."""
    handle = c_generator(seed, offset)
    rows, vocab = logits.shape
    tokens = numpy.full(rows, 0x5A5A5A5A, numpy.uint32)
    vp = ctypes.c_void_p
    status = C.rocdist_sample_tokens(
        handle, logits.ctypes.data_as(vp), value_type, ctypes.c_size_t(rows), ctypes.c_size_t(vocab),
        table.ctypes.data_as(vp), None if seeds is None else seeds.ctypes.data_as(vp),
        None if positions is None else positions.ctypes.data_as(vp), tokens.ctypes.data_as(vp))
    assert status == 0
    C.rocdist_destroy_generator(handle)
    return tokens


def table_of(rows, temperature, top_k, top_p, min_p):
    table = numpy.empty(rows, PARAMS)
    table["temperature"], table["top_k"], table["top_p"], table["min_p"] = temperature, top_k, top_p, min_p
    return table


def test_tokens_are_the_c_calls_and_the_position_moves_by_rows():
    logits = logits_rows()
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.sample_tokens(logits, temperature=TEMPERATURE, top_k=TOP_K, top_p=TOP_P, min_p=MIN_P)
    assert got.dtype == numpy.uint32 and got.shape == (ROWS,)
    expected = c_tokens(logits, table_of(ROWS, TEMPERATURE, TOP_K, TOP_P, MIN_P))
    assert numpy.array_equal(got, expected)
    assert g.offset == OFFSET + ROWS
    assert got[0] == 7  # greedy: the largest logit, the lower index of the tie
    # Numbers are every row's value; the next call continues the stream.
    again = g.sample_tokens(logits, temperature=0.9, top_k=20)
    assert numpy.array_equal(again, c_tokens(logits, table_of(ROWS, 0.9, 20, 1.0, 0.0), offset=OFFSET + ROWS))


def test_a_row_with_its_own_stream_gets_its_token_in_any_batch():
    logits = logits_rows()
    seeds = numpy.array([11, 12, 13, 14, 15, 2**64 - 1], numpy.uint64)
    positions = numpy.array([0, 1, 2, 3, 10**6, 2**63], numpy.uint64)
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.sample_tokens(logits, temperature=0.8, top_p=0.95, seeds=seeds, positions=positions)
    assert g.offset == OFFSET  # rows with their own streams leave the generator's position
    assert numpy.array_equal(got, c_tokens(logits, table_of(ROWS, 0.8, 0, 0.95, 0.0), seeds=seeds,
                                           positions=positions))
    # Each row alone (a 1-D row gives a scalar), and the batch reversed, with lists.
    for r in range(ROWS):
        alone = g.sample_tokens(logits[r], temperature=0.8, top_p=0.95, seeds=[int(seeds[r])],
                                positions=[int(positions[r])])
        assert alone == got[r]
    flipped = g.sample_tokens(logits[::-1].copy(), temperature=0.8, top_p=0.95, seeds=seeds[::-1].tolist(),
                              positions=positions[::-1].tolist())
    assert numpy.array_equal(flipped, got[::-1])


def test_half_logits_give_their_float_values_tokens():
    logits = logits_rows().astype(numpy.float16)
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.sample_tokens(logits, temperature=TEMPERATURE, top_k=TOP_K, top_p=TOP_P, min_p=MIN_P)
    as_floats = rocdist.Generator(SEED, offset=OFFSET).sample_tokens(
        logits.astype(numpy.float32), temperature=TEMPERATURE, top_k=TOP_K, top_p=TOP_P, min_p=MIN_P)
    assert numpy.array_equal(got, as_floats)
    table = table_of(ROWS, TEMPERATURE, TOP_K, TOP_P, MIN_P)
    assert numpy.array_equal(got, c_tokens(logits, table, value_type=HALF))


def test_torch_bfloat16_tensors_and_int32_tokens(torch):
    floats = torch.from_numpy(logits_rows())
    logits = floats.to(torch.bfloat16)
    seeds, positions = torch.arange(ROWS, dtype=torch.int64), torch.full((ROWS,), 3, dtype=torch.int64)
    got = rocdist.Generator(SEED).sample_tokens(logits, temperature=0.8, top_k=50, top_p=0.9, seeds=seeds,
                                                positions=positions)
    assert isinstance(got, torch.Tensor) and got.dtype == torch.int32 and tuple(got.shape) == (ROWS,)
    as_floats = rocdist.Generator(SEED).sample_tokens(logits.float(), temperature=0.8, top_k=50, top_p=0.9,
                                                      seeds=seeds, positions=positions)
    assert torch.equal(got, as_floats)
    bits = logits.view(torch.int16).numpy()
    expected = c_tokens(bits, table_of(ROWS, 0.8, 50, 0.9, 0.0), value_type=BFLOAT16,
                        seeds=seeds.numpy().astype(numpy.uint64), positions=positions.numpy().astype(numpy.uint64))
    assert numpy.array_equal(got.numpy().view(numpy.uint32), expected)
    out = torch.full((ROWS,), -7, dtype=torch.int32)
    assert rocdist.Generator(SEED).sample_tokens(logits, temperature=0.8, top_k=50, top_p=0.9, seeds=seeds,
                                                 positions=positions, out=out) is out
    assert torch.equal(out, got)


def test_a_bad_row_gets_the_invalid_token_and_the_deferred_error():
    logits = logits_rows()
    clean = rocdist.Generator(SEED, offset=OFFSET).sample_tokens(logits, temperature=0.8)
    logits[2, 9] = numpy.nan
    logits[4, :] = -numpy.inf
    g = rocdist.Generator(SEED, offset=OFFSET)
    got = g.sample_tokens(logits, temperature=0.8)
    assert got[2] == INVALID and got[4] == INVALID
    keep = [0, 1, 3, 5]
    assert numpy.array_equal(got[keep], clean[keep])
    with pytest.raises(rocdist.InvalidValueError, match="NaN or"):
        g.check_deferred()
    g.check_deferred()  # taken and cleared
    assert g.offset == OFFSET + ROWS


def test_reserving_scratch_checks_its_shape():
    g = rocdist.Generator(SEED)
    g.reserve_token_scratch(16, 151936)
    with pytest.raises(rocdist.InvalidValueError):
        g.reserve_token_scratch(1, 0)


@pytest.mark.parametrize("arguments,error", [
    ({"temperature": -1.0}, rocdist.InvalidValueError),
    ({"temperature": math.nan}, rocdist.InvalidValueError),
    ({"top_k": -1}, rocdist.InvalidValueError),
    ({"top_k": 2.5}, rocdist.InvalidValueError),
    ({"top_k": 2**32}, rocdist.InvalidValueError),
    ({"top_p": 0.0}, rocdist.InvalidValueError),
    ({"top_p": 1.5}, rocdist.InvalidValueError),
    ({"top_p": [1.0, 1.0, 1.0, math.nan]}, rocdist.InvalidValueError),
    ({"min_p": 1.0}, rocdist.InvalidValueError),
    ({"min_p": -0.1}, rocdist.InvalidValueError),
    ({"temperature": [1.0, 1.0]}, ValueError),  # not one value per row
    ({"top_k": "5"}, TypeError),
    ({"seeds": [1, 2, 3, 4]}, TypeError),  # without positions
    ({"seeds": [1, 2, 3], "positions": [0, 0, 0]}, ValueError),
    ({"seeds": [1, 2, 3, -4], "positions": [0, 0, 0, 0]}, rocdist.InvalidValueError),
    ({"logits": numpy.zeros((4, 8), numpy.float64)}, rocdist.UnknownTypeError),
    ({"logits": numpy.zeros((2, 2, 8), numpy.float32)}, ValueError),
    ({"logits": numpy.zeros((4, 16), numpy.float32)[:, ::2]}, rocdist.InvalidPointerError),
    ({"logits": numpy.zeros((4, 0), numpy.float32)}, rocdist.InvalidValueError),
    ({"out": numpy.zeros(4, numpy.float32)}, rocdist.UnknownTypeError),
    ({"out": numpy.zeros(5, numpy.uint32)}, ValueError),
])
def test_bad_arguments_raise_and_write_nothing(arguments, error):
    g = rocdist.Generator(SEED, offset=OFFSET)
    arguments = dict(arguments)
    logits = arguments.pop("logits", numpy.zeros((4, 8), numpy.float32))
    out = arguments.pop("out", numpy.full(4, 0x5A5A5A5A, numpy.uint32))
    before = out.copy()
    with pytest.raises(error):
        g.sample_tokens(logits, out=out, **arguments)
    assert numpy.array_equal(out, before) and g.offset == OFFSET
    g.check_deferred()
