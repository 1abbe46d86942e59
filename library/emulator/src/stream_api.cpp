// Streams as the HIP API exposes them.
#include "current_device.hpp"
#include "last_error.hpp"
#include "settings.hpp"
#include "streams.hpp"

using namespace rocdist_emulator;

namespace
{

// hipStreamGetDevice and hipStreamGetFlags: `property` of the stream a
// handle names, into *out.
template <class T, class Property>
hipError_t stream_property(hipStream_t stream, T* out, Property property)
{
    if(out == nullptr)
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    const auto s = find_stream(stream, current_device());
    if(!s)
        return answer(hipErrorInvalidHandle);
    *out = property(*s);
    return hipSuccess;
}

} // namespace

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
    return stream_property(stream, device, device_of);
}

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags)
{
    return stream_property(stream, flags, flags_of);
}

} // extern "C"
