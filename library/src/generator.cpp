#include "generator.hpp"

#include <limits>

#include "backend/host/host_backend.hpp"

namespace rocdist
{

rocdist_status generator::set_stream(void* stream)
{
    if(kind_ == backend_kind::host && stream != nullptr)
        return ROCDIST_STATUS_INVALID_VALUE;
    stream_ = stream;
    return ROCDIST_STATUS_SUCCESS;
}

// Every check happens before anything is written or the position moves.
template <class Functor>
rocdist_status generator::generate_with(typename Functor::value_type* out, std::size_t n)
{
    using T = typename Functor::value_type;
    if(n == 0)
        return ROCDIST_STATUS_SUCCESS;
    if(out == nullptr || reinterpret_cast<std::uintptr_t>(out) % alignof(T) != 0)
        return ROCDIST_STATUS_INVALID_POINTER;
    // The stream has 2^64 elements: the last one written must be index 2^64 - 1 or less.
    if(n - 1 > std::numeric_limits<unsigned long long>::max() - offset_
       || n > std::numeric_limits<std::size_t>::max() / sizeof(T))
        return ROCDIST_STATUS_OUT_OF_RANGE;

    const Functor f{engine::philox_key_from_seed(seed_)};
    if(kind_ == backend_kind::host)
    {
        host::generate(f, out, n, offset_);
    }
    else
    {
#if ROCDIST_HAS_GPU_BACKEND
        rocdist_status status = gpu::check_output(device_, out);
        if(status == ROCDIST_STATUS_SUCCESS)
            status = gpu::generate(device_, stream_, f, out, n, offset_);
        if(status != ROCDIST_STATUS_SUCCESS)
            return status;
#else
        return ROCDIST_STATUS_INTERNAL_ERROR; // no GPU generator exists without a GPU backend
#endif
    }
    offset_ += n; // wraps to 0 after the stream's last element
    return ROCDIST_STATUS_SUCCESS;
}

rocdist_status generator::generate(unsigned int* out, std::size_t n)
{
    return generate_with<backend::bits_functor>(out, n);
}

rocdist_status generator::generate(float* out, std::size_t n)
{
    return generate_with<backend::uniform_float_functor>(out, n);
}

rocdist_status generator::generate(double* out, std::size_t n)
{
    return generate_with<backend::uniform_double_functor>(out, n);
}

} // namespace rocdist
