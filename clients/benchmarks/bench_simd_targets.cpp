// The host backend's block kernels under the second-best vector target this
// CPU runs (AVX2 on a CPU with AVX-512, NEON or SVE below SVE2), beside the
// best one, which the other benchmarks ran: the library's dispatch narrowed
// with Highway's SetSupportedTargetsForTest for these runs only
// (backend/host/simd/block_kernels.hpp), and the ratio printed; where a
// kernel has peers, its rate per core against the fastest of them under
// each target (the peers' code does not change with the target).
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "build_config.hpp" // before Highway: the targets it compiles

#include <hwy/targets.h>

#include "bench_context.hpp"
#include "bench_count_inputs.hpp"
#include "bench_input.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"

namespace rocdist_bench
{
namespace
{

// The vector targets this build compiles and this CPU runs, best first.
std::vector<std::int64_t> vector_targets()
{
    std::vector<std::int64_t> r;
    for(std::int64_t t = HWY_TARGETS & ROCDIST_HOST_SIMD_TARGETS & hwy::SupportedTargets(); t != 0; t &= t - 1)
        r.push_back(t & -t);
    return r;
}

std::int64_t second_target() { return vector_targets().at(1); }

constexpr std::size_t categories = 1000;

// Each kernel's benchmark under the best target (registered elsewhere),
// its fill here, and the case its peers stand beside ("" where none).
struct kernel_entry
{
    const char* label;
    const char* best_benchmark;
    const char* key;
    void (*fill)(benchmark::State&);
    const char* peer_case;
};

// The library's dispatch narrowed to the second target while alive.
class second_target_scope
{
public:
    second_target_scope() { hwy::SetSupportedTargetsForTest(second_target()); }
    ~second_target_scope() { hwy::SetSupportedTargetsForTest(0); }
    second_target_scope(const second_target_scope&)            = delete;
    second_target_scope& operator=(const second_target_scope&) = delete;
};

template <class T, class Fill>
void under_second_target(benchmark::State& state, Fill&& fill)
{
    const second_target_scope scope;
    time_fill<T>(state, context.n, fill);
}

void words(benchmark::State& state)
{
    under_second_target<unsigned int>(state,
                                      [](unsigned int* out, std::size_t n) { check(rocdist_generate(context.gen, out, n)); });
}

void uniform_floats(benchmark::State& state)
{
    under_second_target<float>(state,
                               [](float* out, std::size_t n) { check(rocdist_generate_uniform(context.gen, out, n)); });
}

void uniform_doubles(benchmark::State& state)
{
    under_second_target<double>(
        state, [](double* out, std::size_t n) { check(rocdist_generate_uniform_double(context.gen, out, n)); });
}

template <rocdist_normal_method Method>
void normals(benchmark::State& state)
{
    check(rocdist_set_normal_method(context.gen, Method));
    under_second_target<float>(
        state, [](float* out, std::size_t n) { check(rocdist_generate_normal(context.gen, out, n, 0.0f, 1.0f)); });
    check(rocdist_set_normal_method(context.gen, ROCDIST_NORMAL_BOX_MULLER));
}

template <rocdist_normal_method Method>
void normal_doubles(benchmark::State& state)
{
    check(rocdist_set_normal_method(context.gen, Method));
    under_second_target<double>(
        state, [](double* out, std::size_t n) { check(rocdist_generate_normal_double(context.gen, out, n, 0.0, 1.0)); });
    check(rocdist_set_normal_method(context.gen, ROCDIST_NORMAL_BOX_MULLER));
}

// Float gamma at the shape of bench_gamma.cpp's middle row.
void gamma_floats(benchmark::State& state)
{
    under_second_target<float>(
        state, [](float* out, std::size_t n) { check(rocdist_generate_gamma(context.gen, out, n, 2.5f, 1.0f)); });
}

// The weights of bench_categorical.cpp's k = 1000 row: uniform in [0, 1)
// from the same seed.
void categorical(benchmark::State& state)
{
    std::mt19937                          rng(static_cast<unsigned>(categories));
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::vector<float>                    weights(categories);
    for(float& w : weights)
        w = u(rng);
    rocdist_categorical table = nullptr;
    check(rocdist_create_categorical(context.gen, weights.data(), categories, &table));
    under_second_target<unsigned int>(state, [&](unsigned int* out, std::size_t n) {
        check(rocdist_generate_categorical(context.gen, table, out, n));
    });
    check(rocdist_destroy_categorical(table));
}

// The count calls whose vector kernels gain the most from wider vectors
// (their tests and their Philox draws), with bench_counts.cpp's parameters.
void poisson_lambdas(benchmark::State& state)
{
    const bench_input<double> lambdas(bench_lambdas(context.n));
    under_second_target<unsigned int>(state, [&](unsigned int* out, std::size_t n) {
        check(rocdist_generate_poisson_lambdas(context.gen, out, n, lambdas.data()));
    });
}

void binomial_largest(benchmark::State& state)
{
    under_second_target<unsigned int>(state, [](unsigned int* out, std::size_t n) {
        check(rocdist_generate_binomial(context.gen, out, n, 2147483647u, 0.5));
    });
}

void binomial_parameters(benchmark::State& state)
{
    const bench_input<unsigned int> trials(bench_trials(context.n));
    const bench_input<double>       p(bench_probabilities(context.n));
    under_second_target<unsigned int>(state, [&](unsigned int* out, std::size_t n) {
        check(rocdist_generate_binomial_parameters(context.gen, out, n, trials.data(), p.data()));
    });
}

void exponential_doubles(benchmark::State& state)
{
    under_second_target<double>(
        state, [](double* out, std::size_t n) { check(rocdist_generate_exponential_double(context.gen, out, n, 1.0)); });
}

const kernel_entry kernels[] = {
    {"uint32", "rocdist/uint32", "uint32", words, ""},
    {"uniform float", "rocdist/float", "float", uniform_floats, ""},
    {"uniform double", "rocdist/double", "double", uniform_doubles, ""},
    {"Box-Muller float", "normal/box_muller/float/reproducible", "box_muller/float", normals<ROCDIST_NORMAL_BOX_MULLER>,
     "normal/float"},
    {"ziggurat float", "normal/ziggurat/float/reproducible", "ziggurat/float", normals<ROCDIST_NORMAL_ZIGGURAT>,
     "normal/float"},
    {"ziggurat double", "normal/ziggurat/double/reproducible", "ziggurat/double",
     normal_doubles<ROCDIST_NORMAL_ZIGGURAT>, "normal/double"},
    {"gamma 2.5 float", "gamma/2.5/float/reproducible", "gamma/2.5/float", gamma_floats, "gamma/2.5/float"},
    {"categorical k=1000", "categorical/sample/k=1000/", "categorical/k=1000", categorical, "categorical/k=1000"},
    {"Poisson, per-element lambdas", "poisson_lambdas/uint32", "poisson_lambdas", poisson_lambdas,
     "poisson_lambdas/uint32"},
    {"binomial (2^31 - 1, 0.5)", "binomial/2147483647,0.5/uint32", "binomial/2147483647,0.5", binomial_largest,
     "binomial/2147483647,0.5/uint32"},
    {"binomial, per-element parameters", "binomial_parameters/uint32", "binomial_parameters", binomial_parameters,
     "binomial_parameters/uint32"},
    {"exponential double", "exponential/double", "exponential/double", exponential_doubles, "exponential/double"},
};

std::string second_name(const kernel_entry& k, const std::string& target)
{
    return "second_target/" + target + "/" + k.key + "/";
}

// The target of the second_target/ benchmarks that ran.
std::string second_target_run(const summary_reporter& r)
{
    for(const auto& [name, label] : r.labels())
        if(name.rfind("second_target/", 0) == 0)
            return name.substr(14, name.find('/', 14) - 14);
    return "";
}

} // namespace

std::string host_target_name()
{
    const auto targets = vector_targets();
    return hwy::TargetName(targets.empty() ? HWY_SCALAR : targets[0]);
}

void register_simd_target_benchmarks()
{
    if(context.on_gpu || vector_targets().size() < 2)
        return;
    for(const kernel_entry& k : kernels)
        add(second_name(k, hwy::TargetName(second_target())), k.fill);
}

void print_simd_target_summary(const summary_reporter& r)
{
    const std::string second = second_target_run(r);
    if(r.facts.on_gpu || second.empty())
        return;
    const std::string& best = r.facts.host_target;
    summary_table      t("simd_targets",
                         format("Host block kernels by Highway target, n = %zu: %s (the best this CPU runs, as above) "
                                "and %s",
                                r.facts.n, best.c_str(), second.c_str()),
                         {"kernel", best + " GB/s", second + " GB/s", best + " / " + second,
                          best + " per core / peer", second + " per core / peer"});
    // rocdist's rate per core against the kernel's fastest peer, or "-".
    const auto per_core = [&](const kernel_entry& k, const std::string& benchmark) {
        const double peer = *k.peer_case != 0 ? fastest_peer_rate(r, k.peer_case) : 0;
        return peer > 0 ? format("%.2fx", r.items_per_second(benchmark) / r.facts.cores / peer) : std::string("-");
    };
    for(const kernel_entry& k : kernels)
    {
        const std::string second_benchmark = second_name(k, second);
        const double      a                = r.bytes_per_second(k.best_benchmark);
        const double      b                = r.bytes_per_second(second_benchmark);
        if(a > 0 && b > 0)
            t.row({k.label, format("%.2f", a / 1e9), format("%.2f", b / 1e9), format("%.2fx", a / b),
                   per_core(k, k.best_benchmark), per_core(k, second_benchmark)});
    }
    t.print();
}

} // namespace rocdist_bench
