#include "generator.hpp"

#include <cmath>
#include <limits>
#include <type_traits>

#include "backend/categorical_row_inputs.hpp"
#include "backend/narrowed_outputs.hpp"
#include "backend/rejection_samplers.hpp"
#include "rocdist/device/blocks/beta_functor.hpp"
#include "rocdist/device/blocks/block_functors.hpp"
#include "rocdist/device/blocks/count_functors.hpp"
#include "rocdist/device/blocks/exponential_functor.hpp"
#include "rocdist/device/blocks/gamma_functor.hpp"
#include "rocdist/device/blocks/normal_functors.hpp"

namespace rocdist
{

// A pointer a call may use: not NULL, and aligned for its elements.
template <class T>
static bool aligned(const T* p)
{
    return p != nullptr && reinterpret_cast<std::uintptr_t>(p) % alignof(T) == 0;
}

rocdist_status generator::set_stream(void* stream)
{
    return on_backend([&](auto& on) { return on.set_stream(stream); });
}

// Every check happens before anything is written or the position moves.
template <class Functor, class Before>
rocdist_status generator::generate_with(const Functor& f, typename Functor::value_type* out, std::size_t n,
                                        const Before& before)
{
    using T = typename Functor::value_type;
    if(n == 0)
        return ROCDIST_STATUS_SUCCESS;
    if(!aligned(out))
        return ROCDIST_STATUS_INVALID_POINTER;
    // The stream has 2^64 elements: the last one written must be index 2^64 - 1 or less.
    if(n - 1 > std::numeric_limits<unsigned long long>::max() - offset_
       || n > std::numeric_limits<std::size_t>::max() / sizeof(T))
        return ROCDIST_STATUS_OUT_OF_RANGE;

    const rocdist_status status
        = on_backend([&](auto& on) { return on.generate(f, out, n, offset_, [&] { return before(on); }); });
    if(status != ROCDIST_STATUS_SUCCESS)
        return status;
    offset_ += n; // wraps to 0 after the stream's last element
    return ROCDIST_STATUS_SUCCESS;
}

rocdist_status generator::generate(unsigned int* out, std::size_t n)
{
    return generate_with(blocks::bits_functor{engine::philox_key_from_seed(seed_)}, out, n);
}

rocdist_status generator::generate(float* out, std::size_t n)
{
    return generate_with(blocks::uniform_float_functor{engine::philox_key_from_seed(seed_)}, out, n);
}

rocdist_status generator::generate(double* out, std::size_t n)
{
    return generate_with(blocks::uniform_double_functor{engine::philox_key_from_seed(seed_)}, out, n);
}

template <class T, class Emit>
rocdist_status generator::with_normal_source(T mean, T stddev, bool log_normal, const Emit& emit) const
{
    // Parameters first: a bad one is an error even when n is 0.
    if(!std::isfinite(mean) || !std::isfinite(stddev) || !(stddev > 0))
        return ROCDIST_STATUS_INVALID_VALUE;
    const engine::philox_key          key = engine::philox_key_from_seed(seed_);
    const blocks::normal_transform<T> transform{mean, stddev, log_normal};
    // Polar is the one normal method with a faster layout than the
    // reproducible one. The ziggurat's fast path accepts 98.5% (float) to
    // 99.3% of attempts, so compaction saves a warp little waiting and costs
    // more than it saves: measured slower on the host and on an H100, its
    // fast ordering runs the reproducible kernel.
    const bool fast = ordering_ == ROCDIST_ORDERING_FAST;
    switch(normal_method_)
    {
    case ROCDIST_NORMAL_BOX_MULLER:
        return emit(blocks::normal_functor<ROCDIST_NORMAL_BOX_MULLER, T>{key, transform});
    case ROCDIST_NORMAL_POLAR:
        if(fast)
            return emit(backend::compacted<backend::polar_sampler<T>>{{key, transform}});
        return emit(blocks::normal_functor<ROCDIST_NORMAL_POLAR, T>{key, transform});
    case ROCDIST_NORMAL_INVERSE_CDF:
        return emit(blocks::normal_functor<ROCDIST_NORMAL_INVERSE_CDF, T>{key, transform});
    case ROCDIST_NORMAL_INVERSE_CDF_FAST:
        return emit(blocks::normal_functor<ROCDIST_NORMAL_INVERSE_CDF_FAST, T>{key, transform});
    case ROCDIST_NORMAL_ZIGGURAT:
        return emit(blocks::normal_functor<ROCDIST_NORMAL_ZIGGURAT, T>{key, transform});
    case ROCDIST_NORMAL_BOX_MULLER_FAST:
        // Doubles have no fast form: the default's kernel.
        if constexpr(std::is_same_v<T, double>)
            return emit(blocks::normal_functor<ROCDIST_NORMAL_BOX_MULLER, T>{key, transform});
        else
            return emit(blocks::normal_functor<ROCDIST_NORMAL_BOX_MULLER_FAST, T>{key, transform});
    }
    return ROCDIST_STATUS_INTERNAL_ERROR; // set_normal_method admits only the methods above
}

template <class T>
rocdist_status generator::generate_normal(T* out, std::size_t n, T mean, T stddev, bool log_normal)
{
    return with_normal_source(mean, stddev, log_normal, [&](const auto& source) { return generate_with(source, out, n); });
}

template rocdist_status generator::generate_normal<float>(float*, std::size_t, float, float, bool);
template rocdist_status generator::generate_normal<double>(double*, std::size_t, double, double, bool);

template <class T>
rocdist_status generator::create_categorical(const T* weights, std::size_t k, std::shared_ptr<categorical_table>& table)
{
    if(!aligned(weights))
        return ROCDIST_STATUS_INVALID_POINTER;
    // Categories are unsigned int outputs: k - 1 must fit.
    if(k == 0 || k > std::numeric_limits<std::uint32_t>::max())
        return ROCDIST_STATUS_INVALID_VALUE;
    const auto columns = static_cast<std::uint32_t>(k);
    return on_backend([&](auto& on) { return on.build_table(weights, columns, table); });
}

template rocdist_status generator::create_categorical<float>(const float*, std::size_t,
                                                             std::shared_ptr<categorical_table>&);
template rocdist_status generator::create_categorical<double>(const double*, std::size_t,
                                                              std::shared_ptr<categorical_table>&);

rocdist_status generator::generate_categorical(const categorical_table& table, unsigned int* out, std::size_t n)
{
    // A table is usable only where it lives: the same backend, the same GPU.
    if(!std::visit([&](const auto& on) { return on.holds(table); }, backend_))
        return ROCDIST_STATUS_INVALID_VALUE;
    return generate_with(
        blocks::categorical_functor{engine::philox_key_from_seed(seed_), table.entries(), table.size()}, out, n);
}

template <class Input>
rocdist_status generator::generate_categorical_rows(Input in, std::size_t rows, std::size_t k, unsigned int* out,
                                                    std::size_t samples_per_row)
{
    using T = typename Input::storage_type;
    // Categories are unsigned int outputs: k - 1 must fit.
    if(k > std::numeric_limits<std::uint32_t>::max())
        return ROCDIST_STATUS_INVALID_VALUE;
    // rows x k inputs must be an array that can exist.
    if(k != 0 && rows > std::numeric_limits<std::size_t>::max() / sizeof(T) / k)
        return ROCDIST_STATUS_INVALID_VALUE;
    // rows x samples_per_row outputs: more than 2^64 - 1 run past the stream's end.
    if(samples_per_row != 0 && rows > std::numeric_limits<std::size_t>::max() / samples_per_row)
        return ROCDIST_STATUS_OUT_OF_RANGE;
    const std::size_t n = rows * samples_per_row;
    if(n == 0)
        return ROCDIST_STATUS_SUCCESS;
    if(k == 0)
        return ROCDIST_STATUS_INVALID_VALUE;
    if(!aligned(in.values) || !aligned(out))
        return ROCDIST_STATUS_INVALID_POINTER;
    if(n - 1 > std::numeric_limits<unsigned long long>::max() - offset_
       || n > std::numeric_limits<std::size_t>::max() / sizeof(unsigned int))
        return ROCDIST_STATUS_OUT_OF_RANGE;

    in.bits                        = distributions::category_bits(k);
    const engine::philox_key key    = engine::philox_key_from_seed(seed_);
    const rocdist_status     status = on_backend([&](auto& on) {
        return on.generate_categorical_rows(in, rows, k, out, samples_per_row, key, offset_);
    });
    if(status != ROCDIST_STATUS_SUCCESS)
        return status;
    offset_ += n; // wraps to 0 after the stream's last element
    return ROCDIST_STATUS_SUCCESS;
}

template rocdist_status generator::generate_categorical_rows(backend::weight_rows<float>, std::size_t, std::size_t,
                                                             unsigned int*, std::size_t);
template rocdist_status generator::generate_categorical_rows(backend::weight_rows<double>, std::size_t, std::size_t,
                                                             unsigned int*, std::size_t);
template rocdist_status generator::generate_categorical_rows(backend::logit_rows, std::size_t, std::size_t,
                                                             unsigned int*, std::size_t);
template rocdist_status generator::generate_categorical_rows(backend::typed_logit_rows<ROCDIST_VALUE_HALF>,
                                                             std::size_t, std::size_t, unsigned int*, std::size_t);
template rocdist_status generator::generate_categorical_rows(backend::typed_logit_rows<ROCDIST_VALUE_BFLOAT16>,
                                                             std::size_t, std::size_t, unsigned int*, std::size_t);

template <class T>
rocdist_status generator::generate_gamma(T* out, std::size_t n, T shape, T scale)
{
    // Parameters first: a bad one is an error even when n is 0.
    if(!std::isfinite(shape) || !(shape > 0) || !std::isfinite(scale) || !(scale > 0))
        return ROCDIST_STATUS_INVALID_VALUE;
    const engine::philox_key             key    = engine::philox_key_from_seed(seed_);
    const distributions::gamma_params<T> params = distributions::make_gamma_params(shape, scale);
    if(ordering_ == ROCDIST_ORDERING_FAST)
        return generate_with(backend::compacted<backend::gamma_sampler<T>>{{key, params}}, out, n);
    return generate_with(blocks::gamma_functor<T>{key, params}, out, n);
}

template rocdist_status generator::generate_gamma<float>(float*, std::size_t, float, float);
template rocdist_status generator::generate_gamma<double>(double*, std::size_t, double, double);

// A shape per element: the reproducible ordering's layout in both orderings,
// since element i must have shape i, which a fast ordering's compaction of
// accepted attempts across elements would not keep.
template <class T>
rocdist_status generator::generate_gamma_shapes(T* out, std::size_t n, const T* shapes, T scale)
{
    if(!distributions::valid_shape(scale))
        return ROCDIST_STATUS_INVALID_VALUE;
    if(n == 0)
        return ROCDIST_STATUS_SUCCESS;
    if(!aligned(shapes))
        return ROCDIST_STATUS_INVALID_POINTER;
    const blocks::gamma_shapes_functor<T> f{engine::philox_key_from_seed(seed_),
                                             {shapes, offset_, n, scale, static_cast<T>(std::log(scale))}};
    return generate_with(f, out, n, [&](auto& on) { return on.check_values(shapes, n, distributions::shape_rule{}); });
}

template rocdist_status generator::generate_gamma_shapes<float>(float*, std::size_t, const float*, float);
template rocdist_status generator::generate_gamma_shapes<double>(double*, std::size_t, const double*, double);

template <class T>
rocdist_status generator::generate_beta(T* out, std::size_t n, T a, T b)
{
    if(!distributions::valid_shape(a) || !distributions::valid_shape(b))
        return ROCDIST_STATUS_INVALID_VALUE;
    const blocks::alternating_shapes<T> shapes{distributions::make_gamma_params(a, T(1)),
                                                distributions::make_gamma_params(b, T(1))};
    return generate_with(blocks::beta_functor<T>{engine::philox_key_from_seed(seed_), shapes}, out, n);
}

template rocdist_status generator::generate_beta<float>(float*, std::size_t, float, float);
template rocdist_status generator::generate_beta<double>(double*, std::size_t, double, double);

template <class T>
rocdist_status generator::generate_dirichlet(T* out, std::size_t rows, const T* alpha, std::size_t k)
{
    if(k == 0)
        return ROCDIST_STATUS_INVALID_VALUE;
    if(rows == 0)
        return ROCDIST_STATUS_SUCCESS;
    if(!aligned(alpha) || !aligned(out))
        return ROCDIST_STATUS_INVALID_POINTER;
    // rows x k outputs must be an array that can exist; row r's variates are
    // gamma elements r k .. r k + k - 1, so the last row's must be below 2^64.
    constexpr std::uint64_t last = std::numeric_limits<std::uint64_t>::max();
    if(rows > std::numeric_limits<std::size_t>::max() / sizeof(T) / k || rows - 1 > last - offset_
       || offset_ + (rows - 1) > (last - (k - 1)) / k)
        return ROCDIST_STATUS_OUT_OF_RANGE;

    const engine::philox_key key = engine::philox_key_from_seed(seed_);
    const rocdist_status     status
        = on_backend([&](auto& on) { return on.generate_dirichlet(key, alpha, k, rows, offset_, out); });
    if(status != ROCDIST_STATUS_SUCCESS)
        return status;
    offset_ += rows; // wraps to 0 after the stream's last row
    return ROCDIST_STATUS_SUCCESS;
}

template rocdist_status generator::generate_dirichlet<float>(float*, std::size_t, const float*, std::size_t);
template rocdist_status generator::generate_dirichlet<double>(double*, std::size_t, const double*, std::size_t);

rocdist_status generator::generate_poisson(unsigned int* out, std::size_t n, double lambda)
{
    if(!distributions::valid_lambda(lambda))
        return ROCDIST_STATUS_INVALID_VALUE;
    return generate_with(blocks::count_functor<blocks::one_lambda>{engine::philox_key_from_seed(seed_),
                                                                    {distributions::make_poisson_params(lambda)}},
                         out, n);
}

rocdist_status generator::generate_poisson_lambdas(unsigned int* out, std::size_t n, const double* lambdas)
{
    if(n == 0)
        return ROCDIST_STATUS_SUCCESS;
    if(!aligned(lambdas))
        return ROCDIST_STATUS_INVALID_POINTER;
    const blocks::count_functor<blocks::lambda_array> f{engine::philox_key_from_seed(seed_), {lambdas, offset_, n}};
    return generate_with(f, out, n, [&](auto& on) { return on.check_values(lambdas, n, distributions::lambda_rule{}); });
}

rocdist_status generator::generate_binomial(unsigned int* out, std::size_t n, unsigned int trials, double p)
{
    if(!distributions::valid_probability(p))
        return ROCDIST_STATUS_INVALID_VALUE;
    return generate_with(blocks::count_functor<blocks::one_binomial>{engine::philox_key_from_seed(seed_),
                                                                      {distributions::make_binomial_params(trials, p)}},
                         out, n);
}

rocdist_status generator::generate_binomial_parameters(unsigned int* out, std::size_t n, const unsigned int* trials,
                                                       const double* p)
{
    if(n == 0)
        return ROCDIST_STATUS_SUCCESS;
    if(!aligned(trials) || !aligned(p))
        return ROCDIST_STATUS_INVALID_POINTER;
    const blocks::count_functor<blocks::binomial_arrays> f{engine::philox_key_from_seed(seed_),
                                                           {trials, p, offset_, n}};
    return generate_with(f, out, n, [&](auto& on) {
        const rocdist_status status = on.check_readable(trials);
        return status != ROCDIST_STATUS_SUCCESS ? status : on.check_values(p, n, distributions::probability_rule{});
    });
}

template <class T>
rocdist_status generator::generate_exponential(T* out, std::size_t n, T rate)
{
    if(!distributions::valid_rate(rate))
        return ROCDIST_STATUS_INVALID_VALUE;
    return generate_with(blocks::exponential_functor<T>{engine::philox_key_from_seed(seed_), rate},
                         out, n);
}

template rocdist_status generator::generate_exponential<float>(float*, std::size_t, float);
template rocdist_status generator::generate_exponential<double>(double*, std::size_t, double);

template <class Format>
rocdist_status generator::generate_uniform_16(std::uint16_t* out, std::size_t n)
{
    return generate_with(backend::narrowed<Format>(blocks::uniform_float_functor{engine::philox_key_from_seed(seed_)}),
                         out, n);
}

template <class Format>
rocdist_status generator::generate_normal_16(std::uint16_t* out, std::size_t n, float mean, float stddev,
                                             bool log_normal)
{
    return with_normal_source(mean, stddev, log_normal,
                              [&](const auto& source) { return generate_with(backend::narrowed<Format>(source), out, n); });
}

template rocdist_status generator::generate_uniform_16<backend::to_positive_half>(std::uint16_t*, std::size_t);
template rocdist_status generator::generate_uniform_16<backend::to_bfloat16>(std::uint16_t*, std::size_t);
template rocdist_status generator::generate_normal_16<backend::to_half>(std::uint16_t*, std::size_t, float, float,
                                                                         bool);
template rocdist_status generator::generate_normal_16<backend::to_bfloat16>(std::uint16_t*, std::size_t, float,
                                                                             float, bool);

} // namespace rocdist
