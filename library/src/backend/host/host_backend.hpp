// The host backend: the shared packet body over all CPU cores.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/host/parallel_for.hpp"
#include "backend/packet_writer.hpp"

namespace rocdist::host
{

template <class Functor>
void generate(const Functor& f, typename Functor::value_type* out, std::size_t n, std::uint64_t offset)
{
    const backend::packet_plan plan
        = backend::make_packet_plan<Functor::outputs_per_block>(out, n, offset);
    parallel_for(plan.packets, [&](std::uint64_t q) { backend::write_packet(f, out, plan, q); });
}

} // namespace rocdist::host
