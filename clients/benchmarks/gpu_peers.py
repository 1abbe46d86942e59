"""PyTorch, CuPy and JAX on the GPU, timed for rocdist_bench's peer benchmarks.

usage: gpu_peers.py list
prints one line per peer benchmark, "<name> <case>": the name is
peer/<library>/<call>/<type> and the case names the rocdist rows the peer
stands beside (for example "normal/float" or
"categorical_rows/weights/rows=4096,k=1000,samples=1"). It imports none of
the frameworks.

usage: gpu_peers.py measure N SECONDS NAME...
times each named peer at N values per call (the batched categorical cases
have sizes of their own), each for at least SECONDS, and prints "<name> <items per second>", or
"<name> absent: <reason>" where the framework is not installed, sees no GPU
or refuses the call.

Timing follows rocdist_bench's. Fills: 8 back-to-back calls between two
events on the framework's current stream (JAX: between two host clock
reads, the second after block_until_ready), after a warm-up call, repeated
until SECONDS of device time; the rate is all items over all time, as
Google Benchmark reports a mean. Batched categorical and token sampling
(token_peers.py): each call timed by the wall clock from launch to the end
of a synchronisation, as rocdist's calls are.
Libraries: torch (PyTorch), cupy_generator (cupy.random.default_rng(),
XORWOW), cupy_randomstate (cupy.random.RandomState), jax (jax.random,
jitted, with 64-bit types enabled).

Poisson, binomial and exponential (torch, cupy_generator, jax): one
parameter for every element, or a parameter per element (lambdas
log-uniform in [0.1, 10^6]; trials uniform in 1 .. 1000 with p uniform in
[0, 1)); PyTorch's and JAX's parameters are float64, so that 2^31 - 1
trials are exact.
"""
import os
import sys
import time

import peer_interface
import token_peers

CALLS_PER_TIMING = 8
DIRICHLET_K = 10

FLOAT_TYPES = {"float": "float32", "double": "float64"}
GAMMA_SHAPES = ("0.5", "2.5", "10")
BETA_CASES = ("2.5,1.5", "0.2,0.3")
DIRICHLET_STEPS = {"k=10": 1.0, "k=10,x0.1": 0.1}
# rows, k, samples per row: the bench's GPU cases.
ROWS_CASES = ((4096, 1000, 1), (8, 1000000, 100), (128, 131072, 1), (8, 1 << 27, 100))
LOGITS_CASES = ((4096, 1000, 1),)
POISSON_LAMBDAS = ("1", "9.99", "10", "1000", "1e6")
BINOMIAL_CASES = ("20,0.3", "1000,0.3", "2147483647,0.5")


def rows_case(kind, rows, k, samples):
    return f"categorical_rows/{kind}/rows={rows},k={k},samples={samples}"


# Each library's names for the fills the bench compares: uniforms, normals,
# gamma (one shape, or a shape per element), beta and Dirichlet.
FILL_CALLS = {
    "torch": ("rand", "normal_", "_standard_gamma", "Beta", "Dirichlet"),
    "cupy_generator": ("random", "standard_normal", "standard_gamma", "beta", "dirichlet"),
    "cupy_randomstate": ("random", "standard_normal", "standard_gamma", "beta", "dirichlet"),
    "jax": ("uniform", "normal", "gamma", "beta", "dirichlet"),
}


# Each library's Poisson and binomial calls with the type of their counts,
# and its exponential call (float and double).
COUNT_CALLS = {
    "torch": (("poisson", "double"), ("Binomial", "double"), "exponential_"),
    "cupy_generator": (("poisson", "int64"), ("binomial", "int64"), "standard_exponential"),
    "jax": (("poisson", "int32"), ("binomial", "double"), "exponential"),
}


