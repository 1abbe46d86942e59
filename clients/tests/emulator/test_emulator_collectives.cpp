// Warps and blocks on the emulated device: ballots and shuffles at the
// run's warp size (CI runs these at 32 and 64) with partial warps and exited
// lanes, barriers with __shared__ memory, the built-in variables, atomics
// across blocks, and the faults a divergent collective or a bad shuffle
// width raises.
#include <cstring>
#include <numeric>
#include <string>
#include <type_traits>

#include "emulator_test_support.hpp"

namespace
{

using emulator_test::device_vector;
using emulator_test::warp_size;

// Lanes whose index is in `voters` vote for `threadIdx.x % 3 == 0`; lanes at
// or beyond `live` exit before the ballot. Lane 0 of each warp writes it.
__global__ void ballot_kernel(unsigned long long* masks, unsigned live)
{
    if(threadIdx.x >= live)
        return;
    const unsigned long long m = __ballot(threadIdx.x % 3 == 0);
    if(threadIdx.x % warpSize == 0)
        masks[blockIdx.x * 64 + threadIdx.x / warpSize] = m;
}

unsigned long long expected_mask(unsigned warp, unsigned width, unsigned threads, unsigned live)
{
    unsigned long long m = 0;
    for(unsigned l = 0; l < width; ++l)
    {
        const unsigned t = warp * width + l;
        if(t < threads && t < live && t % 3 == 0)
            m |= 1ull << l;
    }
    return m;
}

TEST(emulator_collectives, ballot_with_partial_warps_and_exited_lanes)
{
    const unsigned width = warp_size();
    ASSERT_TRUE(width == 32 || width == 64);
    // 100 threads: the last warp is partial at both widths; live 70 makes
    // lanes exit inside a warp.
    for(unsigned live : {100u, 70u})
    {
        SCOPED_TRACE("live lanes " + std::to_string(live));
        device_vector<unsigned long long> masks(3 * 64, 0xFF);
        ASSERT_EQ(ROCDIST_LAUNCH(ballot_kernel, 3, 100, 0, nullptr, masks.data(), live), hipSuccess);
        const auto got = masks.read();
        const unsigned warps = (100 + width - 1) / width;
        for(unsigned b = 0; b < 3; ++b)
            for(unsigned w = 0; w < warps; ++w)
            {
                if(w * width >= live)
                    continue; // every lane of this warp exited: nobody wrote
                EXPECT_EQ(got[b * 64 + w], expected_mask(w, width, 100, live)) << "block " << b << " warp " << w;
            }
    }
}

// What thread t posts at a shuffle: every bit of each type's value depends
// on t, the sign and the high half of the 64-bit ones included.
template <class T>
T posted(unsigned t)
{
    if constexpr(std::is_same_v<T, int>)
        return -1000003 * static_cast<int>(t) - 7;
    else if constexpr(std::is_same_v<T, unsigned int>)
        return 0x9E3779B9u * (t + 1);
    else if constexpr(std::is_same_v<T, long long>)
        return -(static_cast<long long>(t + 1) << 40) - t;
    else if constexpr(std::is_same_v<T, unsigned long long>)
        return 0x9E3779B97F4A7C15ull * (t + 1);
    else
        return T(-1) / static_cast<T>(t + 3);
}

// Lanes at or beyond `live` exit first; the others read lane
// (scale * lane + offset) of their width-sized segment, width 0 standing for
// the default (the warp).
template <class T>
__global__ void shuffle_kernel(T* out, unsigned live, int scale, int offset, int width)
{
    if(threadIdx.x >= live)
        return;
    const int i   = blockIdx.x * blockDim.x + threadIdx.x;
    const int src = scale * static_cast<int>(threadIdx.x % warpSize) + offset;
    if(width == 0)
        out[i] = __shfl(posted<T>(threadIdx.x), src);
    else
        out[i] = __shfl(posted<T>(threadIdx.x), src, width);
}

template <class T>
unsigned long long bits_of(T value)
{
    unsigned long long bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    return bits;
}

// Launches shuffle_kernel<T> on 3 blocks of 100 threads (the last warp is
// partial at both warp sizes) and checks every received value's bits; a lane
// that exited or that the partial warp lacks gives 0 here (undefined on a GPU).
template <class T>
void check_shuffles(unsigned live, int scale, int offset, int width)
{
    SCOPED_TRACE("live " + std::to_string(live) + ", source " + std::to_string(scale) + " * lane + "
                 + std::to_string(offset) + ", width " + std::to_string(width));
    const unsigned warp = warp_size(), threads = 100;
    device_vector<T> out(3 * threads, 0xFF);
    ASSERT_EQ(ROCDIST_LAUNCH(shuffle_kernel<T>, 3, threads, 0, nullptr, out.data(), live, scale, offset, width),
              hipSuccess);
    const auto     got     = out.read();
    const unsigned segment = width == 0 ? warp : static_cast<unsigned>(width);
    for(unsigned t = 0; t < live; ++t)
    {
        const unsigned lane = t % warp;
        const unsigned src  = static_cast<unsigned>(scale * static_cast<int>(lane) + offset) & (segment - 1);
        const unsigned from = t - lane + (lane & ~(segment - 1)) + src;
        const T        want = from < live ? posted<T>(from) : T(0);
        for(unsigned b = 0; b < 3; ++b)
            EXPECT_EQ(bits_of(got[b * threads + t]), bits_of(want)) << "block " << b << " thread " << t;
    }
}

template <class T>
void check_shuffle_patterns()
{
    for(unsigned live : {100u, 70u})
    {
        check_shuffles<T>(live, 1, 1, 0);   // rotation
        check_shuffles<T>(live, 0, 0, 0);   // broadcast from lane 0
        check_shuffles<T>(live, 1, 1, 16);  // rotation within 16-lane segments
        check_shuffles<T>(live, 1, -1, 16); // the other way: a negative source counts from the segment's end
        check_shuffles<T>(live, 0, 3, 16);  // lane 3 of each segment
    }
}

TEST(emulator_collectives, shuffle_with_partial_warps_and_exited_lanes)
{
    const unsigned width = warp_size();
    ASSERT_TRUE(width == 32 || width == 64);
    {
        SCOPED_TRACE("int");
        check_shuffle_patterns<int>();
    }
    {
        SCOPED_TRACE("unsigned int");
        check_shuffle_patterns<unsigned int>();
    }
    {
        SCOPED_TRACE("long long");
        check_shuffle_patterns<long long>();
    }
    {
        SCOPED_TRACE("unsigned long long");
        check_shuffle_patterns<unsigned long long>();
    }
    {
        SCOPED_TRACE("float");
        check_shuffle_patterns<float>();
    }
    {
        SCOPED_TRACE("double");
        check_shuffle_patterns<double>();
    }
}

// A block-wide tree sum in __shared__ memory with a barrier per step.
__global__ void block_sum_kernel(const unsigned* in, unsigned* out)
{
    __shared__ unsigned partial[256];
    partial[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for(unsigned s = blockDim.x / 2; s > 0; s /= 2)
    {
        if(threadIdx.x < s)
            partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if(threadIdx.x == 0)
        out[blockIdx.x] = partial[0];
}

TEST(emulator_collectives, barriers_order_shared_memory)
{
    std::vector<unsigned> values(16 * 256);
    std::iota(values.begin(), values.end(), 1u);
    device_vector<unsigned> in(values), out(16);
    ASSERT_EQ(ROCDIST_LAUNCH(block_sum_kernel, 16, 256, 0, nullptr, in.data(), out.data()), hipSuccess);
    const auto got = out.read();
    for(unsigned b = 0; b < 16; ++b)
        EXPECT_EQ(got[b], std::accumulate(values.begin() + b * 256, values.begin() + (b + 1) * 256, 0u)) << b;
}

// Every thread of a 3-D grid of 3-D blocks records its coordinates.
__global__ void coordinates_kernel(unsigned* out)
{
    const unsigned block  = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    const unsigned thread = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    const unsigned i      = block * blockDim.x * blockDim.y * blockDim.z + thread;
    out[4 * i]            = threadIdx.x | threadIdx.y << 8 | threadIdx.z << 16;
    out[4 * i + 1]        = blockIdx.x | blockIdx.y << 8 | blockIdx.z << 16;
    out[4 * i + 2]        = blockDim.x | blockDim.y << 8 | blockDim.z << 16;
    out[4 * i + 3]        = gridDim.x | gridDim.y << 8 | gridDim.z << 16;
}

TEST(emulator_collectives, built_in_variables_in_three_dimensions)
{
    const dim3              grid(3, 2, 2), block(4, 3, 2);
    device_vector<unsigned> out(4 * 12 * 24);
    ASSERT_EQ(ROCDIST_LAUNCH(coordinates_kernel, grid, block, 0, nullptr, out.data()), hipSuccess);
    const auto got = out.read();
    unsigned   i   = 0;
    for(unsigned bz = 0; bz < 2; ++bz)
        for(unsigned by = 0; by < 2; ++by)
            for(unsigned bx = 0; bx < 3; ++bx)
                for(unsigned tz = 0; tz < 2; ++tz)
                    for(unsigned ty = 0; ty < 3; ++ty)
                        for(unsigned tx = 0; tx < 4; ++tx, ++i)
                        {
                            EXPECT_EQ(got[4 * i], tx | ty << 8 | tz << 16);
                            EXPECT_EQ(got[4 * i + 1], bx | by << 8 | bz << 16);
                            EXPECT_EQ(got[4 * i + 2], 4u | 3u << 8 | 2u << 16);
                            EXPECT_EQ(got[4 * i + 3], 3u | 2u << 8 | 2u << 16);
                        }
}

__global__ void count_kernel(unsigned long long* total, unsigned* largest)
{
    atomicAdd(total, 1ull);
    atomicMax(largest, blockIdx.x * blockDim.x + threadIdx.x);
}

// Blocks run on several threads at once, so these only add up if the
// atomics are real.
TEST(emulator_collectives, atomics_across_blocks)
{
    device_vector<unsigned long long> total(1);
    device_vector<unsigned>           largest(1);
    ASSERT_EQ(ROCDIST_LAUNCH(count_kernel, 64, 256, 0, nullptr, total.data(), largest.data()), hipSuccess);
    EXPECT_EQ(total.read()[0], 64ull * 256);
    EXPECT_EQ(largest.read()[0], 64u * 256 - 1);
}

// Lanes of one warp at two different ballots.
__global__ void divergent_ballot_kernel(unsigned long long* out)
{
    unsigned long long m;
    if(threadIdx.x % 2 == 0)
        m = __ballot(1);
    else
        m = __ballot(0);
    out[threadIdx.x] = m;
}

// Some lanes of the block at a barrier, the others past it at a ballot.
__global__ void divergent_barrier_kernel(unsigned long long* out)
{
    if(threadIdx.x < 16)
        __syncthreads();
    out[threadIdx.x] = __ballot(1);
}

// A launch that faulted is reported at the next synchronisation, with what
// faulted; the device then runs the next launch normally.
void expect_divergence(const char* site)
{
    EXPECT_EQ(hipDeviceSynchronize(), hipErrorLaunchFailure);
    const std::string fault = rocdist_emulator_last_fault();
    EXPECT_NE(fault.find("divergent collective"), std::string::npos) << fault;
    EXPECT_NE(fault.find(site), std::string::npos) << fault;
}

TEST(emulator_collectives, divergent_collectives_fault_the_launch)
{
    device_vector<unsigned long long> out(64);
    ASSERT_EQ(ROCDIST_LAUNCH(divergent_ballot_kernel, 1, 64, 0, nullptr, out.data()), hipSuccess);
    expect_divergence("kernel divergent_ballot_kernel, block (0,0,0), warp 0");
    ASSERT_EQ(ROCDIST_LAUNCH(divergent_barrier_kernel, 1, 64, 0, nullptr, out.data()), hipSuccess);
    expect_divergence("(__syncthreads)");
    ASSERT_EQ(ROCDIST_LAUNCH(ballot_kernel, 1, 64, 0, nullptr, out.data(), 64u), hipSuccess);
    EXPECT_EQ(hipDeviceSynchronize(), hipSuccess) << "the fault outlived its launch";
}

// Lanes of one warp at two different shuffles.
__global__ void divergent_shuffle_kernel(unsigned long long* out)
{
    unsigned long long v;
    if(threadIdx.x < 16)
        v = __shfl(1ull, 0);
    else
        v = __shfl(2ull, 0);
    out[threadIdx.x] = v;
}

// A shuffle and a ballot on one line: told apart by what they are.
__global__ void shuffle_or_ballot_kernel(unsigned long long* out)
{
    out[threadIdx.x] = threadIdx.x < 16 ? __shfl(1ull, 0) : __ballot(1);
}

TEST(emulator_collectives, divergent_shuffles_fault_the_launch)
{
    device_vector<unsigned long long> out(64);
    ASSERT_EQ(ROCDIST_LAUNCH(divergent_shuffle_kernel, 1, 64, 0, nullptr, out.data()), hipSuccess);
    expect_divergence("kernel divergent_shuffle_kernel, block (0,0,0), warp 0: lanes 0-15 at ");
    ASSERT_EQ(ROCDIST_LAUNCH(shuffle_or_ballot_kernel, 1, 64, 0, nullptr, out.data()), hipSuccess);
    expect_divergence("(shuffle); lanes 16-");
    EXPECT_NE(std::string(rocdist_emulator_last_fault()).find("(ballot)"), std::string::npos);
    device_vector<int> values(64);
    ASSERT_EQ(ROCDIST_LAUNCH(shuffle_kernel<int>, 1, 64, 0, nullptr, values.data(), 64u, 1, 1, 0), hipSuccess);
    EXPECT_EQ(hipDeviceSynchronize(), hipSuccess) << "the fault outlived its launch";
}

// Widths that are not a power of two no larger than the warp size.
TEST(emulator_collectives, bad_shuffle_widths_fault_the_launch)
{
    device_vector<int> out(64);
    for(int width : {48, -16, static_cast<int>(2 * warp_size())})
    {
        ASSERT_EQ(ROCDIST_LAUNCH(shuffle_kernel<int>, 1, 64, 0, nullptr, out.data(), 64u, 1, 1, width), hipSuccess);
        EXPECT_EQ(hipDeviceSynchronize(), hipErrorLaunchFailure);
        const std::string fault = rocdist_emulator_last_fault();
        EXPECT_NE(fault.find("bad __shfl width in kernel shuffle_kernel<int>, block (0,0,0), warp 0: lane 0 at "),
                  std::string::npos)
            << fault;
        EXPECT_NE(fault.find("asks for " + std::to_string(width)), std::string::npos) << fault;
    }
}

TEST(emulator_collectives, bad_launch_configurations_are_the_last_error)
{
    device_vector<unsigned long long> out(64);
    EXPECT_EQ(ROCDIST_LAUNCH(ballot_kernel, 0, 64, 0, nullptr, out.data(), 64u), hipErrorInvalidConfiguration);
    EXPECT_EQ(ROCDIST_LAUNCH(ballot_kernel, 1, 1025, 0, nullptr, out.data(), 64u), hipErrorInvalidConfiguration);
    EXPECT_EQ(ROCDIST_LAUNCH(ballot_kernel, 1, 64, 16, nullptr, out.data(), 64u), hipErrorNotSupported)
        << "dynamic shared memory";
    hipStream_t stream = nullptr;
    ASSERT_EQ(hipStreamCreate(&stream), hipSuccess);
    ASSERT_EQ(hipStreamDestroy(stream), hipSuccess);
    EXPECT_EQ(ROCDIST_LAUNCH(ballot_kernel, 1, 64, 0, stream, out.data(), 64u), hipErrorInvalidHandle)
        << "a destroyed stream";
    ASSERT_EQ(hipSetDevice(1), hipSuccess);
    ASSERT_EQ(hipStreamCreate(&stream), hipSuccess);
    ASSERT_EQ(hipSetDevice(0), hipSuccess);
    EXPECT_EQ(ROCDIST_LAUNCH(ballot_kernel, 1, 64, 0, stream, out.data(), 64u), hipErrorInvalidHandle)
        << "a stream of another device";
    EXPECT_EQ(hipStreamDestroy(stream), hipSuccess);
    EXPECT_EQ(hipGetLastError(), hipSuccess);
}

} // namespace
