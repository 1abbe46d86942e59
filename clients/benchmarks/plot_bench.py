#!/usr/bin/env python3
"""Plots rocdist_bench's Google Benchmark JSON as PNGs for docs/performance.md.

    rocdist_bench --benchmark_out=bench.json --benchmark_out_format=json
    plot_bench.py bench.json docs/ --label "host, 2 cores" --prefix performance_host

writes <prefix>_uniform.png (bytes/s of raw words and uniforms beside the
store bandwidth and cuRAND), <prefix>_normal.png (normals per second by
method, float and double, both orderings, beside cuRAND) and
<prefix>_gamma.png (gamma variates per second by shape, float and double,
both orderings). Benchmarks missing from the file (cuRAND without the CUDA
toolkit) are left out of the plots.
"""
import argparse
import json
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)

NORMAL_METHODS = ["box_muller", "polar", "inverse_cdf", "inverse_cdf_fast", "ziggurat"]


def load_rates(path):
    """name -> (bytes/s, items/s) of each benchmark's iteration run."""
    with open(path) as f:
        data = json.load(f)
    rates = {}
    for b in data["benchmarks"]:
        if b.get("run_type", "iteration") != "iteration":
            continue
        rates[b["run_name"] if "run_name" in b else b["name"]] = (
            b.get("bytes_per_second", 0.0),
            b.get("items_per_second", 0.0),
        )
    return data.get("context", {}), rates


def find(rates, prefix):
    for name, value in rates.items():
        if name.startswith(prefix):
            return value
    return None


def plot_uniform(rates, label, out):
    names, values, colours = [], [], []
    for kind in ["uint32", "float", "double"]:
        for peer, colour in [("rocdist", "tab:blue"), ("curand", "tab:orange")]:
            r = find(rates, f"{peer}/{kind}")
            if r:
                names.append(f"{'rocdist' if peer == 'rocdist' else 'cuRAND'}\n{kind}")
                values.append(r[0] / 1e9)
                colours.append(colour)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.bar(names, values, color=colours)
    # The store reference: the fastest fill of the run (store_bandwidth/...).
    stores = [r for name, r in rates.items() if name.startswith("store_bandwidth")]
    store = max(stores) if stores else None
    if store:
        ax.axhline(store[0] / 1e9, color="black", linestyle="--", label="store bandwidth, same run")
        ax.set_ylim(0, max(values + [store[0] / 1e9]) * 1.2) # room above the bars for the legend
        ax.legend(loc="upper right")
    ax.set_ylabel("GB/s written")
    ax.set_title(f"Raw words and uniforms\n({label})", fontsize="medium")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def ordering_bars(ax, rates, names, benchmark):
    """Bars of each ordering's rate (million samples/s) for names, on a log
    scale (rates span two orders of magnitude); benchmark(name, ordering)
    gives the benchmark's name prefix. Orderings absent from the file are
    left out. Returns the rates drawn."""
    x = range(len(names))
    series = []
    for ordering, colour in [("reproducible", "tab:blue"), ("fast", "tab:green")]:
        found = [find(rates, benchmark(n, ordering)) for n in names]
        if any(found):
            series.append((ordering, colour, [r[1] / 1e6 if r else 0.0 for r in found]))
    width = 0.8 / max(len(series), 1)
    for k, (ordering, colour, values) in enumerate(series):
        shift = (k - (len(series) - 1) / 2) * width
        ax.bar([i + shift for i in x], values, width=width, color=colour, label=f"rocdist, {ordering}")
    ax.set_yscale("log")
    ax.set_xticks(list(x))
    return [v for _, _, values in series for v in values if v > 0]


def log_limits(ax, shown):
    """From the decade below the slowest bar or peer line, with room above
    the fastest for the legend."""
    if shown:
        ax.set_ylim(10 ** math.floor(math.log10(min(shown))), max(shown) * 10)


def plot_normal(rates, label, out):
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5), sharey=True)
    shown = []
    for ax, kind in zip(axes, ["float", "double"]):
        shown += ordering_bars(ax, rates, NORMAL_METHODS, lambda m, o: f"normal/{m}/{kind}/{o}")
        peer = find(rates, f"curand_normal/{kind}")
        if peer:
            ax.axhline(peer[1] / 1e6, color="tab:orange", linestyle="--", label="cuRAND (Box-Muller)")
            shown.append(peer[1] / 1e6)  # within the limits, as the bars are
        ax.set_xticklabels([m.replace("_", "\n") for m in NORMAL_METHODS])
        ax.set_title(f"normal {kind}")
    log_limits(axes[0], shown)
    axes[0].set_ylabel("million samples/s (log scale)")
    axes[0].legend(loc="upper right", fontsize="small")
    fig.suptitle(f"Normals by method ({label})")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def plot_gamma(rates, label, out):
    shapes = ["0.5", "2.5", "10"]
    fig, axes = plt.subplots(1, 2, figsize=(9, 4.5), sharey=True)
    shown = []
    for ax, kind in zip(axes, ["float", "double"]):
        shown += ordering_bars(ax, rates, shapes, lambda a, o: f"gamma/{a}/{kind}/{o}")
        ax.set_xticklabels([f"shape {a}" for a in shapes])
        ax.set_title(f"gamma {kind}")
    log_limits(axes[0], shown)
    axes[0].set_ylabel("million samples/s (log scale)")
    axes[1].legend(loc="upper right", fontsize="small")
    fig.suptitle(f"Gamma variates ({label})")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("json", help="rocdist_bench --benchmark_out file (JSON)")
    p.add_argument("outdir", help="folder for the PNGs")
    p.add_argument("--label", default="", help="what ran it, for the titles")
    p.add_argument("--prefix", default="performance", help="file name prefix")
    args = p.parse_args()
    context, rates = load_rates(args.json)
    label = args.label or f"{context.get('num_cpus', '?')} CPUs"
    os.makedirs(args.outdir, exist_ok=True)
    for what, plot in [("uniform", plot_uniform), ("normal", plot_normal), ("gamma", plot_gamma)]:
        out = os.path.join(args.outdir, f"{args.prefix}_{what}.png")
        plot(rates, label, out)
        print(out)


if __name__ == "__main__":
    main()
