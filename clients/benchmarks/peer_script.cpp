#include "peer_script.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

namespace rocdist_bench
{

script_output run_peer_script(const std::string& script, const std::string& arguments)
{
    script_output out;
    const char*   dir  = std::getenv("ROCDIST_BENCH_SCRIPT_DIR");
    std::string   path = dir != nullptr ? std::string(dir) + "/" + script : ROCDIST_BENCH_SCRIPT_DIR "/" + script;
    if(dir == nullptr && !std::ifstream(path))
        path = ROCDIST_BENCH_SCRIPT_INSTALLED_DIR "/" + script;
    const char* python = std::getenv("ROCDIST_PYTHON");
    out.command        = std::string(python != nullptr ? python : "/usr/bin/python3") + " " + path + " " + arguments;
    const std::string shell_command = out.command + " 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(shell_command.c_str(), "r"), pclose);
    if(!pipe)
        return out;
    out.ran = true;
    char line[1024];
    while(std::fgets(line, sizeof line, pipe.get()) != nullptr)
        out.text += line;
    return out;
}

} // namespace rocdist_bench
