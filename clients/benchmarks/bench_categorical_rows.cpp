// Batched categorical sampling (rocdist_generate_categorical_rows, _logits
// and _logits_typed): rows of float weights, float logits or bfloat16
// logits, each sampled samples_per_row times,
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
#include "rocdist/device/distributions/half_formats.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"

namespace rocdist_bench
{
namespace
{

enum class values_kind
{
    weights,
    logits,
    bfloat16_logits
};

struct rows_case
{
    std::size_t rows, k, samples_per_row;
    values_kind kind;

    std::string name() const
    {
        const char* kind_name = kind == values_kind::weights  ? "weights/"
                                : kind == values_kind::logits ? "logits/"
                                                              : "logits_bfloat16/";
        return std::string("categorical_rows/") + kind_name + "rows=" + std::to_string(rows) + ",k="
               + std::to_string(k) + ",samples=" + std::to_string(samples_per_row);
    }
};

constexpr values_kind weights = values_kind::weights, logits = values_kind::logits,
                      bfloat16_logits = values_kind::bfloat16_logits;

// The two host cases (many short rows, few long ones), their logit
// versions, and the GPU's: 128 rows of 2^17; bfloat16 logits as served
// models give them.
const rows_case host_cases[] = {{4096, 1000, 1, weights}, {8, 1000000, 100, weights}, {4096, 1000, 1, logits},
                                {8, 1000000, 100, logits}, {4096, 1000, 1, bfloat16_logits}};
const rows_case gpu_cases[]  = {{4096, 1000, 1, weights},           {8, 1000000, 100, weights},
                                {128, 131072, 1, weights},          {8, std::size_t(1) << 27, 100, weights},
                                {4096, 1000, 1, logits},            {4096, 1000, 1, bfloat16_logits}};

// Uniform [0, 1) weights (or standard normal logits), the same every run.
std::vector<float> rows_values(const rows_case& c)
{
    std::vector<float>                    values(c.rows * c.k);
    std::mt19937                          rng(static_cast<unsigned>(c.k + c.rows));
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::normal_distribution<float>       z(0.0f, 1.0f);
    for(float& x : values)
        x = c.kind == weights ? u(rng) : z(rng);
    return values;
}

// Those values as bfloat16 words (rounded to nearest).
std::vector<std::uint16_t> bfloat16_values(const std::vector<float>& values)
{
    std::vector<std::uint16_t> words(values.size());
    std::transform(values.begin(), values.end(), words.begin(), rocdist::distributions::bfloat16_bits);
    return words;
}

rocdist_status rows_call(const rows_case& c, const void* values, unsigned int* out)
{
    switch(c.kind)
    {
    case weights:
        return rocdist_generate_categorical_rows(context.gen, static_cast<const float*>(values), c.rows, c.k, out,
                                                 c.samples_per_row);
    case logits:
        return rocdist_generate_categorical_logits(context.gen, static_cast<const float*>(values), c.rows, c.k, 1.0f,
                                                   out, c.samples_per_row);
    default:
        return rocdist_generate_categorical_logits_typed(context.gen, values, ROCDIST_VALUE_BFLOAT16, c.rows, c.k,
                                                         1.0f, out, c.samples_per_row);
    }
}

// The timed calls on values `in` (in memory of the generator's kind).
void timed_calls(benchmark::State& state, const rows_case& c, const void* in)
{
    const std::size_t n = c.rows * c.samples_per_row;
    if(n > context.n)
        throw std::runtime_error("the output buffer holds fewer than rows * samples_per_row categories");
    auto* out = static_cast<unsigned int*>(context.buffer);
    for(auto _ : state)
    {
        // Wall-clock time, on a GPU too (add() then asks the body for it).
        const auto begin = std::chrono::steady_clock::now();
        check(rows_call(c, in, out));
        if(context.on_gpu)
            state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    const std::size_t value_bytes = c.kind == bfloat16_logits ? sizeof(std::uint16_t) : sizeof(float);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.rows * c.k * value_bytes));
}

void rows_bench(benchmark::State& state, const rows_case c)
{
    if(c.kind == bfloat16_logits)
    {
        const bench_input<std::uint16_t> in(bfloat16_values(rows_values(c)));
        timed_calls(state, c, in.data());
    }
    else
    {
        const bench_input<float> in(rows_values(c));
        timed_calls(state, c, in.data());
    }
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
        if(context.on_gpu && c.kind == weights)
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
                    format("Batched categorical sampling on the %s backend (rows of float weights, float logits "
                           "or bfloat16 logits, no table)%s",
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
            const double read = c.kind == weights ? r.bytes_per_second(read_name(c)) : 0;
            cells = joined(cells, {read > 0 ? format("%.2f", read / 1e9) : "", read > 0 ? share(r.bytes_per_second(c.name()), read) : ""});
        }
        t.row(joined(cells, peer_cells(r, c.name(), rate)));
    }
    t.print();
}

} // namespace rocdist_bench
