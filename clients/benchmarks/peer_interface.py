"""The command line that rocdist_bench's peer scripts (host_peers.py,
gpu_peers.py) share:

    SCRIPT list                      one line per peer: "<name> <cases>"
    SCRIPT measure N SECONDS NAME... one line per named peer: "<name> <items
                                     per second>" or "<name> absent: <reason>"
"""
import sys


def run(usage, peer_table, measure):
    """peer_table() gives rows that start with a peer's name and its cases;
    measure(n, min_seconds, names) prints the measure lines."""
    if len(sys.argv) == 2 and sys.argv[1] == "list":
        for name, cases, *_ in peer_table():
            print(name, cases)
        return
    if len(sys.argv) >= 5 and sys.argv[1] == "measure":
        n, min_seconds = int(sys.argv[2]), float(sys.argv[3])
        if n <= 0 or not min_seconds > 0:
            sys.exit("N is a positive number of values, SECONDS a positive time")
        measure(n, min_seconds, sys.argv[4:])
        return
    sys.exit(usage)
