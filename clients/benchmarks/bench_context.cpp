#include "bench_context.hpp"

#include <algorithm>
#include <stdexcept>

#include "build_config.hpp"

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

double device_seconds(const std::function<void()>& launch)
{
#if ROCDIST_HAS_GPU_BACKEND
    static hipEvent_t start = nullptr, stop = nullptr;
    if(start == nullptr && (hipEventCreate(&start) != hipSuccess || hipEventCreate(&stop) != hipSuccess))
        throw std::runtime_error("cannot create GPU events");
    float ms = 0;
    if(hipEventRecord(start, nullptr) != hipSuccess)
        throw std::runtime_error("cannot record a GPU event");
    launch();
    if(hipEventRecord(stop, nullptr) != hipSuccess || hipEventSynchronize(stop) != hipSuccess
       || hipEventElapsedTime(&ms, start, stop) != hipSuccess)
        throw std::runtime_error("GPU event timing failed");
    return 1e-3 * ms;
#else
    (void)launch;
    throw std::logic_error("device_seconds needs a GPU backend");
#endif
}

void add_device_context()
{
    benchmark::AddCustomContext("rocdist_backend", context.on_gpu ? "gpu" : "host");
    benchmark::AddCustomContext("rocdist_n", std::to_string(context.n));
#if ROCDIST_HAS_GPU_BACKEND && !ROCDIST_GPU_EMULATED
    int             device = 0, driver = 0, runtime = 0;
    hipDeviceProp_t prop{};
    if(!context.on_gpu || hipGetDevice(&device) != hipSuccess || hipGetDeviceProperties(&prop, device) != hipSuccess)
        return;
    (void)hipDriverGetVersion(&driver);
    (void)hipRuntimeGetVersion(&runtime);
    benchmark::AddCustomContext("gpu_name", prop.name);
    benchmark::AddCustomContext("gpu_compute_capability", std::to_string(prop.major) + "." + std::to_string(prop.minor));
    benchmark::AddCustomContext("gpu_multiprocessors", std::to_string(prop.multiProcessorCount));
    benchmark::AddCustomContext("gpu_memory_bytes", std::to_string(prop.totalGlobalMem));
    benchmark::AddCustomContext("gpu_driver_api_version", std::to_string(driver));
    benchmark::AddCustomContext("gpu_runtime_version", std::to_string(runtime));
#endif
}

benchmark::internal::Benchmark* add(const std::string& name, std::function<void(benchmark::State&)> fn)
{
    auto* b = benchmark::RegisterBenchmark(name.c_str(), std::move(fn))->Unit(benchmark::kMillisecond);
    return context.on_gpu ? b->UseManualTime() : b->UseRealTime();
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

double summary_reporter::store_bandwidth() const
{
    double fastest = 0;
    for(const auto& [name, value] : bytes_)
        if(name.rfind("store_bandwidth/", 0) == 0)
            fastest = std::max(fastest, value);
    return fastest;
}

double summary_reporter::find(const std::map<std::string, double>& m, const std::string& prefix)
{
    for(const auto& [name, value] : m)
        if(name.rfind(prefix, 0) == 0)
            return value;
    return 0;
}

} // namespace rocdist_bench
