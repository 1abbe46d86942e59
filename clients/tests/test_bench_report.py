"""The bench's record, replay and report: rocdist_bench --replay prints from a
record exactly the tables the run printed, and report.py puts them, with the
plots, into the pages' marked blocks of the record's backend only.

Run by CTest (clients/benchmarks/CMakeLists.txt) with ROCDIST_BENCH naming
the bench and ROCDIST_REPORT the report script.
"""
import json
import os
import re
import subprocess
import sys

import pytest

BENCH = os.environ["ROCDIST_BENCH"]
REPORT = os.environ["ROCDIST_REPORT"]
# A few of each kind: fills with their store reference and a NumPy peer,
# categorical sampling, a warp-rounds row and a point of the model's curve.
FILTER = ("rocdist/|store_bandwidth/fill|normal/box_muller/float/|peer/numpy/standard_normal/float|"
          "categorical/sample/k=10/|warp_rounds/fixed_p=0.50|warp_rounds_model/warp=32/p=0.500")


def run(*args):
    return subprocess.run([BENCH, *args], capture_output=True, text=True)


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """A short host run: its console output and its record."""
    record = tmp_path_factory.mktemp("record") / "bench.json"
    done = run("--backend=host", "--n=65536", "--benchmark_min_time=0.01", f"--benchmark_filter={FILTER}",
               f"--benchmark_out={record}", "--benchmark_out_format=json")
    assert done.returncode == 0, done.stderr
    return done.stdout, record


def tables_of(console):
    """The summary tables: everything from the first table's title on."""
    return console[console.index("\nUniforms on"):]


def test_replay_prints_the_run_s_tables(live):
    console, record = live
    replayed = run(f"--replay={record}")
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == tables_of(console)
    # The rows that ran are in it, with their peer.
    assert re.search(r"^box_muller +float +reproducible .*peer/numpy/standard_normal/float", replayed.stdout, re.M)
    assert re.search(r"^fixed_p=0\.50 +0\.5000 +32 ", replayed.stdout, re.M)


def test_replay_markdown_blocks(live):
    _, record = live
    replayed = run(f"--replay={record}", "--markdown")
    assert replayed.returncode == 0, replayed.stderr
    blocks = dict(re.findall(r"<!-- bench-table (\S+) -->\n(.*?)<!-- /bench-table -->", replayed.stdout, re.S))
    assert {"uniform", "normal", "categorical", "warp_rounds"} <= blocks.keys()
    uniform = [line for line in blocks["uniform"].splitlines() if line.startswith("|")]
    assert uniform[0] == "| type | rocdist GB/s | of store | cuRAND GB/s | rocdist / cuRAND |"
    assert uniform[1] == "| --- | --- | --- | --- | --- |"
    assert [row.split(" | ")[0] for row in uniform[2:]] == ["| uint32", "| float", "| double"]


def test_replay_refuses_what_is_not_a_record(tmp_path):
    missing = run(f"--replay={tmp_path / 'none.json'}")
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"context": {}, "benchmarks": []}))
    refused = run(f"--replay={other}")
    assert refused.returncode == 1 and "not a record of rocdist_bench" in refused.stderr
    extra = run(f"--replay={other}", "--benchmark_filter=x")
    assert extra.returncode == 2


def test_report_replaces_the_record_s_blocks_and_draws_the_plots(live, tmp_path):
    _, record = live
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n<!-- bench-table host/uniform -->\nold\n<!-- /bench-table -->\n\ntext\n\n"
                    "<!-- bench-table gpu/uniform -->\nthe GPU's\n<!-- /bench-table -->\n\n"
                    "<!-- bench-table host/run -->\n<!-- /bench-table -->\n")
    done = subprocess.run([sys.executable, REPORT, str(record), "--bench", BENCH, "--pages", str(page), "--plots",
                           str(tmp_path / "plots")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    text = page.read_text()
    markdown = run(f"--replay={record}", "--markdown").stdout
    uniform = re.search(r"<!-- bench-table uniform -->\n(.*?<!-- /bench-table -->\n)", markdown, re.S).group(1)
    assert f"<!-- bench-table host/uniform -->\n{uniform}" in text
    assert "<!-- bench-table gpu/uniform -->\nthe GPU's\n" in text
    assert re.search(r"<!-- bench-table host/run -->\nRecord: `.*bench.json`, written ", text)
    assert "\ntext\n" in text
    for name in ["performance_host_uniform", "performance_host_normal", "performance_host_gamma",
                 "warp_rounds_host"]:
        plot = tmp_path / "plots" / f"{name}.png"
        assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
