// Where a generator computes its elements and where its tables live.
#pragma once

namespace rocdist
{

enum class backend_kind
{
    host,
    gpu
};

} // namespace rocdist
