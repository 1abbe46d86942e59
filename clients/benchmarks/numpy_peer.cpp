#include "numpy_peer.hpp"

#include <cstdio>
#include <sstream>

#include "peer_script.hpp"

namespace rocdist_bench
{

numpy_rates measure_numpy(const std::string& sampler, std::size_t n)
{
    numpy_rates         r;
    const script_output run = run_peer_script("numpy_peer.py", sampler + " " + std::to_string(n));
    if(!run.ran)
    {
        r.unavailable = "cannot run " + run.command;
        return r;
    }
    std::istringstream lines(run.text);
    std::string        line, output;
    while(std::getline(lines, line))
    {
        char   dtype[64];
        double rate = 0;
        if(std::sscanf(line.c_str(), "%63s %lf", dtype, &rate) == 2 && rate > 0)
            r.samples_per_second[dtype] = rate;
        else
            output += (output.empty() ? "" : "\n") + line;
    }
    if(r.samples_per_second.empty())
        r.unavailable = "NumPy peer failed (set ROCDIST_PYTHON to a python3 with NumPy): " + output;
    else
        r.messages = output;
    return r;
}

} // namespace rocdist_bench