def peer_table():
    """Every peer: (name, case, library, call, parameters)."""
    table = []

    def add(library, call, case, type_, params):
        table.append((f"peer/{library}/{call}/{type_}", case, library, call, params))

    for library, (uniform, normal, gamma, beta, dirichlet) in FILL_CALLS.items():
        for t, dtype in FLOAT_TYPES.items():
            add(library, uniform, f"uniform/{t}", t, {"dtype": dtype})
            add(library, normal, f"normal/{t}", t, {"dtype": dtype})
            if library == "torch":
                add(library, "log_normal_", f"log_normal/{t}", t, {"dtype": dtype})
            for s in GAMMA_SHAPES:
                add(library, f"{gamma}:{s}", f"gamma/{s}/{t}", t, {"dtype": dtype, "shape": float(s)})
            add(library, f"{gamma}:shapes", f"gamma_shapes/{t}", t, {"dtype": dtype})
            for ab in BETA_CASES:
                add(library, f"{beta}:{ab}", f"beta/{ab}/{t}", t, {"dtype": dtype, "ab": ab})
            for d, step in DIRICHLET_STEPS.items():
                add(library, f"{dirichlet}:{d}", f"dirichlet/{d}/{t}", t, {"dtype": dtype, "step": step})
    for library, ((poisson, poisson_type), (binomial, binomial_type), exponential) in COUNT_CALLS.items():
        for lam in POISSON_LAMBDAS:
            add(library, f"{poisson}:{lam}", f"poisson/{lam}/uint32", poisson_type, {"lam": float(lam)})
        add(library, f"{poisson}:lambdas", "poisson_lambdas/uint32", poisson_type, {})
        for nc in BINOMIAL_CASES:
            trials, p = nc.split(",")
            add(library, f"{binomial}:{nc}", f"binomial/{nc}/uint32", binomial_type,
                {"trials": int(trials), "p": float(p)})
        add(library, f"{binomial}:parameters", "binomial_parameters/uint32", binomial_type, {})
        for t, dtype in FLOAT_TYPES.items():
            add(library, exponential, f"exponential/{t}", t, {"dtype": dtype})
    for rows, k, samples in ROWS_CASES:
        size = f"rows={rows},k={k},samples={samples}"
        case = rows_case("weights", rows, k, samples)
        add("torch", f"multinomial:{size}", case, "int64", {"rows": rows, "k": k, "samples": samples})
        add("jax", f"categorical:{size}", case, "int32", {"rows": rows, "k": k, "samples": samples})
    for rows, k, samples in LOGITS_CASES:
        size = f"rows={rows},k={k},samples={samples}"
        case = rows_case("logits", rows, k, samples)
        add("torch", f"softmax_multinomial:{size}", case, "int64", {"rows": rows, "k": k, "samples": samples})
        add("jax", f"categorical_logits:{size}", case, "int32", {"rows": rows, "k": k, "samples": samples})
    for rows, vocab in token_peers.GPU_CASES:
        size = f"rows={rows},vocab={vocab}"
        case, p = token_peers.case_name(rows, vocab), {"rows": rows, "vocab": vocab, "samples": 1}
        add("torch", f"sort_sampler:{size}", case, "int64", p)
        add("jax", f"top_k_categorical:{size}", case, "int32", p)
    return table


def dirichlet_alpha(step):
    return [(j + 0.5) * step for j in range(DIRICHLET_K)]


def is_count(call):
    return call.split(":")[0] in ("poisson", "Binomial", "binomial")


