#include "last_error.hpp"

namespace rocdist_emulator
{
namespace
{
thread_local hipError_t last_error = hipSuccess;
}

hipError_t answer(hipError_t error)
{
    if(error != hipSuccess)
        last_error = error;
    return error;
}

hipError_t take_last_error()
{
    const hipError_t e = last_error;
    last_error         = hipSuccess;
    return e;
}

hipError_t peek_last_error()
{
    return last_error;
}

} // namespace rocdist_emulator

extern "C" {

hipError_t hipGetLastError(void)
{
    return rocdist_emulator::take_last_error();
}

hipError_t hipPeekAtLastError(void)
{
    return rocdist_emulator::peek_last_error();
}

const char* hipGetErrorName(hipError_t error)
{
    switch(error)
    {
    case hipSuccess: return "hipSuccess";
    case hipErrorInvalidValue: return "hipErrorInvalidValue";
    case hipErrorOutOfMemory: return "hipErrorOutOfMemory";
    case hipErrorInvalidConfiguration: return "hipErrorInvalidConfiguration";
    case hipErrorInvalidDevicePointer: return "hipErrorInvalidDevicePointer";
    case hipErrorInvalidMemcpyDirection: return "hipErrorInvalidMemcpyDirection";
    case hipErrorNoDevice: return "hipErrorNoDevice";
    case hipErrorInvalidDevice: return "hipErrorInvalidDevice";
    case hipErrorInvalidHandle: return "hipErrorInvalidHandle";
    case hipErrorNotReady: return "hipErrorNotReady";
    case hipErrorLaunchOutOfResources: return "hipErrorLaunchOutOfResources";
    case hipErrorContextIsDestroyed: return "hipErrorContextIsDestroyed";
    case hipErrorLaunchFailure: return "hipErrorLaunchFailure";
    case hipErrorNotSupported: return "hipErrorNotSupported";
    case hipErrorUnknown: return "hipErrorUnknown";
    }
    return "hipErrorUnknown";
}

const char* hipGetErrorString(hipError_t error)
{
    switch(error)
    {
    case hipSuccess: return "no error";
    case hipErrorInvalidValue: return "invalid argument";
    case hipErrorOutOfMemory: return "out of memory";
    case hipErrorInvalidConfiguration: return "invalid launch configuration";
    case hipErrorInvalidDevicePointer: return "invalid device pointer";
    case hipErrorInvalidMemcpyDirection: return "memory copy in a direction its pointers do not have";
    case hipErrorNoDevice: return "no emulated device (ROCDIST_EMULATED_DEVICES=0)";
    case hipErrorInvalidDevice: return "invalid device ordinal";
    case hipErrorInvalidHandle: return "invalid stream handle, or a stream of another device";
    case hipErrorNotReady: return "work still queued";
    case hipErrorLaunchOutOfResources: return "too many resources requested for launch";
    case hipErrorContextIsDestroyed: return "context is destroyed";
    case hipErrorLaunchFailure: return "unspecified launch failure (see the emulator's fault message)";
    case hipErrorNotSupported: return "operation not supported by the emulated device";
    case hipErrorUnknown: return "unknown error";
    }
    return "unknown error";
}

} // extern "C"
