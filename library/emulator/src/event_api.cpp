// Events as the HIP API exposes them (see hip_runtime_api.h). A record is an
// operation on its stream; its stamp is taken when the stream's worker
// reaches it, after the work queued before it has run.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "current_device.hpp"
#include "last_error.hpp"
#include "settings.hpp"
#include "streams.hpp"

using namespace rocdist_emulator;

namespace
{

struct event_state
{
    explicit event_state(unsigned f, int d) : flags(f), device(d) {}
    const unsigned flags;
    const int      device;

    std::mutex                            mutex;
    std::uint64_t                         recorded = 0; // records asked for
    std::uint64_t                         stamped  = 0; // the last record that has run
    std::chrono::steady_clock::time_point time;
    std::weak_ptr<stream_state>           stream; // of the last record
};

struct event_registry
{
    std::mutex                                        mutex;
    std::map<hipEvent_t, std::shared_ptr<event_state>> events;
};

event_registry& registry()
{
    static event_registry r;
    return r;
}

std::shared_ptr<event_state> find_event(hipEvent_t handle)
{
    auto&                       r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    const auto                  it = r.events.find(handle);
    return it == r.events.end() ? nullptr : it->second;
}

class record_operation final : public operation
{
public:
    record_operation(std::shared_ptr<event_state> event, std::uint64_t number)
        : event_(std::move(event)), number_(number)
    {
    }
    hipError_t run() override
    {
        std::lock_guard<std::mutex> lock(event_->mutex);
        event_->time    = std::chrono::steady_clock::now();
        event_->stamped = number_;
        return hipSuccess;
    }
    const char* what() const override { return "event record"; }

private:
    std::shared_ptr<event_state> event_;
    std::uint64_t                number_;
};

} // namespace

extern "C" {

hipError_t hipEventCreate(hipEvent_t* event)
{
    return hipEventCreateWithFlags(event, hipEventDefault);
}

hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags)
{
    if(event == nullptr || (flags & ~(hipEventBlockingSync | hipEventDisableTiming)) != 0)
        return answer(hipErrorInvalidValue);
    if(configured().devices == 0)
        return answer(hipErrorNoDevice);
    auto state  = std::make_shared<event_state>(flags, current_device());
    auto handle = reinterpret_cast<hipEvent_t>(state.get());
    auto& r     = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.events.emplace(handle, std::move(state));
    *event = handle;
    return hipSuccess;
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream)
{
    const auto e = find_event(event);
    if(!e)
        return answer(hipErrorInvalidHandle);
    const auto s = find_stream(stream, current_device());
    if(!s || device_of(*s) != e->device)
        return answer(hipErrorInvalidHandle);
    std::uint64_t number;
    {
        std::lock_guard<std::mutex> lock(e->mutex);
        number    = ++e->recorded;
        e->stream = s;
    }
    enqueue(s, std::make_unique<record_operation>(e, number));
    return hipSuccess;
}

hipError_t hipEventSynchronize(hipEvent_t event)
{
    const auto e = find_event(event);
    if(!e)
        return answer(hipErrorInvalidHandle);
    std::shared_ptr<stream_state> s;
    {
        std::lock_guard<std::mutex> lock(e->mutex);
        if(e->stamped == e->recorded)
            return hipSuccess;
        s = e->stream.lock();
    }
    // A destroyed stream that has drained has run the record.
    return s ? answer(wait_for(s)) : hipSuccess;
}

// "Not ready" is recorded as the thread's last error, as for streams.
hipError_t hipEventQuery(hipEvent_t event)
{
    const auto e = find_event(event);
    if(!e)
        return answer(hipErrorInvalidHandle);
    std::lock_guard<std::mutex> lock(e->mutex);
    return e->stamped == e->recorded ? hipSuccess : answer(hipErrorNotReady);
}

hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop)
{
    if(ms == nullptr)
        return answer(hipErrorInvalidValue);
    const auto a = find_event(start), b = find_event(stop);
    if(!a || !b || ((a->flags | b->flags) & hipEventDisableTiming) != 0)
        return answer(hipErrorInvalidHandle);
    std::chrono::steady_clock::time_point from, to;
    for(const auto& [e, time] : {std::pair{a, &from}, std::pair{b, &to}})
    {
        std::lock_guard<std::mutex> lock(e->mutex);
        if(e->recorded == 0)
            return answer(hipErrorInvalidHandle);
        if(e->stamped != e->recorded)
            return answer(hipErrorNotReady);
        *time = e->time;
    }
    *ms = std::chrono::duration<float, std::milli>(to - from).count();
    return hipSuccess;
}

hipError_t hipEventDestroy(hipEvent_t event)
{
    auto&                       r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    return r.events.erase(event) == 1 ? hipSuccess : answer(hipErrorInvalidHandle);
}

} // extern "C"
