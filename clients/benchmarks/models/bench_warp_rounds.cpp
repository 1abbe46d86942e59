// The seed's table of warp rounds (rejection_methods_on_gpus.txt): for
// synthetic samplers of fixed acceptance p and for rocdist's own rejection
// samplers, the rounds per output that a per-thread loop, the seed's
// pre-cached loop and rocdist's warp compaction take, model beside
// measurement. The measurement runs on the GPU when the bench does (its warp
// width); on the host it emulates warps of 32 and 64 lanes, which counts the
// same rounds. With --rounds-csv=FILE the table is also written as CSV, for
// docs/plots/warp_rounds.py.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "backend/compacted_chunks.hpp"
#include "backend/rejection_samplers.hpp"
#include "bench_context.hpp"
#include "rocdist/device/distributions/ziggurat.hpp"
#include "warp_rounds.hpp"
#include "warp_rounds_model.hpp"
#include "warp_strategies.hpp"

namespace rocdist_bench
{
namespace
{

struct study_row
{
    std::string name;
    double      p;
    unsigned    warp;
    double      model[3];
    double      measured[3];
};

template <class Sampler>
void study(const std::string& name, double p, const Sampler& s, std::vector<study_row>& rows)
{
    const warp_strategy strategies[] = {warp_strategy::thread_loop, warp_strategy::precached, warp_strategy::compacted};
    std::vector<unsigned> widths = {32, 64};
#if ROCDIST_HAS_GPU_BACKEND
    if(context.on_gpu)
        widths.clear();
    unsigned device_width = 0;
    double   on_device[3] = {};
    if(context.on_gpu)
    {
        for(int k = 0; k < 3; ++k)
            on_device[k] = device_rounds(strategies[k], s, device_width);
        widths.push_back(device_width);
    }
#endif
    for(unsigned warp : widths)
    {
        study_row row{name, p, warp, {}, {}};
        row.model[0] = rounds_thread_loop(p, warp);
        row.model[1] = rounds_precached(p, warp);
        row.model[2] = rounds_compacted(p, warp, Sampler::attempts_per_candidate, Sampler::outputs_per_attempt,
                                        rocdist::backend::compacted_chunk_size);
        for(int k = 0; k < 3; ++k)
        {
#if ROCDIST_HAS_GPU_BACKEND
            if(context.on_gpu)
            {
                row.measured[k] = on_device[k];
                continue;
            }
#endif
            row.measured[k] = emulated_rounds(strategies[k], s, warp);
        }
        rows.push_back(row);
    }
}

// Marsaglia-Tsang's acceptance has no closed form: estimated from 2^20
// attempts (standard error below 3e-4).
template <class Sampler>
double measured_acceptance(const Sampler& s)
{
    constexpr unsigned                attempts = 1u << 20;
    typename Sampler::words_type words = rocdist::backend::candidate_words(s, 0, ~std::uint64_t{0});
    unsigned                          accepted = 0;
    for(unsigned i = 0; i < attempts; ++i)
    {
        typename Sampler::value_type v[Sampler::outputs_per_attempt];
        accepted += s.attempt(words, v);
    }
    return static_cast<double>(accepted) / attempts;
}

// Where the measured rounds come from.
const char* measured_where()
{
    if(!context.on_gpu)
        return "by emulating warps on the host";
    return ROCDIST_GPU_EMULATED ? "on the emulated GPU platform" : "on this GPU";
}

// The device API's warp-cooperative gamma (rocdist::device::gamma_warp):
// rounds per variate with one and four variates per lane, the model beside
// the measurement, which needs a GPU build (the emulated platform's too).
void print_cooperative_table(rocdist::engine::philox_key key)
{
    std::printf("\nDevice API, warp-cooperative gamma (rocdist::device::gamma_warp), rounds per variate; measured %s\n",
                context.on_gpu ? measured_where() : "only in GPU builds");
    std::printf("%-11s %6s %4s %9s | %-11s | %-17s\n", "shape", "p", "warp", "per lane", "thread loop",
                "cooperative");
    std::printf("%-11s %6s %4s %9s | %11s | %8s %8s\n", "", "", "", "", "model", "model", "measured");
    for(float shape : {0.5f, 1.0f, 2.5f, 10.0f})
    {
        const double p = measured_acceptance(
            rocdist::backend::gamma_sampler<float>{key, rocdist::distributions::make_gamma_params(shape, 1.0f)});
        for(unsigned per_lane : {1u, 4u})
        {
            std::vector<unsigned> widths = {32, 64};
            double                measured = 0;
#if ROCDIST_HAS_GPU_BACKEND
            if(context.on_gpu)
            {
                unsigned width = 0;
                measured       = device_cooperative_rounds(shape, per_lane, width);
                widths         = {width};
            }
#endif
            for(unsigned warp : widths)
            {
                char shown[16] = "-";
                if(context.on_gpu)
                    std::snprintf(shown, sizeof(shown), "%.3f", measured);
                std::printf("gamma %-5g %6.4f %4u %9u | %11.3f | %8.3f %8s\n", shape, p, warp, per_lane,
                            rounds_thread_loop(p, warp), rounds_cooperative(p, warp, per_lane), shown);
            }
        }
    }
}

} // namespace

void print_warp_rounds_table(const std::string& csv_path)
{
    const auto key = rocdist::engine::philox_key_from_seed(2024);
    std::vector<study_row> rows;
    for(double p : {0.5, 0.8, 0.95, 0.99})
    {
        char name[32];
        std::snprintf(name, sizeof(name), "fixed p=%.2f", p);
        study(name, p, fixed_acceptance_sampler{key, static_cast<std::uint32_t>(std::ldexp(p, 32))}, rows);
    }
    const rocdist::blocks::normal_transform<float> standard{0.0f, 1.0f, false};
    study("polar float", std::atan(1.0), rocdist::backend::polar_sampler<float>{key, standard}, rows);
    // Ziggurat acceptance: the area under f over the ziggurat's, 256 v.
    const double ziggurat_p = std::sqrt(std::atan(1.0) * 2) / (256 * rocdist::distributions::ziggurat_v);
    study("ziggurat float", ziggurat_p, ziggurat_candidate_sampler{key}, rows);
    for(float shape : {0.5f, 2.5f, 10.0f})
    {
        const rocdist::backend::gamma_sampler<float> gamma{key, rocdist::distributions::make_gamma_params(shape, 1.0f)};
        char name[32];
        std::snprintf(name, sizeof(name), "gamma %g float", shape);
        study(name, measured_acceptance(gamma), gamma, rows);
    }

    std::printf("\nWarp rounds per output (1/p on one CPU thread); measured %s\n",
                measured_where());
    std::printf("%-15s %6s %4s | %-17s | %-17s | %-17s | %s\n", "sampler", "p", "warp", "thread loop",
                "pre-cached", "compacted", "loop/cached");
    std::printf("%-15s %6s %4s | %8s %8s | %8s %8s | %8s %8s |\n", "", "", "", "model", "measured", "model",
                "measured", "model", "measured");
    for(const study_row& r : rows)
        std::printf("%-15s %6.4f %4u | %8.3f %8.3f | %8.3f %8.3f | %8.3f %8.3f | %5.2f\n", r.name.c_str(), r.p,
                    r.warp, r.model[0], r.measured[0], r.model[1], r.measured[1], r.model[2], r.measured[2],
                    r.model[0] / r.model[1]);
    print_cooperative_table(key);
    if(csv_path.empty())
        return;
    std::FILE* csv = std::fopen(csv_path.c_str(), "w");
    if(csv == nullptr)
    {
        std::fprintf(stderr, "rocdist_bench: cannot write %s\n", csv_path.c_str());
        return;
    }
    std::fprintf(csv, "sampler,p,warp,where,model_thread_loop,measured_thread_loop,model_precached,"
                      "measured_precached,model_compacted,measured_compacted\n");
    for(const study_row& r : rows)
        std::fprintf(csv, "%s,%.6f,%u,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n", r.name.c_str(), r.p, r.warp,
                     context.on_gpu ? "gpu" : "emulated", r.model[0], r.measured[0], r.model[1], r.measured[1],
                     r.model[2], r.measured[2]);
    // The model alone over a grid of p, for the plot's curves.
    for(unsigned warp : {32u, 64u})
        for(double p = 0.5; p < 0.9951; p += p < 0.949 ? 0.05 : 0.005)
            std::fprintf(csv, "model,%.6f,%u,model,%.6f,,%.6f,,%.6f,\n", p, warp, rounds_thread_loop(p, warp),
                         rounds_precached(p, warp),
                         rounds_compacted(p, warp, 1, 1, rocdist::backend::compacted_chunk_size));
    std::fclose(csv);
}

} // namespace rocdist_bench
