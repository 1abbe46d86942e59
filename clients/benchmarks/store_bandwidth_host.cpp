#include <algorithm>
#include <cstdint>
#include <cstring>

#include "backend/host/parallel_for.hpp"
#include "store_bandwidth.hpp"

namespace rocdist_bench
{

void host_fill(void* out, std::size_t bytes)
{
    constexpr std::size_t chunk = 1 << 20;
    auto*                 base  = static_cast<unsigned char*>(out);
    rocdist::host::parallel_for(
        (bytes + chunk - 1) / chunk,
        [&](std::uint64_t c) { std::memset(base + c * chunk, 0x3f, std::min(chunk, bytes - c * chunk)); },
        1);
}

} // namespace rocdist_bench
