#include "fault_injection.hpp"

#include <cstdint>
#include <mutex>

#include "settings.hpp"

namespace rocdist_emulator
{
namespace
{

struct countdown
{
    std::uint64_t events   = 0; // so far
    std::uint64_t fail_at  = 0; // the event that fails; 0: none
    hipError_t    error    = hipSuccess;
};

struct counters
{
    std::mutex mutex;
    countdown  kinds[2];
    counters()
    {
        kinds[rocdist_emulator_allocation] = {0, configured().fail_allocation, hipErrorOutOfMemory};
        kinds[rocdist_emulator_launch]     = {0, configured().fail_launch, hipErrorLaunchFailure};
    }
};

counters& state()
{
    static counters c;
    return c;
}

bool known(rocdist_emulator_event event)
{
    return event == rocdist_emulator_allocation || event == rocdist_emulator_launch;
}

} // namespace

hipError_t count_event(rocdist_emulator_event event)
{
    counters&                   c = state();
    std::lock_guard<std::mutex> lock(c.mutex);
    countdown&                  k = c.kinds[event];
    if(++k.events != k.fail_at)
        return hipSuccess;
    k.fail_at = 0;
    return k.error;
}

} // namespace rocdist_emulator

extern "C" {

void rocdist_emulator_fail_nth(rocdist_emulator_event event, unsigned long long n, hipError_t error)
{
    if(!rocdist_emulator::known(event))
        return;
    auto&                       c = rocdist_emulator::state();
    std::lock_guard<std::mutex> lock(c.mutex);
    auto&                       k = c.kinds[event];
    k.fail_at                     = n == 0 ? 0 : k.events + n;
    k.error                       = error;
}

unsigned long long rocdist_emulator_events(rocdist_emulator_event event)
{
    if(!rocdist_emulator::known(event))
        return 0;
    auto&                       c = rocdist_emulator::state();
    std::lock_guard<std::mutex> lock(c.mutex);
    return c.kinds[event].events;
}

} // extern "C"
