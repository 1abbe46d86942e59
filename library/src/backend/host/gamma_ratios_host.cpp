#include "backend/host/gamma_ratios_host.hpp"

#include <algorithm>
#include <vector>

#include "backend/dirichlet_rows.hpp"
#include "backend/gamma_functor.hpp"
#include "backend/host/parallel_for.hpp"
#include "backend/host/simd/block_kernels.hpp"

namespace rocdist::host
{
namespace
{

// Gamma blocks per vector-kernel call: 4096 variates, in L1 with their ratios.
constexpr std::uint64_t blocks_per_call = 1024;

// The gamma elements first .. first + count - 1 of the cycle functor g into
// x (x[0] is element first), through whole engine blocks.
void cycle_variates(const backend::gamma_cycle_functor<float>& g, std::uint64_t first, std::uint64_t count,
                    std::vector<float>& x, std::vector<float>& blocks)
{
    const std::uint64_t b0 = first / 4, b1 = (first + count - 1) / 4;
    blocks.resize(4 * (b1 - b0 + 1));
    simd::run_blocks(g, b0, b1 - b0 + 1, blocks.data());
    x.assign(blocks.begin() + (first - 4 * b0), blocks.begin() + (first - 4 * b0) + count);
}

} // namespace

void beta_blocks_from_variates(const backend::beta_functor<float>& f, std::uint64_t first, std::uint64_t blocks,
                               float* out)
{
    const distributions::gamma_params<float> ab[2] = {f.shapes.a, f.shapes.b};
    const backend::gamma_cycle_functor<float> g{f.key, {ab, 2}};
    float                                     x[4 * blocks_per_call];
    for(std::uint64_t done = 0; done < blocks;)
    {
        const std::uint64_t m = std::min(blocks - done, blocks_per_call);
        simd::run_blocks(g, first + done, m, x);
        for(std::uint64_t i = 0; i < 2 * m; ++i)
        {
            const double s = double(x[2 * i]) + double(x[2 * i + 1]);
            if(s > 0)
                out[2 * done + i] = static_cast<float>(double(x[2 * i]) / s);
            else // both underflowed: the logarithms decide
                f(first + done + i / 2, out + 2 * (done + i / 2));
        }
        done += m;
    }
}

void dirichlet_rows_from_variates(engine::philox_key key, const float* alpha, std::uint64_t k, std::uint64_t rows,
                                  std::uint64_t first_row, float* out)
{
    std::vector<distributions::gamma_params<float>> params(k);
    for(std::uint64_t j = 0; j < k; ++j)
        params[j] = distributions::make_gamma_params(alpha[j], 1.0f);
    const backend::gamma_cycle_functor<float> g{key, {params.data(), k}};
    // Chunks of about 4096 variates, whole rows each.
    const std::uint64_t rows_per_chunk = std::max<std::uint64_t>(1, 4096 / k);
    const std::uint64_t chunks         = (rows + rows_per_chunk - 1) / rows_per_chunk;
    parallel_for(
        chunks,
        [&](std::uint64_t c) {
            thread_local std::vector<float> x, blocks;
            const std::uint64_t             r0 = c * rows_per_chunk;
            const std::uint64_t             n  = std::min(rows_per_chunk, rows - r0);
            cycle_variates(g, (first_row + r0) * k, n * k, x, blocks);
            for(std::uint64_t r = 0; r < n; ++r)
            {
                const float* row = x.data() + r * k;
                double       s   = 0;
                for(std::uint64_t j = 0; j < k; ++j)
                    s += row[j];
                float* o = out + (r0 + r) * k;
                if(!(s > 0)) // every variate underflowed: the logarithms decide
                {
                    backend::dirichlet_row(key, alpha, k, first_row + r0 + r, o);
                    continue;
                }
                for(std::uint64_t j = 0; j < k; ++j)
                    o[j] = static_cast<float>(double(row[j]) / s);
            }
        },
        std::max<std::uint64_t>(1, min_packets_per_thread / 4096));
}

namespace simd
{

void run_blocks(const backend::beta_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    if(ratio_of_variates(f.shapes.a.shape) && ratio_of_variates(f.shapes.b.shape))
    {
        beta_blocks_from_variates(f, first, blocks, out);
        return;
    }
    for(std::uint64_t b = 0; b < blocks; ++b)
        f(first + b, out + 2 * b);
}

} // namespace simd

} // namespace rocdist::host
