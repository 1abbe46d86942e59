#include "bench_context.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "backend/host/parallel_for.hpp"
#include "build_config.hpp"
#include "summary_table.hpp"

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

namespace
{

// The CPU's model name as Linux reports it, or "unknown".
std::string cpu_model()
{
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string   line;
    while(std::getline(cpuinfo, line))
        if(line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            return line.substr(line.find(':') + 2);
    return "unknown";
}

} // namespace

run_facts live_facts()
{
    run_facts f;
    f.on_gpu      = context.on_gpu;
    f.emulated    = context.on_gpu && ROCDIST_GPU_EMULATED;
    f.n           = context.n;
    f.cores       = static_cast<unsigned>(rocdist::host::usable_cpus());
    f.host_target = host_target_name();
    return f;
}

void add_device_context()
{
    const run_facts f = live_facts();
    benchmark::AddCustomContext("rocdist_backend", f.on_gpu ? "gpu" : "host");
    benchmark::AddCustomContext("rocdist_gpu_platform", ROCDIST_GPU_EMULATED ? "emulated"
                                                        : ROCDIST_GPU_CUDA   ? "cuda"
                                                        : ROCDIST_GPU_HIP    ? "hip"
                                                                             : "none");
    benchmark::AddCustomContext("rocdist_build_type", ROCDIST_BUILD_TYPE);
    benchmark::AddCustomContext("rocdist_n", std::to_string(f.n));
    benchmark::AddCustomContext("rocdist_host_threads", std::to_string(f.cores));
    benchmark::AddCustomContext("rocdist_host_target", f.host_target);
    benchmark::AddCustomContext("host_cpu", cpu_model());
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
        std::map<std::string, double> counters;
        for(const auto& [counter, value] : run.counters)
            counters[counter] = value.value;
        // In the run's unit: milliseconds here (add()).
        record(run.benchmark_name(), run.report_label, run.error_occurred ? run.error_message : "",
               run.GetAdjustedRealTime(), counters);
    }
}

void summary_reporter::record(const std::string& name, const std::string& label, const std::string& error, double ms,
                              const std::map<std::string, double>& counters)
{
    if(labels_.count(name) == 0)
        names_.push_back(name);
    labels_[name] = label;
    if(!error.empty())
    {
        errors_[name] = error;
        return;
    }
    ms_[name] = ms;
    for(const auto& [counter, value] : counters)
    {
        counters_[counter][name] = value;
        if(counter == "bytes_per_second")
            bytes_[name] = value;
        if(counter == "items_per_second")
            items_[name] = value;
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

std::string run_title(const summary_reporter& r)
{
    return format("on the %s backend, n = %zu, store bandwidth %.2f GB/s%s", r.facts.on_gpu ? "GPU" : "host", r.facts.n,
                  r.store_bandwidth() / 1e9, r.facts.on_gpu ? "" : format(", %u cores", r.facts.cores).c_str());
}

double summary_reporter::find(const std::map<std::string, double>& m, const std::string& prefix)
{
    for(const auto& [name, value] : m)
        if(name.rfind(prefix, 0) == 0)
            return value;
    return 0;
}

} // namespace rocdist_bench
