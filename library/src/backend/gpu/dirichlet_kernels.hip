// The Dirichlet rows (backend/dirichlet_rows.hpp), compiled by hipcc and
// nvcc from this one source: a thread per row, or a block per row for rows
// of wide_row components or more, so that a few wide rows still fill the GPU.
#include "backend/dirichlet_rows.hpp"
#include "backend/gpu/block_collectives.hpp"
#include "backend/gpu/device_guard.hpp"
#include "backend/gpu/generator_scratch.hpp"
#include "backend/gpu/gpu_backend.hpp"
#include "backend/gpu/grid_stride.hpp"
#include "backend/gpu/launch_shape.hpp"
#include "backend/gpu/launch_status.hpp"
#include "backend/gpu/runtime.hpp"
#include "rocdist/device/distributions/gamma.hpp"

namespace rocdist::gpu
{
namespace
{

// Two resident blocks asked for: left to itself, ptxas holds the float
// kernel to 64 registers and spills; at this bound it takes 92 and none.
template <class T>
ROCDIST_KERNEL_RESIDENT(2) void dirichlet_rows(engine::philox_key key, const T* alpha, std::uint64_t k,
                                               std::uint64_t rows, std::uint64_t first_row, T* out)
{
    ROCDIST_GRID_STRIDE(r, rows)
    backend::dirichlet_row(key, alpha, k, first_row + r, out + r * k);
}

// A block of 256 threads takes the row from 1024 components (a gamma
// packet of 4 per thread) on.
constexpr std::uint64_t wide_row = 1024;

struct merge_sums
{
    __device__ distributions::scaled_log_sum operator()(distributions::scaled_log_sum a,
                                                         const distributions::scaled_log_sum& b) const
    {
        a.merge(b);
        return a;
    }
};

// Thread t of a block takes the row's engine blocks t, t + 256, ... in both
// passes; the partial sums merge in a fixed order (block_reduce), so a
// row's values depend on nothing but the row.
template <class T>
ROCDIST_KERNEL void dirichlet_wide_rows(engine::philox_key key, const T* alpha, std::uint64_t k, std::uint64_t rows,
                                        std::uint64_t first_row, T* out)
{
    ROCDIST_BLOCK_STRIDE(r, rows)
    {
        const std::uint64_t           row = first_row + r;
        distributions::scaled_log_sum sum = distributions::scaled_log_sum::empty();
        backend::for_each_row_log(
            key, alpha, k, row, [&](std::uint64_t, double l) { sum.add(l); }, threadIdx.x, blockDim.x);
        sum  = block_reduce(sum, merge_sums{});
        T* o = out + r * k;
        backend::for_each_row_log(
            key, alpha, k, row, [&](std::uint64_t j, double l) { o[j] = sum.share<T>(l); }, threadIdx.x,
            blockDim.x);
    }
}

} // namespace

template <class T>
rocdist_status generate_dirichlet(const device_info& device, void* stream, const T* alpha, std::uint64_t k,
                                  std::uint64_t rows, T* out, engine::philox_key key, std::uint64_t first_row)
{
    device_guard guard(device.ordinal);
    if(!guard.ok())
        return ROCDIST_STATUS_LAUNCH_FAILURE;
    if(k >= wide_row)
        return launch_status(ROCDIST_LAUNCH(dirichlet_wide_rows<T>,
                                            grid_blocks<dirichlet_wide_rows<T>>(device, rows * threads_per_block),
                                            threads_per_block, 0, static_cast<hipStream_t>(stream), key, alpha, k,
                                            rows, first_row, out));
    return launch_status(ROCDIST_LAUNCH(dirichlet_rows<T>, grid_blocks<dirichlet_rows<T>>(device, rows),
                                        threads_per_block, 0, static_cast<hipStream_t>(stream), key, alpha, k, rows,
                                        first_row, out));
}

#define ROCDIST_INSTANTIATE_DIRICHLET(T)                                                    \
    template ROCDIST_KERNEL_SOURCE_API rocdist_status generate_dirichlet<T>(                       \
        const device_info&, void*, const T*, std::uint64_t, std::uint64_t, T*, engine::philox_key, std::uint64_t);

ROCDIST_INSTANTIATE_DIRICHLET(float)
ROCDIST_INSTANTIATE_DIRICHLET(double)

} // namespace rocdist::gpu
