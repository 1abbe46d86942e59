#!/usr/bin/env python3
"""A throughput model of rocdist's generate kernels on an H100 SXM (sm_90).

A model, not a measurement: it predicts what share of the store bandwidth a
kernel can fill from the machine code nvcc makes for it, on a machine where
no GPU runs.

Instructions per 16-byte output packet: throughput_model_kernels.hip holds
kernels that run the library's functors for 1 or 3 packets per loop trip;
both are compiled for sm_90 with the compile command of a configured CUDA
build, and half the difference of their machine code (.text bytes of the
cubin / 16 bytes per sm_90 instruction, alignment padding dropped) is one
packet's instructions. The PTX of the same two builds, differenced the same
way, splits them by functional unit for the classes that map one to one onto
machine instructions: MUFU (ex2, lg2, sin, cos, rcp, rsqrt, sqrt approximations),
conversions between integers and floats, 32-bit integer multiplies (IMAD),
FP64 and FP32 arithmetic; the rest of the machine instructions (logic, adds,
shifts, compares, selects, moves, branches, memory) is "other".

Per SM and clock (CUDA C++ Programming Guide, arithmetic instruction
throughput for compute capability 9.0): 4 warp instructions issued (128
threads' instructions), 16 MUFU or conversion results, 64 integer
multiplies, 64 FP64 results, 64 other integer results, 128 FP32 results.
A packet then costs, in SM clocks,

    c = max(all / 128, (MUFU + conversions) / 16, IMAD / 64, FP64 / 64, other / 64)

and the kernel fills min(1, SMs * clock * 16 B / c / store bandwidth) of the
store bandwidth (132 SMs, 1.98 GHz, 3.35 TB/s).

Rejection methods: a warp runs a branch when any of its 32 lanes needs it.
Float ziggurat: the fast path for every packet, then one loop trip per
element that the fast path rejected: a warp makes as many trips as the
lane with the most, E[max over 32 lanes of Binomial(4, 1 - p)], p the fast
path's acceptance, each trip a wedge attempt (the tail's layer and repeated
wedge attempts are left out: together under 0.3% of elements). Gamma: a packet's four first
attempts (one group of Philox blocks and two Box-Muller pairs), then retry
rounds of one attempt each until every lane's rejected elements are done:
E[max over 32 lanes of a lane's retries R], R the failures before 4
successes of Bernoulli(p) (negative binomial), p the Marsaglia-Tsang
acceptance at that shape (computed here by quadrature); every retry round
costs a first retry attempt (a fresh substream block and pair, the dearest),
and the exact test's log is included wherever a warp runs it (whenever one
lane fails the squeeze).

Batched categorical sampling: its summary pass reads every weight once,
so its packet is 16 bytes of float weights read (4 weights checked, ranked
for the tile's largest and summed in fixed point), and its share is of the
read bandwidth (the same 3.35 TB/s of HBM3). The block-wide reductions
once per tile of 4096 weights, the second pass over the tiles that hold
samples, the launches and the host's wait for the validation are not in
it (docs/design/gpu_throughput_model.md puts figures on them).

Usage: clients/benchmarks/models/throughput_model.py --cuda BUILD_DIR
"""
import argparse
import math
import os
import re
import shlex
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "cmake"))
import kernel_resources  # noqa: E402  (compile commands of a configured build)

SOURCE = os.path.join(HERE, "throughput_model_kernels.hip")
WARP = 32
H100_SXM = {"sms": 132, "clock_hz": 1.98e9, "store_bytes_per_s": 3.35e12}
PER_SM_CLOCK = {"all": 128, "mufu_cvt": 16, "imad": 64, "fp64": 64, "other": 64}
PACKET_BYTES = 16


# ---- machine code: instruction counts from the cubin ----------------------

