// Normals by every method and precision (both orderings where they differ) beside
// cuRAND's curandGenerateNormal on the same backend, NumPy's single-threaded
// standard_normal (host), and the store bandwidth of this run; log-normals
// (Box-Muller) beside NumPy's lognormal.
#include <cstdint>
#include <cstdio>
#include <string>

#include "bench_context.hpp"
#include "curand_generator.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"

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
                                {ROCDIST_NORMAL_ZIGGURAT, "ziggurat"},
                                {ROCDIST_NORMAL_BOX_MULLER_FAST, "box_muller_fast"}};

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
    // Float on GPUs only: doubles and the host run the default's kernels.
    if(sizeof(T) == sizeof(float) && context.on_gpu)
        register_method<T, ROCDIST_NORMAL_BOX_MULLER_FAST>("box_muller_fast");
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
    const double store = r.store_bandwidth();
    const char*  where = r.facts.on_gpu ? "GPU" : "host";
    summary_table t("normal",
                    "Normals " + run_title(r),
                    joined({"method", "type", "ordering", "Msamples/s", "GB/s", "of store", "vs cuRAND"},
                           peer_headings(r.facts)));
    for(const char* type : {"float", "double"})
    {
        const double curand = r.items_per_second(std::string("curand_normal/") + type);
        for(const method_entry& m : methods)
            for(const char* ordering : {"reproducible", "fast"})
            {
                const std::string name = std::string("normal/") + m.name + "/" + type + "/" + ordering;
                const double      rate = r.items_per_second(name);
                if(rate == 0)
                    continue;
                t.row(joined({m.name, type, ordering, format("%.1f", rate / 1e6),
                              format("%.2f", r.bytes_per_second(name) / 1e9), share(r.bytes_per_second(name), store),
                              ratio(rate, curand)},
                             peer_cells(r, std::string("normal/") + type, rate)));
            }
        if(curand > 0)
            t.row({"cuRAND", type, "its default", format("%.1f", curand / 1e6)});
    }
    t.print();

    summary_table log_t("log_normal",
                        format("Log-normals (Box-Muller, reproducible) on the %s backend, n = %zu%s", where, r.facts.n,
                               r.facts.on_gpu ? "" : format(", %u cores", r.facts.cores).c_str()),
                        joined({"type", "Msamples/s", "GB/s", "of store"}, peer_headings(r.facts)));
    for(const char* type : {"float", "double"})
    {
        const std::string name = std::string("log_normal/box_muller/") + type + "/reproducible";
        const double      rate = r.items_per_second(name);
        if(rate > 0)
            log_t.row(joined({type, format("%.1f", rate / 1e6), format("%.2f", r.bytes_per_second(name) / 1e9),
                              share(r.bytes_per_second(name), store)},
                             peer_cells(r, std::string("log_normal/") + type, rate)));
    }
    log_t.print();
}

} // namespace rocdist_bench
