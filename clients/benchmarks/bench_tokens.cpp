// Token sampling (rocdist_sample_tokens): rows of bfloat16 logits at a
// serving engine's usual parameters (temperature 0.8, top-k 50, top-p 0.9),
// one token per row, each call timed by the wall clock until its tokens are
// written (on a GPU, until the deferred status is read, which waits for the
// stream), beside the peers of the same case (host_peers.py, gpu_peers.py:
// PyTorch's sort-based sampler as vLLM writes it, JAX's lax.top_k and
// categorical). GPU figures also sit beside a plain read of the same
// logits, launched and waited for as a call is.
#include <chrono>
#include <cstdint>
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

struct token_case
{
    std::size_t rows, vocab;

    std::string name() const
    {
        return "tokens/bfloat16/rows=" + std::to_string(rows) + ",vocab=" + std::to_string(vocab);
    }
    std::string read_name() const
    {
        return "tokens/read/rows=" + std::to_string(rows) + ",vocab=" + std::to_string(vocab);
    }
};

// The batches and vocabularies (Llama 2's 32000, Llama 3's 128256,
// Qwen's 151936) on GPUs; on the host, where a row of 151936 costs
// milliseconds, the batches to 64 at the smallest and largest.
std::vector<token_case> cases(bool on_gpu)
{
    std::vector<token_case> c;
    for(const std::size_t rows : {1, 16, 64, 256})
        for(const std::size_t vocab : {32000, 128256, 151936})
            if(on_gpu || (rows <= 64 && vocab != 128256))
                c.push_back({rows, vocab});
    return c;
}

// The parameters every row gets: what host_peers.py and gpu_peers.py use.
constexpr rocdist_token_params serving_params = {0.8f, 50, 0.9f, 0.0f};

// Normal logits of standard deviation 3 (a peaked distribution, as a
// model's), as bfloat16 words, the same every run.
std::vector<std::uint16_t> token_logits(const token_case& c)
{
    std::vector<std::uint16_t>      words(c.rows * c.vocab);
    std::mt19937                    rng(static_cast<unsigned>(c.vocab + c.rows));
    std::normal_distribution<float> z(0.0f, 3.0f);
    for(std::uint16_t& w : words)
        w = rocdist::distributions::bfloat16_bits(z(rng));
    return words;
}

void tokens_bench(benchmark::State& state, const token_case c)
{
    const bench_input<std::uint16_t>        logits(token_logits(c));
    const bench_input<rocdist_token_params> params(std::vector<rocdist_token_params>(c.rows, serving_params));
    if(c.rows > context.n)
        throw std::runtime_error("the output buffer holds fewer than rows tokens");
    auto* out = static_cast<unsigned int*>(context.buffer);
    check(rocdist_reserve_token_scratch(context.gen, c.rows, c.vocab));
    for(auto _ : state)
    {
        const auto begin = std::chrono::steady_clock::now();
        check(rocdist_sample_tokens(context.gen, logits.data(), ROCDIST_VALUE_BFLOAT16, c.rows, c.vocab,
                                    params.data(), nullptr, nullptr, out));
        rocdist_status deferred = ROCDIST_STATUS_SUCCESS;
        check(rocdist_get_deferred_status(context.gen, &deferred)); // waits for the GPU
        check(deferred);
        if(context.on_gpu)
            state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.rows));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.rows * c.vocab * 2));
}


} // namespace

void register_token_benchmarks()
{
    for(const token_case& c : cases(context.on_gpu))
    {
        add(c.name(), [c](benchmark::State& state) { tokens_bench(state, c); });
#if ROCDIST_HAS_GPU_BACKEND
        if(context.on_gpu)
            add(c.read_name(), [c](benchmark::State& state) { plain_read_bench(state, c.rows * c.vocab * 2); });
#endif
    }
}

void print_token_summary(const summary_reporter& r)
{
    std::vector<std::string> headings = {"case", "ms per call", "ktokens/s", "logits GB/s"};
    if(r.facts.on_gpu)
        headings = joined(headings, {"plain read ms", "call / read"});
    summary_table t("tokens",
                    format("Token sampling on the %s backend (bfloat16 logits; temperature 0.8, top-k 50, top-p "
                           "0.9)%s",
                           r.facts.on_gpu ? "GPU" : "host",
                           r.facts.on_gpu ? "" : format(", %u cores", r.facts.cores).c_str()),
                    joined(headings, peer_headings(r.facts)));
    for(const token_case& c : cases(r.facts.on_gpu))
    {
        const double rate = r.items_per_second(c.name());
        if(rate == 0)
            continue;
        const double             ms    = r.milliseconds(c.name());
        std::vector<std::string> cells = {c.name().substr(16), format("%.3f", ms), format("%.4g", rate / 1e3),
                                          format("%.2f", r.bytes_per_second(c.name()) / 1e9)};
        if(r.facts.on_gpu)
        {
            const double read = r.milliseconds(c.read_name());
            cells = joined(cells, {read > 0 ? format("%.3f", read) : "", read > 0 ? format("%.2fx", ms / read) : ""});
        }
        t.row(joined(cells, peer_cells(r, c.name(), rate)));
    }
    t.print();
}

} // namespace rocdist_bench
