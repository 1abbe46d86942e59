// A Dirichlet-multinomial sampler in a user kernel, with rocdist's device
// API (rocdist/rocdist_kernel.h). Each thread takes one row: proportions
// p ~ Dirichlet(c alpha) from k gamma variates, then `trials` categorical
// draws from p. The gamma variates are warp-cooperative: every lane of a
// warp draws category j's variate together, each with its own row's shape
// c alpha_j, and lanes done early make attempts for the others. Each row's
// elements come from rocdist::device::philox_state positions, so the counts
// are the same on every GPU and grid. The host checks each category's mean
// count against trials alpha_j / sum(alpha). Compiled as HIP (AMD, and the
// emulated platform in rocdist's own CI) or as CUDA; without a GPU it says
// so and exits with 77 (CTest's "skipped").
#include <cmath>
#include <cstdio>
#include <vector>

#if defined(__CUDACC__) && !defined(__HIP__)
#include <cuda_runtime.h>
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipGetDeviceCount cudaGetDeviceCount
#define hipGetLastError cudaGetLastError
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipSuccess cudaSuccess
#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...)                               \
    kernel<<<grid, block, shared, stream>>>(__VA_ARGS__)
#else
#include <hip/hip_runtime.h>
#endif

#include <rocdist/rocdist_kernel.h>

namespace
{

constexpr unsigned k      = 4;
constexpr unsigned trials = 64;
constexpr unsigned rows   = 8192;

// The Dirichlet's parameters, passed to the kernel by value.
struct parameters
{
    float alpha[k];
};

__global__ void dirichlet_multinomial(unsigned long long seed, parameters p, unsigned* counts)
{
    const unsigned row = blockIdx.x * blockDim.x + threadIdx.x;
    if(row >= rows)
        return;
    // Row r's gamma variates are elements k r .. k r + k - 1 of the gamma
    // stream of `seed`; its uniforms, elements trials r ... of another seed's.
    rocdist::device::philox_state gammas(seed, static_cast<unsigned long long>(row) * k);
    rocdist::device::philox_state uniforms(seed + 1, static_cast<unsigned long long>(row) * trials);
    const float                   concentration = 1.0f + static_cast<float>(row % 3);
    float                         g[k], sum = 0;
    for(unsigned j = 0; j < k; ++j)
    {
        g[j] = rocdist::device::gamma_warp(gammas, concentration * p.alpha[j], 1.0f);
        sum += g[j];
    }
    unsigned c[k] = {};
    for(unsigned t = 0; t < trials; ++t)
    {
        const float u = rocdist::device::uniform(uniforms) * sum;
        unsigned    j = 0;
        for(float below = g[0]; u > below && j + 1 < k;)
            below += g[++j];
        ++c[j];
    }
    for(unsigned j = 0; j < k; ++j)
        counts[row * k + j] = c[j];
}

} // namespace

int main()
{
    int devices = 0;
    if(hipGetDeviceCount(&devices) != hipSuccess || devices == 0)
    {
        std::printf("no GPU\n");
        return 77;
    }
    unsigned* device_counts = nullptr;
    if(hipMalloc(reinterpret_cast<void**>(&device_counts), sizeof(unsigned) * rows * k) != hipSuccess)
        return 1;
    constexpr unsigned threads = 256;
    const parameters   p{{0.5f, 1.0f, 2.0f, 4.5f}};
    hipLaunchKernelGGL(dirichlet_multinomial, dim3((rows + threads - 1) / threads), dim3(threads), 0, nullptr,
                       2026ull, p, device_counts);
    std::vector<unsigned> counts(rows * k);
    const bool ran = hipGetLastError() == hipSuccess && hipDeviceSynchronize() == hipSuccess
                     && hipMemcpy(counts.data(), device_counts, sizeof(unsigned) * rows * k, hipMemcpyDeviceToHost)
                            == hipSuccess;
    (void)hipFree(device_counts);
    if(!ran)
    {
        std::fprintf(stderr, "the kernel failed\n");
        return 1;
    }

    // E[count_j] = trials alpha_j / sum(alpha) for every concentration; the
    // means over rows must lie within 5 standard errors of it.
    float total = 0;
    for(float a : p.alpha)
        total += a;
    bool fits = true;
    std::printf("category  alpha  mean count  expected  z\n");
    for(unsigned j = 0; j < k; ++j)
    {
        double s = 0, s2 = 0;
        for(unsigned r = 0; r < rows; ++r)
        {
            s += counts[r * k + j];
            s2 += double(counts[r * k + j]) * counts[r * k + j];
        }
        const double mean = s / rows, sd = std::sqrt(s2 / rows - mean * mean);
        const double expected = trials * p.alpha[j] / total;
        const double z        = (mean - expected) / (sd / std::sqrt(double(rows)));
        std::printf("%8u  %5.2f  %10.3f  %8.3f  %+.2f\n", j, p.alpha[j], mean, expected, z);
        fits = fits && std::fabs(z) < 5;
    }
    return fits ? 0 : 1;
}