def text_sections(path):
    """{section name: bytes} of an ELF64 file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        sys.exit(f"throughput_model: {path} is not an ELF64 cubin")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strings = headers[shstrndx][4]

    def name(offset):
        end = data.index(b"\0", strings + offset)
        return data[strings + offset:end].decode()

    return {name(h[0]): data[h[4]:h[4] + h[5]] for h in headers}


def machine_instructions(cubin):
    """{piece: instructions} of each model kernel (16 bytes each on sm_90,
    less the padding that repeats the last instruction to align the end)."""
    counts = {}
    for section, code in text_sections(cubin).items():
        piece = piece_name(section) if section.startswith(".text.") else None
        if piece is None:
            continue
        words = [code[i:i + 16] for i in range(0, len(code), 16)]
        while len(words) > 1 and words[-1] == words[-2]:
            words.pop()
        counts[piece] = len(words)
    return counts


def piece_name(symbol):
    m = re.search(r"model_kernelINS_(\d+)", symbol)
    if not m:
        return None
    start = m.end()
    return symbol[start:start + int(m.group(1))]


# ---- PTX: functional units ------------------------------------------------

UNIT_CLASSES = ("mufu_cvt", "imad", "fp64", "fp32")


def ptx_unit(opcode):
    parts = opcode.split(".")
    op = parts[0]
    if op in ("ex2", "lg2", "sin", "cos", "tanh") or (op in ("rcp", "rsqrt", "sqrt") and "approx" in parts):
        return "mufu_cvt"
    if op == "cvt":
        types = [p for p in parts if re.fullmatch(r"[usf]\d+", p)]
        kinds = {t[0] for t in types}
        if "f" in kinds and kinds & {"u", "s"}:
            return "mufu_cvt"
        if any(p in ("rni", "rzi", "rmi", "rpi") for p in parts):
            return "mufu_cvt"
        if types and all(t[0] == "f" for t in types) and len(set(types)) > 1:
            return "mufu_cvt"
        return None
    if "f64" in parts and op in ("add", "sub", "mul", "fma", "mad", "min", "max", "setp", "neg", "abs", "rcp", "sqrt", "div"):
        return "fp64"
    if "f32" in parts and op in ("add", "sub", "mul", "fma", "mad", "min", "max", "setp", "neg", "abs"):
        return "fp32"
    if op in ("mul", "mad") and any(p in ("lo", "hi", "wide") for p in parts):
        return "imad"
    return None


def ptx_units(ptx):
    """{piece: {unit class: PTX instructions}} of each model kernel."""
    units = {}
    for m in re.finditer(r"\.entry\s+(\S+)\s*\(", ptx):
        piece = piece_name(m.group(1))
        body_start = ptx.index("{", m.end())
        depth, i = 0, body_start
        while True:
            if ptx[i] == "{":
                depth += 1
            elif ptx[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        counts = dict.fromkeys(UNIT_CLASSES, 0)
        for line in ptx[body_start + 1:i].splitlines():
            line = line.strip()
            if not line.endswith(";") or line.startswith("."):
                continue
            line = re.sub(r"^@!?%\w+\s+", "", line)
            unit = ptx_unit(line.split()[0])
            if unit:
                counts[unit] += 1
        if piece:
            units[piece] = counts
    return units


# ---- compiling the model kernels ------------------------------------------

def model_command(build):
    """The CUDA build's compile command for its generate kernels, aimed at
    the model source instead: same includes, definitions and options."""
    entry = next((e for e in kernel_resources.compile_commands(build) if e["file"].endswith("block_kernels.hip")),
                 None)
    if entry is None:
        sys.exit(f"throughput_model: {build} does not compile block_kernels.hip")
    args, skip = [], False
    for a in kernel_resources.without_outputs(shlex.split(entry["command"])):
        if skip:
            skip = False
            continue
        if a in ("-c", entry["file"]) or a.startswith("--generate-code") or a.startswith("-gencode"):
            continue
        if a == "-x":
            skip = True
            continue
        args.append(a)
    if not os.path.basename(args[0]).startswith("nvcc"):
        sys.exit(f"throughput_model: {build} is not a CUDA build (its compiler is {args[0]})")
    return args, entry["directory"]


def compile_pieces(build, scratch):
    args, cwd = model_command(build)
    out = {}
    for packets in (1, 3):
        for kind in ("cubin", "ptx"):
            path = os.path.join(scratch, f"model{packets}.{kind}")
            kernel_resources.run(args + ["-arch=sm_90", f"-{kind}", f"-DMODEL_PACKETS={packets}", "-x", "cu", SOURCE,
                                         "-o", path], cwd)
        with open(os.path.join(scratch, f"model{packets}.ptx")) as f:
            out[packets] = (machine_instructions(os.path.join(scratch, f"model{packets}.cubin")), ptx_units(f.read()))
    pieces = {}
    for piece, three in out[3][0].items():
        one = out[1][0][piece]
        units3, units1 = out[3][1][piece], out[1][1][piece]
        pieces[piece] = {"all": (three - one) / 2, **{u: (units3[u] - units1[u]) / 2 for u in UNIT_CLASSES}}
    return pieces


# ---- rejection probabilities ----------------------------------------------

def ziggurat_fast_acceptance():
    """P(the float ziggurat's fast path accepts a word): layer i accepts the
    share x[i+1] / x[i] of its magnitudes (layer 0: r / x[0])."""
    r, v, layers = 3.6541528853610088, 4.92867323399e-3, 256
    f = [0.0] * (layers + 1)
    x = [0.0] * (layers + 1)
    f[1] = math.exp(-0.5 * r * r)
    x[0], x[1] = v / f[1], r
    for i in range(1, layers - 1):
        f[i + 1] = f[i] + v / x[i]
        x[i + 1] = math.sqrt(-2 * math.log(f[i + 1]))
    x[layers] = 0.0
    return sum(x[i + 1] / x[i] for i in range(layers)) / layers


def slow_path_trips(p, slots=4, lanes=WARP):
    """E[max over `lanes` lanes of a lane's slots that fail a test passed
    with probability p]: the trips of a warp's loop over rejected slots."""
    total = 0.0
    for m in range(1, slots + 1):
        below = sum(math.comb(slots, j) * (1 - p) ** j * p ** (slots - j) for j in range(m))
        total += 1 - below ** lanes
    return total


def over_attempts(shape, integrand):
    """E[integrand(z, c, d)] over a standard normal z in (-1/c, 12), at a
    shape's d and c (a + 1 below 1, as rocdist boosts), by the trapezoid rule."""
    a = shape + 1 if shape < 1 else shape
    d = a - 1 / 3
    c = 1 / math.sqrt(9 * d)
    lo, hi, steps = -1 / c, 12.0, 200000
    h = (hi - lo) / steps
    total = sum(integrand(z, c, d) * math.exp(-z * z / 2) for z in (lo + k * h for k in range(1, steps)))
    return total * h / math.sqrt(2 * math.pi)


def gamma_acceptance(shape):
    """Marsaglia-Tsang's acceptance at a shape: P(log U < z^2/2 + d (1 - v + log v)),
    v = (1 + c z)^3 > 0."""
    def accepted(z, c, d):
        v = (1 + c * z) ** 3
        return math.exp(z * z / 2 + d * (1 - v + math.log(v)))
    return over_attempts(shape, accepted)


def gamma_undecided(shape):
    """The share of attempts that distributions::gamma_squeeze leaves to the
    exact test: 1 - U above its rejection bound R / (1 + R) and below both
    Marsaglia-Tsang's 0.0331 z^4 and the u' that makes u' + u'^2/2 equal
    its acceptance bound (margins left out)."""
    def band(z, c, d):
        y = c * z
        loss = 0.75 * d * y ** 4
        accept = loss / (1 + min(y, 0.0))
        accept_u = math.sqrt(1 + 2 * accept) - 1  # u' + u'^2/2 = accept
        reject = loss * (1 - 0.8 * max(y, 0.0))
        reject_u = reject / (1 + reject) if reject > 0 else 0.0
        return max(0.0, min(0.0331 * z ** 4, accept_u, 1.0) - reject_u)
    return over_attempts(shape, band)


def warp_runs(share, lanes=WARP):
    """The chance that a warp runs a branch that each lane takes with
    probability `share`."""
    return 1 - (1 - share) ** lanes


def retry_rounds(p, elements=4, lanes=WARP):
    """E[max over `lanes` lanes of a lane's retries]: a lane's retries are
    the failures before `elements` successes of Bernoulli(p)."""
    total, cdf, r = 0.0, 0.0, 0
    while True:
        cdf += math.comb(r + elements - 1, elements - 1) * p ** elements * (1 - p) ** r
        tail = 1 - cdf ** lanes
        if tail < 1e-12:
            return total
        total += tail
        r += 1


# ---- the model --------------------------------------------------------------

def scaled(piece, weight):
    return {u: weight * n for u, n in piece.items()}


def summed(*costs):
    return {u: sum(c[u] for c in costs) for u in costs[0]}


def kernels(pieces):
    """(kernel, goal or None, per-packet cost, how it is composed)."""
    p_fast = ziggurat_fast_acceptance()
    trips = slow_path_trips(p_fast)
    rows = [
        ("raw words", 0.9, pieces["raw_words"], "straight"),
        ("uniform float", 0.9, pieces["uniform_float"], "straight"),
        ("uniform double", None, pieces["uniform_double"], "straight"),
        ("normal float, Box-Muller", 0.9, pieces["box_muller_float"], "straight"),
        ("normal float, Box-Muller fast", None, pieces["box_muller_fast_float"], "straight"),
        ("log-normal float, Box-Muller", None, pieces["box_muller_float_log_normal"], "straight"),
        ("normal double, Box-Muller", None, pieces["box_muller_double"], "straight"),
        ("normal float, inverse CDF fast", None, pieces["inverse_cdf_fast_float"], "straight"),
        ("normal float, ziggurat", 0.8,
         summed(pieces["ziggurat_fast_float"], scaled(pieces["ziggurat_wedge_float"], trips / 4)),
         f"fast + {trips:.3f} wedge attempts per packet (p = {p_fast:.4f})"),
    ]
    for type_, elements, goal in (("float", 4, 0.5), ("double", 2, None)):
        for shape, piece in ((0.5, "0_5"), (2.5, "2_5"), (10, "10")):
            p = gamma_acceptance(shape)
            q = gamma_undecided(shape)
            rounds = retry_rounds(p, elements)
            runs = warp_runs(q)
            # A retry round runs for the few lanes with an element left
            # (their retries spread over the rounds), and its exact test
            # only where one of those needs it.
            retrying = WARP * elements * (1 - p) / p / rounds
            retry_runs = warp_runs(q, retrying)
            exact = pieces[f"gamma_exact_{piece}_{type_}"]
            rows.append((f"gamma {type_}, shape {shape:g}", goal,
                         summed(pieces[f"gamma_{piece}_{type_}"], scaled(exact, runs - 1),
                                scaled(pieces[f"gamma_retry_{piece}_{type_}"], rounds / elements),
                                scaled(exact, rounds / elements * (retry_runs - 1))),
                         f"first attempts, their {elements} exact tests each run by {runs:.0%} of warps, "
                         f"+ {rounds:.2f} x retry attempt (p = {p:.4f}; its exact test run by {retry_runs:.0%})"))
    # A shape per element uniform in [0.5, 10]: retry rounds at the lowest
    # acceptance among them (shape 0.5), a bound on a warp of mixed shapes.
    p = gamma_acceptance(0.5)
    rounds = retry_rounds(p)
    rows.append(("gamma float, a shape per element in [0.5, 10]", None,
                 summed(pieces["gamma_shapes_float"], scaled(pieces["gamma_shapes_retry_float"], rounds / 4)),
                 f"first attempts (parameters built per element) + {rounds:.2f} x retry attempt (p >= {p:.4f})"))
    p = min(gamma_acceptance(2.5), gamma_acceptance(1.5))
    rounds = retry_rounds(p)
    rows.append(("beta float, (2.5, 1.5)", None,
                 summed(pieces["beta_float"], scaled(pieces["gamma_shapes_retry_float"], 2 * rounds / 4)),
                 f"2 gamma packets' first attempts as logarithms + {2 * rounds:.2f} x retry attempt (p >= {p:.4f})"))
    rows.append(("Dirichlet float, k = 4 (a row per packet)", None, pieces["dirichlet_k4_float"],
                 "two passes over the row's gamma packet, each with its retry code once"))
    rows.append(("batched categorical, summary pass (per 16 B of float weights read)", 0.7,
                 pieces["rows_summary_float"], "4 weights checked, ranked and summed"))
    return rows


def predicted(cost, machine):
    other = max(0.0, cost["all"] - sum(cost[u] for u in UNIT_CLASSES))
    clocks = {
        "issue": cost["all"] / PER_SM_CLOCK["all"],
        "MUFU": cost["mufu_cvt"] / PER_SM_CLOCK["mufu_cvt"],
        "IMAD": cost["imad"] / PER_SM_CLOCK["imad"],
        "FP64": cost["fp64"] / PER_SM_CLOCK["fp64"],
        "other": other / PER_SM_CLOCK["other"],
    }
    bound = max(clocks, key=clocks.get)
    bytes_per_s = machine["sms"] * machine["clock_hz"] * PACKET_BYTES / clocks[bound]
    return other, bound, min(1.0, bytes_per_s / machine["store_bytes_per_s"]), bytes_per_s


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuda", required=True, metavar="BUILD_DIR", help="a configured CUDA build")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        pieces = compile_pieces(args.cuda, scratch)
    print("| kernel | instructions per packet | MUFU + conversions | IMAD | FP64 | FP32 | other "
          "| bound | predicted share of store bandwidth | goal | composed as |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    missed = []
    for name, goal, cost, how in kernels(pieces):
        other, bound, share, _ = predicted(cost, H100_SXM)
        goal_text = f"{goal:.0%}" if goal else "-"
        if goal and share < goal:
            missed.append(name)
            goal_text += " (missed)"
        print(f"| {name} | {cost['all']:.0f} | {cost['mufu_cvt']:.0f} | {cost['imad']:.0f} | {cost['fp64']:.0f} "
              f"| {cost['fp32']:.0f} | {other:.0f} | {bound} | {share:.0%} | {goal_text} | {how} |")
    print(f"\nH100 SXM: {H100_SXM['sms']} SMs at {H100_SXM['clock_hz'] / 1e9:.2f} GHz, store bandwidth "
          f"{H100_SXM['store_bytes_per_s'] / 1e12:.2f} TB/s; a model from nvcc's sm_90 code, not a measurement.")
    if missed:
        print("goals the model misses: " + ", ".join(missed))


if __name__ == "__main__":
    main()
