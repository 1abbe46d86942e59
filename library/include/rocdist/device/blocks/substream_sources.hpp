// A substream's words as the rejection samplers consume them: whole attempts
// (32 or 64 bits) and uniforms in (0, 1]. Each call reads its words in a
// fixed order, so host and GPU consume a substream identically. Reader is
// anything whose next() gives the following 32-bit word: a substream, or
// (device API) a user's generator state.
#pragma once

#include <cstdint>

#include "rocdist/device/config.hpp"
#include "rocdist/device/distributions/uniform.hpp"
#include "rocdist/device/engine/substream.hpp"

namespace rocdist::blocks
{

template <class T, class Reader = engine::substream_reader>
struct substream_bits;

template <class Reader>
struct substream_bits<float, Reader>
{
    Reader* reader;
    ROCDIST_HOST_DEVICE std::uint64_t operator()() const { return reader->next(); }
};

template <class Reader>
struct substream_bits<double, Reader>
{
    Reader* reader;
    ROCDIST_HOST_DEVICE std::uint64_t operator()() const
    {
        const std::uint64_t lo = reader->next();
        const std::uint64_t hi = reader->next();
        return lo | (hi << 32);
    }
};

template <class T, class Reader = engine::substream_reader>
struct substream_uniform;

template <class Reader>
struct substream_uniform<float, Reader>
{
    Reader* reader;
    ROCDIST_HOST_DEVICE float operator()() const { return distributions::uniform_float(reader->next()); }
};

template <class Reader>
struct substream_uniform<double, Reader>
{
    Reader* reader;
    ROCDIST_HOST_DEVICE double operator()() const
    {
        const std::uint32_t x = reader->next();
        const std::uint32_t y = reader->next();
        return distributions::uniform_double(x, y);
    }
};

} // namespace rocdist::blocks
