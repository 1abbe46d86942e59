// Raw words and uniforms beside cuRAND's generator on the same backend and
// beside the store bandwidth measured in the same run.
#include <cstdint>
#include <cstdio>
#include <string>

#include "bench_context.hpp"
#include "curand_generator.hpp"
#include "store_bandwidth.hpp"

namespace rocdist_bench
{
namespace
{

using rocdist_clients::curand_generator;

rocdist_status rocdist_fill(unsigned int* out, std::size_t n) { return rocdist_generate(context.gen, out, n); }
rocdist_status rocdist_fill(float* out, std::size_t n) { return rocdist_generate_uniform(context.gen, out, n); }
rocdist_status rocdist_fill(double* out, std::size_t n) { return rocdist_generate_uniform_double(context.gen, out, n); }

// Plain 16-byte stores over the same buffer, timed as the fills are.
void store_bandwidth(benchmark::State& state)
{
    time_fill<double>(state, context.n, [](double* out, std::size_t n) {
#if ROCDIST_HAS_GPU_BACKEND
        if(context.on_gpu)
            device_fill(out, n * sizeof(double));
        else
#endif
            host_fill(out, n * sizeof(double));
    });
}

template <class T>
void rocdist_generate_bench(benchmark::State& state)
{
    time_fill<T>(state, context.n, [](T* out, std::size_t n) { check(rocdist_fill(out, n)); });
}

template <class T>
void curand_generate_bench(benchmark::State& state)
{
    curand_generator peer(context.on_gpu);
    time_fill<T>(state, context.n, [&](T* out, std::size_t n) { peer.generate(out, n); });
}

} // namespace

void register_uniform_benchmarks()
{
    add("store_bandwidth", store_bandwidth);
    add("rocdist/uint32", rocdist_generate_bench<unsigned int>);
    add("rocdist/float", rocdist_generate_bench<float>);
    add("rocdist/double", rocdist_generate_bench<double>);
    if(curand_generator::available(context.on_gpu))
    {
        add("curand/uint32", curand_generate_bench<unsigned int>);
        add("curand/float", curand_generate_bench<float>);
        add("curand/double", curand_generate_bench<double>);
    }
}

void print_uniform_summary(const summary_reporter& r)
{
    const double store = r.bytes_per_second("store_bandwidth");
    std::printf("\nUniforms on the %s backend, n = %zu, store bandwidth %.2f GB/s (measured in this run)\n",
                context.on_gpu ? "GPU" : "host", context.n, store / 1e9);
    std::printf("%-8s %12s %14s %12s %16s\n", "type", "rocdist GB/s", "of store bw", "cuRAND GB/s", "rocdist/cuRAND");
    for(const char* type : {"uint32", "float", "double"})
    {
        const double ours = r.bytes_per_second(std::string("rocdist/") + type);
        const double peer = r.bytes_per_second(std::string("curand/") + type);
        std::printf("%-8s %12.2f %13.1f%% ", type, ours / 1e9, 100 * ours / store);
        if(peer > 0)
            std::printf("%12.2f %15.2fx\n", peer / 1e9, ours / peer);
        else
            std::printf("%12s %16s\n", "n/a", "n/a");
    }
}

} // namespace rocdist_bench
