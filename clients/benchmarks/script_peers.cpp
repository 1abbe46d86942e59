#include "script_peers.hpp"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <regex>
#include <sstream>

#include "build_config.hpp"
#include "peer_script.hpp"
#include "summary_table.hpp"

namespace rocdist_bench
{
namespace
{

struct peer
{
    std::string name, cases, library;
};

std::string       peer_script_name; // this backend's script
std::vector<peer> listed_peers;
std::string       filter;
double            min_seconds = 0.5; // Google Benchmark's default --benchmark_min_time

struct library_rates
{
    bool                               measured = false;
    std::map<std::string, double>      rates;  // items per second, by peer name
    std::map<std::string, std::string> absent; // the reason, by peer name
};
std::map<std::string, library_rates> libraries;

// The emulated device is the CPU: no framework's GPU to compare with.
bool peers_run(const run_facts& f) { return !f.emulated; }

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

// Times every selected peer of the library in one run of the script (one
// import of the framework), the first time one of them runs.
const library_rates& measure(const std::string& library)
{
    library_rates& lib = libraries[library];
    if(lib.measured)
        return lib;
    lib.measured = true;
    std::string names;
    // Every benchmark's name ends in /manual_time or /real_time (add()).
    for(const peer& p : listed_peers)
        if(p.library == library
           && (selected(p.name + (context.on_gpu ? "/manual_time" : "/real_time"))))
            names += " " + p.name;
    const script_output run = run_peer_script(
        peer_script_name, "measure " + std::to_string(context.n) + " " + std::to_string(min_seconds) + names);
    std::istringstream lines(run.text);
    std::string        line, other;
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
    const std::string why = run.ran ? "absent: " + peer_script_name + " said nothing of it: " + other
                                    : "absent: cannot run " + run.command;
    for(const peer& p : listed_peers)
        if(p.library == library && lib.rates.count(p.name) == 0 && lib.absent.count(p.name) == 0)
            lib.absent[p.name] = why;
    return lib;
}

void peer_bench(benchmark::State& state, const peer& p)
{
    state.SetLabel(p.cases);
    const library_rates& lib  = measure(p.library);
    const auto           rate = lib.rates.find(p.name);
    if(rate == lib.rates.end() || !(rate->second > 0))
    {
        state.SkipWithError(lib.absent.at(p.name).c_str());
        return;
    }
    // The script's rate, reported as the time of n items: device time on a
    // GPU, wall-clock time on the host.
    for(auto _ : state)
        if(context.on_gpu)
            state.SetIterationTime(static_cast<double>(context.n) / rate->second);
    if(!context.on_gpu)
    {
        state.counters["items_per_second"] = rate->second;
        return;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(context.n));
}

struct peer_rate
{
    double      items_per_second = 0; // 0: no peer of the case ran
    std::string name;                 // peer/<library>/<call>/<type>
};

// The peer benchmark's name, peer/<library>/<call>/<type>, without what
// Google Benchmark appends (/iterations:1, /manual_time).
std::string peer_name(const std::string& benchmark)
{
    std::size_t end = 0;
    for(int part = 0; part < 4 && end != std::string::npos; ++part)
        end = benchmark.find('/', end + 1);
    return benchmark.substr(0, end);
}

peer_rate fastest_peer(const summary_reporter& r, const std::string& case_name)
{
    peer_rate best;
    for(const auto& [name, cases] : r.labels())
    {
        if(name.rfind("peer/", 0) != 0)
            continue;
        std::istringstream list(cases);
        std::string        c;
        while(std::getline(list, c, ';'))
            if(c == case_name)
                if(const double rate = r.items_per_second(name); rate > best.items_per_second)
                    best = {rate, peer_name(name)};
    }
    return best;
}

} // namespace

void register_peer_benchmarks(const std::string& benchmark_filter, const std::string& benchmark_min_time)
{
    if(!peers_run(live_facts()))
        return;
    peer_script_name = context.on_gpu ? "gpu_peers.py" : "host_peers.py";
    filter           = benchmark_filter;
    // "0.2" or, in later Google Benchmark releases, "0.2s"; an iteration
    // count ("100x") leaves the default.
    if(const double seconds = std::strtod(benchmark_min_time.c_str(), nullptr);
       seconds > 0 && benchmark_min_time.find('x') == std::string::npos)
        min_seconds = seconds;
    const script_output run = run_peer_script(peer_script_name, "list");
    std::istringstream  lines(run.text);
    std::string         line;
    while(std::getline(lines, line))
    {
        std::istringstream fields(line);
        peer               p;
        if(!(fields >> p.name >> p.cases) || p.name.rfind("peer/", 0) != 0)
            continue;
        const auto slash = p.name.find('/', 5);
        p.library        = p.name.substr(5, slash - 5);
        listed_peers.push_back(p);
    }
    if(listed_peers.empty())
    {
        // One benchmark that fails with the reason, so that the record says it.
        const std::string why = run.ran ? run.command + " listed no peers: " + run.text : "cannot run " + run.command;
        add("peer/none", [why](benchmark::State& state) { state.SkipWithError(why.c_str()); });
    }
    for(const peer& p : listed_peers)
    {
        auto* b = add(p.name, [p](benchmark::State& state) { peer_bench(state, p); });
        if(!context.on_gpu)
            b->Iterations(1); // the script's rate, read once
    }
}

std::vector<std::string> peer_headings(const run_facts& f)
{
    if(!peers_run(f))
        return {};
    if(f.on_gpu)
        return {"vs fastest peer", "fastest peer"};
    return {"fastest peer", "peer Msamples/s", "vs peer", "per core / peer"};
}

std::vector<std::string> peer_cells(const summary_reporter& r, const std::string& case_name, double rate)
{
    const std::vector<std::string> headings = peer_headings(r.facts);
    const peer_rate                best     = fastest_peer(r, case_name);
    if(best.items_per_second <= 0)
        return std::vector<std::string>(headings.size(), "-");
    const std::string ratio = format("%.2fx", rate / best.items_per_second);
    if(r.facts.on_gpu)
        return {ratio, best.name};
    return {best.name, format("%.4g", best.items_per_second / 1e6), ratio,
            format("%.2fx", rate / r.facts.cores / best.items_per_second)};
}

double fastest_peer_rate(const summary_reporter& r, const std::string& case_name)
{
    return fastest_peer(r, case_name).items_per_second;
}

void print_peer_summary(const summary_reporter& r)
{
    if(!peers_run(r.facts))
    {
        std::printf("\nPeers: absent, the emulated device is no GPU to compare with.\n");
        return;
    }
    summary_table t("peers",
                    format("Peers in this run (%s through ROCDIST_PYTHON), n = %zu%s",
                           r.facts.on_gpu ? "gpu_peers.py" : "host_peers.py", r.facts.n,
                           r.facts.on_gpu ? "" : ", one thread each"),
                    {"peer", "beside rocdist's", "Msamples/s"});
    for(const auto& [name, cases] : r.labels())
    {
        if(name.rfind("peer/", 0) != 0)
            continue;
        const auto error = r.errors().find(name);
        t.row({peer_name(name), cases,
               error != r.errors().end() ? error->second : format("%.1f", r.items_per_second(name) / 1e6)});
    }
    t.print();
}

} // namespace rocdist_bench
