// The calling thread's current device (0 until hipSetDevice), as in CUDA.
#pragma once

namespace rocdist_emulator
{

int  current_device();
void make_current(int device);
// Whether `device` names one of the ROCDIST_EMULATED_DEVICES devices.
bool device_exists(int device);

} // namespace rocdist_emulator
