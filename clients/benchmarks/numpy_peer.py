"""NumPy's single-threaded samplers, timed for rocdist_bench's peer columns.

usage: numpy_peer.py normal N
       numpy_peer.py gamma:SHAPE N
prints one line per dtype: "<dtype> <samples per second>", best of 5 calls
of Generator.standard_normal(out=..., dtype=...) (PCG64, ziggurat), or of
Generator.standard_gamma(SHAPE, out=..., dtype=...) (Marsaglia-Tsang).

usage: numpy_peer.py choice K N
prints "choice <samples per second>", best of 5 calls of
Generator.choice(K, size=N, p=p) for p the normalised uniform [0, 1) weights.
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
    kind = sys.argv[1]
    rng = np.random.default_rng(12345)
    if kind == "choice":
        k, n = int(sys.argv[2]), int(sys.argv[3])
        w = rng.random(k)
        p = w / w.sum()
        rate = best_rate(lambda: rng.choice(k, size=n, p=p), n)
        print(f"choice {rate:.6g}")
        return
    n = int(sys.argv[2])
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
