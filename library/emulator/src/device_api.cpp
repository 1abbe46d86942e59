// Devices: count, current device, attributes, device-wide synchronisation.
#include "current_device.hpp"
#include "last_error.hpp"
#include "settings.hpp"
#include "streams.hpp"

namespace rocdist_emulator
{
namespace
{
thread_local int current = 0;
}

int current_device()
{
    return current;
}

void make_current(int device)
{
    current = device;
}

bool device_exists(int device)
{
    return device >= 0 && device < configured().devices;
}

} // namespace rocdist_emulator

using namespace rocdist_emulator;

extern "C" {

hipError_t hipGetDeviceCount(int* count)
{
    if(count == nullptr)
        return answer(hipErrorInvalidValue);
    *count = configured().devices;
    return answer(*count == 0 ? hipErrorNoDevice : hipSuccess);
}

hipError_t hipGetDevice(int* device)
{
    if(device == nullptr)
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    *device = current_device();
    return hipSuccess;
}

hipError_t hipSetDevice(int device)
{
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    if(!device_exists(device))
        return answer(hipErrorInvalidDevice);
    make_current(device);
    return hipSuccess;
}

hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attribute, int device)
{
    if(value == nullptr)
        return answer(hipErrorInvalidValue);
    if(!device_exists(device))
        return answer(configured().devices == 0 ? hipErrorNoDevice : hipErrorInvalidDevice);
    switch(attribute)
    {
    case hipDeviceAttributeMaxThreadsPerBlock: *value = 1024; return hipSuccess;
    case hipDeviceAttributeMultiprocessorCount: *value = configured().multiprocessors; return hipSuccess;
    case hipDeviceAttributeWarpSize: *value = static_cast<int>(configured().warp_size); return hipSuccess;
    }
    return answer(hipErrorInvalidValue);
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* f, int blockSize,
                                                       size_t dynSharedMemPerBlk)
{
    (void)dynSharedMemPerBlk; // __shared__ memory is host memory here: no limit to model
    constexpr int threads_per_multiprocessor = 2048;
    if(numBlocks == nullptr || f == nullptr || blockSize < 1 || blockSize > 1024)
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    *numBlocks = threads_per_multiprocessor / blockSize;
    return hipSuccess;
}

hipError_t hipDeviceSynchronize(void)
{
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    return answer(wait_for_device(current_device()));
}

} // extern "C"
