// Raw words and uniforms beside cuRAND's generator on the same backend and
// beside the store bandwidth measured in the same run.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_context.hpp"
#include "curand_generator.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"
#include "store_bandwidth.hpp"

namespace rocdist_bench
{
namespace
{

using rocdist_clients::curand_generator;

rocdist_status rocdist_fill(unsigned int* out, std::size_t n) { return rocdist_generate(context.gen, out, n); }
rocdist_status rocdist_fill(float* out, std::size_t n) { return rocdist_generate_uniform(context.gen, out, n); }
rocdist_status rocdist_fill(double* out, std::size_t n) { return rocdist_generate_uniform_double(context.gen, out, n); }

// Plain 16-byte stores over the same buffer (memset on every core on the
// host), timed as the fills are.
void store_bandwidth_fill(benchmark::State& state)
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

#if ROCDIST_HAS_GPU_BACKEND
// The runtime's memset over the same buffer: on some GPUs faster than any
// kernel of plain stores.
void store_bandwidth_memset(benchmark::State& state)
{
    time_fill<double>(state, context.n, [](double* out, std::size_t n) { device_memset(out, n * sizeof(double)); });
}
#endif

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
    add("store_bandwidth/fill", store_bandwidth_fill);
#if ROCDIST_HAS_GPU_BACKEND
    if(context.on_gpu)
        add("store_bandwidth/memset", store_bandwidth_memset);
#endif
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
    const double  store = r.store_bandwidth();
    std::string   title = format("Uniforms on the %s backend, n = %zu, store bandwidth %.2f GB/s (measured in this run",
                                 r.facts.on_gpu ? "GPU" : "host", r.facts.n, store / 1e9);
    if(r.facts.on_gpu)
        title += format(": the faster of the bench's kernel, %.2f GB/s, and the runtime's memset, %.2f GB/s",
                        r.bytes_per_second("store_bandwidth/fill") / 1e9,
                        r.bytes_per_second("store_bandwidth/memset") / 1e9);
    summary_table t("uniform", title + ")",
                    joined({"type", "rocdist GB/s", "of store", "cuRAND GB/s", "rocdist / cuRAND"},
                           r.facts.on_gpu ? peer_headings(r.facts) : std::vector<std::string>{}));
    for(const char* type : {"uint32", "float", "double"})
    {
        const double ours = r.bytes_per_second(std::string("rocdist/") + type);
        const double peer = r.bytes_per_second(std::string("curand/") + type);
        // The GPU peers' uniforms (no peer makes raw words).
        std::vector<std::string> peers;
        if(r.facts.on_gpu)
            peers = peer_cells(r, std::string("uniform/") + type, r.items_per_second(std::string("rocdist/") + type));
        t.row(joined({type, format("%.2f", ours / 1e9), share(ours, store),
                      peer > 0 ? format("%.2f", peer / 1e9) : "-", ratio(ours, peer)},
                     peers));
    }
    t.print();
}

} // namespace rocdist_bench
