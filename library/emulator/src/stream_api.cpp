// Streams as the HIP API exposes them.
#include "current_device.hpp"
#include "last_error.hpp"
#include "settings.hpp"
#include "streams.hpp"

using namespace rocdist_emulator;

extern "C" {

hipError_t hipStreamCreate(hipStream_t* stream)
{
    return hipStreamCreateWithFlags(stream, hipStreamDefault);
}

hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags)
{
    if(stream == nullptr || (flags != hipStreamDefault && flags != hipStreamNonBlocking))
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    return answer(create_stream(current_device(), flags, stream));
}

hipError_t hipStreamDestroy(hipStream_t stream)
{
    if(stream == nullptr)
        return answer(hipErrorInvalidHandle);
    return answer(destroy_stream(stream));
}

// "Not ready" is recorded as the thread's last error like any other answer.
hipError_t hipStreamQuery(hipStream_t stream)
{
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    const auto s = find_stream(stream, current_device());
    return answer(s ? query(s) : hipErrorInvalidHandle);
}

hipError_t hipStreamSynchronize(hipStream_t stream)
{
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    const auto s = find_stream(stream, current_device());
    return answer(s ? wait_for(s) : hipErrorInvalidHandle);
}

hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device)
{
    if(device == nullptr)
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    const auto s = find_stream(stream, current_device());
    if(!s)
        return answer(hipErrorInvalidHandle);
    *device = device_of(*s);
    return hipSuccess;
}

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags)
{
    if(flags == nullptr)
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    const auto s = find_stream(stream, current_device());
    if(!s)
        return answer(hipErrorInvalidHandle);
    *flags = flags_of(*s);
    return hipSuccess;
}

} // extern "C"
