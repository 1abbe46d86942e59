// The seed articles' tables, reproduced on this run's backend:
// (1) box_muller_rejection_cost.txt: Cartesian Box-Muller vs polar without
//     replacement (NaN for rejected pairs) vs polar with replacement, for
//     4096^2 pairs;
// (2) normal_sampling_on_gpus.txt: inverse CDF with the fast and the precise
//     erfinv vs Box-Muller, one sample per draw (Box-Muller discards the
//     second value of its pair) and two samples per draw.
#include <cstdio>
#include <string>

#include "backend/host/host_backend.hpp"
#include "bench_context.hpp"
#include "seed_samplers.hpp"
#include "summary_table.hpp"

namespace rocdist_bench
{
namespace
{

constexpr std::size_t seed_pairs = std::size_t{4096} * 4096;

bool table1_fits() { return context.n * sizeof(double) >= 2 * seed_pairs * sizeof(float); }

void run_seed_sampler(seed_sampler which, float* out, std::size_t n)
{
#if ROCDIST_HAS_GPU_BACKEND
    if(context.on_gpu)
    {
        device_seed_sampler(which, out, n);
        return;
    }
#endif
    const auto key = rocdist::engine::philox_key_from_seed(1);
    if(which == seed_sampler::polar_without_replacement)
        rocdist::host::generate(polar_without_replacement_functor{key}, out, n, 0);
    else
        rocdist::host::generate(box_muller_one_of_pair_functor{key}, out, n, 0);
}

// n floats by a rocdist method, or by a seed sampler.
template <int Count, rocdist_normal_method Method>
void api_bench(benchmark::State& state)
{
    const std::size_t n = Count == 0 ? 2 * seed_pairs : Count == 1 ? context.n / 2 : context.n;
    check(rocdist_set_normal_method(context.gen, Method));
    time_fill<float>(state, n, [](float* out, std::size_t m) {
        check(rocdist_generate_normal(context.gen, out, m, 0.0f, 1.0f));
    });
    check(rocdist_set_normal_method(context.gen, ROCDIST_NORMAL_BOX_MULLER));
}

template <int Count, seed_sampler Which>
void seed_bench(benchmark::State& state)
{
    const std::size_t n = Count == 0 ? 2 * seed_pairs : context.n / 2;
    time_fill<float>(state, n, [](float* out, std::size_t m) { run_seed_sampler(Which, out, m); });
}

} // namespace

void register_seed_table_benchmarks()
{
    if(table1_fits())
    {
        add("seed1/cartesian_box_muller", api_bench<0, ROCDIST_NORMAL_BOX_MULLER>);
        add("seed1/polar_without_replacement", seed_bench<0, seed_sampler::polar_without_replacement>);
        add("seed1/polar_with_replacement", api_bench<0, ROCDIST_NORMAL_POLAR>);
    }
    add("seed2/inverse_cdf_fast/one", api_bench<1, ROCDIST_NORMAL_INVERSE_CDF_FAST>);
    add("seed2/inverse_cdf_fast/two", api_bench<2, ROCDIST_NORMAL_INVERSE_CDF_FAST>);
    add("seed2/inverse_cdf/one", api_bench<1, ROCDIST_NORMAL_INVERSE_CDF>);
    add("seed2/inverse_cdf/two", api_bench<2, ROCDIST_NORMAL_INVERSE_CDF>);
    add("seed2/box_muller/one", seed_bench<1, seed_sampler::box_muller_one_of_pair>);
    add("seed2/box_muller/two", api_bench<2, ROCDIST_NORMAL_BOX_MULLER>);
}

void print_seed_tables(const summary_reporter& r)
{
    const char* where = r.facts.on_gpu ? "GPU" : "host";
    if(r.milliseconds("seed1/") > 0)
    {
        summary_table t1("seed_table_1",
                         format("Seed table 1 (box_muller_rejection_cost.txt), 4096^2 pairs, %s backend", where),
                         {"method", "ms"});
        t1.row({"Cartesian Box-Muller", format("%.2f", r.milliseconds("seed1/cartesian_box_muller"))});
        t1.row({"Polar without replacement", format("%.2f", r.milliseconds("seed1/polar_without_replacement"))});
        t1.row({"Polar with replacement", format("%.2f", r.milliseconds("seed1/polar_with_replacement"))});
        t1.print();
    }
    else
        std::printf("\nSeed table 1 needs --n of at least %zu (its 4096^2 pairs)\n", seed_pairs);
    summary_table t2("seed_table_2",
                     format("Seed table 2 (normal_sampling_on_gpus.txt), %s backend, ms for %zu draws", where,
                            r.facts.n / 2),
                     {"method", "1 sample", "2 samples"});
    const std::pair<const char*, const char*> rows[]
        = {{"Inverse transform, fast erfinv", "seed2/inverse_cdf_fast/"},
           {"Inverse transform, precise erfinv", "seed2/inverse_cdf/"},
           {"Box-Muller transform", "seed2/box_muller/"}};
    for(const auto& [label, prefix] : rows)
        t2.row({label, format("%.2f", r.milliseconds(std::string(prefix) + "one")),
                format("%.2f", r.milliseconds(std::string(prefix) + "two"))});
    t2.print();
}

} // namespace rocdist_bench
