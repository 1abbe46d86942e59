// NumPy as a peer: runs numpy_peer.py with the interpreter that has NumPy
// (ROCDIST_PYTHON, else Debian's /usr/bin/python3, where python3-numpy
// installs it) and reads back samples per second per dtype.
#pragma once

#include <cstddef>
#include <map>
#include <string>

namespace rocdist_bench
{

struct numpy_rates
{
    std::map<std::string, double> samples_per_second; // by dtype name ("float32", "float64") or sampler name
    std::string                   unavailable;        // why there are none, if there are none
    std::string                   messages;           // what else the script said (a peer it lacks)
};

numpy_rates measure_numpy(const std::string& sampler, std::size_t n);

} // namespace rocdist_bench
