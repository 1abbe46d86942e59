// The machinery of the host's Poisson and binomial kernels
// (count_blocks.cpp, count_element_blocks.cpp): blocks 0 of a span of
// elements' substreams drawn in the lanes, and batches of attempts of
// transformed rejection (PTRS, BTRS) with their squeeze and log tests in
// 64-bit lanes, the scalar sampler's operations in its order, every slot
// with the constants its Test gives it. The elements an attempt rejects
// (11% at lambda = 1e6, 25% at 10) are gathered for the next, up to the
// fourth, whose blocks are drawn for them in the lanes; an element still
// rejected, or a binomial proposal of 0 or n needing the test, runs the
// scalar sampler from that attempt. Every count is the scalar functor's.
//
// Per-target code (see philox_lanes.hpp).
#if defined(ROCDIST_BACKEND_HOST_SIMD_COUNT_ATTEMPTS_LANES_HPP) == defined(HWY_TARGET_TOGGLE)
#ifdef ROCDIST_BACKEND_HOST_SIMD_COUNT_ATTEMPTS_LANES_HPP
#undef ROCDIST_BACKEND_HOST_SIMD_COUNT_ATTEMPTS_LANES_HPP
#else
#define ROCDIST_BACKEND_HOST_SIMD_COUNT_ATTEMPTS_LANES_HPP
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <hwy/highway.h>

#include "backend/host/simd/philox_lanes.hpp"
#include "backend/host/simd/reproducible_math_lanes.hpp"
#include "backend/host/simd/uniform_lanes.hpp"
#include "rocdist/device/blocks/count_functors.hpp"
#include "rocdist/device/engine/substream.hpp"

HWY_BEFORE_NAMESPACE();
namespace rocdist::host::simd::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;

// A batch of attempts of transformed rejection, one per slot, in three
// passes: each attempt's proposal and squeeze in 64-bit lanes, the attempts
// the squeeze leaves to the log test gathered densely; their tests a vector
// at a time; then each slot's count, or what the scalar sampler is to do.
struct attempts
{
    // Slots: a span of elements, a multiple of every target's lanes.
    static constexpr std::size_t span = 256;
    // What an attempt left: a count (>= 0), a rejection (the element goes
    // on to its next attempt), or a test the lanes leave to the scalar
    // sampler (a binomial count of 0 or n, whose log probability has a form
    // of its own), which takes the attempt again.
    static constexpr double rejected = -1, scalar = -2;

    // The attempt's block: u from words 0-1, v from words 2-3.
    HWY_ALIGN std::uint32_t w[4][span];
    // Doubles: a vector of doubles stores as it is, where AVX2 has no
    // conversion to 64-bit integers (Highway emulates it).
    HWY_ALIGN double        counts[span];
    // The proposals and hats, and the slots whose test is to run.
    HWY_ALIGN double k[span];
    HWY_ALIGN double hat[span];
    std::uint16_t    tested_at[span];
    std::size_t      tested = 0;

    engine::philox_words block(std::size_t i) const { return {{w[0][i], w[1][i], w[2][i], w[3][i]}}; }
};

// distributions::uniform_double of words `word` and `word` + 1 of slots h
// .. h + Lanes(dd) - 1.
template <class DD>
HWY_INLINE hn::Vec<DD> slot_uniforms(DD dd, const attempts& a, unsigned word, std::size_t h)
{
    const hn::RebindToUnsigned<DD>      du;
    const hn::Rebind<std::uint32_t, DD> d32;
    return uniform_double(dd, hn::PromoteTo(du, hn::LoadU(d32, a.w[word] + h)),
                          hn::PromoteTo(du, hn::LoadU(d32, a.w[word + 1] + h)));
}

// Block 0 of the substreams of count elements into slots 0 .. count - 1
// (count a multiple of Lanes(d32)), counters(g, w0, w1, w2, w3) giving the
// counters of slots g .. g + Lanes(d32) - 1.
template <class Parameters, class Counters>
void draw_blocks_0(const philox_round_keys& keys, std::size_t count, attempts& a, const Counters& counters)
{
    const std::uint32_t word1 = engine::element_substream(Parameters::tag, 0).word1;
    const d32_t         d;
    for(std::size_t g = 0; g < count; g += hn::Lanes(d))
    {
        v32_t w0, w1, w2, w3;
        counters(d, word1, g, w0, w1, w2, w3);
        philox_rounds(d, keys, w0, w1, w2, w3);
        hn::Store(w0, d, a.w[0] + g);
        hn::Store(w1, d, a.w[1] + g);
        hn::Store(w2, d, a.w[2] + g);
        hn::Store(w3, d, a.w[3] + g);
    }
}

