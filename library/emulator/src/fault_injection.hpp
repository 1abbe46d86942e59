// Failing the nth allocation or launch on purpose, so that every failure
// branch of the code under test can be made to run (rocdist_emulator.h).
#pragma once

#include <rocdist_emulator.h>

namespace rocdist_emulator
{

// Counts one event of that kind; hipSuccess, or the error it must fail with.
hipError_t count_event(rocdist_emulator_event event);

} // namespace rocdist_emulator
