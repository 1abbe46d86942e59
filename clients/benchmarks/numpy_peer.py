"""NumPy's single-threaded samplers, timed for rocdist_bench's peer columns.

usage: numpy_peer.py normal N
       numpy_peer.py gamma:SHAPE N
prints one line per dtype: "<dtype> <samples per second>", best of 5 calls
of Generator.standard_normal(out=..., dtype=...) (PCG64, ziggurat), or of
Generator.standard_gamma(SHAPE, out=..., dtype=...) (Marsaglia-Tsang).
"""
import sys
import time

import numpy as np


def best_rate(fill, n, repeats=5):
    fill()  # warm-up: page in the output buffer
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fill()
        best = min(best, time.perf_counter() - start)
    return n / best


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    rng = np.random.default_rng(12345)
    if kind == "normal":
        def fill(out, dtype):
            return rng.standard_normal(out=out, dtype=dtype)
    elif kind.startswith("gamma:"):
        shape = float(kind.split(":", 1)[1])

        def fill(out, dtype):
            return rng.standard_gamma(shape, out=out, dtype=dtype)
    else:
        sys.exit(f"unknown sampler {kind}")
    for dtype in (np.float32, np.float64):
        out = np.empty(n, dtype=dtype)
        rate = best_rate(lambda: fill(out, dtype), n)
        print(f"{np.dtype(dtype).name} {rate:.6g}")


if __name__ == "__main__":
    main()
