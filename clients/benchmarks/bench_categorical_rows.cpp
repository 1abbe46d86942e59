// Batched categorical sampling (rocdist_generate_categorical_rows and
// _logits): rows of float weights, each sampled samples_per_row times,
// timed call by call (the call returns when its samples are written, on a
// GPU too), beside the peers of the same case (host_peers.py, gpu_peers.py).
// GPU figures also sit beside a plain read of the same weights, launched and
// waited for as a call is: the read bandwidth the GPU goal is stated
// against.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_context.hpp"
#include "bench_input.hpp"
#include "build_config.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"

namespace rocdist_bench
{
namespace
{

struct rows_case
{
    std::size_t rows, k, samples_per_row;
    bool        logits;

    std::string name() const
    {
        return std::string("categorical_rows/") + (logits ? "logits/" : "weights/") + "rows=" + std::to_string(rows)
               + ",k=" + std::to_string(k) + ",samples=" + std::to_string(samples_per_row);
    }
};

// The two host cases (many short rows, few long ones), their logit
// versions, and the GPU's: 128 rows of 2^17.
const rows_case host_cases[] = {{4096, 1000, 1, false}, {8, 1000000, 100, false}, {4096, 1000, 1, true},
                                {8, 1000000, 100, true}};
const rows_case gpu_cases[]  = {{4096, 1000, 1, false}, {8, 1000000, 100, false}, {128, 131072, 1, false},
                                {8, std::size_t(1) << 27, 100, false}, {4096, 1000, 1, true}};

// Uniform [0, 1) weights (or standard normal logits), the same every run.
std::vector<float> rows_values(const rows_case& c)
{
    std::vector<float>                    values(c.rows * c.k);
    std::mt19937                          rng(static_cast<unsigned>(c.k + c.rows));
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::normal_distribution<float>       z(0.0f, 1.0f);
    for(float& x : values)
        x = c.logits ? z(rng) : u(rng);
    return values;
}

void rows_bench(benchmark::State& state, const rows_case c)
{
    const bench_input<float> in(rows_values(c));
    const std::size_t n = c.rows * c.samples_per_row;
    if(n > context.n)
        throw std::runtime_error("the output buffer holds fewer than rows * samples_per_row categories");
    auto* out = static_cast<unsigned int*>(context.buffer);
    for(auto _ : state)
    {
        // Wall-clock time, on a GPU too (add() then asks the body for it).
        const auto begin = std::chrono::steady_clock::now();
        check(c.logits ? rocdist_generate_categorical_logits(context.gen, in.data(), c.rows, c.k, 1.0f, out, c.samples_per_row)
                       : rocdist_generate_categorical_rows(context.gen, in.data(), c.rows, c.k, out, c.samples_per_row));
        if(context.on_gpu)
            state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.rows * c.k * sizeof(float)));
}


std::string read_name(const rows_case& c)
{
    return "categorical_rows/read/rows=" + std::to_string(c.rows) + ",k=" + std::to_string(c.k);
}

std::vector<rows_case> cases(bool on_gpu)
{
    return on_gpu ? std::vector<rows_case>(std::begin(gpu_cases), std::end(gpu_cases))
                          : std::vector<rows_case>(std::begin(host_cases), std::end(host_cases));
}

} // namespace

void register_categorical_rows_benchmarks()
{
    for(const rows_case& c : cases(context.on_gpu))
    {
        add(c.name(), [c](benchmark::State& state) { rows_bench(state, c); });
#if ROCDIST_HAS_GPU_BACKEND
        if(context.on_gpu && !c.logits)
            add(read_name(c), [c](benchmark::State& state) { plain_read_bench(state, c.rows * c.k * sizeof(float)); });
#endif
    }
}

void print_categorical_rows_summary(const summary_reporter& r)
{
    std::vector<std::string> headings = {"case", "ms per call", "Msamples/s", "weights GB/s"};
    if(r.facts.on_gpu)
        headings = joined(headings, {"plain read GB/s", "of the plain read"});
    summary_table t("categorical_rows",
                    format("Batched categorical sampling on the %s backend (rows of float weights or logits, no "
                           "table)%s",
                           r.facts.on_gpu ? "GPU" : "host",
                           r.facts.on_gpu ? "" : format(", %u cores", r.facts.cores).c_str()),
                    joined(headings, peer_headings(r.facts)));
    for(const rows_case& c : cases(r.facts.on_gpu))
    {
        const double rate = r.items_per_second(c.name());
        if(rate == 0)
            continue;
        std::vector<std::string> cells = {c.name().substr(17), format("%.3f", r.milliseconds(c.name())),
                                          format("%.4g", rate / 1e6),
                                          format("%.2f", r.bytes_per_second(c.name()) / 1e9)};
        if(r.facts.on_gpu)
        {
            const double read = c.logits ? 0 : r.bytes_per_second(read_name(c));
            cells = joined(cells, {read > 0 ? format("%.2f", read / 1e9) : "", read > 0 ? share(r.bytes_per_second(c.name()), read) : ""});
        }
        t.row(joined(cells, peer_cells(r, c.name(), rate)));
    }
    t.print();
}

} // namespace rocdist_bench
