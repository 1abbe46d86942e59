#!/usr/bin/env python3
"""Each kernel's GPU time in one or more Nsight Compute exports, side by side.

usage: kernel_times.py LABEL=EXPORT.csv [LABEL=EXPORT.csv ...]

Each EXPORT is ncu's CSV (`ncu --import REPORT --csv --page raw`, or the
details page) of a run that collected gpu__time_duration.sum, in
nanoseconds (`--print-units base`).
Prints one row per kernel, in the order of its first launch in the first
export that has it: for every label, its launches and the median of their
durations in microseconds. gpu_check.sh's rows step uses it to show where a
batched categorical call's time goes, in this build and the A/B's.
"""
import csv
import re
import statistics
import sys

DURATION = "gpu__time_duration.sum"


def short_name(name):
    """The kernel's function name: no namespace, template arguments or
    parameters."""
    name = name.replace("(anonymous namespace)", "anonymous")
    while True:
        bare = re.sub(r"<[^<>]*>", "", name)
        if bare == name:
            break
        name = bare
    return name.split("(", 1)[0].strip().rsplit("::", 1)[-1].rsplit(" ", 1)[-1]


def durations(path):
    """Microseconds of each launch, by kernel, in order of first launch: from
    the raw page (a column per metric) or the details page (a row per
    metric, "Metric Name" and "Metric Value")."""
    by_kernel = {}
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    for i, names in enumerate(rows):
        if "Kernel Name" not in names:
            continue
        long_form = "Metric Name" in names and "Metric Value" in names
        if not long_form and DURATION not in names:
            continue
        name_at = names.index("Kernel Name")
        time_at = names.index("Metric Value" if long_form else DURATION)
        for row in rows[i + 1:]:
            if len(row) != len(names) or not row[0].strip().isdigit():
                continue  # the units' row, or ncu's own messages
            if long_form and row[names.index("Metric Name")] != DURATION:
                continue
            try:
                microseconds = float(row[time_at].replace(",", "")) / 1e3
            except ValueError:
                continue
            by_kernel.setdefault(short_name(row[name_at]), []).append(microseconds)
        break
    return by_kernel


def main(arguments):
    if not arguments or any("=" not in a for a in arguments):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    exports = [(label, durations(path)) for label, path in (a.split("=", 1) for a in arguments)]
    kernels = []
    for _, by_kernel in exports:
        kernels += [k for k in by_kernel if k not in kernels]
    width = max([len("kernel")] + [len(k) for k in kernels])
    heading = f"{'kernel':<{width}}" + "".join(f" | {label + ' launches':>12} | {label + ' median us':>12}"
                                              for label, _ in exports)
    print(heading)
    print("-" * len(heading))
    for k in kernels:
        cells = []
        for _, by_kernel in exports:
            times = by_kernel.get(k, [])
            cells.append(f" | {len(times):>12} | " + (f"{statistics.median(times):>12.2f}" if times else f"{'-':>12}"))
        print(f"{k:<{width}}" + "".join(cells))
    if not kernels:
        print("(no kernel durations in the exports)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
