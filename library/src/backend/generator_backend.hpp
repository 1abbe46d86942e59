// The backends a generator computes on, behind one interface. Each is a
// class with these members, which generator.cpp calls through std::visit
// once it has checked the arguments that do not depend on the backend:
//
//   set_stream(stream)                          the work's stream (host: NULL only)
//   generate(functor, out, n, offset, before)   a block functor's or compacted
//                                               sampler's n elements; before()
//                                               runs once the backend's own checks pass
//   check_readable(values)                      that a parameter array is in memory it reads
//   check_values(values, n, rule)               that, and rule(v) for each of its n values
//   build_table(weights, k, table)              an alias table in the backend's memory
//   holds(table)                                whether its samplers can read a table
//   generate_categorical_rows(in, rows, k, out, samples_per_row, key, offset)
//   generate_dirichlet(key, alpha, k, rows, first_row, out)
//   sample_tokens(batch)                        token sampling, without waiting
//   reserve_token_scratch()                     what sample_tokens keeps
//   take_deferred_status(invalid_rows)          whether rows were invalid since the last take
//
// host::generator_backend always exists; gpu::generator_backend where the
// library has a GPU platform. Adding a backend is a class and a line here.
#pragma once

#include <variant>

#include "backend/host/host_generator_backend.hpp"
#include "backend_kind.hpp"
#include "build_config.hpp"
#include "rocdist/rocdist.h"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/gpu_generator_backend.hpp"
#endif

namespace rocdist
{

#if ROCDIST_HAS_GPU_BACKEND
using generator_backend = std::variant<host::generator_backend, gpu::generator_backend>;
#else
using generator_backend = std::variant<host::generator_backend>;
#endif

// Calls make(std::in_place_type<B>, arguments of B's constructor...) for the
// backend of `kind` (the GPU's on the current device) and returns its
// status; ROCDIST_STATUS_NO_DEVICE when there is no such device or the
// library has no GPU platform.
template <class Make>
rocdist_status with_new_backend(backend_kind kind, Make&& make)
{
    if(kind == backend_kind::host)
        return make(std::in_place_type<host::generator_backend>);
#if ROCDIST_HAS_GPU_BACKEND
    gpu::device_info     device{};
    const rocdist_status status = gpu::query_current_device(device);
    if(status != ROCDIST_STATUS_SUCCESS)
        return status;
    return make(std::in_place_type<gpu::generator_backend>, device);
#else
    return ROCDIST_STATUS_NO_DEVICE;
#endif
}

} // namespace rocdist
