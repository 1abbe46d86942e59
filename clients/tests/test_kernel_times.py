"""kernel_times.py, which gpu_check.sh's rows step runs on ncu's CSV: each
kernel's launches and median time per export, from both CSV forms ncu
writes, with the kernels' names cut to their functions.

Run by CTest (clients/benchmarks/CMakeLists.txt) with ROCDIST_KERNEL_TIMES
naming the script.
"""
import os
import subprocess
import sys

KERNEL_TIMES = os.environ["ROCDIST_KERNEL_TIMES"]

# `ncu --import R --csv --page raw --print-units base`: a column per metric,
# a row of units, ncu's own messages around; thousands separated by commas.
RAW = '''==PROF== Connected to process 1234
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","gpu__time_duration.sum"
"","","","","","","","nsecond"
"0","1234","rocdist_bench","host","void rocdist::gpu::(anonymous namespace)::summarise_tiles<rocdist::backend::weight_rows<float>>(T1, rocdist::gpu::(anonymous namespace)::row_layout)","1","7","21,000"
"1","1234","rocdist_bench","host","void rocdist::gpu::(anonymous namespace)::draw_samples<rocdist::backend::weight_rows<float>>(T1, unsigned int *)","1","7","9000"
"2","1234","rocdist_bench","host","void rocdist::gpu::(anonymous namespace)::summarise_tiles<rocdist::backend::weight_rows<float>>(T1, rocdist::gpu::(anonymous namespace)::row_layout)","1","7","30000"
"3","1234","rocdist_bench","host","void rocdist::gpu::(anonymous namespace)::summarise_tiles<rocdist::backend::weight_rows<float>>(T1, rocdist::gpu::(anonymous namespace)::row_layout)","1","7","22000"
'''

# The details page: a row per metric of each launch.
DETAILS = '''"ID","Process ID","Process Name","Host Name","Kernel Name","Kernel Time","Context","Stream","Section Name","Metric Name","Metric Unit","Metric Value"
"0","99","rocdist_bench","host","draw_warp_rows","t","1","7","Command line profiler metrics","gpu__time_duration.sum","nsecond","5500"
"0","99","rocdist_bench","host","draw_warp_rows","t","1","7","Command line profiler metrics","launch__grid_size","","528"
"1","99","rocdist_bench","host","copy_staged","t","1","7","Command line profiler metrics","gpu__time_duration.sum","nsecond","2000"
'''


def table(tmp_path, **exports):
    arguments = []
    for label, text in exports.items():
        path = tmp_path / f"{label}.csv"
        path.write_text(text)
        arguments.append(f"{label}={path}")
    done = subprocess.run([sys.executable, KERNEL_TIMES, *arguments], capture_output=True, text=True, check=True)
    rows = {}
    for line in done.stdout.splitlines()[2:]:
        cells = [c.strip() for c in line.split("|")]
        rows[cells[0]] = cells[1:]
    return rows


def test_launches_and_median_microseconds_by_function_name(tmp_path):
    rows = table(tmp_path, A=RAW)
    assert rows == {"summarise_tiles": ["3", "22.00"], "draw_samples": ["1", "9.00"]}


def test_exports_side_by_side_in_order_of_first_launch(tmp_path):
    rows = table(tmp_path, A=RAW, B=DETAILS)
    assert list(rows) == ["summarise_tiles", "draw_samples", "draw_warp_rows", "copy_staged"]
    assert rows["summarise_tiles"] == ["3", "22.00", "0", "-"]
    assert rows["draw_warp_rows"] == ["0", "-", "1", "5.50"]
    assert rows["copy_staged"] == ["0", "-", "1", "2.00"]


def test_an_argument_without_a_label_is_refused():
    done = subprocess.run([sys.executable, KERNEL_TIMES, "export.csv"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "usage" in done.stderr
