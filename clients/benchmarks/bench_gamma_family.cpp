// The distributions built on gamma variates, float and double: gamma with a
// shape per element (shapes uniform in [0.5, 10], one array of n shapes in
// memory of the benchmarked backend), Beta(2.5, 1.5) and Beta(0.2, 0.3),
// and Dirichlet rows of k = 10 (alpha = 0.5, 1.5, ..., 9.5, and the same
// times 0.1), beside NumPy's single-threaded
// Generator.standard_gamma(shape_array), Generator.beta and
// Generator.dirichlet (float64 only, as NumPy has no float32 beta or
// Dirichlet) and the store bandwidth of this run. The small shapes are the
// host's other path: ratios formed from the variates' logarithms.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bench_context.hpp"
#include "bench_input.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"

namespace rocdist_bench
{
namespace
{

constexpr std::size_t dirichlet_k = 10;

template <class T>
std::vector<T> bench_shapes(std::size_t n)
{
    std::vector<T>                    shapes(n);
    std::mt19937                      rng(77);
    std::uniform_real_distribution<T> u(T(0.5), T(10));
    for(T& s : shapes)
        s = u(rng);
    return shapes;
}

// (a, b) of the beta rows, and the step of the Dirichlet rows' alpha =
// (j + 1/2) step; their names are the cases of the peer scripts.
struct beta_case
{
    const char* name;
    double      a, b;
};
const beta_case beta_cases[] = {{"beta/2.5,1.5", 2.5, 1.5}, {"beta/0.2,0.3", 0.2, 0.3}};

struct dirichlet_case
{
    const char* name;
    double      step;
};
const dirichlet_case dirichlet_cases[] = {{"dirichlet/k=10", 1.0}, {"dirichlet/k=10,x0.1", 0.1}};

template <class T>
std::vector<T> bench_alpha(double step)
{
    std::vector<T> alpha(dirichlet_k);
    for(std::size_t j = 0; j < dirichlet_k; ++j)
        alpha[j] = T((0.5 + j) * step);
    return alpha;
}

rocdist_status shapes_fill(float* out, std::size_t n, const float* shapes)
{
    return rocdist_generate_gamma_shapes(context.gen, out, n, shapes, 1.0f);
}
rocdist_status shapes_fill(double* out, std::size_t n, const double* shapes)
{
    return rocdist_generate_gamma_shapes_double(context.gen, out, n, shapes, 1.0);
}
rocdist_status beta_fill(float* out, std::size_t n, double a, double b)
{
    return rocdist_generate_beta(context.gen, out, n, float(a), float(b));
}
rocdist_status beta_fill(double* out, std::size_t n, double a, double b)
{
    return rocdist_generate_beta_double(context.gen, out, n, a, b);
}
rocdist_status dirichlet_fill(float* out, std::size_t rows, const float* alpha)
{
    return rocdist_generate_dirichlet(context.gen, out, rows, alpha, dirichlet_k);
}
rocdist_status dirichlet_fill(double* out, std::size_t rows, const double* alpha)
{
    return rocdist_generate_dirichlet_double(context.gen, out, rows, alpha, dirichlet_k);
}

template <class T>
const char* type_name()
{
    return sizeof(T) == sizeof(float) ? "float" : "double";
}

template <class T>
void register_type()
{
    const std::string type = type_name<T>();
    add("gamma_shapes/" + type, [](benchmark::State& state) {
        const bench_input<T> shapes(bench_shapes<T>(context.n));
        time_fill<T>(state, context.n,
                     [&](T* out, std::size_t n) { check(shapes_fill(out, n, shapes.data())); });
    });
    for(const beta_case& c : beta_cases)
        add(std::string(c.name) + "/" + type, [&c](benchmark::State& state) {
            time_fill<T>(state, context.n, [&](T* out, std::size_t n) { check(beta_fill(out, n, c.a, c.b)); });
        });
    for(const dirichlet_case& c : dirichlet_cases)
        add(std::string(c.name) + "/" + type, [&c](benchmark::State& state) {
            const bench_input<T> alpha(bench_alpha<T>(c.step));
            const std::size_t    rows = context.n / dirichlet_k;
            time_fill<T>(state, rows * dirichlet_k,
                         [&](T* out, std::size_t n) { check(dirichlet_fill(out, n / dirichlet_k, alpha.data())); });
        });
}

} // namespace

void register_gamma_family_benchmarks()
{
    register_type<float>();
    register_type<double>();
}

void print_gamma_family_summary(const summary_reporter& r)
{
    const double  store = r.store_bandwidth();
    summary_table t("gamma_family",
                    "Gamma with a shape per element (uniform in [0.5, 10]), beta and Dirichlet (k = 10, alpha = "
                    "0.5 .. 9.5, or 0.05 .. 0.95: x0.1) "
                        + run_title(r),
                    joined({"distribution", "type", "Mvalues/s", "GB/s", "of store"}, peer_headings(r.facts)));
    std::vector<const char*> rows = {"gamma_shapes"};
    for(const beta_case& c : beta_cases)
        rows.push_back(c.name);
    for(const dirichlet_case& c : dirichlet_cases)
        rows.push_back(c.name);
    for(const char* row : rows)
        for(const char* type : {"float", "double"})
        {
            const std::string name = std::string(row) + "/" + type;
            const double      rate = r.items_per_second(name);
            if(rate > 0)
                t.row(joined({row, type, format("%.1f", rate / 1e6), format("%.2f", r.bytes_per_second(name) / 1e9),
                              share(r.bytes_per_second(name), store)},
                             peer_cells(r, name, rate)));
        }
    t.print();
}

} // namespace rocdist_bench
