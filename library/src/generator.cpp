#include "generator.hpp"

#include <cmath>
#include <limits>

#include "backend/block_functors.hpp"
#include "backend/gamma_functor.hpp"
#include "backend/host/host_backend.hpp"
#include "backend/normal_functors.hpp"

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
rocdist_status generator::generate_with(const Functor& f, typename Functor::value_type* out, std::size_t n)
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
    return generate_with(backend::bits_functor{engine::philox_key_from_seed(seed_)}, out, n);
}

rocdist_status generator::generate(float* out, std::size_t n)
{
    return generate_with(backend::uniform_float_functor{engine::philox_key_from_seed(seed_)}, out, n);
}

rocdist_status generator::generate(double* out, std::size_t n)
{
    return generate_with(backend::uniform_double_functor{engine::philox_key_from_seed(seed_)}, out, n);
}

template <class T>
rocdist_status generator::generate_normal(T* out, std::size_t n, T mean, T stddev, bool log_normal)
{
    // Parameters first: a bad one is an error even when n is 0.
    if(!std::isfinite(mean) || !std::isfinite(stddev) || !(stddev > 0))
        return ROCDIST_STATUS_INVALID_VALUE;
    const engine::philox_key          key = engine::philox_key_from_seed(seed_);
    const backend::normal_transform<T> transform{mean, stddev, log_normal};
    switch(normal_method_)
    {
    case ROCDIST_NORMAL_BOX_MULLER:
        return generate_with(backend::normal_functor<ROCDIST_NORMAL_BOX_MULLER, T>{key, transform}, out, n);
    case ROCDIST_NORMAL_POLAR:
        return generate_with(backend::normal_functor<ROCDIST_NORMAL_POLAR, T>{key, transform}, out, n);
    case ROCDIST_NORMAL_INVERSE_CDF:
        return generate_with(backend::normal_functor<ROCDIST_NORMAL_INVERSE_CDF, T>{key, transform}, out, n);
    case ROCDIST_NORMAL_INVERSE_CDF_FAST:
        return generate_with(backend::normal_functor<ROCDIST_NORMAL_INVERSE_CDF_FAST, T>{key, transform}, out, n);
    case ROCDIST_NORMAL_ZIGGURAT:
        return generate_with(backend::normal_functor<ROCDIST_NORMAL_ZIGGURAT, T>{key, transform}, out, n);
    }
    return ROCDIST_STATUS_INTERNAL_ERROR; // set_normal_method admits only the methods above
}

template rocdist_status generator::generate_normal<float>(float*, std::size_t, float, float, bool);
template rocdist_status generator::generate_normal<double>(double*, std::size_t, double, double, bool);

template <class T>
rocdist_status generator::generate_gamma(T* out, std::size_t n, T shape, T scale)
{
    // Parameters first: a bad one is an error even when n is 0.
    if(!std::isfinite(shape) || !(shape > 0) || !std::isfinite(scale) || !(scale > 0))
        return ROCDIST_STATUS_INVALID_VALUE;
    const backend::gamma_functor<T> f{engine::philox_key_from_seed(seed_),
                                      distributions::make_gamma_params(shape, scale)};
    return generate_with(f, out, n);
}

template rocdist_status generator::generate_gamma<float>(float*, std::size_t, float, float);
template rocdist_status generator::generate_gamma<double>(double*, std::size_t, double, double);

} // namespace rocdist
