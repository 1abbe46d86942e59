// Gamma variates (Marsaglia-Tsang) by shape and precision, on the host
// generator (and, on GPUs, in both orderings), beside NumPy's single-threaded
// Generator.standard_gamma (host) and the store bandwidth of this run.
// cuRAND has no gamma, so there is no cuRAND column.
#include <cstdio>
#include <string>
#include <thread>

#include "bench_context.hpp"
#include "gpu_peers.hpp"
#include "numpy_peer.hpp"

namespace rocdist_bench
{
namespace
{

const double shapes[] = {0.5, 2.5, 10};

rocdist_status gamma_fill(float* out, std::size_t n, double shape)
{
    return rocdist_generate_gamma(context.gen, out, n, static_cast<float>(shape), 1.0f);
}
rocdist_status gamma_fill(double* out, std::size_t n, double shape)
{
    return rocdist_generate_gamma_double(context.gen, out, n, shape, 1.0);
}

std::string shape_name(double shape)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", shape);
    return buf;
}

template <class T, int ShapeIndex, rocdist_ordering Ordering>
void rocdist_gamma_bench(benchmark::State& state)
{
    check(rocdist_set_ordering(context.gen, Ordering));
    time_fill<T>(state, context.n, [](T* out, std::size_t n) { check(gamma_fill(out, n, shapes[ShapeIndex])); });
    check(rocdist_set_ordering(context.gen, ROCDIST_ORDERING_REPRODUCIBLE));
}

template <class T, int ShapeIndex>
void register_shape()
{
    const std::string type = sizeof(T) == sizeof(float) ? "float" : "double";
    const std::string name = "gamma/" + shape_name(shapes[ShapeIndex]) + "/" + type;
    add(name + "/reproducible", rocdist_gamma_bench<T, ShapeIndex, ROCDIST_ORDERING_REPRODUCIBLE>);
    // The fast ordering: compacted chunks (warp-compacted on GPUs).
    add(name + "/fast", rocdist_gamma_bench<T, ShapeIndex, ROCDIST_ORDERING_FAST>);
}

template <class T>
void register_all_shapes()
{
    register_shape<T, 0>();
    register_shape<T, 1>();
    register_shape<T, 2>();
}

} // namespace

void register_gamma_benchmarks()
{
    register_all_shapes<float>();
    register_all_shapes<double>();
}

void print_gamma_summary(const summary_reporter& r)
{
    const double   store = r.store_bandwidth();
    const unsigned cores = std::thread::hardware_concurrency();

    std::printf("\nGamma variates on the %s backend, n = %zu, store bandwidth %.2f GB/s", context.on_gpu ? "GPU" : "host",
                context.n, store / 1e9);
    if(!context.on_gpu)
        std::printf(", %u cores; NumPy single-threaded (Generator.standard_gamma)", cores);
    std::printf("\n%-6s %-7s %-13s %10s %8s %9s", "shape", "type", "ordering", "Msamples/s", "GB/s", "of store");
    if(!context.on_gpu)
        std::printf(" %16s", "per core/NumPy");
    else
        std::printf(" %9s %s", "vs", "fastest peer");
    std::printf("\n");
    for(const double shape : shapes)
    {
        numpy_rates numpy;
        if(!context.on_gpu)
            numpy = measure_numpy("gamma:" + shape_name(shape), context.n);
        for(const char* type : {"float", "double"})
        {
            const auto np = numpy.samples_per_second.find(type[0] == 'f' ? "float32" : "float64");
            for(const char* ordering : {"reproducible", "fast"})
            {
                const std::string name = "gamma/" + shape_name(shape) + "/" + type + "/" + ordering;
                const double      rate = r.items_per_second(name);
                if(rate == 0)
                    continue;
                std::printf("%-6s %-7s %-13s %10.1f %8.2f ", shape_name(shape).c_str(), type, ordering, rate / 1e6,
                            r.bytes_per_second(name) / 1e9);
                if(store > 0)
                    std::printf("%8.1f%% ", 100 * r.bytes_per_second(name) / store);
                else
                    std::printf("%9s ", "n/a");
                if(!context.on_gpu && np != numpy.samples_per_second.end())
                    std::printf(" %15.2fx", rate / cores / np->second);
                print_against_fastest_peer(r, "gamma/" + shape_name(shape) + "/" + type, rate);
                std::printf("\n");
            }
            if(np != numpy.samples_per_second.end())
                std::printf("%-6s %-7s %-13s %10.1f\n", shape_name(shape).c_str(), type, "NumPy, 1 thread",
                            np->second / 1e6);
        }
        if(!numpy.unavailable.empty())
            std::printf("NumPy: %s\n", numpy.unavailable.c_str());
    }
}

} // namespace rocdist_bench
