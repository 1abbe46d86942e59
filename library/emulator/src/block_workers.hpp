// A launch's blocks run on the thread of the stream that runs the launch,
// helped by a pool of block workers shared by all streams
// (ROCDIST_EMULATED_WORKERS threads in all, the cores by default), so
// blocks of one grid really run at the same time.
#pragma once

#include <string>

#include "block_runner.hpp"

namespace rocdist_emulator
{

// Runs every block of the launch; "" or the first fault (the blocks not yet
// started when a block faults do not run).
std::string run_grid(const grid_launch& launch);

// Stops the pool (at process exit).
void stop_block_workers();

} // namespace rocdist_emulator
