// rocdist's bench client: raw words and uniforms on the best backend present
// (the GPU when a GPU generator can be created, else the host), beside
// cuRAND's generator on the same backend and beside the store bandwidth that
// this program measures in the same run. Ends with a table of both ratios.
//
//   rocdist_bench [--n=ELEMENTS] [--backend=host|gpu] [Google Benchmark flags]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "config.hpp"
#include "curand_generator.hpp"
#include "rocdist/rocdist.h"
#include "store_bandwidth.hpp"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/runtime.hpp"
#endif

namespace
{

using rocdist_clients::curand_generator;

struct bench_context
{
    bool              on_gpu = false;
    std::size_t       n      = std::size_t(1) << 24;
    rocdist_generator gen    = nullptr;
    void*             buffer = nullptr; // n doubles of the backend's memory
    std::vector<double> host_buffer;
};

bench_context context;

void synchronize()
{
#if ROCDIST_HAS_GPU_BACKEND
    if(context.on_gpu && hipDeviceSynchronize() != hipSuccess)
        throw std::runtime_error("GPU synchronisation failed");
#endif
}

void check(rocdist_status s)
{
    if(s != ROCDIST_STATUS_SUCCESS)
        throw std::runtime_error(std::string("rocdist: ") + rocdist_get_status_string(s));
}

rocdist_status rocdist_fill(unsigned int* out, std::size_t n) { return rocdist_generate(context.gen, out, n); }
rocdist_status rocdist_fill(float* out, std::size_t n) { return rocdist_generate_uniform(context.gen, out, n); }
rocdist_status rocdist_fill(double* out, std::size_t n) { return rocdist_generate_uniform_double(context.gen, out, n); }

void store_bandwidth(benchmark::State& state)
{
    const std::size_t bytes = context.n * sizeof(double);
    for(auto _ : state)
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(context.on_gpu)
            rocdist_bench::device_fill(context.buffer, bytes);
        else
#endif
            rocdist_bench::host_fill(context.buffer, bytes);
        synchronize();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

template <class T>
void rocdist_generate_bench(benchmark::State& state)
{
    auto* out = static_cast<T*>(context.buffer);
    for(auto _ : state)
    {
        check(rocdist_fill(out, context.n));
        synchronize();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * context.n * sizeof(T)));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * context.n));
}

template <class T>
void curand_generate_bench(benchmark::State& state)
{
    curand_generator peer(context.on_gpu);
    auto*            out = static_cast<T*>(context.buffer);
    for(auto _ : state)
    {
        peer.generate(out, context.n);
        synchronize();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * context.n * sizeof(T)));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * context.n));
}

// Prints Google Benchmark's usual lines, keeps each run's bytes/s, and after
// the run prints rocdist against the store bandwidth and against cuRAND.
class summary_reporter : public benchmark::ConsoleReporter
{
public:
    void ReportRuns(const std::vector<Run>& runs) override
    {
        ConsoleReporter::ReportRuns(runs);
        for(const Run& run : runs)
        {
            const auto it = run.counters.find("bytes_per_second");
            if(run.run_type == Run::RT_Iteration && it != run.counters.end())
                rate_[run.benchmark_name()] = it->second.value;
        }
    }

    void print_summary(const char* backend) const
    {
        const double store = rate("store_bandwidth");
        std::printf("\nrocdist on the %s backend, n = %zu, store bandwidth %.2f GB/s (measured in this run)\n",
                    backend, context.n, store / 1e9);
        std::printf("%-8s %12s %14s %12s %16s\n", "type", "rocdist GB/s", "of store bw", "cuRAND GB/s", "rocdist/cuRAND");
        for(const char* type : {"uint32", "float", "double"})
        {
            const double ours = rate(std::string("rocdist/") + type);
            const double peer = rate(std::string("curand/") + type);
            std::printf("%-8s %12.2f %13.1f%% ", type, ours / 1e9, 100 * ours / store);
            if(peer > 0)
                std::printf("%12.2f %15.2fx\n", peer / 1e9, ours / peer);
            else
                std::printf("%12s %16s\n", "n/a", "n/a");
        }
    }

private:
    double rate(const std::string& prefix) const
    {
        for(const auto& [name, value] : rate_)
            if(name.rfind(prefix, 0) == 0)
                return value;
        return 0;
    }

    std::map<std::string, double> rate_;
};

// Parses and removes rocdist's own flags; Google Benchmark takes the rest.
void parse_own_flags(int& argc, char** argv, std::string& backend)
{
    int kept = 1;
    for(int i = 1; i < argc; ++i)
    {
        if(std::strncmp(argv[i], "--n=", 4) == 0)
            context.n = std::strtoull(argv[i] + 4, nullptr, 10);
        else if(std::strncmp(argv[i], "--backend=", 10) == 0)
            backend = argv[i] + 10;
        else
            argv[kept++] = argv[i];
    }
    argc = kept;
}

} // namespace

int main(int argc, char** argv)
{
    std::string backend = "best";
    parse_own_flags(argc, argv, backend);
    benchmark::Initialize(&argc, argv);

    rocdist_status gpu_status = ROCDIST_STATUS_NO_DEVICE;
    if(backend != "host")
        gpu_status = rocdist_create_generator(&context.gen, ROCDIST_RNG_PHILOX4X32_10);
    context.on_gpu = gpu_status == ROCDIST_STATUS_SUCCESS;
    if(backend == "gpu" && !context.on_gpu)
    {
        std::fprintf(stderr, "rocdist_bench: no GPU generator: %s\n", rocdist_get_status_string(gpu_status));
        return 1;
    }
    if(!context.on_gpu)
    {
        if(backend == "best")
            std::printf("No GPU generator (%s)\nBenchmarking the host backend.\n", rocdist_get_status_string(gpu_status));
        check(rocdist_create_generator_host(&context.gen, ROCDIST_RNG_PHILOX4X32_10));
        context.host_buffer.resize(context.n);
        context.buffer = context.host_buffer.data();
    }
    else
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(hipMalloc(&context.buffer, context.n * sizeof(double)) != hipSuccess)
        {
            std::fprintf(stderr, "rocdist_bench: cannot allocate %zu doubles on the GPU\n", context.n);
            return 1;
        }
#endif
    }

    benchmark::RegisterBenchmark("store_bandwidth", store_bandwidth)->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("rocdist/uint32", rocdist_generate_bench<unsigned int>)->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("rocdist/float", rocdist_generate_bench<float>)->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("rocdist/double", rocdist_generate_bench<double>)->UseRealTime()->Unit(benchmark::kMillisecond);
    if(curand_generator::available(context.on_gpu))
    {
        benchmark::RegisterBenchmark("curand/uint32", curand_generate_bench<unsigned int>)->UseRealTime()->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark("curand/float", curand_generate_bench<float>)->UseRealTime()->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark("curand/double", curand_generate_bench<double>)->UseRealTime()->Unit(benchmark::kMillisecond);
    }

    summary_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.print_summary(context.on_gpu ? "GPU" : "host");
    benchmark::Shutdown();

#if ROCDIST_HAS_GPU_BACKEND
    if(context.on_gpu)
        (void)hipFree(context.buffer);
#endif
    rocdist_destroy_generator(context.gen);
    return 0;
}
