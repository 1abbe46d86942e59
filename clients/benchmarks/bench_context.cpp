#include "bench_context.hpp"

#include <stdexcept>

#include "config.hpp"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/runtime.hpp"
#endif

namespace rocdist_bench
{

bench_context context;

void synchronize()
{
#if ROCDIST_HAS_GPU_BACKEND
    if(context.on_gpu && hipDeviceSynchronize() != hipSuccess)
        throw std::runtime_error("GPU synchronisation failed");
#endif
}

void check(rocdist_status status)
{
    if(status != ROCDIST_STATUS_SUCCESS)
        throw std::runtime_error(std::string("rocdist: ") + rocdist_get_status_string(status));
}

benchmark::internal::Benchmark* add(const std::string& name, void (*fn)(benchmark::State&))
{
    return benchmark::RegisterBenchmark(name.c_str(), fn)->UseRealTime()->Unit(benchmark::kMillisecond);
}

void summary_reporter::ReportRuns(const std::vector<Run>& runs)
{
    ConsoleReporter::ReportRuns(runs);
    for(const Run& run : runs)
    {
        if(run.run_type != Run::RT_Iteration)
            continue;
        const std::string name = run.benchmark_name();
        if(const auto it = run.counters.find("bytes_per_second"); it != run.counters.end())
            bytes_[name] = it->second.value;
        if(const auto it = run.counters.find("items_per_second"); it != run.counters.end())
            items_[name] = it->second.value;
        ms_[name] = run.GetAdjustedRealTime(); // in the run's unit: milliseconds here
        for(const auto& [counter, value] : run.counters)
            counters_[counter][name] = value.value;
    }
}

double summary_reporter::find(const std::map<std::string, double>& m, const std::string& prefix)
{
    for(const auto& [name, value] : m)
        if(name.rfind(prefix, 0) == 0)
            return value;
    return 0;
}

} // namespace rocdist_bench
