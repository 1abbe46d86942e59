#include "backend/host/gamma_family_host.hpp"

#include <algorithm>
#include <cmath>
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

// Variates (or logarithms) per piece of a Dirichlet call: whole rows of
// up to this many components are computed once, in one piece, and wider
// rows in pieces of this size, twice (their sum, then their shares),
// rather than hold k values per thread.
constexpr std::uint64_t row_piece = std::uint64_t{1} << 16;

// The cycle's elements first .. first + count - 1, through whole engine
// blocks of the kernel `run` (run_blocks or run_scaled_logs) into
// `blocks`: a pointer to element first there.
template <class R, class T, class Run>
const R* cycle_elements(const blocks::gamma_cycle_functor<T>& g, const Run& run, std::uint64_t first,
                        std::uint64_t count, std::vector<R>& blocks)
{
    constexpr std::uint64_t G  = blocks::gamma_group_size<T>;
    const std::uint64_t     b0 = first / G, b1 = (first + count - 1) / G;
    blocks.resize(G * (b1 - b0 + 1));
    run(g, b0, b1 - b0 + 1, blocks.data());
    return blocks.data() + (first - G * b0);
}

template <class T>
void run_variates(const blocks::gamma_cycle_functor<T>& g, std::uint64_t first, std::uint64_t blocks, T* out)
{
    simd::run_blocks(g, first, blocks, out);
}

