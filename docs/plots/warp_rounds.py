#!/usr/bin/env python3
"""Plot the warp-rounds table of rocdist_bench (--rounds-csv=FILE).

    docs/plots/warp_rounds.py rounds.csv docs/plots/warp_rounds.png

Curves: the model for a sampler of fixed acceptance p (thread loop, the
seed's pre-cached loop, rocdist's warp compaction) on 32- and 64-lane warps.
Points: the rounds measured in the same run (on the GPU, or by emulating
warps on the host), for the fixed-p samplers and rocdist's own samplers.
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

STRATEGIES = [("thread_loop", "thread loop"), ("precached", "pre-cached"), ("compacted", "compacted (rocdist)")]
COLOURS = {"thread_loop": "tab:red", "precached": "tab:orange", "compacted": "tab:blue"}


def main(source, target):
    with open(source, newline="") as f:
        rows = list(csv.DictReader(f))
    curves = [r for r in rows if r["where"] == "model"]
    points = [r for r in rows if r["where"] != "model"]
    warps = sorted({int(r["warp"]) for r in curves})
    fig, axes = plt.subplots(1, len(warps), figsize=(6 * len(warps), 4.5), sharey=True, squeeze=False)
    for ax, warp in zip(axes[0], warps):
        curve = sorted((r for r in curves if int(r["warp"]) == warp), key=lambda r: float(r["p"]))
        ps = [float(r["p"]) for r in curve]
        ax.plot(ps, [1 / p for p in ps], color="black", linestyle=":", label="one CPU thread (1/p)")
        for key, label in STRATEGIES:
            ax.plot(ps, [float(r["model_" + key]) for r in curve], color=COLOURS[key], label=label + ", model")
            mine = [r for r in points if int(r["warp"]) == warp]
            ax.scatter([float(r["p"]) for r in mine], [float(r["measured_" + key]) for r in mine],
                       color=COLOURS[key], marker="o", s=18, zorder=3)
        where = {r["where"] for r in points if int(r["warp"]) == warp}
        ax.set_title(f"{warp}-lane warps (points: measured, {', '.join(sorted(where)) or 'none'})")
        ax.set_xlabel("acceptance probability p")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("warp rounds per output")
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(target, dpi=110)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
