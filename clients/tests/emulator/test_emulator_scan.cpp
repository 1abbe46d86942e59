// The emulated platform's device-wide scans (backend/gpu/device_scan.hpp on
// the emulated platform: backend/gpu/tiled_scan.hpp) against a serial sum,
// with CUB's and rocPRIM's two-call scratch protocol.
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "backend/gpu/device_scan.hpp"
#include "emulator_test_support.hpp"

namespace
{

using emulator_test::device_vector;

template <class T>
void expect_scan(std::size_t n, bool inclusive)
{
    SCOPED_TRACE(std::to_string(n) + (inclusive ? " inclusive" : " exclusive") + " " + std::to_string(sizeof(T)));
    std::mt19937_64 random(n);
    std::vector<T>  values(n);
    for(auto& v : values) // large values, so that 32-bit sums wrap as the scans' do
        v = static_cast<T>(random());
    std::vector<T> expected(n);
    T              running = 0;
    for(std::size_t i = 0; i < n; ++i)
    {
        expected[i] = inclusive ? T(running + values[i]) : running;
        running     = T(running + values[i]);
    }
    device_vector<T> data(std::max<std::size_t>(n, 1));
    if(n > 0)
    {
        ASSERT_EQ(hipMemcpy(data.data(), values.data(), n * sizeof(T), hipMemcpyHostToDevice), hipSuccess);
    }
    const auto scan = [&](void* scratch, std::size_t& bytes) {
        return inclusive ? rocdist::gpu::inclusive_sum(scratch, bytes, data.data(), n, nullptr)
                         : rocdist::gpu::exclusive_sum(scratch, bytes, data.data(), n, nullptr);
    };
    std::size_t bytes = 0;
    ASSERT_EQ(scan(nullptr, bytes), hipSuccess);
    ASSERT_GT(bytes, 0u);
    device_vector<unsigned char> scratch(bytes);
    ASSERT_EQ(scan(scratch.data(), bytes), hipSuccess);
    std::vector<T> got = data.read();
    got.resize(n);
    EXPECT_TRUE(got == expected);
}

TEST(emulator_scan, matches_a_serial_sum)
{
    for(std::size_t n : {0, 1, 2, 255, 1023, 1024, 1025, 3 * 1024 + 7, (1 << 20) + 3})
        for(bool inclusive : {true, false})
        {
            expect_scan<std::uint32_t>(n, inclusive);
            expect_scan<std::uint64_t>(n, inclusive);
        }
}

TEST(emulator_scan, scratch_must_be_enough_device_memory)
{
    const std::size_t          n = 5000;
    device_vector<std::uint64_t> data(n);
    std::size_t                bytes = 0;
    ASSERT_EQ(rocdist::gpu::inclusive_sum<std::uint64_t>(nullptr, bytes, data.data(), n, nullptr), hipSuccess);
    device_vector<unsigned char> scratch(bytes);
    std::size_t                  less = bytes - 1;
    EXPECT_EQ(rocdist::gpu::inclusive_sum(scratch.data(), less, data.data(), n, nullptr), hipErrorInvalidValue);
    std::vector<unsigned char> host(bytes);
    EXPECT_EQ(rocdist::gpu::inclusive_sum(static_cast<void*>(host.data()), bytes, data.data(), n, nullptr),
              hipErrorInvalidValue);
}

} // namespace
