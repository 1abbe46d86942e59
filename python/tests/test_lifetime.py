"""Generators across threads, pickling, and no leak of handles or memory."""
import gc
import pickle
import threading

import numpy

import rocdist


def test_threads_share_a_generator_and_split_its_stream():
    g = rocdist.Generator(11)
    calls, n = 64, 1000
    outputs = [None] * (4 * calls)

    def worker(t):
        for i in range(calls):
            outputs[t * calls + i] = g.standard_normal(n, dtype="float32")

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert g.offset == 4 * calls * n
    # The calls took disjoint pieces of one stream: together, the one call's values.
    whole = rocdist.Generator(11).standard_normal(4 * calls * n, dtype="float32")
    assert numpy.array_equal(numpy.sort(numpy.concatenate(outputs)), numpy.sort(whole))


def test_pickled_generators_go_on_where_they_were():
    g = rocdist.Generator(99, normal_method="ziggurat", ordering="fast")
    g.standard_normal(123)
    copy = pickle.loads(pickle.dumps(g))
    assert (copy.seed, copy.offset, copy.normal_method, copy.ordering) == (99, 123, "ziggurat", "fast")
    assert numpy.array_equal(copy.standard_normal(50), g.standard_normal(50))


def resident_kib():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def test_no_leak_over_ten_thousand_calls():
    weights = numpy.ones(100)
    out = numpy.empty(256, numpy.float32)

    def cycle():
        g = rocdist.Generator(1)
        g.standard_normal(out=out, dtype="float32")
        g.categorical(weights, samples=4)
        rocdist.Categorical(weights, g).sample(16)
        g.close()

    for _ in range(500):  # warm the allocators up
        cycle()
    gc.collect()
    before = resident_kib()
    for _ in range(10_000):
        cycle()
    gc.collect()
    # A leaked handle or table per cycle would be over 10 MB here.
    assert resident_kib() - before < 4096
