// Memory of the emulated devices: pointer attributes, copies checked
// against their allocations, the memory cap, fault injection, and the faults
// that running past an allocation or touching freed memory raise.
#include <string>
#include <vector>

#include "emulator_test_support.hpp"

namespace
{

using emulator_test::device_vector;

TEST(emulator_memory, pointer_attributes_answer_truthfully)
{
    void *device0 = nullptr, *device1 = nullptr, *pinned = nullptr, *managed = nullptr;
    ASSERT_EQ(hipMalloc(&device0, 1000), hipSuccess);
    ASSERT_EQ(hipSetDevice(1), hipSuccess);
    ASSERT_EQ(hipMalloc(&device1, 1000), hipSuccess);
    ASSERT_EQ(hipSetDevice(0), hipSuccess);
    ASSERT_EQ(hipHostMalloc(&pinned, 1000), hipSuccess);
    ASSERT_EQ(hipMallocManaged(&managed, 1000), hipSuccess);
    std::vector<char> pageable(1000);

    hipPointerAttribute_t a{};
    ASSERT_EQ(hipPointerGetAttributes(&a, device0), hipSuccess);
    EXPECT_EQ(a.type, hipMemoryTypeDevice);
    EXPECT_EQ(a.device, 0);
    EXPECT_EQ(a.devicePointer, device0);
    EXPECT_EQ(a.hostPointer, nullptr);
    ASSERT_EQ(hipPointerGetAttributes(&a, static_cast<char*>(device1) + 999), hipSuccess) << "interior pointer";
    EXPECT_EQ(a.type, hipMemoryTypeDevice);
    EXPECT_EQ(a.device, 1);
    ASSERT_EQ(hipPointerGetAttributes(&a, pinned), hipSuccess);
    EXPECT_EQ(a.type, hipMemoryTypeHost);
    EXPECT_EQ(a.devicePointer, pinned) << "pinned memory is mapped into the device";
    EXPECT_EQ(a.hostPointer, pinned);
    ASSERT_EQ(hipPointerGetAttributes(&a, managed), hipSuccess);
    EXPECT_EQ(a.type, hipMemoryTypeManaged);
    EXPECT_EQ(a.isManaged, 1);
    ASSERT_EQ(hipPointerGetAttributes(&a, pageable.data()), hipSuccess) << "ROCm 6: not an error";
    EXPECT_EQ(a.type, hipMemoryTypeUnregistered);
    ASSERT_EQ(hipPointerGetAttributes(&a, static_cast<char*>(device0) + 1000), hipSuccess) << "one past the end";
    EXPECT_EQ(a.type, hipMemoryTypeUnregistered);

    EXPECT_EQ(hipFree(device0), hipSuccess);
    ASSERT_EQ(hipPointerGetAttributes(&a, device0), hipSuccess);
    EXPECT_EQ(a.type, hipMemoryTypeUnregistered) << "freed memory is nobody's";
    EXPECT_EQ(hipFree(device0), hipErrorInvalidValue) << "freed twice";
    EXPECT_EQ(hipFree(pinned), hipErrorInvalidValue) << "pinned memory goes through hipHostFree";
    EXPECT_EQ(hipHostFree(device1), hipErrorInvalidValue);
    EXPECT_EQ(hipFree(device1), hipSuccess);
    EXPECT_EQ(hipHostFree(pinned), hipSuccess);
    EXPECT_EQ(hipFree(managed), hipSuccess);
    (void)hipGetLastError();
}

TEST(emulator_memory, copies_stay_inside_their_allocations)
{
    device_vector<unsigned char> d(100);
    std::vector<unsigned char>   host(200, 7);
    EXPECT_EQ(hipMemcpy(d.data(), host.data(), 100, hipMemcpyHostToDevice), hipSuccess);
    EXPECT_EQ(hipMemcpy(d.data() + 1, host.data(), 100, hipMemcpyHostToDevice), hipErrorInvalidValue)
        << "one byte past the allocation";
    EXPECT_EQ(hipMemcpy(host.data(), d.data(), 101, hipMemcpyDeviceToHost), hipErrorInvalidValue);
    EXPECT_EQ(hipMemcpy(d.data(), host.data(), 10, hipMemcpyDeviceToHost), hipErrorInvalidMemcpyDirection)
        << "device memory as the host side";
    EXPECT_EQ(hipMemcpy(host.data(), d.data(), 10, hipMemcpyHostToDevice), hipErrorInvalidValue)
        << "host memory as the device side";
    EXPECT_EQ(hipMemset(d.data() + 50, 0, 51), hipErrorInvalidValue);
    EXPECT_EQ(hipMemset(host.data(), 0, 10), hipErrorInvalidValue) << "hipMemset of pageable host memory";
    EXPECT_EQ(hipMemcpy(host.data() + 100, d.data(), 100, hipMemcpyDefault), hipSuccess) << "inferred direction";
    EXPECT_EQ(host[150], 7);
    EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue) << "the last failure is the thread's last error";
}

