// The occupancy query rocdist sizes its grids with: an emulated
// multiprocessor holds 2048 threads, so 2048 / block size blocks of any
// kernel, and bad arguments get hipErrorInvalidValue.
#include "emulator_test_support.hpp"

namespace
{

__global__ void empty_kernel(int* out)
{
    if(out != nullptr)
        *out = 0;
}

TEST(emulator_occupancy, blocks_are_2048_threads_over_the_block_size)
{
    for(int block : {32, 64, 100, 256, 1024})
    {
        int blocks = -1;
        ASSERT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, empty_kernel, block, 0), hipSuccess);
        EXPECT_EQ(blocks, 2048 / block) << "block size " << block;
    }
}

TEST(emulator_occupancy, bad_arguments_are_refused)
{
    int blocks = -1;
    EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, empty_kernel, 256, 0), hipErrorInvalidValue);
    EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, empty_kernel, 0, 0), hipErrorInvalidValue);
    EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, empty_kernel, 1025, 0), hipErrorInvalidValue);
    EXPECT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, static_cast<const void*>(nullptr), 256, 0),
              hipErrorInvalidValue);
    EXPECT_EQ(blocks, -1);
    (void)hipGetLastError();
}

} // namespace
