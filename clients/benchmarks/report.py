#!/usr/bin/env python3
"""Puts a bench run's record into the docs: every table and plot from one JSON.

    rocdist_bench --benchmark_out=RECORD.json --benchmark_out_format=json
    clients/benchmarks/report.py RECORD.json --bench build/clients/benchmarks/rocdist_bench

The tables are the bench's own summary tables, printed from the record by
`rocdist_bench --replay=RECORD.json --markdown`. Each replaces, in every
page given (default docs/performance.md and docs/design/warp_rounds.md),
the block between `<!-- bench-table BACKEND/ID -->` and
`<!-- /bench-table -->`, BACKEND being the record's (host, gpu, or
emulated for the emulated GPU platform); the
block BACKEND/run describes the record itself (date, machine, GPU, commit,
where the record is). Blocks of the other backend are left as they are.

The plots, written into --plots (default docs): performance_BACKEND_uniform.png
(bytes/s of raw words and uniforms beside cuRAND and the store bandwidth),
performance_BACKEND_normal.png (normals per second by method and ordering,
beside cuRAND), performance_BACKEND_gamma.png (gamma variates per second by
shape and ordering) and warp_rounds_BACKEND.png (warp rounds per output: the
model's curves, the measured points).
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)

NORMAL_METHODS = ["box_muller", "polar", "inverse_cdf", "inverse_cdf_fast", "ziggurat", "box_muller_fast"]
BLOCK = re.compile(r"<!-- bench-table (\S+) -->\n.*?<!-- /bench-table -->\n", re.S)


def load(path):
    """The record's context, and each benchmark that ran, by name."""
    with open(path) as f:
        data = json.load(f)
    runs = {b["name"]: b for b in data["benchmarks"]
            if b.get("run_type", "iteration") == "iteration" and not b.get("error_occurred")}
    return data["context"], runs


def find(runs, prefix, field):
    for name, b in runs.items():
        if name.startswith(prefix):
            return b.get(field, 0.0)
    return 0.0


def label_of(context):
    if context.get("rocdist_backend") == "gpu":
        return context.get("gpu_name", "GPU")
    return f"host backend, {context.get('rocdist_host_threads', '?')} threads, {context.get('rocdist_host_target', '?')}"


def run_block(context, record):
    """A description of the record, from its context."""
    lines = [f"Record: `{record}`, written {context.get('date', '?')}"]
    if context.get("rocdist_commit"):
        lines[0] += f" by a build of commit {context['rocdist_commit']}"
    lines[0] += "."
    if context.get("rocdist_backend") == "gpu":
        memory = int(context.get("gpu_memory_bytes", 0)) / 2**30
        lines.append(f"GPU: {context.get('gpu_name', '?')} (compute capability "
                     f"{context.get('gpu_compute_capability', '?')}, {context.get('gpu_multiprocessors', '?')} "
                     f"multiprocessors, {memory:.0f} GiB; driver API {context.get('gpu_driver_api_version', '?')}, "
                     f"runtime {context.get('gpu_runtime_version', '?')}).")
    caches = ", ".join(f"L{c['level']} {c['type'].lower()} {c['size'] // 1024} KiB"
                       + (f" x {c['num_sharing']}" if c.get("num_sharing", 1) > 1 else "")
                       for c in context.get("caches", []))
    lines.append(f"Host: {context.get('host_cpu', '?')}, {context.get('num_cpus', '?')} CPUs at "
                 f"{context.get('mhz_per_cpu', '?')} MHz ({caches}); the host backend ran "
                 f"{context.get('rocdist_host_threads', '?')} threads on Highway's "
                 f"{context.get('rocdist_host_target', '?')} target.")
    lines.append(f"Elements per fill call: n = {context.get('rocdist_n', '?')}; rocdist built as "
                 f"{context.get('rocdist_build_type') or 'CMake default'}.")
    return "\n".join(lines) + "\n"


def tables(bench, record, backend):
    """The bench's Markdown blocks, by BACKEND/ID."""
    text = subprocess.run([bench, f"--replay={record}", "--markdown"], check=True, capture_output=True,
                          text=True).stdout
    return {f"{backend}/{m.group(1)}": m.group(0) for m in BLOCK.finditer(text)}


