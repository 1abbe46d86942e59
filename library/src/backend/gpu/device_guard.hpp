// Runs the rest of a call with the generator's device current, then puts
// the caller's device back.
#pragma once

#include "backend/gpu/runtime.hpp"

namespace rocdist::gpu
{

class device_guard
{
public:
    explicit device_guard(int device)
    {
        ok_ = hipGetDevice(&previous_) == hipSuccess
              && (previous_ == device || hipSetDevice(device) == hipSuccess);
    }
    ~device_guard()
    {
        if(ok_)
            (void)hipSetDevice(previous_);
    }
    device_guard(const device_guard&)            = delete;
    device_guard& operator=(const device_guard&) = delete;
    bool ok() const { return ok_; }

private:
    int  previous_ = 0;
    bool ok_       = false;
};

} // namespace rocdist::gpu
