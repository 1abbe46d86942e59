// PyTorch, CuPy and JAX as benchmarks of their own on the GPU the bench
// runs on: peer/<library>/<call>/<type>, with the peer's rate as items per
// second, timed by gpu_peers.py (the list of peers lives there) through
// the Python of ROCDIST_PYTHON. A peer that is not installed, sees no GPU or
// refuses the call is reported as a benchmark error carrying the reason.
#pragma once

#include <string>

#include "bench_context.hpp"

namespace rocdist_bench
{

// On a GPU, registers a benchmark per peer that gpu_peers.py lists; each
// library's peers are timed together when the first of them that the
// filter (Google Benchmark's --benchmark_filter) selects runs, each for at
// least Google Benchmark's --benchmark_min_time (default 0.5 s). Elsewhere
// registers nothing.
void register_gpu_peer_benchmarks(const std::string& benchmark_filter, const std::string& benchmark_min_time);

struct peer_rate
{
    double      items_per_second = 0; // 0: no peer of the case ran
    std::string name;                 // peer/<library>/<call>/<type>
};

// The fastest peer that ran for the rocdist rows of one case ("normal/float",
// "gamma/2.5/double", "categorical_rows/weights/rows=4096,k=1000,samples=1";
// gpu_peers.py names the cases).
peer_rate fastest_peer(const summary_reporter& r, const std::string& case_name);

// Prints " <ratio>x <peer>" for rocdist's rate against the case's fastest
// peer, or " -" when none ran; nothing where the peers do not run.
void print_against_fastest_peer(const summary_reporter& r, const std::string& case_name, double rate);

// Every peer's rate or the reason it is absent; off the GPU, one line
// saying the GPU peers do not run there.
void print_gpu_peer_summary(const summary_reporter& r);

} // namespace rocdist_bench
