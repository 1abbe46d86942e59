// Runs one of the bench's peer scripts (host_peers.py, gpu_peers.py) with
// the Python of ROCDIST_PYTHON (default Debian's /usr/bin/python3): the copy
// in the folder ROCDIST_BENCH_SCRIPT_DIR names, else the source tree's, else
// the one the clients package installs.
#pragma once

#include <string>

namespace rocdist_bench
{

struct script_output
{
    bool        ran = false; // the interpreter could be started
    std::string command;     // what was run
    std::string text;        // standard output and standard error
};

script_output run_peer_script(const std::string& script, const std::string& arguments);

} // namespace rocdist_bench