// Block 0 of the substreams of elements first .. first + count - 1 (count
// a multiple of Lanes(d32)).
template <class Parameters>
void draw_first_blocks(const philox_round_keys& keys, std::uint64_t first, std::size_t count, attempts& a)
{
    draw_blocks_0<Parameters>(keys, count, a, [&](d32_t d, std::uint32_t word1, std::size_t g, auto&... w) {
        substream_counters(d, 0, word1, first + g, w...);
    });
}

// Block 0 of the substreams of elements first + at[j] into slots j = 0 ..
// count - 1 (at[] readable to a multiple of Lanes(d32) past count): a
// span's elements drawn straight into the batch that takes them.
template <class Parameters>
void draw_first_blocks(const philox_round_keys& keys, std::uint64_t first, const std::uint16_t* at, std::size_t count,
                       attempts& a)
{
    const std::size_t lanes = hn::Lanes(d32_t());
    draw_blocks_0<Parameters>(keys, (count + lanes - 1) / lanes * lanes, a,
                              [&](d32_t d, std::uint32_t word1, std::size_t g, auto&... w) {
                                  substream_counters(d, 0, word1, first, at + g, w...);
                              });
}

// Block `block` of the substreams of elements indices[0 .. count) into
// slots 0 .. count - 1 (and past them, to a whole vector, lanes to drop).
template <class Parameters>
void draw_blocks(const philox_round_keys& keys, std::uint32_t block, const std::uint64_t* indices, std::size_t count,
                 attempts& a)
{
    const std::uint32_t word1 = engine::element_substream(Parameters::tag, 0).word1;
    const d32_t         d;
    for(std::size_t g = 0; g < count; g += hn::Lanes(d))
    {
        v32_t w0, w1, w2, w3;
        substream_blocks(d, keys, word1, block, indices + g, std::min(hn::Lanes(d), count - g), w0, w1, w2, w3);
        hn::Store(w0, d, a.w[0] + g);
        hn::Store(w1, d, a.w[1] + g);
        hn::Store(w2, d, a.w[2] + g);
        hn::Store(w3, d, a.w[3] + g);
    }
}

// The constants a Test gives propose for slots h .. h + Lanes(dd) - 1,
// test.constant(dd, row, h): the hat's a, b and scale, the squeeze's v_r,
// the proposal's shift (lambda for PTRS, c for BTRS) and the largest count.
enum constant_row
{
    row_a,
    row_b,
    row_v_r,
    row_hat_scale,
    row_shift,
    row_largest,
    constant_rows
};

// Pass 1 at slots h .. h + Lanes(dd) - 1: u - 1/2 from words 0-1, v from
// words 2-3, k from the Test's proposal; the squeeze's counts, and the
// attempts for the log test gathered with their hat. The Test gives the
// slots' constants and the proposal's count.
template <class Test>
HWY_INLINE void propose(const Test& test, std::size_t h, attempts& a)
{
    const hn::ScalableTag<double> dd;
    const auto                    half = hn::Set(dd, 0.5);
    const auto u    = hn::Sub(slot_uniforms(dd, a, 0, h), half); // exact
    const auto v    = slot_uniforms(dd, a, 2, h);
    const auto us   = hn::Sub(half, hn::Abs(u));
    const auto ca   = test.constant(dd, row_a, h);
    const auto cb   = test.constant(dd, row_b, h);
    const auto k    = test.count(dd, hn::Mul(hn::Add(hn::Div(hn::Add(ca, ca), us), cb), u), h);
    const auto inside   = hn::And(hn::Ge(k, hn::Zero(dd)), hn::Le(k, test.constant(dd, row_largest, h)));
    const auto accepted = hn::And(inside, hn::And(hn::Ge(us, hn::Set(dd, 0.07)), hn::Le(v, test.constant(dd, row_v_r, h))));
    auto       open     = hn::AndNot(accepted, inside);
    if(test.early_reject)
        open = hn::AndNot(hn::And(hn::Lt(us, hn::Set(dd, 0.013)), hn::Gt(v, us)), open);
    const auto in_lanes = test.in_lanes(dd, k, h);
    const auto tested   = hn::And(open, in_lanes);
    const auto code = hn::IfThenElse(hn::AndNot(in_lanes, open), hn::Set(dd, double(attempts::scalar)),
                                     hn::Set(dd, double(attempts::rejected)));
    hn::StoreU(hn::IfThenElse(accepted, k, code), dd, a.counts + h);
    // The hat and the gathering run whether or not a lane is tested. At
    // large parameters the squeeze settles about 4 attempts in 5 (us >=
    // 0.07 and v <= v_r near 0.93), so about 4 vectors of four lanes in 10
    // have no test, at random: a branch on it mispredicts often enough to
    // cost more than the hat's two divisions (measured: 20-30% of a
    // Poisson at lambda 1e3 under AVX2).
    const auto hat = hn::Div(hn::Mul(v, test.constant(dd, row_hat_scale, h)), hn::Add(hn::Div(ca, hn::Mul(us, us)), cb));
    hn::StoreU(k, dd, a.k + h);
    hn::StoreU(hat, dd, a.hat + h);
    std::uint8_t bits[8] = {};
    hn::StoreMaskBits(dd, tested, bits);
    for(std::size_t j = 0; j < hn::Lanes(dd); ++j) // without a branch on a random test
    {
        a.tested_at[a.tested] = static_cast<std::uint16_t>(h + j);
        a.tested += bits[j / 8] >> (j % 8) & 1;
    }
}

