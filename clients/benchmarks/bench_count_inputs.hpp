// The per-element count calls' parameters, the same in every run and in
// every benchmark that times these calls (bench_counts.cpp,
// bench_simd_targets.cpp); the peer scripts draw theirs from the same
// distributions: lambdas log-uniform in [0.1, 10^6], trials uniform in
// 1 .. 1000, p uniform in [0, 1).
#pragma once

#include <cstddef>
#include <vector>

namespace rocdist_bench
{

std::vector<double>       bench_lambdas(std::size_t n);
std::vector<unsigned int> bench_trials(std::size_t n);
std::vector<double>       bench_probabilities(std::size_t n);

} // namespace rocdist_bench
