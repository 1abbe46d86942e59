// The block reductions of backend/gpu/block_collectives.hpp on the emulated
// device, at the run's warp size (CI runs 32 and 64): every thread of every
// block receives the serial result, in the fixed order and in any order,
// also for two reductions of a kind in a row (the second reuses the first's
// __shared__ slots).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "backend/gpu/block_collectives.hpp"
#include "emulator_test_support.hpp"

namespace
{

using emulator_test::device_vector;
constexpr unsigned threads = ROCDIST_THREADS_PER_BLOCK;

struct largest
{
    __device__ double operator()(double a, double b) const { return a > b ? a : b; }
};
struct sum
{
    __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return a + b; }
};

// Thread t of block b reduces x[i] and y[i], i = b threads + t, in the
// fixed order and in any order, then at once again in any order: -x[i]
// and t. Every result goes to the thread's own slot i.
struct outputs
{
    double *       x_fixed, *x_any, *minus_x_any;
    std::uint64_t *y_fixed, *y_any, *t_any;
};

__global__ void reduce_kernel(const double* x, const std::uint64_t* y, outputs out)
{
    const unsigned i   = blockIdx.x * threads + threadIdx.x;
    out.x_fixed[i]     = rocdist::gpu::block_reduce(x[i], largest{});
    out.x_any[i]       = rocdist::gpu::block_reduce_any_order(x[i], largest{});
    out.minus_x_any[i] = rocdist::gpu::block_reduce_any_order(-x[i], largest{});
    out.y_fixed[i]     = rocdist::gpu::block_reduce(y[i], sum{});
    out.y_any[i]       = rocdist::gpu::block_reduce_any_order(y[i], sum{});
    out.t_any[i]       = rocdist::gpu::block_reduce_any_order(std::uint64_t{threadIdx.x}, sum{});
}

TEST(emulator_block_reduce, every_thread_gets_the_serial_result)
{
    const unsigned             blocks = 5;
    std::mt19937_64            random(17);
    std::vector<double>        x(blocks * threads);
    std::vector<std::uint64_t> y(blocks * threads);
    for(unsigned i = 0; i < blocks * threads; ++i)
    {
        x[i] = std::uniform_real_distribution<double>(-1e6, 1e6)(random);
        y[i] = random(); // sums wrap modulo 2^64, in any order alike
    }
    for(unsigned t = 0; t < threads; ++t) // blocks of one sign: a stray 0 would be the largest
    {
        x[1 * threads + t] = -1 - std::abs(x[1 * threads + t]);
        x[2 * threads + t] = 1 + std::abs(x[2 * threads + t]);
    }
    x[3 * threads + 255] = 2e6; // the largest in the last lane of a block
    device_vector<double>        in_x(x), x_fixed(x.size()), x_any(x.size()), minus_x_any(x.size());
    device_vector<std::uint64_t> in_y(y), y_fixed(y.size()), y_any(y.size()), t_any(y.size());
    const outputs out{x_fixed.data(), x_any.data(), minus_x_any.data(), y_fixed.data(), y_any.data(), t_any.data()};
    ASSERT_EQ(ROCDIST_LAUNCH(reduce_kernel, blocks, threads, 0, nullptr, in_x.data(), in_y.data(), out), hipSuccess);
    const auto got_x_fixed = x_fixed.read(), got_x_any = x_any.read(), got_minus_x_any = minus_x_any.read();
    const auto got_y_fixed = y_fixed.read(), got_y_any = y_any.read(), got_t_any = t_any.read();
    for(unsigned b = 0; b < blocks; ++b)
    {
        const auto    row    = x.begin() + b * threads;
        const double  top    = *std::max_element(row, row + threads);
        const double  bottom = *std::min_element(row, row + threads);
        std::uint64_t total  = 0;
        for(unsigned t = 0; t < threads; ++t)
            total += y[b * threads + t];
        for(unsigned t = 0; t < threads; ++t)
        {
            const unsigned i = b * threads + t;
            SCOPED_TRACE(::testing::Message() << "block " << b << " thread " << t);
            ASSERT_EQ(got_x_fixed[i], top);
            ASSERT_EQ(got_x_any[i], top);
            ASSERT_EQ(got_minus_x_any[i], -bottom);
            ASSERT_EQ(got_y_fixed[i], total);
            ASSERT_EQ(got_y_any[i], total);
            ASSERT_EQ(got_t_any[i], std::uint64_t{threads * (threads - 1) / 2});
        }
    }
}

} // namespace
