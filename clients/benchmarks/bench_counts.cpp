// Poisson, binomial and exponential variates, a case in each region of each
// method: Poisson at lambda 1 and 9.99 (inversion), 10, 1000 and 10^6
// (PTRS); binomial at (20, 0.3) (inversion), (1000, 0.3) and (2^31 - 1,
// 0.5) (BTRS); exponential floats and doubles at rate 1; and the
// per-element forms once each, with mixed parameters (lambdas
// log-uniform in [0.1, 10^6]; trials uniform in 1 .. 1000 with p uniform
// in [0, 1), so both methods run in one call). Beside cuRAND's
// curandGeneratePoisson on the same backend, the peers of the scripts
// (host_peers.py, gpu_peers.py: the cases are these benchmarks' names) and
// the store bandwidth of this run. Both orderings give the same values
// through the same code, so the reproducible one alone is timed.
#include <cmath>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_context.hpp"
#include "bench_count_inputs.hpp"
#include "bench_input.hpp"
#include "curand_generator.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"

namespace rocdist_bench
{
namespace
{

using rocdist_clients::curand_generator;

// A case: its name in the benchmarks' names, its method, and its parameters.
struct poisson_case
{
    const char* name;
    const char* method;
    double      lambda;
};
const poisson_case poisson_cases[] = {{"1", "inversion", 1},
                                      {"9.99", "inversion", 9.99},
                                      {"10", "PTRS", 10},
                                      {"1000", "PTRS", 1000},
                                      {"1e6", "PTRS", 1e6}};

struct binomial_case
{
    const char*  name;
    const char*  method;
    unsigned int trials;
    double       p;
};
const binomial_case binomial_cases[] = {{"20,0.3", "inversion", 20, 0.3},
                                        {"1000,0.3", "BTRS", 1000, 0.3},
                                        {"2147483647,0.5", "BTRS", 2147483647u, 0.5}};

rocdist_status exponential_fill(float* out, std::size_t n)
{
    return rocdist_generate_exponential(context.gen, out, n, 1.0f);
}
rocdist_status exponential_fill(double* out, std::size_t n)
{
    return rocdist_generate_exponential_double(context.gen, out, n, 1.0);
}

std::string poisson_name(const poisson_case& c) { return std::string("poisson/") + c.name + "/uint32"; }
std::string binomial_name(const binomial_case& c) { return std::string("binomial/") + c.name + "/uint32"; }

// cuRAND's Poisson at the case's lambda, or the benchmark's error where
// cuRAND refuses it (its documented limit is lambda <= 400000).
void curand_poisson_bench(benchmark::State& state, const poisson_case& c)
{
    curand_generator peer(context.on_gpu);
    auto*            probe = static_cast<unsigned int*>(context.buffer);
    try
    {
        peer.generate_poisson(probe, 1, c.lambda);
    }
    catch(const std::runtime_error& e)
    {
        state.SkipWithError((std::string("cuRAND refuses lambda = ") + c.name + ": " + e.what()).c_str());
        return;
    }
    time_fill<unsigned int>(state, context.n,
                            [&](unsigned int* out, std::size_t n) { peer.generate_poisson(out, n, c.lambda); });
}

} // namespace

std::vector<double> bench_lambdas(std::size_t n)
{
    std::vector<double>                    lambdas(n);
    std::mt19937                           rng(78);
    std::uniform_real_distribution<double> exponent(-1, 6);
    for(double& l : lambdas)
        l = std::pow(10.0, exponent(rng));
    return lambdas;
}

std::vector<unsigned int> bench_trials(std::size_t n)
{
    std::vector<unsigned int>                   trials(n);
    std::mt19937                                rng(79);
    std::uniform_int_distribution<unsigned int> u(1, 1000);
    for(unsigned int& t : trials)
        t = u(rng);
    return trials;
}

std::vector<double> bench_probabilities(std::size_t n)
{
    std::vector<double>                    p(n);
    std::mt19937                           rng(80);
    std::uniform_real_distribution<double> u(0, 1);
    for(double& x : p)
        x = u(rng);
    return p;
}

void register_count_benchmarks()
{
    for(const poisson_case& c : poisson_cases)
        add(poisson_name(c), [&c](benchmark::State& state) {
            time_fill<unsigned int>(state, context.n, [&](unsigned int* out, std::size_t n) {
                check(rocdist_generate_poisson(context.gen, out, n, c.lambda));
            });
        });
    add("poisson_lambdas/uint32", [](benchmark::State& state) {
        const bench_input<double> lambdas(bench_lambdas(context.n));
        time_fill<unsigned int>(state, context.n, [&](unsigned int* out, std::size_t n) {
            check(rocdist_generate_poisson_lambdas(context.gen, out, n, lambdas.data()));
        });
    });
    for(const binomial_case& c : binomial_cases)
        add(binomial_name(c), [&c](benchmark::State& state) {
            time_fill<unsigned int>(state, context.n, [&](unsigned int* out, std::size_t n) {
                check(rocdist_generate_binomial(context.gen, out, n, c.trials, c.p));
            });
        });
    add("binomial_parameters/uint32", [](benchmark::State& state) {
        const bench_input<unsigned int> trials(bench_trials(context.n));
        const bench_input<double>       p(bench_probabilities(context.n));
        time_fill<unsigned int>(state, context.n, [&](unsigned int* out, std::size_t n) {
            check(rocdist_generate_binomial_parameters(context.gen, out, n, trials.data(), p.data()));
        });
    });
    add("exponential/float", [](benchmark::State& state) {
        time_fill<float>(state, context.n, [](float* out, std::size_t n) { check(exponential_fill(out, n)); });
    });
    add("exponential/double", [](benchmark::State& state) {
        time_fill<double>(state, context.n, [](double* out, std::size_t n) { check(exponential_fill(out, n)); });
    });
    if(curand_generator::available(context.on_gpu))
        for(const poisson_case& c : poisson_cases)
            add("curand_" + poisson_name(c), [&c](benchmark::State& state) { curand_poisson_bench(state, c); });
}

void print_count_summary(const summary_reporter& r)
{
    const double store = r.store_bandwidth();
    summary_table t("counts",
                    "Poisson, binomial (per-element forms: lambdas log-uniform in [0.1, 1e6]; trials uniform in "
                    "1..1000, p uniform in [0, 1)) and exponential (rate 1) "
                        + run_title(r),
                    joined({"call", "parameters", "method", "type", "Mvalues/s", "GB/s", "of store", "vs cuRAND"},
                           peer_headings(r.facts)));
    // A row of the table: a call's case, its rate beside cuRAND's (the
    // benchmark curand_name, if any) and beside its fastest peer.
    auto row = [&](const char* call, const std::string& parameters, const char* method, const std::string& name,
                   const std::string& curand_name) {
        const double rate = r.items_per_second(name);
        if(rate <= 0)
            return;
        t.row(joined({call, parameters, method, name.substr(name.rfind('/') + 1), format("%.1f", rate / 1e6),
                      format("%.2f", r.bytes_per_second(name) / 1e9), share(r.bytes_per_second(name), store),
                      curand_name.empty() ? "-" : ratio(rate, r.items_per_second(curand_name))},
                     peer_cells(r, name, rate)));
    };
    for(const poisson_case& c : poisson_cases)
        row("poisson", std::string("lambda ") + c.name, c.method, poisson_name(c), "curand_" + poisson_name(c));
    row("poisson_lambdas", "mixed", "both", "poisson_lambdas/uint32", "");
    for(const binomial_case& c : binomial_cases)
        row("binomial", c.name, c.method, binomial_name(c), "");
    row("binomial_parameters", "mixed", "both", "binomial_parameters/uint32", "");
    for(const char* type : {"float", "double"})
        row("exponential", "rate 1", "inversion", std::string("exponential/") + type, "");
    // cuRAND's rows, and the lambdas it refuses.
    for(const poisson_case& c : poisson_cases)
    {
        const std::string name = "curand_" + poisson_name(c);
        if(const double rate = r.items_per_second(name); rate > 0)
            t.row({"cuRAND", std::string("lambda ") + c.name, "its own", "uint32", format("%.1f", rate / 1e6),
                   format("%.2f", r.bytes_per_second(name) / 1e9), share(r.bytes_per_second(name), store)});
        for(const auto& [benchmark, message] : r.errors())
            if(benchmark.rfind(name + "/", 0) == 0)
                t.note(message);
    }
    t.print();
}

} // namespace rocdist_bench