def update_page(path, blocks, backend):
    """Replaces the page's blocks of the record's backend; returns their ids.
    A block the record has no table for (the simd_targets table of a CPU
    that runs one vector instruction set, say) says so, rather than keep an
    older record's table."""
    with open(path) as f:
        page = f.read()
    replaced = []

    def substitute(m):
        if m.group(1) not in blocks:
            if not m.group(1).startswith(f"{backend}/"):
                return m.group(0)
            replaced.append(m.group(1))
            return (f"<!-- bench-table {m.group(1)} -->\n"
                    f"The record above has no such table: its run did not measure this.\n<!-- /bench-table -->\n")
        replaced.append(m.group(1))
        body = blocks[m.group(1)].split("\n", 1)[1]  # the bench's marker names the id without the backend
        return f"<!-- bench-table {m.group(1)} -->\n{body}"

    page = BLOCK.sub(substitute, page)
    with open(path, "w") as f:
        f.write(page)
    return replaced


def plot_uniform(runs, label, out):
    names, values, colours = [], [], []
    for kind in ["uint32", "float", "double"]:
        for peer, colour in [("rocdist", "tab:blue"), ("curand", "tab:orange")]:
            rate = find(runs, f"{peer}/{kind}/", "bytes_per_second")
            if rate:
                names.append(f"{'rocdist' if peer == 'rocdist' else 'cuRAND'}\n{kind}")
                values.append(rate / 1e9)
                colours.append(colour)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.bar(names, values, color=colours)
    # The store reference: the fastest fill of the run (store_bandwidth/...).
    store = max((b.get("bytes_per_second", 0.0) for n, b in runs.items() if n.startswith("store_bandwidth/")),
                default=0.0) / 1e9
    if store:
        ax.axhline(store, color="black", linestyle="--", label="store bandwidth, same run")
        ax.set_ylim(0, max(values + [store]) * 1.2)  # room above the bars for the legend
        ax.legend(loc="upper right")
    ax.set_ylabel("GB/s written")
    ax.set_title(f"Raw words and uniforms\n({label})", fontsize="medium")
    save(fig, out)


def ordering_bars(ax, runs, names, benchmark):
    """Bars of each ordering's rate (million samples/s) for names, on a log
    scale (rates span two orders of magnitude); benchmark(name, ordering)
    gives the benchmark's name prefix. Returns the rates drawn."""
    x = range(len(names))
    series = []
    for ordering, colour in [("reproducible", "tab:blue"), ("fast", "tab:green")]:
        found = [find(runs, benchmark(n, ordering) + "/", "items_per_second") / 1e6 for n in names]
        if any(found):
            series.append((ordering, colour, found))
    width = 0.8 / max(len(series), 1)
    for k, (ordering, colour, values) in enumerate(series):
        shift = (k - (len(series) - 1) / 2) * width
        ax.bar([i + shift for i in x], values, width=width, color=colour, label=f"rocdist, {ordering}")
    ax.set_yscale("log")
    ax.set_xticks(list(x))
    return [v for _, _, values in series for v in values if v > 0]


def save(fig, out):
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def finish_rates(fig, axes, shown, legend_ax, title, out):
    """The rate plots' log axis, from the decade below the slowest bar or peer
    line with room above the fastest for the legend; their labels; saved."""
    if shown:
        axes[0].set_ylim(10 ** math.floor(math.log10(min(shown))), max(shown) * 10)
    axes[0].set_ylabel("million samples/s (log scale)")
    legend_ax.legend(loc="upper right", fontsize="small")
    fig.suptitle(title)
    save(fig, out)


def plot_normal(runs, label, out):
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5), sharey=True)
    shown = []
    for ax, kind in zip(axes, ["float", "double"]):
        # The methods the record has (the fast Box-Muller: float, on GPUs).
        methods = [m for m in NORMAL_METHODS
                   if any(find(runs, f"normal/{m}/{kind}/{o}/", "items_per_second") for o in ("reproducible", "fast"))]
        shown += ordering_bars(ax, runs, methods, lambda m, o: f"normal/{m}/{kind}/{o}")
        peer = find(runs, f"curand_normal/{kind}/", "items_per_second") / 1e6
        if peer:
            ax.axhline(peer, color="tab:orange", linestyle="--", label="cuRAND (Box-Muller)")
            shown.append(peer)  # within the limits, as the bars are
        ax.set_xticklabels([m.replace("_", "\n") for m in methods])
        ax.set_title(f"normal {kind}")
    finish_rates(fig, axes, shown, axes[0], f"Normals by method ({label})", out)


