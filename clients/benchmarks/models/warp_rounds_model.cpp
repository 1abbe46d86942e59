#include "warp_rounds_model.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rocdist_bench
{
namespace
{

// pmf[n][k] = P(Binomial(n, p) = k) for n <= max_n.
std::vector<std::vector<double>> binomial_table(double p, unsigned max_n)
{
    std::vector<std::vector<double>> pmf(max_n + 1);
    pmf[0] = {1.0};
    for(unsigned n = 1; n <= max_n; ++n)
    {
        pmf[n].assign(n + 1, 0.0);
        for(unsigned k = 0; k < n; ++k)
        {
            pmf[n][k] += pmf[n - 1][k] * (1 - p);
            pmf[n][k + 1] += pmf[n - 1][k] * p;
        }
    }
    return pmf;
}

constexpr double negligible = 1e-14;

} // namespace

double rounds_thread_loop(double p, unsigned warp)
{
    // E[max] = sum over t >= 0 of P(max > t) = 1 - (1 - (1-p)^t)^warp.
    double expected = 0;
    for(double q_t = 1;; q_t *= 1 - p)
    {
        const double tail = 1 - std::pow(1 - q_t, warp);
        expected += tail;
        if(tail < negligible)
            return expected;
    }
}

double rounds_precached(double p, unsigned warp)
{
    const unsigned K   = warp;
    const auto     pmf = binomial_table(p, K);
    // State (r, c): r lanes still need their current value, c lanes hold a
    // current and a cached one; index r * (K + 1) + c.
    const auto at = [K](unsigned r, unsigned c) { return r * (K + 1) + c; };
    std::vector<double> start(K + 1, 0.0); // P(c lanes come into the call with a cached value)
    start[0] = 1;
    double rounds = 0;
    for(int call = 0; call < 100000; ++call)
    {
        std::vector<double> state((K + 1) * (K + 1), 0.0), next(state.size());
        for(unsigned c = 0; c <= K; ++c)
            state[at(K - c, 0)] = start[c]; // cached values become current
        std::vector<double> end(K + 1, 0.0);
        rounds = 0;
        // A do-while: every call runs at least one round, even with r = 0.
        for(bool first = true;; first = false)
        {
            double running = 0;
            // The two draws of a round are independent given (r, c): lanes
            // with a current value but no cached one cache with probability
            // p, then lanes without a current value get one with probability p.
            std::fill(next.begin(), next.end(), 0.0);
            for(unsigned r = 0; r <= K; ++r)
            {
                for(unsigned c = 0; r + c <= K; ++c)
                {
                    const double s = state[at(r, c)];
                    if(s == 0 || (r == 0 && !first))
                        continue;
                    running += s;
                    const unsigned free = K - r - c;
                    for(unsigned cached = 0; cached <= free; ++cached)
                        next[at(r, c + cached)] += s * pmf[free][cached];
                }
            }
            if(running < negligible)
                break;
            rounds += running;
            std::fill(state.begin(), state.end(), 0.0);
            for(unsigned r = 0; r <= K; ++r)
                for(unsigned c = 0; r + c <= K; ++c)
                    for(unsigned got = 0; got <= r && next[at(r, c)] != 0; ++got)
                        state[at(r - got, c)] += next[at(r, c)] * pmf[r][got];
            for(unsigned c = 0; c <= K; ++c) // absorbed: the call is over
            {
                end[c] += state[at(0, c)];
                state[at(0, c)] = 0;
            }
        }
        double change = 0;
        for(unsigned c = 0; c <= K; ++c)
            change = std::max(change, std::fabs(end[c] - start[c]));
        start = end;
        if(change < 1e-12)
            break;
    }
    return rounds;
}

double rounds_compacted(double p, unsigned warp, unsigned attempts, unsigned outputs, std::uint64_t chunk)
{
    // E[T] = sum over t >= 0 of P(accepted attempts after t rounds < need).
    const unsigned per_round = warp * attempts;
    const auto     need      = static_cast<unsigned>((chunk + outputs - 1) / outputs);
    const auto     pmf       = binomial_table(p, per_round);
    std::vector<double> short_of(need, 0.0), next(need); // P(accepted so far = k < need)
    short_of[0]     = 1;
    double expected = 0;
    for(;;)
    {
        double below = 0;
        for(double s : short_of)
            below += s;
        if(below < negligible)
            break;
        expected += below;
        std::fill(next.begin(), next.end(), 0.0);
        for(unsigned k = 0; k < need; ++k)
            for(unsigned a = 0; k + a < need && a <= per_round; ++a)
                next[k + a] += short_of[k] * pmf[per_round][a];
        short_of.swap(next);
    }
    return expected * per_round * outputs / static_cast<double>(chunk);
}

double rounds_cooperative(double p, unsigned warp, unsigned per_lane)
{
    // rest[r]: expected cooperative rounds with r elements pending. A round
    // gives r <= warp elements floor(warp / r) attempts each, warp % r of
    // them one more; with r > warp, warp elements get one attempt each.
    // Each attempt is accepted with probability p.
    const unsigned      elements = warp * per_lane;
    std::vector<double> rest(elements + 1, 0.0);
    const auto          binomial = [](unsigned n, double q) { // P(Binomial(n, q) = k)
        std::vector<double> pmf(n + 1, 0.0);
        for(unsigned k = 0; k <= n; ++k)
            pmf[k] = std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0))
                     * std::pow(q, k) * std::pow(1 - q, n - k);
        return pmf;
    };
    for(unsigned r = 1; r <= elements; ++r)
    {
        std::vector<double> left; // P(r' elements still pending after the round)
        if(r > warp)
        {
            const auto failed = binomial(warp, 1 - p);
            left.assign(r + 1, 0.0);
            for(unsigned k = 0; k <= warp; ++k)
                left[r - warp + k] = failed[k];
        }
        else
        {
            const unsigned a = warp / r, more = warp % r;
            const auto     many = binomial(more, std::pow(1 - p, a + 1)), few = binomial(r - more, std::pow(1 - p, a));
            left.assign(r + 1, 0.0);
            for(unsigned i = 0; i <= more; ++i)
                for(unsigned j = 0; j <= r - more; ++j)
                    left[i + j] += many[i] * few[j];
        }
        double sum = 1;
        for(unsigned k = 0; k < r; ++k)
            sum += left[k] * rest[k];
        rest[r] = sum / (1 - left[r]);
    }
    const auto first = binomial(elements, 1 - p); // pending after the first attempts
    double     expected = per_lane;
    for(unsigned r = 1; r <= elements; ++r)
        expected += first[r] * rest[r];
    return expected / per_lane;
}

} // namespace rocdist_bench
