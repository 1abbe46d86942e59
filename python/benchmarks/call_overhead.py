"""Python's cost per call: rocdist.Generator.standard_normal(out=...) beside a
bare ctypes call of rocdist_generate_normal on the same host generator and
buffer (float32, mean 0, stddev 1), at n = 1 (the overhead) and n = 2^24
(the share of a large call), best of 5 runs of a timed loop each.

usage: ROCDIST_LIBRARY=build/library/librocdist.so.0 PYTHONPATH=python \\
       python3 python/benchmarks/call_overhead.py
"""
import ctypes
import time

import numpy

import rocdist
from rocdist._library import lib


def per_call(function, calls):
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def main():
    print("n          ctypes call  rocdist call  difference  ratio")
    for n, calls in [(1, 100_000), (1 << 24, 5)]:
        g = rocdist.Generator(1)
        out = numpy.empty(n, numpy.float32)
        handle, pointer, size = g._handle, out.ctypes.data, ctypes.c_size_t(n)
        zero, one = ctypes.c_float(0), ctypes.c_float(1)
        bare = per_call(lambda: lib.rocdist_generate_normal(handle, pointer, size, zero, one), calls)
        wrapped = per_call(lambda: g.standard_normal(out=out, dtype="float32"), calls)
        print(f"{n:<10d} {bare * 1e6:10.2f} us {wrapped * 1e6:10.2f} us {(wrapped - bare) * 1e6:8.2f} us"
              f" {wrapped / bare:6.3f}")


if __name__ == "__main__":
    main()
