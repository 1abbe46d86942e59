#include "backend/host/gamma_ratios_host.hpp"

#include <algorithm>
#include <vector>

#include "backend/dirichlet_rows.hpp"
#include "backend/host/parallel_for.hpp"
#include "backend/host/simd/block_kernels.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/distributions/normalised_gammas.hpp"

namespace rocdist::host
{
namespace
{

// Gamma blocks per vector-kernel call: at most 4096 variates, in L1 with
// their ratios.
constexpr std::uint64_t blocks_per_call = 1024;

// The gamma elements first .. first + count - 1 of the cycle functor g
// into x (x[0] is element first), through whole engine blocks.
template <class T>
void cycle_variates(const backend::gamma_cycle_functor<T>& g, std::uint64_t first, std::uint64_t count,
                    std::vector<T>& x, std::vector<T>& blocks)
{
    constexpr std::uint64_t G  = backend::gamma_group_size<T>;
    const std::uint64_t     b0 = first / G, b1 = (first + count - 1) / G;
    blocks.resize(G * (b1 - b0 + 1));
    simd::run_blocks(g, b0, b1 - b0 + 1, blocks.data());
    x.assign(blocks.begin() + (first - G * b0), blocks.begin() + (first - G * b0) + count);
}

// The sum of a row's variates in double: plain for floats (exact enough),
// compensated (Neumaier) for doubles, whose rows may be long.
template <class T>
double row_sum(const T* row, std::uint64_t k)
{
    double s = 0, c = 0;
    for(std::uint64_t j = 0; j < k; ++j)
    {
        if constexpr(sizeof(T) == sizeof(float))
            s += row[j];
        else
            distributions::neumaier_add(s, c, row[j]);
    }
    return s + c;
}

// Engine blocks first .. first + blocks - 1 of a beta functor (2 float
// outputs or 1 double each) whose a and b pass ratio_of_variates.
template <class T>
void beta_blocks_from_variates(const backend::beta_functor<T>& f, std::uint64_t first, std::uint64_t blocks, T* out)
{
    constexpr std::uint64_t              G     = backend::gamma_group_size<T>;
    const distributions::gamma_params<T> ab[2] = {f.shapes.a, f.shapes.b};
    const backend::gamma_cycle_functor<T> g{f.key, {ab, 2}};
    T                                     x[G * blocks_per_call];
    for(std::uint64_t done = 0; done < blocks;)
    {
        const std::uint64_t m = std::min(blocks - done, blocks_per_call);
        simd::run_blocks(g, first + done, m, x);
        for(std::uint64_t i = 0; i < G / 2 * m; ++i)
        {
            const double s = double(x[2 * i]) + double(x[2 * i + 1]);
            if(s > 0)
                out[G / 2 * done + i] = static_cast<T>(double(x[2 * i]) / s);
            else // both underflowed: the logarithms decide
                f(first + done + i / (G / 2), out + G / 2 * (done + i / (G / 2)));
        }
        done += m;
    }
}

} // namespace

template <class T>
void dirichlet_rows_from_variates(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t rows,
                                  std::uint64_t first_row, T* out)
{
    std::vector<distributions::gamma_params<T>> params(k);
    for(std::uint64_t j = 0; j < k; ++j)
        params[j] = distributions::make_gamma_params(alpha[j], T(1));
    const backend::gamma_cycle_functor<T> g{key, {params.data(), k}};
    // Chunks of about 4096 variates, whole rows each.
    const std::uint64_t rows_per_chunk = std::max<std::uint64_t>(1, 4096 / k);
    const std::uint64_t chunks         = (rows + rows_per_chunk - 1) / rows_per_chunk;
    parallel_for(
        chunks,
        [&](std::uint64_t c) {
            thread_local std::vector<T> x, blocks;
            const std::uint64_t         r0 = c * rows_per_chunk;
            const std::uint64_t         n  = std::min(rows_per_chunk, rows - r0);
            cycle_variates(g, (first_row + r0) * k, n * k, x, blocks);
            for(std::uint64_t r = 0; r < n; ++r)
            {
                const T*     row = x.data() + r * k;
                const double s   = row_sum(row, k);
                T*           o   = out + (r0 + r) * k;
                if(!(s > 0)) // every variate underflowed: the logarithms decide
                {
                    backend::dirichlet_row(key, alpha, k, first_row + r0 + r, o);
                    continue;
                }
                for(std::uint64_t j = 0; j < k; ++j)
                    o[j] = static_cast<T>(double(row[j]) / s);
            }
        },
        std::max<std::uint64_t>(1, min_packets_per_thread / 4096));
}

template void dirichlet_rows_from_variates(engine::philox_key, const float*, std::uint64_t, std::uint64_t,
                                           std::uint64_t, float*);
template void dirichlet_rows_from_variates(engine::philox_key, const double*, std::uint64_t, std::uint64_t,
                                           std::uint64_t, double*);

namespace simd
{

template <class T>
void beta_blocks(const backend::beta_functor<T>& f, std::uint64_t first, std::uint64_t blocks, T* out)
{
    if(ratio_of_variates(f.shapes.a.shape) && ratio_of_variates(f.shapes.b.shape))
    {
        beta_blocks_from_variates(f, first, blocks, out);
        return;
    }
    for(std::uint64_t b = 0; b < blocks; ++b)
        f(first + b, out + backend::beta_functor<T>::outputs_per_block * b);
}

void run_blocks(const backend::beta_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    beta_blocks(f, first, blocks, out);
}

void run_blocks(const backend::beta_functor<double>& f, std::uint64_t first, std::uint64_t blocks, double* out)
{
    beta_blocks(f, first, blocks, out);
}

} // namespace simd

} // namespace rocdist::host
