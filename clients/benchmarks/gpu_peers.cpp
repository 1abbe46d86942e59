#include "gpu_peers.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>
#include <sstream>
#include <vector>

#include "build_config.hpp"
#include "peer_script.hpp"

namespace rocdist_bench
{
namespace
{

struct peer
{
    std::string name, case_name, library;
};

std::vector<peer> listed_peers;
std::string       filter;
double            min_seconds = 0.5; // Google Benchmark's default --benchmark_min_time
std::string       list_failure; // why gpu_peers.py listed nothing, on a GPU

struct library_rates
{
    bool                               measured = false;
    std::map<std::string, double>      rates;  // items per second, by peer name
    std::map<std::string, std::string> absent; // the reason, by peer name
};
std::map<std::string, library_rates> libraries;

// The emulated device is the CPU: no framework's GPU to compare with.
bool peers_run() { return context.on_gpu && !ROCDIST_GPU_EMULATED; }

// Whether Google Benchmark's filter selects a benchmark of this name (its
// rules: "" and "all" select everything, a leading '-' negates, the rest
// is a POSIX extended regular expression searched for in the name).
bool selected(const std::string& name)
{
    std::string spec     = filter;
    bool        negative = false;
    if(spec.empty() || spec == "all")
        spec = ".";
    else if(spec[0] == '-')
    {
        spec.erase(0, 1);
        negative = true;
    }
    try
    {
        return std::regex_search(name, std::regex(spec, std::regex::extended)) != negative;
    }
    catch(const std::regex_error&)
    {
        return true; // Google Benchmark reports the bad filter itself
    }
}

// Times every selected peer of the library in one run of gpu_peers.py (one
// import of the framework), the first time one of them runs.
const library_rates& measure(const std::string& library)
{
    library_rates& lib = libraries[library];
    if(lib.measured)
        return lib;
    lib.measured = true;
    std::string names;
    // On a GPU every benchmark's name ends in /manual_time (add()).
    for(const peer& p : listed_peers)
        if(p.library == library && selected(p.name + "/manual_time"))
            names += " " + p.name;
    const script_output run = run_peer_script(
        "gpu_peers.py", "measure " + std::to_string(context.n) + " " + std::to_string(min_seconds) + names);
    std::istringstream  lines(run.text);
    std::string         line, other;
    while(std::getline(lines, line))
    {
        const auto space = line.find(' ');
        const auto name  = line.substr(0, space);
        if(space == std::string::npos || name.rfind("peer/", 0) != 0)
            other += (other.empty() ? "" : " | ") + line;
        else if(line.compare(space + 1, 7, "absent:") == 0)
            lib.absent[name] = line.substr(space + 1);
        else
            lib.rates[name] = std::strtod(line.c_str() + space + 1, nullptr);
    }
    const std::string why = run.ran ? "absent: gpu_peers.py said nothing of it: " + other : "absent: cannot run " + run.command;
    for(const peer& p : listed_peers)
        if(p.library == library && lib.rates.count(p.name) == 0 && lib.absent.count(p.name) == 0)
            lib.absent[p.name] = why;
    return lib;
}

void peer_bench(benchmark::State& state, const peer& p)
{
    const library_rates& lib  = measure(p.library);
    const auto           rate = lib.rates.find(p.name);
    if(rate == lib.rates.end() || !(rate->second > 0))
    {
        state.SkipWithError(lib.absent.at(p.name).c_str());
        return;
    }
    // The script's rate, reported as the device time of n items.
    for(auto _ : state)
        state.SetIterationTime(static_cast<double>(context.n) / rate->second);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(context.n));
}

} // namespace

void register_gpu_peer_benchmarks(const std::string& benchmark_filter, const std::string& benchmark_min_time)
{
    if(!peers_run())
        return;
    filter = benchmark_filter;
    // "0.2" or, in later Google Benchmark releases, "0.2s"; an iteration
    // count ("100x") leaves the default.
    if(const double seconds = std::strtod(benchmark_min_time.c_str(), nullptr);
       seconds > 0 && benchmark_min_time.find('x') == std::string::npos)
        min_seconds = seconds;
    const script_output run = run_peer_script("gpu_peers.py", "list");
    std::istringstream  lines(run.text);
    std::string         line;
    while(std::getline(lines, line))
    {
        std::istringstream fields(line);
        peer               p;
        if(!(fields >> p.name >> p.case_name) || p.name.rfind("peer/", 0) != 0)
            continue;
        const auto slash = p.name.find('/', 5);
        p.library        = p.name.substr(5, slash - 5);
        listed_peers.push_back(p);
    }
    if(listed_peers.empty())
        list_failure = (run.ran ? run.command + " said: " + run.text : "cannot run " + run.command);
    for(const peer& p : listed_peers)
        add(p.name, [p](benchmark::State& state) { peer_bench(state, p); });
}

peer_rate fastest_peer(const summary_reporter& r, const std::string& case_name)
{
    peer_rate best;
    for(const peer& p : listed_peers)
        if(p.case_name == case_name)
            if(const double rate = r.items_per_second(p.name + "/"); rate > best.items_per_second)
                best = {rate, p.name};
    return best;
}

void print_against_fastest_peer(const summary_reporter& r, const std::string& case_name, double rate)
{
    if(!peers_run())
        return;
    const peer_rate best = fastest_peer(r, case_name);
    if(best.items_per_second > 0)
        std::printf(" %8.2fx %s", rate / best.items_per_second, best.name.c_str());
    else
        std::printf(" %9s", "-");
}

void print_gpu_peer_summary(const summary_reporter& r)
{
    if(!peers_run())
    {
        std::printf("\nGPU peers (PyTorch, CuPy, JAX): absent, %s.\n",
                    context.on_gpu ? "the emulated device is no GPU to compare with"
                                   : "this run benchmarks the host backend");
        return;
    }
    std::printf("\nGPU peers in this run (gpu_peers.py through ROCDIST_PYTHON), n = %zu\n", context.n);
    if(listed_peers.empty())
        std::printf("none listed: %s\n", list_failure.c_str());
    std::printf("%-58s %-54s %12s\n", "peer", "beside rocdist's", "Msamples/s");
    for(const peer& p : listed_peers)
    {
        const double rate = r.items_per_second(p.name + "/");
        std::printf("%-58s %-54s ", p.name.c_str(), p.case_name.c_str());
        if(rate > 0)
            std::printf("%12.1f\n", rate / 1e6);
        else if(const auto lib = libraries.find(p.library); lib != libraries.end() && lib->second.absent.count(p.name))
            std::printf("%s\n", lib->second.absent.at(p.name).c_str());
        else
            std::printf("%12s\n", "not run");
    }
}

} // namespace rocdist_bench
