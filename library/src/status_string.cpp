#include "enum_argument.hpp"
#include "rocdist/rocdist.h"

extern "C" const char* rocdist_get_status_string(rocdist_status status)
{
    switch(rocdist::enum_argument(status))
    {
    case ROCDIST_STATUS_SUCCESS: return "Success.";
    case ROCDIST_STATUS_INVALID_HANDLE:
        return "The handle is NULL, was destroyed, or was never created by rocdist.";
    case ROCDIST_STATUS_INVALID_POINTER:
        return "A pointer argument is NULL (with a nonzero count) or not aligned to its element type.";
    case ROCDIST_STATUS_INVALID_VALUE:
        return "A parameter is outside its domain (for example a stream given to a host generator, a "
               "normal stddev, gamma shape or scale, beta a or b or Dirichlet alpha that is not finite and "
               "positive, a Dirichlet row of 0 components, categorical weights that are negative, NaN or "
               "infinite, or all zero in a row, a Poisson lambda outside [0, 2^31], a binomial p outside "
               "[0, 1], or an exponential rate that is not finite and positive).";
    case ROCDIST_STATUS_TYPE_ERROR:
        return "Unknown engine, ordering or method value.";
    case ROCDIST_STATUS_NO_DEVICE:
        return "No GPU is available: this rocdist was built without a GPU backend, or the GPU runtime "
               "found no device. Use rocdist_create_generator_host for the CPU.";
    case ROCDIST_STATUS_WRONG_MEMORY:
        return "An output or input pointer is host memory, but GPU generators use device memory "
               "(allocate it with hipMalloc or cudaMalloc).";
    case ROCDIST_STATUS_OUT_OF_RANGE:
        return "The request runs past the end of the stream: offset + n exceeds 2^64 - 1, or n "
               "elements exceed the address space.";
    case ROCDIST_STATUS_ALLOCATION_FAILED: return "Host or device memory could not be allocated.";
    case ROCDIST_STATUS_LAUNCH_FAILURE:
        return "The GPU runtime reported an error while rocdist queued or ran its work.";
    case ROCDIST_STATUS_INTERNAL_ERROR:
        return "rocdist hit an internal error; please report it with the call that caused it.";
    }
    return "Unknown rocdist_status value.";
}
