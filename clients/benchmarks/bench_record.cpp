// Reading a run's record back (rocdist_bench --replay=FILE): Google
// Benchmark's JSON, whose context carries the facts add_device_context
// wrote, and whose benchmarks carry their rates as counters.
#include <fstream>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "bench_context.hpp"

namespace rocdist_bench
{
namespace
{

// A benchmark's fields that are not user counters.
const std::set<std::string> standard_fields
    = {"name",       "family_index", "per_family_instance_index", "run_name",       "run_type",
       "repetitions", "repetition_index", "threads",              "iterations",     "real_time",
       "cpu_time",   "time_unit",    "label",                     "error_occurred", "error_message",
       "aggregate_name", "aggregate_unit"};

double to_milliseconds(double time, const std::string& unit)
{
    if(unit == "ns")
        return time * 1e-6;
    if(unit == "us")
        return time * 1e-3;
    if(unit == "s")
        return time * 1e3;
    return time;
}

std::string context_string(const nlohmann::json& context, const char* key)
{
    const auto it = context.find(key);
    return it != context.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

void summary_reporter::load_record(const std::string& path)
{
    std::ifstream in(path);
    if(!in)
        throw std::runtime_error("cannot read " + path);
    nlohmann::json data;
    try
    {
        data = nlohmann::json::parse(in);
        const auto& context = data.at("context");
        if(context_string(context, "rocdist_backend").empty())
            throw std::runtime_error("its context has no rocdist_backend: not a record of rocdist_bench");
        facts.on_gpu      = context_string(context, "rocdist_backend") == "gpu";
        facts.emulated    = facts.on_gpu && context_string(context, "rocdist_gpu_platform") == "emulated";
        facts.n           = std::stoull(context_string(context, "rocdist_n"));
        facts.cores       = static_cast<unsigned>(std::stoul(context_string(context, "rocdist_host_threads")));
        facts.host_target = context_string(context, "rocdist_host_target");
        for(const auto& b : data.at("benchmarks"))
        {
            if(b.value("run_type", "iteration") != "iteration")
                continue;
            std::map<std::string, double> counters;
            for(const auto& [key, value] : b.items())
                if(value.is_number() && standard_fields.count(key) == 0)
                    counters[key] = value.get<double>();
            record(b.at("name").get<std::string>(), b.value("label", ""),
                   b.value("error_occurred", false) ? b.value("error_message", "failed") : "",
                   to_milliseconds(b.value("real_time", 0.0), b.value("time_unit", "ms")), counters);
        }
    }
    catch(const std::exception& e)
    {
        throw std::runtime_error(path + ": " + e.what());
    }
}

} // namespace rocdist_bench
