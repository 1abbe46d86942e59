// The seed's table of warp rounds (rejection_methods_on_gpus.txt): for
// synthetic samplers of fixed acceptance p and for rocdist's own rejection
// samplers, the rounds per output that a per-thread loop, the seed's
// pre-cached loop and rocdist's warp compaction take, model beside
// measurement; and the device API's warp-cooperative gamma. Each row is a
// benchmark of its own (warp_rounds/..., warp_rounds_cooperative/...) whose
// counters hold the model and the measurement, so that a run's record
// keeps them; warp_rounds_model/... holds the model alone over a grid of p,
// for the plot's curves (report.py). The measurement runs on the GPU when
// the bench does (its warp width); on the host it emulates warps of 32 and
// 64 lanes, which counts the same rounds.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "backend/compacted_chunks.hpp"
#include "backend/rejection_samplers.hpp"
#include "bench_context.hpp"
#include "rocdist/device/distributions/ziggurat.hpp"
#include "summary_table.hpp"
#include "warp_rounds.hpp"
#include "warp_rounds_model.hpp"
#include "warp_strategies.hpp"

namespace rocdist_bench
{
namespace
{

const warp_strategy strategies[]      = {warp_strategy::thread_loop, warp_strategy::precached, warp_strategy::compacted};
const char* const   strategy_names[]  = {"thread_loop", "precached", "compacted"};
const float         cooperative_shapes[] = {0.5f, 1.0f, 2.5f, 10.0f};

benchmark::internal::Benchmark* add_once(const std::string& name, std::function<void(benchmark::State&)> fn)
{
    return benchmark::RegisterBenchmark(name.c_str(), std::move(fn))->Iterations(1)->Unit(benchmark::kMillisecond);
}

// A sampler's rows: warps of 32 and 64 lanes emulated on the host, or the
// GPU's own width.
template <class Sampler>
void study(const std::string& name, double p, const Sampler& s)
{
    const std::vector<unsigned> widths = context.on_gpu ? std::vector<unsigned>{0} : std::vector<unsigned>{32, 64};
    for(const unsigned width : widths)
        add_once("warp_rounds/" + name + (width == 0 ? "/device" : "/warp=" + std::to_string(width)),
                 [=](benchmark::State& state) {
                     unsigned warp         = width;
                     double   measured[3] = {};
                     for(auto _ : state)
                         for(int k = 0; k < 3; ++k)
                         {
#if ROCDIST_HAS_GPU_BACKEND
                             if(width == 0)
                             {
                                 measured[k] = device_rounds(strategies[k], s, warp);
                                 continue;
                             }
#endif
                             measured[k] = emulated_rounds(strategies[k], s, width);
                         }
                     const double model[3]
                         = {rounds_thread_loop(p, warp), rounds_precached(p, warp),
                            rounds_compacted(p, warp, Sampler::attempts_per_candidate, Sampler::outputs_per_attempt,
                                             rocdist::backend::compacted_chunk_size)};
                     state.counters["p"]    = p;
                     state.counters["warp"] = warp;
                     for(int k = 0; k < 3; ++k)
                     {
                         state.counters[std::string("model_") + strategy_names[k]]    = model[k];
                         state.counters[std::string("measured_") + strategy_names[k]] = measured[k];
                     }
                 });
}

// Marsaglia-Tsang's acceptance has no closed form: estimated from 2^20
// attempts (standard error below 3e-4).
template <class Sampler>
double measured_acceptance(const Sampler& s)
{
    constexpr unsigned           attempts = 1u << 20;
    typename Sampler::words_type words    = rocdist::backend::candidate_words(s, 0, ~std::uint64_t{0});
    unsigned                     accepted = 0;
    for(unsigned i = 0; i < attempts; ++i)
    {
        typename Sampler::value_type v[Sampler::outputs_per_attempt];
        accepted += s.attempt(words, v);
    }
    return static_cast<double>(accepted) / attempts;
}

rocdist::backend::gamma_sampler<float> gamma_of_shape(rocdist::engine::philox_key key, float shape)
{
    return {key, rocdist::distributions::make_gamma_params(shape, 1.0f)};
}

// The device API's warp-cooperative gamma (rocdist::device::gamma_warp):
// rounds per variate with one and four variates per lane, the model beside
// the measurement, which needs a GPU build (the emulated platform's too).
void cooperative_rows(rocdist::engine::philox_key key)
{
    for(const float shape : cooperative_shapes)
        for(const unsigned per_lane : {1u, 4u})
        {
            const std::vector<unsigned> widths
                = context.on_gpu ? std::vector<unsigned>{0} : std::vector<unsigned>{32, 64};
            for(const unsigned width : widths)
                add_once(format("warp_rounds_cooperative/gamma_%g/per_lane=%u/", shape, per_lane)
                             + (width == 0 ? "device" : "warp=" + std::to_string(width)),
                         [=](benchmark::State& state) {
                             unsigned warp = width;
                             double   p    = 0;
                             for(auto _ : state)
                             {
                                 p = measured_acceptance(gamma_of_shape(key, shape));
#if ROCDIST_HAS_GPU_BACKEND
                                 if(width == 0)
                                     state.counters["measured_cooperative"]
                                         = device_cooperative_rounds(shape, per_lane, warp);
#endif
                             }
                             state.counters["p"]                 = p;
                             state.counters["warp"]              = warp;
                             state.counters["per_lane"]          = per_lane;
                             state.counters["model_thread_loop"] = rounds_thread_loop(p, warp);
                             state.counters["model_cooperative"] = rounds_cooperative(p, warp, per_lane);
                         });
        }
}

// Where the measured rounds come from.
std::string measured_where(const run_facts& f)
{
    if(!f.on_gpu)
        return "by emulating warps on the host";
    return f.emulated ? "on the emulated GPU platform" : "on the GPU";
}

// The row's sampler: its name between the prefix and the next '/'.
std::string sampler_of(const std::string& name, std::size_t prefix)
{
    return name.substr(prefix, name.find('/', prefix) - prefix);
}

} // namespace

void register_warp_rounds_benchmarks()
{
    const auto key = rocdist::engine::philox_key_from_seed(2024);
    for(double p : {0.5, 0.8, 0.95, 0.99})
        study(format("fixed_p=%.2f", p), p, fixed_acceptance_sampler{key, static_cast<std::uint32_t>(std::ldexp(p, 32))});
    const rocdist::blocks::normal_transform<float> standard{0.0f, 1.0f, false};
    study("polar_float", std::atan(1.0), rocdist::backend::polar_sampler<float>{key, standard});
    // Ziggurat acceptance: the area under f over the ziggurat's, 256 v.
    const double ziggurat_p = std::sqrt(std::atan(1.0) * 2) / (256 * rocdist::distributions::ziggurat_v);
    study("ziggurat_float", ziggurat_p, ziggurat_candidate_sampler{key});
    for(float shape : {0.5f, 2.5f, 10.0f})
    {
        const auto gamma = gamma_of_shape(key, shape);
        study(format("gamma_%g_float", shape), measured_acceptance(gamma), gamma);
    }
    cooperative_rows(key);
    // The model alone over a grid of p, for the plot's curves.
    for(unsigned warp : {32u, 64u})
        for(double p = 0.5; p < 0.9951; p += p < 0.949 ? 0.05 : 0.005)
            add_once(format("warp_rounds_model/warp=%u/p=%.3f", warp, p), [=](benchmark::State& state) {
                for(auto _ : state)
                {
                }
                state.counters["p"]           = p;
                state.counters["warp"]        = warp;
                state.counters["thread_loop"] = rounds_thread_loop(p, warp);
                state.counters["precached"]   = rounds_precached(p, warp);
                state.counters["compacted"]
                    = rounds_compacted(p, warp, 1, 1, rocdist::backend::compacted_chunk_size);
            });
}

void print_warp_rounds_tables(const summary_reporter& r)
{
    summary_table t("warp_rounds",
                    "Warp rounds per output (1/p on one CPU thread); measured " + measured_where(r.facts),
                    {"sampler", "p", "warp", "thread loop model", "measured", "pre-cached model", "measured",
                     "compacted model", "measured", "loop / cached"});
    summary_table c("warp_rounds_cooperative",
                    "Device API, warp-cooperative gamma (rocdist::device::gamma_warp), rounds per variate; measured "
                        + (r.facts.on_gpu ? measured_where(r.facts) : std::string("only in GPU builds")),
                    {"sampler", "p", "warp", "per lane", "thread loop model", "cooperative model", "measured"});
    for(const std::string& name : r.names())
    {
        const auto counter = [&](const char* k) { return r.counter(name, k); };
        if(name.rfind("warp_rounds/", 0) == 0)
            t.row({sampler_of(name, 12), format("%.4f", counter("p")), format("%.0f", counter("warp")),
                   format("%.3f", counter("model_thread_loop")), format("%.3f", counter("measured_thread_loop")),
                   format("%.3f", counter("model_precached")), format("%.3f", counter("measured_precached")),
                   format("%.3f", counter("model_compacted")), format("%.3f", counter("measured_compacted")),
                   format("%.2f", counter("model_thread_loop") / counter("model_precached"))});
        else if(name.rfind("warp_rounds_cooperative/", 0) == 0)
            c.row({sampler_of(name, 24), format("%.4f", counter("p")), format("%.0f", counter("warp")),
                   format("%.0f", counter("per_lane")), format("%.3f", counter("model_thread_loop")),
                   format("%.3f", counter("model_cooperative")),
                   r.facts.on_gpu ? format("%.3f", counter("measured_cooperative")) : "-"});
    }
    t.print();
    c.print();
}

} // namespace rocdist_bench
