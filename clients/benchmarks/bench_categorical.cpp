// Categorical variates: alias-table construction (weights per second) and
// sampling (samples and bytes per second, and on GPUs the fraction of the
// store bandwidth measured in this run) for k = 10, 10^3, 10^6, 10^8; the
// seed article's case (10 categories, 10^5 samples); NumPy's single-threaded
// Generator.choice(k, size=10^6, p=p) beside the host backend (host_peers.py:
// it re-forms the CDF on every call and samples by binary search).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <pthread.h>
#include <sched.h>

#include "bench_context.hpp"
#include "bench_input.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"

namespace rocdist_bench
{
namespace
{

const std::size_t category_counts[] = {10, 1000, 1000000, 100000000};
constexpr std::size_t seed_k = 10, seed_n = 100000;

// Uniform weights in [0, 1): the same for every run, generated once per k.
const std::vector<float>& host_weights(std::size_t k)
{
    static std::map<std::size_t, std::vector<float>> cache;
    std::vector<float>& w = cache[k];
    if(w.empty())
    {
        std::mt19937                          rng(static_cast<unsigned>(k));
        std::uniform_real_distribution<float> u(0.0f, 1.0f);
        w.resize(k);
        for(float& x : w)
            x = u(rng);
    }
    return w;
}

// The calling thread's CPU set narrowed to its first CPU while alive: threads
// it starts inherit the set, so host construction runs on one core.
class one_core
{
public:
    one_core()
    {
        pthread_getaffinity_np(pthread_self(), sizeof saved_, &saved_);
        cpu_set_t one;
        CPU_ZERO(&one);
        for(int c = 0; c < CPU_SETSIZE; ++c)
            if(CPU_ISSET(c, &saved_))
            {
                CPU_SET(c, &one);
                break;
            }
        pthread_setaffinity_np(pthread_self(), sizeof one, &one);
    }
    ~one_core() { pthread_setaffinity_np(pthread_self(), sizeof saved_, &saved_); }
    one_core(const one_core&)            = delete;
    one_core& operator=(const one_core&) = delete;

private:
    cpu_set_t saved_;
};

// Host construction uses every core; OneCore pins it to one, for the ratio.
template <std::size_t K, bool OneCore = false>
void build_bench(benchmark::State& state)
{
    const bench_input<float>            w(host_weights(K));
    std::unique_ptr<one_core>           pinned(OneCore && !context.on_gpu ? new one_core : nullptr);
    for(auto _ : state)
    {
        // Construction returns once the table is built: wall-clock time, on
        // a GPU too (where add() asks the body for its time).
        const auto          begin = std::chrono::steady_clock::now();
        rocdist_categorical table = nullptr;
        check(rocdist_create_categorical(context.gen, w.data(), K, &table));
        check(rocdist_destroy_categorical(table));
        if(context.on_gpu)
            state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * K));
}

template <std::size_t K, std::size_t N>
void sample_bench(benchmark::State& state)
{
    rocdist_categorical table = nullptr;
    {
        const bench_input<float> w(host_weights(K));
        check(rocdist_create_categorical(context.gen, w.data(), K, &table));
    }
    const std::size_t n = N == 0 ? context.n : N;
    time_fill<unsigned int>(state, n, [&](unsigned int* out, std::size_t m) {
        check(rocdist_generate_categorical(context.gen, table, out, m));
    });
    check(rocdist_destroy_categorical(table));
}

template <std::size_t K>
void register_k()
{
    const std::string k = std::to_string(K);
    // k = 10^8 takes seconds per call on the host: one iteration keeps the
    // default run short.
    auto* build = add("categorical/build/k=" + k, build_bench<K>);
    auto* sample = add("categorical/sample/k=" + k, sample_bench<K, 0>);
    if(K >= 100000000)
    {
        build->Iterations(1);
        sample->Iterations(2);
    }
}

} // namespace

void register_categorical_benchmarks()
{
    register_k<10>();
    register_k<1000>();
    register_k<1000000>();
    add("categorical/build/k=10000000", build_bench<10000000>);
    add("categorical/build_one_core/k=10000000", build_bench<10000000, true>);
    register_k<100000000>();
    add("categorical/seed/k=10,n=100000", sample_bench<seed_k, seed_n>);
}

void print_categorical_summary(const summary_reporter& r)
{
    const double  store = r.store_bandwidth();
    summary_table t("categorical",
                    format("Categorical variates from alias tables on the %s backend, %zu samples per call, store "
                           "bandwidth %.2f GB/s%s",
                           r.facts.on_gpu ? "GPU" : "host", r.facts.n, store / 1e9,
                           r.facts.on_gpu ? "" : format(", %u cores", r.facts.cores).c_str()),
                    joined({"k", "build Mweights/s", "Msamples/s", "GB/s", "of store"}, peer_headings(r.facts)));
    for(std::size_t k : category_counts)
    {
        const std::string name = "categorical/sample/k=" + std::to_string(k);
        const double      rate = r.items_per_second(name);
        if(rate > 0)
            t.row(joined({std::to_string(k),
                          format("%.1f", r.items_per_second("categorical/build/k=" + std::to_string(k)) / 1e6),
                          format("%.1f", rate / 1e6), format("%.2f", r.bytes_per_second(name) / 1e9),
                          share(r.bytes_per_second(name), store)},
                         peer_cells(r, "categorical/k=" + std::to_string(k), rate)));
    }
    const double ten_million = r.items_per_second("categorical/build/k=10000000");
    const double one_core    = r.items_per_second("categorical/build_one_core/k=10000000");
    if(ten_million > 0)
        t.note(format("Construction, k = 10^7: %.1f Mweights/s", ten_million / 1e6)
               + (r.facts.on_gpu || one_core <= 0
                      ? ""
                      : format(", %.1f on one core: %s on %u cores", one_core / 1e6,
                               ratio(ten_million, one_core).c_str(), r.facts.cores)));
    if(const double seed_ms = r.milliseconds("categorical/seed/"); seed_ms > 0)
        t.note(format("Seed case (k = %zu, %zu samples, table prebuilt): %.3f ms per call, %.1f Msamples/s", seed_k,
                      seed_n, seed_ms, r.items_per_second("categorical/seed/") / 1e6));
    t.print();
}

} // namespace rocdist_bench