def plot_gamma(runs, label, out):
    shapes = ["0.5", "2.5", "10"]
    fig, axes = plt.subplots(1, 2, figsize=(9, 4.5), sharey=True)
    shown = []
    for ax, kind in zip(axes, ["float", "double"]):
        shown += ordering_bars(ax, runs, shapes, lambda a, o: f"gamma/{a}/{kind}/{o}")
        ax.set_xticklabels([f"shape {a}" for a in shapes])
        ax.set_title(f"gamma {kind}")
    finish_rates(fig, axes, shown, axes[1], f"Gamma variates ({label})", out)


STRATEGIES = [("thread_loop", "thread loop", "tab:red"), ("precached", "pre-cached", "tab:orange"),
              ("compacted", "compacted (rocdist)", "tab:blue")]


def plot_warp_rounds(runs, label, out):
    """The model's curves for a sampler of fixed acceptance p (warp_rounds_model/)
    and the rounds measured for the studied samplers (warp_rounds/), per warp width."""
    curves = [b for n, b in runs.items() if n.startswith("warp_rounds_model/")]
    points = [b for n, b in runs.items() if n.startswith("warp_rounds/")]
    warps = sorted({int(b["warp"]) for b in curves + points})
    fig, axes = plt.subplots(1, len(warps), figsize=(6 * len(warps), 4.5), sharey=True, squeeze=False)
    for ax, warp in zip(axes[0], warps):
        curve = sorted((b for b in curves if int(b["warp"]) == warp), key=lambda b: b["p"])
        ps = [b["p"] for b in curve]
        ax.plot(ps, [1 / p for p in ps], color="black", linestyle=":", label="one CPU thread (1/p)")
        mine = [b for b in points if int(b["warp"]) == warp]
        for key, name, colour in STRATEGIES:
            ax.plot(ps, [b[key] for b in curve], color=colour, label=name + ", model")
            ax.scatter([b["p"] for b in mine], [b["measured_" + key] for b in mine], color=colour, marker="o", s=18,
                       zorder=3)
        ax.set_title(f"{warp}-lane warps (points: measured)")
        ax.set_xlabel("acceptance probability p")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("warp rounds per output")
    axes[0][0].legend(fontsize=8)
    fig.suptitle(f"Warp rounds of rejection samplers ({label})")
    save(fig, out)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("record", help="a rocdist_bench --benchmark_out file (JSON)")
    p.add_argument("--bench", default="build/clients/benchmarks/rocdist_bench",
                   help="the rocdist_bench that prints the tables (--replay)")
    p.add_argument("--pages", nargs="+", default=["docs/performance.md", "docs/design/warp_rounds.md"],
                   help="the pages whose bench-table blocks are replaced")
    p.add_argument("--plots", default="docs", help="the folder of the plots")
    args = p.parse_args()
    context, runs = load(args.record)
    backend = context.get("rocdist_backend")
    if backend == "gpu" and context.get("rocdist_gpu_platform") == "emulated":
        backend = "emulated"  # the emulated GPU's figures measure the emulator: blocks of their own
    if backend not in ("host", "gpu", "emulated"):
        sys.exit(f"{args.record}: its context has no rocdist_backend: not a record of rocdist_bench")
    blocks = tables(args.bench, args.record, backend)
    blocks[f"{backend}/run"] = f"<!-- bench-table {backend}/run -->\n{run_block(context, args.record)}<!-- /bench-table -->\n"
    for page in args.pages:
        print(f"{page}: {', '.join(update_page(page, blocks, backend)) or 'no block of this record'}")
    label = label_of(context)
    os.makedirs(args.plots, exist_ok=True)
    for what, plot in [("performance_{}_uniform", plot_uniform), ("performance_{}_normal", plot_normal),
                       ("performance_{}_gamma", plot_gamma), ("warp_rounds_{}", plot_warp_rounds)]:
        out = os.path.join(args.plots, what.format(backend) + ".png")
        plot(runs, label, out)
        print(out)


if __name__ == "__main__":
    main()