class Torch:
    def __init__(self):
        import torch

        if not torch.cuda.is_available():
            raise RuntimeError("torch sees no CUDA device")
        self.torch, self.device = torch, torch.device("cuda")
        self.generator = torch.Generator(device=self.device).manual_seed(12345)

    def seconds(self, queue):
        start = self.torch.cuda.Event(enable_timing=True)
        stop = self.torch.cuda.Event(enable_timing=True)
        start.record()
        queue()
        stop.record()
        stop.synchronize()
        return start.elapsed_time(stop) * 1e-3

    def synchronize(self, _result=None):
        self.torch.cuda.synchronize()

    def fill(self, call, p, n):
        if is_count(call):
            return self.counts(call, p, n)
        torch, dtype = self.torch, getattr(self.torch, p["dtype"])
        if call in ("rand", "normal_", "log_normal_", "exponential_"):
            out = torch.empty(n, dtype=dtype, device=self.device)
            if call == "rand":
                return lambda: torch.rand(n, dtype=dtype, device=self.device, out=out)
            return getattr(out, call)
        if call.startswith("_standard_gamma"):
            if "shape" in p:
                shapes = torch.full((n,), p["shape"], dtype=dtype, device=self.device)
            else:
                shapes = torch.empty(n, dtype=dtype, device=self.device).uniform_(0.5, 10.0)
            return lambda: torch._standard_gamma(shapes)
        if call.startswith("Beta"):
            a, b = (torch.tensor(float(x), dtype=dtype, device=self.device) for x in p["ab"].split(","))
            beta = torch.distributions.Beta(a, b)
            return lambda: beta.sample((n,))
        if call.startswith("Dirichlet"):
            alpha = torch.tensor(dirichlet_alpha(p["step"]), dtype=dtype, device=self.device)
            dirichlet = torch.distributions.Dirichlet(alpha)
            return lambda: dirichlet.sample((n // DIRICHLET_K,))
        raise ValueError(call)

    def counts(self, call, p, n):
        torch, f64 = self.torch, self.torch.float64
        if call.startswith("poisson"):
            if "lam" in p:
                rates = torch.full((n,), p["lam"], dtype=f64, device=self.device)
            else:
                rates = 10.0 ** torch.empty(n, dtype=f64, device=self.device).uniform_(-1.0, 6.0)
            return lambda: torch.poisson(rates)
        if "trials" in p:
            trials = torch.tensor(float(p["trials"]), dtype=f64, device=self.device)
            binomial = torch.distributions.Binomial(trials, torch.tensor(p["p"], dtype=f64, device=self.device))
            return lambda: binomial.sample((n,))
        trials = torch.randint(1, 1001, (n,), device=self.device).to(f64)
        binomial = torch.distributions.Binomial(trials, torch.rand(n, dtype=f64, device=self.device))
        return binomial.sample

    def rows(self, call, p):
        torch = self.torch
        if call.startswith("sort_sampler"):
            logits = token_peers.torch_logits(torch, p["rows"], p["vocab"], self.device)
            return token_peers.torch_sampler(torch, logits, self.generator)
        values = torch.rand(p["rows"], p["k"], device=self.device, generator=self.generator)
        if call.startswith("softmax_multinomial"):
            logits = torch.randn(p["rows"], p["k"], device=self.device, generator=self.generator)
            return lambda: torch.multinomial(torch.softmax(logits, -1), p["samples"], replacement=True)
        return lambda: torch.multinomial(values, p["samples"], replacement=True)


class Cupy:
    def __init__(self, generator):
        import cupy

        cupy.cuda.runtime.getDeviceCount()
        self.cupy = cupy
        self.rng = cupy.random.default_rng(12345) if generator else cupy.random.RandomState(12345)

    def seconds(self, queue):
        start, stop = self.cupy.cuda.Event(), self.cupy.cuda.Event()
        start.record()
        queue()
        stop.record()
        stop.synchronize()
        return self.cupy.cuda.get_elapsed_time(start, stop) * 1e-3

    def synchronize(self, _result=None):
        self.cupy.cuda.get_current_stream().synchronize()

    def fill(self, call, p, n):
        if is_count(call):
            return self.counts(call, p, n)
        cupy, rng, dtype = self.cupy, self.rng, getattr(self.cupy, p["dtype"])
        if call == "random":
            if isinstance(rng, cupy.random.RandomState):
                return lambda: rng.random_sample(n, dtype=dtype)
            return lambda: rng.random(n, dtype=dtype)
        if call == "standard_normal":
            return lambda: rng.standard_normal(n, dtype=dtype)
        if call == "standard_exponential":
            return lambda: rng.standard_exponential(n, dtype=dtype)
        if call.startswith("standard_gamma"):
            if "shape" in p:
                return lambda: rng.standard_gamma(p["shape"], n, dtype=dtype)
            shapes = cupy.random.RandomState(7).uniform(0.5, 10.0, n).astype(dtype)
            return lambda: rng.standard_gamma(shapes, dtype=dtype)
        if call.startswith("beta"):
            a, b = (float(x) for x in p["ab"].split(","))
            return lambda: rng.beta(a, b, n, dtype=dtype)
        if call.startswith("dirichlet"):
            alpha = dirichlet_alpha(p["step"])
            return lambda: rng.dirichlet(alpha, n // DIRICHLET_K, dtype=dtype)
        raise ValueError(call)

    def counts(self, call, p, n):
        rng, parameters = self.rng, self.cupy.random.RandomState(7)
        if call.startswith("poisson"):
            lam = p["lam"] if "lam" in p else 10.0 ** parameters.uniform(-1.0, 6.0, n)
            return lambda: rng.poisson(lam, n)
        if "trials" in p:
            return lambda: rng.binomial(p["trials"], p["p"], n)
        trials, probabilities = parameters.randint(1, 1001, n), parameters.uniform(0.0, 1.0, n)
        return lambda: rng.binomial(trials, probabilities, n)


class Jax:
    def __init__(self):
        # JAX otherwise takes most of the GPU's memory at its first call.
        os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
        import jax

        jax.config.update("jax_enable_x64", True)
        if not any(d.platform == "gpu" for d in jax.devices()):
            raise RuntimeError(f"JAX sees no GPU (devices: {jax.devices()})")
        self.jax = jax
        self.keys = list(jax.random.split(jax.random.key(12345), CALLS_PER_TIMING))

    def seconds(self, queue):
        start = time.perf_counter()
        self.jax.block_until_ready(queue())
        return time.perf_counter() - start

    def synchronize(self, result=None):
        self.jax.block_until_ready(result)

    def keyed(self, f):
        """A call per key, in turn: each call of the result draws anew."""
        jitted, turn = self.jax.jit(f), [0]

        def call():
            turn[0] = (turn[0] + 1) % len(self.keys)
            return jitted(self.keys[turn[0]])

        return call

    def fill(self, call, p, n):
        if is_count(call):
            return self.counts(call, p, n)
        jax, jnp = self.jax, self.jax.numpy
        random, dtype = jax.random, getattr(jnp, p["dtype"])
        if call == "uniform":
            return self.keyed(lambda key: random.uniform(key, (n,), dtype))
        if call == "normal":
            return self.keyed(lambda key: random.normal(key, (n,), dtype))
        if call == "exponential":
            return self.keyed(lambda key: random.exponential(key, (n,), dtype))
        if call.startswith("gamma"):
            if "shape" in p:
                return self.keyed(lambda key: random.gamma(key, p["shape"], (n,), dtype))
            shapes = random.uniform(random.key(7), (n,), dtype, 0.5, 10.0)
            return self.keyed(lambda key: random.gamma(key, shapes, (n,), dtype))
        if call.startswith("beta"):
            a, b = (float(x) for x in p["ab"].split(","))
            return self.keyed(lambda key: random.beta(key, a, b, (n,), dtype))
        if call.startswith("dirichlet"):
            alpha = jnp.asarray(dirichlet_alpha(p["step"]), dtype)
            return self.keyed(lambda key: random.dirichlet(key, alpha, (n // DIRICHLET_K,), dtype))
        raise ValueError(call)

    def counts(self, call, p, n):
        random, f64 = self.jax.random, self.jax.numpy.float64
        if call.startswith("poisson"):
            lam = p["lam"] if "lam" in p else 10.0 ** random.uniform(random.key(7), (n,), f64, -1.0, 6.0)
            return self.keyed(lambda key: random.poisson(key, lam, (n,), self.jax.numpy.int32))
        if "trials" in p:
            trials, probabilities = float(p["trials"]), p["p"]
        else:
            trials = random.randint(random.key(7), (n,), 1, 1001).astype(f64)
            probabilities = random.uniform(random.key(8), (n,), f64)
        return self.keyed(lambda key: random.binomial(key, trials, probabilities, (n,), f64))

    def rows(self, call, p):
        jax, jnp = self.jax, self.jax.numpy
        if call.startswith("top_k_categorical"):
            logits = (3.0 * jax.random.normal(jax.random.key(7), (p["rows"], p["vocab"]), jnp.float32)).astype(
                jnp.bfloat16)
            return self.keyed(token_peers.jax_sampler(jax, logits))
        shape = (p["samples"], p["rows"])
        if call.startswith("categorical_logits"):
            logits = jax.random.normal(jax.random.key(7), (p["rows"], p["k"]), jnp.float32)
        else:
            logits = jnp.log(jax.random.uniform(jax.random.key(7), (p["rows"], p["k"]), jnp.float32))
        return self.keyed(lambda key: jax.random.categorical(key, logits, axis=-1, shape=shape))


LIBRARIES = {
    "torch": Torch,
    "cupy_generator": lambda: Cupy(generator=True),
    "cupy_randomstate": lambda: Cupy(generator=False),
    "jax": Jax,
}


def fill_rate(lib, launch, items, min_seconds):
    lib.synchronize(launch())  # warm-up: compilation, allocation, first touch
    seconds, calls = 0.0, 0
    while seconds < min_seconds or calls < 3 * CALLS_PER_TIMING:
        seconds += lib.seconds(lambda: [launch() for _ in range(CALLS_PER_TIMING)])
        calls += CALLS_PER_TIMING
    return calls * items / seconds


def call_rate(lib, launch, items, min_seconds):
    lib.synchronize(launch())
    seconds, calls = 0.0, 0
    while seconds < min_seconds or calls < 3:
        start = time.perf_counter()
        lib.synchronize(launch())
        seconds += time.perf_counter() - start
        calls += 1
    return calls * items / seconds


def measure(n, min_seconds, names):
    table = {name: (library, call, p) for name, _, library, call, p in peer_table()}
    unknown = [name for name in names if name not in table]
    if unknown:
        sys.exit(f"unknown peers: {' '.join(unknown)}")
    libraries = {}
    for name in names:
        library, call, p = table[name]
        if library not in libraries:
            try:
                libraries[library] = LIBRARIES[library]()
            except Exception as e:  # ImportError, no device, driver errors: the peer is absent
                libraries[library] = e
        lib = libraries[library]
        if isinstance(lib, Exception):
            print(f"{name} absent: {type(lib).__name__}: {lib}", flush=True)
            continue
        try:
            if "rows" in p:
                rate = call_rate(lib, lib.rows(call, p), p["rows"] * p["samples"], min_seconds)
            else:
                items = n - n % DIRICHLET_K if call.lower().startswith("dirichlet") else n
                rate = fill_rate(lib, lib.fill(call, p, n), items, min_seconds)
            print(f"{name} {rate:.6g}", flush=True)
        except Exception as e:  # a refused call (a size the peer does not take, out of memory): absent
            message = " ".join(str(e).split())[:300]
            print(f"{name} absent: {type(e).__name__}: {message}", flush=True)
        lib.synchronize()


def main():
    peer_interface.run(__doc__, peer_table, measure)


if __name__ == "__main__":
    main()
