"""NumPy, and PyTorch on the CPU, timed on one thread for rocdist_bench's host peers.

usage: host_peers.py list
prints one line per peer benchmark, "<name> <cases>": the name is
peer/<library>/<call>/<type>, the cases (separated by ';') name the rocdist
rows the peer stands beside (for example "normal/float", or
"log_normal/float;log_normal/double" for NumPy's float64-only lognormal). It
imports neither library.

usage: host_peers.py measure N SECONDS NAME...
times each named peer at N values per call (categorical sampling at 10^6
samples per call, batched categorical at its cases' sizes) and prints
"<name> <items per second>", the best of 5 calls after a warm-up, or
"<name> absent: <reason>" where the library is missing. SECONDS is accepted
for the interface gpu_peers.py shares, and not used: the best of 5 calls
is what a single-threaded peer's rate is here.

The peers, all single-threaded, NumPy's Generator with PCG64 (seed 12345):
standard_normal, standard_gamma and standard_exponential (float32 and
float64, out=), lognormal, beta, dirichlet and exponential (float64 only),
poisson and binomial (int64; one parameter, or a parameter per element),
choice(k, size, p=p) for categorical
sampling from k weights; for batched categorical sampling, a loop of
choice(k, size=samples, p=p[r]) over the rows, the vectorised inverse CDF
(rng.random((rows, 1)) < p.cumsum(1)).argmax(1), the sums once per call
and the comparison once per sample column (p normalised beforehand); and
PyTorch on the CPU with one thread: torch.multinomial(w, samples,
replacement=True) (float32 weights; for float32 standard normal logits,
of torch.softmax(logits, -1)), torch.poisson(rates) and
torch.distributions.Binomial(total_count, probs).sample() (float64
parameters, so that 2^31 - 1 trials are exact), Tensor.exponential_(), and
for token sampling the sort-based sampler of token_peers.py.
The per-element forms' parameters: lambdas log-uniform in [0.1, 10^6];
trials uniform in 1 .. 1000 with p uniform in [0, 1).
"""
import sys
import time

import peer_interface
import token_peers

FLOAT_TYPES = {"float": "float32", "double": "float64"}
GAMMA_SHAPES = ("0.5", "2.5", "10")
BETA_CASES = ("2.5,1.5", "0.2,0.3")
DIRICHLET_K = 10
DIRICHLET_STEPS = {"k=10": 1.0, "k=10,x0.1": 0.1}
CATEGORY_COUNTS = (10, 1000, 1000000)
CHOICE_SAMPLES = 1000000
# rows, k, samples per row: the bench's host cases of weights, and of
# float logits.
ROWS_CASES = ((4096, 1000, 1), (8, 1000000, 100))
LOGITS_CASES = ROWS_CASES
POISSON_LAMBDAS = ("1", "9.99", "10", "1000", "1e6")
BINOMIAL_CASES = ("20,0.3", "1000,0.3", "2147483647,0.5")


def both_types(case):
    return f"{case}/float;{case}/double"


