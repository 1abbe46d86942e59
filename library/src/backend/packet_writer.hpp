// The one body that both backends run: write output packet q.
//
// The output is cut into packets of P = outputs_per_block elements aligned to
// the output *address* (so full packets are single vector stores). Packet q
// covers outputs j in [q*P - a, q*P - a + P), a being the address
// misalignment in elements; the first and last packets may be partial.
// Output j is stream element offset + j. When the offset and the address are
// misaligned differently (shift != 0), a packet spans two engine blocks and
// both are computed: twice the arithmetic, but stores stay vectorised. GPU
// kernels are compiled for each case (write_packet_shaped) and chosen per call.
#pragma once

#include <cstddef>
#include <cstdint>

#include "build_config.hpp"

namespace rocdist::backend
{

struct packet_plan
{
    std::size_t   n;          // outputs requested
    unsigned      head_skip;  // a: packet slots before output 0
    unsigned      shift;      // (offset - a) mod P: lane of packet slot 0 in its block
    std::uint64_t base_block; // block of packet 0's slot 0, modulo 2^64
    std::uint64_t packets;
};

template <unsigned P, class T>
packet_plan make_packet_plan(const T* out, std::size_t n, std::uint64_t offset)
{
    const auto a = static_cast<unsigned>((reinterpret_cast<std::uintptr_t>(out) / sizeof(T)) % P);
    // Packet slot 0 is stream element offset - a, in block floor((offset - a) / P).
    // That is block -1 when offset < a: base_block then wraps to 2^64 - 1, and
    // the modular block arithmetic in write_packet still lands on the right
    // block for every slot that is written.
    const std::uint64_t q0 = offset / P;
    const auto          r0 = static_cast<unsigned>(offset % P);
    const bool          borrow = r0 < a;
    return {n, a, borrow ? r0 + P - a : r0 - a, borrow ? q0 - 1 : q0, (n + a + P - 1) / P};
}

template <class T, unsigned P>
struct alignas(sizeof(T) * P) packet
{
    T v[P];
};

// Slots s..s+P-1 of the concatenation lo ++ hi, with s a run-time value held
// in registers: unrolled selects instead of a dynamically indexed array,
// which GPUs would place in local memory.
template <class T, unsigned P>
ROCDIST_HOST_DEVICE packet<T, P> shifted_window(const T (&lo)[P], const T (&hi)[P], unsigned s)
{
    packet<T, P> r;
    ROCDIST_UNROLL
    for(unsigned i = 0; i < P; ++i)
    {
        r.v[i] = lo[i];
        ROCDIST_UNROLL
        for(unsigned k = 1; k < P; ++k)
        {
            if(s == k)
                r.v[i] = i + k < P ? lo[(i + k) % P] : hi[(i + k) % P];
        }
    }
    return r;
}

// The P values of the packet whose slot 0 is in engine block `block`.
// Shifted is plan.shift != 0, fixed at compile time: a GPU kernel compiled
// for the aligned case holds neither the second block nor the selects.
template <bool Shifted, class Functor>
ROCDIST_HOST_DEVICE packet<typename Functor::value_type, Functor::outputs_per_block>
    packet_values(const Functor& f, std::uint64_t block, unsigned shift)
{
    using T             = typename Functor::value_type;
    constexpr unsigned P = Functor::outputs_per_block;

    T lo[P];
    f(block, lo);
    packet<T, P> values;
    if constexpr(!Shifted)
    {
        ROCDIST_UNROLL
        for(unsigned i = 0; i < P; ++i)
            values.v[i] = lo[i];
    }
    else
    {
        T hi[P];
        f(block + 1, hi);
        values = shifted_window(lo, hi, shift);
    }
    return values;
}

template <bool Shifted, class Functor>
ROCDIST_HOST_DEVICE void write_packet_shaped(const Functor&                f,
                                             typename Functor::value_type* out,
                                             const packet_plan&            plan,
                                             std::uint64_t                 q)
{
    using T             = typename Functor::value_type;
    constexpr unsigned P = Functor::outputs_per_block;

    const packet<T, P> values = packet_values<Shifted>(f, plan.base_block + q, plan.shift);

    // First output index of the packet; for q == 0 it is -a, taken modulo 2^64.
    const std::uint64_t j0 = q * P - plan.head_skip;
    if(q * P >= plan.head_skip && j0 + P <= plan.n)
    {
        *reinterpret_cast<packet<T, P>*>(out + j0) = values;
        return;
    }
    ROCDIST_UNROLL
    for(unsigned i = 0; i < P; ++i)
    {
        const std::uint64_t j = j0 + i; // wraps back to 0.. for q == 0
        if(q * P + i >= plan.head_skip && j < plan.n)
            out[j] = values.v[i];
    }
}

template <class Functor>
ROCDIST_HOST_DEVICE void write_packet(const Functor&                f,
                                      typename Functor::value_type* out,
                                      const packet_plan&            plan,
                                      std::uint64_t                 q)
{
    if(plan.shift == 0)
        write_packet_shaped<false>(f, out, plan, q);
    else
        write_packet_shaped<true>(f, out, plan, q);
}

} // namespace rocdist::backend
