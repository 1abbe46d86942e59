// Gamma variates (Marsaglia-Tsang) by shape and precision, on the host
// generator (and, on GPUs, in both orderings), beside NumPy's single-threaded
// Generator.standard_gamma (host) and the store bandwidth of this run.
// cuRAND has no gamma, so there is no cuRAND column.
#include <cstdio>
#include <string>

#include "bench_context.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"

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
    const double  store = r.store_bandwidth();
    summary_table t("gamma",
                    "Gamma variates " + run_title(r),
                    joined({"shape", "type", "ordering", "Msamples/s", "GB/s", "of store"}, peer_headings(r.facts)));
    for(const double shape : shapes)
        for(const char* type : {"float", "double"})
            for(const char* ordering : {"reproducible", "fast"})
            {
                const std::string name = "gamma/" + shape_name(shape) + "/" + type + "/" + ordering;
                const double      rate = r.items_per_second(name);
                if(rate > 0)
                    t.row(joined({shape_name(shape), type, ordering, format("%.1f", rate / 1e6),
                                  format("%.2f", r.bytes_per_second(name) / 1e9),
                                  share(r.bytes_per_second(name), store)},
                                 peer_cells(r, "gamma/" + shape_name(shape) + "/" + type, rate)));
            }
    t.print();
}

} // namespace rocdist_bench
