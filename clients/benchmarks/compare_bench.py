#!/usr/bin/env python3
"""Two rocdist_bench JSON records side by side: an A/B of two builds.

usage: compare_bench.py A.json B.json [--label-a NAME] [--label-b NAME]

For every benchmark both records hold (by name; with --benchmark_repetitions
the median of each is used, else the mean), prints items per second of A
and of B, and B / A. Benchmarks that only one record holds are listed
after the table. Both records should come from the same machine in the
same session, taken in turn (A, B, A, B), so that the GPU's state is the
same for both.
"""
import argparse
import json
import statistics
import sys


def rates(path):
    """Items per second (bytes per second where a run counts no items) by
    benchmark name, the median of the repetitions."""
    with open(path) as f:
        record = json.load(f)
    runs = {}
    for b in record.get("benchmarks", []):
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        rate = b.get("items_per_second", b.get("bytes_per_second"))
        if rate:
            runs.setdefault(b.get("run_name", b["name"]), []).append(rate)
    return {name: statistics.median(values) for name, values in runs.items()}, record.get("context", {})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--label-a", default="A")
    parser.add_argument("--label-b", default="B")
    args = parser.parse_args()
    a, context_a = rates(args.a)
    b, context_b = rates(args.b)
    for label, context in ((args.label_a, context_a), (args.label_b, context_b)):
        print(f"{label}: {context.get('gpu_name', context.get('host_name', '?'))}, {context.get('date', '?')}")
    common = sorted(set(a) & set(b))
    width = max([len(n) for n in common] + [9])
    print(f"{'benchmark':<{width}} {args.label_a + ' items/s':>16} {args.label_b + ' items/s':>16} {'B/A':>7}")
    for name in common:
        print(f"{name:<{width}} {a[name]:16.4g} {b[name]:16.4g} {b[name] / a[name]:7.3f}")
    for label, only in ((args.label_a, sorted(set(a) - set(b))), (args.label_b, sorted(set(b) - set(a)))):
        if only:
            print(f"only in {label}: {' '.join(only)}")
    return 0 if common else 1


if __name__ == "__main__":
    sys.exit(main())