def peer_table():
    """Every peer: (name, cases, library, call, parameters)."""
    table = []

    def add(library, call, cases, type_, params):
        table.append((f"peer/{library}/{call}/{type_}", cases, library, call, params))

    for t, dtype in FLOAT_TYPES.items():
        add("numpy", "standard_normal", f"normal/{t}", t, {"dtype": dtype})
        for s in GAMMA_SHAPES:
            add("numpy", f"standard_gamma:{s}", f"gamma/{s}/{t}", t, {"dtype": dtype, "shape": float(s)})
        add("numpy", "standard_gamma:shapes", f"gamma_shapes/{t}", t, {"dtype": dtype})
    add("numpy", "lognormal", both_types("log_normal"), "double", {})
    for ab in BETA_CASES:
        add("numpy", f"beta:{ab}", both_types(f"beta/{ab}"), "double", {"ab": ab})
    for d, step in DIRICHLET_STEPS.items():
        add("numpy", f"dirichlet:{d}", both_types(f"dirichlet/{d}"), "double", {"step": step})
    for k in CATEGORY_COUNTS:
        add("numpy", f"choice:k={k}", f"categorical/k={k}", "int64", {"k": k})
    for rows, k, samples in ROWS_CASES:
        size = f"rows={rows},k={k},samples={samples}"
        case = f"categorical_rows/weights/{size}"
        p = {"rows": rows, "k": k, "samples": samples}
        add("numpy", f"choice_loop:{size}", case, "int64", p)
        add("numpy", f"inverse_cdf:{size}", case, "int64", p)
        add("torch", f"multinomial:{size}", case, "int64", p)
    for rows, k, samples in LOGITS_CASES:
        size = f"rows={rows},k={k},samples={samples}"
        add("torch", f"softmax_multinomial:{size}", f"categorical_rows/logits/{size}", "int64",
            {"rows": rows, "k": k, "samples": samples})
    for lam in POISSON_LAMBDAS:
        add("numpy", f"poisson:{lam}", f"poisson/{lam}/uint32", "int64", {"lam": float(lam)})
        add("torch", f"poisson:{lam}", f"poisson/{lam}/uint32", "double", {"lam": float(lam)})
    add("numpy", "poisson:lambdas", "poisson_lambdas/uint32", "int64", {})
    add("torch", "poisson:lambdas", "poisson_lambdas/uint32", "double", {})
    for nc in BINOMIAL_CASES:
        trials, p = nc.split(",")
        params = {"trials": int(trials), "p": float(p)}
        add("numpy", f"binomial:{nc}", f"binomial/{nc}/uint32", "int64", params)
        add("torch", f"Binomial:{nc}", f"binomial/{nc}/uint32", "double", params)
    add("numpy", "binomial:parameters", "binomial_parameters/uint32", "int64", {})
    add("torch", "Binomial:parameters", "binomial_parameters/uint32", "double", {})
    for rows, vocab in token_peers.HOST_CASES:
        size = f"rows={rows},vocab={vocab}"
        add("torch", f"sort_sampler:{size}", token_peers.case_name(rows, vocab), "int64",
            {"rows": rows, "vocab": vocab})
    add("numpy", "exponential", both_types("exponential"), "double", {})
    for t, dtype in FLOAT_TYPES.items():
        add("numpy", "standard_exponential", f"exponential/{t}", t, {"dtype": dtype})
        add("torch", "exponential_", f"exponential/{t}", t, {"dtype": dtype})
    return table


def count_parameters(np, n):
    """The per-element forms' parameters: (lambdas, trials, p), n of each."""
    rng = np.random.default_rng(7)
    return 10.0 ** rng.uniform(-1.0, 6.0, n), rng.integers(1, 1001, n), rng.random(n)


def best_rate(call, items, repeats=5):
    call()  # warm-up: page in the output buffer
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return items / best


