#include "numpy_peer.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

namespace rocdist_bench
{

numpy_rates measure_numpy(const std::string& sampler, std::size_t n)
{
    numpy_rates r;
    const char* python = std::getenv("ROCDIST_PYTHON");
    // The source tree's script, else the one the clients package installs.
    std::string script = ROCDIST_BENCH_SCRIPT_DIR "/numpy_peer.py";
    if(!std::ifstream(script))
        script = ROCDIST_BENCH_SCRIPT_INSTALLED_DIR "/numpy_peer.py";
    const std::string command = std::string(python != nullptr ? python : "/usr/bin/python3") + " " + script + " "
                                + sampler + " " + std::to_string(n) + " 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    if(!pipe)
    {
        r.unavailable = "cannot run " + command;
        return r;
    }
    char        line[512];
    std::string output;
    while(std::fgets(line, sizeof line, pipe.get()) != nullptr)
    {
        char   dtype[64];
        double rate = 0;
        if(std::sscanf(line, "%63s %lf", dtype, &rate) == 2 && rate > 0)
            r.samples_per_second[dtype] = rate;
        else
            output += line;
    }
    if(r.samples_per_second.empty())
        r.unavailable = "NumPy peer failed (set ROCDIST_PYTHON to a python3 with NumPy): " + output;
    else
    {
        while(!output.empty() && output.back() == '\n')
            output.pop_back();
        r.messages = output;
    }
    return r;
}

} // namespace rocdist_bench
