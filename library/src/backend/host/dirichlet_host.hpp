// Dirichlet rows on the host backend, on all cores: with every alpha at
// least 1/2, from the vector kernel's gamma variates
// (gamma_ratios_host.hpp); otherwise each row's gamma logarithms are
// computed once into a buffer of the thread's, where the GPU computes them
// twice (backend/dirichlet_rows.hpp has the definition), with the same
// values. Rows of more than buffered_k components are computed twice here
// too, rather than hold k doubles per thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "backend/dirichlet_rows.hpp"
#include "backend/host/gamma_ratios_host.hpp"
#include "backend/host/parallel_for.hpp"

namespace rocdist::host
{

constexpr std::uint64_t buffered_k = std::uint64_t{1} << 16;

template <class T>
void generate_dirichlet(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t rows,
                        std::uint64_t first_row, T* out)
{
    if(std::all_of(alpha, alpha + k, ratio_of_variates<T>))
    {
        dirichlet_rows_from_variates(key, alpha, k, rows, first_row, out);
        return;
    }
    const auto row = [&](std::uint64_t r) {
        T* const row_out = out + r * k;
        if(k > buffered_k)
        {
            backend::dirichlet_row(key, alpha, k, first_row + r, row_out);
            return;
        }
        thread_local std::vector<double> logs;
        logs.resize(k);
        distributions::scaled_log_sum sum = distributions::scaled_log_sum::empty();
        backend::for_each_row_log(key, alpha, k, first_row + r, [&](std::uint64_t j, double l) {
            logs[j] = l;
            sum.add(l);
        });
        for(std::uint64_t j = 0; j < k; ++j)
            row_out[j] = sum.share<T>(logs[j]);
    };
    parallel_for(rows, row, std::max<std::uint64_t>(1, min_packets_per_thread / k));
}

} // namespace rocdist::host