TEST(emulator_memory, memory_cap_gives_out_of_memory)
{
    size_t free_bytes = 0, total = 0;
    ASSERT_EQ(hipMemGetInfo(&free_bytes, &total), hipSuccess);
    std::vector<void*> held;
    void*              p = nullptr;
    while(hipMalloc(&p, size_t(256) << 20) == hipSuccess)
        held.push_back(p);
    EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);
    EXPECT_EQ(held.size(), free_bytes / (size_t(256) << 20));
    size_t after = 0;
    ASSERT_EQ(hipMemGetInfo(&after, &total), hipSuccess);
    EXPECT_EQ(after, free_bytes - held.size() * (size_t(256) << 20));
    ASSERT_EQ(hipSetDevice(1), hipSuccess);
    EXPECT_EQ(hipMalloc(&p, size_t(256) << 20), hipSuccess) << "the cap is per device";
    EXPECT_EQ(hipFree(p), hipSuccess);
    ASSERT_EQ(hipSetDevice(0), hipSuccess);
    for(void* q : held)
        EXPECT_EQ(hipFree(q), hipSuccess);
    ASSERT_EQ(hipMemGetInfo(&after, &total), hipSuccess);
    EXPECT_EQ(after, free_bytes);
}

__global__ void touch_kernel(unsigned* p, unsigned at)
{
    if(threadIdx.x == 0)
        p[at] = 1;
}

TEST(emulator_memory, injected_failures_hit_the_nth_event)
{
    const unsigned long long allocations = rocdist_emulator_events(rocdist_emulator_allocation);
    rocdist_emulator_fail_nth(rocdist_emulator_allocation, 2, hipErrorOutOfMemory);
    void *a = nullptr, *b = nullptr, *c = nullptr;
    EXPECT_EQ(hipMalloc(&a, 64), hipSuccess);
    EXPECT_EQ(hipMalloc(&b, 64), hipErrorOutOfMemory);
    EXPECT_EQ(b, nullptr);
    EXPECT_EQ(hipMalloc(&c, 64), hipSuccess) << "only the nth fails";
    EXPECT_EQ(rocdist_emulator_events(rocdist_emulator_allocation), allocations + 3);

    rocdist_emulator_fail_nth(rocdist_emulator_launch, 1, hipErrorLaunchOutOfResources);
    EXPECT_EQ(ROCDIST_LAUNCH(touch_kernel, 1, 32, 0, nullptr, static_cast<unsigned*>(a), 0u),
              hipErrorLaunchOutOfResources);
    EXPECT_EQ(ROCDIST_LAUNCH(touch_kernel, 1, 32, 0, nullptr, static_cast<unsigned*>(a), 0u), hipSuccess);
    rocdist_emulator_fail_nth(rocdist_emulator_launch, 1, hipErrorLaunchFailure);
    rocdist_emulator_fail_nth(rocdist_emulator_launch, 0, hipErrorLaunchFailure); // disarmed
    EXPECT_EQ(ROCDIST_LAUNCH(touch_kernel, 1, 32, 0, nullptr, static_cast<unsigned*>(a), 0u), hipSuccess);
    EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
    EXPECT_EQ(hipFree(a), hipSuccess);
    EXPECT_EQ(hipFree(c), hipSuccess);
}

// Work that touches memory it may not is stopped at the access, with a
// report of what it touched.
TEST(emulator_memory_death_test, running_past_an_allocation_faults)
{
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            unsigned* p = nullptr;
            (void)hipMalloc(&p, 256 * sizeof(unsigned));
            (void)ROCDIST_LAUNCH(touch_kernel, 1, 32, 0, nullptr, p, 1024u);
            (void)hipDeviceSynchronize();
        },
        "kernel touch_kernel ran 3072 bytes past the end of an allocation of 1024 bytes");
}

TEST(emulator_memory_death_test, work_after_free_faults)
{
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            unsigned* p = nullptr;
            (void)hipMalloc(&p, 256 * sizeof(unsigned));
            rocdist_emulator_set_deferred(1);
            (void)ROCDIST_LAUNCH(touch_kernel, 1, 32, 0, nullptr, p, 0u);
            (void)hipFree(p); // does not wait for the kernel, as cudaFree need not
            (void)hipDeviceSynchronize();
        },
        "kernel touch_kernel touched memory that hipFree .or hipHostFree. released");
}

} // namespace
