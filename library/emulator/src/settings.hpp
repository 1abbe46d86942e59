// The emulated devices' configuration, read once from the environment.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rocdist_emulator
{

struct settings
{
    unsigned      warp_size       = 32;              // ROCDIST_EMULATED_WARP_SIZE: 32 or 64
    int           multiprocessors = 4;               // ROCDIST_EMULATED_MULTIPROCESSORS
    int           devices         = 2;               // ROCDIST_EMULATED_DEVICES (0: none)
    std::size_t   memory_bytes    = std::size_t(4) << 30; // ROCDIST_EMULATED_MEMORY_BYTES, per device
    std::uint64_t fail_allocation = 0;               // ROCDIST_EMULATED_FAIL_ALLOCATION: the nth fails
    std::uint64_t fail_launch     = 0;               // ROCDIST_EMULATED_FAIL_LAUNCH: the nth fails
    bool          deferred        = false;           // ROCDIST_EMULATED_DEFERRED=1
    unsigned      workers         = 0;               // ROCDIST_EMULATED_WORKERS: threads running blocks
};

// A value that makes no sense stops the process with a message saying which
// variable and why: silently emulating something else would test the wrong thing.
const settings& configured();

} // namespace rocdist_emulator