// Pass 2: the gathered tests, log(hat) against the log probability; a
// passed test's count replaces the slot's rejection, without a branch. The logarithms of
// every hat first, then the probabilities: a loop of one function, without
// the probabilities' branches, runs its vectors' chains side by side.
template <class Test>
HWY_INLINE void test_gathered(const Test& test, attempts& a)
{
    const hn::ScalableTag<double> dd;
    const std::size_t             lanes = hn::Lanes(dd);
    // Lanes past the last test repeat the first.
    const std::size_t padded = (a.tested + lanes - 1) / lanes * lanes;
    HWY_ALIGN double  k_of[attempts::span], log_hat[attempts::span], passed[attempts::span];
    std::uint16_t     slots[attempts::span];
    for(std::size_t t = 0; t < padded; ++t)
    {
        slots[t]   = a.tested_at[t < a.tested ? t : 0];
        k_of[t]    = a.k[slots[t]];
        log_hat[t] = a.hat[slots[t]];
    }
    for(std::size_t t = 0; t < padded; t += lanes)
        hn::Store(reproducible_log(dd, hn::Load(dd, log_hat + t)), dd, log_hat + t);
    for(std::size_t t = 0; t < padded; t += lanes)
    {
        const auto k     = hn::Load(dd, k_of + t);
        const auto below = hn::Le(hn::Load(dd, log_hat + t), test.log_pmf(dd, k, slots + t));
        hn::Store(hn::IfThenElse(below, k, hn::Set(dd, attempts::rejected)), dd, passed + t);
    }
    for(std::size_t t = 0; t < a.tested; ++t)
        a.counts[a.tested_at[t]] = passed[t];
}

// Slots 0 .. count - 1 of a batch's counts as the call returns them
// (test.returned(dd, k, h) for slots h ..), 32-bit words into value; a
// slot whose attempt left no count gets 0's. A count is an integer below
// 2^32, so 2^52 + k has it in its low word.
template <class Test>
HWY_INLINE void returned_counts(const Test& test, const double* counts, std::size_t count, std::uint32_t* value)
{
    const hn::ScalableTag<double>              dd;
    const hn::RebindToUnsigned<decltype(dd)>   du;
    const hn::Rebind<std::uint32_t, decltype(dd)> d32;
    const auto                                 two52 = hn::Set(dd, 0x1p52);
    for(std::size_t h = 0; h < count; h += hn::Lanes(dd))
    {
        const auto k = test.returned(dd, hn::Max(hn::LoadU(dd, counts + h), hn::Zero(dd)), h);
        hn::StoreU(hn::TruncateTo(d32, hn::BitCast(du, hn::Add(k, two52))), d32, value + h);
    }
}

// The scalar sampler of element e from its block 0, after its first
// `done` attempts.
template <class Parameters>
unsigned int scalar_count(const blocks::count_functor<Parameters>& f, std::uint64_t e,
                          const engine::philox_words& block0, unsigned done)
{
    engine::substream_reader words(f.key, engine::element_substream(Parameters::tag, e), block0);
    for(unsigned skip = 0; skip < 4 * done; ++skip) // an attempt reads four words
        words.next();
    return f.parameters.sample(e, words);
}