template <class T>
void run_logs(const blocks::gamma_cycle_functor<T>& g, std::uint64_t first, std::uint64_t blocks, double* out)
{
    simd::run_scaled_logs(g, first, blocks, out);
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

// The beta functor's (a, b) as a cycle of period 2: engine block b of the
// cycle holds the pairs of the beta functor's block b.
template <class T>
struct beta_cycle
{
    distributions::gamma_params<T>  ab[2];
    blocks::gamma_cycle_functor<T> g;

    explicit beta_cycle(const blocks::beta_functor<T>& f) : ab{f.shapes.a, f.shapes.b}, g{f.key, {ab, 2}} {}
    beta_cycle(const beta_cycle&) = delete;
};

// Engine blocks first .. first + blocks - 1 of a beta functor (2 float
// outputs or 1 double each) whose a and b pass ratio_of_variates.
template <class T>
void beta_blocks_from_variates(const blocks::beta_functor<T>& f, std::uint64_t first, std::uint64_t blocks, T* out)
{
    constexpr std::uint64_t G = blocks::gamma_group_size<T>;
    const beta_cycle<T>     c(f);
    T                       x[G * blocks_per_call];
    for(std::uint64_t done = 0; done < blocks;)
    {
        const std::uint64_t m = std::min(blocks - done, blocks_per_call);
        simd::run_blocks(c.g, first + done, m, x);
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

// The same from the variates' scaled logarithms, for any a and b, as
// distributions::beta_from_scaled_logs, a vector at a time.
template <class T>
void beta_blocks_from_logs(const blocks::beta_functor<T>& f, std::uint64_t first, std::uint64_t blocks, T* out)
{
    constexpr std::uint64_t G = blocks::gamma_group_size<T>;
    const beta_cycle<T>     c(f);
    double                  l[G * blocks_per_call];
    for(std::uint64_t done = 0; done < blocks;)
    {
        const std::uint64_t m = std::min(blocks - done, blocks_per_call);
        simd::run_scaled_logs(c.g, first + done, m, l);
        simd::run_betas_from_logs(l, G / 2 * m, out + G / 2 * done);
        done += m;
    }
}

// For each r < rows, adds the n scaled logarithms l[r n .. r n + n) to
// sums[r] in order, as sums[r].add(l[j]) does, with the exponentials of
// all rows a vector at a time (e: rows n doubles of scratch).
void add_logs(distributions::scaled_log_sum* sums, std::uint64_t rows, const double* l, std::uint64_t n, double* e)
{
    for(std::uint64_t r = 0; r < rows; ++r)
    {
        double m = sums[r].m; // the largest so far, before each add
        for(std::uint64_t j = r * n; j < r * n + n; ++j)
        {
            e[j] = distributions::scaled_log_sum::add_exponent(l[j], m);
            m    = std::max(m, l[j]);
        }
    }
    simd::run_exp(e, rows * n, e);
    for(std::uint64_t r = 0; r < rows; ++r)
    {
        distributions::scaled_log_sum sum = sums[r]; // in registers, not through the pointer
        for(std::uint64_t j = r * n; j < r * n + n; ++j)
            sum.add(l[j], e[j]);
        sums[r] = sum;
    }
}

// out[j] = sums[j / n].share<T>(l[j]) for j < rows n, the same way.
template <class T>
void write_shares(const distributions::scaled_log_sum* sums, std::uint64_t rows, const double* l, std::uint64_t n,
                  double* e, T* out)
{
    for(std::uint64_t r = 0; r < rows; ++r)
        for(std::uint64_t j = r * n; j < r * n + n; ++j)
            e[j] = sums[r].share_exponent(l[j]);
    simd::run_exp(e, rows * n, e);
    for(std::uint64_t r = 0; r < rows; ++r)
        for(std::uint64_t j = r * n; j < r * n + n; ++j)
            out[j] = sums[r].share_from_exp<T>(e[j]);
}

// chunk(g, r0, n) for chunks of whole rows r0 .. r0 + n - 1 of about 4096
// values (one row where rows are wider), on all cores; g is the cycle of
// alpha's gamma parameters.
template <class T, class Chunk>
void for_each_row_chunk(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t rows,
                        const Chunk& chunk)
{
    std::vector<distributions::gamma_params<T>> params(k);
    for(std::uint64_t j = 0; j < k; ++j)
        params[j] = distributions::make_gamma_params(alpha[j], T(1));
    const blocks::gamma_cycle_functor<T> g{key, {params.data(), k}};
    const std::uint64_t                   rows_per_chunk = std::max<std::uint64_t>(1, 4096 / k);
    parallel_for(
        (rows + rows_per_chunk - 1) / rows_per_chunk,
        [&](std::uint64_t c) { chunk(g, c * rows_per_chunk, std::min(rows_per_chunk, rows - c * rows_per_chunk)); },
        std::max<std::uint64_t>(1, min_packets_per_thread / 4096));
}

// Dirichlet rows from the ratios of their variates, every alpha passing
// ratio_of_variates.
template <class T>
void dirichlet_rows_from_variates(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t rows,
                                  std::uint64_t first_row, T* out)
{
    for_each_row_chunk(
        key, alpha, k, rows, [&](const blocks::gamma_cycle_functor<T>& g, std::uint64_t r0, std::uint64_t n) {
            thread_local std::vector<T> blocks;
            const T* const              x = cycle_elements(g, run_variates<T>, (first_row + r0) * k, n * k, blocks);
            for(std::uint64_t r = 0; r < n; ++r)
            {
                const T*     row = x + r * k;
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
        });
}

// Dirichlet rows from their variates' scaled logarithms, for any alpha:
// each row's logarithms summed in order (distributions::scaled_log_sum,
// as backend::dirichlet_row sums them), then each one's share, the
// exponentials a vector at a time. A chunk's logarithms are computed once;
// rows wider than row_piece go in pieces, computed for the sum and again
// for the shares.
template <class T>
void dirichlet_rows_from_logs(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t rows,
                              std::uint64_t first_row, T* out)
{
    for_each_row_chunk(
        key, alpha, k, rows, [&](const blocks::gamma_cycle_functor<T>& g, std::uint64_t r0, std::uint64_t n) {
            thread_local std::vector<double>                        blocks, e;
            thread_local std::vector<distributions::scaled_log_sum> sums;
            e.resize(std::min(k, row_piece) * n);
            sums.assign(n, distributions::scaled_log_sum::empty());
            if(k > row_piece) // one row, n = 1
            {
                const std::uint64_t first = (first_row + r0) * k;
                for(std::uint64_t j = 0; j < k; j += row_piece)
                {
                    const std::uint64_t m = std::min(row_piece, k - j);
                    add_logs(sums.data(), 1, cycle_elements(g, run_logs<T>, first + j, m, blocks), m, e.data());
                }
                for(std::uint64_t j = 0; j < k; j += row_piece)
                {
                    const std::uint64_t m = std::min(row_piece, k - j);
                    write_shares(sums.data(), 1, cycle_elements(g, run_logs<T>, first + j, m, blocks), m, e.data(),
                                 out + r0 * k + j);
                }
                return;
            }
            const double* const x = cycle_elements(g, run_logs<T>, (first_row + r0) * k, n * k, blocks);
            add_logs(sums.data(), n, x, k, e.data());
            write_shares(sums.data(), n, x, k, e.data(), out + r0 * k);
        });
}

} // namespace

template <class T>
void generate_dirichlet(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t rows,
                        std::uint64_t first_row, T* out)
{
    if(std::all_of(alpha, alpha + k, ratio_of_variates<T>))
        dirichlet_rows_from_variates(key, alpha, k, rows, first_row, out);
    else
        dirichlet_rows_from_logs(key, alpha, k, rows, first_row, out);
}

template void generate_dirichlet(engine::philox_key, const float*, std::uint64_t, std::uint64_t, std::uint64_t,
                                 float*);
template void generate_dirichlet(engine::philox_key, const double*, std::uint64_t, std::uint64_t, std::uint64_t,
                                 double*);

namespace simd
{

template <class T>
void beta_blocks(const blocks::beta_functor<T>& f, std::uint64_t first, std::uint64_t blocks, T* out)
{
    if(ratio_of_variates(f.shapes.a.shape) && ratio_of_variates(f.shapes.b.shape))
        beta_blocks_from_variates(f, first, blocks, out);
    else
        beta_blocks_from_logs(f, first, blocks, out);
}

void run_blocks(const blocks::beta_functor<float>& f, std::uint64_t first, std::uint64_t blocks, float* out)
{
    beta_blocks(f, first, blocks, out);
}

void run_blocks(const blocks::beta_functor<double>& f, std::uint64_t first, std::uint64_t blocks, double* out)
{
    beta_blocks(f, first, blocks, out);
}

} // namespace simd

} // namespace rocdist::host
