// The check of a parameter array in device memory before a call writes
// anything: one pass that flags a value its rule refuses (a gamma shape per
// element or Dirichlet's alpha, a lambda per element, a probability per
// element), compiled by hipcc and nvcc from this one source.
#include "backend/gpu/device_guard.hpp"
#include "backend/gpu/generator_scratch.hpp"
#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/grid_stride.hpp"
#include "backend/gpu/launch_shape.hpp"
#include "backend/gpu/runtime.hpp"
#include "rocdist/device/distributions/binomial.hpp"
#include "rocdist/device/distributions/gamma.hpp"
#include "rocdist/device/distributions/poisson.hpp"

namespace rocdist::gpu
{
namespace
{

template <class Rule, class T>
ROCDIST_KERNEL void flag_invalid(Rule rule, const T* values, std::uint64_t n, unsigned* invalid)
{
    bool valid = true;
    ROCDIST_GRID_STRIDE(i, n)
    valid = valid && rule(values[i]);
    if(!valid)
        atomicOr(invalid, 1u);
}

} // namespace

template <class Rule, class T>
rocdist_status check_values(const device_info& device, void* stream, scratch_memory& scratch, const T* values,
                            std::uint64_t n)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    if(!reserve(scratch, device.ordinal, sizeof(unsigned)))
        return ROCDIST_STATUS_ALLOCATION_FAILED;
    constexpr auto kernel      = flag_invalid<Rule, T>;
    const auto     s           = static_cast<hipStream_t>(stream);
    auto*          invalid     = static_cast<unsigned*>(scratch.p);
    unsigned       any_invalid = 0;
    const bool     queued
        = hipMemsetAsync(invalid, 0, sizeof(unsigned), s) == hipSuccess
          && ROCDIST_LAUNCH(flag_invalid, grid_blocks<kernel>(device, n), threads_per_block, 0, s, Rule{}, values, n,
                            invalid)
                 == hipSuccess
          && hipMemcpyAsync(&any_invalid, invalid, sizeof(unsigned), hipMemcpyDeviceToHost, s) == hipSuccess;
    // Waited for on every path: the scratch must be idle when the call returns.
    const bool waited = hipStreamSynchronize(s) == hipSuccess;
    trim(scratch, device.ordinal);
    if(!queued || !waited)
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    return any_invalid != 0 ? ROCDIST_STATUS_INVALID_VALUE : ROCDIST_STATUS_SUCCESS;
}

#define ROCDIST_INSTANTIATE_CHECK(Rule, T)                                                         \
    template ROCDIST_KERNEL_SOURCE_API rocdist_status check_values<Rule, T>(                       \
        const device_info&, void*, scratch_memory&, const T*, std::uint64_t);

ROCDIST_INSTANTIATE_CHECK(distributions::shape_rule, float)
ROCDIST_INSTANTIATE_CHECK(distributions::shape_rule, double)
ROCDIST_INSTANTIATE_CHECK(distributions::lambda_rule, double)
ROCDIST_INSTANTIATE_CHECK(distributions::probability_rule, double)

} // namespace rocdist::gpu
