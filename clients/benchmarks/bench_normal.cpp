// Normals by every method and precision (both orderings where they differ) beside
// cuRAND's curandGenerateNormal on the same backend, NumPy's single-threaded
// standard_normal (host), and the store bandwidth of this run; log-normals
// (Box-Muller) beside NumPy's lognormal.
#include <cstdint>
#include <cstdio>
#include <string>
#include <thread>

#include "bench_context.hpp"
#include "curand_generator.hpp"
#include "gpu_peers.hpp"
#include "numpy_peer.hpp"

namespace rocdist_bench
{
namespace
{

using rocdist_clients::curand_generator;

struct method_entry
{
    rocdist_normal_method method;
    const char*           name;
};

const method_entry methods[] = {{ROCDIST_NORMAL_BOX_MULLER, "box_muller"},
                                {ROCDIST_NORMAL_POLAR, "polar"},
                                {ROCDIST_NORMAL_INVERSE_CDF, "inverse_cdf"},
                                {ROCDIST_NORMAL_INVERSE_CDF_FAST, "inverse_cdf_fast"},
                                {ROCDIST_NORMAL_ZIGGURAT, "ziggurat"}};

rocdist_status normal_fill(float* out, std::size_t n) { return rocdist_generate_normal(context.gen, out, n, 0.0f, 1.0f); }
rocdist_status normal_fill(double* out, std::size_t n)
{
    return rocdist_generate_normal_double(context.gen, out, n, 0.0, 1.0);
}

template <class T, rocdist_normal_method Method, rocdist_ordering Ordering>
void rocdist_normal_bench(benchmark::State& state)
{
    check(rocdist_set_normal_method(context.gen, Method));
    check(rocdist_set_ordering(context.gen, Ordering));
    time_fill<T>(state, context.n, [](T* out, std::size_t n) { check(normal_fill(out, n)); });
    check(rocdist_set_ordering(context.gen, ROCDIST_ORDERING_REPRODUCIBLE));
    check(rocdist_set_normal_method(context.gen, ROCDIST_NORMAL_BOX_MULLER));
}

rocdist_status log_normal_fill(float* out, std::size_t n)
{
    return rocdist_generate_log_normal(context.gen, out, n, 0.0f, 1.0f);
}
rocdist_status log_normal_fill(double* out, std::size_t n)
{
    return rocdist_generate_log_normal_double(context.gen, out, n, 0.0, 1.0);
}

// Log-normals by the default method (Box-Muller), reproducible ordering.
template <class T>
void rocdist_log_normal_bench(benchmark::State& state)
{
    time_fill<T>(state, context.n, [](T* out, std::size_t n) { check(log_normal_fill(out, n)); });
}

template <class T>
void curand_normal_bench(benchmark::State& state)
{
    curand_generator peer(context.on_gpu);
    time_fill<T>(state, context.n, [&](T* out, std::size_t n) { peer.generate_normal(out, n, T(0), T(1)); });
}

template <class T, rocdist_normal_method Method>
void register_method(const std::string& name)
{
    const std::string type = sizeof(T) == sizeof(float) ? "float" : "double";
    add("normal/" + name + "/" + type + "/reproducible", rocdist_normal_bench<T, Method, ROCDIST_ORDERING_REPRODUCIBLE>);
    // Only the rejection methods have a fast layout of their own (compacted
    // chunks); on GPUs the others are timed in both to show they match.
    if(context.on_gpu || Method == ROCDIST_NORMAL_POLAR || Method == ROCDIST_NORMAL_ZIGGURAT)
        add("normal/" + name + "/" + type + "/fast", rocdist_normal_bench<T, Method, ROCDIST_ORDERING_FAST>);
}

template <class T>
void register_all_methods()
{
    register_method<T, ROCDIST_NORMAL_BOX_MULLER>("box_muller");
    register_method<T, ROCDIST_NORMAL_POLAR>("polar");
    register_method<T, ROCDIST_NORMAL_INVERSE_CDF>("inverse_cdf");
    register_method<T, ROCDIST_NORMAL_INVERSE_CDF_FAST>("inverse_cdf_fast");
    register_method<T, ROCDIST_NORMAL_ZIGGURAT>("ziggurat");
}

} // namespace

void register_normal_benchmarks()
{
    register_all_methods<float>();
    register_all_methods<double>();
    add("log_normal/box_muller/float/reproducible", rocdist_log_normal_bench<float>);
    add("log_normal/box_muller/double/reproducible", rocdist_log_normal_bench<double>);
    if(curand_generator::available(context.on_gpu))
    {
        add("curand_normal/float", curand_normal_bench<float>);
        add("curand_normal/double", curand_normal_bench<double>);
    }
}

void print_normal_summary(const summary_reporter& r)
{
    const double   store = r.store_bandwidth();
    const unsigned cores = std::thread::hardware_concurrency();
    numpy_rates    numpy;
    if(!context.on_gpu)
        numpy = measure_numpy("normal", context.n);

    std::printf("\nNormals on the %s backend, n = %zu, store bandwidth %.2f GB/s", context.on_gpu ? "GPU" : "host",
                context.n, store / 1e9);
    if(!context.on_gpu)
        std::printf(", %u cores; NumPy single-threaded (Generator.standard_normal)", cores);
    std::printf("\n%-17s %-7s %-13s %10s %8s %9s %10s", "method", "type", "ordering", "Msamples/s", "GB/s",
                "of store", "vs cuRAND");
    if(!context.on_gpu)
        std::printf(" %16s", "per core/NumPy");
    else
        std::printf(" %9s %s", "vs", "fastest peer");
    std::printf("\n");
    for(const char* type : {"float", "double"})
    {
        const double peer = r.items_per_second(std::string("curand_normal/") + type);
        const auto   np   = numpy.samples_per_second.find(type[0] == 'f' ? "float32" : "float64");
        for(const method_entry& m : methods)
            for(const char* ordering : {"reproducible", "fast"})
            {
                const std::string name = std::string("normal/") + m.name + "/" + type + "/" + ordering;
                const double      rate = r.items_per_second(name);
                if(rate == 0)
                    continue;
                std::printf("%-17s %-7s %-13s %10.1f %8.2f ", m.name, type, ordering, rate / 1e6,
                            r.bytes_per_second(name) / 1e9);
                if(store > 0)
                    std::printf("%8.1f%% ", 100 * r.bytes_per_second(name) / store);
                else
                    std::printf("%9s ", "n/a");
                if(peer > 0)
                    std::printf("%9.2fx", rate / peer);
                else
                    std::printf("%10s", "n/a");
                if(!context.on_gpu && np != numpy.samples_per_second.end())
                    std::printf(" %15.2fx", rate / cores / np->second);
                print_against_fastest_peer(r, std::string("normal/") + type, rate);
                std::printf("\n");
            }
        if(peer > 0)
            std::printf("%-17s %-7s %-13s %10.1f\n", "cuRAND", type, "(its default)", peer / 1e6);
        if(np != numpy.samples_per_second.end())
            std::printf("%-17s %-7s %-13s %10.1f\n", "NumPy, 1 thread", type, "", np->second / 1e6);
    }
    if(!numpy.unavailable.empty())
        std::printf("NumPy: %s\n", numpy.unavailable.c_str());

    // Log-normals: NumPy's Generator.lognormal has float64 only, so both
    // types are held to that rate.
    numpy_rates log_numpy;
    if(!context.on_gpu)
        log_numpy = measure_numpy("lognormal", context.n);
    const auto log_np = log_numpy.samples_per_second.find("float64");
    std::printf("\nLog-normals (Box-Muller, reproducible) on the %s backend, n = %zu", context.on_gpu ? "GPU" : "host",
                context.n);
    if(!context.on_gpu)
        std::printf(", %u cores; NumPy single-threaded (Generator.lognormal, float64 only)", cores);
    std::printf("\n%-7s %10s %8s %9s", "type", "Msamples/s", "GB/s", "of store");
    if(!context.on_gpu)
        std::printf(" %16s", "per core/NumPy");
    else
        std::printf(" %9s %s", "vs", "fastest peer");
    std::printf("\n");
    for(const char* type : {"float", "double"})
    {
        const std::string name = std::string("log_normal/box_muller/") + type + "/reproducible";
        const double      rate = r.items_per_second(name);
        if(rate == 0)
            continue;
        std::printf("%-7s %10.1f %8.2f ", type, rate / 1e6, r.bytes_per_second(name) / 1e9);
        if(store > 0)
            std::printf("%8.1f%%", 100 * r.bytes_per_second(name) / store);
        else
            std::printf("%9s", "n/a");
        if(log_np != log_numpy.samples_per_second.end())
            std::printf(" %15.2fx", rate / cores / log_np->second);
        print_against_fastest_peer(r, std::string("log_normal/") + type, rate);
        std::printf("\n");
    }
    if(log_np != log_numpy.samples_per_second.end())
        std::printf("%-7s %10.1f\n", "NumPy", log_np->second / 1e6);
    else if(!context.on_gpu)
        std::printf("NumPy: %s\n", log_numpy.unavailable.c_str());
}

} // namespace rocdist_bench
