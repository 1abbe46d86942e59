// The peers: other libraries' samplers as benchmarks of their own,
// peer/<library>/<call>/<type>, each with its rate as items per second and
// the rocdist cases it stands beside as its label. A peer script lists and
// times them, through the Python of ROCDIST_PYTHON: host_peers.py (NumPy,
// and PyTorch on the CPU, one thread) on the host, gpu_peers.py (PyTorch,
// CuPy, JAX) on a GPU; the emulated GPU has none. A peer that is not
// installed, sees no GPU or refuses the call is reported as a benchmark
// error carrying the reason.
#pragma once

#include <string>
#include <vector>

#include "bench_context.hpp"

namespace rocdist_bench
{

// Registers a benchmark per peer that this backend's script lists; each
// library's peers are timed together when the first of them that the
// filter (Google Benchmark's --benchmark_filter) selects runs, each for at
// least Google Benchmark's --benchmark_min_time (default 0.5 s).
void register_peer_benchmarks(const std::string& benchmark_filter, const std::string& benchmark_min_time);

// The headings and cells that set rocdist's rate beside the fastest peer
// of a case ("normal/float", "gamma/2.5/double",
// "categorical_rows/weights/rows=4096,k=1000,samples=1"; the scripts name
// the cases): the peer, its rate, the ratio, and on the host the ratio per
// core (the peers run on one thread). None where no peers run.
std::vector<std::string> peer_headings(const run_facts& f);
std::vector<std::string> peer_cells(const summary_reporter& r, const std::string& case_name, double rate);

// The fastest peer's rate of a case, items per second; 0 where none ran.
double fastest_peer_rate(const summary_reporter& r, const std::string& case_name);

// Every peer's rate, or the reason it is absent.
void print_peer_summary(const summary_reporter& r);

} // namespace rocdist_bench