def numpy_call(np, call, p, n):
    """(the call, the items one call makes)."""
    rng = np.random.default_rng(12345)
    if call == "standard_normal" or call.startswith("standard_gamma"):
        dtype = getattr(np, p["dtype"])
        out = np.empty(n, dtype=dtype)
        if call == "standard_normal":
            return (lambda: rng.standard_normal(out=out, dtype=dtype)), n
        shape = p["shape"] if "shape" in p else rng.uniform(0.5, 10.0, n)
        return (lambda: rng.standard_gamma(shape, out=out, dtype=dtype)), n
    if call == "lognormal":
        return (lambda: rng.lognormal(size=n)), n
    if call == "standard_exponential":
        dtype = getattr(np, p["dtype"])
        out = np.empty(n, dtype=dtype)
        return (lambda: rng.standard_exponential(out=out, dtype=dtype)), n
    if call == "exponential":
        return (lambda: rng.exponential(1.0, size=n)), n
    if call.startswith("poisson:") or call.startswith("binomial:"):
        lambdas, trials, probabilities = count_parameters(np, n)
        if call == "poisson:lambdas":
            return (lambda: rng.poisson(lambdas)), n
        if call == "binomial:parameters":
            return (lambda: rng.binomial(trials, probabilities)), n
        if call.startswith("poisson:"):
            return (lambda: rng.poisson(p["lam"], size=n)), n
        return (lambda: rng.binomial(p["trials"], p["p"], size=n)), n
    if call.startswith("beta:"):
        a, b = (float(x) for x in p["ab"].split(","))
        return (lambda: rng.beta(a, b, size=n)), n
    if call.startswith("dirichlet:"):
        alpha = (np.arange(DIRICHLET_K) + 0.5) * p["step"]
        rows = n // DIRICHLET_K
        return (lambda: rng.dirichlet(alpha, size=rows)), rows * DIRICHLET_K
    if call.startswith("choice:"):
        w = rng.random(p["k"])
        probabilities = w / w.sum()
        return (lambda: rng.choice(p["k"], size=CHOICE_SAMPLES, p=probabilities)), CHOICE_SAMPLES
    rows, k, samples = p["rows"], p["k"], p["samples"]
    w = rng.random((rows, k))
    probabilities = w / w.sum(axis=1, keepdims=True)
    if call.startswith("choice_loop:"):
        def loop():
            for r in range(rows):
                rng.choice(k, size=samples, p=probabilities[r])

        return loop, rows * samples

    def inverse_cdf():
        cumulative = probabilities.cumsum(axis=1)
        for _ in range(samples):
            (rng.random((rows, 1)) < cumulative).argmax(axis=1)

    return inverse_cdf, rows * samples


def torch_call(call, p, n):
    import numpy as np
    import torch

    torch.set_num_threads(1)
    generator = torch.Generator().manual_seed(12345)
    if call == "exponential_":
        out = torch.empty(n, dtype=getattr(torch, p["dtype"]))
        return (lambda: out.exponential_(generator=generator)), n
    if call.startswith("poisson:") or call.startswith("Binomial:"):
        lambdas, trials, probabilities = (torch.from_numpy(a).double() for a in count_parameters(np, n))
        if call.startswith("poisson:"):
            rates = lambdas if call == "poisson:lambdas" else torch.full((n,), p["lam"], dtype=torch.float64)
            return (lambda: torch.poisson(rates, generator=generator)), n
        if call == "Binomial:parameters":
            binomial = torch.distributions.Binomial(trials, probabilities)
            return (lambda: binomial.sample()), n
        binomial = torch.distributions.Binomial(torch.tensor(float(p["trials"]), dtype=torch.float64),
                                                torch.tensor(p["p"], dtype=torch.float64))
        return (lambda: binomial.sample((n,))), n
    if call.startswith("sort_sampler:"):
        logits = token_peers.torch_logits(torch, p["rows"], p["vocab"], "cpu")
        return token_peers.torch_sampler(torch, logits, generator), p["rows"]
    rows, k, samples = p["rows"], p["k"], p["samples"]
    if call.startswith("softmax_multinomial:"):
        logits = torch.randn(rows, k, generator=generator)
        return (lambda: torch.multinomial(torch.softmax(logits, -1), samples, replacement=True,
                                          generator=generator)), rows * samples
    weights = torch.from_numpy(np.random.default_rng(12345).random((rows, k)).astype(np.float32))
    return (lambda: torch.multinomial(weights, samples, replacement=True, generator=generator)), rows * samples


def measure(n, _min_seconds, names):
    table = {name: (library, call, p) for name, _, library, call, p in peer_table()}
    unknown = [name for name in names if name not in table]
    if unknown:
        sys.exit(f"unknown peers: {' '.join(unknown)}")
    for name in names:
        library, call, p = table[name]
        try:
            if library == "torch":
                launch, items = torch_call(call, p, n)
            else:
                import numpy as np

                launch, items = numpy_call(np, call, p, n)
        except ImportError as e:
            package = "python3-torch" if library == "torch" else "python3-numpy"
            print(f"{name} absent: {e} (apt-get install {package})", flush=True)
            continue
        print(f"{name} {best_rate(launch, items):.6g}", flush=True)


def main():
    peer_interface.run(__doc__, peer_table, measure)


if __name__ == "__main__":
    main()
