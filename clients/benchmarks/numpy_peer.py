"""NumPy's single-threaded samplers, timed for rocdist_bench's peer columns.

usage: numpy_peer.py normal N
       numpy_peer.py gamma:SHAPE N
prints one line per dtype: "<dtype> <samples per second>", best of 5 calls
of Generator.standard_normal(out=..., dtype=...) (PCG64, ziggurat), or of
Generator.standard_gamma(SHAPE, out=..., dtype=...) (Marsaglia-Tsang).

usage: numpy_peer.py lognormal N
prints "float64 <samples per second>", best of 5 calls of
Generator.lognormal(size=N) (NumPy has no float32 log-normal, nor an out=).

usage: numpy_peer.py gamma_shapes N
prints one line per dtype, best of 5 calls of
Generator.standard_gamma(shapes, out=..., dtype=...) for N shapes uniform
in [0.5, 10] (float64, drawn once).

usage: numpy_peer.py beta:A:B N
       numpy_peer.py dirichlet:K[:STEP] N
print "float64 <values per second>", best of 5 calls of Generator.beta(A, B,
size=N), or of Generator.dirichlet(alpha, size=N // K) for alpha = 0.5,
1.5, ..., K - 0.5 times STEP (default 1) (K values per row; NumPy has
neither in float32).

usage: numpy_peer.py choice K N
prints "choice <samples per second>", best of 5 calls of
Generator.choice(K, size=N, p=p) for p the normalised uniform [0, 1) weights.

usage: numpy_peer.py rows ROWS K SAMPLES
batched categorical sampling from ROWS rows of K uniform [0, 1) weights,
SAMPLES per row; prints, best of 5 calls each, in samples per second:
"choice_loop" for a loop of Generator.choice(K, size=SAMPLES, p=p[r]) over
the rows, "inverse_cdf" for (rng.random((ROWS, 1)) < p.cumsum(1)).argmax(1)
once per sample column (NumPy, float64, p normalised beforehand), and
"torch_multinomial" for torch.multinomial(w, SAMPLES, replacement=True) on
the CPU with one thread (float32 weights, unnormalised), or a line saying
why torch is absent (Debian: apt-get install python3-torch).
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


def rows_peers(rows, k, samples):
    rng = np.random.default_rng(12345)
    w = rng.random((rows, k))
    p = w / w.sum(axis=1, keepdims=True)
    n = rows * samples

    def choice_loop():
        for r in range(rows):
            rng.choice(k, size=samples, p=p[r])

    def inverse_cdf():
        c = p.cumsum(axis=1)
        for _ in range(samples):
            (rng.random((rows, 1)) < c).argmax(axis=1)

    print(f"choice_loop {best_rate(choice_loop, n):.6g}")
    print(f"inverse_cdf {best_rate(inverse_cdf, n):.6g}")
    try:
        import torch
    except ImportError as e:
        print(f"torch_multinomial absent: {e} (apt-get install python3-torch)")
        return
    torch.set_num_threads(1)
    weights = torch.from_numpy(w.astype(np.float32))
    generator = torch.Generator().manual_seed(12345)
    rate = best_rate(lambda: torch.multinomial(weights, samples, replacement=True, generator=generator), n)
    print(f"torch_multinomial {rate:.6g}")


def main():
    kind = sys.argv[1]
    rng = np.random.default_rng(12345)
    if kind == "rows":
        rows_peers(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
        return
    if kind == "choice":
        k, n = int(sys.argv[2]), int(sys.argv[3])
        w = rng.random(k)
        p = w / w.sum()
        rate = best_rate(lambda: rng.choice(k, size=n, p=p), n)
        print(f"choice {rate:.6g}")
        return
    n = int(sys.argv[2])
    if kind == "lognormal":
        print(f"float64 {best_rate(lambda: rng.lognormal(size=n), n):.6g}")
        return
    if kind.startswith("beta:"):
        a, b = (float(x) for x in kind.split(":")[1:])
        print(f"float64 {best_rate(lambda: rng.beta(a, b, size=n), n):.6g}")
        return
    if kind.startswith("dirichlet:"):
        parts = kind.split(":")
        k = int(parts[1])
        step = float(parts[2]) if len(parts) > 2 else 1.0
        alpha = (np.arange(k) + 0.5) * step
        rows = n // k
        print(f"float64 {best_rate(lambda: rng.dirichlet(alpha, size=rows), rows * k):.6g}")
        return
    if kind == "gamma_shapes":
        shapes = rng.uniform(0.5, 10.0, n)

        def fill(out, dtype):
            return rng.standard_gamma(shapes, out=out, dtype=dtype)
    elif kind == "normal":
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