// Spans of a call's elements with their blocks 0 drawn: each(s, m) for the
// m elements from first + s.
template <class Parameters, class Each>
void for_each_span(const blocks::count_functor<Parameters>& f, std::uint64_t first, std::uint64_t blocks,
                   attempts& a, Each each)
{
    const auto        keys  = philox_round_keys(f.key);
    const std::size_t lanes = hn::Lanes(d32_t());
    for(std::uint64_t s = 0; s < blocks; s += attempts::span)
    {
        const std::size_t m = static_cast<std::size_t>(std::min<std::uint64_t>(attempts::span, blocks - s));
        draw_first_blocks<Parameters>(keys, first + s, (m + lanes - 1) / lanes * lanes, a);
        each(s, m);
    }
}

// Attempts in the lanes after the first, for the elements it rejected (11%
// at lambda = 1e6, 25% at 10); rarer ones finish in the scalar sampler.
constexpr unsigned attempts_in_lanes = 3;

// Transformed rejection for the m elements in slots 0 .. m - 1 of a, whose
// blocks 0 are drawn: slot i is element first + place[i], written to
// out[place[i]]. tests.first() tests a's slots; tests.retry(at, left) a
// batch whose slot j is a's slot at[j]. Each test also gives its slots'
// counts as the call returns them (returned_counts).
template <class Parameters, class Tests, class Place>
void reject_in_lanes(const blocks::count_functor<Parameters>& f, const philox_round_keys& keys, Tests& tests,
                     attempts& a, std::size_t m, std::uint64_t first, unsigned int* out, const Place& place)
{
    const std::size_t wide        = hn::Lanes(hn::ScalableTag<double>());
    const auto        attempt_all = [&](const auto& test, attempts& batch, std::size_t count) {
        batch.tested = 0;
        for(std::size_t h = 0; h < count; h += wide)
            propose(test, h, batch);
        test_gathered(test, batch);
    };
    attempts      retry;
    std::uint64_t pending[attempts::span]; // unsettled elements' stream indices
    std::uint16_t at[attempts::span];      // and their slots in a
    // The counts of a batch's slots 0 .. count - 1 (slot j is a's slot
    // slot(j), element element(j)) after their attempt `made`: every one
    // written (a copy where slots and places run in order), then the slots
    // with no count listed without a branch (a rejection comes at random,
    // and a branch on it mispredicts), and of those the ones the attempt
    // left to the scalar sampler run it, the others kept in pending. A
    // kept slot's count is written over later.
    const auto settle = [&](const auto& test, const attempts& batch, std::size_t count, auto slot, auto element,
                            unsigned made) {
        HWY_ALIGN std::uint32_t value[attempts::span];
        returned_counts(test, batch.counts, count, value);
        for(std::size_t j = 0; j < count; ++j)
            out[place[slot(j)]] = value[j];
        std::uint16_t unsettled[attempts::span];
        std::size_t   n = 0;
        for(std::size_t j = 0; j < count; ++j)
        {
            unsettled[n] = static_cast<std::uint16_t>(j);
            n += batch.counts[j] < 0;
        }
        std::size_t left = 0;
        for(std::size_t t = 0; t < n; ++t)
        {
            // Slot j's entries are read before entry left <= t <= j is written.
            const std::size_t j = unsettled[t];
            const std::size_t i = slot(j);
            const std::uint64_t e = element(j);
            if(batch.counts[j] == attempts::scalar)
                out[place[i]] = scalar_count(f, e, a.block(i), made);
            else
            {
                pending[left] = e;
                at[left++]    = static_cast<std::uint16_t>(i);
            }
        }
        return left;
    };
    const auto span_slot    = [](std::size_t i) { return i; };
    const auto span_element = [&](std::size_t i) { return first + place[i]; };
    const auto kept_slot    = [&](std::size_t j) { return std::size_t{at[j]}; };
    const auto kept_element = [&](std::size_t j) { return pending[j]; };
    decltype(auto) first_test = tests.first();
    attempt_all(first_test, a, m);
    std::size_t left = settle(first_test, a, m, span_slot, span_element, 0);
    unsigned done = 1;
    for(; left > 0 && done <= attempts_in_lanes; ++done)
    {
        draw_blocks<Parameters>(keys, done, pending, left, retry);
        decltype(auto) retry_test = tests.retry(at, left);
        attempt_all(retry_test, retry, left);
        left = settle(retry_test, retry, left, kept_slot, kept_element, done);
    }
    for(std::size_t j = 0; j < left; ++j)
        out[place[at[j]]] = scalar_count(f, pending[j], a.block(at[j]), done);
}

} // namespace rocdist::host::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif // per-target include guard
