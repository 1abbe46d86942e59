// What a launch the runtime refused means for rocdist's caller.
#pragma once

#include "backend/gpu/runtime.hpp"
#include "rocdist/rocdist.h"

namespace rocdist::gpu
{

// Success, ALLOCATION_FAILED for lack of memory, else LAUNCH_FAILURE; in
// either failure nothing was queued.
inline rocdist_status launch_status(hipError_t launch)
{
    if(launch == hipSuccess)
        return ROCDIST_STATUS_SUCCESS;
    return launch == hipErrorOutOfMemory ? ROCDIST_STATUS_ALLOCATION_FAILED : ROCDIST_STATUS_LAUNCH_FAILURE;
}

} // namespace rocdist::gpu
